// Invitations by email: the invitee gets one email with the invite link, which shows the (private)
// game and lets them take a seat.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { as, register, type User } from '../http/helpers.js'
import { waitFor } from '../support/smtp.js'
import { startMailStack, type MailStack } from './stack.js'

let s: MailStack
let alice: User
let bob: User
beforeAll(async () => {
  s = await startMailStack()
  alice = await register(s.app, 'Alice')
  bob = await register(s.app, 'Bob')
}, 60_000)
afterAll(async () => s?.close())

describe('invite by email', () => {
  it('sends one invitation per address, whose link opens the private game and lets the invitee join', async () => {
    const created = await s.app.inject({
      method: 'POST',
      url: '/games',
      headers: as(alice),
      payload: { ruleset: 'abaoaqu', scenario: 'A-S4', seat: 'FED', private: true, title: 'Invitational' },
    })
    const id = created.json().id as string
    const invite = () =>
      s.app.inject({
        method: 'POST',
        url: `/games/${id}/invites`,
        headers: as(alice),
        payload: { email: bob.email.toUpperCase(), seat: 'ZEON', message: 'Fancy a game, <b>Bob</b>?' },
      })
    // Only a confirmed address sends invitations: Alice follows the link in her verification email.
    const unconfirmed = await invite()
    expect(unconfirmed.statusCode).toBe(403)
    expect(unconfirmed.json().detail).toMatch(/confirm your own email/)
    await waitFor("Alice's verification email", () => s.mails(alice.email, 'verify-email').length === 1)
    const verifyLink = new URL(
      /http:\/\/hexmail\.test\/auth\/verify\?token=\S+/.exec(s.mails(alice.email, 'verify-email')[0]!.parsed.text!)![0],
    )
    // The link opens a page whose button confirms (POST /auth/verify-email): opening it alone confirms nothing.
    const token = verifyLink.searchParams.get('token')!
    expect((await s.app.inject({ method: 'GET', url: verifyLink.pathname + verifyLink.search })).statusCode).toBe(200)
    expect((await invite()).statusCode).toBe(403)
    const confirmed = await s.app.inject({ method: 'POST', url: '/auth/verify-email', payload: { token } })
    expect(confirmed.statusCode).toBe(200)
    const first = await invite()
    expect(first.statusCode, first.body).toBe(202)
    expect(first.json()).toMatchObject({ invited: bob.email, alreadyInvited: false })
    expect((await invite()).json().alreadyInvited).toBe(true)
    await waitFor('the invitation email', () => s.mails(bob.email, 'invite').length === 1)
    const mail = s.mails(bob.email, 'invite')[0]!.parsed
    expect(mail.subject).toContain('Invitational')
    expect(mail.text).toContain('Alice')
    expect(mail.text).toContain('Fancy a game, <b>Bob</b>?')
    expect(mail.html).toContain('Fancy a game, &lt;b&gt;Bob&lt;/b&gt;?')
    expect(mail.html).toContain('Zeon')
    const link = new URL(first.json().inviteUrl as string)
    // The email opens the game's web page with the code, unsigned (the invitee may have no account).
    expect(mail.text).toContain(`http://hexmail.test/g/${id}?invite=${link.searchParams.get('invite')}`)
    expect(mail.text).not.toMatch(/\?invite=\S*login=/)

    // The link shows the private game to Bob; he joins with the code, and the game starts.
    const shown = await s.app.inject({ method: 'GET', url: link.pathname + link.search, headers: as(bob) })
    expect(shown.statusCode).toBe(200)
    const joined = await s.app.inject({
      method: 'POST',
      url: `/games/${id}/join`,
      headers: as(bob),
      payload: { invite: link.searchParams.get('invite') },
    })
    expect(joined.json().game.status).toBe('ACTIVE')
    const late = await s.app.inject({
      method: 'POST',
      url: `/games/${id}/invites`,
      headers: as(alice),
      payload: { email: 'dan@example.org' },
    })
    expect(late.statusCode).toBe(409)
    // One email, however often the invite was asked for.
    await waitFor('the your-phase emails', () =>
      s.smtp.received.some((r) => String(r.parsed.headers.get('x-hexmail-kind')) === 'your-phase'),
    )
    expect(s.mails(bob.email, 'invite')).toHaveLength(1)
  }, 60_000)

  it("an invitation is in its reader's language: Japanese for ja, English for an address with no account", async () => {
    // Alice confirmed her address in the test above. Her own language does not matter, the reader's does.
    for (const u of [alice, bob]) {
      const res = await s.app.inject({
        method: 'PATCH',
        url: '/me/preferences',
        headers: as(u),
        payload: { locale: 'ja' },
      })
      expect(res.statusCode, res.body).toBe(200)
    }
    const created = await s.app.inject({
      method: 'POST',
      url: '/games',
      headers: as(alice),
      payload: { ruleset: 'abaoaqu', scenario: 'A-S4', seat: 'FED', private: true, title: 'Languages' },
    })
    const id = created.json().id as string
    for (const email of [bob.email, 'carol@example.org']) {
      const res = await s.app.inject({
        method: 'POST',
        url: `/games/${id}/invites`,
        headers: as(alice),
        payload: { email },
      })
      expect(res.statusCode, res.body).toBe(202)
    }
    const languages = (to: string) => s.mails(to, 'invite').filter((m) => m.parsed.subject?.includes('Languages'))
    await waitFor(
      'both invitations',
      () => languages(bob.email).length === 1 && languages('carol@example.org').length === 1,
    )
    const ja = languages(bob.email)[0]!.parsed
    expect(ja.subject).toBe('Alice さんから Languages への招待')
    expect(ja.text).toContain('Bob さん')
    expect(ja.text).toContain('招待を受ける')
    const en = languages('carol@example.org')[0]!.parsed
    expect(en.subject).toBe('Alice invites you to play Languages')
    expect(en.text).toContain('Hello carol,')
    expect(en.text).not.toMatch(/[\u3040-\u30ff\u4e00-\u9fff]/)
  }, 60_000)

  it('only a player of the game invites; a bad address is refused', async () => {
    // (Alice confirmed her address in the test above.)
    const created = await s.app.inject({
      method: 'POST',
      url: '/games',
      headers: as(alice),
      payload: { ruleset: 'abaoaqu', scenario: 'A-S4' },
    })
    const id = created.json().id as string
    expect(
      (
        await s.app.inject({
          method: 'POST',
          url: `/games/${id}/invites`,
          headers: as(bob),
          payload: { email: 'dan@example.org' },
        })
      ).statusCode,
    ).toBe(403)
    const bad = await s.app.inject({
      method: 'POST',
      url: `/games/${id}/invites`,
      headers: as(alice),
      payload: { email: 'not an address' },
    })
    expect(bad.statusCode).toBe(400)
    expect(bad.json().detail).toMatch(/email/)
    expect(await s.t.db.outbox.count({ where: { gameId: id, kind: 'invite' } })).toBe(0)
  })

  it("a day's invitations are bounded: 3 to one address from anyone, 20 from one player over all games", async () => {
    // (Alice confirmed her address in the first test.)
    const games: string[] = []
    for (let i = 0; i < 5; i++)
      games.push(
        (
          await s.app.inject({
            method: 'POST',
            url: '/games',
            headers: as(alice),
            payload: { ruleset: 'abaoaqu', scenario: 'A-S4', title: `招待 ${i}` },
          })
        ).json().id,
      )
    const invite = (game: string, email: string) =>
      s.app.inject({
        method: 'POST',
        url: `/games/${game}/invites`,
        headers: as(alice),
        payload: { email, message: 'x'.repeat(500) },
      })
    for (let i = 0; i < 3; i++) expect((await invite(games[i]!, 'target@example.org')).statusCode).toBe(202)
    const fourth = await invite(games[3]!, 'target@example.org')
    expect(fourth.statusCode).toBe(429)
    expect(fourth.json()).toMatchObject({
      field: 'email',
      detail: expect.stringMatching(/invited 3 times in the last 24 hours/),
    })
    const sentBy = async () =>
      (
        await s.t.sql(`SELECT count(*)::int AS n FROM "Outbox" WHERE kind = 'invite' AND payload->>'fromUserId' = $1`, [
          alice.id,
        ])
      ).rows[0].n as number
    const before = await sentBy()
    let refused = 0
    for (let i = 0; i < 25; i++) {
      const res = await invite(games[Math.floor(i / 6) % 5]!, `friend${i}@example.org`)
      if (res.statusCode === 429) refused++
      else expect(res.statusCode, res.body).toBe(202)
    }
    expect(await sentBy()).toBe(20)
    expect(refused).toBe(25 - (20 - before))
  })
})
