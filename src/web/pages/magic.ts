// Signing in by email in the browser (docs/sign-in-links.md): asking for a magic link, and using one. A
// GET never uses a link (mail scanners fetch links before people do): it shows whose link it is and a
// button, and the POST signs in. Also the signed links in our emails (`?login=`), which sign the
// addressee in on the page they open and are then dropped from the address.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { AuthError } from '../../auth/errors.js'
import { consumeMagicLink, peekMagicLink } from '../../auth/magic-links.js'
import { LOGIN_PARAM, verifyPageLink } from '../../auth/page-links.js'
import { formViewer, pageViewer, renderPage, safeNext, withoutLogin } from '../context.js'
import { signIn } from './auth.js'

type Form = Record<string, string | undefined>

/**
 * A page opened from a signed link in an email: a valid link for this page signs its addressee in and
 * sends the browser to the same page without the token; a stale or foreign one goes to sign-in, saying so.
 */
export async function followSignedLink(app: FastifyInstance, request: FastifyRequest, reply: FastifyReply) {
  if (request.method !== 'GET') return
  const token = (request.query as Form | undefined)?.[LOGIN_PARAM]
  if (typeof token !== 'string') return
  const clean = withoutLogin(request.url)
  const userId = verifyPageLink(app.config.jwtSecret, token, request.url)
  if (userId && (await app.db.user.count({ where: { id: userId } })) === 1) return signIn(app, reply, userId, clean)
  const viewer = await pageViewer(app, request)
  if (viewer) return reply.redirect(clean, 303)
  return reply.redirect(`/login?next=${encodeURIComponent(safeNext(clean))}&link=expired`, 303)
}

export async function magicPages(app: FastifyInstance) {
  app.get('/auth/magic-link', { schema: { hide: true } }, async (request, reply) => {
    const query = request.query as Form
    return renderPage(app, request, reply, 'magic-link', await pageViewer(app, request), 'magic-link', {
      next: safeNext(query.next),
      email: typeof query.email === 'string' ? query.email.slice(0, 254) : '',
    })
  })

  // The address check from the registration email: a page with a button, as for magic links (a GET that
  // confirmed would be used up by mail scanners before the person clicks).
  app.get('/auth/verify', { schema: { hide: true } }, async (request, reply) => {
    const token = (request.query as Form).token ?? ''
    return renderPage(app, request, reply, 'verify-email', await pageViewer(app, request), 'verify-email', {
      token: token.slice(0, 200),
    })
  })

  app.get('/auth/magic', { schema: { hide: true } }, async (request, reply) => {
    const token = (request.query as Form).token ?? ''
    const peek = await peekMagicLink(app.db, token)
    const status = peek.state === 'valid' ? 200 : peek.state === 'unknown' ? 404 : 410
    return renderPage(
      app,
      request,
      reply,
      'magic',
      null,
      'magic-link',
      {
        token,
        state: peek.state,
        email: peek.email ?? '',
        next: safeNext(peek.next),
      },
      status,
    )
  })

  app.post('/auth/magic', { schema: { hide: true } }, async (request, reply) => {
    await formViewer(app, request)
    const token = (request.body as Form).token ?? ''
    try {
      const { userId, next } = await consumeMagicLink(app.db, token)
      return await signIn(app, reply, userId, next)
    } catch (e) {
      if (!(e instanceof AuthError)) throw e
      const peek = await peekMagicLink(app.db, token)
      return renderPage(
        app,
        request,
        reply,
        'magic',
        null,
        'magic-link',
        {
          token: '',
          state: peek.state === 'valid' ? 'used' : peek.state,
          email: peek.email ?? '',
          next: safeNext(peek.next),
        },
        peek.state === 'unknown' ? 404 : 410,
      )
    }
  })
}
