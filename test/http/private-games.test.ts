// A private game answers an outsider exactly as a game that does not exist, on every game route:
// the routes are read from the OpenAPI document, so a new route without a request here fails.
import { randomUUID } from 'node:crypto'
import type { InjectOptions } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { as, register, startApp, type TestApp, type User } from './helpers.js'

let h: TestApp
let alice: User
let bob: User
let stranger: User
beforeAll(async () => {
  h = await startApp()
  ;[alice, bob, stranger] = await Promise.all([
    register(h.app, 'Alice'),
    register(h.app, 'Bob'),
    register(h.app, 'Stranger'),
  ])
})
afterAll(async () => h?.close())

/** A request each game route would act on (valid in form), so the answer depends on the game alone. */
const REQUESTS: Record<string, Omit<InjectOptions, 'url'> & { query?: string }> = {
  'GET /games/{id}': { method: 'GET' },
  'POST /games/{id}/join': { method: 'POST', payload: {} },
  'POST /games/{id}/invites': { method: 'POST', payload: { email: 'friend@example.org' } },
  'POST /games/{id}/resign': { method: 'POST' },
  'GET /games/{id}/view': { method: 'GET' },
  'GET /games/{id}/state': { method: 'GET', query: '?at=1' },
  'GET /games/{id}/options': { method: 'GET' },
  'POST /games/{id}/orders': {
    method: 'POST',
    payload: { orders: [] },
    headers: { 'idempotency-key': 'probe-1', 'if-match': '"1"' },
  },
  'POST /games/{id}/orders/preview': { method: 'POST', payload: { text: 'pass' } },
  'GET /games/{id}/map.png': { method: 'GET' },
  'GET /games/{id}/map.svg': { method: 'GET', query: '?at=1' },
  'GET /games/{id}/log': { method: 'GET', query: '?after=0' },
  'GET /games/{id}/verify': { method: 'GET' },
  'POST /games/{id}/corrections/preview': {
    method: 'POST',
    payload: { kind: 'extend-deadline', hours: 1, reason: 'probe' },
  },
  'POST /games/{id}/corrections': {
    method: 'POST',
    payload: { kind: 'extend-deadline', hours: 1, reason: 'probe' },
    headers: { 'if-match': '"1"' },
  },
  'GET /games/{id}/corrections': { method: 'GET' },
  'GET /games/{id}/moderation': { method: 'GET' },
  // {cid}: a proposal that does not exist, the same for every game.
  'POST /games/{id}/corrections/{cid}/accept': { method: 'POST' },
  'POST /games/{id}/corrections/{cid}/reject': { method: 'POST' },
  'POST /games/{id}/corrections/{cid}/withdraw': { method: 'POST' },
  'POST /games/{id}/disputes': { method: 'POST', payload: { seq: 1, text: 'probe' } },
  'GET /games/{id}/disputes': { method: 'GET' },
  'POST /games/{id}/messages': { method: 'POST', payload: { text: 'probe', to: 'all' } },
  'GET /games/{id}/messages': { method: 'GET', query: '?limit=5' },
  'POST /games/{id}/draw-offers': { method: 'POST', payload: { note: 'probe' } },
  'GET /games/{id}/draw-offers': { method: 'GET' },
  // {offerId}: a draw offer that does not exist, the same for every game.
  'POST /games/{id}/draw-offers/{offerId}/accept': { method: 'POST' },
  'POST /games/{id}/draw-offers/{offerId}/decline': { method: 'POST' },
  'POST /games/{id}/draw-offers/{offerId}/withdraw': { method: 'POST' },
}

const NO_PROPOSAL = randomUUID()

function gameRoutes(): string[] {
  const doc = h.app.swagger() as unknown as { paths: Record<string, Record<string, unknown>> }
  return Object.entries(doc.paths)
    .filter(([path]) => path.startsWith('/games/{id}'))
    .flatMap(([path, methods]) => Object.keys(methods).map((m) => `${m.toUpperCase()} ${path}`))
}

async function ask(route: string, gameId: string, user: User | null) {
  const { query = '', headers = {}, ...rest } = REQUESTS[route]!
  const url =
    route.split(' ')[1]!.replace('{id}', gameId).replace('{cid}', NO_PROPOSAL).replace('{offerId}', NO_PROPOSAL) + query
  const res = await h.app.inject({ ...rest, url, headers: as(user, headers as Record<string, string>) })
  // The answer with the id taken out: everything else must be the same for both games.
  return { status: res.statusCode, type: res.headers['content-type'], body: res.body.replaceAll(gameId, '<id>') }
}

async function createPrivate(): Promise<{ id: string; invite: string }> {
  const created = await h.app.inject({
    method: 'POST',
    url: '/games',
    headers: as(alice),
    payload: { ruleset: 'abaoaqu', scenario: 'A-S4', seat: 'FED', private: true, options: { deployment: 'auto' } },
  })
  expect(created.statusCode, created.body).toBe(201)
  return { id: created.json().id, invite: created.json().invite }
}

async function privateGames(): Promise<Record<string, string>> {
  const open = await createPrivate()
  const active = await createPrivate()
  expect(
    (
      await h.app.inject({
        method: 'POST',
        url: `/games/${active.id}/join`,
        headers: as(bob),
        payload: { invite: active.invite },
      })
    ).statusCode,
  ).toBe(200)
  const finished = await createPrivate()
  expect(
    (
      await h.app.inject({
        method: 'POST',
        url: `/games/${finished.id}/join`,
        headers: as(bob),
        payload: { invite: finished.invite },
      })
    ).statusCode,
  ).toBe(200)
  expect(
    (await h.app.inject({ method: 'POST', url: `/games/${finished.id}/resign`, headers: as(bob) })).statusCode,
  ).toBe(200)
  return { open: open.id, active: active.id, finished: finished.id }
}

describe('private games and missing games look the same to outsiders', () => {
  it('every game route has a request in this test', () => {
    const routes = gameRoutes()
    expect(routes.length).toBeGreaterThan(10)
    expect(routes.filter((r) => !(r in REQUESTS))).toEqual([])
  })

  it('a private game (open, active or over) looks missing on every route to strangers and the signed-out', async () => {
    const games = await privateGames()
    const missing = randomUUID()
    for (const route of gameRoutes()) {
      for (const user of [stranger, null]) {
        const absent = await ask(route, missing, user)
        expect([401, 404], `${route} for a missing game`).toContain(absent.status)
        for (const [state, id] of Object.entries(games)) {
          expect(
            await ask(route, id, user),
            `${route} on a private ${state} game, as ${user ? 'a stranger' : 'anonymous'}`,
          ).toEqual(absent)
        }
      }
    }
  })

  it("a page about a private game (its invite page) is a missing game's 404 page to a stranger", async () => {
    const games = await privateGames()
    const page = async (id: string, user: User) => {
      const res = await h.app.inject({
        method: 'GET',
        url: `/g/${id}/invite`,
        headers: as(user, { accept: 'text/html' }),
      })
      return { status: res.statusCode, type: res.headers['content-type'], body: res.body.replaceAll(id, '<id>') }
    }
    const absent = await page(randomUUID(), stranger)
    expect(absent.status).toBe(404)
    for (const [state, id] of Object.entries(games))
      expect(await page(id, stranger), `the invite page of a private ${state} game`).toEqual(absent)
    expect((await page(games.open!, alice)).status).toBe(200)
  })

  it('previewing orders for a game that does not exist is a 404 that says so', async () => {
    const id = randomUUID()
    const res = await h.app.inject({
      method: 'POST',
      url: `/games/${id}/orders/preview`,
      headers: as(alice),
      payload: { text: 'pass' },
    })
    expect(res.statusCode, res.body).toBe(404)
    expect(res.json().detail).toBe(`no game ${id}`)
  })

  it('the same requests reach the game for its players (so the comparison above is not vacuous)', async () => {
    const games = await privateGames()
    for (const route of gameRoutes()) {
      const answer = await ask(route, games.active!, alice)
      // A route about a proposal (or a draw offer) answers 404 for the one that does not exist, not for the game.
      if (route.includes('{cid}') || route.includes('{offerId}'))
        expect(answer.body, `${route} as a player`).toContain(NO_PROPOSAL)
      else expect(answer.status, `${route} as a player: ${answer.body}`).not.toBe(404)
    }
  })
})
