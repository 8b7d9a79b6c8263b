// What every email composer shares: the context it runs in, the notification row it is made from,
// and what it gives back (the composed email, and the Reply-To and attachments some kinds add).
// One composer per notification kind lives beside this file; index.ts lists them.
import { createHmac } from 'node:crypto'
import type Mail from 'nodemailer/lib/mailer/index.js'
import { pageUrl } from '../../auth/page-links.js'
import type { LateMail } from '../../games/deadlines.js'
import { DEFAULT_LOCALE, isLocale, type Locale } from '../../i18n/index.js'
import type { Db } from '../../store/db.js'
import type { ComposedEmail, GameRef, Links, Recipient } from '../compose/index.js'

export interface MessageContext {
  db: Db
  publicUrl: string
  from: string
  replyBase: string
  secret: string
  /** Signs the page links that sign an email's addressee in (the JWT secret; src/auth/page-links.ts). */
  pageSecret: string
  pageLinkTtlSeconds: number
  /** The clock (tests move it); how late an email is, and the deadline it moves, are read from it. */
  now?: () => Date
}

export interface NotificationRow {
  id: string
  outboxId: string
  userId: string | null
  gameId: string | null
  seat: string | null
  seq: number | null
  kind: string
  toAddress: string
  payload: Record<string, unknown>
  /** The recipient's name and time zone when read with the row (else looked up). */
  userName?: string | null
  userTimeZone?: string | null
  userLocale?: string | null
}

export interface BuildOptions {
  /** Attach the map (default true; a digest gathers texts only). */
  map?: boolean
  /** The Message-ID kept for this notification (send.ts); a fresh random one when absent. */
  messageId?: string
  /** A "your phase" email going out late, and the deadline that moved with it (send.ts). */
  late?: LateMail | null
}

export const MAP_CID = 'map@hexmail'

/**
 * The map's inline part of an email, as nodemailer would write it, written once per picture: every
 * reader of a position shares its picture (map-cache.ts), and base64 of a 400 kB PNG is a good part
 * of an email's cost. Held as long as the picture is.
 */
const mapParts = new WeakMap<Buffer, Buffer>()

export function mapAttachment(png: Buffer): Mail.Attachment {
  let raw = mapParts.get(png)
  if (raw === undefined) {
    const base64 = png.toString('base64')
    const lines: string[] = []
    for (let i = 0; i < base64.length; i += 76) lines.push(base64.slice(i, i + 76))
    raw = Buffer.from(
      'Content-Type: image/png; name=map.png\r\n' +
        `Content-ID: <${MAP_CID}>\r\n` +
        'Content-Transfer-Encoding: base64\r\n' +
        'Content-Disposition: inline; filename=map.png\r\n\r\n' +
        lines.join('\r\n'),
    )
    mapParts.set(png, raw)
  }
  // filename, cid and contentType still say what the part is (nodemailer files it as related by them).
  return { filename: 'map.png', cid: MAP_CID, contentType: 'image/png', raw, content: png }
}

/** The binding a reply token is checked against: read back from the notification row. */
export function replyBinding(n: {
  gameId: string | null
  seat: string | null
  seq: number | null
  userId: string | null
}): string {
  return `${n.gameId}|${n.seat}|${n.seq}|${n.userId}`
}

export function unsubscribeToken(secret: string, userId: string): string {
  return createHmac('sha256', secret).update(`unsubscribe|${userId}`).digest('base64url').slice(0, 32)
}

/**
 * The web page at `path` ("/g/<id>#log"), signed in for `userId` when the email has an addressee with
 * an account; the bare page otherwise (docs/sign-in-links.md).
 */
export function pageFor(ctx: MessageContext, userId: string | null, path: string): string {
  if (!userId) return `${ctx.publicUrl}${path}`
  return pageUrl(ctx.publicUrl, ctx.pageSecret, userId, path, {
    ttlSeconds: ctx.pageLinkTtlSeconds,
    now: ctx.now?.() ?? new Date(),
  })
}

export function linksFor(ctx: MessageContext, userId: string | null): Links {
  const u = userId ?? ''
  return {
    unsubscribeUrl: `${ctx.publicUrl}/unsubscribe?u=${u}&t=${unsubscribeToken(ctx.secret, u)}`,
    preferencesUrl: pageFor(ctx, userId, '/preferences'),
  }
}

/**
 * Who a notification goes to: the name, time zone and language read with the row, or looked up.
 * An address with no account (an invitation) is written to in English.
 */
export async function recipientOf(db: Db, n: NotificationRow): Promise<Recipient> {
  const localeOf = (l: string | null | undefined) => (isLocale(l) ? l : DEFAULT_LOCALE)
  if (n.userName !== undefined)
    return {
      name: n.userName ?? n.toAddress,
      email: n.toAddress,
      timeZone: n.userTimeZone ?? 'UTC',
      locale: localeOf(n.userLocale),
    }
  const user = n.userId ? await db.user.findUnique({ where: { id: n.userId } }) : null
  return {
    name: user?.name ?? n.toAddress,
    email: n.toAddress,
    timeZone: user?.timeZone ?? 'UTC',
    locale: localeOf(user?.locale),
  }
}

/** One notification's email, before its envelope (sender, headers, threading) is added. */
export interface Draft {
  composed: ComposedEmail
  replyTo?: string
  attachments?: Mail.Attachment[]
}

/** What a composer is given besides the row. */
export interface KindEnv {
  ctx: MessageContext
  opts: BuildOptions
  recipient: Recipient
  links: Links
  /** A web page of the site, signed in for this email's addressee (pageFor). */
  page: (path: string) => string
  /** The draft of another notification (the ones a digest gathers). */
  draftOther: (n: NotificationRow, opts: BuildOptions) => Promise<Draft>
}

export type Composer = (env: KindEnv, n: NotificationRow) => Promise<Draft>

/** The game's page and its receipt's check, signed in for the reader. */
export function signedGame(env: KindEnv, game: GameRef): GameRef {
  return {
    ...game,
    url: env.page(`/g/${game.id}`),
    ...(game.receipt
      ? { receiptUrl: env.page(`/g/${game.id}/verify?receipt=${encodeURIComponent(game.receipt)}`) }
      : {}),
  }
}

/** The fields every game email opens with: the links, the reader and the game (its links signed for them). */
export function addressed(env: KindEnv, game: GameRef): Links & { recipient: Recipient; game: GameRef } {
  return { ...env.links, recipient: env.recipient, game: signedGame(env, game) }
}

/** The language the recipient reads (their account's; English for an address without one). */
export function readerLocale(env: KindEnv): Locale {
  return env.recipient.locale ?? DEFAULT_LOCALE
}
