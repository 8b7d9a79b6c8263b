// A short crash run in `npm test`: the server SIGKILLed mid-play, every acknowledged order kept exactly
// once, every game verifying. `npm run reliability:crash` runs the long one (2,000 orders, 20 kills).
import { describe, expect, it } from 'vitest'
import { runCrash } from './crash.js'

describe('the server killed mid-play', () => {
  it('keeps every acknowledged order exactly once across SIGKILLs, and every game verifies and loads', async () => {
    const report = await runCrash({ orders: 100, kills: 3, games: 4, clients: 6, timeoutMs: 240_000, seed: 9 })
    expect(report.problems).toEqual([])
    expect(report.acknowledged).toBeGreaterThanOrEqual(100)
    expect(report.kills).toBe(3)
    expect(report.retriesAfterOutage).toBeGreaterThan(0)
  }, 300_000)
})
