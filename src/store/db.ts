// The Prisma client over node-postgres (Prisma 6.19 with its JavaScript engine: no native binaries).
// The pg pool is shared: Prisma runs everything through it, and the two statements of the per-order
// hot path use it directly (Prisma's query machinery costs more than the statement there).
import { PrismaPg } from '@prisma/adapter-pg'
import pg from 'pg'
import { PrismaClient } from './generated/client.js'

export type Db = PrismaClient

const pools = new WeakMap<object, pg.Pool>()

export function createDb(databaseUrl: string, poolSize = 10): Db {
  const pool = new pg.Pool({ connectionString: databaseUrl, max: poolSize })
  // An idle connection that PostgreSQL closes (a restart, a terminated backend) is reported here; the
  // pool replaces it on the next query. Unhandled, this event would end the process.
  pool.on('error', () => undefined)
  const client = new PrismaClient({ adapter: new PrismaPg(pool) })
  const disconnect = client.$disconnect.bind(client)
  client.$disconnect = async () => {
    await disconnect()
    if (!pool.ended) await pool.end()
  }
  pools.set(client, pool)
  return client
}

/** The pool under a client made by createDb; undefined inside a transaction. */
export function poolOf(db: object): pg.Pool | undefined {
  return pools.get(db)
}

/** Runs `fn` in a transaction on one connection of the pool: committed if it returns, rolled back if it throws. */
export async function inTransaction<T>(pool: pg.Pool, fn: (client: pg.PoolClient) => Promise<T>): Promise<T> {
  const client = await pool.connect()
  try {
    await client.query('BEGIN')
    const result = await fn(client)
    await client.query('COMMIT')
    return result
  } catch (e) {
    await client.query('ROLLBACK').catch(() => undefined)
    throw e
  } finally {
    client.release()
  }
}

/**
 * A statement PostgreSQL refused for the data it was given (SQLSTATE class 22, data exception, or 54,
 * a limit such as an index entry's size): the same data would fail the same way every time.
 */
export function isDataError(e: unknown): boolean {
  const code = (e as { code?: unknown } | null)?.code
  return typeof code === 'string' && /^(22|54)[0-9A-Z]{3}$/.test(code)
}

export { Prisma } from './generated/client.js'
