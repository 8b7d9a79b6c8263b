// GET /games/:id/map.png and map.svg: the map as the caller may see it, at any past entry for players,
// drawn once per position and viewer.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { as, register, startApp, type TestApp, type User } from './helpers.js'

let h: TestApp
let alice: User
let bob: User
let carol: User
beforeAll(async () => {
  h = await startApp()
  alice = await register(h.app, 'Alice')
  bob = await register(h.app, 'Bob')
  carol = await register(h.app, 'Carol')
})
afterAll(async () => h?.close())

const size = (png: Buffer) => ({ width: png.readUInt32BE(16), height: png.readUInt32BE(20) })

describe('the map', () => {
  it('PNG and SVG for players and observers of an open game, a past position for players, a chosen width', async () => {
    const created = await h.app.inject({
      method: 'POST',
      url: '/games',
      headers: as(alice),
      payload: { ruleset: 'abaoaqu', scenario: 'A-S4', seat: 'FED' },
    })
    const id = created.json().id as string
    const early = await h.app.inject({ method: 'GET', url: `/games/${id}/map.png`, headers: as(alice) })
    expect(early.statusCode).toBe(409)
    await h.app.inject({ method: 'POST', url: `/games/${id}/join`, headers: as(bob), payload: {} })
    const zeon = (await h.app.inject({ method: 'GET', url: `/games/${id}`, headers: as(bob) })).json()
    const actor = zeon.pending[0].seats[0] === 'FED' ? alice : bob
    expect(
      (
        await h.app.inject({
          method: 'POST',
          url: `/games/${id}/orders`,
          headers: as(actor),
          payload: { text: 'pass' },
        })
      ).statusCode,
    ).toBe(200)

    const png = await h.app.inject({ method: 'GET', url: `/games/${id}/map.png`, headers: as(alice) })
    expect(png.statusCode).toBe(200)
    expect(png.headers['content-type']).toBe('image/png')
    const full = size(png.rawPayload)
    expect(full.width).toBeGreaterThan(400)
    const narrow = await h.app.inject({ method: 'GET', url: `/games/${id}/map.png?width=600`, headers: as(alice) })
    expect(size(narrow.rawPayload).width).toBe(600)
    expect(size(narrow.rawPayload).height).toBe(Math.round((full.height * 600) / full.width))

    const svg = await h.app.inject({ method: 'GET', url: `/games/${id}/map.svg`, headers: as(bob) })
    expect(svg.headers['content-type']).toMatch(/^image\/svg\+xml/)
    expect(svg.body).toMatch(/^<svg /)
    expect(svg.body).toContain('A-S4')
    // The same position and viewer: the same drawing.
    expect((await h.app.inject({ method: 'GET', url: `/games/${id}/map.svg`, headers: as(bob) })).body).toBe(svg.body)

    const past = await h.app.inject({ method: 'GET', url: `/games/${id}/map.svg?at=1`, headers: as(bob) })
    expect(past.statusCode).toBe(200)
    expect(past.body).not.toBe(svg.body)
    // An observer sees the open game's map, but not its past; nonsense is refused clearly.
    expect((await h.app.inject({ method: 'GET', url: `/games/${id}/map.svg`, headers: as(carol) })).statusCode).toBe(
      200,
    )
    expect(
      (await h.app.inject({ method: 'GET', url: `/games/${id}/map.svg?at=1`, headers: as(carol) })).statusCode,
    ).toBe(403)
    expect(
      (await h.app.inject({ method: 'GET', url: `/games/${id}/map.png?at=999`, headers: as(alice) })).statusCode,
    ).toBe(404)
    expect(
      (await h.app.inject({ method: 'GET', url: `/games/${id}/map.png?width=601`, headers: as(alice) })).statusCode,
    ).toBe(400)
    // Move ranges are asked for with ranges=1 (or true); a hex map has none to draw and stays as it is.
    for (const q of ['ranges=1', 'ranges=true', 'ranges=0'])
      expect((await h.app.inject({ method: 'GET', url: `/games/${id}/map.svg?${q}`, headers: as(bob) })).body).toBe(
        svg.body,
      )
    expect(
      (await h.app.inject({ method: 'GET', url: `/games/${id}/map.png?ranges=1`, headers: as(alice) })).statusCode,
    ).toBe(200)
    expect(
      (await h.app.inject({ method: 'GET', url: `/games/${id}/map.svg?ranges=yes`, headers: as(bob) })).statusCode,
    ).toBe(400)
  })

  it("a private game's map is not shown to others", async () => {
    const created = await h.app.inject({
      method: 'POST',
      url: '/games',
      headers: as(alice),
      payload: { ruleset: 'abaoaqu', scenario: 'A-S4', private: true },
    })
    const id = created.json().id as string
    await h.app.inject({
      method: 'POST',
      url: `/games/${id}/join`,
      headers: as(bob),
      payload: { invite: created.json().invite },
    })
    expect((await h.app.inject({ method: 'GET', url: `/games/${id}/map.png`, headers: as(carol) })).statusCode).toBe(
      404,
    )
    expect((await h.app.inject({ method: 'GET', url: `/games/${id}/map.png` })).statusCode).toBe(404)
    expect((await h.app.inject({ method: 'GET', url: `/games/${id}/map.png`, headers: as(bob) })).statusCode).toBe(200)
  })
})

describe("the map through another seat's eyes (as=)", () => {
  it("a moderator of the game sees any seat's map at any entry; a player only their own; a stranger none", async () => {
    const admin = await register(h.app, 'Admin')
    await h.t.db.user.update({ where: { id: admin.id }, data: { role: 'ADMIN' } })
    const created = await h.app.inject({
      method: 'POST',
      url: '/games',
      headers: as(alice),
      payload: { ruleset: 'abaoaqu', scenario: 'A-S4', seat: 'FED', options: { deployment: 'auto' } },
    })
    const id = created.json().id as string
    await h.app.inject({ method: 'POST', url: `/games/${id}/join`, headers: as(bob), payload: {} })
    const map = (user: User, query: string) =>
      h.app.inject({ method: 'GET', url: `/games/${id}/map.svg?${query}`, headers: as(user) })

    const fed = await map(admin, 'at=1&as=FED')
    const zeon = await map(admin, 'at=1&as=ZEON')
    expect(fed.statusCode, fed.body).toBe(200)
    expect(zeon.statusCode, zeon.body).toBe(200)
    expect(fed.body).toContain('seen by Federation')
    expect(zeon.body).toContain('seen by Zeon')
    // The same picture the seat's own player gets.
    expect((await map(alice, 'at=1&as=FED')).body).toBe(fed.body)
    expect((await map(bob, 'at=1')).body).toBe(zeon.body)
    // A player sees only through their own seat; a stranger through none; an unknown seat is not found.
    expect((await map(alice, 'as=ZEON')).statusCode).toBe(403)
    expect((await map(carol, 'as=FED')).statusCode).toBe(403)
    expect((await map(admin, 'as=NOBODY')).statusCode).toBe(404)
    // A map link's key names its own seat: `as` does not go with one.
    const keyed = await map(admin, 'at=1&seat=FED&key=abc&as=ZEON')
    expect(keyed.statusCode).toBe(400)
    expect(keyed.json().errors?.[0]?.field ?? keyed.json().field).toBe('as')
  })
})
