// The notification queue on Redis (BullMQ). Job ids come from database ids (the outbox row, the
// notification), so relaying or fanning out twice adds nothing; the workers are idempotent as well.
import { Type, type Static } from '@sinclair/typebox'
import { Value } from '@sinclair/typebox/value'
import { Queue, type JobsOptions } from 'bullmq'
import { Redis, type RedisOptions } from 'ioredis'
import { stderrLog, type Log } from '../store/db.js'

export const QUEUE_NAME = 'hexmail-notify'

/** A database id (bigint) as text. */
const RowId = Type.String({ pattern: '^[0-9]{1,19}$' })

/** The data of each job, by name: the id of the database row it works on. */
export const JOB_DATA = {
  /** Fan an outbox row out to notifications. */
  outbox: Type.Object({ outboxId: RowId }),
  /** Send one email. */
  send: Type.Object({ notificationId: RowId }),
  /** Post one webhook. */
  webhook: Type.Object({ notificationId: RowId }),
}

export type JobName = keyof typeof JOB_DATA
export type NotifyJob = { [K in JobName]: { name: K; data: Static<(typeof JOB_DATA)[K]> } }[JobName]

/** Why a job read back from Redis cannot be run, or null when its name and data are ones we write. */
export function jobProblem(name: string, data: unknown): string | null {
  if (!(name in JOB_DATA)) return `a job of unknown name "${name}"`
  const schema = JOB_DATA[name as JobName]
  if (Value.Check(schema, data)) return null
  const errors = [...Value.Errors(schema, data)].slice(0, 3).map((e) => `${e.path || '/'} ${e.message}`)
  return `the data of a "${name}" job does not fit: ${errors.join('; ')}`
}

export interface QueueOptions {
  redisUrl: string
  /** Attempts per email before it is marked failed, and the first retry delay (doubling). */
  attempts: number
  backoffMs: number
  /** Where Redis trouble is reported (default: stderr). */
  log?: Log
}

export interface NotifyQueue {
  queue: Queue
  options: QueueOptions
  add(jobs: NotifyJob[], timeoutMs?: number): Promise<void>
  /** Which of these jobs Redis still holds (in any state). */
  has(jobs: NotifyJob[], timeoutMs?: number): Promise<boolean[]>
  /** For each of these jobs that ended failed (no retry left), why; undefined for the others. */
  failedReasons(jobs: NotifyJob[], timeoutMs?: number): Promise<Array<string | undefined>>
  /** Called each time the connection to Redis is (again) ready. */
  onReady(fn: () => void): void
  close(): Promise<void>
}

export function jobId(job: NotifyJob): string {
  // BullMQ refuses ':' in custom ids.
  switch (job.name) {
    case 'outbox':
      return `outbox-${job.data.outboxId}`
    case 'send':
      return `mail-${job.data.notificationId}`
    case 'webhook':
      return `hook-${job.data.notificationId}`
  }
}

const outages = new WeakMap<Redis, (e: Error) => void>()

/**
 * Reports a connection's trouble once per outage: ioredis retries (every 2 s at most) and reports every
 * failed attempt, so the first error is a warning, those after it debug lines, and the return is said.
 * Unhandled, the error event would end the process.
 */
function watchConnection(r: Redis, what: string, log: Log): Redis {
  let down = false
  const report = (e: Error) => {
    if (down) return log.debug(`${what}: Redis still unreachable (${e.message})`)
    down = true
    log.warn(`${what}: Redis unreachable (${e.message}); retrying`)
  }
  r.on('error', report)
  r.on('ready', () => {
    if (down) log.info(`${what}: Redis reachable again`)
    down = false
  })
  outages.set(r, report)
  return r
}

/** Reports an error of something that runs on `connection` (a BullMQ queue or worker) as the connection's own. */
export function reportOn(connection: Redis, e: Error): void {
  const report = outages.get(connection) ?? ((err: Error) => stderrLog.warn(`email queue: ${err.message}`))
  report(e)
}

/**
 * A connection for adding jobs: fails fast while Redis is away (the outbox keeps the work). `more`: other
 * ioredis options (a command timeout, a connection made later).
 */
export function producerConnection(
  url: string,
  log: Log = stderrLog,
  what = 'email queue',
  more: RedisOptions = {},
): Redis {
  const r = new Redis(url, {
    maxRetriesPerRequest: 1,
    enableOfflineQueue: false,
    retryStrategy: (n) => Math.min(n * 200, 2000),
    ...more,
  })
  return watchConnection(r, what, log)
}

/** A connection for workers: blocking commands wait through outages (BullMQ requires null retries). */
export function workerConnection(url: string, log: Log = stderrLog, what = 'email worker'): Redis {
  const r = new Redis(url, { maxRetriesPerRequest: null, retryStrategy: (n) => Math.min(n * 200, 2000) })
  return watchConnection(r, what, log)
}

/** `work`, or an error once `timeoutMs` have passed (a Redis that does not answer must not hold the relay). */
export async function bounded<T>(work: Promise<T>, timeoutMs: number, log: Log): Promise<T> {
  let timer: NodeJS.Timeout | undefined
  let late = false
  // Before the time is up, a failure is the caller's (the race below); after it, only this line tells it.
  work.catch((e: Error) => {
    if (late) log.debug(`email queue: Redis failed after the ${timeoutMs} ms wait was over (${e.message})`)
  })
  try {
    return await Promise.race([
      work,
      new Promise<never>((_, reject) => {
        timer = setTimeout(() => {
          late = true
          reject(new Error(`Redis did not answer within ${timeoutMs} ms`))
        }, timeoutMs)
      }),
    ])
  } finally {
    clearTimeout(timer)
  }
}

export function createNotifyQueue(options: QueueOptions): NotifyQueue {
  const log = options.log ?? stderrLog
  const connection = producerConnection(options.redisUrl, log)
  const queue = new Queue(QUEUE_NAME, { connection })
  queue.on('error', (e) => reportOn(connection, e))
  const defaults: JobsOptions = {
    attempts: options.attempts,
    backoff: { type: 'exponential', delay: options.backoffMs },
    removeOnComplete: { age: 7 * 24 * 3600, count: 10_000 },
    removeOnFail: { age: 30 * 24 * 3600 },
  }
  return {
    queue,
    options,
    async add(jobs, timeoutMs = 3000) {
      if (jobs.length === 0) return
      await bounded(
        queue.addBulk(jobs.map((j) => ({ name: j.name, data: j.data, opts: { ...defaults, jobId: jobId(j) } }))),
        timeoutMs,
        log,
      )
    },
    async has(jobs, timeoutMs = 3000) {
      if (jobs.length === 0) return []
      const pipeline = connection.pipeline()
      for (const j of jobs) pipeline.exists(queue.toKey(jobId(j)))
      const answers = await bounded(pipeline.exec(), timeoutMs, log)
      return (answers ?? []).map(([err, n]) => {
        if (err) throw err
        return n === 1
      })
    },
    async failedReasons(jobs, timeoutMs = 3000) {
      if (jobs.length === 0) return []
      const pipeline = connection.pipeline()
      for (const j of jobs) pipeline.zscore(queue.toKey('failed'), jobId(j))
      const answers = (await bounded(pipeline.exec(), timeoutMs, log)) ?? []
      return Promise.all(
        answers.map(async ([err, score], i) => {
          if (err) throw err
          if (score === null) return undefined
          const job = await bounded(queue.getJob(jobId(jobs[i]!)), timeoutMs, log)
          return job?.failedReason || 'the job failed'
        }),
      )
    },
    onReady(fn) {
      connection.on('ready', fn)
    },
    async close() {
      await queue.close().catch((e: Error) => log.warn(`email queue: closing it failed (${e.message})`))
      connection.disconnect()
    },
  }
}
