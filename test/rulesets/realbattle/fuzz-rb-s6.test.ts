import { describe, expect, it } from 'vitest'
import { fuzzScenario, gamesOf } from './fuzz.js'

describe('fuzz RB-23-S6', () => {
  it(`${gamesOf('RB-23-S6')} random games, every player count, end keeping every invariant`, () => {
    const { endings, tally } = fuzzScenario('RB-23-S6', 6)
    expect([...endings.values()].reduce((a, b) => a + b, 0)).toBe(gamesOf('RB-23-S6'))
    expect(tally.attacks, 'the random players attack').toBeGreaterThan(0)
  }, 900_000)
})
