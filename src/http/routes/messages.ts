// Messages between the players of a game (docs/messages.md): write one to everyone or to your side, and
// read those you may. Use cases live in src/games/messages.ts.
import { Type } from '@sinclair/typebox'
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { listMessages, postMessage } from '../../games/messages.js'
import { Message, MessageBody, MessagePage, MessagesQuery } from '../schemas/messages.js'
import { problems } from '../schemas/problem.js'
import { callerOf, GameId, idempotencyKey, secured } from './shared.js'

const errors = problems(400, 401, 403, 404)

export const messageRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.post(
    '/games/:id/messages',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['messages'],
        summary:
          'Write a message to everyone in the game or to your own side; its readers are emailed ' +
          '(not an order, not in the log)',
        security: secured,
        params: GameId,
        headers: Type.Object({ 'idempotency-key': Type.Optional(Type.String()) }),
        body: MessageBody,
        response: { 201: Message, 200: Message, ...errors, ...problems(422) },
      },
    },
    async (request, reply) => {
      const key = idempotencyKey(request.headers['idempotency-key'])
      const posted = await postMessage(app.db, request.params.id, callerOf(request), {
        ...request.body,
        ...(key ? { key } : {}),
      })
      // A retry under the same Idempotency-Key answers the message it stored, and stores nothing.
      return reply.status(posted.replayed ? 200 : 201).send(posted.message)
    },
  )

  app.get(
    '/games/:id/messages',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['messages'],
        summary: "The game's messages you may read, newest first: to everyone and to your side (a moderator reads all)",
        security: secured,
        params: GameId,
        querystring: MessagesQuery,
        response: { 200: MessagePage, ...errors },
      },
    },
    async (request) => listMessages(app.db, request.params.id, callerOf(request), request.query),
  )
}
