// A game's state is a fold over its log. Snapshots hold the fold at some entry; they are caches.
import { createDice } from '../engine/dice.js'
import {
  RulesVersionError,
  rulesVersionProblem,
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

export function applyEntry(ruleset: AnyRuleset, game: Replay, folded: Folded | null, entry: Entry): Folded {
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
    case 'MODERATION': {
      const f = need(folded, entry)
      const p = entry.payload as { action?: string }
      return p.action === 'rules-version'
        ? { ...f, seq: entry.seq, state: migrated(ruleset, f, p as RulesMigrationPayload) }
        : { ...f, seq: entry.seq }
    }
    default:
      return { ...need(folded, entry), seq: entry.seq }
  }
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
export function fold(ruleset: AnyRuleset, game: Replay, start: Folded | null, entries: Entry[]): Folded | null {
  let f = start && playable(ruleset, start)
  for (const e of entries) f = applyEntry(ruleset, game, f, e)
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
