// The web pages (docs/web.md): server-rendered Handlebars pages and one small bundle of TypeScript for the
// map, the order box and the forms. The pages read through the same use cases as the API, and the
// browser changes things through the API itself, signed in by the session cookie and its CSRF token.
import formbody from '@fastify/formbody'
import helmet from '@fastify/helmet'
import view from '@fastify/view'
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import fp from 'fastify-plugin'
import { DomainError } from '../games/errors.js'
import { Problem, problemOf } from '../http/problems.js'
import { webAssets } from './assets.js'
import { pageViewer, renderPage } from './context.js'
import { authPages } from './pages/auth.js'
import { cataloguePages } from './pages/catalogue.js'
import { campaignPages } from './pages/campaign.js'
import { clubPages } from './pages/clubs.js'
import { gamePages } from './pages/game.js'
import { homePages } from './pages/home.js'
import { followSignedLink, magicPages } from './pages/magic.js'
import { preferencePages } from './pages/preferences.js'
import { logPages } from './pages/log.js'
import { moderationPages } from './pages/moderation.js'
import { createPageHandlebars, partialsOf, webDir } from './render.js'

declare module 'fastify' {
  interface FastifyInstance {
    /** Answers a browser's GET for a page that does not exist (or may not be seen) with the 404 page. */
    pageNotFound: (request: FastifyRequest, reply: FastifyReply) => Promise<unknown>
  }
}

/** Wants a page rather than JSON: a browser's navigation. */
export function wantsPage(request: FastifyRequest): boolean {
  const accept = request.headers.accept
  return request.method === 'GET' && typeof accept === 'string' && accept.includes('text/html')
}

export const webPlugin = fp(
  async (app: FastifyInstance) => {
    const root = webDir()
    await app.register(view, {
      engine: { handlebars: createPageHandlebars() },
      root: `${root}/views`,
      layout: 'layouts/main.hbs',
      viewExt: 'hbs',
      includeViewExtension: true,
      production: app.config.env !== 'development',
      options: { partials: partialsOf(`${root}/views`) },
    })

    app.decorate('pageNotFound', async (request: FastifyRequest, reply: FastifyReply) => {
      const viewer = await pageViewer(app, request)
      return renderPage(app, request, reply, 'error', viewer, '404', { status: 404, notFound: true }, 404)
    })

    app.get('/assets/:name', { schema: { hide: true } }, async (request, reply) => {
      const { name } = request.params as { name: string }
      const asset = (await webAssets()).byName.get(name)
      if (!asset) return reply.status(404).type('text/plain').send('no such asset')
      const accept = String(request.headers['accept-encoding'] ?? '')
      reply
        .type(asset.type)
        .header('cache-control', 'public, max-age=31536000, immutable')
        .header('vary', 'accept-encoding')
      if (/\bbr\b/.test(accept)) return reply.header('content-encoding', 'br').send(asset.br)
      if (/\bgzip\b/.test(accept)) return reply.header('content-encoding', 'gzip').send(asset.gzip)
      return reply.send(asset.body)
    })

    // A page opened from a signed link in an email signs its addressee in first (any page: the hook runs
    // before the route is known to exist, so a link to a page the reader may not see still signs in).
    app.addHook('onRequest', async (request, reply) => {
      if (wantsPage(request)) return followSignedLink(app, request, reply)
    })
    await app.register(pages)
  },
  { name: 'web', dependencies: ['auth', '@fastify/cookie'] },
)

/** The pages, in their own scope: security headers, form bodies and an error handler that answers in HTML. */
async function pages(app: FastifyInstance) {
  await app.register(helmet, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        // The map's SVG carries its own <style> (hover rules); scripts stay strictly our own.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        objectSrc: ["'none'"],
        frameAncestors: ["'none'"],
        formAction: ["'self'"],
        baseUri: ["'none'"],
        upgradeInsecureRequests: null,
      },
    },
    crossOriginEmbedderPolicy: false,
    hsts: app.config.publicUrl.startsWith('https:'),
  })
  await app.register(formbody, { bodyLimit: 64 * 1024 })
  app.setErrorHandler(async (error: FastifyError | Problem | DomainError, request, reply) => {
    const problem =
      error instanceof DomainError
        ? problemOf(error)
        : error instanceof Problem
          ? error
          : error.validation && error.validationContext === 'params'
            ? new Problem(404, 'Not found', 'no such page') // /g/nope: not an id, so no such game
            : error.validation
              ? new Problem(400, 'Bad request', error.message)
              : error.statusCode && error.statusCode < 500
                ? new Problem(error.statusCode, 'Bad request', error.message)
                : null
    if (!problem) request.log.error({ err: error }, 'page failed')
    const status = problem?.status ?? 500
    const viewer = await pageViewer(app, request).catch(() => null)
    return renderPage(
      app,
      request,
      reply,
      'error',
      viewer,
      String(status),
      {
        status,
        notFound: status === 404,
        detail: problem?.detail ?? null,
        requestId: request.id,
      },
      status,
    )
  })
  await app.register(authPages)
  await app.register(magicPages)
  await app.register(homePages)
  await app.register(cataloguePages)
  await app.register(preferencePages)
  await app.register(gamePages)
  await app.register(logPages)
  await app.register(moderationPages)
  await app.register(clubPages)
  await app.register(campaignPages)
}
