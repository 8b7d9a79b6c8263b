// The daily digest: for players who asked for it, the news that may wait (phases resolved, deadline
// notices) is held and sent in one email a day, after DIGEST_HOUR in their own time zone. The digest
// of a day is one outbox row (its key names the user and the date), written in the same transaction
// that marks the held notifications as gathered, so nothing is sent twice or dropped.
import { DateTime } from 'luxon'
import { inTransaction, poolOf, stderrLog, type Db } from '../store/db.js'

export const DIGEST_HOUR = 7

interface Held {
  userId: string
  email: string
  timeZone: string
  ids: string[]
}

export async function queueDigests(db: Db, now: Date): Promise<number> {
  const pool = poolOf(db)!
  const held = (
    await pool.query<Held>(
      `SELECT u.id AS "userId", u.email, u."timeZone", array_agg(n.id::text ORDER BY n.id) AS ids
       FROM "Notification" n JOIN "User" u ON u.id = n."userId"
      WHERE n.status = 'digest' AND u."unsubscribedAt" IS NULL GROUP BY u.id, u.email, u."timeZone"`,
    )
  ).rows
  let queued = 0
  for (const h of held) {
    const local = DateTime.fromJSDate(now, { zone: h.timeZone })
    const zoned = local.isValid ? local : DateTime.fromJSDate(now, { zone: 'UTC' })
    if (zoned.hour < DIGEST_HOUR) continue
    const sent = await inTransaction(pool, async (client) => {
      const row = await client.query(
        `INSERT INTO "Outbox"(kind, payload, "dedupeKey") VALUES ('digest', $1::jsonb, $2)
           ON CONFLICT ("dedupeKey") DO NOTHING RETURNING id`,
        [
          JSON.stringify({ userId: h.userId, to: h.email, ids: h.ids, date: zoned.toISODate() }),
          `digest:${h.userId}:${zoned.toISODate()}`,
        ],
      )
      // Today's digest already went: these wait for tomorrow's.
      if (row.rowCount !== 1) return false
      await client.query(
        `UPDATE "Notification" SET status = 'digested' WHERE id = ANY($1::bigint[]) AND status = 'digest'`,
        [h.ids],
      )
      return true
    })
    if (sent) queued++
  }
  return queued
}

export interface DigestClock {
  stop(): Promise<void>
}

/** Looks for digests due every `intervalMs` (beside the deadline clock; only the database is needed). */
export function startDigestClock(
  db: Db,
  opts: { intervalMs: number; now?: () => Date; onError?: (e: Error) => void },
): DigestClock {
  let running: Promise<unknown> | null = null
  const tick = () => {
    if (running) return
    running = queueDigests(db, opts.now?.() ?? new Date())
      .catch((e: Error) => (opts.onError ?? ((err: Error) => stderrLog.warn(`daily digest: ${err.message}`)))(e))
      .finally(() => {
        running = null
      })
  }
  const timer = setInterval(tick, opts.intervalMs)
  timer.unref()
  return {
    async stop() {
      clearInterval(timer)
      await running
    },
  }
}
