// A-3 Sequence of play (rules/abaoaqu.md §2, §2.1): the ten phases of a turn, recovery at the start
// of each half (AMB-A-2), automatic passes, the turn counter and the lead-off side (AMB-A-1).
import { describe, expect, it } from 'vitest'
import type { GameEvent } from '../../../src/engine/ruleset.js'
import { abaoaqu } from '../../../src/rulesets/abaoaqu/engine/index.js'
import type { Order, State } from '../../../src/rulesets/abaoaqu/engine/types.js'
import { sandbox, submit, unit, type Piece } from './harness.js'

type Attack = Extract<Order, { kind: 'attack' }>
const shoot = (units: string[], target: Attack['target']): Attack => ({ kind: 'attack', mode: 'shoot', units, target })
const ofType = (events: GameEvent[], type: string) => events.filter((e) => e.type === type)
const attackBy = (events: GameEvent[], attacker: string) =>
  events.find((e) => e.type === 'attack' && (e.attackers as string[]).includes(attacker))
const pendingSides = (s: State) =>
  abaoaqu
    .pending(s)
    .filter((p) => p.seats.length > 0)
    .map((p) => `${p.side}:${p.step}`)

// GM (Atk vs MS 5, Def 3) and Zaku (5, Def 2) three hexes apart in one column: both in range.
const duel: Piece[] = [
  { id: 'GM1', type: 'GM', side: 'FED', hex: [5, 5] },
  { id: 'ZK1', type: 'ZK', side: 'ZEON', hex: [5, 8] },
]

/** Only fortress cannons far apart: nobody can move or reach anything. */
const idle: Piece[] = [
  { id: 'FB1', type: 'FC(B)', side: 'FED', hex: [5, 5] },
  { id: 'FB2', type: 'FC(B)', side: 'ZEON', hex: [40, 5] },
]

describe('A-3 sequence of play', () => {
  it('A-3-3 half 1: the lead-off side moves (2), then declares without rolling (3)', () => {
    const s = sandbox(duel, 'move')
    expect(pendingSides(s)).toEqual(['FED:move'])
    const moved = submit(s, 'FED', [{ kind: 'move', units: ['GM1'], to: [5, 6] }])
    expect(ofType(moved.events, 'move')).toMatchObject([{ ref: 'A-4-2', unit: 'GM1', from: [5, 5], to: [5, 6] }])
    expect(unit(moved.state, 'GM1').hex).toEqual([5, 6])
    expect(pendingSides(moved.state)).toEqual(['FED:attack-lead'])

    const declared = submit(moved.state, 'FED', [shoot(['GM1'], { unit: 'ZK1' })])
    expect(ofType(declared.events, 'declare')).toMatchObject([
      { ref: 'A-3-3a', attackers: ['GM1'], targets: ['ZK1'], base: '1:1' },
    ])
    expect(ofType(declared.events, 'attack')).toEqual([]) // AMB-A-3: no combat dice yet
    expect(declared.rolls).toEqual([])
    expect(unit(declared.state, 'ZK1').morale).toBe('N')
    expect(declared.state.declared).toHaveLength(1)
    expect(pendingSides(declared.state)).toEqual(['ZEON:attack-follow'])
  })

  it('A-3-3a return fire (4) hits at once; the damage check (5) applies lead-off attacks; half 2: recovery', () => {
    let s = sandbox(duel, 'attack-lead')
    s = submit(s, 'FED', [shoot(['GM1'], { unit: 'ZK1' })]).state
    // Return fire: Zaku eff 2 vs Def 3, 1:2, rolls 4: C on the GM. Damage check: GM eff 2 vs Def 2,
    // 1:1, rolls 3: C on the Zaku. Then both recovery rolls of half 2 are 6: nobody recovers.
    const r = submit(s, 'ZEON', [shoot(['ZK1'], { unit: 'GM1' })], [4, 3, 6, 6])
    const ret = attackBy(r.events, 'ZK1')!
    const lead = attackBy(r.events, 'GM1')!
    expect(ret).toMatchObject({ column: '1:2', roll: 4, results: [{ unit: 'GM1', modifier: 0, result: 'C' }] })
    expect(lead).toMatchObject({ roll: 3, results: [{ unit: 'ZK1', modifier: 0, result: 'C' }] })
    expect(r.events.indexOf(ret)).toBeLessThan(r.events.indexOf(lead))
    expect(r.state.declared).toEqual([])
    // Half 2: recovery for both sides, then Zeon (now lead-off) moves.
    const recoveryPhase = r.events.find((e) => e.type === 'phase' && e.phase === 'recovery')
    expect(recoveryPhase).toMatchObject({ turn: 1, half: 2, lead: 'ZEON' })
    expect(ofType(r.events, 'recovery').map((e) => [e.half, e.unit, e.roll, e.recovered])).toEqual([
      [2, 'GM1', 6, false],
      [2, 'ZK1', 6, false],
    ])
    expect([r.state.turn, r.state.half, r.state.step]).toEqual([1, 2, 'move'])
    expect(pendingSides(r.state)).toEqual(['ZEON:move'])
  })

  it('A-3-3a a lead-off attack resolves in the damage check even when its attacker fell to return fire', () => {
    const s = sandbox(
      [
        { id: 'GM1', type: 'GM', side: 'FED', hex: [5, 5] },
        { id: 'ZK1', type: 'ZK', side: 'ZEON', hex: [5, 5] },
        { id: 'BL9', type: 'BL', side: 'FED', hex: [40, 0] },
      ],
      'attack-lead',
    )
    const declared = submit(s, 'FED', [shoot(['GM1'], { unit: 'ZK1' })]).state // 10:2, 5:1
    // 10:3, 3:1, 6: X; then 5:1, 1: D.
    const r = submit(declared, 'ZEON', [shoot(['ZK1'], { unit: 'GM1' })], [6, 1, 6, 6])
    expect(attackBy(r.events, 'ZK1')).toMatchObject({ results: [{ unit: 'GM1', result: 'X' }] })
    expect(attackBy(r.events, 'GM1')).toMatchObject({ column: '5:1', roll: 1, results: [{ unit: 'ZK1', result: 'D' }] })
    expect(unit(r.state, 'GM1').at).toBe('gone')
    expect(unit(r.state, 'ZK1').morale).toBe('D')
  })

  it('A-3-3 half 2 swaps the roles: Zeon moves and declares, the Feds return fire, then the next turn starts', () => {
    let s: State = { ...sandbox(duel, 'move'), half: 2 }
    expect(pendingSides(s)).toEqual(['ZEON:move'])
    s = submit(s, 'ZEON', []).state
    expect(pendingSides(s)).toEqual(['ZEON:attack-lead'])
    s = submit(s, 'ZEON', [shoot(['ZK1'], { unit: 'GM1' })]).state
    expect(pendingSides(s)).toEqual(['FED:attack-follow'])
    const r = submit(s, 'FED', [shoot(['GM1'], { unit: 'ZK1' })], [1, 1]) // both 1: no effect
    const ret = attackBy(r.events, 'GM1')!
    const lead = attackBy(r.events, 'ZK1')!
    expect(r.events.indexOf(ret)).toBeLessThan(r.events.indexOf(lead))
    expect(r.events.find((e) => e.type === 'turn')).toMatchObject({ ref: 'A-3-3', turn: 2, leadOff: 'FED' })
    expect([r.state.turn, r.state.half, r.state.step]).toEqual([2, 1, 'move'])
    expect(pendingSides(r.state)).toEqual(['FED:move'])
  })

  it('steps nobody can act in pass by themselves, half by half, and the turn counter advances after half 2', () => {
    const s = sandbox(idle, 'move')
    expect(abaoaqu.pending(s).flatMap((p) => p.seats)).toEqual([])
    const r = submit(s, 'FED', [])
    const passes = ofType(r.events, 'pass')
    const turn1 = passes.filter((e) => e.turn === 1).map((e) => `${e.half}:${e.side}:${e.step}`)
    expect(turn1).toEqual([
      '1:FED:attack-lead',
      '1:ZEON:attack-follow',
      '2:ZEON:move',
      '2:ZEON:attack-lead',
      '2:FED:attack-follow',
    ])
    const turn2 = passes.filter((e) => e.turn === 2).map((e) => `${e.half}:${e.side}:${e.step}`)
    expect(turn2).toEqual([
      '1:FED:move',
      '1:FED:attack-lead',
      '1:ZEON:attack-follow',
      '2:ZEON:move',
      '2:ZEON:attack-lead',
      '2:FED:attack-follow',
    ])
    // AMB-A-1: the scenario's lead-off side (the Feds) opens every turn.
    const turns = ofType(r.events, 'turn')
    expect(turns.map((e) => e.turn)).toEqual([2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12])
    expect(turns.every((e) => e.leadOff === 'FED')).toBe(true)
    // Two recovery phases per turn (AMB-A-2), even with nothing to recover.
    expect(
      ofType(r.events, 'phase')
        .filter((e) => e.turn === 2)
        .map((e) => e.half),
    ).toEqual([1, 2])
  })

  it('AMB-A-2 recovery happens at the start of each half', () => {
    const s = sandbox(
      [
        { id: 'GM1', type: 'GM', side: 'FED', hex: [5, 5] },
        { id: 'ZK1', type: 'ZK', side: 'ZEON', hex: [40, 5], morale: 'C' },
      ],
      'move',
    )
    const r = submit(s, 'FED', [], [4])
    expect(ofType(r.events, 'recovery')).toMatchObject([
      { ref: 'A-10-3', turn: 1, half: 2, unit: 'ZK1', from: 'C', roll: 4, recovered: true },
    ])
    expect(unit(r.state, 'ZK1').morale).toBe('N')
    expect([r.state.turn, r.state.half, r.state.step]).toEqual([1, 2, 'move'])
  })

  it('AMB-A-2 option recovery=oncePerTurn: no recovery in half 2, one at the start of the next turn', () => {
    const s = sandbox(
      [
        { id: 'GM1', type: 'GM', side: 'FED', hex: [5, 5] },
        { id: 'ZK1', type: 'ZK', side: 'ZEON', hex: [40, 5], morale: 'C' },
      ],
      'move',
      { recovery: 'oncePerTurn' },
    )
    const half1 = submit(s, 'FED', [], [4])
    expect(ofType(half1.events, 'recovery')).toEqual([])
    expect(unit(half1.state, 'ZK1').morale).toBe('C')
    expect([half1.state.turn, half1.state.half, half1.state.step]).toEqual([1, 2, 'move'])
    const half2 = submit(half1.state, 'ZEON', [], [4])
    expect(ofType(half2.events, 'recovery')).toMatchObject([
      { turn: 2, half: 1, unit: 'ZK1', roll: 4, recovered: true },
    ])
    expect([half2.state.turn, half2.state.half, half2.state.step]).toEqual([2, 1, 'move'])
  })

  it('A-3-3 orders out of turn are refused with the rule', () => {
    const s = sandbox(duel, 'move')
    expect(abaoaqu.validate(s, 'ZEON', []).map((e) => e.rule)).toEqual(['A-3-3'])
    expect(abaoaqu.validate(s, 'FED', [shoot(['GM1'], { unit: 'ZK1' })]).map((e) => e.rule)).toEqual(['A-3-3'])
  })

  it('AMB-A-3 leadDice=atDeclaration: the lead-off attack is rolled when declared, applied in the damage check', () => {
    const s = sandbox(duel, 'attack-lead', { leadDice: 'atDeclaration' })
    const declared = submit(s, 'FED', [shoot(['GM1'], { unit: 'ZK1' })], [5]) // GM eff 2 vs Def 2: 1:1, 5: D
    expect(declared.rolls.map((x) => x.face)).toEqual([5])
    expect(unit(declared.state, 'ZK1').morale).toBe('N')
    const r = submit(declared.state, 'ZEON', [], [6, 6])
    expect(attackBy(r.events, 'GM1')).toMatchObject({ roll: 5, results: [{ unit: 'ZK1', result: 'D' }] })
  })
})
