// A scenario file after schema validation, and what loading a folder carries from one file to the next.
import type { ByOption, MapData, RosterLine, Scenario, UnitType } from '../engine/types.js'
import type { TablesFile } from './units-and-tables.js'

interface RosterInclude {
  scenario: string
  groups: Record<string, ByOption<string>>
}

export type ScenarioFile = Omit<Scenario, 'system' | 'unitTypes' | 'tables' | 'map'> & {
  map: string
  rosterFrom?: RosterInclude[]
}

export interface Loaded {
  file: string
  data: ScenarioFile
}

/** A roster line, where it is written, and (for included lines) the include that brought it in. */
export interface Sourced {
  line: RosterLine
  file: string
  at: string
  include?: { at: string; from: string; groupAt: (key?: string) => string }
}

export interface Context {
  units: Record<string, UnitType>
  unitsFile: string
  tables: TablesFile
  tablesFile: string
  maps: Map<string, MapData>
  files: Map<string, Loaded>
  rosters: Map<string, Sourced[]>
}
