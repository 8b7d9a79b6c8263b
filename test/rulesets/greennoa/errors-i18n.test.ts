// GREEN NOA refusals read in Japanese: the engine's errors (a key and values each) through the one
// translate function the API and the reply emails use. The rule ids and lines stay as the engine gave them.
import { describe, expect, it } from 'vitest'
import { scriptedDice } from '../../../src/engine/dice.js'
import { orderErrorMessage } from '../../../src/i18n/orders.js'
import { greennoa } from '../../../src/rulesets/greennoa/engine/index.js'
import { validateAttacks } from '../../../src/rulesets/greennoa/engine/combat.js'
import { validateMovement } from '../../../src/rulesets/greennoa/engine/movement.js'
import { resolveStep } from '../../../src/rulesets/greennoa/engine/sequence.js'
import type { GnState, MoveOrder, Step } from '../../../src/rulesets/greennoa/engine/types.js'
import type { OrderError } from '../../../src/engine/ruleset.js'
import { stateOf } from './fixture.js'

const move = (unit: string, s: string): MoveOrder => ({ kind: 'move', unit, steps: s.split('') as Step[] })

function duel(): GnState {
  return stateOf([
    { id: 'MK1', type: 'MK2', side: 'AEUG', col: 4, row: 5, facing: 0 },
    { id: 'RD1', type: 'RICKDIAS', side: 'AEUG', col: 6, row: 5, facing: 0 },
    { id: 'QB1', type: 'HYAKUSHIKI', side: 'AEUG', pilot: 'quattro', col: 2, row: 5, facing: 1 },
    { id: 'HZ1', type: 'HIZACK', side: 'TITANS', col: 4, row: 2, facing: 3 },
    { id: 'HZ2', type: 'HIZACK', side: 'TITANS', col: 4, row: 8, facing: 0 },
  ])
}

/** The one error, read in English and in Japanese. */
function both(errors: OrderError[]) {
  expect(errors).toHaveLength(1)
  const e = errors[0]!
  expect(orderErrorMessage('en', e)).toBe(e.message)
  return { e, ja: orderErrorMessage('ja', e) }
}

describe('GREEN NOA refusals in Japanese', () => {
  it('a move breaking the turn limit (GN-4-5)', () => {
    const { e, ja } = both(validateMovement(duel(), 'AEUG', [move('MK1', 'RRRR')]))
    expect(e).toMatchObject({ rule: 'GN-4-5', key: 'greennoa.turnLimit', order: 0, field: 'steps' })
    expect(e.message).toBe('MK1 makes 4 turns, but may make 3 this inning')
    expect(ja).toBe('MK1 は4回旋回しますが、このイニングにできる旋回は残り3回です')
  })

  it('fire outside the arc (GN-7-1)', () => {
    const state = resolveStep(duel(), 'AEUG', [], scriptedDice([])).state
    const { e, ja } = both(validateAttacks(state, 'AEUG', [{ kind: 'fire', unit: 'MK1', target: 'HZ2' }]))
    expect(e).toMatchObject({ rule: 'GN-7-1', key: 'greennoa.fire.outsideArc', params: { unit: 'MK1', target: 'HZ2' } })
    expect(ja).toBe('HZ2 は MK1 の射界の外にいます')
  })

  it('stacking with a friend at the end of the move (GN-5-1), the rule id it names kept', () => {
    const { e, ja } = both(validateMovement(duel(), 'AEUG', [move('MK1', 'RFRF')]))
    expect(e).toMatchObject({ rule: 'GN-5-1', key: 'greennoa.stack' })
    expect(e.message).toMatch(/^MK1 and RD1 would end in hex \S+ together/)
    expect(ja).toMatch(/^MK1とRD1がヘックス \S+ で一緒に移動を終えることになります: 味方のユニットはスタックできません/)
    expect(ja).toContain('GN-5-5')
  })

  it('a transformation after the unit moved (GN-11-2)', () => {
    const orders: MoveOrder[] = [move('QB1', 'F'), { kind: 'transform', unit: 'QB1', form: 'launcher' }]
    const { e, ja } = both(validateMovement(duel(), 'AEUG', orders))
    expect(e).toMatchObject({ rule: 'GN-11-2', key: 'greennoa.form.afterMove', order: 1 })
    expect(ja).toBe('QB1 が変形できるのはフェイズの最初、移動する前だけです')
  })

  it('orders in the wrong phase name the side in Japanese (GN-3-2)', () => {
    const { e, ja } = both(greennoa.validate(duel(), 'TITANS', [move('HZ1', 'F')]))
    expect(e).toMatchObject({ rule: 'GN-3-2', params: { side: 'AEUG' } })
    expect(e.message).toBe("it is AEUG's turn to act")
    expect(ja).toBe('現在はエゥーゴの手番です')
  })

  it('a notation error keeps its line', () => {
    const parsed = greennoa.parseOrders('MK1 move FF\nMK1 move FXF', duel(), 'AEUG')
    expect(parsed.ok).toBe(false)
    if (parsed.ok) return
    const { e, ja } = both(parsed.errors)
    expect(e).toMatchObject({ rule: 'GN-4-4', line: 2, key: 'greennoa.notation.badStep' })
    expect(e.message).toBe('line 2 "MK1 move FXF": "x" is not a step: use F (forward one hex), L or R (turn 60°)')
    expect(ja).toBe(
      '2行目「MK1 move FXF」: 「x」はステップではありません: F（1ヘックス前進）、L、R（60°旋回）を使ってください',
    )
  })
})
