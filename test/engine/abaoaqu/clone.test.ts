// cloneState is written out by hand for speed: it must copy every nested object but the scenario.
import { describe, expect, it } from 'vitest'
import { createDice } from '../../../src/engine/dice.js'
import { cloneState } from '../../../src/rulesets/abaoaqu/engine/context.js'
import { abaoaqu, type Order, type State } from '../../../src/rulesets/abaoaqu/engine/index.js'
import { randomOrders, rng } from '../../../src/rulesets/abaoaqu/engine/random-orders.js'
import { SEED, newGame } from './harness.js'

function sharedObjects(a: unknown, b: unknown, path: string, out: string[]): void {
  if (typeof a !== 'object' || a === null) return
  if (a === b) {
    out.push(path)
    return
  }
  for (const k of Object.keys(a))
    sharedObjects((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k], `${path}.${k}`, out)
}

describe('cloneState', () => {
  it('copies a mid-game state deeply, sharing only the scenario', () => {
    const r = rng(9)
    let state: State = newGame('A-S1')
    for (let i = 0; i < 12 && state.step !== 'over'; i++) {
      const submissions: Record<string, Order[]> = {}
      for (const seat of abaoaqu.pending(state)[0]!.seats) submissions[seat] = randomOrders(state, seat, r, submissions)
      state = abaoaqu.resolve(state, submissions, createDice(SEED, i + 1)).state
    }
    state.declared.push({
      id: 'A99',
      side: 'FED',
      seat: 'FED',
      mode: 'shoot',
      attackers: ['GM1'],
      targetHex: [1, 1],
      targets: ['ZK1'],
      attack: 1,
      defence: 1,
      base: 0,
      attackerShift: 0,
      defenderMax: 0,
      defenderPenalty: 0,
      defenderRanks: null,
    })
    state.bd.push({ hex: [2, 2], turn: 1 })
    state.outcome = { winner: null, reason: 'test', ref: 'x' }
    const { scenario, ...rest } = state
    const copy = cloneState(state)
    const { scenario: copiedScenario, ...copyRest } = copy
    expect(copiedScenario).toBe(scenario)
    expect(copyRest).toEqual(structuredClone(rest))
    const shared: string[] = []
    sharedObjects(rest, copyRest, 'state', shared)
    expect(shared).toEqual([])
  })
})
