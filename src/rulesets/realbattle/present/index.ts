// How Real Battle is shown to players: every presentation hook of the RuleSystem (src/rulesets/contract.ts),
// ready to spread into the system's value (src/rulesets/realbattle/index.ts), the status panel beside the
// map included.
import type { RuleSystem } from '../../contract.js'
import { orderExamples } from './examples.js'
import { localiseOptions, localisePreview } from './localise.js'
import { realbattleMap } from './map/index.js'
import { describeStep, narrateRealBattle, stepTitle } from './narrate.js'
import { enemiesNear } from './nearby.js'
import { compactOptions, optionsLegend } from './options-compact.js'
import { describeOutcome } from './outcome.js'
import { statusPanel } from './panel.js'

export const realbattlePresent = {
  stepTitle,
  describeStep,
  describeOutcome,
  narrate: narrateRealBattle,
  localiseOptions,
  localisePreview,
  compactOptions: (options, locale) => compactOptions(options, locale),
  optionsLegend,
  orderExamples,
  enemiesNear: (view, locale) => enemiesNear(view, locale),
  map: realbattleMap,
  statusPanel,
  // A moderator's correction tells each reader of the changed ATs their view shows.
  viewUnits: (view: unknown): string[] => {
    const list = view !== null && typeof view === 'object' ? (view as { ats?: unknown }).ats : undefined
    if (!Array.isArray(list)) return []
    return list.flatMap((u) => {
      const id = u !== null && typeof u === 'object' ? (u as { id?: unknown }).id : undefined
      return typeof id === 'string' ? [id] : []
    })
  },
} satisfies Omit<RuleSystem, 'id' | 'title' | 'ruleset' | 'scenarios'>
