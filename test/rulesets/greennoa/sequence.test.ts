// GN-3-2 sequence of play: the two resolution timings (③ declared and resolved in ⑤, ④ at once), the
// simultaneous damage, S expiry at the end of every phase (AMB-GN-6), the next inning, the end and victory.
import { describe, expect, it } from 'vitest'
import { scriptedDice } from '../../../src/engine/dice.js'
import {
  outcome,
  pendingStep,
  resolveStep,
  validateStep,
  victoryPoints,
} from '../../../src/rulesets/greennoa/engine/sequence.js'
import type { GnOrder, GnState, Side, Unit } from '../../../src/rulesets/greennoa/engine/types.js'
import { greennoa } from '../../../src/rulesets/greennoa/engine/index.js'
import { stateOf, type Placed } from './fixture.js'

const unit = (state: GnState, id: string): Unit => {
  const u = state.units.find((x) => x.id === id)
  if (!u) throw new Error(`no unit ${id}`)
  return u
}
const step = (state: GnState, side: Side, orders: GnOrder[] = [], faces: number[] = []) =>
  resolveStep(state, side, orders, scriptedDice(faces))

// MK1 and HZ1 face each other two hexes apart: MK1's diff 10 − 2 − 3 = 5, HZ1's 8 − 2 − 4 = 2.
const facing: Placed[] = [
  { id: 'MK1', type: 'MK2', side: 'AEUG', col: 5, row: 5, facing: 0 },
  { id: 'HZ1', type: 'HIZACK', side: 'TITANS', col: 5, row: 3, facing: 3 },
]

describe('GN-3-2 the two resolution timings', () => {
  it('③ declares with no dice; ④ resolves at once; ⑤ resolves ③ — a unit destroyed in ③ still fires in ④', () => {
    let s = stateOf([
      ...facing,
      { id: 'NE1', type: 'NEMO', side: 'AEUG', col: 0, row: 0, facing: 2 },
      { id: 'GM1', type: 'GM2', side: 'TITANS', col: 11, row: 9, facing: 5 },
    ])
    expect(pendingStep(s)).toEqual({ side: 'AEUG', step: 'movement', phase: 2 })
    s = step(s, 'AEUG').state
    expect(pendingStep(s)).toEqual({ side: 'AEUG', step: 'declare', phase: 3 })
    const declared = step(s, 'AEUG', [{ kind: 'fire', unit: 'MK1', target: 'HZ1' }])
    expect(declared.rolls).toEqual([])
    s = declared.state
    expect(s.declared).toEqual([{ kind: 'fire', unit: 'MK1', target: 'HZ1', diff: 5, compulsory: false }])
    expect(pendingStep(s)).toEqual({ side: 'TITANS', step: 'attack', phase: 4 })
    // ④: HZ1 rolls 12 → E on MK1 at once; ⑤: MK1's declared fire still resolves, 12 → E on HZ1.
    const r = step(s, 'TITANS', [{ kind: 'fire', unit: 'HZ1', target: 'MK1' }], [6, 6, 6, 6])
    const kinds = r.events.filter((e) => ['fire', 'destroyed', 'damage-confirmation'].includes(e.type))
    expect(kinds.map((e) => [e.type, e.unit ?? e.phase])).toEqual([
      ['fire', 'HZ1'],
      ['destroyed', 'MK1'],
      ['damage-confirmation', 5],
      ['fire', 'MK1'],
      ['destroyed', 'HZ1'],
    ])
    expect(r.rolls.map((x) => x.ref)).toEqual(['GN-7-3', 'GN-7-3', 'GN-7-3', 'GN-7-3'])
    expect(r.state.declared).toEqual([])
    expect(r.state.phase).toBe(6)
    expect(pendingStep(r.state)).toEqual({ side: 'TITANS', step: 'movement', phase: 6 })
  })

  it('the ⑥–⑨ half swaps the roles: ⑦ second player declares, ⑧ first player at once, ⑨ resolves ⑦', () => {
    let s = step(step(step(stateOf(facing), 'AEUG').state, 'AEUG').state, 'TITANS').state
    s = step(s, 'TITANS').state
    expect(pendingStep(s)).toEqual({ side: 'TITANS', step: 'declare', phase: 7 })
    s = step(s, 'TITANS', [{ kind: 'fire', unit: 'HZ1', target: 'MK1' }]).state
    expect(pendingStep(s)).toEqual({ side: 'AEUG', step: 'attack', phase: 8 })
    // ⑧ MK1 rolls 2 (no effect); ⑨ HZ1's fire rolls 9 → M on MK1; then inning 2's initiative, Titans first.
    const r = step(s, 'AEUG', [{ kind: 'fire', unit: 'MK1', target: 'HZ1' }], [1, 1, 4, 5, 2, 5])
    expect(unit(r.state, 'MK1').m).toBe(true)
    expect(r.state).toMatchObject({ inning: 2, phase: 2, first: 'TITANS' })
    expect(r.events).toContainEqual(expect.objectContaining({ type: 'initiative', inning: 2, first: 'TITANS' }))
  })

  it('refuses orders out of turn or of the wrong kind (GN-3-2)', () => {
    const s = stateOf(facing)
    expect(validateStep(s, 'TITANS', [{ kind: 'move', unit: 'HZ1', steps: ['F'] }]).map((e) => e.rule)).toEqual([
      'GN-3-2',
    ])
    expect(validateStep(s, 'AEUG', [{ kind: 'fire', unit: 'MK1', target: 'HZ1' }]).map((e) => e.rule)).toEqual([
      'GN-3-2',
    ])
    const combat = step(s, 'AEUG').state
    expect(validateStep(combat, 'AEUG', [{ kind: 'move', unit: 'MK1', steps: ['F'] }]).map((e) => e.rule)).toEqual([
      'GN-3-2',
    ])
    expect(() => step(combat, 'TITANS')).toThrow(/GN-3-2/)
  })
})

describe('AMB-GN-6 S expiry', () => {
  it('TV-GN-14: S given to a P2 unit in ⑤ of inning 4 holds until the end of ⑤ of inning 5', () => {
    let s = stateOf(facing)
    s.scenario.innings = 6
    s.inning = 4
    s = step(s, 'AEUG').state
    s = step(s, 'AEUG', [{ kind: 'fire', unit: 'MK1', target: 'HZ1' }]).state
    // ⑤: diff 5, roll 1 + 4 = 5 → S.
    s = step(s, 'TITANS', [], [1, 4]).state
    expect(unit(s, 'HZ1').s).toEqual({ inning: 5, phase: 5 })
    expect(validateStep(s, 'TITANS', [{ kind: 'move', unit: 'HZ1', steps: ['F'] }]).map((e) => e.rule)).toEqual([
      'GN-7-7',
    ])
    s = step(step(step(s, 'TITANS').state, 'TITANS').state, 'AEUG', [], [6, 1]).state
    expect(s).toMatchObject({ inning: 5, phase: 2, first: 'AEUG' })
    s = step(step(s, 'AEUG').state, 'AEUG').state
    expect(s.phase).toBe(4)
    expect(unit(s, 'HZ1').s).not.toBeNull()
    expect(validateStep(s, 'TITANS', [{ kind: 'fire', unit: 'HZ1', target: 'MK1' }]).map((e) => e.rule)).toEqual([
      'GN-7-7',
    ])
    const r = step(s, 'TITANS')
    expect(r.events).toContainEqual(expect.objectContaining({ type: 's-expired', unit: 'HZ1', inning: 5, phase: 5 }))
    expect(unit(r.state, 'HZ1').s).toBeNull()
    expect(validateStep(r.state, 'TITANS', [{ kind: 'move', unit: 'HZ1', steps: ['F'] }])).toEqual([])
  })

  it('a new S restarts the timer', () => {
    let s = stateOf(facing)
    s = step(step(s, 'AEUG').state, 'AEUG', [{ kind: 'fire', unit: 'MK1', target: 'HZ1' }]).state
    s = step(s, 'TITANS', [], [1, 4]).state
    expect(unit(s, 'HZ1').s).toEqual({ inning: 2, phase: 5 })
    s = step(step(s, 'TITANS').state, 'TITANS').state
    // ⑧ MK1 fires again, at once, at the S target: 1 + 2 + 2 = 5 → S again, to the end of ⑧ of inning 2.
    s = step(s, 'AEUG', [{ kind: 'fire', unit: 'MK1', target: 'HZ1' }], [1, 2, 6, 1]).state
    expect(unit(s, 'HZ1').s).toEqual({ inning: 2, phase: 8 })
  })
})

describe('innings, the end and victory (GAP-GN-6)', () => {
  it('the next inning rolls initiative and resets the turns used', () => {
    let s = step(stateOf(facing), 'AEUG', [{ kind: 'move', unit: 'MK1', steps: ['R', 'L'] }]).state
    expect(unit(s, 'MK1').turnsUsed).toBe(2)
    s = step(step(step(step(s, 'AEUG').state, 'TITANS').state, 'TITANS').state, 'TITANS').state
    s = step(s, 'AEUG', [], [3, 2]).state
    expect(s).toMatchObject({ inning: 2, phase: 2, first: 'AEUG' })
    expect(unit(s, 'MK1').turnsUsed).toBe(0)
  })

  it('ends after the last inning with a draw on equal points; nothing is pending after', () => {
    let s = stateOf(facing)
    s.scenario.innings = 1
    for (const side of ['AEUG', 'AEUG', 'TITANS', 'TITANS', 'TITANS'] as const) s = step(s, side).state
    const r = step(s, 'AEUG')
    expect(r.rolls).toEqual([])
    expect(r.state.ended).toBe(true)
    expect(pendingStep(r.state)).toBeNull()
    expect(outcome(r.state)).toEqual({
      winner: null,
      reason: 'AEUG 0, Titans 0 victory points: a draw',
      ref: 'GAP-GN-6',
    })
    expect(validateStep(r.state, 'AEUG', [{ kind: 'move', unit: 'MK1', steps: ['F'] }])[0]?.rule).toBe('GN-3-2')
    expect(outcome(stateOf(facing))).toBeNull()
  })

  it('counts 3 per enemy destroyed and 1 per enemy left with M or F', () => {
    const s = stateOf([
      ...facing,
      { id: 'HZ2', type: 'HIZACK', side: 'TITANS', col: 9, row: 3, facing: 3 },
      { id: 'GM1', type: 'GM2', side: 'TITANS', col: 9, row: 6, facing: 3 },
      { id: 'NE1', type: 'NEMO', side: 'AEUG', col: 1, row: 1, facing: 3 },
    ])
    unit(s, 'HZ1').removed = true
    unit(s, 'HZ2').m = true
    unit(s, 'GM1').f = true
    unit(s, 'NE1').f = true
    unit(s, 'NE1').m = true
    expect([victoryPoints(s, 'AEUG'), victoryPoints(s, 'TITANS')]).toEqual([5, 1])
    s.ended = true
    expect(outcome(s)).toMatchObject({ winner: 'AEUG', reason: 'AEUG 5, Titans 1 victory points' })
  })

  it('ends when a side has no unit left (GAP-GN-6 [H])', () => {
    let s = step(step(stateOf(facing), 'AEUG').state, 'AEUG', [{ kind: 'fire', unit: 'MK1', target: 'HZ1' }]).state
    const r = step(s, 'TITANS', [], [6, 6])
    expect(r.state.ended).toBe(true)
    expect(r.events.at(-1)).toMatchObject({ type: 'game-over', why: 'annihilation', winner: 'AEUG' })
    s = r.state
    expect(outcome(s)?.winner).toBe('AEUG')
  })
})

describe('purity', () => {
  it('resolveStep leaves its input untouched and gives the same result for the same dice', () => {
    const s = step(step(stateOf(facing), 'AEUG').state, 'AEUG', [{ kind: 'fire', unit: 'MK1', target: 'HZ1' }]).state
    const before = structuredClone(s)
    const orders: GnOrder[] = [{ kind: 'fire', unit: 'HZ1', target: 'MK1' }]
    const a = step(s, 'TITANS', orders, [3, 4, 2, 5])
    const b = step(s, 'TITANS', orders, [3, 4, 2, 5])
    expect(s).toEqual(before)
    expect(a).toEqual(b)
  })
})

describe('GN-3-2 [R] a step with nothing to decide passes by itself', () => {
  it('passes every idle phase with a pass event, and waits only where a side has a choice', () => {
    // HZ1 can neither move (M) nor fire (F), nor change form; MK1 is out of range of it.
    const state = stateOf([
      { id: 'MK1', type: 'MK2', side: 'AEUG', col: 1, row: 5, facing: 0 },
      { id: 'HZ1', type: 'HIZACK', side: 'TITANS', col: 11, row: 5, facing: 3 },
    ])
    unit(state, 'HZ1').m = true
    unit(state, 'HZ1').f = true
    const r = greennoa.resolve(state, { AEUG: [] }, scriptedDice([6, 1]))
    const passes = r.events.filter((e) => e.type === 'pass')
    expect(passes).toEqual(
      [
        [3, 'declare', 'AEUG'],
        [4, 'attack', 'TITANS'],
        [6, 'movement', 'TITANS'],
        [7, 'declare', 'TITANS'],
        [8, 'attack', 'AEUG'],
      ].map(([phase, step, side]) => ({ type: 'pass', ref: 'GN-3-2', phase, step, side, reason: 'nothing to decide' })),
    )
    // Inning 2: AEUG first (6 to 1), and MK1 may move.
    expect(r.state).toMatchObject({ inning: 2, phase: 2, first: 'AEUG' })
    expect(greennoa.pending(r.state)).toEqual([expect.objectContaining({ side: 'AEUG', step: 'movement' })])
  })

  it('resolves a combat phase whose only attack is the compulsory melee, with its dice', () => {
    const state = stateOf([
      { id: 'MK1', type: 'MK2', side: 'AEUG', col: 5, row: 5, facing: 0 },
      { id: 'HZ1', type: 'HIZACK', side: 'TITANS', col: 5, row: 4, facing: 3 },
    ])
    // MK1 moves into HZ1's hex: ③ and ④ hold only the compulsory melees (GN-5-2), so neither side is asked.
    const r = greennoa.resolve(state, { AEUG: [{ kind: 'move', unit: 'MK1', steps: ['F'] }] }, scriptedDice([1, 1]))
    expect(r.events.filter((e) => e.type === 'pass').map((e) => e.phase)).toEqual([3, 4])
    expect(r.events.filter((e) => e.type === 'declare').map((e) => [e.unit, e.compulsory])).toEqual([
      ['MK1', true],
      ['HZ1', true],
    ])
  })
})
