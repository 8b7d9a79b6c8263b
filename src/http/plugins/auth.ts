// JWT access tokens: `app.authenticate` requires one, `app.identify` reads one when present.
import jwt from '@fastify/jwt'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import fp from 'fastify-plugin'
import { LRUCache } from 'lru-cache'
import type { Config } from '../../config.js'
import { poolOf, type Db } from '../../store/db.js'
import { forbidden, unauthorized } from '../problems.js'
import { csrfOk, SESSION_COOKIE, sessionUser } from '../../auth/web-sessions.js'

export type Role = 'PLAYER' | 'MODERATOR' | 'ADMIN'

export interface AccessClaims {
  sub: string
  role: Role
}

declare module '@fastify/jwt' {
  interface FastifyJWT {
    payload: AccessClaims
    user: AccessClaims
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    authenticate: (request: FastifyRequest) => Promise<void>
    identify: (request: FastifyRequest) => Promise<void>
    config: Config
  }
  interface FastifyRequest {
    /** Set by `identify` when the request carries a valid access token or web session cookie. */
    viewer: AccessClaims | null
    /** The signed-in account's language as stored when the request was identified by its token (see readerLocale). */
    viewerLocale: string | null
    /** The web session's token when the viewer was signed in by the browser's cookie (src/web/session.ts). */
    webSession: string | null
  }
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS'])
export const CSRF_HEADER = 'x-csrf-token'

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

/** What a signed-in request needs of its account, read from the database (never from the token). */
interface AccountNow {
  locale: string
  /** The account's role now: a token's role claim is as of its sign-in, and a demotion must not wait for it. */
  role: Role
}

/**
 * One indexed lookup per signed-in request, through the pool (Prisma's query machinery costs more): the
 * account exists, its role now, and the language it reads (kept on the request, so answers need no second
 * query). Undefined when there is no such account.
 */
async function accountNow(db: Db, id: unknown): Promise<AccountNow | undefined> {
  if (typeof id !== 'string' || !UUID.test(id)) return undefined
  const known = accounts.get(id)
  if (known !== undefined) return known
  const pool = poolOf(db)
  const row = pool
    ? (await pool.query<AccountNow>('SELECT locale, role::text AS role FROM "User" WHERE id = $1::uuid', [id])).rows[0]
    : ((await db.user.findUnique({ where: { id }, select: { locale: true, role: true } })) ?? undefined)
  if (row !== undefined) accounts.set(id, { locale: row.locale, role: row.role })
  return row
}

/**
 * Accounts seen within the last second, with their language and role: a burst of requests (a page and its
 * map, a client polling) costs one lookup. The same bound as the game rows' cache (games/meta-cache.ts):
 * an account deleted, demoted, or a language changed, on another process is seen here within ACCOUNT_TTL_MS;
 * a change made through this process is seen at once (forgetAccount).
 */
const ACCOUNT_TTL_MS = 1000
const accounts = new LRUCache<string, AccountNow>({ max: 10_000, ttl: ACCOUNT_TTL_MS })

export function forgetAccount(id: string): void {
  accounts.delete(id)
}

/**
 * Access tokens whose signature and expiry were checked here, by the exact Authorization header that
 * carried them, each until the token expires and at most VERIFIED_TTL_MS: a client polling its view sends
 * the same header again and again, and @fastify/jwt's own path (decode, hash, cache lookup, callbacks)
 * cost about a fifth of a cached GET /view. Only a header that verified is kept, so a hit is the answer
 * jwtVerify gave for the same bytes; the account is still looked up on every request (accountLocale),
 * so a deleted account stops working, and a demoted one loses its role, within ACCOUNT_TTL_MS.
 */
const VERIFIED_TTL_MS = 60_000
const verifiedTokens = new LRUCache<string, { claims: AccessClaims; until: number }>({ max: 10_000 })

/** The claims of a header verified before and not expired since, else undefined. */
function verifiedBefore(header: string, now: number): AccessClaims | undefined {
  const hit = verifiedTokens.get(header)
  if (hit === undefined) return undefined
  if (now < hit.until) return hit.claims
  verifiedTokens.delete(header)
  return undefined
}

function keepVerified(header: string, claims: AccessClaims, now: number): void {
  const exp = (claims as { exp?: unknown }).exp
  const until = Math.min(now + VERIFIED_TTL_MS, typeof exp === 'number' ? exp * 1000 : Infinity)
  if (until > now) verifiedTokens.set(header, { claims, until })
}

export const authPlugin = fp(
  async (app: FastifyInstance, opts: { config: Config }) => {
    // Verified tokens are cached (never past their expiry): checking the signature on every request
    // was the largest cost of a submission.
    await app.register(jwt, {
      secret: opts.config.jwtSecret,
      sign: { expiresIn: opts.config.accessTokenTtlSeconds },
      verify: { cache: true },
    })
    app.decorateRequest('viewer', null)
    app.decorateRequest('webSession', null)
    app.decorateRequest('viewerLocale', null)
    app.decorate('identify', async (request: FastifyRequest) => {
      const header = request.headers.authorization
      if (!header) return identifyByCookie(app, request)
      if (!/^Bearer\s+\S+/i.test(header)) throw unauthorized('send the access token as "Authorization: Bearer <token>"')
      const now = Date.now()
      let claims = verifiedBefore(header, now)
      if (claims === undefined) {
        try {
          claims = await request.jwtVerify<AccessClaims>()
        } catch {
          throw unauthorized('the access token is invalid or expired: refresh it at POST /auth/refresh')
        }
        keepVerified(header, claims, now)
      } else request.user = claims
      // A token outlives its account when the account is deleted: it then names nobody. (An account
      // kept within the last second is read without a promise: most requests are a polling client's.)
      const account = accounts.get(claims.sub) ?? (await accountNow(app.db, claims.sub))
      if (account === undefined) throw unauthorized('the account this access token was issued to no longer exists')
      // The role as the account has it now, not as the token was signed with it.
      request.viewer = account.role === claims.role ? claims : { ...claims, role: account.role }
      request.viewerLocale = account.locale
    })
    app.decorate('authenticate', async (request: FastifyRequest) => {
      await app.identify(request)
      if (!request.viewer) throw unauthorized()
    })
  },
  { name: 'auth', dependencies: ['db', '@fastify/cookie'] },
)

/**
 * A browser signed in by its session cookie. A cookie is sent by the browser whoever made the page, so a
 * request that changes anything must also carry the session's CSRF token, which only our pages know.
 */
async function identifyByCookie(app: FastifyInstance, request: FastifyRequest): Promise<void> {
  const token = request.cookies?.[SESSION_COOKIE]
  if (!token) return
  const user = await sessionUser(app.db, token)
  if (!user) return
  if (!SAFE_METHODS.has(request.method) && !csrfOk(app.config.jwtSecret, token, request.headers[CSRF_HEADER]))
    throw forbidden(
      "a request signed in by the browser's session cookie must carry the page's CSRF token " +
        `in the ${CSRF_HEADER} header`,
    )
  request.viewer = user
  request.webSession = token
}
