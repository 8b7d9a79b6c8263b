// Browser sign-ins: a random token in an HttpOnly, SameSite=Lax cookie, stored only as its SHA-256, so a
// database in other hands holds no usable session. Signing out revokes the row. A request signed in by the
// cookie must carry the session's CSRF token to change anything (src/http/plugins/auth.ts checks it).
import { createHmac, timingSafeEqual } from 'node:crypto'
import { newOpaqueToken, tokenHash } from './tokens.js'
import { poolOf, type Db } from '../store/db.js'

export const SESSION_COOKIE = 'hexmail_session'
export const SESSION_DAYS = 30

export type Role = 'PLAYER' | 'MODERATOR' | 'ADMIN'

export interface WebSessionUser {
  sub: string
  role: Role
}

export async function openWebSession(db: Db, userId: string, days = SESSION_DAYS) {
  const token = newOpaqueToken()
  const expiresAt = new Date(Date.now() + days * 86_400_000)
  await db.webSession.create({ data: { userId, tokenHash: tokenHash(token), expiresAt } })
  return { token, expiresAt }
}

const TOKEN = /^[A-Za-z0-9_-]{43}$/

/** The account a session cookie signs in, or null when it is unknown, expired or signed out. */
export async function sessionUser(db: Db, token: string | undefined): Promise<WebSessionUser | null> {
  if (!token || !TOKEN.test(token)) return null
  const hash = tokenHash(token)
  const pool = poolOf(db)
  if (pool) {
    const { rows } = await pool.query<{ sub: string; role: Role }>(
      'SELECT u.id AS sub, u.role::text AS role FROM "WebSession" s JOIN "User" u ON u.id = s."userId" ' +
        'WHERE s."tokenHash" = $1 AND s."revokedAt" IS NULL AND s."expiresAt" > now()',
      [hash],
    )
    return rows[0] ?? null
  }
  const row = await db.webSession.findUnique({
    where: { tokenHash: hash },
    include: { user: { select: { role: true } } },
  })
  if (!row || row.revokedAt || row.expiresAt <= new Date()) return null
  return { sub: row.userId, role: row.user.role }
}

export async function closeWebSession(db: Db, token: string | undefined): Promise<void> {
  if (!token || !TOKEN.test(token)) return
  await db.webSession.updateMany({
    where: { tokenHash: tokenHash(token), revokedAt: null },
    data: { revokedAt: new Date() },
  })
}

/** Signs out every browser of an account (after a password change, say). */
export async function closeAllWebSessions(db: Db, userId: string): Promise<void> {
  await db.webSession.updateMany({ where: { userId, revokedAt: null }, data: { revokedAt: new Date() } })
}

/** The session's CSRF token: bound to the session, so it cannot be reused with another one. */
export function csrfToken(secret: string, sessionToken: string): string {
  return createHmac('sha256', secret)
    .update(`csrf:${tokenHash(sessionToken)}`)
    .digest('base64url')
}

export function csrfOk(secret: string, sessionToken: string, presented: unknown): boolean {
  if (typeof presented !== 'string' || presented.length > 64) return false
  const expected = Buffer.from(csrfToken(secret, sessionToken))
  const given = Buffer.from(presented)
  return given.length === expected.length && timingSafeEqual(given, expected)
}
