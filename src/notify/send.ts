// Sending one notification. Idempotent: a notification already sent (or failed for good) is left
// alone, so a job run twice — a retry, a relay that ran twice, a worker that crashed after the SMTP
// server took the message but before it was recorded — sends it at most once more, under the same
// Message-ID, which receiving servers use to drop the duplicate.
import { UnrecoverableError } from 'bullmq'
import { poolOf, type Db } from '../store/db.js'
import { isPermanentSmtpError, type Mailer } from './mailer.js'
import { buildMessage, type MessageContext, type NotificationRow } from './messages.js'

export type SendResult = 'sent' | 'already-done' | 'missing'

async function loadNotification(db: Db, id: string): Promise<(NotificationRow & { status: string }) | undefined> {
  const rows = await poolOf(db)!.query<NotificationRow & { status: string }>(
    `SELECT n.id::text, n."outboxId"::text, n."userId", n."gameId", n.seat, n.seq, n.kind, n."toAddress", n.status, o.payload
       FROM "Notification" n JOIN "Outbox" o ON o.id = n."outboxId" WHERE n.id = $1::bigint`, [id])
  return rows.rows[0]
}

export async function sendNotification(ctx: MessageContext, mailer: Mailer, id: string): Promise<SendResult> {
  const pool = poolOf(ctx.db)!
  const n = await loadNotification(ctx.db, id)
  if (!n) return 'missing'
  if (n.status !== 'queued') return 'already-done'
  await pool.query(`UPDATE "Notification" SET attempts = attempts + 1 WHERE id = $1::bigint`, [id])
  let built
  try {
    built = await buildMessage(ctx, n)
  } catch (e) {
    // A message that cannot be built will not build on retry either.
    await markFailed(ctx.db, id, `could not compose: ${(e as Error).message}`)
    throw new UnrecoverableError(`notification ${id}: ${(e as Error).message}`)
  }
  try {
    const info = await mailer.send(built.message)
    await pool.query(`UPDATE "Notification" SET status = 'sent', "sentAt" = now() AT TIME ZONE 'UTC', "messageId" = $2, "lastError" = NULL WHERE id = $1::bigint`, [id, info.messageId])
    return 'sent'
  } catch (e) {
    const message = (e as Error).message
    if (isPermanentSmtpError(e)) {
      await markFailed(ctx.db, id, message)
      throw new UnrecoverableError(`notification ${id}: refused for good: ${message}`)
    }
    await pool.query(`UPDATE "Notification" SET "lastError" = $2 WHERE id = $1::bigint`, [id, message])
    throw e
  }
}

/** The visible end state of an email that could not be delivered. */
export async function markFailed(db: Db, id: string, error: string): Promise<void> {
  await poolOf(db)!.query(`UPDATE "Notification" SET status = 'failed', "lastError" = $2 WHERE id = $1::bigint AND status = 'queued'`, [id, error])
}
