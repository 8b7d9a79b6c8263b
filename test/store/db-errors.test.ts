// The database errors the server goes on from are said in its log, not dropped: an idle connection that
// PostgreSQL closed, and a rollback that fails after the statement that ended the transaction.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createDb, inTransaction, poolOf, type Db, type Log } from '../../src/store/db.js'
import { createTestDb, type TestDb } from '../support/db.js'

let t: TestDb
beforeAll(async () => {
  t = await createTestDb()
})
afterAll(async () => t?.drop())

/** A logger that keeps what it is told. */
function recording(): Log & { lines: Array<[string, string]> } {
  const lines: Array<[string, string]> = []
  return {
    lines,
    info: (m) => lines.push(['info', m]),
    warn: (m) => lines.push(['warn', m]),
    debug: (m) => lines.push(['debug', m]),
  }
}

async function until(check: () => boolean, ms = 5000): Promise<void> {
  const end = Date.now() + ms
  while (!check()) {
    if (Date.now() > end) throw new Error('timed out')
    await new Promise((r) => setTimeout(r, 20))
  }
}

describe('database errors', () => {
  let db: Db
  const log = recording()
  const app = `db-errors-${process.pid}`

  beforeAll(() => {
    const url = new URL(t.url)
    url.searchParams.set('application_name', app)
    db = createDb(url.toString(), { poolSize: 2, log })
  })
  afterAll(async () => db?.$disconnect())

  it('an idle connection closed by PostgreSQL is reported, and the next query gets a new one', async () => {
    await db.$queryRaw`SELECT 1`
    const killed = await t.sql(
      'SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE application_name = $1 AND pid <> pg_backend_pid()',
      [app],
    )
    expect(killed.rowCount).toBeGreaterThan(0)
    await until(() => log.lines.some(([, m]) => /an idle connection failed/.test(m)))
    expect(log.lines.find(([, m]) => /an idle connection failed/.test(m))).toEqual([
      'warn',
      expect.stringMatching(/^database: an idle connection failed \(.*terminat.*\); the pool opens a new one/),
    ])
    expect(await db.$queryRaw`SELECT 2 AS two`).toEqual([{ two: 2 }])
  })

  it('a rollback that fails is reported, the error that caused it thrown, and the connection not reused', async () => {
    const pool = poolOf(db)!
    log.lines.length = 0
    const failure = await inTransaction(pool, async (client) => {
      await client.query('SELECT pg_terminate_backend(pg_backend_pid())')
    }).catch((e: Error) => e)
    expect(failure).toBeInstanceOf(Error)
    // The connection failed while out of the pool: said at debug level (the statement failed with it).
    expect(log.lines).toContainEqual(['debug', expect.stringMatching(/^database: a connection in use failed \(.+\)$/)])
    expect(log.lines).toContainEqual([
      'warn',
      expect.stringMatching(/^database: ROLLBACK after ".+" failed \(.+\); the connection is closed$/),
    ])
    // The pool still works: the broken connection was closed, not handed out again.
    expect(await inTransaction(pool, async (client) => (await client.query('SELECT 3 AS three')).rows)).toEqual([
      { three: 3 },
    ])
  })
})
