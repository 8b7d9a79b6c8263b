// Sending one notification. Idempotent: a notification already sent (or failed for good) is left
// alone, so a job run twice — a retry, a relay that ran twice, a worker that crashed after the SMTP
// server took the message but before it was recorded — sends it at most once more, under the same
// Message-ID (random, kept on the row before the first try), which receiving servers use to drop the
// duplicate.
//
// Two senders of the same notification at once (a job BullMQ thought stalled and handed to another
// worker while the first was still talking to the SMTP server, or two workers given the same row)
// must not both send it: the SMTP conversation happens while holding the notification's row lock,
// and the status is read again under that lock. A sender that dies releases the lock with its
// connection, so nothing stays claimed.
import type pg from 'pg'
import { UnrecoverableError } from 'bullmq'
import { extendForLateMail } from '../games/deadlines.js'
import { emailsFailed, emailsSent } from '../metrics/index.js'
import { checkOut, poolOf, rollback, type Db } from '../store/db.js'
import { outboxProblem } from '../store/outbox.js'
import { isPermanentSmtpError, type Mailer } from './mailer.js'
import {
  ACCOUNT_MAIL,
  buildMessage,
  mailDomain,
  newMessageId,
  type MessageContext,
  type NotificationRow,
} from './messages.js'

export type SendResult = 'sent' | 'already-done' | 'missing'

type LoadedNotification = NotificationRow & {
  status: string
  unsubscribed: boolean
  outboxKind: string
  /** The Message-ID kept on the row (made now when it had none); null unless the row is still queued. */
  keptMessageId: string | null
}

/**
 * The row with what its email is made from, and its Message-ID: made (at random) on the first try and
 * the same on every later one, kept in the same statement while the row is queued (one round trip
 * to the database instead of two; a row that ends skipped may keep an id that was never used).
 */
async function loadNotification(db: Db, id: string, domain: string): Promise<LoadedNotification | undefined> {
  const rows = await poolOf(db)!.query<LoadedNotification>(
    `WITH kept AS (
       UPDATE "Notification" SET "messageId" = COALESCE("messageId", $2)
        WHERE id = $1::bigint AND status = 'queued' RETURNING id, "messageId")
     SELECT n.id::text, n."outboxId"::text, n."userId", n."gameId", n.seat, n.seq, n.kind, n."toAddress", n.status,
            o.payload, o.kind AS "outboxKind",
            u.name AS "userName", u."timeZone" AS "userTimeZone", u.locale AS "userLocale",
            (u."unsubscribedAt" IS NOT NULL) AS unsubscribed, kept."messageId" AS "keptMessageId"
       FROM "Notification" n JOIN "Outbox" o ON o.id = n."outboxId" LEFT JOIN "User" u ON u.id = n."userId"
            LEFT JOIN kept ON kept.id = n.id
      WHERE n.id = $1::bigint`,
    [id, newMessageId(domain)],
  )
  return rows.rows[0]
}

/**
 * Sends notification `id` unless it is done. `locks` is where the row lock is held during the SMTP
 * conversation: the worker gives it a pool of its own, so slow mail servers never hold the
 * connections the API and the message building need (by default, the database's pool).
 */
export async function sendNotification(
  ctx: MessageContext,
  mailer: Mailer,
  id: string,
  locks?: pg.Pool,
): Promise<SendResult> {
  // The id goes into statements as a literal below (two statements in one round trip take no parameters).
  if (!/^[0-9]{1,19}$/.test(id)) throw new UnrecoverableError(`notification id ${JSON.stringify(id)} is not a row id`)
  const loaded = await loadNotification(ctx.db, id, mailDomain(ctx))
  if (!loaded) return 'missing'
  const { keptMessageId, ...n } = loaded
  if (n.status !== 'queued' || keptMessageId === null) return 'already-done'
  // An outbox row the code cannot read: the notification fails for good, saying why.
  const problem = outboxProblem(n.outboxKind, n.payload)
  if (problem) throw new UnrecoverableError(`notification ${id}, outbox row ${n.outboxId}: ${problem}`)
  // Unsubscribed since it was queued: only account mail and answers to the player's own emails still go.
  if (n.unsubscribed && !ACCOUNT_MAIL.has(n.kind) && n.kind !== 'reply') {
    await poolOf(ctx.db)!.query(
      `UPDATE "Notification" SET status = 'skipped', "lastError" = 'unsubscribed'
        WHERE id = $1::bigint AND status = 'queued'`,
      [id],
    )
    return 'already-done'
  }
  // A "your phase" email going out late moves its step's deadline by the delay, and says so.
  const late =
    n.kind === 'your-phase' && n.gameId && n.seat && n.seq !== null
      ? await extendForLateMail(ctx.db, { gameId: n.gameId, seat: n.seat, seq: n.seq }, ctx.now?.() ?? new Date())
      : null
  let built
  try {
    built = await buildMessage(ctx, n, { messageId: keptMessageId, late })
  } catch (e) {
    emailsFailed.inc({ kind: n.kind, error: 'compose' })
    // A message that cannot be built will not build on retry either.
    await poolOf(ctx.db)!.query(
      `UPDATE "Notification" SET status = 'failed', attempts = attempts + 1, "lastError" = $2
        WHERE id = $1::bigint AND status = 'queued'`,
      [id, `could not compose: ${(e as Error).message}`],
    )
    throw new UnrecoverableError(`notification ${id}: ${(e as Error).message}`)
  }
  const pool = locks ?? poolOf(ctx.db)!
  const client = await checkOut(pool)
  let open = false
  let broken: Error | undefined
  const commit = async () => {
    await client.query('COMMIT')
    open = false
  }
  try {
    // Counted as open before it is sent: when the round trip fails, whether BEGIN ran is unknown, and a
    // ROLLBACK outside a transaction only warns.
    open = true
    // Takes the row lock (waiting while another sender has it) and counts the attempt in one statement;
    // no row means another sender finished it meanwhile (or it is gone). BEGIN goes in the same round trip.
    const [, claimed] = (await client.query(
      `BEGIN; UPDATE "Notification" SET attempts = attempts + 1 WHERE id = ${id} AND status = 'queued' RETURNING id`,
    )) as unknown as [pg.QueryResult, pg.QueryResult]
    if (claimed.rowCount === 0) {
      const exists = (await client.query(`SELECT 1 FROM "Notification" WHERE id = $1::bigint`, [id])).rowCount
      await commit()
      return exists ? 'already-done' : 'missing'
    }
    let info
    try {
      info = await mailer.send(built.message)
    } catch (e) {
      const message = (e as Error).message
      const permanent = isPermanentSmtpError(e)
      emailsFailed.inc({ kind: n.kind, error: permanent ? 'permanent' : 'temporary' })
      await client.query(
        `UPDATE "Notification" SET "lastError" = $2${permanent ? `, status = 'failed'` : ''} WHERE id = $1::bigint`,
        [id, message],
      )
      await commit()
      if (permanent) throw new UnrecoverableError(`notification ${id}: refused for good: ${message}`)
      throw e
    }
    // Counted once the SMTP server took it, whether or not recording it below works: it has gone out.
    emailsSent.inc({ kind: n.kind })
    // Recorded and committed in one round trip (no parameters in a string of two statements: the id is
    // digits, checked above, and the Message-ID is quoted by the driver).
    const messageId = client.escapeLiteral(info.messageId)
    await client.query(
      `UPDATE "Notification"
          SET status = 'sent', "sentAt" = now() AT TIME ZONE 'UTC', "messageId" = ${messageId}, "lastError" = NULL
        WHERE id = ${id}; COMMIT`,
    )
    open = false
    return 'sent'
  } catch (e) {
    // The database failed mid-way (mail errors were recorded and committed above): undo, and do not
    // give this connection back to the pool.
    if (open) {
      broken = e as Error
      await rollback(pool, client, e)
    }
    throw e
  } finally {
    client.release(broken)
  }
}

/** The visible end state of an email that could not be delivered. */
export async function markFailed(db: Db, id: string, error: string): Promise<void> {
  await poolOf(db)!.query(
    `UPDATE "Notification" SET status = 'failed', "lastError" = $2 WHERE id = $1::bigint AND status = 'queued'`,
    [id, error],
  )
}
