// GREEN NOA through the API: the catalogue lists it with its three scenarios and their house-data notes,
// and a game of it starts: created, joined, the first player's movement phase pending with its words.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { as, register, startApp, type TestApp, type User } from '../../http/helpers.js'

let h: TestApp
let alice: User
let bob: User
beforeAll(async () => {
  h = await startApp()
  alice = await register(h.app, 'Alice')
  bob = await register(h.app, 'Bob')
})
afterAll(async () => h?.close())

describe('GREEN NOA in the catalogue', () => {
  it('GET /rulesets lists GREEN NOA with its three scenarios, two sides and the house-data notes', async () => {
    const res = await h.app.inject({ method: 'GET', url: '/rulesets' })
    expect(res.statusCode).toBe(200)
    const gn = res.json().rulesets.find((r: { id: string }) => r.id === 'greennoa')
    expect(gn).toMatchObject({ id: 'greennoa', title: 'GREEN NOA', version: 'greennoa-1' })
    expect(gn.options.map((o: { id: string }) => o.id)).toEqual(['literalDsDc'])
    expect(gn.scenarios.map((s: { id: string; title: string }) => [s.id, s.title])).toEqual([
      ['GN-D1', '赤い彗星と木星帰りの男 — Red Comet and the Jupiter Man'],
      ['GN-H1', 'グリーン・ノア脱出 — Green Noa Breakout'],
      ['GN-S1', 'ガンダム強奪 — The Stolen Mk-II'],
    ])
    for (const s of gn.scenarios) {
      expect(s).toMatchObject({
        players: { min: 2, max: 2 },
        sides: [
          { id: 'AEUG', name: 'AEUG エゥーゴ' },
          { id: 'TITANS', name: 'TITANS ティターンズ' },
        ],
        houseData: true,
      })
      expect(s.notes).toContainEqual(
        'GAP-GN-8: rules 7-5 and 7-6 are missing from the source; nothing is added in their place.',
      )
      expect(s.notes).toContainEqual(expect.stringMatching(/^Map, setup, length and victory points are HOUSE data/))
    }
  })

  it('a game of GN-D1 is created, joined and waits for the first player to move', async () => {
    const created = await h.app.inject({
      method: 'POST',
      url: '/games',
      headers: as(alice),
      payload: { ruleset: 'greennoa', scenario: 'GN-D1', seat: 'AEUG' },
    })
    expect(created.statusCode, created.body).toBe(201)
    const id = created.json().id as string
    const joined = await h.app.inject({ method: 'POST', url: `/games/${id}/join`, headers: as(bob), payload: {} })
    expect(joined.statusCode, joined.body).toBe(200)
    expect(joined.json().game).toMatchObject({ status: 'ACTIVE' })
    const game = (await h.app.inject({ method: 'GET', url: `/games/${id}` })).json()
    expect(game.pending).toEqual([expect.objectContaining({ step: 'movement', seats: [game.pending[0].side] })])
    expect(['AEUG', 'TITANS']).toContain(game.pending[0].side)
  })
})
