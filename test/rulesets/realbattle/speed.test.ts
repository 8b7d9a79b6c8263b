// RB-4 accel/decel (speed.ts) and the table look-ups of tables.ts (T1, T3, T6).
import { describe, expect, it } from 'vitest'
import type { GameEvent } from '../../../src/engine/ruleset.js'
import {
  applySpeed,
  clampSpeed,
  defaultSpeed,
  phaseSpeed,
  speedChoices,
  speedRule,
} from '../../../src/rulesets/realbattle/engine/speed.js'
import {
  accelRange,
  attackerSpeedModifier,
  avoidCost,
  patternCost,
  spotTurnCost,
} from '../../../src/rulesets/realbattle/engine/tables.js'
import type { At } from '../../../src/rulesets/realbattle/engine/types.js'
import { makeAt, makeScenario, tables } from './fixture.js'

const scn = makeScenario()

function withPlan(over: Partial<At> & { acc?: number; dec?: number }, card = 'scopedog'): At {
  const { acc = 0, dec = 0, ...rest } = over
  return makeAt({ id: 'A1', card, at: { plan: { acc, dec, atk: 0, def: 0 }, ...rest } })
}

describe('T1 accel/decel table (accelRange)', () => {
  it('gives the normal and PS ranges, and nothing for 0 or a value without an entry', () => {
    expect(accelRange(tables, 4, false, false)).toEqual({ min: 3, max: 3 })
    expect(accelRange(tables, 7, true, false)).toEqual({ min: 3, max: 5 })
    expect(accelRange(tables, 3, false, false)).toBeNull()
    expect(accelRange(tables, 0, false, false)).toBeNull()
  })
  it('RB-20.1: heavy damage clamps the change to 1–2', () => {
    expect(accelRange(tables, 4, false, true)).toEqual({ min: 2, max: 2 })
    expect(accelRange(tables, 3, true, true)).toEqual({ min: 1, max: 2 })
    expect(accelRange(tables, 1, false, true)).toEqual({ min: 1, max: 1 })
  })
})

describe('T3 attacker speed modifier', () => {
  it('reads the row by |speed|', () => {
    expect([0, 1, 2, 3, 4, 5, 6, 7, 9, -3].map((v) => attackerSpeedModifier(tables, v))).toEqual([
      0, -1, -1, -2, -2, -3, -3, -4, -4, -2,
    ])
  })
})

describe('T6 action-PP table (patternCost)', () => {
  it('reads the cost at |speed|, with +1 when reversing (RB-7.6, 8.5, 9.7)', () => {
    expect(patternCost(tables, 'T1', 4, false)).toEqual({ ok: true, pp: 2 })
    expect(patternCost(tables, 'T1', -2, false)).toEqual({ ok: true, pp: 2 })
    expect(patternCost(tables, 'O2', 7, false)).toEqual({ ok: true, pp: 3 })
    expect(patternCost(tables, 'O2', 9, false)).toEqual({ ok: true, pp: 3 })
    expect(patternCost(tables, 'P1', -3, false)).toEqual({ ok: true, pp: 3 })
  })
  it('RB-9.8: a pick turn at speed 0 costs the speed-1 entry', () => {
    const table = { ...tables, actionPp: tables.actionPp.filter((r) => r.from !== 0) }
    expect(patternCost(table, 'P2', 0, false)).toEqual({ ok: true, pp: 2 })
  })
  it('RB-7.3, 8.3, 9.5: a pattern without an entry cannot be used', () => {
    expect(patternCost(tables, 'T2', 1, false)).toEqual({ ok: false, rule: 'RB-7.3', reason: 'no-entry' })
    expect(patternCost(tables, 'O1', 6, false)).toEqual({ ok: false, rule: 'RB-8.3', reason: 'no-entry' })
    expect(patternCost(tables, 'P3', 4, false)).toEqual({ ok: false, rule: 'RB-9.5', reason: 'no-entry' })
  })
  it('RB-20.1: heavy damage adds 1 to T1 and O1 and forbids P2 and P3', () => {
    expect(patternCost(tables, 'T1', 2, true)).toEqual({ ok: true, pp: 2 })
    expect(patternCost(tables, 'O1', 2, true)).toEqual({ ok: true, pp: 2 })
    expect(patternCost(tables, 'T2', 2, true)).toEqual({ ok: true, pp: 0 })
    expect(patternCost(tables, 'P2', 1, true)).toEqual({ ok: false, rule: 'RB-20.1', reason: 'heavy' })
    expect(patternCost(tables, 'P1', 1, true)).toEqual({ ok: true, pp: 1 })
  })
  it('RB-7.7 on the spot: 60° 1, 120° 2, no 180°; RB-6.6 avoidance 1 or 2', () => {
    expect([spotTurnCost(60), spotTurnCost(120), spotTurnCost(180)]).toEqual([1, 2, null])
    expect([0, 1, 3, 4, -5].map(avoidCost)).toEqual([1, 1, 1, 2, 2])
  })
})

describe('RB-4 speedChoices', () => {
  it('RB-4.4: a normal AT accelerates by the table value; the excess over max speed is lost (RB-4.8a)', () => {
    expect(speedChoices(scn, withPlan({ speed: 1, acc: 2 }))).toEqual([3])
    expect(speedChoices(scn, withPlan({ speed: 4, acc: 4 }))).toEqual([5])
  })
  it('RB-4.7: accelerating a negative speed makes it more negative, down to the reverse limit', () => {
    expect(speedChoices(scn, withPlan({ speed: -1, acc: 1 }))).toEqual([-2])
    expect(speedChoices(scn, withPlan({ speed: -2, acc: 2 }))).toEqual([-2])
  })
  it('RB-4.8a: from 0 the player picks forward or reverse', () => {
    expect(speedChoices(scn, withPlan({ speed: 0, acc: 4 }))).toEqual([-2, 3])
  })
  it('RB-4.4: a PS AT chooses within the range', () => {
    expect(speedChoices(scn, withPlan({ speed: 2, acc: 5 }, 'brutish'))).toEqual([4, 5, 6])
    expect(speedChoices(scn, withPlan({ speed: 5, dec: 3 }, 'brutish'))).toEqual([2, 3, 4])
  })
  it('RB-4.8: deceleration stops at 0, from either side', () => {
    expect(speedChoices(scn, withPlan({ speed: 2, dec: 4 }))).toEqual([0])
    expect(speedChoices(scn, withPlan({ speed: -2, dec: 1 }))).toEqual([-1])
    expect(speedChoices(scn, withPlan({ speed: 0, dec: 2 }))).toEqual([0])
  })
  it('RB-20.1: a heavily damaged AT changes by 1–2, and max speed is 2 lower', () => {
    const at = withPlan({ speed: 0, acc: 4, heavy: true, durability: 8 })
    expect(speedChoices(scn, at)).toEqual([-2, 2])
    expect(speedChoices(scn, withPlan({ speed: 2, acc: 7, heavy: true, durability: 9 }, 'brutish'))).toEqual([4])
  })
  it('keeps the current speed: no change planned, plan error (RB-22.1), confusion (RB-22.2), fallen (RB-19.1)', () => {
    expect(speedChoices(scn, withPlan({ speed: 3 }))).toEqual([3])
    expect(speedChoices(scn, withPlan({ speed: 3, acc: 1, dec: 1, planError: true }))).toEqual([3])
    expect(speedChoices(scn, withPlan({ speed: 3, acc: 1, dec: 2 }))).toEqual([3])
    expect(speedChoices(scn, withPlan({ speed: 3, acc: 1, confused: true }))).toEqual([3])
    expect(speedChoices(scn, withPlan({ speed: 0, acc: 1, fallen: true }))).toEqual([0])
    expect(speedChoices(scn, withPlan({ speed: 2, plan: null }))).toEqual([2])
  })
  it('the default is the largest change; from 0, forward', () => {
    expect(defaultSpeed([4, 5, 6], 2)).toBe(6)
    expect(defaultSpeed([2, 3, 4], 5)).toBe(2)
    expect(defaultSpeed([-2, 3], 0)).toBe(3)
    expect(defaultSpeed([-3, -2], -1)).toBe(-3)
    expect(defaultSpeed([3], 3)).toBe(3)
  })
  it('phaseSpeed: the ordered speed when it is a choice, else the default; stored choices first', () => {
    const at = withPlan({ speed: 0, acc: 4 })
    expect([phaseSpeed(scn, at, -2), phaseSpeed(scn, at, 2), phaseSpeed(scn, at)]).toEqual([-2, 3, 3])
    expect(phaseSpeed(scn, { ...at, speedChoices: [-1, 1] }, -1)).toBe(-1)
  })
  it('names the rule a speed outside the choices breaks', () => {
    const at = withPlan({ speed: 2, dec: 1 })
    expect(speedRule(scn, at, 6)).toBe('RB-4.5')
    expect(speedRule(scn, at, -1)).toBe('RB-4.8')
    expect(speedRule(scn, at, 3)).toBe('RB-4.4')
  })
  it('RB-20.2: a speed above max speed drops to it at once, and the change is reported', () => {
    const at = withPlan({ speed: 5, heavy: true, durability: 8 })
    const events: GameEvent[] = []
    clampSpeed(scn, at, events)
    expect(at.speed).toBe(3)
    expect(events).toEqual([{ type: 'speed', ref: 'RB-20.2', at: 'A1', from: 5, to: 3 }])
    applySpeed(at, 3, 'RB-4.4', events)
    expect(events).toHaveLength(1)
  })
})
