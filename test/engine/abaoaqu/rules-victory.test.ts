// §7 Victory (rules/abaoaqu.md §7, AMB-A-21, GAP-A-8): occupation of the fortress, annihilation,
// the turn limit, and the A-S6 ships-destroyed comparison and forced retreat.
import { describe, expect, it } from 'vitest'
import type { GameEvent } from '../../../src/engine/ruleset.js'
import { abaoaqu } from '../../../src/rulesets/abaoaqu/engine/index.js'
import type { Hex, Order, State } from '../../../src/rulesets/abaoaqu/engine/types.js'
import { loadAbaoaquScenario } from '../../../src/rulesets/abaoaqu/scenarios/index.js'
import { sandbox, submit, unit, type Piece } from './harness.js'

const p = (id: string, type: string, side: 'FED' | 'ZEON', hex: Hex, extra: Partial<Piece> = {}): Piece => ({
  id,
  type,
  side,
  hex,
  ...extra,
})
const ofType = (events: GameEvent[], type: string) => events.filter((e) => e.type === type)
const SIXES = Array.from({ length: 400 }, () => 6)

/**
 * Plays on, each acting seat submitting `ordersFor(state, seat)` (default nothing), until the game
 * ends. Scripted faces start every submission (6s by default: no recovery, see TV-A-19).
 */
function playOut(start: State, ordersFor: (s: State, seat: string) => Order[] = () => [], faces = SIXES) {
  let s = start
  const events: GameEvent[] = []
  for (let i = 0; i < 500 && !s.outcome; i++) {
    const pending = abaoaqu.pending(s)
    const seat = pending.flatMap((x) => x.seats)[0] ?? pending[0]!.side
    const r = submit(s, seat, ordersFor(s, seat), faces)
    events.push(...r.events)
    s = r.state
  }
  return { state: s, events }
}

describe('§7 occupation of the fortress (A-S4: 5 units for 3 turns)', () => {
  const zeonFar = p('FB9', 'FC(B)', 'ZEON', [60, 0])
  const onFortress = (n: number, extra: Partial<Piece> = {}): Piece[] => {
    const hexes = sandbox([]).scenario.map.tags.fortress!.filter((h) => h[0] >= 3 && h[0] <= 7 && h[1] === 10)
    return hexes.slice(0, n).map((h, i) => p(`GM${i + 1}`, 'GM', 'FED', h, extra))
  }
  /** The pieces at the start of turn 1's movement, as if they had stood there since the turn began. */
  const held = (pieces: Piece[], options: Record<string, string> = {}): State => ({
    ...sandbox(pieces, 'move', options),
    occupation: { FED: { streak: 0, turnOk: true } },
  })
  const streaks = (events: GameEvent[]) => ofType(events, 'occupation').map((e) => [e.turn, e.qualified, e.streak])

  it('5 Fed units on fortress hexes through three whole turns win at the end of turn 3', () => {
    const r = playOut(held([...onFortress(5), zeonFar]))
    expect(streaks(r.events)).toEqual([
      [1, true, 1],
      [2, true, 2],
      [3, true, 3],
    ])
    expect(
      ofType(r.events, 'occupation').every((e) => e.ref === 'AMB-A-21' && e.side === 'FED' && e.needed === 3),
    ).toBe(true)
    expect(r.state.outcome).toMatchObject({ winner: 'FED', ref: 'A-S4' })
    expect(ofType(r.events, 'game-over')).toMatchObject([{ turn: 3, winner: 'FED', ref: 'A-S4' }])
    expect(r.state.step).toBe('over')
  })

  it('units count whatever their state: five panicked (D) units hold the fortress too', () => {
    const r = playOut(held([...onFortress(5, { morale: 'D' }), zeonFar]))
    expect(r.state.outcome).toMatchObject({ winner: 'FED', ref: 'A-S4' })
    expect(ofType(r.events, 'game-over')[0]).toMatchObject({ turn: 3 })
  })

  // GM5 steps off the fortress in turn 2's movement and comes back in turn 3's.
  const stepOffAndBack = (s: State, seat: string): Order[] => {
    if (seat !== 'FED' || s.step !== 'move') return []
    if (s.turn === 2) return [{ kind: 'move', units: ['GM5'], to: [7, 6] }]
    if (s.turn === 3) return [{ kind: 'move', units: ['GM5'], to: [7, 10] }]
    return []
  }

  it('AMB-A-21 every phase end counts: turns 2 and 3 do not qualify, so the win comes at the end of turn 6', () => {
    const r = playOut(held([...onFortress(5), zeonFar]), stepOffAndBack)
    expect(streaks(r.events)).toEqual([
      [1, true, 1],
      [2, false, 0],
      [3, false, 0],
      [4, true, 1],
      [5, true, 2],
      [6, true, 3],
    ])
    expect(r.state.outcome).toMatchObject({ winner: 'FED' })
  })

  it('AMB-A-21 option occupationCheck=endOfTurn: only the count at the end of each turn matters', () => {
    const r = playOut(held([...onFortress(5), zeonFar], { occupationCheck: 'endOfTurn' }), stepOffAndBack)
    expect(streaks(r.events)).toEqual([
      [1, true, 1],
      [2, false, 0],
      [3, true, 1],
      [4, true, 2],
      [5, true, 3],
    ])
    expect(r.state.outcome).toMatchObject({ winner: 'FED' })
  })

  it('GAP-A-8 with 4 units the Feds never qualify, and Zeon wins at the end of turn 12', () => {
    const r = playOut(held([...onFortress(4), zeonFar]))
    expect(streaks(r.events)).toHaveLength(12)
    expect(streaks(r.events).every(([, qualified]) => qualified === false)).toBe(true)
    expect(r.state.outcome).toMatchObject({ winner: 'ZEON', ref: 'GAP-A-8' })
    expect(ofType(r.events, 'game-over')).toMatchObject([{ turn: 12, winner: 'ZEON' }])
  })
})

describe('§7 annihilation', () => {
  it('a side whose last unit is destroyed loses', () => {
    const s: State = {
      ...sandbox([p('GM1', 'GM', 'FED', [5, 5]), p('ZK1', 'ZK', 'ZEON', [5, 5])], 'attack-follow'),
      half: 2,
    }
    // 10:2, 5:1, 6: X.
    const r = submit(s, 'FED', [{ kind: 'attack', mode: 'shoot', units: ['GM1'], target: { unit: 'ZK1' } }], [6])
    expect(unit(r.state, 'ZK1').at).toBe('gone')
    expect(r.state.outcome).toMatchObject({ winner: 'FED', ref: '§7' })
    expect(r.state.step).toBe('over')
    expect(abaoaqu.pending(r.state)).toEqual([])
  })

  it('A-3-3a one battle: lead-off attacks resolve though return fire destroyed their units; both gone: a draw', () => {
    const s = sandbox([p('GM1', 'GM', 'FED', [5, 5]), p('ZK1', 'ZK', 'ZEON', [5, 5])], 'attack-lead')
    const declared = submit(s, 'FED', [
      { kind: 'attack', mode: 'shoot', units: ['GM1'], target: { unit: 'ZK1' } },
    ]).state
    const r = submit(
      declared,
      'ZEON',
      [{ kind: 'attack', mode: 'shoot', units: ['ZK1'], target: { unit: 'GM1' } }],
      [6, 6],
    ) // X, then X
    expect(unit(r.state, 'GM1').at).toBe('gone')
    expect(r.events.find((e) => e.type === 'attack' && (e.attackers as string[]).includes('GM1'))).toMatchObject({
      results: [{ unit: 'ZK1', result: 'X' }],
    })
    expect(unit(r.state, 'ZK1').at).toBe('gone')
    expect(r.state.outcome).toMatchObject({ winner: null })
  })
})

describe('A-S6 ships destroyed and forced retreat', () => {
  /** An A-S6 game holding exactly `pieces`, with the given starting fleet sizes. */
  const fleets = (
    pieces: Piece[],
    step: State['step'],
    turn: number,
    startShips: Record<string, number>,
    shipsDestroyed = { FED: 0, ZEON: 0 },
  ): State => ({
    ...sandbox(pieces, step),
    scenario: loadAbaoaquScenario('A-S6'),
    occupation: {},
    turn,
    startShips,
    shipsDestroyed,
  })
  const magellanOnChibe = (extraZeon: Piece[]) => [
    p('MA1', 'MA', 'FED', [5, 5]),
    p('MA2', 'MA', 'FED', [30, 0]),
    p('SA1', 'SA', 'FED', [31, 0]),
    p('CH1', 'CH', 'ZEON', [5, 5]),
    ...extraZeon,
  ]
  const sinkChibe = (s: State) => {
    const declared = submit(s, 'FED', [
      { kind: 'attack', mode: 'shoot', units: ['MA1'], target: { unit: 'CH1' } },
    ]).state // 20 vs 7: 2:1
    return submit(declared, 'ZEON', [], [6, ...SIXES]) // 6: X
  }

  it('GAP-A-8 at the end of turn 10 the side that destroyed more enemy ships wins', () => {
    const s = fleets(
      magellanOnChibe([p('CH2', 'CH', 'ZEON', [60, 11]), p('MU1', 'MU', 'ZEON', [61, 11])]),
      'attack-lead',
      10,
      { FED: 3, ZEON: 3 },
    )
    const sunk = sinkChibe(s)
    expect(unit(sunk.state, 'CH1').at).toBe('gone')
    expect(sunk.state.shipsDestroyed).toMatchObject({ FED: 1, ZEON: 0 })
    const r = sunk.state.outcome ? { state: sunk.state, events: sunk.events } : playOut(sunk.state)
    expect(r.state.outcome).toMatchObject({ winner: 'FED', ref: 'GAP-A-8' })
    expect(ofType([...sunk.events, ...r.events], 'game-over')).toMatchObject([{ turn: 10 }])
  })

  it('GAP-A-8 equal numbers of ships destroyed at turn 10 are a draw', () => {
    const s = fleets(
      [p('MA1', 'MA', 'FED', [5, 5]), p('CH1', 'CH', 'ZEON', [60, 5])],
      'move',
      10,
      { FED: 1, ZEON: 1 },
      { FED: 2, ZEON: 2 },
    )
    const r = playOut(s)
    expect(r.state.outcome).toMatchObject({ winner: null, ref: 'GAP-A-8' })
  })

  it('A-S6 [H] a side left with 25 % or less of its starting ships is forced to retreat at the end of the turn', () => {
    const s = fleets(magellanOnChibe([p('MU1', 'MU', 'ZEON', [61, 11])]), 'attack-lead', 1, { FED: 3, ZEON: 4 })
    const sunk = sinkChibe(s)
    const r = sunk.state.outcome ? { state: sunk.state, events: sunk.events } : playOut(sunk.state)
    expect(r.state.outcome).toMatchObject({ winner: 'FED', ref: 'A-S6' })
    expect(ofType([...sunk.events, ...r.events], 'game-over')).toMatchObject([{ turn: 1 }])
  })
})
