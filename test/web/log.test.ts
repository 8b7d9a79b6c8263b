// The log and the replay in a real Chromium, on an A-Bao-A-Qu game played through the API until dice were
// rolled, then resigned: the replay steps through it with the map and ?at= opens an entry, the log tells each
// entry with its dice, a player disputes an entry from the log, a stranger gets the 404 page, an observer
// sees past positions once the game is over, and a Japanese reader reads Japanese.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { as, type User } from '../http/helpers.js'
import { WAIT, newPerson, screenshot, seriousViolations, type WebHarness } from './browser.js'
import { startLogGame, type LogGame } from './log-game.js'

let w: WebHarness
let alice: User
let bob: User
let stranger: User
let gameId: string
let people: LogGame['people']
let inject: LogGame['inject']
/** The entries of the finished game that rolled dice, and how many rolls each. */
let rolled: Array<{ seq: number; rolls: number }>
let last: number

beforeAll(async () => {
  ;({ w, alice, bob, stranger, gameId, people, inject } = await startLogGame())
}, 90_000)
afterAll(async () => w?.close())

describe('a finished game', () => {
  beforeAll(async () => {
    await inject('POST', `/games/${gameId}/resign`, bob)
    const entries = (await inject('GET', `/games/${gameId}/log?limit=500`, alice)).entries as Array<{
      seq: number
      payload: { rolls?: unknown[] } | null
    }>
    last = entries.length
    rolled = entries
      .filter((e) => e.payload?.rolls?.length)
      .map((e) => ({ seq: e.seq, rolls: e.payload!.rolls!.length }))
    expect(rolled.length).toBeGreaterThan(0)
  }, 30_000)

  it('the replay steps entry by entry with the map changing, and ?at= opens that entry', async () => {
    const { context, page } = people.alice
    await page.goto(`/g/${gameId}/replay`)
    const map = page.locator('[data-replay-map]')
    const output = page.locator('[data-replay-position]')
    await expect.poll(() => page.locator('[data-replay-for]').getAttribute('data-ready'), WAIT).toBe('true')
    await expect.poll(() => output.textContent(), WAIT).toBe(`Entry ${last} of ${last}`)
    expect(await map.getAttribute('src')).toBe(`/games/${gameId}/map.svg?at=${last}`)
    await expect.poll(() => page.getByText('the whole board').count(), WAIT).toBe(1)
    expect(await page.locator('[data-replay-entry]').textContent()).toContain('ZEON (Bob) resigns')

    await page.getByRole('button', { name: /First/ }).click()
    await expect.poll(() => output.textContent(), WAIT).toBe(`Entry 1 of ${last}`)
    expect(await map.getAttribute('src')).toBe(`/games/${gameId}/map.svg?at=1`)
    expect(new URL(page.url()).searchParams.get('at')).toBe('1')
    expect(await page.locator('[data-replay-entry]').textContent()).toContain('The game is set up')
    expect(await page.getByRole('button', { name: /Previous/ }).isDisabled()).toBe(true)
    // The map drawn after the first entry is not the one after the last.
    const svgAt = async (at: number) => (await context.request.get(`/games/${gameId}/map.svg?at=${at}`)).text()
    expect(await svgAt(1)).not.toBe(await svgAt(last))

    await page.getByRole('button', { name: /Next/ }).click()
    await expect.poll(() => output.textContent(), WAIT).toBe(`Entry 2 of ${last}`)
    // The arrow keys step too (outside the fields).
    await page.locator('h1').click()
    await page.keyboard.press('ArrowRight')
    await expect.poll(() => output.textContent(), WAIT).toBe(`Entry 3 of ${last}`)
    await page.keyboard.press('ArrowLeft')
    await expect.poll(() => output.textContent(), WAIT).toBe(`Entry 2 of ${last}`)
    // The slider is a labelled field that moves the replay.
    await page.getByLabel('Entry', { exact: true }).fill(String(rolled[0]!.seq))
    await expect.poll(() => output.textContent(), WAIT).toBe(`Entry ${rolled[0]!.seq} of ${last}`)
    await expect.poll(() => map.getAttribute('src'), WAIT).toBe(`/games/${gameId}/map.svg?at=${rolled[0]!.seq}`)
    // The entry's dice beside the map: face, purpose and rule in words.
    await expect
      .poll(() => page.locator('[data-replay-entry] .log-die').first().textContent(), WAIT)
      .toMatch(/Roll 1: a d\d+ for “.+” \(rule [A-Z]+-[\d-]+\): \d+/)
    expect(await page.locator('[data-replay-entry] .log-die').count()).toBe(rolled[0]!.rolls)
    // The map image loads (the reader may see past positions).
    await expect
      .poll(
        () =>
          map.evaluate((img) => {
            const i = img as unknown as { complete: boolean; naturalWidth: number }
            return i.complete && i.naturalWidth > 0
          }),
        WAIT,
      )
      .toBe(true)

    // A link with ?at= opens that entry.
    await page.goto(`/g/${gameId}/replay?at=3`)
    await expect.poll(() => output.textContent(), WAIT).toBe(`Entry 3 of ${last}`)
    expect(await map.getAttribute('src')).toBe(`/games/${gameId}/map.svg?at=3`)
    expect(await page.getByLabel('Entry', { exact: true }).inputValue()).toBe('3')
    await screenshot(page, 'replay-desktop')
    expect(await seriousViolations(page)).toEqual([])
  })
  it('the log tells each entry with its dice, newest first; a player disputes one and it shows on it', async () => {
    const { page } = people.bob
    await page.goto(`/g/${gameId}/replay`)
    const log = page.locator('#log')
    await expect.poll(() => log.getAttribute('data-log-ready'), WAIT).toBe('true')
    const articles = log.locator('.log-entries > li > article')
    expect(await articles.first().getAttribute('data-seq')).toBe(String(last))
    const entry = log.locator(`#entry-${rolled[0]!.seq}`)
    expect(await entry.locator('.log-narration li').count()).toBeGreaterThan(0)
    expect(await entry.locator('.log-die').count()).toBe(rolled[0]!.rolls)

    await entry.getByRole('button', { name: 'Dispute this entry' }).click()
    await entry.getByLabel(`Why is entry ${rolled[0]!.seq} wrong?`).fill('That die was for another unit.')
    await entry.getByRole('button', { name: 'Send the dispute' }).click()
    await expect
      .poll(() => entry.getByRole('status').textContent(), WAIT)
      .toBe("Your dispute is sent: the game's moderators are told by email.")
    await expect
      .poll(() => entry.locator('.log-disputes').textContent(), WAIT)
      .toContain('Bob disputed this entry: “That die was for another unit.”')
    // It is stored, and shows after a reload.
    await page.reload()
    await expect
      .poll(() => page.locator(`#entry-${rolled[0]!.seq} .log-disputes`).textContent(), WAIT)
      .toContain('Open: waiting for a moderator.')
    // A blank reason is refused with the API's words next to the field.
    const other = page.locator(`#entry-${last}`)
    await other.getByRole('button', { name: 'Dispute this entry' }).click()
    await other.getByLabel(`Why is entry ${last} wrong?`).fill('   ')
    await other.getByRole('button', { name: 'Send the dispute' }).click()
    await expect.poll(() => other.locator('[data-problem]').textContent(), WAIT).not.toBe('')
    await screenshot(page, 'replay-phone')
    expect(await seriousViolations(page)).toEqual([])
  })
  it('a reader without a seat sees the log but no dispute button', async () => {
    // A moderator of the site holds no seat: they may see the private game, and do not raise disputes.
    await w.h.t.db.user.update({ where: { id: stranger.id }, data: { role: 'MODERATOR' } })
    const { page } = people.stranger
    await page.goto(`/g/${gameId}/replay`)
    await expect.poll(() => page.locator('#log').getAttribute('data-log-ready'), WAIT).toBe('true')
    expect(await page.getByRole('button', { name: 'Dispute this entry' }).count()).toBe(0)
    await w.h.t.db.user.update({ where: { id: stranger.id }, data: { role: 'PLAYER' } })
  })
  it('speaks Japanese to a Japanese reader', async () => {
    await inject('PATCH', '/me/preferences', alice, { locale: 'ja' })
    const { page } = people.alice
    await page.goto(`/g/${gameId}/replay?at=${rolled[0]!.seq}`)
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent(), WAIT).toBe('リプレイ: Replay test')
    await expect
      .poll(() => page.locator('[data-replay-position]').textContent(), WAIT)
      .toBe(`記録 ${rolled[0]!.seq} / ${last}`)
    await expect.poll(() => page.getByRole('button', { name: /次へ/ }).count(), WAIT).toBe(1)
    await expect.poll(() => page.locator('#log').getAttribute('data-log-ready'), WAIT).toBe('true')
    expect(await page.locator(`#entry-${rolled[0]!.seq} .log-die`).first().textContent()).toMatch(
      /1 回目: d\d+（目的「/,
    )
    expect(await page.getByRole('button', { name: 'この記録に異議を申し立てる' }).count()).toBeGreaterThan(0)
    // The narration comes from the API in the reader's language.
    const narration = await page.locator(`#entry-${rolled[0]!.seq} .log-narration`).textContent()
    expect(narration).toMatch(/[\u3040-\u30ff\u4e00-\u9fff]/)
    await page.goto(`/g/${gameId}/verify`)
    await expect
      .poll(() => page.locator('[data-rolls-summary]').textContent(), WAIT)
      .toMatch(/すべてがシードと一致します ✓/)
    await inject('PATCH', '/me/preferences', alice, { locale: 'en' })
  })
  it('a stranger gets the 404 page for the private game', async () => {
    const { page } = people.stranger
    for (const path of [`/g/${gameId}/replay`, `/g/${gameId}/verify`]) {
      const res = await page.goto(path)
      expect(res?.status(), path).toBe(404)
      await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent(), WAIT).toBe('Page not found')
    }
    const anonymous = await newPerson(w)
    expect((await anonymous.page.goto(`/g/${gameId}/replay`))?.status()).toBe(404)
    await anonymous.context.close()
  })
  it('an observer of a public game sees its past positions only once it is over', async () => {
    const created = await inject('POST', '/games', alice, {
      ruleset: 'abaoaqu',
      scenario: 'A-S4',
      seat: 'FED',
      options: { deployment: 'auto' },
    })
    await inject('POST', `/games/${created.id}/join`, bob, {})
    const past = () =>
      w.h.app.inject({ method: 'GET', url: `/games/${created.id}/map.svg?at=1`, headers: as(stranger) })
    expect((await past()).statusCode).toBe(403)
    const { page } = people.stranger
    await page.goto(`/g/${created.id}/replay`)
    await expect
      .poll(() => page.locator('[data-replay-map]').getAttribute('src'), WAIT)
      .toBe(`/games/${created.id}/map.svg`)
    expect(await page.getByText('Past positions of a game in play are for its players').count()).toBe(1)
    await inject('POST', `/games/${created.id}/resign`, bob)
    expect((await past()).statusCode).toBe(200)
    await page.goto(`/g/${created.id}/replay?at=1`)
    await expect
      .poll(() => page.locator('[data-replay-map]').getAttribute('src'), WAIT)
      .toBe(`/games/${created.id}/map.svg?at=1`)
  })
})
