// GN-5-2, GN-5-3, GN-6 … GN-8, GN-10: attack declarations and every refusal with its rule, the compulsory
// melee, the resolution of fire and melee with their results and states, AMB-GN-4 and AMB-GN-5.
import { describe, expect, it } from 'vitest'
import { scriptedDice } from '../../../src/engine/dice.js'
import { declareAttacks, resolveAttack, validateAttacks } from '../../../src/rulesets/greennoa/engine/combat.js'
import { resolveStep } from '../../../src/rulesets/greennoa/engine/sequence.js'
import type { AttackOrder, Declared, GnState, Unit } from '../../../src/rulesets/greennoa/engine/types.js'
import { stateOf, type Placed } from './fixture.js'

const fire = (unit: string, target: string): AttackOrder => ({ kind: 'fire', unit, target })
const melee = (unit: string, target: string): AttackOrder => ({ kind: 'melee', unit, target })
const unit = (state: GnState, id: string): Unit => {
  const u = state.units.find((x) => x.id === id)
  if (!u) throw new Error(`no unit ${id}`)
  return u
}

/** AEUG first, at its combat phase ③ (its movement passed). */
function atCombat(units: Placed[]): GnState {
  const state = resolveStep(stateOf(units), 'AEUG', [], scriptedDice([])).state
  expect(state.phase).toBe(3)
  return state
}

const rules = (state: GnState, orders: AttackOrder[]) => validateAttacks(state, 'AEUG', orders).map((e) => e.rule)

describe('GN-7 fire checks', () => {
  const base: Placed[] = [
    { id: 'MK1', type: 'MK2', side: 'AEUG', col: 5, row: 5, facing: 0 },
    { id: 'HZ1', type: 'HIZACK', side: 'TITANS', col: 5, row: 2, facing: 3 },
    { id: 'HZ2', type: 'HIZACK', side: 'TITANS', col: 5, row: 8, facing: 0 },
  ]

  it('accepts fire at a unit in the arc within the difference limit, fixing the difference (AMB-GN-1)', () => {
    const state = atCombat(base)
    expect(rules(state, [fire('MK1', 'HZ1')])).toEqual([])
    const { declared } = declareAttacks(state, 'AEUG', [fire('MK1', 'HZ1')])
    expect(declared).toEqual([{ kind: 'fire', unit: 'MK1', target: 'HZ1', diff: 10 - 3 - 3, compulsory: false }])
  })

  it('refuses fire outside the arc (GN-7-1)', () => {
    expect(rules(atCombat(base), [fire('MK1', 'HZ2')])).toEqual(['GN-7-1'])
  })

  it('the launcher fires into its FF sector only (GN-7-1 [H]); the normal form into the front 180°', () => {
    const units: Placed[] = [
      { id: 'HS1', type: 'HYAKUSHIKI', side: 'AEUG', col: 5, row: 5, facing: 0 },
      { id: 'HZ1', type: 'HIZACK', side: 'TITANS', col: 7, row: 4, facing: 3 },
    ]
    expect(rules(atCombat(units), [fire('HS1', 'HZ1')])).toEqual([])
    const launcher = atCombat(units.map((u) => (u.id === 'HS1' ? { ...u, form: 'launcher' } : u)))
    expect(rules(launcher, [fire('HS1', 'HZ1')])).toEqual(['GN-7-1'])
  })

  it('refuses fire with a difference below −2 (GN-7-3, AMB-GN-3)', () => {
    const state = atCombat([
      { id: 'MK1', type: 'MK2', side: 'AEUG', col: 5, row: 9, facing: 0 },
      { id: 'MK2', type: 'MK2', side: 'TITANS', col: 5, row: 0, facing: 3 },
    ])
    const errors = validateAttacks(state, 'AEUG', [fire('MK1', 'MK2')])
    expect(errors.map((e) => e.rule)).toEqual(['GN-7-3'])
    expect(errors[0]?.message).toContain('-3')
  })

  it('TV-GN-15: an enemy sharing a hex with a friendly unit cannot be fired at (GN-5-3)', () => {
    const state = atCombat([
      { id: 'MK1', type: 'MK2', side: 'AEUG', col: 5, row: 5, facing: 0 },
      { id: 'NE1', type: 'NEMO', side: 'AEUG', col: 5, row: 2, facing: 0 },
      { id: 'HZ1', type: 'HIZACK', side: 'TITANS', col: 5, row: 2, facing: 3 },
    ])
    const errors = validateAttacks(state, 'AEUG', [fire('MK1', 'HZ1')])
    expect(errors.map((e) => e.rule)).toEqual(['GN-5-3'])
    expect(errors[0]?.message).toContain('NE1')
  })

  it('an F unit cannot fire but may melee; an S unit makes no attack (GN-7-7)', () => {
    const state = atCombat([
      { id: 'MK1', type: 'MK2', side: 'AEUG', col: 5, row: 5, facing: 0 },
      { id: 'HZ1', type: 'HIZACK', side: 'TITANS', col: 5, row: 2, facing: 3 },
      { id: 'RD1', type: 'RICKDIAS', side: 'AEUG', col: 8, row: 5, facing: 0 },
      { id: 'HZ2', type: 'HIZACK', side: 'TITANS', col: 8, row: 5, facing: 0 },
    ])
    unit(state, 'MK1').f = true
    unit(state, 'RD1').f = true
    expect(rules(state, [fire('MK1', 'HZ1')])).toEqual(['GN-7-7'])
    expect(rules(state, [melee('RD1', 'HZ2')])).toEqual([])
    unit(state, 'RD1').s = { inning: 2, phase: 3 }
    expect(rules(state, [melee('RD1', 'HZ2')])).toEqual(['GN-7-7'])
  })

  it('one attack per unit per combat phase (GN-6-2), own units only, enemies only', () => {
    const state = atCombat(base)
    expect(rules(state, [fire('MK1', 'HZ1'), fire('MK1', 'HZ1')])).toEqual(['GN-6-2'])
    expect(rules(state, [fire('HZ1', 'MK1')])).toEqual(['GN-6-2'])
    expect(validateAttacks(state, 'TITANS', [fire('HZ1', 'MK1')]).map((e) => e.rule)).toEqual(['GN-3-2'])
  })
})

describe('GN-5-2 compulsory melee and GN-8 melee checks', () => {
  const stacked: Placed[] = [
    { id: 'MK1', type: 'MK2', side: 'AEUG', col: 5, row: 5, facing: 0 },
    { id: 'MA1', type: 'MARASAI', side: 'TITANS', col: 5, row: 5, facing: 3 },
    { id: 'HZ1', type: 'HIZACK', side: 'TITANS', col: 5, row: 2, facing: 3 },
  ]

  it('a unit sharing a hex with an enemy may not fire (GN-5-2)', () => {
    expect(rules(atCombat(stacked), [fire('MK1', 'HZ1')])).toEqual(['GN-5-2'])
  })

  it('melee needs a shared hex (GN-6-1) and a unit that is not C (GN-8-4)', () => {
    const state = atCombat(stacked)
    expect(rules(state, [melee('MK1', 'HZ1')])).toEqual(['GN-6-1'])
    expect(rules(state, [melee('MK1', 'MA1')])).toEqual([])
    unit(state, 'MK1').c = true
    expect(rules(state, [melee('MK1', 'MA1')])).toEqual(['GN-8-4'])
  })

  it('adds the melee the orders left out (AMB-GN-2)', () => {
    const { declared, events } = declareAttacks(atCombat(stacked), 'AEUG', [])
    expect(declared).toEqual([{ kind: 'melee', unit: 'MK1', target: 'MA1', diff: 0, compulsory: true }])
    expect(events).toContainEqual(expect.objectContaining({ type: 'declare', ref: 'GN-5-2', unit: 'MK1' }))
  })

  it('a stacked unit that cannot melee (C) makes no attack at all (AMB-GN-2)', () => {
    const state = atCombat(stacked)
    unit(state, 'MK1').c = true
    const { declared, events } = declareAttacks(state, 'AEUG', [])
    expect(declared).toEqual([])
    expect(events).toContainEqual(expect.objectContaining({ type: 'no-attack', ref: 'GN-5-2', unit: 'MK1' }))
  })
})

describe('resolving one attack', () => {
  const duel: Placed[] = [
    { id: 'MK1', type: 'MK2', side: 'AEUG', col: 5, row: 5, facing: 0 },
    { id: 'MA1', type: 'MARASAI', side: 'TITANS', col: 5, row: 5, facing: 3 },
    { id: 'HZ1', type: 'HIZACK', side: 'TITANS', col: 5, row: 3, facing: 0 },
  ]
  const meleeMA: Declared = { kind: 'melee', unit: 'MK1', target: 'MA1', diff: 0, compulsory: false }

  it('fire reads the direction and S at resolution and applies the result (GN-7-4, GN-10-3)', () => {
    const state = atCombat(duel)
    unit(state, 'HZ1').s = { inning: 2, phase: 4 }
    // HZ1 faces N and MK1 is behind it: rear +2; target S +2; diff 10 − 2 − 3 = 5; 1 + 1 + 4 = 6 → M.
    const d: Declared = { kind: 'fire', unit: 'MK1', target: 'HZ1', diff: 5, compulsory: false }
    const events = resolveAttack(state, d, scriptedDice([1, 1]))
    expect(events[0]).toMatchObject({ type: 'fire', direction: 'rear', directionMod: 2, targetS: true, total: 6 })
    expect(events[0]).toMatchObject({ result: 'M' })
    expect(unit(state, 'HZ1').m).toBe(true)
  })

  it('fire E removes the target; S marks it until the same phase of the next inning', () => {
    const state = atCombat(duel)
    const d: Declared = { kind: 'fire', unit: 'MK1', target: 'HZ1', diff: 5, compulsory: false }
    resolveAttack(state, d, scriptedDice([1, 2]))
    expect(unit(state, 'HZ1').s).toEqual({ inning: 2, phase: 3 })
    resolveAttack(state, d, scriptedDice([3, 3]))
    expect(unit(state, 'HZ1').removed).toBe(true)
    expect(resolveAttack(state, d, scriptedDice([]))).toEqual([
      expect.objectContaining({ type: 'attack-lapsed', target: 'HZ1' }),
    ])
  })

  it('melee results reach the attacker: AE, AS, AC (GN-8-4)', () => {
    const results = [
      [1, 1],
      [1, 2],
      [2, 3],
    ].map(([a, b]) => {
      const state = atCombat(duel)
      resolveAttack(state, meleeMA, scriptedDice([a as number, b as number]))
      const mk = unit(state, 'MK1')
      return [mk.removed, mk.s !== null, mk.c]
    })
    expect(results).toEqual([
      [true, false, false],
      [false, true, false],
      [false, false, true],
    ])
  })

  it('TV-GN-09: diff 0 against an S target, roll 2 → 4 → AS, but the attacker result is void (AMB-GN-4)', () => {
    const state = atCombat(duel)
    unit(state, 'MA1').s = { inning: 2, phase: 3 }
    const events = resolveAttack(state, meleeMA, scriptedDice([1, 1]))
    expect(events[0]).toMatchObject({ type: 'melee', total: 4, result: 'AS', voided: true })
    expect(events[1]).toMatchObject({ type: 'result-void', ref: 'AMB-GN-4' })
    expect(unit(state, 'MK1')).toMatchObject({ s: null, c: false, removed: false })
  })

  it('attacker results stand when the target is not S (AMB-GN-4)', () => {
    const state = atCombat(duel)
    resolveAttack(state, meleeMA, scriptedDice([2, 2]))
    expect(unit(state, 'MK1').s).toEqual({ inning: 2, phase: 3 })
  })

  it('TV-GN-11: DS gives the target S for 1 inning, DC makes it C for good (AMB-GN-5)', () => {
    const ds = atCombat(duel)
    expect(resolveAttack(ds, meleeMA, scriptedDice([5, 5]))[0]).toMatchObject({ result: 'DS' })
    expect(unit(ds, 'MA1')).toMatchObject({ s: { inning: 2, phase: 3 }, c: false })
    const dc = atCombat(duel)
    expect(resolveAttack(dc, meleeMA, scriptedDice([4, 4]))[0]).toMatchObject({ result: 'DC' })
    expect(unit(dc, 'MA1')).toMatchObject({ s: null, c: true })
  })

  it('TV-GN-11, option literalDsDc: the printed explanations, DS → C and DC → S', () => {
    const literal = (faces: number[]) => {
      const state = atCombat(duel)
      state.options.literalDsDc = true
      resolveAttack(state, meleeMA, scriptedDice(faces))
      return unit(state, 'MA1')
    }
    expect(literal([5, 5])).toMatchObject({ s: null, c: true })
    expect(literal([4, 4])).toMatchObject({ s: { inning: 2, phase: 3 }, c: false })
  })

  it('a C target counts melee 0 (GN-8-3), and pilots add P_att − P_def (GAP-GN-2)', () => {
    const state = atCombat(duel.map((u) => (u.id === 'MK1' ? { ...u, pilot: 'kamille' } : u)))
    unit(state, 'MA1').c = true
    const { declared } = declareAttacks(state, 'AEUG', [])
    expect(declared[0]?.diff).toBe(5)
    const events = resolveAttack(state, declared[0] as Declared, scriptedDice([3, 3]))
    expect(events[0]).toMatchObject({ pilotMod: 1, total: 7, result: 'DS' })
  })
})
