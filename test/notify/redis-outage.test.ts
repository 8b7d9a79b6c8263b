// Redis stopped during play: orders are accepted (quickly, the mail waits in the outbox); after Redis
// restarts, every email is sent exactly once. The outage is of this file's private redis-server,
// never the machine's shared one.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { as, register, type User } from '../http/helpers.js'
import { waitFor } from '../support/smtp.js'
import { doubled, mailKey, pendingSeats, queueIdle, startGame, startMailStack, type MailStack } from './stack.js'

let s: MailStack
let alice: User
let bob: User
let gameId: string
let seq: number
let pending: string[]
const players: Record<string, User> = {}
beforeAll(async () => {
  s = await startMailStack()
  alice = await register(s.app, 'Alice')
  bob = await register(s.app, 'Bob')
}, 60_000)
afterAll(async () => s?.close())

describe('Redis outage', () => {
  it('accepts orders while Redis is down and sends every email exactly once when it is back', async () => {
    const g = await startGame(s, alice, bob, 'Outage test')
    gameId = g.gameId
    players.FED = alice
    players.ZEON = bob
    const startSeq = g.seq
    const firstPending = g.pending
    // Before the outage: the first your-phase email arrived and the queue is quiet.
    const first = players[firstPending[0]!]!
    await waitFor('the first your-phase email', () =>
      s.mails(first.email, 'your-phase').some((m) => m.parsed.headers.get('x-hexmail-position') === String(startSeq)),
    )
    await waitFor('an idle queue before the outage', () => queueIdle(s))
    const before = await s.t.sql(`SELECT count(*)::int AS n FROM "Outbox" WHERE "relayedAt" IS NULL`)
    expect(before.rows[0].n).toBe(0)

    await s.redis.stop()

    // Several steps of orders, each accepted at once although Redis is away.
    const expected = new Set<string>()
    pending = firstPending
    seq = startSeq
    let submitted = 0
    for (let step = 0; step < 6 && pending.length > 0; step++) {
      for (const seat of pending) {
        const t0 = Date.now()
        const res = await s.app.inject({
          method: 'POST',
          url: `/games/${gameId}/orders`,
          headers: as(players[seat]!, { 'content-type': 'text/plain' }),
          payload: 'pass',
        })
        const took = Date.now() - t0
        expect(res.statusCode, res.body).toBe(200)
        expect(took, `orders took ${took} ms with Redis down`).toBeLessThan(2000)
        submitted++
        const body = res.json()
        if (body.seq !== seq) {
          seq = body.seq
          pending = pendingSeats(body.pending)
          for (const next of pending) expected.add(`${players[next]!.email.toLowerCase()}|your-phase|${seq}`)
          break
        }
      }
    }
    expect(submitted).toBeGreaterThanOrEqual(4)
    expect(expected.size).toBeGreaterThanOrEqual(4)

    // The mail is waiting in the outbox, not lost and not sent.
    const waiting = await s.t.sql(
      `SELECT count(*)::int AS n FROM "Outbox" WHERE "gameId" = $1::uuid AND "relayedAt" IS NULL`,
      [gameId],
    )
    expect(waiting.rows[0].n).toBeGreaterThanOrEqual(expected.size)
    const made = await s.t.sql(`SELECT count(*)::int AS n FROM "Notification" WHERE "gameId" = $1::uuid AND seq > $2`, [
      gameId,
      startSeq,
    ])
    expect(made.rows[0].n).toBe(0)
    const gotDuringOutage = s.smtp.received.filter(
      (r) => Number(r.parsed.headers.get('x-hexmail-position')) > startSeq,
    ).length
    expect(gotDuringOutage).toBe(0)

    await s.redis.restart()

    // Everything goes out: every outbox row relayed, every notification sent, the queue drained.
    await waitFor(
      'every email after the outage',
      async () => {
        const open = await s.t.sql(`SELECT
          (SELECT count(*) FROM "Outbox" WHERE "relayedAt" IS NULL)::int AS unrelayed,
          (SELECT count(*) FROM "Notification" WHERE status <> 'sent')::int AS unsent`)
        const got = new Set(s.smtp.received.map(mailKey))
        return (
          open.rows[0].unrelayed === 0 &&
          open.rows[0].unsent === 0 &&
          [...expected].every((k) => got.has(k)) &&
          (await queueIdle(s))
        )
      },
      60_000,
    )

    // Exactly once: no email twice, and one received email per notification row.
    expect(doubled(s.smtp.received)).toEqual([])
    await expectEachNotificationSentOnce(expected)
  }, 120_000)

  it('puts back what a Redis that comes back empty lost, and still sends every email once', async () => {
    const from = (await s.t.sql(`SELECT coalesce(max(id), 0)::text AS id FROM "Outbox"`)).rows[0].id as string
    const expected = new Set<string>()
    // 1. An email Redis holds as a delayed retry (the SMTP server says "later").
    const refusedBefore = s.smtp.refusals()
    s.smtp.refuseNext(1000)
    await step(expected)
    await waitFor('the email to be refused once', () => s.smtp.refusals() > refusedBefore)
    // 2. An outbox row relayed just before Redis went: marked relayed, its job in the lost data.
    await s.redis.stop()
    await step(expected)
    const marked = await s.t.sql(
      `UPDATE "Outbox" SET "relayedAt" = now() AT TIME ZONE 'UTC' WHERE "relayedAt" IS NULL AND id > $1::bigint`,
      [from],
    )
    expect(marked.rowCount).toBeGreaterThan(0)
    // 3. Redis returns with nothing; the mail server takes mail again.
    await s.redis.restart({ empty: true })
    s.smtp.refuseNext(0)

    await waitFor(
      'every email after Redis lost its data',
      async () => {
        const open = await s.t.sql(`SELECT
          (SELECT count(*) FROM "Outbox" WHERE "relayedAt" IS NULL)::int AS unrelayed,
          (SELECT count(*) FROM "Notification" WHERE status <> 'sent')::int AS unsent`)
        const got = new Set(s.smtp.received.map(mailKey))
        return (
          open.rows[0].unrelayed === 0 &&
          open.rows[0].unsent === 0 &&
          [...expected].every((k) => got.has(k)) &&
          (await queueIdle(s))
        )
      },
      60_000,
    )
    expect(doubled(s.smtp.received)).toEqual([])
    await expectEachNotificationSentOnce(expected)
  }, 120_000)
})

/** The player who must act passes; the next player's your-phase email is expected. */
async function step(expected: Set<string>): Promise<void> {
  expect(pending.length, 'the game is still running').toBeGreaterThan(0)
  const res = await s.app.inject({
    method: 'POST',
    url: `/games/${gameId}/orders`,
    headers: as(players[pending[0]!]!, { 'content-type': 'text/plain' }),
    payload: 'pass',
  })
  expect(res.statusCode, res.body).toBe(200)
  const body = res.json()
  expect(body.seq).toBeGreaterThan(seq)
  seq = body.seq
  pending = pendingSeats(body.pending)
  for (const next of pending) expected.add(`${players[next]!.email.toLowerCase()}|your-phase|${seq}`)
}

/** Every notification row is 'sent', each was received once, nothing else was, and `expected` all were. */
async function expectEachNotificationSentOnce(expected: Set<string>): Promise<void> {
  const rows = await s.t.db.notification.findMany()
  expect(rows.filter((n) => n.status !== 'sent')).toEqual([])
  const received = new Set(s.smtp.received.map(mailKey))
  const recorded = new Set(rows.map((n) => `${n.toAddress.toLowerCase()}|${n.kind}|${n.seq ?? ''}`))
  expect([...received].sort()).toEqual([...recorded].sort())
  expect(s.smtp.received).toHaveLength(rows.length)
  for (const k of expected) expect(received.has(k), k).toBe(true)
}
