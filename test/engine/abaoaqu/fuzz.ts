// A fuzzer: random legal orders taken from options() until victory or the turn limit, with the
// invariants checked after every step.
import { isDeepStrictEqual } from 'node:util'
import { expect } from 'vitest'
import { createDice, type DieRoll } from '../../../src/engine/dice.js'
import type { GameEvent } from '../../../src/engine/ruleset.js'
import { distance, inZone } from '../../../src/rulesets/abaoaqu/engine/geometry.js'
import { abaoaqu, type Order, type State } from '../../../src/rulesets/abaoaqu/engine/index.js'
import { randomOrders, rng } from '../../../src/rulesets/abaoaqu/engine/random-orders.js'
import type { Hex } from '../../../src/rulesets/abaoaqu/engine/types.js'
import { stackClass } from '../../../src/rulesets/abaoaqu/engine/units.js'
import { readOrders } from '../../../src/games/order-check.js'
import { loadAbaoaquScenario } from '../../../src/rulesets/abaoaqu/scenarios/index.js'

const key = (h: Hex) => `${h[0]},${h[1]}`

// The checks below run for every unit after every step of thousands of games, and a call of vitest's expect
// costs far more than the check itself (two thirds of a fuzz file's time went to expect). So each test is made
// plainly first, and expect is called only when that test fails: expect still decides, and says why.
const MORALE = ['N', 'C', 'D']
const FACES = ['front', 'back']

export function checkInvariants(state: State, events: GameEvent[]): void {
  const map = state.scenario.map
  const counts = new Map<string, number>()
  for (const u of state.units) {
    if (!MORALE.includes(u.morale)) expect(MORALE).toContain(u.morale)
    if (!FACES.includes(u.face)) expect(FACES).toContain(u.face)
    if (u.at === 'map') {
      if (u.hex === null) expect(u.hex, `${u.id} on the map has a hex`).not.toBeNull()
      const onMap = u.hex![0] >= 0 && u.hex![0] < map.cols && u.hex![1] >= 0 && u.hex![1] < map.rows
      if (!onMap) expect(onMap, `${u.id} at ${u.hex} is on the map`).toBe(true)
      const k = `${u.side}|${key(u.hex!)}|${stackClass(state, u)}`
      counts.set(k, (counts.get(k) ?? 0) + 1)
    }
    if (u.at === 'reserve' && u.hex !== null) expect(u.hex).toBeNull()
  }
  for (const [k, n] of counts) {
    const most = k.endsWith('SHIP') ? 2 : 4
    if (!(n <= most)) expect(n, `stack ${k}`).toBeLessThanOrEqual(most)
  }
  const attacks = new Map<string, number>()
  for (const e of events) {
    if (e.type === 'move' || e.type === 'enter') {
      const u = state.units.find((x) => x.id === e.unit)!
      const mp = state.scenario.unitTypes[u.type]!.faces.front.mp
      if (e.type === 'move') {
        const d = distance(e.from as Hex, e.to as Hex)
        if (!(d <= mp)) expect(d, `${u.id} moved within its MP`).toBeLessThanOrEqual(mp)
      }
    }
    if (e.type === 'declare' && e.mode !== 'sm') {
      for (const id of e.attackers as string[]) {
        const k = `${e.turn}|${e.half}|${id}|${e.mode}`
        attacks.set(k, (attacks.get(k) ?? 0) + 1)
        if (attacks.get(k) !== 1) expect(attacks.get(k), `${id} makes one ${e.mode} attack per phase`).toBe(1)
      }
    }
  }
  if (state.step !== 'over') {
    const pending = abaoaqu.pending(state)
    const seats = pending.flatMap((p) => p.seats)
    if (!(seats.length > 0)) expect(seats.length, 'a pending step has someone to act').toBeGreaterThan(0)
    for (const seat of seats) {
      const errors = abaoaqu.validate(state, seat, [])
      if (errors.length !== 0) expect(errors).toEqual([])
    }
  }
  for (const rule of state.scenario.victory) {
    if (rule.type === 'occupy' && state.outcome?.ref === rule.ref && state.outcome.winner === rule.side) {
      const on = state.units.filter(
        (u) => u.side === rule.side && u.at === 'map' && inZone(map, { tag: rule.zoneTag }, u.hex!),
      ).length
      if (!(on >= rule.count)) expect(on).toBeGreaterThanOrEqual(rule.count)
    }
  }
}

export interface FuzzResult {
  state: State
  steps: number
  rolls: DieRoll[]
  seed: string
}

/** Plays one game to its end. `seq` numbers the resolutions as the log would. */
export function playRandomGame(scenarioId: string, seed: number, players = 2): FuzzResult {
  const r = rng(seed)
  const scenario = loadAbaoaquScenario(scenarioId)
  const gameSeed = seed.toString(16).padStart(64, '0')
  let seq = 0
  const setup = abaoaqu.setup(
    scenario,
    { players, options: { deployment: r() < 0.5 ? 'auto' : 'players' } },
    createDice(gameSeed, seq++),
  )
  let state = setup.state
  let steps = 0
  const rolls: DieRoll[] = [...setup.rolls]
  const limit = 2000
  while (state.step !== 'over' && steps < limit) {
    const [p] = abaoaqu.pending(state)
    const submissions: Record<string, Order[]> = {}
    for (const seat of p!.seats) {
      const orders = randomOrders(state, seat, r, submissions)
      const errors = abaoaqu.validate(state, seat, orders, submissions)
      if (errors.length !== 0)
        expect(errors, `turn ${state.turn} ${state.step} ${seat}: ${JSON.stringify(orders)}`).toEqual([])
      // Every legal submission passes the JSON order schema and is already in normal form.
      const read = readOrders(abaoaqu, orders)
      if (!isDeepStrictEqual(read, { ok: true, orders }))
        expect(read, `schema: ${JSON.stringify(orders)}`).toEqual({ ok: true, orders })
      submissions[seat] = orders
    }
    const res = abaoaqu.resolve(state, submissions, createDice(gameSeed, seq++))
    rolls.push(...res.rolls)
    state = res.state
    checkInvariants(state, res.events)
    steps++
  }
  expect(state.step, 'the game ends').toBe('over')
  expect(state.outcome).not.toBeNull()
  return { state, steps, rolls, seed: gameSeed }
}

/**
 * Games a fuzz file plays: 20 in `npm test` (a short run per scenario), more with FUZZ_GAMES
 * (`npm run fuzz:long` plays 200 of every scenario and prints the endings).
 */
export const FUZZ_GAMES = Math.max(1, Number(process.env.FUZZ_GAMES ?? 20) || 20)
