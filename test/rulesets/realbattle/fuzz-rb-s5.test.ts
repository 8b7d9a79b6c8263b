import { describe, expect, it } from 'vitest'
import { fuzzScenario, gamesOf } from './fuzz.js'

describe('fuzz RB-23-S5', () => {
  it(`${gamesOf('RB-23-S5')} random games, every player count, end keeping every invariant`, () => {
    const { endings, tally } = fuzzScenario('RB-23-S5', 5)
    expect([...endings.values()].reduce((a, b) => a + b, 0)).toBe(gamesOf('RB-23-S5'))
    expect(tally.attacks, 'the random players attack').toBeGreaterThan(0)
  }, 900_000)
})
