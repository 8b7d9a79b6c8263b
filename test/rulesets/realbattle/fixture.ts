// Test fixture for the Real Battle engine: the house data of rules/realbattle.md §9 as TypeScript, and a
// state builder. Once the scenario files land (scenarios/realbattle/), this reads them instead.
import type { Direction } from '../../../src/engine/hex/index.js'
import type {
  ArmourCell,
  At,
  AtCard,
  Camp,
  DirColumn,
  Policies,
  RbMap,
  RbScenario,
  RbState,
  Tables,
  WeaponCard,
  WeaponState,
} from '../../../src/rulesets/realbattle/engine/types.js'

export const tables: Tables = {
  accel: [
    { pp: 1, normal: { min: 1, max: 1 }, ps: null },
    { pp: 2, normal: { min: 2, max: 2 }, ps: { min: 1, max: 2 } },
    { pp: 3, normal: null, ps: { min: 1, max: 3 } },
    { pp: 4, normal: { min: 3, max: 3 }, ps: null },
    { pp: 5, normal: null, ps: { min: 2, max: 4 } },
    { pp: 7, normal: null, ps: { min: 3, max: 5 } },
  ],
  hitModifier: [
    { pp: 1, mod: 0 },
    { pp: 2, mod: 1 },
    { pp: 3, mod: 2 },
    { pp: 5, mod: 3 },
  ],
  evasionNormal: [
    { pp: 1, mod: -1 },
    { pp: 2, mod: -2 },
    { pp: 3, mod: -3 },
    { pp: 5, mod: -4 },
  ],
  evasionPs: [
    { pp: 2, mod: -1 },
    { pp: 3, mod: -2 },
    { pp: 5, mod: -3 },
    { pp: 7, mod: -4 },
  ],
  planValues: {
    accelNormal: [0, 1, 2, 4],
    accelPs: [0, 2, 3, 5, 7],
    attack: [0, 1, 2, 3, 5],
    defenceNormal: [0, 1, 2, 3, 5],
    defencePs: [0, 2, 3, 5, 7],
  },
  attackerSpeed: [
    { from: 0, mod: 0 },
    { from: 1, mod: -1 },
    { from: 3, mod: -2 },
    { from: 5, mod: -3 },
    { from: 7, mod: -4 },
  ],
  targetSpeed: [
    { from: 0, mods: { FF: 0, FS: 0, BS: 1, BB: 2 } },
    { from: 1, mods: { FF: 0, FS: -1, BS: 0, BB: 2 } },
    { from: 3, mods: { FF: -1, FS: -2, BS: -1, BB: 1 } },
    { from: 5, mods: { FF: -1, FS: -3, BS: -2, BB: 1 } },
    { from: 7, mods: { FF: -2, FS: -4, BS: -3, BB: 0 } },
  ],
  fireArc: {
    handR: { FF: 0, FR: -1, FL: -2 },
    handL: { FF: 0, FR: -2, FL: -1 },
    armR: { FF: 0, FR: -1, FL: -2 },
    armL: { FF: 0, FR: -2, FL: -1 },
    shoulderR: { FF: 0, FR: -1 },
    torsoR: { FF: 0, FR: -1 },
    shoulderL: { FF: 0, FL: -1 },
    torsoL: { FF: 0, FL: -1 },
  },
  actionPp: [
    { from: 0, pp: { P1: 1, P2: 2, P3: 3 } },
    { from: 1, pp: { T1: 0, O1: 1, P1: 1, P2: 2, P3: 3 } },
    { from: 2, pp: { T1: 1, T2: 0, O1: 1, O2: 0, P1: 1, P2: 2, P3: 3 } },
    { from: 3, pp: { T1: 1, T2: 0, T3: 0, O1: 2, O2: 1, O3: 0, P1: 2, P2: 3, P3: 4 } },
    { from: 4, pp: { T1: 2, T2: 1, T3: 0, O1: 2, O2: 1, O3: 0, P1: 2, P2: 3 } },
    { from: 5, pp: { T1: 2, T2: 1, T3: 0, O1: 3, O2: 2, O3: 1, P1: 3, P2: 4 } },
    { from: 6, pp: { T1: 3, T2: 2, T3: 1, O2: 2, O3: 1, P1: 3 } },
    { from: 7, pp: { T1: 4, T2: 2, T3: 1, O2: 3, O3: 2, P1: 4 } },
  ],
}

/** A damage-table column from 11 entries; "o4" is a vital point of armour 4. */
function column(cells: string): ArmourCell[] {
  return cells.split(' ').map((c) => ({ armour: Number(c.replace('o', '')), vital: c.startsWith('o') }))
}
function table(ff: string, fs: string, bs: string, bb: string): Record<DirColumn, ArmourCell[]> {
  return { FF: column(ff), FS: column(fs), BS: column(bs), BB: column(bb) }
}
const DT_M = table(
  'o4 5 6 6 7 7 6 6 5 5 o4',
  'o3 4 5 5 6 6 5 5 4 4 o3',
  'o3 3 4 4 5 5 5 4 4 3 o3',
  'o2 3 3 4 4 4 4 3 3 o3 o2',
)
const DT_H = table(
  'o5 6 7 7 8 8 7 7 6 6 o5',
  'o4 5 6 6 7 7 6 6 5 5 o4',
  'o4 4 5 5 6 6 6 5 5 4 o4',
  'o3 4 4 5 5 5 5 4 4 o4 o3',
)
const DT_P = table(
  'o5 6 7 7 8 8 7 7 6 6 o5',
  'o4 5 6 6 7 7 6 6 5 5 o4',
  'o3 4 5 5 6 6 5 5 4 4 o3',
  'o2 3 4 4 5 5 5 4 3 o3 o2',
)

function card(id: string, name: string, nameJa: string, v: Partial<AtCard>): AtCard {
  return {
    id,
    name,
    nameJa,
    size: 0,
    ps: false,
    speedMin: -2,
    speedMax: 5,
    load: 6,
    fall: 10,
    durability: 16,
    turnPick: true,
    melee: { hit: 8, power: 7, type: 'impact' },
    noMeleeArms: [],
    damage: DT_M,
    price: null,
    availability: null,
    house: true,
    ...v,
  }
}

export const cards: Record<string, AtCard> = {
  scopedog: card('scopedog', 'Scopedog', 'スコープドッグ', { price: 1200, availability: 10 }),
  tortoise: card('tortoise', 'Standing Tortoise', 'スタンディングトータス', {
    size: 1,
    speedMax: 4,
    load: 8,
    fall: 11,
    durability: 20,
    melee: { hit: 7, power: 7, type: 'impact' },
    damage: DT_H,
    price: 1000,
    availability: 9,
  }),
  brutish: card('brutish', 'Brutish Dog', 'ブルーティッシュドッグ', {
    ps: true,
    speedMin: -3,
    speedMax: 7,
    load: 8,
    fall: 11,
    durability: 18,
    melee: { hit: 9, power: 8, type: 'impact' },
    noMeleeArms: ['L'],
    damage: DT_P,
    price: 2500,
    availability: 4,
  }),
  fatty: card('fatty', 'Fatty', 'ファッティー', {
    size: 1,
    speedMax: 4,
    load: 8,
    fall: 11,
    durability: 20,
    melee: { hit: 7, power: 7, type: 'impact' },
    damage: DT_H,
    price: 1100,
    availability: 8,
  }),
}

/** "1-2:9/8 3-4:8/8" → range bands. */
function bands(text: string): WeaponCard['ranges'] {
  return text.split(' ').map((b) => {
    const [range, hp] = b.split(':') as [string, string]
    const [from, to] = range.includes('-') ? range.split('-').map(Number) : [Number(range), Number(range)]
    const [hit, power] = hp.split('/').map(Number)
    return { from: from!, to: to!, hit: hit!, power: power! }
  })
}

function weapon(id: string, name: string, nameJa: string, v: Partial<WeaponCard>): WeaponCard {
  return {
    id,
    name,
    nameJa,
    kind: 'gun',
    mount: 'handR',
    type: 'penetration',
    rate: null,
    ammo: null,
    magazine: { allowed: false, weight: 0 },
    weight: 0,
    fall: 0,
    ranges: [],
    builtIn: false,
    price: null,
    resupply: null,
    availability: null,
    house: true,
    ...v,
  }
}

export const weapons: Record<string, WeaponCard> = {
  hmg: weapon('hmg', 'Heavy Machine Gun', 'ヘビーマシンガン', {
    rate: 70,
    ammo: 10,
    magazine: { allowed: true, weight: 1 },
    weight: 5,
    ranges: bands('1-2:9/8 3-4:8/8 5-6:7/7 7-9:6/7 10-12:5/6'),
    price: 300,
    resupply: { price: 50, star: false },
    availability: 11,
  }),
  ss: weapon('ss', 'Solid Shooter', 'ソリッドシューター', {
    type: 'impact',
    ammo: 5,
    weight: 8,
    fall: -1,
    ranges: bands('1-2:8/11 3-5:8/11 6-9:7/10 10-14:6/9'),
    price: 500,
    resupply: { price: 100, star: true },
    availability: 8,
  }),
  hrl: weapon('hrl', 'Handy Rocket Launcher', 'ハンディロケットランチャー', {
    type: 'impact',
    ammo: 4,
    magazine: { allowed: true, weight: 2 },
    weight: 6,
    ranges: bands('2-4:7/12 5-8:7/12 9-12:6/12 13-16:5/12'),
    price: 400,
    resupply: { price: 80, star: false },
    availability: 9,
  }),
  'bd-gatling': weapon('bd-gatling', 'Brutish Dog arm gatling', 'ブルーティッシュドッグ腕部ガトリング', {
    mount: 'armL',
    rate: 80,
    ammo: 12,
    ranges: bands('1-2:9/7 3-5:8/7 6-8:7/6 9-10:6/5'),
    builtIn: true,
  }),
  'bd-ml2': weapon('bd-ml2', 'Brutish Dog 2-tube missile', 'ブルーティッシュドッグ2連ミサイル', {
    kind: 'launcher',
    mount: 'shoulderR',
    type: 'impact',
    ammo: 2,
    ranges: bands('3-6:8/11 7-12:7/11'),
    builtIn: true,
  }),
  gatling: weapon('gatling', 'Gatling Gun', 'ガトリングガン', {
    rate: 80,
    ammo: 8,
    magazine: { allowed: true, weight: 1 },
    weight: 6,
    ranges: bands('1-2:8/7 3-5:8/7 6-8:7/6 9-11:6/5'),
    price: 350,
    resupply: { price: 60, star: false },
    availability: 10,
  }),
  ml6: weapon('ml6', '6-tube Missile Launcher', '６連ミサイルランチャー', {
    kind: 'launcher',
    mount: 'shoulderR',
    type: 'impact',
    ammo: 6,
    weight: 4,
    fall: -1,
    ranges: bands('3-6:8/11 7-12:7/11 13-15:6/10'),
    price: 500,
    resupply: { price: 120, star: true },
    availability: 8,
  }),
  pile: weapon('pile', 'Pile Bunker', 'パイルバンカー', {
    kind: 'pileBunker',
    mount: 'armR',
    ammo: 3,
    weight: 3,
    ranges: bands('1:7/14'),
    price: 300,
    resupply: { price: 60, star: true },
    availability: 8,
  }),
  smoke: weapon('smoke', 'Smoke Discharger', 'スモークディスチャージャー', {
    kind: 'smoke',
    mount: 'torsoL',
    type: null,
    ammo: 2,
    weight: 1,
    price: 150,
    resupply: { price: 30, star: true },
    availability: 10,
  }),
  ml2s: weapon('ml2s', '2-tube small ML', '２連小型ミサイルランチャー', {
    kind: 'launcher',
    mount: 'torsoR',
    type: 'impact',
    ammo: 2,
    weight: 1,
    ranges: bands('2-5:8/9 6-9:7/9'),
  }),
  sgat: weapon('sgat', 'Small gatling', '小型ガトリング', {
    mount: 'torsoL',
    rate: 50,
    ammo: 6,
    weight: 1,
    ranges: bands('1-2:8/6 3-5:7/6 6-7:6/5'),
  }),
  fcs: weapon('fcs', 'Fire-control system', '火器管制装置', { kind: 'fcs', mount: 'none', type: null }),
  spare6: weapon('spare6', 'Spare missile set (6)', '予備ミサイルセット(6)', {
    kind: 'spareSet',
    mount: 'none',
    type: null,
    weight: 4,
    reload: { rounds: 6, pp: 6 },
  }),
}

const MAP_A_ROWS = [
  '....................',
  '....................',
  '....................',
  '.....##......##.....',
  'a....##......##....b',
  'a..................b',
  'a........##........b',
  'a........##........b',
  'a..................b',
  'a....##......##....b',
  '.....##......##.....',
  '....................',
  '....................',
  '....................',
]

/** Map A (Arena) of §9.5: 20 columns × 14 rows, odd-q. */
export function mapFromRows(id: string, rows: string[]): RbMap {
  const obstacles: string[] = []
  const a: string[] = []
  const b: string[] = []
  rows.forEach((line, r) =>
    [...line].forEach((ch, c) => {
      const key = `${c},${r}`
      if (ch === '#') obstacles.push(key)
      if (ch === 'a') a.push(key)
      if (ch === 'b') b.push(key)
    }),
  )
  return { id, name: id, nameJa: id, cols: rows[0]!.length, rows: rows.length, obstacles, deploy: { a, b } }
}
export const mapA = mapFromRows('A', MAP_A_ROWS)

export const defaultPolicies: Policies = { avoid: 'avoid-if-affordable', fall: { kind: 'reach', value: 7 } }

export interface AtSpec {
  id: string
  camp?: Camp
  seat?: string
  card?: string
  basePp?: number
  hex?: [number, number] | null
  facing?: Direction
  speed?: number
  durability?: number
  weapons?: Array<Partial<WeaponState> & { card: string }>
  at?: Partial<At>
}

/** An AT in play, its plan revealed (the active camp's phase ② unless said otherwise). */
export function makeAt(spec: AtSpec): At {
  const cardId = spec.card ?? 'scopedog'
  const basePp = spec.basePp ?? 6
  const ws: WeaponState[] = (spec.weapons ?? []).map((w) => ({
    id: w.id ?? w.card,
    card: w.card,
    mount: w.mount ?? weapons[w.card]!.mount,
    ammo: w.ammo ?? weapons[w.card]!.ammo ?? 0,
    magazines: w.magazines ?? 0,
    purged: w.purged ?? false,
  }))
  const camp = spec.camp ?? (spec.id.startsWith('B') ? 'B' : 'A')
  return {
    id: spec.id,
    camp,
    seat: spec.seat ?? camp,
    card: cardId,
    pilot: { name: `Pilot ${spec.id}`, nameJa: `パイロット${spec.id}`, basePp },
    hex: spec.hex === null ? null : { col: spec.hex?.[0] ?? 5, row: spec.hex?.[1] ?? 5 },
    facing: spec.facing ?? 2,
    speed: spec.speed ?? 0,
    durability: spec.durability ?? cards[cardId]!.durability,
    destroyed: false,
    destroyedBy: null,
    fallen: false,
    heavy: false,
    actionPp: basePp,
    spentEnemyTurn: 0,
    plan: { acc: 0, dec: 0, atk: 0, def: 0 },
    planRevealed: true,
    defRevealed: false,
    confused: false,
    planError: false,
    enteredFrom: null,
    speedChoices: null,
    stoodUpTried: false,
    weapons: ws,
    policies: structuredClone(defaultPolicies),
    ...spec.at,
  }
}

export function makeScenario(over: Partial<RbScenario> = {}): RbScenario {
  return {
    id: 'TEST',
    map: mapA,
    ignoreObstacles: false,
    camps: { A: { name: 'Red', nameJa: '赤' }, B: { name: 'Blue', nameJa: '青' } },
    ats: [],
    cards,
    weapons,
    tables,
    hitModifiers: [],
    seatLayouts: [],
    ...over,
  }
}

/** A state in camp A's player-turn at `step`, with the ATs given. */
export function makeState(ats: At[], over: Partial<RbState> = {}, scenario: Partial<RbScenario> = {}): RbState {
  return {
    system: 'realbattle',
    rulesVersion: 'realbattle-1',
    scenario: makeScenario(scenario),
    options: { turnLimit: 0, tabletopErrors: false, endOnFirstKill: false },
    ends: { A: 'a', B: 'b' },
    first: 'A',
    active: 'A',
    turn: 1,
    step: 'action',
    ats,
    smoke: [],
    ended: null,
    ...over,
  }
}
