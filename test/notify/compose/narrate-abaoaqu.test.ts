// Narration of A-Bao-A-Qu events produced by the engine itself: what a player reads must name the
// units, hexes, odds, dice and results that the log holds.
import { describe, expect, it } from 'vitest'
import type { GameEvent } from '../../../src/engine/ruleset.js'
import { abaoaqu } from '../../../src/rulesets/abaoaqu/engine/index.js'
import type { Order, State } from '../../../src/rulesets/abaoaqu/engine/types.js'
import { narrate } from '../../../src/notify/compose/index.js'
import { narrateAbaoaqu, narrationContext } from '../../../src/rulesets/abaoaqu/present/narrate.js'
import { sandbox, scripted, type Piece } from '../../engine/abaoaqu/harness.js'
import { firstMove, skirmish } from './game.js'

/** Plays `turns` (seat, orders, dice faces) from `state` and returns every event. */
function play(state: State, turns: Array<[string, Order[], number[]]>): { state: State; events: GameEvent[] } {
  const events: GameEvent[] = []
  for (const [seat, orders, faces] of turns) {
    expect(abaoaqu.validate(state, seat, orders)).toEqual([])
    const r = abaoaqu.resolve(state, { [seat]: orders }, scripted(faces))
    state = r.state
    events.push(...r.events)
  }
  return { state, events }
}

describe('a real A-S4 step, resolved by the engine', () => {
  const { events, view } = skirmish()
  const lines = narrate('abaoaqu', events, view, 'en')

  it('tells each move order once, with its units, from and to hexes in the order notation', () => {
    expect(lines).toContain('GM1 and GM2 moved from 1004 to 1008.')
    expect(lines).toContain('Gundam GD1 moved from 0202 to 0405.')
    expect(events.filter((e) => e.type === 'move')).toHaveLength(3)
  })

  it('tells each attack with its units, target hex, totals, odds, die and result', () => {
    const a1 = events.find((e) => e.type === 'attack' && e.attack === 'A1')!
    expect(a1.roll).toBe(5)
    expect(lines).toContain(
      'Attack A1: GM1 and GM2 shoot at Zaku ZK1 in 1009: 8 vs 2, odds 4:1; die 5: Zaku ZK1 eliminated.',
    )
    expect(lines).toContain('Attack A2: Zaku ZK1 shoots at GM1 in 1008: 4 vs 3, odds 1:1; die 2: GM1 unharmed.')
  })

  it('does not repeat a declaration its resolution already tells', () => {
    expect(lines.filter((l) => l.includes('declared'))).toEqual([])
    expect(lines.filter((l) => l.startsWith('Attack A1'))).toHaveLength(1)
  })

  it('keeps the order of the log', () => {
    const at = (prefix: string) => lines.findIndex((l) => l.startsWith(prefix))
    expect(at('GM1 and GM2 moved')).toBeLessThan(at('Attack A2'))
    expect(at('Attack A2')).toBeLessThan(at('Attack A1'))
  })
})

describe('other events from the engine', () => {
  const pieces: Piece[] = [
    { id: 'GM1', type: 'GM', side: 'FED', hex: [10, 4] },
    { id: 'GM2', type: 'GM', side: 'FED', hex: [10, 4] },
    { id: 'PB1', type: 'PA(BD)', side: 'FED', hex: [12, 4] },
    { id: 'ZK1', type: 'ZK', side: 'ZEON', hex: [10, 6] },
    { id: 'RD1', type: 'RD', side: 'ZEON', hex: [40, 9], morale: 'C' },
    { id: 'GE1', type: 'GE', side: 'ZEON', hex: [30, 9] },
  ]

  it('a declaration the other side must answer, a BD launch, then the damage check and recovery rolls', () => {
    const start = sandbox(pieces, 'attack-lead')
    const lead = play(start, [
      [
        'FED',
        [
          { kind: 'bd', unit: 'PB1', target: [20, 9] },
          { kind: 'attack', mode: 'shoot', units: ['GM1', 'GM2'], target: { unit: 'ZK1' } },
        ],
        [3],
      ],
    ])
    // What Zeon reads before its return fire: the attack is declared, not yet rolled.
    const declared = lead.events.find((e) => e.type === 'declare')!
    const odds = `${declared.attackTotal} vs ${declared.defenceTotal}, odds ${declared.base}`
    expect(odds).toBe('6 vs 2, odds 3:1')
    expect(narrate('abaoaqu', lead.events, abaoaqu.view(lead.state, 'ZEON'), 'en')).toEqual([
      'Public (BD) PB1 fired its BD missile at 2009: die 3, a hit; ' +
        'a beam-disruption screen now covers the area around 2009.',
      `Federation declared attack A1: GM1 and GM2 shoot at Zaku ZK1 in 1006: ${odds}; it resolves in the damage check.`,
    ])

    // Zeon passes; the damage check rolls 1 (3:1, row 1: C), then recovery: ZK1 rolls 6, RD1 rolls 2.
    const follow = play(lead.state, [['ZEON', [], [1, 6, 2]]])
    const lines = narrate('abaoaqu', follow.events, abaoaqu.view(follow.state, 'FED'), 'en')
    expect(follow.events.find((e) => e.type === 'attack')!.results).toEqual([{ unit: 'ZK1', modifier: 0, result: 'C' }])
    expect(lines).toEqual(
      expect.arrayContaining([
        `Attack A1: GM1 and GM2 shoot at Zaku ZK1 in 1006: ${odds}; die 1: Zaku ZK1 confused.`,
        'Zaku ZK1 is still confused (die 6).',
        'Rick Dom RD1 recovered from being confused (die 2).',
      ]),
    )
    expect(lines.findIndex((l) => l.startsWith('Attack A1'))).toBeLessThan(
      lines.indexOf('Zaku ZK1 is still confused (die 6).'),
    )
  })

  it('a confused target, and the end of the game', () => {
    const start = sandbox(
      pieces
        .filter((p) => p.side === 'FED' || p.id === 'ZK1')
        .map((p) => (p.id === 'ZK1' ? { ...p, morale: 'C' as const } : p)),
      'attack-lead',
    )
    // ZK1 cannot return fire while confused: the follow-up step passes and the damage check rolls 6.
    const { state, events } = play(start, [
      ['FED', [{ kind: 'attack', mode: 'shoot', units: ['GM1', 'GM2'], target: { unit: 'ZK1' } }], [6]],
    ])
    expect(state.step).toBe('over')
    const lines = narrate('abaoaqu', events, abaoaqu.view(state, null), 'en')
    expect(lines).toContain('Zeon had nothing to do in the combat phase (return fire) and passed.')
    expect(events.find((e) => e.type === 'attack')!.results).toEqual([{ unit: 'ZK1', modifier: 1, result: 'X' }])
    expect(lines).toContain(
      'Attack A1: GM1 and GM2 shoot at Zaku ZK1 in 1006: 6 vs 2, odds 3:1; ' +
        'die 6: Zaku ZK1 (die +1 for its state) eliminated.',
    )
    expect(lines[lines.length - 1]).toBe('The game is over: Federation wins; every unit of Zeon was destroyed.')
  })

  it('the start of a game: the set-up and the first turn', () => {
    const { events, view } = firstMove()
    expect(narrate('abaoaqu', events, view, 'en')).toEqual(['Turn 1 began; Federation leads off.'])
  })
})

describe('events not from this step of the engine', () => {
  const { view } = skirmish()
  const c = narrationContext(view)
  const say = (...events: GameEvent[]) => narrateAbaoaqu(events, c)

  it('recoveries, BD expiry, lead-off and arrival rolls, occupation, units entering', () => {
    expect(say({ type: 'recovery', unit: 'ZK1', from: 'C', roll: 3, recovered: true })).toEqual([
      'Zaku ZK1 recovered from being confused (die 3).',
    ])
    expect(say({ type: 'recovery', unit: 'GE1', from: 'D', roll: 5, recovered: false })).toEqual([
      'Gelgoog GE1 is still panicked (die 5).',
    ])
    expect(say({ type: 'bd-expire', hex: [12, 7], placed: 2 })).toEqual([
      'The BD screen at 1207 (laid on turn 2) has dissipated.',
    ])
    expect(say({ type: 'lead-off', roll: 4, side: 'ZEON' })).toEqual(['Lead-off roll: die 4, Zeon leads off.'])
    expect(say({ type: 'arrival-roll', group: 'zeon-fleet', roll: 3, arrivalTurn: 5 })).toEqual([
      'Arrival roll for zeon-fleet: die 3; they arrive on turn 5.',
    ])
    expect(say({ type: 'occupation', side: 'FED', qualified: true, streak: 2, needed: 3 })).toEqual([
      'Federation held the objective this turn: 2 of 3 turns in a row.',
    ])
    expect(
      say(
        { type: 'enter', unit: 'GM1', from: null, to: [3, 0] },
        { type: 'enter', unit: 'GM2', from: null, to: [3, 0] },
        { type: 'enter', unit: 'GD1', from: null, to: [4, 1] },
      ),
    ).toEqual(['GM1 and GM2 entered the map at 0300.', 'Gundam GD1 entered the map at 0401.'])
    expect(say({ type: 'sm-spent', unit: 'ZK1', hex: '1208' })).toEqual(['Zaku ZK1 has spent itself and left the map.'])
  })

  it("an attack with pilot shifts says both sides' shifts and the final column", () => {
    expect(
      say({
        type: 'attack',
        attack: 'A7',
        mode: 'close',
        attackers: ['GD1'],
        hex: [10, 9],
        targets: ['GE1'],
        attackTotal: 6,
        defenceTotal: 4,
        base: '1:1',
        attackerShift: 3,
        defenderShift: 1,
        shift: 2,
        column: '3:1',
        roll: 4,
        results: [{ unit: 'GE1', modifier: 0, result: 'D' }],
      }),
    ).toEqual([
      'Attack A7: Gundam GD1 closes with Gelgoog GE1 in 1009: 6 vs 4, odds 1:1, ' +
        "shift +2 (attacker's pilots +3, defender's pilots −1) → 3:1; die 4: Gelgoog GE1 panicked.",
    ])
  })

  it('unknown events get a plain line; bookkeeping gets none; malformed events never throw', () => {
    expect(say({ type: 'comet', ref: 'X-1', hex: '0710', power: 3 })).toEqual([
      'Event "comet" (X-1): hex 0710, power 3.',
    ])
    expect(say({ type: 'phase', phase: 'recovery' }, { type: 'standing', seat: 'ZEON' })).toEqual([])
    const broken = say({ type: 'attack', attack: 'A9' }, { type: 'recovery' }, null as unknown as GameEvent, {
      type: 'move',
      unit: 'ZZ9',
      from: 'x',
      to: [1, 2, 3],
    })
    expect(broken).toHaveLength(4)
    expect(broken[0]).toBe('Event "attack": attack A9.')
    expect(broken[3]).toBe('ZZ9 moved from an unknown hex to an unknown hex.')
  })

  it('another rule system gets the plain line for every event', () => {
    expect(narrate('hexrace', [{ type: 'facing', ref: 'G-4-1', unit: 'GX1', facing: 3 }], {}, 'en')).toEqual([
      'Event "facing" (G-4-1): unit GX1, facing 3.',
    ])
    expect(narrate('abaoaqu', [{ type: 'turn', turn: 2, leadOff: 'FED' }], { not: 'a view' }, 'en')).toEqual([
      'Event "turn": leadOff FED.',
    ])
  })
})
