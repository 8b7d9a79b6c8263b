// A-Bao-A-Qu as the server plays it: the pure engine (engine/), its scenario files and catalogue entries
// (scenarios/), and how it is shown to players (present/): the words of its emails and its map.
import type { GameEvent } from '../../engine/ruleset.js'
import { fallbackLine } from '../../present/narrate-fallback.js'
import type { RuleSystem } from '../contract.js'
import { abaoaqu as engine } from './engine/index.js'
import type { SeatOptions } from './engine/seat-options.js'
import type { View } from './engine/view.js'
import { abaoaquMapModel, isAbaoaquView } from './present/map/index.js'
import {
  abaoaquReasonWords,
  abaoaquStepDescription,
  abaoaquStepTitle,
  narrateAbaoaqu,
  narrationContext,
} from './present/narrate.js'
import { enemiesNearAbaoaqu } from './present/nearby.js'
import { compactOptions, optionsLegend, orderExamples } from './present/options-compact.js'
import { loadAbaoaqu, scenarioSummary } from './scenarios/index.js'

/** Scenario files are read and checked once per process; the result is never mutated. */
function once<T>(load: () => T): () => T {
  let value: T | undefined
  return () => (value ??= load())
}

/** Enough of a view to name its units and sides (narration reads views kept as JSON). */
function isNarratable(view: unknown): view is View {
  const v = view as Partial<View> | null
  return (
    !!v &&
    v.system === 'abaoaqu' &&
    Array.isArray(v.units) &&
    typeof v.unitTypes === 'object' &&
    Array.isArray(v.scenario?.sides)
  )
}

export const abaoaqu: RuleSystem = {
  id: 'abaoaqu',
  title: 'A-Bao-A-Qu',
  ruleset: engine,
  scenarios: once(() => loadAbaoaqu().map((s) => ({ summary: scenarioSummary(s), data: s }))),
  stepTitle: abaoaquStepTitle,
  describeStep: abaoaquStepDescription,
  describeOutcome: (outcome, locale) => abaoaquReasonWords(outcome.reason, locale),
  narrate: (events: readonly GameEvent[], view: unknown, locale) =>
    isNarratable(view) ? narrateAbaoaqu(events, narrationContext(view, locale)) : events.map(fallbackLine),
  compactOptions: (options, locale) => compactOptions(options as SeatOptions, {}, locale),
  optionsLegend,
  orderExamples: (options) => orderExamples(options as SeatOptions),
  enemiesNear: (view, locale) =>
    isAbaoaquView(view) ? enemiesNearAbaoaqu(view, undefined, locale) : { lines: [], omitted: 0 },
  map: (view, events) => {
    if (!isAbaoaquView(view)) throw new Error('not an A-Bao-A-Qu view: its scenario map or units are missing')
    return abaoaquMapModel(view, events)
  },
}
