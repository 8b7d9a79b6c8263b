// Liveness and readiness. /readyz says whether the API can serve (the database: 503 when it cannot),
// and whether email is flowing: Redis answers, and how old the oldest outbox row not yet handed to
// the queue is. Email trouble makes the status "degraded" but stays a 200: orders are still taken
// (the outbox keeps the mail), so a load balancer must not drop the API for it.
import { Type } from '@sinclair/typebox'
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import type { Redis } from 'ioredis'
import { producerConnection } from '../../notify/queue.js'
import { outboxBacklog } from '../../notify/relay.js'

/** An outbox row older than this has waited too long: mail is not flowing. */
export const OUTBOX_LAG_SECONDS = 60
const REDIS_TIMEOUT_MS = 1000

const Status = Type.Object({
  status: Type.Union([Type.Literal('ok'), Type.Literal('ready'), Type.Literal('degraded'), Type.Literal('not ready')]),
  checks: Type.Optional(Type.Record(Type.String(), Type.String())),
  outbox: Type.Optional(
    Type.Object({
      unsent: Type.Integer({ description: 'outbox rows not yet handed to the email queue' }),
      oldestUnsentSeconds: Type.Union([Type.Number(), Type.Null()], {
        description: 'age of the oldest of them; null when there is none',
      }),
    }),
  ),
})

export interface HealthOptions {
  /** The Redis the email workers use; null: none (notifications off); undefined: not known to this app. */
  redisUrl?: string | null
}

function bounded<T>(work: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined
  return Promise.race([
    work,
    new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`no answer from ${what} within ${ms} ms`)), ms)
    }),
  ]).finally(() => clearTimeout(timer))
}

export const healthRoutes: FastifyPluginAsyncTypebox<HealthOptions> = async (app, opts) => {
  // One connection, kept: it reconnects by itself after an outage, and a check costs one PING.
  const redis: Redis | null = opts.redisUrl ? producerConnection(opts.redisUrl, app.log, 'readiness check') : null
  app.addHook('onClose', async () => redis?.disconnect())
  const redisCheck = async (): Promise<string> => {
    if (opts.redisUrl === undefined) return 'not checked by this process'
    if (!redis) return 'none: email notifications are off (no REDIS_URL and no redis-server)'
    try {
      // Still connecting (the first check, or just after an outage): give it a moment before PING.
      if (redis.status === 'connecting' || redis.status === 'connect' || redis.status === 'wait') {
        await bounded(new Promise((resolve) => redis.once('ready', resolve)), REDIS_TIMEOUT_MS, 'Redis')
      }
      const pong = await bounded(redis.ping(), REDIS_TIMEOUT_MS, 'Redis')
      return pong === 'PONG' ? 'ok' : `unexpected answer ${pong}`
    } catch (e) {
      return `down: ${(e as Error).message}`
    }
  }

  app.get('/healthz', { schema: { tags: ['health'], summary: 'Alive', response: { 200: Status } } }, async () => ({
    status: 'ok' as const,
  }))
  app.get(
    '/readyz',
    {
      schema: {
        tags: ['health'],
        summary: 'Ready to serve (database), and whether email flows (Redis, the outbox)',
        response: { 200: Status, 503: Status },
      },
    },
    async (_request, reply) => {
      const redisState = redisCheck()
      let outbox: { unsent: number; oldestUnsentSeconds: number | null }
      try {
        outbox = await outboxBacklog(app.db)
      } catch (e) {
        return reply
          .status(503)
          .send({ status: 'not ready', checks: { database: (e as Error).message, redis: await redisState } })
      }
      const late = outbox.oldestUnsentSeconds !== null && outbox.oldestUnsentSeconds > OUTBOX_LAG_SECONDS
      const checks = {
        database: 'ok',
        redis: await redisState,
        outbox: late ? `behind: ${outbox.unsent} rows wait, the oldest for ${outbox.oldestUnsentSeconds} s` : 'ok',
      }
      const flowing = (checks.redis === 'ok' || opts.redisUrl === undefined) && !late
      return { status: flowing ? ('ready' as const) : ('degraded' as const), checks, outbox }
    },
  )
}
