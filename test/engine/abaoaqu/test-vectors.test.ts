// The spec's test vectors TV-A-01 … TV-A-25 (rules/abaoaqu.md §11).
import { describe, expect, it } from 'vitest'
import { expiredMarkers } from '../../../src/rulesets/abaoaqu/engine/bd-screen.js'
import { planClose, planShoot, planSm } from '../../../src/rulesets/abaoaqu/engine/combat.js'
import { recoversOn } from '../../../src/rulesets/abaoaqu/engine/morale.js'
import { groupPilotShift, usedShift } from '../../../src/rulesets/abaoaqu/engine/pilots.js'
import { finalColumn, lookup, ratioIndex, ratioLabel } from '../../../src/rulesets/abaoaqu/engine/tables.js'
import type { Order, Pilot } from '../../../src/rulesets/abaoaqu/engine/types.js'
import { sandbox, submit, unit } from './harness.js'

type Attack = Extract<Order, { kind: 'attack' }>
const shoot = (units: string[], target: Attack['target'], hex?: [number, number]): Attack => ({
  kind: 'attack',
  mode: 'shoot',
  units,
  target,
  ...(hex ? { hex } : {}),
})
const close = (units: string[], target: Attack['target']): Attack => ({ kind: 'attack', mode: 'close', units, target })

function plannedLabel(result: ReturnType<typeof planShoot>): string {
  if (!result.ok) throw new Error(JSON.stringify(result.errors))
  return ratioLabel(result.plan.base!)
}

function shiftOf(pilots: Pilot[], role: 'attack' | 'defence', defenceOnly = false): number {
  return usedShift(
    groupPilotShift(
      pilots.map((pilot) => ({ pilot, defenceOnly })),
      role,
    ),
    undefined,
  )
}

describe('A-Bao-A-Qu test vectors', () => {
  it('TV-A-01 Gelgoog (6) shoots a Ball (Def 2) at 3 hexes: 3:2 rounds to 1:1', () => {
    const s = sandbox([
      { id: 'GE1', type: 'GE', side: 'ZEON', hex: [5, 5] },
      { id: 'BL1', type: 'BL', side: 'FED', hex: [8, 5] },
    ])
    const r = planShoot(s, 'ZEON', shoot(['GE1'], { unit: 'BL1' }), true)
    expect(r.ok && r.plan.attack).toBe(3)
    expect(plannedLabel(r)).toBe('1:1')
  })

  it('TV-A-02 two stacked attackers (5 and 4) at 3 hexes on Def 3: 2 + 1 = 3, 1:1', () => {
    const s = sandbox([
      { id: 'GM1', type: 'GM', side: 'FED', hex: [5, 5] },
      { id: 'BL1', type: 'BL', side: 'FED', hex: [5, 5] },
      { id: 'RD1', type: 'RD', side: 'ZEON', hex: [8, 5] },
    ])
    const r = planShoot(s, 'FED', shoot(['GM1', 'BL1'], { unit: 'RD1' }), true)
    expect(r.ok && r.plan.contributions).toEqual({ GM1: 2, BL1: 1 })
    expect(plannedLabel(r)).toBe('1:1')
  })

  it('TV-A-03 one attacker (6) at 2 hexes on a stack of Def 3 + 2: 4:5 rounds to 1:2', () => {
    const s = sandbox([
      { id: 'GE1', type: 'GE', side: 'ZEON', hex: [5, 5] },
      { id: 'GM1', type: 'GM', side: 'FED', hex: [7, 5] },
      { id: 'BL1', type: 'BL', side: 'FED', hex: [7, 5] },
    ])
    const r = planShoot(s, 'ZEON', shoot(['GE1'], { group: 'MS' }, [7, 5]), true)
    expect(r.ok && [r.plan.attack, r.plan.defence]).toEqual([4, 5])
    expect(plannedLabel(r)).toBe('1:2')
  })

  it('TV-A-04 GM (5) in close combat with a Jikko (2): 10:2 = 5:1', () => {
    const s = sandbox([
      { id: 'GM1', type: 'GM', side: 'FED', hex: [5, 5] },
      { id: 'JI1', type: 'JI', side: 'ZEON', hex: [5, 5] },
    ])
    const r = planClose(s, 'FED', close(['GM1'], { unit: 'JI1' }))
    expect(r.ok && [r.plan.attack, r.plan.defence]).toEqual([10, 2])
    expect(plannedLabel(r)).toBe('5:1')
  })

  it('TV-A-05 Zaku (vs ship 3) in close combat with a Salamis (3): 6:3 = 2:1', () => {
    const s = sandbox([
      { id: 'ZK1', type: 'ZK', side: 'ZEON', hex: [5, 5] },
      { id: 'SA1', type: 'SA', side: 'FED', hex: [5, 5] },
    ])
    const r = planClose(s, 'ZEON', close(['ZK1'], { unit: 'SA1' }))
    expect(r.ok && [r.plan.attack, r.plan.defence]).toEqual([6, 3])
    expect(plannedLabel(r)).toBe('2:1')
  })

  it('TV-A-06 GM (5) close-attacks a confused Rick Dom (5): 1:1 and +1 to the die', () => {
    const s = sandbox([
      { id: 'GM1', type: 'GM', side: 'FED', hex: [5, 5] },
      { id: 'RD1', type: 'RD', side: 'ZEON', hex: [5, 5], morale: 'C' },
    ])
    // The confused Rick Dom cannot return fire, so the follow-up phase passes and the damage
    // check rolls the GM's attack at once: the scripted 3.
    const r = submit(s, 'FED', [close(['GM1'], { unit: 'RD1' })], [3])
    const declared = r.events.find((e) => e.type === 'declare')!
    expect(declared.base).toBe('1:1')
    const attack = r.events.find((e) => e.type === 'attack' && e.attack === declared.attack)!
    expect(attack.roll).toBe(3)
    expect(attack.column).toBe('1:1')
    expect(attack.results).toEqual([{ unit: 'RD1', modifier: 1, result: 'D' }]) // close combat 1:1, 3 + 1 = 4: D
  })

  it('TV-A-07 Ball (4, halved to 2) in close combat with a Zaku (5): 1:3', () => {
    const s = sandbox([
      { id: 'BL1', type: 'BL', side: 'FED', hex: [5, 5] },
      { id: 'ZK1', type: 'ZK', side: 'ZEON', hex: [5, 5] },
    ])
    const r = planClose(s, 'FED', close(['BL1'], { unit: 'ZK1' }))
    expect(r.ok && [r.plan.attack, r.plan.defence]).toEqual([2, 5])
    expect(plannedLabel(r)).toBe('1:3')
  })

  it('TV-A-08 an N3 attacker turns 1:3 into 2:1', () => {
    expect(ratioLabel(finalColumn(-2, shiftOf(['N3'], 'attack'))!)).toBe('2:1')
  })

  it('TV-A-09 an N3 defender turns 4:1 into 1:1', () => {
    expect(ratioLabel(finalColumn(3, -shiftOf(['N3'], 'defence'))!)).toBe('1:1')
  })

  it('TV-A-10a Zeong N2 attacking Gundam N3 at the printed 1:1 ends at 1:2', () => {
    const shift = shiftOf(['N2'], 'attack') - shiftOf(['N3'], 'defence')
    expect(shift).toBe(-1)
    expect(ratioLabel(finalColumn(0, shift)!)).toBe('1:2')
  })

  it('TV-A-10b 7:8 is 1:2 by the strict rule (11-4 prints 1:1: erratum AMB-A-7), 1:3 after shifts', () => {
    expect(ratioLabel(ratioIndex(7, 8)!)).toBe('1:2')
    expect(ratioLabel(finalColumn(ratioIndex(7, 8)!, -1)!)).toBe('1:3')
    expect(ratioLabel(ratioIndex(7, 8, 'nearest')!)).toBe('1:1') // the option that follows the example
  })

  it('TV-A-11 Gundam N3 (6) on a student Zaku (Def 2): 3:1 shifted +4 to 7:1', () => {
    const s = sandbox([
      { id: 'GD1', type: 'GD', side: 'FED', hex: [5, 5] },
      { id: 'ZK1', type: 'ZK', side: 'ZEON', hex: [5, 5], pilot: 'S' },
    ])
    const r = planShoot(s, 'FED', shoot(['GD1'], { unit: 'ZK1' }), true)
    if (!r.ok) throw new Error('refused')
    expect(ratioLabel(ratioIndex(6, r.plan.defence)!)).toBe('3:1') // distance ignored in the example: A = 6
    const shift = usedShift(r.plan.attackerShift, undefined) - usedShift(r.plan.defenderShift, undefined)
    expect(shift).toBe(4)
    expect(ratioLabel(finalColumn(ratioIndex(6, 2)!, shift)!)).toBe('7:1')
  })

  it('TV-A-12 a student GM (5) on an elite Rick Dom (Def 3): 1:1 shifted -2 to 1:3', () => {
    const shift = shiftOf(['S'], 'attack') - shiftOf(['E'], 'defence')
    expect(shift).toBe(-2)
    expect(ratioLabel(finalColumn(ratioIndex(5, 3)!, shift)!)).toBe('1:3')
  })

  it('TV-A-13 Zeong N2 (7) in close combat with a student GM (5): 1:1 shifted +3 to 4:1', () => {
    const s = sandbox([
      { id: 'ZI1', type: 'ZI', side: 'ZEON', hex: [5, 5] },
      { id: 'GM1', type: 'GM', side: 'FED', hex: [5, 5], pilot: 'S' },
    ])
    const r = planClose(s, 'ZEON', close(['ZI1'], { unit: 'GM1' }))
    if (!r.ok) throw new Error('refused')
    expect([r.plan.attack, r.plan.defence]).toEqual([7, 5])
    const shift = usedShift(r.plan.attackerShift, undefined) - usedShift(r.plan.defenderShift, undefined)
    expect(ratioLabel(finalColumn(r.plan.base!, shift)!)).toBe('4:1')
  })

  it('TV-A-14 a student Zaku (5) in close combat with a regular Ball (2 after halving): 2:1 shifted to 1:1', () => {
    const s = sandbox([
      { id: 'ZK1', type: 'ZK', side: 'ZEON', hex: [5, 5], pilot: 'S' },
      { id: 'BL1', type: 'BL', side: 'FED', hex: [5, 5] },
    ])
    const r = planClose(s, 'ZEON', close(['ZK1'], { unit: 'BL1' }))
    if (!r.ok) throw new Error('refused')
    expect([r.plan.attack, r.plan.defence]).toEqual([5, 2])
    const shift = usedShift(r.plan.attackerShift, undefined) - usedShift(r.plan.defenderShift, undefined)
    expect(ratioLabel(finalColumn(r.plan.base!, shift)!)).toBe('1:1')
  })

  it('TV-A-15 a student attacker at 1:1 gets 1:2; a student defender at 2:1 gives 3:1', () => {
    expect(ratioLabel(finalColumn(0, shiftOf(['S'], 'attack'))!)).toBe('1:2')
    expect(ratioLabel(finalColumn(1, -shiftOf(['S'], 'defence'))!)).toBe('3:1')
  })

  it('TV-A-16 group pilot values E+E, E+S, S+S, N3+E, N3+S, N2+E, N2+S', () => {
    const groups: Pilot[][] = [
      ['E', 'E'],
      ['E', 'S'],
      ['S', 'S'],
      ['N3', 'E'],
      ['N3', 'S'],
      ['N2', 'E'],
      ['N2', 'S'],
    ]
    expect(groups.map((g) => shiftOf(g, 'attack'))).toEqual([1, 0, -1, 3, 2, 2, 1])
  })

  it('TV-A-17 elite against elite and student against student cancel out', () => {
    expect(shiftOf(['E'], 'attack') - shiftOf(['E'], 'defence')).toBe(0)
    expect(shiftOf(['S'], 'attack') - shiftOf(['S'], 'defence')).toBe(0)
  })

  it('TV-A-18 White Base counts its N2 only when it defends', () => {
    const s = sandbox([
      { id: 'WB1', type: 'WB', side: 'FED', hex: [5, 5] },
      { id: 'ZK1', type: 'ZK', side: 'ZEON', hex: [6, 5] },
    ])
    const attacking = planShoot(s, 'FED', shoot(['WB1'], { unit: 'ZK1' }), true)
    const attacked = planShoot(s, 'ZEON', shoot(['ZK1'], { unit: 'WB1' }), true)
    if (!attacking.ok || !attacked.ok) throw new Error('refused')
    expect(usedShift(attacking.plan.attackerShift, undefined)).toBe(0)
    expect(-usedShift(attacked.plan.defenderShift, undefined)).toBe(-2)
  })

  it('TV-A-19 recovery: C recovers on 4 not 5, D on 3 not 4', () => {
    expect([recoversOn('C', 4), recoversOn('C', 5), recoversOn('D', 3), recoversOn('D', 4)]).toEqual([
      true,
      false,
      true,
      false,
    ])
  })

  it('TV-A-20 BD launch: 4 hits, 5 misses, and the Public flips either way', () => {
    for (const [face, hit] of [
      [4, true],
      [5, false],
    ] as const) {
      const s = sandbox([
        { id: 'PB1', type: 'PA(BD)', side: 'FED', hex: [5, 5] },
        { id: 'ZK1', type: 'ZK', side: 'ZEON', hex: [9, 5] },
      ])
      const r = submit(s, 'FED', [{ kind: 'bd', unit: 'PB1', target: [9, 5] }], [face])
      const launch = r.events.find((e) => e.type === 'bd-launch')!
      expect(launch).toMatchObject({ roll: face, hit })
      expect(unit(r.state, 'PB1').face).toBe('back')
      expect(r.state.bd.length).toBe(hit ? 1 : 0)
    }
  })

  it('TV-A-21 a BD marker placed in turn 3 is active through turn 7 and removed at the start of turn 8', () => {
    const s = { ...sandbox([]), bd: [{ hex: [5, 5] as [number, number], turn: 3 }] }
    expect(expiredMarkers(s, 7)).toEqual([])
    expect(expiredMarkers(s, 8)).toHaveLength(1)
  })

  it('TV-A-22 Zaku (5) shoots a GM (Def 3) in its own hex: doubled to 10, 10:3 = 3:1', () => {
    const s = sandbox([
      { id: 'ZK1', type: 'ZK', side: 'ZEON', hex: [5, 5] },
      { id: 'GM1', type: 'GM', side: 'FED', hex: [5, 5] },
    ])
    const r = planShoot(s, 'ZEON', shoot(['ZK1'], { unit: 'GM1' }), true)
    expect(r.ok && r.plan.attack).toBe(10)
    expect(plannedLabel(r)).toBe('3:1')
  })

  it('TV-A-23 Satellite Missile on a Zaku (Def 2) 5:1, on a Salamis (Def 6) 3:1, close-combat table', () => {
    const s = sandbox([
      { id: 'SM1', type: 'SM', side: 'ZEON', hex: [5, 5] },
      { id: 'ZK1', type: 'ZK', side: 'FED', hex: [5, 5] },
      { id: 'SA1', type: 'SA', side: 'FED', hex: [5, 5] },
    ])
    const sm = unit(s, 'SM1')
    expect(ratioLabel(planSm(s, sm, unit(s, 'ZK1')).base!)).toBe('5:1')
    expect(ratioLabel(planSm(s, sm, unit(s, 'SA1')).base!)).toBe('3:1')
  })

  it('TV-A-24 1:1, roll 6 against a D target: modified 8 gives X', () => {
    const s = sandbox([])
    expect(lookup(s.scenario.tables.shoot, 0, 6 + 2)).toBe('X')
  })

  it('TV-A-25 11:4 rounds to 2:1 and 4:9 to 1:3', () => {
    expect(ratioLabel(ratioIndex(11, 4)!)).toBe('2:1')
    expect(ratioLabel(ratioIndex(4, 9)!)).toBe('1:3')
  })
})
