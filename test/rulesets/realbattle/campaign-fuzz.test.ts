// Random campaigns of three shows through RuleCampaign, as the league layer drives them: 2 to 6 teams; each
// period every team's randomMaintenance actions through `maintain` (a refused action is dropped and the batch
// sent again), the show, its game played to the end by the random player, the settlement. After every step
// the teams' invariants hold, and every die the campaign rolled re-derives from the season's seed.
// CAMPAIGN_FUZZ sets how many campaigns (default 6, one of every team count; e.g. CAMPAIGN_FUZZ=40 for a longer run).
import { describe, expect, it } from 'vitest'
import { createDice, seedCommitment, verifyRolls, type DieRoll } from '../../../src/engine/dice.js'
import type { GameEvent } from '../../../src/engine/ruleset.js'
import type { CampaignTeam } from '../../../src/rulesets/contract.js'
import { campaignCatalogue, realbattleCampaign as rc } from '../../../src/rulesets/realbattle/campaign/index.js'
import {
  randomMaintenance,
  seededRng,
  type CampaignAction,
  type CampaignRules,
  type Team,
} from '../../../src/rulesets/realbattle/engine/campaign/index.js'
import type { RbState } from '../../../src/rulesets/realbattle/engine/types.js'
import { playShow, seedHex } from './campaign-play.js'

const CAMPAIGNS = Math.max(1, Number(process.env.CAMPAIGN_FUZZ ?? 6) || 6)
const SHOWS = 3
const SCENARIOS = ['RB-23-S1', 'RB-23-S4', 'RB-23-S6', 'RB-23-S9']

/** Every invariant of a team; `before` is the same team before the step (growth is checked against it). */
function checkTeam(team: Team, before: Team | undefined, where: string): void {
  const catalogue = campaignCatalogue()
  const w = `${where} ${team.entrant}`
  for (const [name, n] of [
    ['money', team.money],
    ['debt', team.debt],
  ] as const)
    expect(Number.isSafeInteger(n), `${w}: ${name} ${n} whole`).toBe(true)
  expect(team.debt, `${w}: debt`).toBeGreaterThanOrEqual(0)
  expect(team.money, `${w}: money`).toBeGreaterThanOrEqual(0)
  const ids = [
    ...team.ats.map((a) => a.id),
    ...team.ats.flatMap((a) => a.loadout.map((x) => x.id)),
    ...team.weapons.map((x) => x.id),
    ...team.pilots.map((p) => p.id),
  ]
  expect(new Set(ids).size, `${w}: duplicate ids ${ids.join(' ')}`).toBe(ids.length)
  for (const id of ids) expect(Number(id.replace(/^\D+/, '')), `${w}: ${id} below nextId`).toBeLessThan(team.nextId)
  for (const p of team.pilots) {
    expect(Number.isInteger(p.exp) && p.exp >= 0, `${w}: ${p.id} EXP ${p.exp}`).toBe(true)
    expect([6, 7, 8, 9, 10, 12], `${w}: ${p.id} PP ${p.basePp}`).toContain(p.basePp)
    const old = before?.pilots.find((x) => x.id === p.id)
    if (old && p.basePp > old.basePp) expect(p.basePp, `${w}: ${p.id} grew above 10`).toBeLessThanOrEqual(10)
    if (old && !old.alive) expect(p.alive, `${w}: ${p.id} came back to life`).toBe(false)
  }
  for (const at of team.ats) {
    const card = catalogue.cards[at.card]!
    expect(at.damage >= 0 && at.damage <= card.durability, `${w}: ${at.id} damage ${at.damage}`).toBe(true)
  }
  for (const x of [...team.weapons, ...team.ats.flatMap((a) => a.loadout)]) {
    const cap = catalogue.weapons[x.card]!.ammo ?? 0
    expect(x.ammo >= 0 && x.ammo <= cap, `${w}: ${x.id} ammo ${x.ammo} of ${cap}`).toBe(true)
    expect(Number.isInteger(x.magazines) && x.magazines >= 0, `${w}: ${x.id} magazines`).toBe(true)
  }
  for (const f of team.field) {
    expect(
      team.ats.some((a) => a.id === f.at),
      `${w}: fields a lost AT ${f.at}`,
    ).toBe(true)
    expect(team.pilots.find((p) => p.id === f.pilot)?.alive, `${w}: fields ${f.pilot}`).toBe(true)
  }
}

/** The final state with one AT destroyed by an enemy in the last phase (RB-24.12: the show ends there). */
function handMadeKill(
  state: RbState,
  last: readonly GameEvent[],
  r: () => number,
): { state: RbState; events: GameEvent[] } {
  const s = structuredClone(state)
  const victim = s.ats[Math.floor(r() * s.ats.length)]!
  const enemies = s.ats.filter((a) => a.camp !== victim.camp)
  const attacker = enemies[Math.floor(r() * enemies.length)]!
  const by = r() < 0.2 ? 'instant-death' : 'damage'
  const before = victim.durability
  victim.destroyed = true
  victim.destroyedBy = by
  if (by === 'damage') victim.durability = 0
  s.ended = { winner: attacker.camp, reason: `first kill: ${victim.id}`, ref: 'RB-24.12' }
  const event: GameEvent = {
    type: 'destroyed',
    ref: 'RB-16.4',
    at: victim.id,
    by,
    attacker: attacker.id,
    damageThisPhase: before + Math.floor(r() * 8),
    durabilityBefore: before,
  }
  return { state: s, events: [...last, event] }
}

interface Tally {
  shows: number
  noShows: number
  refusals: number
  events: Record<string, number>
}

function campaign(index: number, tally: Tally): void {
  const seed = seedHex(0xca40 + index)
  const r = seededRng(9000 + index)
  const teamCount = 2 + (index % 5)
  const locale = index % 2 === 0 ? 'en' : 'ja'
  const checked = rc.checkRules(index % 3 === 1 ? { atsPerShow: 2 } : {})
  if (!('rules' in checked)) throw new Error('rules refused')
  const rules = checked.rules as CampaignRules
  let seq = 0
  const rolls: DieRoll[] = []
  let teams: CampaignTeam[] = Array.from({ length: teamCount }, (_, i) => {
    const entrant = `c${index}-team${i + 1}`
    return { entrant, team: rc.newTeam(entrant, rules) }
  })
  const check = (prev: CampaignTeam[], where: string) =>
    teams.forEach((t, i) => checkTeam(t.team as Team, prev[i]?.team as Team | undefined, where))
  const tell = (events: readonly GameEvent[]) => {
    for (const e of events) tally.events[e.type] = (tally.events[e.type] ?? 0) + 1
    const lines = rc.narrate(events, locale)
    for (const line of lines) expect(line, JSON.stringify(events)).not.toMatch(/^Event "/)
  }
  check([], `campaign ${index} start`)

  for (let show = 1; show <= SHOWS; show++) {
    const where = `campaign ${index} show ${show}`
    // The maintenance period: each team's actions, a refused one dropped and the rest sent again.
    const before = teams
    teams = teams.map((t) => {
      let actions: CampaignAction[] = randomMaintenance(t.team as Team, campaignCatalogue(), rules, r)
      // The notation writes and reads them back unchanged (what an emailed reply would send).
      const text = rc.formatActions(actions).join('\n')
      expect(rc.parseActions(text, locale), text).toEqual({ actions })
      for (;;) {
        const dice = createDice(seed, seq++)
        const res = rc.maintain(t.team, actions, { rules, used: 0, dice, locale })
        if ('refusal' in res) {
          tally.refusals++
          expect(res.refusal.order, JSON.stringify(res.refusal)).toBeTypeOf('number')
          actions = actions.filter((_, i) => i !== res.refusal.order)
          continue
        }
        expect(res.counted).toBeLessThanOrEqual(rules.actionsPerMaintenance)
        rolls.push(...dice.rolls)
        tell(res.events)
        return { entrant: t.entrant, team: res.team }
      }
    })
    check(before, `${where} maintenance`)
    for (const t of teams) {
      expect(rc.teamLines(t.team, rules, locale).length).toBeGreaterThan(0)
      expect(rc.actionHelp(t.team, rules, locale).lines.length).toBeLessThanOrEqual(15)
    }

    // The show.
    const scenario = SCENARIOS[(index + show) % SCENARIOS.length]!
    const showDice = createDice(seed, seq++)
    const s = rc.show(teams, { rules, scenario, dice: showDice, title: `${where}` })
    rolls.push(...showDice.rolls)
    const settleDice = createDice(seed, seq++)
    const prev = teams
    if ('noShow' in s) {
      tally.noShows++
      expect(s.noShow.rule).toBe('RB-24.10')
      const out = rc.settle(teams, null, null, { rules, dice: settleDice })
      teams = out.teams
      tell(out.events)
    } else {
      tally.shows++
      const gameSeed = 0x5e000 + 100 * index + show
      const played = playShow(s.game, gameSeed, 4 + Math.floor(r() * 12))
      expect(verifyRolls(seedHex(gameSeed), seedCommitment(seedHex(gameSeed)), played.rolls).ok).toBe(true)
      // The random player seldom destroys an AT: now and then a hand-made first kill (as campaign-show.test
      // makes them) so that survival, death and the loss of an AT go through the campaign too.
      const { state: final, events } = played.state.ats.some((a) => a.destroyed)
        ? played
        : r() < 0.4
          ? handMadeKill(played.state, played.events, r)
          : played
      const end = final.ended!
      // A game the moderator ends now and then: the engine's state is not ended, the outcome given decides.
      const outside = r() < 0.2
      const state = outside ? { ...final, ended: null } : final
      const winner = outside ? (['A', 'B', null] as const)[Math.floor(r() * 3)]! : end.winner
      const out = rc.settle(
        teams,
        JSON.parse(JSON.stringify(s.game.lineUp)),
        { state, events, winner, reason: outside ? 'adjudicated' : end.reason },
        { rules, dice: settleDice },
      )
      expect(out.teams.map((t) => t.entrant)).toEqual(teams.map((t) => t.entrant))
      expect(out.events[0]).toMatchObject({ type: 'show-result', winner })
      teams = out.teams
      tell(out.events)
    }
    rolls.push(...settleDice.rolls)
    check(prev, `${where} settled`)
  }
  expect(rolls.length).toBeGreaterThan(0)
  const verified = verifyRolls(seed, seedCommitment(seed), rolls)
  expect(verified.mismatches).toEqual([])
  expect(verified.ok).toBe(true)
  // A forged die is caught.
  const forged = rolls.map((x, i) => (i === 0 ? { ...x, face: (x.face % x.sides) + 1 } : x))
  expect(verifyRolls(seed, seedCommitment(seed), forged).ok).toBe(false)
  // The standings' score is a whole number for every team.
  for (const t of teams) expect(Number.isSafeInteger(rc.netWorth(t.team, rules))).toBe(true)
}

describe('random campaigns of three shows (RB-24)', () => {
  it(`${CAMPAIGNS} campaigns of 2 to 6 teams`, () => {
    const tally: Tally = { shows: 0, noShows: 0, refusals: 0, events: {} }
    const t0 = performance.now()
    for (let i = 0; i < CAMPAIGNS; i++) campaign(i, tally)
    console.log(`campaign fuzz: ${CAMPAIGNS} campaigns, ${(performance.now() - t0).toFixed(0)} ms`, tally)
    expect(tally.shows).toBeGreaterThan(0)
  }, 120_000)
})
