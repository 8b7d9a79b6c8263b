// The test vectors of rules/greennoa.md §9 that need no play, by id. The combat vectors are with their rules:
// TV-GN-09, TV-GN-11 and TV-GN-15 in combat.test.ts, TV-GN-14 in sequence.test.ts.
import { describe, expect, it } from 'vitest'
import { attackDirectionAxial } from '../../../src/rulesets/greennoa/engine/direction.js'
import { movementPoints, validateMovement } from '../../../src/rulesets/greennoa/engine/movement.js'
import {
  fireAllowed,
  fireResult,
  fireTotal,
  meleeDifference,
  meleeResult,
  meleeTotal,
} from '../../../src/rulesets/greennoa/engine/tables.js'
import type { Step } from '../../../src/rulesets/greennoa/engine/types.js'
import { roster, stateOf } from './fixture.js'

const steps = (s: string) => s.split(' ') as Step[]

describe('GREEN NOA test vectors (rules/greennoa.md §9)', () => {
  it('TV-GN-01: the MkⅡ-3 counter decodes to DEF 4, FP 10, MEL 5, MV 6, turns 3', () => {
    const mk2 = roster.types.MK2
    expect(mk2?.nameJa).toBe('ガンダムMkⅡ')
    expect(mk2?.status).toBe('S')
    expect(mk2?.forms.normal).toMatchObject({ def: 4, fp: 10, mel: 5, mp: 6, turns: 3 })
  })

  it('TV-GN-02: FP 10 at d 3 against DEF 4, front, roll 7 → diff 3, S', () => {
    const diff = 10 - 3 - 4
    expect(diff).toBe(3)
    expect(fireResult(diff, fireTotal(7, false, 0, 0, 0))).toBe('S')
  })

  it('TV-GN-03: the same fire rolling 8 / 9 / 10 / 6 → M / F / E / –', () => {
    expect([8, 9, 10, 6].map((r) => fireResult(3, fireTotal(r, false, 0, 0, 0)))).toEqual(['M', 'F', 'E', '-'])
  })

  it('TV-GN-04: diff 0, target S, from the rear, roll 8 → 12 → F', () => {
    const total = fireTotal(8, true, 2, 0, 0)
    expect(total).toBe(12)
    expect(fireResult(0, total)).toBe('F')
  })

  it('TV-GN-05: diff 7 (FP 10, d 1, DEF 2), roll 5 → the +5 column → S', () => {
    expect(fireResult(10 - 1 - 2, 5)).toBe('S')
  })

  it('TV-GN-06: diff −3 → fire not allowed', () => {
    expect(fireAllowed(-3)).toBe(false)
  })

  it('TV-GN-07: melee 5 vs 5, rolls 2 / 7 / 12 → AE / – / DE', () => {
    const diff = meleeDifference(5, 5, false)
    expect([2, 7, 12].map((r) => meleeResult(diff, meleeTotal(r, false, 0, 0)))).toEqual(['AE', '-', 'DE'])
  })

  it('TV-GN-08: melee diff +1, rolls 2 / 5 / 8 / 10 → AS / AC / DC / DS', () => {
    expect([2, 5, 8, 10].map((r) => meleeResult(1, r))).toEqual(['AS', 'AC', 'DC', 'DS'])
  })

  it('TV-GN-10: MEL 5 against a C target (5 printed) → diff 5, column ≥3; roll 9 → DE', () => {
    const diff = meleeDifference(5, 5, true)
    expect(diff).toBe(5)
    expect(meleeResult(diff, 9)).toBe('DE')
  })

  it('TV-GN-12: MV 6, turns 3: F R F F L F is legal; F R R R F F L (7 MP) is not', () => {
    const state = stateOf([
      { id: 'MK1', type: 'MK2', side: 'AEUG', col: 5, row: 5, facing: 0 },
      { id: 'HZ1', type: 'HIZACK', side: 'TITANS', col: 11, row: 0, facing: 3 },
    ])
    expect(validateMovement(state, 'AEUG', [{ kind: 'move', unit: 'MK1', steps: steps('F R F F L F') }])).toEqual([])
    const errors = validateMovement(state, 'AEUG', [{ kind: 'move', unit: 'MK1', steps: steps('F R R R F F L') }])
    expect(errors.map((e) => e.rule).sort()).toEqual(['GN-4-4', 'GN-4-5'])
  })

  it('TV-GN-13: the Messala transforming has 6 MP (MA 12 halved) or 3 MP (MS 6 halved)', () => {
    const state = stateOf([
      { id: 'ME1', type: 'MESSALA', side: 'TITANS', col: 5, row: 5, facing: 0 },
      { id: 'NE1', type: 'NEMO', side: 'AEUG', col: 0, row: 0, facing: 3 },
    ])
    const me = state.units.find((u) => u.id === 'ME1')
    if (!me) throw new Error('no ME1')
    expect(movementPoints(state, me, 'ma', true)).toBe(6)
    expect(movementPoints(state, me, 'ms', true)).toBe(3)
    expect(movementPoints(state, me, 'ma', false)).toBe(12)
  })

  it('TV-GN-16: target facing N at (0,0); attackers at (0,−3) / (2,−1) / (0,2) → FF / FR / BB, 0 / +1 / +2', () => {
    const at = (q: number, r: number) => attackDirectionAxial({ q: 0, r: 0 }, 0, { q, r })
    expect([at(0, -3), at(2, -1), at(0, 2)].map((d) => [d.sector, d.modifier])).toEqual([
      ['FF', 0],
      ['FR', 1],
      ['BB', 2],
    ])
  })
})
