// Real Battle's data files: the house data (house.ts), the scenarios (load.ts), catalogue entries (summary.ts).
import type { ScenarioEntry } from '../../contract.js'
import { loadRealBattle } from './load.js'
import { scenarioSummary } from './summary.js'

export {
  HOUSE_FILES,
  defaultRealBattleDir,
  loadCards,
  loadHouseData,
  loadMaps,
  loadTables,
  loadWeapons,
  mountFamily,
} from './house.js'
export type { HouseData } from './house.js'
export { loadRealBattle, loadScenarioFile, seatLayouts } from './load.js'
export type { RbScenarioEntry } from './load.js'
export { COMMON_NOTES, campName, scenarioSummary, scenarioTitle } from './summary.js'

/** Scenario files are read and checked once per process; the result is never mutated. */
function once<T>(load: () => T): () => T {
  let value: T | undefined
  return () => (value ??= load())
}

/** The catalogue entries and setup data of scenarios/realbattle/, read once per process. */
export const realbattleScenarios: () => ScenarioEntry[] = once(() =>
  loadRealBattle().map((e) => ({ summary: scenarioSummary(e), data: e.scenario })),
)
