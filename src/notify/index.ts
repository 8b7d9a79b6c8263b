// Notifications as one unit for main.ts and tests: the mailer (SMTP_URL or the catcher), the relay
// and the worker, all from the configuration.
import { mailSecret, type Config } from '../config.js'
import type { Db, Log } from '../store/db.js'
import { createMailer } from './mailer.js'
import type { MessageContext } from './messages.js'
import { startNotifyWorker, type NotifyWorker } from './worker.js'

/** `now`: the clock (tests move it; it decides how late an email is). */
export function messageContext(config: Config, db: Db, now?: () => Date): MessageContext {
  return {
    db,
    publicUrl: config.publicUrl,
    from: config.mail.from,
    replyBase: config.mail.replyBase,
    secret: mailSecret(config),
    pageSecret: config.jwtSecret,
    pageLinkTtlSeconds: config.pageLinkTtlHours * 3600,
    ...(now ? { now } : {}),
  }
}

export function startNotifications(
  config: Config,
  db: Db,
  redisUrl: string,
  log?: Log,
  now?: () => Date,
): NotifyWorker {
  const m = config.mail
  return startNotifyWorker(
    messageContext(config, db, now),
    createMailer(db, { smtpUrl: m.smtpUrl, maxConnections: m.smtpMaxConnections, maxMessages: m.smtpMaxMessages }),
    {
      redisUrl,
      attempts: m.attempts,
      backoffMs: m.backoffMs,
      concurrency: m.concurrency,
      relayIntervalMs: m.relayIntervalMs,
      log,
      webhookAllowPrivate: config.env !== 'production',
      warmMaps: m.warmMaps,
    },
  )
}
