// One order, start to finish (DESIGN.md): load the game, validate, append ORDERS, resolve when the
// step is complete (RESOLUTION), record who is next and the outbox — one atomic write.
import type { GameEvent, OrderError, Outcome, Pending } from '../engine/ruleset.js'
import type { Db } from '../store/db.js'
import { gameMetaRow, gameMetaWithIdempotency, type GameMeta, type OutboxRow } from '../store/games.js'
import { orderStageSeconds, ordersTotal } from '../metrics/index.js'
import { Conflict, Forbidden, IdempotencyKeyReused, OrdersRefused } from './errors.js'
import { receiptOf } from '../store/log.js'
import { hiddenFrom, noSuchGame } from './access.js'
import { checkSubmissionSize, readOrders } from './order-check.js'
import { refuse } from './order-messages.js'
import type { Folded } from './fold.js'
import { loadFolded, rulesetOf } from './load.js'
import { LRUCache } from 'lru-cache'
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
  /** `position:hash` of the log after these orders (docs/verification.md). */
  receipt: string
}

/** The seat the user acts for: the one named, else their seat that must act now. */
export function pickSeat(
  seats: Array<{ seat: string; userId: string | null }>,
  userId: string,
  wanted: string | undefined,
  acting: string[],
): string {
  const mine = seats.filter((s) => s.userId === userId).map((s) => s.seat)
  if (mine.length === 0) throw new Forbidden('you hold no seat in this game')
  if (wanted) {
    if (!mine.includes(wanted)) throw new Forbidden(`seat ${wanted} is not yours`)
    return wanted
  }
  return mine.find((s) => acting.includes(s)) ?? mine[0]!
}

const PASS_LINE = /^\s*pass\s*(#.*)?$/im

/** A line of an emailed reply that was not read as an order (a greeting, a sign-off), and was left out. */
export interface IgnoredLine {
  line: number
  text: string
}

/** The orders of a submission, as the rule system built them, with where each came from, and what could not be read. */
export interface ReadSubmission {
  orders: unknown[]
  /** `lines[i]` is the 1-based line of `orders[i]`; null for JSON orders. */
  lines: number[] | null
  /** For JSON orders some of which were malformed: `positions[i]` is the place in the submission of `orders[i]`. */
  positions: number[] | null
  errors: OrderError[]
  ignored: IgnoredLine[]
}

/**
 * Reads the orders: text through the rule system's notation, JSON as given; either way checked
 * against the rule system's order schema and rebuilt by it (never the request's own objects), at most
 * SUBMISSION_MAX_BYTES. With `aroundOrders` (a reply by email), lines that cannot be read before the
 * first order and after the last ("Hi,", "Thanks,", "お世話になっております。") are left out and listed;
 * such a line between two orders is still an error, as it may be a mistyped order.
 */
export function readSubmission(
  ruleset: ReturnType<typeof rulesetOf>,
  state: unknown,
  seat: string,
  input: SubmitInput,
): ReadSubmission {
  if (input.text === undefined) {
    const raw = input.orders ?? []
    checkSubmissionSize('orders', Buffer.byteLength(JSON.stringify(raw)))
    const read = readOrders(ruleset, raw)
    if (read.ok)
      return withPassCheck(
        ruleset,
        { orders: read.orders, lines: null, positions: null, errors: [], ignored: [] },
        input.pass === true,
      )
    // The well-formed orders are still checked against the rules, so every error shows at once.
    const bad = new Set(read.errors.map((e) => e.order))
    const positions = Array.isArray(raw) && !bad.has(undefined) ? raw.map((_, i) => i).filter((i) => !bad.has(i)) : []
    return {
      orders: positions.map((i) => ruleset.normaliseOrder(raw[i] as never)),
      lines: null,
      positions,
      errors: read.errors,
      ignored: [],
    }
  }
  checkSubmissionSize('text', Buffer.byteLength(input.text))
  const parsed = ruleset.parseOrders(input.text, state, seat)
  let orders = parsed.orders ?? []
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
  const checked = readOrders(ruleset, orders)
  if (checked.ok) orders = checked.orders
  else
    errors = [
      ...errors,
      ...checked.errors.map((e) => (e.order !== undefined && parsed.lines ? { ...e, line: lines[e.order] } : e)),
    ]
  // An empty reply is more likely a mistake than a decision: passing is written "pass".
  const passed = parsed.passes ? parsed.passes.length > 0 : PASS_LINE.test(input.text)
  if (orders.length === 0 && errors.length === 0 && !passed) {
    const lines = ignored.map((l) => l.line).join(', line ')
    errors.push(
      ignored.length === 0
        ? refuse('NOTATION', 'server.noOrders')
        : ignored.length === 1
          ? refuse('NOTATION', 'server.noOrdersOneIgnored', { lines })
          : refuse('NOTATION', 'server.noOrdersIgnored', { n: ignored.length, lines }),
    )
  }
  return withPassCheck(
    ruleset,
    { orders, lines: parsed.lines ? lines : null, positions: null, errors, ignored },
    passed,
    true,
  )
}

/**
 * Standing orders alone are like an empty reply: they decide nothing in this step, and a step is
 * never passed by accident. (A seat with nothing it could order is never asked: its step passes.)
 */
function withPassCheck(
  ruleset: ReturnType<typeof rulesetOf>,
  read: ReadSubmission,
  saysPass: boolean,
  text = false,
): ReadSubmission {
  if (saysPass || read.errors.length || !ruleset.onlyStanding?.(read.orders)) return read
  return {
    ...read,
    errors: [...read.errors, refuse('PASS', text ? 'server.onlyStandingText' : 'server.onlyStandingJson')],
  }
}

/**
 * Every error of a submission at once: the lines that could not be read, and the rule errors of the
 * orders that could, each with its line when the orders came as text, in the order of the text.
 */
export function submissionErrors(
  ruleset: ReturnType<typeof rulesetOf>,
  folded: Folded,
  seat: string,
  read: ReadSubmission,
): OrderError[] {
  const ruleErrors = ruleset.validate(folded.state, seat, read.orders, folded.submitted).map((e) => {
    if (e.order === undefined) return e
    if (read.positions) return { ...e, order: read.positions[e.order] ?? e.order }
    const line = read.lines?.[e.order]
    return line === undefined || e.line !== undefined ? e : { ...e, line }
  })
  const place = (e: OrderError) => e.line ?? (e.order !== undefined ? e.order + 1 : Infinity)
  return [...read.errors, ...ruleErrors].sort((a, b) => place(a) - place(b))
}

const ATTEMPTS = 3

/**
 * Each game's row as this process last wrote it with an accepted order: the next order on the game may
 * start from it (submitOnce). Only the order path reads it, and only as a guess: the append checks the
 * position, the log's head, the rules version, the game's being active and unpaused and the seat's holder
 * in the same statement, so a row moved or edited since (by another process, a moderator, an operator)
 * costs one retry on the row read fresh, never a wrong answer. Reads (views, maps) keep meta-cache.ts.
 */
const keptRows = new LRUCache<string, GameMeta>({ max: 10_000, ttl: 60_000 })

/**
 * Games whose kept row turned out stale lately: others write them too (several API processes without game
 * affinity, docs/deployment.md). Their rows are not kept for a while, so their orders start from a fresh
 * read (one round trip) rather than from a guess that would be decided in full and then thrown away.
 */
const contested = new LRUCache<string, true>({ max: 10_000, ttl: 60_000 })

/**
 * Optimistic concurrency: read the game, decide in memory (validate, resolve), then write everything
 * in one statement that succeeds only if the game is still where it was read. A lost race changes
 * nothing; it is retried only while the step is the same (a teammate's orders came first), so a
 * submission is never applied to a later step.
 */
export async function submitOrders(db: Db, input: SubmitInput): Promise<SubmitResult> {
  try {
    const result = await submitOnce(db, input)
    if (!result.replayed) ordersTotal.inc({ outcome: 'accepted' })
    return result
  } catch (e) {
    if (e instanceof OrdersRefused) ordersTotal.inc({ outcome: 'refused' })
    else if (e instanceof Conflict) ordersTotal.inc({ outcome: 'conflict' })
    throw e
  }
}

/** Seconds since `t0` (performance.now()) into the stage's histogram; returns now. */
function stage(name: StageName, t0: number): number {
  const now = performance.now()
  stageTimers[name].observe((now - t0) / 1000)
  return now
}
type StageName = 'load' | 'read' | 'validate' | 'resolve' | 'chain' | 'write'
// Each stage's histogram child, bound once: a labelled observe looks its labels up on every call.
const stageTimers = Object.fromEntries(
  (['load', 'read', 'validate', 'resolve', 'chain', 'write'] as const).map((s) => [s, orderStageSeconds.labels(s)]),
) as Record<StageName, ReturnType<typeof orderStageSeconds.labels>>

async function submitOnce(db: Db, input: SubmitInput): Promise<SubmitResult> {
  // The fast path: the game's row as this process last wrote it (keptRows), without a round trip.
  // What it decides is written only if the game is still at that position (the append checks it), and
  // anything it refuses is decided again on the game read fresh: a stale copy can neither accept what it
  // should not nor refuse what it should accept. (A stored Idempotency-Key answer needs the fresh read.)
  const cached = input.idempotency ? undefined : keptRows.get(input.gameId)
  if (cached) {
    try {
      const result = await attempt(db, input, cached, performance.now())
      if (result) return result
    } catch {
      // decided again below, on the game as it is
    }
    keptRows.delete(input.gameId)
  }
  let firstPending: string | null = null
  for (let i = 0; i < ATTEMPTS; i++) {
    const t = performance.now()
    // The game and any stored answer to this Idempotency-Key come in one round trip.
    const withKey = input.idempotency
      ? await gameMetaWithIdempotency(db, input.gameId, input.userId, input.idempotency.key)
      : undefined
    const game: GameMeta | undefined = input.idempotency ? withKey : await gameMetaRow(db, input.gameId)
    if (!game || hiddenFrom(game, { userId: input.userId, role: input.role ?? null })) throw noSuchGame(input.gameId)
    // The kept row was stale (not merely refused): someone else writes this game too.
    if (i === 0 && cached && (game.logSeq !== cached.logSeq || game.lastHash !== cached.lastHash))
      contested.set(game.id, true)
    const stored = withKey?.idempotency
    if (input.idempotency && stored) {
      if (stored.requestHash !== input.idempotency.requestHash) throw new IdempotencyKeyReused(input.idempotency.key)
      return { ...(stored.response as SubmitResult), replayed: true }
    }
    // The step, not who of it has submitted: a teammate's orders landing first is not a new step.
    const pendingKey = JSON.stringify(
      ((game.pending ?? []) as Pending[]).map((p) => [p.side, p.step, [...p.seats, ...(p.submitted ?? [])].sort()]),
    )
    if (firstPending !== null && pendingKey !== firstPending)
      throw new Conflict('the game moved on while your orders were checked: look at it again', {
        currentSeq: game.logSeq,
      })
    firstPending = pendingKey
    const result = await attempt(db, input, game, t)
    if (result) return result
    if (input.expectedSeq !== undefined) {
      const now = await gameMetaRow(db, input.gameId)
      throw new Conflict(`the game has moved on: you expected position ${input.expectedSeq}, it is at ${now?.logSeq}`, {
        currentSeq: now?.logSeq,
      })
    }
  }
  throw new Conflict('the game is busy with other submissions: try again')
}

/** One try on the game as read: the answer, or null when another writer moved the game first. */
async function attempt(db: Db, input: SubmitInput, game: GameMeta, t0: number): Promise<SubmitResult | null> {
  if (hiddenFrom(game, { userId: input.userId, role: input.role ?? null })) throw noSuchGame(input.gameId)
  if (input.expectedSeq !== undefined && input.expectedSeq !== game.logSeq) {
    throw new Conflict(`the game has moved on: you expected position ${input.expectedSeq}, it is at ${game.logSeq}`, {
      currentSeq: game.logSeq,
    })
  }
  if (game.status !== 'ACTIVE')
    throw new Conflict(
      game.status === 'OPEN' ? 'the game has not started: every seat must be taken first' : 'the game is over',
      { currentSeq: game.logSeq },
    )
  if (game.pausedAt)
    throw new Conflict('a moderator has paused this game: orders are taken again when it resumes', {
      currentSeq: game.logSeq,
      pausedAt: new Date(game.pausedAt).toISOString(),
    })
  const folded = (await loadFolded(db, game))!
  let t = stage('load', t0)
  const decided = decide(game, folded, input, t)
  t = performance.now()
  if (input.idempotency)
    decided.plan.write.idempotency = {
      userId: input.userId,
      ...input.idempotency,
      status: 200,
      response: decided.response,
    }
  const written = await commitPlan(db, decided.plan)
  stage('write', t)
  if (!written) return null
  const p = decided.plan.write.position
  if (!contested.has(game.id))
    keptRows.set(game.id, {
      ...game,
      logSeq: p.logSeq,
      lastHash: p.lastHash,
      pending: p.pending,
      status: p.status,
      ...(p.deadlineAt !== undefined ? { deadlineAt: p.deadlineAt } : {}),
    })
  return decided.response
}

/** Everything an accepted submission writes, decided in memory from the game as read. */
function decide(game: GameMeta, folded: Folded, input: SubmitInput, t0: number) {
  const ruleset = rulesetOf(game)
  const pendingNow = ruleset.pending(folded.state)
  const pendingSeats = pendingNow.flatMap((p) => p.seats)
  const seat = pickSeat(game.seats, input.userId, input.seat, pendingSeats)
  const read = readSubmission(ruleset, folded.state, seat, input)
  const { orders } = read
  let t = stage('read', t0)
  if (folded.submitted[seat])
    throw new Conflict(`seat ${seat} has already submitted its orders for this step`, { currentSeq: game.logSeq })
  // The server's own rule (docs/rule-systems.md): only seats the step waits for give orders. Checked before
  // the rules, so a seat out of its step hears this one answer whatever it sent and whatever the system.
  if (!pendingSeats.includes(seat))
    throw new OrdersRefused([refuse('STEP', 'server.step')], [], `seat ${seat} has nothing to decide in this step`)
  const errors = submissionErrors(ruleset, folded, seat, read)
  t = stage('validate', t)
  if (errors.length) throw new OrdersRefused(errors, read.ignored)
  const { entries, after, events, complete } = ordersAndResolution(
    game,
    folded,
    [],
    [{ seat, orders, userId: input.userId }],
  )
  t = stage('resolve', t)
  const plan = planAppend(game, folded, entries, { after, snapshotEvery: input.snapshotEvery })
  // Written only if the log's head, the rules, the game's being active and unpaused and the seat's holder
  // are still as read: the decision may have started from this process's kept row (submitOnce).
  plan.write.position.checks = {
    prevHash: game.lastHash,
    rulesVersion: game.rulesVersion,
    playable: true,
    holder: { seat, userId: input.userId },
  }
  stage('chain', t)
  const head = plan.written[plan.written.length - 1]!
  const response: SubmitResult = {
    seat,
    accepted: true,
    seq: after.seq,
    resolved: complete,
    pending: plan.pending,
    outcome: plan.outcome,
    events,
    receipt: receiptOf(head.seq, head.hash),
  }
  if (input.answer) {
    const rows = [plan.write.outbox ?? []].flat()
    rows.push(
      input.answer({
        orders,
        text: ruleset.formatOrders(orders, folded.state),
        result: response,
        ignored: read.ignored,
      }),
    )
    plan.write.outbox = rows
  }
  return { plan, response }
}
