// Two players play A-S4 through the HTTP API; a local engine, fed the same orders and the game's
// seed (read from the database, as only a test may), must agree with every view and the log.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createDice } from '../../src/engine/dice.js'
import type { GameEvent } from '../../src/engine/ruleset.js'
import { abaoaqu, type Order, type State } from '../../src/rulesets/abaoaqu/engine/index.js'
import { randomOrders, rng } from '../../src/rulesets/abaoaqu/engine/random-orders.js'
import { loadAbaoaquScenario } from '../../src/rulesets/abaoaqu/scenarios/index.js'
import { as, register, startApp, type TestApp, type User } from './helpers.js'

/** Standing orders alone pass a step only when the submission says so (docs/abaoaqu.md decision 18). */
const passIfOnlyStanding = (orders: Order[]) =>
  orders.length > 0 && orders.every((o) => o.kind === 'standing') ? { pass: true } : {}

let h: TestApp
let alice: User
let bob: User
beforeAll(async () => {
  h = await startApp()
  alice = await register(h.app, 'Alice')
  bob = await register(h.app, 'Bob')
})
afterAll(async () => h?.close())

/** Orders that seek contact: units move onto enemy hexes when they can, then random legal orders. */
function pushyOrders(state: State, seat: string, r: () => number): Order[] {
  const orders = randomOrders(state, seat, r)
  if (state.step !== 'attack-lead' && state.step !== 'attack-follow') return orders
  const close = abaoaqu.options(state, seat).units.flatMap((u) =>
    u.attacks
      .filter((a) => a.order.mode === 'close')
      .slice(0, 1)
      .map((a) => a.order),
  )
  const used = new Set(close.flatMap((o) => o.units))
  const rest = orders.filter((o) => o.kind !== 'attack' || o.mode !== 'close' || !o.units.some((u) => used.has(u)))
  const merged = [...close, ...rest]
  return abaoaqu.validate(state, seat, merged).length === 0 ? merged : orders
}

function unitsOf(view: { units: Array<{ id: string; at: string; hex: unknown; morale: string; face: string }> }) {
  return view.units.map((u) => ({ id: u.id, at: u.at, hex: u.hex, morale: u.morale, face: u.face }))
}

describe('two players play A-S4 through the API', () => {
  it('two or more turns of moves, shots, close combat, damage checks; views and log match the engine', async () => {
    const created = await h.app.inject({
      method: 'POST',
      url: '/games',
      headers: as(alice),
      payload: { ruleset: 'abaoaqu', scenario: 'A-S4', seat: 'FED' },
    })
    expect(created.statusCode).toBe(201)
    const gameId = created.json().id as string
    expect(created.json()).toMatchObject({
      status: 'OPEN',
      seedCommitment: null,
      seats: [
        { seat: 'FED', player: { name: 'Alice' } },
        { seat: 'ZEON', player: null },
      ],
    })

    const joined = await h.app.inject({ method: 'POST', url: `/games/${gameId}/join`, headers: as(bob), payload: {} })
    expect(joined.statusCode).toBe(200)
    expect(joined.json().game).toMatchObject({ status: 'ACTIVE', logSeq: 1 })
    expect(joined.json().game.seedCommitment).toMatch(/^[0-9a-f]{64}$/)

    // The local engine: same scenario, options and seed.
    const { seed } = await h.t.db.game.findUniqueOrThrow({ where: { id: gameId } })
    let state = abaoaqu.setup(loadAbaoaquScenario('A-S4'), { players: 2, options: {} }, createDice(seed, 1)).state
    let seq = 1
    const players: Record<string, User> = { FED: alice, ZEON: bob }
    const r = rng(2026)
    const seen = { moves: 0, shoot: 0, close: 0, damageCheck: 0 }
    const declaredLead = new Set<string>()

    while (state.step !== 'over' && (state.turn <= 2 || seen.close === 0 || seen.shoot === 0) && state.turn <= 8) {
      const [pending] = abaoaqu.pending(state)
      const summary = (await h.app.inject({ method: 'GET', url: `/games/${gameId}`, headers: as(alice) })).json()
      expect(summary.logSeq).toBe(seq)
      expect(summary.pending.map((p: { seats: string[] }) => p.seats)).toEqual([pending!.seats])
      const submissions: Record<string, Order[]> = {}
      for (const seat of pending!.seats) {
        const orders = pushyOrders(state, seat, r)
        const res = await h.app.inject({
          method: 'POST',
          url: `/games/${gameId}/orders`,
          headers: as(players[seat]!, { 'if-match': `"${seq}"` }),
          payload: { orders, ...passIfOnlyStanding(orders) },
        })
        expect(res.statusCode, res.body).toBe(200)
        submissions[seat] = orders
        seq++
        const body = res.json()
        expect(body.resolved).toBe(true)
        const local = abaoaqu.resolve(state, submissions, createDice(seed, seq + 1))
        seq++
        expect(body.seq).toBe(seq)
        expect(body.events).toEqual(JSON.parse(JSON.stringify(local.events)))
        for (const e of local.events as GameEvent[]) {
          if (e.type === 'move' || e.type === 'enter') seen.moves++
          if (e.type === 'declare' && state.step === 'attack-lead') declaredLead.add(e.attack as string)
          if (e.type === 'attack' && e.mode === 'shoot') seen.shoot++
          if (e.type === 'attack' && e.mode === 'close') seen.close++
          if (e.type === 'attack' && declaredLead.has(e.attack as string)) seen.damageCheck++
        }
        state = local.state
      }
      const view = (await h.app.inject({ method: 'GET', url: `/games/${gameId}/view`, headers: as(alice) })).json()
      expect(view.seq).toBe(seq)
      expect(unitsOf(view.view)).toEqual(unitsOf(JSON.parse(JSON.stringify(abaoaqu.view(state, 'FED')))))
      expect(view.view.turn).toBe(state.turn)
      expect(view.view.step).toBe(state.step)
    }
    expect(state.turn).toBeGreaterThan(2)
    expect(seen.moves).toBeGreaterThan(0)
    expect(seen.shoot).toBeGreaterThan(0)
    expect(seen.close).toBeGreaterThan(0)
    expect(seen.damageCheck).toBeGreaterThan(0)

    // The log replays to the same state; past positions are readable.
    const log = (await h.app.inject({ method: 'GET', url: `/games/${gameId}/log?limit=500`, headers: as(bob) })).json()
    expect(log.entries.map((e: { seq: number }) => e.seq)).toEqual(Array.from({ length: seq }, (_, i) => i + 1))
    expect(log.entries[0].kind).toBe('SETUP')
    const past = await h.app.inject({ method: 'GET', url: `/games/${gameId}/state?at=1`, headers: as(bob) })
    expect(past.statusCode).toBe(200)
    expect(past.json().view.turn).toBe(1)

    // Resigning ends the game; the seed is revealed and every roll checks out.
    const resigned = await h.app.inject({ method: 'POST', url: `/games/${gameId}/resign`, headers: as(bob) })
    expect(resigned.json().outcome).toMatchObject({ winner: 'FED' })
    const verify = (await h.app.inject({ method: 'GET', url: `/games/${gameId}/verify`, headers: as(alice) })).json()
    expect(verify).toMatchObject({
      seed,
      ok: true,
      hashChainOk: true,
      rollsOk: true,
      replayOk: true,
      commitmentOk: true,
    })
    expect(verify.rolls).toBeGreaterThan(0)
  })
})
