import { describe, expect, it } from 'vitest'
import { FUZZ_GAMES_RB, fuzzScenario } from './fuzz.js'

describe('fuzz RB-23-S7', () => {
  it(`${FUZZ_GAMES_RB} random games, every player count, end keeping every invariant`, () => {
    const { endings, tally } = fuzzScenario('RB-23-S7', 7)
    expect([...endings.values()].reduce((a, b) => a + b, 0)).toBe(FUZZ_GAMES_RB)
    expect(tally.attacks, 'the random players attack').toBeGreaterThan(0)
  }, 900_000)
})
