// The process's measurements, in Prometheus' text format at GET /metrics (docs/performance.md). Each
// process (API or worker) keeps its own; Prometheus scrapes each and sums. Layers count into the
// metrics here; nothing here imports the rest of the server.
import { Counter, Histogram, Registry, collectDefaultMetrics } from 'prom-client'

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
