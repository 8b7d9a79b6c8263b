// The verification page in a real Chromium, on an A-Bao-A-Qu game played through the API until dice were
// rolled: while it runs the seed stays secret and a receipt is checked; once it is over every roll is
// re-derived in the browser and matches, and a die changed in the database shows as a mismatch.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { forgetCachedGames } from '../../src/games/load.js'
import type { User } from '../http/helpers.js'
import { WAIT, seriousViolations, type WebHarness } from './browser.js'
import { startLogGame, type LogGame } from './log-game.js'

let w: WebHarness
let alice: User
let bob: User
let gameId: string
let people: LogGame['people']
let inject: LogGame['inject']
/** The entries of the finished game that rolled dice, and how many rolls each. */
let rolled: Array<{ seq: number; rolls: number }>

beforeAll(async () => {
  ;({ w, alice, bob, gameId, people, inject } = await startLogGame())
}, 90_000)
afterAll(async () => w?.close())

describe('the verification page while the game runs', () => {
  it('keeps the seed secret, shows the commitment and checks a receipt from an email', async () => {
    const { page } = people.alice
    const log = await inject('GET', `/games/${gameId}/log?after=0&limit=1`, alice)
    const summary = await inject('GET', `/games/${gameId}`, alice)
    await page.goto(`/g/${gameId}/verify?receipt=${encodeURIComponent(log.head.receipt)}`)
    await expect.poll(() => page.locator('[data-commitment]').textContent(), WAIT).toBe(summary.seedCommitment)
    await expect.poll(() => page.getByText('the seed stays secret').count(), WAIT).toBe(1)
    expect(await page.locator('[data-seed]').count()).toBe(0)
    await expect
      .poll(() => page.locator('[data-receipt-result]').textContent(), WAIT)
      .toBe(`Receipt ${log.head.receipt} is part of the log ✓`)
    // A receipt of a rewritten log does not match.
    await page.getByLabel(/Receipt/).fill('2:0000000000000000')
    await page.getByRole('button', { name: 'Check the receipt' }).click()
    await expect.poll(() => page.locator('[data-receipt-result]').textContent(), WAIT).toMatch(/does not match ✗/)
    expect(await seriousViolations(page)).toEqual([])
  })
})

describe('a finished game', () => {
  beforeAll(async () => {
    await inject('POST', `/games/${gameId}/resign`, bob)
    const entries = (await inject('GET', `/games/${gameId}/log?limit=500`, alice)).entries as Array<{
      seq: number
      payload: { rolls?: unknown[] } | null
    }>
    rolled = entries
      .filter((e) => e.payload?.rolls?.length)
      .map((e) => ({ seq: e.seq, rolls: e.payload!.rolls!.length }))
    expect(rolled.length).toBeGreaterThan(0)
  }, 30_000)

  it('the verify page re-derives every roll in the browser and says all match', async () => {
    const { page } = people.alice
    await page.goto(`/g/${gameId}/verify`)
    const total = rolled.reduce((n, e) => n + e.rolls, 0)
    await expect
      .poll(() => page.locator('[data-rolls-summary]').textContent(), WAIT)
      .toBe(`All ${total} rolls match the seed ✓`)
    expect(await page.locator('[data-seed-check]').textContent()).toBe('The revealed seed matches the commitment ✓')
    const { seed } = await w.h.t.db.game.findUniqueOrThrow({ where: { id: gameId } })
    expect(await page.locator('[data-seed]').textContent()).toBe(seed)
    expect(await page.locator('[data-rolls] li').count()).toBe(total)
    expect(await page.locator('[data-rolls] li').first().textContent()).toMatch(
      new RegExp(
        `^Roll 1 of entry ${rolled[0]!.seq}: a d\\d+ for “.+”, rule [A-Z]+-[\\d-]+: ` +
          'recorded (\\d), recomputed \\1 ✓ matches$',
      ),
    )
    expect(await seriousViolations(page)).toEqual([])
  })
  it('a die changed in the database shows as a mismatch', async () => {
    const { seq } = rolled[0]!
    await w.h.t.sql(
      `DO $$ BEGIN
         SET LOCAL session_replication_role = replica;
         UPDATE "LogEntry"
            SET payload = jsonb_set(payload, '{rolls,0,face}', to_jsonb(((payload->'rolls'->0->>'face')::int % 6) + 1))
          WHERE "gameId" = '${gameId}' AND seq = ${seq};
       END $$`,
    )
    forgetCachedGames()
    const { page } = people.alice
    await page.goto(`/g/${gameId}/verify`)
    const total = rolled.reduce((n, e) => n + e.rolls, 0)
    await expect
      .poll(() => page.locator('[data-rolls-summary]').textContent(), WAIT)
      .toBe(`1 of ${total} rolls do NOT match the seed ✗`)
    const bad = page.locator(`[data-rolls] li[data-match="false"]`)
    expect(await bad.count()).toBe(1)
    expect(await bad.getAttribute('data-seq')).toBe(String(seq))
    expect(await bad.textContent()).toMatch(/recorded (\d), recomputed (?!\1)\d ✗ does not match$/)
    await expect.poll(() => page.locator('[data-server-check]').textContent(), WAIT).toMatch(/found problems ✗/)
  })
})
