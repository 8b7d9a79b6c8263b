// Ratings over HTTP (docs/leagues.md, "Ratings"): games played through the API, ratings recomputed, then the
// leaderboard and a player's history read as anyone would read them.
import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { recomputeRatings } from '../../src/leagues/ratings.js'
import { as, register, startApp, type TestApp, type User } from './helpers.js'

let h: TestApp
let ann: User
let bob: User
let yamada: User
let idle: User

/** A casual A-S4 game between `fed` and `zeon`, started (each side has passed once). */
async function newGame(fed: User, zeon: User): Promise<string> {
  const created = await h.app.inject({
    method: 'POST',
    url: '/games',
    headers: as(fed),
    payload: { ruleset: 'abaoaqu', scenario: 'A-S4', seat: 'FED', options: { deployment: 'auto' } },
  })
  expect(created.statusCode, created.body).toBe(201)
  const { id, invite } = created.json() as { id: string; invite: string }
  const joined = await h.app.inject({
    method: 'POST',
    url: `/games/${id}/join`,
    headers: as(zeon),
    payload: { invite },
  })
  expect(joined.statusCode, joined.body).toBeLessThan(300)
  return id
}

async function resign(id: string, who: User): Promise<void> {
  const res = await h.app.inject({ method: 'POST', url: `/games/${id}/resign`, headers: as(who) })
  expect(res.statusCode, res.body).toBe(200)
}

async function agreeDraw(id: string, offers: User, accepts: User): Promise<void> {
  const offer = await h.app.inject({
    method: 'POST',
    url: `/games/${id}/draw-offers`,
    headers: as(offers),
    payload: {},
  })
  expect(offer.statusCode, offer.body).toBe(201)
  const accepted = await h.app.inject({
    method: 'POST',
    url: `/games/${id}/draw-offers/${offer.json().id}/accept`,
    headers: as(accepts),
  })
  expect(accepted.statusCode, accepted.body).toBe(200)
  expect(accepted.json().status).toBe('accepted')
}

const get = async (url: string) => {
  const res = await h.app.inject({ method: 'GET', url })
  return { status: res.statusCode, body: res.json() }
}

beforeAll(async () => {
  h = await startApp()
  ;[ann, bob, yamada, idle] = await Promise.all([
    register(h.app, 'Ann'),
    register(h.app, 'Bob'),
    register(h.app, 'Yamada'),
    register(h.app, 'Idle'),
  ])
  await h.t.sql(`UPDATE "User" SET name = '山田花子' WHERE id = $1`, [yamada.id])

  // Last week: Ann beats Bob. This week: Ann beats 山田, 山田 beats Bob, Bob and 山田 agree a draw.
  const first = await newGame(ann, bob)
  await resign(first, bob)
  await h.t.sql(`UPDATE "Game" SET "finishedAt" = "finishedAt" - interval '7 days' WHERE id = $1`, [first])
  await resign(await newGame(ann, yamada), yamada)
  await resign(await newGame(bob, yamada), bob)
  await agreeDraw(await newGame(bob, yamada), bob, yamada)
  // Not finished: not rated.
  await newGame(ann, idle)
})
afterAll(async () => h?.close())

describe('ratings over HTTP', () => {
  it('recomputed from the games played: the leaderboard, highest first; again: identical', async () => {
    expect(await recomputeRatings(h.t.db, 'abaoaqu')).toEqual({
      ruleset: 'abaoaqu',
      players: 3,
      games: 4,
      identical: false,
    })
    const board = await get('/ratings/abaoaqu')
    expect(board.status).toBe(200)
    expect(board.body.map((r: { position: number; name: string }) => [r.position, r.name])).toEqual([
      [1, 'Ann'],
      [2, '山田花子'],
      [3, 'Bob'],
    ])
    const [first, second, third] = board.body
    expect(first).toMatchObject({ userId: ann.id, games: 2, wins: 2, draws: 0, losses: 0, provisional: true })
    expect(second).toMatchObject({ userId: yamada.id, games: 3, wins: 1, draws: 1, losses: 1 })
    expect(third).toMatchObject({ userId: bob.id, games: 3, wins: 0, draws: 1, losses: 2 })
    expect(first.rating).toBeGreaterThan(1500)
    expect(third.rating).toBeLessThan(1500)
    for (const row of board.body) {
      expect(Math.round(row.rating * 10)).toBe(row.rating * 10)
      expect(JSON.stringify(row)).not.toContain('@')
      expect(Date.parse(row.lastGameAt)).not.toBeNaN()
    }

    expect(await recomputeRatings(h.t.db, 'abaoaqu')).toMatchObject({ identical: true })
    expect((await get('/ratings/abaoaqu')).body).toEqual(board.body)
  })

  it('pages with limit and offset; refuses a limit out of 1–200', async () => {
    const page = await get('/ratings/abaoaqu?limit=1&offset=1')
    expect(page.status).toBe(200)
    expect(page.body).toHaveLength(1)
    expect(page.body[0]).toMatchObject({ position: 2, name: '山田花子' })
    expect((await get('/ratings/abaoaqu?offset=3')).body).toEqual([])
    for (const bad of ['limit=0', 'limit=201', 'offset=-1', 'limit=ten']) {
      const res = await get(`/ratings/abaoaqu?${bad}`)
      expect(res.status, bad).toBe(400)
    }
  })

  it('a rule system without ratings: an empty list; an unknown one: 404 naming the known ones', async () => {
    expect(await get('/ratings/greennoa')).toEqual({ status: 200, body: [] })
    const unknown = await get('/ratings/chess')
    expect(unknown.status).toBe(404)
    expect(unknown.body.detail).toContain('chess')
    expect(unknown.body.detail).toContain('abaoaqu')
    expect(unknown.body.detail).toContain('greennoa')
  })

  it("a player's ratings with their history by week; unknown or malformed user", async () => {
    const res = await get(`/users/${ann.id}/ratings`)
    expect(res.status).toBe(200)
    expect(res.body).toMatchObject({ userId: ann.id, name: 'Ann' })
    expect(JSON.stringify(res.body)).not.toContain('@')
    const [abaoaqu] = res.body.ratings
    expect(res.body.ratings).toHaveLength(1)
    expect(abaoaqu).toMatchObject({ ruleset: 'abaoaqu', games: 2, wins: 2, draws: 0, losses: 0 })
    const history = abaoaqu.history as Array<{ period: string; rating: number; rd: number; games: number }>
    expect(history.map((p) => p.games)).toEqual([1, 1])
    for (const p of history) expect(new Date(p.period).getUTCDay()).toBe(1) // a Monday
    expect(Date.parse(history[1]!.period) - Date.parse(history[0]!.period)).toBe(7 * 86_400_000)
    expect(history[1]!.rating).toBeGreaterThan(history[0]!.rating)
    expect(history[1]!.rating).toBe(abaoaqu.rating)

    const japanese = await get(`/users/${yamada.id}/ratings`)
    expect(japanese.body.name).toBe('山田花子')
    expect(japanese.body.ratings[0].history).toHaveLength(1)
    expect(await get(`/users/${idle.id}/ratings`)).toEqual({
      status: 200,
      body: { userId: idle.id, name: 'Idle', ratings: [] },
    })
    expect((await get(`/users/${randomUUID()}/ratings`)).status).toBe(404)
    expect((await get('/users/not-a-user/ratings')).status).toBe(400)
  })
})
