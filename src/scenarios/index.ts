// Scenario data files: loading, validation and option resolution.
export { clearAbaoaquCache, defaultAbaoaquDir, loadAbaoaqu, loadAbaoaquScenario } from './load-abaoaqu.js'
export { ScenarioError } from './read-data.js'
export { isByOption, resolveByOption, resolveRoster } from './roster.js'
export type { OptionValues, ResolvedRosterLine } from './roster.js'
