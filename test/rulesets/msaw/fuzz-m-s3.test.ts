import { describe, expect, it } from 'vitest'
import { fuzzScenario, gamesOf } from './fuzz.js'

describe('fuzz M-S3', () => {
  it(`${gamesOf('M-S3')} random games, every player count, end keeping every invariant`, () => {
    const { endings, tally } = fuzzScenario('M-S3', 3)
    expect([...endings.values()].reduce((a, b) => a + b, 0)).toBe(gamesOf('M-S3'))
    expect(tally.attacks, 'the players attack').toBeGreaterThan(0)
    expect(tally.moves, 'the players move').toBeGreaterThan(0)
    expect(tally.destroyed, 'suits are destroyed').toBeGreaterThan(0)
  }, 600_000)
})
