// GREEN NOA data files (scenarios/greennoa/*.yaml) -> the engine's GnScenario. roster.yaml holds the unit
// types and pilots; every other file is one scenario. Each file is checked against its JSON Schema
// (scenarios/schema/greennoa-*.schema.json), then for what a schema cannot see.
import { readdirSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { offsetKey } from '../../../engine/hex/index.js'
import { ScenarioError, fail, readData, repoRoot } from '../../../scenarios/index.js'
import type { FireArc, GnScenario, Pilot, Side, UnitType, UnitValues } from '../engine/types.js'

type Status = 'S' | 'D' | 'R' | 'H'
type SideOrEither = Side | 'either'

interface FormRow extends UnitValues {
  id: string
  arc: FireArc
}

export interface RosterFile {
  status: Status
  source?: string
  types: Array<{
    code: string
    nameJa: string
    name: string
    side: SideOrEither
    status: Status
    ref?: string
    transformRule?: 'GN-11-1' | 'GN-11-2'
    forms: FormRow[]
  }>
  pilots: Array<{ id: string; nameJa: string; name: string; side: SideOrEither; skill: 0 | 1 | 2 }>
}

export interface ScenarioFile {
  id: string
  title: string
  titleJa?: string
  description: string
  houseData: boolean
  status: Status
  ref?: string
  map: { cols: number; rows: number }
  innings: number
  victory: { destroyed: number; crippled: number }
  units: Array<{
    id: string
    type: string
    side: Side
    pilot: string
    hex: { col: number; row: number }
    facing: 0 | 1 | 2 | 3 | 4 | 5
    form?: string
  }>
  options?: { literalDsDc?: boolean }
  notes?: string[]
}

/** A scenario as loaded: the engine's data and what the catalogue shows. */
export interface GnScenarioEntry {
  file: string
  title: string
  titleJa: string | null
  description: string
  houseData: boolean
  notes: string[]
  scenario: GnScenario
}

export const ROSTER_FILE = 'roster.yaml'
const ROSTER_SCHEMA = 'greennoa-roster.schema.json'
const SCENARIO_SCHEMA = 'greennoa-scenario.schema.json'

export function defaultGreenNoaDir(): string {
  return join(repoRoot(), 'scenarios', 'greennoa')
}

export interface Roster {
  file: string
  status: Status
  types: Record<string, UnitType & { status: Status }>
  pilots: Record<string, Pilot>
}

/** roster.yaml: schema, then unique codes and ids, form ids, and a transformation rule for two forms. */
export function loadRoster(file: string): Roster {
  const data = readData<RosterFile>(file, ROSTER_SCHEMA)
  const types: Roster['types'] = {}
  data.types.forEach((t, i) => {
    if (t.code in types) fail(file, `/types/${i}/code`, `code ${t.code} is used twice`)
    const forms: Record<string, UnitValues> = {}
    t.forms.forEach((f, j) => {
      if (f.id in forms) fail(file, `/types/${i}/forms/${j}/id`, `form ${f.id} is listed twice`)
      forms[f.id] = { def: f.def, fp: f.fp, mel: f.mel, mp: f.mp, turns: f.turns, arc: f.arc }
    })
    if (t.forms.length === 2 && !t.transformRule)
      fail(file, `/types/${i}`, 'has two forms, but no transformRule (GN-11-1 or GN-11-2)')
    if (t.forms.length === 1 && t.transformRule)
      fail(file, `/types/${i}/transformRule`, 'is given, but the type has one form only')
    types[t.code] = {
      code: t.code,
      nameJa: t.nameJa,
      name: t.name,
      side: t.side,
      forms,
      formOrder: t.forms.map((f) => f.id),
      ...(t.transformRule ? { transformRule: t.transformRule } : {}),
      status: t.status,
    }
  })
  const pilots: Record<string, Pilot> = {}
  data.pilots.forEach((p, i) => {
    if (p.id in pilots) fail(file, `/pilots/${i}/id`, `pilot ${p.id} is listed twice`)
    pilots[p.id] = { id: p.id, nameJa: p.nameJa, name: p.name, side: p.side, skill: p.skill }
  })
  return { file, status: data.status, types, pilots }
}

/** One scenario file, checked against the roster. */
export function loadScenarioFile(file: string, roster: Roster): GnScenarioEntry {
  const data = readData<ScenarioFile>(file, SCENARIO_SCHEMA)
  const ids = new Set<string>()
  const occupied = new Set<string>()
  const pilotsUsed = new Set<string>()
  const usedTypes = new Set<string>()
  data.units.forEach((u, i) => {
    const at = `/units/${i}`
    if (ids.has(u.id)) fail(file, `${at}/id`, `unit id ${u.id} is used twice`)
    ids.add(u.id)
    const type = roster.types[u.type]
    if (!type) fail(file, `${at}/type`, `no unit type ${u.type} in ${ROSTER_FILE}`)
    usedTypes.add(u.type)
    if (type.side !== 'either' && type.side !== u.side) fail(file, `${at}/side`, `a ${type.name} is not ${u.side}`)
    const pilot = roster.pilots[u.pilot]
    if (!pilot) fail(file, `${at}/pilot`, `no pilot ${u.pilot} in ${ROSTER_FILE}`)
    if (pilot.side !== 'either' && pilot.side !== u.side) fail(file, `${at}/pilot`, `${pilot.name} is not ${u.side}`)
    if (u.pilot !== 'unnamed' && pilotsUsed.has(u.pilot)) fail(file, `${at}/pilot`, `${pilot.name} flies two units`)
    pilotsUsed.add(u.pilot)
    if (u.form !== undefined && !(u.form in type.forms)) fail(file, `${at}/form`, `${type.name} has no form ${u.form}`)
    if (u.hex.col >= data.map.cols || u.hex.row >= data.map.rows) fail(file, `${at}/hex`, 'is off the map')
    const key = `${u.side}@${offsetKey(u.hex)}`
    if (occupied.has(key)) fail(file, `${at}/hex`, 'holds another unit of the same side (GN-5-1)')
    occupied.add(key)
  })
  for (const side of ['AEUG', 'TITANS'] as const) {
    if (!data.units.some((u) => u.side === side)) fail(file, '/units', `has no ${side} unit`)
  }
  if (!data.houseData) {
    const house =
      data.status === 'H'
        ? 'the scenario'
        : [...usedTypes].filter((c) => roster.types[c]?.status === 'H').map((c) => `unit type ${c}`)[0]
    if (house) fail(file, '/houseData', `is false, but ${house} is HOUSE data (status H)`)
  }
  const types: Record<string, UnitType> = {}
  for (const code of [...usedTypes].sort()) {
    const { status: _status, ...type } = roster.types[code] as Roster['types'][string]
    types[code] = type
  }
  const pilots: Record<string, Pilot> = {}
  for (const id of [...pilotsUsed].sort()) pilots[id] = roster.pilots[id] as Pilot
  const scenario: GnScenario = {
    id: data.id,
    map: { cols: data.map.cols, rows: data.map.rows },
    innings: data.innings,
    victory: { destroyed: data.victory.destroyed, crippled: data.victory.crippled },
    types,
    pilots,
    units: data.units.map((u) => ({
      id: u.id,
      type: u.type,
      side: u.side,
      pilot: u.pilot,
      hex: { col: u.hex.col, row: u.hex.row },
      facing: u.facing,
      ...(u.form !== undefined ? { form: u.form } : {}),
    })),
    ...(data.options?.literalDsDc !== undefined ? { options: { literalDsDc: data.options.literalDsDc } } : {}),
  }
  return {
    file,
    title: data.title,
    titleJa: data.titleJa ?? null,
    description: data.description,
    houseData: data.houseData,
    notes: data.notes ?? [],
    scenario,
  }
}

/** Every scenario of a folder, sorted by id; ids must be unique. */
export function loadGreenNoa(dir: string = defaultGreenNoaDir()): GnScenarioEntry[] {
  const root = resolve(dir)
  const roster = loadRoster(join(root, ROSTER_FILE))
  const files = readdirSync(root)
    .filter((f) => f.endsWith('.yaml') && f !== ROSTER_FILE)
    .sort()
  const entries = files.map((f) => loadScenarioFile(join(root, f), roster))
  const seen = new Map<string, string>()
  for (const e of entries) {
    const other = seen.get(e.scenario.id)
    if (other) fail(e.file, '/id', `id ${e.scenario.id} is also the id of ${other}`)
    seen.set(e.scenario.id, e.file)
  }
  if (entries.length === 0) throw new ScenarioError(root, '', 'holds no scenario')
  return entries.sort((a, b) => a.scenario.id.localeCompare(b.scenario.id))
}
