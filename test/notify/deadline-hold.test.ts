// A deadline is not enforced while its "your phase" email has not gone out: with Redis down for longer
// than a phase, the `pass` policy does not pass a player who was never told; when the email finally
// goes out, the deadline moves by the delay, the log says so, and so does the email.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { deadlineTick, planMissed } from '../../src/games/deadlines.js'
import { gameMetaRow } from '../../src/store/games.js'
import { formatDate } from '../../src/notify/compose/helpers.js'
import { as, register, type User } from '../http/helpers.js'
import { waitFor } from '../support/smtp.js'
import { pendingSeats, queueIdle, startMailStack, type MailStack } from './stack.js'

const HOUR = 3_600_000
let s: MailStack
let alice: User
let bob: User
/** The worker's clock runs this far ahead of real time. */
let ahead = 0
beforeAll(async () => {
  s = await startMailStack({}, { now: () => new Date(Date.now() + ahead) })
  alice = await register(s.app, 'Alice')
  bob = await register(s.app, 'Bob')
}, 60_000)
afterAll(async () => s?.close())

const flat = (text: string) => text.replace(/\s+/g, ' ')
const at = (d: string | Date, ms: number) => new Date(new Date(d).getTime() + ms)

async function game(id: string) {
  return (await s.app.inject({ method: 'GET', url: `/games/${id}`, headers: as(alice) })).json()
}
async function log(id: string) {
  return (await s.app.inject({ method: 'GET', url: `/games/${id}/log?limit=100`, headers: as(alice) })).json()
    .entries as Array<{ seq: number; kind: string; payload: Record<string, unknown> }>
}
const actionsFor = (id: string, tick: Awaited<ReturnType<typeof deadlineTick>>) =>
  tick.actions.filter((a) => a.gameId === id).map((a) => a.action)

describe('deadlines wait for the phase email', () => {
  it('Redis down past the deadline: not passed; the late email moves the deadline by the delay, says so', async () => {
    const created = await s.app.inject({
      method: 'POST',
      url: '/games',
      headers: as(alice),
      payload: {
        ruleset: 'abaoaqu',
        scenario: 'A-S4',
        seat: 'FED',
        title: 'Hold test',
        missedPolicy: 'pass',
        phaseHours: 24,
      },
    })
    const id = created.json().id as string
    await s.app.inject({ method: 'POST', url: `/games/${id}/join`, headers: as(bob), payload: {} })
    const players: Record<string, User> = { FED: alice, ZEON: bob }
    const g0 = await game(id)
    const first = players[pendingSeats(g0.pending)[0]!]!
    await waitFor('the first your-phase email', () => s.mails(first.email, 'your-phase').length === 1)
    // Sent on time: no deadline moved.
    expect((await log(id)).some((e) => e.kind === 'TIMEOUT')).toBe(false)
    await waitFor('a quiet queue', () => queueIdle(s))

    // Redis goes away; the first player plays, and the next step's email is stuck in the outbox.
    await s.redis.stop()
    const played = await s.app.inject({
      method: 'POST',
      url: `/games/${id}/orders`,
      headers: as(first, { 'content-type': 'text/plain' }),
      payload: 'pass',
    })
    expect(played.statusCode, played.body).toBe(200)
    const g1 = await game(id)
    const seat = pendingSeats(g1.pending)[0]!
    const waiting = players[seat]!
    const deadline = g1.deadline as string

    // The deadline passes (a day later) with the email unsent: nothing is enforced, nothing is written.
    expect(actionsFor(id, await deadlineTick(s.t.db, at(deadline, HOUR)))).toEqual(['mail-pending'])
    expect(actionsFor(id, await deadlineTick(s.t.db, at(deadline, 5 * HOUR)))).toEqual(['mail-pending'])
    expect((await game(id)).logSeq).toBe(g1.logSeq)
    expect((await log(id)).some((e) => e.kind === 'TIMEOUT')).toBe(false)
    // Only the unsent email holds it: not waiting for mail (a server with no Redis at all), it would pass the seat.
    const meta = (await gameMetaRow(s.t.db, id))!
    expect((await planMissed(s.t.db, meta, at(deadline, HOUR), { holdForMail: false }))?.action).toBe('passed')

    // Redis is back 30 hours after the step began: the email goes out, the deadline moves by 30 hours.
    ahead = 30 * HOUR
    await s.redis.restart()
    await waitFor('the late your-phase email', () =>
      s
        .mails(waiting.email, 'your-phase')
        .some((m) => m.parsed.headers.get('x-hexmail-position') === String(g1.logSeq)),
    )
    const late = (await log(id)).filter((e) => e.kind === 'TIMEOUT')
    expect(late).toHaveLength(1)
    expect(late[0]!.payload).toMatchObject({
      event: 'mail-delayed',
      seats: [seat],
      stepSeq: g1.logSeq,
      from: deadline.replace('.000Z', 'Z'),
    })
    const delay = late[0]!.payload.delayMs as number
    expect(delay).toBeGreaterThanOrEqual(30 * HOUR)
    expect(delay).toBeLessThan(30 * HOUR + 60_000)
    const g2 = await game(id)
    expect(new Date(g2.deadline).getTime()).toBe(new Date(deadline).getTime() + delay)
    const mail = s
      .mails(waiting.email, 'your-phase')
      .find((m) => m.parsed.headers.get('x-hexmail-position') === String(g1.logSeq))!.parsed
    expect(flat(mail.text!)).toContain(flat(formatDate(g2.deadline, 'UTC')))
    expect(flat(mail.text!)).toContain(
      'This email is late: our mail could not go out for 30 hours, ' +
        `so your deadline moved by as much (it was ${flat(formatDate(deadline, 'UTC'))})`,
    )
    expect(mail.html).toContain('This email is late')

    // The old deadline no longer counts; the moved one does, once the email has gone out.
    expect(actionsFor(id, await deadlineTick(s.t.db, at(deadline, 29 * HOUR)))).toEqual([])
    expect(actionsFor(id, await deadlineTick(s.t.db, at(g2.deadline, 1000)))).toEqual(['passed'])
    ahead = 0
  }, 120_000)

  it('mail that cannot go out holds the deadline one phase at most (a full mailbox cannot stop a game)', async () => {
    const created = await s.app.inject({
      method: 'POST',
      url: '/games',
      headers: as(alice),
      payload: {
        ruleset: 'abaoaqu',
        scenario: 'A-S4',
        seat: 'FED',
        title: 'Capped hold',
        missedPolicy: 'pass',
        phaseHours: 24,
      },
    })
    const id = created.json().id as string
    // Redis stops before the join: the first your-phase email must not get out before the outage begins.
    await s.redis.stop()
    await s.app.inject({ method: 'POST', url: `/games/${id}/join`, headers: as(bob), payload: {} })
    const g0 = await game(id)
    try {
      expect(actionsFor(id, await deadlineTick(s.t.db, at(g0.deadline, 23 * HOUR)))).toEqual(['mail-pending'])
      // The game's page explains a deadline in the past that is held (the clock made to have passed it).
      await s.t.sql(`UPDATE "Game" SET "deadlineAt" = (now() AT TIME ZONE 'UTC') - interval '1 hour' WHERE id = $1`, [
        id,
      ])
      const shown = await game(id)
      expect(shown.deadlineHeld).toMatchObject({
        seats: pendingSeats(g0.pending),
        why: expect.stringMatching(/waits while the phase email to .* has not gone out/),
      })
      await s.t.sql(`UPDATE "Game" SET "deadlineAt" = $2 WHERE id = $1`, [id, g0.deadline])
      expect(actionsFor(id, await deadlineTick(s.t.db, at(g0.deadline, 24 * HOUR + 1000)))).toEqual(['passed'])
    } finally {
      await s.redis.restart()
      await waitFor(
        'the queue to drain after the outage',
        async () => {
          const open = await s.t.sql(`SELECT count(*)::int AS n FROM "Outbox" WHERE "relayedAt" IS NULL`)
          return open.rows[0].n === 0 && (await queueIdle(s).catch(() => false))
        },
        30_000,
      )
    }
  }, 60_000)

  it('a player who asked for no phase emails is held to the deadline as before', async () => {
    const created = await s.app.inject({
      method: 'POST',
      url: '/games',
      headers: as(alice),
      payload: {
        ruleset: 'abaoaqu',
        scenario: 'A-S4',
        seat: 'FED',
        title: 'No mail test',
        missedPolicy: 'pass',
        phaseHours: 24,
      },
    })
    const id = created.json().id as string
    await s.app.inject({ method: 'POST', url: `/games/${id}/join`, headers: as(bob), payload: {} })
    const g0 = await game(id)
    const acting = pendingSeats(g0.pending)[0] === 'FED' ? alice : bob
    await s.redis.stop()
    try {
      // Redis is down, so the email is still in the outbox; but this player does not want it.
      const off = await s.app.inject({
        method: 'PATCH',
        url: '/me/preferences',
        headers: as(acting),
        payload: { notifyYourPhase: false },
      })
      expect(off.statusCode, off.body).toBe(200)
      expect(actionsFor(id, await deadlineTick(s.t.db, at(g0.deadline, 1000)))).toEqual(['passed'])
    } finally {
      await s.redis.restart()
      await s.app.inject({
        method: 'PATCH',
        url: '/me/preferences',
        headers: as(acting),
        payload: { notifyYourPhase: true },
      })
      // The mail that waited goes out before the stack closes (a worker reconnecting does not close quickly).
      await waitFor(
        'the queue to drain after the outage',
        async () => {
          const open = await s.t.sql(`SELECT count(*)::int AS n FROM "Outbox" WHERE "relayedAt" IS NULL`)
          return open.rows[0].n === 0 && (await queueIdle(s).catch(() => false))
        },
        30_000,
      )
    }
  }, 60_000)
})
