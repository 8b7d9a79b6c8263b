// Random legal play through the sequence (a first fuzz, before the Ruleset's own random orders): every step
// accepts what validation accepts, and the invariants hold after each step until the game ends.
import { describe, expect, it } from 'vitest'
import { createDice } from '../../../src/engine/dice.js'
import { offsetKey } from '../../../src/engine/hex/index.js'
import { pendingStep, resolveStep, validateStep } from '../../../src/rulesets/greennoa/engine/sequence.js'
import { setup } from '../../../src/rulesets/greennoa/engine/setup.js'
import type { GnOrder, GnScenario, GnState, Step } from '../../../src/rulesets/greennoa/engine/types.js'
import { liveUnits, turnLimit } from '../../../src/rulesets/greennoa/engine/units.js'
import { loadGreenNoa } from '../../../src/rulesets/greennoa/scenarios/load.js'
import { scenarioOf } from './fixture.js'

/** A small deterministic generator for the test's choices (the game's dice are the real ones). */
function chooser(seed: number) {
  let a = seed >>> 0
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0
    let t = a
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
  return {
    int: (n: number) => Math.floor(next() * n),
    pick: <T>(xs: readonly T[]) => xs[Math.floor(next() * xs.length)],
  }
}

function randomOrders(state: GnState, rnd: ReturnType<typeof chooser>): GnOrder[] {
  const pending = pendingStep(state)
  if (!pending) return []
  const orders: GnOrder[] = []
  const keep = (o: GnOrder) => {
    if (validateStep(state, pending.side, [...orders, o]).length === 0) orders.push(o)
  }
  for (const u of liveUnits(state, pending.side)) {
    if (pending.step === 'movement') {
      const forms = state.scenario.types[u.type]?.formOrder ?? []
      if (forms.length > 1 && rnd.int(4) === 0)
        keep({ kind: 'transform', unit: u.id, form: forms.find((f) => f !== u.form) ?? u.form })
      const steps: Step[] = Array.from(
        { length: rnd.int(8) },
        () => rnd.pick(['F', 'F', 'F', 'L', 'R'] as const) as Step,
      )
      if (steps.length > 0) keep({ kind: 'move', unit: u.id, steps })
    } else {
      const enemies = liveUnits(state).filter((e) => e.side !== u.side)
      const candidates = enemies.flatMap((e) => [
        { kind: 'fire' as const, unit: u.id, target: e.id },
        { kind: 'melee' as const, unit: u.id, target: e.id },
      ])
      const legal = candidates.filter((c) => validateStep(state, pending.side, [...orders, c]).length === 0)
      const chosen = rnd.pick(legal)
      if (chosen && rnd.int(5) > 0) orders.push(chosen)
    }
  }
  return orders
}

function checkInvariants(state: GnState): void {
  expect(pendingStep(state) === null).toBe(state.ended)
  const seen = new Set<string>()
  for (const u of state.units) {
    expect([0, 1, 2, 3, 4, 5]).toContain(u.facing)
    expect(u.turnsUsed).toBeLessThanOrEqual(turnLimit(state.scenario, u))
    if (u.s) expect(u.s.inning * 9 + u.s.phase).toBeLessThanOrEqual((state.inning + 1) * 9 + state.phase)
    if (u.removed) continue
    const key = `${u.side}@${offsetKey(u.hex)}`
    expect(seen.has(key)).toBe(false)
    seen.add(key)
  }
}

function play(scenario: GnScenario, seed: number, seen: string[] = []): GnState {
  const rnd = chooser(seed)
  const seedHex = seed.toString(16).padStart(64, '0')
  let seq = 0
  let state = setup(scenario, { players: 2 }, createDice(seedHex, seq++)).state
  const maxSteps = scenario.innings * 6
  for (let i = 0; i <= maxSteps && !state.ended; i++) {
    const pending = pendingStep(state)
    if (!pending) break
    const orders = randomOrders(state, rnd)
    const r = resolveStep(state, pending.side, orders, createDice(seedHex, seq++))
    seen.push(...r.events.map((e) => e.type))
    state = r.state
    checkInvariants(state)
  }
  return state
}

const skirmish = scenarioOf(
  [
    { id: 'MK2', type: 'MK2', side: 'AEUG', pilot: 'kamille', col: 1, row: 3, facing: 1 },
    { id: 'RD1', type: 'RICKDIAS', side: 'AEUG', pilot: 'apolly', col: 1, row: 6, facing: 2 },
    { id: 'HS1', type: 'HYAKUSHIKI', side: 'AEUG', pilot: 'quattro', col: 2, row: 4, facing: 1 },
    { id: 'MK1', type: 'MK2', side: 'TITANS', pilot: 'jerid', col: 9, row: 3, facing: 5 },
    { id: 'HZ1', type: 'HIZACK', side: 'TITANS', col: 9, row: 6, facing: 4 },
    { id: 'ME1', type: 'MESSALA', side: 'TITANS', pilot: 'scirocco', col: 10, row: 4, facing: 5 },
  ],
  { cols: 12, rows: 10 },
)

describe('random legal play', () => {
  const duel = loadGreenNoa()[0]?.scenario
  it.each([1, 2, 3, 4, 5, 6])('the duel GN-D1 ends, seed %i', (seed) => {
    if (!duel) throw new Error('no duel')
    expect(play(duel, seed).ended).toBe(true)
  })

  it.each([1, 2, 3, 4, 5, 6])('a six-unit skirmish ends, seed %i', (seed) => {
    expect(play({ ...skirmish, innings: 8 }, seed).ended).toBe(true)
  })

  it('the random games fire, melee, destroy and mark units', () => {
    const seen: string[] = []
    for (const seed of [1, 2, 3, 4, 5, 6]) play({ ...skirmish, innings: 8 }, seed, seen)
    for (const type of ['fire', 'melee', 'declare', 'destroyed', 'state', 's-expired', 'transform', 'game-over'])
      expect(seen, type).toContain(type)
  })
})
