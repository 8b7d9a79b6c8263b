// Real Battle's campaign as the league layer sees it (RuleCampaign, src/rulesets/realbattle/campaign/): the
// season's rules, all-or-nothing maintenance, a show whose scenario the engine's setup takes and a game
// played on it to the end, the settlement, and the readers' views.
import { describe, expect, it } from 'vitest'
import { createDice, scriptedDice } from '../../../src/engine/dice.js'
import type { CampaignTeam } from '../../../src/rulesets/contract.js'
import { realbattle as system } from '../../../src/rulesets/realbattle/index.js'
import { realbattleCampaign as rc, SHOW_SCENARIO_ID } from '../../../src/rulesets/realbattle/campaign/index.js'
import {
  DEFAULT_CAMPAIGN_RULES,
  type CampaignRules,
  type Team,
} from '../../../src/rulesets/realbattle/engine/campaign/index.js'
import { realbattle } from '../../../src/rulesets/realbattle/engine/index.js'
import type { RbScenario, RbState } from '../../../src/rulesets/realbattle/engine/types.js'
import { playShow, seedHex } from './campaign-play.js'

const rules = DEFAULT_CAMPAIGN_RULES

/** A team ready to fight: a Scopedog with a heavy machine gun and a pilot. */
function ready(entrant: string, over: Partial<Team> = {}): Team {
  return {
    entrant,
    money: 1000,
    debt: 0,
    ats: [
      {
        id: 'at1',
        card: 'scopedog',
        damage: 0,
        loadout: [{ id: 'w2', card: 'hmg', ammo: 10, magazines: 1, mount: 'handR' }],
      },
    ],
    weapons: [],
    pilots: [{ id: 'p3', name: `Pilot ${entrant}`, nameJa: `パイロット${entrant}`, basePp: 6, exp: 0, alive: true }],
    field: [],
    nextId: 4,
    ...over,
  }
}
const ct = (team: Team): CampaignTeam => ({ entrant: team.entrant, team })

describe('the contract is wired', () => {
  it('Real Battle offers a campaign', () => {
    expect(system.campaign).toBe(rc)
  })
})

describe('checkRules (RB-24)', () => {
  it('undefined or null: the defaults; an object overrides keys', () => {
    expect(rc.checkRules(undefined)).toEqual({ rules: DEFAULT_CAMPAIGN_RULES })
    expect(rc.checkRules(null)).toEqual({ rules: DEFAULT_CAMPAIGN_RULES })
    expect(rc.checkRules({ startMoney: 5000, atsPerShow: 2 })).toEqual({
      rules: { ...DEFAULT_CAMPAIGN_RULES, startMoney: 5000, atsPerShow: 2 },
    })
    expect(rc.checkRules({ maxDebt: 0, interestPercent: 0 })).toHaveProperty('rules.maxDebt', 0)
  })

  it.each([
    [{ bogus: 1 }, 'rules.bogus'],
    [{ startMoney: 1.5 }, 'rules.startMoney'],
    [{ startMoney: -1 }, 'rules.startMoney'],
    [{ startMoney: 1_000_001 }, 'rules.startMoney'],
    [{ actionsPerMaintenance: 0 }, 'rules.actionsPerMaintenance'],
    [{ actionsPerMaintenance: 21 }, 'rules.actionsPerMaintenance'],
    [{ atsPerShow: 5 }, 'rules.atsPerShow'],
    [{ interestPercent: 501 }, 'rules.interestPercent'],
    [{ repayPercent: '105' }, 'rules.repayPercent'],
    [{ maxDebt: 10_000_001 }, 'rules.maxDebt'],
    [{ maxDebt: null }, 'rules.maxDebt'],
    [[1, 2], 'rules'],
    ['fast', 'rules'],
  ])('refuses %j naming %s', (input, field) => {
    const r = rc.checkRules(input)
    expect('refusal' in r && r.refusal).toMatchObject({ rule: 'RB-24', field })
  })

  it('the rules ride through every hook that takes them', () => {
    const r = rc.checkRules({ startMoney: 100, actionsPerMaintenance: 3 })
    if (!('rules' in r)) throw new Error('refused')
    expect(rc.newTeam('e1', r.rules)).toMatchObject({ entrant: 'e1', money: 100, debt: 0 })
    expect(rc.actionsPerPeriod(r.rules)).toBe(3)
    expect(rc.netWorth({ ...(rc.newTeam('e1', r.rules) as Team), debt: 100 }, r.rules)).toBe(100 - 105)
  })
})

describe('baseScenario', () => {
  it('a catalogue scenario gives the map; an unknown one is refused', () => {
    for (let i = 1; i <= 9; i++) expect(rc.baseScenario(`RB-23-S${i}`)).toBeNull()
    expect(rc.baseScenario('RB-23-S10')).toMatchObject({ rule: 'RB-24.10', key: 'realbattle.campaign.noScenario' })
  })
})

describe('maintain: all or nothing (RB-24.4)', () => {
  const dice = () => scriptedDice(Array(40).fill(1))

  it('a batch whose third action cannot be paid changes nothing and names order 2', () => {
    const team = rc.newTeam('e1', rules) as Team
    const before = structuredClone(team)
    const actions = [
      { kind: 'buy-weapon', card: 'hmg' },
      { kind: 'buy-weapon', card: 'ss' },
      { kind: 'buy-at', card: 'brutish' },
    ]
    const r = rc.maintain(team, actions, { rules, used: 0, dice: dice(), locale: 'en' })
    expect(r).toEqual({
      refusal: expect.objectContaining({ rule: 'RB-24.5', key: 'realbattle.campaign.cannotPay', order: 2 }),
    })
    expect(team).toEqual(before)
    const ja = rc.maintain(team, actions, { rules, used: 0, dice: dice(), locale: 'ja' })
    expect('refusal' in ja && ja.refusal.message).toMatch(/G2500.*G2200/)
    expect('refusal' in ja && ja.refusal.message).toMatch(/かかります/)
  })

  it('a batch that passes: the team after it, its events and how many actions counted', () => {
    const team = rc.newTeam('e1', rules) as Team
    const r = rc.maintain(
      team,
      [
        { kind: 'buy-at', card: 'scopedog' },
        { kind: 'buy-weapon', card: 'hmg' },
        { kind: 'mount', weapon: 'w2', at: 'at1' },
        { kind: 'borrow', amount: 500 },
        { kind: 'scout', maxFee: 600, name: 'Chirico', nameJa: 'キリコ' },
        { kind: 'field', at: 'at1', pilot: 'p3' },
      ],
      { rules, used: 1, dice: scriptedDice([1, 1, 1, 1, 6, 6, 1]), locale: 'en' },
    )
    if (!('team' in r)) throw new Error(JSON.stringify(r))
    expect(r.counted).toBe(3)
    const t = r.team as Team
    expect(t.money).toBe(3000 - 1200 - 300 + 500 - 100)
    expect(t.pilots[0]).toMatchObject({ id: 'p3', name: 'Chirico', nameJa: 'キリコ', basePp: 12 })
    expect(t.ats[0]!.loadout[0]).toMatchObject({ id: 'w2', mount: 'handR' })
    expect(r.events.map((e) => e.type)).toEqual(['bought', 'bought', 'mounted', 'borrowed', 'scouted', 'field'])
  })

  it('the five actions count with those already used; free actions do not', () => {
    const team = ready('e1')
    const ctx = { rules, used: 5, dice: dice(), locale: 'en' as const }
    expect(rc.maintain(team, [{ kind: 'borrow', amount: 10 }], ctx)).toMatchObject({ counted: 0 })
    expect(rc.maintain(team, [{ kind: 'borrow', amount: 10 }, { kind: 'scout' }], ctx)).toEqual({
      refusal: expect.objectContaining({ rule: 'RB-24.4', key: 'realbattle.campaign.actionsUsed', order: 1 }),
    })
    const four = { ...ctx, used: 4 }
    expect(rc.maintain(team, [{ kind: 'scout' }, { kind: 'scout' }], four)).toMatchObject({
      refusal: { order: 1, key: 'realbattle.campaign.actionsUsed' },
    })
  })

  it.each([
    [['buy-at'], 0, 'kind', 'realbattle.campaign.shape.notObject'],
    [[null], 0, 'kind', 'realbattle.campaign.shape.notObject'],
    [[{ kind: 'borrow', amount: 10 }, { kind: 'fly' }], 1, 'kind', 'realbattle.campaign.unknownKind'],
    [[{ kind: 'buy-at' }], 0, 'card', 'realbattle.campaign.shape.missing'],
    [[{ kind: 'buy-at', card: 'scopedog', price: 1 }], 0, 'price', 'realbattle.campaign.shape.extra'],
    [[{ kind: 'buy-at', card: 7 }], 0, 'card', 'realbattle.campaign.shape.id'],
    [[{ kind: 'buy-at', card: 'x'.repeat(41) }], 0, 'card', 'realbattle.campaign.shape.id'],
    [[{ kind: 'borrow', amount: '500' }], 0, 'amount', 'realbattle.campaign.shape.integer'],
    [[{ kind: 'borrow', amount: -10 }], 0, 'amount', 'realbattle.campaign.shape.integer'],
    [[{ kind: 'repay', amount: 1e12 }], 0, 'amount', 'realbattle.campaign.shape.integer'],
    [[{ kind: 'scout', accept: 'no' }], 0, 'accept', 'realbattle.campaign.shape.boolean'],
    [[{ kind: 'scout', minPp: 13 }], 0, 'minPp', 'realbattle.campaign.shape.integer'],
    [[{ kind: 'scout', name: '' }], 0, 'name', 'realbattle.campaign.shape.name'],
    [[{ kind: 'mount', weapon: 'w2', at: 'at1', mount: 'head' }], 0, 'mount', 'realbattle.campaign.shape.mount'],
  ])('refuses the shape of %j: order %i, field %s', (actions, order, field, key) => {
    const team = ready('e1')
    const r = rc.maintain(team, actions as unknown[], { rules, used: 0, dice: dice(), locale: 'ja' })
    expect(r).toEqual({ refusal: expect.objectContaining({ order, field, key }) })
    // No die is rolled before every shape is checked.
  })

  it('refuses a batch that is not a list or too long', () => {
    const ctx = { rules, used: 0, dice: dice(), locale: 'en' as const }
    expect(rc.maintain(ready('e1'), {} as unknown as unknown[], ctx)).toMatchObject({ refusal: { field: 'actions' } })
    const many = Array(51).fill({ kind: 'borrow', amount: 10 })
    expect(rc.maintain(ready('e1'), many, ctx)).toMatchObject({ refusal: { key: 'realbattle.campaign.shape.list' } })
  })
})

describe('setup takes what a show gives (RB-24.7, 24.8)', () => {
  it('an AT that starts damaged and a weapon not full', () => {
    const scenario = (
      rc.show([ct(ready('e1')), ct(ready('e2', { ats: [{ ...ready('e2').ats[0]!, damage: 5 }] }))], {
        rules,
        scenario: 'RB-23-S2',
        dice: scriptedDice([1]),
        title: 'Show 1',
      }) as { game: { scenario: { data: RbScenario } } }
    ).game.scenario.data
    const a = scenario.ats.find((x) => x.id === 'A1')!
    a.loadout[0]!.ammo = 7
    const state = realbattle.setup(scenario, { players: 2 }, scriptedDice([1])).state
    const e2 = scenario.ats.find((x) => x.durability === 11)!
    expect(state.ats.find((x) => x.id === e2.id)!.durability).toBe(11)
    expect(state.ats.find((x) => x.id === 'A1')!.weapons[0]).toMatchObject({ card: 'hmg', ammo: 7, magazines: 1 })
    expect(realbattle.check(state)).toEqual([])
  })

  it('without them: full durability and full ammo; bad durability is refused', () => {
    const scenario = (
      rc.show([ct(ready('e1')), ct(ready('e2'))], {
        rules,
        scenario: 'RB-23-S2',
        dice: scriptedDice([1]),
        title: 'S',
      }) as {
        game: { scenario: { data: RbScenario } }
      }
    ).game.scenario.data
    for (const at of scenario.ats) {
      delete at.durability
      delete at.loadout[0]!.ammo
    }
    const state = realbattle.setup(scenario, { players: 2 }, scriptedDice([1])).state
    expect(state.ats.map((a) => a.durability)).toEqual([16, 16])
    expect(state.ats.map((a) => a.weapons[0]!.ammo)).toEqual([scenario.weapons.hmg!.ammo, scenario.weapons.hmg!.ammo])
    scenario.ats[0]!.durability = 0
    expect(() => realbattle.setup(scenario, { players: 2 }, scriptedDice([1]))).toThrow(/RB-24.7/)
    scenario.ats[0]!.durability = 17
    expect(() => realbattle.setup(scenario, { players: 2 }, scriptedDice([1]))).toThrow(/RB-24.7/)
    delete scenario.ats[0]!.durability
    scenario.ats[0]!.loadout[0]!.ammo = 11
    expect(() => realbattle.setup(scenario, { players: 2 }, scriptedDice([1]))).toThrow(/RB-24.8/)
    scenario.ats[0]!.loadout[0]!.ammo = -1
    expect(() => realbattle.setup(scenario, { players: 2 }, scriptedDice([1]))).toThrow(/RB-24.8/)
    scenario.ats[0]!.loadout[0]!.ammo = 0
    expect(realbattle.setup(scenario, { players: 2 }, scriptedDice([1])).state.ats[0]!.weapons[0]!.ammo).toBe(0)
  })
})

describe('show and settle (RB-24.10–24.20)', () => {
  it('no show with fewer than two teams able to field, or an unknown base scenario', () => {
    const ctx = { rules, scenario: 'RB-23-S1', dice: scriptedDice([]), title: 'Show 1' }
    expect(rc.show([ct(ready('e1')), ct(rc.newTeam('e2', rules) as Team)], ctx)).toEqual({
      noShow: expect.objectContaining({ rule: 'RB-24.10', key: 'realbattle.campaign.noShow' }),
    })
    expect(rc.show([ct(ready('e1')), ct(ready('e2'))], { ...ctx, scenario: 'nope' })).toMatchObject({
      noShow: { key: 'realbattle.campaign.noScenario' },
    })
  })

  it('a show is a scenario the engine takes; played to its end, then settled', () => {
    const teams = ['e1', 'e2', 'e3'].map((e) => ct(ready(e)))
    const dice = createDice(seedHex(7), 1)
    const r = rc.show(teams, { rules, scenario: 'RB-23-S4', dice, title: 'Season 1, show 1' })
    if (!('game' in r)) throw new Error(JSON.stringify(r))
    const { scenario, seats, lineUp } = r.game
    expect(scenario.summary).toMatchObject({
      id: SHOW_SCENARIO_ID,
      title: 'Season 1, show 1',
      players: { min: 3, max: 3 },
      houseData: true,
      sides: [{ id: 'A' }, { id: 'B' }],
    })
    expect(scenario.summary.seatLayouts).toHaveLength(1)
    expect(scenario.summary.seatLayouts[0]!.players).toBe(3)
    expect(seats.map((s) => s.entrant).sort()).toEqual(['e1', 'e2', 'e3'])
    expect(seats.map((s) => s.side).sort()).toEqual(['A', 'A', 'B'])
    const data = scenario.data as RbScenario
    expect(data.options).toEqual({ endOnFirstKill: true })
    expect(JSON.parse(JSON.stringify(lineUp))).toEqual(lineUp)

    const played = playShow(r.game, 11, 6)
    const end = played.state.ended!
    const settled = rc.settle(
      teams,
      lineUp,
      { state: played.state, events: played.events, winner: end.winner, reason: end.reason },
      { rules, dice: createDice(seedHex(7), 2) },
    )
    expect(settled.teams.map((t) => t.entrant)).toEqual(['e1', 'e2', 'e3'])
    expect(settled.events[0]).toMatchObject({ type: 'show-result', winner: end.winner })
    expect(settled.events.filter((e) => e.type === 'reward')).toHaveLength(3)
    for (const t of settled.teams) expect((t.team as Team).money).toBeGreaterThan(1000)
    for (const line of rc.narrate(settled.events, 'ja')) expect(line).not.toMatch(/^Event "/)
  })

  it('settle with a game ended outside the engine: the winner given decides', () => {
    const teams = [ct(ready('e1')), ct(ready('e2'))]
    const r = rc.show(teams, { rules, scenario: 'RB-23-S1', dice: scriptedDice([1]), title: 'S' })
    if (!('game' in r)) throw new Error('no show')
    const data = r.game.scenario.data as RbScenario
    const state: RbState = realbattle.setup(data, { players: 2 }, scriptedDice([1])).state
    expect(state.ended).toBeNull()
    const out = rc.settle(
      teams,
      r.game.lineUp,
      { state, events: [], winner: 'B', reason: 'camp A resigned' },
      { rules, dice: scriptedDice([]) },
    )
    expect(out.events[0]).toMatchObject({ type: 'show-result', winner: 'B', reason: 'camp A resigned' })
    const rewards = out.events.filter((e) => e.type === 'reward')
    const b = (r.game.lineUp as { camps: { B: string[] } }).camps.B[0]
    expect(rewards.find((e) => e.entrant === b)).toMatchObject({ result: 'win', amount: 1000 })
    expect(rewards.find((e) => e.entrant !== b)).toMatchObject({ result: 'lose', amount: 500 })
    const draw = rc.settle(
      teams,
      r.game.lineUp,
      { state, events: [], winner: null, reason: 'adjudicated' },
      { rules, dice: scriptedDice([]) },
    )
    expect(draw.events.filter((e) => e.type === 'reward').map((e) => e.result)).toEqual(['draw', 'draw'])
    expect(() =>
      rc.settle(
        teams,
        r.game.lineUp,
        { state, events: [], winner: 'A1', reason: 'x' },
        { rules, dice: scriptedDice([]) },
      ),
    ).toThrow(/camp/)
  })

  it('the settlement names who sat out and why, and each pilot by name (RB-24.10)', () => {
    const idle = ct(ready('e3', { pilots: [] }))
    const teams = [ct(ready('e1')), ct(ready('e2')), idle]
    const r = rc.show(teams, { rules, scenario: 'RB-23-S1', dice: scriptedDice([1]), title: 'S' })
    if (!('game' in r)) throw new Error('no show')
    const data = r.game.scenario.data as RbScenario
    const state: RbState = realbattle.setup(data, { players: 2 }, scriptedDice([1])).state
    const out = rc.settle(
      teams,
      r.game.lineUp,
      { state, events: [], winner: 'A', reason: 'camp B resigned' },
      { rules, dice: scriptedDice([]) },
    )
    expect(out.events).toContainEqual({ type: 'sat-out', ref: 'RB-24.10', entrant: 'e3', reason: 'no-pilot' })
    const en = rc.narrate(out.events, 'en', { e1: 'Chirico', e2: 'Fyana', e3: 'Gotho' })
    expect(en).toContain('Gotho sat the show out: it has no living pilot (RB-24.10).')
    expect(en.join('\n')).toMatch(/Pilot e1 \(p3\) of Chirico earns G/)
    const ja = rc.narrate(out.events, 'ja', { e1: 'キリコ', e2: 'フィアナ', e3: 'ゴウト' })
    expect(ja.join('\n')).toContain('パイロットe1 (p3)')
    expect(ja).toContain('ゴウトは今回の興行に出場しませんでした：生きているパイロットがいません（RB-24.10）。')
  })

  it('settle with no show: nothing falls due, not even interest (RB-24.20: "after every match")', () => {
    const teams = [ct(ready('e1', { debt: 1000, money: 20 })), ct(ready('e2', { debt: 210 })), ct(ready('e3'))]
    const out = rc.settle(teams, null, null, { rules, dice: scriptedDice([]) })
    expect(out.events).toEqual([])
    expect(out.teams).toEqual(teams)
  })

  it('refuses rules that make money from nothing: repaying under 100 %, free repairs (RB-24.21, RB-24.7)', () => {
    for (const [over, field] of [
      [{ repayPercent: 99 }, 'rules.repayPercent'],
      [{ repayPercent: 0 }, 'rules.repayPercent'],
      [{ repairPerPoint: 0 }, 'rules.repairPerPoint'],
    ] as const) {
      const r = rc.checkRules(over)
      expect('refusal' in r && r.refusal.field, JSON.stringify(over)).toBe(field)
    }
    expect('rules' in rc.checkRules({ repayPercent: 100 })).toBe(true)
  })

  it('a crowded show: six teams of four ATs each field two, within six deployment hexes an end (RB-23.4)', () => {
    const four: CampaignRules = { ...rules, atsPerShow: 4 }
    const team = (e: string) =>
      ready(e, {
        ats: [1, 2, 3, 4].map((i) => ({ id: `at${i}`, card: 'scopedog', damage: 0, loadout: [] })),
        pilots: [1, 2, 3, 4].map((i) => ({ id: `p${i + 4}`, name: 'P', nameJa: 'P', basePp: 6, exp: 0, alive: true })),
      })
    const teams = ['a', 'b', 'c', 'd', 'e', 'f'].map((e) => ct(team(e)))
    const r = rc.show(teams, { rules: four, scenario: 'RB-23-S9', dice: createDice(seedHex(3), 0), title: 'S' })
    if (!('game' in r)) throw new Error('no show')
    const data = r.game.scenario.data as RbScenario
    expect(data.ats.filter((a) => a.camp === 'A')).toHaveLength(6)
    expect(data.ats.filter((a) => a.camp === 'B')).toHaveLength(6)
    expect(() => realbattle.setup(data, { players: 6 }, scriptedDice([1]))).not.toThrow()
    const thirteen = Array.from({ length: 13 }, (_, i) => ct(ready(`t${String(i).padStart(2, '0')}`)))
    expect(rc.show(thirteen, { rules, scenario: 'RB-23-S9', dice: scriptedDice([]), title: 'S' })).toMatchObject({
      noShow: { rule: 'RB-23.4', key: 'realbattle.campaign.noRoom', params: { teams: 13, ats: 7, room: 6 } },
    })
  })
})

describe("the readers' views", () => {
  const team: Team = {
    ...ready('e1'),
    ats: [{ ...ready('e1').ats[0]!, damage: 3 }],
    weapons: [{ id: 'w5', card: 'ss', ammo: 4, magazines: 0 }],
    field: [{ at: 'at1', pilot: 'p3' }],
    debt: 200,
  }

  it('teamView: money, debt, net worth, ATs with loadouts, the store, pilots; names in Japanese', () => {
    const en = rc.teamView(team, rules, 'en')
    expect(en).toMatchObject({
      money: 1000,
      debt: 200,
      netWorth: 1000 - 210,
      ats: [{ id: 'at1', card: 'scopedog', name: 'Scopedog', damage: 3, durability: 16, durabilityLeft: 13 }],
      weapons: [{ id: 'w5', card: 'ss', ammo: 4 }],
      pilots: [{ id: 'p3', basePp: 6, exp: 0, alive: true }],
      field: [{ at: 'at1', pilot: 'p3' }],
    })
    const ja = rc.teamView(team, rules, 'ja') as { ats: Array<{ name: string; loadout: Array<{ name: string }> }> }
    expect(ja.ats[0]!.name).toMatch(/^スコープドッグ \(Scopedog\)$/)
    expect(ja.ats[0]!.loadout[0]!.name).toMatch(/\(Heavy Machine Gun\)|\(.+\)/)
  })

  it('teamLines and actionHelp, in both languages; the help lines parse', () => {
    for (const locale of ['en', 'ja'] as const) {
      const lines = rc.teamLines(team, rules, locale)
      expect(lines.length).toBeGreaterThanOrEqual(4)
      expect(lines.join('\n')).toContain('at1')
      const help = rc.actionHelp(team, rules, locale)
      expect(help.lines.length).toBeLessThanOrEqual(15)
      expect(help.lines.length + help.omitted).toBeGreaterThan(5)
      const parsed = rc.parseActions(help.lines.join('\n'), locale)
      expect(parsed, help.lines.join('\n')).toHaveProperty('actions')
      expect(help.lines.join('\n')).toMatch(/^repair at1/m)
    }
    const broke = rc.actionHelp({ ...(rc.newTeam('e9', rules) as Team), money: 0 }, rules, 'en')
    expect(broke.lines.join('\n')).toMatch(/^borrow 1000/m)
    expect(broke.lines.join('\n')).not.toMatch(/^buy-at/m)
  })

  it('narrate: a sentence per campaign event, English and Japanese; unknown events get the generic line', () => {
    const events = [
      { type: 'bought', entrant: 'e1', card: 'scopedog', id: 'at1', roll: 5, availability: 10, price: 1200 },
      { type: 'buy-failed', entrant: 'e1', card: 'brutish', roll: 9, availability: 4 },
      { type: 'scouted', entrant: 'e1', roll: 5, pp: null, fee: null, hired: false },
      { type: 'scouted', entrant: 'e1', roll: 8, pp: 6, fee: 300, hired: false, declined: 'fee-above-max' },
      { type: 'interest', entrant: 'e1', debt: 1000, amount: 50, paidBy: 'loan' },
      { type: 'show-result', winner: 'A', reason: 'an AT was destroyed (RB-24.12)', camps: { A: [], B: [] } },
      {
        type: 'reward',
        entrant: 'e1',
        pilot: 'p3',
        result: 'win',
        amount: 2000,
        parts: { win: 1000, destroyed: 1000 },
      },
      { type: 'mystery', entrant: 'e1' },
    ]
    const en = rc.narrate(events, 'en')
    expect(en[0]).toBe('team e1 bought Scopedog as at1 for G1,200 (2d6 5 ≤ 10, RB-24.5).')
    expect(en[3]).toMatch(/fee was above/)
    expect(en[6]).toMatch(/win G1,000, kills G1,000/)
    expect(en[7]).toMatch(/^Event "mystery"/)
    const ja = rc.narrate(events, 'ja')
    expect(ja[0]).toMatch(/スコープドッグ \(Scopedog\)をG1,200で購入/)
    expect(ja.slice(0, 7).every((l) => /[ぁ-んァ-ン]/.test(l))).toBe(true)
  })
})
