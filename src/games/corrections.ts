// Corrections (docs/moderation.md): a moderator changes a game by appending one CORRECTION entry to
// its log, never by editing one. Each kind is decided here in memory from the game as read, shown
// without writing (preview), and written with the game's new position, the players' emails and the
// rows it changes besides the log (a seat's holder, the pause) in one transaction, at the position
// the moderator previewed (If-Match), so two moderators at once cannot both apply.
import { randomBytes } from 'node:crypto'
import { createDice } from '../engine/dice.js'
import type { Adjustment, OrderError, Outcome, Pending } from '../engine/ruleset.js'
import type { Db } from '../store/db.js'
import type { Prisma } from '../store/generated/client.js'
import { gameMetaRow, type GameMeta, type OutboxRow } from '../store/games.js'
import { canonicalJson, entriesBetween, receiptOf, type Entry, type NewEntry } from '../store/log.js'
import { noSuchGame, type Caller } from './access.js'
import { Conflict, Forbidden, InvalidInput, NotFound, OrdersRefused, PreconditionRequired } from './errors.js'
import {
  outcomeOf,
  lineage,
  correctionBase,
  type Lineage,
  type LineEntry,
  pendingOf,
  splitOrders,
  submissionsOf,
  type CorrectionKind,
  type CorrectionPayload,
  type Folded,
  type ResolutionPayload,
  AGREED_DRAW_REASON,
} from './fold.js'
import { TX_OPTIONS } from './lifecycle.js'
import { loadFolded, rulesetOf } from './load.js'
import { canModerate, hiddenFromCaller, moderatorAccount, normaliseEmail, type Moderator } from './moderation-access.js'
import { listErrors } from './order-check.js'
import { hasControl, isBlank } from './text.js'
import { disputeForCorrection, settleByCorrection } from './disputes.js'
import { afterCommit, commitPlan, ordersAndResolution, planAppend, type Plan } from './write.js'

type Tx = Prisma.TransactionClient

/** The longest reason a correction keeps, in characters. */
export const REASON_MAX = 2000
/** The most changes one adjustment makes. */
export const CHANGES_MAX = 200
/** The longest text of adjustments, in characters. */
export const ADJUST_TEXT_MAX = 20_000
/** The longest extension of a deadline at once, in hours (30 days). */
export const EXTEND_HOURS_MAX = 720

export interface CorrectionInput {
  kind: CorrectionKind
  reason: string
  /** The dispute the correction settles. */
  dispute?: string | null
  toSeq?: number
  changes?: Adjustment[]
  /** adjust: the changes in the rule system's text notation, instead of `changes`. */
  text?: string
  seq?: number
  seat?: string
  email?: string
  hours?: number
  winner?: string | null
}

/** One unit's fields that a correction changes: each field's value before and after. */
export interface UnitChange {
  unit: string
  /** added: the unit was not in the state before; removed: not after. */
  change: 'changed' | 'added' | 'removed'
  fields: Record<string, { before: unknown; after: unknown }>
}

/** What a correction does, decided in memory: the entries, the fold after them, and the rest it changes. */
interface Decided {
  entries: NewEntry[]
  payload: CorrectionPayload
  before: Folded
  after: Folded
  newStep: boolean
  /** The deadline after it (a Date or null), or undefined: planAppend's usual rule. */
  deadlineAt?: Date | null
  pausedAt?: Date | null
  seatHolder?: { seat: string; userId: string; name: string; previous: string | null }
  /** Lines in words (English, as the log keeps them) saying what changed besides the units. */
  notes: string[]
}

/** Who the caller is to this game: the game (its row and seats) when they may moderate it. */
async function moderated(db: Db | Tx, gameId: string, caller: Caller): Promise<GameMeta> {
  const game = await gameMetaRow(db, gameId)
  if (!game || (await hiddenFromCaller(db, game, caller))) throw noSuchGame(gameId)
  const me = await moderatorAccount(db, caller.userId)
  if (!canModerate(me, game)) throw new Forbidden(whyNotModerator(me, game))
  return game
}

/** Why `me` may not correct `game`, naming who may (the rule of canModerate, in words). */
function whyNotModerator(me: Moderator | null, game: GameMeta): string {
  const who =
    game.clubId === null
      ? 'its game master or a site admin'
      : game.seasonId === null
        ? "its game master, its club's owners and moderators, or a site admin"
        : "its game master, its club's owners and moderators who have not entered its season, or a site admin"
  if (me && game.seats.some((s) => s.userId === me.id))
    return `you play in this game: only ${who} may correct it, and none of them while playing in it`
  // Club staff who entered the season: say so, or they would not see why their club's game is refused.
  if (
    me &&
    game.clubId !== null &&
    me.clubs.includes(game.clubId) &&
    game.seasonId &&
    me.seasons.includes(game.seasonId)
  )
    return `you have entered this game's season: only ${who} may correct it, so that no entrant judges a rival's game`
  return `only ${who} may correct it`
}

function requireReason(reason: unknown): string {
  const text = typeof reason === 'string' ? reason.trim() : ''
  if (isBlank(text)) throw new InvalidInput('say why: a correction keeps its reason in the log', { field: 'reason' })
  if (hasControl(text))
    throw new InvalidInput('a reason may not hold control characters (only text, tabs and line breaks)', {
      field: 'reason',
    })
  if ([...text].length > REASON_MAX)
    throw new InvalidInput(`a reason is at most ${REASON_MAX} characters`, { field: 'reason', limit: REASON_MAX })
  return text
}

const iso = (d: Date | null | undefined) => (d ? d.toISOString() : null)

/** Every unit whose fields differ between two states, field by field (empty when the system lists no units). */
export function unitChanges(game: GameMeta, before: unknown, after: unknown): UnitChange[] {
  const ruleset = rulesetOf(game)
  const a = ruleset.unitsOf(before)
  const b = ruleset.unitsOf(after)
  const ids = [...new Set([...Object.keys(a), ...Object.keys(b)])].sort()
  const out: UnitChange[] = []
  for (const unit of ids) {
    const x = a[unit]
    const y = b[unit]
    const fields: UnitChange['fields'] = {}
    for (const f of [...new Set([...Object.keys(x ?? {}), ...Object.keys(y ?? {})])].sort()) {
      const before = x?.[f] ?? null
      const after = y?.[f] ?? null
      if (canonicalJson(before) !== canonicalJson(after)) fields[f] = { before, after }
    }
    if (Object.keys(fields).length === 0) continue
    out.push({ unit, change: !x ? 'added' : !y ? 'removed' : 'changed', fields })
  }
  return out
}

/** A unit's change in words: "A12: hex 0405 → 0406, damage 0 → 1". */
export function unitChangeLine(c: UnitChange): string {
  const show = (v: unknown) => (v === null ? '—' : typeof v === 'string' ? v : JSON.stringify(v))
  const fields = Object.entries(c.fields).map(([f, v]) => `${f} ${show(v.before)} → ${show(v.after)}`)
  return `${c.unit}: ${fields.join(', ')}`
}

/** The entry `seq` of the game's log, or a 422 naming the field. */
async function entryAt(db: Db | Tx, game: GameMeta, seq: number, field: string): Promise<Entry> {
  if (!Number.isInteger(seq) || seq < 1)
    throw new InvalidInput(`${field} must be a log position from 1 (the game's start) to ${game.logSeq}`, { field })
  if (seq > game.logSeq) throw new InvalidInput(`the log has entries 1 to ${game.logSeq}: no entry ${seq}`, { field })
  return (await entriesBetween(db, game.id, seq - 1, seq))[0]!
}

/** The fields each kind takes besides `kind`, `reason` and `dispute`: any other is refused, not ignored. */
export const KIND_FIELDS: Record<CorrectionKind, ReadonlyArray<keyof CorrectionInput>> = {
  rollback: ['toSeq'],
  adjust: ['changes', 'text'],
  reresolve: ['seq'],
  'replace-player': ['seat', 'email'],
  pause: [],
  resume: [],
  'extend-deadline': ['hours'],
  'apply-missed-policy': [],
  adjudicate: ['winner'],
}

function checkFields(input: CorrectionInput): void {
  const takes = KIND_FIELDS[input.kind] as readonly string[] | undefined
  if (!takes) throw new InvalidInput(`unknown correction kind "${String(input.kind)}"`, { field: 'kind' })
  const extra = Object.entries(input)
    .filter(([f, v]) => v !== undefined && !['kind', 'reason', 'dispute'].includes(f) && !takes.includes(f))
    .map(([f]) => f)
  if (extra.length)
    throw new InvalidInput(
      `${/^[aeiou]/.test(input.kind) ? 'an' : 'a'} ${input.kind} correction takes no ` +
        `${extra.map((f) => `"${f}"`).join(', ')}` +
        (takes.length ? `: it takes ${takes.map((f) => `"${f}"`).join(', ')}` : ''),
      { field: extra[0], fields: extra },
    )
}

/** What a correction would do to the game as read: throws the domain error of a correction refused. */
async function decide(
  db: Db | Tx,
  game: GameMeta,
  moderatorId: string | null,
  input: CorrectionInput,
  now: Date,
  /**
   * The seed the dice of a new resolution (reresolve, apply-missed-policy) are drawn from: the game's own
   * when applying; a preview's throwaway one, so a preview never shows the dice the game will roll.
   */
  diceSeed: string = game.seed,
): Promise<Decided> {
  checkFields(input)
  if (game.status === 'OPEN' || game.logSeq === 0)
    throw new Conflict('the game has not started: there is nothing to correct yet')
  if (game.status === 'FINISHED' && input.kind !== 'adjudicate')
    throw new Conflict('the game is over: the only correction it takes is adjudicate (a new result)', {
      field: 'kind',
    })
  const reason = requireReason(input.reason)
  const folded = (await loadFolded(db, game))!
  const ruleset = rulesetOf(game)
  const common = { kind: input.kind, reason, moderator: moderatorId, dispute: input.dispute ?? null }
  const base = { before: folded, newStep: false, notes: [] as string[] }
  const correction = (payload: CorrectionPayload): NewEntry => ({
    kind: 'CORRECTION',
    seat: null,
    userId: moderatorId,
    payload,
  })
  switch (input.kind) {
    case 'rollback': {
      const toSeq = input.toSeq as number
      await entryAt(db, game, toSeq, 'toSeq')
      if (toSeq === game.logSeq)
        throw new InvalidInput(`the game is at entry ${toSeq} already: roll back to an earlier one`, {
          field: 'toSeq',
        })
      const at = (await loadFolded(db, game, toSeq))!
      // Orders that completed a step were resolved in the same write: the state between the two never
      // stood, and play could not go on from it (nobody has to act, nothing has resolved).
      const acting = ruleset.pending(at.state).flatMap((p) => p.seats)
      if (!outcomeOf(ruleset, at) && acting.length > 0 && acting.every((s) => at.submitted[s] !== undefined))
        throw new InvalidInput(
          `entry ${toSeq} completed its step, and the step was resolved with it: roll back to entry ` +
            `${toSeq - 1} (before those orders) or ${toSeq + 1} (after their resolution)`,
          { field: 'toSeq' },
        )
      const payload: CorrectionPayload = { ...common, toSeq }
      return {
        ...base,
        entries: [correction(payload)],
        payload,
        after: { ...at, seq: game.logSeq + 1 },
        newStep: true,
        notes: [`Play continues from the state at log entry ${toSeq}; ${entriesAside(toSeq + 1, game.logSeq)}.`],
      }
    }
    case 'reresolve': {
      const seq = input.seq as number
      const entry = await entryAt(db, game, seq, 'seq')
      if (entry.kind !== 'RESOLUTION')
        throw new InvalidInput(`entry ${seq} is a ${entry.kind} entry: only a RESOLUTION is resolved again`, {
          field: 'seq',
        })
      const from = (await loadFolded(db, game, seq - 1))!
      const resolved = entry.payload as ResolutionPayload
      const submissions = submissionsOf(resolved)
      const newSeq = game.logSeq + 1
      const r = ruleset.resolve(from.state, submissions, createDice(diceSeed, newSeq))
      const parts = Object.entries(submissions).map(([s, orders]) => [s, splitOrders(ruleset, orders)] as const)
      const payload: CorrectionPayload = {
        ...common,
        seq,
        submissions: Object.fromEntries(parts.map(([s, p]) => [s, p.open])),
        private: Object.fromEntries(parts.map(([s, p]) => [s, p.secret])),
        events: r.events,
        rolls: r.rolls,
      }
      return {
        ...base,
        entries: [correction(payload)],
        payload,
        after: { seq: newSeq, state: r.state, submitted: {}, verdict: from.verdict },
        newStep: true,
        notes: [
          `The step resolved at log entry ${seq} is resolved again from the same orders, with new dice ` +
            `(drawn at entry ${newSeq}); ${entriesAside(seq, game.logSeq)}.`,
        ],
      }
    }
    case 'adjust': {
      const { changes, lines } = readAdjustments(game, folded, input)
      const r = ruleset.adjust(folded.state, changes)
      if (!r.ok) {
        // Changes read from text are refused by their line, as orders are.
        const errors = r.errors.map((e) =>
          e.order !== undefined && lines?.[e.order] !== undefined && e.line === undefined
            ? { ...e, line: lines[e.order] }
            : e,
        )
        throw new OrdersRefused(errors, [], adjustRefusal(errors))
      }
      const setAside = await ordersInStep(db, game.id, folded.submitted)
      const payload: CorrectionPayload = { ...common, changes, ...(setAside.length ? { setAside } : {}) }
      const waiting = Object.keys(folded.submitted)
      return {
        ...base,
        entries: [correction(payload)],
        payload,
        after: { ...folded, seq: game.logSeq + 1, state: r.state, submitted: {} },
        newStep: true,
        notes: waiting.length
          ? [`Orders already in for this step (${waiting.join(', ')}) are set aside: those seats submit again.`]
          : [],
      }
    }
    case 'replace-player':
      return replacePlayer(db, game, folded, common, input, correction)
    case 'pause': {
      if (game.pausedAt) throw new Conflict(`the game is paused already, since ${iso(game.pausedAt)}`)
      const payload: CorrectionPayload = {
        ...common,
        deadline: { from: iso(game.deadlineAt), to: iso(game.deadlineAt) },
      }
      return {
        ...base,
        entries: [correction(payload)],
        payload,
        after: { ...folded, seq: game.logSeq + 1 },
        deadlineAt: game.deadlineAt,
        pausedAt: now,
        notes: ['The game is paused: no orders are taken and no deadline runs until a moderator resumes it.'],
      }
    }
    case 'resume': {
      if (!game.pausedAt) throw new Conflict('the game is not paused')
      const pausedMs = Math.max(0, now.getTime() - new Date(game.pausedAt).getTime())
      const to = game.deadlineAt ? new Date(game.deadlineAt.getTime() + pausedMs) : null
      const payload: CorrectionPayload = { ...common, pausedMs, deadline: { from: iso(game.deadlineAt), to: iso(to) } }
      return {
        ...base,
        entries: [correction(payload)],
        payload,
        after: { ...folded, seq: game.logSeq + 1 },
        deadlineAt: to,
        pausedAt: null,
        notes: [
          `The game resumes after ${hoursText(pausedMs)} paused` +
            (to ? `; the deadline moves by as much, to ${iso(to)}.` : '.'),
        ],
      }
    }
    case 'extend-deadline': {
      const hours = input.hours as number
      if (!Number.isInteger(hours) || hours < 1 || hours > EXTEND_HOURS_MAX)
        throw new InvalidInput(`hours must be a whole number from 1 to ${EXTEND_HOURS_MAX}`, { field: 'hours' })
      if (!game.deadlineAt) throw new Conflict('no deadline runs now: nobody has to act, so there is none to extend')
      const to = new Date(game.deadlineAt.getTime() + hours * 3_600_000)
      const payload: CorrectionPayload = { ...common, hours, deadline: { from: iso(game.deadlineAt), to: iso(to) } }
      return {
        ...base,
        entries: [correction(payload)],
        payload,
        after: { ...folded, seq: game.logSeq + 1 },
        deadlineAt: to,
        notes: [`The deadline moves by ${hours} h, from ${iso(game.deadlineAt)} to ${iso(to)}.`],
      }
    }
    case 'apply-missed-policy':
      if (game.pausedAt)
        throw new Conflict('the game is paused: resume it before applying the missed-phase policy (it plays a step)')
      return applyMissedNow({ ...game, seed: diceSeed }, folded, common, correction)
    case 'adjudicate': {
      const sides = [...new Set(game.seats.map((s) => s.side))]
      const winner = input.winner === undefined ? undefined : input.winner
      if (winner === undefined)
        throw new InvalidInput(`name the winner: one of ${sides.join(', ')}, or null for a draw`, { field: 'winner' })
      if (winner !== null && !sides.includes(winner))
        throw new InvalidInput(`"${winner}" is not a side of this game: ${sides.join(', ')}, or null for a draw`, {
          field: 'winner',
        })
      const payload: CorrectionPayload = { ...common, winner }
      return {
        ...base,
        entries: [correction(payload)],
        payload,
        after: { ...folded, seq: game.logSeq + 1, verdict: { winner, reason, ref: 'adjudicate' } },
        notes: [winner === null ? 'The game ends as a draw.' : `The game ends: ${winner} wins.`],
      }
    }
    default:
      throw new InvalidInput(`unknown correction kind "${String(input.kind)}"`, { field: 'kind' })
  }
}

/** "entries 5 to 9 stay in the log, set aside", or "entry 5 stays …" for one. */
function entriesAside(from: number, to: number): string {
  return from === to
    ? `entry ${from} stays in the log, set aside`
    : `entries ${from} to ${to} stay in the log, set aside`
}

function hoursText(ms: number): string {
  const h = ms / 3_600_000
  if (h >= 1) return `${Math.round(h * 10) / 10} h`
  return ms >= 60_000 ? `${Math.round(ms / 60_000)} min` : `${Math.max(1, Math.round(ms / 1000))} s`
}

function adjustRefusal(errors: OrderError[]): string {
  const first = errors[0]
  if (errors.length === 1 && first)
    return `${first.line !== undefined ? `line ${first.line}: ` : ''}${first.rule}: ${first.message}`
  return `${errors.length} changes cannot be made; each is listed in "errors"`
}

/** The adjustments as JSON (checked against the system's schema) or as text (read by its notation). */
function readAdjustments(
  game: GameMeta,
  folded: Folded,
  input: CorrectionInput,
): { changes: Adjustment[]; lines?: number[] } {
  const ruleset = rulesetOf(game)
  if ((input.text === undefined) === (input.changes === undefined))
    throw new InvalidInput('give the changes either as "changes" (JSON) or as "text" (one change a line), not both', {
      field: input.text === undefined ? 'changes' : 'text',
    })
  if (input.text !== undefined) {
    if (!input.text.trim()) throw new InvalidInput('the text names no change', { field: 'text' })
    if ([...input.text].length > ADJUST_TEXT_MAX)
      throw new InvalidInput(`the text is at most ${ADJUST_TEXT_MAX} characters`, { field: 'text' })
    const parsed = ruleset.parseAdjustments(input.text, folded.state)
    if (!parsed.ok) throw new OrdersRefused(parsed.errors, [], adjustRefusal(parsed.errors))
    if (parsed.orders.length === 0) throw new InvalidInput('the text names no change', { field: 'text' })
    if (parsed.orders.length > CHANGES_MAX)
      throw new InvalidInput(`one adjustment makes at most ${CHANGES_MAX} changes`, { field: 'text' })
    return { changes: parsed.orders, ...(parsed.lines ? { lines: parsed.lines } : {}) }
  }
  const changes = input.changes as unknown
  if (!Array.isArray(changes) || changes.length === 0)
    throw new InvalidInput('changes must be a list of at least one change', { field: 'changes' })
  const errors = listErrors(ruleset.adjustmentSchema, changes, CHANGES_MAX)
  if (errors.length) throw new OrdersRefused(errors, [], adjustRefusal(errors))
  return { changes: changes as Adjustment[] }
}

async function replacePlayer(
  db: Db | Tx,
  game: GameMeta,
  folded: Folded,
  common: Pick<CorrectionPayload, 'kind' | 'reason' | 'moderator' | 'dispute'>,
  input: CorrectionInput,
  correction: (p: CorrectionPayload) => NewEntry,
): Promise<Decided> {
  const seat = game.seats.find((s) => s.seat === input.seat)
  if (!seat)
    throw new InvalidInput(
      `"${input.seat ?? ''}" is not a seat of this game: ${game.seats.map((s) => s.seat).join(', ')}`,
      {
        field: 'seat',
      },
    )
  const email = typeof input.email === 'string' ? normaliseEmail(input.email) : ''
  if (!email) throw new InvalidInput('name the new player by the email of their account', { field: 'email' })
  const user = await db.user.findUnique({ where: { email }, select: { id: true, name: true } })
  if (!user)
    throw new InvalidInput(`no account has the email ${email}: ask them to register, then replace the player`, {
      field: 'email',
    })
  if (user.id === seat.userId) throw new InvalidInput(`${email} holds seat ${seat.seat} already`, { field: 'email' })
  if (game.seats.some((s) => s.userId === user.id))
    throw new InvalidInput(`${email} plays in this game already (one account, one seat)`, { field: 'email' })
  if (game.gameMasterId === user.id)
    throw new InvalidInput(`${email} is this game's game master, who holds no seat in it`, { field: 'email' })
  const payload: CorrectionPayload = { ...common, seat: seat.seat, from: seat.userId, to: user.id }
  return {
    entries: [correction(payload)],
    payload,
    before: folded,
    after: { ...folded, seq: game.logSeq + 1 },
    newStep: true,
    seatHolder: { seat: seat.seat, userId: user.id, name: user.name, previous: seat.userId },
    notes: [`Seat ${seat.seat} changes hands: ${user.name} plays it from now on.`],
  }
}

/**
 * The game's missed-phase policy applied now: every seat still to act passes the step, as when a deadline
 * passes (a moderator applying it ends the wait, whatever extension the policy would have given).
 */
function applyMissedNow(
  game: GameMeta,
  folded: Folded,
  common: Pick<CorrectionPayload, 'kind' | 'reason' | 'moderator' | 'dispute'>,
  correction: (p: CorrectionPayload) => NewEntry,
): Decided {
  const ruleset = rulesetOf(game)
  const pending = ruleset.pending(folded.state).flatMap((p) => p.seats)
  const missing = pending.filter((s) => folded.submitted[s] === undefined)
  if (missing.length === 0) throw new Conflict('no seat has still to act: there is no missed phase to apply')
  const illegal = missing.filter((s) => ruleset.validate(folded.state, s, [], folded.submitted).length > 0)
  if (illegal.length)
    throw new Conflict(
      `${illegal.join(', ')} cannot pass this step (the rules require orders): ` +
        'adjust the state, extend the deadline or adjudicate instead',
    )
  const payload: CorrectionPayload = { ...common }
  const { entries, after } = ordersAndResolution(
    game,
    folded,
    [correction(payload)],
    missing.map((seat) => ({ seat, orders: [], userId: null, note: { missedDeadline: true, byModerator: true } })),
  )
  return {
    entries,
    payload,
    before: folded,
    after,
    newStep: true,
    notes: [`${missing.join(', ')} pass this step, as the game's missed-phase policy says.`],
  }
}

export interface CorrectionPreview {
  /** The position the preview was made at: send it as If-Match to apply exactly this. */
  seq: number
  kind: CorrectionKind
  /** The position the correction would be written at. */
  at: number
  entries: Array<{ seq: number; kind: string; payload: unknown }>
  units: UnitChange[]
  notes: string[]
  /**
   * The dice shown are a sample: the correction resolves a step, and its real dice are drawn only when it
   * is applied, so no one can preview the rolls and choose when to apply.
   */
  sampleDice: boolean
  after: {
    seq: number
    state: unknown
    views: Record<string, unknown>
    pending: Pending[]
    outcome: Outcome | null
    deadline: string | null
    paused: boolean
  }
}

function previewOf(game: GameMeta, d: Decided, deadlineAt: Date | null, sampleDice = false): CorrectionPreview {
  const ruleset = rulesetOf(game)
  const seats = ruleset.seats(d.after.state).map((s) => s.id)
  return {
    seq: game.logSeq,
    kind: d.payload.kind,
    at: game.logSeq + 1,
    entries: d.entries.map((e, i) => ({ seq: game.logSeq + 1 + i, kind: e.kind, payload: e.payload })),
    units: unitChanges(game, d.before.state, d.after.state),
    notes: d.notes,
    sampleDice,
    after: {
      seq: d.after.seq,
      state: d.after.state,
      views: Object.fromEntries(seats.map((s) => [s, ruleset.view(d.after.state, s)])),
      pending: pendingOf(ruleset, d.after),
      outcome: outcomeOf(ruleset, d.after),
      deadline: iso(deadlineAt),
      paused: d.pausedAt === undefined ? game.pausedAt !== null : d.pausedAt !== null,
    },
  }
}

/** What a correction would produce, writing nothing. */
export async function previewCorrection(
  db: Db,
  gameId: string,
  caller: Caller,
  input: CorrectionInput,
  now = new Date(),
): Promise<CorrectionPreview> {
  const game = await moderated(db, gameId, caller)
  if (input.dispute) await db.$transaction((tx) => disputeForCorrection(tx, input.dispute!, gameId))
  const d = await decide(db, game, caller.userId, input, now, randomBytes(32).toString('hex'))
  const plan = planFor(game, d, now, [])
  const rolls = d.entries.some((e) => e.kind === 'RESOLUTION') || d.payload.kind === 'reresolve'
  if (rolls)
    d.notes.push(
      'The dice shown are a sample drawn for this preview: the real ones are drawn when the correction is applied, ' +
        'so a preview never shows the rolls the game will make.',
    )
  return previewOf(game, d, plan.deadlineAt, rolls)
}

function planFor(game: GameMeta, d: Decided, now: Date, extraOutbox: OutboxRow[]): Plan {
  return planAppend(game, d.before, d.entries, {
    now,
    after: d.after,
    newStep: d.newStep,
    ...(d.deadlineAt !== undefined ? { deadlineAt: d.deadlineAt } : {}),
    extraOutbox,
  })
}

export interface AppliedCorrection extends CorrectionPreview {
  receipt: string
}

/** A hook run inside the correction's transaction (the dispute it settles is marked ruled there). */
export type InTransaction = (
  tx: Tx,
  written: { seq: number; moderatorId: string | null; reason: string },
) => Promise<void>

/** Applies a correction at the position the moderator expects (If-Match): one CORRECTION entry and its effects. */
export async function applyCorrection(
  db: Db,
  gameId: string,
  caller: Caller,
  input: CorrectionInput,
  expectedSeq: number | undefined,
  opts: { now?: Date; inTransaction?: InTransaction; moderatorName?: string } = {},
): Promise<AppliedCorrection> {
  const now = opts.now ?? new Date()
  const result = await db.$transaction(async (tx) => {
    await tx.$queryRaw`SELECT 1 FROM "Game" WHERE id = ${gameId}::uuid FOR UPDATE`
    const game = await moderated(tx, gameId, caller)
    if (expectedSeq === undefined)
      throw new PreconditionRequired(
        'send If-Match: the log position you previewed the correction at (the "seq" of its preview), ' +
          'e.g. If-Match: "12": a correction is applied to the game as you saw it',
        { field: 'If-Match', currentSeq: game.logSeq },
      )
    const moderator = caller.userId
      ? ((await tx.user.findUnique({ where: { id: caller.userId }, select: { name: true } }))?.name ?? 'a moderator')
      : (opts.moderatorName ?? "the server's operator")
    const by = { moderatorId: caller.userId, userId: caller.userId, name: moderator }
    return writeCorrection(tx, game, input, expectedSeq, by, now, opts.inTransaction)
  }, TX_OPTIONS)
  afterCommit({ id: gameId, rulesVersion: result.plan.rulesVersion }, result.plan.after)
  return { ...previewOf(result.game, result.d, result.plan.deadlineAt), receipt: result.receipt }
}

/** A correction's values the email words in each reader's language (outbox moderation `kindParams`). */
function kindParams(d: Decided): Record<string, unknown> {
  const p = d.payload
  switch (p.kind) {
    case 'rollback':
      return { toSeq: p.toSeq }
    case 'reresolve':
      return { seq: p.seq }
    case 'adjust':
      return { count: p.changes?.length ?? 0, seats: Object.keys(d.before.submitted).sort() }
    case 'replace-player':
      return { seat: p.seat, player: d.seatHolder?.name }
    case 'resume':
      return { pausedMs: p.pausedMs, deadline: p.deadline }
    case 'extend-deadline':
      return { hours: p.hours, deadline: p.deadline }
    case 'apply-missed-policy':
      return { seats: d.entries.filter((e) => e.kind === 'ORDERS').map((e) => e.seat!) }
    case 'adjudicate':
      return { winner: p.winner ?? null }
    default:
      return {}
  }
}

/** Who writes a correction: a moderator, or the players agreeing a proposal (moderatorId null). */
interface Author {
  moderatorId: string | null
  /** The CORRECTION entry's userId: the moderator's, or the proposer's. */
  userId: string | null
  /** Who did it, in words, for the players' email. */
  name: string
  /** The players' proposal it carries out. */
  proposal?: string
}

/** The correction written in the caller's transaction (the game's row locked): one CORRECTION entry and its effects. */
async function writeCorrection(
  tx: Tx,
  game: GameMeta,
  input: CorrectionInput,
  expectedSeq: number,
  by: Author,
  now: Date,
  inTransaction?: InTransaction,
) {
  const gameId = game.id
  if (game.logSeq !== expectedSeq)
    throw new Conflict(`the game has moved on: you expected position ${expectedSeq}, it is at ${game.logSeq}`, {
      currentSeq: game.logSeq,
    })
  const dispute = input.dispute ? await disputeForCorrection(tx, input.dispute, gameId) : null
  const d = await decide(tx, game, by.moderatorId, input, now)
  // The payload object is the CORRECTION entry's own (decide built the entry with it).
  if (dispute) d.payload.disputeSeq = dispute.seq
  if (by.proposal) {
    d.payload.proposal = by.proposal
    for (const e of d.entries) if (e.kind === 'CORRECTION') e.userId = by.userId
  }
  const units = unitChanges(game, d.before.state, d.after.state)
  const notice: OutboxRow = {
    kind: 'moderation',
    payload: {
      seq: game.logSeq + 1,
      moderator: by.name,
      action: correctionAction(d.payload),
      reason: d.payload.reason,
      changes: [...d.notes, ...units.map(unitChangeLine)],
      at: now.toISOString(),
      correction: d.payload.kind,
      units: units.map((u) => u.unit),
      unitChanges: units,
      kindParams: kindParams(d),
      ...(d.payload.dispute ? { dispute: d.payload.dispute } : {}),
      ...(d.after.seq > game.logSeq + 1 ? { afterSeq: d.after.seq } : {}),
      ...(d.seatHolder?.previous ? { alsoTo: [d.seatHolder.previous] } : {}),
    },
  }
  // An agreed draw is told by the game-over email alone: a moderation email would say it twice.
  const agreedDraw = by.proposal !== undefined && d.payload.kind === 'adjudicate'
  const plan = planFor(game, d, now, agreedDraw ? [] : [notice])
  if (!(await commitPlan(tx, plan, true)))
    throw new Conflict('the game moved meanwhile: look at it again', { currentSeq: game.logSeq })
  if (d.pausedAt !== undefined) await tx.game.update({ where: { id: gameId }, data: { pausedAt: d.pausedAt } })
  if (d.seatHolder)
    await tx.seat.update({
      where: { gameId_seat: { gameId, seat: d.seatHolder.seat } },
      data: { userId: d.seatHolder.userId, joinedAt: now },
    })
  const written = plan.written[0]!
  if (dispute && by.moderatorId)
    await settleByCorrection(tx, dispute.id, {
      correctionSeq: written.seq,
      moderatorId: by.moderatorId,
      reason: d.payload.reason,
    })
  await inTransaction?.(tx, { seq: written.seq, moderatorId: by.moderatorId, reason: d.payload.reason })
  return { game, d, plan, receipt: receiptOf(plan.written.at(-1)!.seq, plan.written.at(-1)!.hash) }
}

/** A rollback every other player of the game accepted (src/games/proposals.ts). */
export interface AgreedRollback {
  proposal: string
  proposedById: string
  proposerName: string
  toSeq: number
  reason: string
  /** The position it was proposed at: the game must still be there. */
  atSeq: number
}

/**
 * Writes an agreed rollback in the caller's transaction, which has locked the game's row: the same
 * CORRECTION as a moderator's rollback, with moderator null, the proposal's id, and the proposer as the
 * entry's author (no moderator check: the players agreed). After the commit, call `committed()`.
 */
export async function applyAgreedRollback(
  tx: Tx,
  game: GameMeta,
  p: AgreedRollback,
  now = new Date(),
): Promise<{ seq: number; receipt: string; committed: () => void }> {
  const by = {
    moderatorId: null,
    userId: p.proposedById,
    name: `the players, by agreement (proposed by ${p.proposerName})`,
    proposal: p.proposal,
  }
  const input: CorrectionInput = { kind: 'rollback', toSeq: p.toSeq, reason: p.reason }
  const r = await writeCorrection(tx, game, input, p.atSeq, by, now)
  return {
    seq: r.plan.written[0]!.seq,
    receipt: r.receipt,
    committed: () => afterCommit({ id: game.id, rulesVersion: r.plan.rulesVersion }, r.plan.after),
  }
}

/**
 * Writes a draw every side agreed (src/games/draws.ts) in the caller's transaction, which has locked the
 * game's row: one CORRECTION `adjudicate` with winner null, moderator null, the offer's id, and the player
 * who offered it as the entry's author. The game ends; the game-over email says "draw".
 */
export async function applyAgreedDraw(
  tx: Tx,
  game: GameMeta,
  p: { offer: string; offeredById: string; offererName: string; atSeq: number },
  now = new Date(),
): Promise<{ seq: number; receipt: string; committed: () => void }> {
  const by = {
    moderatorId: null,
    userId: p.offeredById,
    name: `the players, by agreement (offered by ${p.offererName})`,
    proposal: p.offer,
  }
  const input: CorrectionInput = { kind: 'adjudicate', winner: null, reason: AGREED_DRAW_REASON }
  const r = await writeCorrection(tx, game, input, p.atSeq, by, now)
  return {
    seq: r.plan.written[0]!.seq,
    receipt: r.receipt,
    committed: () => afterCommit({ id: game.id, rulesVersion: r.plan.rulesVersion }, r.plan.after),
  }
}

/** Refuses a rollback a player proposes as a moderator's would be (the proposal is checked, nothing written). */
export async function checkRollback(db: Db | Tx, game: GameMeta, toSeq: unknown, reason: unknown): Promise<string> {
  const input: CorrectionInput = { kind: 'rollback', toSeq: toSeq as number, reason: reason as string }
  return (await decide(db, game, null, input, new Date())).payload.reason
}

/** What the correction did, in a few words (English, as the log keeps it; the email words it per reader). */
export function correctionAction(p: CorrectionPayload): string {
  switch (p.kind) {
    case 'rollback':
      return `rolled the game back to log entry ${p.toSeq}`
    case 'reresolve':
      return `resolved the step of log entry ${p.seq} again`
    case 'adjust':
      return `adjusted the game (${p.changes?.length ?? 0} change${p.changes?.length === 1 ? '' : 's'})`
    case 'replace-player':
      return `gave seat ${p.seat} to another player`
    case 'pause':
      return 'paused the game'
    case 'resume':
      return 'resumed the game'
    case 'extend-deadline':
      return `extended the deadline by ${p.hours} h`
    case 'apply-missed-policy':
      return "applied the game's missed-phase policy"
    case 'adjudicate':
      return p.winner === null ? 'ended the game as a draw' : `ended the game: ${p.winner} wins`
  }
}

/** Whether the caller moderates this game (false for an unknown or hidden game: its route answers that). */
export async function isModeratorOf(db: Db, gameId: string, caller: Caller): Promise<boolean> {
  if (!caller.userId) return false
  const game = await gameMetaRow(db, gameId)
  if (!game) return false
  return canModerate(await moderatorAccount(db, caller.userId), game)
}

/** The full state at a position, hidden information included: for the game's moderators only. */
export async function moderatorState(db: Db, gameId: string, caller: Caller, at?: number) {
  const game = await moderated(db, gameId, caller)
  if (game.logSeq === 0) throw new Conflict('the game has not started: it has no state yet')
  if (at !== undefined && (!Number.isInteger(at) || at < 1 || at > game.logSeq))
    throw new NotFound(`the log has entries 1 to ${game.logSeq}`, { field: 'at' })
  const f = (await loadFolded(db, game, at))!
  const ruleset = rulesetOf(game)
  return {
    seq: f.seq,
    head: game.logSeq,
    supersededBy: (await lineageOf(db, game.id))?.supersededBy.get(f.seq) ?? null,
    state: f.state,
    submitted: f.submitted,
    pending: pendingOf(ruleset, f),
    outcome: outcomeOf(ruleset, f),
    seats: ruleset.seats(f.state).map((s) => s.id),
  }
}

/**
 * Every entry of a game with what its lineage needs (fold.ts lineage): its position, kind and seat, and
 * of a CORRECTION the fields that say where it continues from and what it sets aside. Null when the game
 * has no correction: its log is one line.
 */
export async function lineEntries(
  db: Db | Tx,
  gameId: string,
): Promise<Array<LineEntry & { seat: string | null }> | null> {
  const rows = await db.$queryRaw<Array<{ seq: number; kind: string; seat: string | null; payload: unknown }>>`
    SELECT seq, kind::text AS kind, seat,
           CASE WHEN kind = 'CORRECTION' THEN jsonb_build_object('kind', payload->'kind', 'toSeq', payload->'toSeq',
                  'seq', payload->'seq', 'setAside', payload->'setAside')
                WHEN kind = 'MODERATION' THEN jsonb_build_object('action', payload->'action') END AS payload
      FROM "LogEntry" WHERE "gameId" = ${gameId}::uuid ORDER BY seq`
  return rows.some((r) => r.kind === 'CORRECTION') ? rows : null
}

/** The lineage of a game's log (which entries are set aside, which orders were resolved), or null: one line. */
export async function lineageOf(db: Db | Tx, gameId: string): Promise<Lineage | null> {
  const rows = await lineEntries(db, gameId)
  return rows ? lineage(rows) : null
}

/**
 * The ORDERS entries whose orders are in for the step now (the seats of `submitted`), found by walking
 * the line of play back from its last entry to where the step began.
 */
async function ordersInStep(db: Db | Tx, gameId: string, submitted: Record<string, unknown>): Promise<number[]> {
  const seats = new Set(Object.keys(submitted))
  if (seats.size === 0) return []
  const rows =
    (await lineEntries(db, gameId)) ??
    (
      await db.logEntry.findMany({
        where: { gameId },
        select: { seq: true, kind: true, seat: true },
        orderBy: { seq: 'asc' },
      })
    ).map((r) => ({ ...r, payload: null }))
  const bySeq = new Map(rows.map((r) => [r.seq, r]))
  const found: number[] = []
  let p = rows.at(-1)?.seq ?? 0
  while (p > 0 && seats.size > 0) {
    const e = bySeq.get(p)!
    const c = e.kind === 'CORRECTION' ? (e.payload as Partial<CorrectionPayload> | null) : null
    if (e.kind === 'RESOLUTION' || e.kind === 'SETUP' || c?.kind === 'reresolve' || c?.kind === 'adjust') break
    if (e.kind === 'ORDERS' && e.seat && seats.delete(e.seat)) found.push(e.seq)
    p = (e.kind === 'CORRECTION' ? correctionBase(e.payload) : null) ?? p - 1
  }
  return found.sort((a, b) => a - b)
}

export { moderated as moderatedGame }
