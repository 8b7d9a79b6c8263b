// A game's state is a fold over its log. Snapshots hold the fold at some entry; they are caches.
import { createDice } from '../engine/dice.js'
import {
  RulesVersionError,
  rulesVersionProblem,
  type Adjustment,
  type Outcome,
  type Pending,
  type SetupConfig,
} from '../engine/ruleset.js'
import type { Entry } from '../store/log.js'
import type { AnyRuleset } from '../rulesets/contract.js'

/** What the fold carries: the engine state, this step's submissions so far, a game-level outcome. */
export interface Folded {
  seq: number
  /* eslint-disable-next-line @typescript-eslint/no-explicit-any -- the engine state of any rule system */
  state: any
  /** Orders submitted for the current step by each seat, not yet resolved. */
  submitted: Record<string, unknown[]>
  /** An outcome decided outside the rules (resignation); the engine's own is in `state`. */
  verdict: Outcome | null
}

/** What replaying a game's log needs besides its entries. */
export interface Replay {
  /** The secret dice seed. */
  seed: string
  /**
   * The rules version the game started with (its row). The SETUP entry names it too, except in games
   * started before entries did: for those the row is the only record. A MODERATION entry may move the
   * game to other rules later (RulesMigrationPayload); the state then carries the version it plays.
   */
  rulesVersion: string
}

export interface SetupPayload {
  scenario: unknown
  /** The setup's config; `rulesVersion` is absent in games started before the SETUP entry named it. */
  config: SetupConfig
  /** sha256 of the dice seed, anchored in the log (absent in games started before it was). */
  seedCommitment?: string
  /** Who held each seat when the game started (absent in games started before it was). */
  seats?: Record<string, string | null>
  /** The game master's account, or null for none (absent in games started before it was named here). */
  gameMaster?: string | null
}

export interface OrdersPayload {
  /** The orders readable once the step resolves. */
  orders: unknown[]
  /** The seat's private orders (standing orders), under their own commitment; absent in old entries. */
  private?: Record<string, unknown[]>
  /** The step the orders were for, for readers of the log. */
  step: string
  turn: number
}

export interface ResolutionPayload {
  /** Each seat's orders, less its private ones. */
  submissions: Record<string, unknown[]>
  /** Each seat's private orders; absent in old entries. */
  private?: Record<string, unknown[]>
  events: unknown[]
  rolls: unknown[]
}

/** A MODERATION entry moving a running game to other rules, from this entry on. */
export interface RulesMigrationPayload {
  action: 'rules-version'
  from: string
  to: string
  reason: string
}

/** The kinds of correction a CORRECTION entry records (docs/moderation.md). */
export const CORRECTION_KINDS = [
  'rollback',
  'adjust',
  'reresolve',
  'replace-player',
  'pause',
  'resume',
  'extend-deadline',
  'apply-missed-policy',
  'adjudicate',
] as const
export type CorrectionKind = (typeof CORRECTION_KINDS)[number]

/**
 * A CORRECTION entry: a moderator's (or the players' agreed) change to the game, appended like any
 * other entry. What each kind carries besides the common fields is in docs/moderation.md.
 */
export interface CorrectionPayload {
  kind: CorrectionKind
  /** Why, in the moderator's words. */
  reason: string
  /** The moderator's account (also the entry's userId); null when the players agreed it among themselves. */
  moderator: string | null
  /** The dispute it settles, if any. */
  dispute: string | null
  /** The entry that dispute is about (so the dispute's own row can be checked against the log). */
  disputeSeq?: number
  /** The players' proposal it carries out (a rollback every other player accepted), if any. */
  proposal?: string
  /** rollback: play continues from the state at this entry. */
  toSeq?: number
  /** adjust: the changes, in the rule system's vocabulary. */
  changes?: Adjustment[]
  /** adjust: the ORDERS entries of the step whose orders it drops (their seats submit again). */
  setAside?: number[]
  /** reresolve: the RESOLUTION entry resolved again. */
  seq?: number
  /** reresolve: the same submissions as that entry (private ones apart, as in a RESOLUTION). */
  submissions?: Record<string, unknown[]>
  private?: Record<string, unknown[]>
  events?: unknown[]
  rolls?: unknown[]
  /** replace-player: the seat, and the accounts that held it before and hold it now. */
  seat?: string
  from?: string | null
  to?: string
  /** extend-deadline, pause, resume: the deadline before and after (ISO), when there is one. */
  deadline?: { from: string | null; to: string | null }
  hours?: number
  /** resume: how long the game was paused, in milliseconds. */
  pausedMs?: number
  /** adjudicate: the side that wins, or null for a draw. */
  winner?: string | null
}

/** The reason an agreed draw's CORRECTION keeps (src/games/draws.ts; emails word it per reader). */
export const AGREED_DRAW_REASON = 'every side agreed a draw'

/**
 * The position a correction continues from when it is not the entry before it: a rollback's target,
 * or the entry before the resolution a re-resolve replaces. Null for every other kind.
 */
export function correctionBase(payload: unknown): number | null {
  const p = payload as Partial<CorrectionPayload> | null
  if (p?.kind === 'rollback' && Number.isInteger(p.toSeq)) return p.toSeq!
  if (p?.kind === 'reresolve' && Number.isInteger(p.seq)) return p.seq! - 1
  return null
}

/** The fold at an earlier position of the same log: what rollbacks and re-resolves continue from. */
export type PastFolds = (seq: number) => Folded

export interface ResignPayload {
  side: string
  winner: string | null
}

/** A seat's orders as submitted: its readable orders, then its private ones. */
export function ordersOf(payload: OrdersPayload, seat: string): unknown[] {
  return [...payload.orders, ...(payload.private?.[seat] ?? [])]
}

/** The submissions a RESOLUTION resolved, private orders included. */
export function submissionsOf(payload: ResolutionPayload): Record<string, unknown[]> {
  const seats = new Set([...Object.keys(payload.submissions), ...Object.keys(payload.private ?? {})])
  return Object.fromEntries(
    [...seats].sort().map((seat) => [seat, [...(payload.submissions[seat] ?? []), ...(payload.private?.[seat] ?? [])]]),
  )
}

/** Orders apart: those read once the step resolves, and the private ones (ruleset.isPrivateOrder). */
export function splitOrders(ruleset: AnyRuleset, orders: unknown[]): { open: unknown[]; secret: unknown[] } {
  const isPrivate = ruleset.isPrivateOrder as ((o: unknown) => boolean) | undefined
  if (!isPrivate) return { open: orders, secret: [] }
  return { open: orders.filter((o) => !isPrivate(o)), secret: orders.filter((o) => isPrivate(o)) }
}

/** Who wins when `side` resigns: the other side of a two-sided game; with more sides, the first other one. */
export function resignationWinner(sides: string[], side: string): string | null {
  return sides.find((s) => s !== side) ?? null
}

/**
 * A game lost on time (missed-phase policy `forfeit`, src/games/deadlines.ts): every side with a seat
 * still to act when the deadline passed loses. `sides` are the late sides, `winner` the one side on time
 * (null when every side was late: a draw).
 */
export interface ForfeitPayload {
  event: 'forfeit'
  seats: string[]
  sides: string[]
  deadline: string
  winner: string | null
}

/** Who wins when `late` sides miss a deadline: the one side on time; none (a draw) when all, or several, are. */
export function forfeitWinner(sides: string[], late: string[]): string | null {
  const onTime = sides.filter((s) => !late.includes(s))
  return onTime.length === 1 ? onTime[0]! : null
}

/** The verdict of a forfeit on time, like a resignation's: the reason names the late sides. */
export function forfeitVerdict(p: ForfeitPayload): Outcome {
  const reason =
    p.winner === null && p.sides.length > 1 ? 'both sides missed the deadline' : `${p.sides.join(' and ')} lost on time`
  return { winner: p.winner, reason, ref: 'timeout' }
}

export function applyEntry(
  ruleset: AnyRuleset,
  game: Replay,
  folded: Folded | null,
  entry: Entry,
  past?: PastFolds,
): Folded {
  switch (entry.kind) {
    case 'SETUP': {
      const p = entry.payload as SetupPayload
      const version = setupVersion(ruleset, game, p)
      const { state } = ruleset.setup(
        p.scenario,
        { ...p.config, rulesVersion: version },
        createDice(game.seed, entry.seq),
      )
      if (ruleset.versionOf(state) !== version)
        throw new RulesVersionError(
          `${ruleset.id} was asked to set up rules version "${version}" and set up "${ruleset.versionOf(state)}"`,
        )
      return { seq: entry.seq, state, submitted: {}, verdict: null }
    }
    case 'ORDERS': {
      const f = need(folded, entry)
      return {
        ...f,
        seq: entry.seq,
        submitted: { ...f.submitted, [entry.seat!]: ordersOf(entry.payload as OrdersPayload, entry.seat!) },
      }
    }
    case 'RESOLUTION': {
      const f = playable(ruleset, need(folded, entry))
      const { state } = ruleset.resolve(
        f.state,
        submissionsOf(entry.payload as ResolutionPayload),
        createDice(game.seed, entry.seq),
      )
      return { seq: entry.seq, state, submitted: {}, verdict: f.verdict }
    }
    case 'RESIGN': {
      const f = need(folded, entry)
      const p = entry.payload as ResignPayload
      return { ...f, seq: entry.seq, verdict: { winner: p.winner, reason: `${p.side} resigned`, ref: 'resign' } }
    }
    case 'TIMEOUT': {
      const f = need(folded, entry)
      const p = entry.payload as { event?: string }
      return p.event === 'forfeit'
        ? { ...f, seq: entry.seq, verdict: forfeitVerdict(p as ForfeitPayload) }
        : { ...f, seq: entry.seq }
    }
    case 'MODERATION': {
      const f = need(folded, entry)
      const p = entry.payload as { action?: string }
      return p.action === 'rules-version'
        ? { ...f, seq: entry.seq, state: migrated(ruleset, f, p as RulesMigrationPayload) }
        : { ...f, seq: entry.seq }
    }
    case 'CORRECTION':
      return corrected(ruleset, game, need(folded, entry), entry, past)
    default:
      return { ...need(folded, entry), seq: entry.seq }
  }
}

/** The fold after a CORRECTION entry. */
function corrected(ruleset: AnyRuleset, game: Replay, f: Folded, entry: Entry, past?: PastFolds): Folded {
  const p = entry.payload as CorrectionPayload
  const base = correctionBase(p)
  const from = base === null ? f : pastFold(past, base, entry)
  switch (p.kind) {
    case 'rollback':
      return { ...from, seq: entry.seq }
    case 'reresolve': {
      const { state } = ruleset.resolve(
        playable(ruleset, from).state,
        submissionsOf(p as ResolutionPayload),
        createDice(game.seed, entry.seq),
      )
      return { seq: entry.seq, state, submitted: {}, verdict: from.verdict }
    }
    case 'adjust': {
      const r = ruleset.adjust(f.state, p.changes ?? [])
      if (!r.ok)
        throw new Error(
          `the adjustment at entry ${entry.seq} does not apply: ` +
            r.errors.map((e) => `${e.rule} ${e.message}`).join('; '),
        )
      // Orders already in for the step were checked against the state before: their seats submit again.
      return { ...f, seq: entry.seq, state: r.state, submitted: {} }
    }
    case 'adjudicate':
      return { ...f, seq: entry.seq, verdict: { winner: p.winner ?? null, reason: p.reason, ref: 'adjudicate' } }
    default:
      return { ...f, seq: entry.seq }
  }
}

function pastFold(past: PastFolds | undefined, seq: number, entry: Entry): Folded {
  if (seq < 1 || seq >= entry.seq)
    throw new Error(`the correction at entry ${entry.seq} continues from entry ${seq}, which is not before it`)
  if (!past) throw new Error(`the correction at entry ${entry.seq} needs the fold at entry ${seq}, which was not given`)
  return past(seq)
}

/**
 * The earlier folds a list of entries needs (rollbacks and re-resolves continue from them), computed
 * from the list itself, which must start at the game's first entry: each is folded once, when asked.
 */
export function pastFromEntries(ruleset: AnyRuleset, game: Replay, entries: readonly Entry[]): PastFolds {
  const memo = new Map<number, Folded>()
  const past: PastFolds = (seq) => {
    const hit = memo.get(seq)
    if (hit) return hit
    let f: Folded | null = null
    for (const e of entries) {
      if (e.seq > seq) break
      f = applyEntry(ruleset, game, f, e, past)
    }
    if (!f || f.seq !== seq) throw new Error(`the log has no entry ${seq} to continue from`)
    memo.set(seq, f)
    return f
  }
  return past
}

/** What the lineage of a log needs of each entry: its position, kind, and a CORRECTION's payload. */
export interface LineEntry {
  seq: number
  kind: string
  /** A CORRECTION's payload (kind, toSeq, seq, setAside); other entries' payloads are not read. */
  payload: unknown
}

export interface Lineage {
  /** Entries set aside, each with the entry that set it aside; an entry on the line of play has none. */
  supersededBy: Map<number, number>
  /** Whether the step of these orders was resolved, in whatever line: then everyone may read them. */
  resolved(seq: number): boolean
}

/**
 * The log as a tree: each entry continues from the one before it, except a rollback or a re-resolve,
 * which continues from its base (correctionBase). The line of play is the path from the last entry
 * back to the first; an entry off it was set aside by the first later entry that does not continue
 * from it. An adjustment sets aside the orders it drops (`setAside`) while it is on the line. Orders
 * count as resolved when a resolution continues from them without an adjustment dropping them first.
 */
export function lineage(entries: readonly LineEntry[]): Lineage {
  const bySeq = new Map(entries.map((e) => [e.seq, e]))
  const parentOf = (e: LineEntry): number => {
    const base = e.kind === 'CORRECTION' ? correctionBase(e.payload) : null
    return base ?? e.seq - 1
  }
  const parent = new Map(entries.map((e) => [e.seq, parentOf(e)]))
  const children = new Map<number, number[]>()
  for (const e of entries) children.set(parent.get(e.seq)!, [...(children.get(parent.get(e.seq)!) ?? []), e.seq])
  /** Whether `a` is `c` or an entry `c` continues from. */
  const descends = (c: number, a: number): boolean => {
    let p = c
    while (p > a) p = parent.get(p) ?? 0
    return p === a
  }
  const head = entries.at(-1)?.seq ?? 0
  const line = new Set<number>()
  for (let p = head; p > 0; p = parent.get(p) ?? 0) line.add(p)
  const supersededBy = new Map<number, number>()
  // A ruling on a dispute is a record beside the game, not a move in it: it is never set aside.
  const record = (e: LineEntry) =>
    e.kind === 'MODERATION' && (e.payload as { action?: unknown } | null)?.action === 'ruling'
  for (const e of entries) {
    if (line.has(e.seq) || record(e)) continue
    for (let c = e.seq + 1; c <= head; c++)
      if (bySeq.has(c) && !descends(c, e.seq)) {
        supersededBy.set(e.seq, c)
        break
      }
  }
  const dropped = new Map<number, number[]>()
  for (const e of entries) {
    const p = e.kind === 'CORRECTION' ? (e.payload as Partial<CorrectionPayload> | null) : null
    if (p?.kind !== 'adjust' || !Array.isArray(p.setAside)) continue
    dropped.set(e.seq, p.setAside)
    if (line.has(e.seq)) for (const s of p.setAside) if (!supersededBy.has(s)) supersededBy.set(s, e.seq)
  }
  const isResolution = (e: LineEntry | undefined) =>
    e?.kind === 'RESOLUTION' ||
    (e?.kind === 'CORRECTION' && (e.payload as Partial<CorrectionPayload> | null)?.kind === 'reresolve')
  const resolvedMemo = new Map<number, boolean>()
  const resolved = (seq: number): boolean => {
    const hit = resolvedMemo.get(seq)
    if (hit !== undefined) return hit
    let found = false
    const queue = [...(children.get(seq) ?? [])]
    while (queue.length && !found) {
      const c = queue.shift()!
      if (isResolution(bySeq.get(c))) found = true
      else if (!dropped.get(c)?.includes(seq)) queue.push(...(children.get(c) ?? []))
    }
    resolvedMemo.set(seq, found)
    return found
  }
  return { supersededBy, resolved }
}

/** The state under the rules a migration entry names: from exactly the version the game plays. */
function migrated(ruleset: AnyRuleset, f: Folded, p: RulesMigrationPayload): unknown {
  const now = ruleset.versionOf(f.state)
  if (p.from !== now)
    throw new RulesVersionError(`a migration from rules version "${p.from}" in a game that plays "${now}"`)
  const problem = rulesVersionProblem(ruleset, p.to)
  if (problem) throw new RulesVersionError(`this game cannot be migrated: ${problem}`)
  if (!ruleset.migrate) throw new RulesVersionError(`${ruleset.id} does not migrate running games to other rules`)
  const state = ruleset.migrate(f.state, p.to)
  if (ruleset.versionOf(state) !== p.to)
    throw new RulesVersionError(
      `${ruleset.id} was asked to migrate to "${p.to}" and gave "${ruleset.versionOf(state)}"`,
    )
  return state
}

/** The rules version a SETUP entry plays: the one it names, which must be the game's. */
function setupVersion(ruleset: AnyRuleset, game: Replay, p: SetupPayload): string {
  const named = p.config.rulesVersion
  if (named !== undefined && named !== game.rulesVersion)
    throw new RulesVersionError(
      `the game's SETUP entry plays rules version "${named}", but the game says it plays "${game.rulesVersion}"`,
    )
  const problem = rulesVersionProblem(ruleset, game.rulesVersion)
  if (problem) throw new RulesVersionError(`this game cannot be replayed: ${problem}`)
  return game.rulesVersion
}

/** The fold, when the engine still plays its rules version: never resolved under other rules. */
function playable(ruleset: AnyRuleset, f: Folded): Folded {
  const problem = rulesVersionProblem(ruleset, ruleset.versionOf(f.state))
  if (problem) throw new RulesVersionError(`this game cannot be played on: ${problem}`)
  return f
}

function need(folded: Folded | null, entry: Entry): Folded {
  if (!folded) throw new Error(`log entry ${entry.seq} (${entry.kind}) comes before the game's SETUP`)
  return folded
}

/**
 * The fold after `entries`, from `start` (a snapshot) or from nothing. Throws RulesVersionError for rules it
 * cannot play.
 */
export function fold(
  ruleset: AnyRuleset,
  game: Replay,
  start: Folded | null,
  entries: Entry[],
  past?: PastFolds,
): Folded | null {
  let f = start && playable(ruleset, start)
  for (const e of entries) f = applyEntry(ruleset, game, f, e, past)
  return f
}

export function outcomeOf(ruleset: AnyRuleset, f: Folded): Outcome | null {
  return f.verdict ?? ruleset.outcome(f.state)
}

/** Who must act after `f`: for each side, the seats still to submit, and those that have. */
export function pendingOf(ruleset: AnyRuleset, f: Folded): Pending[] {
  if (outcomeOf(ruleset, f)) return []
  return ruleset.pending(f.state).map((p) => ({
    ...p,
    seats: p.seats.filter((s) => f.submitted[s] === undefined),
    submitted: p.seats.filter((s) => f.submitted[s] !== undefined),
  }))
}
