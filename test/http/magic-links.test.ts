// Signing in with an emailed link, end to end: the API, the outbox, the worker and a real SMTP server.
// The link works once, for a few minutes; asking never tells whether an account has the address.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { consumeMagicLink, peekMagicLink, verifyPageLink } from '../../src/auth/index.js'
import { redactQuery } from '../../src/http/app.js'
import { waitFor } from '../support/smtp.js'
import { queueIdle, startGame, startMailStack, type MailStack } from '../notify/stack.js'
import { as, register, type User } from './helpers.js'

let s: MailStack
let ada: User
let yuki: User
beforeAll(async () => {
  s = await startMailStack({ MAGIC_LINK_TTL_MINUTES: '20' })
  ada = await register(s.app, 'Ada')
  yuki = await register(s.app, 'Yuki')
  const ja = await s.app.inject({
    method: 'PATCH',
    url: '/me/preferences',
    headers: as(yuki),
    payload: { locale: 'ja' },
  })
  expect(ja.statusCode, ja.body).toBe(200)
}, 60_000)
afterAll(async () => s?.close())

const flat = (text: string) => text.replace(/\s+/g, ' ')

const ask = (email: string, next?: string) =>
  s.app.inject({ method: 'POST', url: '/auth/magic-link', payload: { email, ...(next ? { next } : {}) } })
const consume = (token: string) => s.app.inject({ method: 'POST', url: '/auth/magic-link/consume', payload: { token } })

/** The sign-in link of the `nth` magic-link email to `email` (waiting for it), and its token. */
async function linkOf(email: string, nth: number): Promise<{ url: string; token: string; text: string }> {
  await waitFor(`sign-in email ${nth} to ${email}`, () => s.mails(email, 'magic-link').length >= nth)
  const text = String(s.mails(email, 'magic-link')[nth - 1]!.parsed.text)
  const url = /http:\/\/hexmail\.test\/auth\/magic\?token=[\w-]+/.exec(text)?.[0]
  if (!url) throw new Error(`no sign-in link in:\n${text}`)
  return { url, token: new URL(url).searchParams.get('token')!, text }
}

describe('POST /auth/magic-link', () => {
  it('answers the same for a known and an unknown address; only the known one gets an email', async () => {
    const known = await ask(ada.email.toUpperCase())
    const unknown = await ask('nobody-here@example.org')
    expect(known.statusCode).toBe(202)
    expect(unknown.statusCode).toBe(202)
    expect(unknown.json()).toEqual(known.json())
    expect(known.json()).toEqual({ sent: true })

    const { text } = await linkOf(ada.email, 1)
    expect(flat(text)).toContain(`sign in to hexmail as ${ada.email}`)
    expect(flat(text)).toMatch(/works once, until .*\(20 minutes after it was asked for\)/)
    await waitFor('the queue to settle', () => queueIdle(s))
    expect(s.smtp.received.filter((r) => r.to.includes('nobody-here@example.org'))).toHaveLength(0)
    expect(await s.t.db.outbox.count({ where: { kind: 'magic-link' } })).toBe(1)
    // Sent exactly once.
    expect(s.mails(ada.email, 'magic-link')).toHaveLength(1)
  })

  it('keeps no usable token in the database: the outbox holds it sealed, the link table its hash', async () => {
    const cleo = await register(s.app, 'Cleo')
    await ask(cleo.email)
    const { token } = await linkOf(cleo.email, 1)
    const rows = await s.t.db.outbox.findMany({ where: { kind: { in: ['magic-link', 'verify-email'] } } })
    expect(rows.length).toBeGreaterThan(1)
    for (const row of rows) {
      const stored = String((row.payload as { token: string }).token)
      expect(stored.startsWith('sealed1.'), row.kind).toBe(true)
      expect(JSON.stringify(row.payload)).not.toContain(token)
    }
    const stored = rows.find((r) => r.kind === 'magic-link' && JSON.stringify(r.payload).includes(cleo.id))!
    // What someone holding the database could try: neither the sealed value nor the hash signs in.
    expect((await consume(String((stored.payload as { token: string }).token))).statusCode).toBe(401)
    const link = await s.t.db.magicLink.findFirstOrThrow({ where: { userId: cleo.id } })
    expect((await consume(link.tokenHash)).statusCode).toBe(401)
    // The emailed link still works.
    expect((await consume(token)).statusCode).toBe(200)
  })

  it('writes the email in the reader’s language', async () => {
    expect((await ask(yuki.email)).statusCode).toBe(202)
    await linkOf(yuki.email, 1)
    const mail = s.mails(yuki.email, 'magic-link')[0]!
    expect(mail.parsed.subject).toBe('hexmail のサインイン用リンク')
    expect(String(mail.parsed.text)).toContain('一度だけ使えます')
    expect(String(mail.parsed.text)).toContain('20分')
  })

  it.each([
    ['a protocol-relative URL', '//evil.com/g/1'],
    ['an absolute URL', 'https://evil.com/'],
    ['a backslash that browsers read as a slash', '/\\evil.com'],
    ['no leading slash', 'g/1'],
    ['a control character', '/g/1\n'],
  ])('refuses a next of %s, naming the field', async (_what, next) => {
    const res = await ask('someone@example.org', next)
    expect(res.statusCode).toBe(400)
    expect(res.json().errors[0].field).toBe('body/next')
  })

  it('refuses a malformed email, naming the field, and unknown fields', async () => {
    const bad = await ask('not-an-email')
    expect(bad.json().detail).toMatch(/email/)
    expect(bad.statusCode).toBe(400)
    expect(bad.json().errors[0].field).toBe('body/email')
    const extra = await s.app.inject({
      method: 'POST',
      url: '/auth/magic-link',
      payload: { email: 'someone@example.org', remember: true },
    })
    expect(extra.statusCode).toBe(400)
    expect(extra.json().errors[0].field).toBe('body/remember')
  })

  it('limits the links asked for one address, whatever the case it is written in', async () => {
    const email = (await register(s.app, 'Limited')).email
    const answers = []
    for (let i = 0; i < 6; i++) answers.push((await ask(i % 2 ? email.toUpperCase() : email)).statusCode)
    expect(answers).toEqual([202, 202, 202, 202, 202, 429])
    expect((await ask(ada.email)).statusCode).toBe(202)
  })
})

describe('POST /auth/magic-link/consume', () => {
  it('signs in once; the same link again says it was used; GET-like peeking uses nothing', async () => {
    const ada = await register(s.app, 'Once')
    expect((await ask(ada.email, '/g/4f1e?x=1#orders')).statusCode).toBe(202)
    const { token } = await linkOf(ada.email, 1)

    // The page's "Sign in as …?" question reads the link without using it, as often as it is loaded.
    for (let i = 0; i < 2; i++)
      expect(await peekMagicLink(s.t.db, token)).toMatchObject({
        state: 'valid',
        email: ada.email,
        next: '/g/4f1e?x=1#orders',
      })

    const first = await consume(token)
    expect(first.statusCode, first.body).toBe(200)
    const signedIn = first.json()
    expect(signedIn.user).toMatchObject({ id: ada.id, email: ada.email })
    expect(signedIn.refreshToken).toMatch(/^[\w-]{43}$/)
    const me = await s.app.inject({
      method: 'GET',
      url: '/me',
      headers: { authorization: `Bearer ${signedIn.accessToken}` },
    })
    expect(me.json().id).toBe(ada.id)
    // Following the link proved the address.
    expect(signedIn.user.emailVerifiedAt).not.toBeNull()

    const again = await consume(token)
    expect(again.statusCode).toBe(410)
    expect(again.json()).toMatchObject({ code: 'MAGIC_LINK_USED' })
    expect(again.json().detail).toMatch(/already used.*ask for a new sign-in link/)
    expect((await peekMagicLink(s.t.db, token)).state).toBe('used')
  })

  it('an expired link says so; an unknown one says it is not known', async () => {
    const ada = await register(s.app, 'Late')
    expect((await ask(ada.email)).statusCode).toBe(202)
    const { token } = await linkOf(ada.email, 1)
    await s.t.sql(`UPDATE "MagicLink" SET "expiresAt" = now() - interval '1 second' WHERE "usedAt" IS NULL`)
    expect((await peekMagicLink(s.t.db, token)).state).toBe('expired')
    const expired = await consume(token)
    expect(expired.statusCode).toBe(410)
    expect(expired.json()).toMatchObject({ code: 'MAGIC_LINK_EXPIRED' })
    expect(expired.json().detail).toMatch(/expired.*ask for a new sign-in link/)

    const unknown = await consume('A'.repeat(43))
    expect(unknown.statusCode).toBe(401)
    expect(unknown.json()).toMatchObject({ code: 'MAGIC_LINK_UNKNOWN' })
    expect(await peekMagicLink(s.t.db, 'A'.repeat(43))).toMatchObject({ state: 'unknown', email: null })
  })

  it('two clicks at once: exactly one signs in', async () => {
    const ada = await register(s.app, 'Twice')
    for (let round = 0; round < 3; round++) {
      expect((await ask(ada.email)).statusCode).toBe(202)
      const { token } = await linkOf(ada.email, 1 + round)
      const answers = await Promise.all([consume(token), consume(token), consume(token)])
      expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 410, 410])
      for (const a of answers.filter((x) => x.statusCode === 410)) expect(a.json().code).toBe('MAGIC_LINK_USED')
    }
  })

  it('the use case gives the account and the page to open, once', async () => {
    expect((await ask(yuki.email, '/g/abc/replay')).statusCode).toBe(202)
    const { token } = await linkOf(yuki.email, 2)
    const claims = await Promise.allSettled([consumeMagicLink(s.t.db, token), consumeMagicLink(s.t.db, token)])
    const won = claims.filter((c) => c.status === 'fulfilled')
    expect(won).toHaveLength(1)
    expect((won[0] as PromiseFulfilledResult<unknown>).value).toEqual({
      userId: yuki.id,
      role: 'PLAYER',
      next: '/g/abc/replay',
    })
  })
})

describe('links in game emails', () => {
  it('the your-phase email opens the game page, signed in for its addressee and no one else', async () => {
    const { gameId, pending } = await startGame(s, ada, yuki, 'Signed links')
    const reader = pending[0] === 'FED' ? ada : yuki
    const other = reader === ada ? yuki : ada
    await waitFor('the your-phase email', () => s.mails(reader.email, 'your-phase').length === 1)
    const mail = s.mails(reader.email, 'your-phase')[0]!
    const text = String(mail.parsed.text)
    const html = String(mail.parsed.html)
    const pageLinks = [...text.matchAll(/http:\/\/hexmail\.test\/g\/[^\s]+/g)].map((m) => new URL(m[0]))
    const game = pageLinks.find((u) => u.pathname === `/g/${gameId}` && u.hash === '')!
    expect(game, text).toBeDefined()
    expect(html).toContain(`href="http://hexmail.test/g/${gameId}?login&#x3D;`)
    const login = game.searchParams.get('login')!
    const secret = s.config.jwtSecret
    expect(verifyPageLink(secret, login, game.pathname + game.search)).toBe(reader.id)
    expect(verifyPageLink(secret, login, game.pathname + game.search)).not.toBe(other.id)
    // Another page, or another game, is not opened by it.
    expect(verifyPageLink(secret, login, `/g/${gameId}/replay`)).toBeNull()
    expect(verifyPageLink(secret, login, '/preferences')).toBeNull()
    // The options go to the orders on the page, the receipt to the verify page, preferences to theirs.
    const orders = pageLinks.find((u) => u.hash === '#orders')!
    expect(orders.pathname).toBe(`/g/${gameId}`)
    const verify = pageLinks.find((u) => u.pathname === `/g/${gameId}/verify`)!
    expect(verify.searchParams.get('receipt')).toMatch(/^\d+:/)
    expect(verifyPageLink(secret, verify.searchParams.get('login')!, verify.pathname + verify.search)).toBe(reader.id)
    const prefs = /http:\/\/hexmail\.test\/preferences\?login=\S+/.exec(text)?.[0]
    expect(prefs, text).toBeDefined()
    expect(verifyPageLink(secret, new URL(prefs!).searchParams.get('login')!, '/preferences')).toBe(reader.id)
    // The old JSON links are gone; the map picture keeps its own key.
    expect(text).not.toMatch(/hexmail\.test\/games\/[^/\s]+(\s|\/options|\/verify)/)
    expect(text).toMatch(/hexmail\.test\/games\/[^/]+\/map\.png\?at=\d+&seat=\w+&key=/)
  })
})

describe('logs', () => {
  it('never show a page link’s login token', () => {
    expect(redactQuery('/g/1?login=abc.def.ghi#orders')).toBe('/g/1?login=***#orders')
    expect(redactQuery('/g/1/verify?receipt=3%3Aab&login=abc.def')).toBe('/g/1/verify?receipt=3%3Aab&login=***')
  })
})
