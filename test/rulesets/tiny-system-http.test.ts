// The contract's proof, over HTTP: Hex Race (test/support/tiny-system/), a rule system the server has
// never heard of, is registered in this process and played to the end through the API: catalogue,
// create, join, orders as text, refusals, the turn kept in the log, the outcome, /verify; and, having
// no map, its map routes answer 404 instead of failing.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { registerHexRace } from '../support/tiny-system/index.js'
import { as, register, startApp, type TestApp, type User } from '../http/helpers.js'

let h: TestApp
let alice: User
let bob: User
beforeAll(async () => {
  registerHexRace()
  h = await startApp()
  alice = await register(h.app, 'Alice')
  bob = await register(h.app, 'Bob')
})
afterAll(async () => h?.close())

function orders(gameId: string, user: User, text: string) {
  return h.app.inject({
    method: 'POST',
    url: `/games/${gameId}/orders`,
    headers: as(user, { 'content-type': 'text/plain' }),
    payload: text,
  })
}

describe('a rule system registered at runtime plays a whole game through the API', () => {
  it('Hex Race: Red runs 2, Blue runs 2, Red runs 2 and reaches the goal first', async () => {
    const catalogue = (await h.app.inject({ method: 'GET', url: '/rulesets' })).json()
    const race = catalogue.rulesets.find((r: { id: string }) => r.id === 'hexrace')
    expect(race).toMatchObject({ title: 'Hex Race', version: 'hexrace-1', options: [] })
    expect(race.scenarios).toEqual([
      expect.objectContaining({ id: 'R-S1', title: 'Sprint to the well', players: { min: 2, max: 2 } }),
    ])
    // The built-in system is still there.
    expect(catalogue.rulesets.length).toBeGreaterThan(1)

    const created = await h.app.inject({
      method: 'POST',
      url: '/games',
      headers: as(alice),
      payload: { ruleset: 'hexrace', scenario: 'R-S1', seat: 'RED' },
    })
    expect(created.statusCode, created.body).toBe(201)
    const gameId = created.json().id as string
    const joined = await h.app.inject({ method: 'POST', url: `/games/${gameId}/join`, headers: as(bob), payload: {} })
    expect(joined.statusCode, joined.body).toBe(200)
    expect(joined.json().game).toMatchObject({ status: 'ACTIVE', logSeq: 1 })

    const game = (await h.app.inject({ method: 'GET', url: `/games/${gameId}` })).json()
    expect(game.pending).toEqual([expect.objectContaining({ side: 'RED', step: 'run', seats: ['RED'] })])
    const options = (await h.app.inject({ method: 'GET', url: `/games/${gameId}/options`, headers: as(alice) })).json()
    expect(options.options.runs).toEqual([
      { hexes: 1, to: 1, text: 'run 1' },
      { hexes: 2, to: 2, text: 'run 2' },
    ])

    // Blue out of turn: refused with the server's own rule, nothing written.
    const early = await orders(gameId, bob, 'run 1')
    expect(early.statusCode).toBe(422)
    expect(early.json().errors).toEqual([{ rule: 'STEP', message: 'not your step', key: 'server.step', params: {} }])

    const first = await orders(gameId, alice, 'run 2  # as far as I can')
    expect(first.statusCode, first.body).toBe(200)
    expect(first.json()).toMatchObject({ seat: 'RED', accepted: true, resolved: true, seq: 3 })
    expect(first.json().events).toEqual([{ type: 'run', ref: 'R-1', side: 'RED', from: 0, to: 2 }])

    // Blue's bad orders: a line the notation cannot read, and a run too long for the rules.
    const unreadable = await orders(gameId, bob, 'sprint 2')
    expect(unreadable.statusCode).toBe(422)
    expect(unreadable.json().errors).toEqual([
      { rule: 'R-1', line: 1, message: 'line 1: expected "run <hexes>" or "pass"' },
    ])
    const tooFar = await orders(gameId, bob, 'run 3')
    expect(tooFar.statusCode).toBe(422)
    expect(tooFar.json().errors).toEqual([{ rule: 'R-1', message: 'a runner runs 1 to 2 hexes', order: 0, line: 1 }])

    const second = await orders(gameId, bob, 'run 2')
    expect(second.statusCode, second.body).toBe(200)
    expect(second.json().events).toEqual([
      { type: 'run', ref: 'R-1', side: 'BLUE', from: 0, to: 2 },
      { type: 'turn', ref: 'R-3', turn: 2 },
    ])

    const last = await orders(gameId, alice, 'run 2')
    expect(last.statusCode, last.body).toBe(200)
    expect(last.json()).toMatchObject({
      resolved: true,
      pending: [],
      outcome: { winner: 'RED', reason: 'reached the goal first', ref: 'R-2' },
    })

    const over = (await h.app.inject({ method: 'GET', url: `/games/${gameId}` })).json()
    expect(over).toMatchObject({ status: 'FINISHED', outcome: { winner: 'RED' }, logSeq: 7 })
    const view = (await h.app.inject({ method: 'GET', url: `/games/${gameId}/view`, headers: as(bob) })).json()
    expect(view.view).toMatchObject({
      system: 'hexrace',
      viewer: 'BLUE',
      turn: 2,
      runners: [
        { side: 'RED', at: 4 },
        { side: 'BLUE', at: 2 },
      ],
    })

    // The log keeps each order with its step and the turn the system says it was (Ruleset.turnOf).
    const log = (await h.app.inject({ method: 'GET', url: `/games/${gameId}/log`, headers: as(bob) })).json()
    expect(log.entries.map((e: { kind: string }) => e.kind)).toEqual([
      'SETUP',
      'ORDERS',
      'RESOLUTION',
      'ORDERS',
      'RESOLUTION',
      'ORDERS',
      'RESOLUTION',
    ])
    const turns = log.entries
      .filter((e: { kind: string }) => e.kind === 'ORDERS')
      .map((e: { seat: string; payload: { step: string; turn: number; orders: unknown } }) => [
        e.seat,
        e.payload.step,
        e.payload.turn,
        e.payload.orders,
      ])
    expect(turns).toEqual([
      ['RED', 'run', 1, [{ kind: 'run', hexes: 2 }]],
      ['BLUE', 'run', 1, [{ kind: 'run', hexes: 2 }]],
      ['RED', 'run', 2, [{ kind: 'run', hexes: 2 }]],
    ])

    const verify = (await h.app.inject({ method: 'GET', url: `/games/${gameId}/verify`, headers: as(alice) })).json()
    expect(verify).toMatchObject({ ok: true, hashChainOk: true, replayOk: true, commitmentOk: true })

    // No map hook: the map routes say so with a problem, for the PNG and the SVG alike.
    for (const url of [`/games/${gameId}/map.png`, `/games/${gameId}/map.svg`]) {
      const map = await h.app.inject({ method: 'GET', url, headers: as(alice) })
      expect(map.statusCode, url).toBe(404)
      expect(map.headers['content-type']).toMatch(/^application\/problem\+json/)
      expect(map.json().detail).toBe("this game's rule system (hexrace) draws no map")
    }
  })
})
