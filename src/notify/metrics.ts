// What /metrics reads when Prometheus scrapes (src/metrics): the outbox backlog from PostgreSQL and
// the email queue's job counts from Redis. Each read is bounded in time, so a scrape always answers:
// the outbox gauges say NaN when the database does not answer, the queue gauges are left out when
// Redis does not; the log says why, once per outage.
import { Queue } from 'bullmq'
import type { Redis } from 'ioredis'
import { outboxReadings, queueReadings, type OutboxReading, type QueueReading } from '../metrics/index.js'
import { inTransaction, poolOf, stderrLog, type Db, type Log } from '../store/db.js'
import { bounded, producerConnection, QUEUE_NAME, reportOn } from './queue.js'

/** How long a scrape waits for PostgreSQL or Redis (Prometheus' own scrape timeout is 10 s by default). */
export const SCRAPE_READ_TIMEOUT_MS = 2000
export const QUEUE_STATES = ['waiting', 'active', 'delayed', 'failed'] as const

/** The outbox rows the relay has not yet queued (src/notify/relay.ts): `relayedAt` is null, which its index finds. */
export async function readOutbox(
  db: Db,
  log: Log = stderrLog,
  timeoutMs = SCRAPE_READ_TIMEOUT_MS,
): Promise<OutboxReading> {
  const read = inTransaction(poolOf(db)!, async (client) => {
    // Bounded on the server too: a count that overruns must not keep its connection after the scrape gave up.
    await client.query(`SET LOCAL statement_timeout = ${Math.max(1, Math.round(timeoutMs))}`)
    const { rows } = await client.query<{ pending: number; oldest: number | null }>(
      `SELECT count(*)::int AS pending,
              extract(epoch FROM now() - (min("createdAt") AT TIME ZONE 'UTC'))::float8 AS oldest
         FROM "Outbox" WHERE "relayedAt" IS NULL`,
    )
    const { pending, oldest } = rows[0]!
    return { pending, oldestAgeSeconds: Math.max(0, oldest ?? 0) }
  })
  return bounded(read, timeoutMs, log)
}

/** Reports a source's failure once per outage: a warning, then debug lines until it answers again. */
function oncePerOutage(what: string, log: Log) {
  let failing = false
  return {
    async watch<T>(work: Promise<T>): Promise<T> {
      try {
        const value = await work
        if (failing) log.info(`metrics: ${what} answers again`)
        failing = false
        return value
      } catch (e) {
        const line = `metrics: ${what} did not answer (${(e as Error).message})`
        if (failing) log.debug(line)
        else log.warn(`${line}; the scrape answers without it`)
        failing = true
        throw e
      }
    },
  }
}

/**
 * The email queue's job counts by state, within `timeoutMs`. Waits for a connection still being made (the
 * first scrape); during an outage the connection refuses at once (no offline queue), so scrapes stay quick.
 */
async function readQueue(queue: Queue, connection: Redis, timeoutMs: number, log: Log): Promise<QueueReading> {
  if (['wait', 'connecting', 'connect'].includes(connection.status)) {
    await bounded(new Promise((resolve) => connection.once('ready', resolve)), timeoutMs, log)
  }
  const counts = await bounded(queue.getJobCounts(...QUEUE_STATES), timeoutMs, log)
  return { [QUEUE_NAME]: Object.fromEntries(QUEUE_STATES.map((s) => [s, counts[s] ?? 0])) }
}

export interface ScrapeSources {
  close(): Promise<void>
}

/**
 * Supplies the readings /metrics shows from this database and, when there is one, this Redis (null:
 * no queue gauges). `close` withdraws them and closes the Redis connection.
 */
export function supplyScrapeReadings(db: Db, redisUrl: string | null, log: Log = stderrLog): ScrapeSources {
  const database = oncePerOutage('PostgreSQL (the outbox)', log)
  const withdrawOutbox = outboxReadings.supply(() => database.watch(readOutbox(db, log)))
  if (!redisUrl) return { close: async () => withdrawOutbox() }
  const connection = producerConnection(redisUrl, log, 'metrics')
  const queue = new Queue(QUEUE_NAME, { connection })
  queue.on('error', (e) => reportOn(connection, e))
  const redis = oncePerOutage('Redis (the email queue)', log)
  const withdrawQueue = queueReadings.supply(() =>
    redis.watch(readQueue(queue, connection, SCRAPE_READ_TIMEOUT_MS, log)),
  )
  return {
    async close() {
      withdrawOutbox()
      withdrawQueue()
      await queue.close().catch((e: Error) => log.warn(`metrics: closing the queue failed (${e.message})`))
      connection.disconnect()
    },
  }
}
