// What the benchmarks share: a fresh, migrated database on the machine's PostgreSQL.
import pg from 'pg'
import { createDb, type Db } from '../src/store/db.js'
import { migrate } from '../src/store/migrate.js'

export const ADMIN_URL = process.env.BENCH_ADMIN_URL ?? 'postgresql://postgres@127.0.0.1:5432/postgres'

export async function admin(sql: string): Promise<void> {
  const c = new pg.Client({ connectionString: ADMIN_URL })
  await c.connect()
  try {
    await c.query(sql)
  } finally {
    await c.end()
  }
}

/** Drops and recreates database `name`, migrates it, and opens a client with `poolSize` connections. */
export async function freshBenchDb(
  name: string,
  poolSize: number,
): Promise<{ db: Db; url: string; drop: () => Promise<void> }> {
  const url = new URL(ADMIN_URL)
  url.pathname = `/${name}`
  await admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)
  await admin(`CREATE DATABASE ${name}`)
  await migrate(url.toString())
  return {
    db: createDb(url.toString(), { poolSize }),
    url: url.toString(),
    drop: () => admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`),
  }
}
