// Where the rate limits count. With Redis (REDIS_URL, or the private redis-server) every API process
// counts in it, so N processes behind a load balancer still give an address one budget, not N. Without
// Redis each process counts alone in memory (docs/deployment.md, "Several processes").
import type { FastifyInstance } from 'fastify'
import fp from 'fastify-plugin'
import type { Redis } from 'ioredis'
import { producerConnection } from '../../notify/queue.js'

/** A login must not wait on a Redis that hangs: past this, the request is let through uncounted. */
const COMMAND_TIMEOUT_MS = 500

export interface LimitStore {
  redis?: Redis
  nameSpace?: string
  /** While Redis is away the limit is not enforced, rather than refusing every sign-in. */
  skipOnError: boolean
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The store options for one @fastify/rate-limit registration, its counters named `name`. */
    limitStore: (name: string) => LimitStore
  }
}

export const rateLimitStorePlugin = fp(
  async (app: FastifyInstance, opts: { redisUrl?: string | null }) => {
    // Connected once the app is built: the start-up's long synchronous steps would otherwise outlast the
    // command timeout of the connection's first command and report a Redis outage that is not one.
    const redis = opts.redisUrl
      ? producerConnection(opts.redisUrl, app.log, 'rate limits', {
          commandTimeout: COMMAND_TIMEOUT_MS,
          lazyConnect: true,
        })
      : null
    app.addHook('onReady', async () => {
      // A Redis that is away now is retried by the connection itself; meanwhile the limits are not counted.
      redis
        ?.connect()
        .catch((e: Error) => app.log.debug(`rate limits: Redis not reachable yet (${e.message}); retrying`))
    })
    app.addHook('onClose', async () => redis?.disconnect())
    app.decorate('limitStore', (name: string): LimitStore =>
      redis ? { redis, nameSpace: `hexmail-rate-${name}:`, skipOnError: true } : { skipOnError: true },
    )
  },
  { name: 'rate-limit-store' },
)
