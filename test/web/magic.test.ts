// Signing in by email in a real Chromium: a magic link asked for on the page, read from the real SMTP
// server, used once; a used or expired link says so and offers a new one; the signed link in a game email
// signs its addressee in, and a forged one does not.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { register } from '../http/helpers.js'
import { startGame } from '../notify/stack.js'
import { waitFor } from '../support/smtp.js'
import { newPerson, seriousViolations, startWebWithMail, WAIT, type WebMailHarness } from './browser.js'

let w: WebMailHarness
beforeAll(async () => {
  w = await startWebWithMail()
}, 120_000)
afterAll(async () => w?.close(), 60_000)

async function linkIn(to: string, kind: string, pattern: RegExp, nth = 1): Promise<string> {
  await waitFor(`${kind} email ${nth} to ${to}`, () => w.s.mails(to, kind).length >= nth)
  const text = String(w.s.mails(to, kind)[nth - 1]!.parsed.text)
  const link = pattern.exec(text)?.[0]
  if (!link) throw new Error(`no link like ${pattern} in:\n${text}`)
  return link
}

const heading = (page: import('playwright-core').Page) => page.getByRole('heading', { level: 1 }).textContent()

describe('magic links in the browser', () => {
  it('asks for a link, signs in with it once; the second use says so and offers a new one', async () => {
    const ada = await register(w.s.app, 'Ada')
    const { context, page } = await newPerson(w)
    await page.goto('/login')
    await page.getByRole('link', { name: 'Email me a sign-in link instead' }).click()
    expect(await seriousViolations(page)).toEqual([])
    await page.getByLabel('Email').fill(ada.email)
    await page.getByRole('button', { name: 'Email me a sign-in link' }).click()
    await expect.poll(() => page.getByRole('status').textContent(), WAIT).toContain('sign-in link is on its way')
    const link = await linkIn(ada.email, 'magic-link', /http:\/\/127\.0\.0\.1:\d+\/auth\/magic\?token=[\w-]+/)
    await page.goto(link)
    await expect.poll(() => page.getByText(`Sign in as ${ada.email}?`).count(), WAIT).toBe(1)
    expect(await seriousViolations(page)).toEqual([])
    await page.getByRole('button', { name: 'Sign in' }).click()
    await expect.poll(() => heading(page), WAIT).toBe('My games')
    const again = await page.goto(link)
    expect(again?.status()).toBe(410)
    await expect.poll(() => page.getByRole('alert').first().textContent(), WAIT).toContain('already been used')
    await page.getByRole('button', { name: 'Email me a new link' }).click()
    await linkIn(ada.email, 'magic-link', /\/auth\/magic\?token=/, 2)
    await context.close()
  })

  it('an expired link says so', async () => {
    const bea = await register(w.s.app, 'Bea')
    const { context, page } = await newPerson(w)
    await page.goto('/auth/magic-link')
    await page.getByLabel('Email').fill(bea.email)
    await page.getByRole('button', { name: 'Email me a sign-in link' }).click()
    const link = await linkIn(bea.email, 'magic-link', /http:\/\/127\.0\.0\.1:\d+\/auth\/magic\?token=[\w-]+/)
    await w.s.t.db.magicLink.updateMany({ where: { user: { email: bea.email } }, data: { expiresAt: new Date(0) } })
    const res = await page.goto(link)
    expect(res?.status()).toBe(410)
    await expect.poll(() => page.getByRole('alert').first().textContent(), WAIT).toContain('expired')
    expect(await w.s.t.db.webSession.count({ where: { user: { email: bea.email } } })).toBe(0)
    await context.close()
  })

  it('the link in a game email signs its addressee in; a forged one goes to sign-in', async () => {
    const fed = await register(w.s.app, 'Kai')
    const zeon = await register(w.s.app, 'Ramba')
    await startGame(w.s, fed, zeon, 'Links')
    const reader =
      (await waitFor('a your-phase email', () => [fed, zeon].some((u) => w.s.mails(u.email, 'your-phase').length > 0)),
      [fed, zeon].find((u) => w.s.mails(u.email, 'your-phase').length > 0)!)
    const link = await linkIn(reader.email, 'your-phase', /http:\/\/127\.0\.0\.1:\d+\/g\/[\w-]+\?login=[\w.-]+/)
    const { context, page } = await newPerson(w)
    await page.goto(link)
    // Signed in, on the game's page, without the token in the address.
    expect(new URL(page.url()).searchParams.has('login')).toBe(false)
    await page.goto('/')
    await expect.poll(() => heading(page), WAIT).toBe('My games')
    await expect.poll(() => page.getByRole('button', { name: `Sign out (${reader.name})` }).count(), WAIT).toBe(1)
    await context.close()

    const stranger = await newPerson(w)
    await stranger.page.goto(link.replace(/login=([\w-]+)\.([\w]+)\./, 'login=$1.zzzzzz.'))
    expect(new URL(stranger.page.url()).pathname).toBe('/login')
    await expect.poll(() => stranger.page.getByRole('alert').first().textContent(), WAIT).toContain('expired')
    expect((await stranger.context.cookies()).some((c) => c.name === 'hexmail_session')).toBe(false)
    await stranger.context.close()
  })
})
