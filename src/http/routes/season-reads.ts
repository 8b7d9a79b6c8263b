// What anyone may read of a season (public like the club page): its standings, as JSON or CSV, and
// its fixtures. The season rules live in src/leagues.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { problems } from '../schemas/problem.js'
import {
  FixturesAnswer,
  FixturesQuery,
  SeasonParams,
  StandingsJsonOrCsv,
  StandingsQuery,
} from '../schemas/season-reads.js'
import { seasonFixtures, seasonStandings } from '../../leagues/standings-read.js'
import { standingsCsv } from '../../leagues/standings-csv.js'

/** CSV when the query says so, or when the client asks for text/csv and not for JSON first. */
function wantsCsv(format: string | undefined, accept: string | undefined): boolean {
  if (format) return format === 'csv'
  if (!accept) return false
  const csv = accept.indexOf('text/csv')
  const json = accept.indexOf('application/json')
  return csv >= 0 && (json < 0 || csv < json)
}

export const seasonReadRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/seasons/:id/standings',
    {
      schema: {
        tags: ['leagues'],
        summary: "A season's standings with its tie-breaks: JSON, or CSV (?format=csv or Accept: text/csv)",
        params: SeasonParams,
        querystring: StandingsQuery,
        response: { 200: StandingsJsonOrCsv, ...problems(400, 404) },
      },
    },
    async (request, reply) => {
      const standings = await seasonStandings(app.db, request.params.id)
      if (!wantsCsv(request.query.format, request.headers.accept)) return standings
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="standings-${standings.season.id}.csv"`)
        .send(standingsCsv(standings))
    },
  )

  app.get(
    '/seasons/:id/fixtures',
    {
      schema: {
        tags: ['leagues'],
        summary: "A season's fixtures with their results, by round, division or entrant",
        params: SeasonParams,
        querystring: FixturesQuery,
        response: { 200: FixturesAnswer, ...problems(400, 404) },
      },
    },
    async (request) => {
      const { round, division, entry } = request.query
      return { fixtures: await seasonFixtures(app.db, request.params.id, { round, division, entryId: entry }) }
    },
  )
}
