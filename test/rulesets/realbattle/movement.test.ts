// RB-5…11, 19.3, 22.2: action programs (simulateProgram, checkProgram) and the action phase (runActionPhase).
import { describe, expect, it } from 'vitest'
import type { OrderError } from '../../../src/engine/ruleset.js'
import {
  actionChoices,
  checkProgram,
  checkSpeedOrder,
  simulateProgram,
} from '../../../src/rulesets/realbattle/engine/movement.js'
import type { At, RbState } from '../../../src/rulesets/realbattle/engine/types.js'
import { cards, makeAt, makeState } from './fixture.js'
import { act, program, steps } from './move-helpers.js'

/** A1 of camp A at (2,2) facing S, in camp A's action phase (column 2 of map A is open all the way down). */
function one(over: Partial<At> = {}, weapons: Parameters<typeof makeAt>[0]['weapons'] = [], card = 'scopedog') {
  const at = makeAt({ id: 'A1', hex: [2, 2], facing: 3, card, weapons, at: over })
  return { at, state: makeState([at]) }
}

function sim(over: Partial<At>, text: string, weapons: Parameters<typeof makeAt>[0]['weapons'] = []) {
  const { at, state } = one(over, weapons)
  return simulateProgram(state, at, at.speed, steps(text))
}

function check(state: RbState, text: string, speed: number, extra = {}, seat = 'A'): OrderError[] {
  return checkProgram(state, seat, program('A1', text, extra), speed, 4)
}

/** The one refusal, as rule and key, with its params. */
function refusal(errors: OrderError[]) {
  expect(errors).toHaveLength(1)
  return { rule: errors[0]!.rule, key: errors[0]!.key, params: errors[0]!.params }
}

describe('simulateProgram: geometry and costs', () => {
  it('F steps forward at positive speed, B backward at negative (RB-6.3, 6.4)', () => {
    expect(sim({ speed: 2 }, 'F F')).toMatchObject({ errors: [], hex: { col: 2, row: 4 }, facing: 3, mp: 2, pp: 0 })
    expect(sim({ speed: -2 }, 'B B')).toMatchObject({ errors: [], hex: { col: 2, row: 0 }, facing: 3, mp: 2 })
  })
  it('RB-7.4: turn ① moves one hex and rotates 60°; left and right', () => {
    const r = sim({ speed: 1 }, 'T1R')
    expect(r).toMatchObject({ errors: [], hex: { col: 2, row: 3 }, facing: 4, mp: 1, pp: 0 })
    expect(sim({ speed: 1 }, 'T1L')).toMatchObject({ hex: { col: 2, row: 3 }, facing: 2 })
  })
  it('RB-7.6: a turn while reversing moves backward, costs +1, and the repeat is free (AMB-RB-6)', () => {
    const r = sim({ speed: -2 }, 'T1R T1R')
    expect(r.errors).toEqual([])
    expect(r.pp).toBe(2)
    expect(r.path[0]).toEqual({ col: 2, row: 1 })
    expect(r.facing).toBe(5)
  })
  it('AMB-RB-6: a plain step breaks the chain; turning the other way does not', () => {
    expect(sim({ speed: 4 }, 'T1R F T1R F').pp).toBe(4)
    expect(sim({ speed: 4 }, 'T1R T1L F F').pp).toBe(2)
    expect(sim({ speed: 4 }, 'T1R T2R F').pp).toBe(3)
  })
  it('RB-20.1: heavy damage adds 1 to the first T1 or O1 of a chain only', () => {
    expect(sim({ speed: 2, heavy: true, durability: 8 }, 'T1R T1R').pp).toBe(2)
    expect(sim({ speed: 2, heavy: true, durability: 8 }, 'O1R O1L').pp).toBe(2)
  })
  it('RB-8.6a: oblique ② is one straight step then into the FR hex, facing unchanged', () => {
    const r = sim({ speed: 2 }, 'O2R')
    expect(r).toMatchObject({ errors: [], hex: { col: 1, row: 3 }, facing: 3, mp: 2, pp: 0 })
    expect(r.path).toEqual([
      { col: 2, row: 3 },
      { col: 1, row: 3 },
    ])
  })
  it('RB-8.5, 8.6a: a reversing oblique goes into the BL / BR hex and costs +1', () => {
    expect(sim({ speed: -1 }, 'O1L')).toMatchObject({ errors: [], hex: { col: 3, row: 1 }, facing: 3, pp: 2 })
    expect(sim({ speed: -1 }, 'O1R')).toMatchObject({ hex: { col: 1, row: 1 } })
  })
  it('RB-9.4, 9.6: a pick turn costs no MP and each one pays', () => {
    const r = sim({ speed: 1 }, 'P1R P1R F')
    expect(r).toMatchObject({ errors: [], facing: 5, mp: 1, pp: 2, hex: { col: 1, row: 1 } })
    expect(sim({ speed: 3 }, 'P3L F F F')).toMatchObject({ errors: [], facing: 0, pp: 4 })
    expect(sim({ speed: 0 }, 'P2R')).toMatchObject({ errors: [], facing: 5, pp: 2, mp: 0 })
  })
  it('RB-7.7: on the spot at speed 0, 60° for 1 PP and 120° for 2', () => {
    expect(sim({ speed: 0 }, 'SL60')).toMatchObject({ errors: [], facing: 2, pp: 1 })
    expect(sim({ speed: 0 }, 'SR120')).toMatchObject({ errors: [], facing: 5, pp: 2 })
  })
  it('no steps: straight ahead by the speed', () => {
    expect(sim({ speed: -1 }, '')).toMatchObject({ errors: [], hex: { col: 2, row: 1 }, mp: 1 })
  })
  it('RB-10.1: a step into an obstacle ends the program there, and the MP need not add up', () => {
    const at = makeAt({ id: 'A1', hex: [10, 3], facing: 3, speed: 4 })
    const r = simulateProgram(makeState([at]), at, 4, steps('F F F F'))
    expect(r).toMatchObject({ errors: [], blockedAt: 2, hex: { col: 10, row: 5 }, mp: 3 })
    const t = simulateProgram(makeState([at]), at, 4, steps('F T3R'))
    expect(t).toMatchObject({ errors: [], blockedAt: 1, hex: { col: 10, row: 5 }, facing: 3 })
  })
  it('RB-2.4 and AMB-RB-14: the map edge stops movement even when a scenario ignores obstacles', () => {
    const edge = makeAt({ id: 'A1', hex: [2, 1], facing: 0, speed: 2 })
    const s1 = makeState([edge], {}, { ignoreObstacles: true })
    expect(simulateProgram(s1, edge, 2, steps('F F'))).toMatchObject({ blockedAt: 1, hex: { col: 2, row: 0 } })
    const inner = makeAt({ id: 'A1', hex: [10, 3], facing: 3, speed: 4 })
    const open = simulateProgram(makeState([inner], {}, { ignoreObstacles: true }), inner, 4, steps('F F F F'))
    expect(open).toMatchObject({ errors: [], blockedAt: null, hex: { col: 10, row: 7 } })
  })
  it('magazine, purge, reload and smoke change the clone only', () => {
    const { at, state } = one({ speed: 0 }, [{ card: 'hmg', ammo: 2, magazines: 1 }, { card: 'smoke' }])
    const r = simulateProgram(state, at, 0, steps('MAG:hmg SMOKE PURGE:hmg'))
    expect(r).toMatchObject({ errors: [], pp: 6 })
    expect(at.weapons[0]).toMatchObject({ ammo: 2, magazines: 1, purged: false })
    expect(state.smoke).toEqual([])
  })
})

describe('checkProgram refusals', () => {
  const cases: Array<[string, Partial<At>, string, number, string, string, Record<string, unknown>?]> = [
    ['MP short of |speed|', { speed: 3 }, 'F F', 3, 'RB-6.2', 'realbattle.move.mpShort', { mp: 2, need: 3, step: 2 }],
    ['MP past |speed|', { speed: 2 }, 'F T2R', 2, 'RB-6.2', 'realbattle.move.mpOver', { step: 2 }],
    ['F at negative speed', { speed: -1 }, 'F', -1, 'RB-6.3', 'realbattle.move.forwardOnly', { step: 1 }],
    ['B at positive speed', { speed: 1 }, 'B', 1, 'RB-6.3', 'realbattle.move.backwardOnly'],
    ['T2 at speed 1', { speed: 1 }, 'T2R', 1, 'RB-7.3', 'realbattle.move.noPattern', { speed: 1 }],
    ['O1 at speed 6', { speed: 6 }, 'O1R F F F F F', 6, 'RB-8.3', 'realbattle.move.noPattern'],
    ['P3 at speed 4', { speed: 4 }, 'P3R F F F F', 4, 'RB-9.5', 'realbattle.move.noPattern'],
    ['S at speed 1', { speed: 1 }, 'SR60 F', 1, 'RB-7.7', 'realbattle.move.spotSpeed'],
    ['180° on the spot', { speed: 0 }, 'SR180', 0, 'RB-7.7', 'realbattle.move.spot180'],
    ['P2 heavily damaged', { speed: 0, heavy: true, durability: 8 }, 'P2R', 0, 'RB-20.1', 'realbattle.move.heavyPick'],
    ['a fallen AT moving', { fallen: true }, 'SL60', 0, 'RB-19.1', 'realbattle.move.fallen', { step: 1 }],
    ['STAND when standing', {}, 'STAND', 0, 'RB-19.3', 'realbattle.move.standNotFallen'],
    ['a second STAND', { fallen: true }, 'STAND STAND', 0, 'AMB-RB-12', 'realbattle.move.standTwice', { step: 2 }],
    ['an unknown weapon', {}, 'MAG:gun', 0, 'RB-11.2', 'realbattle.move.noWeapon', { weapon: 'gun' }],
    ['a confused program', { confused: true, speed: 1 }, 'F', 1, 'RB-22.2', 'realbattle.move.confused'],
    [
      'not enough PP',
      { speed: 4, actionPp: 3 },
      'T1R F T1R F',
      4,
      'RB-7.2',
      'realbattle.move.pp',
      { need: 4, has: 3, step: 3 },
    ],
    ['PP for an oblique', { speed: 3, actionPp: 1 }, 'O1R F F', 3, 'RB-8.2', 'realbattle.move.pp', { need: 2 }],
    ['PP for a pick turn', { speed: 0, actionPp: 1 }, 'P2R', 0, 'RB-9.3', 'realbattle.move.pp'],
  ]
  for (const [name, over, text, speed, rule, key, params] of cases) {
    it(`${rule}: ${name}`, () => {
      const { state } = one(over)
      const errors = check(state, text, speed)
      const r = refusal(errors)
      expect(r).toMatchObject({ rule, key, params: { at: 'A1', ...params } })
      expect(errors[0]).toMatchObject({ order: 4, field: 'steps' })
    })
  }
  it('RB-9.2: an AT without turn-picks cannot pick-turn', () => {
    const at = makeAt({ id: 'A1', hex: [2, 2], card: 'nopick', durability: 16 })
    const state = makeState(
      [at],
      {},
      { cards: { ...cards, nopick: { ...cards.scopedog!, id: 'nopick', turnPick: false } } },
    )
    expect(refusal(check(state, 'P1R', 0))).toMatchObject({ rule: 'RB-9.2', key: 'realbattle.move.noTurnPick' })
  })
  it('RB-11.2, 11.3, 11.4: a magazine change needs a magazine, no ★, and 5 PP', () => {
    const weapons = [
      { card: 'hmg', ammo: 1, magazines: 0 },
      { card: 'ss', ammo: 1 },
      { card: 'hrl', ammo: 0, magazines: 2 },
    ]
    expect(refusal(check(one({}, weapons).state, 'MAG:hmg', 0))).toMatchObject({
      rule: 'RB-11.2',
      key: 'realbattle.move.magNone',
    })
    expect(refusal(check(one({}, weapons).state, 'MAG:ss', 0))).toMatchObject({
      rule: 'RB-11.3',
      key: 'realbattle.move.magStar',
    })
    const poor = one({ actionPp: 4 }, weapons).state
    expect(refusal(check(poor, 'MAG:hrl', 0))).toMatchObject({ rule: 'RB-11.4', params: { need: 5, has: 4 } })
    expect(check(one({ actionPp: 5 }, weapons).state, 'MAG:hrl', 0)).toEqual([])
  })
  it('RB-5.6: built-in weapons and arm-fixed ones cannot be purged', () => {
    const weapons = [{ card: 'bd-gatling' }, { card: 'pile' }, { card: 'ml6' }, { card: 'hmg' }]
    const { state } = one({ actionPp: 1 }, weapons)
    expect(refusal(check(state, 'PURGE:bd-gatling', 0))).toMatchObject({
      rule: 'RB-5.6',
      key: 'realbattle.move.purgeBuiltIn',
    })
    expect(refusal(check(state, 'PURGE:pile', 0))).toMatchObject({ rule: 'RB-5.6', key: 'realbattle.move.purgeKind' })
    expect(check(state, 'PURGE:ml6 PURGE:hmg', 0)).toEqual([])
    expect(refusal(check(one({ actionPp: 0 }, weapons).state, 'PURGE:ml6', 0))).toMatchObject({
      rule: 'RB-5.6',
      key: 'realbattle.move.pp',
    })
  })
  it('S9: a reload needs a launcher at 0 rounds and a spare set', () => {
    const spare = { card: 'spare6', magazines: 1 }
    expect(refusal(check(one({}, [{ card: 'ml6', ammo: 2 }, spare]).state, 'RELOAD:ml6', 0))).toMatchObject({
      rule: 'RB-23-S9',
      key: 'realbattle.move.reloadNotEmpty',
      params: { ammo: 2 },
    })
    expect(refusal(check(one({}, [{ card: 'ml6', ammo: 0 }]).state, 'RELOAD:ml6', 0))).toMatchObject({
      key: 'realbattle.move.reloadNoSpare',
    })
    expect(refusal(check(one({}, [{ card: 'hmg', ammo: 0 }, spare]).state, 'RELOAD:hmg', 0))).toMatchObject({
      key: 'realbattle.move.reloadKind',
    })
  })
  it('GAP-RB-8: smoke needs a discharger with a round left', () => {
    expect(refusal(check(one({}, [{ card: 'smoke', ammo: 0 }]).state, 'SMOKE', 0))).toMatchObject({
      rule: 'GAP-RB-8',
      key: 'realbattle.move.smokeNone',
    })
  })
  it('refuses an AT of another seat, out of play, or of the camp not acting', () => {
    const { state } = one({ speed: 0 })
    expect(refusal(check(state, '', 0, {}, 'B'))).toMatchObject({ rule: 'RB-1.5a', key: 'realbattle.move.notYours' })
    const gone = one({ destroyed: true }).state
    expect(refusal(check(gone, '', 0))).toMatchObject({ key: 'realbattle.move.noAt' })
    const other = makeState([makeAt({ id: 'A1', hex: [2, 2] })], { active: 'B' })
    expect(refusal(check(other, '', 0))).toMatchObject({ rule: 'RB-5.5', key: 'realbattle.move.notActive' })
    expect(refusal(check(state, '', 0, { target: 'Z9' }))).toMatchObject({
      rule: 'RB-6.6',
      key: 'realbattle.move.noTarget',
    })
  })
  it('RB-4.4, 4.5, 4.8: the speed must be one of the choices', () => {
    const { state } = one({ speed: 2, plan: { acc: 0, dec: 1, atk: 0, def: 0 } })
    expect(check(state, 'F', 1)).toEqual([])
    expect(refusal(check(state, 'F F', 2))).toMatchObject({
      rule: 'RB-4.4',
      key: 'realbattle.move.speedChoice',
      params: { choices: '1' },
    })
    expect(refusal(check(state, 'B', -1))).toMatchObject({ rule: 'RB-4.8', key: 'realbattle.move.speedCross' })
    expect(refusal(check(state, '', 6))).toMatchObject({
      rule: 'RB-4.5',
      key: 'realbattle.move.speedRange',
      params: { min: -2, max: 5 },
    })
    const speedOrder = { kind: 'speed' as const, at: 'A1', speed: 2 }
    expect(refusal(checkSpeedOrder(state, 'A', speedOrder, 0))).toMatchObject({ rule: 'RB-4.4', params: { speed: 2 } })
    const stored = one({ speed: 0, speedChoices: [-1, 1] }).state
    expect(checkSpeedOrder(stored, 'A', { kind: 'speed', at: 'A1', speed: -1 }, 0)).toEqual([])
  })
  it('the messages name the AT, the step and its own PP', () => {
    const { state } = one({ speed: 4, actionPp: 1 })
    expect(check(state, 'T1R F F F', 4)[0]!.message).toBe(
      'A1: step 1 (T1R) brings the program to 2 action PP, but A1 has 1',
    )
  })
})

describe('runActionPhase', () => {
  it('moves each AT by its program, spends its PP, and records where it came from (RB-13.8)', () => {
    const at = makeAt({ id: 'A1', hex: [12, 1], facing: 3, speed: 4 })
    const r = act(makeState([at]), [program('A1', 'T1R T1R F F')])
    expect(r.at('A1')).toMatchObject({ actionPp: 4, facing: 5, speed: 4, hex: { col: 9, row: 1 } })
    expect(r.at('A1').enteredFrom).toEqual({ col: 10, row: 2 })
    expect(r.of('move')).toEqual([
      {
        type: 'move',
        ref: 'RB-6.4',
        at: 'A1',
        from: [12, 1],
        to: [9, 1],
        path: [
          [12, 2],
          [11, 2],
          [10, 2],
          [9, 1],
        ],
        facing: 5,
      },
    ])
  })
  it('an AT without a program goes straight; the speed order or the default applies first (RB-4)', () => {
    const a1 = makeAt({ id: 'A1', hex: [2, 2], facing: 3, speed: 0, at: { plan: { acc: 1, dec: 0, atk: 0, def: 0 } } })
    const a2 = makeAt({ id: 'A2', hex: [4, 2], facing: 3, speed: 0, at: { plan: { acc: 1, dec: 0, atk: 0, def: 0 } } })
    const r = act(makeState([a1, a2]), [{ kind: 'speed', at: 'A2', speed: -1 }], [1])
    expect(r.at('A1')).toMatchObject({ speed: 1, hex: { col: 2, row: 3 }, speedChoices: null })
    expect(r.at('A2')).toMatchObject({ speed: -1, hex: { col: 4, row: 1 } })
    expect(r.of('speed')).toEqual([
      { type: 'speed', ref: 'RB-4.4', at: 'A1', from: 0, to: 1 },
      { type: 'speed', ref: 'RB-4.4', at: 'A2', from: 0, to: -1 },
    ])
  })
  it('RB-5.4: |speed| first, then fewer action PP, more attack PP, lower base PP', () => {
    const mk = (id: string, col: number, speed: number, over: Partial<At> = {}, basePp = 6) =>
      makeAt({ id, hex: [col, 1], facing: 3, speed, basePp, at: over })
    const ats = [
      mk('A1', 2, 1),
      mk('A2', 4, -3, { facing: 0 }),
      mk('A3', 6, 1, { actionPp: 2 }),
      mk('A4', 8, 1, { plan: { acc: 0, dec: 0, atk: 2, def: 0 } }),
      mk('A5', 10, 1, {}, 7),
    ]
    const r = act(makeState(ats), [])
    expect(r.of('move').map((e) => e.at)).toEqual(['A2', 'A3', 'A4', 'A1', 'A5'])
  })
  it('RB-5.4: a tie left after every key is broken by a die, rolled only then', () => {
    const a1 = makeAt({ id: 'A1', hex: [2, 1], facing: 3, speed: 1 })
    const a2 = makeAt({ id: 'A2', hex: [4, 1], facing: 3, speed: 1 })
    const r = act(makeState([a1, a2]), [], [2])
    expect(r.of('move').map((e) => e.at)).toEqual(['A2', 'A1'])
    expect(r.dice.rolls).toMatchObject([{ sides: 2, purpose: 'priority', ref: 'RB-5.4' }])
  })
  it('magazine, purge, reload and smoke happen in the program, with their events', () => {
    const at = makeAt({
      id: 'A1',
      hex: [2, 2],
      facing: 3,
      speed: 1,
      basePp: 13,
      weapons: [
        { card: 'hmg', ammo: 0, magazines: 2 },
        { card: 'smoke' },
        { card: 'ml6', ammo: 0 },
        { card: 'spare6', magazines: 1 },
      ],
    })
    const r = act(makeState([at]), [program('A1', 'SMOKE F MAG:hmg RELOAD:ml6')])
    const a = r.at('A1')
    expect(a.actionPp).toBe(13 - 1 - 5 - 6)
    expect(a.weapons.map((w) => [w.id, w.ammo, w.magazines])).toEqual([
      ['hmg', 10, 1],
      ['smoke', 1, 0],
      ['ml6', 6, 0],
      ['spare6', 0, 0],
    ])
    expect(r.state.smoke).toEqual([{ hex: { col: 2, row: 2 }, camp: 'A' }])
    expect(r.events.map((e) => e.type)).toEqual(['smoke-laid', 'move', 'magazine', 'reload'])
  })
  it('RB-19.3: a fallen AT stands up with a roll, once, and spends no PP', () => {
    const at = makeAt({ id: 'A1', hex: [2, 2], at: { fallen: true, actionPp: 4 } })
    const ok = act(makeState([at]), [program('A1', 'STAND')], [4, 4])
    expect(ok.at('A1')).toMatchObject({ fallen: false, stoodUpTried: true, actionPp: 4, speed: 0 })
    expect(ok.of('stand-up')).toEqual([{ type: 'stand-up', ref: 'RB-19.3', at: 'A1', value: 9, roll: 8, ok: true }])
    const no = act(makeState([at]), [program('A1', 'STAND')], [5, 5])
    expect(no.at('A1').fallen).toBe(true)
    const idle = act(makeState([at]), [])
    expect(idle.events).toEqual([])
  })
  it('RB-22.1: after a plan error (told at the reveal) the AT keeps its speed', () => {
    const plan = { acc: 1, dec: 1, atk: 0, def: 0 }
    const a1 = makeAt({ id: 'A1', hex: [2, 2], facing: 3, speed: 1, at: { plan, planError: true } })
    const r = act(makeState([a1]), [])
    expect(r.of('speed')).toEqual([])
    expect(r.at('A1')).toMatchObject({ speed: 1, hex: { col: 2, row: 3 } })
  })
  it('house reading: a step no longer paid for (PP spent avoiding a friend) ends the program; it goes straight', () => {
    const a1 = makeAt({ id: 'A1', hex: [2, 0], facing: 3, speed: 4 })
    const a2 = makeAt({ id: 'A2', hex: [2, 4], facing: 3, speed: 2, at: { actionPp: 1 } })
    const state = makeState([a1, a2])
    expect(checkProgram(state, 'A', program('A2', 'T1R F'), 2, 1)).toEqual([])
    const r = act(state, [program('A1', 'F F F F', { collide: 'ram' }), program('A2', 'T1R F')])
    expect(r.of('collision')).toEqual([
      { type: 'collision', ref: 'RB-6.6', at: 'A1', target: 'A2', direction: 'BB', damage: {}, avoidedBy: 'A2', pp: 1 },
    ])
    expect(r.at('A2')).toMatchObject({ actionPp: 0, hex: { col: 2, row: 6 }, facing: 3 })
  })
  it('house reading: an AT slowed by an earlier collision runs its program while it can, then goes straight', () => {
    // A1 (speed 4) rams A2 (speed 3) from behind (BB, V = 1); A2 drops to speed 1, so its T2R can no longer be
    // made: it goes straight for its one MP.
    const stay = { avoid: 'never' as const, fall: { kind: 'spend' as const, pp: 0 } }
    const a1 = makeAt({ id: 'A1', hex: [2, 0], facing: 3, speed: 4, at: { policies: stay } })
    const a2 = makeAt({ id: 'A2', hex: [2, 4], facing: 3, speed: 3, at: { policies: stay } })
    const orders = [program('A1', 'F F F F', { collide: 'ram' as const }), program('A2', 'T2R F')]
    const r = act(makeState([a1, a2]), orders, [3, 1, 1, 1, 1, 1])
    expect(r.of('collision')).toEqual([
      {
        type: 'collision',
        ref: 'RB-10.6',
        at: 'A1',
        target: 'A2',
        direction: 'BB',
        damage: { A1: 0, A2: 2 },
        rolls: { A1: 3, A2: 1 },
      },
    ])
    expect(r.at('A1')).toMatchObject({ speed: 4, hex: { col: 2, row: 4 } })
    expect(r.at('A2')).toMatchObject({ speed: 1, hex: { col: 2, row: 5 }, facing: 3, durability: 14 })
  })
})

describe('actionChoices', () => {
  it('lists the patterns open at the speed with their PP, and the weapons each action may name', () => {
    const at = makeAt({
      id: 'A1',
      hex: [2, 2],
      speed: 3,
      weapons: [
        { card: 'hmg', ammo: 1, magazines: 1 },
        { card: 'ml6', ammo: 0 },
        { card: 'spare6', magazines: 1 },
      ],
      at: { actionPp: 5 },
    })
    const c = actionChoices(makeState([at]), at, 3)
    expect(c.patterns).toEqual([
      { step: 'T1', pp: 1 },
      { step: 'T2', pp: 0 },
      { step: 'T3', pp: 0 },
      { step: 'O1', pp: 2 },
      { step: 'O2', pp: 1 },
      { step: 'O3', pp: 0 },
      { step: 'P1', pp: 2 },
      { step: 'P2', pp: 3 },
      { step: 'P3', pp: 4 },
    ])
    expect(c).toMatchObject({
      canStand: false,
      magazines: ['hmg'],
      reloads: [],
      purgeable: ['hmg', 'ml6'],
      smoke: false,
    })
    const still = actionChoices(makeState([at]), { ...at, speed: 0, actionPp: 6 }, 0)
    expect(still.patterns.map((p) => p.step)).toEqual(['P1', 'P2', 'P3', 'S60', 'S120'])
    expect(still.reloads).toEqual(['ml6'])
    const fallen = actionChoices(makeState([at]), { ...at, fallen: true, speed: 0 }, 0)
    expect(fallen).toMatchObject({ patterns: [], canStand: true, magazines: [] })
  })
})

describe('checked programs run as simulated', () => {
  it('300 random programs: those checkProgram accepts end where simulateProgram says, with its PP', () => {
    let seed = 12345
    const next = (n: number) => {
      seed = (seed * 1103515245 + 12345) % 2147483648
      return seed % n
    }
    const tokens = [
      'F',
      'B',
      'T1R',
      'T1L',
      'T2R',
      'T3L',
      'O1R',
      'O2L',
      'O3R',
      'P1R',
      'P2L',
      'P3R',
      'SL60',
      'SR120',
      'MAG:hmg',
    ]
    let accepted = 0
    for (let i = 0; i < 300; i++) {
      const speed = next(9) - 2
      const text = Array.from({ length: next(6) }, () => tokens[next(tokens.length)]).join(' ')
      const at = makeAt({
        id: 'A1',
        hex: [4 + next(12), 1 + next(12)],
        facing: next(6) as 0,
        speed,
        card: 'brutish',
        basePp: 12,
        weapons: [{ card: 'hmg', ammo: 3, magazines: 1 }],
      })
      const state = makeState([at])
      if (checkProgram(state, 'A', program('A1', text), speed, 0).length > 0) continue
      accepted++
      const sim = simulateProgram(state, at, speed, steps(text))
      const faces = sim.blockedAt === null ? [] : [6, 1, 1]
      const r = act(state, [program('A1', text)], faces)
      expect(r.at('A1').hex).toEqual(sim.hex)
      expect(r.at('A1').facing).toBe(sim.facing)
      expect(r.at('A1').actionPp).toBe(12 - sim.pp)
    }
    expect(accepted).toBeGreaterThan(30)
  })
})
