// MS@W (rules/msaw.md): the engine's types. The source has no section numbers: rule ids are the spec's
// MS-<n>.<m>; house data cites GAP-M-<n>, readings AMB-M-<n>, test vectors TV-M-<n>.
// All state is plain JSON: no Map, Set, Date or class instance. Every length and coordinate is an integer
// number of hundredths of an inch (src/engine/table/): 12.5" is 1250.
import type { Pt } from '../../../engine/table/index.js'

export type { Pt }

export const MS_ID = 'msaw'
export const MS_VERSION = 'msaw-1'

// ---------------------------------------------------------------------------------------------------
// Data: the unit catalogue (MS-6) and scenarios (GAP-M-4), from scenarios/msaw/*.yaml
// ---------------------------------------------------------------------------------------------------

/** A dice expression NdS+K (MS-3.6): 2d6+3 is { n: 2, sides: 6, plus: 3 }. */
export interface DiceExpr {
  n: number
  sides: number
  plus: number
}

/**
 * How an item is carried (MS-2.2 [H] hand model, the Stow column):
 * - `hand`: used only while held; `hands` 1 or 2 (the Magella cannon takes both);
 * - `fixed`: always in use (built into the suit: vulcans, shoulder shield, missile pods).
 */
export type Carry = 'hand' | 'fixed'

/** An item type of the catalogue: a weapon, a shield, or equipment (Chobham armour). */
export interface ItemType {
  /** Catalogue id, lower case with hyphens: `beam-rifle`, `heat-hawk`, `shield-gm`. */
  id: string
  name: string
  nameJa: string
  kind: 'weapon' | 'shield' | 'armour'
  carry: Carry
  /** Hand items only: 1 or 2 hands. */
  hands?: 1 | 2
  /** Hand items only: whether it can be stowed on the suit (back, waist, back-pack), MS-2.2. */
  stowable?: boolean
  /** Weapons: range band in hundredths (MS-3.2), or `close` (MS-3.3: d ≤ 2.00"). */
  range?: { min: number; max: number } | 'close'
  damage?: DiceExpr
  /** Weapons: the ammunition pool (MS-3.9, AMB-M-7); absent: unlimited. */
  ammo?: number
  /** Shields: the body (MS-3.7). */
  body?: number
  /** Magella: after firing in round r it cannot fire in round r+1 (AMB-M-10). */
  recharge?: boolean
  /** Chobham armour: the suit's HP becomes this (GAP-M-10); `disables` the items it keeps from use. */
  hp?: number
  disables?: string[]
}

/** A suit's entry in the catalogue (MS-6). */
export interface SuitType {
  /** Catalogue id: `gm`, `zaku2`, `gundam`. */
  id: string
  /** "RGM-79 GM" */
  name: string
  nameJa: string
  era: string
  faction: string
  cost: number
  attack: number
  defend: number
  /** Move in hundredths (10" is 1000). */
  move: number
  /** The Dom's hover (AMB-M-3): Move when no part of the path enters rough or impassable terrain. */
  hover?: number
  hp: number
  /** Built-in items: item type ids (duplicates allowed: the Gundam's two beam sabers). */
  builtIn: string[]
  /** Items it may buy, with their cost here (the Gouf's Zaku machine gun, MS-5.5). */
  optional: Array<{ item: string; cost: number }>
  /** Alternatives among built-ins (the Guncannon's spray missiles instead of its 240mm cannon, MS-5.4). */
  alternatives?: Array<{ replace: string; with: string }>
  /** Hands that can hold nothing (the Gouf's left, the Z'Gok's both), GAP-M-2. */
  blockedHands?: Hand[]
}

export type Hand = 'L' | 'R'

export type TerrainMove = 'open' | 'rough' | 'impassable'

/** A terrain piece (GAP-M-3): a simple polygon in hundredths, counter-clockwise or clockwise. */
export interface TerrainPiece {
  id: string
  name: string
  nameJa?: string
  polygon: Pt[]
  blocksLOS: boolean
  move: TerrainMove
}

/** One suit of a squad as the scenario fields it. */
export interface SquadSuit {
  /** The id players name in orders: letters then digits, `GM1`, `ZAKU2`. Unique in the scenario. */
  id: string
  type: string
  /** Optional items bought (item type ids; a suit may buy one of each it lists, or several where it says). */
  bought: string[]
  /** Alternatives taken (the `with` of SuitType.alternatives). */
  alternatives?: string[]
  /** Where it stands at the start when the scenario deploys it (deployment `fixed`), and what it holds. */
  at?: Pt
  hold?: { L?: string; R?: string }
}

export interface MsSideData {
  id: string
  name: string
  nameJa?: string
  /** Deployment zone (GAP-M-4: within 6" of its edge): a rectangle in hundredths. */
  zone: { x0: number; y0: number; x1: number; y1: number }
}

export interface MsSeatLayout {
  players: number
  seats: Array<{ id: string; side: string; groups: string[] }>
}

export interface MsScenario {
  id: string
  title: string
  description: string
  /** Table size in hundredths (GAP-M-4: 48" × 48", 4800 × 4800). */
  table: { width: number; height: number }
  terrain: TerrainPiece[]
  sides: MsSideData[]
  /** Each side's squad; `squads[side]` lists its suits. */
  squads: Record<string, SquadSuit[]>
  /** `fixed`: suits start where `at` says; `players`: a sealed deploy step in each side's zone. */
  deployment: 'fixed' | 'players'
  seatLayouts: MsSeatLayout[]
  /** MS-5.2 [H]: the points limit the squads were built to, and how far apart they may be. */
  points: { limit: number; tolerance: number }
  /** Option defaults for this scenario (the optional rules stay off unless it says so). */
  options?: Partial<MsOptions>
  houseData: boolean
  notes: string[]
  /** The catalogue this scenario plays with (item and suit types by id), copied in at load. */
  items: Record<string, ItemType>
  suits: Record<string, SuitType>
}

// ---------------------------------------------------------------------------------------------------
// Options: every optional rule a switch, off by default (MS-4, GAP-M-4, GAP-M-7, AMB-M-11)
// ---------------------------------------------------------------------------------------------------

export interface MsOptions {
  /** OPT-ROUGH, MS-4.1: each inch of path in rough terrain costs 2. */
  rough: boolean
  /** OPT-AIM, MS-4.2. */
  aim: boolean
  /** OPT-OHK, MS-4.3: an attack roll of 3 destroys the target. */
  oneHitKill: boolean
  /** OPT-ERR, MS-4.4: an attack roll of 18 locks the attacker out for 1d6 rounds. */
  systemError: boolean
  /** GAP-M-4: 0 (none) or a round limit; the side that destroyed more enemy cost then wins. */
  roundLimit: number
  /** GAP-M-7: at most one counterattack per suit per round. */
  counterOncePerRound: boolean
  /** AMB-M-11: the Gouf's shield body (40 as printed, or 10). */
  goufShieldBody: number
}

// ---------------------------------------------------------------------------------------------------
// State
// ---------------------------------------------------------------------------------------------------

/** Where an item of a suit is: held in a hand (both for a two-handed one), stowed, or fixed. */
export type ItemPlace = 'L' | 'R' | 'LR' | 'stowed' | 'fixed'

/** One item a suit carries: `id` is unique within the suit (`beam-saber`, `beam-saber-2`). */
export interface ItemState {
  id: string
  type: string
  place: ItemPlace
  /** Ammunition left (absent: unlimited). */
  ammo?: number
  /** Shields: body left. */
  body?: number
  /** Magella: the round it last fired (AMB-M-10). */
  firedRound?: number
}

/** A dropped item, lying on the table (MS-2.2). */
export interface DroppedItem {
  /** Unique on the table: `d1`, `d2`, … */
  id: string
  item: ItemState
  at: Pt
}

export type ShieldPolicy = 'always' | 'never' | 'ask'
export type CounterPolicy = 'best' | 'never' | 'ask'

/** §8: the standing orders a suit's player sets for choices in the opponent's phase. */
export interface Policy {
  shield: ShieldPolicy
  counter: CounterPolicy
}

export interface Suit {
  id: string
  type: string
  side: string
  seat: string
  at: Pt
  hp: number
  /** HP it started with (30, or 45 with Chobham armour). */
  maxHp: number
  items: ItemState[]
  destroyed: boolean
  /** OPT-ERR: own action phases still to skip (AMB-M-9). */
  errorPhases: number
  /** OPT-AIM: the target and the round the aim was taken (it serves the next own action phase only). */
  aim: { target: string; round: number } | null
  /** GAP-M-7 option: the round it last counterattacked. */
  counteredRound: number | null
  policy: Policy
  /** Enemy cost destroyed by this suit (GAP-M-4 round limit). */
  cost: number
}

/** The parts one suit has done in the current activation (each at most once, MS-2.0). */
export interface Activation {
  ms: string
  moved: boolean
  switched: boolean
  combat: boolean
}

/** A live answer the rules wait for (§8 `ask`): the defender's shield, or its counterattack. */
export interface Reaction {
  kind: 'shield' | 'counter'
  /** The suit that must answer, and its seat. */
  ms: string
  seat: string
  /** The attack it answers. */
  attacker: string
  weapon: string
  /** Shield: the attack roll already made (the defend roll follows the answer). */
  attackRoll?: number
  /** Whether the attack being answered is itself a counterattack (no counter to a counter). */
  isCounter: boolean
  /** Counter: the weapons it may counter with (usable now). */
  choices?: string[]
  /** The orders of the active seat's submission still to run after the answer. */
  queue: MsOrder[]
}

export type MsStep = 'deploy' | 'action' | 'react'

export interface MsState {
  system: 'msaw'
  rulesVersion: string
  scenario: MsScenario
  options: MsOptions
  round: number
  step: MsStep
  /** This round's initiative order, by seat (MS-1.1, AMB-M-1), and whose action phase it is. */
  order: string[]
  activeIndex: number
  /** Suits that have activated in this action phase, and the activation in progress (if any). */
  activated: string[]
  current: Activation | null
  suits: Suit[]
  dropped: DroppedItem[]
  nextDropId: number
  reaction: Reaction | null
  /** Seats that have deployed (deploy step). */
  deployed: string[]
  winner: string | null
  over: boolean
  reason: string | null
}

// ---------------------------------------------------------------------------------------------------
// Orders: one line of the notation each (docs/orders-msaw.md). A suit's consecutive orders are one
// activation (AMB-M-2): all its parts, in order, before the next suit's.
// ---------------------------------------------------------------------------------------------------

export type SwitchOp =
  | { op: 'draw'; item: string; hand: Hand | 'both' }
  | { op: 'stow'; item: string }
  | { op: 'drop'; item: string }
  | { op: 'pickup'; drop: string; hand: Hand | 'both' | 'stow' }

export type MsOrder =
  /** MS-2.1: waypoints after the suit's position, the last one where it stops. */
  | { kind: 'move'; ms: string; path: Pt[] }
  /** MS-2.2 */
  | { kind: 'switch'; ms: string; ops: SwitchOp[] }
  /** MS-2.3 / MS-3 */
  | { kind: 'attack'; ms: string; target: string; weapon: string }
  /** OPT-AIM, MS-4.2 */
  | { kind: 'aim'; ms: string; target: string }
  /** Keep the action phase open after these activations, to see their results before the rest (default: it ends). */
  | { kind: 'more' }
  /** §8 standing orders, any step, for the seat's own suits; absent fields stay as they were. */
  | { kind: 'policy'; ms: string; shield?: ShieldPolicy; counter?: CounterPolicy }
  /** The deploy step (deployment `players`): where it stands in its zone and what it holds (GAP-M-2). */
  | { kind: 'deploy'; ms: string; at: Pt; hold: { L?: string; R?: string } }
  /** The react step: the answer to a shield question. */
  | { kind: 'shield'; ms: string; use: boolean }
  /** The react step: the answer to a counterattack question (weapon null: no counterattack). */
  | { kind: 'counter'; ms: string; weapon: string | null }

// ---------------------------------------------------------------------------------------------------
// Events (narrated by present/narrate.ts). Every dice result an event carries is from `dice`.
// ---------------------------------------------------------------------------------------------------

export type MsEvent =
  | {
      type: 'initiative'
      ref: 'MS-1.1'
      round: number
      rolls: Array<{ seat: string; rolls: number[] }>
      order: string[]
    }
  | { type: 'upkeep'; ref: string; ms: string; what: 'error-ends' | 'aim-expired' | 'recharged' }
  | { type: 'phase-begins'; ref: 'MS-1.2'; seat: string; round: number }
  | { type: 'phase-ends'; ref: 'MS-1.3'; seat: string; round: number; skipped: string[] }
  | { type: 'activation'; ref: 'MS-2.0'; ms: string }
  | { type: 'error-skip'; ref: 'MS-4.4'; ms: string; left: number }
  | {
      type: 'moved'
      ref: 'MS-2.1'
      ms: string
      from: Pt
      path: Pt[]
      /** Path length and Move spent, in hundredths. */
      length: number
      cost: number
      hover: boolean
    }
  | { type: 'switched'; ref: 'MS-2.2'; ms: string; ops: SwitchOp[] }
  | { type: 'dropped'; ref: 'MS-2.2'; ms: string; drop: string; item: string; at: Pt }
  | { type: 'picked-up'; ref: 'MS-2.2'; ms: string; drop: string; item: string }
  | {
      type: 'attack'
      ref: 'MS-3.4'
      ms: string
      target: string
      weapon: string
      counter: boolean
      distance: number
      /** The Attack score rolled against (with the aim bonus), the 3d6 and their total. */
      score: number
      dice: number[]
      roll: number
      hit: boolean
      ammoLeft: number | null
    }
  | {
      type: 'attack-void'
      ref: string
      ms: string
      target: string
      weapon: string
      /** Why, in English; `key` and `params` give it in the order-error catalogues (locales/<locale>/orders.json). */
      why: string
      key?: string
      params?: Record<string, string | number>
    }
  | { type: 'one-hit-kill'; ref: 'MS-4.3'; ms: string; target: string }
  | { type: 'system-error'; ref: 'MS-4.4'; ms: string; die: number }
  | { type: 'shield'; ref: 'MS-3.7'; ms: string; shield: string; use: boolean }
  | {
      type: 'defend'
      ref: 'MS-3.5'
      ms: string
      defend: number
      dice: number[]
      roll: number
      result: 'dodged' | 'half' | 'full'
    }
  | {
      type: 'damage'
      ref: 'MS-3.6'
      ms: string
      weapon: string
      dice: number[]
      rolled: number
      /** After halving (AMB-M-4). */
      total: number
      toShield: number
      toHp: number
      hp: number
      shield: string | null
      shieldBody: number | null
      shieldDestroyed: boolean
    }
  | { type: 'destroyed'; ref: 'GAP-M-5'; ms: string; by: string | null; cost: number }
  | { type: 'no-counter'; ref: 'MS-3.8'; ms: string; why: string }
  | { type: 'aimed'; ref: 'MS-4.2'; ms: string; target: string }
  | { type: 'waiting'; ref: '§8'; ms: string; seat: string; kind: 'shield' | 'counter' }
  | { type: 'policy'; ref: '§8'; ms: string; shield: ShieldPolicy; counter: CounterPolicy }
  | { type: 'deployed'; ref: 'GAP-M-4'; ms: string; at: Pt }
  | { type: 'round-ends'; ref: 'MS-1.4'; round: number }
  | { type: 'game-over'; ref: string; winner: string | null; reason: string }

// ---------------------------------------------------------------------------------------------------
// What readers get: the view (no sealed values but an undeployed side's positions) and a seat's options
// ---------------------------------------------------------------------------------------------------

export interface MsSuitView {
  id: string
  type: string
  name: string
  nameJa: string
  side: string
  seat: string
  at: Pt | null
  hp: number
  maxHp: number
  attack: number
  defend: number
  move: number
  hover: number | null
  /** `nameJa` (added by present): the item type's Japanese name, for Japanese readers. */
  /** Each item with its names and, for a weapon, its range band (hundredths, or `close`) and damage ("2d6+3"). */
  items: Array<
    ItemState & {
      name: string
      nameJa?: string
      range?: { min: number; max: number } | 'close'
      damage?: string
      usable: boolean
    }
  >
  destroyed: boolean
  errorPhases: number
  aim: { target: string; round: number } | null
  activated: boolean
  /** The owner's seat only (others: null). */
  policy: Policy | null
  /** Added by present: the enemy cost this suit has destroyed (GAP-M-4 round limit), for the game-over line. */
  cost?: number
}

export interface MsView {
  system: 'msaw'
  scenario: { id: string; title: string }
  table: { width: number; height: number }
  terrain: TerrainPiece[]
  sides: Array<{ id: string; name: string; nameJa: string | null; zone: MsSideData['zone'] }>
  seats: Array<{ id: string; side: string }>
  viewer: string | null
  round: number
  step: MsStep
  order: string[]
  active: string | null
  current: Activation | null
  suits: MsSuitView[]
  dropped: DroppedItem[]
  reaction: Omit<Reaction, 'queue'> | null
  options: MsOptions
  winner: string | null
  reason: string | null
}

/** An enemy a suit could attack from where it stands (or after its move, in `afterMove` options). */
export interface MsTargetOption {
  target: string
  distance: number
  inSight: boolean
  /** Weapons usable now at that distance (held or fixed, in band, with ammo, not recharging). */
  weapons: Array<{ weapon: string; need: number; chance: number }>
}

export interface MsSuitOptions {
  ms: string
  at: Pt
  /** What it has left this phase: move, switch, combat (all three before it activates). */
  parts: Array<'move' | 'switch' | 'combat'>
  /** MS-2.1: how far it may go: a circle of radius `move` (and `hover` on open ground), around `at`. */
  move: number
  hover: number | null
  /** Terrain it may not enter (ids), and terrain that costs double (OPT-ROUGH). */
  impassable: string[]
  rough: string[]
  /** Enemies in range and in sight from `at`, with the number to hit (score) and the chance. */
  targets: MsTargetOption[]
  /** MS-2.2: what it may draw, stow or pick up. */
  switchable: { draw: string[]; stow: string[]; pickup: string[] }
  policy: Policy
}

export interface MsSeatOptions {
  seat: string
  step: MsStep | null
  suits: MsSuitOptions[]
  /** The react step: the question, and the answers it takes. */
  reaction: { kind: 'shield' | 'counter'; ms: string; attacker: string; choices: string[] } | null
  /** The deploy step: the seat's suits and its side's zone. */
  deploy: { zone: MsSideData['zone']; suits: string[]; hold: Record<string, string[]> } | null
  /** Added by present: where the enemy suits stand (for order examples: a move toward one). */
  enemies?: MsEnemyAt[]
}

// --- added by present ---

/** An enemy suit's position in a seat's options (order examples move toward the nearest). */
export interface MsEnemyAt {
  id: string
  at: Pt
}
