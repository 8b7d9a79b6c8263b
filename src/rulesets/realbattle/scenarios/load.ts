// Real Battle scenario files (scenarios/realbattle/s*.yaml) -> the engine's RbScenario: each scenario of RB-23
// with the house data it uses (house.ts), checked for what its JSON Schema cannot see, with the file and a JSON
// pointer to the field; and the seat layouts the catalogue lists.
import { readdirSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { ScenarioError, fail, readData } from '../../../scenarios/index.js'
import type { AtCard, Camp, Mount, RbMap, RbScenario, ScenarioAt, WeaponCard } from '../engine/types.js'
import { CAMPS } from '../engine/types.js'
import { HOUSE_FILES, type HouseData, type Status, defaultRealBattleDir, loadHouseData, mountFamily } from './house.js'

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
