// The database client as a decorator: routes and use cases get it from the app, never import it.
import type { FastifyInstance } from 'fastify'
import fp from 'fastify-plugin'
import type { Db } from '../../store/db.js'

declare module 'fastify' {
  interface FastifyInstance {
    db: Db
  }
}

export const dbPlugin = fp(
  async (app: FastifyInstance, opts: { db: Db }) => {
    app.decorate('db', opts.db)
  },
  { name: 'db' },
)
