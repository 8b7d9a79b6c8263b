// Moderation: corrections (preview, apply, the players' proposals), the full state at any position,
// and the audit of every moderator action. Use cases live in src/games/corrections.ts.
import { Type } from '@sinclair/typebox'
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { applyCorrection, previewCorrection } from '../../games/corrections.js'
import { moderationAudit } from '../../games/moderation-audit.js'
import { playsIn, proposeRollback } from '../../games/proposals.js'
import { badRequest } from '../problems.js'
import { AppliedCorrection, CorrectionBody, CorrectionPreview, ModerationAudit } from '../schemas/moderation.js'
import { Proposal } from '../schemas/proposals.js'
import { problems } from '../schemas/problem.js'
import { callerOf, GameId, secured, unplayable } from './shared.js'

const errors = problems(400, 401, 403, 404, 409, 422)
const bodyErrors = problems(400, 401, 403, 404, 409, 413, 415, 422)

/** If-Match: the position the moderator previewed at (required, checked once the caller may correct the game). */
function previewedAt(header: string | undefined): number | undefined {
  if (header === undefined) return undefined
  // A strong tag only: a correction is applied at exactly the position previewed.
  const m = /^\s*"?(\d{1,9})"?\s*$/.exec(header)
  if (!m)
    throw badRequest('If-Match must be the log position you previewed at, e.g. If-Match: "12" (no W/ tag)', {
      field: 'If-Match',
    })
  return Number(m[1])
}

export const moderationRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.post(
    '/games/:id/corrections/preview',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['moderation'],
        summary: 'What a correction would produce, writing nothing: the state and views after it, unit by unit',
        security: secured,
        params: GameId,
        body: CorrectionBody,
        response: { 200: CorrectionPreview, ...bodyErrors, ...unplayable },
      },
    },
    async (request) => previewCorrection(app.db, request.params.id, callerOf(request), request.body),
  )

  app.post(
    '/games/:id/corrections',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['moderation'],
        summary:
          'Apply a correction: one CORRECTION entry in the log, at the position previewed (If-Match); ' +
          "a player's rollback is proposed instead (202), and applied once every other player accepts it",
        security: secured,
        params: GameId,
        headers: Type.Object({ 'if-match': Type.Optional(Type.String()) }),
        body: CorrectionBody,
        response: { 201: AppliedCorrection, 202: Proposal, ...bodyErrors, ...problems(428), ...unplayable },
      },
    },
    async (request, reply) => {
      // A player of the game proposes (src/games/proposals.ts): If-Match is optional, the game's position then.
      if (await playsIn(app.db, request.params.id, callerOf(request))) {
        const ifMatch = request.headers['if-match']
        const at = ifMatch === undefined ? undefined : previewedAt(ifMatch)
        const proposed = await proposeRollback(app.db, request.params.id, callerOf(request), request.body, at)
        return reply.status(202).send(proposed)
      }
      const applied = await applyCorrection(
        app.db,
        request.params.id,
        callerOf(request),
        request.body,
        previewedAt(request.headers['if-match']),
      )
      return reply.status(201).header('etag', `"${applied.after.seq}"`).send(applied)
    },
  )

  app.get(
    '/games/:id/moderation',
    {
      onRequest: app.identify,
      schema: {
        tags: ['moderation'],
        summary: 'Every moderator action on the game, with the dispute each settles',
        params: GameId,
        response: { 200: ModerationAudit, ...errors },
      },
    },
    async (request) => moderationAudit(app.db, request.params.id, callerOf(request)),
  )
}
