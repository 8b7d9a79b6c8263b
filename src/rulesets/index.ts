// The rule systems the server plays: the one list. A system is a folder, src/rulesets/<id>/, that
// fulfils the contract in contract.ts; this is the only file outside those folders that names one.
import { abaoaqu } from './abaoaqu/index.js'
import type { RuleSystem } from './contract.js'
import { greennoa } from './greennoa/index.js'
import { msaw } from './msaw/index.js'
import { realbattle } from './realbattle/index.js'

export type {
  AnyRuleset,
  CampaignRefusal,
  CampaignShowGame,
  CampaignTeam,
  EmailLines,
  RuleCampaign,
  RuleSystem,
  ScenarioEntry,
  ScenarioSummary,
  StatusPanel,
} from './contract.js'

const systems: RuleSystem[] = [abaoaqu, greennoa, realbattle, msaw]

export function ruleSystems(): readonly RuleSystem[] {
  return systems
}

export function ruleSystem(id: string): RuleSystem | undefined {
  return systems.find((s) => s.id === id)
}

/**
 * Adds a rule system to this process's list, after the built-in ones: a test's own system, or one a
 * deployment plugs in before the server starts. An id already listed is refused.
 */
export function registerRuleSystem(system: RuleSystem): void {
  if (ruleSystem(system.id)) throw new Error(`a rule system with id "${system.id}" is already registered`)
  if (system.ruleset.id !== system.id)
    throw new Error(`rule system "${system.id}" holds the ruleset of "${system.ruleset.id}"`)
  systems.push(system)
}
