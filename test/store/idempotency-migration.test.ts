// Migration 20261201100000_idempotency_per_game on a database that already holds idempotency records:
// each record gets the game its orders went to, and the key is then scoped by game.
import { randomBytes } from 'node:crypto'
import { readFileSync, readdirSync } from 'node:fs'
import { join } from 'node:path'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

const ADMIN_URL = process.env.TEST_DATABASE_URL ?? 'postgresql://postgres@127.0.0.1:5432/postgres'
const DIR = 'prisma/migrations'
const THIS = '20261201100000_idempotency_per_game'
const USER = '00000000-0000-0000-0000-000000000001'
const GAMES = ['00000000-0000-0000-0000-00000000000a', '00000000-0000-0000-0000-00000000000b']

const name = `hexmail_migration_${randomBytes(6).toString('hex')}`
let db: pg.Client

async function admin(sql: string) {
  const c = new pg.Client({ connectionString: ADMIN_URL })
  await c.connect()
  try {
    await c.query(sql)
  } finally {
    await c.end()
  }
}

const migration = (folder: string) => readFileSync(join(DIR, folder, 'migration.sql'), 'utf8')

/** One ORDERS entry with its idempotency record, written as the server wrote them: one hexmail_append call. */
async function append(game: string, key: string, expected = 0) {
  const entry = {
    seq: expected + 1,
    kind: 'ORDERS',
    seat: 'FED',
    userId: USER,
    payload: { orders: [] },
    createdAt: '2026-11-30T00:00:00',
    prevHash: '',
    hash: `h-${key}`,
  }
  const position = { logSeq: expected + 1, lastHash: `h-${key}`, pending: [], status: 'ACTIVE' }
  const idem = { userId: USER, key, requestHash: `r-${key}`, status: 200, response: { seq: expected + 1 } }
  const r = await db.query('SELECT hexmail_append($1::uuid, $2, $3::jsonb, $4::jsonb, NULL, NULL, $5::jsonb) AS seq', [
    game,
    expected,
    JSON.stringify([entry]),
    JSON.stringify(position),
    JSON.stringify(idem),
  ])
  return r.rows[0].seq as number
}

beforeAll(async () => {
  await admin(`CREATE DATABASE "${name}"`)
  const url = new URL(ADMIN_URL)
  url.pathname = `/${name}`
  db = new pg.Client({ connectionString: url.toString() })
  await db.connect()
  // The database as it stood before this migration.
  for (const folder of readdirSync(DIR)
    .filter((f) => !f.endsWith('.toml') && f < THIS)
    .sort())
    await db.query(migration(folder))
  await db.query(`INSERT INTO "User"(id, email, name, "passwordHash") VALUES ('${USER}', 'a@example.org', 'A', 'x')`)
  for (const game of GAMES) {
    await db.query(`INSERT INTO "Game"(id, ruleset, "rulesVersion", "scenarioId", title, players, options, "inviteCode",
                                       "seedCommitment", seed, "createdById", status)
      VALUES ('${game}', 'abaoaqu', 'abaoaqu-1', 'A-S4', 't', 2, '{}', 'inv-${game}', 'c', 's', '${USER}', 'ACTIVE')`)
  }
  expect(await append(GAMES[0]!, 'first')).toBe(1)
  expect(await append(GAMES[1]!, 'second')).toBe(1)
  // A record with no log entry from its transaction (as after a dump and restore).
  await db.query(
    `INSERT INTO "IdempotencyRecord"("userId", key, "requestHash", status, response)
     VALUES ('${USER}', 'orphan', 'r', 200, '{}')`,
  )
  await db.query(migration(THIS))
})
afterAll(async () => {
  await db?.end()
  await admin(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`)
})

describe(`migration ${THIS}`, () => {
  it('gives each existing record the game its orders went to, and drops a record no entry matches', async () => {
    const rows = await db.query(`SELECT key, "gameId" FROM "IdempotencyRecord" ORDER BY key`)
    expect(rows.rows).toEqual([
      { key: 'first', gameId: GAMES[0] },
      { key: 'second', gameId: GAMES[1] },
    ])
  })

  it('lets the same key be used in another game, once per game', async () => {
    expect(await append(GAMES[1]!, 'first', 1)).toBe(2)
    const rows = await db.query(`SELECT "gameId" FROM "IdempotencyRecord" WHERE key = 'first' ORDER BY "gameId"`)
    expect(rows.rows.map((r) => r.gameId)).toEqual(GAMES)
    await expect(append(GAMES[0]!, 'first', 1)).rejects.toThrow(/IdempotencyRecord_pkey/)
  })
})
