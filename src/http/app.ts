// The Fastify application: infrastructure as plugins, then the routes. No business logic here.
import { Ajv } from 'ajv'
import formats from 'ajv-formats'

// ajv-formats is CommonJS: its function is the default export's default under NodeNext.
const addFormats = formats.default
import { randomUUID } from 'node:crypto'
import Fastify, { type FastifyInstance } from 'fastify'
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox'
import type { Config } from '../config.js'
import type { Db } from '../store/db.js'
import { configureSnapshots } from '../games/load.js'
import cookie from '@fastify/cookie'
import { authPlugin } from './plugins/auth.js'
import { dbPlugin } from './plugins/db.js'
import { errorsPlugin } from './plugins/errors.js'
import { inputPlugin } from './plugins/input.js'
import { metricsPlugin } from './plugins/metrics.js'
import { openapiPlugin } from './plugins/openapi.js'
import { rateLimitStorePlugin } from './plugins/rate-limit.js'
import { authRoutes } from './routes/auth.js'
import { catalogRoutes } from './routes/catalog.js'
import { moderationRoutes } from './routes/moderation.js'
import { proposalRoutes } from './routes/proposals.js'
import { messageRoutes } from './routes/messages.js'
import { drawRoutes } from './routes/draws.js'
import { gameRoutes } from './routes/games.js'
import { devMailRoutes } from './routes/dev-mail.js'
import { disputeRoutes } from './routes/disputes.js'
import { clubRoutes } from './routes/clubs.js'
import { healthRoutes } from './routes/health.js'
import { inboundRoutes } from './routes/inbound.js'
import { metricsRoutes } from './routes/metrics.js'
import { preferenceRoutes } from './routes/preferences.js'
import { ratingRoutes } from './routes/ratings.js'
import { vacationRoutes } from './routes/vacations.js'
import { seasonReadRoutes } from './routes/season-reads.js'
import { seasonRoutes } from './routes/seasons.js'
import { campaignRoutes } from './routes/campaigns.js'
import { calendarRoutes } from './routes/calendar.js'
import { webPlugin } from '../web/index.js'

export const VERSION = '0.1.0'

const SECRET_PARAMS = /([?&](?:key|t|token|invite|login)=)[^&#]*/gi

export function redactQuery(url: string): string {
  return url.replace(SECRET_PARAMS, '$1***')
}

export interface RouteInfo {
  method: string
  url: string
}

declare module 'fastify' {
  interface FastifyInstance {
    routeList: RouteInfo[]
  }
}

export interface AppDeps {
  config: Config
  db: Db
  /** The Redis of the email queue, for /readyz: null when there is none; absent when not known. */
  redisUrl?: string | null
}

/**
 * Query strings and path parameters arrive as text, so their schemas coerce ("3" -> 3). A JSON body
 * carries its own types and is taken as sent: coercing it would turn `false` into "false" where a
 * value may be a string or a boolean (game options), and accept `"players": "3"`.
 */
function ajvFor(coerceTypes: 'array' | false): Ajv {
  const ajv = new Ajv({
    coerceTypes,
    useDefaults: true,
    removeAdditional: false,
    allErrors: false,
    addUsedSchema: false,
  })
  addFormats(ajv)
  return ajv
}
const strictAjv = ajvFor(false)
const coercingAjv = ajvFor('array')

export async function buildApp({ config, db, redisUrl }: AppDeps): Promise<FastifyInstance> {
  const app = Fastify({
    logger: {
      level: config.logLevel,
      // Secrets travel in some query strings (unsubscribe links, verification links, invites, the
      // inbound key): the log keeps the names, not the values.
      serializers: {
        req: (req: {
          method: string
          url: string
          hostname?: string
          ip?: string
          socket?: { remotePort?: number }
        }) => ({
          method: req.method,
          url: redactQuery(req.url),
          host: req.hostname,
          remoteAddress: req.ip,
          remotePort: req.socket?.remotePort,
        }),
      },
    },
    genReqId: (req) =>
      typeof req.headers['x-request-id'] === 'string' && req.headers['x-request-id'].length <= 128
        ? req.headers['x-request-id']
        : randomUUID(),
    requestIdHeader: false,
    bodyLimit: 256 * 1024,
    ajv: { customOptions: { removeAdditional: false, coerceTypes: 'array', useDefaults: true } },
  }).withTypeProvider<TypeBoxTypeProvider>()
  app.setValidatorCompiler(({ schema, httpPart }) => (httpPart === 'body' ? strictAjv : coercingAjv).compile(schema))
  app.decorate('config', config)
  // Every route, as registered: the permissions table and the fuzzer are generated from it.
  const routeList: RouteInfo[] = []
  app.addHook('onRoute', (route) => {
    for (const method of [route.method].flat()) if (method !== 'HEAD') routeList.push({ method, url: route.url })
  })
  app.decorate('routeList', routeList)
  configureSnapshots(config.jwtSecret, (message) => app.log.error(message))
  app.addHook('onSend', async (request, reply) => {
    reply.header('x-request-id', request.id)
  })
  // First, so its timing hook is the root's and covers every route (and the 404s of no route).
  await app.register(metricsPlugin)
  await app.register(errorsPlugin)
  await app.register(inputPlugin)
  await app.register(openapiPlugin, { version: VERSION })
  await app.register(dbPlugin, { db })
  await app.register(cookie)
  await app.register(authPlugin, { config })
  await app.register(healthRoutes, { redisUrl })
  await app.register(metricsRoutes, { token: config.metricsToken, redisUrl })
  await app.register(rateLimitStorePlugin, { redisUrl })
  await app.register(authRoutes)
  await app.register(catalogRoutes)
  await app.register(gameRoutes)
  await app.register(moderationRoutes)
  await app.register(proposalRoutes)
  await app.register(messageRoutes)
  await app.register(drawRoutes)
  await app.register(preferenceRoutes)
  await app.register(inboundRoutes)
  await app.register(vacationRoutes)
  await app.register(calendarRoutes)
  await app.register(disputeRoutes)
  await app.register(ratingRoutes)
  await app.register(seasonReadRoutes)
  await app.register(clubRoutes)
  await app.register(seasonRoutes)
  await app.register(campaignRoutes)
  await app.register(webPlugin)
  // The mail catcher's inbox: only where mail is caught (no SMTP_URL) and never in production.
  if (config.env !== 'production' && !config.mail.smtpUrl) await app.register(devMailRoutes)
  return app
}
