// A new game's invite page (/g/:id/invite): its invite link and code, and a form that invites someone by
// email through POST /games/:id/invites. Only the game's seated players see it; to anyone else it is the
// 404 page, as the game's other pages are.
import type { FastifyInstance } from 'fastify'
import { noSuchGame } from '../../games/access.js'
import { gameSummary } from '../../games/reads.js'
import { loginRedirect, pageViewer, renderPage } from '../context.js'
import { translate } from '../../i18n/index.js'
import { ruleSystem } from '../../rulesets/index.js'

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

export async function invitePages(app: FastifyInstance) {
  app.get(
    '/g/:id/invite',
    {
      schema: {
        hide: true,
        params: { type: 'object', properties: { id: { type: 'string', maxLength: 64 } }, required: ['id'] },
      },
    },
    async (request, reply) => {
      const { id } = request.params as { id: string }
      const viewer = await pageViewer(app, request)
      if (!viewer) return loginRedirect(request, reply)
      if (!UUID.test(id)) throw noSuchGame(id)
      const game = await gameSummary(
        app.db,
        id,
        { userId: viewer.id, role: viewer.role },
        { publicUrl: app.config.publicUrl, locale: viewer.locale },
      )
      if (game.yourSeats.length === 0) throw noSuchGame(id)
      const base = app.config.publicUrl.replace(/\/$/, '')
      const system = ruleSystem(game.ruleset)
      const scenario = system?.scenarios().find((x) => x.summary.id === game.scenario)?.summary
      return renderPage(
        app,
        request,
        reply,
        'catalogue-invite',
        viewer,
        translate(viewer.locale, 'web-catalogue', 'title.invite'),
        {
          page: 'catalogue',
          game,
          open: game.status === 'OPEN',
          systemTitle: system?.title ?? game.ruleset,
          scenarioTitle: scenario ? `${scenario.id} · ${scenario.title}` : game.scenario,
          link: game.invite ? `${base}/g/${game.id}?invite=${encodeURIComponent(game.invite)}` : null,
          mySeats: game.seats.filter((s) => game.yourSeats.includes(s.seat)),
        },
      )
    },
  )
}
