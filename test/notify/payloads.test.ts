// Outbox payloads and job data have TypeBox schemas; what is read back from the database or Redis is
// checked against them. A row or a job the code cannot read fails for good with a log line saying what
// is wrong, and the worker goes on with the rest.
import { Queue } from 'bullmq'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { loadConfig } from '../../src/config.js'
import { startNotifications } from '../../src/notify/index.js'
import { jobProblem, QUEUE_NAME, producerConnection } from '../../src/notify/queue.js'
import type { NotifyWorker } from '../../src/notify/worker.js'
import { outboxProblem, type OutboxRow } from '../../src/store/outbox.js'
import { createTestDb, type TestDb } from '../support/db.js'
import { startTestRedis, type TestRedis } from '../support/redis.js'
import { startTestSmtp, type TestSmtp } from '../support/smtp.js'

describe('the schemas', () => {
  it('take the payloads the server writes and name what is wrong in others', () => {
    const step: OutboxRow = {
      kind: 'step',
      payload: {
        seq: 3,
        newStep: true,
        pending: [{ side: 'FED', step: 'move', seats: ['FED'], sealed: false, description: 'move', submitted: [] }],
        outcome: null,
        deadline: '2030-01-01T00:00:00.000Z',
      },
    }
    expect(outboxProblem(step.kind, step.payload)).toBeNull()
    expect(outboxProblem('step', { ...step.payload, seq: 'three' })).toMatch(/"step" outbox row does not fit: \/seq/)
    expect(outboxProblem('invite', { to: 'a@example.org' })).toMatch(/"invite" outbox row does not fit/)
    expect(outboxProblem('fax', {})).toBe('an outbox row of unknown kind "fax"')
    expect(jobProblem('send', { notificationId: '12' })).toBeNull()
    expect(jobProblem('send', { notificationId: 12 })).toMatch(/"send" job does not fit: \/notificationId/)
    expect(jobProblem('outbox', { outboxId: '1; DROP TABLE' })).toMatch(/"outbox" job does not fit/)
    expect(jobProblem('shred', {})).toBe('a job of unknown name "shred"')
  })
})

describe('the worker', () => {
  let t: TestDb
  let redis: TestRedis
  let smtp: TestSmtp
  let worker: NotifyWorker
  const warnings: string[] = []
  beforeAll(async () => {
    t = await createTestDb()
    redis = await startTestRedis()
    smtp = await startTestSmtp()
    const config = loadConfig({
      NODE_ENV: 'test',
      SMTP_URL: smtp.url,
      MAIL_SECRET: 'test-mail-secret',
      MAIL_BACKOFF_MS: '100',
      RELAY_INTERVAL_MS: '50',
    })
    worker = startNotifications(config, t.db, redis.url, {
      info: () => undefined,
      warn: (m) => void warnings.push(m),
      debug: () => undefined,
    })
  })
  afterAll(async () => {
    await worker?.close()
    await smtp?.close()
    await redis?.close()
    await t?.drop()
  })

  const waitFor = async (what: () => boolean, ms = 15_000) => {
    const until = Date.now() + ms
    while (!what() && Date.now() < until) await new Promise((r) => setTimeout(r, 50))
  }

  it('reports an outbox row it cannot read, and still sends the good one after it', async () => {
    const bad = await t.sql(
      `INSERT INTO "Outbox"(kind, payload) VALUES ('verify-email', '{"userId": "u1", "email": 42}') RETURNING id::text`,
    )
    await t.sql(`INSERT INTO "Outbox"(kind, payload) VALUES ('invite', $1::jsonb)`, [
      JSON.stringify({
        to: 'friend@example.org',
        userId: null,
        fromUserId: '00000000-0000-4000-8000-000000000001',
        from: 'Alice',
        seat: null,
        message: null,
      }),
    ])
    const id = bad.rows[0].id as string
    await waitFor(() => warnings.some((w) => w.includes(`outbox row ${id}`)))
    expect(warnings.find((w) => w.includes(`outbox row ${id}`))).toMatch(
      new RegExp(
        `outbox job .* failed for good: outbox row ${id}: ` +
          'the payload of a "verify-email" outbox row does not fit: .*/email Expected string',
      ),
    )
    // The worker went on: the row after it was fanned out to its notification.
    let made = 0
    for (let i = 0; i < 100 && made === 0; i++) {
      const rows = await t.sql(`SELECT count(*)::int AS n FROM "Notification" WHERE "toAddress" = 'friend@example.org'`)
      made = rows.rows[0].n as number
      if (made === 0) await new Promise((r) => setTimeout(r, 100))
    }
    expect(made).toBe(1)
  })

  it('reports a job whose data is not what the server queues', async () => {
    const connection = producerConnection(redis.url)
    const queue = new Queue(QUEUE_NAME, { connection })
    try {
      await queue.add('send', { notificationId: { $gt: 0 } }, { jobId: 'odd-1', attempts: 3 })
      await waitFor(() => warnings.some((w) => w.includes('odd-1')))
      expect(warnings.find((w) => w.includes('odd-1'))).toMatch(
        /send job odd-1 failed for good: job odd-1: the data of a "send" job does not fit: \/notificationId/,
      )
    } finally {
      await queue.close()
      connection.disconnect()
    }
  })
})
