import { describe, expect, it } from 'vitest'
import { loadAbaoaquScenario } from '../../../src/rulesets/abaoaqu/scenarios/index.js'
import { FUZZ_GAMES, playRandomGame } from './fuzz.js'

describe('fuzz A-S3', () => {
  it(`${FUZZ_GAMES} random games of every player count end by victory or the turn limit, every invariant kept`, () => {
    const { min, max } = loadAbaoaquScenario('A-S3').players
    const endings = new Map<string, number>()
    for (let game = 0; game < FUZZ_GAMES; game++) {
      const players = min + (game % (max - min + 1))
      const { state } = playRandomGame('A-S3', 1000 * 3 + game, players)
      const key = `${state.outcome!.winner ?? 'draw'}: ${state.outcome!.reason}`
      endings.set(key, (endings.get(key) ?? 0) + 1)
    }
    console.log('A-S3 endings', Object.fromEntries(endings))
    expect([...endings.values()].reduce((a, b) => a + b, 0)).toBe(FUZZ_GAMES)
  }, 900_000)
})
