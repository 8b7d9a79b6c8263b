// A-18 Beam Disruption screen (rules/abaoaqu.md §6, §4.3): range, the 7 covered hexes, what it
// nullifies, its lifetime and the Public's one shot.
import { describe, expect, it } from 'vitest'
import type { GameEvent } from '../../../src/engine/ruleset.js'
import { abaoaqu } from '../../../src/rulesets/abaoaqu/engine/index.js'
import type { Hex, Order, State } from '../../../src/rulesets/abaoaqu/engine/types.js'
import { sandbox, submit, unit, type Piece } from './harness.js'

type Attack = Extract<Order, { kind: 'attack' }>
const shoot = (units: string[], target: Attack['target']): Attack => ({ kind: 'attack', mode: 'shoot', units, target })
const close = (units: string[], target: Attack['target']): Attack => ({ kind: 'attack', mode: 'close', units, target })
const bd = (unitId: string, target: Hex): Order => ({ kind: 'bd', unit: unitId, target })
const p = (id: string, type: string, side: 'FED' | 'ZEON', hex: Hex, extra: Partial<Piece> = {}): Piece => ({
  id,
  type,
  side,
  hex,
  ...extra,
})
const rules = (s: State, seat: string, orders: Order[]) => abaoaqu.validate(s, seat, orders).map((e) => e.rule)
const ofType = (events: GameEvent[], type: string) => events.filter((e) => e.type === type)

const CENTRE: Hex = [20, 5]
// Odd-q neighbours of an even column: (c, r±1), (c±1, r-1), (c±1, r).
const AREA: Hex[] = [CENTRE, [20, 4], [20, 6], [19, 4], [19, 5], [21, 4], [21, 5]]
/** A sandbox with a BD marker on CENTRE placed in turn 1. */
const screened = (
  pieces: Piece[],
  step: State['step'] = 'attack-lead',
  options: Record<string, boolean> = {},
): State => ({ ...sandbox(pieces, step, options), bd: [{ hex: CENTRE, turn: 1 }] })

describe('A-18 BD launch', () => {
  it('A-18-3 the target hex must be within 10 hexes', () => {
    const s = sandbox([p('PB1', 'PA(BD)', 'FED', [5, 0]), p('ZK1', 'ZK', 'ZEON', [5, 9])], 'attack-lead')
    expect(rules(s, 'FED', [bd('PB1', [5, 10])])).toEqual([])
    expect(rules(s, 'FED', [bd('PB1', [5, 11])])).toEqual(['A-18-3'])
  })

  it('A-18-3 a hit places a marker at once: a beam attack declared after it in the same phase has no effect', () => {
    const s = sandbox(
      [p('PB1', 'PA(BD)', 'FED', [20, 0]), p('GM1', 'GM', 'FED', [20, 8]), p('ZK1', 'ZK', 'ZEON', CENTRE)],
      'attack-lead',
    )
    const declared = submit(s, 'FED', [bd('PB1', CENTRE), shoot(['GM1'], { unit: 'ZK1' })], [1])
    expect(ofType(declared.events, 'bd-launch')).toMatchObject([{ ref: 'A-18-3', unit: 'PB1', roll: 1, hit: true }])
    expect(declared.state.bd).toEqual([{ hex: CENTRE, turn: 1 }])
    expect(unit(declared.state, 'PB1').face).toBe('back')
    const r = submit(declared.state, 'ZEON', [], [6, 6, 6])
    const attack = ofType(r.events, 'attack').find((e) => (e.attackers as string[]).includes('GM1'))!
    expect(attack).toMatchObject({ ref: 'A-18-5', outcome: 'no effect', attackTotal: 0 })
    expect(unit(r.state, 'ZK1')).toMatchObject({ at: 'map', morale: 'N' })
  })

  it("AMB-A-19 firing is the Public's shooting attack: it fires once and makes no other attack", () => {
    const s = sandbox([p('PB1', 'PA(BD)', 'FED', [20, 0]), p('ZK1', 'ZK', 'ZEON', [20, 0])], 'attack-lead')
    expect(rules(s, 'FED', [bd('PB1', CENTRE), shoot(['PB1'], { unit: 'ZK1' })])).not.toEqual([])
    expect(rules(s, 'FED', [bd('PB1', CENTRE), bd('PB1', [20, 6])])).not.toEqual([])
    const fired = sandbox(
      [p('PB1', 'PA(BD)', 'FED', [20, 0], { face: 'back' }), p('ZK1', 'ZK', 'ZEON', [20, 0])],
      'attack-lead',
    )
    expect(rules(fired, 'FED', [bd('PB1', CENTRE)])).toEqual(['A-18-3'])
  })

  it('A-18-3 the follow-up side may launch too, before its return fire', () => {
    const s = sandbox([p('PB1', 'PA(BD)', 'ZEON', [20, 0]), p('GM1', 'GM', 'FED', [20, 1])], 'attack-follow')
    const r = submit(s, 'ZEON', [bd('PB1', CENTRE)], [4])
    expect(ofType(r.events, 'bd-launch')).toMatchObject([{ roll: 4, hit: true }])
    expect(r.state.bd).toEqual([{ hex: CENTRE, turn: 1 }])
  })
})

describe('A-18 BD area', () => {
  const shooter = p('GD1', 'GD', 'FED', [23, 5]) // beam, Attack vs MS 6: every area hex is 2-4 away

  it('AMB-A-20 the screen covers the target hex and the six around it: beam fire into any of them is refused', () => {
    const zakus = AREA.map((h, i) => p(`ZK${i + 1}`, 'ZK', 'ZEON', h))
    const s = screened([shooter, ...zakus, p('ZK8', 'ZK', 'ZEON', [22, 5])])
    for (const z of zakus) expect(rules(s, 'FED', [shoot(['GD1'], { unit: z.id })]), z.id).toEqual(['A-18-5'])
    expect(rules(s, 'FED', [shoot(['GD1'], { unit: 'ZK8' })])).toEqual([]) // two hexes from the centre
  })

  it('AMB-A-20 option bdCoversCentre=false: only the ring of six', () => {
    const s = screened([shooter, p('ZK1', 'ZK', 'ZEON', CENTRE), p('ZK2', 'ZK', 'ZEON', [21, 5])], 'attack-lead', {
      bdCoversCentre: false,
    })
    expect(rules(s, 'FED', [shoot(['GD1'], { unit: 'ZK1' })])).toEqual([])
    expect(rules(s, 'FED', [shoot(['GD1'], { unit: 'ZK2' })])).toEqual(['A-18-5'])
  })

  it('A-18-5 beam fire out of the area is nullified too', () => {
    const s = screened([p('GM1', 'GM', 'FED', [20, 6]), p('ZK1', 'ZK', 'ZEON', [20, 8])])
    expect(rules(s, 'FED', [shoot(['GM1'], { unit: 'ZK1' })])).toEqual(['A-18-5'])
  })

  it('A-18-5 missile and normal weapons fire into the area at full value', () => {
    const s = screened([p('BL1', 'BL', 'FED', [20, 8]), p('TM1', 'TM', 'FED', [20, 7]), p('ZK1', 'ZK', 'ZEON', CENTRE)])
    const r = submit(s, 'FED', [shoot(['BL1'], { unit: 'ZK1' }), shoot(['TM1'], { unit: 'ZK1' })])
    expect(ofType(r.events, 'declare').map((e) => [e.attackers, e.attackTotal])).toEqual([
      [['BL1'], 1],
      [['TM1'], 1],
    ])
  })

  it('AMB-A-16 fire that only passes through the area is not affected', () => {
    const s = screened([p('GM1', 'GM', 'FED', [20, 3]), p('ZK1', 'ZK', 'ZEON', [20, 7])])
    const r = submit(s, 'FED', [shoot(['GM1'], { unit: 'ZK1' })])
    expect(ofType(r.events, 'declare')[0]).toMatchObject({ attackTotal: 1 })
  })

  it('AMB-A-16 close combat inside the area is not affected', () => {
    const s = screened([p('GM1', 'GM', 'FED', CENTRE), p('ZK1', 'ZK', 'ZEON', CENTRE)])
    const r = submit(s, 'FED', [close(['GM1'], { unit: 'ZK1' })])
    expect(ofType(r.events, 'declare')[0]).toMatchObject({ mode: 'close', attackTotal: 5 })
  })

  it('A-18-5 in a mixed group the beam unit adds 0 and the others keep their contribution', () => {
    const s = screened([p('GM1', 'GM', 'FED', [20, 8]), p('BL1', 'BL', 'FED', [20, 8]), p('ZK1', 'ZK', 'ZEON', CENTRE)])
    expect(rules(s, 'FED', [shoot(['GM1', 'BL1'], { unit: 'ZK1' })])).toEqual([])
    const r = submit(s, 'FED', [shoot(['GM1', 'BL1'], { unit: 'ZK1' })])
    expect(ofType(r.events, 'declare')[0]).toMatchObject({ attackers: ['GM1', 'BL1'], attackTotal: 1 })
  })

  it('A-18-6 a marker placed in turn 1 stands through turn 5 and is removed at the start of turn 6', () => {
    const idle = [p('FB1', 'FC(B)', 'FED', [5, 5]), p('FB2', 'FC(B)', 'ZEON', [40, 5])]
    const s = screened(idle, 'move')
    const r = submit(s, 'FED', [])
    const expiries = ofType(r.events, 'bd-expire')
    expect(expiries).toMatchObject([{ ref: 'A-18-6', turn: 6, hex: CENTRE, placed: 1 }])
    const turn6 = r.events.findIndex((e) => e.type === 'turn' && e.turn === 6)
    expect(r.events.indexOf(expiries[0]!)).toBeLessThan(turn6) // at the start of turn 6, before its phases
    expect(r.state.bd).toEqual([])
  })
})
