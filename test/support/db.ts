// Each test file gets its own database, copied from the migrated template.
import { randomBytes } from 'node:crypto'
import pg from 'pg'
import { inject } from 'vitest'
import { createDb, type Db } from '../../src/store/db.js'

const ADMIN_URL = process.env.TEST_DATABASE_URL ?? 'postgresql://postgres@127.0.0.1:5432/postgres'

export interface TestDb {
  url: string
  name: string
  db: Db
  /** Runs SQL as the superuser on this database (for tests that tamper behind the server's back). */
  sql: (text: string, values?: unknown[]) => Promise<pg.QueryResult>
  drop: () => Promise<void>
}

async function admin<T>(fn: (c: pg.Client) => Promise<T>): Promise<T> {
  const c = new pg.Client({ connectionString: ADMIN_URL })
  await c.connect()
  try {
    return await fn(c)
  } finally {
    await c.end()
  }
}

export async function createTestDb(): Promise<TestDb> {
  // Under vitest the global setup built the template; a script (npm run reliability:…) builds it itself.
  const template = process.env.VITEST
    ? inject('templateDatabase')
    : await (await import('./global-setup.js')).ensureTemplateDatabase()
  const name = `hexmail_test_${randomBytes(6).toString('hex')}`
  await admin((c) => c.query(`CREATE DATABASE "${name}" TEMPLATE "${template}"`))
  const url = new URL(ADMIN_URL)
  url.pathname = `/${name}`
  const db = createDb(url.toString())
  const sql = async (text: string, values: unknown[] = []) => {
    const c = new pg.Client({ connectionString: url.toString() })
    await c.connect()
    try {
      return await c.query(text, values)
    } finally {
      await c.end()
    }
  }
  return {
    url: url.toString(),
    name,
    db,
    sql,
    drop: async () => {
      await db.$disconnect()
      await admin((c) => c.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`))
    },
  }
}
