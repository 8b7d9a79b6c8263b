// The home page: a visitor's welcome, or a player's games with the ones to act on first.
import type { FastifyInstance } from 'fastify'
import { myGames } from '../../games/list.js'
import { pageViewer, renderPage } from '../context.js'

export async function homePages(app: FastifyInstance) {
  app.get('/', { schema: { hide: true } }, async (request, reply) => {
    const viewer = await pageViewer(app, request)
    if (!viewer) return renderPage(app, request, reply, 'welcome', null, 'welcome')
    const games = await myGames(app.db, viewer.id, viewer.locale)
    return renderPage(app, request, reply, 'home', viewer, 'home', {
      toAct: games.filter((g) => g.mustAct),
      waiting: games.filter((g) => !g.mustAct && g.status !== 'FINISHED'),
      finished: games.filter((g) => g.status === 'FINISHED'),
    })
  })
}
