// Real Battle campaign, the show (RB-24.10–24.18, 24.20): line-up, scenario, survival, rewards, EXP, growth,
// and random campaigns of three maintenance periods with hand-made final states.
import { describe, expect, it } from 'vitest'
import { createDice, scriptedDice } from '../../../src/engine/dice.js'
import type { GameEvent } from '../../../src/engine/ruleset.js'
import {
  campaignRules,
  destroyerOf,
  grow,
  newTeam,
  randomMaintenance,
  runMaintenance,
  seededRng,
  settleShow,
  showLineUp,
  showScenario,
  type Catalogue,
  type Pilot,
  type ShowLineUp,
  type Team,
} from '../../../src/rulesets/realbattle/engine/campaign/index.js'
import type { Camp, RbState } from '../../../src/rulesets/realbattle/engine/types.js'
import { cards, makeAt, makeState, mapA, tables, weapons } from './fixture.js'

const catalogue: Catalogue = { cards, weapons }
const rules = campaignRules()
const base = { map: mapA, tables, camps: { A: { name: 'Red', nameJa: '赤' }, B: { name: 'Blue', nameJa: '青' } } }

function pilot(pp: number, over: Partial<Pilot> = {}): Pilot {
  return { id: 'p1', name: 'Pilot', nameJa: 'パイロット', basePp: pp, exp: 0, alive: true, ...over }
}
function ready(entrant: string, pp = 6, over: Partial<Team> = {}): Team {
  return {
    ...newTeam(entrant, rules),
    money: 0,
    ats: [
      {
        id: 'at1',
        card: 'scopedog',
        damage: 0,
        loadout: [{ id: 'w1', card: 'hmg', ammo: 10, magazines: 1, mount: 'handR' }],
      },
    ],
    pilots: [pilot(pp)],
    ...over,
  }
}

/** A line-up with camps given (no dice): each team fields at1 with p1. */
function lineUpOf(camps: Record<Camp, Team[]>): ShowLineUp {
  const fielded = (['A', 'B'] as const).flatMap((camp) =>
    camps[camp].map((t, i) => ({
      id: `${camp}${i + 1}`,
      camp,
      entrant: t.entrant,
      at: 'at1',
      pilot: 'p1',
      basePp: t.pilots[0]!.basePp,
    })),
  )
  return {
    show: true,
    reason: null,
    camps: { A: camps.A.map((t) => t.entrant), B: camps.B.map((t) => t.entrant) },
    fielded,
    sitOut: [],
  }
}

/** The final state of a show: every fielded AT, the destroyed ones marked, and the winner. */
function finalState(
  lineUp: ShowLineUp,
  winner: Camp | null,
  at: Record<string, { durability?: number; destroyed?: boolean; by?: 'damage' | 'instant-death'; ammo?: number }>,
): RbState {
  const ats = lineUp.fielded.map((f) => {
    const s = at[f.id] ?? {}
    return makeAt({
      id: f.id,
      camp: f.camp,
      basePp: f.basePp,
      durability: s.durability ?? 16,
      weapons: [{ card: 'hmg', ammo: s.ammo ?? 10, magazines: 1 }],
      at: s.destroyed ? { destroyed: true, destroyedBy: s.by ?? 'damage' } : {},
    })
  })
  return makeState(ats, { ended: { winner, reason: winner ? 'first kill' : 'draw', ref: 'RB-24.12' } })
}
function destroyed(at: string, attacker: string, damageThisPhase: number, durabilityBefore: number): GameEvent {
  return { type: 'destroyed', ref: 'RB-16.4', at, by: 'damage', attacker, damageThisPhase, durabilityBefore }
}
const byEntrant = (teams: Team[], e: string) => teams.find((t) => t.entrant === e)!
const rewardOf = (events: GameEvent[], e: string) => events.find((x) => x.type === 'reward' && x.entrant === e)!

describe('survival (RB-24.13–24.15)', () => {
  const a = ready('ann')
  const b = ready('bob')
  const lu = lineUpOf({ A: [a], B: [b] })
  const st = finalState(lu, 'A', { B1: { durability: -4, destroyed: true } })
  const ev = [destroyed('B1', 'A1', 7, 3)]

  it('TV-RB-30: 7 damage this phase against 3 durability: value 4, a die of 4 survives, 3 dies', () => {
    const lives = settleShow([a, b], lu, st, ev, rules, scriptedDice([4]))
    expect(lives.events.find((e) => e.type === 'survival')).toMatchObject({ value: 4, roll: 4, survived: true })
    expect(byEntrant(lives.teams, 'bob').pilots[0]!.alive).toBe(true)
    const dies = settleShow([a, b], lu, st, ev, rules, scriptedDice([3]))
    expect(dies.events.find((e) => e.type === 'survival')).toMatchObject({ value: 4, roll: 3, survived: false })
    expect(byEntrant(dies.teams, 'bob').pilots[0]!.alive).toBe(false)
  })

  it('instant death kills the pilot without a roll (RB-24.14)', () => {
    const s = finalState(lu, 'A', { B1: { durability: 10, destroyed: true, by: 'instant-death' } })
    const r = settleShow([a, b], lu, s, [], rules, scriptedDice([]))
    expect(byEntrant(r.teams, 'bob').pilots[0]!.alive).toBe(false)
  })

  it('without the phase damage in the event the value is 1, and says so', () => {
    const r = settleShow([a, b], lu, st, [{ type: 'destroyed', at: 'B1', by: 'damage' }], rules, scriptedDice([1]))
    expect(r.events.find((e) => e.type === 'survival')).toMatchObject({ value: 1, survived: true })
    expect(r.events.find((e) => e.type === 'survival')!.note).toMatch(/value taken as 1/)
  })
})

describe('rewards and EXP (RB-24.16, 24.17)', () => {
  it('a win with a destroyed enemy, and a weaker losing pilot who survives', () => {
    const a = ready('ann', 8)
    const b = ready('bob', 6)
    const lu = lineUpOf({ A: [a], B: [b] })
    const st = finalState(lu, 'A', { A1: { durability: 12, ammo: 4 }, B1: { durability: -1, destroyed: true } })
    const r = settleShow([a, b], lu, st, [destroyed('B1', 'A1', 5, 4)], rules, scriptedDice([6]))
    expect(rewardOf(r.events, 'ann')).toMatchObject({ result: 'win', amount: 2000 })
    // lose 500 + weaker by 2 PP: 400
    expect(rewardOf(r.events, 'bob')).toMatchObject({ result: 'lose', amount: 900 })
    const ann = byEntrant(r.teams, 'ann')
    const bob = byEntrant(r.teams, 'bob')
    expect([ann.money, bob.money]).toEqual([2000, 900])
    expect([ann.pilots[0]!.exp, bob.pilots[0]!.exp]).toEqual([7, 7])
    // damage and ammo carried home; the destroyed AT is lost (house reading)
    expect(ann.ats[0]).toMatchObject({ damage: 4, loadout: [{ id: 'w1', ammo: 4, magazines: 1 }] })
    expect(bob.ats).toEqual([])
  })

  it('a loss with the pilot killed: G500 and G400 condolence, no EXP', () => {
    const a = ready('ann')
    const b = ready('bob')
    const lu = lineUpOf({ A: [a], B: [b] })
    const st = finalState(lu, 'A', { B1: { durability: -5, destroyed: true } })
    const r = settleShow([a, b], lu, st, [destroyed('B1', 'A1', 9, 4)], rules, scriptedDice([2]))
    expect(rewardOf(r.events, 'bob')).toMatchObject({ amount: 900, parts: { lose: 500, condolence: 400 } })
    expect(byEntrant(r.teams, 'bob').pilots[0]).toMatchObject({ alive: false, exp: 0 })
  })

  it('a draw: G700 and 3 EXP each', () => {
    const a = ready('ann')
    const b = ready('bob')
    const lu = lineUpOf({ A: [a], B: [b] })
    const r = settleShow([a, b], lu, finalState(lu, null, {}), [], rules, scriptedDice([]))
    expect(r.teams.map((t) => [t.money, t.pilots[0]!.exp])).toEqual([
      [700, 3],
      [700, 3],
    ])
  })

  it('the smaller camp gets G300 each; the weaker camp G200 and 2 EXP a PP of difference', () => {
    const a1 = ready('ann', 6)
    const a2 = ready('amy', 6)
    const b = ready('bob', 9)
    const lu = lineUpOf({ A: [a1, a2], B: [b] })
    // A: 12 PP, B: 9 PP, B is smaller and weaker by 3; B wins by destroying A2
    const st = finalState(lu, 'B', { A2: { durability: 0, destroyed: true } })
    const r = settleShow([a1, a2, b], lu, st, [destroyed('A2', 'B1', 4, 4)], rules, scriptedDice([1]))
    expect(rewardOf(r.events, 'bob')).toMatchObject({
      amount: 1000 + 1000 + 300 + 600,
      parts: { win: 1000, destroyed: 1000, smaller: 300, weaker: 600 },
    })
    expect(byEntrant(r.teams, 'bob').pilots[0]!.exp).toBe(3 + 4 + 6)
    expect(rewardOf(r.events, 'ann')).toMatchObject({ amount: 500 })
    expect(byEntrant(r.teams, 'amy').pilots[0]!.exp).toBe(3)
  })

  it('a collision credits the ramming mover; obstacles and self-ramming credit nobody', () => {
    const ram: GameEvent[] = [
      { type: 'collision', at: 'A1', target: 'B1', damage: { A1: 1, B1: 5 } },
      { type: 'destroyed', at: 'B1', by: 'damage' },
    ]
    expect(destroyerOf('B1', ram)).toBe('A1')
    expect(
      destroyerOf('A1', [
        { type: 'collision', at: 'A1', target: 'B1' },
        { type: 'destroyed', at: 'A1' },
      ]),
    ).toBe(null)
    expect(
      destroyerOf('A1', [
        { type: 'collision-obstacle', at: 'A1' },
        { type: 'destroyed', at: 'A1' },
      ]),
    ).toBe(null)
  })

  it('interest is charged after the show, to every team in debt', () => {
    const a = ready('ann', 6, { debt: 1010 })
    const b = ready('bob')
    const c = { ...newTeam('cat', rules), money: 10, debt: 1000 }
    const lu = lineUpOf({ A: [a], B: [b] })
    const r = settleShow([a, b, c], lu, finalState(lu, null, {}), [], rules, scriptedDice([]))
    expect(byEntrant(r.teams, 'ann')).toMatchObject({ money: 640, debt: 1010 })
    expect(byEntrant(r.teams, 'cat')).toMatchObject({ money: 10, debt: 1050 })
  })
})

describe('growth (RB-24.18, AMB-RB-16)', () => {
  it('TV-RB-32: a 6-PP pilot with 10 EXP becomes 7 PP (EXP 0); a 9-PP pilot with 99 EXP stays 9', () => {
    expect(grow(pilot(6, { exp: 10 }))).toMatchObject({ from: 6, to: 7, pilot: { basePp: 7, exp: 0 } })
    expect(grow(pilot(9, { exp: 99 }))).toBe(null)
    expect(grow(pilot(9, { exp: 100 }))).toMatchObject({ to: 10 })
  })

  it('never past 10, and a 12-PP pilot never grows', () => {
    expect(grow(pilot(10, { exp: 1000 }))).toBe(null)
    expect(grow(pilot(12, { exp: 1000 }))).toBe(null)
  })

  it('grows over two thresholds in two shows', () => {
    let a = ready('ann', 6, { pilots: [pilot(6, { exp: 7 })] })
    let b = ready('bob', 6)
    let lu = lineUpOf({ A: [a], B: [b] })
    let r = settleShow([a, b], lu, finalState(lu, null, {}), [], rules, scriptedDice([]))
    ;[a, b] = r.teams as [Team, Team]
    expect(a.pilots[0]).toMatchObject({ basePp: 7, exp: 0 })
    a = { ...a, pilots: [{ ...a.pilots[0]!, exp: 13 }] }
    lu = lineUpOf({ A: [a], B: [b] })
    r = settleShow(
      [a, b],
      lu,
      finalState(lu, 'A', { B1: { destroyed: true, durability: 0 } }),
      [destroyed('B1', 'A1', 3, 3)],
      rules,
      scriptedDice([6]),
    )
    expect(byEntrant(r.teams, 'ann').pilots[0]).toMatchObject({ basePp: 8, exp: 0 })
    expect(r.events.filter((e) => e.type === 'growth')).toEqual([expect.objectContaining({ from: 7, to: 8 })])
  })
})

describe('the line-up (RB-24.10, 24.11)', () => {
  it('splits 2 to 8 teams at random into camps differing by at most 1', () => {
    for (let n = 2; n <= 8; n++) {
      const teams = Array.from({ length: n }, (_, i) => ready(`e${i}`))
      const campsOfE0 = new Set<string>()
      for (let seed = 0; seed < 12; seed++) {
        const lu = showLineUp(teams, rules, createDice('ab'.repeat(32), seed), catalogue)
        expect(lu.show).toBe(true)
        expect(Math.abs(lu.camps.A.length - lu.camps.B.length)).toBeLessThanOrEqual(1)
        expect([...lu.camps.A, ...lu.camps.B].sort()).toEqual(teams.map((t) => t.entrant).sort())
        expect(lu.fielded.map((f) => f.id).sort()).toEqual(
          [...lu.camps.A.map((_, i) => `A${i + 1}`), ...lu.camps.B.map((_, i) => `B${i + 1}`)].sort(),
        )
        campsOfE0.add(lu.camps.A.includes('e0') ? 'A' : 'B')
      }
      expect(campsOfE0.size, `${n} teams: e0 lands in both camps over 12 seeds`).toBe(2)
    }
  })

  it('does not depend on the order of the teams', () => {
    const teams = Array.from({ length: 5 }, (_, i) => ready(`e${i}`))
    const one = showLineUp(teams, rules, scriptedDice([3, 1, 2, 1]), catalogue)
    const two = showLineUp([...teams].reverse(), rules, scriptedDice([3, 1, 2, 1]), catalogue)
    expect(two).toEqual(one)
  })

  it('sits out a team with no AT or no pilot; fewer than two teams: no show, and why', () => {
    const lu = showLineUp(
      [ready('ann'), { ...ready('bob'), ats: [] }, { ...ready('cat'), pilots: [pilot(6, { alive: false })] }],
      rules,
      scriptedDice([]),
      catalogue,
    )
    expect(lu.show).toBe(false)
    expect(lu.reason).toMatchObject({ rule: 'RB-24.10', key: 'realbattle.campaign.noShow' })
    expect(lu.sitOut).toEqual([
      { entrant: 'bob', rule: 'RB-24.10', reason: 'no-at' },
      { entrant: 'cat', rule: 'RB-24.10', reason: 'no-pilot' },
    ])
  })

  it('fields the chosen AT and pilot, else the least damaged AT and the best living pilot', () => {
    const t = ready('ann', 6, {
      ats: [
        { id: 'at1', card: 'scopedog', damage: 5, loadout: [] },
        { id: 'at2', card: 'scopedog', damage: 2, loadout: [] },
      ],
      pilots: [pilot(6), pilot(9, { id: 'p2', alive: false }), pilot(7, { id: 'p3' })],
    })
    const lu = showLineUp([t, ready('bob')], rules, scriptedDice([1]), catalogue)
    expect(lu.fielded.find((f) => f.entrant === 'ann')).toMatchObject({ at: 'at2', pilot: 'p3', basePp: 7 })
    const chosen = showLineUp(
      [{ ...t, field: [{ at: 'at1', pilot: 'p1' }] }, ready('bob')],
      rules,
      scriptedDice([1]),
      catalogue,
    )
    expect(chosen.fielded.find((f) => f.entrant === 'ann')).toMatchObject({ at: 'at1', pilot: 'p1' })
  })

  it("builds the engine's scenario: current durability, ammo and magazines, one seat per team", () => {
    const a = ready('ann', 7, {
      ats: [
        {
          id: 'at1',
          card: 'scopedog',
          damage: 5,
          loadout: [{ id: 'w1', card: 'hmg', ammo: 6, magazines: 2, mount: 'handL' }],
        },
      ],
    })
    const lu = lineUpOf({ A: [a], B: [ready('bob')] })
    const { scenario, entrantOf } = showScenario(lu, [a, ready('bob')], catalogue, base)
    expect(scenario.ats[0]).toEqual({
      id: 'A1',
      camp: 'A',
      card: 'scopedog',
      pilot: { name: 'Pilot', nameJa: 'パイロット', basePp: 7 },
      loadout: [{ weapon: 'hmg', mount: 'handL', magazines: 2, ammo: 6 }],
      durability: 11,
    })
    expect(scenario.seatLayouts).toEqual([
      {
        players: 2,
        seats: [
          { id: 'A1', side: 'A', groups: ['A1'] },
          { id: 'B1', side: 'B', groups: ['B1'] },
        ],
      },
    ])
    expect(scenario.options).toEqual({ endOnFirstKill: true })
    expect(entrantOf).toEqual({ A1: 'ann', B1: 'bob' })
  })
})

describe('random campaigns', () => {
  function check(teams: Team[]) {
    for (const t of teams) {
      expect(Number.isSafeInteger(t.money) && t.money >= 0, `${t.entrant} money ${t.money}`).toBe(true)
      expect(Number.isSafeInteger(t.debt) && t.debt >= 0, `${t.entrant} debt ${t.debt}`).toBe(true)
      for (const p of t.pilots) expect(p.basePp <= 10 || p.basePp === 12, `${p.id} PP ${p.basePp}`).toBe(true)
      for (const a of t.ats) expect(a.damage >= 0 && a.damage < cards[a.card]!.durability).toBe(true)
      const ids = [...t.ats.map((a) => a.id), ...t.pilots.map((p) => p.id), ...t.weapons.map((w) => w.id)]
      ids.push(...t.ats.flatMap((a) => a.loadout.map((w) => w.id)))
      expect(new Set(ids).size).toBe(ids.length)
    }
  }

  it('three maintenance periods and shows keep money and debt whole, money never negative, PP ≤ 10 unless 12', () => {
    for (let seed = 1; seed <= 15; seed++) {
      const rng = seededRng(seed)
      const seedHex = seed.toString(16).padStart(64, '0')
      let seq = 0
      let teams = ['ann', 'bob', 'cat', 'dan'].map((e) => newTeam(e, rules))
      let shows = 0
      for (let period = 0; period < 3; period++) {
        teams = teams.map((t) => {
          const orders = randomMaintenance(t, catalogue, rules, rng)
          return runMaintenance(t, orders, catalogue, rules, createDice(seedHex, seq++)).team
        })
        check(teams)
        const lu = showLineUp(teams, rules, createDice(seedHex, seq++), catalogue)
        if (!lu.show) continue
        shows++
        const { scenario } = showScenario(lu, teams, catalogue, base)
        // A hand-made end: one AT destroyed by a random enemy, the others hurt and firing.
        const victim = lu.fielded[Math.floor(rng() * lu.fielded.length)]!
        const enemies = lu.fielded.filter((f) => f.camp !== victim.camp)
        const killer = enemies[Math.floor(rng() * enemies.length)]!
        const ats = scenario.ats.map((s) => {
          const max = cards[s.card]!.durability
          const dead = s.id === victim.id
          return makeAt({
            id: s.id,
            camp: s.camp,
            card: s.card,
            basePp: s.pilot.basePp,
            durability: dead ? -Math.floor(rng() * 4) : 1 + Math.floor(rng() * (s.durability ?? max)),
            weapons: s.loadout.map((w) => ({
              card: w.weapon,
              mount: w.mount,
              ammo: Math.floor(rng() * ((w.ammo ?? 0) + 1)),
              magazines: Math.floor(rng() * ((w.magazines ?? 0) + 1)),
            })),
            at: dead ? { destroyed: true, destroyedBy: rng() < 0.2 ? 'instant-death' : 'damage' } : {},
          })
        })
        const winner: Camp | null = rng() < 0.1 ? null : killer.camp
        const state = makeState(ats, { ended: { winner, reason: 'first kill', ref: 'RB-24.12' } }, scenario)
        const events = [destroyed(victim.id, killer.id, 2 + Math.floor(rng() * 8), 1 + Math.floor(rng() * 4))]
        teams = settleShow(teams, lu, state, events, rules, createDice(seedHex, seq++)).teams
        check(teams)
      }
      expect(shows, `seed ${seed}: a show happened`).toBeGreaterThan(0)
    }
  })
})
