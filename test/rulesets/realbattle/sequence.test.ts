// Real Battle's sequence (RB-3, RB-4.2, RB-21, RB-23): set-up, the sealed deployment, the first camp, the
// reveal at phase ①, planning, fallen ATs' PP, player-turns and turns, the turn limit and the end.
import { describe, expect, it } from 'vitest'
import { scriptedDice } from '../../../src/engine/dice.js'
import { realbattle } from '../../../src/rulesets/realbattle/engine/index.js'
import type { At, RbOrder, RbState } from '../../../src/rulesets/realbattle/engine/types.js'
import { deployOrders, duel, scenarioWith, scopedog, started, team } from './fixture-frame.js'

const at = (state: RbState, id: string): At => state.ats.find((a) => a.id === id)!
/** The state with some ATs changed, as a moderator or an earlier phase would leave it. */
function edit(state: RbState, id: string, change: Partial<At>): RbState {
  const next = structuredClone(state)
  Object.assign(at(next, id), change)
  return next
}
/** Resolves the pending step with these orders for the pending seats (others pass), no dice. */
function step(state: RbState, orders: Record<string, RbOrder[]> = {}, faces: number[] = []) {
  const seats = realbattle.pending(state).flatMap((p) => p.seats)
  const submissions = Object.fromEntries(seats.map((s) => [s, orders[s] ?? []]))
  return realbattle.resolve(state, submissions, scriptedDice(faces))
}

describe('set-up (RB-23.1–23.4)', () => {
  it('fields each AT from the scenario: weapons at capacity, speed 0, base PP, default policies, no hex', () => {
    const scn = scenarioWith(
      [
        scopedog('A1', 'A', 9, [{ weapon: 'hmg', magazines: 2 }, { weapon: 'ml2s' }, { weapon: 'ml2s' }]),
        scopedog('B1', 'B', 6, [{ weapon: 'hrl', mount: 'handL' }]),
      ],
      duel().seatLayouts,
    )
    const { state, events, rolls } = realbattle.setup(scn, { players: 2 }, scriptedDice([2]))
    expect(state.step).toBe('deploy')
    expect(state.first).toBeNull()
    expect(state.options).toEqual({ turnLimit: 0, tabletopErrors: false, endOnFirstKill: false })
    const a1 = at(state, 'A1')
    expect(a1).toMatchObject({ seat: 'A', hex: null, speed: 0, durability: 16, actionPp: 9, plan: null })
    expect(a1.policies).toEqual({ avoid: 'avoid-if-affordable', fall: { kind: 'reach', value: 7 } })
    expect(a1.weapons.map((w) => [w.id, w.card, w.ammo, w.magazines])).toEqual([
      ['hmg', 'hmg', 10, 2],
      ['ml2s', 'ml2s', 2, 0],
      ['ml2s2', 'ml2s', 2, 0],
    ])
    expect(at(state, 'B1').weapons[0]).toMatchObject({ id: 'hrl', mount: 'handL', ammo: 4 })
    expect(rolls.map((r) => [r.sides, r.purpose, r.ref])).toEqual([[6, 'ends', 'RB-23.4']])
    expect(events.find((e) => e.type === 'ends')).toMatchObject({ roll: 2, ends: { A: 'a', B: 'b' } })
  })

  it('gives the ends by the die: 1–3 camp A takes the a hexes, 4–6 the b hexes', () => {
    for (const [roll, a] of [
      [1, 'a'],
      [3, 'a'],
      [4, 'b'],
      [6, 'b'],
    ] as const) {
      const { state } = realbattle.setup(duel(), { players: 2 }, scriptedDice([roll]))
      expect(state.ends.A, `roll ${roll}`).toBe(a)
      expect(state.ends.B).toBe(a === 'a' ? 'b' : 'a')
    }
  })

  it("takes the scenario's option defaults, then the game's; refuses unknown options and rules versions", () => {
    const scn = duel({ options: { turnLimit: 8, endOnFirstKill: true } })
    const { state } = realbattle.setup(scn, { players: 2, options: { turnLimit: 5 } }, scriptedDice([1]))
    expect(state.options).toEqual({ turnLimit: 5, tabletopErrors: false, endOnFirstKill: true })
    expect(() => realbattle.setup(duel(), { players: 2, options: { fog: true } }, scriptedDice([1]))).toThrow(/fog/)
    expect(() =>
      realbattle.setup(duel(), { players: 2, options: { tabletopErrors: 'yes' } }, scriptedDice([1])),
    ).toThrow(/tabletopErrors/)
    expect(() => realbattle.setup(duel(), { players: 2, rulesVersion: 'realbattle-0' }, scriptedDice([1]))).toThrow(
      /rules version/,
    )
    expect(() => realbattle.setup(duel(), { players: 3 }, scriptedDice([1]))).toThrow(/3 players/)
  })

  it('deals the ATs to the seats of the layout for the number of players', () => {
    const two = realbattle.setup(team(), { players: 2 }, scriptedDice([1])).state
    const four = realbattle.setup(team(), { players: 4 }, scriptedDice([1])).state
    expect(two.ats.map((a) => a.seat)).toEqual(['A', 'A', 'B', 'B'])
    expect(four.ats.map((a) => a.seat)).toEqual(['A-1', 'A-2', 'B-1', 'B-2'])
    expect(realbattle.seats(four).map((s) => [s.id, s.side, s.groups])).toEqual([
      ['A-1', 'A', ['A1']],
      ['A-2', 'A', ['A2']],
      ['B-1', 'B', ['B1']],
      ['B-2', 'B', ['B2']],
    ])
  })
})

describe('deployment (RB-23.4 [H], RB-23.6)', () => {
  const fresh = (players = 2) => realbattle.setup(team(), { players }, scriptedDice([1])).state

  it('waits for both camps at once, sealed', () => {
    expect(realbattle.pending(fresh(4))).toEqual([
      expect.objectContaining({ side: 'A', step: 'deploy', seats: ['A-1', 'A-2'], sealed: true }),
      expect.objectContaining({ side: 'B', step: 'deploy', seats: ['B-1', 'B-2'], sealed: true }),
    ])
  })

  it('refuses a submission without every AT deployed and planned: a deploy step is never passed empty', () => {
    const state = fresh()
    const errors = realbattle.validate(state, 'A', [])
    expect(errors.map((e) => [e.rule, e.key, e.params?.at])).toEqual([
      ['RB-23.4', 'realbattle.deploy.missing', 'A1'],
      ['RB-23.6', 'realbattle.deploy.planMissing', 'A1'],
      ['RB-23.4', 'realbattle.deploy.missing', 'A2'],
      ['RB-23.6', 'realbattle.deploy.planMissing', 'A2'],
    ])
    const a1Only = deployOrders(state, ['A1'])
    expect(realbattle.validate(state, 'A', a1Only).map((e) => e.params?.at)).toEqual(['A2', 'A2'])
    expect(realbattle.validate(state, 'A', deployOrders(state, ['A1', 'A2']))).toEqual([])
  })

  it("refuses a hex off the camp's end, two ATs on one hex (teammates' orders count) and a facing away", () => {
    const state = fresh(4)
    const plan: RbOrder = { kind: 'plan', at: 'A1', acc: 0, dec: 0, atk: 0, def: 0 }
    const deploy = (hex: [number, number], facing: 0 | 1 | 2 | 3 | 4 | 5): RbOrder[] => [
      { kind: 'deploy', at: 'A1', hex, facing },
      plan,
    ]
    expect(realbattle.validate(state, 'A-1', deploy([19, 5], 2)).map((e) => [e.rule, e.key])).toEqual([
      ['RB-23.4', 'realbattle.deploy.hex'],
    ])
    expect(realbattle.validate(state, 'A-1', deploy([0, 5], 5)).map((e) => [e.rule, e.field])).toEqual([
      ['GAP-RB-7', 'facing'],
    ])
    expect(realbattle.validate(state, 'A-1', deploy([0, 5], 1))).toEqual([])
    const teammate: RbOrder[] = [{ kind: 'deploy', at: 'A2', hex: [0, 5], facing: 2 }]
    const taken = realbattle.validate(state, 'A-1', deploy([0, 5], 1), { 'A-2': teammate })
    expect(taken.map((e) => [e.rule, e.key, e.params?.other])).toEqual([['RB-23.4', 'realbattle.deploy.taken', 'A2']])
    expect(realbattle.validate(state, 'A-1', deploy([0, 6], 1), { 'A-2': teammate })).toEqual([])
  })

  it("refuses orders for another seat's AT and orders of another step", () => {
    const state = fresh(4)
    const mine = deployOrders(state, ['A1'])
    const theirs = deployOrders(state, ['A1', 'A2']).filter((o) => o.at === 'A2')
    expect(realbattle.validate(state, 'A-1', [...mine, ...theirs]).map((e) => e.key)).toEqual([
      'realbattle.notYours',
      'realbattle.notYours',
    ])
    const speed: RbOrder = { kind: 'speed', at: 'A1', speed: 1 }
    expect(realbattle.validate(state, 'A-1', [...mine, speed]).map((e) => [e.rule, e.key])).toEqual([
      ['RB-3.2', 'realbattle.wrongStep'],
    ])
  })

  it('places the ATs, then rolls the first camp (1–3 A, else B, RB-23.5) and begins its player-turn', () => {
    for (const [roll, first] of [
      [3, 'A'],
      [4, 'B'],
    ] as const) {
      const { state, events, rolls } = started(duel(), 2, {}, { firstRoll: roll })
      expect(rolls.map((r) => [r.purpose, r.ref])).toEqual([['first camp', 'RB-23.5']])
      expect(state).toMatchObject({ first: first, active: first, turn: 1, step: 'action' })
      expect(events.find((e) => e.type === 'first-player')).toMatchObject({ camp: first, roll })
      expect(at(state, 'A1').hex).toEqual({ col: 0, row: 4 })
      expect(at(state, 'A1').facing).toBe(2)
      expect(at(state, 'B1').hex).toEqual({ col: 19, row: 4 })
      expect(events.filter((e) => e.type === 'deployed').map((e) => e.at)).toEqual(['A1', 'B1'])
    }
  })
})

describe('phase ① (RB-4.2): the active camp’s plans revealed and paid for', () => {
  it('reveals the first camp’s plans only, with their values, and sets action PP = base − plan (TV-RB-25)', () => {
    const { state, events } = started(duel(), 2, { A1: [1, 0, 2, 2], B1: [0, 1, 3, 1] })
    const revealed = events.filter((e) => e.type === 'plan-revealed')
    expect(revealed).toEqual([
      { type: 'plan-revealed', ref: 'RB-4.2', at: 'A1', acc: 1, dec: 0, atk: 2, def: 2, actionPp: 1 },
    ])
    // Accel 1 from speed 0: Δ 1 either way (RB-4.8a: from 0 the player picks the sign).
    expect(at(state, 'A1')).toMatchObject({ planRevealed: true, actionPp: 1, speedChoices: [-1, 1] })
    expect(at(state, 'B1')).toMatchObject({
      planRevealed: false,
      actionPp: 6,
      plan: { acc: 0, dec: 1, atk: 3, def: 1 },
    })
    // The deployment's own events name the ATs whose plans were sealed, never a value.
    expect(events.filter((e) => e.type === 'plan-sealed')).toEqual([
      { type: 'plan-sealed', ref: 'RB-23.6', at: 'A1' },
      { type: 'plan-sealed', ref: 'RB-23.6', at: 'B1' },
    ])
  })

  it('subtracts the PP spent in the enemy player-turn and counts it from zero again (RB-4.2, RB-18.7)', () => {
    const { state } = started(duel(), 2, { A1: [0, 0, 2, 1], B1: [0, 0, 1, 1] })
    const atPlan = step(state).state // A passes its action; no attack; A's planning phase
    expect(atPlan.step).toBe('plan')
    const bTurn = step(atPlan, { A: [{ kind: 'plan', at: 'A1', acc: 0, dec: 0, atk: 1, def: 2 }] }).state
    expect(bTurn.active).toBe('B')
    const spent = edit(bTurn, 'A1', { spentEnemyTurn: 2 })
    const aTurn = step(step(spent).state).state
    expect(aTurn).toMatchObject({ active: 'A', turn: 2 })
    expect(at(aTurn, 'A1')).toMatchObject({ actionPp: 6 - 3 - 2, spentEnemyTurn: 0, planRevealed: true })
  })

  it('clears the camp’s own smoke at the start of its player-turn, and only its own (§9.1 [H])', () => {
    const { state } = started(duel(), 2)
    const smoky = structuredClone(state)
    smoky.smoke = [
      { hex: { col: 5, row: 5 }, camp: 'A' },
      { hex: { col: 9, row: 9 }, camp: 'B' },
    ]
    const toB = step(step(smoky).state)
    expect(toB.state.active).toBe('B')
    expect(toB.state.smoke).toEqual([{ hex: { col: 5, row: 5 }, camp: 'A' }])
    expect(toB.events.filter((e) => e.type === 'smoke-cleared')).toEqual([
      { type: 'smoke-cleared', ref: 'GAP-RB-8', hex: [9, 9] },
    ])
    const toA = step(step(toB.state).state).state
    expect(toA.smoke).toEqual([])
  })

  it('under tabletopErrors, a plan over base PP confuses the pilot (TV-RB-26) and accel with decel is an error', () => {
    const options = { tabletopErrors: true }
    const { state, events } = started(duel(), 2, { A1: [1, 0, 3, 3], B1: [1, 1, 0, 0] }, { options })
    expect(at(state, 'A1')).toMatchObject({ confused: true, planError: false, actionPp: 0 })
    expect(events.filter((e) => e.type === 'confused')).toEqual([{ type: 'confused', ref: 'RB-22.2', at: 'A1' }])
    // The confused AT moves straight ahead and attacks nothing (AMB-RB-13): the game waits for its next plan.
    expect(state.step).toBe('plan')
    expect(events.filter((e) => e.type === 'pass').map((e) => e.step)).toEqual(['action', 'attack'])
    const program: RbOrder = { kind: 'program', at: 'A1', steps: [] }
    const speedAt = structuredClone(state)
    speedAt.step = 'action'
    expect(realbattle.validate(speedAt, 'A', [program]).map((e) => e.key)).toEqual(['realbattle.notYourStep'])
    const bTurn = step(state).state
    expect(at(bTurn, 'B1')).toMatchObject({ planError: true, confused: false })
    expect(at(bTurn, 'A1').confused).toBe(false) // lasts its own player-turn only
  })
})

describe('a confused AT in a seat with another (RB-22.2, AMB-RB-13)', () => {
  it('refuses its speed and program, and its attacks, while its teammate acts; it still plans', () => {
    const options = { tabletopErrors: true }
    const { state } = started(team(), 2, { A1: [2, 0, 3, 3] }, { options })
    expect(at(state, 'A1').confused).toBe(true)
    expect(realbattle.pending(state)[0]?.seats).toEqual(['A'])
    const orders: RbOrder[] = [
      { kind: 'speed', at: 'A1', speed: 0 },
      { kind: 'program', at: 'A1', steps: [] },
      { kind: 'program', at: 'A2', steps: [] },
    ]
    expect(realbattle.validate(state, 'A', orders).map((e) => [e.rule, e.order])).toEqual([
      ['RB-22.2', 0],
      ['RB-22.2', 1],
    ])
    expect(realbattle.validate(state, 'A', orders.slice(2))).toEqual([])
    expect(realbattle.options(state, 'A').ats[0]?.blocked?.ref).toBe('RB-22.2')
    const atPlan = step(state).state
    expect(atPlan.step).toBe('plan')
    const plan: RbOrder = { kind: 'plan', at: 'A1', acc: 0, dec: 0, atk: 1, def: 1 }
    expect(realbattle.validate(atPlan, 'A', [plan])).toEqual([])
  })
})

describe('planning (RB-21) and the turn (RB-3.2)', () => {
  it('seals the plan with no value in any event, resets action PP to base, and begins the other camp', () => {
    const { state } = started(duel(), 2)
    const atPlan = step(state).state
    expect(realbattle.pending(atPlan)).toEqual([
      expect.objectContaining({ side: 'A', step: 'plan', seats: ['A'], sealed: true }),
    ])
    const { state: next, events } = step(atPlan, { A: [{ kind: 'plan', at: 'A1', acc: 2, dec: 0, atk: 1, def: 3 }] })
    expect(at(next, 'A1')).toMatchObject({
      plan: { acc: 2, dec: 0, atk: 1, def: 3 },
      planRevealed: false,
      actionPp: 6,
      defRevealed: false,
    })
    const aEvents = events.filter((e) => e.at === 'A1')
    expect(aEvents).toEqual([{ type: 'plan-sealed', ref: 'RB-21.3', at: 'A1' }])
    expect(next).toMatchObject({ active: 'B', step: 'action', turn: 1 })
    expect(realbattle.turnOf?.(next)).toEqual({ turn: 1, half: 2 })
  })

  it('passing the planning phase plans all zeros', () => {
    const { state } = started(duel(), 2, { A1: [0, 0, 2, 2] })
    const next = step(step(state).state).state
    expect(at(next, 'A1').plan).toEqual({ acc: 0, dec: 0, atk: 0, def: 0 })
  })

  it('gives a fallen AT no plan and ⌊base ÷ 2⌋ more action PP, capped at base (RB-19.2, TV-RB-23)', () => {
    const { state } = started(team(), 2)
    const fallen = edit(edit(state, 'A1', { fallen: true, actionPp: 5 }), 'A2', { fallen: true, actionPp: 1 })
    // Neither A AT plans, so A's planning phase passes by itself and B's player-turn begins.
    const { state: next, events } = step(fallen)
    expect(next.active).toBe('B')
    expect(at(next, 'A1')).toMatchObject({ plan: null, actionPp: 7 }) // base 7, 5 + 3 → 7
    expect(at(next, 'A2')).toMatchObject({ plan: null, actionPp: 4 }) // base 6, 1 + 3
    expect(events.filter((e) => e.type === 'plan-sealed')).toEqual([])
    expect(events.filter((e) => e.type === 'pass').map((e) => e.step)).toEqual(['attack', 'plan'])
  })

  it('refuses a plan for a fallen AT (RB-21.5)', () => {
    const { state } = started(team(), 2)
    const atPlan = edit(step(state).state, 'A2', { fallen: true })
    const errors = realbattle.validate(atPlan, 'A', [{ kind: 'plan', at: 'A2', acc: 0, dec: 0, atk: 1, def: 0 }])
    expect(errors.map((e) => [e.rule, e.key])).toEqual([['RB-21.5', 'realbattle.plan.fallen']])
  })

  it('counts turns from the first camp: turn 1 halves 1 and 2, then turn 2 (RB-3.2)', () => {
    const { state } = started(duel(), 2, {}, { firstRoll: 5 })
    expect(state.first).toBe('B')
    const seen: Array<[number, number | undefined, string | null]> = []
    let s = state
    for (let i = 0; i < 4; i++) {
      const t = realbattle.turnOf?.(s)
      seen.push([t!.turn, t!.half, s.active])
      s = step(step(s).state).state
    }
    expect(seen).toEqual([
      [1, 1, 'B'],
      [1, 2, 'A'],
      [2, 1, 'B'],
      [2, 2, 'A'],
    ])
  })
})

describe('the end (RB-23.7, RB-24.12)', () => {
  it('is a draw once the turn limit is played, after the second camp’s player-turn', () => {
    const { state } = started(duel(), 2, {}, { options: { turnLimit: 1 } })
    const bTurn = step(step(state).state).state
    expect(bTurn.ended).toBeNull()
    const { state: over, events } = step(step(bTurn).state)
    expect(over.ended).toEqual({ winner: null, reason: 'turn limit 1 reached', ref: 'RB-23.7' })
    expect(realbattle.outcome(over)).toEqual({ winner: null, reason: 'turn limit 1 reached', ref: 'RB-23.7' })
    expect(events.at(-1)).toMatchObject({ type: 'game-over', winner: null })
    expect(realbattle.pending(over)).toEqual([])
  })

  it('is won by the camp with ATs left when the other has none in play, checked after every phase', () => {
    const { state } = started(team(), 2)
    const oneLeft = edit(state, 'B1', { destroyed: true })
    expect(step(oneLeft).state.ended).toBeNull()
    const none = edit(oneLeft, 'B2', { destroyed: true })
    const { state: over, events } = step(none)
    expect(over.ended).toMatchObject({ winner: 'A', ref: 'RB-23.7' })
    expect(over.step).toBe('attack') // ended after the action phase
    expect(events.filter((e) => e.type === 'game-over')).toHaveLength(1)
    const both = edit(edit(none, 'A1', { destroyed: true }), 'A2', { destroyed: true })
    expect(step(both).state.ended).toMatchObject({ winner: null, ref: 'RB-23.7' })
    expect(realbattle.validate(over, 'A', [{ kind: 'plan', at: 'A1', acc: 0, dec: 0, atk: 0, def: 0 }])[0]?.key).toBe(
      'realbattle.gameOver',
    )
  })

  it('with endOnFirstKill, ends at the first AT destroyed: the camp that lost fewer wins, equal losses draw', () => {
    const { state } = started(team(), 2, {}, { options: { endOnFirstKill: true } })
    const oneKill = step(edit(state, 'B1', { destroyed: true })).state
    expect(oneKill.ended).toMatchObject({ winner: 'A', ref: 'RB-24.12' })
    const both = step(edit(edit(state, 'B1', { destroyed: true }), 'A2', { destroyed: true })).state
    expect(both.ended).toMatchObject({ winner: null, ref: 'RB-24.12' })
  })
})
