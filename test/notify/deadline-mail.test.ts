// A deadline that passes is told to every player, by email, with its times in each reader's zone.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { deadlineTick } from '../../src/games/deadlines.js'
import { formatDate } from '../../src/notify/compose/helpers.js'
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
  await s.app.inject({ method: 'PATCH', url: '/me/preferences', headers: as(bob), payload: { timeZone: 'Asia/Tokyo' } })
}, 60_000)
afterAll(async () => s?.close())

const flat = (text: string) => text.replace(/\s+/g, ' ')

describe('deadline notices by email', () => {
  it('tell each player, in their own time zone, and the next side gets its phase email', async () => {
    const created = await s.app.inject({
      method: 'POST',
      url: '/games',
      headers: as(alice),
      payload: { ruleset: 'abaoaqu', scenario: 'A-S4', seat: 'FED', title: 'Late' },
    })
    const id = created.json().id as string
    await s.app.inject({ method: 'POST', url: `/games/${id}/join`, headers: as(bob), payload: {} })
    const before = (await s.app.inject({ method: 'GET', url: `/games/${id}`, headers: as(alice) })).json()
    // A deadline counts once its player was told (deadline-hold.test.ts): the phase email first.
    const acting = before.pending[0].seats[0] === 'FED' ? alice : bob
    await waitFor('the phase email', () => s.mails(acting.email, 'your-phase').length === 1)
    await waitFor(
      'its notification recorded as sent',
      async () =>
        (await s.t.db.notification.count({ where: { gameId: id, kind: 'your-phase', status: 'sent' } })) === 1,
    )
    const tick = await deadlineTick(s.t.db, new Date(new Date(before.deadline).getTime() + 1000))
    expect(tick.actions).toContainEqual({ gameId: id, action: 'passed' })
    await waitFor(
      'both deadline notices',
      () => s.mails(alice.email, 'deadline').length === 1 && s.mails(bob.email, 'deadline').length === 1,
    )
    const forAlice = s.mails(alice.email, 'deadline')[0]!.parsed
    const forBob = s.mails(bob.email, 'deadline')[0]!.parsed
    expect(forAlice.subject).toBe('Late: a deadline passed')
    expect(flat(forAlice.text!)).toContain(flat(formatDate(before.deadline, 'UTC')))
    expect(flat(forBob.text!)).toContain(flat(formatDate(before.deadline, 'Asia/Tokyo')))
    // An HTML part too, with the same news and the way to the game.
    expect(flat(forBob.html as string)).toContain(flat(formatDate(before.deadline, 'Asia/Tokyo')))
    expect(forBob.html as string).toMatch(new RegExp(`href="http://hexmail\\.test/g/${id}\\?login&#x3D;[\\w.-]+"`))
    const after = (await s.app.inject({ method: 'GET', url: `/games/${id}`, headers: as(alice) })).json()
    const next = after.pending[0].seats[0] === 'FED' ? alice : bob
    await waitFor("the next side's phase email", () =>
      s
        .mails(next.email, 'your-phase')
        .some((m) => m.parsed.headers.get('x-hexmail-position') === String(after.logSeq)),
    )
  }, 60_000)
})
