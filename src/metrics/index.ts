// The process's measurements, in Prometheus' text format at GET /metrics (docs/metrics.md). Each
// process (API or worker) keeps its own; Prometheus scrapes each and sums. Layers count into the
// metrics here; nothing here imports the rest of the server.
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client'

export const registry = new Registry()
collectDefaultMetrics({ register: registry, prefix: 'hexmail_' })

/** Where an order's time goes, stage by stage (src/games/orders.ts). */
export const orderStageSeconds = new Histogram({
  name: 'hexmail_order_stage_seconds',
  help: 'Time an accepted or refused submission spent in each stage: load, read, validate, resolve, chain, write',
  labelNames: ['stage'] as const,
  buckets: [0.0001, 0.00025, 0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 1],
  registers: [registry],
})

/** Submissions by outcome: accepted, refused (422, the rules), conflict (409, the game moved on or a race). */
export const ordersTotal = new Counter({
  name: 'hexmail_orders_total',
  help: 'Order submissions by outcome (accepted, refused, conflict)',
  labelNames: ['outcome'] as const,
  registers: [registry],
})

/** Group commit (src/store/games.ts): how many appends each statement written carried. */
export const appendBatchSize = new Histogram({
  name: 'hexmail_append_batch_size',
  help: 'Appends (orders, starts, corrections) written per statement and commit by group commit',
  buckets: [1, 2, 4, 8, 16, 32, 64],
  registers: [registry],
})
/**
 * How a game's state was had (src/games/load.ts): "kept" (this process's fold was current), "caught_up"
 * (the kept fold plus the few entries written since, e.g. by another process), "loaded" (the nearest
 * snapshot and the log after it). Many "loaded" with several API processes: see docs/deployment.md.
 */
export const foldLoads = new Counter({
  name: 'hexmail_fold_loads_total',
  help: "How a game's state was had: kept (current in this process), caught_up (kept plus new entries), loaded",
  labelNames: ['how'] as const,
  registers: [registry],
})

/** Every answer of the HTTP API, by route pattern (never the raw URL: ids would make a series each). */
export const httpRequestSeconds = new Histogram({
  name: 'hexmail_http_request_duration_seconds',
  help: 'Time from receiving a request to the end of its answer, by method, route pattern and status code',
  labelNames: ['method', 'route', 'status'] as const,
  buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
  registers: [registry],
})

/** Emails the SMTP server took, by kind (your-phase, reminder, reply...) (src/notify/send.ts). */
export const emailsSent = new Counter({
  name: 'hexmail_emails_sent_total',
  help: 'Emails handed to the SMTP server, by kind',
  labelNames: ['kind'] as const,
  registers: [registry],
})

/**
 * Attempts to send an email that failed, by kind and error: "temporary" (retried later), "permanent"
 * (the server refused it for good), "compose" (the message could not be made).
 */
export const emailsFailed = new Counter({
  name: 'hexmail_emails_failed_total',
  help: 'Attempts to send an email that failed, by kind and error (temporary, permanent, compose)',
  labelNames: ['kind', 'error'] as const,
  registers: [registry],
})

// ---- Readings taken when Prometheus scrapes -------------------------------------------------------
// This module imports nothing of the server, so whoever holds the database or Redis supplies the
// reading (src/notify/metrics.ts). A supplier rejects when its source fails; the scrape still answers.

/** Outbox rows not yet handed to the queue, and the age of the oldest in seconds (0 when none). */
export interface OutboxReading {
  pending: number
  oldestAgeSeconds: number
}

/** Job counts by queue, then by state (waiting, active, delayed, failed). */
export type QueueReading = Record<string, Record<string, number>>

type Read<T> = () => Promise<T>

/** The suppliers of one reading: the newest is asked; gauges collected in one scrape share its answer. */
class Readings<T> {
  private suppliers: Array<Read<T>> = []
  private inFlight: Promise<T | null> | null = null

  /** Adds a supplier; returns the function that withdraws it. */
  supply(read: Read<T>): () => void {
    this.suppliers.push(read)
    return () => {
      const i = this.suppliers.lastIndexOf(read)
      if (i >= 0) this.suppliers.splice(i, 1)
    }
  }

  /** The reading, null when nobody supplies it; rejects when the supplier failed. */
  read(): Promise<T | null> {
    const read = this.suppliers.at(-1)
    if (!read) return Promise.resolve(null)
    this.inFlight ??= read().finally(() => {
      this.inFlight = null
    })
    return this.inFlight
  }
}

export const outboxReadings = new Readings<OutboxReading>()
export const queueReadings = new Readings<QueueReading>()

/** The gauge's value from the outbox reading: NaN when the database did not answer. */
async function fromOutbox(gauge: Gauge, pick: (r: OutboxReading) => number): Promise<void> {
  try {
    const reading = await outboxReadings.read()
    if (reading) gauge.set(pick(reading))
  } catch {
    // The supplier has logged why; NaN says "unknown" where 0 would say "all is well".
    gauge.set(Number.NaN)
  }
}

export const outboxOldestAgeSeconds: Gauge = new Gauge({
  name: 'hexmail_outbox_oldest_age_seconds',
  help: 'Age of the oldest outbox row not yet handed to the email queue (0: none; NaN: the database did not answer)',
  registers: [registry],
  collect: () => fromOutbox(outboxOldestAgeSeconds, (r) => r.oldestAgeSeconds),
})

export const outboxPending: Gauge = new Gauge({
  name: 'hexmail_outbox_pending',
  help: 'Outbox rows not yet handed to the email queue (NaN: the database did not answer)',
  registers: [registry],
  collect: () => fromOutbox(outboxPending, (r) => r.pending),
})

export const queueJobs: Gauge<'queue' | 'state'> = new Gauge({
  name: 'hexmail_queue_jobs',
  help: 'Jobs in each BullMQ queue by state (waiting, active, delayed, failed); absent when Redis is not reachable',
  labelNames: ['queue', 'state'] as const,
  registers: [registry],
  async collect() {
    // Absent rather than stale or zero when there is no Redis or it did not answer.
    queueJobs.reset()
    let reading: QueueReading | null
    try {
      reading = await queueReadings.read()
    } catch {
      return
    }
    for (const [queue, states] of Object.entries(reading ?? {}))
      for (const [state, count] of Object.entries(states)) queueJobs.set({ queue, state }, count)
  },
})
