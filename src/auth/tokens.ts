// Refresh tokens: opaque random strings, stored only as their SHA-256. Each refresh rotates the
// token within its family; presenting a token that was already rotated means someone else holds a
// copy, so the whole family is revoked (theft detection).
import { createHash, randomBytes, randomUUID } from 'node:crypto'
import type { Db } from '../store/db.js'
import { AuthError } from './errors.js'

export interface TokenDeps {
  db: Db
  refreshTokenTtlDays: number
}

export interface Rotation {
  userId: string
  role: 'PLAYER' | 'MODERATOR' | 'ADMIN'
  refreshToken: string
}

/** 32 random bytes, base64url: for refresh and email-verification tokens. */
export function newOpaqueToken(): string {
  return randomBytes(32).toString('base64url')
}

export function tokenHash(token: string): string {
  return createHash('sha256').update(token).digest('hex')
}

function expiresAt(ttlDays: number, from = new Date()): Date {
  return new Date(from.getTime() + ttlDays * 24 * 60 * 60 * 1000)
}

/** Starts a new family (a new sign-in) and returns its first token. */
export async function issueRefreshToken(deps: TokenDeps, userId: string): Promise<string> {
  const token = newOpaqueToken()
  await deps.db.refreshToken.create({
    data: { userId, family: randomUUID(), tokenHash: tokenHash(token), expiresAt: expiresAt(deps.refreshTokenTtlDays) },
  })
  return token
}

/** Revokes the presented token and issues its successor in the same family. */
export async function rotateRefreshToken(deps: TokenDeps, presented: string): Promise<Rotation> {
  const { db } = deps
  const row = await db.refreshToken.findUnique({
    where: { tokenHash: tokenHash(presented) },
    include: { user: { select: { role: true } } },
  })
  if (!row) throw new AuthError('INVALID_REFRESH_TOKEN', 'this refresh token is not known: sign in again')
  const now = new Date()
  if (row.revokedAt) {
    await revokeFamily(db, row.family, now)
    throw new AuthError(
      'REFRESH_TOKEN_REUSED',
      'this refresh token was already used; every session it belongs to is now signed out: sign in again',
    )
  }
  if (row.expiresAt <= now)
    throw new AuthError('REFRESH_TOKEN_EXPIRED', 'this refresh token has expired: sign in again')

  const token = newOpaqueToken()
  const successorId = randomUUID()
  // The conditional update makes two concurrent refreshes with one token a reuse, never two heirs.
  const rotated = await db.$transaction(async (tx) => {
    const claimed = await tx.refreshToken.updateMany({
      where: { id: row.id, revokedAt: null },
      data: { revokedAt: now, replacedBy: successorId },
    })
    if (claimed.count === 0) return false
    await tx.refreshToken.create({
      data: {
        id: successorId,
        userId: row.userId,
        family: row.family,
        tokenHash: tokenHash(token),
        expiresAt: expiresAt(deps.refreshTokenTtlDays, now),
      },
    })
    return true
  })
  if (!rotated) {
    await revokeFamily(db, row.family, now)
    throw new AuthError(
      'REFRESH_TOKEN_REUSED',
      'this refresh token was already used; every session it belongs to is now signed out: sign in again',
    )
  }
  return { userId: row.userId, role: row.user.role, refreshToken: token }
}

/** Signs out the session the token belongs to. Unknown tokens are ignored: logging out twice is fine. */
export async function revokeFamilyOf(db: Db, presented: string): Promise<void> {
  const row = await db.refreshToken.findUnique({ where: { tokenHash: tokenHash(presented) }, select: { family: true } })
  if (row) await revokeFamily(db, row.family, new Date())
}

async function revokeFamily(db: Db, family: string, now: Date): Promise<void> {
  await db.refreshToken.updateMany({ where: { family, revokedAt: null }, data: { revokedAt: now } })
}
