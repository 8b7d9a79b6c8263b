// Liveness and readiness.
import { Type } from '@sinclair/typebox'
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'

const Status = Type.Object({ status: Type.String(), checks: Type.Optional(Type.Record(Type.String(), Type.String())) })

export const healthRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get('/healthz', { schema: { tags: ['health'], response: { 200: Status } } }, async () => ({ status: 'ok' }))
  app.get('/readyz', { schema: { tags: ['health'], response: { 200: Status, 503: Status } } }, async (_request, reply) => {
    try {
      await app.db.$queryRaw`SELECT 1`
      return { status: 'ready', checks: { database: 'ok' } }
    } catch (e) {
      return reply.status(503).send({ status: 'not ready', checks: { database: (e as Error).message } })
    }
  })
}
