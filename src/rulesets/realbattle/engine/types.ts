// Real Battle (rules/realbattle.md): the engine's types. Rule ids are the source's own, cited RB-<n> or
// RB-<n.m>; statements the spec adds carry a letter suffix (RB-4.8a); house data cites GAP-RB-<n>.
// All state is plain JSON: no Map, Set, Date or class instance.
import type { Direction, OffsetHex } from '../../../engine/hex/index.js'

export const RB_ID = 'realbattle'
export const RB_VERSION = 'realbattle-1'

/** RB-1.3: always exactly two camps. Scenario data names them (side names in the catalogue). */
export type Camp = 'A' | 'B'
export const CAMPS: readonly Camp[] = ['A', 'B']

// ---------------------------------------------------------------------------------------------------
// Data: AT cards, weapon cards and the global tables (§9, all house data unless a scenario says otherwise)
// ---------------------------------------------------------------------------------------------------

/** A relative direction around an AT (RB-13): front, front-right, back-right, back, back-left, front-left. */
export type Dir6 = 'FF' | 'FR' | 'BR' | 'BB' | 'BL' | 'FL'

/** The four columns of a damage table and of T4 (RB-16.2): FR/FL share one, BR/BL another. */
export type DirColumn = 'FF' | 'FS' | 'BS' | 'BB'

/** One cell of a damage table: the armour value and whether it is a vital point (○, RB-17.1). */
export interface ArmourCell {
  armour: number
  vital: boolean
}

/** AT basic performance table and damage table (GAP-RB-1). */
export interface AtCard {
  id: string
  /** English name, shown with the Japanese one. */
  name: string
  nameJa: string
  /** M 0, H +1, L −1 (T4). */
  size: number
  /** Perfect Soldier machine: uses the PS columns of T1 and T2 (designer's notes, RB-4.4). */
  ps: boolean
  speedMin: number
  speedMax: number
  load: number
  fall: number
  durability: number
  turnPick: boolean
  melee: { hit: number; power: number; type: AmmoType }
  /** Arms that may never melee (a built-in arm-fixed weapon, RB-12.9). */
  noMeleeArms: Arm[]
  /** Damage table (被害判定表): index 0 is a 2d6 total of 2, index 10 of 12; one cell per column. */
  damage: Record<DirColumn, ArmourCell[]>
  price: number | null
  availability: number | null
  house: boolean
}

export type AmmoType = 'penetration' | 'impact'
export type Arm = 'L' | 'R'

/**
 * Where a weapon sits (T5): hand-held in the right or left hand, arm-fixed on an arm, or back-connected
 * (shoulder or torso, right or left). `none` is equipment with no fire (FCS, spare missile set).
 */
export type Mount = 'handR' | 'handL' | 'armR' | 'armL' | 'shoulderR' | 'shoulderL' | 'torsoR' | 'torsoL' | 'none'

/** One band of a weapon's hit/power table: distances from..to (inclusive) in hexes. */
export interface RangeBand {
  from: number
  to: number
  hit: number
  power: number
}

/** A weapon card (GAP-RB-2). */
export interface WeaponCard {
  id: string
  name: string
  nameJa: string
  /** What it is: a gun, a missile launcher (several rounds a shot, RB-12.7), a pile bunker (range-1 fire,
   * §9.1), a smoke discharger (SMOKE step), a fire-control system (volley fire, RB-12.14), a spare missile
   * set (RELOAD step, S9). */
  kind: 'gun' | 'launcher' | 'pileBunker' | 'smoke' | 'fcs' | 'spareSet'
  /** Default mount; a scenario's loadout may name another (Mount). */
  mount: Mount
  type: AmmoType | null
  /** Hit-count rate in percent (RB-15.1); null: single-shot (単発, RB-15.4). */
  rate: number | null
  /** Ammo capacity; null for equipment without ammo. */
  ammo: number | null
  /** Magazine change allowed (RB-11.3: false is ★) and a magazine's weight. */
  magazine: { allowed: boolean; weight: number }
  weight: number
  fall: number
  ranges: RangeBand[]
  /** Built into the AT: cannot be purged (RB-5.6 [H]). */
  builtIn: boolean
  /** For a spare set: how many rounds it loads, and the action PP a reload costs (S9). */
  reload?: { rounds: number; pp: number }
  price: number | null
  resupply: { price: number; star: boolean } | null
  availability: number | null
  house: boolean
}

/** T1 accel/decel table: planned PP → the Δ range (RB-4.4). A missing PP value is not a legal plan value. */
export interface AccelRow {
  pp: number
  normal: { min: number; max: number } | null
  ps: { min: number; max: number } | null
}

/** The global tables (§9.1): data so a club can replace them with the printed ones. */
export interface Tables {
  accel: AccelRow[]
  /** T2: legal planned attack and defence values, and the modifier per column (22.3: next lower column). */
  hitModifier: Array<{ pp: number; mod: number }>
  evasionNormal: Array<{ pp: number; mod: number }>
  evasionPs: Array<{ pp: number; mod: number }>
  /** Legal planned values (RB-21.3.2). */
  planValues: {
    accelNormal: number[]
    accelPs: number[]
    attack: number[]
    defenceNormal: number[]
    defencePs: number[]
  }
  /** T3: |attacker speed| from → modifier (the row with the largest `from` ≤ |v|). */
  attackerSpeed: Array<{ from: number; mod: number }>
  /** T4: |target speed| from → modifier per column of the attacker's direction as seen from the target. */
  targetSpeed: Array<{ from: number; mods: Record<DirColumn, number> }>
  /** T5: fire-arc modifier by mount and the target's direction seen from the attacker; absent = outside. */
  fireArc: Record<Exclude<Mount, 'none'>, Partial<Record<Dir6, number>>>
  /**
   * T6 action-PP table by |speed| (the row with the largest `from` ≤ |v|): PP per pattern, absent = the
   * pattern cannot be used at that speed. Keys T1 T2 T3 O1 O2 O3 P1 P2 P3.
   */
  actionPp: Array<{ from: number; pp: Partial<Record<PatternKey, number>> }>
}

export type PatternKey = 'T1' | 'T2' | 'T3' | 'O1' | 'O2' | 'O3' | 'P1' | 'P2' | 'P3'

/** A house map (GAP-RB-7): flat-topped, odd-q; obstacles and the two ends' yellow deployment hexes. */
export interface RbMap {
  id: string
  name: string
  nameJa: string
  cols: number
  rows: number
  /** Obstacle hexes as "c,r" keys (RB-2.3); the map edge is an obstacle too (RB-2.4). */
  obstacles: string[]
  deploy: { a: string[]; b: string[] }
}

/** One AT as a scenario fields it: card, pilot and loadout. */
export interface ScenarioAt {
  id: string
  camp: Camp
  card: string
  pilot: { name: string; nameJa: string; basePp: number }
  /**
   * Weapon card ids with optional mount override and how many magazines (and spare sets) it carries; `ammo`:
   * rounds loaded when it is not full (a campaign show, RB-24.8), else the card's capacity.
   */
  loadout: Array<{ weapon: string; mount?: Mount; magazines?: number; ammo?: number }>
  /** Durability at the start when the AT is already damaged (a campaign show, RB-24.7), else the card's. */
  durability?: number
}

/** What `setup` takes: the scenario with every card and table resolved (plain JSON). */
export interface RbScenario {
  id: string
  map: RbMap
  /** S1: interior obstacles are ignored (AMB-RB-14: the map edge still stops movement). */
  ignoreObstacles: boolean
  camps: Record<Camp, { name: string; nameJa: string }>
  ats: ScenarioAt[]
  cards: Record<string, AtCard>
  weapons: Record<string, WeaponCard>
  tables: Tables
  /** Scenario hit modifiers (S6: −2 when Ypsilon attacks Chirico): attacker pilot → target pilot → mod. */
  hitModifiers: Array<{ attackerPilot: string; targetPilot: string; mod: number; ref: string }>
  /** Seat layouts per player count, as the catalogue lists them. */
  seatLayouts: Array<{ players: number; seats: Array<{ id: string; side: Camp; groups: string[] }> }>
  /** Scenario defaults for the game options. */
  options?: Partial<RbOptions>
}

// ---------------------------------------------------------------------------------------------------
// Options
// ---------------------------------------------------------------------------------------------------

export interface RbOptions {
  /** RB-23.7 [H]: the game is a draw after this many turns; 0 = no limit. */
  turnLimit: number
  /** RB-22.3a [R]: accept plans that break RB-21.3 and apply RB-22.1/22.2. */
  tabletopErrors: boolean
  /** RB-24.12: end as soon as any AT is destroyed (a campaign show). */
  endOnFirstKill: boolean
}

// ---------------------------------------------------------------------------------------------------
// State
// ---------------------------------------------------------------------------------------------------

/** A plan (RB-21.3): the four face-down values. */
export interface Plan {
  acc: number
  dec: number
  atk: number
  def: number
}

/** A weapon as carried: its card, where it sits, rounds left, magazines (or spare sets) left. */
export interface WeaponState {
  /** The id orders use, unique on the AT: the card id, with a digit when it carries two (e.g. "hmg", "ml2"). */
  id: string
  card: string
  mount: Mount
  ammo: number
  magazines: number
  purged: boolean
}

/** Standing orders for choices made in the opponent's phases (§6). Private to their seat (isPrivateOrder). */
export interface Policies {
  /** RB-6.6 as the target of an enemy AT ending in its hex. */
  avoid: 'avoid-if-affordable' | 'never'
  /** RB-18.6/18.7: PP for each fall check: spend k, or the least that brings F up to t when affordable. */
  fall: { kind: 'spend'; pp: number } | { kind: 'reach'; value: number }
}

export interface At {
  id: string
  camp: Camp
  seat: string
  card: string
  pilot: { name: string; nameJa: string; basePp: number }
  /** null before deployment (RB-23.4). */
  hex: OffsetHex | null
  facing: Direction
  /** Signed: negative is reversing (RB-6.3). */
  speed: number
  durability: number
  destroyed: boolean
  /** How it was destroyed, for the campaign's survival check (RB-24.14): instant death or damage. */
  destroyedBy: 'instant-death' | 'damage' | null
  fallen: boolean
  /** RB-20.1: permanent once reached. */
  heavy: boolean
  /**
   * Action PP (行動PP). While the plan is sealed this is base PP less what was spent in the enemy's turn
   * (the plan is subtracted at the reveal, RB-4.2); views show it to the owner only.
   */
  actionPp: number
  /** PP spent in the enemy's player-turn (fall checks, collision avoidance): subtracted at the reveal. */
  spentEnemyTurn: number
  /** The plan made in the last planning phase (sealed until the owner's phase ①), or null (fallen). */
  plan: Plan | null
  /** True from the owner's phase ① until its next planning phase. */
  planRevealed: boolean
  /** RB-12.11: the defence value was turned up by an attack before the reveal. */
  defRevealed: boolean
  /** RB-22.2: confused this player-turn (tabletopErrors only). */
  confused: boolean
  /** RB-22.1: a plan with both accel and decel: neither happens. */
  planError: boolean
  /** The hex it was in before entering its current one in this player-turn's action phase (RB-13.8). */
  enteredFrom: OffsetHex | null
  /** Speeds the player may choose in this action phase (RB-4.4, 4.8a); null when no choice is left. */
  speedChoices: number[] | null
  /** Tried to stand up in this action phase (AMB-RB-12). */
  stoodUpTried: boolean
  weapons: WeaponState[]
  policies: Policies
}

export type RbStep = 'deploy' | 'action' | 'attack' | 'plan'

export interface Smoke {
  hex: OffsetHex
  camp: Camp
}

export interface RbState {
  system: typeof RB_ID
  rulesVersion: string
  scenario: RbScenario
  options: RbOptions
  /** Which end ('a' or 'b' deployment hexes) each camp has (RB-23.4 [H]). */
  ends: Record<Camp, 'a' | 'b'>
  /** RB-23.5: the first camp; null until the deployment is resolved. */
  first: Camp | null
  /** The camp whose player-turn it is (deploy: null). */
  active: Camp | null
  turn: number
  step: RbStep
  ats: At[]
  smoke: Smoke[]
  /** Set when the game is over (all enemies destroyed, a show's first kill, the turn limit). */
  ended: { winner: Camp | null; reason: string; ref: string } | null
}

// ---------------------------------------------------------------------------------------------------
// Orders
// ---------------------------------------------------------------------------------------------------

/**
 * One step of an action program (§6 grammar): F / B a step forward or back; T<n><L|R> turn pattern n;
 * O<n><L|R> oblique pattern n; P<n><L|R> pick turn (60°·n); S<L|R><60|120> on the spot at speed 0;
 * MAG, PURGE and RELOAD name a weapon; STAND; SMOKE.
 */
export type ProgramStep =
  | { op: 'F' }
  | { op: 'B' }
  | { op: 'T'; n: 1 | 2 | 3; side: 'L' | 'R' }
  | { op: 'O'; n: 1 | 2 | 3; side: 'L' | 'R' }
  | { op: 'P'; n: 1 | 2 | 3; side: 'L' | 'R' }
  | { op: 'S'; side: 'L' | 'R'; deg: 60 | 120 }
  | { op: 'MAG'; weapon: string }
  | { op: 'PURGE'; weapon: string }
  | { op: 'RELOAD'; weapon: string }
  | { op: 'STAND' }
  | { op: 'SMOKE' }

export type RbOrder =
  /** Pre-game (RB-23.4 [H]): where an AT stands and which way it faces. */
  | { kind: 'deploy'; at: string; hex: [number, number]; facing: Direction }
  /** Planning phase (RB-21.3), and the pre-game plan (RB-23.6): sealed. */
  | { kind: 'plan'; at: string; acc: number; dec: number; atk: number; def: number }
  /** Accel/decel phase (RB-4.4): the speed chosen among the choices (a PS range, or the sign from 0). */
  | { kind: 'speed'; at: string; speed: number }
  /**
   * Action phase (RB-5…11): the AT's program. `collide`: at the end of the move in an occupied hex,
   * pay to avoid (default, when affordable) or ram; `target` picks the AT hit when the hex holds several.
   */
  | { kind: 'program'; at: string; steps: ProgramStep[]; collide?: 'avoid' | 'ram'; target?: string }
  /** Attack phase (RB-12): fire with a weapon, a volley (RB-12.14), or melee with an arm. */
  | {
      kind: 'attack'
      at: string
      target: string
      weapon?: string
      missiles?: number
      volley?: boolean
      arm?: Arm
    }
  /** Standing orders (§6): private to their seat until the game ends. */
  | { kind: 'policy'; at: string; avoid?: Policies['avoid']; fall?: Policies['fall'] }

// ---------------------------------------------------------------------------------------------------
// Events (public: every reader sees them; never put a sealed value in one)
// ---------------------------------------------------------------------------------------------------
// Each has `type` and `ref`. The types the engine emits (narration in present/ knows each):
//   deployed {at, hex, facing}                         first-player {camp, roll}          (RB-23.4, 23.5)
//   plan-sealed {at}                                   plan-revealed {at, acc, dec, atk, def, actionPp}
//   defence-revealed {at, def}                          (RB-12.11)
//   speed {at, from, to}   plan-error {at}   confused {at}                                  (RB-4, 22)
//   move {at, from, to, path: [c,r][], facing}         collision-obstacle {at, hex, speed, damage, roll}
//   collision {at, target, direction, damage: {[at]: n}, avoidedBy?: at, pp?}              (RB-6.6, 10)
//   magazine {at, weapon}  purge {at, weapon}  reload {at, weapon}  smoke-laid {at, hex}  smoke-cleared {hex}
//   stand-up {at, value, roll, ok}                                                          (RB-19.3)
//   attack {at, target, weapon|arm, hit, roll, hits, checks}                                (RB-14, 15)
//   damage {at, target, roll, column, armour, vital, damage, durability}                    (RB-16, 17)
//   instant-death {at, roll, dead}   destroyed {at, by}   heavy-damage {at, maxSpeed}        (RB-17.3, 16.4, 20)
//   fall-check {at, value, pp, roll, fell}                                                   (RB-18)
//   turn {turn, camp}   game-over {winner, reason}

// ---------------------------------------------------------------------------------------------------
// What readers get: the view (per seat, hiding sealed values) and a seat's options
// ---------------------------------------------------------------------------------------------------

export interface AtView {
  id: string
  camp: Camp
  seat: string
  /** The viewer's own seat controls it (a teammate's AT is not "mine"). */
  mine: boolean
  card: string
  name: string
  nameJa: string
  pilot: { name: string; nameJa: string; basePp: number }
  hex: OffsetHex | null
  facing: Direction
  speed: number
  maxSpeed: number
  minSpeed: number
  durability: number
  durabilityMax: number
  heavy: boolean
  fallen: boolean
  destroyed: boolean
  /** Shown to the owner always; to others only once the plan is revealed (null: hidden). */
  actionPp: number | null
  /** The plan, to its owner, or to anyone once revealed at the owner's phase ①; else null. */
  plan: Plan | null
  /** The defence value when the viewer may know it (owner, revealed plan, or turned up by an attack). */
  defence: number | null
  /** A plan is in and sealed from this viewer. */
  planSealed: boolean
  weapons: Array<{
    id: string
    card: string
    name: string
    nameJa: string
    mount: Mount
    ammo: number
    ammoMax: number | null
    magazines: number
    purged: boolean
    /** The longest distance the card's hit/power table reaches (0: it does not fire). */
    maxRange: number
  }>
  /** The owner's standing orders; absent for everyone else. */
  policies?: Policies
}

export interface RbView {
  system: typeof RB_ID
  scenario: string
  map: RbMap
  ignoreObstacles: boolean
  camps: Record<Camp, { name: string; nameJa: string }>
  viewer: { seat: string; camp: Camp } | null
  turn: number
  step: RbStep | null
  active: Camp | null
  first: Camp | null
  ats: AtView[]
  smoke: Smoke[]
  ended: RbState['ended']
}

/** One attack an AT may declare now: the hit number without the target's hidden evasion (RB-12.11). */
export interface AttackOption {
  target: string
  weapon?: string
  arm?: Arm
  volley?: boolean
  distance: number
  /** The hit number before the target's evasion modifier (which stays sealed until the attack resolves). */
  hitBeforeEvasion: number
  /** The evasion modifier when it is known (revealed defence, fallen target: 0), else null. */
  evasion: number | null
  missilesMax?: number
  ammo?: number
}

export interface AtOptions {
  at: string
  /** Deploy step: the hexes it may take and the facings allowed. */
  deploy?: { hexes: Array<[number, number]>; facings: Direction[] }
  /** Plan steps: the legal values of each (RB-21.3.2) and the most the four may add up to (base PP). */
  plan?: { acc: number[]; dec: number[]; atk: number[]; def: number[]; maxTotal: number }
  /** Action step: the speeds it may choose (RB-4.4), action PP after the reveal, and each pattern's cost. */
  action?: {
    speedChoices: number[]
    actionPp: number
    patterns: Array<{ step: string; pp: number }>
    canStand: boolean
    magazines: string[]
    reloads: string[]
    purgeable: string[]
    smoke: boolean
  }
  /** Attack step: the attacks it may declare. */
  attacks?: AttackOption[]
  /** Why it has nothing to do now (fallen, confused, no attack PP, …), with the rule. */
  blocked?: { reason: string; ref: string }
}

export interface RbSeatOptions {
  seat: string
  step: RbStep | null
  /** True when this seat must submit now. */
  toAct: boolean
  ats: AtOptions[]
}
