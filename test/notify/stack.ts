// The whole mail path for a test file: its own database, a private redis-server, a real SMTP server,
// the HTTP app and the notification worker, as `npm start` wires them.
import type { FastifyInstance } from 'fastify'
import { loadConfig, type Config } from '../../src/config.js'
import { buildApp } from '../../src/http/app.js'
import { startNotifications } from '../../src/notify/index.js'
import type { NotifyWorker } from '../../src/notify/worker.js'
import { createTestDb, type TestDb } from '../support/db.js'
import { startTestRedis, type TestRedis } from '../support/redis.js'
import { startTestSmtp, type Received, type TestSmtp } from '../support/smtp.js'
import { as, type User } from '../http/helpers.js'

export interface MailStack {
  app: FastifyInstance
  t: TestDb
  config: Config
  smtp: TestSmtp
  redis: TestRedis
  worker: NotifyWorker
  /** Emails of one kind received by an address. */
  mails(to: string, kind?: string): Received[]
  close(): Promise<void>
}

/** `now`: the worker's clock (how late an email is); real time by default. */
export async function startMailStack(
  env: Record<string, string> = {},
  opts: { now?: () => Date } = {},
): Promise<MailStack> {
  const t = await createTestDb()
  const smtp = await startTestSmtp()
  const redis = await startTestRedis()
  const config = loadConfig({
    NODE_ENV: 'test',
    AUTH_RATE_LIMIT: '1000',
    SMTP_URL: smtp.url,
    MAIL_SECRET: 'test-mail-secret',
    MAIL_BACKOFF_MS: '100',
    RELAY_INTERVAL_MS: '50',
    PUBLIC_URL: 'http://hexmail.test',
    LOG_LEVEL: process.env.DBG_LOG ?? 'silent',
    ...env,
  })
  const app = await buildApp({ config, db: t.db })
  await app.ready()
  const worker = startNotifications(config, t.db, redis.url, undefined, opts.now)
  const kindOf = (r: Received) => String(r.parsed.headers.get('x-hexmail-kind') ?? '')
  return {
    app,
    t,
    config,
    smtp,
    redis,
    worker,
    mails: (to, kind) => smtp.received.filter((r) => r.to.includes(to.toLowerCase()) && (!kind || kindOf(r) === kind)),
    async close() {
      await worker.close()
      await app.close()
      await smtp.close()
      await redis.close()
      await t.drop()
    },
  }
}

/** What one email is about: who got it, which kind, at which log position (headers set by the worker). */
export function mailKey(r: Received): string {
  const header = (name: string) => String(r.parsed.headers.get(name) ?? '')
  return `${r.to.join(',')}|${header('x-hexmail-kind')}|${header('x-hexmail-position')}`
}

/** Keys received more than once (should be none). */
export function doubled(received: Received[]): string[] {
  const seen = new Map<string, number>()
  for (const r of received) seen.set(mailKey(r), (seen.get(mailKey(r)) ?? 0) + 1)
  return [...seen].filter(([, n]) => n > 1).map(([k, n]) => `${k} x${n}`)
}

/** Two players in a fresh A-S4 game (Alice FED, Bob ZEON); resolves once the game has started. */
export async function startGame(
  s: MailStack,
  alice: User,
  bob: User,
  title = 'Fault test',
): Promise<{ gameId: string; seq: number; pending: string[] }> {
  const created = await s.app.inject({
    method: 'POST',
    url: '/games',
    headers: as(alice),
    payload: { ruleset: 'abaoaqu', scenario: 'A-S4', seat: 'FED', title },
  })
  if (created.statusCode !== 201 && created.statusCode !== 200)
    throw new Error(`create game: ${created.statusCode} ${created.body}`)
  const gameId = created.json().id as string
  const joined = await s.app.inject({ method: 'POST', url: `/games/${gameId}/join`, headers: as(bob), payload: {} })
  if (joined.statusCode !== 200) throw new Error(`join game: ${joined.statusCode} ${joined.body}`)
  const game = (await s.app.inject({ method: 'GET', url: `/games/${gameId}` })).json()
  return { gameId, seq: game.logSeq as number, pending: pendingSeats(game.pending) }
}

export function pendingSeats(pending: unknown): string[] {
  return ((pending ?? []) as Array<{ seats: string[] }>).flatMap((p) => p.seats)
}

/** The queue has nothing left to do (nothing waiting, delayed, active or prioritised). */
export async function queueIdle(s: MailStack): Promise<boolean> {
  const c = await s.worker.queue.queue.getJobCounts('waiting', 'active', 'delayed', 'prioritized', 'waiting-children')
  return Object.values(c).every((n) => n === 0)
}
