// A worker that crashes or runs twice does not double an email: the relay run again over rows it
// already queued (a crash between queueing and marking), Redis having forgotten its jobs, fan-out
// run twice for one outbox row, and two workers sending the same notification at once. And a worker
// that died before recording a failure leaves no email 'queued' for ever.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createMailer } from '../../src/notify/mailer.js'
import { fanOut } from '../../src/notify/fanout.js'
import { messageContext } from '../../src/notify/index.js'
import { reconcileOnce, relayOnce } from '../../src/notify/relay.js'
import { sendNotification } from '../../src/notify/send.js'
import { as, register, type User } from '../http/helpers.js'
import { waitFor } from '../support/smtp.js'
import { doubled, pendingSeats, queueIdle, startGame, startMailStack, type MailStack } from './stack.js'

let s: MailStack
let alice: User
let bob: User
let gameId: string
let pending: string[]
const players: Record<string, User> = {}

beforeAll(async () => {
  s = await startMailStack({ MAIL_ATTEMPTS: '2' })
  alice = await register(s.app, 'Alice')
  bob = await register(s.app, 'Bob')
  for (const u of [alice, bob]) {
    const res = await s.app.inject({
      method: 'PATCH',
      url: '/me/preferences',
      headers: as(u),
      payload: { notifyEveryPhase: true },
    })
    expect(res.statusCode, res.body).toBe(200)
  }
  players.FED = alice
  players.ZEON = bob
  // This file relays by hand (relayOnce), so that it decides when rows are queued and re-queued.
  await s.worker.relay.stop()
  const g = await startGame(s, alice, bob, 'Duplicates')
  gameId = g.gameId
  pending = g.pending
  await settled()
}, 60_000)
afterAll(async () => s?.close())

async function settled(): Promise<void> {
  await waitFor(
    'the mail to settle',
    async () => {
      await relayOnce(s.t.db, s.worker.queue)
      const open = await s.t.sql(`SELECT
        (SELECT count(*) FROM "Outbox" WHERE "relayedAt" IS NULL)::int AS unrelayed,
        (SELECT count(*) FROM "Notification" WHERE status = 'queued')::int AS queued`)
      return open.rows[0].unrelayed === 0 && open.rows[0].queued === 0 && (await queueIdle(s))
    },
    30_000,
  )
}

async function step(): Promise<void> {
  const seat = pending[0]!
  const res = await s.app.inject({
    method: 'POST',
    url: `/games/${gameId}/orders`,
    headers: as(players[seat]!, { 'content-type': 'text/plain' }),
    payload: 'pass',
  })
  expect(res.statusCode, res.body).toBe(200)
  pending = pendingSeats(res.json().pending)
}

/** The newest outbox row of the game, not relayed yet (this file relays by hand). */
async function lastOutboxRow(): Promise<string> {
  const r = await s.t.sql(
    `SELECT id::text, "relayedAt" FROM "Outbox" WHERE "gameId" = $1::uuid ORDER BY id DESC LIMIT 1`,
    [gameId],
  )
  expect(r.rows[0].relayedAt).toBeNull()
  return r.rows[0].id as string
}

async function counts(): Promise<{ notifications: number; sent: number }> {
  const r = await s.t.sql(
    `SELECT count(*)::int AS n, count(*) FILTER (WHERE status = 'sent')::int AS sent FROM "Notification"`,
  )
  return { notifications: r.rows[0].n, sent: r.rows[0].sent }
}

/** Every notification row went out exactly once, and nothing else did. */
function expectExactlyOnce(c: { notifications: number; sent: number }): void {
  expect(c.sent).toBe(c.notifications)
  expect(s.smtp.received).toHaveLength(c.notifications)
  expect(doubled(s.smtp.received)).toEqual([])
}

describe('a crashed or doubled worker sends nothing twice', () => {
  it('relaying the same outbox rows again (a crash between queueing and marking) adds nothing', async () => {
    await step()
    await settled()
    const before = await counts()
    expectExactlyOnce(before)
    await s.t.sql(`UPDATE "Outbox" SET "relayedAt" = NULL`)
    const again = await relayOnce(s.t.db, s.worker.queue)
    expect(again).toBeGreaterThan(0)
    await relayOnce(s.t.db, s.worker.queue)
    await settled()
    expect(await counts()).toEqual(before)
    expectExactlyOnce(before)
  })

  it('relaying again after Redis forgot every job (a Redis without persistence) sends nothing twice', async () => {
    await step()
    await settled()
    const before = await counts()
    await s.worker.queue.queue.clean(0, 100_000, 'completed')
    await s.t.sql(`UPDATE "Outbox" SET "relayedAt" = NULL`)
    await relayOnce(s.t.db, s.worker.queue)
    await settled()
    expect(await counts()).toEqual(before)
    expectExactlyOnce(before)
  })

  it('fan-out run twice at once for one outbox row makes one notification per recipient', async () => {
    await step()
    const row = await lastOutboxRow()
    const [a, b] = await Promise.all([fanOut(s.t.db, s.worker.queue, row), fanOut(s.t.db, s.worker.queue, row)])
    expect(a).toBeGreaterThan(0)
    expect(b).toBe(a)
    const made = await s.t.sql(
      `SELECT "toAddress", kind, count(*)::int AS n FROM "Notification" WHERE "outboxId" = $1::bigint GROUP BY 1, 2`,
      [row],
    )
    expect(made.rows.length).toBe(a)
    expect(made.rows.every((r) => r.n === 1)).toBe(true)
    await settled()
    expectExactlyOnce(await counts())
  })

  it('two workers sending the same notification at once send it once', async () => {
    const mailer = createMailer(s.t.db, { smtpUrl: s.smtp.url })
    try {
      await step()
      const row = await lastOutboxRow()
      // Fan out without queueing the sends: only the racing senders below send.
      await fanOut(s.t.db, { ...s.worker.queue, add: async () => undefined }, row)
      const ids = (await s.t.sql(`SELECT id::text FROM "Notification" WHERE "outboxId" = $1::bigint`, [row])).rows.map(
        (r) => r.id as string,
      )
      expect(ids.length).toBeGreaterThan(0)
      const ctx = messageContext(s.config, s.t.db)
      for (const id of ids) {
        const results = await Promise.all([
          sendNotification(ctx, mailer, id),
          sendNotification(ctx, mailer, id),
          sendNotification(ctx, mailer, id),
        ])
        expect(results.filter((r) => r === 'sent')).toHaveLength(1)
        expect(results.filter((r) => r === 'already-done')).toHaveLength(2)
      }
    } finally {
      mailer.close()
    }
    await settled()
    expectExactlyOnce(await counts())
  })

  it('records a failure the worker died before recording, instead of leaving the email queued for ever', async () => {
    const from = (await s.t.sql(`SELECT coalesce(max(id), 0)::text AS id FROM "Notification"`)).rows[0].id as string
    const received = s.smtp.received.length
    s.smtp.refuseNext(1000)
    try {
      await step()
      await waitFor('the emails to fail for good', async () => {
        await relayOnce(s.t.db, s.worker.queue)
        const r = await s.t.sql(
          `SELECT count(*) FILTER (WHERE status <> 'failed')::int AS open, count(*)::int AS n
             FROM "Notification" WHERE id > $1::bigint`,
          [from],
        )
        return r.rows[0].n > 0 && r.rows[0].open === 0 && (await queueIdle(s))
      })
    } finally {
      s.smtp.refuseNext(0)
    }
    // The worker "died" before writing it down: the rows still say queued, their jobs are over.
    await s.t.sql(`UPDATE "Notification" SET status = 'queued', "lastError" = NULL WHERE id > $1::bigint`, [from])
    await reconcileOnce(s.t.db, s.worker.queue)
    const rows = (await s.t.sql(`SELECT status, "lastError" FROM "Notification" WHERE id > $1::bigint`, [from])).rows
    for (const r of rows) {
      expect(r.status).toBe('failed')
      expect(r.lastError).toMatch(/451/)
    }
    await settled()
    expect(s.smtp.received.length).toBe(received)
    expect(doubled(s.smtp.received)).toEqual([])
  })
})
