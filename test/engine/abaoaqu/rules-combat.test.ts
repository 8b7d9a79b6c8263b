// Combat (rules/abaoaqu.md §4) and the results of §5.3, with scripted dice.
// Zeon's attacks in the follow-up phase (attack-follow) resolve at once (A-3-3a); trailing 6s
// keep any later recovery rolls from changing the states under test.
import { describe, expect, it } from 'vitest'
import type { GameEvent } from '../../../src/engine/ruleset.js'
import { abaoaqu } from '../../../src/rulesets/abaoaqu/engine/index.js'
import type { Hex, Order, State } from '../../../src/rulesets/abaoaqu/engine/types.js'
import { sandbox, submit, unit, type Piece } from './harness.js'

type Attack = Extract<Order, { kind: 'attack' }>
const shoot = (units: string[], target: Attack['target'], hex?: Hex): Attack => ({
  kind: 'attack',
  mode: 'shoot',
  units,
  target,
  ...(hex ? { hex } : {}),
})
const close = (units: string[], target: Attack['target']): Attack => ({ kind: 'attack', mode: 'close', units, target })
const rules = (s: State, seat: string, orders: Order[]) => abaoaqu.validate(s, seat, orders).map((e) => e.rule)
const p = (id: string, type: string, side: 'FED' | 'ZEON', hex: Hex, extra: Partial<Piece> = {}): Piece => ({
  id,
  type,
  side,
  hex,
  ...extra,
})
const attacks = (events: GameEvent[]) => events.filter((e) => e.type === 'attack')
const declares = (events: GameEvent[]) => events.filter((e) => e.type === 'declare')
const SIXES = [6, 6, 6, 6, 6, 6]

describe('A-6 attack limits', () => {
  it('A-6-4a a unit makes one shooting attack per phase', () => {
    const s = sandbox(
      [p('GM1', 'GM', 'FED', [5, 5]), p('ZK1', 'ZK', 'ZEON', [5, 6]), p('ZK2', 'ZK', 'ZEON', [5, 7])],
      'attack-lead',
    )
    expect(rules(s, 'FED', [shoot(['GM1'], { unit: 'ZK1' }), shoot(['GM1'], { unit: 'ZK2' })])).toContain('A-6-4a')
  })

  it('A-6-4a a unit may not join two shooting groups in one phase', () => {
    const s = sandbox(
      [
        p('GM1', 'GM', 'FED', [5, 5]),
        p('GM2', 'GM', 'FED', [5, 5]),
        p('ZK1', 'ZK', 'ZEON', [5, 6]),
        p('ZK2', 'ZK', 'ZEON', [5, 7]),
      ],
      'attack-lead',
    )
    expect(rules(s, 'FED', [shoot(['GM1'], { unit: 'ZK1' }), shoot(['GM1', 'GM2'], { unit: 'ZK2' })])).toContain(
      'A-6-4a',
    )
  })

  it('A-8-3/AMB-A-5 one shooting and one close-combat attack on the same unit are both allowed', () => {
    const s = sandbox([p('GM1', 'GM', 'FED', [5, 5]), p('ZK1', 'ZK', 'ZEON', [5, 5])], 'attack-lead')
    expect(rules(s, 'FED', [shoot(['GM1'], { unit: 'ZK1' }), close(['GM1'], { unit: 'ZK1' })])).toEqual([])
    expect(rules(s, 'FED', [close(['GM1'], { unit: 'ZK1' }), close(['GM1'], { unit: 'ZK1' })])).toContain('A-6-4a')
  })

  it('A-6-2 a side attacks in both of its combat phases: the same unit shoots again as follow-up in half 2', () => {
    const s = sandbox([p('GM1', 'GM', 'FED', [5, 5]), p('ZK1', 'ZK', 'ZEON', [5, 7])], 'attack-lead')
    let st = submit(s, 'FED', [shoot(['GM1'], { unit: 'ZK1' })]).state
    st = submit(st, 'ZEON', [], [1, ...SIXES]).state // 1:1, 1: no effect
    st = submit(st, 'ZEON', []).state // half 2 movement
    st = submit(st, 'ZEON', []).state // half 2 lead-off combat: nothing declared
    expect([st.half, st.step]).toEqual([2, 'attack-follow'])
    expect(rules(st, 'FED', [shoot(['GM1'], { unit: 'ZK1' })])).toEqual([])
  })

  it('AMB-A-5 option shootAndClose=either: only one of the two', () => {
    const s = sandbox([p('GM1', 'GM', 'FED', [5, 5]), p('ZK1', 'ZK', 'ZEON', [5, 5])], 'attack-lead', {
      shootAndClose: 'either',
    })
    expect(rules(s, 'FED', [shoot(['GM1'], { unit: 'ZK1' }), close(['GM1'], { unit: 'ZK1' })])).toEqual(['AMB-A-5'])
    expect(rules(s, 'FED', [close(['GM1'], { unit: 'ZK1' })])).toEqual([])
  })

  it('A-6-4b a group target is one class; groupTarget=mixed takes every enemy with the lower attack value', () => {
    const pieces = [p('ZK1', 'ZK', 'ZEON', [5, 5]), p('GM1', 'GM', 'FED', [5, 5]), p('SA1', 'SA', 'FED', [5, 5])]
    const order = shoot(['ZK1'], { group: 'ALL' }, [5, 5])
    expect(rules(sandbox(pieces, 'attack-follow'), 'ZEON', [order])).toEqual(['A-6-4b'])
    const r = submit(sandbox(pieces, 'attack-follow', { groupTarget: 'mixed' }), 'ZEON', [order], [1, ...SIXES])
    // Zaku: Attack vs MS 5, vs Ship 3 -> 3, doubled in its own hex: 6 against Def 3 + 6.
    expect(declares(r.events)[0]).toMatchObject({ attackTotal: 6, defenceTotal: 9, targets: ['GM1', 'SA1'] })
  })
})

describe('A-7 and A-8 shooting', () => {
  it('A-7-1 Attack vs MS against MS-class units, Attack vs Ship against ships', () => {
    const s = sandbox(
      [
        p('ZK1', 'ZK', 'ZEON', [5, 5]),
        p('ZK2', 'ZK', 'ZEON', [5, 5]),
        p('GM1', 'GM', 'FED', [5, 5]),
        p('SA1', 'SA', 'FED', [5, 5]),
      ],
      'attack-follow',
    )
    const r = submit(s, 'ZEON', [shoot(['ZK1'], { unit: 'GM1' }), shoot(['ZK2'], { unit: 'SA1' })], [1, 1, ...SIXES])
    expect(declares(r.events).map((e) => [e.targets, e.attackTotal, e.defenceTotal, e.base])).toEqual([
      [['GM1'], 10, 3, '3:1'],
      [['SA1'], 6, 6, '1:1'],
    ])
  })

  it('A-7-3b a unit joins a shooting attack only when its factor after range is at least 1', () => {
    const s = sandbox(
      [
        p('GM1', 'GM', 'FED', [5, 0]),
        p('ZK1', 'ZK', 'ZEON', [5, 4]),
        p('ZK2', 'ZK', 'ZEON', [5, 5]),
        p('SA1', 'SA', 'FED', [9, 0]),
        p('MU1', 'MU', 'ZEON', [9, 3]),
        p('MU2', 'MU', 'ZEON', [5, 4]),
      ],
      'attack-lead',
    )
    expect(rules(s, 'FED', [shoot(['GM1'], { unit: 'ZK1' })])).toEqual([]) // 5 - 4 = 1
    expect(rules(s, 'FED', [shoot(['GM1'], { unit: 'ZK2' })])).toEqual(['A-7-3b']) // 5 - 5 = 0
    expect(rules(s, 'FED', [shoot(['SA1'], { unit: 'MU1' })])).toEqual([]) // vs ship 6 - 3
    // The same 4 hexes, but vs Ship 4 - 4 = 0.
    expect(rules(s, 'FED', [shoot(['GM1'], { unit: 'MU2' })])).toEqual(['A-7-3b'])
  })

  it('A-8-2 stacked units combine, each range-reduced; units in different hexes may not', () => {
    const s = sandbox(
      [
        p('GM1', 'GM', 'FED', [5, 5]),
        p('GM2', 'GM', 'FED', [5, 5]),
        p('GM3', 'GM', 'FED', [5, 6]),
        p('ZK1', 'ZK', 'ZEON', [5, 8]),
      ],
      'attack-lead',
    )
    const r = submit(s, 'FED', [shoot(['GM1', 'GM2'], { unit: 'ZK1' })])
    expect(declares(r.events)[0]).toMatchObject({
      attackers: ['GM1', 'GM2'],
      attackTotal: 4,
      defenceTotal: 2,
      base: '2:1',
    })
    expect(rules(s, 'FED', [shoot(['GM1', 'GM3'], { unit: 'ZK1' })])).toEqual(['A-8-2'])
  })

  it('AMB-A-26 option combineAcrossHexes: units in different hexes add their range-reduced factors', () => {
    const s = sandbox(
      [p('GM1', 'GM', 'FED', [5, 5]), p('GM3', 'GM', 'FED', [5, 6]), p('ZK1', 'ZK', 'ZEON', [5, 8])],
      'attack-lead',
      { combineAcrossHexes: true },
    )
    const r = submit(s, 'FED', [shoot(['GM1', 'GM3'], { unit: 'ZK1' })])
    expect(declares(r.events)[0]).toMatchObject({ attackTotal: 2 + 3, base: '2:1' })
  })

  it('A-8-4 friendly units in a shot-at group add their defence and share the result; their pilots are ignored', () => {
    const pieces = [
      p('ZK1', 'ZK', 'ZEON', [5, 7]),
      p('GM1', 'GM', 'FED', [5, 5]),
      p('BL1', 'BL', 'FED', [5, 5]),
      p('ZK2', 'ZK', 'ZEON', [5, 5], { pilot: 'S' }),
    ]
    const r = submit(sandbox(pieces, 'attack-follow'), 'ZEON', [shoot(['ZK1'], { group: 'MS' }, [5, 5])], [6, ...SIXES])
    const a = attacks(r.events)[0]!
    // Zaku eff 5 - 2 = 3 against GM 3 + Ball 2 + Zaku 2 = 7: 1:3, no pilot shift, 6 gives C.
    expect(a).toMatchObject({ attackTotal: 3, defenceTotal: 7, base: '1:3', shift: 0, column: '1:3', roll: 6 })
    expect((a.results as Array<{ unit: string; result: string }>).map((x) => [x.unit, x.result]).sort()).toEqual([
      ['BL1', 'C'],
      ['GM1', 'C'],
      ['ZK2', 'C'],
    ])
    expect(unit(r.state, 'ZK2').morale).toBe('C')
  })

  it('AMB-A-9 option friendlyDefenceCounts=false: the friendly unit is hit but adds no defence', () => {
    const pieces = [
      p('ZK1', 'ZK', 'ZEON', [5, 7]),
      p('GM1', 'GM', 'FED', [5, 5]),
      p('BL1', 'BL', 'FED', [5, 5]),
      p('ZK2', 'ZK', 'ZEON', [5, 5]),
    ]
    const r = submit(
      sandbox(pieces, 'attack-follow', { friendlyDefenceCounts: false }),
      'ZEON',
      [shoot(['ZK1'], { group: 'MS' }, [5, 5])],
      [6, ...SIXES],
    )
    expect(attacks(r.events)[0]).toMatchObject({ defenceTotal: 5, base: '1:2' })
    expect((attacks(r.events)[0]!.results as Array<{ unit: string }>).map((x) => x.unit)).toContain('ZK2')
  })

  it('A-8-4 never in close combat: friendly units in the hex are not close-combat targets', () => {
    const pieces = [
      p('ZK1', 'ZK', 'ZEON', [5, 5]),
      p('GM1', 'GM', 'FED', [5, 5]),
      p('BL1', 'BL', 'FED', [5, 5]),
      p('ZK2', 'ZK', 'ZEON', [5, 5]),
    ]
    const r = submit(sandbox(pieces, 'attack-follow'), 'ZEON', [close(['ZK1'], { group: 'MS' })], [1, ...SIXES])
    expect(declares(r.events)[0]!.targets).toEqual(['GM1', 'BL1'])
    expect(attacks(r.events)[0]).toMatchObject({ table: 'ABQ-CC' })
  })
})

describe('A-9 close combat', () => {
  it('A-9-3 fighters, cannon turrets and ships may not start close combat; Bigzam neither (A-17-3)', () => {
    const s = sandbox(
      [
        p('TM1', 'TM', 'FED', [5, 5]),
        p('FB1', 'FC(B)', 'FED', [5, 5]),
        p('SA1', 'SA', 'FED', [5, 5]),
        p('BG1', 'BG', 'FED', [5, 5]),
        p('ZK1', 'ZK', 'ZEON', [5, 5]),
      ],
      'attack-lead',
    )
    expect(rules(s, 'FED', [close(['TM1'], { unit: 'ZK1' })])).toEqual(['A-9-3'])
    expect(rules(s, 'FED', [close(['FB1'], { unit: 'ZK1' })])).toEqual(['A-9-3'])
    expect(rules(s, 'FED', [close(['SA1'], { unit: 'ZK1' })])).toEqual(['A-9-3'])
    expect(rules(s, 'FED', [close(['BG1'], { unit: 'ZK1' })])).toEqual(['A-17-3'])
  })

  it('AMB-A-10 the G-Fighter (type MS) and the Ball may start close combat', () => {
    const s = sandbox(
      [
        p('GF1', 'GF', 'FED', [5, 5]),
        p('BL1', 'BL', 'FED', [5, 5]),
        p('ZK1', 'ZK', 'ZEON', [5, 5]),
        p('ZK2', 'ZK', 'ZEON', [5, 5]),
      ],
      'attack-lead',
    )
    expect(rules(s, 'FED', [close(['GF1'], { unit: 'ZK1' }), close(['BL1'], { unit: 'ZK2' })])).toEqual([])
  })

  it("A-9-1 close combat only against units in the attacker's hex", () => {
    const s = sandbox([p('GM1', 'GM', 'FED', [5, 5]), p('ZK1', 'ZK', 'ZEON', [5, 6])], 'attack-lead')
    expect(rules(s, 'FED', [close(['GM1'], { unit: 'ZK1' })])).toEqual(['A-9-1'])
  })

  it('A-9-4 an enemy ship stacked with enemy mobile suits is immune to close combat, not to shooting', () => {
    const s = sandbox(
      [
        p('GM1', 'GM', 'FED', [5, 5]),
        p('GM2', 'GM', 'FED', [5, 5]),
        p('MU1', 'MU', 'ZEON', [5, 5]),
        p('ZK1', 'ZK', 'ZEON', [5, 5]),
      ],
      'attack-lead',
    )
    expect(rules(s, 'FED', [close(['GM1'], { unit: 'MU1' })])).toEqual(['A-9-4'])
    expect(rules(s, 'FED', [close(['GM1'], { group: 'SHIP' })])).toEqual(['A-9-4'])
    expect(rules(s, 'FED', [shoot(['GM1'], { unit: 'MU1' })])).toEqual([])
  })

  it("A-9-4 fighters do not screen a ship, and the attacker's own mobile suits do not either", () => {
    const s = sandbox(
      [
        p('GM1', 'GM', 'FED', [5, 5]),
        p('GM2', 'GM', 'FED', [5, 5]),
        p('MU1', 'MU', 'ZEON', [5, 5]),
        p('GA1', 'GA', 'ZEON', [5, 5]),
      ],
      'attack-lead',
    )
    expect(rules(s, 'FED', [close(['GM1'], { unit: 'MU1' })])).toEqual([])
  })

  it('A-9-5 close combat against a ship: 2 × Attack vs Ship against its Attack vs MS; Doros uses its Defence', () => {
    const s = sandbox(
      [
        p('GM1', 'GM', 'FED', [5, 5]),
        p('GM2', 'GM', 'FED', [9, 5]),
        p('MU1', 'MU', 'ZEON', [5, 5]),
        p('DO1', 'DO', 'ZEON', [9, 5]),
      ],
      'attack-lead',
    )
    const r = submit(s, 'FED', [close(['GM1'], { unit: 'MU1' }), close(['GM2'], { unit: 'DO1' })])
    expect(declares(r.events).map((e) => [e.attackTotal, e.defenceTotal, e.base])).toEqual([
      [8, 3, '2:1'],
      [8, 12, '1:2'],
    ])
  })
})

describe('A-7-6 die modifiers and §5.3 results', () => {
  const target = (morale: 'N' | 'C' | 'D') =>
    sandbox([p('ZK1', 'ZK', 'ZEON', [5, 5]), p('GM1', 'GM', 'FED', [5, 5], { morale })], 'attack-follow')

  it('§5.3 C on a C unit gives D (+1 to the die against C)', () => {
    const r = submit(target('C'), 'ZEON', [shoot(['ZK1'], { unit: 'GM1' })], [1, ...SIXES]) // 3:1, 1 + 1 = 2: C
    expect(attacks(r.events)[0]).toMatchObject({
      column: '3:1',
      roll: 1,
      results: [{ unit: 'GM1', modifier: 1, result: 'C' }],
    })
    expect(unit(r.state, 'GM1').morale).toBe('D')
  })

  it('§5.3 a C result leaves a D unit D (+2 to the die against D)', () => {
    const r = submit(target('D'), 'ZEON', [shoot(['ZK1'], { unit: 'GM1' })], [1, ...SIXES]) // 1 + 2 = 3 at 3:1: D
    expect(attacks(r.events)[0]).toMatchObject({ results: [{ unit: 'GM1', modifier: 2, result: 'D' }] })
    expect(unit(r.state, 'GM1')).toMatchObject({ at: 'map', morale: 'D' })
  })

  it('§5.3 X eliminates the unit', () => {
    const r = submit(target('N'), 'ZEON', [shoot(['ZK1'], { unit: 'GM1' })], [6, ...SIXES])
    expect(attacks(r.events)[0]).toMatchObject({ results: [{ unit: 'GM1', modifier: 0, result: 'X' }] })
    expect(unit(r.state, 'GM1').at).toBe('gone')
  })

  const mixedGroup = (options: Record<string, string> = {}) =>
    sandbox(
      [
        p('ZK1', 'ZK', 'ZEON', [5, 7]),
        p('GM1', 'GM', 'FED', [5, 5], { morale: 'C' }),
        p('GM2', 'GM', 'FED', [5, 5], { morale: 'D' }),
      ],
      'attack-follow',
      options,
    )
  const modifiers = (r: { events: GameEvent[] }) =>
    (attacks(r.events)[0]!.results as Array<{ modifier: number }>).map((x) => x.modifier)
  const group = shoot(['ZK1'], { group: 'MS' }, [5, 5])

  it('AMB-A-8 against a group the smallest modifier counts', () => {
    expect(modifiers(submit(mixedGroup(), 'ZEON', [group], [3, ...SIXES]))).toEqual([1, 1])
  })

  it('AMB-A-8 option groupDieModifier=max and =perUnit', () => {
    expect(modifiers(submit(mixedGroup({ groupDieModifier: 'max' }), 'ZEON', [group], [3, ...SIXES]))).toEqual([2, 2])
    expect(modifiers(submit(mixedGroup({ groupDieModifier: 'perUnit' }), 'ZEON', [group], [3, ...SIXES]))).toEqual([
      1, 2,
    ])
  })

  it("AMB-A-3 the modifier is read at resolution: an earlier attack's C gives +1 to a later one", () => {
    const s = sandbox(
      [p('GM1', 'GM', 'FED', [5, 5]), p('GM2', 'GM', 'FED', [5, 5]), p('ZK1', 'ZK', 'ZEON', [5, 7])],
      'attack-lead',
    )
    // Each 3 vs 2: 1:1.
    const declared = submit(s, 'FED', [shoot(['GM1'], { unit: 'ZK1' }), shoot(['GM2'], { unit: 'ZK1' })]).state
    const r = submit(declared, 'ZEON', [], [3, 3, ...SIXES])
    expect(attacks(r.events).map((e) => (e.results as Array<{ modifier: number; result: string }>)[0])).toEqual([
      { unit: 'ZK1', modifier: 0, result: 'C' },
      { unit: 'ZK1', modifier: 1, result: 'C' },
    ])
    expect(unit(r.state, 'ZK1').morale).toBe('D')
  })
})
