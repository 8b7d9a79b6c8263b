// GET /metrics as an operator checks it: Prometheus' text format; request timings by route pattern; the
// outbox backlog (rows written by the app, gone once the relay runs); the email queue's job counts;
// emails sent to a real SMTP server; who may read it (METRICS_TOKEN, else this machine only); and the
// worker's own listener (METRICS_PORT; the listener itself: `npm start -- worker` takes 15 to 45 s to start here,
// too long for the suite). The registry is the process's: counts are compared before/after.
import { randomUUID } from 'node:crypto'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { loadConfig, type Config } from '../../src/config.js'
import { buildApp } from '../../src/http/app.js'
import { startMetricsListener } from '../../src/http/metrics-listener.js'
import { startNotifications } from '../../src/notify/index.js'
import { createNotifyQueue } from '../../src/notify/queue.js'
import { relayOnce } from '../../src/notify/relay.js'
import type { NotifyWorker } from '../../src/notify/worker.js'
import { createTestDb, type TestDb } from '../support/db.js'
import { startTestRedis, type TestRedis } from '../support/redis.js'
import { startTestSmtp, waitFor, type TestSmtp } from '../support/smtp.js'
import { as, register } from './helpers.js'

const TOKEN = 'metrics-token-for-the-tests-0123'

let t: TestDb
let redis: TestRedis
let smtp: TestSmtp
let config: Config
let app: FastifyInstance
let worker: NotifyWorker | null = null
beforeAll(async () => {
  ;[t, redis, smtp] = await Promise.all([createTestDb(), startTestRedis(), startTestSmtp()])
  config = loadConfig({
    NODE_ENV: 'test',
    AUTH_RATE_LIMIT: '1000',
    SMTP_URL: smtp.url,
    MAIL_SECRET: 'test-mail-secret',
    MAIL_BACKOFF_MS: '100',
    RELAY_INTERVAL_MS: '50',
    PUBLIC_URL: 'http://hexmail.test',
  })
  app = await buildApp({ config, db: t.db, redisUrl: redis.url })
  await app.ready()
}, 60_000)
afterAll(async () => {
  await worker?.close()
  await app?.close()
  await Promise.all([redis?.close(), smtp?.close()])
  await t?.drop()
})

interface Sample {
  name: string
  labels: Record<string, string>
  value: number
}

/** The samples of an exposition (comment lines aside). */
function parse(text: string): Sample[] {
  return text
    .split('\n')
    .filter((line) => line && !line.startsWith('#'))
    .map((line) => {
      const m = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? (\S+)$/.exec(line)
      if (!m) throw new Error(`not an exposition line: ${line}`)
      const labels = Object.fromEntries(
        [...(m[2] ?? '').matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)].map((l) => [l[1], l[2]]),
      )
      return { name: m[1]!, labels, value: Number(m[3]) }
    })
}

/** The samples of `name` whose labels include `labels`. */
const matching = (samples: Sample[], name: string, labels: Record<string, string> = {}) =>
  samples.filter((s) => s.name === name && Object.entries(labels).every(([k, v]) => s.labels[k] === v))

/** The sum of those samples; 0 when there are none (a counter not yet counted). */
const total = (samples: Sample[], name: string, labels: Record<string, string> = {}) =>
  matching(samples, name, labels).reduce((n, s) => n + s.value, 0)

/** The one sample of `name` with these labels. */
function one(samples: Sample[], name: string, labels: Record<string, string> = {}): number {
  const found = matching(samples, name, labels)
  expect(found, `${name} ${JSON.stringify(labels)}`).toHaveLength(1)
  return found[0]!.value
}

async function scrape(on: FastifyInstance = app): Promise<{ text: string; samples: Sample[] }> {
  const res = await on.inject({ method: 'GET', url: '/metrics' })
  expect(res.statusCode, res.body).toBe(200)
  return { text: res.body, samples: parse(res.body) }
}

const pendingRows = async () =>
  Number((await t.sql(`SELECT count(*) AS n FROM "Outbox" WHERE "relayedAt" IS NULL`)).rows[0].n)

describe('GET /metrics', () => {
  it("answers in Prometheus' text format with every hexmail metric", async () => {
    const res = await app.inject({ method: 'GET', url: '/metrics' })
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/)
    for (const [name, type] of [
      ['hexmail_http_request_duration_seconds', 'histogram'],
      ['hexmail_outbox_oldest_age_seconds', 'gauge'],
      ['hexmail_outbox_pending', 'gauge'],
      ['hexmail_queue_jobs', 'gauge'],
      ['hexmail_emails_sent_total', 'counter'],
      ['hexmail_emails_failed_total', 'counter'],
      ['hexmail_orders_total', 'counter'],
      ['hexmail_order_stage_seconds', 'histogram'],
      ['hexmail_process_cpu_user_seconds_total', 'counter'],
    ])
      expect(res.body).toContain(`# TYPE ${name} ${type}\n`)
  })

  it('times requests by route pattern, never by the raw URL', async () => {
    const before = (await scrape()).samples
    const game = { method: 'GET', route: '/games/:id', status: '404' }
    const health = { method: 'GET', route: '/healthz', status: '200' }
    const unmatched = { method: 'GET', route: 'unmatched', status: '404' }
    const ids = [randomUUID(), randomUUID()]
    for (const id of ids) expect((await app.inject({ method: 'GET', url: `/games/${id}` })).statusCode).toBe(404)
    for (let i = 0; i < 3; i++) expect((await app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200)
    const stray = `/no-such-path-${randomUUID()}`
    expect((await app.inject({ method: 'GET', url: stray })).statusCode).toBe(404)

    const { text, samples } = await scrape()
    const count = 'hexmail_http_request_duration_seconds_count'
    expect(one(samples, count, game) - total(before, count, game)).toBe(2)
    expect(one(samples, count, health) - total(before, count, health)).toBe(3)
    expect(one(samples, count, unmatched) - total(before, count, unmatched)).toBe(1)
    // Every request lands in the +Inf bucket; the sum is seconds, so small.
    expect(one(samples, 'hexmail_http_request_duration_seconds_bucket', { ...health, le: '+Inf' })).toBe(
      one(samples, count, health),
    )
    expect(one(samples, 'hexmail_http_request_duration_seconds_sum', health)).toBeLessThan(60)
    for (const raw of [...ids, stray]) expect(text).not.toContain(raw)
  })

  it('shows the outbox backlog the app wrote, the queued jobs once relayed, and the emails sent', async () => {
    // No worker yet: registering and starting a game leave rows in the outbox.
    const [alice, bob] = [await register(app, 'Alice'), await register(app, 'Bob')]
    const created = await app.inject({
      method: 'POST',
      url: '/games',
      headers: as(alice),
      payload: { ruleset: 'abaoaqu', scenario: 'A-S4', seat: 'FED' },
    })
    expect(created.statusCode, created.body).toBe(201)
    const joined = await app.inject({
      method: 'POST',
      url: `/games/${created.json().id}/join`,
      headers: as(bob),
      payload: {},
    })
    expect(joined.statusCode, joined.body).toBe(200)
    const pending = await pendingRows()
    expect(pending).toBeGreaterThanOrEqual(3) // two verification emails, the game's start
    // Mail stuck for five minutes, as when Redis has been away that long.
    await t.sql(`UPDATE "Outbox" SET "createdAt" = "createdAt" - interval '300 seconds' WHERE "relayedAt" IS NULL`)
    let s = (await scrape()).samples
    expect(one(s, 'hexmail_outbox_pending')).toBe(pending)
    expect(one(s, 'hexmail_outbox_oldest_age_seconds')).toBeGreaterThanOrEqual(300)
    expect(one(s, 'hexmail_outbox_oldest_age_seconds')).toBeLessThan(400)
    const states = { queue: 'hexmail-notify' }
    for (const state of ['waiting', 'active', 'delayed', 'failed'])
      expect(one(s, 'hexmail_queue_jobs', { ...states, state })).toBe(0)

    // The relay hands the rows to the queue: the backlog is gone and the jobs wait for a worker.
    const queue = createNotifyQueue({ redisUrl: redis.url, attempts: 3, backoffMs: 100 })
    try {
      expect(await relayOnce(t.db, queue)).toBe(pending)
    } finally {
      await queue.close()
    }
    s = (await scrape()).samples
    expect(one(s, 'hexmail_outbox_pending')).toBe(0)
    expect(one(s, 'hexmail_outbox_oldest_age_seconds')).toBe(0)
    expect(one(s, 'hexmail_queue_jobs', { ...states, state: 'waiting' })).toBe(pending)

    // The worker sends them: each email the SMTP server took is counted, by kind.
    const sentBefore = s
    worker = startNotifications(config, t.db, redis.url)
    const queued = async () =>
      Number((await t.sql(`SELECT count(*) AS n FROM "Notification" WHERE status = 'queued'`)).rows[0].n)
    await waitFor('the queue to drain and every email to go out', async () => {
      const now = (await scrape()).samples
      const busy = ['waiting', 'active', 'delayed'].some((state) =>
        one(now, 'hexmail_queue_jobs', { ...states, state }),
      )
      return !busy && (await queued()) === 0 && smtp.received.length > 0
    })
    const after = (await scrape()).samples
    const sent = (
      await t.sql(`SELECT kind, count(*)::int AS n FROM "Notification" WHERE status = 'sent' GROUP BY kind`)
    ).rows as Array<{ kind: string; n: number }>
    expect(sent.map((r) => r.kind)).toEqual(expect.arrayContaining(['verify-email', 'your-phase']))
    for (const { kind, n } of sent)
      expect(
        total(after, 'hexmail_emails_sent_total', { kind }) - total(sentBefore, 'hexmail_emails_sent_total', { kind }),
      ).toBe(n)
    expect(total(after, 'hexmail_emails_sent_total')).toBe(smtp.received.length)
    expect(total(after, 'hexmail_emails_failed_total')).toBe(0)
  })

  it('counts a refused email as failed, by kind and error', async () => {
    const before = (await scrape()).samples
    smtp.refuseNext(1)
    const carol = await register(app, 'Carol')
    await waitFor('the verification email to be sent after one refusal', () =>
      smtp.received.some((r) => r.to.includes(carol.email.toLowerCase())),
    )
    const after = (await scrape()).samples
    const failed = { kind: 'verify-email', error: 'temporary' }
    expect(
      total(after, 'hexmail_emails_failed_total', failed) - total(before, 'hexmail_emails_failed_total', failed),
    ).toBe(1)
    const sent = { kind: 'verify-email' }
    expect(total(after, 'hexmail_emails_sent_total', sent) - total(before, 'hexmail_emails_sent_total', sent)).toBe(1)
  })

  it('still answers when Redis or the database does not: the queue gauges absent, the outbox NaN', async () => {
    await worker?.close()
    worker = null
    await redis.stop()
    const { text, samples } = await scrape()
    expect(text).toContain('# TYPE hexmail_queue_jobs gauge')
    expect(matching(samples, 'hexmail_queue_jobs')).toEqual([])
    expect(one(samples, 'hexmail_outbox_pending')).toBe(0)

    const t2 = await createTestDb()
    const other = await buildApp({ config, db: t2.db, redisUrl: null })
    try {
      await t2.drop()
      const gone = (await scrape(other)).samples
      expect(one(gone, 'hexmail_outbox_pending')).toBeNaN()
      expect(one(gone, 'hexmail_outbox_oldest_age_seconds')).toBeNaN()
    } finally {
      await other.close()
    }
  })
})

describe('who may read /metrics', () => {
  it('with METRICS_TOKEN: only a request bearing it (401 problem+json otherwise)', async () => {
    const guarded = await buildApp({ config: { ...config, metricsToken: TOKEN }, db: t.db })
    try {
      const get = (headers: Record<string, string>) => guarded.inject({ method: 'GET', url: '/metrics', headers })
      const tries: Array<Record<string, string>> = [
        {},
        { authorization: 'Bearer not-the-metrics-token' },
        { authorization: TOKEN },
      ]
      for (const headers of tries) {
        const res = await get(headers)
        expect(res.statusCode, JSON.stringify(headers)).toBe(401)
        expect(res.headers['content-type']).toMatch(/^application\/problem\+json/)
        expect(res.headers['www-authenticate']).toBe('Bearer realm="metrics"')
        expect(res.json()).toMatchObject({ status: 401, detail: expect.stringMatching(/METRICS_TOKEN/) })
      }
      const ok = await get({ authorization: `Bearer ${TOKEN}` })
      expect(ok.statusCode).toBe(200)
      expect(ok.body).toContain('# TYPE hexmail_http_request_duration_seconds histogram')
      // From another machine too, once the token is given.
      const remote = await guarded.inject({
        method: 'GET',
        url: '/metrics',
        remoteAddress: '203.0.113.7',
        headers: { authorization: `bearer ${TOKEN}` },
      })
      expect(remote.statusCode).toBe(200)
    } finally {
      await guarded.close()
    }
  })

  it('without METRICS_TOKEN: this machine only (403 from elsewhere or through a proxy, saying to set it)', async () => {
    const from = (remoteAddress: string, headers: Record<string, string> = {}) =>
      app.inject({ method: 'GET', url: '/metrics', remoteAddress, headers })
    for (const local of ['127.0.0.1', '::1', '::ffff:127.0.0.1'])
      expect((await from(local)).statusCode, local).toBe(200)
    for (const [address, headers] of [
      ['203.0.113.7', {}],
      ['10.0.0.2', {}],
      ['127.0.0.1', { 'x-forwarded-for': '203.0.113.7' }],
    ] as const) {
      const res = await from(address, headers)
      expect(res.statusCode, address).toBe(403)
      expect(res.headers['content-type']).toMatch(/^application\/problem\+json/)
      expect(res.json().detail).toMatch(/set METRICS_TOKEN/)
    }
  })

  it('refuses a METRICS_TOKEN that is short or has spaces, and a METRICS_PORT that is not a port', () => {
    expect(() => loadConfig({ NODE_ENV: 'test', METRICS_TOKEN: 'short' })).toThrow(/METRICS_TOKEN must be 16 or more/)
    expect(() => loadConfig({ NODE_ENV: 'test', METRICS_TOKEN: 'a token with spaces in it' })).toThrow(/METRICS_TOKEN/)
    expect(() => loadConfig({ NODE_ENV: 'test', METRICS_PORT: '70000' })).toThrow(/METRICS_PORT must be a port/)
    expect(() => loadConfig({ NODE_ENV: 'test', METRICS_PORT: 'nine' })).toThrow(/METRICS_PORT must be a whole number/)
    expect(loadConfig({ NODE_ENV: 'test', METRICS_PORT: '9464' })).toMatchObject({
      metricsPort: 9464,
      metricsHost: '127.0.0.1',
      metricsToken: null,
    })
  })
})

describe("a worker's own listener (METRICS_PORT)", () => {
  it('serves GET /metrics over HTTP with the same token rule, and nothing else', async () => {
    const listener = await startMetricsListener({
      host: '127.0.0.1',
      port: 0,
      token: TOKEN,
      onError: (e) => {
        throw e
      },
    })
    try {
      const base = `http://127.0.0.1:${listener.port}`
      const ok = await fetch(`${base}/metrics`, { headers: { authorization: `Bearer ${TOKEN}` } })
      expect(ok.status).toBe(200)
      expect(ok.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/)
      const body = await ok.text()
      expect(body).toContain('# TYPE hexmail_emails_sent_total counter')
      expect(body).toContain('# TYPE hexmail_queue_jobs gauge')
      const refused = await fetch(`${base}/metrics`)
      expect(refused.status).toBe(401)
      expect(refused.headers.get('content-type')).toBe('application/problem+json')
      expect(refused.headers.get('www-authenticate')).toBe('Bearer realm="metrics"')
      expect(((await refused.json()) as { detail: string }).detail).toMatch(/METRICS_TOKEN/)
      const elsewhere = await fetch(`${base}/games`, { headers: { authorization: `Bearer ${TOKEN}` } })
      expect(elsewhere.status).toBe(404)
      expect(((await elsewhere.json()) as { detail: string }).detail).toMatch(/serves GET \/metrics only/)
      const posted = await fetch(`${base}/metrics`, { method: 'POST', headers: { authorization: `Bearer ${TOKEN}` } })
      expect(posted.status).toBe(405)
    } finally {
      await listener.close()
    }
  })
})
