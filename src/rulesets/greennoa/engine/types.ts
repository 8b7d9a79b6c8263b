// GREEN NOA (rules/greennoa.md): the engine's types. Rule ids are the source's own, cited GN-<section>-<rule>;
// statements the spec adds carry a letter suffix (GN-4-5a). All state is plain JSON.
import type { Direction, OffsetHex } from '../../../engine/hex/index.js'

export const GN_ID = 'greennoa'
export const GN_VERSION = 'greennoa-1'

/** GN-3-1: the two sides. */
export type Side = 'AEUG' | 'TITANS'
export const SIDES: readonly Side[] = ['AEUG', 'TITANS']

/**
 * Fire arc (GN-7-1 [H], GAP-GN-1): `front` is the FF, FR and FL sectors (the front 180°); `ff` is the FF
 * sector only (the Mega Bazooka Launcher).
 */
export type FireArc = 'front' | 'ff'

/** The values of one counter face (GN-2): defence, firepower, melee strength, MP and turn number. */
export interface UnitValues {
  def: number
  fp: number
  mel: number
  mp: number
  turns: number
  arc: FireArc
}

/**
 * A unit type of the roster (GAP-GN-4, house data but for the MkⅡ counter). `forms` holds the values of
 * each form; a unit that transforms (GN-11) has two, the first being the form it starts in by default.
 */
export interface UnitType {
  code: string
  /** As the source writes it (Japanese). */
  nameJa: string
  /** English name, shown beside it. */
  name: string
  side: Side | 'either'
  forms: Record<string, UnitValues>
  /** Form order: forms[formOrder[0]] is the usual form. Length 1 or 2. */
  formOrder: string[]
  /** The rule a form change cites: GN-11-1 (Messala) or GN-11-2 (Hyaku-Shiki); absent for one form. */
  transformRule?: string
}

/** A pilot (GAP-GN-2 [H]): skill P in 0..2; an ace (P 2) gets one more turn per inning. */
export interface Pilot {
  id: string
  nameJa: string
  name: string
  side: Side | 'either'
  skill: 0 | 1 | 2
}

/** One unit as a scenario places it. */
export interface ScenarioUnit {
  id: string
  type: string
  side: Side
  pilot: string
  hex: OffsetHex
  facing: Direction
  form?: string
}

/** What `setup` takes: the scenario with its roster resolved (plain JSON, as a ScenarioEntry's data). */
export interface GnScenario {
  id: string
  map: { cols: number; rows: number }
  innings: number
  /** Victory points (GAP-GN-6 [H]): per enemy destroyed, per enemy unit with M or F at the end. */
  victory: { destroyed: number; crippled: number }
  types: Record<string, UnitType>
  pilots: Record<string, Pilot>
  units: ScenarioUnit[]
  /** Scenario defaults for the game options (options.ts); a game's setup options override them. */
  options?: Partial<GnOptions>
}

/**
 * Game options: the readings of the spec that have an alternative. `literalDsDc` (AMB-GN-5): false reads
 * DS as the target S for 1 inning and DC as the target permanently C (the recommended, consistent reading);
 * true applies the printed, swapped explanations (DS → C, DC → S).
 */
export interface GnOptions {
  literalDsDc: boolean
}

/**
 * The S state (GN-7-7 S, melee AS/DS): cannot act until the end of phase `phase` of inning `inning`
 * (AMB-GN-6: the same-numbered phase of the next inning).
 */
export interface SUntil {
  inning: number
  phase: PhaseNo
}

/** Unit state (GN-2a). */
export interface Unit {
  id: string
  type: string
  side: Side
  pilot: string
  hex: OffsetHex
  /** GN-4-3: always one of the six hexsides. */
  facing: Direction
  form: string
  /** S (行動不能), with its expiry; null when not S. */
  s: SUntil | null
  /** M (移動不能): permanent. */
  m: boolean
  /** F (射撃不能): permanent. */
  f: boolean
  /** C (格闘不能): permanent. */
  c: boolean
  /** E, AE, DE or stack overflow (GN-5-5). */
  removed: boolean
  /** Turns made this inning (GN-4-5): never more than the unit's turn number. */
  turnsUsed: number
}

/**
 * The nine phases of an inning (GN-3-2): 1 initiative; 2 P1 movement; 3 P1 combat (declared); 4 P2 combat
 * (immediate); 5 P2 damage confirmation; 6 P2 movement; 7 P2 combat; 8 P1 combat; 9 P1 damage confirmation.
 */
export type PhaseNo = 1 | 2 | 3 | 4 | 5 | 6 | 7 | 8 | 9

export interface GnState {
  system: typeof GN_ID
  rulesVersion: string
  scenario: GnScenario
  inning: number
  phase: PhaseNo
  /** This inning's first player (先攻), from the initiative roll (GN-3-2 ①). */
  first: Side
  units: Unit[]
  /** Units that changed form in the current movement phase (GN-11: their MP is halved). */
  transformed: string[]
  options: GnOptions
  /**
   * Attacks declared in ③ or ⑦ (GN-3-2), waiting for the damage confirmation (⑤ or ⑨), in declaration
   * order. Empty at any other time.
   */
  declared: Declared[]
  /** True once the last inning is over or a side has no unit left (GAP-GN-6 [H]); nothing is pending then. */
  ended: boolean
}

/** One attack order of a combat phase (GN-6-2): fire (GN-7) or melee (GN-8) at one enemy unit. */
export type AttackOrder =
  { kind: 'fire'; unit: string; target: string } | { kind: 'melee'; unit: string; target: string }

/** Every order of the game: movement-phase orders and attack declarations. */
export type GnOrder = MoveOrder | AttackOrder

/**
 * An attack as declared (AMB-GN-1): the difference (FP − d − DEF, or MEL − MEL) is fixed here; the S and
 * direction modifiers are read when it is resolved. `compulsory` marks a melee the rules added (GN-5-2).
 */
export interface Declared {
  kind: 'fire' | 'melee'
  unit: string
  target: string
  diff: number
  compulsory: boolean
}

/** One movement step (GN-4-4, GN-4-5 [D]): F forward 1 hex; L / R a 60° turn. Each costs 1 MP. */
export type Step = 'F' | 'L' | 'R'

/** Movement-phase orders (GN-4, GN-5-5, GN-11). */
export type MoveOrder =
  | { kind: 'transform'; unit: string; form: string }
  | { kind: 'move'; unit: string; steps: Step[] }
  | { kind: 'remove'; unit: string }
