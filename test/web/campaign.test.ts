// A campaign season's pages in a real Chromium (docs/campaigns.md, docs/web.md): a Real Battle campaign of two
// shows built and started through the API (as test/leagues/campaign-e2e.test.ts does), then its season page
// (the stage with its deadline, the table by net worth, each team linked), a team's player on a phone sending
// maintenance actions from the team page (the narration and the money changed; a bad line refused with its
// line and rule, the text kept; a retry after a network failure sent with the same Idempotency-Key), another
// player and an anonymous reader seeing the team without the form, a Japanese reader seeing Japanese card
// names, and the show stage linking to its game, with no serious accessibility findings on any page.
import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { seedCommitment } from '../../src/engine/dice.js'
import { as, register, type User } from '../http/helpers.js'
import { PHONE, WAIT, newPerson, ready, screenshot, seriousViolations, startWeb, type WebHarness } from './browser.js'

let w: WebHarness
let organiser: User
const people: Record<'chirico' | 'yamada' | 'fyana', User> = {} as never
let seasonId = ''
const entryOf: Record<string, string> = {}
const SEED = '5eed'.repeat(16)

async function call(method: 'GET' | 'POST' | 'PATCH', url: string, user: User | null, payload?: object | string) {
  const res = await w.h.app.inject({
    method,
    url,
    headers: { ...as(user), ...(typeof payload === 'string' ? { 'content-type': 'text/plain' } : {}) },
    ...(payload !== undefined ? { payload } : {}),
  })
  expect(res.statusCode, `${method} ${url}: ${res.body}`).toBeLessThan(300)
  return res.json() as Record<string, unknown>
}

/** Signs a person registered through the API into the browser with their password. */
async function signIn(page: Page, address: string) {
  await page.goto('/login')
  await page.getByLabel(/^Email$|メールアドレス/).fill(address)
  await page.getByLabel(/^Password$|パスワード/).fill('correct horse battery')
  await Promise.all([
    page.waitForURL((url) => !url.pathname.startsWith('/login')),
    page.locator('form[action="/login"] button[type=submit]').click(),
  ])
}

/** The page's document, as seen from page.evaluate (the tests are typed without the DOM). */
type Doc = { document: { documentElement: { scrollWidth: number } } }

const text = async (page: Page, selector: string) =>
  ((await page.locator(selector).first().textContent()) ?? '').replace(/\s+/g, ' ').trim()

beforeAll(async () => {
  w = await startWeb()
  organiser = await register(w.h.app, 'Organiser')
  people.chirico = await register(w.h.app, 'Chirico')
  people.yamada = await register(w.h.app, 'Yamada')
  people.fyana = await register(w.h.app, 'Fyana')
  await call('PATCH', '/me/preferences', people.yamada, { locale: 'ja' })
  const club = await call('POST', '/clubs', organiser, { name: 'Kummen mercenaries' })
  const season = await call('POST', `/clubs/${String(club.id)}/seasons`, organiser, {
    name: 'Uoodo battling 2026',
    ruleset: 'realbattle',
    scenarios: ['RB-23-S2'],
    format: 'campaign',
    campaign: { shows: 2 },
    membersOnly: false,
    phaseHours: 48,
  })
  seasonId = String(season.id)
  for (const p of Object.values(people)) await call('POST', `/seasons/${seasonId}/entries`, p, {})
  // A fixed seed for the season's dice: the run is the same every time.
  await w.h.t.db.season.update({ where: { id: seasonId }, data: { seed: SEED, seedCommitment: seedCommitment(SEED) } })
  const started = await call('POST', `/seasons/${seasonId}/start`, organiser)
  expect(started.stage).toBe('maintenance')
  const entrants = (await call('GET', `/seasons/${seasonId}`, null)).entrants as Array<{
    entryId: string
    userId: string
  }>
  for (const [key, p] of Object.entries(people)) entryOf[key] = entrants.find((e) => e.userId === p.id)!.entryId
}, 120_000)
afterAll(async () => w?.close())

const teamPath = (who: string) => `/s/${seasonId}/teams/${entryOf[who]}`

describe('a campaign season on its pages', () => {
  it('the season page shows the campaign, its period and deadline, and the table by net worth', async () => {
    const reader = await newPerson(w)
    await reader.page.goto(`/s/${seasonId}`)
    await ready(reader.page)
    expect(await text(reader.page, '#campaign-shows')).toBe('A campaign of 2 shows')
    const stage = reader.page.locator('#campaign-stage')
    expect(await stage.getAttribute('data-stage')).toBe('maintenance')
    await expect.poll(() => text(reader.page, '#campaign-stage'), WAIT).toMatch(/Maintenance period 1 of 2/)
    const deadline = await stage.locator('time').getAttribute('datetime')
    const row = await w.h.t.db.season.findUniqueOrThrow({ where: { id: seasonId }, select: { stageEndsAt: true } })
    expect(deadline).toBe(row.stageEndsAt!.toISOString())
    expect(await stage.locator('time').textContent()).toMatch(/\(UTC\)/)
    // No points or tie-breaks: the net worth, G3,000 for every new team.
    const table = reader.page.locator('table.standings.campaign')
    expect(await table.locator('thead').textContent()).toContain('Net worth')
    expect(await table.locator('thead').textContent()).not.toContain('Points')
    expect(await reader.page.locator('#rules').locator('..').textContent()).not.toContain('Tie-breaks')
    expect(await table.locator('td.net-worth').allTextContents()).toEqual(['G3,000', 'G3,000', 'G3,000'])
    // Each team's name links to its page; no "Your team" for someone without one.
    for (const who of ['chirico', 'yamada', 'fyana']) {
      const link = table.locator(`tr[data-entry="${entryOf[who]}"] th a`)
      expect(await link.getAttribute('href')).toBe(teamPath(who))
    }
    expect(await reader.page.locator('#your-team').count()).toBe(0)
    expect(await seriousViolations(reader.page), 'campaign season page, anonymous').toEqual([])
    await reader.context.close()
  })

  it("a team's player sends actions from their team page on a phone: the narration, the money, a refusal", async () => {
    const { context, page } = await newPerson(w, PHONE)
    await signIn(page, people.chirico.email)
    await page.goto(`/s/${seasonId}`)
    await ready(page)
    // "Your team", prominent, and marked in the table.
    await expect.poll(() => text(page, '#your-team'), WAIT).toContain('Your team')
    expect(await page.locator(`tr[data-entry="${entryOf.chirico}"]`).textContent()).toContain('Your team')
    expect(await seriousViolations(page), 'campaign season page, an entrant, 390 px').toEqual([])
    await page.locator('#your-team-link').click()
    await page.waitForURL(`**${teamPath('chirico')}`)
    await ready(page)
    await expect.poll(() => text(page, 'h1'), WAIT).toBe('Team Chirico')
    expect(await text(page, '#team-money')).toBe('G3,000')
    expect(await text(page, '#period-used')).toBe('Actions used: 0; left: 5.')
    expect(await seriousViolations(page), 'team page with its form, 390 px').toEqual([])
    // Nothing wider than the phone: the page does not scroll sideways.
    expect(
      await page.evaluate(() => (globalThis as unknown as Doc).document.documentElement.scrollWidth),
    ).toBeLessThanOrEqual(PHONE.width)

    // buy-at scopedog, by keyboard: the narration of the purchase and its dice, the money changed.
    const box = page.getByLabel('Actions, one a line')
    await box.fill('buy-at scopedog')
    await page.getByRole('button', { name: 'Send the actions' }).focus()
    await page.keyboard.press('Enter')
    await expect.poll(() => text(page, '#actions-answer'), WAIT).toMatch(/^Sent\. What happened:/)
    const narration = await page.locator('#actions-answer ul.narration li').allTextContents()
    expect(narration.length).toBeGreaterThan(0)
    expect(narration.join(' ')).toMatch(/Scopedog/)
    expect(narration.join(' ')).toContain('Chirico')
    expect(narration.join(' ')).not.toContain(entryOf.chirico)
    const after = (await call('GET', `/seasons/${seasonId}/teams/${entryOf.chirico}`, null)) as {
      team: { money: number; ats: unknown[] }
      period: { used: number }
    }
    expect(after.team.money).toBeLessThan(3000)
    const moneyNow = `G${after.team.money.toLocaleString('en-US')}`
    await expect.poll(() => text(page, '#team-money'), WAIT).toBe(moneyNow)
    expect(await text(page, '#actions-answer')).toContain(`Money now: ${moneyNow}.`)
    await expect.poll(() => text(page, '#period-used'), WAIT).toMatch(new RegExp(`Actions used: ${after.period.used};`))
    if (after.team.ats.length > 0)
      await expect.poll(() => page.locator('#team-ats [data-card="scopedog"]').count(), WAIT).toBe(1)
    expect(await box.inputValue()).toBe('')
    // The history tells it, in its round.
    await expect.poll(() => text(page, '#history li[data-kind="ACTIONS"]'), WAIT).toContain('Round 1')
    expect(await text(page, '#history li[data-kind="ACTIONS"]')).toContain('buy-at scopedog')
    expect(await text(page, '#history')).not.toContain(entryOf.chirico)
    await screenshot(page, 'campaign-team-phone')

    // A bad line: refused with its line number and rule, nothing changed, the text kept to fix.
    const bad = '# my plan\nbuy-the-lot now'
    await box.fill(bad)
    await page.getByRole('button', { name: 'Send the actions' }).click()
    await expect.poll(() => text(page, '#actions-answer'), WAIT).toMatch(/^Refused: nothing was changed/)
    expect(await text(page, '#actions-answer ul.refusals')).toMatch(/^Line 2 \(RB-24[.0-9]*\): \S/)
    expect(await box.inputValue()).toBe(bad)
    expect(await box.getAttribute('aria-invalid')).toBe('true')
    expect(await text(page, '#team-money')).toBe(moneyNow)
    expect(await seriousViolations(page), 'team page with a refusal, 390 px').toEqual([])

    // The network fails: the retry of the same text carries the same Idempotency-Key; a new text a new one.
    const keys: string[] = []
    let failNext = true
    await page.route('**/actions', async (route) => {
      keys.push(route.request().headers()['idempotency-key'] ?? '')
      if (failNext) {
        failNext = false
        return route.abort('internetdisconnected')
      }
      return route.continue()
    })
    await box.fill('borrow 100')
    await page.getByRole('button', { name: 'Send the actions' }).click()
    await expect.poll(() => text(page, '#actions-answer'), WAIT).toMatch(/could not be reached/)
    expect(await box.inputValue()).toBe('borrow 100')
    await page.getByRole('button', { name: 'Send the actions' }).click()
    await expect.poll(() => text(page, '#actions-answer'), WAIT).toMatch(/^Sent\./)
    await box.fill('borrow 100')
    await page.getByRole('button', { name: 'Send the actions' }).click()
    await expect.poll(() => keys.length, WAIT).toBe(3)
    await expect.poll(() => text(page, '#actions-answer'), WAIT).toMatch(/^Sent\./)
    await page.unroute('**/actions')
    expect(keys[0]).toMatch(/^[0-9a-f-]{36}$/)
    expect(keys[1]).toBe(keys[0])
    expect(keys[2]).not.toBe(keys[0])
    const log = (await call('GET', `/seasons/${seasonId}/log`, null)).entries as Array<{
      kind: string
      lines: string[]
    }>
    expect(log.filter((e) => e.kind === 'ACTIONS' && e.lines.join() === 'borrow 100')).toHaveLength(2)
    await context.close()
  })

  it('another player, a Japanese reader and an anonymous reader see the team, none of them the form', async () => {
    const fyana = await newPerson(w)
    await signIn(fyana.page, people.fyana.email)
    await fyana.page.goto(teamPath('chirico'))
    await ready(fyana.page)
    await expect.poll(() => text(fyana.page, 'h1'), WAIT).toBe('Team Chirico')
    await expect.poll(() => text(fyana.page, '#team-money'), WAIT).toMatch(/^G[0-9,]+$/)
    expect(await fyana.page.locator('#actions-form').count()).toBe(0)
    expect(await fyana.page.locator('#own-team').count()).toBe(0)
    expect(await fyana.page.locator('#history li').count()).toBeGreaterThan(0)
    expect(await seriousViolations(fyana.page), 'team page, another player').toEqual([])
    await fyana.context.close()

    const yamada = await newPerson(w, PHONE, { locale: 'ja-JP' })
    await signIn(yamada.page, people.yamada.email)
    await yamada.page.goto(teamPath('chirico'))
    await ready(yamada.page)
    await expect.poll(() => text(yamada.page, 'h1'), WAIT).toBe('チーム Chirico')
    expect(await text(yamada.page, '#team-stage')).toMatch(/整備期間 1／2/)
    const team = (await call('GET', `/seasons/${seasonId}/teams/${entryOf.chirico}`, null)) as {
      team: { ats: unknown[] }
    }
    if (team.team.ats.length > 0) expect(await text(yamada.page, '#team-ats')).toContain('スコープドッグ')
    expect(await yamada.page.locator('#actions-form').count()).toBe(0)
    expect(await seriousViolations(yamada.page), 'team page, Japanese, 390 px').toEqual([])
    await yamada.context.close()

    const anonymous = await newPerson(w)
    await anonymous.page.goto(teamPath('chirico'))
    await ready(anonymous.page)
    await expect.poll(() => text(anonymous.page, 'h1'), WAIT).toBe('Team Chirico')
    await expect.poll(() => text(anonymous.page, '#team-net-worth'), WAIT).toMatch(/^−?G[0-9,]+$/)
    expect(await anonymous.page.locator('#actions-form').count()).toBe(0)
    expect(await anonymous.page.locator('#actions-answer').count()).toBe(0)
    expect(await seriousViolations(anonymous.page), 'team page, anonymous').toEqual([])
    await anonymous.context.close()
  })

  it('"Finished for this period" from the page; every team done, the season page links to the show', async () => {
    // Every team gets an AT and a pilot through the API, so that all can field (a purchase or a scouting
    // may fail on the dice: RB-24.5, RB-24.9; each is tried again).
    const PILOTS: Record<string, string> = { chirico: 'Chirico', yamada: 'Gotho', fyana: 'Fyana' }
    for (const who of ['chirico', 'yamada', 'fyana'] as const) {
      for (let i = 0; i < 6; i++) {
        const t = (await call('GET', `/seasons/${seasonId}/teams/${entryOf[who]}`, null)) as {
          team: { ats: unknown[]; pilots: unknown[] }
        }
        if (t.team.ats.length > 0 && t.team.pilots.length > 0) break
        const line = t.team.ats.length === 0 ? 'buy-at scopedog' : `scout name "${PILOTS[who]}"`
        await call('POST', `/seasons/${seasonId}/teams/${entryOf[who]}/actions`, people[who], line)
      }
    }
    const { context, page } = await newPerson(w, PHONE)
    await signIn(page, people.chirico.email)
    await page.goto(teamPath('chirico'))
    await ready(page)
    await page.getByLabel('Finished for this period').check()
    await page.getByRole('button', { name: 'Send the actions' }).click()
    await expect.poll(() => text(page, '#actions-answer'), WAIT).toContain('You have finished this period.')
    // The form gives way to the notice; the period says done.
    await expect.poll(() => page.locator('#actions-form').count(), WAIT).toBe(0)
    await expect.poll(() => text(page, '#done-already'), WAIT).toMatch(/finished this period/)
    expect(await page.locator('#period-done').getAttribute('data-done')).toBe('true')

    await call('POST', `/seasons/${seasonId}/teams/${entryOf.yamada}/actions`, people.yamada, '完了')
    await call('POST', `/seasons/${seasonId}/teams/${entryOf.fyana}/actions`, people.fyana, { done: true })
    const log = (await call('GET', `/seasons/${seasonId}/log`, null)).entries as Array<{
      kind: string
      round: number
      gameId?: string
    }>
    const show = log.find((e) => e.kind === 'SHOW' && e.round === 1)!
    expect(show.gameId).toBeTruthy()
    await page.goto(`/s/${seasonId}`)
    await ready(page)
    expect(await page.locator('#campaign-stage').getAttribute('data-stage')).toBe('show')
    await expect.poll(() => text(page, '#campaign-stage'), WAIT).toMatch(/Show 1 of 2 is being played/)
    expect(await page.locator('#show-game').getAttribute('href')).toBe(`/g/${show.gameId}`)
    expect(await seriousViolations(page), 'campaign season page, show stage, 390 px').toEqual([])
    // The team page: no period open, no form, the show in the history with its game.
    await page.goto(teamPath('chirico'))
    await ready(page)
    await expect.poll(() => text(page, '#team-stage'), WAIT).toMatch(/Show 1 of 2/)
    expect(await page.locator('#actions-form').count()).toBe(0)
    expect(await page.locator('#history li[data-kind="SHOW"] a').getAttribute('href')).toBe(`/g/${show.gameId}`)
    await context.close()
  })
})
