// Real Battle data files (scenarios/realbattle/*.yaml) -> the engine's RbScenario. tables.yaml, ats.yaml,
// weapons.yaml and maps.yaml hold the house data of rules/realbattle.md §9; every other file is one scenario
// of RB-23. Each file is checked against its JSON Schema (scenarios/schema/realbattle-*.schema.json), then
// for what a schema cannot see, with the file and a JSON pointer to the field.
import { readdirSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { offsetKey } from '../../../engine/hex/index.js'
import { ScenarioError, fail, readData, repoRoot } from '../../../scenarios/index.js'
import type {
  AccelRow,
  ArmourCell,
  AtCard,
  Camp,
  DirColumn,
  Mount,
  RangeBand,
  RbMap,
  RbScenario,
  ScenarioAt,
  Tables,
  WeaponCard,
} from '../engine/types.js'
import { CAMPS } from '../engine/types.js'

type Status = 'S' | 'D' | 'R' | 'H'
type Tier = 1 | 2
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

interface ScenarioFile {
  id: string
  title: string
  titleJa?: string
  description: string
  status: Status
  houseData: boolean
  map: string
  ignoreObstacles?: boolean
  camps: RbScenario['camps']
  ats: ScenarioAt[]
  hitModifiers?: RbScenario['hitModifiers']
  notes?: string[]
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

/** A scenario as loaded: the engine's data and what the catalogue shows. */
export interface RbScenarioEntry {
  file: string
  title: string
  titleJa: string | null
  description: string
  houseData: boolean
  notes: string[]
  scenario: RbScenario
}

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
  ascending(
    file,
    path,
    rows.map((r) => r.from),
    'from',
  )
}

export function loadTables(file: string): Tables & { house: boolean } {
  const t = readData<TablesFile>(file, 'realbattle-tables.schema.json')
  const { accel, hitEvasion: he } = t
  ascending(
    file,
    '/accel/rows',
    accel.rows.map((r) => r.pp),
    'pp',
  )
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
    ascending(
      file,
      `/hitEvasion/${k}`,
      he[k].map((r) => r.pp),
      'pp',
    )
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

// ---- Scenarios (RB-23) -----------------------------------------------------------------------------

/**
 * Seat layouts for 2 to n players (n = the ATs): each camp gets seats in proportion to its ATs (at least 1,
 * at most its AT count), and its ATs are dealt to its seats in turn (RB-1.5a).
 */
export function seatLayouts(ats: Array<Pick<ScenarioAt, 'id' | 'camp'>>): RbScenario['seatLayouts'] {
  const of = (camp: Camp) => ats.filter((a) => a.camp === camp).map((a) => a.id)
  const byCamp = { A: of('A'), B: of('B') }
  const layouts: RbScenario['seatLayouts'] = []
  for (let players = 2; players <= ats.length; players++) {
    const a = byCamp.A.length
    const b = byCamp.B.length
    let seatsA = Math.min(a, Math.max(1, Math.round((players * a) / ats.length)))
    seatsA = Math.min(seatsA, players - 1)
    if (players - seatsA > b) seatsA = players - b
    const counts = { A: seatsA, B: players - seatsA }
    const seats = CAMPS.flatMap((camp) =>
      Array.from({ length: counts[camp] }, (_, s) => ({
        id: `${camp}${s + 1}`,
        side: camp,
        groups: byCamp[camp].filter((_, i) => i % counts[camp] === s),
      })),
    )
    layouts.push({ players, seats })
  }
  return layouts
}

function checkLoadout(file: string, path: string, at: ScenarioAt, house: HouseData): void {
  const hands = new Map<Mount, number>()
  at.loadout.forEach((l, j) => {
    const here = `${path}/loadout/${j}`
    const card = house.weapons[l.weapon]
    if (!card) fail(file, `${here}/weapon`, `no weapon card ${l.weapon} in ${HOUSE_FILES.weapons}`)
    const owner = house.builtInto[l.weapon]
    if (owner !== undefined && owner !== at.card)
      fail(file, `${here}/weapon`, `${card.name} is built into the ${house.cards[owner]?.name ?? owner} only`)
    if (l.mount !== undefined && mountFamily(l.mount) !== mountFamily(card.mount))
      fail(file, `${here}/mount`, `${card.name} is mounted ${card.mount}; it cannot move to ${l.mount}`)
    const magazines = l.magazines ?? 0
    if (card.kind === 'spareSet' && magazines < 1)
      fail(file, `${here}/magazines`, `${card.name}: how many sets it carries (1 or more)`)
    if (card.kind !== 'spareSet' && magazines > 0 && !card.magazine.allowed)
      fail(file, `${here}/magazines`, `${card.name} allows no magazine change (★, RB-11.3)`)
    const mount = l.mount ?? card.mount
    if (mountFamily(mount) === 'hand') {
      const other = hands.get(mount)
      if (other !== undefined)
        fail(file, `${here}/mount`, `the ${mount === 'handR' ? 'right' : 'left'} hand already holds loadout ${other}`)
      hands.set(mount, j)
    }
  })
}

function checkAts(file: string, data: ScenarioFile, house: HouseData, map: RbMap): void {
  const ids = new Set<string>()
  data.ats.forEach((at, i) => {
    const path = `/ats/${i}`
    if (ids.has(at.id)) fail(file, `${path}/id`, `AT id ${at.id} is used twice`)
    ids.add(at.id)
    if (!at.id.startsWith(at.camp)) fail(file, `${path}/id`, `an AT of camp ${at.camp} has an id starting ${at.camp}`)
    if (!(at.card in house.cards)) fail(file, `${path}/card`, `no AT card ${at.card} in ${HOUSE_FILES.ats}`)
    checkLoadout(file, path, at, house)
  })
  const room = Math.min(map.deploy.a.length, map.deploy.b.length)
  for (const camp of CAMPS) {
    const count = data.ats.filter((a) => a.camp === camp).length
    if (count === 0) fail(file, '/ats', `camp ${camp} has no AT (RB-1.3)`)
    if (count > room)
      fail(
        file,
        '/map',
        `map ${map.id} has ${room} deployment hex${room === 1 ? '' : 'es'} an end; ` +
          `camp ${camp} has ${count} ATs (RB-23.4)`,
      )
  }
  ;(data.hitModifiers ?? []).forEach((h, i) => {
    const camp = (name: string) => data.ats.find((a) => a.pilot.name === name)?.camp
    const attacker = camp(h.attackerPilot)
    const target = camp(h.targetPilot)
    if (!attacker) fail(file, `/hitModifiers/${i}/attackerPilot`, `no AT has the pilot ${h.attackerPilot}`)
    if (!target) fail(file, `/hitModifiers/${i}/targetPilot`, `no AT has the pilot ${h.targetPilot}`)
    if (attacker === target) fail(file, `/hitModifiers/${i}`, 'the attacker and the target are in the same camp')
  })
}

function checkHouseData(file: string, data: ScenarioFile, house: HouseData): void {
  if (data.houseData) return
  const items = [
    ...(data.status === 'H' ? ['the scenario'] : []),
    ...(house.houseItems.tables ? [HOUSE_FILES.tables] : []),
    ...(house.houseItems.maps[data.map] ? [`map ${data.map}`] : []),
    ...data.ats.filter((a) => house.cards[a.card]?.house).map((a) => `AT card ${a.card}`),
    ...data.ats.flatMap((a) =>
      a.loadout.filter((l) => house.weapons[l.weapon]?.house).map((l) => `weapon ${l.weapon}`),
    ),
  ]
  if (items.length > 0) fail(file, '/houseData', `is false, but ${items[0]} is HOUSE data (status H)`)
}

/** One scenario file, checked against the house data. */
export function loadScenarioFile(file: string, house: HouseData): RbScenarioEntry {
  const data = readData<ScenarioFile>(file, 'realbattle-scenario.schema.json')
  const map = house.maps[data.map]
  if (!map) fail(file, '/map', `no map ${data.map} in ${HOUSE_FILES.maps}`)
  checkAts(file, data, house, map)
  checkHouseData(file, data, house)
  const cards: Record<string, AtCard> = {}
  const weapons: Record<string, WeaponCard> = {}
  for (const at of data.ats) {
    cards[at.card] = structuredClone(house.cards[at.card] as AtCard)
    for (const l of at.loadout) weapons[l.weapon] = structuredClone(house.weapons[l.weapon] as WeaponCard)
  }
  const ats: ScenarioAt[] = data.ats.map((a) => ({
    id: a.id,
    camp: a.camp,
    card: a.card,
    pilot: { name: a.pilot.name, nameJa: a.pilot.nameJa, basePp: a.pilot.basePp },
    loadout: a.loadout.map((l) => ({
      weapon: l.weapon,
      ...(l.mount !== undefined ? { mount: l.mount } : {}),
      ...(l.magazines !== undefined ? { magazines: l.magazines } : {}),
    })),
  }))
  const scenario: RbScenario = {
    id: data.id,
    map: structuredClone(map),
    ignoreObstacles: data.ignoreObstacles ?? false,
    camps: { A: { ...data.camps.A }, B: { ...data.camps.B } },
    ats,
    cards,
    weapons,
    tables: structuredClone(house.tables),
    hitModifiers: (data.hitModifiers ?? []).map((h) => ({ ...h })),
    seatLayouts: seatLayouts(ats),
  }
  return {
    file,
    title: data.title,
    titleJa: data.titleJa ?? null,
    description: data.description.trim(),
    houseData: data.houseData,
    notes: data.notes ?? [],
    scenario,
  }
}

/** Every scenario of a folder, sorted by id; ids must be unique. */
export function loadRealBattle(dir: string = defaultRealBattleDir()): RbScenarioEntry[] {
  const root = resolve(dir)
  const house = loadHouseData(root)
  const named = new Set(Object.values(HOUSE_FILES))
  const files = readdirSync(root)
    .filter((f) => f.endsWith('.yaml') && !named.has(f))
    .sort()
  const entries = files.map((f) => loadScenarioFile(join(root, f), house))
  const seen = new Map<string, string>()
  for (const e of entries) {
    const other = seen.get(e.scenario.id)
    if (other) fail(e.file, '/id', `id ${e.scenario.id} is also the id of ${other}`)
    seen.set(e.scenario.id, e.file)
  }
  if (entries.length === 0) throw new ScenarioError(root, '', 'holds no scenario')
  return entries.sort((a, b) => a.scenario.id.localeCompare(b.scenario.id, 'en', { numeric: true }))
}
