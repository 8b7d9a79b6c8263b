// MS@W switch part (MS-2.2, GAP-M-2 hand model): draw, stow, drop, pick up, and what a switch must end with.
import { describe, expect, it } from 'vitest'
import { applySwitch, checkSwitch } from '../../../src/rulesets/msaw/engine/items.js'
import { usableWeapons } from '../../../src/rulesets/msaw/engine/stats.js'
import type { MsState, SwitchOp } from '../../../src/rulesets/msaw/engine/types.js'
import { itemOf, makeState, suitOf } from './fixture.js'

/** The switch applied after checking it (fails the test when refused). */
function switched(state: MsState, ms: string, ops: SwitchOp[]) {
  expect(checkSwitch(state, ms, ops)).toBeNull()
  return applySwitch(state, ms, ops)
}

const places = (state: MsState, ms: string) => Object.fromEntries(suitOf(state, ms).items.map((i) => [i.id, i.place]))

describe('MS-2.2 switch', () => {
  it("the rules' example: a Gundam stows its bazooka on its back and draws a beam saber from its backpack", () => {
    const state = makeState({
      suits: [
        {
          id: 'RX',
          type: 'gundam',
          side: 'A',
          at: [10, 10],
          bought: ['hyper-bazooka', 'gundam-shield'],
          hold: { L: 'gundam-shield', R: 'hyper-bazooka' },
        },
      ],
    })
    const ops: SwitchOp[] = [
      { op: 'stow', item: 'hyper-bazooka' },
      { op: 'draw', item: 'beam-saber', hand: 'R' },
    ]
    const r = switched(state, 'RX', ops)
    expect(places(r.state, 'RX')).toEqual({
      vulcan: 'fixed',
      'beam-saber': 'R',
      'beam-saber-2': 'stowed',
      'hyper-bazooka': 'stowed',
      'gundam-shield': 'L',
    })
    expect(r.events).toEqual([{ type: 'switched', ref: 'MS-2.2', ms: 'RX', ops }])
    expect(usableWeapons(r.state, suitOf(r.state, 'RX')).map((w) => w.id)).toEqual(['vulcan', 'beam-saber'])
    // The input state is untouched.
    expect(itemOf(state, 'RX', 'hyper-bazooka')?.place).toBe('R')
    // Drawing the saber first and stowing the bazooka after ends the same: only the end must fit.
    const reversed = switched(state, 'RX', [ops[1]!, ops[0]!])
    expect(places(reversed.state, 'RX')).toEqual(places(r.state, 'RX'))
  })

  it('the Magella cannon takes both hands, cannot be stowed, and leaves no hand free', () => {
    const state = makeState({
      suits: [
        {
          id: 'ZS',
          type: 'zaku2s',
          side: 'A',
          at: [10, 10],
          bought: ['magella', 'heat-hawk'],
          hold: { LR: 'magella' },
        },
      ],
    })
    expect(checkSwitch(state, 'ZS', [{ op: 'draw', item: 'heat-hawk', hand: 'R' }])).toMatchObject({
      rule: 'MS-2.2',
      key: 'msaw.combat.switch.handFull',
      params: { hand: 'R', items: 'magella, heat-hawk' },
    })
    expect(checkSwitch(state, 'ZS', [{ op: 'stow', item: 'magella' }])).toMatchObject({
      rule: 'MS-2.2',
      key: 'msaw.combat.switch.notStowable',
      params: { item: 'magella' },
    })
    // Drop it and draw the hawk; then pick it up again: only with both hands, and the hawk put away first.
    const dropped = switched(state, 'ZS', [
      { op: 'drop', item: 'magella' },
      { op: 'draw', item: 'heat-hawk', hand: 'R' },
    ]).state
    expect(dropped.dropped).toMatchObject([{ id: 'd1', item: { type: 'magella', ammo: 6 } }])
    expect(checkSwitch(dropped, 'ZS', [{ op: 'pickup', drop: 'd1', hand: 'R' }])).toMatchObject({
      key: 'msaw.combat.switch.twoHands',
      params: { item: 'magella' },
    })
    expect(checkSwitch(dropped, 'ZS', [{ op: 'pickup', drop: 'd1', hand: 'both' }])).toMatchObject({
      key: 'msaw.combat.switch.handFull',
      params: { hand: 'R' },
    })
    const again = switched(dropped, 'ZS', [
      { op: 'stow', item: 'heat-hawk' },
      { op: 'pickup', drop: 'd1', hand: 'both' },
    ]).state
    expect(itemOf(again, 'ZS', 'magella')).toEqual({ id: 'magella', type: 'magella', place: 'LR', ammo: 6 })
    expect(again.dropped).toEqual([])
    // A one-handed item is not drawn with both hands.
    expect(checkSwitch(again, 'ZS', [{ op: 'draw', item: 'heat-hawk', hand: 'both' }])).toMatchObject({
      key: 'msaw.combat.switch.oneHand',
    })
  })

  it('a dropped item lies where the suit stood; a suit within 2" that may use it picks it up', () => {
    const state = makeState({
      suits: [
        { id: 'GM1', type: 'gm', side: 'A', at: [10, 10], bought: ['machine-pistol'], hold: { R: 'machine-pistol' } },
        { id: 'GM2', type: 'gm', side: 'A', at: [12, 10], hold: { R: 'beam-saber' } },
        { id: 'GM3', type: 'gm', side: 'A', at: [10, 12.01] },
        { id: 'ZAKU', type: 'zaku2', side: 'B', at: [11, 11.5] },
      ],
    })
    const withAmmo: MsState = {
      ...state,
      suits: state.suits.map((s) =>
        s.id === 'GM1' ? { ...s, items: s.items.map((i) => (i.id === 'machine-pistol' ? { ...i, ammo: 7 } : i)) } : s,
      ),
      nextDropId: 4,
    }
    const r = switched(withAmmo, 'GM1', [{ op: 'drop', item: 'machine-pistol' }])
    expect(r.events).toContainEqual({
      type: 'dropped',
      ref: 'MS-2.2',
      ms: 'GM1',
      drop: 'd4',
      item: 'machine-pistol',
      at: { x: 1000, y: 1000 },
    })
    expect(r.state.nextDropId).toBe(5)
    expect(itemOf(r.state, 'GM1', 'machine-pistol')).toBeUndefined()

    // 2.01" away: too far.
    expect(checkSwitch(r.state, 'GM3', [{ op: 'pickup', drop: 'd4', hand: 'R' }])).toMatchObject({
      rule: 'MS-2.2',
      key: 'msaw.combat.switch.tooFar',
      params: { drop: 'd4', item: 'machine-pistol', distance: '2.01' },
    })
    // A Zaku cannot use a GM's pistol.
    expect(checkSwitch(r.state, 'ZAKU', [{ op: 'pickup', drop: 'd4', hand: 'R' }])).toMatchObject({
      key: 'msaw.combat.switch.cannotUse',
      params: { ms: 'ZAKU', item: 'machine-pistol' },
    })
    // Not stowable: it cannot be picked up to the back.
    expect(checkSwitch(r.state, 'GM2', [{ op: 'pickup', drop: 'd4', hand: 'stow' }])).toMatchObject({
      key: 'msaw.combat.switch.notStowable',
    })
    // Exactly 2" away, into the free left hand: it keeps its ammo.
    const p = switched(r.state, 'GM2', [{ op: 'pickup', drop: 'd4', hand: 'L' }])
    expect(p.events).toContainEqual({ type: 'picked-up', ref: 'MS-2.2', ms: 'GM2', drop: 'd4', item: 'machine-pistol' })
    expect(itemOf(p.state, 'GM2', 'machine-pistol')).toEqual({
      id: 'machine-pistol',
      type: 'machine-pistol',
      place: 'L',
      ammo: 7,
    })
    expect(p.state.dropped).toEqual([])
    expect(checkSwitch(p.state, 'GM3', [{ op: 'pickup', drop: 'd4', hand: 'R' }])).toMatchObject({
      key: 'msaw.combat.switch.noDrop',
    })
  })

  it('a second item of a type picked up gets the next id', () => {
    const state = makeState({
      suits: [
        { id: 'RX', type: 'gundam', side: 'A', at: [10, 10], hold: { R: 'beam-saber' } },
        { id: 'RX2', type: 'gundam', side: 'A', at: [11, 10] },
      ],
    })
    const dropped = switched(state, 'RX', [{ op: 'drop', item: 'beam-saber' }]).state
    const r = switched(dropped, 'RX2', [{ op: 'pickup', drop: 'd1', hand: 'stow' }])
    expect(itemOf(r.state, 'RX2', 'beam-saber-3')).toEqual({ id: 'beam-saber-3', type: 'beam-saber', place: 'stowed' })
  })

  it("the Gouf's left hand holds nothing; the Z'Gok's hands hold nothing", () => {
    const state = makeState({
      suits: [
        { id: 'GF', type: 'gouf', side: 'B', at: [10, 10], bought: ['heat-saber'], hold: { R: 'heat-saber' } },
        { id: 'ZG', type: 'zgok', side: 'B', at: [11, 10] },
      ],
    })
    const dropped = switched(state, 'GF', [{ op: 'drop', item: 'heat-saber' }]).state
    expect(checkSwitch(dropped, 'GF', [{ op: 'pickup', drop: 'd1', hand: 'L' }])).toMatchObject({
      rule: 'MS-2.2',
      key: 'msaw.combat.switch.blockedHand',
      params: { ms: 'GF', hand: 'L', item: 'heat-saber' },
    })
    expect(checkSwitch(dropped, 'GF', [{ op: 'pickup', drop: 'd1', hand: 'R' }])).toBeNull()
    expect(checkSwitch(dropped, 'ZG', [{ op: 'pickup', drop: 'd1', hand: 'R' }])).toMatchObject({
      key: 'msaw.combat.switch.cannotUse',
    })
  })

  it('an unstowable item cannot be stowed: it must be held or dropped', () => {
    const state = makeState({
      suits: [
        { id: 'GM', type: 'gm', side: 'A', at: [10, 10], bought: ['beam-spray-gun'], hold: { R: 'beam-spray-gun' } },
      ],
    })
    const err = checkSwitch(state, 'GM', [{ op: 'stow', item: 'beam-spray-gun' }], { order: 2, line: 3 })
    expect(err).toMatchObject({
      rule: 'MS-2.2',
      key: 'msaw.combat.switch.notStowable',
      params: { ms: 'GM', item: 'beam-spray-gun' },
      order: 2,
      line: 3,
    })
    expect(err?.message).toBe('beam-spray-gun of GM cannot be stowed: it must be held or dropped')
    expect(() => applySwitch(state, 'GM', [{ op: 'stow', item: 'beam-spray-gun' }])).toThrow()
  })

  it('a switch that ends with two items in one hand is refused, naming them', () => {
    const state = makeState({
      suits: [{ id: 'RX', type: 'gundam', side: 'A', at: [10, 10], bought: ['beam-rifle'], hold: { R: 'beam-rifle' } }],
    })
    const err = checkSwitch(state, 'RX', [{ op: 'draw', item: 'beam-saber', hand: 'R' }])
    expect(err).toMatchObject({ rule: 'MS-2.2', key: 'msaw.combat.switch.handFull' })
    expect(err?.message).toBe('RX would end its switch with beam-saber, beam-rifle in hand R: one item a hand')
    // Dropping the rifle makes room.
    expect(
      checkSwitch(state, 'RX', [
        { op: 'draw', item: 'beam-saber', hand: 'R' },
        { op: 'drop', item: 'beam-rifle' },
      ]),
    ).toBeNull()
  })

  it('fixed items and Chobham armour cannot be switched; held items are not drawn, stowed ones not stowed', () => {
    const state = makeState({
      suits: [
        { id: 'AX', type: 'alex', side: 'A', at: [10, 10], bought: ['chobham'], hold: { R: 'beam-saber' } },
        { id: 'Z', type: 'zaku2', side: 'B', at: [20, 10] },
      ],
    })
    expect(checkSwitch(state, 'AX', [{ op: 'drop', item: 'chobham' }])).toMatchObject({
      rule: 'MS-2.2',
      key: 'msaw.combat.switch.armour',
      params: { item: 'chobham' },
    })
    expect(checkSwitch(state, 'AX', [{ op: 'draw', item: 'vulcan', hand: 'L' }])).toMatchObject({
      key: 'msaw.combat.switch.fixed',
      params: { item: 'vulcan' },
    })
    expect(checkSwitch(state, 'Z', [{ op: 'drop', item: 'shoulder-shield' }])).toMatchObject({
      key: 'msaw.combat.switch.fixed',
    })
    expect(checkSwitch(state, 'AX', [{ op: 'draw', item: 'beam-saber', hand: 'L' }])).toMatchObject({
      key: 'msaw.combat.switch.notStowed',
    })
    expect(checkSwitch(state, 'AX', [{ op: 'stow', item: 'beam-saber-2' }])).toMatchObject({
      key: 'msaw.combat.switch.notHeld',
    })
    expect(checkSwitch(state, 'AX', [{ op: 'drop', item: 'beam-rifle' }])).toMatchObject({
      key: 'msaw.combat.switch.noItem',
      params: { item: 'beam-rifle' },
    })
    expect(checkSwitch(state, 'NOPE', [])).toMatchObject({ key: 'msaw.combat.noSuit' })
  })
})
