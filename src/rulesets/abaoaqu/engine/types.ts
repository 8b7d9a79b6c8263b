// A-Bao-A-Qu: scenario data, state and order types (rules/abaoaqu.md).
import type { Outcome, Seat, SideId } from '../../../engine/ruleset.js'

/** Provenance tag carried into data (rules/README.md): Source, Derived, Recommended, House. */
export type Status = 'S' | 'D' | 'R' | 'H'

/** [col,row] in odd-q offset coordinates, as in the scenario files. */
export type Hex = [number, number]

export type Weapon = 'B' | 'N' | 'M' | 'BD'
/** A-UT type as printed (SM has none). */
export type UtType = 'MS' | 'Fighter' | 'Gun' | 'Ship' | 'Special'
/** Close-combat category, A-2-5. */
export type CcCategory = 'MS' | 'FT' | 'SHIP' | 'SM'
export type StackClass = 'MS' | 'SHIP'
export type Morale = 'N' | 'C' | 'D'
export type Face = 'front' | 'back'
/** Pilot symbol: N1..N3 newtype, E elite, S student; null is a regular pilot. */
export type Pilot = 'N1' | 'N2' | 'N3' | 'N4' | 'E' | 'S' | null

export interface FaceValues {
  mp: number
  atkMS: number
  atkShip: number
  def: number
  weapon: Weapon
}

export interface UnitType {
  code: string
  idPrefix: string
  name: string
  utType: UtType
  ccCategory: CcCategory
  faces: { front: FaceValues; back?: FaceValues }
  /** the first attack uses the front (large missile), then the unit flips. */
  largeMissile?: boolean
  /** front side fires a BD screen missile. */
  bdLauncher?: boolean
  /** A-17-4: immune to beam weapons. */
  iField?: boolean
  /** A-9-5(a): halved in close combat against MS. */
  ballHalving?: boolean
  /** A-9-5(c): defends in close combat with its Defence. */
  closeDefenceIsDef?: boolean
  /** */
  satelliteMissile?: boolean
  /** A-17-2: treated as a ship in combat although A-UT type MS. */
  shipInCombat?: boolean
  pilot?: Pilot
  /** A-11-3: the pilot symbol counts only when the unit defends. */
  pilotDefenceOnly?: boolean
  status: Status
  ref?: string
}

export interface RatioTable {
  id: string
  status: Status
  /** Column labels from the defender's end; index of 1:1 is ladderIndexOf1to1. */
  ladder: string[]
  ladderIndexOf1to1: number
  /** Modified die rows, lowest first (rowRange [1,8]). */
  rowRange: [number, number]
  rows: Record<string, string[]>
}

export type ZoneSpec =
  { tag: string } | { withinOfTag: string; distance: number } | { rows: [number, number] } | { cols: [number, number] }

export interface MapData {
  id: string
  status: Status
  cols: number
  rows: number
  /** Named hex sets, each a list of [col,row]; 'fortress' is always present. */
  tags: Record<string, Hex[]>
  /** Each board's placement, for rendering and hex labels. */
  boards: Array<{ board: number; col0: number; row0: number; rotate180: boolean }>
}

/** A value that may depend on a game option: {option, values: {optionValue: value}}. */
export type ByOption<T> = T | { option: string; values: Record<string, T> }

export interface RosterLine {
  side: SideId
  group: ByOption<string>
  type: string
  count: ByOption<number>
  pilot?: ByOption<Pilot>
  line: string
  status: Status
  ref: string
}

export interface SetupRule {
  side: SideId
  group?: string
  /** Unit type codes this rule places; absent means every other unit of the side/group. */
  types?: string[]
  zone: ZoneSpec
}

export interface EntryRule {
  side: SideId
  group?: string
  zone: ZoneSpec
  /** A fixed turn, or a die rolled at the end of `afterTurn`: a roll n means turn n + offset. */
  turn: number | { rollAfterTurn: number; sides: number; offset: number; ref: string }
}

export type VictoryRule =
  | { type: 'occupy'; side: SideId; zoneTag: string; count: number; consecutiveTurns: number; ref: string }
  | { type: 'annihilation'; ref: string }
  | { type: 'turnLimit'; turns: number; winner: SideId | 'shipsDestroyed'; ref: string }
  | { type: 'forcedRetreat'; fraction: number; ref: string }

export interface SeatLayout {
  players: number
  seats: Seat[]
}

export interface Scenario {
  system: 'abaoaqu'
  id: string
  title: string
  description: string
  players: { min: number; max: number }
  sides: Array<{ id: SideId; name: string }>
  groups: Array<{ id: string; side: SideId; name: string }>
  unitTypes: Record<string, UnitType>
  tables: { shoot: RatioTable; close: RatioTable }
  map: MapData
  leadOff: { side: SideId } | { method: 'd6-odd-even'; odd: SideId; even: SideId }
  roster: RosterLine[]
  setup: SetupRule[]
  entries: EntryRule[]
  victory: VictoryRule[]
  seatLayouts: SeatLayout[]
  /** Scenario defaults for the ruleset's options (AMB-A-* readings). */
  options?: Record<string, string | number | boolean>
  houseData: boolean
  notes?: string[]
}

// ---- State -------------------------------------------------------------------------------

export interface Unit {
  id: string
  type: string
  side: SideId
  group: string
  pilot: Pilot
  /** reserve: not yet entered; map: on the board; gone: eliminated or spent (SM). */
  at: 'reserve' | 'map' | 'gone'
  hex: Hex | null
  morale: Morale
  face: Face
  /** First turn a reserve unit may enter. */
  enterTurn: number
  /** Entry zone key for reserve units (index into scenario.entries). */
  entry: number | null
  /** Satellite missile: it has made its one move (A-16-2). */
  spent: boolean
}

export type Step = 'deploy' | 'move' | 'attack-lead' | 'attack-follow' | 'over'

/** A group target: MS-class, fighters/turrets (close combat), ships, or everything (option groupTarget=mixed). */
export type GroupClass = 'MS' | 'FT' | 'SHIP' | 'ALL'
export type TargetSpec = { unit: string } | { group: GroupClass }

/** An attack declared in a lead-off combat phase, resolved in the damage-check phase (AMB-A-3). */
export interface DeclaredAttack {
  id: string
  side: SideId
  seat: string
  mode: 'shoot' | 'close' | 'sm'
  attackers: string[]
  targetHex: Hex
  targets: string[]
  attack: number
  defence: number
  /** Base ladder index before shifts (1:1 = 0). */
  base: number
  attackerShift: number
  /** Largest defensive shift the defenders may use, and the compulsory student penalty. */
  defenderMax: number
  defenderPenalty: number
  /** Ranks the defender chose to use (from its orders or standing orders); null until known. */
  defenderRanks: number | null
  /** Set when the roll is made at declaration (option leadDice = atDeclaration). */
  roll?: number
}

export interface Standing {
  /** How many ranks a defending N/E unit uses when it is not asked: 'full', 'none' or a number. */
  defenceShift: 'full' | 'none' | number
}

export interface State {
  system: 'abaoaqu'
  rulesVersion: string
  scenario: Scenario
  options: Record<string, string | number | boolean>
  seats: Seat[]
  turn: number
  half: 1 | 2
  step: Step
  /** Lead-off side of half 1 (A-3-3b). */
  leadOff: SideId
  /** Sides still to place their units before turn 1 (option deployment = players). */
  deploying: SideId[]
  units: Unit[]
  bd: Array<{ hex: Hex; turn: number }>
  declared: DeclaredAttack[]
  /** Attacks used this phase per unit: 's' shooting, 'c' close combat, 'm' moved. */
  used: Record<string, string>
  attackSeq: number
  /** Per side: consecutive qualifying turns and whether every check this turn qualified. */
  occupation: Record<SideId, { streak: number; turnOk: boolean }>
  shipsDestroyed: Record<SideId, number>
  startShips: Record<SideId, number>
  standing: Record<string, Standing>
  outcome: Outcome | null
}

// ---- Orders --------------------------------------------------------------------------------

export type Order =
  | { kind: 'move'; units: string[]; to: Hex }
  | { kind: 'remove'; units: string[] }
  | { kind: 'bd'; unit: string; target: Hex }
  | {
      kind: 'attack'
      mode: 'shoot' | 'close'
      units: string[]
      /** Needed for a group target; implied by a unit target. */
      hex?: Hex
      target: TargetSpec
      /** Ranks of the attacker's pilot shift used; default full (A-11-2). */
      ranks?: number
    }
  | { kind: 'defend'; attack: string; ranks: number }
  | { kind: 'standing'; defenceShift: 'full' | 'none' | number }
