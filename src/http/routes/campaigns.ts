// A campaign season over HTTP (docs/campaigns.md): a team, its maintenance actions, and the season's log.
// The rules live in src/leagues/campaign.ts; these only read the request and answer.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { Type } from '@sinclair/typebox'
import { seasonLogRead, submitActions, teamRead, verifySeason, type ActionsInput } from '../../leagues/campaign.js'
import { readerLocale } from '../locale.js'
import { problems } from '../schemas/problem.js'
import { ActionsAnswer, SeasonLogAnswer, SeasonVerifyAnswer, TeamAnswer } from '../schemas/campaigns.js'
import { badRequest } from '../problems.js'
import { idempotencyKey } from './shared.js'

const TeamParams = Type.Object({
  id: Type.String({ format: 'uuid' }),
  entrant: Type.String({ format: 'uuid', description: "the team's season entry id (GET /seasons/:id entrants)" }),
})
const SeasonParams = Type.Object({ id: Type.String({ format: 'uuid' }) })

const ActionsBody = Type.Object(
  {
    actions: Type.Optional(
      Type.Array(Type.Unknown(), {
        maxItems: 50,
        description: "maintenance actions as JSON, in the rule system's shape (its docs/orders-<system>.md)",
      }),
    ),
    text: Type.Optional(
      Type.String({ maxLength: 10_000, description: 'the same in the text notation, one a line; a line "done" ends' }),
    ),
    done: Type.Optional(Type.Boolean({ description: "the team has finished this period's maintenance" })),
  },
  { additionalProperties: false },
)

const ActionsOrText = {
  content: {
    'application/json': { schema: ActionsBody },
    'text/plain': { schema: Type.String({ description: 'actions in the text notation, one a line' }) },
  },
} as unknown as typeof ActionsBody

/** The largest body of actions, in bytes. */
const ACTIONS_MAX_BYTES = 32 * 1024

export const campaignRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.addContentTypeParser('text/plain', { parseAs: 'string' }, (_req, body, done) => done(null, body))

  app.get(
    '/seasons/:id/teams/:entrant',
    {
      schema: {
        tags: ['leagues'],
        summary: "A campaign team: money, debt, units, weapons, crews, net worth, and its history in the season's log",
        params: TeamParams,
        response: { 200: TeamAnswer, ...problems(400, 404, 409) },
      },
    },
    async (request) => teamRead(app.db, request.params.id, request.params.entrant, await readerLocale(app, request)),
  )

  app.post(
    '/seasons/:id/teams/:entrant/actions',
    {
      onRequest: app.authenticate,
      bodyLimit: ACTIONS_MAX_BYTES,
      schema: {
        tags: ['leagues'],
        summary: "A team's maintenance actions (JSON or text), resolved at once with the season's dice",
        security: [{ bearer: [] }],
        params: TeamParams,
        headers: Type.Object({ 'idempotency-key': Type.Optional(Type.String()) }),
        body: ActionsOrText,
        response: { 200: ActionsAnswer, ...problems(400, 401, 403, 404, 409, 413, 415, 422) },
      },
    },
    async (request) => {
      const body: ActionsInput = typeof request.body === 'string' ? { text: request.body } : (request.body ?? {})
      if (body.actions === undefined && body.text === undefined && body.done === undefined)
        throw badRequest('send {"actions": [...]} or {"text": "..."} (and "done": true when finished)', {
          field: 'body',
        })
      const key = idempotencyKey(request.headers['idempotency-key'])
      return submitActions(
        app.db,
        { userId: request.viewer!.sub, role: request.viewer!.role },
        request.params.id,
        request.params.entrant,
        body,
        { locale: await readerLocale(app, request), ...(key ? { idempotencyKey: key } : {}) },
      )
    },
  )

  app.get(
    '/seasons/:id/log',
    {
      schema: {
        tags: ['leagues'],
        summary: "A campaign's log: every entry with its hash chain and dice, the seed once the season has finished",
        params: SeasonParams,
        response: { 200: SeasonLogAnswer, ...problems(400, 404, 409) },
      },
    },
    async (request) => seasonLogRead(app.db, request.params.id, await readerLocale(app, request)),
  )

  app.get(
    '/seasons/:id/verify',
    {
      schema: {
        tags: ['leagues'],
        summary: "Checks a campaign's log: its hash chain, and once it has finished, the seed and every roll",
        params: SeasonParams,
        response: { 200: SeasonVerifyAnswer, ...problems(400, 404, 409) },
      },
    },
    async (request) => verifySeason(app.db, request.params.id),
  )
}
