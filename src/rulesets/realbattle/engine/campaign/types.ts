// Real Battle campaign (rules/realbattle.md §5, RB-24): the shapes of a team, its belongings, the rules a
// season may override, the catalogue of what is for sale, the maintenance actions and the show's line-up.
// All plain JSON, like the engine's state.
import type { AtCard, Camp, Mount, WeaponCard } from '../types.js'

/** A weapon the team owns: in its store (`Team.weapons`, no mount) or on an AT (`OwnedAt.loadout`, mounted). */
export interface OwnedWeapon {
  /** Team-unique id ("w3"). */
  id: string
  card: string
  /** Rounds left (0 for equipment without ammo: FCS, spare set). */
  ammo: number
  /** Magazines carried; for a spare set (kind `spareSet`), how many sets. */
  magazines: number
  /** Where it sits on its AT; absent in the store. */
  mount?: Mount
}

export interface OwnedAt {
  /** Team-unique id ("at1"). */
  id: string
  card: string
  /** Durability lost, carried from show to show (RB-24.7 repairs it). */
  damage: number
  /** The weapons mounted on it, built-ins included (they never move). */
  loadout: OwnedWeapon[]
}

export interface Pilot {
  /** Team-unique id ("p2"). */
  id: string
  name: string
  nameJa: string
  basePp: number
  exp: number
  alive: boolean
}

/** What the team fields in the next show (RB-24.10): an AT and the pilot in it. */
export interface Fielding {
  at: string
  pilot: string
}

export interface Team {
  entrant: string
  money: number
  /** The amount borrowed and not repaid (RB-24.19); repaying costs `repayPercent` of it (RB-24.21). */
  debt: number
  ats: OwnedAt[]
  weapons: OwnedWeapon[]
  pilots: Pilot[]
  /** The `field` choices (RB-24.10); an empty list means the defaults (see `showLineUp`). */
  field: Fielding[]
  /** The next number for a team-unique id (ATs, weapons, pilots share it, so an id is never reused). */
  nextId: number
}

/** RB-24's numbers; a season may override any of them. */
export interface CampaignRules {
  /** RB-24.3. */
  startMoney: number
  /** RB-24.4. */
  actionsPerMaintenance: number
  /** RB-24.10: normally one AT a player. */
  atsPerShow: number
  /** RB-24.20. */
  interestPercent: number
  /** RB-24.21. */
  repayPercent: number
  /** RB-24.7: G50 a point of damage removed. */
  repairPerPoint: number
  /** House limit on the outstanding debt a player may take on by `borrow` (interest loans ignore it). */
  maxDebt: number
}

export const DEFAULT_CAMPAIGN_RULES: CampaignRules = {
  startMoney: 3000,
  actionsPerMaintenance: 5,
  atsPerShow: 1,
  interestPercent: 5,
  repayPercent: 105,
  repairPerPoint: 50,
  maxDebt: 10000,
}

/** What can be bought (cards with a price and an availability), and every card the teams' things name. */
export interface Catalogue {
  cards: Record<string, AtCard>
  weapons: Record<string, WeaponCard>
  /** The built-in weapons an AT card comes with (Brutish Dog: arm gatling, 2-tube missile). */
  builtIn?: Record<string, Array<{ weapon: string; mount?: Mount }>>
}

/** One maintenance order (RB-24.4), or a free action (loans, mounting, the show's choice). */
export type CampaignAction =
  | { kind: 'buy-at'; card: string }
  | { kind: 'buy-weapon'; card: string }
  | { kind: 'buy-magazine'; weapon: string }
  | { kind: 'repair'; at: string }
  | { kind: 'resupply'; weapon: string }
  /**
   * RB-24.9: "the player may refuse the contract". Email cannot ask in the middle of the maintenance, so
   * the order says beforehand (house reading): `accept: false` refuses any pilot, `maxFee` refuses a dearer
   * contract, `minPp` a weaker pilot. `name`/`nameJa` name the pilot hired.
   */
  | { kind: 'scout'; accept?: boolean; maxFee?: number; minPp?: number; name?: string; nameJa?: string }
  | { kind: 'borrow'; amount: number }
  | { kind: 'repay'; amount: number }
  | { kind: 'mount'; weapon: string; at: string; mount?: Mount }
  | { kind: 'unmount'; weapon: string; at: string }
  | { kind: 'field'; at: string; pilot: string }

/** The actions that take one of the five (RB-24.4); the rest are free. */
export const COUNTED_KINDS: ReadonlyArray<CampaignAction['kind']> = [
  'buy-at',
  'buy-weapon',
  'buy-magazine',
  'repair',
  'resupply',
  'scout',
]

/** One AT in a show: its engine id ("A1"), camp, team and the team's AT and pilot. */
export interface FieldedAt {
  id: string
  camp: Camp
  entrant: string
  at: string
  pilot: string
  /** The pilot's base PP when the show starts (RB-24.16/17 compare the camps' totals). */
  basePp: number
}

export interface ShowLineUp {
  /** False when fewer than two teams can field (`reason` says why). */
  show: boolean
  reason: { rule: string; key: string; message: string; params: Record<string, string | number> } | null
  /** The teams of each camp (RB-24.11), by entrant. */
  camps: Record<Camp, string[]>
  fielded: FieldedAt[]
  /** Teams sitting out (RB-24.10) and why. */
  sitOut: Array<{ entrant: string; rule: string; reason: 'no-at' | 'no-pilot' }>
}
