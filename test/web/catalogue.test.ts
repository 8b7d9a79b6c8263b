// The catalogue in a real Chromium: a visitor reads it signed out; a newcomer signs up, creates an
// A-Bao-A-Qu game through the scenario's form, invites a second account by email (through the real SMTP
// server), and that account joins from the catalogue's open games. Bad input shows the API's words next to
// the field and creates nothing.
import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { waitFor } from '../support/smtp.js'
import type { MailStack } from '../notify/stack.js'
import {
  PHONE,
  WAIT,
  newPerson,
  registerInBrowser,
  screenshot,
  seriousViolations,
  startWebWithMail,
  type WebMailHarness,
} from './browser.js'

let w: WebMailHarness
let s: MailStack
beforeAll(async () => {
  w = await startWebWithMail()
  s = w.s
})
afterAll(async () => w?.close())

const email = (name: string) => `${name}.${process.pid}.${Date.now()}@example.org`
const h1 = (page: Page) => page.getByRole('heading', { level: 1 }).textContent()

/** Follows the link of the verification email the SMTP server received for this address. */
async function confirmEmail(page: Page, address: string) {
  await waitFor(`the verification email to ${address}`, () => s.mails(address, 'verify-email').length === 1)
  const text = s.mails(address, 'verify-email')[0]!.parsed.text!
  const link = /http:\/\/127\.0\.0\.1:\d+\/auth\/verify\?token=\S+/.exec(text)![0]
  const res = await page.goto(link)
  expect(res?.status()).toBe(200)
  // Opening the page confirms nothing (mail scanners open links): the button does.
  await page.getByRole('button', { name: 'Confirm my address' }).click()
  await expect.poll(() => page.getByRole('status').textContent(), WAIT).toContain('Your address is confirmed')
}

describe('the catalogue', () => {
  it('is readable signed out, in English and in Japanese, and asks to sign in to play', async () => {
    const { context, page } = await newPerson(w)
    await page.goto('/catalogue')
    await expect.poll(() => h1(page), WAIT).toBe('Rule systems and scenarios')
    await expect.poll(() => page.getByRole('heading', { level: 2, name: /^A-Bao-A-Qu/ }).count(), WAIT).toBe(1)
    const s4 = page.getByRole('link', { name: 'A-S4 · Battle of S Field (reduced game)' })
    await expect.poll(() => s4.count(), WAIT).toBe(1)
    await expect.poll(() => page.getByText('house data').first().isVisible(), WAIT).toBe(true)
    expect(await seriousViolations(page), '/catalogue signed out').toEqual([])
    await s4.click()
    await page.waitForURL('**/catalogue/abaoaqu/A-S4')
    await expect.poll(() => page.getByText(/both rosters are HOUSE/).count(), WAIT).toBe(1)
    await expect.poll(() => page.getByText('Sign in to create a game of this scenario.').count(), WAIT).toBe(1)
    expect(await page.locator('form#create-game').count()).toBe(0)
    expect(await seriousViolations(page), 'scenario page signed out').toEqual([])
    const missing = await page.goto('/catalogue/abaoaqu/NO-SUCH')
    expect(missing?.status()).toBe(404)
    await context.close()

    const ja = await newPerson(w, PHONE, { locale: 'ja-JP' })
    await ja.page.goto('/catalogue')
    await expect.poll(() => h1(ja.page), WAIT).toBe('ルールとシナリオ')
    await expect.poll(() => ja.page.getByText('赤い彗星と木星帰りの男', { exact: false }).count(), WAIT).toBe(1)
    await expect.poll(() => ja.page.getByText('独自データ').first().isVisible(), WAIT).toBe(true)
    expect(await seriousViolations(ja.page), '/catalogue in Japanese at 390 px').toEqual([])
    await ja.context.close()
  }, 90_000)

  it('a newcomer creates a game, invites a second account by email, who joins from the open games', async () => {
    const alice = await newPerson(w)
    const aliceEmail = email('alice')
    await registerInBrowser(alice.page, 'Alice', aliceEmail)
    await confirmEmail(alice.page, aliceEmail)
    await alice.page.goto('/catalogue')
    await alice.page.getByRole('link', { name: 'A-S4 · Battle of S Field (reduced game)' }).click()
    await alice.page.waitForURL('**/catalogue/abaoaqu/A-S4')
    const form = alice.page.locator('form#create-game')
    const before = await s.t.db.game.count()

    // A title too long: the API's words next to the title, and no game.
    await alice.page.getByLabel('Title').fill('x'.repeat(121))
    await alice.page.getByLabel('Your seat').selectOption('FED')
    await alice.page.getByRole('button', { name: 'Create the game' }).click()
    const titleError = form.locator('[data-error-for="title"]')
    await expect.poll(() => titleError.textContent(), WAIT).toMatch(/title must NOT have more than 120 characters/)
    expect(await alice.page.getByLabel('Title').getAttribute('aria-invalid')).toBe('true')
    // No seat chosen: the API names the seats, next to the seat field.
    await alice.page.getByLabel('Title').fill('Web Bao')
    await alice.page.getByLabel('Your seat').selectOption('')
    await alice.page.getByRole('button', { name: 'Create the game' }).click()
    await expect
      .poll(() => form.locator('[data-error-for="seat"]').textContent(), WAIT)
      .toMatch(/no seat ""; the seats are FED, ZEON/)
    expect(await titleError.textContent()).toBe('')
    expect(await alice.page.getByLabel('Title').getAttribute('aria-invalid')).toBeNull()
    expect(await s.t.db.game.count()).toBe(before)
    expect(await seriousViolations(alice.page), 'scenario page showing an error').toEqual([])
    await screenshot(alice.page, 'catalogue-scenario-error-desktop')

    // The form as a newcomer fills it.
    await alice.page.getByLabel('Your seat').selectOption('FED')
    await alice.page.getByLabel('Public: listed here, anyone may join').check()
    await alice.page.getByLabel('Time for each phase').selectOption('48')
    await alice.page.getByLabel('When a deadline passes').selectOption('extend-then-pass')
    await alice.page.getByText('Game options (23)').click()
    await alice.page.getByLabel(/^deployment/).selectOption('auto')
    await alice.page.getByRole('button', { name: 'Create the game' }).click()
    await alice.page.waitForURL(/\/g\/[0-9a-f-]{36}\/invite$/)
    const gameId = /\/g\/([0-9a-f-]{36})\/invite/.exec(alice.page.url())![1]!
    const game = await s.t.db.game.findUniqueOrThrow({ where: { id: gameId }, include: { seats: true } })
    expect(game).toMatchObject({
      title: 'Web Bao',
      ruleset: 'abaoaqu',
      scenarioId: 'A-S4',
      private: false,
      phaseHours: 48,
      missedPolicy: 'extend-then-pass',
      status: 'OPEN',
    })
    expect((game.options as Record<string, unknown>).deployment).toBe('auto')
    const me = await s.t.db.user.findUniqueOrThrow({ where: { email: aliceEmail } })
    expect(game.seats.find((x) => x.seat === 'FED')?.userId).toBe(me.id)

    // The invite page: the link with its code, and the invitation by email.
    await expect.poll(() => h1(alice.page), WAIT).toBe('Invite players to Web Bao')
    expect(await alice.page.getByRole('textbox', { name: 'Invite link' }).inputValue()).toContain(
      `/g/${gameId}?invite=${game.inviteCode}`,
    )
    expect(await seriousViolations(alice.page), 'invite page').toEqual([])
    await screenshot(alice.page, 'catalogue-invite-desktop')
    const bob = await newPerson(w, PHONE)
    const bobEmail = email('bob')
    await registerInBrowser(bob.page, 'Bob', bobEmail)
    // Not his game yet: its invite page is the 404 page.
    expect((await bob.page.goto(`/g/${gameId}/invite`))?.status()).toBe(404)

    await alice.page.getByLabel('Their email address').fill('not an address')
    await alice.page.getByRole('button', { name: 'Send the invitation' }).click()
    await expect.poll(() => alice.page.locator('[data-error-for="email"]').textContent(), WAIT).toMatch(/email/)
    await alice.page.getByLabel('Their email address').fill(bobEmail)
    await alice.page.getByLabel('Seat to suggest (optional)').selectOption('ZEON')
    await alice.page.getByLabel('A personal note (optional)').fill('A game of A-Bao-A-Qu?')
    await alice.page.getByRole('button', { name: 'Send the invitation' }).click()
    await expect.poll(() => alice.page.getByRole('status').textContent(), WAIT).toBe(`Invitation sent to ${bobEmail}.`)
    await waitFor('the invitation email', () => s.mails(bobEmail, 'invite').length === 1)
    const mail = s.mails(bobEmail, 'invite')[0]!.parsed
    expect(mail.subject).toContain('Web Bao')
    expect(mail.text).toContain('A game of A-Bao-A-Qu?')

    // Bob joins from the catalogue's open games, on his phone.
    await bob.page.goto('/catalogue')
    const row = bob.page.locator(`li[data-game="${gameId}"]`)
    await expect.poll(() => row.textContent(), WAIT).toContain('Web Bao')
    expect(await seriousViolations(bob.page), '/catalogue signed in at 390 px').toEqual([])
    await screenshot(bob.page, 'catalogue-phone')
    await row.getByRole('button', { name: 'Join Web Bao' }).click()
    await bob.page.waitForURL(`**/g/${gameId}`)
    const seats = await s.t.db.seat.findMany({ where: { gameId }, include: { user: true }, orderBy: { seat: 'asc' } })
    expect(seats.map((x) => [x.seat, x.user?.email])).toEqual([
      ['FED', aliceEmail],
      ['ZEON', bobEmail],
    ])
    expect((await s.t.db.game.findUniqueOrThrow({ where: { id: gameId } })).status).toBe('ACTIVE')

    // Now the game has begun: the invite page says so, and the catalogue no longer lists it.
    await bob.page.goto(`/g/${gameId}/invite`)
    await expect.poll(() => bob.page.getByText(/game has started/).count(), WAIT).toBe(1)
    expect(await seriousViolations(bob.page), 'invite page of a started game at 390 px').toEqual([])
    await bob.page.goto('/catalogue')
    await expect.poll(() => bob.page.locator(`li[data-game="${gameId}"]`).count(), WAIT).toBe(0)
    await alice.context.close()
    await bob.context.close()
  }, 150_000)

  it('sends a visitor to sign in before the invite page', async () => {
    const { context, page } = await newPerson(w)
    await page.goto('/g/00000000-0000-4000-8000-000000000000/invite')
    await page.waitForURL('**/login?next=*')
    expect(new URL(page.url()).searchParams.get('next')).toBe('/g/00000000-0000-4000-8000-000000000000/invite')
    await context.close()
  })
})
