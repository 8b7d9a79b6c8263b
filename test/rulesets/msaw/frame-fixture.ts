// Small MS@W scenarios for the frame's tests (set-up, sequence, validation, options): the catalogue ids of
// docs/msaw.md with the spec's numbers (MS-6), in hundredths of an inch.
import { scriptedDice } from '../../../src/engine/dice.js'
import type { SetupConfig } from '../../../src/engine/ruleset.js'
import { setup } from '../../../src/rulesets/msaw/engine/setup.js'
import type {
  ItemType,
  MsScenario,
  MsState,
  SquadSuit,
  SuitType,
  TerrainPiece,
} from '../../../src/rulesets/msaw/engine/types.js'

const d = (n: number, sides: number, plus = 0) => ({ n, sides, plus })

export const ITEMS: Record<string, ItemType> = {
  'gm-vulcan': {
    id: 'gm-vulcan',
    name: '60mm vulcan guns',
    nameJa: '60mmバルカン砲',
    kind: 'weapon',
    carry: 'fixed',
    range: { min: 0, max: 600 },
    damage: d(1, 6, 2),
    ammo: 20,
  },
  'beam-saber': {
    id: 'beam-saber',
    name: 'beam saber',
    nameJa: 'ビーム・サーベル',
    kind: 'weapon',
    carry: 'hand',
    hands: 1,
    stowable: true,
    range: 'close',
    damage: d(1, 6, 3),
  },
  'beam-spray-gun': {
    id: 'beam-spray-gun',
    name: 'beam spray gun',
    nameJa: 'ビーム・スプレーガン',
    kind: 'weapon',
    carry: 'hand',
    hands: 1,
    stowable: false,
    range: { min: 200, max: 1500 },
    damage: d(2, 6, 2),
    ammo: 20,
  },
  'gm-shield': {
    id: 'gm-shield',
    name: 'shield',
    nameJa: 'シールド',
    kind: 'shield',
    carry: 'hand',
    hands: 1,
    stowable: true,
    body: 10,
  },
  'shoulder-shield': {
    id: 'shoulder-shield',
    name: 'shoulder shield',
    nameJa: 'ショルダー・シールド',
    kind: 'shield',
    carry: 'fixed',
    body: 7,
  },
  'shoulder-spikes': {
    id: 'shoulder-spikes',
    name: 'shoulder spikes',
    nameJa: 'ショルダー・スパイク',
    kind: 'weapon',
    carry: 'fixed',
    range: 'close',
    damage: d(1, 6),
  },
  'zaku-mg': {
    id: 'zaku-mg',
    name: '120mm machine gun',
    nameJa: '120mmマシンガン',
    kind: 'weapon',
    carry: 'hand',
    hands: 1,
    stowable: false,
    range: { min: 0, max: 1000 },
    damage: d(2, 6),
    ammo: 20,
  },
  'heat-hawk': {
    id: 'heat-hawk',
    name: 'heat hawk',
    nameJa: 'ヒート・ホーク',
    kind: 'weapon',
    carry: 'hand',
    hands: 1,
    stowable: true,
    range: 'close',
    damage: d(1, 6),
  },
  magella: {
    id: 'magella',
    name: '175mm Magella attack cannon',
    nameJa: '175mmマゼラ・トップ砲',
    kind: 'weapon',
    carry: 'hand',
    hands: 2,
    stowable: false,
    range: { min: 500, max: 3000 },
    damage: d(4, 6),
    ammo: 6,
    recharge: true,
  },
  'gouf-shield': {
    id: 'gouf-shield',
    name: 'shield',
    nameJa: 'シールド',
    kind: 'shield',
    carry: 'hand',
    hands: 1,
    stowable: false,
    body: 40,
  },
  'finger-mg': {
    id: 'finger-mg',
    name: '5 × 75mm machine gun',
    nameJa: '75mm5連装フィンガーバルカン',
    kind: 'weapon',
    carry: 'fixed',
    range: { min: 0, max: 1000 },
    damage: d(2, 6, 3),
    ammo: 20,
  },
  'heat-rod': {
    id: 'heat-rod',
    name: 'heat rod',
    nameJa: 'ヒート・ロッド',
    kind: 'weapon',
    carry: 'fixed',
    range: { min: 300, max: 700 },
    damage: d(1, 6, 2),
  },
  vulcan: {
    id: 'vulcan',
    name: '60mm vulcan guns',
    nameJa: '60mmバルカン砲',
    kind: 'weapon',
    carry: 'fixed',
    range: { min: 0, max: 500 },
    damage: d(1, 6, 2),
    ammo: 20,
  },
  'beam-rifle': {
    id: 'beam-rifle',
    name: 'beam rifle',
    nameJa: 'ビーム・ライフル',
    kind: 'weapon',
    carry: 'hand',
    hands: 1,
    stowable: false,
    range: { min: 300, max: 1600 },
    damage: d(2, 6, 3),
    ammo: 20,
  },
  gatling: {
    id: 'gatling',
    name: '90mm gatling gun',
    nameJa: '90mmガトリング砲',
    kind: 'weapon',
    carry: 'fixed',
    range: { min: 0, max: 1000 },
    damage: d(2, 6),
    ammo: 30,
  },
  chobham: {
    id: 'chobham',
    name: 'Chobham armor',
    nameJa: 'チョバム・アーマー',
    kind: 'armour',
    carry: 'fixed',
    hp: 45,
    disables: ['gatling'],
  },
}

const suit = (s: Omit<SuitType, 'era' | 'faction' | 'nameJa'> & { faction: string }): SuitType => ({
  era: '0079',
  nameJa: s.name,
  ...s,
})

export const SUITS: Record<string, SuitType> = {
  gm: suit({
    id: 'gm',
    name: 'RGM-79 GM',
    faction: 'federation',
    cost: 125,
    attack: 12,
    defend: 10,
    move: 1000,
    hp: 20,
    builtIn: ['gm-vulcan', 'beam-saber'],
    optional: [
      { item: 'beam-spray-gun', cost: 30 },
      { item: 'gm-shield', cost: 40 },
    ],
  }),
  zaku2: suit({
    id: 'zaku2',
    name: 'MS-06 Zaku II',
    faction: 'zeon',
    cost: 100,
    attack: 11,
    defend: 9,
    move: 900,
    hp: 19,
    builtIn: ['shoulder-shield', 'shoulder-spikes'],
    optional: [
      { item: 'zaku-mg', cost: 25 },
      { item: 'heat-hawk', cost: 25 },
    ],
  }),
  zaku2s: suit({
    id: 'zaku2s',
    name: 'MS-06S Zaku II Command Type',
    faction: 'zeon',
    cost: 125,
    attack: 12,
    defend: 10,
    move: 1000,
    hp: 21,
    builtIn: ['shoulder-shield', 'shoulder-spikes'],
    optional: [{ item: 'magella', cost: 100 }],
  }),
  gouf: suit({
    id: 'gouf',
    name: 'MS-07B Gouf',
    faction: 'zeon',
    cost: 150,
    attack: 13,
    defend: 10,
    move: 1000,
    hp: 20,
    builtIn: ['finger-mg', 'heat-rod'],
    optional: [{ item: 'gouf-shield', cost: 35 }],
    blockedHands: ['L'],
  }),
  gundam: suit({
    id: 'gundam',
    name: 'RX-78-2 Gundam',
    faction: 'federation',
    cost: 250,
    attack: 14,
    defend: 11,
    move: 1700,
    hp: 30,
    builtIn: ['vulcan', 'beam-saber', 'beam-saber'],
    optional: [{ item: 'beam-rifle', cost: 35 }],
  }),
  alex: suit({
    id: 'alex',
    name: 'RX-78NT1 Gundam "Alex"',
    faction: 'federation',
    cost: 325,
    attack: 14,
    defend: 11,
    move: 1900,
    hp: 30,
    builtIn: ['vulcan', 'beam-saber', 'beam-saber', 'gatling'],
    optional: [{ item: 'chobham', cost: 100 }],
  }),
}

export const gm = (id: string, at?: { x: number; y: number }, more: Partial<SquadSuit> = {}): SquadSuit => ({
  id,
  type: 'gm',
  bought: [],
  ...(at ? { at } : {}),
  ...more,
})
export const zaku = (id: string, at?: { x: number; y: number }, more: Partial<SquadSuit> = {}): SquadSuit => ({
  id,
  type: 'zaku2',
  bought: ['zaku-mg'],
  hold: { R: 'zaku-mg' },
  ...(at ? { at } : {}),
  ...more,
})

/**
 * A 48" × 48" table: the Federation's zone along the south edge, Zeon's along the north. Two GMs against two
 * Zakus, 3" apart across the middle by default (in range of the Zakus' machine guns and the GMs' vulcans).
 * Layouts: 2 players (a seat a side), 3 players (a seat a GM, one for Zeon).
 */
export function scenario(over: Partial<MsScenario> = {}, terrain: TerrainPiece[] = []): MsScenario {
  return {
    id: 'frame-test',
    title: 'Frame test',
    description: 'two GMs against two Zakus',
    table: { width: 4800, height: 4800 },
    terrain,
    sides: [
      { id: 'federation', name: 'Federation', zone: { x0: 0, y0: 0, x1: 4800, y1: 600 } },
      { id: 'zeon', name: 'Zeon', zone: { x0: 0, y0: 4200, x1: 4800, y1: 4800 } },
    ],
    squads: {
      federation: [gm('GM1', { x: 2000, y: 2200 }), gm('GM2', { x: 2800, y: 2200 })],
      zeon: [zaku('ZAKU1', { x: 2000, y: 2500 }), zaku('ZAKU2', { x: 2800, y: 2500 })],
    },
    deployment: 'fixed',
    seatLayouts: [
      {
        players: 2,
        seats: [
          { id: 'F', side: 'federation', groups: ['GM1', 'GM2'] },
          { id: 'Z', side: 'zeon', groups: ['ZAKU1', 'ZAKU2'] },
        ],
      },
      {
        players: 3,
        seats: [
          { id: 'F1', side: 'federation', groups: ['GM1'] },
          { id: 'F2', side: 'federation', groups: ['GM2'] },
          { id: 'Z', side: 'zeon', groups: ['ZAKU1', 'ZAKU2'] },
        ],
      },
    ],
    points: { limit: 1000, tolerance: 25 },
    houseData: true,
    notes: [],
    items: structuredClone(ITEMS),
    suits: structuredClone(SUITS),
    ...over,
  }
}

/** A game set up with scripted dice for the initiative (first seat in the list rolls first). */
export function game(
  scn: MsScenario = scenario(),
  faces: number[] = [6, 1],
  config: Partial<SetupConfig> = {},
): MsState {
  return setup(scn, { players: 2, ...config }, scriptedDice(faces)).state
}
