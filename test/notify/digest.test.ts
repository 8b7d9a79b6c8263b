// The daily digest: news that may wait is held and gathered in one email a day (after 07:00 in the
// player's time zone); your-phase emails still come at once.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { queueDigests } from '../../src/notify/digest.js'
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

describe('the daily digest', () => {
  it('holds phase-resolved news for a digest reader and sends it once a day, in one email', async () => {
    const prefs = await s.app.inject({
      method: 'PATCH',
      url: '/me/preferences',
      headers: as(bob),
      payload: { digest: true, notifyEveryPhase: true, timeZone: 'Asia/Tokyo' },
    })
    expect(prefs.json()).toMatchObject({ digest: true, notifyEveryPhase: true })
    const created = await s.app.inject({
      method: 'POST',
      url: '/games',
      headers: as(alice),
      payload: { ruleset: 'abaoaqu', scenario: 'A-S4', seat: 'FED', title: 'Digest test' },
    })
    const id = created.json().id as string
    await s.app.inject({ method: 'POST', url: `/games/${id}/join`, headers: as(bob), payload: {} })
    // Play until Alice has had two phases of her own: each resolution is news for Bob.
    let alicePhases = 0
    for (let i = 0; i < 8 && alicePhases < 2; i++) {
      const summary = (await s.app.inject({ method: 'GET', url: `/games/${id}`, headers: as(alice) })).json()
      const actor = summary.pending[0].seats[0] === 'FED' ? alice : bob
      if (actor === alice) alicePhases++
      expect(
        (
          await s.app.inject({
            method: 'POST',
            url: `/games/${id}/orders`,
            headers: as(actor),
            payload: { text: 'pass' },
          })
        ).statusCode,
      ).toBe(200)
    }
    await waitFor(
      'held notifications',
      async () =>
        (await s.t.db.notification.count({ where: { gameId: id, toAddress: bob.email, status: 'digest' } })) >= 2,
    )
    const held = await s.t.db.notification.count({ where: { gameId: id, toAddress: bob.email, status: 'digest' } })
    expect(s.mails(bob.email, 'phase-resolved')).toHaveLength(0)

    // 06:00 in Tokyo: too early. 09:00: the digest goes, once for the day.
    expect(await queueDigests(s.t.db, new Date('2026-12-01T21:00:00Z'))).toBe(0)
    expect(await queueDigests(s.t.db, new Date('2026-12-02T00:00:00Z'))).toBe(1)
    expect(await queueDigests(s.t.db, new Date('2026-12-02T05:00:00Z'))).toBe(0)
    await waitFor('the digest email', () => s.mails(bob.email, 'digest').length === 1)
    const digest = s.mails(bob.email, 'digest')[0]!.parsed
    expect(digest.subject).toBe(`hexmail digest: ${held} messages (2026-12-02)`)
    expect((digest.text!.match(/Digest test/g) ?? []).length).toBeGreaterThanOrEqual(held)
    expect(await s.t.db.notification.count({ where: { toAddress: bob.email, status: 'digest' } })).toBe(0)
    // Bob's own phases were not held.
    await waitFor("Bob's your-phase emails", () => s.mails(bob.email, 'your-phase').length > 0)
  }, 60_000)
})
