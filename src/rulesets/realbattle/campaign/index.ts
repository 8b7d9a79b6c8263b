// Real Battle's campaign (rules/realbattle.md §5, RB-24) as the league layer drives it: RuleCampaign of
// src/rulesets/contract.ts over the pure engine of engine/campaign/. Every hook is pure; every die comes from
// the Dice given. Stored values (rules, teams, line-ups) are plain JSON and are read back defensively.
import type { CampaignRefusal, CampaignTeam, RuleCampaign } from '../../contract.js'
import type { Dice } from '../../../engine/dice.js'
import type { GameEvent } from '../../../engine/ruleset.js'
import { orderErrorMessage } from '../../../i18n/orders.js'
import type { Locale } from '../../../i18n/index.js'
import {
  fieldingOf,
  isCounted,
  netWorth,
  newTeam,
  refuseCampaign,
  resolveAction,
  settleShow,
  showLineUp,
  showScenario,
  validateAction,
  type CampaignRules,
  type ShowLineUp,
  type Team,
} from '../engine/campaign/index.js'
import { CAMPS, type Camp, type RbState } from '../engine/types.js'
import { COMMON_NOTES, campName } from '../scenarios/index.js'
import { campaignCatalogue, catalogueScenario } from './catalogue.js'
import { narrate } from './narrate.js'
import { formatActions, parseActions } from './notation.js'
import { asRules, checkRules } from './rules.js'
import { checkShape } from './shape.js'
import { actionHelp, asTeam, teamLines, teamView } from './view.js'

export { campaignCatalogue, catalogueScenario, forSale } from './catalogue.js'
export { narrate } from './narrate.js'
export { MAX_ACTION_LINES, USAGE, formatAction, formatActions, parseActions } from './notation.js'
export { RULE_BOUNDS, asRules, checkRules } from './rules.js'
export { KINDS, MOUNTS, RULE_OF, checkShape } from './shape.js'
export { HELP_LINES, actionHelp, asTeam, teamLines, teamView } from './view.js'

/** The id of every show's scenario (its summary and RbScenario.id). */
export const SHOW_SCENARIO_ID = 'RB-24-show'

/** What `show` hands back for `settle`: the line-up and which team each engine AT id (A1, B2, …) belongs to. */
export interface CampaignLineUp extends ShowLineUp {
  entrantOf: Record<string, string>
  /** The catalogue scenario that gave the map. */
  base: string
}

const MAX_BATCH = 50

/** RB-24.4: a batch of actions, all or nothing. */
function maintain(
  value: unknown,
  actions: readonly unknown[],
  ctx: { rules: unknown; used: number; dice: Dice; locale: Locale },
): { team: Team; events: GameEvent[]; counted: number } | { refusal: CampaignRefusal } {
  const rules = asRules(ctx.rules)
  const localise = (r: CampaignRefusal): { refusal: CampaignRefusal } => ({
    refusal: { ...r, message: orderErrorMessage(ctx.locale, r) },
  })
  if (!Array.isArray(actions) || actions.length > MAX_BATCH)
    return localise({
      ...refuseCampaign('RB-24.4', 'realbattle.campaign.shape.list', { max: MAX_BATCH }),
      field: 'actions',
    })
  // Shapes first, every one, so an untrusted batch is refused before anything is resolved.
  const checked = []
  for (let order = 0; order < actions.length; order++) {
    const shape = checkShape(actions[order], order)
    if ('refusal' in shape) return localise(shape.refusal)
    checked.push(shape.action)
  }
  let team = structuredClone(asTeam(value))
  const events: GameEvent[] = []
  let counted = 0
  const used = Number.isSafeInteger(ctx.used) && ctx.used > 0 ? ctx.used : 0
  for (let order = 0; order < checked.length; order++) {
    const action = checked[order]!
    const errors = validateAction(team, action, campaignCatalogue(), rules, used + counted)
    if (errors.length > 0) return localise({ ...errors[0]!, order })
    const r = resolveAction(team, action, campaignCatalogue(), rules, ctx.dice)
    team = r.team
    events.push(...withPilotNames(r.events, [team]))
    if (isCounted(action)) counted += 1
  }
  return { team, events, counted }
}

/**
 * The events name a pilot by its team-unique id ("p3"); readers know it by name. Each event naming a pilot of
 * these teams gets `pilotName` and `pilotNameJa` (the narration shows them, the id in brackets).
 */
function withPilotNames(events: readonly GameEvent[], teams: readonly Team[]): GameEvent[] {
  return events.map((e) => {
    if (typeof e.pilot !== 'string') return e
    const team = teams.find((t) => t.entrant === e.entrant) ?? (teams.length === 1 ? teams[0] : undefined)
    const pilot = team?.pilots.find((p) => p.id === e.pilot)
    return pilot ? { ...e, pilotName: pilot.name, pilotNameJa: pilot.nameJa } : e
  })
}

/** RB-24.10: the teams that sat the show out, and why (they were not fielded: no AT, or no living pilot). */
function sitOutEvents(lineUp: unknown): GameEvent[] {
  const sitOut = (lineUp as { sitOut?: unknown } | null)?.sitOut
  if (!Array.isArray(sitOut)) return []
  return sitOut
    .filter((x): x is { entrant: string; reason: string } => typeof x?.entrant === 'string')
    .map((x) => ({ type: 'sat-out', ref: 'RB-24.10', entrant: x.entrant, reason: String(x.reason) }))
}

/**
 * RB-23.4 [H] for a show: a camp deploys on one end's yellow hexes, one AT a hex. When the teams that can field
 * would put more ATs in a camp than the map has hexes at an end, each fields fewer (at least one); when even
 * one each does not fit, there is no show.
 */
function roomFor(
  teams: readonly Team[],
  rules: CampaignRules,
  room: number,
): number | { fielding: number; perCamp: number } {
  const fielding = teams.filter((t) => fieldingOf(t, rules, campaignCatalogue()).length > 0).length
  const perCamp = Math.ceil(fielding / 2)
  if (perCamp === 0) return rules.atsPerShow
  if (perCamp > room) return { fielding, perCamp }
  return Math.min(rules.atsPerShow, Math.floor(room / perCamp))
}

function show(teams: readonly CampaignTeam[], ctx: { rules: unknown; scenario: string; dice: Dice; title: string }) {
  const rules = asRules(ctx.rules)
  const base = catalogueScenario(ctx.scenario)
  if (!base) return { noShow: refuseCampaign('RB-24.10', 'realbattle.campaign.noScenario', { scenario: ctx.scenario }) }
  const list = teams.map((t) => asTeam(t.team))
  const room = Math.min(base.map.deploy.a.length, base.map.deploy.b.length)
  const fit = roomFor(list, rules, room)
  if (typeof fit !== 'number') {
    return {
      noShow: refuseCampaign('RB-23.4', 'realbattle.campaign.noRoom', {
        teams: fit.fielding,
        ats: fit.perCamp,
        map: base.map.id,
        room,
      }),
    }
  }
  const lineUp = showLineUp(list, { ...rules, atsPerShow: fit }, ctx.dice, campaignCatalogue())
  if (!lineUp.show) {
    const r = lineUp.reason!
    return { noShow: { rule: r.rule, key: r.key, message: r.message, params: r.params } }
  }
  const { scenario, entrantOf } = showScenario(lineUp, list, campaignCatalogue(), {
    id: SHOW_SCENARIO_ID,
    map: base.map,
    tables: base.tables,
    camps: base.camps,
    ignoreObstacles: base.ignoreObstacles,
  })
  const layout = scenario.seatLayouts[0]!
  const seats = layout.seats.map((s) => ({ seat: s.id, side: s.side, entrant: entrantOf[s.id]! }))
  const game = {
    scenario: {
      summary: {
        id: SHOW_SCENARIO_ID,
        title: ctx.title,
        description:
          `A campaign show (RB-24.10–24.12) on map ${base.map.id} (${base.map.name}) of ${ctx.scenario}: ` +
          `${lineUp.fielded.length} ATs of ${seats.length} teams; it ends when the first AT is destroyed.`,
        players: { min: seats.length, max: seats.length },
        sides: CAMPS.map((c) => ({ id: c, name: campName(scenario.camps[c]) })),
        seatLayouts: [
          {
            players: seats.length,
            seats: layout.seats.map((s) => ({ id: s.id, side: s.side, groups: [...s.groups] })),
          },
        ],
        houseData: true,
        notes: ['RB-24.12: the show ends as soon as any AT is destroyed (option endOnFirstKill).', ...COMMON_NOTES],
      },
      data: scenario,
    },
    seats,
    lineUp: { ...lineUp, entrantOf, base: ctx.scenario } satisfies CampaignLineUp,
  }
  return { game }
}

function asLineUp(value: unknown): ShowLineUp {
  const v = value as Partial<ShowLineUp> | null
  if (!v || typeof v !== 'object' || v.show !== true || !Array.isArray(v.fielded) || !v.camps)
    throw new Error('Real Battle campaign: not the line-up of a show')
  return v as ShowLineUp
}

/** RB-24.12–24.18, 24.20: after a show's game (or, `final` null, after a period with no show: interest only). */
function settle(
  teams: readonly CampaignTeam[],
  lineUp: unknown,
  final: { state: unknown; events: readonly GameEvent[]; winner: string | null; reason: string } | null,
  ctx: { rules: unknown; dice: Dice },
): { teams: CampaignTeam[]; events: GameEvent[] } {
  const rules = asRules(ctx.rules)
  const list = teams.map((t) => asTeam(t.team))
  if (final === null) {
    // RB-24.20: interest falls due "after every match"; a round without a show had none, so nothing is due.
    return { teams: list.map((t, i) => ({ entrant: teams[i]!.entrant, team: t })), events: [] }
  }
  let state = final.state as RbState
  if (!state || typeof state !== 'object' || !Array.isArray(state.ats))
    throw new Error('Real Battle campaign: the final state is not a Real Battle state')
  if (state.ended === null) {
    // The game ended outside the engine (resignation, adjudication, timeout): the outcome given decides.
    if (final.winner !== null && !(CAMPS as readonly string[]).includes(final.winner))
      throw new Error(`Real Battle campaign: the winner must be a camp (A or B) or null, not ${final.winner}`)
    state = { ...state, ended: { winner: final.winner as Camp | null, reason: final.reason, ref: 'RB-24.12' } }
  }
  const r = settleShow(list, asLineUp(lineUp), state, final.events, rules, ctx.dice)
  const named = withPilotNames(r.events, list)
  return {
    teams: r.teams.map((team, i) => ({ entrant: teams[i]!.entrant, team })),
    // The result first, then who sat out; pilots named from the teams before the show (the dead too).
    events: [...named.slice(0, 1), ...sitOutEvents(lineUp), ...named.slice(1)],
  }
}

export const realbattleCampaign: RuleCampaign = {
  checkRules,
  baseScenario(scenarioId) {
    if (catalogueScenario(scenarioId)) return null
    return { ...refuseCampaign('RB-24.10', 'realbattle.campaign.noScenario', { scenario: scenarioId }), field: 'map' }
  },
  newTeam: (entrant, rules) => newTeam(entrant, asRules(rules)),
  actionsPerPeriod: (rules) => asRules(rules).actionsPerMaintenance,
  parseActions,
  formatActions,
  maintain,
  show,
  settle,
  netWorth: (team, rules) => netWorth(asTeam(team), asRules(rules)),
  teamView: (team, rules, locale) => teamView(team, asRules(rules), locale),
  teamLines: (team, rules, locale) => teamLines(team, asRules(rules), locale),
  actionHelp: (team, rules, locale) => actionHelp(team, asRules(rules), locale),
  narrate,
}
