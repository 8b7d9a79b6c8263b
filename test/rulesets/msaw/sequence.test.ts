// MS@W sequence of play (MS-1, AMB-M-1, AMB-M-2, §8): initiative, the action phases, `more`, the reaction
// queue, system-error countdown and the end of the game. The combat part is replaced here by a small fake
// with the same signatures (an attack is 3d6 against the Attack score, damage 4 × 1d6, a shield halves it,
// `ask` asks), so these tests check the frame's sequencing whatever combat's own dice order.
import { describe, expect, it, vi } from 'vitest'
import { scriptedDice, type Dice } from '../../../src/engine/dice.js'
import type { GameEvent } from '../../../src/engine/ruleset.js'
import { msaw } from '../../../src/rulesets/msaw/engine/index.js'
import { rollInitiative } from '../../../src/rulesets/msaw/engine/sequence.js'
import type { MsEvent, MsOrder, MsState, Reaction } from '../../../src/rulesets/msaw/engine/types.js'
import { game, gm, scenario, zaku } from './frame-fixture.js'

vi.mock('../../../src/rulesets/msaw/engine/combat.js', async () => {
  const { withinBand, distance } = await import('../../../src/engine/table/index.js')
  type Result = { state: MsState; events: MsEvent[]; ask: Omit<Reaction, 'queue'> | null }
  const find = (s: MsState, id: string) => s.suits.find((x) => x.id === id)!
  const damage = (s: MsState, ms: string, target: string, weapon: string, use: boolean, dice: Dice): Result => {
    const t = find(s, target)
    const rolled = 4 * dice.roll(6, 'damage', 'MS-3.6')
    const total = use ? Math.ceil(rolled / 2) : rolled
    t.hp -= total
    const events: MsEvent[] = [
      { type: 'shield', ref: 'MS-3.7', ms: target, shield: 'shoulder-shield', use },
      {
        type: 'damage',
        ref: 'MS-3.6',
        ms: target,
        weapon,
        dice: [rolled / 4],
        rolled,
        total,
        toShield: 0,
        toHp: total,
        hp: t.hp,
        shield: null,
        shieldBody: null,
        shieldDestroyed: false,
      },
    ]
    if (t.hp <= 0) {
      t.destroyed = true
      const cost = s.scenario.suits[t.type]!.cost
      find(s, ms).cost += cost
      events.push({ type: 'destroyed', ref: 'GAP-M-5', ms: target, by: ms, cost })
    }
    return { state: s, events, ask: null }
  }
  return {
    attackProblem: (state: MsState, ms: string, target: string, weapon: string) => {
      const a = find(state, ms)
      const t = find(state, target)
      const range = state.scenario.items[a.items.find((i) => i.id === weapon)!.type]!.range!
      const band = range === 'close' ? { min: 0, max: 200 } : range
      if (withinBand(a.at, t.at, band.min, band.max)) return null
      return { rule: 'MS-3.2', key: 'msaw.frame.noTarget', params: { ms, target } }
    },
    runAttack: (state: MsState, ms: string, target: string, weapon: string, dice: Dice): Result => {
      const s = structuredClone(state)
      const a = find(s, ms)
      const t = find(s, target)
      const faces = [1, 2, 3].map(() => dice.roll(6, 'attack', 'MS-3.4'))
      const roll = faces[0]! + faces[1]! + faces[2]!
      const score = s.scenario.suits[a.type]!.attack
      const events: MsEvent[] = [
        {
          type: 'attack',
          ref: 'MS-3.4',
          ms,
          target,
          weapon,
          counter: false,
          distance: distance(a.at, t.at),
          score,
          dice: faces,
          roll,
          hit: roll <= score,
          ammoLeft: null,
        },
      ]
      if (roll === 18 && s.options.systemError) {
        const die = dice.roll(6, 'system error', 'MS-4.4')
        a.errorPhases = die
        events.push({ type: 'system-error', ref: 'MS-4.4', ms, die })
      }
      if (roll > score) return { state: s, events, ask: null }
      if (t.policy.shield === 'ask')
        return {
          state: s,
          events,
          ask: { kind: 'shield', ms: target, seat: t.seat, attacker: ms, weapon, attackRoll: roll, isCounter: false },
        }
      const r = damage(s, ms, target, weapon, t.policy.shield === 'always', dice)
      return { state: s, events: [...events, ...r.events], ask: null }
    },
    answerShield: (state: MsState, reaction: Reaction, use: boolean, dice: Dice): Result =>
      damage(structuredClone(state), reaction.attacker, reaction.ms, reaction.weapon, use, dice),
    answerCounter: (state: MsState): Result => ({ state: structuredClone(state), events: [], ask: null }),
    defaultAnswer: (_state: MsState, reaction: Reaction) =>
      reaction.kind === 'shield' ? { use: true } : { weapon: null },
  }
})

const suit = (state: MsState, id: string) => state.suits.find((s) => s.id === id)!
const types = (events: readonly GameEvent[]) => events.map((e) => e.type)
const move = (ms: string, x: number, y: number): MsOrder => ({ kind: 'move', ms, path: [{ x, y }] })
const attack = (ms: string, target: string, weapon: string): MsOrder => ({ kind: 'attack', ms, target, weapon })

describe('initiative (MS-1.1, AMB-M-1)', () => {
  it('orders the seats by roll, highest first; only the tied seats re-roll, among themselves', () => {
    // F1 and F2 tie on 4 and re-roll (3, 5); Z's 2 stands.
    const dice = scriptedDice([4, 4, 2, 3, 5])
    expect(rollInitiative(['F1', 'F2', 'Z'], dice)).toEqual({
      order: ['F2', 'F1', 'Z'],
      rolls: [
        { seat: 'F1', rolls: [4, 3] },
        { seat: 'F2', rolls: [4, 5] },
        { seat: 'Z', rolls: [2] },
      ],
    })
    expect(dice.rolls.every((r) => r.sides === 6 && r.ref === 'MS-1.1')).toBe(true)
  })

  it('re-rolls recursively: all three tie, then two of them tie again', () => {
    const dice = scriptedDice([3, 3, 3, 6, 2, 6, 1, 2])
    const r = rollInitiative(['F1', 'F2', 'Z'], dice)
    expect(r.order).toEqual(['Z', 'F1', 'F2'])
    expect(r.rolls).toEqual([
      { seat: 'F1', rolls: [3, 6, 1] },
      { seat: 'F2', rolls: [3, 2] },
      { seat: 'Z', rolls: [3, 6, 2] },
    ])
  })

  it('is rolled by seat at the start of each round, with its event', () => {
    const r = msaw.setup(scenario(), { players: 3 }, scriptedDice([4, 4, 2, 3, 5]))
    expect(r.state.order).toEqual(['F2', 'F1', 'Z'])
    expect(r.events[0]).toMatchObject({ type: 'initiative', ref: 'MS-1.1', round: 1, order: ['F2', 'F1', 'Z'] })
    expect(msaw.pending(r.state)[0]!.seats).toEqual(['F2'])
  })
})

describe('the round (MS-1)', () => {
  it('plays a whole round of two seats: moves and attacks, then the next round’s initiative', () => {
    const state = game(scenario(), [6, 1])
    expect(msaw.validate(state, 'F', [move('GM1', 2000, 2300), attack('GM1', 'ZAKU1', 'gm-vulcan')])).toEqual([])
    // GM1's attack: 3+3+3 = 9 ≤ 12 hits; ZAKU1 shields (always): 4 × 2 = 8 halved to 4.
    const first = msaw.resolve(
      state,
      { F: [move('GM1', 2000, 2300), attack('GM1', 'ZAKU1', 'gm-vulcan')] },
      scriptedDice([3, 3, 3, 2]),
    )
    expect(types(first.events)).toEqual([
      'activation',
      'moved',
      'attack',
      'shield',
      'damage',
      'phase-ends',
      'phase-begins',
    ])
    expect(first.events[1]).toMatchObject({ ms: 'GM1', from: { x: 2000, y: 2200 }, length: 100, cost: 100 })
    expect(first.events.at(-2)).toMatchObject({ seat: 'F', skipped: ['GM2'] })
    expect(suit(first.state, 'GM1').at).toEqual({ x: 2000, y: 2300 })
    expect(suit(first.state, 'ZAKU1').hp).toBe(15)
    expect(first.state).toMatchObject({ step: 'action', round: 1, order: ['F', 'Z'], activeIndex: 1 })
    expect(state.suits[0]!.at).toEqual({ x: 2000, y: 2200 })
    // Zeon's phase: ZAKU2 moves and misses (6+6+5 = 17 > 11); then round 2: Z 5, F 2.
    const second = msaw.resolve(
      first.state,
      { Z: [move('ZAKU2', 2800, 2400), attack('ZAKU2', 'GM2', 'zaku-mg')] },
      scriptedDice([6, 6, 5, 2, 5]),
    )
    expect(types(second.events)).toEqual([
      'activation',
      'moved',
      'attack',
      'phase-ends',
      'round-ends',
      'initiative',
      'phase-begins',
    ])
    expect(second.state).toMatchObject({ round: 2, order: ['Z', 'F'], activeIndex: 0, activated: [] })
    expect(msaw.turnOf!(second.state)).toEqual({ turn: 2 })
  })

  it('passes the phase on an empty submission or standing orders only', () => {
    const state = game()
    // No event tells others of it: a standing order is its seat's own (§8).
    const r = msaw.resolve(state, { F: [{ kind: 'policy', ms: 'GM1', counter: 'never' }] }, scriptedDice([]))
    expect(types(r.events)).toEqual(['phase-ends', 'phase-begins'])
    expect(suit(r.state, 'GM1').policy).toEqual({ shield: 'always', counter: 'never' })
    expect(msaw.pending(r.state)[0]!.seats).toEqual(['Z'])
    expect(msaw.onlyStanding!([{ kind: 'policy', ms: 'GM1', counter: 'never' }])).toBe(true)
    expect(msaw.isPrivateOrder!({ kind: 'policy', ms: 'GM1', counter: 'never' })).toBe(true)
  })

  it('with `more` keeps the phase open for the suits that have not activated', () => {
    const state = game()
    const r = msaw.resolve(state, { F: [move('GM1', 2000, 2000), { kind: 'more' }] }, scriptedDice([]))
    expect(r.state).toMatchObject({ step: 'action', activeIndex: 0, activated: ['GM1'] })
    expect(msaw.pending(r.state)[0]!.seats).toEqual(['F'])
    expect(msaw.validate(r.state, 'F', [move('GM1', 2000, 1900)]).map((e) => e.rule)).toEqual(['MS-2.0'])
    const next = msaw.resolve(r.state, { F: [move('GM2', 2800, 2000)] }, scriptedDice([]))
    expect(next.state.order[next.state.activeIndex]).toBe('Z')
    // `more` with no suit left to activate ends the phase anyway.
    const all = msaw.resolve(
      state,
      { F: [move('GM1', 2000, 2000), move('GM2', 2800, 2000), { kind: 'more' }] },
      scriptedDice([]),
    )
    expect(all.state.order[all.state.activeIndex]).toBe('Z')
  })

  it('refuses an attack that the same activation’s move takes out of range: it is known before any die', () => {
    const state = game()
    // Moving away first puts ZAKU1 out of the vulcans' 6".
    const errors = msaw.validate(state, 'F', [move('GM1', 2000, 1400), attack('GM1', 'ZAKU1', 'gm-vulcan')])
    expect(errors).toEqual([expect.objectContaining({ rule: 'MS-3.2', order: 1 })])
    expect(() =>
      msaw.resolve(state, { F: [move('GM1', 2000, 1400), attack('GM1', 'ZAKU1', 'gm-vulcan')] }, scriptedDice([])),
    ).toThrow(/invalid orders/)
  })
})

describe('reactions (§8)', () => {
  /** Zeon sets ZAKU1's shield to `ask` in its phase (it goes first), then the Federation's phase begins. */
  function askGame(): MsState {
    const state = game(scenario(), [1, 6])
    return msaw.resolve(state, { Z: [{ kind: 'policy', ms: 'ZAKU1', shield: 'ask' }] }, scriptedDice([])).state
  }
  const fOrders = [attack('GM1', 'ZAKU1', 'gm-vulcan'), move('GM2', 2800, 2000)]

  it('a shield `ask` stops the phase; the answer resolves it and the rest of the queue runs', () => {
    const state = askGame()
    expect(msaw.pending(state)[0]!.seats).toEqual(['F'])
    const asked = msaw.resolve(state, { F: fOrders }, scriptedDice([3, 3, 3]))
    expect(types(asked.events)).toEqual(['activation', 'attack', 'waiting'])
    expect(asked.state.step).toBe('react')
    expect(asked.state.reaction).toMatchObject({ kind: 'shield', ms: 'ZAKU1', seat: 'Z', queue: [fOrders[1]] })
    expect(msaw.pending(asked.state)).toEqual([
      expect.objectContaining({ side: 'zeon', step: 'react', seats: ['Z'], sealed: false }),
    ])
    expect(msaw.validate(asked.state, 'F', [move('GM2', 2800, 2000)]).map((e) => e.rule)).toEqual(['MS-1.2'])
    // No shield: the full 4 × 5 = 20 destroys the Zaku (19 HP); then GM2's move, and the end of the round.
    const answered = msaw.resolve(
      asked.state,
      { Z: [{ kind: 'shield', ms: 'ZAKU1', use: false }] },
      scriptedDice([5, 4, 3]),
    )
    expect(types(answered.events)).toEqual([
      'shield',
      'damage',
      'destroyed',
      'activation',
      'moved',
      'phase-ends',
      'round-ends',
      'initiative',
      'phase-begins',
    ])
    expect(answered.events[0]).toMatchObject({ use: false })
    expect(suit(answered.state, 'ZAKU1').destroyed).toBe(true)
    expect(suit(answered.state, 'GM2').at).toEqual({ x: 2800, y: 2000 })
    expect(answered.state).toMatchObject({ round: 2, step: 'action', reaction: null, order: ['F', 'Z'] })
  })

  it('on a timeout answers with the default (the shield used)', () => {
    const asked = msaw.resolve(askGame(), { F: fOrders }, scriptedDice([3, 3, 3]))
    const r = msaw.resolve(asked.state, { Z: [] }, scriptedDice([2, 1, 6]))
    expect(r.events[0]).toMatchObject({ type: 'shield', ms: 'ZAKU1', use: true })
    expect(suit(r.state, 'ZAKU1').hp).toBe(15)
    expect(suit(r.state, 'GM2').at).toEqual({ x: 2800, y: 2000 })
  })
})

describe('system error (MS-4.4, AMB-M-9)', () => {
  it('ends the activation and skips the suit’s next N own action phases, counting down', () => {
    const state = game(scenario({ options: { systemError: true } }), [6, 1])
    // 6+6+6 = 18: a miss and a system error for 2 phases; GM1's move after it does not happen.
    const r1 = msaw.resolve(
      state,
      { F: [attack('GM1', 'ZAKU1', 'gm-vulcan'), move('GM1', 2000, 2000)] },
      scriptedDice([6, 6, 6, 2]),
    )
    expect(types(r1.events)).toEqual(['activation', 'attack', 'system-error', 'phase-ends', 'phase-begins'])
    expect(suit(r1.state, 'GM1')).toMatchObject({ errorPhases: 2, at: { x: 2000, y: 2200 } })
    // Round 2: Zeon passes; F first again. GM1 cannot activate; passing counts its first skipped phase.
    const r2 = msaw.resolve(r1.state, { Z: [] }, scriptedDice([6, 1]))
    expect(r2.state.order).toEqual(['F', 'Z'])
    expect(msaw.validate(r2.state, 'F', [move('GM1', 2000, 2000)]).map((e) => e.key)).toEqual([
      'msaw.frame.systemError',
    ])
    expect(msaw.validate(r2.state, 'F', [move('GM2', 2800, 2000)])).toEqual([])
    const r3 = msaw.resolve(r2.state, { F: [] }, scriptedDice([]))
    expect(r3.events[0]).toMatchObject({ type: 'error-skip', ms: 'GM1', left: 1 })
    expect(r3.events[1]).toMatchObject({ type: 'phase-ends', skipped: ['GM1', 'GM2'] })
    // Round 3: the second skipped phase; the error ends.
    const r4 = msaw.resolve(r3.state, { Z: [] }, scriptedDice([6, 1]))
    const r5 = msaw.resolve(r4.state, { F: [move('GM2', 2800, 2000)] }, scriptedDice([]))
    expect(types(r5.events).slice(0, 4)).toEqual(['activation', 'moved', 'error-skip', 'upkeep'])
    expect(r5.events[3]).toMatchObject({ ms: 'GM1', what: 'error-ends' })
    expect(suit(r5.state, 'GM1').errorPhases).toBe(0)
    // Round 4: GM1 acts again.
    const r6 = msaw.resolve(r5.state, { Z: [] }, scriptedDice([6, 1]))
    expect(msaw.validate(r6.state, 'F', [move('GM1', 2000, 2000)])).toEqual([])
  })

  it('passes a phase by itself when every suit of the seat is in system error', () => {
    const state = game(scenario({ options: { systemError: true } }), [6, 1])
    state.suits.filter((s) => s.seat === 'Z').forEach((s) => (s.errorPhases = 1))
    const r = msaw.resolve(state, { F: [] }, scriptedDice([6, 1]))
    expect(types(r.events)).toEqual([
      'phase-ends',
      'phase-begins',
      'error-skip',
      'upkeep',
      'error-skip',
      'upkeep',
      'phase-ends',
      'round-ends',
      'initiative',
      'phase-begins',
    ])
    expect(r.state).toMatchObject({ round: 2, activeIndex: 0 })
  })
})

describe('the end (GAP-M-4)', () => {
  const duel = () =>
    scenario({
      squads: {
        federation: [gm('GM1', { x: 2000, y: 2200 }), gm('GM2', { x: 2300, y: 2200 })],
        zeon: [zaku('ZAKU1', { x: 2000, y: 2500 })],
      },
      seatLayouts: [
        {
          players: 2,
          seats: [
            { id: 'F', side: 'federation', groups: ['GM1', 'GM2'] },
            { id: 'Z', side: 'zeon', groups: ['ZAKU1'] },
          ],
        },
      ],
    })

  it('ends by annihilation as soon as one side has suits left; later orders do not run', () => {
    const state = game(duel(), [6, 1])
    // Two hits of 4 × 6, each halved by the Zaku's shield: 12 + 12 ≥ 19 HP. GM2's move after them never runs.
    const r = msaw.resolve(
      state,
      { F: [attack('GM1', 'ZAKU1', 'gm-vulcan'), attack('GM2', 'ZAKU1', 'gm-vulcan'), move('GM2', 2300, 2000)] },
      scriptedDice([1, 1, 1, 6, 2, 2, 2, 6]),
    )
    expect(types(r.events)).toEqual([
      'activation',
      'attack',
      'shield',
      'damage',
      'activation',
      'attack',
      'shield',
      'damage',
      'destroyed',
      'game-over',
    ])
    expect(r.events.at(-1)).toMatchObject({ winner: 'federation', reason: 'annihilation', ref: 'GAP-M-4' })
    expect(msaw.outcome(r.state)).toEqual({ winner: 'federation', reason: 'annihilation', ref: 'GAP-M-4' })
    expect(msaw.pending(r.state)).toEqual([])
    expect(suit(r.state, 'GM2').at).toEqual({ x: 2300, y: 2200 })
    expect(msaw.validate(r.state, 'F', [move('GM2', 2300, 2000)]).map((e) => e.rule)).toEqual(['MS-0.1'])
  })

  it('at the round limit: the side that destroyed more enemy cost wins, equal is a draw', () => {
    const limited = scenario({ options: { roundLimit: 1 } })
    const drawn = msaw.resolve(
      msaw.resolve(game(limited, [6, 1]), { F: [] }, scriptedDice([])).state,
      { Z: [] },
      scriptedDice([]),
    )
    expect(types(drawn.events)).toEqual(['phase-ends', 'round-ends', 'game-over'])
    expect(msaw.outcome(drawn.state)).toEqual({ winner: null, reason: 'round-limit', ref: 'GAP-M-4' })
    // With its shield set to `never`, ZAKU1 takes GM1's full 4 × 5 = 20 and is destroyed: its cost is Zeon's loss.
    const state = game(limited, [1, 6])
    const z = msaw.resolve(state, { Z: [{ kind: 'policy', ms: 'ZAKU1', shield: 'never' }] }, scriptedDice([]))
    const f = msaw.resolve(z.state, { F: [attack('GM1', 'ZAKU1', 'gm-vulcan')] }, scriptedDice([2, 2, 2, 5]))
    expect(suit(f.state, 'ZAKU1').destroyed).toBe(true)
    expect(types(f.events).slice(-3)).toEqual(['phase-ends', 'round-ends', 'game-over'])
    expect(msaw.outcome(f.state)).toEqual({ winner: 'federation', reason: 'round-limit', ref: 'GAP-M-4' })
  })
})
