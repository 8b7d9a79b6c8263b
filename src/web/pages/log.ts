// The game's record in the browser: the replay (/g/:id/replay), stepping through the log with the map as
// the reader saw it, and the verification (/g/:id/verify), which re-derives every roll in the browser.
// Both read through the same use cases as GET /games/:id (who may see the game) and leave the rest to
// the JSON API, called from web/client/replay.ts, log.ts and verify.ts.
import { Type } from '@sinclair/typebox'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import { isModeratorOf } from '../../games/corrections.js'
import { gameSummary } from '../../games/reads.js'
import { callerOf, GameId } from '../../http/routes/shared.js'
import { translate } from '../../i18n/index.js'
import { browserLocale, pageViewer, renderPage, type PageViewer } from '../context.js'

const ReplayQuery = Type.Object({ at: Type.Optional(Type.Integer({ minimum: 0, maximum: 1_000_000_000 })) })
const VerifyQuery = Type.Object({ receipt: Type.Optional(Type.String({ maxLength: 100 })) })

/** The game as its summary tells the reader (a game they may not see throws the API's not-found: the 404 page). */
async function gameFor(app: FastifyInstance, request: FastifyRequest, viewer: PageViewer | null, id: string) {
  const caller = callerOf(request)
  const locale = viewer?.locale ?? browserLocale(request)
  const game = await gameSummary(app.db, id, caller, { locale })
  const seated = game.yourSeats.length > 0
  const moderator = !seated && (await isModeratorOf(app.db, id, caller))
  const title = (page: string) => translate(locale, 'web-log', `title.${page}`, { title: game.title })
  return { game, seated, moderator, over: game.status === 'FINISHED', title }
}

export async function logPages(app: FastifyInstance) {
  app.get(
    '/g/:id/replay',
    { schema: { hide: true, params: GameId, querystring: ReplayQuery } },
    async (request, reply) => {
      const { id } = request.params as { id: string }
      const { at } = request.query as { at?: number }
      const viewer = await pageViewer(app, request)
      const { game, seated, moderator, over, title } = await gameFor(app, request, viewer, id)
      const last = game.logSeq
      const position = last === 0 ? 0 : Math.min(Math.max(at ?? last, 1), last)
      return renderPage(app, request, reply, 'replay', viewer, title('replay'), {
        // <body data-page>: pageContext would name the page by its title.
        page: 'replay',
        game,
        seated,
        over,
        position,
        last,
        started: last > 0,
        // Past positions are the players' and moderators' while the game runs, everyone's once it is over.
        pastMaps: seated || moderator || over,
        seat: game.yourSeats[0] ?? null,
      })
    },
  )

  app.get(
    '/g/:id/verify',
    { schema: { hide: true, params: GameId, querystring: VerifyQuery } },
    async (request, reply) => {
      const { id } = request.params as { id: string }
      const { receipt } = request.query as { receipt?: string }
      const viewer = await pageViewer(app, request)
      const { game, over, title } = await gameFor(app, request, viewer, id)
      return renderPage(app, request, reply, 'verify', viewer, title('verify'), {
        page: 'verify',
        game,
        over,
        started: game.logSeq > 0,
        receipt: receipt ?? '',
      })
    },
  )
}
