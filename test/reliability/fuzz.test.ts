// 5,000 generated requests across every route of the OpenAPI document: never a 5xx, and a refused
// request changes nothing. `npm run reliability:fuzz` sends 100,000.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { TestApp } from '../http/helpers.js'
import { fuzzApi, type FuzzContext } from './fuzz.js'
import { fuzzWorld } from './fuzz-setup.js'

let h: TestApp
let ctx: FuzzContext
beforeAll(async () => {
  ;({ h, ctx } = await fuzzWorld())
})
afterAll(async () => h?.close())

describe('the API under generated requests', () => {
  it('5,000 valid, near-valid and hostile requests: no 5xx, and refused ones change nothing', async () => {
    const report = await fuzzApi(ctx, 5000, 2026)
    expect(report.serverErrors.slice(0, 10)).toEqual([])
    expect(report.changedOnRefusal.slice(0, 10)).toEqual([])
    // Every documented route was reached, and not only refused.
    const doc = (await h.app.inject({ method: 'GET', url: '/docs/json' })).json()
    const routes = Object.entries(doc.paths as Record<string, object>).flatMap(([p, ops]) =>
      Object.keys(ops).map((m) => `${m.toUpperCase()} ${p}`),
    )
    expect(Object.keys(report.byRoute).sort()).toEqual(routes.sort())
    expect(report.byStatus['200'] ?? 0).toBeGreaterThan(500)
  }, 600_000)
})
