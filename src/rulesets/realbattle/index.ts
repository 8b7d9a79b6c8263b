// Real Battle (VOTOMS) as the server plays it: the pure engine (engine/), its house data and scenarios
// (scenarios/), and how it is shown to players (present/), in English and Japanese
// (locales/*/realbattle.json). The design and the plan: docs/realbattle.md.
import type { RuleSystem } from '../contract.js'
import { realbattleCampaign } from './campaign/index.js'
import { realbattle as engine } from './engine/index.js'
import { realbattlePresent } from './present/index.js'
import { realbattleScenarios } from './scenarios/index.js'

export const realbattle: RuleSystem = {
  id: 'realbattle',
  title: 'Real Battle',
  ruleset: engine,
  scenarios: realbattleScenarios,
  ...realbattlePresent,
  // RB-24: the campaign as a season format (campaign/).
  campaign: realbattleCampaign,
}
