// GREEN NOA's scenario data files: loading and checking (load.ts) and catalogue entries (summary.ts).
export { defaultGreenNoaDir, loadGreenNoa, loadRoster, loadScenarioFile } from './load.js'
export type { GnScenarioEntry, Roster } from './load.js'
export { COMMON_NOTES, SIDE_NAMES, scenarioSummary, scenarioTitle } from './summary.js'
