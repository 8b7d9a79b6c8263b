// Deadlines: each step must be played within the game's phase length. The clock is injected (`now`),
// so tests move time instead of waiting. Everything the clock does is a TIMEOUT entry in the log:
// a vacation that moves a deadline, an extension, seats passed by a missed deadline, the moderator
// called, a deadline moved because the step's email went out late. Nothing is kept in memory: a
// restart finds due deadlines in the database.
//
// A player is never held to a deadline they were not told about: while a seat's "your phase" email
// has not gone out (Redis away, the mail server refusing), its step's deadline is not enforced, for
// one phase length past it at most, and when the email does go out late, the deadline moves by the
// delay (extendForLateMail).
import { startTicker } from './ticker.js'
import type { Db } from '../store/db.js'
import { logOf, poolOf } from '../store/db.js'
import { gameMetaRow, type GameMeta, type OutboxRow } from '../store/games.js'
import type { NewEntry } from '../store/log.js'
import { loadFolded, rulesetOf } from './load.js'
import { forfeitWinner, type Folded, type ForfeitPayload } from './fold.js'
import { commitPlan, ordersAndResolution, planAppend, type Plan } from './write.js'

const HOUR = 3_600_000

export type DeadlineAction =
  | 'vacation'
  | 'extended'
  | 'passed'
  | 'forfeit'
  | 'moderator'
  | 'not-due'
  | 'raced'
  | 'mail-pending'
  /** The game could not be handled (its log does not replay, say): skipped for FAILED_GAME_RETRY_MS, reported. */
  | 'failed'

/**
 * A "your phase" email later than this moves the deadline; below it, it is on time (the relay takes well
 * under a second).
 */
export const MAIL_DELAY_GRACE_MS = 5 * 60_000

export interface DeadlineOptions {
  /**
   * Wait for the step's "your phase" emails before enforcing a deadline (default true). main.ts turns
   * it off only when the server runs without Redis, where no email ever goes out.
   */
  holdForMail?: boolean
  /** Where a game the clock could not handle is reported (default: the database's log, as a warning). */
  onGameError?: (gameId: string, message: string) => void
}

/** How long the clock leaves alone a game it could not handle, before it tries (and reports) it again. */
export const FAILED_GAME_RETRY_MS = 15 * 60_000

/**
 * Games the clock failed on, and when it tries each again. One game that cannot be handled (its rules
 * version is not played here, its log is damaged) must not hold up the others, nor be retried and
 * reported at every tick: it is skipped, and reported once per FAILED_GAME_RETRY_MS.
 */
const failedGames = new Map<string, number>()

interface StepEntry {
  seq: number
  kind: string
  payload: { event?: string; shiftMs?: number; delayMs?: number }
  createdAt: Date
}

/** The entries of the current step: from its SETUP or RESOLUTION on. */
async function currentStep(db: Db, gameId: string): Promise<StepEntry[]> {
  const rows = await poolOf(db)!.query<StepEntry>(
    `SELECT seq, kind, payload, "createdAt" AT TIME ZONE 'UTC' AS "createdAt" FROM "LogEntry"
      WHERE "gameId" = $1::uuid
        AND seq >= COALESCE((SELECT max(seq) FROM "LogEntry"
                              WHERE "gameId" = $1::uuid AND kind IN ('SETUP', 'RESOLUTION')), 0)
      ORDER BY seq`,
    [gameId],
  )
  return rows.rows
}

interface Span {
  userId: string
  id: string
  startsAt: Date
  endsAt: Date
}

async function vacationsOf(db: Db, userIds: string[]): Promise<Span[]> {
  if (userIds.length === 0) return []
  const rows = await poolOf(db)!.query<Span>(
    `SELECT "userId", id, "startsAt" AT TIME ZONE 'UTC' AS "startsAt", "endsAt" AT TIME ZONE 'UTC' AS "endsAt"
       FROM "Vacation" WHERE "userId" = ANY($1::uuid[])`,
    [userIds],
  )
  return rows.rows
}

/**
 * How far a player's vacations push the deadline: the phase must leave them `base - start` of time
 * outside their vacations. Walks the vacations in order (overlapping ones merged): time before each
 * counts, time inside does not.
 */
export function vacationShiftMs(start: number, base: number, spans: Array<{ startsAt: Date; endsAt: Date }>): number {
  const sorted = spans
    .map((v) => [v.startsAt.getTime(), v.endsAt.getTime()] as const)
    .filter(([, e]) => e > start)
    .sort((x, y) => x[0] - y[0])
  let remaining = base - start
  let t = start
  for (const [s0, e0] of sorted) {
    const s = Math.max(s0, t)
    if (e0 <= t) continue
    if (s - t >= remaining) break
    remaining -= s - t
    t = e0
  }
  return t + remaining - base
}

/**
 * How much of the game's vacation cap (Game.vacationDays) is left, in ms: its whole log's vacation moves
 * count, not only this step's. Infinity when the game has no cap.
 */
async function vacationAllowanceMs(db: Db, game: GameMeta): Promise<number> {
  if (game.vacationDays === null || game.vacationDays === undefined) return Infinity
  const used = await poolOf(db)!.query<{ ms: string | null }>(
    `SELECT sum((payload->>'shiftMs')::bigint) AS ms FROM "LogEntry"
      WHERE "gameId" = $1::uuid AND kind = 'TIMEOUT' AND payload->>'event' = 'vacation'`,
    [game.id],
  )
  return Math.max(0, game.vacationDays * 24 * HOUR - Number(used.rows[0]?.ms ?? 0))
}

/**
 * The seats (of `seats`) whose "your phase" email for the step that began at `stepSeq` has not gone out:
 * the player wants that email, and no such notification of theirs has left the queue yet (none made,
 * or still queued). One that failed for good is not waited for, nor is a player who asked for none.
 */
export async function unmailedSeats(db: Db, gameId: string, stepSeq: number, seats: string[]): Promise<string[]> {
  if (seats.length === 0) return []
  const rows = await poolOf(db)!.query<{ seat: string }>(
    `SELECT s.seat FROM "Seat" s JOIN "User" u ON u.id = s."userId"
      WHERE s."gameId" = $1::uuid AND s.seat = ANY($2::text[]) AND u."notifyYourPhase" AND u."unsubscribedAt" IS NULL
        AND NOT EXISTS (SELECT 1 FROM "Notification" n
                         WHERE n."gameId" = s."gameId" AND n."userId" = u.id AND n.kind = 'your-phase'
                           AND n.seq >= $3 AND n.status <> 'queued')
      ORDER BY s.seat`,
    [gameId, seats, stepSeq],
  )
  return rows.rows.map((r) => r.seat)
}

/**
 * The seats whose passed deadline is held because their "your phase" email has not gone out yet, and
 * until when at most (for GET /games/:id: a deadline in the past is explained).
 */
export async function heldDeadline(
  db: Db,
  game: { id: string; deadlineAt: Date | null; phaseHours: number },
  pending: string[],
  now = new Date(),
): Promise<{ seats: string[]; until: string } | null> {
  if (!game.deadlineAt || game.deadlineAt.getTime() > now.getTime() || pending.length === 0) return null
  const step = await currentStep(db, game.id)
  if (!step[0]) return null
  const seats = await unmailedSeats(db, game.id, step[0].seq, pending)
  const until = game.deadlineAt.getTime() + game.phaseHours * HOUR
  return seats.length && now.getTime() < until ? { seats, until: new Date(until).toISOString() } : null
}

function notice(game: GameMeta, seq: number, subject: string, lines: string[], callModerator = false): OutboxRow {
  return {
    kind: 'deadline',
    payload: {
      seq,
      subject: `${game.title}: ${subject}`,
      headline: subject,
      text: lines.join('\n'),
      ...(callModerator ? { callModerator: true } : {}),
    },
  }
}

const iso = (d: Date) => d.toISOString().replace('.000Z', 'Z')

/** What the clock does for one game whose deadline has passed; null when nothing is due. */
export async function planMissed(
  db: Db,
  game: GameMeta,
  now: Date,
  opts: DeadlineOptions = {},
): Promise<{ action: DeadlineAction; plan: Plan | null } | null> {
  if (game.status !== 'ACTIVE' || game.pausedAt || !game.deadlineAt || game.deadlineAt.getTime() > now.getTime())
    return null
  const folded = (await loadFolded(db, game)) as Folded
  const ruleset = rulesetOf(game)
  const pendingSeats = ruleset.pending(folded.state).flatMap((p) => p.seats)
  const missing = pendingSeats.filter((s) => folded.submitted[s] === undefined)
  if (missing.length === 0) return null
  const deadline = game.deadlineAt
  const step = await currentStep(db, game.id)
  // Not told yet, not due yet: the email's late send moves the deadline (extendForLateMail). The hold
  // lasts one phase length past the deadline at most: an email that cannot be delivered for longer (a
  // full mailbox refusing it, retried for days) must not let a player stop the clock of the game.
  const holdEnds = deadline.getTime() + game.phaseHours * HOUR
  if (
    opts.holdForMail !== false &&
    now.getTime() < holdEnds &&
    step[0] &&
    (await unmailedSeats(db, game.id, step[0].seq, missing)).length > 0
  )
    return { action: 'mail-pending', plan: null }
  const timeouts = step.filter((e) => e.kind === 'TIMEOUT')
  const nextSeq = game.logSeq + 1
  const seatsWords = missing.join(', ')

  // A vacation taken by a player who still has to act moves the deadline first.
  const priorShift = timeouts
    .filter((e) => e.payload.event === 'vacation')
    .reduce((sum, e) => sum + (e.payload.shiftMs ?? 0), 0)
  const users = [...new Set(game.seats.filter((s) => missing.includes(s.seat) && s.userId).map((s) => s.userId!))]
  const spans = await vacationsOf(db, users)
  const start = step[0]?.createdAt.getTime() ?? deadline.getTime() - game.phaseHours * HOUR
  const base = deadline.getTime() - priorShift
  const shift = Math.max(
    0,
    ...users.map((u) =>
      vacationShiftMs(
        start,
        base,
        spans.filter((v) => v.userId === u),
      ),
    ),
  )
  // A season caps what vacations may move its games' deadlines in all (Game.vacationDays).
  const move = shift > priorShift ? Math.min(shift - priorShift, await vacationAllowanceMs(db, game)) : 0
  if (move > 0) {
    const to = new Date(deadline.getTime() + move)
    const entry: NewEntry = {
      kind: 'TIMEOUT',
      seat: null,
      userId: null,
      payload: { event: 'vacation', seats: missing, from: iso(deadline), to: iso(to), shiftMs: move },
    }
    const plan = planAppend(game, folded, [entry], {
      now,
      deadlineAt: to,
      extraOutbox: [
        notice(game, nextSeq, 'a deadline moved for a vacation', [
          `A player who has still to act in ${game.title} (${seatsWords}) is on vacation.`,
          `The deadline moves from ${iso(deadline)} to ${iso(to)}.`,
        ]),
      ],
    })
    return { action: 'vacation', plan }
  }

  const policy = game.missedPolicy
  if (policy === 'extend-then-pass' && !timeouts.some((e) => e.payload.event === 'extended')) {
    const to = new Date(deadline.getTime() + game.phaseHours * HOUR)
    const entry: NewEntry = {
      kind: 'TIMEOUT',
      seat: null,
      userId: null,
      payload: { event: 'extended', seats: missing, from: iso(deadline), to: iso(to) },
    }
    const plan = planAppend(game, folded, [entry], {
      now,
      deadlineAt: to,
      extraOutbox: [
        notice(game, nextSeq, 'the deadline is extended once', [
          `The deadline passed with ${seatsWords} still to act.`,
          `It is extended once, to ${iso(to)}; after that, those seats pass.`,
        ]),
      ],
    })
    return { action: 'extended', plan }
  }

  if (policy === 'forfeit') return { action: 'forfeit', plan: planForfeit(game, folded, missing, now) }

  // Passing is an empty order for every missing seat; a step where that is not legal goes to the moderator.
  const passLegal = missing.every((s) => ruleset.validate(folded.state, s, [], folded.submitted).length === 0)
  if (policy !== 'moderator' && passLegal) {
    const lead: NewEntry[] = [
      {
        kind: 'TIMEOUT',
        seat: null,
        userId: null,
        payload: { event: 'missed', seats: missing, deadline: iso(deadline), action: 'pass' },
      },
    ]
    const { entries, after } = ordersAndResolution(
      game,
      folded,
      lead,
      missing.map((seat) => ({ seat, orders: [], userId: null, note: { missedDeadline: true } })),
    )
    const plan = planAppend(game, folded, entries, {
      now,
      after,
      extraOutbox: [
        notice(game, nextSeq, 'a deadline passed', [
          `The deadline ${iso(deadline)} passed with ${seatsWords} still to act.`,
          'Those seats passed this step, and the game goes on.',
        ]),
      ],
    })
    return { action: 'passed', plan }
  }
  const entry: NewEntry = {
    kind: 'TIMEOUT',
    seat: null,
    userId: null,
    payload: {
      event: 'missed',
      seats: missing,
      deadline: iso(deadline),
      action: 'moderator',
      ...(passLegal ? {} : { why: 'passing is not a legal order in this step' }),
    },
  }
  const plan = planAppend(game, folded, [entry], {
    now,
    deadlineAt: null,
    extraOutbox: [
      notice(
        game,
        nextSeq,
        'the moderator is called',
        [
          `The deadline ${iso(deadline)} passed with ${seatsWords} still to act.`,
          'The moderator is called to decide; the step stays open meanwhile.',
        ],
        true,
      ),
    ],
  })
  return { action: 'moderator', plan }
}

/**
 * Policy `forfeit` (docs/leagues.md, "Game outcome of a timeout forfeit"): every side with a seat still
 * to act loses on time; when every side is late the game is a draw. One TIMEOUT entry ends the game (its
 * fold gives the verdict, like a RESIGN), so the game's outcome, log and verification all come from it.
 */
function planForfeit(game: GameMeta, folded: Folded, missing: string[], now: Date): Plan {
  const deadline = game.deadlineAt!
  const sides = [...new Set(game.seats.map((s) => s.side))]
  const late = sides.filter((side) => game.seats.some((s) => s.side === side && missing.includes(s.seat)))
  const winner = forfeitWinner(sides, late)
  const payload: ForfeitPayload = { event: 'forfeit', seats: missing, sides: late, deadline: iso(deadline), winner }
  const entry: NewEntry = { kind: 'TIMEOUT', seat: null, userId: null, payload }
  const result =
    winner === null
      ? 'No side played in time: the game is a draw.'
      : `${late.join(' and ')} ${late.length > 1 ? 'lose' : 'loses'} on time; ${winner} wins the game.`
  return planAppend(game, folded, [entry], {
    now,
    extraOutbox: [
      notice(game, game.logSeq + 1, winner === null ? 'the game is drawn on time' : 'the game is lost on time', [
        `The deadline ${iso(deadline)} passed with ${missing.join(', ')} still to act.`,
        result,
      ]),
    ],
  })
}

/** Applies what is due for one game; 'raced' when a player's orders came first (the next tick looks again). */
export async function applyMissed(
  db: Db,
  gameId: string,
  now: Date,
  opts: DeadlineOptions = {},
): Promise<DeadlineAction> {
  const game = await gameMetaRow(db, gameId)
  if (!game) return 'not-due'
  const planned = await planMissed(db, game, now, opts)
  if (!planned) return 'not-due'
  if (!planned.plan) return planned.action
  return (await commitPlan(db, planned.plan)) ? planned.action : 'raced'
}

/** How much later than its step's start a "your phase" email went out, and where that moved the deadline. */
export interface LateMail {
  /** The whole delay so far (every extension of this step together). */
  delayMs: number
  deadline: Date
  /** The deadline before any move for late mail. */
  originalDeadline: Date
}

/**
 * Called just before a "your phase" email is sent: when it goes out more than MAIL_DELAY_GRACE_MS
 * after its step began, the step's deadline moves by the delay not yet made good (a TIMEOUT entry
 * "mail-delayed"), so the player still has a full phase from the email. Returns the delay and the
 * deadline for the email to state, or null when it is on time (or its step is over).
 */
export async function extendForLateMail(
  db: Db,
  mail: { gameId: string; seat: string; seq: number },
  now: Date,
): Promise<LateMail | null> {
  for (let attempt = 0; attempt < 3; attempt++) {
    const game = await gameMetaRow(db, mail.gameId)
    if (!game || game.status !== 'ACTIVE' || !game.deadlineAt) return null
    const step = await currentStep(db, game.id)
    const start = step[0]
    if (!start || mail.seq < start.seq) return null
    const moves = step.filter((e) => e.kind === 'TIMEOUT' && e.payload.event === 'mail-delayed')
    const made = moves.reduce((sum, e) => sum + (e.payload.delayMs ?? 0), 0)
    const original = new Date(game.deadlineAt.getTime() - made)
    const delay = now.getTime() - start.createdAt.getTime()
    if (delay - made < MAIL_DELAY_GRACE_MS)
      return made > 0 ? { delayMs: made, deadline: game.deadlineAt, originalDeadline: original } : null
    const to = new Date(game.deadlineAt.getTime() + delay - made)
    const entry: NewEntry = {
      kind: 'TIMEOUT',
      seat: null,
      userId: null,
      payload: {
        event: 'mail-delayed',
        seats: [mail.seat],
        stepSeq: start.seq,
        delayMs: delay - made,
        from: iso(game.deadlineAt),
        to: iso(to),
      },
    }
    const folded = (await loadFolded(db, game)) as Folded
    if (await commitPlan(db, planAppend(game, folded, [entry], { now, deadlineAt: to })))
      return { delayMs: delay, deadline: to, originalDeadline: original }
  }
  return null
}

/**
 * Reminders: one per seat still to act, once per deadline, `reminderHours` before it (at most half a phase,
 * so a reminder never follows the phase email at once).
 */
async function queueReminders(db: Db, now: Date): Promise<number> {
  const res = await poolOf(db)!.query(
    `INSERT INTO "Outbox"("gameId", kind, payload, "dedupeKey")
     SELECT g.id, 'reminder',
            jsonb_build_object('seq', g."logSeq",
                               'deadline', to_char(g."deadlineAt", 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
                               'seats', jsonb_build_array(s.seat), 'at', $1::text),
            'reminder:' || g.id || ':' || s.seat || ':' || to_char(g."deadlineAt", 'YYYYMMDDHH24MISSMS')
       FROM "Game" g JOIN "Seat" s ON s."gameId" = g.id JOIN "User" u ON u.id = s."userId"
      WHERE g.status = 'ACTIVE' AND g."pausedAt" IS NULL AND g."deadlineAt" > $2::timestamp
        AND g."deadlineAt" - make_interval(hours => LEAST(u."reminderHours", g."phaseHours" / 2)) <= $2::timestamp
        AND u."notifyReminders" AND u."unsubscribedAt" IS NULL
        AND g.pending @> jsonb_build_array(jsonb_build_object('seats', jsonb_build_array(s.seat)))
        AND NOT EXISTS (SELECT 1 FROM "LogEntry" e WHERE e."gameId" = g.id AND e.seat = s.seat AND e.kind = 'ORDERS'
              AND e.seq > (SELECT max(seq) FROM "LogEntry" r
                            WHERE r."gameId" = g.id AND r.kind IN ('SETUP', 'RESOLUTION')))
     ON CONFLICT ("dedupeKey") DO NOTHING`,
    [now.toISOString(), now.toISOString()],
  )
  return res.rowCount ?? 0
}

export interface TickResult {
  actions: Array<{ gameId: string; action: DeadlineAction }>
  reminders: number
}

/** One look at the clock: every due deadline handled, every due reminder queued. */
export async function deadlineTick(db: Db, now: Date, opts: DeadlineOptions = {}): Promise<TickResult> {
  for (const [id, retryAt] of failedGames) if (retryAt <= now.getTime()) failedGames.delete(id)
  const pool = poolOf(db)!
  const due = await pool.query<{ id: string }>(
    `SELECT id FROM "Game"
      WHERE status = 'ACTIVE' AND "pausedAt" IS NULL AND "deadlineAt" <= $1::timestamp AND NOT (id = ANY($2::uuid[]))
      ORDER BY "deadlineAt" LIMIT 500`,
    [now.toISOString(), [...failedGames.keys()]],
  )
  const report = opts.onGameError ?? ((gameId: string, message: string) => logOf(pool).warn(message))
  const actions: TickResult['actions'] = []
  for (const { id } of due.rows) {
    try {
      actions.push({ gameId: id, action: await applyMissed(db, id, now, opts) })
    } catch (e) {
      const retryAt = new Date(now.getTime() + FAILED_GAME_RETRY_MS)
      failedGames.set(id, retryAt.getTime())
      actions.push({ gameId: id, action: 'failed' })
      const err = e as Error
      report(
        id,
        `deadline clock: game ${id} skipped until ${iso(retryAt)}, its deadline could not be handled: ` +
          `${err.name}: ${err.message}`,
      )
    }
  }
  return { actions, reminders: await queueReminders(db, now) }
}

export interface DeadlineClock {
  stop(): Promise<void>
}

export function startDeadlineClock(
  db: Db,
  opts: DeadlineOptions & { intervalMs: number; now?: () => Date; onError?: (e: Error) => void },
): DeadlineClock {
  return startTicker('deadline clock', () => deadlineTick(db, opts.now?.() ?? new Date(), opts), opts)
}
