// GREEN NOA through the Ruleset alone: random legal games from the options (the fuzzer's player) to the end,
// with invariants after every step, determinism, and bad input that never makes validate or parseOrders throw.
import { describe, expect, it } from 'vitest'
import { createDice } from '../../../src/engine/dice.js'
import { offsetKey } from '../../../src/engine/hex/index.js'
import type { GameEvent } from '../../../src/engine/ruleset.js'
import { greennoa } from '../../../src/rulesets/greennoa/engine/index.js'
import { randomOrders, rng } from '../../../src/rulesets/greennoa/engine/random-orders.js'
import type { GnOrder, GnState, Step } from '../../../src/rulesets/greennoa/engine/types.js'
import { turnLimit } from '../../../src/rulesets/greennoa/engine/units.js'
import { loadGreenNoa } from '../../../src/rulesets/greennoa/scenarios/load.js'

const FACINGS = [0, 1, 2, 3, 4, 5]
const scenarios = new Map(loadGreenNoa().map((e) => [e.scenario.id, e.scenario]))

// The checks here run for every option, or every unit, after every step: each is made plainly first, and expect
// (which costs far more than the check) is called only when it fails, to decide and say why.

/** validate's answer, which must be no errors. */
function expectValid(errors: unknown[]): void {
  if (errors.length !== 0) expect(errors).toEqual([])
}

/** Every option of the seat validates on its own: each move (and each move after a form change), each attack. */
function expectEveryOptionValid(state: GnState, seat: string): void {
  const opts = greennoa.options(state, seat)
  const steps = (program: string) => [...program] as Step[]
  for (const u of opts.units) {
    for (const m of u.moves)
      expectValid(greennoa.validate(state, seat, [{ kind: 'move', unit: u.unit, steps: steps(m.steps) }]))
    for (const f of u.formMoves) {
      const change: GnOrder = { kind: 'transform', unit: u.unit, form: f.form }
      expectValid(greennoa.validate(state, seat, [change]))
      for (const m of f.moves)
        expectValid(greennoa.validate(state, seat, [change, { kind: 'move', unit: u.unit, steps: steps(m.steps) }]))
    }
  }
  for (const a of opts.attacks)
    expectValid(greennoa.validate(state, seat, [{ kind: a.kind, unit: a.unit, target: a.target }]))
}

/** GN-3-2 [R]: a seat is asked only when it has a choice: a move or form change, or a fire (melee is compulsory). */
function expectSomethingToDecide(state: GnState, seat: string): void {
  const opts = greennoa.options(state, seat)
  const choices =
    opts.units.filter((u) => u.moves.length > 0 || u.forms.length > 0).length +
    opts.attacks.filter((a) => !a.compulsory).length
  if (!(choices > 0))
    expect(
      choices,
      `${seat} asked in phase ${state.phase} of inning ${state.inning} with nothing to decide`,
    ).toBeGreaterThan(0)
}

function play(id: string, seed: number, checkOptions = false): { state: GnState; events: GameEvent[]; steps: number } {
  const scenario = scenarios.get(id)
  if (!scenario) throw new Error(`${id} missing`)
  const seedHex = seed.toString(16).padStart(64, '0')
  const r = rng(seed)
  const first = greennoa.setup(scenario, { players: 2 }, createDice(seedHex, 0))
  let state = first.state
  const events = [...first.events]
  let steps = 0
  for (;;) {
    const pending = greennoa.pending(state)
    if (pending.length === 0) break
    const seat = pending[0]?.seats[0] ?? ''
    expectSomethingToDecide(state, seat)
    if (checkOptions) expectEveryOptionValid(state, seat)
    const orders = randomOrders(state, seat, r)
    expectValid(greennoa.validate(state, seat, orders))
    const before = JSON.stringify(state)
    const res = greennoa.resolve(state, { [seat]: orders }, createDice(seedHex, ++steps))
    const after = JSON.stringify(state)
    if (after !== before) expect(after).toBe(before)
    state = res.state
    events.push(...res.events)
    for (const u of state.units) {
      if (!FACINGS.includes(u.facing)) expect(FACINGS).toContain(u.facing)
      const limit = turnLimit(state.scenario, u)
      if (!(u.turnsUsed <= limit)) expect(u.turnsUsed).toBeLessThanOrEqual(limit)
      const onMap = u.removed || (u.hex.col >= 0 && u.hex.row >= 0 && u.hex.col < state.scenario.map.cols)
      if (!onMap) expect(onMap).toBe(true)
    }
    for (const side of ['AEUG', 'TITANS'] as const) {
      const hexes = state.units.filter((u) => !u.removed && u.side === side).map((u) => offsetKey(u.hex))
      const distinct = new Set(hexes).size
      if (distinct !== hexes.length) expect(distinct).toBe(hexes.length)
    }
    const undecided = greennoa.outcome(state) === null
    const asked = greennoa.pending(state).length > 0
    if (undecided !== asked) expect(undecided).toBe(asked)
    if (steps > 2000) throw new Error('the game does not end')
  }
  return { state, events, steps }
}

describe('GREEN NOA random games through the Ruleset', () => {
  it.each([
    ['GN-D1', 1],
    ['GN-D1', 2],
    ['GN-S1', 3],
    ['GN-S1', 4],
    ['GN-H1', 5],
    ['GN-H1', 6],
  ])('%s, seed %i, ends with an outcome and replays the same', (id, seed) => {
    const a = play(id, seed, true)
    expect(greennoa.outcome(a.state)).not.toBeNull()
    expect(a.events.some((e) => e.type === 'fire' || e.type === 'melee')).toBe(true)
    for (const e of a.events.filter((x) => x.type === 'pass'))
      expect(e).toMatchObject({ ref: 'GN-3-2', reason: 'nothing to decide' })
    const b = play(id, seed)
    expect(JSON.stringify(b.events)).toBe(JSON.stringify(a.events))
    expect(JSON.stringify(b.state)).toBe(JSON.stringify(a.state))
  })
})

it('the random games pass idle steps by themselves (GN-3-2)', () => {
  const passes = (['GN-D1', 'GN-S1', 'GN-H1'] as const).flatMap((id, i) =>
    play(id, i + 1).events.filter((e) => e.type === 'pass'),
  )
  expect(passes.length).toBeGreaterThan(0)
})

describe('GREEN NOA bad input', () => {
  const scenario = scenarios.get('GN-S1')
  if (!scenario) throw new Error('GN-S1 missing')
  const state = greennoa.setup(scenario, { players: 2 }, createDice('ab'.repeat(32), 0)).state

  it('validate never throws on orders that match the schema, and every error cites a rule', () => {
    const r = rng(99)
    const ids = ['MK1', 'MK2', 'RD1', 'HZ1', 'MR1', 'XX9']
    const pick = <T>(xs: readonly T[]): T => xs[Math.floor(r() * xs.length)] as T
    const before = JSON.stringify(state)
    for (let i = 0; i < 400; i++) {
      const orders: GnOrder[] = Array.from({ length: 1 + Math.floor(r() * 4) }, () => {
        const kind = pick(['transform', 'move', 'remove', 'fire', 'melee'] as const)
        const unit = pick(ids)
        if (kind === 'transform') return { kind, unit, form: pick(['normal', 'ma', 'launcher', 'x']) }
        if (kind === 'move')
          return {
            kind,
            unit,
            steps: Array.from({ length: 1 + Math.floor(r() * 14) }, () => pick<Step>(['F', 'L', 'R'])),
          }
        if (kind === 'remove') return { kind, unit }
        return { kind, unit, target: pick(ids) }
      })
      for (const seat of ['AEUG', 'TITANS', 'X']) {
        const errors = greennoa.validate(state, seat, orders)
        for (const e of errors) expect(e.rule).toMatch(/^(GN-|GAP-|AMB-)/)
      }
    }
    expect(JSON.stringify(state)).toBe(before)
  })

  it('parseOrders never throws on any text', () => {
    const r = rng(7)
    const words = ['MK2', '百式', 'move', 'fire', 'melee', 'form', 'remove', 'pass', 'FRF', '#', 'ｘ', '\n', '', 'ms']
    for (let i = 0; i < 300; i++) {
      const text = Array.from({ length: Math.floor(r() * 12) }, () => words[Math.floor(r() * words.length)]).join(' ')
      const parsed = greennoa.parseOrders(text, state, 'AEUG')
      if (!parsed.ok) for (const e of parsed.errors) expect(typeof e.line).toBe('number')
    }
  })
})
