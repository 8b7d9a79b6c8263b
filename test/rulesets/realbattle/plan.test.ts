// RB-21.3 plan checks (RB-22.3a): each refusal with its rule, the values the tables use (normal and PS), the
// total against base PP, fallen ATs, and tabletopErrors (RB-22.1, RB-22.2).
import { describe, expect, it } from 'vitest'
import { checkPlan, planValues } from '../../../src/rulesets/realbattle/engine/plan.js'
import type { Plan } from '../../../src/rulesets/realbattle/engine/types.js'
import { makeAt, makeState } from './fixture.js'

const plan = (acc: number, dec: number, atk: number, def: number): Plan => ({ acc, dec, atk, def })
const scopedog = makeAt({ id: 'A1', basePp: 6 })
const brutish = makeAt({ id: 'B1', card: 'brutish', basePp: 12 })
const state = makeState([scopedog, brutish], { step: 'plan' })
const loose = makeState([scopedog, brutish], {
  step: 'plan',
  options: { turnLimit: 0, tabletopErrors: true, endOnFirstKill: false },
})
const rules = (errors: ReturnType<typeof checkPlan>) => errors.map((e) => e.rule)

describe('RB-21.3', () => {
  it('accepts base 6, plan 1 0 2 2 (TV-RB-25)', () => {
    expect(checkPlan(state, scopedog, plan(1, 0, 2, 2), 0)).toEqual([])
    expect(checkPlan(state, scopedog, plan(0, 0, 0, 0), 0)).toEqual([])
    expect(checkPlan(state, scopedog, plan(0, 4, 0, 2), 0)).toEqual([])
  })

  it('refuses accel and decel together (RB-21.3.1)', () => {
    const errors = checkPlan(state, scopedog, plan(1, 1, 0, 0), 3)
    expect(errors).toEqual([
      expect.objectContaining({
        rule: 'RB-21.3.1',
        key: 'realbattle.plan.both',
        order: 3,
        params: { at: 'A1', acc: 1, dec: 1 },
      }),
    ])
  })

  it('refuses a value the tables do not use, naming the field and the legal values (RB-21.3.2)', () => {
    const errors = checkPlan(state, scopedog, plan(3, 0, 4, 7), 0)
    const values = errors.filter((e) => e.rule === 'RB-21.3.2')
    expect(values.map((e) => [e.field, e.params?.value, e.params?.legal])).toEqual([
      ['acc', 3, '0, 1, 2, 4'],
      ['atk', 4, '0, 1, 2, 3, 5'],
      ['def', 7, '0, 1, 2, 3, 5'],
    ])
    // and 3 + 4 + 7 is over base 6
    expect(rules(errors)).toContain('RB-21.3.3')
  })

  it('reads a PS AT’s values from the PS columns of T1 and T2', () => {
    expect(planValues(state, brutish)).toEqual({
      acc: [0, 2, 3, 5, 7],
      dec: [0, 2, 3, 5, 7],
      atk: [0, 1, 2, 3, 5],
      def: [0, 2, 3, 5, 7],
    })
    expect(checkPlan(state, brutish, plan(3, 0, 1, 7), 0)).toEqual([])
    expect(rules(checkPlan(state, brutish, plan(1, 0, 0, 1), 0))).toEqual(['RB-21.3.2', 'RB-21.3.2'])
  })

  it('refuses a plan that spends more PP than the AT has, naming RB-21.3.3 and only its own values', () => {
    const errors = checkPlan(state, scopedog, plan(2, 0, 3, 2), 1)
    expect(errors).toEqual([
      expect.objectContaining({
        rule: 'RB-21.3.3',
        key: 'realbattle.plan.total',
        order: 1,
        params: { at: 'A1', total: 7, base: 6 },
        message: 'A1 plans 7 PP in all, more than its base PP 6',
      }),
    ])
  })

  it('refuses any plan for a fallen AT (RB-21.5)', () => {
    const fallen = { ...scopedog, fallen: true }
    expect(checkPlan(state, fallen, plan(0, 0, 0, 0), 0).map((e) => [e.rule, e.key])).toEqual([
      ['RB-21.5', 'realbattle.plan.fallen'],
    ])
  })

  it('under tabletopErrors accepts 21.3.1 and 21.3.3 breaches (TV-RB-26: 1+0+3+3 = 7 > 6), not illegal values', () => {
    expect(checkPlan(loose, scopedog, plan(1, 0, 3, 3), 0)).toEqual([])
    expect(checkPlan(loose, scopedog, plan(2, 4, 0, 0), 0)).toEqual([])
    expect(rules(checkPlan(loose, scopedog, plan(3, 0, 0, 0), 0))).toEqual(['RB-21.3.2'])
  })
})
