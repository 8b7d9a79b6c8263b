// The fixture formats as pure functions: the circle method's properties for 2 to 9 entrants, and Swiss
// pairings that never repeat.
import { describe, expect, it } from 'vitest'
import { roundRobin } from '../../src/leagues/formats/round-robin.js'
import { pairKey, pairSwiss, type SwissPlayer } from '../../src/leagues/formats/swiss.js'
import { scenarioDicePosition, scenarioFor, type PlannedFixture } from '../../src/leagues/fixtures.js'
import { createDice } from '../../src/engine/dice.js'

const names = (n: number) => Array.from({ length: n }, (_, i) => `p${i + 1}`)

describe('round robin (circle method)', () => {
  for (let n = 2; n <= 9; n++) {
    it(`${n} entrants, single: every pair once, one bye a round when odd, sides within one`, () => {
      const ids = names(n)
      const rounds = roundRobin(ids, false)
      expect(rounds).toHaveLength(n % 2 === 0 ? n - 1 : n)
      const met = new Map<string, number>()
      const home = new Map(ids.map((id) => [id, 0]))
      const away = new Map(ids.map((id) => [id, 0]))
      const byes = new Map(ids.map((id) => [id, 0]))
      for (const round of rounds) {
        const inRound = round.flatMap((p) => (p.away ? [p.home, p.away] : [p.home]))
        expect(new Set(inRound).size).toBe(n) // everyone once a round
        expect(round.filter((p) => p.away === null)).toHaveLength(n % 2)
        for (const p of round) {
          if (p.away === null) {
            byes.set(p.home, byes.get(p.home)! + 1)
            continue
          }
          met.set(pairKey(p.home, p.away), (met.get(pairKey(p.home, p.away)) ?? 0) + 1)
          home.set(p.home, home.get(p.home)! + 1)
          away.set(p.away, away.get(p.away)! + 1)
        }
      }
      expect(met.size).toBe((n * (n - 1)) / 2)
      expect([...met.values()].every((c) => c === 1)).toBe(true)
      for (const id of ids) {
        expect(Math.abs(home.get(id)! - away.get(id)!)).toBeLessThanOrEqual(1)
        expect(byes.get(id)).toBe(n % 2)
      }
    })

    it(`${n} entrants, double: every pair twice, once on each side`, () => {
      const ids = names(n)
      const rounds = roundRobin(ids, true)
      const single = roundRobin(ids, false)
      expect(rounds).toHaveLength(2 * single.length)
      const asHome = new Map<string, number>()
      for (const round of rounds)
        for (const p of round)
          if (p.away) asHome.set(`${p.home}>${p.away}`, (asHome.get(`${p.home}>${p.away}`) ?? 0) + 1)
      for (const a of ids)
        for (const b of ids) if (a !== b) expect(asHome.get(`${a}>${b}`), `${a} at home to ${b}`).toBe(1)
    })
  }

  it('is the same for the same order', () => {
    expect(roundRobin(names(7), true)).toEqual(roundRobin(names(7), true))
  })
})

/** Plays `rounds` Swiss rounds of `n` players, the better seed winning unless a coin says otherwise. */
function simulate(n: number, rounds: number) {
  const players: SwissPlayer[] = names(n).map((id, i) => ({
    id,
    score: 0,
    homeGames: 0,
    awayGames: 0,
    hadBye: false,
    seed: i + 1,
  }))
  const byId = new Map(players.map((p) => [p.id, p]))
  const played = new Set<string>()
  const history: Array<ReturnType<typeof pairSwiss>> = []
  let coin = 7
  for (let r = 0; r < rounds; r++) {
    const round = pairSwiss(players, played)
    history.push(round)
    for (const { home, away } of round.pairs) {
      expect(played.has(pairKey(home, away)), `${home} and ${away} meet again`).toBe(false)
      played.add(pairKey(home, away))
      const h = byId.get(home)!
      const a = byId.get(away)!
      h.homeGames++
      a.awayGames++
      coin = (coin * 31 + 11) % 97
      const winner = coin % 3 === 0 ? (h.seed < a.seed ? a : h) : h.seed < a.seed ? h : a
      winner.score += 1
    }
    if (round.bye) {
      const b = byId.get(round.bye)!
      expect(b.hadBye).toBe(false)
      b.hadBye = true
      b.score += 1
    }
  }
  return { players, history }
}

describe('Swiss pairing', () => {
  it('6 players over 3 rounds with results: never a repeat, equal scores first', () => {
    const { history } = simulate(6, 3)
    expect(history.every((r) => r.pairs.length === 3 && r.bye === null)).toBe(true)
    // Round 1: everyone on 0, paired by seed order.
    expect(history[0]!.pairs.map((p) => [p.home, p.away].sort())).toEqual([
      ['p1', 'p2'],
      ['p3', 'p4'],
      ['p5', 'p6'],
    ])
  })

  it('5 players over 4 rounds: a bye each round to the lowest-ranked without one', () => {
    const { history, players } = simulate(5, 4)
    const byes = history.map((r) => r.bye)
    expect(new Set(byes).size).toBe(4)
    expect(byes[0]).toBe('p5') // all on 0: the lowest seed
    expect(players.filter((p) => p.hadBye)).toHaveLength(4)
  })

  it('gives home to the player with fewer home games', () => {
    const a: SwissPlayer = { id: 'a', score: 1, homeGames: 2, awayGames: 0, hadBye: false, seed: 1 }
    const b: SwissPlayer = { id: 'b', score: 1, homeGames: 0, awayGames: 2, hadBye: false, seed: 2 }
    expect(pairSwiss([a, b], new Set()).pairs).toEqual([{ home: 'b', away: 'a' }])
  })

  it('floats down and backtracks across score groups rather than repeat a pairing', () => {
    // a and b lead and have met; c and d have met: the only pairings left are a–c/b–d and a–d/b–c.
    const p = (id: string, score: number, seed: number): SwissPlayer => ({
      id,
      score,
      homeGames: 0,
      awayGames: 0,
      hadBye: false,
      seed,
    })
    const round = pairSwiss(
      [p('a', 2, 1), p('b', 2, 2), p('c', 1, 3), p('d', 0, 4)],
      new Set([pairKey('a', 'b'), pairKey('c', 'd')]),
    )
    const met = round.pairs.map((x) => pairKey(x.home, x.away)).sort()
    expect(met).toEqual([pairKey('a', 'c'), pairKey('b', 'd')])
  })

  it('refuses clearly when every pairing repeats', () => {
    const ids = ['a', 'b', 'c', 'd']
    const players = ids.map((id, i) => ({ id, score: 0, homeGames: 0, awayGames: 0, hadBye: false, seed: i + 1 }))
    const played = new Set([pairKey('a', 'b'), pairKey('a', 'c'), pairKey('a', 'd')])
    expect(() => pairSwiss(players, played)).toThrow(/no Swiss pairing of these 4 players avoids a repeat/)
  })

  it('pairs 200 players round after round', () => {
    const { history } = simulate(200, 6)
    expect(history.every((r) => r.pairs.length === 100)).toBe(true)
  })
})

describe("a fixture's scenario", () => {
  const seed = 'ab'.repeat(32)
  const scenarios = ['A-S1', 'A-S2', 'A-S3']
  const at = (round: number, divisionIndex: number, board: number): PlannedFixture => ({
    division: 'Main',
    divisionIndex,
    round,
    board,
    home: { id: 'h', userId: 'u1', name: 'H' },
    away: { id: 'a', userId: 'u2', name: 'A' },
  })

  it('fixed plays the first, rotating turns by round', () => {
    expect(scenarioFor({ scenarios, scenarioChoice: 'fixed', seed }, at(5, 0, 2))).toBe('A-S1')
    expect([1, 2, 3, 4].map((r) => scenarioFor({ scenarios, scenarioChoice: 'rotating', seed }, at(r, 0, 1)))).toEqual([
      'A-S1',
      'A-S2',
      'A-S3',
      'A-S1',
    ])
  })

  it('random is the roll of the season dice at the documented position, which anyone can recompute', () => {
    const chosen: string[] = []
    for (let board = 1; board <= 30; board++) {
      const got = scenarioFor({ scenarios, scenarioChoice: 'random', seed }, at(2, 1, board))
      const face = createDice(seed, 2 * 1_000_000 + 1 * 10_000 + board).roll(3, 'scenario', '')
      expect(scenarioDicePosition(2, 1, board)).toBe(2_010_000 + board)
      expect(got).toBe(scenarios[face - 1])
      chosen.push(got)
    }
    expect(new Set(chosen).size).toBe(3)
  })
})
