// The Ruleset contract and the types every rule system shares (see ../shared/DESIGN.md).
// Nothing here touches I/O, the clock or Math.random.
import type { TSchema } from '@sinclair/typebox'
import type { Dice, DieRoll } from './dice.js'

export type SideId = string
export type SeatId = string

/** A player's place inside a side: controls the units of some force groups. */
export interface Seat {
  id: SeatId
  side: SideId
  groups: string[]
}

/** Who must act now. A step is complete when every seat in `seats` has submitted. */
export interface Pending {
  side: SideId
  step: string
  seats: SeatId[]
  sealed: boolean
  /** What kind of orders the step takes, in words a player reads. */
  description: string
  /** Seats of this side that have already submitted for the step (set by the server, not the rules). */
  submitted?: SeatId[]
}

/** A refused order: always cites the rule it enforces. */
export interface OrderError {
  rule: string
  message: string
  /** 1-based line of the text notation, when the orders came as text. */
  line?: number
  /** 0-based index of the order in the submission. */
  order?: number
  field?: string
  /** The message's stable id in the order-error catalogues (locales/<locale>/orders.json). */
  key?: string
  /** The values the message names, by the names its catalogue entries use. */
  params?: Record<string, string | number>
}

export interface GameEvent {
  type: string
  ref?: string
  [key: string]: unknown
}

export interface Outcome {
  /** null means a draw. */
  winner: SideId | null
  reason: string
  ref: string
}

export interface Resolution<S> {
  state: S
  events: GameEvent[]
  rolls: DieRoll[]
}

/**
 * What the text notation read. `lines[i]` is the 1-based line of `orders[i]`, `passes` the lines that
 * said "pass": with them a reader can tell the orders from the words around them. When some lines
 * could not be read, the orders of the others are still given, so they can be checked too.
 */
export type Parsed<O> =
  | { ok: true; orders: O[]; lines?: number[]; passes?: number[] }
  | { ok: false; errors: OrderError[]; orders?: O[]; lines?: number[]; passes?: number[] }

/**
 * A moderator's change to a game's state, in the rule system's own vocabulary (docs/moderation.md):
 * each has a `kind` ("move", "remove", "restore", "damage", "flip", …) and the fields that kind takes.
 */
export interface Adjustment {
  kind: string
  [field: string]: unknown
}

/** What adjust() gives: the state after every change, or the errors (each citing its rule) and no state. */
export type Adjusted<S> = { ok: true; state: S } | { ok: false; errors: OrderError[] }

/** Who looks at the game: a seat, or null for an observer. */
export type Viewer = SeatId | null

export interface OptionSpec {
  id: string
  ref: string
  description: string
  values: readonly (string | number | boolean)[]
  default: string | number | boolean
}

/** Where the game stands in its sequence of play, as players count it. */
export interface TurnInfo {
  turn: number
  /** The part of the turn, for systems that split turns (1, 2, …); absent otherwise. */
  half?: number
}

export interface SetupConfig {
  /** Number of players; picks the scenario's seat layout. */
  players: number
  options?: Record<string, string | number | boolean>
  /**
   * The rules version to play, one of the ruleset's `versions`; absent: its current `version`. A game's
   * SETUP entry names it, so its log replays under the rules it was played with (docs/engine-versions.md).
   */
  rulesVersion?: string
}

/** A rules version a rule system does not play (any more, or yet): a game is never replayed under other rules. */
export class RulesVersionError extends Error {
  override name = 'RulesVersionError'
}

/** Why `ruleset` cannot play `version`, or null when it can. */
export function rulesVersionProblem(
  ruleset: { id: string; versions: readonly string[] },
  version: string,
): string | null {
  if (ruleset.versions.includes(version)) return null
  const played = ruleset.versions.map((v) => `"${v}"`).join(', ')
  return `rules version "${version}" is not one this server plays: ${ruleset.id} plays ${played}`
}

/**
 * TypeBox schemas of what a rule system sends through the API, so the OpenAPI document describes its
 * answers and a typed client can be generated. The API's schema of each is the union of the registered
 * systems' schemas; a system that gives none is described as a plain JSON object there.
 */
export interface ApiSchemas {
  /** What view() returns. */
  view?: TSchema
  /** What options() returns. */
  options?: TSchema
  /** What preview() returns (the whole array). */
  preview?: TSchema
}

/**
 * A rule system as a value. S is the state (plain JSON), O an order, Scn the scenario data,
 * V the view and U the options a seat is offered.
 */
export interface Ruleset<Scn, S, O, V, U> {
  id: string
  /** The rules version new games start at: the last of `versions`. */
  version: string
  /**
   * Every rules version this system still plays, oldest first. A change that alters what a recorded game
   * does adds a version and keeps the old behaviour under the old one (docs/engine-versions.md).
   */
  versions: readonly string[]
  /**
   * The rules version a state plays: the one setup was given in `config.rulesVersion`, carried by every
   * state after it, so options, validate, resolve and view behave as that version did.
   */
  versionOf(state: S): string
  /**
   * The state carried over to rules version `to`, for a running game moved to other rules by an explicit
   * entry in its log (docs/engine-versions.md). Absent: a running game always keeps its version.
   */
  migrate?(state: S, to: string): S
  optionSpecs: readonly OptionSpec[]
  /** Throws when `config.rulesVersion` is not one of `versions`. */
  setup(scenario: Scn, config: SetupConfig, dice: Dice): Resolution<S>
  seats(state: S): Seat[]
  pending(state: S): Pending[]
  options(state: S, seat: SeatId): U
  /** Orders of `seat` for the current step; `others` are the orders already submitted by teammates. */
  validate(state: S, seat: SeatId, orders: O[], others?: Record<SeatId, O[]>): OrderError[]
  /** Runs when the step is complete, then every automatic step after it. */
  resolve(state: S, submissions: Record<SeatId, O[]>, dice: Dice): Resolution<S>
  view(state: S, viewer: Viewer): V
  outcome(state: S): Outcome | null
  /** The turn the state is in: kept with each ORDERS entry and shown in emails. Absent: turn 0. */
  turnOf?(state: S): TurnInfo
  parseOrders(text: string, state: S, seat: SeatId): Parsed<O>
  /**
   * JSON Schema (data) of a submission's orders as JSON: each an object with a `kind`, no unknown
   * fields, bounded strings and numbers. The server checks every submission against it.
   */
  ordersSchema: TSchema
  /** An order that passed ordersSchema, rebuilt field by field in the form parseOrders gives: what is stored. */
  normaliseOrder(order: O): O
  formatOrders(orders: O[], state: S): string
  /** What the orders would do, without dice (odds of each attack): for previews and confirmations. */
  preview?(state: S, seat: SeatId, orders: O[]): unknown[]
  /**
   * Orders only their own seat may read until the game ends (standing orders): the log keeps them
   * apart, under their own salted commitment. Absent: every order is read once its step resolves.
   */
  isPrivateOrder?(order: O): boolean
  /**
   * Whether the orders only set standing orders (choices made ahead for other phases): they decide
   * nothing in the step, so such a submission passes it only when the player says so.
   */
  onlyStanding?(orders: O[]): boolean
  /** The shapes of its view, options and preview, for the API's documentation and typed clients. */
  schemas?: ApiSchemas
  /**
   * Moderators' adjustments (docs/moderation.md). JSON Schema (data) of one adjustment: a `kind` and the
   * fields that kind takes, no unknown fields, bounded strings and numbers.
   */
  adjustmentSchema: TSchema
  /** Adjustments in text, one a line (`A12 move 0406`); errors name their line. */
  parseAdjustments(text: string, state: S): Parsed<Adjustment>
  /** The adjustments as text, one a line, in the notation parseAdjustments reads. */
  formatAdjustments(changes: Adjustment[], state: S): string
  /**
   * The state after the changes, applied in order, each exactly what it says and nothing else; refused
   * (no state) when a change names what does not exist or cannot be, or when the result breaks check().
   */
  adjust(state: S, changes: Adjustment[]): Adjusted<S>
  /**
   * The state's invariants, each broken one an error citing its rule: over-stacking, a unit off the map,
   * a value out of range. Empty: the state is sound. Every state the rules reach passes it.
   */
  check(state: S): OrderError[]
  /**
   * Every unit's fields a moderator reads and adjusts (position, facing, damage, status, form, …), by unit
   * id, as plain JSON values: corrections are shown as the difference of these, unit by unit. A unit
   * removed from play is listed with its status saying so.
   */
  unitsOf(state: S): Record<string, Record<string, unknown>>
}
