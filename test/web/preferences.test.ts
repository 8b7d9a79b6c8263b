// The preferences page in a real Chromium: time zone, language and email choices saved through the API
// and shown again on reload (and the home page's deadline in the new zone), a bad value refused next to
// its field, unsubscribe and resubscribe, and a vacation taken and cancelled.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { formatWhen } from '../../src/web/render.js'
import { as, register } from '../http/helpers.js'
import {
  DESKTOP,
  PHONE,
  WAIT,
  registerInBrowser,
  screenshot,
  seriousViolations,
  startWeb,
  type WebHarness,
} from './browser.js'

let w: WebHarness
beforeAll(async () => {
  w = await startWeb()
})
afterAll(async () => w?.close())

const email = (name: string) => `${name}.${process.pid}.${Date.now()}@example.org`

describe('preferences', () => {
  it('changes time zone, language and emails; the pages follow; vacations and unsubscribe work', async () => {
    const context = await w.browser.newContext({
      viewport: DESKTOP,
      baseURL: w.base,
      locale: 'en-GB',
      timezoneId: 'America/Denver',
    })
    const page = await context.newPage()
    page.setDefaultTimeout(15_000)
    const address = email('hana')
    await registerInBrowser(page, 'Hana', address)
    const me = await w.h.t.db.user.findUniqueOrThrow({ where: { email: address } })
    expect(me.timeZone).toBe('America/Denver')

    // A game in play, so the home page has a deadline to show.
    const token = await page.locator('meta[name="csrf-token"]').getAttribute('content')
    const created = await context.request.post('/games', {
      data: { ruleset: 'abaoaqu', scenario: 'A-S4', seat: 'FED', options: { deployment: 'auto' } },
      headers: { 'x-csrf-token': token! },
    })
    expect(created.status()).toBe(201)
    const gameId = (await created.json()).id as string
    const bob = await register(w.h.app, 'Bob')
    const joined = await w.h.app.inject({ method: 'POST', url: `/games/${gameId}/join`, headers: as(bob), payload: {} })
    expect(joined.statusCode, joined.body).toBe(200)
    const deadline = (await w.h.t.db.game.findUniqueOrThrow({ where: { id: gameId } })).deadlineAt!
    expect(deadline).toBeInstanceOf(Date)
    await page.goto('/')
    const shownDeadline = () => page.locator(`li[data-game="${gameId}"] time`).textContent()
    await expect.poll(shownDeadline, WAIT).toBe(formatWhen(deadline, 'America/Denver', 'en'))

    await page.goto('/preferences')
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent(), WAIT).toBe('Preferences')
    expect(await page.getByLabel('Time zone', { exact: true }).inputValue()).toBe('America/Denver')
    expect(await page.getByLabel("After every phase, also my opponents'").isChecked()).toBe(false)
    expect(await page.getByLabel('When it is my phase').isChecked()).toBe(true)
    expect(await seriousViolations(page), '/preferences').toEqual([])

    // A value the API refuses: its words next to the field, and nothing saved.
    await page.getByLabel('Hours before a deadline the reminder comes').fill('100')
    await page.getByRole('button', { name: 'Save preferences' }).click()
    await expect
      .poll(() => page.locator('[data-error-for="reminderHours"]').textContent(), WAIT)
      .toMatch(/reminderHours must be <= 72/)
    expect(await page.getByLabel('Hours before a deadline the reminder comes').getAttribute('aria-invalid')).toBe(
      'true',
    )
    expect((await w.h.t.db.user.findUniqueOrThrow({ where: { id: me.id } })).reminderHours).toBe(me.reminderHours)

    await page.getByLabel('Time zone', { exact: true }).selectOption('Asia/Tokyo')
    await page.getByLabel('Language of the pages and emails').selectOption('ja')
    await page.getByLabel("After every phase, also my opponents'").check()
    await page.getByLabel('A reminder before my deadline').uncheck()
    await page.getByLabel(/One digest a day/).check()
    await page.getByLabel('Hours before a deadline the reminder comes').fill('6')
    await page.getByRole('button', { name: 'Save preferences' }).click()
    // Saved, and the page is now in Japanese, showing what the server kept.
    await expect
      .poll(() => page.getByRole('status').first().textContent(), WAIT)
      .toBe('保存しました。現在の設定を表示しています。')
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent(), WAIT).toBe('設定')
    expect(await page.locator('html').getAttribute('lang')).toBe('ja')
    expect(await page.getByLabel('タイムゾーン', { exact: true }).inputValue()).toBe('Asia/Tokyo')
    expect(await page.getByLabel('ページとメールの言語').inputValue()).toBe('ja')
    expect(await page.getByLabel('相手のフェイズも含め、毎フェイズの後').isChecked()).toBe(true)
    expect(await page.getByLabel('締め切り前のリマインダー').isChecked()).toBe(false)
    expect(await page.getByLabel(/1日1通のまとめ/).isChecked()).toBe(true)
    expect(await page.getByLabel(/リマインダーを送る時刻/).inputValue()).toBe('6')
    // The browser's own zone is offered, now that the saved one differs.
    await expect.poll(() => page.locator('[data-browser-zone]').textContent(), WAIT).toContain('America/Denver')
    const api = await (await context.request.get('/me/preferences')).json()
    expect(api).toMatchObject({
      timeZone: 'Asia/Tokyo',
      locale: 'ja',
      notifyEveryPhase: true,
      notifyReminders: false,
      digest: true,
      reminderHours: 6,
      subscribed: true,
    })
    expect(await seriousViolations(page), '/preferences in Japanese').toEqual([])

    // The home page shows the deadline in the new zone, in Japanese.
    await page.goto('/')
    await expect.poll(shownDeadline, WAIT).toBe(formatWhen(deadline, 'Asia/Tokyo', 'ja'))
    expect(formatWhen(deadline, 'Asia/Tokyo', 'ja')).not.toBe(formatWhen(deadline, 'America/Denver', 'ja'))

    // Unsubscribe from everything, then receive again.
    await page.goto('/preferences')
    await page.getByRole('button', { name: 'ゲームのメールをすべて停止する' }).click()
    await expect
      .poll(() => page.locator('#subscription-state').textContent(), WAIT)
      .toBe('配信停止中です。ゲームのメールは一切届きません。')
    expect((await w.h.t.db.user.findUniqueOrThrow({ where: { id: me.id } })).unsubscribedAt).not.toBeNull()
    await page.getByRole('button', { name: 'ゲームのメールを再び受け取る' }).click()
    await expect
      .poll(() => page.locator('#subscription-state').textContent(), WAIT)
      .toBe('上で選んだゲームのメールを受け取っています。')
    expect((await w.h.t.db.user.findUniqueOrThrow({ where: { id: me.id } })).unsubscribedAt).toBeNull()

    // A vacation too long for the year's bank is refused next to its length; a short one is taken, then cancelled.
    const tomorrow = new Date(Date.now() + 86_400_000)
    const day = `${tomorrow.getFullYear()}-${String(tomorrow.getMonth() + 1).padStart(2, '0')}-${String(
      tomorrow.getDate(),
    ).padStart(2, '0')}`
    await page.getByLabel('初日').fill(day)
    await page.getByLabel('日数', { exact: true }).fill('400')
    await page.getByRole('button', { name: '休暇を取る' }).click()
    await expect
      .poll(() => page.locator('[data-error-for="endsAt"]').textContent(), WAIT)
      .toMatch(/vacation days? left/)
    expect(await w.h.t.db.vacation.count({ where: { userId: me.id } })).toBe(0)
    await page.getByLabel('日数', { exact: true }).fill('3')
    await page.getByRole('button', { name: '休暇を取る' }).click()
    await expect.poll(() => page.locator('tr[data-vacation]').count(), WAIT).toBe(1)
    await expect.poll(() => page.locator('tr[data-vacation] td').nth(2).textContent(), WAIT).toBe('3')
    const vacations = await w.h.t.db.vacation.findMany({ where: { userId: me.id } })
    expect(vacations).toHaveLength(1)
    expect(vacations[0]!.endsAt.getTime() - vacations[0]!.startsAt.getTime()).toBeLessThanOrEqual(3 * 86_400_000)
    expect(await seriousViolations(page), '/preferences with a vacation').toEqual([])
    await page.setViewportSize(PHONE)
    expect(await seriousViolations(page), '/preferences at 390 px').toEqual([])
    await screenshot(page, 'preferences-phone')
    await page.getByRole('button', { name: 'この休暇を取り消す' }).click()
    await expect.poll(() => page.locator('#vacation-list').textContent(), WAIT).toBe('予定している休暇はありません。')
    expect(await w.h.t.db.vacation.count({ where: { userId: me.id } })).toBe(0)
    await context.close()
  }, 120_000)

  it('sends a visitor to sign in first', async () => {
    const context = await w.browser.newContext({ baseURL: w.base })
    const page = await context.newPage()
    await page.goto('/preferences')
    await page.waitForURL('**/login?next=%2Fpreferences')
    await context.close()
  })
})
