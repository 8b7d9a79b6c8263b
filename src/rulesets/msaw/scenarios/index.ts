// MS@W's data files: the unit catalogue (catalogue.ts), the scenarios (load.ts), catalogue entries (summary.ts).
import type { ScenarioEntry } from '../../contract.js'
import { loadMsaw } from './load.js'
import { scenarioSummary } from './summary.js'

export { CATALOGUE_FILE, freeHands, loadCatalogue, suitCost, suitItems } from './catalogue.js'
export type { Catalogue } from './catalogue.js'
export {
  DEFAULT_POINTS,
  DEFAULT_TABLE,
  DISC_RADIUS,
  defaultMsawDir,
  loadMsaw,
  loadScenarioFile,
  seatLayout,
} from './load.js'
export type { MsScenarioEntry } from './load.js'
export { COMMON_NOTES, scenarioSummary, scenarioTitle, sideName } from './summary.js'
export { discOverlapsPolygon, polygonProblem } from './shapes.js'

/** Scenario files are read and checked once per process; the result is never mutated. */
function once<T>(load: () => T): () => T {
  let value: T | undefined
  return () => (value ??= load())
}

/** The catalogue entries and setup data of scenarios/msaw/, read once per process. */
export const msawScenarios: () => ScenarioEntry[] = once(() =>
  loadMsaw().map((e) => ({ summary: scenarioSummary(e), data: e.scenario })),
)
