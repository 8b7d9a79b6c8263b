// How MS@W is shown to players: every presentation hook of the RuleSystem (src/rulesets/contract.ts), ready to
// spread into the system's value (src/rulesets/msaw/index.ts): narration, step titles and descriptions, how a
// game ended, compact options and examples, enemies near, the status panel, and the table map.
import type { RuleSystem } from '../../contract.js'
import { orderExamples } from './examples.js'
import { localiseOptions, localisePreview } from './localise.js'
import { msawMap } from './map.js'
import { describeStep, narrateMsaw, stepTitle } from './narrate.js'
import { enemiesNear } from './nearby.js'
import { compactOptions, optionsLegend } from './options-compact.js'
import { describeOutcome } from './outcome.js'
import { statusPanel } from './panel.js'

export { msawMap, narrateMsaw }

/** The presentation hooks, ready to spread into the system's value; `map` answers a table map. */
export const msawPresent = {
  stepTitle,
  describeStep,
  describeOutcome,
  narrate: narrateMsaw,
  localiseOptions,
  localisePreview,
  compactOptions: (options: unknown, locale) => compactOptions(options, locale),
  optionsLegend,
  orderExamples,
  enemiesNear: (view: unknown, locale) => enemiesNear(view, locale),
  statusPanel,
  // A moderator's correction tells each reader of the changed suits their view shows.
  viewUnits: (view: unknown): string[] => {
    const list = view !== null && typeof view === 'object' ? (view as { suits?: unknown }).suits : undefined
    if (!Array.isArray(list)) return []
    return list.flatMap((u) => {
      const id = u !== null && typeof u === 'object' ? (u as { id?: unknown }).id : undefined
      return typeof id === 'string' ? [id] : []
    })
  },
  map: msawMap,
} satisfies Omit<RuleSystem, 'id' | 'title' | 'ruleset' | 'scenarios'>
