// Notifications as one unit for main.ts and tests: the mailer (SMTP_URL or the catcher), the relay
// and the worker, all from the configuration.
import { mailSecret, type Config } from '../config.js'
import type { Db } from '../store/db.js'
import { createMailer } from './mailer.js'
import type { MessageContext } from './messages.js'
import { startNotifyWorker, type NotifyWorker } from './worker.js'

export function messageContext(config: Config, db: Db): MessageContext {
  return { db, publicUrl: config.publicUrl, from: config.mail.from, replyBase: config.mail.replyBase, secret: mailSecret(config) }
}

export function startNotifications(config: Config, db: Db, redisUrl: string, log?: { info(m: string): void; warn(m: string): void }): NotifyWorker {
  const m = config.mail
  return startNotifyWorker(messageContext(config, db), createMailer(db, { smtpUrl: m.smtpUrl, maxConnections: Math.min(m.concurrency, 10) }), {
    redisUrl, attempts: m.attempts, backoffMs: m.backoffMs, concurrency: m.concurrency, relayIntervalMs: m.relayIntervalMs, log,
    webhookAllowPrivate: config.env !== 'production',
  })
}
