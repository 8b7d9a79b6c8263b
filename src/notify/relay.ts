// The relay: outbox rows (written in the same transaction as the log entries that caused them) are
// moved into the queue, then marked relayed. If Redis is away nothing is marked and the rows wait:
// orders are never held up by mail. A row relayed twice (a crash between the two steps, or two relays)
// is harmless: the job id is the row's id, and the workers record what they sent.
import { poolOf, type Db } from '../store/db.js'
import type { NotifyQueue } from './queue.js'

export async function relayOnce(db: Db, queue: NotifyQueue, limit = 500): Promise<number> {
  const pool = poolOf(db)!
  const rows = (await pool.query<{ id: string }>(`SELECT id::text FROM "Outbox" WHERE "relayedAt" IS NULL ORDER BY id LIMIT $1`, [limit])).rows
  if (rows.length === 0) return 0
  await queue.add(rows.map((r) => ({ name: 'outbox' as const, data: { outboxId: r.id } })))
  await pool.query(`UPDATE "Outbox" SET "relayedAt" = now() AT TIME ZONE 'UTC' WHERE id = ANY($1::bigint[])`, [rows.map((r) => r.id)])
  return rows.length
}

export interface Relay {
  /** Runs a pass now (tests, and after a write that should go out quickly). */
  kick(): void
  stop(): Promise<void>
}

/** Polls the outbox; while Redis is away, waits longer between tries (up to maxDelayMs). */
export function startRelay(db: Db, queue: NotifyQueue, opts: { intervalMs: number; maxDelayMs?: number; onError?: (e: Error) => void }): Relay {
  let stopped = false
  let timer: NodeJS.Timeout | undefined
  let running: Promise<void> | null = null
  let delay = opts.intervalMs
  let failing = false
  const pass = async () => {
    try {
      let n
      do n = await relayOnce(db, queue)
      while (n > 0 && !stopped)
      delay = opts.intervalMs
      failing = false
    } catch (e) {
      if (!failing) opts.onError?.(e as Error)
      failing = true
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
  timer = setTimeout(loop, 0)
  return {
    kick() {
      if (running || stopped) return
      clearTimeout(timer)
      loop()
    },
    async stop() {
      stopped = true
      clearTimeout(timer)
      await running
    },
  }
}
