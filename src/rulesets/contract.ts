// What a rule system gives the server. Each system is one folder, src/rulesets/<id>/, holding its pure
// engine (a Ruleset: rules, notation, order schema, options, preview), its scenario loader, and the
// words and pictures its emails use; it is listed once in src/rulesets/index.ts. The generic layers
// (games, store, http, notify, scenarios, main) reach a system only through this contract.
import type { Dice } from '../engine/dice.js'
import type { GameEvent, Outcome, Pending, Ruleset } from '../engine/ruleset.js'
import type { Locale } from '../i18n/index.js'
import type { MapModel } from '../present/map-model.js'

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
   * The ids of the units `view` shows its reader (a moderator's correction tells each reader of the changed
   * units they may know of). Absent: the ids of the view's `units` array.
   */
  viewUnits?(view: unknown): string[]
  /**
   * The map of a view and the events of the last step resolved, in the map's generic pieces: hexes
   * (HexMapModel) or an open table measured in inches (TableMapModel). `opts.ranges` asks for each unit's
   * move range (GET /games/:id/map.*?ranges=1; a table's TableRange circles); a hex map may ignore it.
   * Absent: the system has no map; its emails go without one and GET /games/:id/map.* answers 404.
   */
  map?(view: unknown, events: readonly GameEvent[], opts?: { ranges?: boolean }): MapModel
  /** A campaign of several games between teams (a season format, `format: 'campaign'`). Absent: none. */
  campaign?: RuleCampaign
}

/**
 * A refused campaign action or setting: the rule at fault (RB-24.5), the message in the reader's language,
 * the message key and parameters, the action's index in the batch (`order`), its line in a text batch
 * (`line`, from 1) and the field at fault.
 */
export interface CampaignRefusal {
  rule: string
  message: string
  key?: string
  params?: Record<string, string | number>
  order?: number
  line?: number
  field?: string
}

/** One team of a campaign season: the season entry it belongs to, and its state (the system's own JSON). */
export interface CampaignTeam {
  entrant: string
  team: unknown
}

/** A show's game, as the league layer creates it: scenario data (not one of the catalogue) and its seats. */
export interface CampaignShowGame {
  /** The game's scenario: a summary (id, title, sides, exactly one seat layout) and the engine's data. */
  scenario: ScenarioEntry
  /** Every seat of that layout, with the entrant (team) whose player holds it. */
  seats: Array<{ seat: string; side: string; entrant: string }>
  /** What `settle` needs back after the game (plain JSON; the season's log keeps it). */
  lineUp: unknown
}

/**
 * A rule system's campaign (docs/campaigns.md): teams that keep money, units and crews from one game to the
 * next, a maintenance period of actions before each game ("show"), and a settlement after it. The league
 * layer (src/leagues/campaign*.ts) keeps the season's log, rolls the season's verifiable dice and calls only
 * these hooks; every hook is pure, and every die comes from `dice`.
 */
export interface RuleCampaign {
  /**
   * The season's campaign rules: `input` overrides the system's defaults (absent: the defaults). Returns the
   * complete rules (plain JSON, stored with the season) or the refusal naming the field (`rules.<name>`).
   */
  checkRules(input: unknown): { rules: unknown } | { refusal: CampaignRefusal }
  /** Whether a catalogue scenario can give the shows their map (null) or why not. */
  baseScenario(scenarioId: string): CampaignRefusal | null
  /** A new team, as the campaign's rules start it. */
  newTeam(entrant: string, rules: unknown): unknown
  /** How many actions a team has in each maintenance period. */
  actionsPerPeriod(rules: unknown): number
  /**
   * Maintenance actions written in text (docs/orders-<system>.md), one a line; blank lines and `#` comments
   * are skipped. All the errors with their line numbers, or the actions (as `maintain` takes them).
   */
  parseActions(text: string, locale: Locale): { actions: unknown[] } | { errors: CampaignRefusal[] }
  /** Actions as text lines in the same notation (the log and the emails show them so). */
  formatActions(actions: readonly unknown[]): string[]
  /**
   * A batch of actions in order against the team as it is, with `used` of the period's actions already taken.
   * All or nothing: the first refused action returns its refusal (with `order`), and nothing is applied.
   * `counted` is how many of the period's actions the batch used.
   */
  maintain(
    team: unknown,
    actions: readonly unknown[],
    ctx: { rules: unknown; used: number; dice: Dice; locale: Locale },
  ): { team: unknown; events: GameEvent[]; counted: number } | { refusal: CampaignRefusal }
  /**
   * The show after a maintenance period: the line-up drawn with the dice and the game to play, or no show
   * (fewer than two teams can field) with the reason. `scenario` is the catalogue scenario giving the map.
   */
  show(
    teams: readonly CampaignTeam[],
    ctx: { rules: unknown; scenario: string; dice: Dice; title: string },
  ): { game: CampaignShowGame } | { noShow: CampaignRefusal }
  /**
   * After a show's game has ended: the final state the engine folded, the events of the last resolution, and
   * the game's outcome (the winning side, or null for a draw; a resignation or adjudication ends a game
   * without the engine). Returns every team (in the order given) and the settlement's events. Also called when
   * there was no show (`final` null): whatever the rules apply to a round
   * without a game (possibly nothing).
   */
  settle(
    teams: readonly CampaignTeam[],
    lineUp: unknown,
    final: { state: unknown; events: readonly GameEvent[]; winner: string | null; reason: string } | null,
    ctx: { rules: unknown; dice: Dice },
  ): { teams: CampaignTeam[]; events: GameEvent[] }
  /** The campaign's score (the standings sort by it, highest first), e.g. money net of debt. */
  netWorth(team: unknown, rules: unknown): number
  /** A team as its readers see it (money, debt, units, weapons, crews, net worth), words in `locale`. */
  teamView(team: unknown, rules: unknown, locale: Locale): Record<string, unknown>
  /** A team as short lines for an email (the maintenance period's and the settlement's). */
  teamLines(team: unknown, rules: unknown, locale: Locale): string[]
  /** What the team may do in a maintenance period, with prices, as example lines in the notation. */
  actionHelp(team: unknown, rules: unknown, locale: Locale): EmailLines
  /**
   * The campaign's events (maintenance, line-up, settlement) told a sentence a line; `names` gives each team
   * (by entrant, as the events name them) the name readers know it by.
   */
  narrate(events: readonly GameEvent[], locale: Locale, names?: Readonly<Record<string, string>>): string[]
}
