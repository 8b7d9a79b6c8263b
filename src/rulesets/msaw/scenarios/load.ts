// MS@W scenario files (scenarios/msaw/m-s*.yaml) -> the engine's MsScenario: the table and its terrain
// (GAP-M-3), the sides with their zones and squads (GAP-M-4, MS-5), checked against msaw-scenario.schema.json
// and then for what a schema cannot see, each refusal naming the file and a JSON pointer to the field: the
// catalogue ids, what a suit may buy, the hand model (MS-2.2 [H]), the points (MS-5.2 [H]), where the suits
// stand (GAP-M-1, GAP-M-4) and the terrain polygons. The catalogue is copied into every scenario.
import { readdirSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { discOnTable, dist2 } from '../../../engine/table/index.js'
import { ScenarioError, fail, readData, repoRoot } from '../../../scenarios/index.js'
import type {
  Hand,
  MsOptions,
  MsScenario,
  MsSeatLayout,
  MsSideData,
  Pt,
  SquadSuit,
  SuitType,
  TerrainMove,
  TerrainPiece,
} from '../engine/types.js'
import { CATALOGUE_FILE, type Catalogue, freeHands, loadCatalogue, suitCost, suitItems } from './catalogue.js'
import { discOverlapsPolygon, polygonProblem } from './shapes.js'

/** GAP-M-1: a suit is a disc 1.00" across. */
export const DISC_RADIUS = 50
/** GAP-M-4: the house table, 48" × 48". */
export const DEFAULT_TABLE = { width: 4800, height: 4800 }
/** MS-5.2 [H]: the default points limit and how far apart two squads may be. */
export const DEFAULT_POINTS = { limit: 1000, tolerance: 25 }

interface SuitFile {
  id: string
  type: string
  bought?: string[]
  alternatives?: string[]
  at?: Pt
  hold?: { L?: string; R?: string }
}

interface ScenarioFile {
  id: string
  title: string
  titleJa?: string
  description: string
  houseData: boolean
  table?: { width: number; height: number }
  points?: { limit: number; tolerance: number }
  deployment: 'fixed' | 'players'
  players: number[]
  options?: Partial<MsOptions>
  sides: Array<{ id: string; name: string; nameJa?: string; zone: MsSideData['zone']; squad: SuitFile[] }>
  terrain: Array<{
    id: string
    name: string
    nameJa?: string
    polygon: Array<[number, number]>
    blocksLOS: boolean
    move: TerrainMove
  }>
  notes?: string[]
}

/** A scenario as loaded: the engine's data and what the catalogue shows. */
export interface MsScenarioEntry {
  file: string
  title: string
  titleJa: string | null
  description: string
  houseData: boolean
  notes: string[]
  /** Each side's squad cost (MS-5.1), by side id. */
  costs: Record<string, number>
  /** The HOUSE readings of the catalogue entries this scenario fields (suits and items), for its notes. */
  houseReadings: string[]
  scenario: MsScenario
}

/** The folder of the MS@W data files. */
export function defaultMsawDir(): string {
  return join(repoRoot(), 'scenarios', 'msaw')
}

// ---- Seat layouts (GAP-M-11) -----------------------------------------------------------------------

/**
 * The seat layout for `players`: each side gets players / sides seats (`A1`, `A2`, …), and its suits are dealt
 * to them in turn. Null when the count does not divide among the sides or a side has fewer suits than seats.
 */
export function seatLayout(
  sides: ReadonlyArray<{ id: string; suits: readonly string[] }>,
  players: number,
): MsSeatLayout | null {
  if (players % sides.length !== 0) return null
  const per = players / sides.length
  if (sides.some((s) => s.suits.length < per)) return null
  return {
    players,
    seats: sides.flatMap((side) =>
      Array.from({ length: per }, (_, n) => ({
        id: `${side.id}${n + 1}`,
        side: side.id,
        groups: side.suits.filter((_, i) => i % per === n),
      })),
    ),
  }
}

// ---- Checks ----------------------------------------------------------------------------------------

function checkTerrain(file: string, data: ScenarioFile, table: MsScenario['table']): TerrainPiece[] {
  const ids = new Set<string>()
  return data.terrain.map((t, i) => {
    const at = `/terrain/${i}`
    if (ids.has(t.id)) fail(file, `${at}/id`, `terrain id ${t.id} is used twice`)
    ids.add(t.id)
    const polygon = t.polygon.map(([x, y]) => ({ x, y }))
    const problem = polygonProblem(polygon)
    if (problem) fail(file, `${at}/polygon`, `is not a simple polygon: it ${problem} (GAP-M-3)`)
    polygon.forEach((p, j) => {
      if (p.x < 0 || p.y < 0 || p.x > table.width || p.y > table.height)
        fail(file, `${at}/polygon/${j}`, `(${p.x}, ${p.y}) is off the ${table.width} × ${table.height} table`)
    })
    return {
      id: t.id,
      name: t.name,
      ...(t.nameJa !== undefined ? { nameJa: t.nameJa } : {}),
      polygon,
      blocksLOS: t.blocksLOS,
      move: t.move,
    }
  })
}

function checkZone(file: string, at: string, zone: MsSideData['zone'], table: MsScenario['table']): void {
  if (zone.x0 >= zone.x1 || zone.y0 >= zone.y1) fail(file, at, 'x0 < x1 and y0 < y1: the zone needs an area')
  if (zone.x1 > table.width || zone.y1 > table.height)
    fail(file, at, `runs off the ${table.width} × ${table.height} table`)
  if (zone.x1 - zone.x0 < 2 * DISC_RADIUS || zone.y1 - zone.y0 < 2 * DISC_RADIUS)
    fail(file, at, 'is too narrow for a suit (1.00" across, GAP-M-1)')
}

/** MS-2.2 [H]: the held items fit the hands, and every hand item not held can be stowed. */
function checkHold(file: string, at: string, cat: Catalogue, type: SuitType, suit: SuitFile): void {
  const carried = suitItems(type, { bought: suit.bought ?? [], alternatives: suit.alternatives ?? [] })
  const hold = suit.hold ?? {}
  const free = freeHands(type)
  const held = new Set<string>()
  for (const hand of ['L', 'R'] as Hand[]) {
    const id = hold[hand]
    if (id === undefined) continue
    const here = `${at}/hold/${hand}`
    if (!free.includes(hand))
      fail(file, here, `the ${type.name}'s ${hand === 'L' ? 'left' : 'right'} hand holds nothing (GAP-M-2)`)
    const item = carried.find((c) => c.id === id)
    if (!item)
      fail(file, here, `the ${type.name} carries no item ${id} (it carries ${carried.map((c) => c.id).join(', ')})`)
    const it = cat.items[item.type]
    if (it?.carry !== 'hand') fail(file, here, `${id} is fixed; it is not held (MS-2.2 [H])`)
    const other = hold[hand === 'L' ? 'R' : 'L']
    if (it.hands === 2 && other !== id) fail(file, here, `${id} takes both hands: hold it in L and R (MS-2.2 [H])`)
    if (it.hands !== 2 && other === id) fail(file, here, `${id} takes one hand; it is held in both`)
    held.add(id)
  }
  for (const c of carried) {
    const it = cat.items[c.type]
    if (it?.carry === 'hand' && !held.has(c.id) && it.stowable !== true)
      fail(file, `${at}/hold`, `${c.id} cannot be stowed: it must be held (MS-2.2 [H] legality)`)
  }
}

/** MS-2.2 [H] legality for a squad the players deploy: its unstowable hand items fit its free hands at once. */
function checkCanHold(file: string, at: string, cat: Catalogue, type: SuitType, suit: SuitFile): void {
  const carried = suitItems(type, { bought: suit.bought ?? [], alternatives: suit.alternatives ?? [] })
  const must = carried.filter((c) => cat.items[c.type]?.carry === 'hand' && cat.items[c.type]?.stowable !== true)
  const hands = must.reduce((n, c) => n + (cat.items[c.type]?.hands ?? 1), 0)
  const free = freeHands(type).length
  if (hands > free)
    fail(
      file,
      `${at}/bought`,
      `the ${type.name} cannot hold ${must.map((c) => c.id).join(' and ')} at once with ${free} free ` +
        `hand${free === 1 ? '' : 's'}, and they cannot be stowed (MS-2.2 [H] legality)`,
    )
}

function checkSuit(file: string, at: string, cat: Catalogue, suit: SuitFile): SuitType {
  const type = cat.suits[suit.type]
  if (!type) fail(file, `${at}/type`, `no suit ${suit.type} in ${CATALOGUE_FILE}`)
  const counts = new Map<string, number>()
  ;(suit.bought ?? []).forEach((item, j) => {
    const here = `${at}/bought/${j}`
    if (!(item in cat.items)) fail(file, here, `no item ${item} in ${CATALOGUE_FILE}`)
    const may = type.optional.filter((o) => o.item === item).length
    if (may === 0)
      fail(
        file,
        here,
        `the ${type.name} cannot buy ${item} (it may buy ${type.optional.map((o) => o.item).join(', ') || 'nothing'})`,
      )
    const n = (counts.get(item) ?? 0) + 1
    if (n > may) fail(file, here, `${item} is bought ${n} times; the ${type.name} may buy ${may}`)
    counts.set(item, n)
  })
  const alts = type.alternatives ?? []
  ;(suit.alternatives ?? []).forEach((w, j) => {
    const here = `${at}/alternatives/${j}`
    if (!alts.some((a) => a.with === w)) fail(file, here, `the ${type.name} has no alternative ${w} (MS-5.4)`)
    if ((suit.alternatives ?? []).indexOf(w) !== j) fail(file, here, `${w} is taken twice`)
  })
  return type
}

function checkPlace(
  file: string,
  at: string,
  suit: SuitFile,
  side: MsSideData,
  table: MsScenario['table'],
  terrain: TerrainPiece[],
): void {
  const p = suit.at
  if (!p) return
  const here = `${at}/at`
  if (!discOnTable(p, DISC_RADIUS, table))
    fail(file, here, `(${p.x}, ${p.y}): the suit's disc is not wholly on the ${table.width} × ${table.height} table`)
  const z = side.zone
  if (p.x - DISC_RADIUS < z.x0 || p.x + DISC_RADIUS > z.x1 || p.y - DISC_RADIUS < z.y0 || p.y + DISC_RADIUS > z.y1)
    fail(
      file,
      here,
      `(${p.x}, ${p.y}) is outside side ${side.id}'s zone x ${z.x0}..${z.x1}, y ${z.y0}..${z.y1} (GAP-M-4)`,
    )
  for (const t of terrain) {
    if (t.move === 'impassable' && discOverlapsPolygon(p, DISC_RADIUS, t.polygon))
      fail(file, here, `(${p.x}, ${p.y}): the suit's disc overlaps impassable terrain ${t.id}`)
  }
}

function checkFixed(file: string, data: ScenarioFile): void {
  const placed: Array<{ id: string; at: Pt }> = []
  data.sides.forEach((side, s) =>
    side.squad.forEach((suit, i) => {
      const at = `/sides/${s}/squad/${i}`
      if (data.deployment === 'players') {
        if (suit.at) fail(file, `${at}/at`, 'deployment players: the players place the suits (remove at)')
        if (suit.hold) fail(file, `${at}/hold`, 'deployment players: the players choose what is held (remove hold)')
        return
      }
      if (!suit.at) fail(file, `${at}/at`, 'deployment fixed: where the suit starts (missing)')
      const p = suit.at
      for (const other of placed) {
        if (dist2(p, other.at) < (2 * DISC_RADIUS) ** 2)
          fail(file, `${at}/at`, `${suit.id}'s disc overlaps ${other.id}'s (centres less than 1.00" apart, GAP-M-1)`)
      }
      placed.push({ id: suit.id, at: p })
    }),
  )
}

function checkPoints(file: string, data: ScenarioFile, costs: Record<string, number>): MsScenario['points'] {
  const points = data.points ?? DEFAULT_POINTS
  data.sides.forEach((side, s) => {
    const cost = costs[side.id] ?? 0
    if (cost > points.limit)
      fail(
        file,
        `/sides/${s}/squad`,
        `side ${side.id}'s squad costs ${cost}, over the limit of ${points.limit} (MS-5.2)`,
      )
  })
  const values = data.sides.map((side) => costs[side.id] ?? 0)
  const hi = Math.max(...values)
  const lo = Math.min(...values)
  if (hi - lo > points.tolerance) {
    const s = values.indexOf(hi)
    const who = (v: number) => `${data.sides[values.indexOf(v)]?.id} ${v}`
    fail(
      file,
      `/sides/${s}/squad`,
      `the squads cost ${who(hi)} and ${who(lo)}: more than ${points.tolerance} points apart (MS-5.2 [H])`,
    )
  }
  return { limit: points.limit, tolerance: points.tolerance }
}

function layouts(file: string, data: ScenarioFile): MsSeatLayout[] {
  const sides = data.sides.map((s) => ({ id: s.id, suits: s.squad.map((u) => u.id) }))
  return data.players.map((n, i) => {
    const layout = seatLayout(sides, n)
    if (!layout)
      fail(
        file,
        `/players/${i}`,
        `${n} players cannot share ${sides.length} sides evenly with at least one suit a seat (GAP-M-11)`,
      )
    return layout
  })
}

/** One scenario file, checked against the catalogue. */
export function loadScenarioFile(file: string, cat: Catalogue): MsScenarioEntry {
  const data = readData<ScenarioFile>(file, 'msaw-scenario.schema.json')
  if (!data.houseData)
    fail(
      file,
      '/houseData',
      'is false, but the table, terrain, zones and hand model are HOUSE data (GAP-M-2 to GAP-M-4)',
    )
  const table = data.table ?? DEFAULT_TABLE
  const terrain = checkTerrain(file, data, table)
  const sideIds = new Set<string>()
  const suitIds = new Set<string>()
  const costs: Record<string, number> = {}
  const house = new Set<string>()
  const sides: MsSideData[] = data.sides.map((side, s) => {
    if (sideIds.has(side.id)) fail(file, `/sides/${s}/id`, `side id ${side.id} is used twice`)
    sideIds.add(side.id)
    checkZone(file, `/sides/${s}/zone`, side.zone, table)
    return { id: side.id, name: side.name, ...(side.nameJa ? { nameJa: side.nameJa } : {}), zone: { ...side.zone } }
  })
  data.sides.forEach((side, s) => {
    costs[side.id] = 0
    side.squad.forEach((suit, i) => {
      const at = `/sides/${s}/squad/${i}`
      if (suitIds.has(suit.id)) fail(file, `${at}/id`, `suit id ${suit.id} is used twice`)
      suitIds.add(suit.id)
      const type = checkSuit(file, at, cat, suit)
      if (data.deployment === 'fixed') checkHold(file, at, cat, type, suit)
      else checkCanHold(file, at, cat, type, suit)
      checkPlace(file, at, suit, sides[s] as MsSideData, table, terrain)
      costs[side.id] = (costs[side.id] ?? 0) + suitCost(type, { bought: suit.bought ?? [] })
      const note = cat.house.suits[type.id]
      if (note) house.add(`${type.name}: ${note}`)
      for (const c of suitItems(type, { bought: suit.bought ?? [], alternatives: suit.alternatives ?? [] })) {
        const n = cat.house.items[c.type]
        if (n) house.add(`${cat.items[c.type]?.name ?? c.type}: ${n}`)
      }
    })
  })
  checkFixed(file, data)
  const points = checkPoints(file, data, costs)
  const squads: Record<string, SquadSuit[]> = {}
  for (const side of data.sides) {
    squads[side.id] = side.squad.map((u) => ({
      id: u.id,
      type: u.type,
      bought: [...(u.bought ?? [])],
      ...(u.alternatives && u.alternatives.length > 0 ? { alternatives: [...u.alternatives] } : {}),
      ...(u.at ? { at: { x: u.at.x, y: u.at.y } } : {}),
      // Fixed deployment: every suit says what it holds, {} for empty hands, so setup need not guess.
      ...(data.deployment === 'fixed' ? { hold: { ...(u.hold ?? {}) } } : {}),
    }))
  }
  const scenario: MsScenario = {
    id: data.id,
    title: data.title,
    description: data.description.trim(),
    table: { width: table.width, height: table.height },
    terrain,
    sides,
    squads,
    deployment: data.deployment,
    seatLayouts: layouts(file, data),
    points,
    ...(data.options ? { options: { ...data.options } } : {}),
    houseData: data.houseData,
    notes: [...(data.notes ?? [])],
    items: structuredClone(cat.items),
    suits: structuredClone(cat.suits),
  }
  return {
    file,
    title: data.title,
    titleJa: data.titleJa ?? null,
    description: data.description.trim(),
    houseData: data.houseData,
    notes: [...(data.notes ?? [])],
    costs,
    houseReadings: [...house],
    scenario,
  }
}

/** Every scenario of a folder (each .yaml but the catalogue), sorted by id; ids must be unique. */
export function loadMsaw(dir: string = defaultMsawDir()): MsScenarioEntry[] {
  const root = resolve(dir)
  const cat = loadCatalogue(join(root, CATALOGUE_FILE))
  const files = readdirSync(root)
    .filter((f) => f.endsWith('.yaml') && f !== CATALOGUE_FILE)
    .sort()
  const entries = files.map((f) => loadScenarioFile(join(root, f), cat))
  const seen = new Map<string, string>()
  for (const e of entries) {
    const other = seen.get(e.scenario.id)
    if (other) fail(e.file, '/id', `id ${e.scenario.id} is also the id of ${other}`)
    seen.set(e.scenario.id, e.file)
  }
  if (entries.length === 0) throw new ScenarioError(root, '', 'holds no scenario')
  return entries.sort((a, b) => a.scenario.id.localeCompare(b.scenario.id, 'en', { numeric: true }))
}
