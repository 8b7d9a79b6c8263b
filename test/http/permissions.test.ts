// Who may call what (issue 9, section 6): every route the app registers × {anonymous, stranger,
// opponent, own seat, moderator}, against a private game in play. The table is checked against the
// app's own route list, so a new route without an entry here fails this test.
// PERMISSIONS_PRINT=1 prints the observed table (to review a new route's answers before adding them).
import { randomUUID } from 'node:crypto'
import type { InjectOptions } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { as, register, startApp, type TestApp, type User } from './helpers.js'

const ROLES = ['anonymous', 'stranger', 'opponent', 'seat', 'moderator'] as const
type Role = (typeof ROLES)[number]

let h: TestApp
const people: Record<Exclude<Role, 'anonymous'>, User> = {} as never
let refresh: Record<string, string> = {}

interface Game {
  id: string
  seat: User
  opponent: User
}

/** A private A-S4 game in play: `seat` is the player whose turn it is, `opponent` the other. */
async function privateGame(fed: User, zeon: User): Promise<Game> {
  const created = (
    await h.app.inject({
      method: 'POST',
      url: '/games',
      headers: as(fed),
      payload: { ruleset: 'abaoaqu', scenario: 'A-S4', seat: 'FED', private: true, options: { deployment: 'auto' } },
    })
  ).json()
  await h.app.inject({
    method: 'POST',
    url: `/games/${created.id}/join`,
    headers: as(zeon),
    payload: { invite: created.invite },
  })
  const side = (await h.app.inject({ method: 'GET', url: `/games/${created.id}`, headers: as(fed) })).json().pending[0]
    .side
  return side === 'FED' ? { id: created.id, seat: fed, opponent: zeon } : { id: created.id, seat: zeon, opponent: fed }
}

/** Who plays which part: the two players of the game swap parts so `seat` is always the one to act. */
function userFor(role: Role, game: Game | null): User | null {
  if (role === 'anonymous') return null
  if (game && role === 'seat') return game.seat
  if (game && role === 'opponent') return game.opponent
  return people[role]
}

type Req = Omit<InjectOptions, 'url'> & { url: string }
/** How to call a route: `fresh` routes change the game, so each call gets a game of its own. */
interface Row {
  fresh?: boolean
  game?: boolean
  request: (id: string, role: Role) => Req
  expect: Record<Role, number>
}

const all = (status: number): Record<Role, number> => ({
  anonymous: status,
  stranger: status,
  opponent: status,
  seat: status,
  moderator: status,
})
const signedIn = (status: number): Record<Role, number> => ({ ...all(status), anonymous: 401 })

const TABLE: Record<string, Row> = {
  'GET /docs': { request: () => ({ method: 'GET', url: '/docs' }), expect: all(200) },
  'GET /docs/static/index.html': {
    request: () => ({ method: 'GET', url: '/docs/static/index.html' }),
    expect: all(302),
  },
  'GET /docs/static/swagger-initializer.js': {
    request: () => ({ method: 'GET', url: '/docs/static/swagger-initializer.js' }),
    expect: all(200),
  },
  'GET /docs/json': { request: () => ({ method: 'GET', url: '/docs/json' }), expect: all(200) },
  'GET /docs/yaml': { request: () => ({ method: 'GET', url: '/docs/yaml' }), expect: all(200) },
  'GET /docs/static/*': { request: () => ({ method: 'GET', url: '/docs/static/swagger-ui.css' }), expect: all(200) },
  'GET /healthz': { request: () => ({ method: 'GET', url: '/healthz' }), expect: all(200) },
  'GET /readyz': { request: () => ({ method: 'GET', url: '/readyz' }), expect: all(200) },
  // Without METRICS_TOKEN, this machine (inject's loopback address) whoever asks (test/http/metrics.test.ts).
  'GET /metrics': { request: () => ({ method: 'GET', url: '/metrics' }), expect: all(200) },
  // The web pages (test/web/ drives them in a browser): signed in by a bearer token here.
  'GET /': { request: () => ({ method: 'GET', url: '/' }), expect: all(200) },
  'GET /login': { request: () => ({ method: 'GET', url: '/login' }), expect: { ...all(303), anonymous: 200 } },
  'GET /register': { request: () => ({ method: 'GET', url: '/register' }), expect: { ...all(303), anonymous: 200 } },
  'POST /login': {
    request: () => ({
      method: 'POST',
      url: '/login',
      payload: { email: 'nobody@example.org', password: 'not it at all' },
    }),
    expect: all(401),
  },
  'POST /register': {
    request: () => ({
      method: 'POST',
      url: '/register',
      payload: { email: `web.${randomUUID()}@example.org`, name: 'ウェブ', password: 'correct horse battery' },
    }),
    expect: all(303),
  },
  'POST /logout': { request: () => ({ method: 'POST', url: '/logout', payload: {} }), expect: all(303) },
  'GET /auth/magic-link': { request: () => ({ method: 'GET', url: '/auth/magic-link' }), expect: all(200) },
  'GET /auth/verify': { request: () => ({ method: 'GET', url: '/auth/verify?token=forged' }), expect: all(200) },
  'GET /auth/magic': { request: () => ({ method: 'GET', url: '/auth/magic?token=forged' }), expect: all(404) },
  'POST /auth/magic': {
    request: () => ({ method: 'POST', url: '/auth/magic', payload: { token: 'forged' } }),
    expect: all(404),
  },
  'GET /catalogue': { request: () => ({ method: 'GET', url: '/catalogue' }), expect: all(200) },
  'GET /catalogue/:ruleset/:scenario': {
    request: () => ({ method: 'GET', url: '/catalogue/abaoaqu/A-S4' }),
    expect: all(200),
  },
  // A game's invite page: its seated players only (a moderator holds no seat); the signed-out sign in first.
  'GET /g/:id/invite': {
    game: true,
    request: (id) => ({ method: 'GET', url: `/g/${id}/invite` }),
    expect: { anonymous: 303, stranger: 404, opponent: 200, seat: 200, moderator: 404 },
  },
  'GET /preferences': {
    request: () => ({ method: 'GET', url: '/preferences' }),
    expect: { ...all(200), anonymous: 303 },
  },
  'GET /g/:id': {
    game: true,
    request: (id) => ({ method: 'GET', url: `/g/${id}`, headers: { accept: 'text/html' } }),
    expect: { anonymous: 404, stranger: 404, opponent: 200, seat: 200, moderator: 200 },
  },
  'GET /assets/:name': { request: () => ({ method: 'GET', url: '/assets/none.js' }), expect: all(404) },
  // The clubs' and seasons' pages (test/web/leagues.test.ts): open to anyone; here, ones that do not exist.
  'GET /c': { request: () => ({ method: 'GET', url: '/c' }), expect: all(200) },
  'GET /c/:id': { request: () => ({ method: 'GET', url: `/c/${randomUUID()}` }), expect: all(404) },
  'GET /s/:id': { request: () => ({ method: 'GET', url: `/s/${randomUUID()}` }), expect: all(404) },
  'GET /s/:id/fixtures': { request: () => ({ method: 'GET', url: `/s/${randomUUID()}/fixtures` }), expect: all(404) },
  'GET /s/:id/teams/:entrant': {
    request: () => ({ method: 'GET', url: `/s/${randomUUID()}/teams/${randomUUID()}` }),
    expect: all(404),
  },
  'POST /auth/register': {
    request: () => ({
      method: 'POST',
      url: '/auth/register',
      payload: { email: `new.${randomUUID()}@example.org`, name: '新人', password: 'correct horse battery' },
    }),
    expect: all(201),
  },
  'POST /auth/login': {
    request: (_id, role) => ({
      method: 'POST',
      url: '/auth/login',
      payload: { email: (userFor(role, null) ?? people.stranger).email, password: 'correct horse battery' },
    }),
    expect: all(200),
  },
  'POST /auth/refresh': {
    request: (_id, role) => ({
      method: 'POST',
      url: '/auth/refresh',
      payload: { refreshToken: refresh[role] ?? 'not-a-token' },
    }),
    expect: { ...all(200), anonymous: 401 },
  },
  'POST /auth/logout': {
    request: () => ({ method: 'POST', url: '/auth/logout', payload: { refreshToken: 'not-a-token' } }),
    expect: all(204),
  },
  'POST /auth/verify-email': {
    request: () => ({ method: 'POST', url: '/auth/verify-email', payload: { token: 'not-a-token' } }),
    expect: all(400),
  },
  'GET /auth/verify-email': {
    request: () => ({ method: 'GET', url: '/auth/verify-email?token=not-a-token' }),
    expect: all(400),
  },
  'POST /auth/magic-link': {
    request: (_id, role) => ({
      method: 'POST',
      url: '/auth/magic-link',
      payload: { email: (userFor(role, null) ?? people.stranger).email, next: '/g/x' },
    }),
    expect: all(202),
  },
  'POST /auth/magic-link/consume': {
    request: () => ({ method: 'POST', url: '/auth/magic-link/consume', payload: { token: 'not-a-token' } }),
    expect: all(401),
  },
  'GET /me': { request: () => ({ method: 'GET', url: '/me' }), expect: signedIn(200) },
  'GET /rulesets': { request: () => ({ method: 'GET', url: '/rulesets' }), expect: all(200) },
  // Ratings are public: anyone reads the leaderboard and a player's ratings (names only).
  'GET /ratings/:ruleset': { request: () => ({ method: 'GET', url: '/ratings/abaoaqu' }), expect: all(200) },
  'GET /users/:id/ratings': {
    request: () => ({ method: 'GET', url: `/users/${people.stranger.id}/ratings` }),
    expect: all(200),
  },
  'GET /rulesets/:ruleset/scenarios/:scenario': {
    request: () => ({ method: 'GET', url: '/rulesets/abaoaqu/scenarios/A-S4' }),
    expect: all(200),
  },
  // Seasons are public: anyone reads them (an unknown season is the same 404 to everyone).
  'GET /seasons/:id/standings': {
    request: () => ({ method: 'GET', url: `/seasons/${randomUUID()}/standings` }),
    expect: all(404),
  },
  'GET /seasons/:id/fixtures': {
    request: () => ({ method: 'GET', url: `/seasons/${randomUUID()}/fixtures` }),
    expect: all(404),
  },
  'GET /seasons/:id/teams/:entrant': {
    request: () => ({ method: 'GET', url: `/seasons/${randomUUID()}/teams/${randomUUID()}` }),
    expect: all(404),
  },
  'GET /seasons/:id/log': { request: () => ({ method: 'GET', url: `/seasons/${randomUUID()}/log` }), expect: all(404) },
  'GET /seasons/:id/verify': {
    request: () => ({ method: 'GET', url: `/seasons/${randomUUID()}/verify` }),
    expect: all(404),
  },
  'GET /games': { request: () => ({ method: 'GET', url: '/games' }), expect: all(200) },
  'POST /games': {
    request: () => ({ method: 'POST', url: '/games', payload: { ruleset: 'abaoaqu', scenario: 'A-S4' } }),
    expect: signedIn(201),
  },
  // The game routes, on a private game in play: outsiders are told it does not exist.
  'GET /games/:id': {
    game: true,
    request: (id) => ({ method: 'GET', url: `/games/${id}` }),
    expect: { anonymous: 404, stranger: 404, opponent: 200, seat: 200, moderator: 200 },
  },
  'POST /games/:id/join': {
    game: true,
    request: (id) => ({ method: 'POST', url: `/games/${id}/join`, payload: {} }),
    expect: { anonymous: 401, stranger: 404, opponent: 409, seat: 409, moderator: 409 },
  },
  'POST /games/:id/invites': {
    game: true,
    request: (id) => ({ method: 'POST', url: `/games/${id}/invites`, payload: { email: 'friend@example.org' } }),
    expect: { anonymous: 401, stranger: 404, opponent: 409, seat: 409, moderator: 403 },
  },
  'POST /games/:id/resign': {
    fresh: true,
    request: (id) => ({ method: 'POST', url: `/games/${id}/resign` }),
    expect: { anonymous: 401, stranger: 404, opponent: 200, seat: 200, moderator: 403 },
  },
  'GET /games/:id/view': {
    game: true,
    request: (id) => ({ method: 'GET', url: `/games/${id}/view` }),
    expect: { anonymous: 404, stranger: 404, opponent: 200, seat: 200, moderator: 200 },
  },
  'GET /games/:id/state': {
    game: true,
    request: (id) => ({ method: 'GET', url: `/games/${id}/state?at=1` }),
    expect: { anonymous: 401, stranger: 404, opponent: 200, seat: 200, moderator: 200 },
  },
  'GET /games/:id/options': {
    game: true,
    request: (id) => ({ method: 'GET', url: `/games/${id}/options` }),
    expect: { anonymous: 401, stranger: 404, opponent: 200, seat: 200, moderator: 403 },
  },
  'POST /games/:id/orders': {
    fresh: true,
    request: (id) => ({ method: 'POST', url: `/games/${id}/orders`, payload: { text: 'pass' } }),
    expect: { anonymous: 401, stranger: 404, opponent: 422, seat: 200, moderator: 403 },
  },
  'POST /games/:id/orders/preview': {
    game: true,
    request: (id) => ({ method: 'POST', url: `/games/${id}/orders/preview`, payload: { text: 'pass' } }),
    expect: { anonymous: 401, stranger: 404, opponent: 200, seat: 200, moderator: 403 },
  },
  'GET /games/:id/map.png': {
    game: true,
    request: (id) => ({ method: 'GET', url: `/games/${id}/map.png` }),
    expect: { anonymous: 404, stranger: 404, opponent: 200, seat: 200, moderator: 200 },
  },
  'GET /games/:id/map.svg': {
    game: true,
    request: (id) => ({ method: 'GET', url: `/games/${id}/map.svg?at=1` }),
    expect: { anonymous: 404, stranger: 404, opponent: 200, seat: 200, moderator: 200 },
  },
  'GET /games/:id/log': {
    game: true,
    request: (id) => ({ method: 'GET', url: `/games/${id}/log` }),
    expect: { anonymous: 404, stranger: 404, opponent: 200, seat: 200, moderator: 200 },
  },
  'GET /games/:id/verify': {
    game: true,
    request: (id) => ({ method: 'GET', url: `/games/${id}/verify` }),
    expect: { anonymous: 404, stranger: 404, opponent: 200, seat: 200, moderator: 200 },
  },
  // The replay and the verification pages (src/web/pages/log.ts): a game hidden from the reader is the 404 page.
  'GET /g/:id/replay': {
    game: true,
    request: (id) => ({ method: 'GET', url: `/g/${id}/replay?at=1`, headers: { accept: 'text/html' } }),
    expect: { anonymous: 404, stranger: 404, opponent: 200, seat: 200, moderator: 200 },
  },
  'GET /g/:id/verify': {
    game: true,
    request: (id) => ({ method: 'GET', url: `/g/${id}/verify`, headers: { accept: 'text/html' } }),
    expect: { anonymous: 404, stranger: 404, opponent: 200, seat: 200, moderator: 200 },
  },
  // Moderation (test/http/corrections.test.ts has its own table, with game masters and admins who play).
  'POST /games/:id/corrections/preview': {
    game: true,
    request: (id) => ({
      method: 'POST',
      url: `/games/${id}/corrections/preview`,
      payload: { kind: 'extend-deadline', hours: 1, reason: 'permissions' },
    }),
    expect: { anonymous: 401, stranger: 404, opponent: 403, seat: 403, moderator: 200 },
  },
  'POST /games/:id/corrections': {
    fresh: true,
    request: (id) => ({
      method: 'POST',
      url: `/games/${id}/corrections`,
      headers: { 'if-match': '"1"' },
      payload: { kind: 'extend-deadline', hours: 1, reason: 'permissions' },
    }),
    expect: { anonymous: 401, stranger: 404, opponent: 403, seat: 403, moderator: 201 },
  },
  'GET /games/:id/moderation': {
    game: true,
    request: (id) => ({ method: 'GET', url: `/games/${id}/moderation` }),
    expect: { anonymous: 404, stranger: 404, opponent: 200, seat: 200, moderator: 200 },
  },
  'GET /games/:id/corrections': {
    game: true,
    request: (id) => ({ method: 'GET', url: `/games/${id}/corrections` }),
    expect: { anonymous: 401, stranger: 404, opponent: 200, seat: 200, moderator: 200 },
  },
  'POST /games/:id/corrections/:cid/accept': {
    game: true,
    request: (id) => ({ method: 'POST', url: `/games/${id}/corrections/${randomUUID()}/accept` }),
    expect: { anonymous: 401, stranger: 404, opponent: 404, seat: 404, moderator: 404 },
  },
  'POST /games/:id/corrections/:cid/reject': {
    game: true,
    request: (id) => ({ method: 'POST', url: `/games/${id}/corrections/${randomUUID()}/reject` }),
    expect: { anonymous: 401, stranger: 404, opponent: 404, seat: 404, moderator: 404 },
  },
  'POST /games/:id/corrections/:cid/withdraw': {
    game: true,
    request: (id) => ({ method: 'POST', url: `/games/${id}/corrections/${randomUUID()}/withdraw` }),
    expect: { anonymous: 401, stranger: 404, opponent: 404, seat: 404, moderator: 404 },
  },
  // Messages and draw offers (test/http/messages.test.ts, test/http/draws.test.ts).
  'POST /games/:id/messages': {
    game: true,
    request: (id) => ({ method: 'POST', url: `/games/${id}/messages`, payload: { text: 'permissions', to: 'all' } }),
    expect: { anonymous: 401, stranger: 404, opponent: 201, seat: 201, moderator: 201 },
  },
  'GET /games/:id/messages': {
    game: true,
    request: (id) => ({ method: 'GET', url: `/games/${id}/messages` }),
    expect: { anonymous: 401, stranger: 404, opponent: 200, seat: 200, moderator: 200 },
  },
  'POST /games/:id/draw-offers': {
    fresh: true,
    request: (id) => ({ method: 'POST', url: `/games/${id}/draw-offers`, payload: {} }),
    expect: { anonymous: 401, stranger: 404, opponent: 201, seat: 201, moderator: 403 },
  },
  'GET /games/:id/draw-offers': {
    game: true,
    request: (id) => ({ method: 'GET', url: `/games/${id}/draw-offers` }),
    expect: { anonymous: 401, stranger: 404, opponent: 200, seat: 200, moderator: 200 },
  },
  'POST /games/:id/draw-offers/:offerId/accept': {
    game: true,
    request: (id) => ({ method: 'POST', url: `/games/${id}/draw-offers/${randomUUID()}/accept` }),
    expect: { anonymous: 401, stranger: 404, opponent: 404, seat: 404, moderator: 404 },
  },
  'POST /games/:id/draw-offers/:offerId/decline': {
    game: true,
    request: (id) => ({ method: 'POST', url: `/games/${id}/draw-offers/${randomUUID()}/decline` }),
    expect: { anonymous: 401, stranger: 404, opponent: 404, seat: 404, moderator: 404 },
  },
  'POST /games/:id/draw-offers/:offerId/withdraw': {
    game: true,
    request: (id) => ({ method: 'POST', url: `/games/${id}/draw-offers/${randomUUID()}/withdraw` }),
    expect: { anonymous: 401, stranger: 404, opponent: 404, seat: 404, moderator: 404 },
  },
  // Disputes (test/http/disputes.test.ts has their own table, with game masters and admins who play).
  'POST /games/:id/disputes': {
    game: true,
    request: (id) => ({ method: 'POST', url: `/games/${id}/disputes`, payload: { seq: 1, text: 'out of range' } }),
    expect: { anonymous: 401, stranger: 404, opponent: 201, seat: 201, moderator: 403 },
  },
  'GET /games/:id/disputes': {
    game: true,
    request: (id) => ({ method: 'GET', url: `/games/${id}/disputes` }),
    expect: { anonymous: 401, stranger: 404, opponent: 200, seat: 200, moderator: 200 },
  },
  'GET /disputes/:id': { request: () => ({ method: 'GET', url: `/disputes/${randomUUID()}` }), expect: signedIn(404) },
  'POST /disputes/:id/messages': {
    request: () => ({ method: 'POST', url: `/disputes/${randomUUID()}/messages`, payload: { text: 'x' } }),
    expect: signedIn(404),
  },
  'POST /disputes/:id/ruling': {
    request: () => ({
      method: 'POST',
      url: `/disputes/${randomUUID()}/ruling`,
      payload: { ruling: 'no-change', reason: 'x' },
    }),
    expect: signedIn(404),
  },
  'GET /moderation/disputes': {
    request: () => ({ method: 'GET', url: '/moderation/disputes' }),
    expect: signedIn(200),
  },
  // The moderation pages (test/web/moderation.test.ts drives them): players and strangers get the 403 page.
  'GET /moderation': {
    request: () => ({ method: 'GET', url: '/moderation' }),
    expect: { anonymous: 303, stranger: 403, opponent: 403, seat: 403, moderator: 200 },
  },
  'GET /moderation/disputes/:id': {
    request: () => ({ method: 'GET', url: `/moderation/disputes/${randomUUID()}` }),
    expect: { ...all(404), anonymous: 303 },
  },
  'GET /moderation/games/:id': {
    game: true,
    request: (id) => ({ method: 'GET', url: `/moderation/games/${id}?at=1` }),
    expect: { anonymous: 303, stranger: 404, opponent: 403, seat: 403, moderator: 200 },
  },
  'POST /moderation/games/:id/preview': {
    game: true,
    request: (id) => ({
      method: 'POST',
      url: `/moderation/games/${id}/preview`,
      payload: { correction: { kind: 'extend-deadline', hours: 1, reason: 'permissions' } },
    }),
    expect: { anonymous: 401, stranger: 404, opponent: 403, seat: 403, moderator: 200 },
  },
  'GET /me/preferences': { request: () => ({ method: 'GET', url: '/me/preferences' }), expect: signedIn(200) },
  'PATCH /me/preferences': {
    request: () => ({ method: 'PATCH', url: '/me/preferences', payload: { timeZone: 'Asia/Tokyo' } }),
    expect: signedIn(200),
  },
  'GET /me/notifications': { request: () => ({ method: 'GET', url: '/me/notifications' }), expect: signedIn(200) },
  // One-click unsubscribe works by its signed link alone, whoever follows it: a forged link is refused.
  'POST /unsubscribe': {
    request: (_id, role) => ({
      method: 'POST',
      url: `/unsubscribe?u=${userFor(role, null)?.id ?? randomUUID()}&t=forged`,
    }),
    expect: all(403),
  },
  'GET /unsubscribe': {
    request: (_id, role) => ({
      method: 'GET',
      url: `/unsubscribe?u=${userFor(role, null)?.id ?? randomUUID()}&t=forged`,
    }),
    expect: all(403),
  },
  // Replies arrive from mail servers, not signed-in users: a reply without a valid token is refused for everyone.
  'POST /inbound/email': {
    request: () => ({
      method: 'POST',
      url: '/inbound/email',
      headers: { 'content-type': 'message/rfc822' },
      payload:
        'From: someone@example.org\r\nTo: play+forged@hexmail.test\r\n' +
        'Message-ID: <p@example.org>\r\nSubject: Re\r\n\r\npass\r\n',
    }),
    expect: all(200),
  },
  'GET /me/vacations': { request: () => ({ method: 'GET', url: '/me/vacations' }), expect: signedIn(200) },
  'POST /me/vacations': {
    request: () => ({
      method: 'POST',
      url: '/me/vacations',
      payload: {
        startsAt: new Date(Date.now() + 86_400_000).toISOString(),
        endsAt: new Date(Date.now() + 2 * 86_400_000).toISOString(),
      },
    }),
    expect: signedIn(201),
  },
  'DELETE /me/vacations/:id': {
    request: () => ({ method: 'DELETE', url: `/me/vacations/${randomUUID()}` }),
    expect: signedIn(404),
  },
  // Clubs (test/http/clubs.test.ts has its own table, across club roles): here, no club of theirs.
  'GET /clubs': { request: () => ({ method: 'GET', url: '/clubs' }), expect: all(200) },
  'POST /clubs': {
    request: () => ({ method: 'POST', url: '/clubs', payload: { name: 'Permissions club' } }),
    expect: signedIn(201),
  },
  'GET /clubs/:id': { request: () => ({ method: 'GET', url: `/clubs/${randomUUID()}` }), expect: all(404) },
  'PATCH /clubs/:id': {
    request: () => ({ method: 'PATCH', url: `/clubs/${randomUUID()}`, payload: { name: 'x' } }),
    expect: signedIn(404),
  },
  'POST /clubs/:id/invites': {
    request: () => ({ method: 'POST', url: `/clubs/${randomUUID()}/invites`, payload: { email: 'a@example.org' } }),
    expect: signedIn(404),
  },
  'POST /clubs/:id/invites/accept': {
    request: () => ({ method: 'POST', url: `/clubs/${randomUUID()}/invites/accept`, payload: { token: 'forged' } }),
    expect: signedIn(404),
  },
  'DELETE /clubs/:id/invites/:inviteId': {
    request: () => ({ method: 'DELETE', url: `/clubs/${randomUUID()}/invites/${randomUUID()}` }),
    expect: signedIn(404),
  },
  'POST /clubs/:id/join-requests': {
    request: () => ({ method: 'POST', url: `/clubs/${randomUUID()}/join-requests`, payload: {} }),
    expect: signedIn(404),
  },
  'GET /clubs/:id/join-requests': {
    request: () => ({ method: 'GET', url: `/clubs/${randomUUID()}/join-requests` }),
    expect: signedIn(404),
  },
  'POST /clubs/:id/join-requests/:requestId/accept': {
    request: () => ({ method: 'POST', url: `/clubs/${randomUUID()}/join-requests/${randomUUID()}/accept` }),
    expect: signedIn(404),
  },
  'POST /clubs/:id/join-requests/:requestId/decline': {
    request: () => ({ method: 'POST', url: `/clubs/${randomUUID()}/join-requests/${randomUUID()}/decline` }),
    expect: signedIn(404),
  },
  'DELETE /clubs/:id/join-requests/:requestId': {
    request: () => ({ method: 'DELETE', url: `/clubs/${randomUUID()}/join-requests/${randomUUID()}` }),
    expect: signedIn(404),
  },
  'PATCH /clubs/:id/members/:userId': {
    request: () => ({
      method: 'PATCH',
      url: `/clubs/${randomUUID()}/members/${randomUUID()}`,
      payload: { role: 'member' },
    }),
    expect: signedIn(404),
  },
  'DELETE /clubs/:id/members/:userId': {
    request: () => ({ method: 'DELETE', url: `/clubs/${randomUUID()}/members/${randomUUID()}` }),
    expect: signedIn(404),
  },
  // Seasons (docs/leagues.md) on a club and a season that do not exist; test/http/seasons.test.ts checks roles.
  'POST /clubs/:id/seasons': {
    request: () => ({
      method: 'POST',
      url: `/clubs/${randomUUID()}/seasons`,
      payload: { name: 'Autumn', ruleset: 'abaoaqu', scenarios: ['A-S1'], format: 'single' },
    }),
    expect: signedIn(404),
  },
  'GET /clubs/:id/seasons': {
    request: () => ({ method: 'GET', url: `/clubs/${randomUUID()}/seasons` }),
    expect: all(404),
  },
  'GET /seasons/:id': { request: () => ({ method: 'GET', url: `/seasons/${randomUUID()}` }), expect: all(404) },
  'PATCH /seasons/:id': {
    request: () => ({ method: 'PATCH', url: `/seasons/${randomUUID()}`, payload: { name: 'Spring' } }),
    expect: signedIn(404),
  },
  'POST /seasons/:id/entries': {
    request: () => ({ method: 'POST', url: `/seasons/${randomUUID()}/entries`, payload: {} }),
    expect: signedIn(404),
  },
  'DELETE /seasons/:id/entries/me': {
    request: () => ({ method: 'DELETE', url: `/seasons/${randomUUID()}/entries/me` }),
    expect: signedIn(404),
  },
  'PATCH /seasons/:id/entries/:entryId': {
    request: () => ({
      method: 'PATCH',
      url: `/seasons/${randomUUID()}/entries/${randomUUID()}`,
      payload: { division: 'Main' },
    }),
    expect: signedIn(404),
  },
  'POST /seasons/:id/start': {
    request: () => ({ method: 'POST', url: `/seasons/${randomUUID()}/start` }),
    expect: signedIn(404),
  },
  // A campaign's team acts only by its own player (test/leagues/campaign-e2e.test.ts: 403 for another).
  'POST /seasons/:id/teams/:entrant/actions': {
    request: () => ({
      method: 'POST',
      url: `/seasons/${randomUUID()}/teams/${randomUUID()}/actions`,
      payload: { done: true },
    }),
    expect: signedIn(404),
  },
  'POST /me/calendar-token': {
    request: () => ({ method: 'POST', url: '/me/calendar-token' }),
    expect: signedIn(200),
  },
  'DELETE /me/calendar-token': {
    request: () => ({ method: 'DELETE', url: '/me/calendar-token' }),
    expect: signedIn(204),
  },
  // Opened by its private token alone: without one (or with a wrong one), no one gets it.
  'GET /me/deadlines.ics': {
    request: () => ({ method: 'GET', url: '/me/deadlines.ics?token=not-a-token' }),
    expect: all(404),
  },
  // The mail catcher: this machine only (loopback, no proxy), whoever asks; never in production.
  'GET /dev/mail': { request: () => ({ method: 'GET', url: '/dev/mail' }), expect: all(200) },
  'GET /dev/mail.json': { request: () => ({ method: 'GET', url: '/dev/mail.json' }), expect: all(200) },
  'GET /dev/mail/:id': { request: () => ({ method: 'GET', url: '/dev/mail/999999' }), expect: all(404) },
  'GET /dev/mail/:id/raw': { request: () => ({ method: 'GET', url: '/dev/mail/999999/raw' }), expect: all(404) },
  'GET /dev/mail/:id/cid/:cid': {
    request: () => ({ method: 'GET', url: '/dev/mail/999999/cid/map' }),
    expect: all(404),
  },
}

beforeAll(async () => {
  h = await startApp()
  const [stranger, a, b, moderator] = await Promise.all([
    register(h.app, 'Stranger'),
    register(h.app, 'PlayerA'),
    register(h.app, 'PlayerB'),
    register(h.app, 'Moderator'),
  ])
  await h.t.sql(`UPDATE "User" SET role = 'MODERATOR' WHERE id = $1`, [moderator!.id])
  const login = async (u: User) =>
    (
      await h.app.inject({
        method: 'POST',
        url: '/auth/login',
        payload: { email: u.email, password: 'correct horse battery' },
      })
    ).json()
  const m = await login(moderator!)
  Object.assign(people, { stranger, opponent: b, seat: a, moderator: { ...moderator!, token: m.accessToken } })
  refresh = {}
  for (const role of ['stranger', 'opponent', 'seat', 'moderator'] as const)
    refresh[role] = (await login(people[role])).refreshToken
})
afterAll(async () => h?.close())

describe('the permissions table', () => {
  it('has an entry for every route the app registers, and none for a route that is gone', () => {
    const routes = h.app.routeList.map((r) => `${r.method} ${r.url}`)
    expect(routes.filter((r) => !(r in TABLE))).toEqual([])
    expect(Object.keys(TABLE).filter((r) => !routes.includes(r))).toEqual([])
  })

  it('every route answers each kind of caller as the table says', async () => {
    const shared = await privateGame(people.seat, people.opponent)
    const seen: Record<string, Record<Role, number>> = {}
    const wrong: string[] = []
    for (const [route, row] of Object.entries(TABLE)) {
      seen[route] = {} as Record<Role, number>
      for (const role of ROLES) {
        // Refresh tokens rotate: each role's is used once, by this route only.
        const game = row.fresh ? await privateGame(people.seat, people.opponent) : shared
        const req = row.request(game.id, role)
        const user = userFor(role, row.fresh || row.game ? game : null)
        const res = await h.app.inject({ ...req, headers: as(user, (req.headers ?? {}) as Record<string, string>) })
        seen[route]![role] = res.statusCode
        if (res.statusCode !== row.expect[role])
          wrong.push(`${route} as ${role}: ${res.statusCode} (expected ${row.expect[role]}) ${res.body.slice(0, 160)}`)
      }
    }
    if (process.env.PERMISSIONS_PRINT)
      console.log(
        Object.entries(seen)
          .map(([r, s]) => `${r.padEnd(44)} ${ROLES.map((role) => `${role}=${s[role]}`).join(' ')}`)
          .join('\n'),
      )
    expect(wrong).toEqual([])
  })
})
