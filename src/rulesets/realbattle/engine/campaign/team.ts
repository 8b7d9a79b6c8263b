// Real Battle campaign (RB-24): starting a team, money, loans and interest, net worth and the standings.
import type { GameEvent } from '../../../../engine/ruleset.js'
import type { CampaignRules, OwnedAt, OwnedWeapon, Team } from './types.js'
import { DEFAULT_CAMPAIGN_RULES } from './types.js'

/** RB-24's defaults with a season's overrides. */
export function campaignRules(over: Partial<CampaignRules> = {}): CampaignRules {
  return { ...DEFAULT_CAMPAIGN_RULES, ...over }
}

/**
 * RB-24.3: every team starts with G3,000 (the season's `startMoney`) and nothing else.
 * House reading: the rules give no starting AT or pilot, so a team starts with neither and spends its first
 * maintenance buying and scouting; a team that still has no AT or no pilot sits out the show (RB-24.10).
 */
export function newTeam(entrant: string, rules: CampaignRules = DEFAULT_CAMPAIGN_RULES): Team {
  return { entrant, money: rules.startMoney, debt: 0, ats: [], weapons: [], pilots: [], field: [], nextId: 1 }
}

/** A plain-JSON deep copy: the campaign never mutates an argument. */
export function cloneTeam(team: Team): Team {
  return structuredClone(team)
}

/** ⌈amount × percent / 100⌉ in whole G, by integer arithmetic (amount and percent are whole numbers). */
export function percentUp(amount: number, percent: number): number {
  return Math.floor((amount * percent + 99) / 100)
}

/** RB-24.21: what repaying `amount` of the debt costs (105 %, rounded up to G1). */
export function repayCost(amount: number, rules: CampaignRules): number {
  return percentUp(amount, rules.repayPercent)
}

/** RB-24.20 [H]: the interest on a debt, 5 % rounded up to G10. */
export function interestDue(debt: number, rules: CampaignRules): number {
  if (debt <= 0) return 0
  return Math.floor((debt * rules.interestPercent + 999) / 1000) * 10
}

/**
 * RB-24.20: after every match each team in debt pays the interest from its money; a team that cannot pay it
 * all borrows it (the interest is added to the debt, the money untouched; the house limit on borrowing does
 * not apply to this forced loan). Teams that sat out pay too: the rule says every player in debt.
 */
export function chargeInterest(team: Team, rules: CampaignRules): { team: Team; events: GameEvent[] } {
  const t = cloneTeam(team)
  const amount = interestDue(t.debt, rules)
  if (amount === 0) return { team: t, events: [] }
  const debt = t.debt
  const paidBy = t.money >= amount ? 'cash' : 'loan'
  if (paidBy === 'cash') t.money -= amount
  else t.debt += amount
  return { team: t, events: [{ type: 'interest', ref: 'RB-24.20', entrant: t.entrant, debt, amount, paidBy }] }
}

/** RB-24.22, AMB-RB-17: money less 105 % of the outstanding debt, rounded down to G1. */
export function netWorth(team: Team, rules: CampaignRules = DEFAULT_CAMPAIGN_RULES): number {
  return team.money - repayCost(team.debt, rules)
}

export interface CampaignStanding {
  position: number
  entrant: string
  netWorth: number
  money: number
  debt: number
}

/** RB-24.22: by net worth, highest first; equal teams share the position (1, 2, 2, 4), listed by entrant. */
export function campaignStandings(
  teams: readonly Team[],
  rules: CampaignRules = DEFAULT_CAMPAIGN_RULES,
): CampaignStanding[] {
  const rows = teams
    .map((t) => ({ position: 0, entrant: t.entrant, netWorth: netWorth(t, rules), money: t.money, debt: t.debt }))
    .sort((a, b) => b.netWorth - a.netWorth || (a.entrant < b.entrant ? -1 : a.entrant > b.entrant ? 1 : 0))
  rows.forEach((r, i) => {
    r.position = i > 0 && rows[i - 1]!.netWorth === r.netWorth ? rows[i - 1]!.position : i + 1
  })
  return rows
}

/** Every weapon the team owns, in the store or on an AT, with where it is. */
export function ownedWeapons(team: Team): Array<{ weapon: OwnedWeapon; at: OwnedAt | null }> {
  return [
    ...team.weapons.map((weapon) => ({ weapon, at: null })),
    ...team.ats.flatMap((at) => at.loadout.map((weapon) => ({ weapon, at }))),
  ]
}

export function findWeapon(team: Team, id: string): OwnedWeapon | undefined {
  return ownedWeapons(team).find((o) => o.weapon.id === id)?.weapon
}

export function takeId(team: Team, prefix: string): string {
  const id = `${prefix}${team.nextId}`
  team.nextId += 1
  return id
}
