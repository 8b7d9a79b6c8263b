// The Prisma client over node-postgres (Prisma 6.19 with its JavaScript engine: no native binaries).
// The pg pool is shared: Prisma runs everything through it, and the two statements of the per-order
// hot path use it directly (Prisma's query machinery costs more than the statement there).
import { PrismaPg } from '@prisma/adapter-pg'
import pg from 'pg'
import { PrismaClient } from './generated/client.js'

export type Db = PrismaClient

/** Where a module reports a failure it survives and goes on from: main.ts passes the process's logger. */
export interface Log {
  info(message: string): void
  warn(message: string): void
  debug(message: string): void
}

/** The logger of a module given none (tests, scripts): warnings on stderr, the rest dropped as at level info. */
export const stderrLog: Log = {
  info: () => {},
  warn: (message) => console.warn(message),
  debug: () => {},
}

const pools = new WeakMap<object, pg.Pool>()
const poolLogs = new WeakMap<pg.Pool, Log>()

/**
 * Reports the errors of a pool's idle connections: PostgreSQL closed one (a restart, a terminated
 * backend) and the pool opens another on the next query. Unhandled, this event would end the process.
 */
export function watchPool(pool: pg.Pool, log: Log, what = 'database'): pg.Pool {
  poolLogs.set(pool, log)
  pool.on('error', (e) =>
    log.warn(`${what}: an idle connection failed (${e.message}); the pool opens a new one when needed`),
  )
  return pool
}

/** The logger a pool was watched with. */
export function logOf(pool: pg.Pool): Log {
  return poolLogs.get(pool) ?? stderrLog
}

/**
 * A connection of the pool, for statements of one's own. While it is out of the pool its errors are
 * nobody's (the pool listens to idle ones only), and unhandled they would end the process: the
 * statement in flight fails with the same error, so here it is a debug line. `release` gives it back
 * (closed when given an error).
 */
export async function checkOut(pool: pg.Pool): Promise<pg.PoolClient> {
  const client = await pool.connect()
  const onError = (e: Error) => logOf(pool).debug(`database: a connection in use failed (${e.message})`)
  client.on('error', onError)
  const release = client.release.bind(client)
  client.release = (err?: Error | boolean) => {
    client.off('error', onError)
    release(err)
  }
  return client
}

/**
 * ROLLBACK after `cause` ended a transaction. When the rollback fails too, the connection is in no
 * state to reuse: the error is returned for `client.release(error)`, which closes it.
 */
export async function rollback(pool: pg.Pool, client: pg.PoolClient, cause: unknown): Promise<Error | undefined> {
  try {
    await client.query('ROLLBACK')
    return undefined
  } catch (e) {
    const why = cause instanceof Error ? cause.message : String(cause)
    logOf(pool).warn(`database: ROLLBACK after "${why}" failed (${(e as Error).message}); the connection is closed`)
    return e as Error
  }
}

export function createDb(databaseUrl: string, opts: { poolSize?: number; log?: Log } = {}): Db {
  const pool = watchPool(
    new pg.Pool({ connectionString: databaseUrl, max: opts.poolSize ?? 10 }),
    opts.log ?? stderrLog,
  )
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
  const client = await checkOut(pool)
  let broken: Error | undefined
  try {
    await client.query('BEGIN')
    const result = await fn(client)
    await client.query('COMMIT')
    return result
  } catch (e) {
    broken = await rollback(pool, client, e)
    throw e
  } finally {
    client.release(broken)
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
