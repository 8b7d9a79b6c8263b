// SMTP refusing for a while: retried with backoff, then delivered, none doubled; a permanently failing
// address ends in a visible failed state (GET /me/notifications), and the other player's mail still
// goes out.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { as, register, type User } from '../http/helpers.js'
import { waitFor } from '../support/smtp.js'
import { doubled, mailKey, pendingSeats, queueIdle, startGame, startMailStack, type MailStack } from './stack.js'

const ATTEMPTS = 5
const BACKOFF_MS = 100

let s: MailStack
let alice: User
let bob: User
let gameId: string
let seq: number
let pending: string[]
const players: Record<string, User> = {}

beforeAll(async () => {
  s = await startMailStack({ MAIL_ATTEMPTS: String(ATTEMPTS), MAIL_BACKOFF_MS: String(BACKOFF_MS) })
  alice = await register(s.app, 'Alice')
  bob = await register(s.app, 'Bob')
  // Both hear about every phase: each step makes two emails (your-phase, phase-resolved).
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
  const g = await startGame(s, alice, bob, 'SMTP faults')
  gameId = g.gameId
  seq = g.seq
  pending = g.pending
  await settled()
}, 60_000)
afterAll(async () => s?.close())

interface Row {
  id: string
  toAddress: string
  kind: string
  seq: number | null
  status: string
  attempts: number
  lastError: string | null
  messageId: string | null
}

async function rows(afterId = '0'): Promise<Row[]> {
  return (
    await s.t.sql(
      `SELECT id::text, "toAddress", kind, seq, status, attempts, "lastError", "messageId"
         FROM "Notification" WHERE id > $1::bigint ORDER BY id`,
      [afterId],
    )
  ).rows as Row[]
}

async function lastId(): Promise<string> {
  return (await s.t.sql(`SELECT coalesce(max(id), 0)::text AS id FROM "Notification"`)).rows[0].id as string
}

/** Every outbox row fanned out, no email still queued, nothing left in the queue. */
async function settled(): Promise<void> {
  await waitFor(
    'the mail to settle',
    async () => {
      const open = await s.t.sql(`SELECT
        (SELECT count(*) FROM "Outbox" WHERE "relayedAt" IS NULL)::int AS unrelayed,
        (SELECT count(*) FROM "Notification" WHERE status = 'queued')::int AS queued`)
      return open.rows[0].unrelayed === 0 && open.rows[0].queued === 0 && (await queueIdle(s))
    },
    30_000,
  )
}

/** The player who must act passes; the game moves to its next step. */
async function step(): Promise<void> {
  expect(pending.length, 'the game is still running').toBeGreaterThan(0)
  const seat = pending[0]!
  const res = await s.app.inject({
    method: 'POST',
    url: `/games/${gameId}/orders`,
    headers: as(players[seat]!, { 'content-type': 'text/plain' }),
    payload: 'pass',
  })
  expect(res.statusCode, res.body).toBe(200)
  const body = res.json()
  expect(body.seq).toBeGreaterThan(seq)
  seq = body.seq
  pending = pendingSeats(body.pending)
}

function receivedOnce(r: Row): boolean {
  return (
    s.smtp.received.filter((m) => mailKey(m) === `${r.toAddress.toLowerCase()}|${r.kind}|${r.seq ?? ''}`).length === 1
  )
}

describe('SMTP faults', () => {
  it('retries an email the server refuses for a while, with growing delays, and delivers it once', async () => {
    const from = await lastId()
    const refusedBefore = s.smtp.refusals()
    s.smtp.refuseNext(3)
    await step()
    await step()
    await settled()

    expect(s.smtp.refusals() - refusedBefore).toBe(3)
    const made = await rows(from)
    expect(made.length).toBeGreaterThanOrEqual(4)
    for (const r of made) {
      expect(r.status, `notification ${r.id}`).toBe('sent')
      expect(r.lastError).toBeNull()
      expect(receivedOnce(r), `${r.kind} to ${r.toAddress} at ${r.seq} received once`).toBe(true)
    }
    // Each refusal cost exactly one more attempt of the email it refused.
    expect(made.reduce((n, r) => n + r.attempts - 1, 0)).toBe(3)
    const retried = made.filter((r) => r.attempts > 1)
    expect(retried.length).toBeGreaterThan(0)
    // Backoff: the tries of one email are spaced by BACKOFF_MS, then twice that, ...
    const refused = s.smtp.refusedLog.slice(refusedBefore)
    for (const r of retried) {
      // Each try carries the notification's own Message-ID, kept on its row from the first try.
      const tries = refused.filter((x) => x.messageId === r.messageId).map((x) => x.at)
      expect(tries).toHaveLength(r.attempts - 1)
      const sentAt = s.smtp.received.find(
        (m) => mailKey(m) === `${r.toAddress.toLowerCase()}|${r.kind}|${r.seq ?? ''}`,
      )!
      expect(sentAt.parsed.messageId).toBe(r.messageId)
      for (let k = 1; k < tries.length; k++)
        expect(tries[k]! - tries[k - 1]!).toBeGreaterThanOrEqual(BACKOFF_MS * 2 ** (k - 1) * 0.9)
    }
    expect(doubled(s.smtp.received)).toEqual([])
  })

  it('gives up after the last attempt of a refusal that does not end, in a visible failed state', async () => {
    const from = await lastId()
    s.smtp.refuseNext(1000)
    await step()
    await waitFor(
      'the emails to fail for good',
      async () => {
        const made = await rows(from)
        return made.length > 0 && made.every((r) => r.status === 'failed')
      },
      30_000,
    )
    s.smtp.refuseNext(0)
    await settled()
    const made = await rows(from)
    for (const r of made) {
      expect(r.attempts).toBe(ATTEMPTS)
      expect(r.lastError).toMatch(/451/)
    }
    const recipient = made.find((r) => r.kind === 'your-phase')!
    const who = [alice, bob].find((u) => u.email === recipient.toAddress)!
    const res = await s.app.inject({ method: 'GET', url: '/me/notifications?status=failed', headers: as(who) })
    expect(res.statusCode, res.body).toBe(200)
    const shown = res.json().notifications.find((n: { id: string }) => n.id === recipient.id)
    expect(shown).toMatchObject({
      kind: 'your-phase',
      gameId,
      seq: recipient.seq,
      status: 'failed',
      attempts: ATTEMPTS,
      sentAt: null,
    })
    expect(shown.lastError).toMatch(/451/)
    expect(doubled(s.smtp.received)).toEqual([])
  })

  it('marks a refused address failed at once, shows it to its owner, and still mails the other player', async () => {
    const from = await lastId()
    s.smtp.rejectAddress(bob.email)
    await step()
    await step()
    await settled()

    const made = await rows(from)
    const bobs = made.filter((r) => r.toAddress === bob.email)
    const alices = made.filter((r) => r.toAddress === alice.email)
    expect(bobs.length).toBeGreaterThanOrEqual(2)
    expect(alices.length).toBeGreaterThanOrEqual(2)
    for (const r of bobs) {
      expect(r.status).toBe('failed')
      expect(r.attempts, '5xx is not retried').toBe(1)
      expect(r.lastError).toMatch(/550/)
      expect(r.lastError).toMatch(/no such user/)
    }
    for (const r of alices) {
      expect(r.status).toBe('sent')
      expect(receivedOnce(r)).toBe(true)
    }
    expect(
      s.smtp.received.filter(
        (m) =>
          m.to.includes(bob.email.toLowerCase()) &&
          Number(m.parsed.headers.get('x-hexmail-position')) > 0 &&
          made.some(
            (r) =>
              r.toAddress === bob.email &&
              r.seq === Number(m.parsed.headers.get('x-hexmail-position')) &&
              r.kind === m.parsed.headers.get('x-hexmail-kind'),
          ),
      ),
    ).toEqual([])

    // Bob sees it: the failed emails, with the server's answer.
    const res = await s.app.inject({
      method: 'GET',
      url: '/me/notifications?status=failed&limit=100',
      headers: as(bob),
    })
    expect(res.statusCode, res.body).toBe(200)
    const failed = res.json().notifications as Array<{
      id: string
      status: string
      lastError: string
      kind: string
      gameId: string
      seq: number
      attempts: number
      createdAt: string
      sentAt: null
    }>
    for (const r of bobs) {
      const shown = failed.find((n) => n.id === r.id)
      expect(shown, `notification ${r.id} listed`).toBeDefined()
      expect(shown).toMatchObject({ status: 'failed', kind: r.kind, gameId, seq: r.seq, attempts: 1, sentAt: null })
      expect(shown!.lastError).toMatch(/550/)
      expect(Number.isNaN(Date.parse(shown!.createdAt))).toBe(false)
    }
    expect(failed.every((n) => n.status === 'failed')).toBe(true)
    // Alice's own list: her emails of these steps went out.
    const mine = (await s.app.inject({ method: 'GET', url: '/me/notifications?limit=100', headers: as(alice) })).json()
      .notifications as Array<{ id: string; status: string; sentAt: string | null }>
    for (const r of alices)
      expect(mine.find((n) => n.id === r.id)).toMatchObject({ status: 'sent', sentAt: expect.any(String) })
    // Nobody sees anyone else's.
    expect(mine.some((n) => bobs.some((b) => b.id === n.id))).toBe(false)
    expect(doubled(s.smtp.received)).toEqual([])
  })

  it('pages through /me/notifications and refuses bad queries', async () => {
    const all = (await s.app.inject({ method: 'GET', url: '/me/notifications?limit=100', headers: as(bob) })).json()
    expect(all.notifications.length).toBeGreaterThanOrEqual(3)
    const ids: string[] = []
    let before: string | null = null
    do {
      const page: { notifications: Array<{ id: string }>; next: string | null } = (
        await s.app.inject({
          method: 'GET',
          url: `/me/notifications?limit=2${before ? `&before=${before}` : ''}`,
          headers: as(bob),
        })
      ).json()
      expect(page.notifications.length).toBeLessThanOrEqual(2)
      ids.push(...page.notifications.map((n) => n.id))
      before = page.next
    } while (before)
    expect(ids).toEqual(all.notifications.map((n: { id: string }) => n.id))
    expect(ids.map(BigInt)).toEqual([...ids.map(BigInt)].sort((a, b) => (a > b ? -1 : a < b ? 1 : 0)))
    expect(
      (await s.app.inject({ method: 'GET', url: '/me/notifications?limit=101', headers: as(bob) })).statusCode,
    ).toBe(400)
    expect(
      (await s.app.inject({ method: 'GET', url: '/me/notifications?status=lost', headers: as(bob) })).statusCode,
    ).toBe(400)
    expect((await s.app.inject({ method: 'GET', url: '/me/notifications' })).statusCode).toBe(401)
  })
})
