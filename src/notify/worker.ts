// The notification worker: the relay (outbox -> queue) and a BullMQ worker that fans outbox rows out
// to notifications, sends each email and posts webhooks. Runs inside `npm start` (all) or on its own
// (`npm start -- worker`); several workers may run at once.
import { UnrecoverableError, Worker, type Job } from 'bullmq'
import pg from 'pg'
import { poolOf, stderrLog, watchPool } from '../store/db.js'
import { fanOut } from './fanout.js'
import type { Mailer } from './mailer.js'
import type { MessageContext } from './messages.js'
import {
  createNotifyQueue,
  jobProblem,
  QUEUE_NAME,
  reportOn,
  workerConnection,
  type NotifyQueue,
  type QueueOptions,
} from './queue.js'
import { warmMaps, type WarmUp } from './map-warm.js'
import { startRelay, type Relay } from './relay.js'
import { markFailed, sendNotification } from './send.js'
import { deliverWebhook } from './webhook.js'

export interface NotifyWorkerOptions extends QueueOptions {
  concurrency: number
  /** Webhooks may point at loopback or private addresses (never in production). */
  webhookAllowPrivate?: boolean
  relayIntervalMs: number
  /** Warm the map renderer up in the background once the worker runs (map-warm.ts). */
  warmMaps?: boolean
}

export interface NotifyWorker {
  queue: NotifyQueue
  relay: Relay
  worker: Worker
  /** The map warm-up under way or done; null when not asked for. */
  warming: Promise<WarmUp | null> | null
  close(): Promise<void>
}

export function startNotifyWorker(ctx: MessageContext, mailer: Mailer, opts: NotifyWorkerOptions): NotifyWorker {
  const log = opts.log ?? stderrLog
  const queue = createNotifyQueue(opts)
  const relay = startRelay(ctx.db, queue, {
    intervalMs: opts.relayIntervalMs,
    onError: (e) => log.warn(`outbox relay waiting for Redis: ${e.message}`),
  })
  const connection = workerConnection(opts.redisUrl, log)
  // The connections that hold a notification's row lock while its SMTP conversation lasts (send.ts):
  // one per concurrent job, apart from the pool the API and the message building use.
  const base = poolOf(ctx.db)!
  const locks = watchPool(new pg.Pool({ ...base.options, max: opts.concurrency }), log, 'email worker locks')
  const worker = new Worker(
    QUEUE_NAME,
    async (job: Job) => {
      // Data that is not what we queue (another writer, an old version): fail for good, saying why.
      const problem = jobProblem(job.name, job.data)
      if (problem) throw new UnrecoverableError(`job ${job.id}: ${problem}`)
      switch (job.name) {
        case 'outbox':
          return fanOut(ctx.db, queue, job.data.outboxId)
        case 'send':
          return sendNotification(ctx, mailer, job.data.notificationId, locks)
        case 'webhook':
          try {
            return await deliverWebhook(ctx.db, ctx.publicUrl, job.data.notificationId, {
              allowPrivate: opts.webhookAllowPrivate ?? false,
              locks,
            })
          } catch (e) {
            if ((e as { permanent?: boolean }).permanent) throw new UnrecoverableError((e as Error).message)
            throw e
          }
        default:
          throw new UnrecoverableError(`job ${job.id}: a job of unknown name "${job.name}"`)
      }
    },
    { connection, concurrency: opts.concurrency, autorun: true },
  )
  worker.on('error', (e) => reportOn(connection, e))
  worker.on('failed', (job, err) => {
    if (!job) return
    const final = err instanceof UnrecoverableError || job.attemptsMade >= (job.opts.attempts ?? 1)
    if (final && (job.name === 'send' || job.name === 'webhook') && jobProblem(job.name, job.data) === null)
      void markFailed(ctx.db, job.data.notificationId, err.message).catch((e: Error) =>
        log.warn(`notification ${job.data.notificationId}: marking it failed did not work (${e.message})`),
      )
    if (final) log.warn(`${job.name} job ${job.id} failed for good: ${err.message}`)
  })
  // After the worker is running: jobs are taken at once, and the warm-up yields to them between pictures.
  const stopWarming = new AbortController()
  const warming = opts.warmMaps
    ? warmMaps({ signal: stopWarming.signal }).then(
        (w) => {
          log.info(`map warm-up: ${w.pictures} pictures in ${Math.round(w.ms)} ms`)
          for (const s of w.skipped) log.debug(`map warm-up: skipped ${s.scenario} (${s.reason})`)
          return w
        },
        (e: Error) => {
          log.warn(`map warm-up failed: ${e.message}`)
          return null
        },
      )
    : null
  return {
    queue,
    relay,
    worker,
    warming,
    async close() {
      stopWarming.abort()
      await warming
      await relay.stop()
      await worker.close().catch((e: Error) => log.warn(`email worker: closing it failed (${e.message})`))
      connection.disconnect()
      await queue.close()
      mailer.close()
      await locks.end().catch((e: Error) => log.warn(`email worker locks: closing the pool failed (${e.message})`))
    },
  }
}
