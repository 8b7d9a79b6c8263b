// Accounts and sessions over HTTP: register, verify the email, sign in (with a password or an
// emailed link), refresh, sign out, and who am I. The rules live in src/auth; this file only maps
// them to requests and responses.
import rateLimit from '@fastify/rate-limit'
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { Type, type TProperties } from '@sinclair/typebox'
import type { FastifyInstance } from 'fastify'
import {
  AuthError,
  EMAIL_MAX,
  NAME_MAX,
  PASSWORD_MAX,
  NEXT_MAX,
  PASSWORD_MIN,
  consumeMagicLink,
  getAccount,
  issueRefreshToken,
  login,
  logout,
  normaliseEmail,
  register,
  requestMagicLink,
  rotateRefreshToken,
  verifyEmail,
  type Account,
  type AuthDeps,
  type MagicLinkDeps,
} from '../../auth/index.js'
import { badRequest, conflict, gone, tooManyRequests, unauthorized, type Problem } from '../problems.js'
import { problem } from '../schemas/problem.js'

// ---- schemas --------------------------------------------------------------------------------

const DateTime = Type.String({ format: 'date-time' })

const User = Type.Object(
  {
    id: Type.String({ format: 'uuid' }),
    email: Type.String({ format: 'email' }),
    name: Type.String(),
    role: Type.Union([Type.Literal('PLAYER'), Type.Literal('MODERATOR'), Type.Literal('ADMIN')]),
    timeZone: Type.String({ description: 'IANA time zone, used for deadlines in emails' }),
    emailVerifiedAt: Type.Union([DateTime, Type.Null()]),
    createdAt: DateTime,
  },
  { description: 'An account as its owner sees it' },
)

const AccessToken = Type.String({ description: 'JWT with claims {sub, role}; send as "Authorization: Bearer <token>"' })
const RefreshToken = Type.String({
  minLength: 1,
  maxLength: 200,
  description: 'Opaque; exchange at POST /auth/refresh. Each one works once.',
})

const TokenPair = Type.Object(
  { accessToken: AccessToken, refreshToken: RefreshToken },
  { description: 'A fresh pair; the presented refresh token no longer works' },
)
const SignedIn = Type.Object(
  { user: User, accessToken: AccessToken, refreshToken: RefreshToken },
  { description: 'Signed in' },
)

const Registered = Type.Object(
  {
    user: User,
    accessToken: AccessToken,
    refreshToken: RefreshToken,
    verification: Type.Object({
      sent: Type.Boolean(),
      note: Type.String(),
      verifyToken: Type.Optional(
        Type.String({ description: 'Development and test only: the token POST /auth/verify-email takes' }),
      ),
    }),
  },
  { description: 'Registered and signed in' },
)

const strict = <T extends TProperties>(properties: T) => Type.Object(properties, { additionalProperties: false })

const RegisterBody = strict({
  email: Type.String({ format: 'email', maxLength: EMAIL_MAX, description: 'Stored lower-case' }),
  name: Type.String({ minLength: 1, maxLength: NAME_MAX }),
  password: Type.String({ minLength: PASSWORD_MIN, maxLength: PASSWORD_MAX }),
  timeZone: Type.Optional(Type.String({ minLength: 1, maxLength: 64, description: 'IANA time zone; default UTC' })),
})
const LoginBody = strict({
  email: Type.String({ minLength: 1, maxLength: EMAIL_MAX }),
  password: Type.String({ minLength: 1, maxLength: PASSWORD_MAX }),
})
const RefreshBody = strict({ refreshToken: RefreshToken })
const VerifyBody = strict({ token: Type.String({ minLength: 1, maxLength: 200 }) })
const MagicLinkBody = strict({
  email: Type.String({ format: 'email', maxLength: EMAIL_MAX }),
  next: Type.Optional(
    Type.String({
      minLength: 1,
      maxLength: NEXT_MAX,
      description: 'The page to open once signed in: a path of this site such as "/g/<id>" (not "//…", no host)',
    }),
  ),
})
const MagicLinkSent = Type.Object(
  { sent: Type.Literal(true) },
  { description: 'Accepted. A link is emailed when an account has this address; the answer is the same when not.' },
)
const ConsumeBody = strict({
  token: Type.String({ minLength: 1, maxLength: 200, description: 'From the emailed link' }),
})

const rateLimited = problem('Too many requests from this address; see Retry-After')

// ---- mapping --------------------------------------------------------------------------------

function userJson(a: Account) {
  return {
    id: a.id,
    email: a.email,
    name: a.name,
    role: a.role,
    timeZone: a.timeZone,
    emailVerifiedAt: a.emailVerifiedAt?.toISOString() ?? null,
    createdAt: a.createdAt.toISOString(),
  }
}

function toProblem(e: AuthError): Problem {
  switch (e.code) {
    case 'INVALID_INPUT': {
      const field = `body/${e.field ?? ''}`
      return badRequest(`${field} ${e.message}`, { errors: [{ field, message: e.message }] })
    }
    case 'INVALID_VERIFY_TOKEN':
      return badRequest(e.message, { errors: [{ field: 'body/token', message: e.message }] })
    case 'EMAIL_TAKEN':
      return conflict(e.message)
    // The code tells a client (the web page) which of the three it is, to offer a new link.
    case 'MAGIC_LINK_UNKNOWN':
      return unauthorized(e.message, { code: e.code })
    case 'MAGIC_LINK_EXPIRED':
    case 'MAGIC_LINK_USED':
      return gone(e.message, { code: e.code })
    case 'INVALID_CREDENTIALS':
    case 'INVALID_REFRESH_TOKEN':
    case 'REFRESH_TOKEN_EXPIRED':
    case 'REFRESH_TOKEN_REUSED':
    case 'UNKNOWN_USER':
      return unauthorized(e.message)
  }
}

async function run<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work()
  } catch (e) {
    throw e instanceof AuthError ? toProblem(e) : e
  }
}

function depsOf(app: FastifyInstance): AuthDeps & MagicLinkDeps {
  return {
    db: app.db,
    refreshTokenTtlDays: app.config.refreshTokenTtlDays,
    passwordCost: app.config.passwordHashing,
    tokenSecret: app.config.jwtSecret,
    magicLinkTtlMinutes: app.config.magicLinkTtlMinutes,
  }
}

/** Sign-in links asked for one address per quarter hour, whoever asks: its inbox is not a target. */
const MAGIC_LINKS_PER_EMAIL = 5
const MAGIC_LINK_WINDOW_MS = 15 * 60_000

// ---- routes ---------------------------------------------------------------------------------

const schema = <S extends Record<string, unknown>>(s: S) => ({ tags: ['auth'], ...s })

/** POST /auth/*, rate limited per IP in one shared budget. */
const authEndpoints: FastifyPluginAsyncTypebox = async (app) => {
  await app.register(rateLimit, {
    ...app.limitStore('auth'),
    max: app.config.authRateLimit,
    timeWindow: 60_000,
    errorResponseBuilder: (_request, context) =>
      tooManyRequests(`too many requests to /auth from this address: retry in ${context.after}`),
  })
  const deps = depsOf(app)
  // Its own counter, beside the per-IP one (the plugin's hook runs once per request, so not a second hook).
  const perEmail = app.createRateLimit({
    max: MAGIC_LINKS_PER_EMAIL,
    timeWindow: MAGIC_LINK_WINDOW_MS,
    keyGenerator: (request) => `magic-link:${normaliseEmail((request.body as { email: string }).email)}`,
  })
  const accessToken = (sub: string, role: Account['role']) => app.jwt.sign({ sub, role })

  app.post(
    '/register',
    {
      schema: schema({
        summary: 'Create a player account and sign in',
        body: RegisterBody,
        response: {
          201: Registered,
          400: problem('A field is invalid; "errors" names it'),
          409: problem('The email is taken'),
          429: rateLimited,
        },
      }),
    },
    async (request, reply) => {
      const { account, refreshToken, verifyToken } = await run(() => register(deps, request.body))
      const showToken = app.config.env !== 'production'
      const note = showToken
        ? 'A verification email is on its way (in development: see /dev/mail); ' +
          'or verify with POST /auth/verify-email {"token": verification.verifyToken}.'
        : 'A verification email is on its way: follow its link.'
      reply.code(201)
      return {
        user: userJson(account),
        accessToken: accessToken(account.id, account.role),
        refreshToken,
        verification: { sent: true, note, ...(showToken ? { verifyToken } : {}) },
      }
    },
  )

  app.post(
    '/login',
    {
      schema: schema({
        summary: 'Sign in with email and password',
        body: LoginBody,
        response: {
          200: SignedIn,
          400: problem('A field is missing'),
          401: problem('The email or the password is wrong'),
          429: rateLimited,
        },
      }),
    },
    async (request) => {
      const { account, refreshToken } = await run(() => login(deps, request.body))
      return { user: userJson(account), accessToken: accessToken(account.id, account.role), refreshToken }
    },
  )

  app.post(
    '/magic-link',
    {
      // Besides the per-IP budget of every /auth route, a budget per email address asked for.
      preHandler: async (request) => {
        const limit = await perEmail(request)
        if (!limit.isAllowed && limit.isExceeded) {
          const minutes = Math.max(1, Math.ceil(limit.ttlInSeconds / 60))
          throw tooManyRequests(`too many sign-in links asked for this email address: retry in ${minutes} min`)
        }
      },
      schema: schema({
        summary: 'Email a one-time sign-in link',
        description:
          'The link (`/auth/magic?token=…`) works once, for MAGIC_LINK_TTL_MINUTES (15 by default), and opens `next` ' +
          'once signed in. The answer is 202 whether or not an account has the address. ' +
          'API clients exchange the token at POST /auth/magic-link/consume.',
        body: MagicLinkBody,
        response: {
          202: MagicLinkSent,
          400: problem('The email or next is malformed; "errors" names it'),
          429: rateLimited,
        },
      }),
    },
    async (request, reply) => {
      await run(() => requestMagicLink(deps, request.body.email, request.body.next))
      return reply.code(202).send({ sent: true as const })
    },
  )

  app.post(
    '/magic-link/consume',
    {
      schema: schema({
        summary: 'Sign in with the token of an emailed sign-in link',
        description:
          'The token works once. 401 (code MAGIC_LINK_UNKNOWN) for a token never issued; 410 Gone for one already ' +
          'used (MAGIC_LINK_USED) or expired (MAGIC_LINK_EXPIRED): ask for a new link.',
        body: ConsumeBody,
        response: {
          200: SignedIn,
          400: problem('The token is missing'),
          401: problem('The token is not known'),
          410: problem('The link was already used or has expired'),
          429: rateLimited,
        },
      }),
    },
    async (request) => {
      const signIn = await run(() => consumeMagicLink(deps.db, request.body.token))
      const account = await run(() => getAccount(app.db, signIn.userId))
      const refreshToken = await issueRefreshToken(deps, account.id)
      return { user: userJson(account), accessToken: accessToken(account.id, account.role), refreshToken }
    },
  )

  app.post(
    '/refresh',
    {
      schema: schema({
        summary: 'Exchange a refresh token for a new access token and refresh token',
        description: 'The presented token stops working. Presenting a token twice signs out its whole session.',
        body: RefreshBody,
        response: {
          200: TokenPair,
          400: problem('The token is missing'),
          401: problem('The token is unknown, expired or already used'),
          429: rateLimited,
        },
      }),
    },
    async (request) => {
      const rotation = await run(async () => {
        try {
          return await rotateRefreshToken(deps, request.body.refreshToken)
        } catch (e) {
          if (e instanceof AuthError && e.code === 'REFRESH_TOKEN_REUSED')
            request.log.warn('a rotated refresh token was presented again; its family is revoked')
          throw e
        }
      })
      return { accessToken: accessToken(rotation.userId, rotation.role), refreshToken: rotation.refreshToken }
    },
  )

  app.post(
    '/logout',
    {
      schema: schema({
        summary: 'Sign out the session the refresh token belongs to',
        body: RefreshBody,
        response: {
          204: Type.Null({ description: 'Signed out (also when the token was unknown)' }),
          400: problem('The token is missing'),
          429: rateLimited,
        },
      }),
    },
    async (request, reply) => {
      await run(() => logout(deps, request.body.refreshToken))
      return reply.code(204).send(null)
    },
  )

  app.post(
    '/verify-email',
    {
      schema: schema({
        summary: 'Confirm the email address with the token sent to it',
        body: VerifyBody,
        response: {
          200: Type.Object({ user: User }, { description: 'Verified' }),
          400: problem('The token is unknown or already used'),
          429: rateLimited,
        },
      }),
    },
    async (request) => {
      const account = await run(() => verifyEmail(deps, request.body.token))
      return { user: userJson(account) }
    },
  )

  // The link in the verification email: a click confirms the address.
  app.get(
    '/verify-email',
    {
      schema: schema({
        summary: 'Confirm the email address by following the emailed link',
        querystring: VerifyBody,
        response: {
          200: Type.Object({ user: User, message: Type.String() }, { description: 'Verified' }),
          400: problem('The token is unknown or already used'),
          429: rateLimited,
        },
      }),
    },
    async (request) => {
      const account = await run(() => verifyEmail(deps, request.query.token))
      return { user: userJson(account), message: `Thank you: ${account.email} is verified.` }
    },
  )
}

export const authRoutes: FastifyPluginAsyncTypebox = async (app) => {
  await app.register(authEndpoints, { prefix: '/auth' })

  app.get(
    '/me',
    {
      preHandler: app.authenticate,
      schema: schema({
        summary: 'The signed-in account',
        security: [{ bearer: [] }],
        response: { 200: User, 401: problem('No valid access token') },
      }),
    },
    async (request) => {
      if (!request.viewer) throw unauthorized()
      const viewer = request.viewer
      return userJson(await run(() => getAccount(app.db, viewer.sub)))
    },
  )
}
