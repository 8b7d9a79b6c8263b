// The database itself keeps the log append-only.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestDb, type TestDb } from '../support/db.js'

const USER = '00000000-0000-0000-0000-000000000001'
const GAME = '00000000-0000-0000-0000-00000000000a'

let t: TestDb
beforeAll(async () => {
  t = await createTestDb()
  await t.sql(`INSERT INTO "User"(id, email, name, "passwordHash") VALUES ('${USER}', 'a@example.org', 'A', 'x')`)
  await t.sql(`INSERT INTO "Game"(id, ruleset, "rulesVersion", "scenarioId", title, players, options, "inviteCode",
                                  "seedCommitment", seed, "createdById")
    VALUES ('${GAME}', 'abaoaqu', 'abaoaqu-1', 'A-S4', 't', 2, '{}', 'inv', 'c', 's', '${USER}')`)
  await t.sql(
    `INSERT INTO "LogEntry"("gameId", seq, kind, payload, "prevHash", hash)
     VALUES ('${GAME}', 1, 'SETUP', '{}', '', 'h1')`,
  )
})
afterAll(async () => t?.drop())

describe('LogEntry is append-only in the database', () => {
  it('refuses UPDATE', async () => {
    await expect(t.sql(`UPDATE "LogEntry" SET hash = 'forged' WHERE seq = 1`)).rejects.toThrow(/append-only: UPDATE/)
  })
  it('refuses DELETE', async () => {
    await expect(t.sql(`DELETE FROM "LogEntry" WHERE seq = 1`)).rejects.toThrow(/append-only: DELETE/)
  })
  it('refuses TRUNCATE', async () => {
    await expect(t.sql(`TRUNCATE "LogEntry"`)).rejects.toThrow(/append-only: TRUNCATE/)
  })
  it('accepts INSERT, and the refused statements changed nothing', async () => {
    await t.sql(
      `INSERT INTO "LogEntry"("gameId", seq, kind, payload, "prevHash", hash)
       VALUES ('${GAME}', 2, 'ORDERS', '{}', 'h1', 'h2')`,
    )
    const rows = await t.sql(`SELECT seq, hash FROM "LogEntry" ORDER BY seq`)
    expect(rows.rows).toEqual([
      { seq: 1, hash: 'h1' },
      { seq: 2, hash: 'h2' },
    ])
  })
})
