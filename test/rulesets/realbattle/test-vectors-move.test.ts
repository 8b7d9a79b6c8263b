// The movement test vectors of rules/realbattle.md §8, each by its id.
import { describe, expect, it } from 'vitest'
import { checkProgram, simulateProgram } from '../../../src/rulesets/realbattle/engine/movement.js'
import { speedChoices } from '../../../src/rulesets/realbattle/engine/speed.js'
import { isHeavy, maxSpeed, totalWeight } from '../../../src/rulesets/realbattle/engine/stats.js'
import type { At } from '../../../src/rulesets/realbattle/engine/types.js'
import { makeAt, makeScenario, makeState } from './fixture.js'
import { act, program, steps } from './move-helpers.js'

const never = { avoid: 'never' as const, fall: { kind: 'spend' as const, pp: 0 } }

/** A1 (speed v1) comes down column 2 from (2,0) and rams B1 (speed v2) standing at (2, v1) with `facing`. */
function ram(v1: number, v2: number, facing: 0 | 1 | 2 | 3 | 4 | 5, dice: number[]) {
  const a1 = makeAt({ id: 'A1', hex: [2, 0], facing: 3, speed: v1, at: { policies: never } })
  const b1 = makeAt({ id: 'B1', hex: [2, v1], facing, speed: v2, at: { policies: never } })
  return act(makeState([a1, b1]), [program('A1', 'F '.repeat(v1).trim(), { collide: 'ram' })], dice)
}

describe('movement test vectors (§8)', () => {
  it('TV-RB-13: an obstacle at speed 4 with a die of 3 does 3 damage, stops the AT and puts it back', () => {
    const at = makeAt({ id: 'A1', hex: [10, 3], facing: 3, speed: 4 })
    const r = act(makeState([at]), [], [3, 1, 1])
    expect(r.of('collision-obstacle')).toEqual([
      { type: 'collision-obstacle', ref: 'RB-10.3', at: 'A1', hex: [10, 6], speed: 4, damage: 3, roll: 3 },
    ])
    expect(r.at('A1')).toMatchObject({ hex: { col: 10, row: 5 }, facing: 3, speed: 0, durability: 13 })
    expect(r.at('A1').enteredFrom).toEqual({ col: 10, row: 4 })
    expect(r.of('fall-check')).toHaveLength(1)
  })

  it('TV-RB-14: speed 3 into speed 2 from the front, dice 4 and 6: damage 3 and 1, speeds 0 and 1', () => {
    const r = ram(3, 2, 0, [4, 6, 1, 1, 1, 1])
    expect(r.of('collision')[0]).toMatchObject({ direction: 'FF', damage: { A1: 3, B1: 1 }, rolls: { A1: 4, B1: 6 } })
    expect(r.at('A1')).toMatchObject({ speed: 0, durability: 13 })
    expect(r.at('B1')).toMatchObject({ speed: 1, durability: 15 })
  })

  it('TV-RB-15: the same speeds from the side give V + 2 = 5, from the rear 3', () => {
    const side = ram(3, 2, 5, [1, 1, 1, 1, 1, 1])
    expect(side.of('collision')[0]).toMatchObject({ direction: 'FR', damage: { A1: 4, B1: 4 } })
    const rear = ram(3, 2, 3, [1, 1, 1, 1, 1, 1])
    expect(rear.of('collision')[0]).toMatchObject({ direction: 'BB', damage: { A1: 2, B1: 2 } })
  })

  it('TV-RB-16: avoidance costs the mover 1 at speed 3 and 2 at speed 4; a target at speed 0 pays 1', () => {
    for (const [speed, pp] of [
      [3, 1],
      [4, 2],
    ] as const) {
      const a1 = makeAt({ id: 'A1', hex: [2, 0], facing: 3, speed })
      const b1 = makeAt({ id: 'B1', hex: [2, speed], facing: 0, speed: 0 })
      const r = act(makeState([a1, b1]), [])
      expect(r.of('collision')[0]).toMatchObject({ avoidedBy: 'A1', pp })
      expect(r.at('A1').actionPp).toBe(6 - pp)
    }
    const a1 = makeAt({ id: 'A1', hex: [2, 0], facing: 3, speed: 4 })
    const b1 = makeAt({ id: 'B1', hex: [2, 4], facing: 0, speed: 0 })
    const r = act(makeState([a1, b1]), [program('A1', 'F F F F', { collide: 'ram' })])
    expect(r.of('collision')[0]).toMatchObject({ avoidedBy: 'B1', pp: 1 })
    expect(r.at('B1').spentEnemyTurn).toBe(1)
  })

  it('TV-RB-17: turn ② at speed 3 moves 2 hexes ahead, rotates 60° and uses 2 MP', () => {
    const at = makeAt({ id: 'A1', hex: [2, 2], facing: 3, speed: 3 })
    const r = simulateProgram(makeState([at]), at, 3, steps('T2R F'))
    expect(r.errors).toEqual([])
    expect(r.path.slice(0, 2)).toEqual([
      { col: 2, row: 3 },
      { col: 2, row: 4 },
    ])
    expect(r.path[2]).toEqual({ col: 1, row: 4 })
    expect(r).toMatchObject({ facing: 4, mp: 3, pp: 0 })
    const alone = simulateProgram(makeState([at]), at, 3, steps('T2R'))
    expect(alone.mp).toBe(2)
  })

  it('TV-RB-18: speed 4, T1R T1R F F costs 2 action PP and 4 MP', () => {
    const at = makeAt({ id: 'A1', hex: [12, 1], facing: 3, speed: 4 })
    expect(simulateProgram(makeState([at]), at, 4, steps('T1R T1R F F'))).toMatchObject({ errors: [], pp: 2, mp: 4 })
  })

  it('TV-RB-19: at speed 0 a 120° turn on the spot costs 2 PP; 180° is illegal', () => {
    const at = makeAt({ id: 'A1', hex: [2, 2], facing: 3, speed: 0 })
    const state = makeState([at])
    expect(simulateProgram(state, at, 0, steps('SR120'))).toMatchObject({ errors: [], pp: 2, facing: 5 })
    const bad = checkProgram(
      state,
      'A',
      { kind: 'program', at: 'A1', steps: [{ op: 'S', side: 'R', deg: 180 as 60 }] },
      0,
      0,
    )
    expect(bad.map((e) => [e.rule, e.key])).toEqual([['RB-7.7', 'realbattle.move.spot180']])
  })

  it('TV-RB-20: speed +2 decelerating by 3 stops at 0, not −1', () => {
    const at = makeAt({ id: 'A1', speed: 2, at: { plan: { acc: 0, dec: 4, atk: 0, def: 0 } } })
    expect(speedChoices(makeScenario(), at)).toEqual([0])
    expect(act(makeState([at]), []).at('A1').speed).toBe(0)
  })

  it('TV-RB-21: max speed 5, load 6, weight 15, heavily damaged: max speed 2', () => {
    const at = makeAt({
      id: 'A1',
      speed: 1,
      durability: 8,
      weapons: [{ card: 'hmg', magazines: 2 }, { card: 'ss' }],
      at: { heavy: true, plan: { acc: 4, dec: 0, atk: 0, def: 0 } },
    })
    const scn = makeScenario()
    expect(totalWeight(scn, at)).toBe(15)
    expect(maxSpeed(scn, at)).toBe(2)
    expect(speedChoices(scn, at)).toEqual([2])
  })

  it('TV-RB-22: durability 8 of 16 is heavy damage, 9 is not', () => {
    const scn = makeScenario()
    expect(isHeavy(scn, makeAt({ id: 'A1', durability: 8 }))).toBe(true)
    expect(isHeavy(scn, makeAt({ id: 'A1', durability: 9 }))).toBe(false)
    // An obstacle at speed 4 with a die of 4 does 2 damage: 10 → 8 is heavy, 11 → 9 is not.
    const hit = (durability: number) =>
      act(makeState([makeAt({ id: 'A1', hex: [10, 3], facing: 3, speed: 4, durability })]), [], [4, 1, 1])
    expect(hit(10).of('heavy-damage')).toEqual([{ type: 'heavy-damage', ref: 'RB-20.1', at: 'A1', maxSpeed: 3 }])
    expect(hit(10).at('A1').heavy).toBe(true)
    expect(hit(11).of('heavy-damage')).toEqual([])
  })

  it('TV-RB-26: a confused AT (plan 7 > base 6) moves straight by its speed and does nothing else', () => {
    const over: Partial<At> = { confused: true, plan: { acc: 1, dec: 0, atk: 3, def: 3 }, actionPp: 0 }
    const at = makeAt({ id: 'A1', hex: [2, 2], facing: 3, speed: 2, weapons: [{ card: 'smoke' }], at: over })
    const state = makeState([at], { options: { turnLimit: 0, tabletopErrors: true, endOnFirstKill: false } })
    expect(speedChoices(state.scenario, at)).toEqual([2])
    const refused = checkProgram(state, 'A', program('A1', 'T1R SMOKE F'), 2, 0)
    expect(refused.map((e) => [e.rule, e.key])).toEqual([['RB-22.2', 'realbattle.move.confused']])
    const r = act(state, [program('A1', 'T1R SMOKE F')])
    expect(r.at('A1')).toMatchObject({ speed: 2, hex: { col: 2, row: 4 }, facing: 3 })
    expect(r.state.smoke).toEqual([])
    expect(r.events.map((e) => e.type)).toEqual(['move'])
  })

  it('TV-RB-33: a 6-tube launcher at 0 rounds reloads from the spare set for 6 PP: 6 rounds, weight −4', () => {
    const at = makeAt({
      id: 'A1',
      hex: [2, 2],
      weapons: [
        { card: 'ml6', ammo: 0 },
        { card: 'spare6', magazines: 1 },
      ],
      at: { actionPp: 6 },
    })
    const scn = makeScenario()
    const before = totalWeight(scn, at)
    const r = act(makeState([at]), [program('A1', 'RELOAD:ml6')])
    const after = r.at('A1')
    expect(after.weapons.find((w) => w.id === 'ml6')!.ammo).toBe(6)
    expect(after.actionPp).toBe(0)
    expect(before - totalWeight(scn, after)).toBe(4)
    expect(r.of('reload')).toEqual([{ type: 'reload', ref: 'RB-23-S9', at: 'A1', weapon: 'ml6' }])
    const poor = makeState([{ ...at, actionPp: 5 }])
    expect(checkProgram(poor, 'A', program('A1', 'RELOAD:ml6'), 0, 0).map((e) => e.params)).toEqual([
      { at: 'A1', step: 1, text: 'RELOAD ml6', need: 6, has: 5 },
    ])
  })
})
