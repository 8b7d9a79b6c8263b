// Email preferences and the one-click unsubscribe of every game email (RFC 8058).
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { mailSecret } from '../../src/config.js'
import { unsubscribeToken } from '../../src/notify/messages.js'
import { as, register, startApp, type TestApp, type User } from './helpers.js'

let h: TestApp
let alice: User
beforeAll(async () => {
  h = await startApp({ MAIL_SECRET: 'prefs-secret' })
  alice = await register(h.app, 'Alice')
})
afterAll(async () => h?.close())

describe('preferences', () => {
  it('shows and changes only the fields sent; a bad time zone is refused and changes nothing', async () => {
    const before = (await h.app.inject({ method: 'GET', url: '/me/preferences', headers: as(alice) })).json()
    expect(before).toMatchObject({
      timeZone: 'UTC',
      notifyYourPhase: true,
      notifyReminders: true,
      notifyEveryPhase: false,
      notifyMessages: true,
      digest: false,
      subscribed: true,
    })
    const changed = await h.app.inject({
      method: 'PATCH',
      url: '/me/preferences',
      headers: as(alice),
      payload: { timeZone: 'America/Sao_Paulo', reminderHours: 3 },
    })
    expect(changed.json()).toMatchObject({ ...before, timeZone: 'America/Sao_Paulo', reminderHours: 3 })
    const bad = await h.app.inject({
      method: 'PATCH',
      url: '/me/preferences',
      headers: as(alice),
      payload: { timeZone: 'Mars/Olympus', digest: true },
    })
    expect(bad.statusCode).toBe(400)
    expect(bad.json().errors?.[0]?.field ?? bad.json().field).toBe('timeZone')
    expect((await h.app.inject({ method: 'GET', url: '/me/preferences', headers: as(alice) })).json()).toMatchObject({
      timeZone: 'America/Sao_Paulo',
      digest: false,
    })
  })

  it('the language of the emails: English by default, ja settable, anything else refused naming it', async () => {
    const bob = await register(h.app, 'Bob')
    const get = async () => (await h.app.inject({ method: 'GET', url: '/me/preferences', headers: as(bob) })).json()
    expect((await get()).locale).toBe('en')
    const ja = await h.app.inject({
      method: 'PATCH',
      url: '/me/preferences',
      headers: as(bob),
      payload: { locale: 'ja' },
    })
    expect(ja.statusCode).toBe(200)
    expect(ja.json().locale).toBe('ja')
    expect((await get()).locale).toBe('ja')
    for (const locale of ['fr', 'JA', '', 'ja-JP', 7, null]) {
      const bad = await h.app.inject({
        method: 'PATCH',
        url: '/me/preferences',
        headers: as(bob),
        payload: { locale, digest: true },
      })
      expect(bad.statusCode, JSON.stringify(locale)).toBe(400)
      expect(bad.json().errors?.[0]?.field, JSON.stringify(locale)).toBe('body/locale')
    }
    expect(await get()).toMatchObject({ locale: 'ja', digest: false })
  })

  it("one click unsubscribes (the mail client's form POST); the page asks first; a forged link fails", async () => {
    const t = unsubscribeToken(mailSecret(h.app.config), alice.id)
    const page = await h.app.inject({ method: 'GET', url: `/unsubscribe?u=${alice.id}&t=${t}` })
    expect(page.statusCode).toBe(200)
    expect(page.body).toContain('<form method="post"')
    expect((await h.app.inject({ method: 'GET', url: '/me/preferences', headers: as(alice) })).json().subscribed).toBe(
      true,
    )
    const forged = await h.app.inject({
      method: 'POST',
      url: `/unsubscribe?u=${alice.id}&t=${'x'.repeat(t.length)}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    })
    expect(forged.statusCode).toBe(403)
    const click = await h.app.inject({
      method: 'POST',
      url: `/unsubscribe?u=${alice.id}&t=${t}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    })
    expect(click.statusCode).toBe(200)
    expect((await h.app.inject({ method: 'GET', url: '/me/preferences', headers: as(alice) })).json().subscribed).toBe(
      false,
    )
    const back = await h.app.inject({
      method: 'PATCH',
      url: '/me/preferences',
      headers: as(alice),
      payload: { subscribed: true },
    })
    expect(back.json().subscribed).toBe(true)
  })
})
