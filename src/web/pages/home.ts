// The home page: a visitor's welcome, or a player's games with the ones to act on first, and their clubs.
import type { FastifyInstance } from 'fastify'
import { myGames } from '../../games/list.js'
import { pageViewer, renderPage } from '../context.js'

export async function homePages(app: FastifyInstance) {
  app.get('/', { schema: { hide: true } }, async (request, reply) => {
    const viewer = await pageViewer(app, request)
    if (!viewer) return renderPage(app, request, reply, 'welcome', null, 'welcome')
    const [games, clubs] = await Promise.all([
      myGames(app.db, viewer.id, viewer.locale),
      // The clubs one belongs to, by name: each links to its page (/c/:id).
      app.db.clubMember.findMany({
        where: { userId: viewer.id },
        select: { role: true, club: { select: { id: true, name: true } } },
        orderBy: [{ club: { name: 'asc' } }, { clubId: 'asc' }],
      }),
    ])
    return renderPage(app, request, reply, 'home', viewer, 'home', {
      toAct: games.filter((g) => g.mustAct),
      waiting: games.filter((g) => !g.mustAct && g.status !== 'FINISHED'),
      finished: games.filter((g) => g.status === 'FINISHED'),
      clubs: clubs.map((m) => ({ id: m.club.id, name: m.club.name, roleKey: `web-leagues:role.${m.role}` })),
    })
  })
}
