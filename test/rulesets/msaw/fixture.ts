// Test fixture for MS@W's combat part: the unit catalogue of rules/msaw.md §7 by hand (catalogue ids of
// docs/msaw.md; lengths in hundredths), and a builder of a small MsState with suits placed on an empty
// 48" table. Once the catalogue file lands (scenarios/msaw/catalogue.yaml) the data part's loader gives the same.
import type {
  DiceExpr,
  ItemPlace,
  ItemState,
  ItemType,
  MsOptions,
  MsScenario,
  MsState,
  Policy,
  Pt,
  Suit,
  SuitType,
  TerrainPiece,
} from '../../../src/rulesets/msaw/engine/types.js'

const d = (n: number, sides: number, plus = 0): DiceExpr => ({ n, sides, plus })
const band = (min: number, max: number) => ({ min: min * 100, max: max * 100 })

type Spec = Omit<ItemType, 'id' | 'nameJa'> & { nameJa?: string }

const weapon = (
  name: string,
  carry: 'hand' | 'fixed',
  range: ItemType['range'],
  damage: DiceExpr,
  more = {},
): Spec => ({
  name,
  kind: 'weapon',
  carry,
  ...(carry === 'hand' ? { hands: 1 as const, stowable: false } : {}),
  range,
  damage,
  ...more,
})

const shield = (name: string, carry: 'hand' | 'fixed', body: number, stowable: boolean): Spec => ({
  name,
  kind: 'shield',
  carry,
  ...(carry === 'hand' ? { hands: 1 as const, stowable } : {}),
  body,
})

const ITEM_SPECS: Record<string, Spec> = {
  'gm-vulcan': weapon('60mm vulcan guns', 'fixed', band(0, 6), d(1, 6, 2), { ammo: 20 }),
  vulcan: weapon('60mm vulcan guns', 'fixed', band(0, 5), d(1, 6, 2), { ammo: 20 }),
  'beam-saber': weapon('beam saber', 'hand', 'close', d(1, 6, 3), { stowable: true }),
  'beam-spray-gun': weapon('beam spray gun', 'hand', band(2, 15), d(2, 6, 2), { ammo: 20 }),
  'machine-pistol': weapon('90mm machine pistol', 'hand', band(0, 10), d(2, 6), { ammo: 20 }),
  'gm-shield': shield('shield', 'hand', 10, true),
  'recoilless-cannon': weapon('120mm recoilless cannon ×2', 'fixed', band(8, 35), d(3, 6), { ammo: 30 }),
  'arm-rockets': weapon('40mm rocket launcher ×2', 'fixed', band(5, 20), d(2, 6), { ammo: 8 }),
  'cannon-240mm': weapon('240mm cannon ×2', 'fixed', band(3, 15), d(2, 6, 3), { ammo: 20 }),
  'spray-missiles': weapon('spray missile launcher ×2', 'fixed', band(5, 20), d(3, 6), { ammo: 12 }),
  'beam-rifle': weapon('beam rifle', 'hand', band(3, 16), d(2, 6, 3), { ammo: 20 }),
  'beam-javelin': weapon('beam javelin', 'hand', band(0, 4), d(1, 6, 1)),
  'hyper-bazooka': weapon('380mm hyper bazooka', 'hand', band(10, 40), d(3, 6, 2), { ammo: 6, stowable: true }),
  'gundam-shield': shield('shield', 'hand', 10, true),
  'shoulder-shield': shield('shoulder shield', 'fixed', 7, false),
  'shoulder-spikes': weapon('shoulder spikes', 'fixed', 'close', d(1, 6)),
  'zaku-mg': weapon('120mm machine gun', 'hand', band(0, 10), d(2, 6), { ammo: 20 }),
  'zaku-bazooka': weapon('280mm bazooka', 'hand', band(8, 35), d(3, 6), { ammo: 5 }),
  'heat-hawk': weapon('heat hawk', 'hand', 'close', d(1, 6), { stowable: true }),
  'missile-pods': weapon('missile pods ×2', 'fixed', band(5, 20), d(3, 6), { ammo: 6 }),
  magella: weapon('175mm Magella attack cannon', 'hand', band(5, 30), d(4, 6), { ammo: 6, hands: 2, recharge: true }),
  'finger-mg': weapon('5 × 75mm machine gun', 'fixed', band(0, 10), d(2, 6, 3), { ammo: 20 }),
  'heat-rod': weapon('heat rod', 'fixed', band(3, 7), d(1, 6, 2)),
  'heat-saber': weapon('heat saber', 'hand', 'close', d(1, 6, 2)),
  'gouf-shield': shield('shield', 'hand', 40, false),
  'dom-heat-saber': weapon('heat saber', 'hand', 'close', d(1, 6, 2), { stowable: true }),
  'scatter-beam': weapon('scattering beam gun', 'fixed', band(2, 15), d(2, 6, 2), { ammo: 20 }),
  'giant-bazooka': weapon('360mm giant bazooka', 'hand', band(10, 40), d(3, 6, 2), { ammo: 10 }),
  'mega-particle': weapon('mega particle cannon', 'fixed', band(2, 15), d(3, 6), { ammo: 15 }),
  claws: weapon('claw hands', 'fixed', 'close', d(1, 6, 1)),
  'head-rockets': weapon('240mm rocket launcher ×6', 'fixed', band(5, 20), d(2, 6), { ammo: 30 }),
  gatling: weapon('90mm gatling gun ×2', 'fixed', band(0, 10), d(2, 6), { ammo: 30 }),
  chobham: { name: 'Chobham armor', kind: 'armour', carry: 'fixed', hp: 45, disables: ['gatling'] },
  'alex-shield': shield('shield', 'hand', 12, false),
}

/** The item types of §7 by catalogue id. */
export const ITEMS: Record<string, ItemType> = Object.fromEntries(
  Object.entries(ITEM_SPECS).map(([id, s]) => [id, { ...s, id, nameJa: s.nameJa ?? s.name } as ItemType]),
)

type SuitSpec = Omit<SuitType, 'id' | 'nameJa' | 'era' | 'faction'> & { faction: string }

const suit = (
  name: string,
  faction: string,
  stats: [cost: number, attack: number, defend: number, move: number, hp: number],
  builtIn: string[],
  optional: Array<[string, number]>,
  more: Partial<SuitType> = {},
): SuitSpec => ({
  name,
  faction,
  cost: stats[0],
  attack: stats[1],
  defend: stats[2],
  move: stats[3] * 100,
  hp: stats[4],
  builtIn,
  optional: optional.map(([item, cost]) => ({ item, cost })),
  ...more,
})

const zakuOptions: Array<[string, number]> = [
  ['zaku-mg', 25],
  ['zaku-bazooka', 60],
  ['heat-hawk', 25],
]

const SUIT_SPECS: Record<string, SuitSpec> = {
  gm: suit(
    'RGM-79 GM',
    'Federation',
    [125, 12, 10, 10, 20],
    ['gm-vulcan', 'beam-saber'],
    [
      ['beam-spray-gun', 30],
      ['machine-pistol', 25],
      ['gm-shield', 40],
    ],
  ),
  guntank: suit('RX-75 Guntank', 'Federation', [90, 10, 8, 7, 21], ['recoilless-cannon', 'arm-rockets'], []),
  guncannon: suit(
    'RX-77-2 Guncannon',
    'Federation',
    [100, 11, 9, 8, 20],
    ['vulcan', 'cannon-240mm'],
    [['beam-rifle', 35]],
    {
      alternatives: [{ replace: 'cannon-240mm', with: 'spray-missiles' }],
    },
  ),
  gundam: suit(
    'RX-78-2 Gundam',
    'Federation',
    [250, 14, 11, 17, 30],
    ['vulcan', 'beam-saber', 'beam-saber'],
    [
      ['beam-rifle', 35],
      ['beam-javelin', 25],
      ['hyper-bazooka', 75],
      ['gundam-shield', 40],
    ],
  ),
  zaku2: suit(
    'MS-06 Zaku II',
    'Zeon',
    [100, 11, 9, 9, 19],
    ['shoulder-shield', 'shoulder-spikes'],
    [...zakuOptions, ['missile-pods', 75]],
  ),
  zaku2s: suit(
    'MS-06S Zaku II Command Type',
    'Zeon',
    [125, 12, 10, 10, 21],
    ['shoulder-shield', 'shoulder-spikes'],
    [...zakuOptions, ['magella', 100]],
  ),
  gouf: suit(
    'MS-07B Gouf',
    'Zeon',
    [150, 13, 10, 10, 20],
    ['finger-mg', 'heat-rod'],
    [
      ['heat-saber', 25],
      ['gouf-shield', 35],
      ['zaku-mg', 25],
      ['zaku-bazooka', 60],
    ],
    { blockedHands: ['L'] },
  ),
  dom: suit('MS-09 Dom', 'Zeon', [175, 13, 11, 9, 25], ['dom-heat-saber', 'scatter-beam'], [['giant-bazooka', 90]], {
    hover: 2400,
  }),
  zgok: suit("MSM-07 Z'Gok", 'Zeon', [190, 13, 10, 7, 28], ['mega-particle', 'claws', 'head-rockets'], [], {
    blockedHands: ['L', 'R'],
  }),
  zgoks: suit("MSM-07S Z'Gok Command", 'Zeon', [200, 14, 10, 8, 30], ['mega-particle', 'claws', 'head-rockets'], [], {
    blockedHands: ['L', 'R'],
  }),
  alex: suit(
    'RX-78NT1 Gundam "Alex"',
    'Federation',
    [325, 14, 11, 19, 30],
    ['vulcan', 'beam-saber', 'beam-saber', 'gatling'],
    [
      ['beam-rifle', 35],
      ['chobham', 100],
      ['alex-shield', 50],
    ],
  ),
}

/** The suit types of §7 by catalogue id. */
export const SUITS: Record<string, SuitType> = Object.fromEntries(
  Object.entries(SUIT_SPECS).map(([id, s]) => [
    id,
    { ...s, id, nameJa: s.name, era: id === 'alex' ? '0080' : '0079' } as SuitType,
  ]),
)

export const DEFAULT_OPTIONS: MsOptions = {
  rough: false,
  aim: false,
  oneHitKill: false,
  systemError: false,
  roundLimit: 0,
  counterOncePerRound: false,
  goufShieldBody: 40,
}

/** One suit to place: its id, type, side, where it stands in inches, what it bought and holds. */
export interface PlaceSuit {
  id: string
  type: string
  side: 'A' | 'B' | string
  /** Inches (x, y). */
  at: [number, number]
  bought?: string[]
  alternatives?: string[]
  /** Item ids to hold: `L`, `R`, or `LR` for a two-handed item. Everything else of hand carry is stowed. */
  hold?: { L?: string; R?: string; LR?: string }
  policy?: Partial<Policy>
}

function itemIds(types: readonly string[]): Array<{ id: string; type: string }> {
  const seen = new Map<string, number>()
  return types.map((type) => {
    const n = (seen.get(type) ?? 0) + 1
    seen.set(type, n)
    return { id: n === 1 ? type : `${type}-${n}`, type }
  })
}

/** Hundredths from inches. */
export const inch = (x: number, y: number): Pt => ({ x: Math.round(x * 100), y: Math.round(y * 100) })

/** A small MsState: the suits placed, in the action step of round `round`, side A's seat first. */
export function makeState(opts: {
  suits: PlaceSuit[]
  options?: Partial<MsOptions>
  terrain?: TerrainPiece[]
  round?: number
}): MsState {
  const options = { ...DEFAULT_OPTIONS, ...opts.options }
  const items: Record<string, ItemType> = { ...ITEMS }
  items['gouf-shield'] = { ...ITEMS['gouf-shield']!, body: options.goufShieldBody }
  const sides = [...new Set(opts.suits.map((s) => s.side))]
  const suits: Suit[] = opts.suits.map((p) => {
    const type = SUITS[p.type]
    if (!type) throw new Error(`fixture: no suit type ${p.type}`)
    const builtIn = type.builtIn.map((b) => {
      const alt = type.alternatives?.find((a) => a.replace === b && (p.alternatives ?? []).includes(a.with))
      return alt ? alt.with : b
    })
    const held = new Map<string, ItemPlace>()
    for (const [hand, id] of Object.entries(p.hold ?? {})) if (id) held.set(id, hand as ItemPlace)
    const list: ItemState[] = itemIds([...builtIn, ...(p.bought ?? [])]).map(({ id, type: t }) => {
      const it = items[t]!
      const place: ItemPlace = it.carry === 'fixed' ? 'fixed' : (held.get(id) ?? 'stowed')
      return {
        id,
        type: t,
        place,
        ...(it.ammo !== undefined ? { ammo: it.ammo } : {}),
        ...(it.body !== undefined ? { body: it.body } : {}),
      }
    })
    const armour = list.map((i) => items[i.type]!).find((t) => t.kind === 'armour' && t.hp !== undefined)
    const hp = armour?.hp ?? type.hp
    return {
      id: p.id,
      type: p.type,
      side: p.side,
      seat: `seat-${p.side}`,
      at: inch(p.at[0], p.at[1]),
      hp,
      maxHp: hp,
      items: list,
      destroyed: false,
      errorPhases: 0,
      aim: null,
      counteredRound: null,
      policy: { shield: 'always', counter: 'best', ...p.policy },
      cost: 0,
    }
  })
  const scenario: MsScenario = {
    id: 'combat-fixture',
    title: 'Combat fixture',
    description: 'suits placed by hand for the combat tests',
    table: { width: 4800, height: 4800 },
    terrain: opts.terrain ?? [],
    sides: sides.map((id, i) => ({
      id,
      name: `Side ${id}`,
      zone: i === 0 ? { x0: 0, y0: 0, x1: 4800, y1: 600 } : { x0: 0, y0: 4200, x1: 4800, y1: 4800 },
    })),
    squads: Object.fromEntries(
      sides.map((side) => [
        side,
        opts.suits
          .filter((s) => s.side === side)
          .map((s) => ({ id: s.id, type: s.type, bought: s.bought ?? [], alternatives: s.alternatives })),
      ]),
    ),
    deployment: 'fixed',
    seatLayouts: [
      { players: sides.length, seats: sides.map((side) => ({ id: `seat-${side}`, side, groups: [side] })) },
    ],
    points: { limit: 1000, tolerance: 25 },
    houseData: true,
    notes: [],
    items,
    suits: { ...SUITS },
  }
  return {
    system: 'msaw',
    rulesVersion: 'msaw-1',
    scenario,
    options,
    round: opts.round ?? 1,
    step: 'action',
    order: sides.map((s) => `seat-${s}`),
    activeIndex: 0,
    activated: [],
    current: null,
    suits,
    dropped: [],
    nextDropId: 1,
    reaction: null,
    deployed: [],
    winner: null,
    over: false,
    reason: null,
  }
}

/** A suit of the state by id (throws when absent). */
export function suitOf(state: MsState, id: string): Suit {
  const s = state.suits.find((x) => x.id === id)
  if (!s) throw new Error(`fixture: no suit ${id}`)
  return s
}

/** An item of a suit by id, or undefined. */
export function itemOf(state: MsState, ms: string, item: string): ItemState | undefined {
  return suitOf(state, ms).items.find((i) => i.id === item)
}
