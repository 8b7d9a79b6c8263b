// A-Bao-A-Qu data files (scenarios/abaoaqu/*.yaml) -> the engine's Scenario objects.
// Each file is checked against its JSON Schema (scenarios/schema/abaoaqu-*.schema.json), then for what a
// schema cannot see: codes, groups, tags and options that must exist elsewhere, seat layouts, tables.
import { readdirSync } from 'node:fs'
import { basename, join, resolve } from 'node:path'
import type { Scenario } from '../engine/types.js'
import { loadMaps } from './maps.js'
import { ScenarioError, fail, readData, repoRoot } from '../../../scenarios/read-data.js'
import { expandRoster } from './roster.js'
import {
  checkCoverage,
  checkHouseData,
  checkOptions,
  checkPlacementRules,
  checkRoster,
  checkSeatLayouts,
  checkSidesAndGroups,
} from './scenario-checks.js'
import type { Context, Loaded, ScenarioFile } from './scenario-file.js'
import { loadTables, loadUnits } from './units-and-tables.js'

const UNITS_FILE = 'units.yaml'
const TABLES_FILE = 'tables.yaml'
const MAPS_FILE = 'maps.yaml'

// ---- Public API --------------------------------------------------------------------------

const cache = new Map<string, Scenario[]>()

/** The repository's scenarios/abaoaqu folder, found from this module's location (any cwd). */
export function defaultAbaoaquDir(): string {
  return join(repoRoot(), 'scenarios', 'abaoaqu')
}

/** All scenarios of a folder, sorted by id. Parsed once per folder; every call returns fresh copies. */
export function loadAbaoaqu(dir: string = defaultAbaoaquDir()): Scenario[] {
  return cached(dir).map((s) => structuredClone(s))
}

export function loadAbaoaquScenario(id: string, dir: string = defaultAbaoaquDir()): Scenario {
  const found = cached(dir).find((s) => s.id === id)
  if (!found) throw new ScenarioError(resolve(dir), '', `no scenario has id ${id}`)
  return structuredClone(found)
}

/** Forget parsed folders, e.g. after a club edited the files of a running server. */
export function clearAbaoaquCache(): void {
  cache.clear()
}

// ---- Folder ------------------------------------------------------------------------------

function cached(dir: string): Scenario[] {
  const key = resolve(dir)
  let scenarios = cache.get(key)
  if (!scenarios) {
    scenarios = loadFolder(key)
    cache.set(key, scenarios)
  }
  return scenarios
}

function loadFolder(dir: string): Scenario[] {
  const unitsFile = join(dir, UNITS_FILE)
  const tablesFile = join(dir, TABLES_FILE)
  const ctx: Context = {
    units: loadUnits(unitsFile),
    unitsFile,
    tables: loadTables(tablesFile),
    tablesFile,
    maps: loadMaps(join(dir, MAPS_FILE)),
    files: readScenarioFiles(dir),
    rosters: new Map(),
  }
  return [...ctx.files.values()]
    .map((loaded) => buildScenario(loaded, ctx))
    .sort((a, b) => a.id.localeCompare(b.id, 'en', { numeric: true }))
}

function readScenarioFiles(dir: string): Map<string, Loaded> {
  let names: string[]
  try {
    names = readdirSync(dir)
  } catch (e) {
    throw new ScenarioError(dir, '', `cannot read the folder (${(e as Error).message})`)
  }
  const shared = new Set([UNITS_FILE, TABLES_FILE, MAPS_FILE])
  const files = new Map<string, Loaded>()
  for (const name of names.filter((n) => n.endsWith('.yaml') && !shared.has(n)).sort()) {
    const file = join(dir, name)
    const data = readData<ScenarioFile>(file, 'abaoaqu-scenario.schema.json')
    const prior = files.get(data.id)
    if (prior) fail(file, '/id', `scenario id ${data.id} is already used by ${basename(prior.file)}`)
    files.set(data.id, { file, data })
  }
  if (files.size === 0) fail(dir, '', 'no scenario files (*.yaml besides units, tables and maps)')
  return files
}

// ---- Scenario files: checks and assembly ------------------------------------------------------

function buildScenario(loaded: Loaded, ctx: Context): Scenario {
  const { file, data } = loaded
  const map = ctx.maps.get(data.map)
  if (!map) fail(file, '/map', `unknown map layout ${data.map}; maps.yaml has ${[...ctx.maps.keys()].join(', ')}`)
  const groupSide = checkSidesAndGroups(file, data)
  const roster = expandRoster(loaded, ctx, [])
  if (roster.length === 0) fail(file, '/roster', 'the roster is empty and nothing is included by rosterFrom')
  checkRoster(file, roster, groupSide, ctx)
  checkOptions(file, data, roster)
  checkPlacementRules(file, data, groupSide, ctx, map)
  checkCoverage(file, data, roster)
  checkSeatLayouts(file, data, groupSide)
  checkHouseData(file, data, roster, ctx, map)
  return {
    system: 'abaoaqu',
    id: data.id,
    title: data.title,
    description: data.description,
    players: data.players,
    sides: data.sides,
    groups: data.groups,
    unitTypes: ctx.units,
    tables: { shoot: ctx.tables.tables.shoot, close: ctx.tables.tables.close },
    map,
    leadOff: data.leadOff,
    roster: roster.map((s) => s.line),
    setup: data.setup,
    entries: data.entries,
    victory: data.victory,
    seatLayouts: data.seatLayouts,
    options: data.options ?? {},
    houseData: data.houseData,
    notes: data.notes ?? [],
  }
}
