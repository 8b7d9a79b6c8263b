// A-4 Movement and A-5 Stacking (rules/abaoaqu.md §3). Hexes in one column are |Δrow| apart.
import { describe, expect, it } from 'vitest'
import { abaoaqu } from '../../../src/rulesets/abaoaqu/engine/index.js'
import type { Hex, Order, State } from '../../../src/rulesets/abaoaqu/engine/types.js'
import { sandbox, submit, unit, type Piece } from './harness.js'

const move = (units: string[], to: Hex): Order => ({ kind: 'move', units, to })
const remove = (...units: string[]): Order => ({ kind: 'remove', units })
const rules = (s: State, orders: Order[], seat = 'FED') => abaoaqu.validate(s, seat, orders).map((e) => e.rule)
const enemyFar: Piece = { id: 'ZK9', type: 'ZK', side: 'ZEON', hex: [60, 0] }
const at = (id: string, type: string, hex: Hex | null, extra: Partial<Piece> = {}): Piece => ({
  id,
  type,
  side: 'FED',
  hex,
  ...extra,
})

describe('A-4 movement', () => {
  it('A-4-1 moving is never compulsory: an empty movement is accepted', () => {
    const s = sandbox([at('GM1', 'GM', [10, 0]), enemyFar], 'move')
    expect(rules(s, [])).toEqual([])
  })

  it('A-4-2 a unit moves up to its MP (GM: 6) and no further', () => {
    const s = sandbox([at('GM1', 'GM', [10, 0]), enemyFar], 'move')
    expect(rules(s, [move(['GM1'], [10, 6])])).toEqual([])
    expect(rules(s, [move(['GM1'], [10, 7])])).toEqual(['A-4-2'])
    const r = submit(s, 'FED', [move(['GM1'], [10, 6])])
    expect(unit(r.state, 'GM1').hex).toEqual([10, 6])
    expect(r.events.find((e) => e.type === 'move')).toMatchObject({
      ref: 'A-4-2',
      unit: 'GM1',
      from: [10, 0],
      to: [10, 6],
    })
  })

  it('A-4-6c a C unit moves at most ⌊MP/2⌋ hexes (GM 6 → 3, Salamis 5 → 2)', () => {
    const s = sandbox(
      [at('GM1', 'GM', [10, 0], { morale: 'C' }), at('SA1', 'SA', [20, 0], { morale: 'C' }), enemyFar],
      'move',
    )
    expect(rules(s, [move(['GM1'], [10, 3]), move(['SA1'], [20, 2])])).toEqual([])
    expect(rules(s, [move(['GM1'], [10, 4])])).toEqual(['A-4-6c'])
    expect(rules(s, [move(['SA1'], [20, 3])])).toEqual(['A-4-6c'])
  })

  it('A-4-6c a D unit may not move at all', () => {
    const s = sandbox([at('GM1', 'GM', [10, 0], { morale: 'D' }), enemyFar], 'move')
    expect(rules(s, [move(['GM1'], [10, 1])])).toEqual(['A-4-6c'])
  })

  it('A-4-4 fortress cannons (MP 0) never move once placed', () => {
    const s = sandbox([at('FB1', 'FC(B)', [5, 10]), at('GM1', 'GM', [10, 0]), enemyFar], 'move')
    expect(rules(s, [move(['FB1'], [5, 9])])).toEqual(['A-4-4'])
  })

  it('A-4-6b entering: the entry hex is the first hex, so a GM (MP 6) reaches 5 rows beyond the entry row', () => {
    const s = sandbox([at('GM1', 'GM', null), at('GM2', 'GM', null), at('GM3', 'GM', null), enemyFar], 'move')
    expect(rules(s, [move(['GM1'], [10, 0]), move(['GM2'], [12, 5])])).toEqual([])
    expect(rules(s, [move(['GM3'], [14, 6])])).toEqual(['A-4-6b'])
    const r = submit(s, 'FED', [move(['GM1'], [10, 0]), move(['GM2'], [12, 5])])
    expect(r.events.filter((e) => e.type === 'enter')).toMatchObject([
      { ref: 'A-4-6b', unit: 'GM1', from: null, to: [10, 0] },
      { ref: 'A-4-6b', unit: 'GM2', from: null, to: [12, 5] },
    ])
    expect(unit(r.state, 'GM2')).toMatchObject({ at: 'map', hex: [12, 5] })
    expect(unit(r.state, 'GM3')).toMatchObject({ at: 'reserve', hex: null })
  })

  it('A-4-6b a unit may not enter before its entry turn, and may in that turn or any later one', () => {
    const base = sandbox([at('GM1', 'GM', null), enemyFar], 'move')
    const late = (turn: number): State => ({
      ...base,
      turn,
      units: base.units.map((u) => (u.id === 'GM1' ? { ...u, enterTurn: 3 } : u)),
    })
    expect(rules(late(1), [move(['GM1'], [10, 0])])).toEqual(['A-4-6b'])
    expect(rules(late(2), [move(['GM1'], [10, 0])])).toEqual(['A-4-6b'])
    expect(rules(late(3), [move(['GM1'], [10, 0])])).toEqual([])
    expect(rules(late(5), [move(['GM1'], [10, 0])])).toEqual([])
  })

  it('A-4-6a a unit may not leave the map', () => {
    const s = sandbox([at('GM1', 'GM', [0, 0]), at('GM2', 'GM', [63, 11]), at('GM3', 'GM', null), enemyFar], 'move')
    expect(rules(s, [move(['GM1'], [-1, 0])])).toEqual(['A-4-6a'])
    expect(rules(s, [move(['GM1'], [0, -1])])).toEqual(['A-4-6a'])
    expect(rules(s, [move(['GM2'], [64, 11])])).toEqual(['A-4-6a'])
    expect(rules(s, [move(['GM2'], [63, 12])])).toEqual(['A-4-6a'])
    expect(rules(s, [move(['GM3'], [10, -1])])).toEqual(['A-4-6a'])
  })

  it('A-4-3 a unit moves once per movement phase', () => {
    const s = sandbox([at('GM1', 'GM', [10, 0]), enemyFar], 'move')
    expect(rules(s, [move(['GM1'], [10, 2]), move(['GM1'], [10, 4])])).toContain('A-4-3')
  })

  it('A-4-6 a unit may enter and end in a hex holding enemy units', () => {
    const s = sandbox([at('GM1', 'GM', [10, 0]), { id: 'ZK1', type: 'ZK', side: 'ZEON', hex: [10, 3] }], 'move')
    const r = submit(s, 'FED', [move(['GM1'], [10, 3])])
    expect(unit(r.state, 'GM1').hex).toEqual([10, 3])
  })
})

describe('A-5 stacking', () => {
  const fourGms = [
    at('GM1', 'GM', [10, 5]),
    at('GM2', 'GM', [10, 5]),
    at('GM3', 'GM', [10, 5]),
    at('GM4', 'GM', [10, 5]),
  ]
  const twoShips = [at('SA1', 'SA', [10, 5]), at('SA2', 'SA', [10, 5])]

  it('A-5-2 four MS-class and two ship-class units of a side fit in one hex', () => {
    const s = sandbox([...fourGms.slice(0, 3), ...twoShips, at('GM4', 'GM', [10, 2]), enemyFar], 'move')
    expect(rules(s, [move(['GM4'], [10, 5])])).toEqual([])
  })

  it('A-5-2 a fifth MS-class unit is refused unless the mover names a removal', () => {
    const s = sandbox([...fourGms, at('GM5', 'GM', [10, 2]), enemyFar], 'move')
    expect(rules(s, [move(['GM5'], [10, 5])])).toEqual(['A-5-2'])
    expect(rules(s, [move(['GM5'], [10, 5]), remove('GM2')])).toEqual([])
    const r = submit(s, 'FED', [move(['GM5'], [10, 5]), remove('GM2')])
    expect(unit(r.state, 'GM2').at).toBe('gone')
    expect(
      r.state.units
        .filter((u) => u.at === 'map' && u.side === 'FED')
        .map((u) => u.id)
        .sort(),
    ).toEqual(['GM1', 'GM3', 'GM4', 'GM5'])
    expect(r.events.find((e) => e.type === 'remove')).toMatchObject({ ref: 'A-5-6', unit: 'GM2' })
  })

  it('A-5-2 a third ship is refused unless one is removed', () => {
    const s = sandbox([...twoShips, at('SA3', 'SA', [10, 3]), enemyFar], 'move')
    expect(rules(s, [move(['SA3'], [10, 5])])).toEqual(['A-5-2'])
    expect(rules(s, [move(['SA3'], [10, 5]), remove('SA3')])).toEqual([])
  })

  it('A-5-6 only excess units are removed: a removal that leaves the hex under the limit is refused', () => {
    const s = sandbox([...fourGms, at('GM5', 'GM', [10, 2]), enemyFar], 'move')
    expect(rules(s, [move(['GM5'], [10, 5]), remove('GM1', 'GM2')])).toContain('A-5-6') // 1 excess, 2 named
    const exact = sandbox([...fourGms.slice(0, 3), at('GM4', 'GM', [10, 2]), enemyFar], 'move')
    expect(rules(exact, [move(['GM4'], [10, 5]), remove('GM1')])).toContain('A-5-6') // no excess at all
  })

  it('A-5-6 a unit alone in an uncrowded hex cannot be named for removal', () => {
    const s = sandbox([at('GM1', 'GM', [10, 5]), at('GM2', 'GM', [20, 5]), enemyFar], 'move')
    expect(rules(s, [remove('GM2')])).toContain('A-5-6')
    expect(rules(s, [move(['GM1'], [10, 4]), remove('GM2')])).toContain('A-5-6')
  })

  it('A-5-6 the removal must come from the over-stacked class: removing a ship does not cure five MS', () => {
    const s = sandbox([...fourGms, at('SA1', 'SA', [10, 5]), at('GM5', 'GM', [10, 2]), enemyFar], 'move')
    const errors = rules(s, [move(['GM5'], [10, 5]), remove('SA1')])
    expect(errors).toContain('A-5-2')
  })

  it('A-5-6 the mover may not name enemy units for removal', () => {
    const s = sandbox(
      [...fourGms, at('GM5', 'GM', [10, 2]), { id: 'ZK1', type: 'ZK', side: 'ZEON', hex: [10, 5] }],
      'move',
    )
    expect(rules(s, [move(['GM5'], [10, 5]), remove('ZK1')])).toContain('A-0a')
  })

  it('A-5-5 the limit is checked where units end: one GM leaves a full hex while another enters', () => {
    const s = sandbox([...fourGms, at('GM5', 'GM', [10, 2]), enemyFar], 'move')
    expect(rules(s, [move(['GM1'], [10, 8]), move(['GM5'], [10, 5])])).toEqual([])
  })

  it('A-5-3 enemy units share the hex: 4 MS + 2 ships of each side, 12 in all', () => {
    const zeon: Piece[] = ['ZK1', 'ZK2', 'RD1', 'RD2'].map((id) => ({
      id,
      type: id.slice(0, 2),
      side: 'ZEON',
      hex: [10, 5],
    }))
    zeon.push(
      { id: 'MU1', type: 'MU', side: 'ZEON', hex: [10, 5] },
      { id: 'CH1', type: 'CH', side: 'ZEON', hex: [10, 5] },
    )
    const feds = [...fourGms, ...twoShips].map((p) => ({ ...p, hex: [10, 2] as Hex }))
    const s = sandbox([...feds, ...zeon], 'move')
    const r = submit(s, 'FED', [
      move(
        feds.map((p) => p.id),
        [10, 5],
      ),
    ])
    expect(r.state.units.filter((u) => u.at === 'map' && u.hex![0] === 10 && u.hex![1] === 5)).toHaveLength(12)
  })

  it('AMB-A-4 Bigzam stacks as MS-class by default, as a ship with option bigStackClass=SHIP', () => {
    const pieces = [...fourGms, at('BG1', 'BG', [10, 3]), enemyFar]
    expect(rules(sandbox(pieces, 'move'), [move(['BG1'], [10, 5])])).toEqual(['A-5-2'])
    expect(rules(sandbox(pieces, 'move', { bigStackClass: 'SHIP' }), [move(['BG1'], [10, 5])])).toEqual([])
  })

  it('AMB-A-4 a Satellite Missile stacks as MS-class', () => {
    const s: State = {
      ...sandbox(
        [
          ...fourGms.map((p) => ({ ...p, side: 'ZEON' as const })),
          { id: 'SM1', type: 'SM', side: 'ZEON', hex: [10, 3] },
          at('GM9', 'GM', [60, 0]),
        ],
        'move',
      ),
      half: 2,
    }
    expect(rules(s, [move(['SM1'], [10, 5])], 'ZEON')).toEqual(['A-5-2'])
  })
})
