// MS@W (Mobile Suits at War) as the server plays it: the pure engine (engine/), its catalogue and scenarios
// (scenarios/), and how it is shown to players (present/), in English and Japanese (locales/*/msaw.json). The
// first system without hexes: suits stand anywhere on a table measured in hundredths of an inch
// (src/engine/table/). The design and the plan: docs/msaw.md.
import type { RuleSystem } from '../contract.js'
import { msaw as engine } from './engine/index.js'
import { msawPresent } from './present/index.js'
import { msawScenarios } from './scenarios/index.js'

export const msaw: RuleSystem = {
  id: 'msaw',
  title: 'MS@W',
  ruleset: engine,
  scenarios: msawScenarios,
  ...msawPresent,
}
