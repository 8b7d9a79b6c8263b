// Scenario data files of any rule system: YAML read and checked against a JSON Schema, and the error
// that points at the field a problem is in. Each rule system's loader (src/rulesets/<id>/) uses these.
export { ScenarioError, escapePointer, fail, readData, repoRoot } from './read-data.js'
