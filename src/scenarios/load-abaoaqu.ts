// A-Bao-A-Qu data files (scenarios/abaoaqu/*.yaml) -> the engine's Scenario objects.
// Each file is checked against its JSON Schema (scenarios/schema/abaoaqu-*.schema.json), then for what a
// schema cannot see: codes, groups, tags and options that must exist elsewhere, seat layouts, tables.
import { existsSync, readFileSync, readdirSync } from 'node:fs'
import { basename, dirname, join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { Ajv, type ErrorObject, type ValidateFunction } from 'ajv'
import { parseDocument } from 'yaml'
import type { SideId } from '../engine/ruleset.js'
import { optionSpecs } from '../engine/rulesets/abaoaqu/options.js'
import type {
  ByOption,
  Hex,
  MapData,
  Pilot,
  RatioTable,
  RosterLine,
  Scenario,
  Status,
  UnitType,
  ZoneSpec,
} from '../engine/rulesets/abaoaqu/types.js'

/** A data file that cannot be used: `path` is a JSON pointer into the file, "" for the file as a whole. */
export class ScenarioError extends Error {
  readonly file: string
  readonly path: string
  readonly problem: string

  constructor(file: string, path: string, problem: string) {
    super(`${file}: ${path}: ${problem}`)
    this.name = 'ScenarioError'
    this.file = file
    this.path = path
    this.problem = problem
  }
}

export type OptionValues = Record<string, string | number | boolean>

/** A roster line with every option resolved. */
export interface ResolvedRosterLine {
  side: SideId
  group: string
  type: string
  count: number
  pilot: Pilot
  line: string
  status: Status
  ref: string
}

// ---- File shapes after schema validation ---------------------------------------------------

interface UnitsFile {
  status: Status
  units: UnitType[]
}

interface TablesFile {
  status: Status
  tables: { shoot: RatioTable; close: RatioTable }
}

type Area = { cols: [number, number]; rows: [number, number] } | { hexes: Hex[] }
type BoardPlacement = MapData['boards'][number]

interface MapsFile {
  status: Status
  boardTemplate: { cols: number; rows: number; tags: Record<string, Area[]> }
  layouts: Array<{ id: string; cols: number; rows: number; boards: BoardPlacement[] }>
}

interface RosterInclude {
  scenario: string
  groups: Record<string, ByOption<string>>
}

type ScenarioFile = Omit<Scenario, 'system' | 'unitTypes' | 'tables' | 'map'> & {
  map: string
  rosterFrom?: RosterInclude[]
}

interface Loaded {
  file: string
  data: ScenarioFile
}

/** A roster line, where it is written, and (for included lines) the include that brought it in. */
interface Sourced {
  line: RosterLine
  file: string
  at: string
  include?: { at: string; from: string; groupAt: (key?: string) => string }
}

interface Context {
  units: Record<string, UnitType>
  unitsFile: string
  tables: TablesFile
  tablesFile: string
  maps: Map<string, MapData>
  files: Map<string, Loaded>
  rosters: Map<string, Sourced[]>
}

const UNITS_FILE = 'units.yaml'
const TABLES_FILE = 'tables.yaml'
const MAPS_FILE = 'maps.yaml'
const SCHEMAS = {
  units: 'abaoaqu-units.schema.json',
  tables: 'abaoaqu-tables.schema.json',
  maps: 'abaoaqu-maps.schema.json',
  scenario: 'abaoaqu-scenario.schema.json',
} as const
type SchemaName = keyof typeof SCHEMAS

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

export function isByOption<T>(value: ByOption<T>): value is { option: string; values: Record<string, T> } {
  return typeof value === 'object' && value !== null && 'option' in value && 'values' in value
}

export function resolveByOption<T>(value: ByOption<T>, options: OptionValues): T {
  if (!isByOption(value)) return value
  const chosen = options[value.option]
  if (chosen === undefined) throw new Error(`option ${value.option} has no value`)
  const result = value.values[String(chosen)]
  if (result === undefined) {
    throw new Error(`option ${value.option} = ${String(chosen)} is not one of ${Object.keys(value.values).join(', ')}`)
  }
  return result
}

/** Roster lines with options resolved (scenario defaults overridden by `options`); lines of count 0 left out. */
export function resolveRoster(scenario: Scenario, options: OptionValues = {}): ResolvedRosterLine[] {
  const chosen = { ...scenario.options, ...options }
  return scenario.roster
    .map((l) => ({
      side: l.side,
      group: resolveByOption(l.group, chosen),
      type: l.type,
      count: resolveByOption(l.count, chosen),
      pilot: l.pilot === undefined ? (scenario.unitTypes[l.type]?.pilot ?? null) : resolveByOption(l.pilot, chosen),
      line: l.line,
      status: l.status,
      ref: l.ref,
    }))
    .filter((l) => l.count > 0)
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
    const data = readData<ScenarioFile>(file, 'scenario')
    const prior = files.get(data.id)
    if (prior) fail(file, '/id', `scenario id ${data.id} is already used by ${basename(prior.file)}`)
    files.set(data.id, { file, data })
  }
  if (files.size === 0) fail(dir, '', 'no scenario files (*.yaml besides units, tables and maps)')
  return files
}

// ---- Reading and schema validation ----------------------------------------------------------

let ajv: Ajv | undefined
const validators = new Map<SchemaName, ValidateFunction>()

function validator(name: SchemaName): ValidateFunction {
  let validate = validators.get(name)
  if (!validate) {
    ajv ??= new Ajv({ allErrors: true, verbose: true, strict: true, strictRequired: false, allowUnionTypes: true })
    const schema: unknown = JSON.parse(readFileSync(join(repoRoot(), 'scenarios', 'schema', SCHEMAS[name]), 'utf8'))
    validate = ajv.compile(schema as object)
    validators.set(name, validate)
  }
  return validate
}

function readData<T>(file: string, schema: SchemaName): T {
  let text: string
  try {
    text = readFileSync(file, 'utf8')
  } catch (e) {
    throw new ScenarioError(file, '', `cannot read the file (${(e as Error).message})`)
  }
  const doc = parseDocument(text, { uniqueKeys: true })
  const [error] = doc.errors
  if (error) {
    const pos = error.linePos?.[0]
    const message = (error.message.split('\n')[0] ?? '').replace(/ at line \d+, column \d+:?$/, '')
    const where = pos ? ` at line ${pos.line}, column ${pos.col}` : ''
    throw new ScenarioError(file, '', `YAML syntax error${where}: ${message}`)
  }
  const data: unknown = doc.toJS()
  const validate = validator(schema)
  if (!validate(data)) throw schemaError(file, validate.errors ?? [])
  return data as T
}

const COMBINATORS = new Set(['oneOf', 'anyOf', 'allOf', 'if', 'not'])

/** The most specific schema error: the deepest pointer, with every complaint about that field. */
function schemaError(file: string, errors: ErrorObject[]): ScenarioError {
  const specific = errors.filter((e) => !COMBINATORS.has(e.keyword))
  const pointed = (specific.length > 0 ? specific : errors).map((e) => ({ e, path: pointerOf(e) }))
  const depth = (p: string) => (p === '' ? 0 : p.split('/').length)
  const first = pointed[0]
  if (!first) return new ScenarioError(file, '', 'does not match its schema')
  const deepest = pointed.reduce((best, x) => (depth(x.path) > depth(best.path) ? x : best), first)
  const here = pointed.filter((x) => x.path === deepest.path).map((x) => x.e)
  return new ScenarioError(file, deepest.path, describe(here))
}

function pointerOf(e: ErrorObject): string {
  const params = e.params as Record<string, unknown>
  let path = e.instancePath
  if (e.propertyName !== undefined) path += `/${escapePointer(e.propertyName)}`
  if (e.keyword === 'additionalProperties') path += `/${escapePointer(String(params.additionalProperty))}`
  if (e.keyword === 'required') path += `/${escapePointer(String(params.missingProperty))}`
  return path
}

/** Errors about one field; several come from the branches of a oneOf (a value or an {option, values}). */
function describe(errors: ErrorObject[]): string {
  const parts: string[] = []
  for (const e of errors) {
    const params = e.params as Record<string, unknown>
    if (e.keyword === 'type' || e.keyword === 'propertyNames') continue
    if (e.keyword === 'enum') {
      const allowed = (params.allowedValues as unknown[]).map((v) => JSON.stringify(v)).join(', ')
      parts.push(`${JSON.stringify(e.data)} is not one of ${allowed}`)
    } else if (e.keyword === 'required') parts.push('missing (required)')
    else if (e.keyword !== 'additionalProperties') parts.push(e.message ?? e.keyword)
  }
  const types = errors.filter((e) => e.keyword === 'type')
  if (types.length > 0) {
    const wanted = types.flatMap((e) => [(e.params as { type: string | string[] }).type].flat())
    parts.push(`must be ${[...new Set(wanted)].join(' or ')}, not ${JSON.stringify(types[0]?.data)}`)
  }
  // A field another branch does not know is only news when nothing else is wrong with it.
  if (parts.length === 0 && errors.some((e) => e.keyword === 'additionalProperties')) parts.push('unknown field')
  return [...new Set(parts)].join('; ') || 'does not match its schema'
}

function escapePointer(key: string): string {
  return key.replace(/~/g, '~0').replace(/\//g, '~1')
}

function fail(file: string, path: string, problem: string): never {
  throw new ScenarioError(file, path, problem)
}

function repoRoot(): string {
  let dir = dirname(fileURLToPath(import.meta.url))
  for (;;) {
    if (existsSync(join(dir, 'scenarios', 'schema', SCHEMAS.scenario))) return dir
    const up = dirname(dir)
    if (up === dir) throw new Error(`scenarios/schema not found above ${fileURLToPath(import.meta.url)}`)
    dir = up
  }
}

// ---- units.yaml ---------------------------------------------------------------------------

function loadUnits(file: string): Record<string, UnitType> {
  const data = readData<UnitsFile>(file, 'units')
  const byCode: Record<string, UnitType> = {}
  const prefixes = new Map<string, string>()
  data.units.forEach((u, i) => {
    const at = `/units/${i}`
    if (byCode[u.code]) fail(file, `${at}/code`, `duplicate unit code ${u.code}`)
    const other = prefixes.get(u.idPrefix)
    if (other) fail(file, `${at}/idPrefix`, `duplicate idPrefix ${u.idPrefix}: ${other} uses it`)
    const flips = u.largeMissile === true || u.bdLauncher === true
    if (flips && !u.faces.back) fail(file, `${at}/faces`, 'a large-missile or BD unit needs a back face (A-15-2)')
    if (!flips && u.faces.back) {
      fail(file, `${at}/faces/back`, 'only large-missile and BD units are double-sided (A-2-3)')
    }
    if (u.pilotDefenceOnly && !u.pilot) fail(file, `${at}/pilotDefenceOnly`, 'the unit has no pilot')
    byCode[u.code] = u
    prefixes.set(u.idPrefix, u.code)
  })
  return byCode
}

// ---- tables.yaml --------------------------------------------------------------------------

function loadTables(file: string): TablesFile {
  const data = readData<TablesFile>(file, 'tables')
  checkTable(file, '/tables/shoot', data.tables.shoot)
  checkTable(file, '/tables/close', data.tables.close)
  return data
}

function checkTable(file: string, at: string, table: RatioTable): void {
  const columns = table.ladder.length
  for (const [key, cells] of Object.entries(table.rows)) {
    if (cells.length !== columns) {
      fail(file, `${at}/rows/${key}`, `row ${key} has ${cells.length} cells; the ladder has ${columns} columns`)
    }
  }
  const seen = new Set<string>()
  table.ladder.forEach((label, i) => {
    if (seen.has(label)) fail(file, `${at}/ladder/${i}`, `column ${label} appears twice`)
    seen.add(label)
  })
  const one = table.ladderIndexOf1to1
  if (table.ladder[one] !== '1:1') {
    fail(file, `${at}/ladderIndexOf1to1`, `ladder[${one}] is ${table.ladder[one] ?? 'missing'}, not 1:1`)
  }
  const [lo, hi] = table.rowRange
  if (lo > hi) fail(file, `${at}/rowRange`, `${lo} is above ${hi}`)
  for (const key of Object.keys(table.rows)) {
    if (Number(key) < lo || Number(key) > hi) fail(file, `${at}/rows/${key}`, `row ${key} is outside rowRange ${lo}-${hi}`)
  }
  for (let roll = lo; roll <= hi; roll++) {
    if (!table.rows[String(roll)]) fail(file, `${at}/rows`, `row ${roll} is missing (rowRange ${lo}-${hi})`)
  }
}

// ---- maps.yaml ----------------------------------------------------------------------------

function loadMaps(file: string): Map<string, MapData> {
  const data = readData<MapsFile>(file, 'maps')
  const board = data.boardTemplate
  const local: Record<string, Hex[]> = {}
  for (const [tag, areas] of Object.entries(data.boardTemplate.tags)) {
    local[tag] = areas.flatMap((area, i) => areaHexes(file, `/boardTemplate/tags/${tag}/${i}`, area, board))
  }
  const maps = new Map<string, MapData>()
  data.layouts.forEach((layout, i) => {
    const at = `/layouts/${i}`
    if (maps.has(layout.id)) fail(file, `${at}/id`, `duplicate layout id ${layout.id}`)
    layout.boards.forEach((b, j) => checkPlacement(file, `${at}/boards/${j}`, b, layout, board))
    const tags: Record<string, Hex[]> = {}
    for (const [tag, hexes] of Object.entries(local)) {
      tags[tag] = sortHexes(layout.boards.flatMap((b) => hexes.map((h) => placeHex(h, b, board))))
    }
    maps.set(layout.id, {
      id: layout.id,
      status: data.status,
      cols: layout.cols,
      rows: layout.rows,
      tags,
      boards: layout.boards.map((b) => ({ board: b.board, col0: b.col0, row0: b.row0, rotate180: b.rotate180 })),
    })
  })
  return maps
}

function areaHexes(file: string, at: string, area: Area, board: { cols: number; rows: number }): Hex[] {
  const inside = ([c, r]: Hex) => c >= 0 && c < board.cols && r >= 0 && r < board.rows
  if ('hexes' in area) {
    area.hexes.forEach((h, k) => {
      if (!inside(h)) fail(file, `${at}/hexes/${k}`, `[${h.join(',')}] is off the ${board.cols}x${board.rows} board`)
    })
    return area.hexes.map(([c, r]) => [c, r])
  }
  const [c0, c1] = area.cols
  const [r0, r1] = area.rows
  if (c0 > c1 || !inside([c0, 0]) || !inside([c1, 0])) fail(file, `${at}/cols`, `columns ${c0}-${c1} do not fit the board`)
  if (r0 > r1 || !inside([0, r0]) || !inside([0, r1])) fail(file, `${at}/rows`, `rows ${r0}-${r1} do not fit the board`)
  const hexes: Hex[] = []
  for (let c = c0; c <= c1; c++) for (let r = r0; r <= r1; r++) hexes.push([c, r])
  return hexes
}

function checkPlacement(
  file: string,
  at: string,
  b: BoardPlacement,
  layout: MapsFile['layouts'][number],
  board: { cols: number; rows: number },
): void {
  if (b.col0 % 2 !== 0) fail(file, `${at}/col0`, 'must be even: an odd column shift breaks the odd-q layout')
  if (b.col0 + board.cols > layout.cols || b.row0 + board.rows > layout.rows) {
    fail(file, at, `board ${b.board} at (${b.col0},${b.row0}) does not fit the ${layout.cols}x${layout.rows} map`)
  }
  for (const other of layout.boards) {
    if (other === b) break
    if (other.board === b.board) fail(file, `${at}/board`, `board ${b.board} is placed twice`)
    const apart =
      b.col0 + board.cols <= other.col0 ||
      other.col0 + board.cols <= b.col0 ||
      b.row0 + board.rows <= other.row0 ||
      other.row0 + board.rows <= b.row0
    if (!apart) fail(file, at, `board ${b.board} overlaps board ${other.board}`)
  }
}

/** Board-local hex to map hex; a board turned 180° maps (c, r) to (cols-1-c, rows-1-r) (GAP-A-6). */
function placeHex([c, r]: Hex, b: BoardPlacement, board: { cols: number; rows: number }): Hex {
  return b.rotate180 ? [b.col0 + board.cols - 1 - c, b.row0 + board.rows - 1 - r] : [b.col0 + c, b.row0 + r]
}

function sortHexes(hexes: Hex[]): Hex[] {
  const unique = new Map(hexes.map((h) => [`${h[0]},${h[1]}`, h]))
  return [...unique.values()].sort((a, b) => a[0] - b[0] || a[1] - b[1])
}

// ---- Scenario files: roster includes -------------------------------------------------------

/** The scenario's roster: included lines first (rosterFrom, in order), then its own lines. */
function expandRoster(loaded: Loaded, ctx: Context, stack: string[]): Sourced[] {
  const memo = ctx.rosters.get(loaded.data.id)
  if (memo) return memo
  const { file, data } = loaded
  const lines: Sourced[] = []
  ;(data.rosterFrom ?? []).forEach((include, k) => {
    const at = `/rosterFrom/${k}`
    const source = ctx.files.get(include.scenario)
    if (!source) fail(file, `${at}/scenario`, `no scenario file has id ${include.scenario}`)
    const chain = [...stack, data.id, include.scenario]
    if (stack.includes(include.scenario) || include.scenario === data.id) {
      fail(file, `${at}/scenario`, `roster includes go round in a circle: ${chain.join(' -> ')}`)
    }
    const sourceGroups = new Set(source.data.groups.map((g) => g.id))
    for (const g of Object.keys(include.groups)) {
      if (!sourceGroups.has(g)) fail(file, `${at}/groups/${escapePointer(g)}`, `${include.scenario} has no group ${g}`)
    }
    for (const s of expandRoster(source, ctx, [...stack, data.id])) {
      const from = `line "${s.line.line}" of ${include.scenario}`
      const mapped = mapGroup(file, at, s.line.group, include.groups, from)
      lines.push({ line: { ...s.line, group: mapped.group }, file: s.file, at: s.at, include: { at, from, groupAt: mapped.groupAt } })
    }
  })
  data.roster.forEach((line, i) => lines.push({ line, file, at: `/roster/${i}` }))
  ctx.rosters.set(data.id, lines)
  return lines
}

/** Puts a source line's group through an include's mapping. */
function mapGroup(
  file: string,
  at: string,
  group: ByOption<string>,
  mapping: Record<string, ByOption<string>>,
  from: string,
): { group: ByOption<string>; groupAt: (key?: string) => string } {
  const target = (g: string) => {
    const to = mapping[g]
    if (to === undefined) fail(file, `${at}/groups`, `group ${g} (${from}) is not mapped to a group of this scenario`)
    return to
  }
  if (!isByOption(group)) {
    const to = target(group)
    const base = `${at}/groups/${escapePointer(group)}`
    return { group: to, groupAt: (key) => (key !== undefined && isByOption(to) ? `${base}/values/${key}` : base) }
  }
  const values: Record<string, string> = {}
  for (const [key, g] of Object.entries(group.values)) {
    const to = target(g)
    if (isByOption(to)) {
      fail(file, `${at}/groups/${escapePointer(g)}`, `${from} already depends on option ${group.option}; map its groups to plain group ids`)
    }
    values[key] = to
  }
  return { group: { option: group.option, values }, groupAt: () => `${at}/groups` }
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

function checkSidesAndGroups(file: string, data: ScenarioFile): Map<string, SideId> {
  if (data.players.min > data.players.max) fail(file, '/players', `min ${data.players.min} is above max ${data.players.max}`)
  if (data.sides[0]?.id === data.sides[1]?.id) fail(file, '/sides/1/id', `side ${data.sides[1]?.id} is listed twice`)
  const groupSide = new Map<string, SideId>()
  data.groups.forEach((g, i) => {
    if (groupSide.has(g.id)) fail(file, `/groups/${i}/id`, `duplicate group id ${g.id}`)
    groupSide.set(g.id, g.side)
  })
  for (const side of data.sides) {
    if (!data.groups.some((g) => g.side === side.id)) fail(file, '/groups', `side ${side.id} has no group`)
  }
  return groupSide
}

function checkGroup(file: string, at: string, group: string, side: SideId, groupSide: Map<string, SideId>): void {
  const owner = groupSide.get(group)
  if (!owner) fail(file, at, `unknown group ${group}; groups are ${[...groupSide.keys()].join(', ')}`)
  if (owner !== side) fail(file, at, `group ${group} belongs to ${owner}, not ${side}`)
}

function groupValues(group: ByOption<string>): Array<[string | undefined, string]> {
  return isByOption(group) ? Object.entries(group.values) : [[undefined, group]]
}

function checkRoster(file: string, roster: Sourced[], groupSide: Map<string, SideId>, ctx: Context): void {
  for (const s of roster) {
    if (!ctx.units[s.line.type]) {
      fail(s.file, `${s.at}/type`, `unknown unit type ${s.line.type}; ${basename(ctx.unitsFile)} has no such code`)
    }
    for (const [key, g] of groupValues(s.line.group)) {
      const own = key === undefined ? `${s.at}/group` : `${s.at}/group/values/${key}`
      checkGroup(file, s.include ? s.include.groupAt(key) : own, g, s.line.side, groupSide)
    }
  }
}

/** Every ByOption names a declared option, covers its default, and uses the same values everywhere. */
function checkOptions(file: string, data: ScenarioFile, roster: Sourced[]): void {
  const declared = data.options ?? {}
  for (const [id, value] of Object.entries(declared)) {
    const spec = optionSpecs.find((o) => o.id === id)
    if (!spec) fail(file, `/options/${escapePointer(id)}`, `unknown option ${id}; the rule system's options are ${optionSpecs.map((o) => o.id).join(', ')}`)
    else if (!spec.values.includes(value)) fail(file, `/options/${escapePointer(id)}`, `option ${id} must be one of ${spec.values.join(', ')}`)
  }
  for (const s of roster) {
    for (const field of ['group', 'count', 'pilot'] as const) {
      const value = s.line[field]
      if (!value || !isByOption(value)) continue
      const spec = optionSpecs.find((o) => o.id === value.option)
      const missing = spec?.values.filter((v) => !(String(v) in value.values)) ?? []
      if (spec && missing.length) fail(file, !s.include ? `${s.at}/${field}/values` : '/options', `option ${value.option} can be ${missing.join(', ')}; give a value for each`)
    }
  }
  const seen = new Map<string, { keys: string; at: string }>()
  for (const s of roster) {
    for (const field of ['group', 'count', 'pilot'] as const) {
      const value = s.line[field]
      if (value === undefined || !isByOption(value)) continue
      const located = !s.include || field === 'group'
      const at = !s.include ? `${s.at}/${field}` : field === 'group' ? s.include.groupAt() : '/options'
      const what = s.include ? ` (${s.include.from})` : ''
      if (!(value.option in declared)) {
        const known = Object.keys(declared).join(', ') || 'none'
        fail(file, located ? `${at}/option` : at, `unknown option ${value.option}${what}; this scenario's options are ${known}`)
      }
      const chosen = String(declared[value.option])
      if (!(chosen in value.values)) {
        fail(file, located ? `${at}/values` : at, `no value for ${value.option} = ${chosen}, the scenario default${what}`)
      }
      const keys = Object.keys(value.values).sort().join(', ')
      const prior = seen.get(value.option)
      if (prior && prior.keys !== keys) {
        fail(file, located ? `${at}/values` : at, `values of option ${value.option} are {${keys}}${what} but {${prior.keys}} at ${prior.at}`)
      }
      seen.set(value.option, { keys, at })
    }
  }
}

function checkPlacementRules(
  file: string,
  data: ScenarioFile,
  groupSide: Map<string, SideId>,
  ctx: Context,
  map: MapData,
): void {
  data.setup.forEach((rule, i) => {
    if (rule.group !== undefined) checkGroup(file, `/setup/${i}/group`, rule.group, rule.side, groupSide)
    rule.types?.forEach((type, j) => {
      if (!ctx.units[type]) fail(file, `/setup/${i}/types/${j}`, `unknown unit type ${type}`)
    })
    checkZone(file, `/setup/${i}/zone`, rule.zone, map)
  })
  data.entries.forEach((rule, i) => {
    if (rule.group !== undefined) checkGroup(file, `/entries/${i}/group`, rule.group, rule.side, groupSide)
    checkZone(file, `/entries/${i}/zone`, rule.zone, map)
  })
  data.victory.forEach((rule, i) => {
    if (rule.type === 'occupy' && !map.tags[rule.zoneTag]) {
      fail(file, `/victory/${i}/zoneTag`, `unknown zone tag ${rule.zoneTag}; map ${map.id} has ${Object.keys(map.tags).join(', ')}`)
    }
  })
}

function checkZone(file: string, at: string, zone: ZoneSpec, map: MapData): void {
  const tag = 'tag' in zone ? zone.tag : 'withinOfTag' in zone ? zone.withinOfTag : undefined
  if (tag !== undefined && !map.tags[tag]) {
    const field = 'tag' in zone ? 'tag' : 'withinOfTag'
    fail(file, `${at}/${field}`, `unknown zone tag ${tag}; map ${map.id} has ${Object.keys(map.tags).join(', ')}`)
  }
  const band = (field: 'rows' | 'cols', [from, to]: [number, number], size: number) => {
    if (from > to || to >= size) fail(file, `${at}/${field}`, `${field} ${from}-${to} are not within 0-${size - 1} of map ${map.id}`)
  }
  if ('rows' in zone) band('rows', zone.rows, map.rows)
  if ('cols' in zone) band('cols', zone.cols, map.cols)
}

/** Every roster line is either set up on the map or enters later, whatever the options. */
function checkCoverage(file: string, data: ScenarioFile, roster: Sourced[]): void {
  for (const s of roster) {
    for (const [, group] of groupValues(s.line.group)) {
      const { side, type } = s.line
      const placed = data.setup.some(
        (r) => r.side === side && (r.group === undefined || r.group === group) && (r.types === undefined || r.types.includes(type)),
      )
      const enters = data.entries.some((r) => r.side === side && (r.group === undefined || r.group === group))
      if (!placed && !enters) {
        const what = s.include ? ` (${s.include.from})` : ''
        fail(file, s.include ? s.include.at : s.at, `no setup or entry rule places ${type} of group ${group}${what}`)
      }
    }
  }
}

function checkSeatLayouts(file: string, data: ScenarioFile, groupSide: Map<string, SideId>): void {
  const { min, max } = data.players
  const layoutFor = new Map<number, number>()
  data.seatLayouts.forEach((layout, i) => {
    const at = `/seatLayouts/${i}`
    if (layout.players < min || layout.players > max) {
      fail(file, `${at}/players`, `${layout.players} players is outside players ${min}-${max}`)
    }
    const prior = layoutFor.get(layout.players)
    if (prior !== undefined) fail(file, `${at}/players`, `/seatLayouts/${prior} is already for ${layout.players} players`)
    layoutFor.set(layout.players, i)
    if (layout.seats.length !== layout.players) {
      fail(file, `${at}/seats`, `${layout.seats.length} seats for ${layout.players} players`)
    }
    const seatOf = new Map<string, string>()
    const seatIds = new Set<string>()
    layout.seats.forEach((seat, j) => {
      if (seatIds.has(seat.id)) fail(file, `${at}/seats/${j}/id`, `duplicate seat id ${seat.id}`)
      seatIds.add(seat.id)
      seat.groups.forEach((group, k) => {
        const gat = `${at}/seats/${j}/groups/${k}`
        checkGroup(file, gat, group, seat.side, groupSide)
        const other = seatOf.get(group)
        if (other) fail(file, gat, `group ${group} is already in seat ${other}`)
        seatOf.set(group, seat.id)
      })
    })
    for (const g of data.groups) {
      if (!seatOf.has(g.id)) fail(file, `${at}/seats`, `group ${g.id} (${g.side}) is in no seat`)
    }
  })
  for (let n = min; n <= max; n++) {
    if (!layoutFor.has(n)) fail(file, '/seatLayouts', `no seat layout for ${n} players (players ${min}-${max})`)
  }
}

function checkHouseData(file: string, data: ScenarioFile, roster: Sourced[], ctx: Context, map: MapData): void {
  if (data.houseData) return
  const house: string[] = []
  if (ctx.tables.tables.shoot.status === 'H' || ctx.tables.tables.close.status === 'H') house.push(basename(ctx.tablesFile))
  if (map.status === 'H') house.push(`map ${map.id}`)
  for (const s of roster) {
    if (s.line.status === 'H') house.push(`roster line "${s.line.line}"`)
    if (ctx.units[s.line.type]?.status === 'H') house.push(`unit type ${s.line.type}`)
  }
  if (house.length > 0) fail(file, '/houseData', `is false, but ${house[0]} is HOUSE data (status H)`)
}
