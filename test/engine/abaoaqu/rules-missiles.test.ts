// A-15 Large missiles and A-16 the Satellite Missile (rules/abaoaqu.md §6), with scripted dice.
import { describe, expect, it } from 'vitest'
import type { GameEvent } from '../../../src/engine/ruleset.js'
import { abaoaqu } from '../../../src/rulesets/abaoaqu/engine/index.js'
import type { Hex, Order, State } from '../../../src/rulesets/abaoaqu/engine/types.js'
import { newGame, sandbox, submit, unit, type Piece } from './harness.js'

type Attack = Extract<Order, { kind: 'attack' }>
const shoot = (units: string[], target: Attack['target']): Attack => ({ kind: 'attack', mode: 'shoot', units, target })
const p = (id: string, type: string, side: 'FED' | 'ZEON', hex: Hex, extra: Partial<Piece> = {}): Piece => ({
  id,
  type,
  side,
  hex,
  ...extra,
})
const ofType = (events: GameEvent[], type: string) => events.filter((e) => e.type === type)
const rules = (s: State, seat: string, orders: Order[]) => abaoaqu.validate(s, seat, orders).map((e) => e.rule)
const SIXES = [6, 6, 6, 6, 6, 6]

describe('A-15 large missiles', () => {
  it('A-15-3 a Musai fires its large missile (Attack vs Ship 14) and flips as soon as it is declared', () => {
    const s = sandbox([p('MU1', 'MU', 'ZEON', [5, 5]), p('SA1', 'SA', 'FED', [5, 6])], 'attack-follow')
    const r = submit(s, 'ZEON', [shoot(['MU1'], { unit: 'SA1' })], [1, ...SIXES])
    const declare = ofType(r.events, 'declare')[0]!
    const flip = ofType(r.events, 'flip')[0]!
    const attack = ofType(r.events, 'attack')[0]!
    expect(declare).toMatchObject({ attackTotal: 13, defenceTotal: 6, base: '2:1' }) // 14 - 1 hex
    expect(flip).toMatchObject({ ref: 'A-15-3', unit: 'MU1' })
    expect(r.events.indexOf(flip)).toBeLessThan(r.events.indexOf(attack))
    expect(unit(r.state, 'MU1').face).toBe('back')
  })

  it('A-15-3 afterwards the Musai uses its back values (Attack vs Ship 6) and does not flip again', () => {
    const s = sandbox([p('MU1', 'MU', 'ZEON', [5, 5]), p('SA1', 'SA', 'FED', [5, 6])], 'attack-follow')
    const first = submit(s, 'ZEON', [shoot(['MU1'], { unit: 'SA1' })], [1, ...SIXES]) // 2:1, 1: no effect
    expect([first.state.half, first.state.step]).toEqual([2, 'move'])
    const lead = submit(first.state, 'ZEON', []).state
    const r = submit(lead, 'ZEON', [shoot(['MU1'], { unit: 'SA1' })])
    expect(ofType(r.events, 'declare')[0]).toMatchObject({ attackTotal: 5, base: '1:2' })
    expect(ofType(r.events, 'flip')).toEqual([])
  })

  it('A-15-3 [D] the first attack of any kind spends the large missile: a Musai shooting a GM flips too', () => {
    const s = sandbox([p('MU1', 'MU', 'ZEON', [5, 5]), p('GM1', 'GM', 'FED', [5, 5])], 'attack-follow')
    const r = submit(s, 'ZEON', [shoot(['MU1'], { unit: 'GM1' })], [1, ...SIXES])
    expect(ofType(r.events, 'declare')[0]).toMatchObject({ attackTotal: 6 }) // Attack vs MS 3, doubled
    expect(unit(r.state, 'MU1').face).toBe('back')
  })

  it('A-15-3 a lead-off Public flips at declaration, before the damage check resolves its 14 vs ship', () => {
    const s = sandbox([p('PA1', 'PA', 'FED', [5, 5]), p('MU1', 'MU', 'ZEON', [5, 7])], 'attack-lead')
    const declared = submit(s, 'FED', [shoot(['PA1'], { unit: 'MU1' })])
    expect(ofType(declared.events, 'flip')).toMatchObject([{ unit: 'PA1' }])
    expect(unit(declared.state, 'PA1').face).toBe('back')
    const r = submit(declared.state, 'ZEON', [], [1, ...SIXES])
    expect(ofType(r.events, 'attack')[0]).toMatchObject({
      attackers: ['PA1'],
      attackTotal: 12,
      defenceTotal: 6,
      column: '2:1',
    })
  })

  it("A-15 the Public's large missile has no value against MS (Attack vs MS 0: out of range)", () => {
    const s = sandbox([p('PA1', 'PA', 'FED', [5, 5]), p('ZK1', 'ZK', 'ZEON', [5, 6])], 'attack-lead')
    expect(rules(s, 'FED', [shoot(['PA1'], { unit: 'ZK1' })])).toEqual(['A-7-3b'])
  })

  it('AMB-A-17 option largeMissileFlip=resolution: the Public flips only when its attack resolves', () => {
    const s = sandbox([p('PA1', 'PA', 'FED', [5, 5]), p('MU1', 'MU', 'ZEON', [5, 7])], 'attack-lead', {
      largeMissileFlip: 'resolution',
    })
    const declared = submit(s, 'FED', [shoot(['PA1'], { unit: 'MU1' })])
    expect(ofType(declared.events, 'flip')).toEqual([])
    expect(unit(declared.state, 'PA1').face).toBe('front')
    const r = submit(declared.state, 'ZEON', [], [1, ...SIXES])
    const attack = ofType(r.events, 'attack').find((e) => (e.attackers as string[]).includes('PA1'))!
    const flip = ofType(r.events, 'flip')[0]!
    expect(attack).toMatchObject({ attackTotal: 12 })
    expect(flip).toMatchObject({ unit: 'PA1' })
    expect(unit(r.state, 'PA1').face).toBe('back')
  })
})

describe('A-16 Satellite Missile', () => {
  // Zeon leads off here; its missile stands three hexes from a hex with a GM, a Salamis and a Zaku.
  const field = (options: Record<string, string> = {}, extra: Piece[] = []): State => ({
    ...sandbox(
      [
        p('SM1', 'SM', 'ZEON', [20, 2]),
        p('GM1', 'GM', 'FED', [20, 5]),
        p('SA1', 'SA', 'FED', [20, 5]),
        p('ZK1', 'ZK', 'ZEON', [20, 5]),
        ...extra,
      ],
      'move',
      options,
    ),
    leadOff: 'ZEON',
  })

  it('A-S7 has two Satellite Missiles in the Zeon roster', () => {
    const sms = newGame('A-S7').units.filter((u) => u.type === 'SM')
    expect(sms.map((u) => u.side)).toEqual(['ZEON', 'ZEON'])
  })

  it('A-16-2/A-16-5 it moves into an enemy hex and attacks all there, friend or foe: 10 vs MS, 20 vs ship', () => {
    const moved = submit(field(), 'ZEON', [{ kind: 'move', units: ['SM1'], to: [20, 5] }])
    expect(unit(moved.state, 'SM1')).toMatchObject({ at: 'map', hex: [20, 5] })
    const declared = submit(moved.state, 'ZEON', [])
    const sm = ofType(declared.events, 'declare').filter((e) => e.mode === 'sm')
    expect(sm.map((e) => [e.ref, e.targets, e.attackTotal, e.defenceTotal, e.base])).toEqual([
      ['A-16-5', ['GM1'], 10, 3, '3:1'],
      ['A-16-5', ['SA1'], 20, 6, '3:1'], // A-9-4 does not protect the Salamis
      ['A-16-5', ['ZK1'], 10, 2, '5:1'],
    ])
    const r = submit(declared.state, 'FED', [], [1, 1, 1, ...SIXES])
    const results = ofType(r.events, 'attack').filter((e) => e.mode === 'sm')
    expect(results.map((e) => [e.ref, e.table, e.roll, (e.results as Array<{ result: string }>)[0]!.result])).toEqual([
      ['A-16-4', 'ABQ-CC', 1, 'C'],
      ['A-16-4', 'ABQ-CC', 1, 'C'],
      ['A-16-4', 'ABQ-CC', 1, 'D'],
    ])
    expect(ofType(r.events, 'sm-spent')).toMatchObject([{ ref: 'A-16-2', unit: 'SM1' }])
    expect(unit(r.state, 'SM1').at).toBe('gone')
  })

  it('AMB-A-18 option smTargets=enemies: only the enemy units are attacked', () => {
    const moved = submit(field({ smTargets: 'enemies' }), 'ZEON', [{ kind: 'move', units: ['SM1'], to: [20, 5] }])
    const declared = submit(moved.state, 'ZEON', [])
    expect(
      ofType(declared.events, 'declare')
        .filter((e) => e.mode === 'sm')
        .map((e) => e.targets),
    ).toEqual([['GM1'], ['SA1']])
  })

  it('A-16-5 defender pilot shifts apply against the missile, which has no pilot', () => {
    const moved = submit(field({}, [p('GD1', 'GD', 'FED', [23, 3])]), 'ZEON', [
      { kind: 'move', units: ['SM1'], to: [23, 3] },
    ])
    const declared = submit(moved.state, 'ZEON', [])
    const r = submit(declared.state, 'FED', [], [6, ...SIXES])
    const a = ofType(r.events, 'attack').find((e) => e.mode === 'sm')!
    expect(a).toMatchObject({ targets: ['GD1'], base: '1:1', attackerShift: 0, defenderShift: 3, column: '1:4' })
  })

  it('A-16-2 a missile that ends its move with no enemy in its hex is removed at the end of movement', () => {
    const r = submit(field(), 'ZEON', [{ kind: 'move', units: ['SM1'], to: [20, 3] }])
    expect(ofType(r.events, 'sm-spent')).toMatchObject([{ ref: 'A-16-2', unit: 'SM1' }])
    expect(unit(r.state, 'SM1').at).toBe('gone')
    expect(r.state.step).toBe('attack-lead')
  })

  // Entering is the missile's one move (A-4-6b: the entry hex is the first hex of the move), so the
  // house MP must carry it from the entry row to its targets (docs/abaoaqu.md decision 15).
  it('A-S7: entering on the top row, a missile reaches and attacks every hex the Luna Two defence sets up in', () => {
    const s = newGame('A-S7', { deployment: 'auto' })
    expect([s.turn, s.step, abaoaqu.pending(s)[0]!.side]).toEqual([1, 'move', 'ZEON'])
    const sm = s.units.find((u) => u.type === 'SM')!
    expect(sm).toMatchObject({ at: 'reserve', enterTurn: 1 })
    const reach = new Set(
      abaoaqu
        .options(s, 'ZEON')
        .units.find((u) => u.id === sm.id)!
        .moves.map((h) => `${h[0]},${h[1]}`),
    )
    const defence = s.units.filter((u) => u.side === 'FED' && u.at === 'map')
    expect(defence.length).toBeGreaterThan(0)
    expect(defence.filter((u) => !reach.has(`${u.hex![0]},${u.hex![1]}`)).map((u) => u.id)).toEqual([])
    for (let col = 0; col < s.scenario.map.cols; col++) {
      for (let row = 10; row <= 13; row++)
        expect(rules(s, 'ZEON', [{ kind: 'move', units: [sm.id], to: [col, row] }]), `${col},${row}`).toEqual([])
    }
    const target = defence.find((u) => u.hex![1] === 13)!
    const here = defence.filter((u) => u.hex![0] === target.hex![0] && u.hex![1] === target.hex![1]).map((u) => u.id)
    let r = submit(s, 'ZEON', [{ kind: 'move', units: [sm.id], to: target.hex! }])
    const events = [...r.events]
    if (r.state.step === 'attack-lead') {
      r = submit(r.state, 'ZEON', [])
      events.push(...r.events)
    }
    const attacks = ofType(events, 'declare').filter((e) => e.mode === 'sm')
    expect(attacks.map((e) => (e.targets as string[])[0])).toEqual(here)
    expect(attacks.every((e) => (e.attackers as string[])[0] === sm.id)).toBe(true)
  })

  it('A-16-2 a missile is never ordered to attack: it attacks by moving', () => {
    const s: State = {
      ...field(),
      step: 'attack-lead',
      units: field().units.map((u) => (u.id === 'SM1' ? { ...u, hex: [20, 5] as Hex } : u)),
    }
    expect(rules(s, 'ZEON', [{ kind: 'attack', mode: 'close', units: ['SM1'], target: { unit: 'GM1' } }])).toContain(
      'A-16-2',
    )
    expect(rules(s, 'ZEON', [shoot(['SM1'], { unit: 'GM1' })])).toContain('A-16-2')
  })
})
