// /readyz tells whether email flows: Redis answers, and how old the oldest outbox row not yet queued
// is. Email trouble is "degraded" (still 200: orders are taken meanwhile); no database is a 503.
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { loadConfig } from '../../src/config.js'
import { buildApp } from '../../src/http/app.js'
import { createTestDb, type TestDb } from '../support/db.js'
import { startTestRedis, type TestRedis } from '../support/redis.js'
import { waitFor } from '../support/smtp.js'

let t: TestDb
let redis: TestRedis
let app: FastifyInstance
const config = loadConfig({ NODE_ENV: 'test' })
beforeAll(async () => {
  t = await createTestDb()
  redis = await startTestRedis()
  app = await buildApp({ config, db: t.db, redisUrl: redis.url })
  await app.ready()
}, 60_000)
afterAll(async () => {
  await app?.close()
  await redis?.close()
  await t?.drop()
})

const ready = async () => {
  const res = await app.inject({ method: 'GET', url: '/readyz' })
  return { code: res.statusCode, body: res.json() }
}

describe('/readyz', () => {
  it('reports Redis and the age of the oldest unsent outbox row', async () => {
    expect(await ready()).toEqual({
      code: 200,
      body: {
        status: 'ready',
        checks: { database: 'ok', redis: 'ok', outbox: 'ok' },
        outbox: { unsent: 0, oldestUnsentSeconds: null },
      },
    })

    await redis.stop()
    const down = await ready()
    expect(down.code).toBe(200)
    expect(down.body.status).toBe('degraded')
    expect(down.body.checks.redis).toMatch(/^down: /)

    // Mail waits in the outbox meanwhile: one row five minutes old, one just written.
    await t.sql(
      `INSERT INTO "Outbox"(kind, payload, "createdAt")
       VALUES ('reply', '{}', (now() AT TIME ZONE 'UTC') - interval '5 minutes'),
              ('reply', '{}', now() AT TIME ZONE 'UTC')`,
    )
    const behind = (await ready()).body
    expect(behind.outbox.unsent).toBe(2)
    expect(behind.outbox.oldestUnsentSeconds).toBeGreaterThanOrEqual(300)
    expect(behind.outbox.oldestUnsentSeconds).toBeLessThan(330)
    expect(behind.checks.outbox).toMatch(/^behind: 2 rows wait, the oldest for 3\d\d(\.\d)? s$/)

    // Redis back: it answers again, but the outbox is still behind until the rows are relayed.
    await redis.restart()
    await waitFor('Redis to answer /readyz again', async () => (await ready()).body.checks.redis === 'ok')
    expect((await ready()).body.status).toBe('degraded')
    await t.sql(`UPDATE "Outbox" SET "relayedAt" = now() AT TIME ZONE 'UTC'`)
    expect((await ready()).body).toMatchObject({ status: 'ready', outbox: { unsent: 0, oldestUnsentSeconds: null } })
  })

  it('says so when there is no Redis at all, and is a 503 without the database', async () => {
    const t2 = await createTestDb()
    const none = await buildApp({ config, db: t2.db, redisUrl: null })
    try {
      const res = await none.inject({ method: 'GET', url: '/readyz' })
      expect(res.statusCode).toBe(200)
      expect(res.json()).toMatchObject({
        status: 'degraded',
        checks: { redis: expect.stringMatching(/^none: email notifications are off/) },
      })
      await t2.drop()
      const gone = await none.inject({ method: 'GET', url: '/readyz' })
      expect(gone.statusCode).toBe(503)
      expect(gone.json().status).toBe('not ready')
    } finally {
      await none.close()
    }
  })
})
