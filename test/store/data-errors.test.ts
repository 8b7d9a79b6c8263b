// isDataError tells a statement refused for its data (it will fail the same way on every retry) from
// a failure that may pass later: the inbound mail paths answer the first for good, the second with 451.
import { randomBytes } from 'node:crypto'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { isDataError } from '../../src/store/db.js'
import { createTestDb, type TestDb } from '../support/db.js'

let t: TestDb
beforeAll(async () => {
  t = await createTestDb()
})
afterAll(async () => t?.drop())

const failure = (p: Promise<unknown>) =>
  p.then(
    () => {
      throw new Error('the statement succeeded')
    },
    (e: unknown) => e,
  )

describe('isDataError', () => {
  it('is true for data PostgreSQL cannot store or index', async () => {
    expect(isDataError(await failure(t.sql('SELECT $1::text', ['a\u0000b'])))).toBe(true)
    const unindexable = `<${randomBytes(1500).toString('hex')}@x>`
    expect(
      isDataError(
        await failure(
          t.sql(`INSERT INTO "InboundMessage"("messageId", "fromAddress") VALUES ($1, 'a@example.org')`, [unindexable]),
        ),
      ),
    ).toBe(true)
    expect(isDataError(await failure(t.sql('SELECT $1::int', ['99999999999'])))).toBe(true)
  })

  it('is false for a conflict, a missing table and a database that cannot be reached', async () => {
    await t.sql(`INSERT INTO "InboundMessage"("messageId", "fromAddress") VALUES ('<once@x>', 'a@example.org')`)
    expect(
      isDataError(
        await failure(
          t.sql(`INSERT INTO "InboundMessage"("messageId", "fromAddress") VALUES ('<once@x>', 'a@example.org')`),
        ),
      ),
    ).toBe(false)
    expect(isDataError(await failure(t.sql('SELECT * FROM "NoSuchTable"')))).toBe(false)
    const nowhere = new pg.Client({ connectionString: 'postgresql://postgres@127.0.0.1:1/postgres' })
    expect(isDataError(await failure(nowhere.connect()))).toBe(false)
  })
})
