// Starting a replica on a database that is up to date skips the Prisma CLI (src/store/migrate.ts): only
// when every migration of this tree is applied, unchanged, and none failed.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { allApplied, migrate } from '../../src/store/migrate.js'
import { createTestDb, type TestDb } from '../support/db.js'

let t: TestDb
beforeAll(async () => {
  t = await createTestDb()
})
afterAll(async () => t?.drop())

describe('whether the migrations are all applied', () => {
  it('is so on a database the migrations made, and migrate() then returns without the CLI', async () => {
    expect(await allApplied(t.url)).toBe(true)
    const started = performance.now()
    expect(await migrate(t.url)).toMatch(/every migration is applied, unchanged/)
    expect(performance.now() - started).toBeLessThan(2_000) // the CLI alone takes several seconds
  })

  it('is not so when a migration was changed, failed, or is missing', async () => {
    const latest = `(SELECT migration_name FROM _prisma_migrations ORDER BY migration_name DESC LIMIT 1)`
    const { rows } = await t.sql(`SELECT checksum FROM _prisma_migrations WHERE migration_name = ${latest}`)
    const checksum = rows[0]!.checksum as string
    await t.sql(`UPDATE _prisma_migrations SET checksum = 'edited' WHERE migration_name = ${latest}`)
    expect(await allApplied(t.url)).toBe(false)
    await t.sql(`UPDATE _prisma_migrations SET checksum = $1 WHERE migration_name = ${latest}`, [checksum])
    expect(await allApplied(t.url)).toBe(true)
    await t.sql(`UPDATE _prisma_migrations SET finished_at = NULL WHERE migration_name = ${latest}`)
    expect(await allApplied(t.url)).toBe(false)
    await t.sql(`DELETE FROM _prisma_migrations WHERE migration_name = ${latest}`)
    expect(await allApplied(t.url)).toBe(false)
  })

  it('is not so on a database without migrations, or one that cannot be reached', async () => {
    await t.sql(`DROP TABLE _prisma_migrations`)
    expect(await allApplied(t.url)).toBe(false)
    expect(await allApplied('postgresql://postgres@127.0.0.1:1/none')).toBe(false)
  })
})
