// Once per test run: a migrated template database that each test file copies (CREATE DATABASE …
// TEMPLATE), so every file gets its own database in milliseconds.
import { createHash } from 'node:crypto'
import { readFileSync, readdirSync } from 'node:fs'
import { join } from 'node:path'
import pg from 'pg'
import type { TestProject } from 'vitest/node'
import { migrate } from '../../src/store/migrate.js'

export const ADMIN_URL = process.env.TEST_DATABASE_URL ?? 'postgresql://postgres@127.0.0.1:5432/postgres'

function migrationsHash(): string {
  const dir = 'prisma/migrations'
  const h = createHash('sha256')
  for (const name of readdirSync(dir).sort()) {
    if (name.endsWith('.toml')) continue
    h.update(name).update(readFileSync(join(dir, name, 'migration.sql')))
  }
  return h.digest('hex').slice(0, 12)
}

/** The migrated template database for this set of migrations, built once. */
export async function ensureTemplateDatabase(): Promise<string> {
  const template = `hexmail_template_${migrationsHash()}`
  const admin = new pg.Client({ connectionString: ADMIN_URL })
  await admin.connect()
  try {
    const exists = await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [template])
    if (exists.rowCount === 0) {
      const building = `${template}_building_${process.pid}`
      await admin.query(`DROP DATABASE IF EXISTS "${building}"`)
      await admin.query(`CREATE DATABASE "${building}"`)
      const url = new URL(ADMIN_URL)
      url.pathname = `/${building}`
      await migrate(url.toString())
      await admin.query(`ALTER DATABASE "${building}" RENAME TO "${template}"`)
    }
  } finally {
    await admin.end()
  }
  return template
}

export default async function setup(project: TestProject): Promise<void> {
  project.provide('templateDatabase', await ensureTemplateDatabase())
}

declare module 'vitest' {
  export interface ProvidedContext {
    templateDatabase: string
  }
}
