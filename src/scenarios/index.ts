// Scenario data files: loading, validation and option resolution.
export {
  ScenarioError,
  clearAbaoaquCache,
  defaultAbaoaquDir,
  isByOption,
  loadAbaoaqu,
  loadAbaoaquScenario,
  resolveByOption,
  resolveRoster,
} from './load-abaoaqu.js'
export type { OptionValues, ResolvedRosterLine } from './load-abaoaqu.js'
