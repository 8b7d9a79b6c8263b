// Sign-in links sent by email (docs/sign-in-links.md): a one-time token, kept only as its SHA-256, that
// signs its account in within minutes of being asked for. Asking never tells whether the account exists.
// Reading a link (peekMagicLink) does not use it: mail scanners open links before their reader does.
import type { Db } from '../store/db.js'
import { checkedEmail } from './accounts.js'
import { AuthError } from './errors.js'
import { sealToken } from './sealed-tokens.js'
import { newOpaqueToken, tokenHash } from './tokens.js'

/** The longest `next` path kept: a page of this site, not a place to park data. */
export const NEXT_MAX = 512

export interface MagicLinkDeps {
  db: Db
  /** The server's secret: the token waits for its email sealed under it (sealed-tokens.ts). */
  tokenSecret: string
  magicLinkTtlMinutes: number
  /** The clock (tests move it). */
  now?: () => Date
}

export type MagicLinkState = 'valid' | 'expired' | 'used' | 'unknown'

export interface MagicLinkPeek {
  state: MagicLinkState
  /** The account the link signs in; null for an unknown token. */
  email: string | null
  next: string | null
  expiresAt: Date | null
}

export interface MagicSignIn {
  userId: string
  role: 'PLAYER' | 'MODERATOR' | 'ADMIN'
  /** The page to open once signed in (a path of this site), or null. */
  next: string | null
}

/**
 * A path of this site: one leading "/", never "//" or "/\" (which browsers read as another host), no
 * backslash, no control character or space, and nothing a URL parser would take to another origin.
 */
export function checkedNext(raw: string | undefined): string | null {
  if (raw === undefined || raw === '') return null
  const refused = (why: string) => new AuthError('INVALID_INPUT', why, 'next')
  if (raw.length > NEXT_MAX) throw refused(`must be at most ${NEXT_MAX} characters`)
  if (!raw.startsWith('/') || raw.startsWith('//'))
    throw refused('must be a path of this site starting with a single "/", such as "/g/…"')
  if (/[\\\s\p{Cc}]/u.test(raw)) throw refused('must not contain backslashes, spaces or control characters')
  const base = 'http://hexmail.invalid'
  if (URL.parse(raw, base)?.origin !== base) throw refused('must stay on this site')
  return raw
}

/**
 * Emails a sign-in link to the account with this address, when there is one. The caller learns
 * nothing either way: the same answer, and no error for an unknown address. Only a malformed email or
 * `next` is refused.
 */
export async function requestMagicLink(deps: MagicLinkDeps, email: string, next?: string): Promise<void> {
  const address = checkedEmail(email)
  const nextPath = checkedNext(next)
  const user = await deps.db.user.findUnique({ where: { email: address }, select: { id: true } })
  if (!user) return
  const token = newOpaqueToken()
  const now = deps.now?.() ?? new Date()
  const expiresAt = new Date(now.getTime() + deps.magicLinkTtlMinutes * 60_000)
  // The row and its email together: no link without its email, no email for a link never stored.
  await deps.db.$transaction(async (tx) => {
    await tx.magicLink.create({
      data: { userId: user.id, tokenHash: tokenHash(token), next: nextPath, createdAt: now, expiresAt },
    })
    await tx.outbox.create({
      data: {
        kind: 'magic-link',
        payload: {
          userId: user.id,
          email: address,
          token: sealToken(deps.tokenSecret, token),
          expiresAt: expiresAt.toISOString(),
          ttlMinutes: deps.magicLinkTtlMinutes,
        },
      },
    })
  })
}

const AGAIN = 'ask for a new sign-in link'

function refusal(state: Exclude<MagicLinkState, 'valid'>): AuthError {
  switch (state) {
    case 'unknown':
      return new AuthError('MAGIC_LINK_UNKNOWN', `this sign-in link is not known (it may be mistyped): ${AGAIN}`)
    case 'expired':
      return new AuthError('MAGIC_LINK_EXPIRED', `this sign-in link has expired: ${AGAIN}`)
    case 'used':
      return new AuthError('MAGIC_LINK_USED', `this sign-in link was already used; each link works once: ${AGAIN}`)
  }
}

function stateOf(row: { usedAt: Date | null; expiresAt: Date }, now: Date): MagicLinkState {
  if (row.usedAt) return 'used'
  return row.expiresAt <= now ? 'expired' : 'valid'
}

/** What a link is, without using it: for the page that asks "Sign in as …?" before anything happens. */
export async function peekMagicLink(db: Db, token: string, now: Date = new Date()): Promise<MagicLinkPeek> {
  const row = await db.magicLink.findUnique({
    where: { tokenHash: tokenHash(token) },
    select: { usedAt: true, expiresAt: true, next: true, user: { select: { email: true } } },
  })
  if (!row) return { state: 'unknown', email: null, next: null, expiresAt: null }
  return { state: stateOf(row, now), email: row.user.email, next: row.next, expiresAt: row.expiresAt }
}

/**
 * Uses the link: it signs its account in once. The row is claimed by a conditional update (usedAt
 * still NULL, not expired), so of two clicks at the same moment exactly one gets through. Following
 * it proves the address, so an unverified one becomes verified.
 */
export async function consumeMagicLink(db: Db, token: string, now: Date = new Date()): Promise<MagicSignIn> {
  const hash = tokenHash(token)
  const row = await db.magicLink.findUnique({
    where: { tokenHash: hash },
    select: { id: true, userId: true, next: true, usedAt: true, expiresAt: true },
  })
  if (!row) throw refusal('unknown')
  const state = stateOf(row, now)
  if (state !== 'valid') throw refusal(state)
  const user = await db.$transaction(async (tx) => {
    const claimed = await tx.magicLink.updateMany({
      where: { id: row.id, usedAt: null, expiresAt: { gt: now } },
      data: { usedAt: now },
    })
    if (claimed.count === 0) return null
    await tx.user.updateMany({ where: { id: row.userId, emailVerifiedAt: null }, data: { emailVerifiedAt: now } })
    return tx.user.findUnique({ where: { id: row.userId }, select: { role: true } })
  })
  if (!user) {
    // Lost the race, or expired in between: say which, from the row as it is now.
    const after = await db.magicLink.findUnique({ where: { id: row.id }, select: { usedAt: true, expiresAt: true } })
    throw refusal(after ? (stateOf(after, now) === 'expired' ? 'expired' : 'used') : 'unknown')
  }
  return { userId: row.userId, role: user.role, next: row.next }
}
