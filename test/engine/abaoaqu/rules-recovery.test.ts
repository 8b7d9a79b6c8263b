// A-10 Morale recovery (rules/abaoaqu.md §6) with scripted rolls, and the C/D effects of §5.3
// that a recovered unit sheds (A-10-2).
import { describe, expect, it } from 'vitest'
import type { GameEvent } from '../../../src/engine/ruleset.js'
import { abaoaqu } from '../../../src/rulesets/abaoaqu/engine/index.js'
import type { State } from '../../../src/rulesets/abaoaqu/engine/types.js'
import { sandbox, submit, unit, type Piece } from './harness.js'

const recoveries = (events: GameEvent[]) => events.filter((e) => e.type === 'recovery')

/**
 * The Feds' follow-up phase of half 2 with nothing to do: submitting it ends turn 1, and the
 * recovery phase of turn 2 rolls for every C/D unit on the map, in unit order.
 */
function endOfTurn1(pieces: Piece[], faces: number[]) {
  const s: State = { ...sandbox(pieces, 'attack-follow'), half: 2 }
  return submit(s, 'FED', [], faces)
}

describe('A-10 morale recovery', () => {
  it('A-10-1/A-10-3 C and D units of both sides roll: C recovers on 1-4, D on 1-3', () => {
    const r = endOfTurn1(
      [
        { id: 'GM1', type: 'GM', side: 'FED', hex: [5, 0], morale: 'C' },
        { id: 'GM2', type: 'GM', side: 'FED', hex: [7, 0], morale: 'C' },
        { id: 'GM3', type: 'GM', side: 'FED', hex: [9, 0], morale: 'D' },
        { id: 'ZK1', type: 'ZK', side: 'ZEON', hex: [40, 5], morale: 'D' },
        { id: 'ZK2', type: 'ZK', side: 'ZEON', hex: [44, 5] },
      ],
      [4, 5, 3, 4],
    )
    expect(recoveries(r.events).map((e) => [e.ref, e.unit, e.from, e.roll, e.recovered])).toEqual([
      ['A-10-3', 'GM1', 'C', 4, true],
      ['A-10-3', 'GM2', 'C', 5, false],
      ['A-10-3', 'GM3', 'D', 3, true],
      ['A-10-3', 'ZK1', 'D', 4, false],
    ])
    expect(['GM1', 'GM2', 'GM3', 'ZK1', 'ZK2'].map((id) => unit(r.state, id).morale)).toEqual(['N', 'C', 'N', 'D', 'N'])
    expect(recoveries(r.events).every((e) => e.turn === 2 && e.half === 1)).toBe(true)
  })

  it('A-10-4 a failed roll changes nothing: a D unit stays D (it does not fall to C or worse)', () => {
    const r = endOfTurn1(
      [
        { id: 'GM1', type: 'GM', side: 'FED', hex: [5, 0], morale: 'D' },
        { id: 'ZK1', type: 'ZK', side: 'ZEON', hex: [40, 5] },
      ],
      [6, 6],
    ) // turn 2 recovers in both halves: the D GM cannot move, so the Feds' steps pass
    expect(recoveries(r.events).map((e) => [e.half, e.unit, e.roll, e.recovered])).toEqual([
      [1, 'GM1', 6, false],
      [2, 'GM1', 6, false],
    ])
    expect(unit(r.state, 'GM1')).toMatchObject({ at: 'map', morale: 'D' })
  })

  it('A-10-1 only units on the map roll; Normal units never roll', () => {
    const r = endOfTurn1(
      [
        { id: 'GM1', type: 'GM', side: 'FED', hex: null, morale: 'C' },
        { id: 'GM2', type: 'GM', side: 'FED', hex: [5, 0] },
        { id: 'ZK1', type: 'ZK', side: 'ZEON', hex: [40, 5] },
      ],
      [],
    )
    expect(recoveries(r.events)).toEqual([])
  })

  it('A-10-2 a recovered unit moves its full MP and attacks as before', () => {
    const r = endOfTurn1(
      [
        { id: 'GM1', type: 'GM', side: 'FED', hex: [5, 0], morale: 'D' },
        { id: 'ZK1', type: 'ZK', side: 'ZEON', hex: [5, 9] },
      ],
      [1, 6, 6],
    )
    expect(unit(r.state, 'GM1').morale).toBe('N')
    expect(r.state.step).toBe('move')
    expect(abaoaqu.validate(r.state, 'FED', [{ kind: 'move', units: ['GM1'], to: [5, 6] }])).toEqual([])
    const moved = submit(r.state, 'FED', [{ kind: 'move', units: ['GM1'], to: [5, 6] }])
    expect(
      abaoaqu.validate(moved.state, 'FED', [
        { kind: 'attack', mode: 'shoot', units: ['GM1'], target: { unit: 'ZK1' } },
      ]),
    ).toEqual([])
  })

  it('§5.3 a unit still C or D may not attack (GAP-A-3)', () => {
    const s = sandbox(
      [
        { id: 'GM1', type: 'GM', side: 'FED', hex: [5, 5], morale: 'C' },
        { id: 'GM2', type: 'GM', side: 'FED', hex: [5, 5], morale: 'D' },
        { id: 'ZK1', type: 'ZK', side: 'ZEON', hex: [5, 5] },
      ],
      'attack-lead',
    )
    for (const id of ['GM1', 'GM2']) {
      const errors = abaoaqu.validate(s, 'FED', [
        { kind: 'attack', mode: 'shoot', units: [id], target: { unit: 'ZK1' } },
      ])
      expect(errors.map((e) => e.rule)).toEqual(['GAP-A-3'])
    }
  })
})
