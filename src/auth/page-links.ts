// Signed page links (docs/sign-in-links.md): a link in an email that opens one page of the site and
// signs its addressee in on the way, for a few days. The token is an HMAC-SHA256, keyed with the JWT
// secret under its own "page-link:" prefix, over the user id, the expiry and the page's path. The path
// is not carried in the token (the request names it), so a token lifted from one link opens no other page.
import { createHmac, timingSafeEqual } from 'node:crypto'

/** The query parameter carrying the token: `/g/…?login=<token>`. Redacted from logs (src/http/app.ts). */
export const LOGIN_PARAM = 'login'

export const DEFAULT_PAGE_LINK_TTL_SECONDS = 72 * 3600

const BASE = 'http://page-link.invalid'

/**
 * The part of a link the signature covers: the path and its query without `login`, never the fragment
 * (browsers keep it to themselves). The query is rewritten in one canonical spelling, so the link as
 * mailed and the request it becomes give the same text. Null for anything that is not a path of this site.
 */
export function signedPath(path: string): string | null {
  if (!path.startsWith('/') || path.startsWith('//')) return null
  const url = URL.parse(path, BASE)
  if (!url || url.origin !== BASE) return null
  const query = new URLSearchParams(url.search)
  query.delete(LOGIN_PARAM)
  const q = query.toString()
  return url.pathname + (q ? `?${q}` : '')
}

function mac(secret: string, userId: string, exp: number, path: string): Buffer {
  return createHmac('sha256', secret).update(`page-link:${userId}|${exp}|${path}`).digest()
}

/** A token that signs `userId` in on the page at `path` until `ttlSeconds` from `now`. */
export function signPageLink(
  secret: string,
  userId: string,
  path: string,
  ttlSeconds: number,
  now: Date = new Date(),
): string {
  const signed = signedPath(path)
  if (signed === null) throw new Error(`a page link needs a path of this site, got "${path}"`)
  const exp = Math.floor(now.getTime() / 1000) + ttlSeconds
  const uid = Buffer.from(userId, 'utf8').toString('base64url')
  return `${uid}.${exp.toString(36)}.${mac(secret, userId, exp, signed).toString('base64url')}`
}

/**
 * The user a token signs in on the page at `path` (the request's path; its `login` parameter and any
 * fragment are ignored), or null: a bad signature, another secret, another page, or past its expiry.
 */
export function verifyPageLink(secret: string, token: string, path: string, now: Date = new Date()): string | null {
  const parts = token.split('.')
  if (parts.length !== 3) return null
  const [uid, expText, sig] = parts as [string, string, string]
  if (!/^[0-9a-z]{1,11}$/.test(expText) || !/^[\w-]{1,200}$/.test(uid) || !/^[\w-]{43}$/.test(sig)) return null
  const userId = Buffer.from(uid, 'base64url').toString('utf8')
  // One spelling per user id: a token re-encoded another way is not the token we made.
  if (userId === '' || Buffer.from(userId, 'utf8').toString('base64url') !== uid) return null
  const exp = parseInt(expText, 36)
  const signed = signedPath(path)
  if (signed === null) return null
  const want = mac(secret, userId, exp, signed)
  const got = Buffer.from(sig, 'base64url')
  if (got.length !== want.length || !timingSafeEqual(got, want)) return null
  return exp > now.getTime() / 1000 ? userId : null
}

/**
 * The page's full address, signed for `userId`: `${publicUrl}${path}?login=<token>` (`&login=` when
 * the path has a query; a fragment such as "#orders" stays last, where browsers look for it).
 */
export function pageUrl(
  publicUrl: string,
  secret: string,
  userId: string,
  path: string,
  opts: { ttlSeconds?: number; now?: Date } = {},
): string {
  const hashAt = path.indexOf('#')
  const beforeHash = hashAt < 0 ? path : path.slice(0, hashAt)
  const fragment = hashAt < 0 ? '' : path.slice(hashAt)
  const token = signPageLink(secret, userId, beforeHash, opts.ttlSeconds ?? DEFAULT_PAGE_LINK_TTL_SECONDS, opts.now)
  const sep = beforeHash.includes('?') ? '&' : '?'
  return `${publicUrl}${beforeHash}${sep}${LOGIN_PARAM}=${token}${fragment}`
}
