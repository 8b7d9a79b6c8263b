// Signing in and out in the browser: the same accounts and checks as POST /auth/*, answered with a
// session cookie and a redirect instead of tokens.
import rateLimit from '@fastify/rate-limit'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { login, register } from '../../auth/accounts.js'
import { AuthError } from '../../auth/errors.js'
import { tooManyRequests } from '../../http/problems.js'
import { formViewer, pageViewer, renderPage, safeNext } from '../context.js'
import { closeWebSession, openWebSession, SESSION_COOKIE, SESSION_DAYS } from '../../auth/web-sessions.js'

type Form = Record<string, string | undefined>

export function setSessionCookie(app: FastifyInstance, reply: FastifyReply, token: string) {
  reply.setCookie(SESSION_COOKIE, token, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: app.config.publicUrl.startsWith('https:'),
    maxAge: SESSION_DAYS * 86_400,
  })
}

/** Opens a browser session for the account and sends the browser on to `next`. */
export async function signIn(app: FastifyInstance, reply: FastifyReply, userId: string, next: unknown) {
  const { token } = await openWebSession(app.db, userId)
  setSessionCookie(app, reply, token)
  return reply.redirect(safeNext(next), 303)
}

const field = (form: Form, name: string): string => form[name] ?? ''

export async function authPages(app: FastifyInstance) {
  const deps = {
    db: app.db,
    refreshTokenTtlDays: app.config.refreshTokenTtlDays,
    passwordCost: app.config.passwordHashing,
    tokenSecret: app.config.jwtSecret,
  }

  app.get('/login', { schema: { hide: true } }, async (request, reply) => {
    const viewer = await pageViewer(app, request)
    const next = safeNext((request.query as Form).next)
    if (viewer) return reply.redirect(next, 303)
    const linkExpired = (request.query as Form).link === 'expired'
    return renderPage(app, request, reply, 'login', null, 'sign-in', { next, linkExpired })
  })

  app.get('/register', { schema: { hide: true } }, async (request, reply) => {
    const viewer = await pageViewer(app, request)
    const next = safeNext((request.query as Form).next)
    if (viewer) return reply.redirect(next, 303)
    return renderPage(app, request, reply, 'register', null, 'register', { next })
  })

  // The forms that take a password share the API's per-address budget.
  await app.register(async (limited) => {
    await limited.register(rateLimit, {
      ...app.limitStore('web-auth'),
      max: app.config.authRateLimit,
      timeWindow: 60_000,
      errorResponseBuilder: (_request, context) =>
        tooManyRequests(`too many sign-in attempts from this address: retry in ${context.after}`),
    })

    limited.post('/login', { schema: { hide: true } }, async (request: FastifyRequest, reply) => {
      await formViewer(app, request)
      const form = request.body as Form
      const next = safeNext(form.next)
      try {
        const { account } = await login(deps, { email: field(form, 'email'), password: field(form, 'password') })
        return await signIn(app, reply, account.id, next)
      } catch (e) {
        if (!(e instanceof AuthError)) throw e
        return renderPage(
          app,
          request,
          reply,
          'login',
          null,
          'sign-in',
          {
            next,
            email: field(form, 'email'),
            error: e.code === 'INVALID_CREDENTIALS' ? 'wrongPassword' : null,
            message: e.message,
          },
          e.code === 'INVALID_CREDENTIALS' ? 401 : 400,
        )
      }
    })

    limited.post('/register', { schema: { hide: true } }, async (request: FastifyRequest, reply) => {
      await formViewer(app, request)
      const form = request.body as Form
      const next = safeNext(form.next)
      try {
        const { account } = await register(deps, {
          email: field(form, 'email'),
          name: field(form, 'name'),
          password: field(form, 'password'),
          timeZone: field(form, 'timeZone') || undefined,
        })
        return await signIn(app, reply, account.id, next)
      } catch (e) {
        if (!(e instanceof AuthError)) throw e
        return renderPage(
          app,
          request,
          reply,
          'register',
          null,
          'register',
          {
            next,
            email: field(form, 'email'),
            name: field(form, 'name'),
            errorField: e.field ?? null,
            message: e.message,
          },
          e.code === 'EMAIL_TAKEN' ? 409 : 400,
        )
      }
    })
  })

  app.post('/logout', { schema: { hide: true } }, async (request, reply) => {
    await formViewer(app, request)
    await closeWebSession(app.db, request.cookies[SESSION_COOKIE])
    reply.clearCookie(SESSION_COOKIE, { path: '/' })
    return reply.redirect('/login', 303)
  })
}
