// Real Battle house data (scenarios/realbattle/tables.yaml, ats.yaml, weapons.yaml, maps.yaml): the global
// tables, AT and weapon cards and maps of rules/realbattle.md §9, read as the engine takes them. Each file is
// checked against its JSON Schema (scenarios/schema/realbattle-*.schema.json), then for what a schema cannot see.
import { join, resolve } from 'node:path'
import { offsetKey } from '../../../engine/hex/index.js'
import { fail, readData, repoRoot } from '../../../scenarios/index.js'
import type {
  AccelRow,
  ArmourCell,
  AtCard,
  DirColumn,
  Mount,
  RangeBand,
  RbMap,
  Tables,
  WeaponCard,
} from '../engine/types.js'

export type Status = 'S' | 'D' | 'R' | 'H'
export type Tier = 1 | 2
type PpMod = { pp: number; mod: number }

interface TablesFile {
  status: Status
  accel: { status: Status; planValues: { normal: number[]; ps: number[] }; rows: AccelRow[] }
  hitEvasion: {
    status: Status
    planValues: { attack: number[]; defenceNormal: number[]; defencePs: number[] }
    hit: PpMod[]
    evasionNormal: PpMod[]
    evasionPs: PpMod[]
  }
  attackerSpeed: { status: Status; rows: Tables['attackerSpeed'] }
  targetSpeed: { status: Status; rows: Tables['targetSpeed'] }
  fireArc: { status: Status; mounts: Tables['fireArc'] }
  actionPp: { status: Status; rows: Tables['actionPp'] }
}

interface AtsFile {
  status: Status
  damageTables: Array<{ id: string; status: Status } & Record<DirColumn, string>>
  cards: Array<{
    id: string
    name: string
    nameJa: string
    tier: Tier
    status: Status
    class: 'M' | 'H' | 'L'
    ps: boolean
    speed: [number, number]
    load: number
    fall: number
    durability: number
    turnPick: boolean
    melee: AtCard['melee']
    noMeleeArms: AtCard['noMeleeArms']
    damage: string
    price: number | null
    availability: number | null
  }>
}

interface WeaponsFile {
  status: Status
  weapons: Array<{
    id: string
    name: string
    nameJa: string
    tier: Tier
    status: Status
    kind: WeaponCard['kind']
    mount: Mount
    type: WeaponCard['type']
    rate: number | null
    ammo: number | null
    magazine: number | '★'
    weight: number
    fall: number
    ranges: string[]
    builtInto?: string
    reload?: { rounds: number; pp: number }
    price: number | null
    resupply: WeaponCard['resupply']
    availability: number | null
  }>
}

interface MapsFile {
  status: Status
  maps: Array<{ id: string; name: string; nameJa: string; status: Status; rows: string[] }>
}

/** The house data of a folder, as the engine takes it, with each item's tier and provenance on the side. */
export interface HouseData {
  tables: Tables
  cards: Record<string, AtCard>
  weapons: Record<string, WeaponCard>
  maps: Record<string, RbMap>
  /** §9.2–9.4: tier 1 (S1–S5 and the Fatty) or tier 2 (S6–S9, lower confidence). */
  tiers: { cards: Record<string, Tier>; weapons: Record<string, Tier> }
  /** The AT card a built-in weapon belongs to (RB-5.6 [H]). */
  builtInto: Record<string, string>
  /** Whether any table, and each map, is HOUSE data (status H), for the houseData check. */
  houseItems: { tables: boolean; maps: Record<string, boolean> }
}

/** The house data files of a folder; every other .yaml file is a scenario. */
export const HOUSE_FILES = { tables: 'tables.yaml', ats: 'ats.yaml', weapons: 'weapons.yaml', maps: 'maps.yaml' }

export function defaultRealBattleDir(): string {
  return join(repoRoot(), 'scenarios', 'realbattle')
}

// ---- Tables (§9.1) ---------------------------------------------------------------------------------

function ascending(file: string, path: string, values: number[], what: string): void {
  values.forEach((v, i) => {
    if (i > 0 && v <= (values[i - 1] as number)) fail(file, `${path}/${i}`, `${what} must rise strictly (${v})`)
  })
}

function checkFromRows(file: string, path: string, rows: Array<{ from: number }>): void {
  if (rows[0]?.from !== 0) fail(file, `${path}/0/from`, 'the first row must start at speed 0')
  const from = rows.map((r) => r.from)
  ascending(file, path, from, 'from')
}

export function loadTables(file: string): Tables & { house: boolean } {
  const t = readData<TablesFile>(file, 'realbattle-tables.schema.json')
  const { accel, hitEvasion: he } = t
  const accelPp = accel.rows.map((r) => r.pp)
  ascending(file, '/accel/rows', accelPp, 'pp')
  accel.rows.forEach((r, i) => {
    for (const k of ['normal', 'ps'] as const) {
      const range = r[k]
      if (range && range.min > range.max)
        fail(file, `/accel/rows/${i}/${k}`, `min ${range.min} exceeds max ${range.max}`)
    }
  })
  for (const k of ['normal', 'ps'] as const) {
    const legal = accel.planValues[k]
    const path = `/accel/planValues/${k}`
    ascending(file, path, legal, 'plan values')
    if (legal[0] !== 0) fail(file, `${path}/0`, 'the plan values must start with 0 (no change)')
    const rows = accel.rows.filter((r) => r[k] !== null).map((r) => r.pp)
    if (rows.join() !== legal.slice(1).join())
      fail(file, path, `the values after 0 (${legal.slice(1).join(', ')}) must be the rows with a ${k} range (${rows})`)
  }
  for (const k of ['attack', 'defenceNormal', 'defencePs'] as const) {
    ascending(file, `/hitEvasion/planValues/${k}`, he.planValues[k], 'plan values')
    if (he.planValues[k][0] !== 0) fail(file, `/hitEvasion/planValues/${k}/0`, 'the plan values must start with 0')
  }
  for (const k of ['hit', 'evasionNormal', 'evasionPs'] as const) {
    const pp = he[k].map((r) => r.pp)
    ascending(file, `/hitEvasion/${k}`, pp, 'pp')
  }
  checkFromRows(file, '/attackerSpeed/rows', t.attackerSpeed.rows)
  checkFromRows(file, '/targetSpeed/rows', t.targetSpeed.rows)
  checkFromRows(file, '/actionPp/rows', t.actionPp.rows)
  const parts = [accel, he, t.attackerSpeed, t.targetSpeed, t.fireArc, t.actionPp]
  return {
    accel: accel.rows.map((r) => ({ pp: r.pp, normal: r.normal, ps: r.ps })),
    hitModifier: he.hit,
    evasionNormal: he.evasionNormal,
    evasionPs: he.evasionPs,
    planValues: {
      accelNormal: accel.planValues.normal,
      accelPs: accel.planValues.ps,
      attack: he.planValues.attack,
      defenceNormal: he.planValues.defenceNormal,
      defencePs: he.planValues.defencePs,
    },
    attackerSpeed: t.attackerSpeed.rows,
    targetSpeed: t.targetSpeed.rows,
    fireArc: t.fireArc.mounts,
    actionPp: t.actionPp.rows.map((r) => ({ from: r.from, pp: { ...r.pp } })),
    house: parts.some((p) => p.status === 'H'),
  }
}

// ---- AT cards (§9.2, §9.4) -------------------------------------------------------------------------

const SIZE = { M: 0, H: 1, L: -1 } as const

function parseColumn(text: string): ArmourCell[] {
  return text.split(' ').map((c) => ({ armour: Number(c.replace('○', '')), vital: c.startsWith('○') }))
}

export function loadCards(file: string): { cards: Record<string, AtCard>; tiers: Record<string, Tier> } {
  const data = readData<AtsFile>(file, 'realbattle-ats.schema.json')
  const tables = new Map<string, { damage: AtCard['damage']; house: boolean }>()
  data.damageTables.forEach((t, i) => {
    if (tables.has(t.id)) fail(file, `/damageTables/${i}/id`, `damage table ${t.id} is listed twice`)
    const damage = { FF: parseColumn(t.FF), FS: parseColumn(t.FS), BS: parseColumn(t.BS), BB: parseColumn(t.BB) }
    tables.set(t.id, { damage, house: t.status === 'H' })
  })
  const cards: Record<string, AtCard> = {}
  const tiers: Record<string, Tier> = {}
  data.cards.forEach((c, i) => {
    const at = `/cards/${i}`
    if (c.id in cards) fail(file, `${at}/id`, `card ${c.id} is listed twice`)
    const [speedMin, speedMax] = c.speed
    if (speedMin > 0 || speedMax < 1) fail(file, `${at}/speed`, `[${c.speed}] must run from 0 or less to 1 or more`)
    const table = tables.get(c.damage)
    if (!table) fail(file, `${at}/damage`, `no damage table ${c.damage} in damageTables`)
    cards[c.id] = {
      id: c.id,
      name: c.name,
      nameJa: c.nameJa,
      size: SIZE[c.class],
      ps: c.ps,
      speedMin,
      speedMax,
      load: c.load,
      fall: c.fall,
      durability: c.durability,
      turnPick: c.turnPick,
      melee: { hit: c.melee.hit, power: c.melee.power, type: c.melee.type },
      noMeleeArms: [...c.noMeleeArms],
      damage: structuredClone(table.damage),
      price: c.price,
      availability: c.availability,
      house: c.status === 'H' || table.house,
    }
    tiers[c.id] = c.tier
  })
  return { cards, tiers }
}

// ---- Weapon cards (§9.3, §9.4) ---------------------------------------------------------------------

const BAND = /^(\d+)(?:-(\d+))?: (\d+)\/(\d+)$/

/** The kind of place a mount is: a loadout may move a weapon only within its kind (T5). */
export function mountFamily(mount: Mount): 'hand' | 'arm' | 'back' | 'none' {
  if (mount === 'handR' || mount === 'handL') return 'hand'
  if (mount === 'armR' || mount === 'armL') return 'arm'
  return mount === 'none' ? 'none' : 'back'
}

function parseBands(file: string, path: string, texts: string[]): RangeBand[] {
  const bands = texts.map((text, i) => {
    const m = BAND.exec(text) as RegExpExecArray
    const from = Number(m[1])
    const to = m[2] === undefined ? from : Number(m[2])
    if (from < 1 || to < from) fail(file, `${path}/${i}`, `${text}: the distances must run from 1 upward`)
    return { from, to, hit: Number(m[3]), power: Number(m[4]) }
  })
  bands.forEach((b, i) => {
    const prev = bands[i - 1]
    if (prev && b.from <= prev.to) fail(file, `${path}/${i}`, `${texts[i]} overlaps or comes before ${texts[i - 1]}`)
  })
  return bands
}

export function loadWeapons(file: string): {
  weapons: Record<string, WeaponCard>
  tiers: Record<string, Tier>
  builtInto: Record<string, string>
} {
  const data = readData<WeaponsFile>(file, 'realbattle-weapons.schema.json')
  const weapons: Record<string, WeaponCard> = {}
  const tiers: Record<string, Tier> = {}
  const builtInto: Record<string, string> = {}
  data.weapons.forEach((w, i) => {
    const at = `/weapons/${i}`
    if (w.id in weapons) fail(file, `${at}/id`, `weapon ${w.id} is listed twice`)
    const equipment = w.kind === 'fcs' || w.kind === 'spareSet'
    if (equipment !== (w.mount === 'none'))
      fail(file, `${at}/mount`, equipment ? `a ${w.kind} has mount none` : `a ${w.kind} needs a mount, not none`)
    if (!equipment && w.kind !== 'smoke' && (w.type === null || w.ammo === null || w.ranges.length === 0))
      fail(file, at, `a ${w.kind} needs an ammunition type, ammo and a hit/power table`)
    if ((w.kind === 'spareSet') !== (w.reload !== undefined))
      fail(file, `${at}/reload`, w.kind === 'spareSet' ? 'a spare set needs reload' : 'only a spare set has reload')
    const ranges = parseBands(file, `${at}/ranges`, w.ranges)
    weapons[w.id] = {
      id: w.id,
      name: w.name,
      nameJa: w.nameJa,
      kind: w.kind,
      mount: w.mount,
      type: w.type,
      rate: w.rate,
      ammo: w.ammo,
      magazine: w.magazine === '★' ? { allowed: false, weight: 0 } : { allowed: true, weight: w.magazine },
      weight: w.weight,
      fall: w.fall,
      ranges,
      builtIn: w.builtInto !== undefined,
      ...(w.reload ? { reload: { rounds: w.reload.rounds, pp: w.reload.pp } } : {}),
      price: w.price,
      resupply: w.resupply ? { price: w.resupply.price, star: w.resupply.star } : null,
      availability: w.availability,
      house: w.status === 'H',
    }
    tiers[w.id] = w.tier
    if (w.builtInto !== undefined) builtInto[w.id] = w.builtInto
  })
  return { weapons, tiers, builtInto }
}

// ---- Maps (§9.5) -----------------------------------------------------------------------------------

export function loadMaps(file: string): { maps: Record<string, RbMap>; house: Record<string, boolean> } {
  const data = readData<MapsFile>(file, 'realbattle-maps.schema.json')
  const maps: Record<string, RbMap> = {}
  const house: Record<string, boolean> = {}
  data.maps.forEach((m, i) => {
    const at = `/maps/${i}`
    if (m.id in maps) fail(file, `${at}/id`, `map ${m.id} is listed twice`)
    const cols = (m.rows[0] as string).length
    const map: RbMap = {
      id: m.id,
      name: m.name,
      nameJa: m.nameJa,
      cols,
      rows: m.rows.length,
      obstacles: [],
      deploy: { a: [], b: [] },
    }
    m.rows.forEach((line, r) => {
      const chars = [...line]
      if (chars.length !== cols)
        fail(file, `${at}/rows/${r}`, `has ${chars.length} columns, but the first row has ${cols}`)
      chars.forEach((ch, c) => {
        const key = offsetKey({ col: c, row: r })
        if (ch === '#') map.obstacles.push(key)
        else if (ch === 'a' || ch === 'b') map.deploy[ch].push(key)
        else if (ch !== '.') fail(file, `${at}/rows/${r}`, `column ${c} holds "${ch}"; use ".", "#", "a" or "b"`)
      })
    })
    for (const end of ['a', 'b'] as const) {
      if (map.deploy[end].length === 0) fail(file, `${at}/rows`, `has no deployment hex "${end}" (RB-23.4)`)
    }
    maps[m.id] = map
    house[m.id] = m.status === 'H'
  })
  return { maps, house }
}

export function loadHouseData(dir: string = defaultRealBattleDir()): HouseData {
  const root = resolve(dir)
  const tables = loadTables(join(root, HOUSE_FILES.tables))
  const { house: tablesHouse, ...plain } = tables
  const cards = loadCards(join(root, HOUSE_FILES.ats))
  const weaponsFile = join(root, HOUSE_FILES.weapons)
  const weapons = loadWeapons(weaponsFile)
  Object.entries(weapons.builtInto).forEach(([w, card]) => {
    if (!(card in cards.cards)) {
      const i = Object.keys(weapons.weapons).indexOf(w)
      fail(weaponsFile, `/weapons/${i}/builtInto`, `no AT card ${card} in ${HOUSE_FILES.ats}`)
    }
  })
  const maps = loadMaps(join(root, HOUSE_FILES.maps))
  return {
    tables: plain,
    cards: cards.cards,
    weapons: weapons.weapons,
    maps: maps.maps,
    tiers: { cards: cards.tiers, weapons: weapons.tiers },
    builtInto: weapons.builtInto,
    houseItems: { tables: tablesHouse, maps: maps.house },
  }
}
