// The relay: outbox rows (written in the same transaction as the log entries that caused them) are
// moved into the queue, then marked relayed. If Redis is away nothing is marked and the rows wait:
// orders are never held up by mail. A row relayed twice (a crash between the two steps, or two relays)
// is harmless: the job id is the row's id, and the workers record what they sent.
//
// The database stays the record of what is owed; Redis only holds the work in progress. So the relay
// also reconciles, now and then and whenever Redis comes back: a notification still 'queued' gets its
// send job again, and a relayed outbox row that was never fanned out and whose job Redis no longer
// has is queued again. Both are no-ops while Redis has the jobs (the ids are the same), and they make
// good what a Redis that lost its data (no persistence, the last second before a crash, a failover to
// a replica that was behind) would otherwise lose for good.
import { poolOf, stderrLog, type Db } from '../store/db.js'
import { jobFor, NOTIFYING_KINDS } from './fanout.js'
import type { NotifyJob, NotifyQueue } from './queue.js'
import { markFailed } from './send.js'

export async function relayOnce(db: Db, queue: NotifyQueue, limit = 500): Promise<number> {
  const pool = poolOf(db)!
  const rows = (
    await pool.query<{ id: string }>(`SELECT id::text FROM "Outbox" WHERE "relayedAt" IS NULL ORDER BY id LIMIT $1`, [
      limit,
    ])
  ).rows
  if (rows.length === 0) return 0
  await queue.add(rows.map((r) => ({ name: 'outbox' as const, data: { outboxId: r.id } })))
  await pool.query(`UPDATE "Outbox" SET "relayedAt" = now() AT TIME ZONE 'UTC' WHERE id = ANY($1::bigint[])`, [
    rows.map((r) => r.id),
  ])
  return rows.length
}

/** Outbox rows not yet handed to the queue, and the age of the oldest in seconds (null when none): is mail flowing? */
export async function outboxBacklog(db: Db): Promise<{ unsent: number; oldestUnsentSeconds: number | null }> {
  const rows = await db.$queryRaw<Array<{ unsent: number; oldest: number | null }>>`
    SELECT count(*)::int AS unsent, extract(epoch FROM now() - (min("createdAt") AT TIME ZONE 'UTC'))::float8 AS oldest
      FROM "Outbox" WHERE "relayedAt" IS NULL`
  const { unsent, oldest } = rows[0]!
  return { unsent, oldestUnsentSeconds: oldest === null ? null : Math.max(0, Math.round(oldest * 10) / 10) }
}

/** How far back reconciliation looks for outbox rows that were relayed but never fanned out. */
export const RECONCILE_HORIZON_HOURS = 24

/**
 * Gives Redis back the jobs the database says are owed and Redis does not hold: send jobs for the
 * notifications still queued, and fan-out jobs for recent relayed outbox rows that have no
 * notification yet. Returns how many jobs were queued again (added jobs Redis already had count too:
 * adding them changes nothing).
 */
export async function reconcileOnce(db: Db, queue: NotifyQueue, limit = 1000): Promise<number> {
  const pool = poolOf(db)!
  const queued = (
    await pool.query<{ id: string; kind: string }>(
      `SELECT id::text, kind FROM "Notification" WHERE status = 'queued' ORDER BY id LIMIT $1`,
      [limit],
    )
  ).rows
  const sends: NotifyJob[] = queued.map(jobFor)
  // A send job that ended failed while its notification still says 'queued' (the worker died before
  // recording it, or BullMQ gave up on a job that stalled too often) would never run again: record
  // the failure, where its owner sees it.
  const reasons = await queue.failedReasons(sends)
  for (const [i, reason] of reasons.entries()) if (reason !== undefined) await markFailed(db, queued[i]!.id, reason)
  await queue.add(sends.filter((_, i) => reasons[i] === undefined))
  // Rows fanned out to nobody (everyone opted out) look the same as rows never fanned out; Redis
  // keeps the job of either for days, so only rows whose job is gone are queued again. Rows that
  // never tell anyone (orders that did not complete a step) are not even looked at.
  const unfanned = (
    await pool.query<{ id: string }>(
      `SELECT o.id::text FROM "Outbox" o
      WHERE o."relayedAt" IS NOT NULL AND o."relayedAt" > (now() AT TIME ZONE 'UTC') - make_interval(hours => $2)
        AND o.kind = ANY($3::text[]) AND NOT (o.kind = 'step' AND coalesce(o.payload->>'newStep', 'false') <> 'true')
        AND NOT EXISTS (SELECT 1 FROM "Notification" n WHERE n."outboxId" = o.id)
      ORDER BY o.id LIMIT $1`,
      [limit, RECONCILE_HORIZON_HOURS, NOTIFYING_KINDS],
    )
  ).rows
  const fanouts: NotifyJob[] = unfanned.map((r) => ({ name: 'outbox', data: { outboxId: r.id } }))
  const held = await queue.has(fanouts)
  const lost = fanouts.filter((_, i) => !held[i])
  await queue.add(lost)
  return sends.length - reasons.filter((r) => r !== undefined).length + lost.length
}

export interface Relay {
  /** Runs a pass now (tests, and after a write that should go out quickly). */
  kick(): void
  stop(): Promise<void>
}

export interface RelayOptions {
  intervalMs: number
  /** While Redis is away, the wait between tries doubles up to this. */
  maxDelayMs?: number
  /** How often to reconcile with Redis (also done at start and each time Redis comes back). */
  reconcileMs?: number
  onError?: (e: Error) => void
}

/** Polls the outbox; while Redis is away, waits longer between tries (up to maxDelayMs). */
export function startRelay(db: Db, queue: NotifyQueue, opts: RelayOptions): Relay {
  let stopped = false
  let timer: NodeJS.Timeout | undefined
  let running: Promise<void> | null = null
  let delay = opts.intervalMs
  let failing = false
  const reconcileMs = opts.reconcileMs ?? Math.max(1000, opts.intervalMs * 20)
  let reconcileDue = 0
  const pass = async () => {
    try {
      let n
      do n = await relayOnce(db, queue)
      while (n > 0 && !stopped)
      if (!stopped && Date.now() >= reconcileDue) {
        await reconcileOnce(db, queue)
        reconcileDue = Date.now() + reconcileMs
      }
      delay = opts.intervalMs
      failing = false
    } catch (e) {
      if (!failing) (opts.onError ?? ((err: Error) => stderrLog.warn(`outbox relay: ${err.message}`)))(e as Error)
      failing = true
      reconcileDue = 0
      delay = Math.min(delay * 2, opts.maxDelayMs ?? 10_000)
    }
  }
  const loop = () => {
    if (stopped) return
    running = pass().finally(() => {
      running = null
      if (!stopped) timer = setTimeout(loop, delay)
    })
  }
  const kick = () => {
    if (running || stopped) return
    clearTimeout(timer)
    loop()
  }
  // Redis back (or reconnected after a restart that may have lost data): relay and reconcile at once.
  queue.onReady(() => {
    reconcileDue = 0
    delay = opts.intervalMs
    kick()
  })
  timer = setTimeout(loop, 0)
  return {
    kick,
    async stop() {
      stopped = true
      clearTimeout(timer)
      await running
    },
  }
}
