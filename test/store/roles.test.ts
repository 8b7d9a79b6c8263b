// The server's database role (issue 9): it plays whole games, but cannot change or remove a row of
// the log or the snapshots, nor switch their triggers off; the owner grants it after migrating.
import { randomBytes } from 'node:crypto'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { loadConfig } from '../../src/config.js'
import { buildApp } from '../../src/http/app.js'
import { createDb, type Db } from '../../src/store/db.js'
import { ensureAppRole, logRewriteRights } from '../../src/store/roles.js'
import { createTestDb, type TestDb } from '../support/db.js'
import { as, register } from '../http/helpers.js'

const ADMIN_URL = process.env.TEST_DATABASE_URL ?? 'postgresql://postgres@127.0.0.1:5432/postgres'
// Roles belong to the whole cluster: one of its own per test file run.
const role = `hexmail_app_test_${randomBytes(4).toString('hex')}`
let t: TestDb
let appUrl: string
let appDb: Db

async function asApp(sql: string): Promise<pg.QueryResult> {
  const c = new pg.Client({ connectionString: appUrl })
  await c.connect()
  try {
    return await c.query(sql)
  } finally {
    await c.end()
  }
}

beforeAll(async () => {
  t = await createTestDb()
  appUrl = await ensureAppRole(t.url, role, randomBytes(16).toString('hex'))
  appDb = createDb(appUrl)
})
afterAll(async () => {
  await appDb?.$disconnect()
  await t?.drop()
  const c = new pg.Client({ connectionString: ADMIN_URL })
  await c.connect()
  await c.query(`DROP ROLE IF EXISTS "${role}"`)
  await c.end()
})

describe('the server runs as a role that may only read and append to the log', () => {
  it('plays a game through the API as that role, snapshots included', async () => {
    const app = await buildApp({
      config: loadConfig({ NODE_ENV: 'test', AUTH_RATE_LIMIT: '1000', SNAPSHOT_EVERY: '2' }),
      db: appDb,
    })
    try {
      const [a, b] = await Promise.all([register(app, 'A'), register(app, 'B')])
      const id = (
        await app.inject({
          method: 'POST',
          url: '/games',
          headers: as(a),
          payload: { ruleset: 'abaoaqu', scenario: 'A-S4', seat: 'FED', options: { deployment: 'auto' } },
        })
      ).json().id
      expect(
        (await app.inject({ method: 'POST', url: `/games/${id}/join`, headers: as(b), payload: {} })).statusCode,
      ).toBe(200)
      for (let i = 0; i < 4; i++) {
        const s = (await app.inject({ method: 'GET', url: `/games/${id}`, headers: as(a) })).json()
        const who = s.pending[0].side === 'FED' ? a : b
        const res = await app.inject({
          method: 'POST',
          url: `/games/${id}/orders`,
          headers: as(who),
          payload: { text: 'pass' },
        })
        expect(res.statusCode, res.body).toBe(200)
      }
      expect((await app.inject({ method: 'POST', url: `/games/${id}/resign`, headers: as(b) })).statusCode).toBe(200)
      expect(
        (await t.sql(`SELECT count(*)::int AS n FROM "Snapshot" WHERE "gameId" = $1`, [id])).rows[0].n,
      ).toBeGreaterThan(0)
      expect((await app.inject({ method: 'GET', url: `/games/${id}/verify`, headers: as(a) })).json().ok).toBe(true)
    } finally {
      await app.close()
    }
  })

  it('cannot UPDATE, DELETE, TRUNCATE the log or snapshots, disable their triggers, or set replica mode', async () => {
    for (const table of ['LogEntry', 'Snapshot']) {
      await expect(asApp(`UPDATE "${table}" SET seq = seq`)).rejects.toThrow(/permission denied/)
      await expect(asApp(`DELETE FROM "${table}"`)).rejects.toThrow(/permission denied/)
      await expect(asApp(`TRUNCATE "${table}"`)).rejects.toThrow(/permission denied/)
      await expect(asApp(`ALTER TABLE "${table}" DISABLE TRIGGER ALL`)).rejects.toThrow(/must be owner/)
    }
    await expect(asApp('SET session_replication_role = replica')).rejects.toThrow(/permission denied/)
    await expect(asApp('DROP TRIGGER log_entry_append_only ON "LogEntry"')).rejects.toThrow(/must be owner/)
    await expect(asApp('SELECT count(*) FROM "_prisma_migrations"')).rejects.toThrow(/permission denied/)
    // A game's dice seed and identity never change once written.
    await expect(asApp(`UPDATE "Game" SET seed = seed`)).rejects.toThrow(/permission denied/)
    await expect(asApp(`UPDATE "Game" SET "seedCommitment" = 'x'`)).rejects.toThrow(/permission denied/)
    // What it may do to other tables is untouched.
    await expect(asApp('UPDATE "Game" SET title = title')).resolves.toBeDefined()
  })

  it('says who could rewrite the log: nothing for the app role, everything for a superuser', async () => {
    expect(await logRewriteRights(appUrl)).toEqual([])
    expect((await logRewriteRights(t.url)).join('\n')).toMatch(/superuser/)
  })

  it('ensureAppRole is idempotent (a restart re-grants, and resets the password)', async () => {
    const again = await ensureAppRole(t.url, role, 'another password')
    const c = new pg.Client({ connectionString: again })
    await c.connect()
    expect((await c.query('SELECT current_user AS u')).rows[0].u).toBe(role)
    await c.end()
  })
})
