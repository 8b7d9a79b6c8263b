// One notification row -> one email (nodemailer message). The composer of the row's kind (kinds/)
// writes the email: for a game position, the recipient's own view of the game, what happened since
// their last phase, their options, the map as an inline PNG, the deadline in their time zone and a
// Reply-To carrying a signed token. Here it gets its envelope: sender and recipient, the headers mail
// filters and responders read, the game's thread and the Message-ID.
import { randomBytes } from 'node:crypto'
import type Mail from 'nodemailer/lib/mailer/index.js'
import type { ComposedEmail, Recipient } from './compose/index.js'
import {
  composerFor,
  linksFor,
  pageFor,
  recipientOf,
  type BuildOptions,
  type Draft,
  type MessageContext,
  type NotificationRow,
} from './kinds/index.js'

export {
  MAP_CID,
  replyBinding,
  unsubscribeToken,
  type BuildOptions,
  type MessageContext,
  type NotificationRow,
} from './kinds/index.js'

/** Mail about the account itself, asked for by its owner: it goes even when unsubscribed, and offers no unsubscribe. */
export const ACCOUNT_MAIL: ReadonlySet<string> = new Set(['verify-email', 'magic-link'])

export interface BuiltMessage {
  message: Mail.Options
  composed: ComposedEmail
}

/** The domain of our Message-IDs and thread ids: the reply address's. */
export function mailDomain(ctx: Pick<MessageContext, 'replyBase'>): string {
  return ctx.replyBase.split('@')[1] || 'hexmail.invalid'
}

/**
 * A Message-ID nobody has used: random, never derived from a database id, so a restored backup or a
 * fresh data folder (whose ids start again at 1) cannot send a second message under an old id, which
 * receiving servers would drop as a duplicate.
 */
export function newMessageId(domain: string): string {
  return `<${randomBytes(16).toString('hex')}@${domain}>`
}

/** Every email of a game names this id in References, so mail clients keep a game in one thread. */
export function threadId(gameId: string, domain: string): string {
  return `<game.${gameId}@${domain}>`
}

/** Message-IDs taken from a player's email into our References: sane ones only, the last few. */
function referencesFrom(ids: unknown): string[] {
  if (!Array.isArray(ids)) return []
  return ids.filter((id): id is string => typeof id === 'string' && /^<[^<>\s]{1,250}>$/.test(id)).slice(-8)
}

/** The email of one notification, by the composer of its kind (a digest drafts the ones it gathers). */
async function draft(
  ctx: MessageContext,
  n: NotificationRow,
  opts: BuildOptions,
  recipient: Recipient,
): Promise<Draft> {
  const compose = composerFor(n.kind)
  return compose(
    {
      ctx,
      opts,
      recipient,
      links: linksFor(ctx, n.userId),
      page: (path) => pageFor(ctx, n.userId, path),
      draftOther: async (row, o) => draft(ctx, row, o, await recipientOf(ctx.db, row)),
    },
    n,
  )
}

function headersOf(ctx: MessageContext, n: NotificationRow): Record<string, string> {
  // For mail filters (and tests): what this email is about.
  const headers: Record<string, string> = {
    'X-Hexmail-Kind': n.kind,
    ...(n.gameId ? { 'X-Hexmail-Game': n.gameId } : {}),
    ...(n.seq !== null ? { 'X-Hexmail-Position': String(n.seq) } : {}),
  }
  // Account mail, and mail to an address with no account, has nothing to unsubscribe from.
  if (!ACCOUNT_MAIL.has(n.kind) && n.userId) {
    headers['List-Unsubscribe'] = `<${linksFor(ctx, n.userId).unsubscribeUrl}>`
    headers['List-Unsubscribe-Post'] = 'List-Unsubscribe=One-Click'
  }
  // RFC 3834: we are a program. Vacation responders and Exchange's out-of-office stay quiet, and an
  // answer to a player's email says it is one.
  headers['Auto-Submitted'] = n.kind === 'reply' ? 'auto-replied' : 'auto-generated'
  headers['X-Auto-Response-Suppress'] = 'OOF, AutoReply'
  return headers
}

export async function buildMessage(
  ctx: MessageContext,
  n: NotificationRow,
  opts: BuildOptions = {},
): Promise<BuiltMessage> {
  const recipient = await recipientOf(ctx.db, n)
  const { composed, replyTo, attachments } = await draft(ctx, n, opts, recipient)
  const domain = mailDomain(ctx)
  return {
    composed,
    message: {
      from: ctx.from,
      to:
        recipient.name && recipient.name !== n.toAddress ? { name: recipient.name, address: n.toAddress } : n.toAddress,
      subject: composed.subject,
      text: composed.text,
      html: composed.html || undefined,
      attachments: attachments ?? [],
      headers: headersOf(ctx, n),
      ...(replyTo ? { replyTo } : {}),
      ...threading(n, domain),
      // Kept per notification (send.ts): a resend after a crash carries the same one.
      messageId: opts.messageId ?? newMessageId(domain),
    },
  }
}

/**
 * In-Reply-To and References: an answer follows the player's email; every email of a game (each new
 * phase, reminder, notice, answer) names the game's thread id, so it lands in one conversation.
 */
function threading(n: NotificationRow, domain: string): Pick<Mail.Options, 'inReplyTo' | 'references'> {
  const gameId = n.gameId ?? (typeof n.payload.gameId === 'string' ? n.payload.gameId : null)
  const thread = gameId ? [threadId(gameId, domain)] : []
  if (n.kind === 'reply') {
    const answered = referencesFrom([n.payload.inReplyTo])[0]
    const references = [
      ...new Set([...thread, ...referencesFrom(n.payload.references), ...(answered ? [answered] : [])]),
    ]
    return { ...(answered ? { inReplyTo: answered } : {}), ...(references.length ? { references } : {}) }
  }
  return thread.length ? { inReplyTo: thread[0], references: thread } : {}
}
