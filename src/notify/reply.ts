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
import { messageById, postMessage } from '../games/messages.js'
import { submitActions } from '../leagues/campaign.js'
import { submitOrders, type IgnoredLine, type SubmitResult } from '../games/orders.js'
import { DomainError, OrdersRefused, refusalCount } from '../games/errors.js'
import { translate, translator, type Locale, type Values } from '../i18n/index.js'
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
import { inReaderWords, type KnownForm } from './server-words.js'

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
  /** A message email: the message it carried (a reply to it is a message too). */
  message: string | null
}

export interface ReplyContext {
  db: Db
  secret: string
  replyBase: string
  publicUrl: string
  now?: () => Date
}

// The answers link the game's page unsigned: their text is written when the reply arrives and kept in
// the outbox, where a sign-in token should not wait (docs/sign-in-links.md).
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
  const n = refusalCount(errors)
  const head = n === 1 ? t('refusedReply.oneRefused') : t('refusedReply.manyRefused', { n })
  const skipped = ignored.length
    ? `\n\n${t('refusedReply.ignored')}\n` +
      ignored.map((l) => `  ${t('refusedReply.ignoredLine', { line: l.line, text: l.text })}`).join('\n')
    : ''
  return (
    `${t('refusedReply.notApplied')}${head}\n${errorLines(errors, locale)}${skipped}\n\n` +
    `${t('refusedReply.asRead')}\n${echoed(ordersText, locale)}\n\n${t('refusedReply.correctIt')}\n\n` +
    `${t('refusedReply.nothingChanged')}${gameUrl ? `\n${t('refusedReply.theGame', { url: gameUrl })}` : ''}\n`
  )
}

/** The language of a player's emails; English when the notification names no account. */
async function localeOf(db: Db, userId: string | null): Promise<Locale> {
  return userId ? (await preferencesOf(db, userId)).locale : 'en'
}

/** The reply's text quoted back in a refusal: its start only when it is long (a refused submission may be huge). */
const ECHO_MAX = 4000

function echoed(text: string, locale: Locale): string {
  const chars = Array.from(text)
  const more = chars.length - ECHO_MAX
  const shown =
    more > 0
      ? `${chars.slice(0, ECHO_MAX).join('')}\n${translate(locale, 'email', 'reply.moreChars', { n: more })}`
      : text
  return shown
    .split('\n')
    .map((l, i) => `  ${String(i + 1).padStart(2)}  ${l}`)
    .join('\n')
}

/** The greeting and sign-off lines left out of a reply, shown to the player so nothing is dropped silently. */
function ignoredNote(ignored: IgnoredLine[], locale: Locale = 'en'): string {
  if (ignored.length === 0) return ''
  const t = translator(locale, 'email')
  const lines = ignored.map((l) => `  ${t('refusedReply.ignoredLine', { line: l.line, text: l.text })}`).join('\n')
  return `\n\n${t('refusedReply.ignored')}\n${lines}`
}

const reSubject = (mail: InboundMail, locale: Locale) =>
  /^re:/i.test(mail.subject) ? mail.subject : `Re: ${mail.subject || translate(locale, 'email', 'reply.yourOrders')}`

/** Why an email was not applied, as the server says it: a message of locales/<locale>/email.json `reply.reason`. */
interface Why {
  key: string
  values?: Values
}

const why = (key: string, values?: Values): Why => ({ key, values })
const whyIn = (locale: Locale, w: Why) => translate(locale, 'email', `reply.reason.${w.key}`, w.values)

/** The refusals of src/games/orders.ts an answer may name; others are shown as they are. */
const SERVER_REASONS: KnownForm[] = [
  { pattern: /^the game is over$/, key: 'reply.reason.gameOver' },
  { pattern: /^the game has not started: every seat must be taken first$/, key: 'reply.reason.notStarted' },
  {
    pattern: /^the game moved on while your orders were checked: look at it again$/,
    key: 'reply.reason.movedOn',
  },
  { pattern: /^the game is busy with other submissions: try again$/, key: 'reply.reason.busy' },
  {
    pattern: /^seat (.+) has already submitted its orders for this step$/,
    key: 'reply.reason.alreadySubmitted',
    values: ['seat'],
  },
  { pattern: /^you hold no seat in this game$/, key: 'reply.reason.noSeat' },
  { pattern: /^seat (.+) is not yours$/, key: 'reply.reason.seatNotYours', values: ['seat'] },
]

const serverReasonIn = (locale: Locale, message: string) => inReaderWords(locale, message, SERVER_REASONS)

/** The answer to accepted orders, in the addressee's language. */
function acceptedAnswer(
  locale: Locale,
  n: NotificationRef,
  publicUrl: string,
  text: string,
  result: SubmitResult,
  ignored: IgnoredLine[],
): string {
  const t = translator(locale, 'email')
  const gameUrl = `${publicUrl}/g/${n.gameId}`
  return (
    `${t('reply.accepted', { title: n.title ?? t('reply.theGame'), seat: n.seat, seq: result.seq })}\n\n` +
    `${text || 'pass'}${ignoredNote(ignored, locale)}\n\n` +
    t(result.resolved ? 'reply.resolved' : 'reply.waiting') +
    `\n${t('refusedReply.theGame', { url: gameUrl })}\n` +
    `\n${t('reply.receipt', { receipt: result.receipt })}\n` +
    `${gameUrl}/verify?receipt=${encodeURIComponent(result.receipt)}\n`
  )
}

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
  // The answer is in the addressee's language; the result (logged, returned) keeps the server's English.
  const refuse = async (
    reason: string | Why,
    answerTo: NotificationRef | null,
    notificationId: string | null,
    text?: (locale: Locale) => string,
  ) => {
    const said = (locale: Locale) => (typeof reason === 'string' ? reason : whyIn(locale, reason))
    let answer: OutboxRow | null = null
    if (answerTo && !mail.autoReply) {
      const locale = await localeOf(ctx.db, answerTo.userId)
      const t = translator(locale, 'email')
      const game = answerTo.gameId
        ? `\n${t('refusedReply.theGame', { url: `${ctx.publicUrl}/g/${answerTo.gameId}` })}`
        : ''
      answer = answerRow(
        mail,
        key,
        answerTo,
        reSubject(mail, locale),
        text?.(locale) ??
          `${t('refusedReply.notApplied')}${said(locale)}\n\n${t('refusedReply.nothingChanged')}${game}\n`,
      )
    }
    return finish({ ...base, status: 'refused', reason: said('en'), answered: answer !== null }, answer, notificationId)
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
      `SELECT n.id::text, n."userId", n."gameId", n.seat, n.seq, n.kind, u.email, g.title,
              o.payload->>'message' AS message
       FROM "Notification" n LEFT JOIN "User" u ON u.id = n."userId" LEFT JOIN "Game" g ON g.id = n."gameId"
            LEFT JOIN "Outbox" o ON o.id = n."outboxId"
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
  if (check === 'expired') return refuse(why('expired'), n, n.id)
  if (n.kind === 'game-message') return replyAsMessage(ctx, mail, key, n, refuse, finish)
  if (n.kind === 'campaign-period') return replyAsActions(ctx, mail, key, n, refuse, finish)
  if (!n.gameId || !n.seat || n.seq === null || (n.kind !== 'your-phase' && n.kind !== 'reminder'))
    return refuse(why('noOrders'), n, n.id)
  // Orders are for the step the email announced: a resolution since then means it is over (teammates'
  // orders and deadline events — an extension, a vacation — leave it open).
  const later = await pool.query<{ kind: string }>(
    `SELECT kind FROM "LogEntry"
      WHERE "gameId" = $1::uuid AND seq > $2 AND kind IN ('RESOLUTION', 'SETUP', 'RESIGN') LIMIT 1`,
    [n.gameId, n.seq],
  )
  if (later.rows.length > 0) return refuse(why('stepOver'), n, n.id)

  const locale = await localeOf(ctx.db, n.userId)
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
          reSubject(mail, locale),
          acceptedAnswer(locale, n, ctx.publicUrl, text, result, ignored),
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
    const count = refusalCount(errors)
    const reason = errors.length
      ? `${count === 1 ? 'an order was' : `${count} orders were`} refused:\n${errorLines(errors, 'en')}`
      : e.message
    if (errors.length) {
      const gameUrl = n.gameId ? `${ctx.publicUrl}/g/${n.gameId}` : null
      return refuse(`${reason}${ignoredNote(ignored)}`, n, n.id, (locale) =>
        refusedAnswer(locale, errors, ignored, mail.ordersText, gameUrl),
      )
    }
    // The text with its line numbers, as the errors name them (its start only when it is long).
    const answered = (locale: Locale) => {
      const t = translator(locale, 'email')
      return (
        `${serverReasonIn(locale, reason)}${ignoredNote(ignored, locale)}\n\n${t('refusedReply.asRead')}\n` +
        `${echoed(mail.ordersText, locale)}\n\n${t('refusedReply.correctIt')}`
      )
    }
    return refuse(answered('en'), n, n.id, (locale) => {
      const t = translator(locale, 'email')
      return (
        `${t('refusedReply.notApplied')}${answered(locale)}\n\n${t('refusedReply.nothingChanged')}` +
        `\n${t('refusedReply.theGame', { url: `${ctx.publicUrl}/g/${n.gameId}` })}\n`
      )
    })
  }
}

type Refuse = (
  reason: string | Why,
  answerTo: NotificationRef | null,
  notificationId: string | null,
  text?: (locale: Locale) => string,
) => Promise<InboundResult>
type Finish = (result: InboundResult, answer: OutboxRow | null, notificationId: string | null) => Promise<InboundResult>

/**
 * A reply to a message email is a message to the same readers (everyone, or the side), never orders
 * (docs/messages.md). Its key comes from the delivery, so the same email delivered again posts once.
 * It is not answered when posted: the thread shows it; a refusal is answered, saying why.
 */
async function replyAsMessage(
  ctx: ReplyContext,
  mail: InboundMail,
  key: string,
  n: NotificationRef,
  refuse: Refuse,
  finish: Finish,
): Promise<InboundResult> {
  const original = n.message ? await messageById(ctx.db, n.message) : null
  if (!n.gameId || !n.userId || !original) return refuse(why('noOrders'), n, n.id)
  try {
    const posted = await postMessage(
      ctx.db,
      n.gameId,
      { userId: n.userId, role: null },
      {
        text: mail.ordersText,
        to: original.to,
        key: `email:${createHash('sha256').update(key).digest('hex').slice(0, 40)}`,
      },
      ctx.now?.() ?? new Date(),
    )
    return await finish(
      {
        messageId: mail.messageId,
        status: 'accepted',
        reason: posted.replayed ? 'already posted' : 'message posted',
        answered: false,
      },
      null,
      n.id,
    )
  } catch (e) {
    if (!(e instanceof DomainError)) throw e
    return refuse(e.message, n, n.id)
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

/**
 * A reply to a campaign's maintenance email (docs/campaigns.md) carries the team's actions in the text
 * notation, one a line (a line `done` finishes the team's maintenance): taken as a POST of them would be,
 * keyed by the delivery so the same email delivered again is taken once. Only while the period the email
 * opened is still open.
 */
async function replyAsActions(
  ctx: ReplyContext,
  mail: InboundMail,
  key: string,
  n: NotificationRef,
  refuse: Refuse,
  finish: Finish,
): Promise<InboundResult> {
  const pool = poolOf(ctx.db)!
  const row = (
    await pool.query<{ payload: { seasonId?: string; entryId?: string; round?: number } }>(
      `SELECT o.payload FROM "Notification" n JOIN "Outbox" o ON o.id = n."outboxId" WHERE n.id = $1::bigint`,
      [n.id],
    )
  ).rows[0]
  const p = row?.payload
  if (!n.userId || !p?.seasonId || !p.entryId || !p.round) return refuse(why('noOrders'), n, n.id)
  const season = await ctx.db.season.findUnique({
    where: { id: p.seasonId },
    select: { status: true, stage: true, round: true },
  })
  if (!season || season.status !== 'running' || season.stage !== 'maintenance' || season.round !== p.round)
    return refuse(why('periodOver', { round: p.round }), n, n.id)
  const seasonUrl = `${ctx.publicUrl}/s/${p.seasonId}`
  const locale = await localeOf(ctx.db, n.userId)
  try {
    const taken = await submitActions(
      ctx.db,
      { userId: n.userId, role: 'USER' },
      p.seasonId,
      p.entryId,
      { text: mail.ordersText },
      { idempotencyKey: `email:${createHash('sha256').update(key).digest('hex').slice(0, 40)}`, locale },
    )
    const t = translator(locale, 'email')
    const refused = taken.refused
    const text =
      `${t('campaignReply.taken', { round: taken.round })}\n\n` +
      `${(taken.lines.length ? taken.lines : ['—']).map((l) => `  ${l}`).join('\n')}\n\n` +
      (taken.narration.length ? `${taken.narration.map((l) => `  ${l}`).join('\n')}\n\n` : '') +
      (refused ? `${t('campaignReply.stopped')}\n${errorLines([refused], locale)}\n\n` : '') +
      `${t(taken.done ? 'campaignReply.done' : 'campaignReply.left', { left: taken.left })}\n` +
      `${t('campaignReply.season', { url: seasonUrl })}\n`
    const answer = taken.replayed
      ? null
      : answerRow(mail, key, { userId: n.userId, gameId: null }, reSubject(mail, locale), text)
    return await finish(
      {
        ...{ messageId: mail.messageId },
        status: 'accepted',
        reason: taken.replayed ? 'already applied' : 'maintenance actions taken',
        answered: answer !== null,
        seq: taken.seq,
      },
      answer,
      n.id,
    )
  } catch (e) {
    if (!(e instanceof DomainError)) throw e
    const errors = e instanceof OrdersRefused ? e.errors : []
    if (errors.length)
      return refuse(`actions refused:\n${errorLines(errors, 'en')}`, n, n.id, (l) =>
        refusedAnswer(l, errors, [], mail.ordersText, seasonUrl),
      )
    return refuse(e.message, n, n.id)
  }
}
