// Real Battle campaign: the season's rules (RB-24's numbers, CampaignRules) as a season stores them. A season
// may override any of them; every value is a whole number within house bounds wide enough for any club.
import type { CampaignRefusal } from '../../contract.js'
import { DEFAULT_CAMPAIGN_RULES, refuseCampaign, type CampaignRules } from '../engine/campaign/index.js'

/** The house bounds of each rule (inclusive). */
export const RULE_BOUNDS: Readonly<Record<keyof CampaignRules, readonly [number, number]>> = {
  startMoney: [0, 1_000_000], // RB-24.3
  actionsPerMaintenance: [1, 20], // RB-24.4
  atsPerShow: [1, 4], // RB-24.10
  interestPercent: [0, 500], // RB-24.20
  // RB-24.21: repaying costs at least what was borrowed: below 100 %, borrowing then repaying would make
  // money from nothing.
  repayPercent: [100, 500],
  // RB-24.7: a repair always costs something (G0 would make damage meaningless).
  repairPerPoint: [1, 100_000],
  maxDebt: [0, 10_000_000], // RB-24.19 [H]
}

const KEYS = Object.keys(RULE_BOUNDS) as Array<keyof CampaignRules>

/** The complete rules from a season's overrides, or the refusal naming `rules.<key>` (RB-24). */
export function checkRules(input: unknown): { rules: CampaignRules } | { refusal: CampaignRefusal } {
  if (input === undefined || input === null) return { rules: { ...DEFAULT_CAMPAIGN_RULES } }
  if (typeof input !== 'object' || Array.isArray(input)) {
    const e = refuseCampaign('RB-24', 'realbattle.campaign.rules.notObject', { value: JSON.stringify(input) ?? '' })
    return { refusal: { ...e, field: 'rules' } }
  }
  const rules: CampaignRules = { ...DEFAULT_CAMPAIGN_RULES }
  for (const [key, value] of Object.entries(input)) {
    if (!(KEYS as string[]).includes(key)) {
      const e = refuseCampaign('RB-24', 'realbattle.campaign.rules.unknown', { key, keys: KEYS.join(', ') })
      return { refusal: { ...e, field: `rules.${key}` } }
    }
    const [min, max] = RULE_BOUNDS[key as keyof CampaignRules]
    if (typeof value !== 'number' || !Number.isSafeInteger(value) || value < min || value > max) {
      const shown = typeof value === 'string' ? `"${value}"` : (JSON.stringify(value) ?? String(value))
      const e = refuseCampaign('RB-24', 'realbattle.campaign.rules.range', { key, min, max, value: shown })
      return { refusal: { ...e, field: `rules.${key}` } }
    }
    rules[key as keyof CampaignRules] = value
  }
  return { rules }
}

/** Stored rules read back (a season keeps what checkRules returned); throws when they are not valid. */
export function asRules(input: unknown): CampaignRules {
  const r = checkRules(input)
  if ('refusal' in r) throw new Error(`Real Battle campaign: stored rules are invalid: ${r.refusal.message}`)
  return r.rules
}
