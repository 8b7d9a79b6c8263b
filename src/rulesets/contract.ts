// What a rule system gives the server. Each system is one folder, src/rulesets/<id>/, holding its pure
// engine (a Ruleset: rules, notation, order schema, options, preview), its scenario loader, and the
// words and pictures its emails use; it is listed once in src/rulesets/index.ts. The generic layers
// (games, store, http, notify, scenarios, main) reach a system only through this contract.
import type { GameEvent, Outcome, Pending, Ruleset } from '../engine/ruleset.js'
import type { Locale } from '../i18n/index.js'
import type { HexMapModel } from '../present/map-model.js'

/* eslint-disable @typescript-eslint/no-explicit-any -- the registry holds rule systems of any state type */
export type AnyRuleset = Ruleset<any, any, any, any, any>
/* eslint-enable @typescript-eslint/no-explicit-any */

/** A scenario as the catalogue shows it (GET /rulesets), whatever the system's own data looks like. */
export interface ScenarioSummary {
  id: string
  title: string
  description: string
  players: { min: number; max: number }
  sides: Array<{ id: string; name: string }>
  seatLayouts: Array<{ players: number; seats: Array<{ id: string; side: string; groups: string[] }> }>
  houseData: boolean
  notes: string[]
}

/** A scenario: its catalogue entry, and the data the engine's setup() takes (stored in the SETUP entry). */
export interface ScenarioEntry {
  summary: ScenarioSummary
  data: unknown
}

/** Lines for an email, and how many were left out to keep it readable. */
export interface EmailLines {
  lines: string[]
  omitted: number
}

/** A table of unit states for one reader: a title, the column heads, and a row of cells per unit. */
export interface StatusPanel {
  title: string
  columns: string[]
  rows: string[][]
}

/**
 * A rule system. `view` and `options` arguments are what its own ruleset's view() and options()
 * returned (possibly read back from JSON): each hook checks the shape it relies on. Every hook that
 * returns words takes the reader's `locale` (an account's language, `en` or `ja`) and answers in it,
 * falling back to English for words it has no translation of; notation (order examples, unit ids)
 * is the same in every language.
 */
export interface RuleSystem {
  /** The id games store (Game.ruleset) and the API names: lower case letters and digits, as its folder. */
  id: string
  /** The name players know, as the rulebook writes it. */
  title: string
  /** The pure engine. */
  ruleset: AnyRuleset
  /**
   * Its scenarios, read and checked once per process (the server checks them at start: bad data stops
   * it there). Throws, naming the file and field, when a file is invalid.
   */
  scenarios(): ScenarioEntry[]
  /** A step id (Pending.step) as players name it in subjects and headings: "movement phase". */
  stepTitle(step: string, locale: Locale): string
  /**
   * What kind of orders a pending step takes, in the reader's language. Absent: the engine's own
   * `Pending.description` (English) is shown.
   */
  describeStep?(pending: Pending, locale: Locale): string
  /**
   * Why a game ended (`Outcome.reason`, which the log keeps in the engine's English) in the reader's
   * language. Absent, or for a reason it does not know: the stored reason is shown as it is.
   */
  describeOutcome?(outcome: Outcome, locale: Locale): string
  /** What the events did, a sentence a line, told to the reader whose view this is. */
  narrate(events: readonly GameEvent[], view: unknown, locale: Locale): string[]
  /**
   * A seat's options (ruleset.options()) as the API answers them to a reader of `locale`: the same data
   * with the words in it (reasons, not ids or notation) in that language. Absent: answered as they are.
   */
  localiseOptions?(options: unknown, locale: Locale): unknown
  /** An orders preview (ruleset.preview()) the same way. Absent: answered as it is. */
  localisePreview?(preview: unknown, locale: Locale): unknown
  /** A seat's options (ruleset.options()) as short lines for an email; the email links to the rest. */
  compactOptions(options: unknown, locale: Locale): EmailLines
  /** How to read those lines, a sentence or two above them in the email. Absent: the lines stand alone. */
  optionsLegend?(locale: Locale): string
  /** Order lines an email shows as examples, in the text notation, written for these options. */
  orderExamples(options: unknown): string[]
  /** Enemy units near the reader's, a line each, nearest first. Absent: emails list none. */
  enemiesNear?(view: unknown, locale: Locale): EmailLines
  /**
   * A table of every unit's state as far as the reader may know it (damage, ammunition, speed, …), shown
   * under the map in "your phase" and "phase resolved" emails and on the game page. Absent, or null for a
   * view it cannot read: no table.
   */
  statusPanel?(view: unknown, locale: Locale): StatusPanel | null
  /**
   * The map of a view and the events of the last step resolved, in the map's generic pieces. Absent:
   * the system has no map; its emails go without one and GET /games/:id/map.* answers 404.
   */
  map?(view: unknown, events: readonly GameEvent[]): HexMapModel
}
