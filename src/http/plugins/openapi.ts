// OpenAPI 3, generated from the routes' TypeBox schemas, served at /docs.
import swagger from '@fastify/swagger'
import swaggerUi from '@fastify/swagger-ui'
import type { FastifyInstance } from 'fastify'
import fp from 'fastify-plugin'

export const openapiPlugin = fp(
  async (app: FastifyInstance, opts: { version: string }) => {
    await app.register(swagger, {
      openapi: {
        info: {
          title: 'hexmail',
          description: 'Asynchronous play-by-email turn server for hex wargames',
          version: opts.version,
        },
        components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
      },
    })
    await app.register(swaggerUi, { routePrefix: '/docs' })
  },
  { name: 'openapi' },
)
