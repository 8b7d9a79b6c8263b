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

export async function startMailStack(env: Record<string, string> = {}): Promise<MailStack> {
  const t = await createTestDb()
  const smtp = await startTestSmtp()
  const redis = await startTestRedis()
  const config = loadConfig({
    NODE_ENV: 'test', AUTH_RATE_LIMIT: '1000', SMTP_URL: smtp.url, MAIL_SECRET: 'test-mail-secret',
    MAIL_BACKOFF_MS: '100', RELAY_INTERVAL_MS: '50', PUBLIC_URL: 'http://hexmail.test', ...env,
  })
  const app = await buildApp({ config, db: t.db })
  await app.ready()
  const worker = startNotifications(config, t.db, redis.url)
  const kindOf = (r: Received) => String(r.parsed.headers.get('x-hexmail-kind') ?? '')
  return {
    app, t, config, smtp, redis, worker,
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
