// Draw offers (docs/messages.md): offer one, list them, accept or decline one (another side's player),
// withdraw one (its maker). Use cases live in src/games/draws.ts.
import { Type } from '@sinclair/typebox'
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { answerDrawOffer, listDrawOffers, offerDraw } from '../../games/draws.js'
import { DrawOffer, DrawOfferBody, DrawOfferList } from '../schemas/draws.js'
import { problems } from '../schemas/problem.js'
import { callerOf, GameId, secured, unplayable } from './shared.js'

const Ids = Type.Object({ id: Type.String({ format: 'uuid' }), offerId: Type.String({ format: 'uuid' }) })
const errors = problems(400, 401, 403, 404, 409)

const ANSWERS = {
  accept:
    "Accept a draw offer for your side (another side's player): the last side's acceptance ends the game as a draw",
  decline: 'Decline a draw offer for your side: it closes, and the game goes on',
  withdraw: 'Withdraw your own open draw offer: it closes, and the game goes on',
} as const

export const drawRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.post(
    '/games/:id/draw-offers',
    {
      onRequest: app.authenticate,
      // The note is optional, and so is the body that carries it.
      preValidation: async (request) => {
        if (request.body === undefined || request.body === null) request.body = {}
      },
      schema: {
        tags: ['games'],
        summary: 'Offer a draw for your side: the players of every other side are asked; it holds at this position',
        security: secured,
        params: GameId,
        body: DrawOfferBody,
        response: { 201: DrawOffer, ...errors },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await offerDraw(app.db, request.params.id, callerOf(request), request.body)),
  )

  app.get(
    '/games/:id/draw-offers',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['games'],
        summary: "The game's draw offers, newest first: for its players and moderators",
        security: secured,
        params: GameId,
        response: { 200: DrawOfferList, ...errors },
      },
    },
    async (request) => listDrawOffers(app.db, request.params.id, callerOf(request)),
  )

  for (const decision of ['accept', 'decline', 'withdraw'] as const)
    app.post(
      `/games/:id/draw-offers/:offerId/${decision}`,
      {
        onRequest: app.authenticate,
        schema: {
          tags: ['games'],
          summary: ANSWERS[decision],
          security: secured,
          params: Ids,
          response: { 200: DrawOffer, ...errors, ...unplayable },
        },
      },
      async (request) =>
        answerDrawOffer(app.db, request.params.id, request.params.offerId, callerOf(request), decision),
    )
}
