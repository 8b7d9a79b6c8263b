// §7 scenario rules: the deployment step (option deployment=players), A-S6's lead-off roll and
// A-S7's reinforcement arrival roll (rules/abaoaqu.md §2.1 T0/T9, §7).
import { describe, expect, it } from 'vitest'
import type { GameEvent } from '../../../src/engine/ruleset.js'
import { abaoaqu } from '../../../src/rulesets/abaoaqu/engine/index.js'
import type { Hex, Order, State } from '../../../src/rulesets/abaoaqu/engine/types.js'
import { loadAbaoaquScenario } from '../../../src/rulesets/abaoaqu/scenarios/index.js'
import { newGame, scripted, submit, unit } from './harness.js'

const move = (units: string[], to: Hex): Order => ({ kind: 'move', units, to })
const rules = (s: State, seat: string, orders: Order[]) => abaoaqu.validate(s, seat, orders).map((e) => e.rule)
const ofType = (events: GameEvent[], type: string) => events.filter((e) => e.type === type)
const pendingSides = (s: State) =>
  abaoaqu
    .pending(s)
    .filter((x) => x.seats.length > 0)
    .map((x) => `${x.side}:${x.step}`)
const positions = (s: State) => s.units.map((u) => `${u.id}@${u.at}:${u.hex ? u.hex.join(',') : '-'}`)

describe('§7 deployment step (deployment=players)', () => {
  it('A-S4: Zeon sets up first, the Feds may not act yet', () => {
    const g = newGame('A-S4')
    expect(g.step).toBe('deploy')
    expect(pendingSides(g)).toEqual(['ZEON:deploy'])
    expect(rules(g, 'FED', [])).toEqual(['A-3-3'])
  })

  it('A-S4: Zeon units other than FC go within 3 hexes of the fortress, never on it nor further', () => {
    const g = newGame('A-S4')
    expect(rules(g, 'ZEON', [move(['ZK1'], [10, 7])])).toEqual([]) // 3 rows above fortress row 10
    expect(rules(g, 'ZEON', [move(['ZK1'], [10, 6])])).toEqual(['A-S4'])
    expect(rules(g, 'ZEON', [move(['ZK1'], [10, 10])])).toEqual(['A-S4']) // on the fortress itself
    expect(rules(g, 'ZEON', [move(['ZK1'], [60, 8])])).toEqual([]) // anywhere in the zone: no MP limit
  })

  it('A-S4: fortress cannons go on the fortress', () => {
    const g = newGame('A-S4')
    expect(rules(g, 'ZEON', [move(['FB1'], [8, 11])])).toEqual([])
    expect(rules(g, 'ZEON', [move(['FB1'], [8, 9])])).toEqual(['A-S4'])
  })

  it('A-5-2 the stack limit holds while setting up', () => {
    const g = newGame('A-S4')
    expect(rules(g, 'ZEON', [move(['ZI1', 'ZK1', 'ZK2', 'RD1', 'RD2'], [10, 8])])).toEqual(['A-5-2'])
    expect(rules(g, 'ZEON', [move(['ZI1', 'ZK1', 'ZK2', 'RD1'], [10, 8])])).toEqual([])
  })

  it("placements are applied as deploy events, then turn 1 starts with the Feds' movement", () => {
    const g = newGame('A-S4')
    const r = submit(g, 'ZEON', [move(['ZK1'], [10, 7]), move(['FB1'], [8, 11])])
    expect(ofType(r.events, 'deploy').map((e) => [e.unit, e.to])).toEqual([
      ['ZK1', [10, 7]],
      ['FB1', [8, 11]],
    ])
    expect(unit(r.state, 'ZK1').hex).toEqual([10, 7])
    expect([r.state.turn, r.state.step]).toEqual([1, 'move'])
    expect(pendingSides(r.state)).toEqual(['FED:move'])
  })

  it('"pass" keeps the automatic placement', () => {
    const g = newGame('A-S4')
    const parsed = abaoaqu.parseOrders('pass', g, 'ZEON')
    expect(parsed).toEqual({ ok: true, orders: [], lines: [], passes: [1] })
    const r = submit(g, 'ZEON', [])
    expect(positions(r.state)).toEqual(positions(g))
    expect(pendingSides(r.state)).toEqual(['FED:move'])
  })

  it('A-S7: the Feds set up first, the defence force in the middle strip (rows 10-13)', () => {
    const g = newGame('A-S7')
    expect(pendingSides(g)).toEqual(['FED:deploy'])
    expect(rules(g, 'FED', [move(['GM1'], [8, 13])])).toEqual([])
    expect(rules(g, 'FED', [move(['GM1'], [8, 9])])).toEqual(['A-S7'])
    expect(rules(g, 'FED', [move(['GM1'], [8, 14])])).toEqual(['A-S7'])
  })
})

describe('A-S6 lead-off roll', () => {
  const setupWith = (face: number) =>
    abaoaqu.setup(loadAbaoaquScenario('A-S6'), { players: 2, options: {} }, scripted([face]))

  it('A-S6 odd: the Feds lead off; even: Zeon', () => {
    for (const [face, side] of [
      [1, 'FED'],
      [3, 'FED'],
      [5, 'FED'],
      [2, 'ZEON'],
      [4, 'ZEON'],
      [6, 'ZEON'],
    ] as const) {
      const r = setupWith(face)
      expect(ofType(r.events, 'lead-off')).toMatchObject([{ ref: 'A-S6', roll: face, side }])
      expect(r.state.leadOff).toBe(side)
      expect(pendingSides(r.state)).toEqual([`${side}:move`])
    }
  })

  it('AMB-A-1 the lead-off side rolled at setup keeps leading off every turn', () => {
    let s = setupWith(4).state
    const events: GameEvent[] = []
    for (let i = 0; i < 20 && s.turn < 3; i++) {
      const seat = abaoaqu.pending(s).flatMap((x) => x.seats)[0]!
      const r = submit(s, seat, [], [1])
      events.push(...r.events)
      s = r.state
    }
    expect(ofType(events, 'lead-off')).toEqual([])
    expect(ofType(events, 'turn').map((e) => [e.turn, e.leadOff])).toEqual([
      [2, 'ZEON'],
      [3, 'ZEON'],
    ])
  })
})

describe('A-S7 reinforcements', () => {
  /** Plays A-S7 with empty orders until `stop` holds; every submission's first die shows `face`. */
  function playUntil(stop: (s: State) => boolean, face: number) {
    let s = newGame('A-S7', { deployment: 'auto' })
    const events: GameEvent[] = []
    for (let i = 0; i < 50 && !stop(s); i++) {
      const seat = abaoaqu.pending(s).flatMap((x) => x.seats)[0]!
      const r = submit(s, seat, [], [face])
      events.push(...r.events)
      s = r.state
    }
    return { state: s, events }
  }
  const fedMoveOfTurn = (turn: number) => (s: State) => s.turn === turn && pendingSides(s).includes('FED:move')
  const reinforcements = (s: State) => s.units.filter((u) => u.group === 'fed-reinforcement')

  it('A-S7 before the roll the reinforcements cannot enter', () => {
    const s = newGame('A-S7', { deployment: 'auto' })
    expect(reinforcements(s)).toHaveLength(20)
    expect(reinforcements(s).every((u) => u.at === 'reserve')).toBe(true)
  })

  for (const [roll, arrives] of [
    [4, 5],
    [1, 2],
  ] as const) {
    it(`A-S7 after turn 1 the Feds roll 1d6: a ${roll} brings the reinforcements in turn ${arrives}`, () => {
      const { state, events } = playUntil((s) => s.turn === 2, roll)
      const arrival = ofType(events, 'arrival-roll')
      expect(arrival).toMatchObject([{ ref: 'A-S7', roll, arrivalTurn: arrives, turn: 1, group: 'fed-reinforcement' }])
      // rolled at the end of turn 1, before turn 2 starts
      expect(events.indexOf(arrival[0]!)).toBeLessThan(events.findIndex((e) => e.type === 'turn' && e.turn === 2))
      expect(events.findIndex((e) => e.type === 'turn' && e.turn === 2)).toBeGreaterThan(-1)
      expect(reinforcements(state).every((u) => u.enterTurn === arrives)).toBe(true)
      expect(state.units.filter((u) => u.group === 'fed-defence').every((u) => u.at === 'map')).toBe(true)
    })
  }

  it('A-S7 the reinforcements enter on the bottom row from their turn, not before; the roll is made once', () => {
    const early = playUntil(fedMoveOfTurn(2), 4)
    expect(fedMoveOfTurn(2)(early.state)).toBe(true)
    expect(rules(early.state, 'FED', [move(['GM7'], [5, 23])])).toEqual(['A-4-6b'])
    const due = playUntil(fedMoveOfTurn(5), 4)
    expect(ofType(due.events, 'arrival-roll')).toHaveLength(1)
    expect(fedMoveOfTurn(5)(due.state)).toBe(true)
    expect(rules(due.state, 'FED', [move(['GM7'], [5, 23])])).toEqual([])
    expect(rules(due.state, 'FED', [move(['GM7'], [5, 0])])).toEqual(['A-4-6b'])
  })
})
