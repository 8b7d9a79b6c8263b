// The moderation pages in a real Chromium: a site admin settles a player's dispute through /moderation
// (inbox, dispute, the game at the entry, a correction previewed as before/after maps and a difference
// table, applied with a reason), rules "no change" on another, and sees a stale preview refused (409).
// Players get the 403 page, and an admin who plays in a game may not moderate it.
import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { abaoaqu, type State } from '../../src/rulesets/abaoaqu/engine/index.js'
import { as, register, type User } from '../http/helpers.js'
import { PHONE, WAIT, newPerson, ready, screenshot, seriousViolations, startWeb, type WebHarness } from './browser.js'

let w: WebHarness
let alice: User // FED
let bob: User // ZEON
let admin: User
let adminPlayer: User // a site admin who plays in a game of their own

beforeAll(async () => {
  w = await startWeb()
  ;[alice, bob, admin, adminPlayer] = (await Promise.all(
    ['Alice', 'Bob', 'Admin', 'AdminPlayer'].map((n) => register(w.h.app, n)),
  )) as [User, User, User, User]
  // As test/http/disputes.test.ts does: the role set in the database (what `npm run admin -- grant-admin` sets).
  await w.h.t.db.user.updateMany({ where: { id: { in: [admin!.id, adminPlayer!.id] } }, data: { role: 'ADMIN' } })
}, 60_000)
afterAll(async () => w?.close())

async function newGame(fed: User, zeon: User): Promise<string> {
  const created = await w.h.app.inject({
    method: 'POST',
    url: '/games',
    headers: as(fed),
    payload: { ruleset: 'abaoaqu', scenario: 'A-S4', seat: 'FED', options: { deployment: 'auto' } },
  })
  expect(created.statusCode, created.body).toBe(201)
  const id = created.json().id as string
  const joined = await w.h.app.inject({ method: 'POST', url: `/games/${id}/join`, headers: as(zeon), payload: {} })
  expect(joined.statusCode, joined.body).toBe(200)
  return id
}

async function raise(gameId: string, user: User, seq: number, text: string): Promise<string> {
  const res = await w.h.app.inject({
    method: 'POST',
    url: `/games/${gameId}/disputes`,
    headers: as(user),
    payload: { seq, text },
  })
  expect(res.statusCode, res.body).toBe(201)
  return res.json().id as string
}

async function signIn(page: Page, user: User) {
  await page.goto('/login')
  await page.getByLabel('Email').fill(user.email)
  await page.getByLabel('Password').fill('correct horse battery')
  await Promise.all([page.waitForURL((u) => u.pathname === '/'), page.getByRole('button', { name: 'Sign in' }).click()])
}

async function fullState(gameId: string): Promise<{ state: State; head: number }> {
  const res = await w.h.app.inject({ method: 'GET', url: `/games/${gameId}/state`, headers: as(admin) })
  expect(res.statusCode, res.body).toBe(200)
  return res.json()
}

const h1 = (page: Page) => page.getByRole('heading', { level: 1 }).textContent()

describe('a moderator settles disputes through /moderation', () => {
  it('previews a correction as before/after maps and a table, applies it; rules no change on another', async () => {
    const game = await newGame(alice, bob)
    const first = await raise(game, alice, 1, 'ZEON deployed a unit on a hex it may not hold')
    const { context, page } = await newPerson(w)
    await signIn(page, admin)

    // The inbox lists the dispute and links to it.
    await page.goto('/moderation')
    await expect.poll(() => h1(page), WAIT).toBe('Disputes inbox')
    const item = page.locator(`li[data-dispute="${first}"]`)
    await expect.poll(() => item.textContent(), WAIT).toContain('ZEON deployed a unit')
    expect(await seriousViolations(page), '/moderation').toEqual([])
    await item.getByRole('link', { name: 'Open the dispute' }).click()

    // The dispute: its entry, the conversation, a message to the players.
    await expect.poll(() => h1(page), WAIT).toMatch(/^Dispute on entry 1 of /)
    await expect.poll(() => page.getByRole('heading', { name: 'Entry 1', exact: true }).count(), WAIT).toBe(1)
    await page.getByLabel('Your message to the players').fill('Looking at it now.')
    await page.getByRole('button', { name: 'Send the message' }).click()
    await expect.poll(() => page.locator('ol.messages').textContent(), WAIT).toContain('Looking at it now.')
    expect(await seriousViolations(page), '/moderation/disputes/:id').toEqual([])
    await page.getByRole('link', { name: 'Settle it with a correction' }).click()

    // The game at the entry disputed, with the dispute chosen in the corrections form.
    await expect.poll(() => h1(page), WAIT).toMatch(/^Moderating /)
    expect(await page.getByLabel('Entry', { exact: true }).inputValue()).toBe('1')
    expect(await page.getByLabel('Dispute it settles').inputValue()).toBe(first)
    await expect
      .poll(() => page.locator('#position-map').evaluate((i) => (i as { naturalWidth: number }).naturalWidth), WAIT)
      .toBeGreaterThan(0)
    expect(await seriousViolations(page), '/moderation/games/:id').toEqual([])

    // Preview an adjustment: the maps before and after, and the difference unit by unit.
    const before = await fullState(game)
    const [unit] = Object.entries(abaoaqu.unitsOf(before.state)).find(
      ([, u]) => u.status === 'map' && u.morale === 'N',
    )!
    await page.getByLabel('Kind of correction').selectOption('adjust')
    await page.getByLabel('Adjustments').fill(`${unit} morale C`)
    await page.getByLabel('Reason', { exact: true }).fill('The deployment die was misread: the unit is confused.')
    expect(await page.getByRole('button', { name: 'Apply' }).isDisabled()).toBe(true)
    // A unit the game does not have: the problem is shown by the form, and Apply stays off.
    await page.getByLabel('Adjustments').fill('XX99 morale C')
    await page.getByRole('button', { name: 'Preview' }).click()
    await expect.poll(() => page.locator('#correction [role=alert]').textContent(), WAIT).toContain('XX99')
    expect(await page.getByRole('button', { name: 'Apply' }).isDisabled()).toBe(true)
    await page.getByLabel('Adjustments').fill(`${unit} morale C`)
    await page.getByRole('button', { name: 'Preview' }).click()
    const diff = page.locator('table.diff')
    await expect.poll(() => diff.locator('tbody tr').count(), WAIT).toBe(1)
    const cells = await diff.locator('tbody tr th, tbody tr td').allTextContents()
    expect(cells.map((c) => c.trim())).toEqual([unit, 'morale', 'N', 'C'])
    for (const which of ['before', 'after'])
      await expect
        .poll(
          () => page.locator(`img[data-map="${which}"]`).evaluate((i) => (i as { naturalWidth: number }).naturalWidth),
          WAIT,
        )
        .toBeGreaterThan(0)
    expect(await page.locator('#preview .to-act').textContent()).toMatch(/FED|ZEON/)
    expect(await seriousViolations(page), 'the preview').toEqual([])
    await screenshot(page, 'moderation-preview')

    // Apply it: the game's log has the CORRECTION entry, the dispute is ruled.
    await Promise.all([page.waitForURL(/applied=/), page.getByRole('button', { name: 'Apply' }).click()])
    await expect.poll(() => page.locator('#applied').textContent(), WAIT).toContain(`entry ${before.head + 1}`)
    await expect.poll(() => page.locator('table.log').textContent(), WAIT).toContain('Correction: adjusted the game')
    const audit = page.locator('table.audit')
    await expect.poll(() => audit.textContent(), WAIT).toContain('The deployment die was misread')
    const after = await fullState(game)
    expect(after.head).toBe(before.head + 1)
    expect(abaoaqu.unitsOf(after.state)[unit]!.morale).toBe('C')
    const log = (
      await w.h.app.inject({ method: 'GET', url: `/games/${game}/log?after=${before.head}`, headers: as(alice) })
    ).json()
    expect(log.entries[0]).toMatchObject({ kind: 'CORRECTION', payload: { kind: 'adjust', dispute: first } })
    await page.goto(`/moderation/disputes/${first}`)
    await expect.poll(() => page.locator('#ruling + p').textContent(), WAIT).toContain('Ruled: settled by a correction')

    // A second dispute, ruled "no change" with a reason.
    const second = await raise(game, bob, 1, 'FED set up too close to the line')
    await page.goto('/moderation')
    await page.locator(`li[data-dispute="${second}"]`).getByRole('link', { name: 'Open the dispute' }).click()
    await expect.poll(() => h1(page), WAIT).toMatch(/^Dispute on entry 1 of /)
    await page.getByLabel('Reason for no change').fill('Deployment A-3-1 allows it: two hexes from the line.')
    await page.getByRole('button', { name: 'Rule: no change' }).click()
    await expect.poll(() => page.locator('#ruling + p').textContent(), WAIT).toBe('Ruled: no change')
    expect((await w.h.t.db.dispute.findUniqueOrThrow({ where: { id: second } })).status).toBe('ruled')
    // The inbox's ruled list has both; the audit list the ruling.
    await page.goto('/moderation?status=ruled')
    await expect.poll(() => page.locator('ul.disputes > li').count(), WAIT).toBe(2)
    await page.goto(`/moderation/games/${game}`)
    await expect.poll(() => audit.textContent(), WAIT).toContain('Deployment A-3-1 allows it')
    await context.close()
  })

  it('a preview the game has moved past is refused with 409, and a new preview can be applied', async () => {
    const game = await newGame(alice, bob)
    const { context, page } = await newPerson(w, PHONE)
    await signIn(page, admin)
    await page.goto(`/moderation/games/${game}`)
    await ready(page)
    await page.getByLabel('Kind of correction').selectOption('extend-deadline')
    // Only the fields of the kind chosen are shown.
    await expect.poll(() => page.getByLabel('Hours').isVisible(), WAIT).toBe(true)
    await expect.poll(() => page.getByLabel('Adjustments').isVisible(), WAIT).toBe(false)
    await page.getByLabel('Hours').fill('12')
    await page.getByLabel('Reason', { exact: true }).fill('A holiday in Japan.')
    await page.getByRole('button', { name: 'Preview' }).click()
    await expect.poll(() => page.locator('#preview h3').textContent(), WAIT).toMatch(/^Preview/)
    // On a phone, nothing is wider than the screen.
    expect(await page.locator('html').evaluate((e) => (e as { scrollWidth: number }).scrollWidth)).toBeLessThanOrEqual(
      PHONE.width,
    )
    await screenshot(page, 'moderation-phone')
    // Meanwhile another moderator pauses the game.
    const head = (await fullState(game)).head
    const paused = await w.h.app.inject({
      method: 'POST',
      url: `/games/${game}/corrections`,
      headers: as(admin, { 'if-match': `"${head}"` }),
      payload: { kind: 'pause', reason: 'another moderator' },
    })
    expect(paused.statusCode, paused.body).toBe(201)
    await page.getByRole('button', { name: 'Apply' }).click()
    await expect
      .poll(() => page.locator('#correction [role=alert]').textContent(), WAIT)
      .toContain('The game moved since the preview')
    expect((await fullState(game)).head).toBe(head + 1)
    await page.locator('#correction button.secondary', { hasText: 'Preview' }).click()
    await expect.poll(() => page.getByRole('button', { name: 'Apply' }).isDisabled(), WAIT).toBe(false)
    await Promise.all([page.waitForURL(/applied=/), page.getByRole('button', { name: 'Apply' }).click()])
    expect((await fullState(game)).head).toBe(head + 2)
    await context.close()
  })

  it('players get the 403 page, an admin who plays may not moderate their game, strangers sign in first', async () => {
    const game = await newGame(alice, bob)
    const own = await newGame(adminPlayer, bob)
    const dispute = await raise(game, alice, 1, 'a question')
    const player = await newPerson(w)
    await signIn(player.page, alice)
    for (const path of ['/moderation', `/moderation/games/${game}`, `/moderation/disputes/${dispute}`]) {
      const res = await player.page.goto(path)
      expect(res?.status(), path).toBe(403)
      await expect.poll(() => h1(player.page), WAIT).toBe('You do not moderate this')
    }
    await expect.poll(() => player.page.getByRole('alert').textContent(), WAIT).toContain('You play in this game')
    await player.page.goto('/moderation')
    await expect.poll(() => player.page.getByRole('alert').textContent(), WAIT).toContain('You moderate no game')
    expect(await seriousViolations(player.page), 'the 403 page').toEqual([])
    await player.context.close()

    const staff = await newPerson(w)
    await signIn(staff.page, adminPlayer)
    expect((await staff.page.goto(`/moderation/games/${game}`))?.status()).toBe(200)
    const res = await staff.page.goto(`/moderation/games/${own}`)
    expect(res?.status()).toBe(403)
    await expect
      .poll(() => staff.page.getByRole('alert').textContent(), WAIT)
      .toContain('You play in this game, so you cannot moderate it')
    const preview = await staff.context.request.post(`/moderation/games/${own}/preview`, {
      data: { correction: { kind: 'pause', reason: 'mine' } },
      headers: { 'x-csrf-token': (await staff.page.locator('meta[name="csrf-token"]').getAttribute('content'))! },
    })
    expect(preview.status()).toBe(403)
    expect((await preview.json()).detail).toMatch(/play in this game/)
    // The session cookie alone, without the page's CSRF token, is refused before anything runs.
    const forged = await staff.context.request.post(`/moderation/games/${game}/preview`, {
      data: { correction: { kind: 'pause', reason: 'forged' } },
    })
    expect(forged.status()).toBe(403)
    expect((await forged.json()).detail).toMatch(/CSRF token/)
    await staff.context.close()

    const anonymous = await newPerson(w)
    await anonymous.page.goto('/moderation')
    expect(new URL(anonymous.page.url()).pathname).toBe('/login')
    expect(new URL(anonymous.page.url()).searchParams.get('next')).toBe('/moderation')
    await anonymous.context.close()
  })

  it('speaks Japanese to a Japanese moderator', async () => {
    await w.h.t.db.user.update({ where: { id: admin.id }, data: { locale: 'ja' } })
    const { context, page } = await newPerson(w)
    await signIn(page, admin)
    await page.goto('/moderation')
    await expect.poll(() => h1(page), WAIT).toBe('異議の受信箱')
    await w.h.t.db.user.update({ where: { id: admin.id }, data: { locale: 'en' } })
    await context.close()
  })
})
