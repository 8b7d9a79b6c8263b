// Orders by reply: an email answering a notification (built-in SMTP listener or POST /inbound/email)
// is checked — the signed token in its address, the sender, the step it was for — then its text is
// parsed with the rule system's notation and submitted like orders from the API. The sender gets an
// answer: the accepted orders echoed back, or every error. The answer is written in the same
// statement as the orders (or, when refused, with the record of the message), so it cannot be lost,
// and the same message delivered twice is applied once.
import { createHash } from 'node:crypto'
import type { FastifyBaseLogger } from 'fastify'
import { mailSecret, type Config } from '../config.js'
import type { OrderError } from '../engine/ruleset.js'
import { submitOrders, type IgnoredLine, type SubmitResult } from '../games/orders.js'
import { DomainError, OrdersRefused } from '../games/errors.js'
import { translator, type Locale } from '../i18n/index.js'
import { orderErrorMessage } from '../i18n/orders.js'
import { preferencesOf } from './preferences.js'
import { inTransaction, isDataError, poolOf, type Db } from '../store/db.js'
import type { OutboxRow } from '../store/games.js'
import {
  checkReplyToken,
  parseInbound,
  permanentFailure,
  readReplyToken,
  startInboundSmtp,
  tokensFromAddresses,
  type InboundMail,
} from './inbound/index.js'
import { replyBinding } from './messages.js'

export type InboundStatus = 'accepted' | 'refused' | 'ignored' | 'duplicate'

export interface InboundResult {
  status: InboundStatus
  /** Why, in words (also the answer's gist). */
  reason: string
  messageId: string
  /** Whether the sender is answered. */
  answered: boolean
  seq?: number
  /** When one email answered several notifications: the results for the others. */
  others?: InboundResult[]
}

interface NotificationRef {
  id: string
  userId: string | null
  gameId: string | null
  seat: string | null
  seq: number | null
  kind: string
  email: string | null
  title: string | null
}

export interface ReplyContext {
  db: Db
  secret: string
  replyBase: string
  publicUrl: string
  now?: () => Date
}

export function replyContext(config: Config, db: Db): ReplyContext {
  return { db, secret: mailSecret(config), replyBase: config.mail.replyBase, publicUrl: config.publicUrl }
}

/** The answer to a player's email; it names their message and their game, so it joins the game's thread. */
function answerRow(
  mail: InboundMail,
  key: string,
  to: { userId: string | null; gameId: string | null },
  subject: string,
  text: string,
): OutboxRow {
  return {
    kind: 'reply',
    payload: {
      to: mail.from,
      userId: to.userId,
      gameId: to.gameId,
      subject,
      text,
      inReplyTo: mail.messageId,
      references: mail.references,
    },
    dedupeKey: `reply:${key}`,
  }
}

function errorLines(errors: OrderError[], locale: Locale): string {
  const t = translator(locale, 'email')
  // Some messages already name their line (the English one says so); do not say it twice.
  return errors
    .map((e) => {
      const at = e.line && !/^line \d+/.test(e.message) ? t('refusedReply.atLine', { line: e.line }) : ''
      return `  ${at}${orderErrorMessage(locale, e)} [${e.rule}]`
    })
    .join('\n')
}

/** The answer to refused orders, in the addressee's language; the rule ids and line numbers as they are. */
function refusedAnswer(
  locale: Locale,
  errors: OrderError[],
  ignored: IgnoredLine[],
  ordersText: string,
  gameUrl: string | null,
): string {
  const t = translator(locale, 'email')
  const head = errors.length === 1 ? t('refusedReply.oneRefused') : t('refusedReply.manyRefused', { n: errors.length })
  const skipped = ignored.length
    ? `\n\n${t('refusedReply.ignored')}\n` +
      ignored.map((l) => `  ${t('refusedReply.ignoredLine', { line: l.line, text: l.text })}`).join('\n')
    : ''
  return (
    `${t('refusedReply.notApplied')}${head}\n${errorLines(errors, locale)}${skipped}\n\n` +
    `${t('refusedReply.asRead')}\n${echoed(ordersText)}\n\n${t('refusedReply.correctIt')}\n\n` +
    `${t('refusedReply.nothingChanged')}${gameUrl ? `\n${t('refusedReply.theGame', { url: gameUrl })}` : ''}\n`
  )
}

/** The language of a player's emails; English when the notification names no account. */
async function localeOf(db: Db, userId: string | null): Promise<Locale> {
  return userId ? (await preferencesOf(db, userId)).locale : 'en'
}

/** The reply's text quoted back in a refusal: its start only when it is long (a refused submission may be huge). */
const ECHO_MAX = 4000

function echoed(text: string): string {
  const chars = Array.from(text)
  const shown =
    chars.length > ECHO_MAX
      ? `${chars.slice(0, ECHO_MAX).join('')}\n… (${chars.length - ECHO_MAX} more characters not shown)`
      : text
  return shown
    .split('\n')
    .map((l, i) => `  ${String(i + 1).padStart(2)}  ${l}`)
    .join('\n')
}

/** The greeting and sign-off lines left out of a reply, shown to the player so nothing is dropped silently. */
function ignoredNote(ignored: IgnoredLine[]): string {
  if (ignored.length === 0) return ''
  const lines = ignored.map((l) => `  line ${l.line}: ${l.text}`).join('\n')
  return `\n\nThese lines were not read as orders and were ignored:\n${lines}`
}

const reSubject = (mail: InboundMail) =>
  /^re:/i.test(mail.subject) ? mail.subject : `Re: ${mail.subject || 'your orders'}`

export async function handleInbound(
  ctx: ReplyContext,
  raw: Buffer,
  envelope?: { from: string },
): Promise<InboundResult> {
  const mail = await parseInbound(raw, envelope)
  const tokens = tokensFromAddresses(mail.recipients, ctx.replyBase)
  if (tokens.length <= 1) return handleReply(ctx, mail, tokens[0] ?? null)
  // One email answering several notifications (games) at once: each is handled on its own.
  const results: InboundResult[] = []
  for (const token of tokens) results.push(await handleReply(ctx, mail, token))
  return { ...results[0]!, others: results.slice(1) }
}

/**
 * What makes a delivery "the same one again": its Message-ID and the reply address it answers. The
 * Message-ID alone is not enough: one email may answer two games, and another sender may reuse an id.
 */
function deliveryKey(messageId: string, token: string | null): string {
  if (!token) return messageId
  const key = `${messageId} ${token}`
  return key.length <= 190 ? key : `<${createHash('sha256').update(key).digest('hex')}@reply.hexmail.invalid>`
}

async function handleReply(ctx: ReplyContext, mail: InboundMail, token: string | null): Promise<InboundResult> {
  const pool = poolOf(ctx.db)!
  const base = { messageId: mail.messageId }
  const key = deliveryKey(mail.messageId, token)
  const claimed = await pool.query<{ status: string; result: InboundResult | null }>(
    `INSERT INTO "InboundMessage"("messageId", "fromAddress") VALUES ($1, $2)
       ON CONFLICT ("messageId") DO UPDATE SET "fromAddress" = "InboundMessage"."fromAddress"
       RETURNING status, result`,
    [key, mail.from],
  )
  if (claimed.rows[0]!.status === 'done')
    return { ...base, status: 'duplicate', reason: 'this message was already handled', answered: false }

  const finish = async (
    result: InboundResult,
    answer: OutboxRow | null,
    notificationId: string | null,
  ): Promise<InboundResult> => {
    await inTransaction(pool, async (client) => {
      if (answer) {
        await client.query(
          `INSERT INTO "Outbox"("gameId", kind, payload, "dedupeKey") VALUES (NULL, $1, $2::jsonb, $3)
             ON CONFLICT ("dedupeKey") DO NOTHING`,
          [answer.kind, JSON.stringify(answer.payload), answer.dedupeKey],
        )
      }
      await client.query(
        `UPDATE "InboundMessage"
            SET status = 'done', result = $2::jsonb, "notificationId" = $3::bigint, "doneAt" = now() AT TIME ZONE 'UTC'
          WHERE "messageId" = $1`,
        [key, JSON.stringify(result), notificationId],
      )
    })
    return result
  }
  // Never answer a machine (loops), nor an address that is not a player's (no backscatter to forged senders).
  const refuse = (reason: string, answerTo: NotificationRef | null, notificationId: string | null, text?: string) => {
    const answer =
      answerTo && !mail.autoReply
        ? answerRow(
            mail,
            key,
            answerTo,
            reSubject(mail),
            text ??
              `Your email was not applied: ${reason}\n\nNothing in the game changed.` +
                `${answerTo.gameId ? `\nThe game: ${ctx.publicUrl}/games/${answerTo.gameId}` : ''}\n`,
          )
        : null
    return finish({ ...base, status: 'refused', reason, answered: answer !== null }, answer, notificationId)
  }

  if (mail.autoReply)
    return finish(
      { ...base, status: 'ignored', reason: 'automatic message (auto-reply or bounce)', answered: false },
      null,
      null,
    )
  const read = token ? readReplyToken(token) : null
  if (!read) return refuse('it was not sent to a reply address of a game notification', null, null)
  const n = (
    await pool.query<NotificationRef>(
      `SELECT n.id::text, n."userId", n."gameId", n.seat, n.seq, n.kind, u.email, g.title
       FROM "Notification" n LEFT JOIN "User" u ON u.id = n."userId" LEFT JOIN "Game" g ON g.id = n."gameId"
       WHERE n.id = $1::bigint`,
      [read.id.toString()],
    )
  ).rows[0]
  if (!n) return refuse('the reply address is not one this server gave out', null, null)
  const check = checkReplyToken(
    read,
    replyBinding(n),
    ctx.secret,
    Math.floor((ctx.now?.() ?? new Date()).getTime() / 1000),
  )
  if (check === 'forged') return refuse('the reply address is not one this server gave out', null, n.id)
  const fromPlayer = n.email !== null && n.email.toLowerCase() === mail.from
  if (!fromPlayer)
    return refuse(`it came from ${mail.from || 'no sender'}, not from the player the notification was for`, null, n.id)
  if (check === 'expired')
    return refuse("the email you answered is too old: answer the latest notification, or use the game's page", n, n.id)
  if (!n.gameId || !n.seat || n.seq === null || (n.kind !== 'your-phase' && n.kind !== 'reminder'))
    return refuse('that email does not take orders', n, n.id)
  // Orders are for the step the email announced: a resolution since then means it is over (teammates'
  // orders and deadline events — an extension, a vacation — leave it open).
  const later = await pool.query<{ kind: string }>(
    `SELECT kind FROM "LogEntry"
      WHERE "gameId" = $1::uuid AND seq > $2 AND kind IN ('RESOLUTION', 'SETUP', 'RESIGN') LIMIT 1`,
    [n.gameId, n.seq],
  )
  if (later.rows.length > 0) return refuse('the step that email was for is over; the game has moved on', n, n.id)

  const subject = reSubject(mail)
  try {
    const result: SubmitResult = await submitOrders(ctx.db, {
      gameId: n.gameId,
      userId: n.userId!,
      seat: n.seat,
      text: mail.ordersText,
      aroundOrders: true,
      idempotency: {
        key: `email:${createHash('sha256').update(key).digest('hex').slice(0, 40)}`,
        requestHash: createHash('sha256').update(`${n.id}\n${mail.ordersText}`).digest('hex'),
      },
      answer: ({ text, result, ignored }) =>
        answerRow(
          mail,
          key,
          n,
          subject,
          `Your orders for ${n.title ?? 'the game'} were accepted (seat ${n.seat}, log entry ${result.seq}):\n\n` +
            `${text || 'pass'}${ignoredNote(ignored)}\n\n` +
            (result.resolved
              ? 'The step is complete and has been resolved.'
              : 'The step resolves when every seat of your side has given orders.') +
            `\nThe game: ${ctx.publicUrl}/games/${n.gameId}\n` +
            `\nReceipt: ${result.receipt} (the game's record as of your orders).\n` +
            'Keep it: this link checks it at any time.\n' +
            `${ctx.publicUrl}/games/${n.gameId}/verify?receipt=${encodeURIComponent(result.receipt)}\n`,
        ),
    })
    return await finish(
      {
        ...base,
        status: 'accepted',
        reason: result.replayed ? 'already applied' : 'orders accepted',
        answered: !result.replayed,
        seq: result.seq,
      },
      null,
      n.id,
    )
  } catch (e) {
    if (!(e instanceof DomainError)) throw e
    const errors = e instanceof OrdersRefused ? e.errors : []
    const ignored: IgnoredLine[] = e instanceof OrdersRefused ? e.ignored : []
    const reason = errors.length
      ? `${errors.length === 1 ? 'an order was' : `${errors.length} orders were`} refused:\n${errorLines(errors, 'en')}`
      : e.message
    if (errors.length) {
      const gameUrl = n.gameId ? `${ctx.publicUrl}/games/${n.gameId}` : null
      const text = refusedAnswer(await localeOf(ctx.db, n.userId), errors, ignored, mail.ordersText, gameUrl)
      return refuse(`${reason}${ignoredNote(ignored)}`, n, n.id, text)
    }
    // The text with its line numbers, as the errors name them (its start only when it is long).
    return refuse(
      `${reason}${ignoredNote(ignored)}\n\nYour text, as read:\n${echoed(mail.ordersText)}\n\n` +
        'Correct it and reply again to the notification email (not to this one).',
      n,
      n.id,
    )
  }
}

/** The built-in SMTP listener for replies (INBOUND_SMTP_PORT): a message is answered 250 once handled. */
export async function startReplyListener(config: Config, db: Db, log: FastifyBaseLogger) {
  const ctx = replyContext(config, db)
  return startInboundSmtp({
    host: config.mail.inboundSmtpHost,
    port: config.mail.inboundSmtpPort ?? 0,
    domain: config.mail.replyBase.split('@')[1],
    onMessage: async (raw, envelope) => {
      let r: InboundResult
      try {
        r = await handleInbound(ctx, raw, envelope)
      } catch (e) {
        // Data the database refuses now it will refuse on every retry: bounce it rather than ask for retries forever.
        throw isDataError(e)
          ? permanentFailure('5.6.0 This message holds data the server cannot store; it was not processed')
          : e
      }
      log.info({ messageId: r.messageId, status: r.status }, `reply by email: ${r.status} (${r.reason.split('\n')[0]})`)
    },
    logger: log,
  })
}
