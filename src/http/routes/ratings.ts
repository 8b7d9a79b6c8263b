// Ratings (docs/leagues.md, "Ratings"): a rule system's leaderboard and a player's ratings with their
// history. Public: anyone may read them; names only, no emails. The reads live in src/leagues/rating-reads.ts.
import { Type } from '@sinclair/typebox'
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { leaderboard, userRatings } from '../../leagues/rating-reads.js'
import { problems } from '../schemas/problem.js'
import { Leaderboard, LeaderboardQuery, RulesetParams, UserRatings } from '../schemas/ratings.js'

export const ratingRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/ratings/:ruleset',
    {
      schema: {
        tags: ['ratings'],
        summary: "A rule system's Glicko-2 leaderboard: highest rating first, ties by name",
        params: RulesetParams,
        querystring: LeaderboardQuery,
        response: { 200: Leaderboard, ...problems(400, 404) },
      },
    },
    async (request) => leaderboard(app.db, request.params.ruleset, request.query),
  )

  app.get(
    '/users/:id/ratings',
    {
      schema: {
        tags: ['ratings'],
        summary: "A player's ratings in each rule system, with the rating after each week played",
        params: Type.Object({ id: Type.String({ format: 'uuid' }) }),
        response: { 200: UserRatings, ...problems(400, 404) },
      },
    },
    async (request) => userRatings(app.db, request.params.id),
  )
}
