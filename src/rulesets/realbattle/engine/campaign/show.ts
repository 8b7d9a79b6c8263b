// Real Battle campaign (RB-24.10–24.18): the show. Who fields what, the random camps, the engine scenario of
// the show, and after it: survival, rewards, EXP and growth, damage and ammunition carried home, interest.
import type { Dice } from '../../../../engine/dice.js'
import type { GameEvent } from '../../../../engine/ruleset.js'
import type { At, Camp, RbMap, RbScenario, RbState, ScenarioAt, Tables } from '../types.js'
import { CAMPAIGN_MESSAGES, refuseCampaign } from './messages.js'
import { chargeInterest, cloneTeam } from './team.js'
import type { CampaignRules, Catalogue, FieldedAt, Fielding, OwnedAt, Pilot, ShowLineUp, Team } from './types.js'

// ---------------------------------------------------------------------------------------------------
// RB-24.10, 24.11: the line-up
// ---------------------------------------------------------------------------------------------------

function byId<T extends { id: string }>(a: T, b: T): number {
  return a.id < b.id ? -1 : a.id > b.id ? 1 : 0
}

/** An AT that can fight: not destroyed (damage below its card's durability; without the catalogue, any). */
function works(at: OwnedAt, catalogue?: Catalogue): boolean {
  if (!catalogue) return true
  const card = catalogue.cards[at.card]
  return card !== undefined && at.damage < card.durability
}

/**
 * RB-24.10: what a team fields, up to `atsPerShow` AT–pilot pairs: its `field` choices that still hold (the
 * AT works, the pilot lives), then by default the least damaged AT (then by id) with the living pilot of the
 * highest base PP (then by id).
 */
export function fieldingOf(team: Team, rules: CampaignRules, catalogue?: Catalogue): Fielding[] {
  const ats = team.ats.filter((a) => works(a, catalogue))
  const pilots = team.pilots.filter((p) => p.alive)
  const chosen: Fielding[] = []
  const usedAt = (id: string) => chosen.some((c) => c.at === id)
  const usedPilot = (id: string) => chosen.some((c) => c.pilot === id)
  for (const f of team.field) {
    if (chosen.length >= rules.atsPerShow) break
    if (!ats.some((a) => a.id === f.at) || !pilots.some((p) => p.id === f.pilot)) continue
    if (usedAt(f.at) || usedPilot(f.pilot)) continue
    chosen.push({ at: f.at, pilot: f.pilot })
  }
  const freeAts = ats.filter((a) => !usedAt(a.id)).sort((a, b) => a.damage - b.damage || byId(a, b))
  const freePilots = pilots.filter((p) => !usedPilot(p.id)).sort((a, b) => b.basePp - a.basePp || byId(a, b))
  while (chosen.length < rules.atsPerShow && freeAts.length > 0 && freePilots.length > 0)
    chosen.push({ at: freeAts.shift()!.id, pilot: freePilots.shift()!.id })
  return chosen
}

/**
 * RB-24.10, 24.11: the teams that can field (a working AT and a living pilot) split at random into two camps
 * whose sizes differ by at most 1 (camp A takes the odd one). The teams are taken in entrant order and
 * shuffled with the dice (Fisher–Yates), so the result does not depend on the order of `teams`. Fewer than
 * two teams able to field: no show. `catalogue` lets it set aside an AT whose damage reaches its durability.
 */
export function showLineUp(
  teams: readonly Team[],
  rules: CampaignRules,
  dice: Dice,
  catalogue?: Catalogue,
): ShowLineUp {
  const sorted = [...teams].sort((a, b) => (a.entrant < b.entrant ? -1 : a.entrant > b.entrant ? 1 : 0))
  const sitOut: ShowLineUp['sitOut'] = []
  const fielding: Array<{ team: Team; pairs: Fielding[] }> = []
  for (const team of sorted) {
    const pairs = fieldingOf(team, rules, catalogue)
    if (pairs.length > 0) fielding.push({ team, pairs })
    else
      sitOut.push({
        entrant: team.entrant,
        rule: 'RB-24.10',
        reason: team.ats.some((a) => works(a, catalogue)) ? 'no-pilot' : 'no-at',
      })
  }
  if (fielding.length < 2) {
    const e = refuseCampaign('RB-24.10', 'realbattle.campaign.noShow', { n: fielding.length })
    return {
      show: false,
      reason: { rule: e.rule, key: e.key!, message: e.message, params: e.params! },
      camps: { A: [], B: [] },
      fielded: [],
      sitOut,
    }
  }
  const order = [...fielding]
  for (let i = order.length - 1; i > 0; i--) {
    const j = dice.roll(i + 1, 'camp split', 'RB-24.11') - 1
    ;[order[i], order[j]] = [order[j]!, order[i]!]
  }
  const sizeA = Math.ceil(order.length / 2)
  const camps: Record<Camp, string[]> = { A: [], B: [] }
  const fielded: FieldedAt[] = []
  const count: Record<Camp, number> = { A: 0, B: 0 }
  order.forEach(({ team, pairs }, i) => {
    const camp: Camp = i < sizeA ? 'A' : 'B'
    camps[camp].push(team.entrant)
    for (const p of pairs) {
      count[camp] += 1
      const pilot = team.pilots.find((x) => x.id === p.pilot)!
      fielded.push({
        id: `${camp}${count[camp]}`,
        camp,
        entrant: team.entrant,
        at: p.at,
        pilot: p.pilot,
        basePp: pilot.basePp,
      })
    }
  })
  return { show: true, reason: null, camps, fielded, sitOut }
}

// ---------------------------------------------------------------------------------------------------
// The engine's scenario for a show
// ---------------------------------------------------------------------------------------------------

export interface ShowBase {
  id?: string
  map: RbMap
  tables: Tables
  camps: Record<Camp, { name: string; nameJa: string }>
  ignoreObstacles?: boolean
}

function teamOf(teams: readonly Team[], entrant: string): Team {
  const t = teams.find((x) => x.entrant === entrant)
  if (!t) throw new Error(`campaign: no team for entrant ${entrant}`)
  return t
}

/**
 * The scenario the show is played with: one `ScenarioAt` per fielded AT (ids A1…, B1…), its current
 * durability (card durability less damage) and each weapon's current ammo and magazines, every card of the
 * catalogue, one seat per team (seat id = its first AT id, groups = its AT ids), and `endOnFirstKill`
 * (RB-24.12). `entrantOf` maps each AT id to its team's entrant.
 */
export function showScenario(
  lineUp: ShowLineUp,
  teams: readonly Team[],
  catalogue: Catalogue,
  base: ShowBase,
): { scenario: RbScenario; entrantOf: Record<string, string> } {
  if (!lineUp.show) throw new Error('campaign: no show to build a scenario for')
  const entrantOf: Record<string, string> = {}
  const ats: ScenarioAt[] = lineUp.fielded.map((f) => {
    const team = teamOf(teams, f.entrant)
    const at = team.ats.find((a) => a.id === f.at)
    const pilot = team.pilots.find((p) => p.id === f.pilot)
    if (!at || !pilot) throw new Error(`campaign: ${f.entrant} has no AT ${f.at} or pilot ${f.pilot}`)
    const card = catalogue.cards[at.card]
    if (!card) throw new Error(`campaign: no AT card ${at.card}`)
    entrantOf[f.id] = f.entrant
    return {
      id: f.id,
      camp: f.camp,
      card: at.card,
      pilot: { name: pilot.name, nameJa: pilot.nameJa, basePp: pilot.basePp },
      loadout: at.loadout.map((w) => ({
        weapon: w.card,
        ...(w.mount !== undefined ? { mount: w.mount } : {}),
        magazines: w.magazines,
        ammo: w.ammo,
      })),
      durability: card.durability - at.damage,
    }
  })
  const seats: Array<{ id: string; side: Camp; groups: string[] }> = []
  for (const f of lineUp.fielded) {
    const seat = seats.find((s) => entrantOf[s.id] === f.entrant)
    if (seat) seat.groups.push(f.id)
    else seats.push({ id: f.id, side: f.camp, groups: [f.id] })
  }
  const scenario: RbScenario = {
    id: base.id ?? 'campaign-show',
    map: base.map,
    ignoreObstacles: base.ignoreObstacles ?? false,
    camps: base.camps,
    ats,
    cards: catalogue.cards,
    weapons: catalogue.weapons,
    tables: base.tables,
    hitModifiers: [],
    seatLayouts: [{ players: seats.length, seats }],
    options: { endOnFirstKill: true },
  }
  return { scenario: structuredClone(scenario), entrantOf }
}

// ---------------------------------------------------------------------------------------------------
// RB-24.13–24.18: after the show
// ---------------------------------------------------------------------------------------------------

/** RB-24.18, AMB-RB-16: the EXP needed to reach each PP. */
export const GROWTH_THRESHOLDS: Readonly<Record<number, number>> = { 7: 10, 8: 20, 9: 70, 10: 100 }
/** RB-24.18: the human cap; a 12-PP pilot (not human, RB-24.9's roll of 12) never grows. */
export const HUMAN_CAP = 10

/**
 * RB-24.18: base PP rises by one when EXP reaches the threshold of the next PP, and EXP goes back to 0 (any
 * EXP above the threshold is lost). Never above 10; 12-PP pilots never grow; no threshold, no growth.
 */
export function grow(pilot: Pilot): { pilot: Pilot; from: number; to: number } | null {
  if (pilot.basePp >= HUMAN_CAP) return null
  const need = GROWTH_THRESHOLDS[pilot.basePp + 1]
  if (need === undefined || pilot.exp < need) return null
  return { pilot: { ...pilot, basePp: pilot.basePp + 1, exp: 0 }, from: pilot.basePp, to: pilot.basePp + 1 }
}

/** RB-24.15, AMB-RB-20: survival value = damage taken in the phase − durability just before the attack. */
export function survivalValue(damageThisPhase: number, durabilityBefore: number): number {
  return damageThisPhase - durabilityBefore
}

/** The AT credited with destroying `id` (RB-24.16): the attacker of the destroying attack, or a ramming mover. */
export function destroyerOf(id: string, events: readonly GameEvent[]): string | null {
  const i = events.findLastIndex((e) => e.type === 'destroyed' && e.at === id)
  if (i < 0) return null
  const d = events[i]!
  if (typeof d.attacker === 'string') return d.attacker
  for (let j = i - 1; j >= 0; j--) {
    const e = events[j]!
    if (e.type === 'damage' && e.target === id && typeof e.at === 'string') return e.at
    if (e.type === 'collision' && e.target === id && typeof e.at === 'string') return e.at
    // Destroyed by running into an obstacle, or by its own ramming: nobody destroyed it.
    if ((e.type === 'collision' || e.type === 'collision-obstacle') && e.at === id) return null
  }
  return null
}

export type ShowResult = 'win' | 'lose' | 'draw'

/** RB-24.16: what a pilot earns from a show, and its parts. */
export function showReward(p: {
  result: ShowResult
  alive: boolean
  kills: number
  smaller: boolean
  ppShort: number
}): { amount: number; parts: Record<string, number> } {
  const parts: Record<string, number> = {}
  if (p.alive) {
    parts[p.result] = p.result === 'win' ? 1000 : p.result === 'draw' ? 700 : 500
    if (p.kills > 0) parts.destroyed = 1000 * p.kills
    if (p.smaller) parts.smaller = 300
    if (p.ppShort > 0) parts.weaker = 200 * p.ppShort
  } else {
    // The loser's G500 is paid even when the pilot died; the rest is for surviving pilots only.
    if (p.result === 'lose') parts.lose = 500
    parts.condolence = 400
  }
  return { amount: Object.values(parts).reduce((a, b) => a + b, 0), parts }
}

/** RB-24.17: EXP for a surviving pilot. */
export function showExp(p: { kills: number; ppShort: number }): number {
  return 3 + 4 * p.kills + 2 * Math.max(0, p.ppShort)
}

function atInState(state: RbState, id: string): At {
  const at = state.ats.find((a) => a.id === id)
  if (!at) throw new Error(`campaign: the show's state has no AT ${id}`)
  return at
}

/**
 * After a show (RB-24.12: it ended at the first AT destroyed; the engine's `endOnFirstKill`): the winner camp
 * or a draw from `finalState.ended`; for each destroyed AT its pilot's survival check (RB-24.13–24.15), read
 * from the `destroyed` event of `lastEvents` (the events of the resolution that ended the show); rewards and
 * EXP (RB-24.16, 24.17), growth (RB-24.18); each fielded AT's damage, ammo and magazines back to its team;
 * then every team's interest (RB-24.20). Returns the teams in the order given and the events.
 *
 * House readings: a destroyed AT is lost to its team with everything mounted on it (its damage reached its
 * durability; RB-24.7 repairs damage, not wrecks). A weapon purged in the show is picked up after it and
 * stays on the AT. When the `destroyed` event lacks `damageThisPhase`/`durabilityBefore`, the survival value
 * is taken as 1 (the pilot survives on any roll) and the event says so.
 */
export function settleShow(
  teams: readonly Team[],
  lineUp: ShowLineUp,
  finalState: RbState,
  lastEvents: readonly GameEvent[],
  rules: CampaignRules,
  dice: Dice,
): { teams: Team[]; events: GameEvent[] } {
  if (!lineUp.show) throw new Error('campaign: there was no show to settle')
  if (!finalState.ended) throw new Error('campaign: the show is not over')
  const winner = finalState.ended.winner
  const out = teams.map(cloneTeam)
  const events: GameEvent[] = [
    {
      type: 'show-result',
      ref: 'RB-24.12',
      winner,
      reason: finalState.ended.reason,
      camps: structuredClone(lineUp.camps),
    },
  ]
  const campOf = (id: string): Camp | undefined => lineUp.fielded.find((f) => f.id === id)?.camp
  const size: Record<Camp, number> = { A: lineUp.camps.A.length, B: lineUp.camps.B.length }
  const pp: Record<Camp, number> = { A: 0, B: 0 }
  for (const f of lineUp.fielded) pp[f.camp] += f.basePp
  const kills: Record<string, number> = {}
  for (const f of lineUp.fielded) {
    if (!atInState(finalState, f.id).destroyed) continue
    const by = destroyerOf(f.id, lastEvents)
    if (by !== null && campOf(by) !== undefined && campOf(by) !== f.camp) kills[by] = (kills[by] ?? 0) + 1
  }

  for (const f of lineUp.fielded) {
    const team = teamOf(out, f.entrant)
    const state = atInState(finalState, f.id)
    const pilotIndex = team.pilots.findIndex((p) => p.id === f.pilot)
    const atIndex = team.ats.findIndex((a) => a.id === f.at)
    if (pilotIndex < 0 || atIndex < 0) throw new Error(`campaign: ${f.entrant} has no AT ${f.at} or pilot ${f.pilot}`)
    const owned = team.ats[atIndex]!
    let pilot = team.pilots[pilotIndex]!
    const enemy: Camp = f.camp === 'A' ? 'B' : 'A'

    // RB-24.13–24.15: the survival check of a destroyed AT's pilot.
    let alive = true
    if (state.destroyed) {
      const d = lastEvents.findLast((e) => e.type === 'destroyed' && e.at === f.id)
      const by = state.destroyedBy ?? (d?.by as At['destroyedBy'] | undefined) ?? 'damage'
      if (by === 'instant-death') {
        alive = false
        events.push({
          type: 'survival',
          ref: 'RB-24.14',
          entrant: f.entrant,
          at: f.id,
          pilot: f.pilot,
          instantDeath: true,
          survived: false,
        })
      } else {
        const known = typeof d?.damageThisPhase === 'number' && typeof d.durabilityBefore === 'number'
        const value = known ? survivalValue(d.damageThisPhase as number, d.durabilityBefore as number) : 1
        const roll = dice.roll(6, 'survival', 'RB-24.15')
        alive = roll >= value
        events.push({
          type: 'survival',
          ref: 'RB-24.15',
          entrant: f.entrant,
          at: f.id,
          pilot: f.pilot,
          value,
          roll,
          survived: alive,
          ...(known ? {} : { note: 'the destroyed event gave no damage for the phase: value taken as 1' }),
        })
      }
    }

    // RB-24.16, 24.17: rewards and EXP.
    const result: ShowResult = winner === null ? 'draw' : winner === f.camp ? 'win' : 'lose'
    const mine = kills[f.id] ?? 0
    const ppShort = Math.max(0, pp[enemy] - pp[f.camp])
    const reward = showReward({ result, alive, kills: mine, smaller: size[f.camp] < size[enemy], ppShort })
    team.money += reward.amount
    events.push({
      type: 'reward',
      ref: 'RB-24.16',
      entrant: f.entrant,
      pilot: f.pilot,
      result,
      amount: reward.amount,
      parts: reward.parts,
    })
    if (alive) {
      const exp = showExp({ kills: mine, ppShort })
      pilot = { ...pilot, exp: pilot.exp + exp }
      events.push({ type: 'exp', ref: 'RB-24.17', entrant: f.entrant, pilot: f.pilot, gained: exp, exp: pilot.exp })
      const g = grow(pilot)
      if (g) {
        pilot = g.pilot
        events.push({ type: 'growth', ref: 'RB-24.18', entrant: f.entrant, pilot: f.pilot, from: g.from, to: g.to })
      }
    } else {
      pilot = { ...pilot, alive: false }
      events.push({ type: 'pilot-dead', ref: 'RB-24.13', entrant: f.entrant, pilot: f.pilot })
    }
    team.pilots[pilotIndex] = pilot

    // The AT: lost when destroyed; else its damage, ammo and magazines carried home.
    if (state.destroyed) {
      team.ats.splice(atIndex, 1)
      team.field = team.field.filter((x) => x.at !== f.at)
      events.push({ type: 'at-lost', ref: 'RB-24.12', entrant: f.entrant, at: f.at, card: owned.card })
    } else {
      const durability = finalState.scenario.cards[owned.card]?.durability ?? state.durability
      owned.damage = Math.max(0, durability - Math.max(0, state.durability))
      owned.loadout.forEach((w, i) => {
        const ws = state.weapons[i]
        if (ws && ws.card === w.card) {
          w.ammo = ws.ammo
          w.magazines = ws.magazines
        }
      })
      events.push({ type: 'at-back', ref: 'RB-24.7', entrant: f.entrant, at: f.at, damage: owned.damage })
    }
    if (!pilot.alive) team.field = team.field.filter((x) => x.pilot !== f.pilot)
  }

  // RB-24.20: interest, after every match, for every team in debt.
  const settled = out.map((t) => {
    const r = chargeInterest(t, rules)
    events.push(...r.events)
    return r.team
  })
  return { teams: settled, events }
}

/** The English of a no-show reason, for readers that keep only the key. */
export const NO_SHOW_TEMPLATE = CAMPAIGN_MESSAGES['realbattle.campaign.noShow']
