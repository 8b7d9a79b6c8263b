// One order, start to finish (DESIGN.md): load the game, validate, append ORDERS, resolve when the
// step is complete (RESOLUTION), record who is next and the outbox — one atomic write.
import type { GameEvent, OrderError, Outcome, Pending } from '../engine/ruleset.js'
import type { Db } from '../store/db.js'
import { findIdempotency, gameMetaRow, type GameMeta, type OutboxRow } from '../store/games.js'
import { conflict, forbidden, invalidOrders, Problem } from '../http/problems.js'
import { receiptOf } from '../store/log.js'
import { hiddenFrom, noSuchGame } from './access.js'
import { checkSubmissionSize, readOrders } from './order-check.js'
import type { Folded } from './fold.js'
import { loadFolded, rulesetOf } from './load.js'
import { commitPlan, ordersAndResolution, planAppend } from './write.js'

export interface SubmitInput {
  gameId: string
  userId: string
  /** The caller's role: staff may know a private game they hold no seat in. */
  role?: string | null
  /** Orders as JSON, or the rule system's text notation. */
  orders?: unknown[]
  text?: string
  /** An explicit pass for JSON orders that decide nothing in the step (standing orders only). */
  pass?: boolean
  /** The seat to act for when the user holds several (rare); default: their seat that must act. */
  seat?: string
  /** The log position the client last saw (If-Match); a mismatch is a 409 with the current one. */
  expectedSeq?: number
  snapshotEvery?: number
  /** Idempotency-Key and a hash of the request: a retry returns the first response, appends nothing. */
  idempotency?: { key: string; requestHash: string }
  /** A message written with the accepted orders, atomically (the answer to orders sent by email). */
  answer?: (accepted: { orders: unknown[]; text: string; result: SubmitResult }) => OutboxRow
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
  /** `position:hash` of the log after these orders (docs/verification.md). */
  receipt: string
}

/** The seat the user acts for: the one named, else their seat that must act now. */
export function pickSeat(seats: Array<{ seat: string; userId: string | null }>, userId: string, wanted: string | undefined, acting: string[]): string {
  const mine = seats.filter((s) => s.userId === userId).map((s) => s.seat)
  if (mine.length === 0) throw forbidden('you hold no seat in this game')
  if (wanted) {
    if (!mine.includes(wanted)) throw forbidden(`seat ${wanted} is not yours`)
    return wanted
  }
  return mine.find((s) => acting.includes(s)) ?? mine[0]!
}

const PASS_LINE = /^\s*pass\s*(#.*)?$/im

/** The submission as orders the rule system built: checked against its schema, never the request's own objects. */
export function parseSubmission(ruleset: ReturnType<typeof rulesetOf>, state: unknown, seat: string, input: SubmitInput): unknown[] {
  const orders = ordersOf(ruleset, state, seat, input)
  const saysPass = input.pass === true || (input.text !== undefined && PASS_LINE.test(input.text))
  // Standing orders alone are like an empty reply: they decide nothing in this step, and a step is
  // never passed by accident. (A seat with nothing it could order is never asked: its step passes.)
  if (!saysPass && ruleset.onlyStanding?.(orders)) {
    const how = input.text !== undefined ? 'write "pass" on a line of its own' : 'send "pass": true with them'
    throw invalidOrders([{ rule: 'PASS', message: `only standing orders: they are kept for later phases and decide nothing in this step. Add your orders for the step, or, to set them and pass, ${how}` }])
  }
  return orders
}

function ordersOf(ruleset: ReturnType<typeof rulesetOf>, state: unknown, seat: string, input: SubmitInput): unknown[] {
  if (input.text !== undefined) {
    checkSubmissionSize('text', Buffer.byteLength(input.text))
    const parsed = ruleset.parseOrders(input.text, state, seat)
    if (!parsed.ok) throw invalidOrders(parsed.errors)
    // An empty reply is more likely a mistake than a decision: passing is written "pass".
    if (parsed.orders.length === 0 && !PASS_LINE.test(input.text)) {
      throw invalidOrders([{ rule: 'NOTATION', message: 'no orders found: write one order per line, or "pass" to pass this step' }])
    }
    return checked(ruleset, parsed.orders)
  }
  const orders = input.orders ?? []
  checkSubmissionSize('orders', Buffer.byteLength(JSON.stringify(orders)))
  return checked(ruleset, orders)
}

function checked(ruleset: ReturnType<typeof rulesetOf>, orders: unknown[]): unknown[] {
  const read = readOrders(ruleset, orders)
  if (!read.ok) throw invalidOrders(read.errors)
  return read.orders
}

const ATTEMPTS = 3

/**
 * Optimistic concurrency: read the game, decide in memory (validate, resolve), then write everything
 * in one statement that succeeds only if the game is still where it was read. A lost race changes
 * nothing; it is retried only while the step is the same (a teammate's orders came first), so a
 * submission is never applied to a later step.
 */
export async function submitOrders(db: Db, input: SubmitInput): Promise<SubmitResult> {
  let firstPending: string | null = null
  for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
    const game = await gameMetaRow(db, input.gameId)
    if (!game || hiddenFrom(game, { userId: input.userId, role: input.role ?? null })) throw noSuchGame(input.gameId)
    if (input.idempotency) {
      const replay = await storedResponse(db, input.gameId, input.userId, input.idempotency)
      if (replay) return { ...replay, replayed: true }
    }
    if (input.expectedSeq !== undefined && input.expectedSeq !== game.logSeq) {
      throw conflict(`the game has moved on: you expected position ${input.expectedSeq}, it is at ${game.logSeq}`, { currentSeq: game.logSeq })
    }
    if (game.status !== 'ACTIVE') throw conflict(game.status === 'OPEN' ? 'the game has not started: every seat must be taken first' : 'the game is over', { currentSeq: game.logSeq })
    // The step, not who of it has submitted: a teammate's orders landing first is not a new step.
    const pendingKey = JSON.stringify(((game.pending ?? []) as Pending[]).map((p) => [p.side, p.step, [...p.seats, ...(p.submitted ?? [])].sort()]))
    if (firstPending !== null && pendingKey !== firstPending) throw conflict('the game moved on while your orders were checked: look at it again', { currentSeq: game.logSeq })
    firstPending = pendingKey
    const decided = decide(game, (await loadFolded(db, game))!, input)
    if (input.idempotency) decided.plan.write.idempotency = { userId: input.userId, ...input.idempotency, status: 200, response: decided.response }
    if (await commitPlan(db, decided.plan)) return decided.response
    if (input.expectedSeq !== undefined) {
      const now = await gameMetaRow(db, input.gameId)
      throw conflict(`the game has moved on: you expected position ${input.expectedSeq}, it is at ${now?.logSeq}`, { currentSeq: now?.logSeq })
    }
  }
  throw conflict('the game is busy with other submissions: try again')
}

/** Everything an accepted submission writes, decided in memory from the game as read. */
function decide(game: GameMeta, folded: Folded, input: SubmitInput) {
  const ruleset = rulesetOf(game)
  const pendingNow = ruleset.pending(folded.state)
  const pendingSeats = pendingNow.flatMap((p) => p.seats)
  const seat = pickSeat(game.seats, input.userId, input.seat, pendingSeats)
  const orders = parseSubmission(ruleset, folded.state, seat, input)
  if (folded.submitted[seat]) throw conflict(`seat ${seat} has already submitted its orders for this step`, { currentSeq: game.logSeq })
  const errors: OrderError[] = ruleset.validate(folded.state, seat, orders, folded.submitted)
  if (errors.length) throw invalidOrders(errors)
  if (!pendingSeats.includes(seat)) throw new Problem(422, 'Orders refused', `seat ${seat} has nothing to decide in this step`, { errors: [{ rule: 'A-3-3', message: 'not your step' }] })
  const { entries, after, events, complete } = ordersAndResolution(game, folded, [], [{ seat, orders, userId: input.userId }])
  const plan = planAppend(game, folded, entries, { after, snapshotEvery: input.snapshotEvery })
  const head = plan.written[plan.written.length - 1]!
  const response: SubmitResult = { seat, accepted: true, seq: after.seq, resolved: complete, pending: plan.pending, outcome: plan.outcome, events, receipt: receiptOf(head.seq, head.hash) }
  if (input.answer) {
    const rows = [plan.write.outbox ?? []].flat()
    rows.push(input.answer({ orders, text: ruleset.formatOrders(orders, folded.state), result: response }))
    plan.write.outbox = rows
  }
  return { plan, response }
}

async function storedResponse(db: Db, gameId: string, userId: string, idem: { key: string; requestHash: string }): Promise<SubmitResult | null> {
  const record = await findIdempotency(db, gameId, userId, idem.key)
  if (!record) return null
  if (record.requestHash !== idem.requestHash) {
    throw new Problem(422, 'Idempotency-Key reused', `Idempotency-Key "${idem.key}" was used for a different request; use a new key for new orders`, { field: 'Idempotency-Key' })
  }
  return record.response as unknown as SubmitResult
}
