// The bounds on what one account may send out through clubs (docs/configuration.md): clubs created in a
// day (CLUBS_PER_DAY), and club invitations by email, per sender and per address, as for games. Each
// refusal is a 429 with the reason, and changes nothing.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { INVITES_PER_ADDRESS_DAY } from '../../src/games/invites.js'
import { as, register, startApp, type TestApp, type User } from './helpers.js'

let h: TestApp
let owner: User
beforeAll(async () => {
  h = await startApp({ CLUBS_PER_DAY: '2', CLUB_INVITES_PER_DAY: '4' })
  owner = await register(h.app, 'Founder')
  await h.t.db.user.update({ where: { id: owner.id }, data: { emailVerifiedAt: new Date() } })
})
afterAll(async () => h?.close())

const post = (url: string, user: User, payload: object) =>
  h.app.inject({ method: 'POST', url, headers: as(user), payload })

describe('club bounds', () => {
  it('an account creates at most CLUBS_PER_DAY clubs in 24 hours', async () => {
    expect((await post('/clubs', owner, { name: 'First' })).statusCode).toBe(201)
    expect((await post('/clubs', owner, { name: 'Second' })).statusCode).toBe(201)
    const third = await post('/clubs', owner, { name: 'Third' })
    expect(third.statusCode).toBe(429)
    expect(third.json().detail).toContain('2 clubs in the last 24 hours')
    expect(await h.t.db.club.count({ where: { createdById: owner.id } })).toBe(2)
    // Someone else is not held back by it.
    const other = await register(h.app, 'Other')
    expect((await post('/clubs', other, { name: 'Third' })).statusCode).toBe(201)
  })

  it('one address is invited at most three times a day, even by re-sending the same invitation', async () => {
    const club = await h.t.db.club.findFirstOrThrow({ where: { createdById: owner.id } })
    const victim = `victim.${process.pid}@example.net`
    for (let i = 0; i < INVITES_PER_ADDRESS_DAY; i++)
      expect((await post(`/clubs/${club.id}/invites`, owner, { email: victim })).statusCode).toBe(201)
    const more = await post(`/clubs/${club.id}/invites`, owner, { email: victim })
    expect(more.statusCode).toBe(429)
    expect(more.json()).toMatchObject({ field: 'email' })
    expect(
      await h.t.db.outbox.count({ where: { kind: 'club-invite', payload: { path: ['to'], equals: victim } } }),
    ).toBe(INVITES_PER_ADDRESS_DAY)
  })
})
