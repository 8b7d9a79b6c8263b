// RB-6.6 and RB-10: collisions at the end of a move (avoidance, damage, speed, heavy damage, destruction,
// fall checks) and into obstacles.
import { describe, expect, it } from 'vitest'
import type { At } from '../../../src/rulesets/realbattle/engine/types.js'
import { makeAt, makeState } from './fixture.js'
import { act, program } from './move-helpers.js'

/** The mover A1 comes down column 2 from (2,0) facing S and ends at (2, speed). */
function mover(speed: number, over: Partial<At> = {}): At {
  return makeAt({ id: 'A1', hex: [2, 0], facing: 3, speed, at: over })
}
function target(
  id: string,
  row: number,
  facing: 0 | 1 | 2 | 3 | 4 | 5,
  speed: number,
  over: Partial<At> = {},
  card?: string,
) {
  return makeAt({ id, hex: [2, row], facing, speed, ...(card ? { card } : {}), at: over })
}
const never = { avoid: 'never' as const, fall: { kind: 'spend' as const, pp: 0 } }

describe('RB-6.6 avoidance', () => {
  it('the mover pays 1 PP at speed 1–3 and 2 at 4+, and both stay in the hex', () => {
    const r3 = act(makeState([mover(3), target('B1', 3, 0, 0)]), [])
    expect(r3.of('collision')).toEqual([
      { type: 'collision', ref: 'RB-6.6', at: 'A1', target: 'B1', direction: 'FF', damage: {}, avoidedBy: 'A1', pp: 1 },
    ])
    expect(r3.at('A1')).toMatchObject({ actionPp: 5, hex: { col: 2, row: 3 }, speed: 3 })
    const r4 = act(makeState([mover(4), target('B1', 4, 0, 0)]), [])
    expect(r4.of('collision')[0]).toMatchObject({ avoidedBy: 'A1', pp: 2 })
    expect(r4.at('A1').actionPp).toBe(4)
  })
  it('AMB-RB-2, 5: when the mover rams, an enemy target pays by its standing order, counted at its next reveal', () => {
    const r = act(makeState([mover(2), target('B1', 2, 0, 0)]), [program('A1', 'F F', { collide: 'ram' })])
    expect(r.of('collision')[0]).toMatchObject({ avoidedBy: 'B1', pp: 1 })
    expect(r.at('B1')).toMatchObject({ actionPp: 6, spentEnemyTurn: 1 })
    expect(r.at('A1').actionPp).toBe(6)
  })
  it('a mover that cannot pay leaves it to the target; a friendly target pays from its action PP', () => {
    const still = target('A2', 2, 0, 0, { actionPp: 3 })
    const s = act(makeState([mover(2, { actionPp: 0 }), still]), [program('A1', 'F F')], [])
    // A2 acts after A1 without moving: the pair is settled for the phase, so it pays only once.
    expect(s.of('collision')).toHaveLength(1)
    expect(s.of('collision')[0]).toMatchObject({ avoidedBy: 'A2', pp: 1 })
    expect(s.at('A2')).toMatchObject({ actionPp: 2, spentEnemyTurn: 0 })
  })
  it('AMB-RB-11: an enemy pays only from what its sealed plan leaves, and the plan stays out of the events', () => {
    const sealed = { plan: { acc: 0, dec: 0, atk: 2, def: 3 }, planRevealed: false, actionPp: 6 }
    const b1 = target('B1', 2, 0, 4, sealed)
    // Spendable 1 < 2 (speed 4): they collide. FF: V = 2 + 4 = 6; dice 6 and 5 → 2 and 3.
    const r = act(makeState([mover(2), b1]), [program('A1', 'F F', { collide: 'ram' })], [6, 5, 1, 1, 1, 1])
    expect(r.of('collision')[0]).toMatchObject({ direction: 'FF', damage: { A1: 2, B1: 3 } })
    expect(r.at('B1')).toMatchObject({ speed: 1, spentEnemyTurn: 0, durability: 13 })
    expect(JSON.stringify(r.events)).not.toMatch(/"(plan|def|atk)"/)
    const rich = target('B1', 2, 0, 3, sealed)
    expect(act(makeState([mover(2), rich]), [program('A1', 'F F', { collide: 'ram' })]).at('B1').spentEnemyTurn).toBe(1)
  })
  it('the mover picks the target among several ATs in the hex; without a choice, the first by id', () => {
    const b1 = target('B1', 2, 0, 0, { policies: never })
    const b2 = target('B2', 2, 0, 0, { policies: never })
    const chosen = act(
      makeState([mover(2), b2, b1]),
      [program('A1', 'F F', { collide: 'ram', target: 'B2' })],
      [6, 6, 1, 1, 1, 1],
    )
    expect(chosen.of('collision')[0]).toMatchObject({ target: 'B2' })
    const first = act(makeState([mover(2), b2, b1]), [program('A1', 'F F', { collide: 'ram' })], [6, 6, 1, 1, 1, 1])
    expect(first.of('collision')[0]).toMatchObject({ target: 'B1' })
  })
  it('house reading: an AT that ends its phase in a shared hex without entering it strikes from FF', () => {
    const a1 = makeAt({ id: 'A1', hex: [2, 2], facing: 3, speed: 0, at: { policies: never } })
    const b1 = target('B1', 2, 3, 3, { policies: never })
    // V (FF) = 0 + 3; dice 1 and 6 → 4 and 0.
    const r = act(makeState([a1, b1]), [program('A1', '', { collide: 'ram' })], [1, 6, 1, 1, 1, 1])
    expect(r.of('collision')[0]).toMatchObject({ direction: 'FF', damage: { A1: 4, B1: 0 } })
  })
  it('RB-19.1 (house reading): a fallen target does not avoid, and makes no fall check (RB-18.10)', () => {
    const b1 = target('B1', 2, 0, 0, { fallen: true })
    const r = act(makeState([mover(2), b1]), [program('A1', 'F F', { collide: 'ram' })], [6, 6, 1, 1])
    expect(r.of('collision')[0]).toMatchObject({ damage: { A1: 0, B1: 0 } })
    expect(r.of('fall-check').map((e) => e.at)).toEqual(['A1'])
  })
})

describe('RB-10 AT-to-AT collision', () => {
  it('RB-10.6: the direction is the target sector holding the hex the mover came from', () => {
    const dirs: Array<[0 | 1 | 2 | 3 | 4 | 5, string]> = [
      [0, 'FF'],
      [1, 'FL'],
      [2, 'BL'],
      [3, 'BB'],
      [4, 'BR'],
      [5, 'FR'],
    ]
    for (const [facing, dir] of dirs) {
      const r = act(
        makeState([mover(2), target('B1', 2, facing, 0, { policies: never })]),
        [program('A1', 'F F', { collide: 'ram' })],
        [6, 6, 1, 1, 1, 1],
      )
      expect(r.of('collision')[0]!.direction).toBe(dir)
    }
  })
  it('RB-16.4: a collision can destroy; the destroyed AT makes no fall check', () => {
    const b1 = target('B1', 2, 0, 2, { policies: never, durability: 3 })
    const r = act(makeState([mover(2), b1]), [program('A1', 'F F', { collide: 'ram' })], [6, 1, 1, 1])
    // 5 damage against 3 left: the track stops at 0, and the event keeps what the campaign's survival needs.
    expect(r.at('B1')).toMatchObject({ destroyed: true, destroyedBy: 'damage', durability: 0 })
    expect(r.of('destroyed')).toEqual([
      { type: 'destroyed', ref: 'RB-16.4', at: 'B1', by: 'damage', damageThisPhase: 5, durabilityBefore: 3 },
    ])
    expect(r.of('fall-check').map((e) => e.at)).toEqual(['A1'])
  })
  it('RB-20.1, 20.2, 10.4: heavy damage lowers max speed, and the speed drops to it at once', () => {
    // Target faces NE: the mover comes from its FL. V = max(2, 5) = 5; dice 6 and 6 → 1 each.
    const b1 = target('B1', 2, 1, 5, { policies: never, durability: 9 })
    const r = act(makeState([mover(2), b1]), [program('A1', 'F F', { collide: 'ram' })], [6, 6, 1, 1, 1, 1])
    expect(r.at('B1')).toMatchObject({ durability: 8, heavy: true, speed: 3 })
    expect(r.at('A1')).toMatchObject({ durability: 15, heavy: false, speed: 1 })
    const b1Events = r.events.filter((e) => e.at === 'B1' && e.type !== 'fall-check')
    expect(b1Events).toEqual([
      { type: 'speed', ref: 'RB-10.4', at: 'B1', from: 5, to: 4 },
      { type: 'heavy-damage', ref: 'RB-20.1', at: 'B1', maxSpeed: 3 },
      { type: 'speed', ref: 'RB-20.2', at: 'B1', from: 4, to: 3 },
    ])
  })
  it('RB-10.7, 18.5: both make a fall check, with the size difference; a fall stops the AT', () => {
    const big = target('B1', 2, 0, 0, { policies: never }, 'tortoise')
    // FF: V = 2 + 0; dice 1 and 1 → 3 damage each. A1: 10 − 3 − 1 = 6, reach 7 pays 1 → 7; roll 4 + 4 falls.
    // B1: 11 − 3 + 1 = 9; roll 1 + 1 stands.
    const r = act(makeState([mover(2), big]), [program('A1', 'F F', { collide: 'ram' })], [1, 1, 4, 4, 1, 1])
    expect(r.of('fall-check')).toEqual([
      { type: 'fall-check', ref: 'RB-10.5', at: 'A1', value: 7, pp: 1, roll: 8, fell: true },
      { type: 'fall-check', ref: 'RB-10.5', at: 'B1', value: 9, pp: 0, roll: 2, fell: false },
    ])
    expect(r.at('A1')).toMatchObject({ fallen: true, speed: 0, actionPp: 5 })
  })
  it('AMB-RB-7: a reversing AT loses |speed| toward 0', () => {
    // A1 backs down column 2 from (2,4), facing N at speed −2, into B1 at (2,6) facing N: from its FF,
    // V = 2 + 1 = 3; dice 4 and 5 → 1 and 0 damage.
    const a1 = makeAt({ id: 'A1', hex: [2, 4], facing: 0, speed: -2, at: { policies: never } })
    const b1 = target('B1', 6, 0, 1, { policies: never })
    const r = act(makeState([a1, b1]), [program('A1', 'B B', { collide: 'ram' })], [4, 5, 1, 1, 1, 1])
    expect(r.of('collision')[0]).toMatchObject({ direction: 'FF', damage: { A1: 1, B1: 0 } })
    expect(r.at('A1')).toMatchObject({ speed: -1, hex: { col: 2, row: 6 } })
    expect(r.at('B1').speed).toBe(1)
  })
})
