// One order, start to finish (DESIGN.md): load the game, validate, append ORDERS, resolve when the
// step is complete (RESOLUTION), record who is next and the outbox — one atomic write.
import type { GameEvent, OrderError, Outcome, Pending } from '../engine/ruleset.js'
import type { Db } from '../store/db.js'
import { findIdempotency, gameMetaRow, type GameMeta, type OutboxRow } from '../store/games.js'
import { conflict, forbidden, invalidOrders, notFound, Problem } from '../http/problems.js'
import type { Folded } from './fold.js'
import { loadFolded, rulesetOf } from './load.js'
import { commitPlan, ordersAndResolution, planAppend } from './write.js'

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
  /** A message written with the accepted orders, atomically (the answer to orders sent by email). */
  answer?: (accepted: { orders: unknown[]; text: string; result: SubmitResult; ignored: IgnoredLine[] }) => OutboxRow
  /** An emailed reply: unreadable lines before the first order and after the last are left out (readSubmission). */
  aroundOrders?: boolean
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

/** A line of an emailed reply that was not read as an order (a greeting, a sign-off), and was left out. */
export interface IgnoredLine {
  line: number
  text: string
}

/** The orders of a submission, each with its text line (when it came as text), and what could not be read. */
export interface ReadSubmission {
  orders: unknown[]
  /** `lines[i]` is the 1-based line of `orders[i]`; null for JSON orders. */
  lines: number[] | null
  errors: OrderError[]
  ignored: IgnoredLine[]
}

/**
 * Reads the orders. With `aroundOrders` (a reply by email), lines that cannot be read before the first
 * order and after the last ("Hi,", "Thanks,", "お世話になっております。") are left out and listed;
 * such a line between two orders is still an error, as it may be a mistyped order.
 */
export function readSubmission(ruleset: ReturnType<typeof rulesetOf>, state: unknown, seat: string, input: SubmitInput): ReadSubmission {
  if (input.text === undefined) return { orders: input.orders ?? [], lines: null, errors: [], ignored: [] }
  const parsed = ruleset.parseOrders(input.text, state, seat)
  const orders = parsed.orders ?? []
  const lines = parsed.lines ?? []
  let errors = parsed.ok ? [] : parsed.errors
  const ignored: IgnoredLine[] = []
  if (input.aroundOrders && parsed.lines) {
    const read = [...lines, ...(parsed.passes ?? [])]
    const first = Math.min(...read)
    const last = Math.max(...read)
    const text = input.text.split(/\r?\n/)
    const outside = (e: OrderError) => e.line !== undefined && (read.length === 0 || e.line < first || e.line > last)
    for (const e of errors.filter(outside)) ignored.push({ line: e.line!, text: (text[e.line! - 1] ?? '').trim() })
    errors = errors.filter((e) => !outside(e))
  }
  // An empty reply is more likely a mistake than a decision: passing is written "pass".
  const passed = parsed.passes ? parsed.passes.length > 0 : /^\s*pass\s*(#.*)?$/im.test(input.text)
  if (orders.length === 0 && errors.length === 0 && !passed) {
    const skipped = ignored.length ? ` (${ignored.length === 1 ? 'one line was' : `${ignored.length} lines were`} not orders: ${ignored.map((l) => `line ${l.line}`).join(', ')})` : ''
    errors.push({ rule: 'NOTATION', message: `no orders found${skipped}: write one order per line, or "pass" to pass this step` })
  }
  return { orders, lines: parsed.lines ? lines : null, errors, ignored }
}

/**
 * Every error of a submission at once: the lines that could not be read, and the rule errors of the
 * orders that could, each with its line when the orders came as text, in the order of the text.
 */
export function submissionErrors(ruleset: ReturnType<typeof rulesetOf>, folded: Folded, seat: string, read: ReadSubmission): OrderError[] {
  const ruleErrors = ruleset.validate(folded.state, seat, read.orders, folded.submitted).map((e) => {
    const line = e.order !== undefined ? read.lines?.[e.order] : undefined
    return line === undefined || e.line !== undefined ? e : { ...e, line }
  })
  const place = (e: OrderError) => e.line ?? (e.order !== undefined ? e.order + 1 : Infinity)
  return [...read.errors, ...ruleErrors].sort((a, b) => place(a) - place(b))
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
    if (!game) throw notFound(`no game ${input.gameId}`)
    if (input.idempotency) {
      const replay = await storedResponse(db, input.userId, input.idempotency)
      if (replay) return { ...replay, replayed: true }
    }
    if (input.expectedSeq !== undefined && input.expectedSeq !== game.logSeq) {
      throw conflict(`the game has moved on: you expected position ${input.expectedSeq}, it is at ${game.logSeq}`, { currentSeq: game.logSeq })
    }
    if (game.status !== 'ACTIVE') throw conflict(game.status === 'OPEN' ? 'the game has not started: every seat must be taken first' : 'the game is over', { currentSeq: game.logSeq })
    const pendingKey = JSON.stringify(game.pending)
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
  const read = readSubmission(ruleset, folded.state, seat, input)
  const { orders } = read
  if (folded.submitted[seat]) throw conflict(`seat ${seat} has already submitted its orders for this step`, { currentSeq: game.logSeq })
  const errors = submissionErrors(ruleset, folded, seat, read)
  if (errors.length) throw invalidOrders(errors, read.ignored)
  if (!pendingSeats.includes(seat)) throw new Problem(422, 'Orders refused', `seat ${seat} has nothing to decide in this step`, { errors: [{ rule: 'A-3-3', message: 'not your step' }] })
  const { entries, after, events, complete } = ordersAndResolution(game, folded, [], [{ seat, orders, userId: input.userId }])
  const plan = planAppend(game, folded, entries, { after, snapshotEvery: input.snapshotEvery })
  const response: SubmitResult = { seat, accepted: true, seq: after.seq, resolved: complete, pending: plan.pending, outcome: plan.outcome, events }
  if (input.answer) {
    const rows = [plan.write.outbox ?? []].flat()
    rows.push(input.answer({ orders, text: ruleset.formatOrders(orders, folded.state), result: response, ignored: read.ignored }))
    plan.write.outbox = rows
  }
  return { plan, response }
}

async function storedResponse(db: Db, userId: string, idem: { key: string; requestHash: string }): Promise<SubmitResult | null> {
  const record = await findIdempotency(db, userId, idem.key)
  if (!record) return null
  if (record.requestHash !== idem.requestHash) {
    throw new Problem(422, 'Idempotency-Key reused', `Idempotency-Key "${idem.key}" was used for a different request; use a new key for new orders`, { field: 'Idempotency-Key' })
  }
  return record.response as unknown as SubmitResult
}
