// GET /metrics: the process's measurements in Prometheus' text format (docs/metrics.md). Who may read
// them: src/http/metrics-access.ts. The outbox and queue gauges are read at each scrape from this
// app's database and Redis (src/notify/metrics.ts).
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { registry } from '../../metrics/index.js'
import { supplyScrapeReadings } from '../../notify/metrics.js'
import { METRICS_CHALLENGE, metricsRefusal } from '../metrics-access.js'
import { text } from '../schemas/media.js'
import { problem } from '../schemas/problem.js'

export interface MetricsOptions {
  /** METRICS_TOKEN; null: loopback only. */
  token: string | null
  /** The Redis of the email queue: null or undefined, no queue gauges. */
  redisUrl?: string | null
}

export const metricsRoutes: FastifyPluginAsyncTypebox<MetricsOptions> = async (app, opts) => {
  const sources = supplyScrapeReadings(app.db, opts.redisUrl ?? null, app.log)
  app.addHook('onClose', async () => sources.close())

  app.get(
    '/metrics',
    {
      schema: {
        tags: ['health'],
        summary: 'Measurements for Prometheus (METRICS_TOKEN as a bearer token; unset, this machine only)',
        response: {
          200: text('text/plain', 'Prometheus text exposition format 0.0.4'),
          401: problem('METRICS_TOKEN is set and the request does not bear it'),
          403: problem('METRICS_TOKEN is not set and the request is not from this machine'),
        },
      },
    },
    async (request, reply) => {
      const refusal = metricsRefusal(opts.token, {
        authorization: request.headers.authorization,
        remoteAddress: request.socket.remoteAddress,
        headers: request.headers,
      })
      if (refusal) {
        if (refusal.status === 401) reply.header('www-authenticate', METRICS_CHALLENGE)
        throw refusal
      }
      return reply.type(registry.contentType).send(await registry.metrics())
    },
  )
}
