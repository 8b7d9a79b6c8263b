// GREEN NOA as the server plays it: the pure engine (engine/), its scenario files and catalogue entries
// (scenarios/), and how it is shown to players (present/), in English and Japanese (locales/*/greennoa.json).
import type { RuleSystem } from '../contract.js'
import { greennoa as engine } from './engine/index.js'
import { greennoaMapModel, isGreennoaView } from './present/map/index.js'
import { describeStep, narrateGreenNoa, stepTitle } from './present/narrate.js'
import { describeOutcome } from './present/outcome.js'
import { localiseOptions, localisePreview } from './present/localise.js'
import { enemiesNear } from './present/nearby.js'
import { compactOptions, optionsLegend, orderExamples } from './present/options-compact.js'
import { loadGreenNoa, scenarioSummary } from './scenarios/index.js'

/** Scenario files are read and checked once per process; the result is never mutated. */
function once<T>(load: () => T): () => T {
  let value: T | undefined
  return () => (value ??= load())
}

export const greennoa: RuleSystem = {
  id: 'greennoa',
  title: 'GREEN NOA',
  ruleset: engine,
  scenarios: once(() => loadGreenNoa().map((e) => ({ summary: scenarioSummary(e), data: e.scenario }))),
  stepTitle,
  describeStep,
  describeOutcome,
  narrate: narrateGreenNoa,
  localiseOptions,
  localisePreview,
  compactOptions: (options, locale) => compactOptions(options, locale),
  optionsLegend,
  orderExamples,
  enemiesNear: (view, locale) => enemiesNear(view, locale),
  map: (view, events) => {
    if (!isGreennoaView(view)) throw new Error('not a GREEN NOA view: its scenario map or units are missing')
    return greennoaMapModel(view, events)
  },
}
