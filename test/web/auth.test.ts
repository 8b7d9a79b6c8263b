// Signing in and out in a real Chromium: the session cookie, its CSRF token, and the pages' basics.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { WAIT, newPerson, registerInBrowser, seriousViolations, startWeb, type WebHarness } from './browser.js'

let w: WebHarness
beforeAll(async () => {
  w = await startWeb()
}, 120_000)
afterAll(async () => w?.close(), 60_000)

const email = (name: string) => `${name}.${process.pid}.${Date.now()}@example.org`

describe('signing in in the browser', () => {
  it('registers, lands on my games, signs out and signs in again', async () => {
    const { context, page } = await newPerson(w)
    const address = email('ayumi')
    await registerInBrowser(page, '歩美', address)
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent(), WAIT).toBe('My games')
    await page.getByRole('button', { name: 'Sign out (歩美)' }).click()
    await page.waitForURL('**/login')
    await page.getByLabel('Email').fill(address)
    await page.getByLabel('Password').fill('wrong password here')
    await page.getByRole('button', { name: 'Sign in' }).click()
    await expect.poll(() => page.getByRole('alert').textContent(), WAIT).toBe('The email or the password is wrong.')
    await page.getByLabel('Password').fill('correct horse battery')
    await page.getByRole('button', { name: 'Sign in' }).click()
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent(), WAIT).toBe('My games')
    const cookie = (await context.cookies()).find((c) => c.name === 'hexmail_session')
    expect(cookie?.httpOnly).toBe(true)
    expect(cookie?.sameSite).toBe('Lax')
    await context.close()
  })

  it('a session cookie never changes anything without its CSRF token', async () => {
    const { context, page } = await newPerson(w)
    await registerInBrowser(page, 'Csrf', email('csrf'))
    const create = { ruleset: 'abaoaqu', scenario: 'A-S4', seat: 'FED' }
    const before = await w.h.t.db.game.count()
    const without = await context.request.post('/games', { data: create })
    expect(without.status()).toBe(403)
    expect((await without.json()).detail).toMatch(/CSRF token/)
    const forged = await context.request.post('/games', { data: create, headers: { 'x-csrf-token': 'x'.repeat(43) } })
    expect(forged.status()).toBe(403)
    expect(await w.h.t.db.game.count()).toBe(before)
    // The page's own token works.
    const token = await page.locator('meta[name="csrf-token"]').getAttribute('content')
    const withToken = await context.request.post('/games', { data: create, headers: { 'x-csrf-token': token! } })
    expect(withToken.status()).toBe(201)
    // A form posted to sign out without the token is refused, and the session lives on.
    const logout = await context.request.post('/logout', { form: { _csrf: 'nope' }, maxRedirects: 0 })
    expect(logout.status()).toBe(403)
    await page.goto('/')
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent(), WAIT).toBe('My games')
    await context.close()
  })

  it('never sends a signed-in browser off the site, whatever `next` says', async () => {
    const { context, page } = await newPerson(w)
    await registerInBrowser(page, 'Next', email('next'))
    for (const next of [
      '/\t/example.com/phish',
      '//example.com',
      '/\\example.com',
      'https://example.com',
      '/\r\nSet-Cookie: x=1',
      '/\u2028x',
    ]) {
      const res = await context.request.get(`/login?next=${encodeURIComponent(next)}`, { maxRedirects: 0 })
      expect(res.status(), next).toBe(303)
      expect(res.headers().location, next).toBe('/')
    }
    const kept = await context.request.get(`/login?next=${encodeURIComponent('/g/x?invite=abc')}`, { maxRedirects: 0 })
    expect(kept.headers().location).toBe('/g/x?invite=abc')
    await context.close()
  })

  it('a form from another site cannot sign anyone in', async () => {
    const { context } = await newPerson(w)
    const res = await context.request.post('/login', {
      form: { email: 'x@example.org', password: 'whatever at all' },
      headers: { origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' },
      maxRedirects: 0,
    })
    expect(res.status()).toBe(403)
    await context.close()
  })

  it('an unknown page is a 404 page, not JSON, and the API still answers JSON', async () => {
    const { context, page } = await newPerson(w)
    const res = await page.goto('/no/such/page')
    expect(res?.status()).toBe(404)
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent(), WAIT).toBe('Page not found')
    const api = await context.request.get('/no/such/route')
    expect(api.headers()['content-type']).toContain('application/problem+json')
    await context.close()
  })

  it('speaks Japanese to a Japanese browser', async () => {
    const { context, page } = await newPerson(w, undefined, { locale: 'ja-JP' })
    await page.goto('/login')
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent(), WAIT).toBe('ログイン')
    await context.close()
  })

  it('the welcome, sign-in, register and home pages have no serious accessibility violations', async () => {
    const { context, page } = await newPerson(w)
    for (const path of ['/', '/login', '/register']) {
      await page.goto(path)
      expect(await seriousViolations(page), path).toEqual([])
    }
    await registerInBrowser(page, 'Axe', email('axe'))
    expect(await seriousViolations(page), '/ signed in').toEqual([])
    await context.close()
  })
})
