// GN-4 movement, GN-5 stacking at the end of the movement phase, GN-11 form changes: legal moves and every
// refusal with its rule.
import { describe, expect, it } from 'vitest'
import { offsetNeighbor } from '../../../src/engine/hex/index.js'
import { applyMovement, movingSide, validateMovement } from '../../../src/rulesets/greennoa/engine/movement.js'
import type { GnState, MoveOrder, Step } from '../../../src/rulesets/greennoa/engine/types.js'
import { stateOf } from './fixture.js'

const steps = (s: string) => s.split('') as Step[]
const move = (unit: string, s: string): MoveOrder => ({ kind: 'move', unit, steps: steps(s) })
const rules = (state: GnState, orders: MoveOrder[]) => validateMovement(state, 'AEUG', orders).map((e) => e.rule)

function duel(): GnState {
  return stateOf([
    { id: 'MK1', type: 'MK2', side: 'AEUG', col: 4, row: 5, facing: 0 },
    { id: 'RD1', type: 'RICKDIAS', side: 'AEUG', col: 6, row: 5, facing: 0 },
    { id: 'QB1', type: 'HYAKUSHIKI', side: 'AEUG', pilot: 'quattro', col: 2, row: 5, facing: 1 },
    { id: 'HZ1', type: 'HIZACK', side: 'TITANS', col: 4, row: 2, facing: 3 },
  ])
}

describe('GN-4 movement', () => {
  it('moves forward only, one hex per MP, into the hex in front (GN-4-4)', () => {
    const { state, events } = applyMovement(duel(), 'AEUG', [move('MK1', 'FF')])
    const mk = state.units.find((u) => u.id === 'MK1')
    expect(mk?.hex).toEqual({ col: 4, row: 3 })
    expect(mk?.facing).toBe(0)
    expect(events[0]).toMatchObject({ type: 'move', unit: 'MK1', mp: 2, turns: 0, ref: 'GN-4-4' })
  })

  it('turns cost 1 MP and count against the turn number (GN-4-5)', () => {
    const { state } = applyMovement(duel(), 'AEUG', [move('MK1', 'RFLLF')])
    const mk = state.units.find((u) => u.id === 'MK1')
    expect(mk?.facing).toBe(5)
    expect(mk?.turnsUsed).toBe(3)
    const start = { col: 4, row: 5 }
    expect(mk?.hex).toEqual(offsetNeighbor(offsetNeighbor(start, 1), 5))
  })

  it('allows turning on the spot, paying MP (AMB-GN-7)', () => {
    expect(rules(duel(), [move('MK1', 'RRR')])).toEqual([])
    expect(applyMovement(duel(), 'AEUG', [move('MK1', 'RRR')]).state.units[0]?.facing).toBe(3)
  })

  it('refuses a fourth turn for a turn number of 3 (GN-4-5)', () => {
    expect(rules(duel(), [move('MK1', 'RRRR')])).toEqual(['GN-4-5'])
  })

  it('gives an ace one more turn (GAP-GN-2): Quattro makes 4, not 5', () => {
    expect(rules(duel(), [move('QB1', 'RRRR')])).toEqual([])
    expect(rules(duel(), [move('QB1', 'RRRRR')])).toEqual(['GN-4-5'])
  })

  it('refuses more steps than MP (GN-4-4)', () => {
    expect(rules(duel(), [move('RD1', 'LFFFFF')])).toEqual([])
    expect(rules(duel(), [move('RD1', 'LFFFFFF')])).toEqual(['GN-4-4'])
  })

  it('refuses leaving the map, naming the step (GN-4-5a)', () => {
    const off = validateMovement(
      stateOf([
        { id: 'MK1', type: 'MK2', side: 'AEUG', col: 1, row: 1, facing: 0 },
        { id: 'HZ1', type: 'HIZACK', side: 'TITANS', col: 8, row: 8, facing: 0 },
      ]),
      'AEUG',
      [move('MK1', 'FF')],
    )
    expect(off).toEqual([
      expect.objectContaining({ rule: 'GN-4-5a', order: 0, message: expect.stringMatching(/step 2/) }),
    ])
  })

  it('refuses a second move of the same unit (GN-4-2), an empty move, and moving an enemy (GN-4-1)', () => {
    expect(rules(duel(), [move('MK1', 'F'), move('MK1', 'F')])).toEqual(['GN-4-2'])
    expect(rules(duel(), [move('MK1', '')])).toEqual(['GN-4-4'])
    expect(rules(duel(), [move('HZ1', 'F')])).toEqual(['GN-4-1'])
    expect(rules(duel(), [move('XX9', 'F')])).toEqual(['GN-4-1'])
  })

  it('refuses any MP for an M unit, even a turn (GN-4-5b, AMB-GN-8), and any move for an S unit', () => {
    const state = duel()
    const m = structuredClone(state)
    m.units[0]!.m = true
    expect(validateMovement(m, 'AEUG', [move('MK1', 'R')]).map((e) => e.rule)).toEqual(['GN-4-5b'])
    const s = structuredClone(state)
    s.units[0]!.s = { inning: 2, phase: 2 }
    expect(validateMovement(s, 'AEUG', [move('MK1', 'F')]).map((e) => e.rule)).toEqual(['GN-7-7'])
  })

  it('refuses orders outside the side’s movement phase (GN-3-2), but a pass is always legal', () => {
    const state = duel()
    expect(movingSide(state)).toBe('AEUG')
    expect(validateMovement(state, 'TITANS', [{ kind: 'move', unit: 'HZ1', steps: ['F'] }])[0]?.rule).toBe('GN-3-2')
    expect(validateMovement(state, 'TITANS', [])).toEqual([])
    expect(validateMovement(state, 'AEUG', [])).toEqual([])
  })

  it('ends the phase at the moving side’s combat phase', () => {
    expect(applyMovement(duel(), 'AEUG', []).state.phase).toBe(3)
  })

  it('never changes the state it is given', () => {
    const state = duel()
    const before = structuredClone(state)
    validateMovement(state, 'AEUG', [move('MK1', 'RFF'), move('RD1', 'FFFFFFFF')])
    applyMovement(state, 'AEUG', [move('MK1', 'RFF')])
    expect(state).toEqual(before)
  })
})

describe('GN-5 stacking', () => {
  it('refuses ending in a hex with a friendly unit (GN-5-1)', () => {
    // RD1 at (6,5) facing N; MK1 at (4,5): R R goes SE... walk MK1 into RD1's hex: (4,5) → NE → (5,5) → SE → (6,5)
    const errors = validateMovement(duel(), 'AEUG', [move('MK1', 'RFRF')])
    expect(errors).toEqual([expect.objectContaining({ rule: 'GN-5-1', message: expect.stringMatching(/GN-5-5/) })])
  })

  it('lets units pass through occupied hexes (GN-5-4)', () => {
    // MK1 ends two hexes past RD1, through its hex
    expect(rules(duel(), [move('MK1', 'RFRFLF')])).toEqual([])
  })

  it('allows ending with an enemy unit (GN-5-2)', () => {
    const { state } = applyMovement(duel(), 'AEUG', [move('MK1', 'FFF')])
    const mk = state.units.find((u) => u.id === 'MK1')
    const hz = state.units.find((u) => u.id === 'HZ1')
    expect(mk?.hex).toEqual(hz?.hex)
  })

  it('accepts an over-stack when the player names the units removed (GN-5-5), and removes them', () => {
    const orders: MoveOrder[] = [move('MK1', 'RFRF'), { kind: 'remove', unit: 'RD1' }]
    expect(rules(duel(), orders)).toEqual([])
    const { state, events } = applyMovement(duel(), 'AEUG', orders)
    expect(state.units.find((u) => u.id === 'RD1')?.removed).toBe(true)
    expect(events.map((e) => e.type)).toEqual(['move', 'removed'])
  })

  it('refuses removing a unit that is not over the stacking limit (GN-5-5)', () => {
    expect(rules(duel(), [{ kind: 'remove', unit: 'RD1' }])).toEqual(['GN-5-5'])
  })

  it('lays each stacking error at the order at fault: the last move in, the wrong remove (GN-5-1, GN-5-5)', () => {
    const stacked = validateMovement(duel(), 'AEUG', [move('QB1', 'F'), move('MK1', 'RFRF')])
    expect(stacked).toEqual([expect.objectContaining({ rule: 'GN-5-1', order: 1 })])
    const removals: MoveOrder[] = [move('QB1', 'F'), { kind: 'remove', unit: 'RD1' }]
    expect(validateMovement(duel(), 'AEUG', removals)).toEqual([expect.objectContaining({ rule: 'GN-5-5', order: 1 })])
    const both: MoveOrder[] = [move('MK1', 'RFRF'), { kind: 'remove', unit: 'RD1' }, { kind: 'remove', unit: 'MK1' }]
    expect(validateMovement(duel(), 'AEUG', both)).toEqual([expect.objectContaining({ rule: 'GN-5-5', order: 2 })])
  })

  it('refuses removing every unit of an over-stack: only the excess goes, one stays (GN-5-5)', () => {
    const both: MoveOrder[] = [move('MK1', 'RFRF'), { kind: 'remove', unit: 'RD1' }, { kind: 'remove', unit: 'MK1' }]
    expect(rules(duel(), both)).toEqual(['GN-5-5'])
  })
})

describe('GN-11 form changes', () => {
  it('halves the MP of the new form in the phase of the change (GN-11-2)', () => {
    // Hyaku-Shiki with the launcher: MP 4 halved to 2, turns 1 (+1 ace)
    const launcher: MoveOrder = { kind: 'transform', unit: 'QB1', form: 'launcher' }
    expect(rules(duel(), [launcher, move('QB1', 'FF')])).toEqual([])
    expect(rules(duel(), [launcher, move('QB1', 'FFF')])).toEqual(['GN-4-4'])
    const { state, events } = applyMovement(duel(), 'AEUG', [launcher, move('QB1', 'FF')])
    expect(state.units.find((u) => u.id === 'QB1')?.form).toBe('launcher')
    expect(events[0]).toMatchObject({ type: 'transform', ref: 'GN-11-2', from: 'normal', to: 'launcher' })
  })

  it('refuses a change after the unit moved, twice in a phase, to the same form, or for a unit with one form', () => {
    const t = (form: string): MoveOrder => ({ kind: 'transform', unit: 'QB1', form })
    expect(rules(duel(), [move('QB1', 'F'), t('launcher')])).toEqual(['GN-11-2'])
    expect(rules(duel(), [t('launcher'), t('normal')])).toEqual(['GN-11-2'])
    expect(rules(duel(), [t('normal')])).toEqual(['GN-11-2'])
    expect(rules(duel(), [t('ma')])).toEqual(['GN-11-2'])
    expect(rules(duel(), [{ kind: 'transform', unit: 'MK1', form: 'launcher' }])).toEqual(['GN-11'])
  })

  it('cites GN-11-1 for the Messala', () => {
    const state = stateOf(
      [
        { id: 'ME1', type: 'MESSALA', side: 'TITANS', col: 5, row: 10, facing: 0 },
        { id: 'NE1', type: 'NEMO', side: 'AEUG', col: 0, row: 0, facing: 3 },
      ],
      'TITANS',
      { cols: 20, rows: 20 },
    )
    const ma: MoveOrder = { kind: 'transform', unit: 'ME1', form: 'ma' }
    expect(validateMovement(state, 'TITANS', [ma, move('ME1', 'FFFFFF')])).toEqual([])
    expect(validateMovement(state, 'TITANS', [ma, move('ME1', 'FFFFFFF')]).map((e) => e.rule)).toEqual(['GN-4-4'])
    expect(validateMovement(state, 'TITANS', [ma, ma]).map((e) => e.rule)).toEqual(['GN-11-1'])
  })
})
