// Times every answer of the API into hexmail_http_request_duration_seconds (src/metrics), labelled by
// the route's pattern (/games/:id/orders), never the URL itself: one series per route, not per game.
import type { FastifyInstance } from 'fastify'
import fp from 'fastify-plugin'
import { httpRequestSeconds } from '../../metrics/index.js'

/** The label of a request no route matched (404s of unknown paths): their URLs are anyone's to invent. */
export const UNMATCHED_ROUTE = 'unmatched'

export const metricsPlugin = fp(
  async (app: FastifyInstance) => {
    app.addHook('onResponse', async (request, reply) => {
      const route = request.is404 ? UNMATCHED_ROUTE : (request.routeOptions.url ?? UNMATCHED_ROUTE)
      httpRequestSeconds.observe(
        { method: request.method, route, status: String(reply.statusCode) },
        reply.elapsedTime / 1000,
      )
    })
  },
  { name: 'metrics' },
)
