// One order, start to finish (DESIGN.md): lock the game, load its state, validate, append ORDERS,
// resolve when the step is complete (RESOLUTION), record who is next and the outbox, commit.
import { createDice } from '../engine/dice.js'
import type { GameEvent, OrderError, Outcome, Pending } from '../engine/ruleset.js'
import type { Db } from '../store/db.js'
import { addIdempotency, findIdempotency, seatRows } from '../store/games.js'
import { conflict, forbidden, invalidOrders, Problem } from '../http/problems.js'
import type { NewEntry } from '../store/log.js'
import { afterCommit, appendAndRecord, lockGame, TX_OPTIONS, type Tx } from './lifecycle.js'
import type { Folded } from './fold.js'
import { loadFolded, rulesetOf } from './load.js'

export interface SubmitInput {
  gameId: string
  userId: string
  /** Orders as JSON, or the rule system's text notation. */
  orders?: unknown[]
  text?: string
  /** The seat to act for when the user holds several (rare); default: their seat that must act. */
  seat?: string
  /** The log position the client last saw (If-Match); a mismatch is a 409 with the current one. */
  expectedSeq?: number
  snapshotEvery?: number
  /** Idempotency-Key and a hash of the request: a retry returns the first response, appends nothing. */
  idempotency?: { key: string; requestHash: string }
}

export interface SubmitResult {
  seat: string
  accepted: true
  seq: number
  resolved: boolean
  pending: Pending[]
  outcome: Outcome | null
  events: GameEvent[]
  /** True when this is the stored response of an earlier request with the same Idempotency-Key. */
  replayed?: boolean
}

export async function seatToAct(tx: Tx, gameId: string, userId: string, wanted: string | undefined, acting: string[]): Promise<string> {
  const mine = (await seatRows(tx, gameId)).filter((s) => s.userId === userId).map((s) => s.seat)
  if (mine.length === 0) throw forbidden('you hold no seat in this game')
  if (wanted) {
    if (!mine.includes(wanted)) throw forbidden(`seat ${wanted} is not yours`)
    return wanted
  }
  return mine.find((s) => acting.includes(s)) ?? mine[0]!
}

export function parseSubmission(ruleset: ReturnType<typeof rulesetOf>, state: unknown, seat: string, input: SubmitInput): unknown[] {
  if (input.text !== undefined) {
    const parsed = ruleset.parseOrders(input.text, state, seat)
    if (!parsed.ok) throw invalidOrders(parsed.errors)
    return parsed.orders
  }
  return input.orders ?? []
}

export async function submitOrders(db: Db, input: SubmitInput): Promise<SubmitResult> {
  const result = await db.$transaction(async (tx) => {
    const game = await lockGame(tx, input.gameId)
    const replay = input.idempotency ? await storedResponse(tx, input.userId, input.idempotency) : null
    if (replay) return { ...replay, replayed: true, folded: null }
    if (input.expectedSeq !== undefined && input.expectedSeq !== game.logSeq) {
      throw conflict(`the game has moved on: you expected position ${input.expectedSeq}, it is at ${game.logSeq}`, { currentSeq: game.logSeq })
    }
    if (game.status !== 'ACTIVE') throw conflict(game.status === 'OPEN' ? 'the game has not started: every seat must be taken first' : 'the game is over', { currentSeq: game.logSeq })
    const ruleset = rulesetOf(game)
    const folded = (await loadFolded(tx, game))!
    const pendingSeats = ruleset.pending(folded.state).flatMap((p) => p.seats)
    const seat = await seatToAct(tx, game.id, input.userId, input.seat, pendingSeats)
    const orders = parseSubmission(ruleset, folded.state, seat, input)
    if (folded.submitted[seat]) throw conflict(`seat ${seat} has already submitted its orders for this step`, { currentSeq: game.logSeq })
    const errors: OrderError[] = ruleset.validate(folded.state, seat, orders, folded.submitted)
    if (errors.length) throw invalidOrders(errors)
    if (!pendingSeats.includes(seat)) throw new Problem(422, 'Orders refused', `seat ${seat} has nothing to decide in this step`, { errors: [{ rule: 'A-3-3', message: 'not your step' }] })
    const step = ruleset.pending(folded.state)[0]
    const entries: NewEntry[] = [{ kind: 'ORDERS', seat, userId: input.userId, payload: { orders, step: step?.step ?? '', turn: (folded.state as { turn?: number }).turn ?? 0 } }]
    const submissions = { ...folded.submitted, [seat]: orders }
    const complete = pendingSeats.every((s) => submissions[s] !== undefined)
    let events: GameEvent[] = []
    let after: Folded = { ...folded, seq: game.logSeq + 1, submitted: submissions }
    if (complete) {
      // The resolution's dice are drawn at its own log position: ORDERS is next, RESOLUTION after it.
      const resolution = ruleset.resolve(folded.state, submissions, createDice(game.seed, game.logSeq + 2))
      events = resolution.events
      entries.push({ kind: 'RESOLUTION', seat: null, userId: null, payload: { submissions, events: resolution.events, rolls: resolution.rolls } })
      after = { seq: game.logSeq + 2, state: resolution.state, submitted: {}, verdict: folded.verdict }
    }
    const r = await appendAndRecord(tx, game, folded, entries, new Date(), input.snapshotEvery, after)
    const response: SubmitResult = { seat, accepted: true, seq: r.written[r.written.length - 1]!.seq, resolved: complete, pending: r.pending, outcome: r.outcome, events }
    if (input.idempotency) await addIdempotency(tx, input.userId, input.idempotency.key, input.idempotency.requestHash, 200, response)
    return { ...response, folded: r.folded as Folded | null }
  }, TX_OPTIONS)
  if (result.folded) afterCommit(input.gameId, result.folded)
  const { folded: _folded, ...rest } = result
  return rest
}

async function storedResponse(tx: Tx, userId: string, idem: { key: string; requestHash: string }): Promise<SubmitResult | null> {
  const record = await findIdempotency(tx, userId, idem.key)
  if (!record) return null
  if (record.requestHash !== idem.requestHash) {
    throw new Problem(422, 'Idempotency-Key reused', `Idempotency-Key "${idem.key}" was used for a different request; use a new key for new orders`, { field: 'Idempotency-Key' })
  }
  return record.response as unknown as SubmitResult
}
