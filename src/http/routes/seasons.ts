// Seasons over HTTP (docs/leagues.md "Season routes"): the rules live in src/leagues/seasons.ts.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import type { FastifyRequest } from 'fastify'
import { Type } from '@sinclair/typebox'
import { problems } from '../schemas/problem.js'
import {
  ChangeSeasonBody,
  CreateSeasonBody,
  EnterBody,
  Entrant,
  MoveEntryBody,
  Season,
  SeasonList,
  Withdrawn,
} from '../schemas/seasons.js'
import {
  changeSeason,
  createSeason,
  enterSeason,
  listSeasons,
  moveEntry,
  seasonView,
  withdraw,
  type Actor,
} from '../../leagues/seasons.js'
import { startSeason } from '../../leagues/rounds.js'
import { campaignAfterWithdrawal } from '../../leagues/campaign.js'

const Id = Type.Object({ id: Type.String({ format: 'uuid' }) })
const actor = (request: FastifyRequest): Actor => ({ userId: request.viewer!.sub, role: request.viewer!.role })
const tags = ['leagues']
const security = [{ bearer: [] }]

export const seasonRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.post(
    '/clubs/:id/seasons',
    {
      onRequest: app.authenticate,
      schema: {
        tags,
        summary: "Create a season of the club (the club's owners)",
        security,
        params: Id,
        body: CreateSeasonBody,
        response: { 201: Season, ...problems(400, 401, 403, 404, 413, 415) },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await createSeason(app.db, actor(request), request.params.id, request.body)),
  )

  app.get(
    '/clubs/:id/seasons',
    {
      schema: {
        tags,
        summary: "The club's seasons, newest first",
        params: Id,
        response: { 200: SeasonList, ...problems(400, 404) },
      },
    },
    async (request) => ({ seasons: await listSeasons(app.db, request.params.id) }),
  )

  app.get(
    '/seasons/:id',
    {
      schema: {
        tags,
        summary: 'A season: its rules, status, round and entrants (its seed once it has finished)',
        params: Id,
        response: { 200: Season, ...problems(400, 404) },
      },
    },
    async (request) => seasonView(app.db, request.params.id),
  )

  app.patch(
    '/seasons/:id',
    {
      onRequest: app.authenticate,
      schema: {
        tags,
        summary: "Change a season (the club's owners): its name any time, its rules while it is open",
        security,
        params: Id,
        body: ChangeSeasonBody,
        response: { 200: Season, ...problems(400, 401, 403, 404, 409, 413, 415) },
      },
    },
    async (request) => changeSeason(app.db, actor(request), request.params.id, request.body),
  )

  app.post(
    '/seasons/:id/entries',
    {
      onRequest: app.authenticate,
      schema: {
        tags,
        summary: 'Enter a season (before its start and its signup deadline)',
        security,
        params: Id,
        body: EnterBody,
        response: { 201: Entrant, ...problems(400, 401, 403, 404, 409, 413, 415) },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await enterSeason(app.db, actor(request), request.params.id, request.body)),
  )

  app.delete(
    '/seasons/:id/entries/me',
    {
      onRequest: app.authenticate,
      schema: {
        tags,
        summary: 'Leave a season: before the start the entry goes; after it, your unfinished fixtures are forfeited',
        security,
        params: Id,
        response: { 200: Withdrawn, ...problems(400, 401, 404, 409) },
      },
    },
    async (request) => {
      const done = await withdraw(app.db, actor(request), request.params.id)
      // A campaign whose maintenance period waited only on this player moves on now, not at the next tick.
      await campaignAfterWithdrawal(app.db, request.params.id)
      return done
    },
  )

  app.patch(
    '/seasons/:id/entries/:entryId',
    {
      onRequest: app.authenticate,
      schema: {
        tags,
        summary: "Move an entrant to another division before the start (the club's owners)",
        security,
        params: Type.Object({ id: Type.String({ format: 'uuid' }), entryId: Type.String({ format: 'uuid' }) }),
        body: MoveEntryBody,
        response: { 200: Entrant, ...problems(400, 401, 403, 404, 409, 413, 415) },
      },
    },
    async (request) =>
      moveEntry(app.db, actor(request), request.params.id, request.params.entryId, request.body.division),
  )

  app.post(
    '/seasons/:id/start',
    {
      onRequest: app.authenticate,
      schema: {
        tags,
        summary: "Start a season now (the club's owners): its fixtures and their games are created",
        security,
        params: Id,
        response: { 200: Season, ...problems(400, 401, 403, 404, 409) },
      },
    },
    async (request) => startSeason(app.db, actor(request), request.params.id),
  )
}
