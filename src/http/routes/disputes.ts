// Disputes over HTTP (docs/disputes.md); the rules live in src/games/disputes.ts. Every route needs
// a signed-in caller. A text that is blank or too long, or an entry the log does not have, is a 422
// naming the field (the request was understood, and refused).
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import type { FastifyRequest } from 'fastify'
import {
  addMessage,
  gameDisputes,
  getDispute,
  moderationInbox,
  raiseDispute,
  ruleNoChange,
} from '../../games/disputes.js'
import { InvalidInput } from '../../games/errors.js'
import { Problem } from '../problems.js'
import {
  DisputeDetail,
  DisputeId,
  GameDisputes,
  InboxPage,
  InboxQuery,
  MessageBody,
  RaiseBody,
  RulingBody,
} from '../schemas/disputes.js'
import { problems } from '../schemas/problem.js'
import { GameId, secured } from './shared.js'

const reads = problems(400, 401, 403, 404)
const writes = problems(400, 401, 403, 404, 409, 413, 415, 422)

function signedIn(request: FastifyRequest): { userId: string; role: string } {
  return { userId: request.viewer!.sub, role: request.viewer!.role }
}

/** A field's value refused after reading (seq, text, reason): 422 with the field. */
async function refusing<T>(work: Promise<T>): Promise<T> {
  try {
    return await work
  } catch (e) {
    if (e instanceof InvalidInput && ['seq', 'text', 'reason'].includes(e.field ?? ''))
      throw new Problem(422, 'Unprocessable content', e.message, {
        ...e.details,
        errors: [{ field: `body/${e.field}`, message: e.message }],
      })
    throw e
  }
}

export const disputeRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.post(
    '/games/:id/disputes',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['disputes'],
        summary: "Dispute an entry of the game's log (its players); the game's moderators are told by email",
        security: secured,
        params: GameId,
        body: RaiseBody,
        response: { 201: DisputeDetail, ...writes },
      },
    },
    async (request, reply) => {
      const dispute = await refusing(raiseDispute(app.db, request.params.id, signedIn(request), request.body))
      return reply.code(201).send(dispute)
    },
  )

  app.get(
    '/games/:id/disputes',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['disputes'],
        summary: "The game's disputes, by the entry disputed (its players and its moderators)",
        security: secured,
        params: GameId,
        response: { 200: GameDisputes, ...reads },
      },
    },
    async (request) => gameDisputes(app.db, request.params.id, signedIn(request)),
  )

  app.get(
    '/disputes/:id',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['disputes'],
        summary: 'A dispute with its messages and its ruling (the players of its game and its moderators)',
        security: secured,
        params: DisputeId,
        response: { 200: DisputeDetail, ...reads },
      },
    },
    async (request) => getDispute(app.db, request.params.id, signedIn(request)),
  )

  app.post(
    '/disputes/:id/messages',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['disputes'],
        summary:
          'Write on a dispute (a player of its game or a moderator; also after the ruling): the other side is told',
        security: secured,
        params: DisputeId,
        body: MessageBody,
        response: { 201: DisputeDetail, ...writes },
      },
    },
    async (request, reply) => {
      const dispute = await refusing(addMessage(app.db, request.params.id, signedIn(request), request.body))
      return reply.code(201).send(dispute)
    },
  )

  app.post(
    '/disputes/:id/ruling',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['disputes'],
        summary: 'Rule "no change" on an open dispute, saying why (its moderators); every player is told',
        security: secured,
        params: DisputeId,
        body: RulingBody,
        response: { 200: DisputeDetail, ...writes },
      },
    },
    async (request) => refusing(ruleNoChange(app.db, request.params.id, signedIn(request), request.body)),
  )

  app.get(
    '/moderation/disputes',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['disputes'],
        summary:
          'Your inbox: the disputes of every game you moderate, newest first (?status=open|ruled|all, ' +
          'limit, cursor); empty when you moderate none',
        security: secured,
        querystring: InboxQuery,
        response: { 200: InboxPage, ...problems(400, 401) },
      },
    },
    async (request) =>
      moderationInbox(app.db, request.viewer!.sub, {
        status: request.query.status ?? 'open',
        limit: request.query.limit ?? 50,
        cursor: request.query.cursor,
      }),
  )
}
