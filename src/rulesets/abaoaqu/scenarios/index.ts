// A-Bao-A-Qu's scenario data files: loading, validation, option resolution and catalogue entries.
export { clearAbaoaquCache, defaultAbaoaquDir, loadAbaoaqu, loadAbaoaquScenario } from './load.js'
export { ScenarioError } from '../../../scenarios/read-data.js'
export { isByOption, resolveByOption, resolveRoster } from './roster.js'
export type { OptionValues, ResolvedRosterLine } from './roster.js'
export { scenarioSummary } from './summary.js'
