// The players' proposals (docs/proposals.md): list them, accept or reject one (another player), withdraw
// one (its proposer). A player proposes through POST /games/:id/corrections (src/http/routes/moderation.ts).
// Use cases live in src/games/proposals.ts.
import { Type } from '@sinclair/typebox'
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { answerProposal, listProposals } from '../../games/proposals.js'
import { Proposal, ProposalList } from '../schemas/proposals.js'
import { problems } from '../schemas/problem.js'
import { callerOf, GameId, secured, unplayable } from './shared.js'

const Ids = Type.Object({ id: Type.String({ format: 'uuid' }), cid: Type.String({ format: 'uuid' }) })
const errors = problems(400, 401, 403, 404, 409)

const ANSWERS = {
  accept: 'Accept a proposal (another player of the game): the last acceptance applies the rollback',
  reject: 'Reject a proposal (another player of the game): it closes, and nothing in the game changes',
  withdraw: 'Withdraw your own open proposal: it closes, and nothing in the game changes',
} as const

export const proposalRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/games/:id/corrections',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['moderation'],
        summary: "The game's proposed corrections, newest first: for its players and moderators",
        security: secured,
        params: GameId,
        response: { 200: ProposalList, ...errors },
      },
    },
    async (request) => listProposals(app.db, request.params.id, callerOf(request)),
  )

  for (const decision of ['accept', 'reject', 'withdraw'] as const)
    app.post(
      `/games/:id/corrections/:cid/${decision}`,
      {
        onRequest: app.authenticate,
        schema: {
          tags: ['moderation'],
          summary: ANSWERS[decision],
          security: secured,
          params: Ids,
          response: { 200: Proposal, ...errors, ...unplayable },
        },
      },
      async (request) => answerProposal(app.db, request.params.id, request.params.cid, callerOf(request), decision),
    )
}
