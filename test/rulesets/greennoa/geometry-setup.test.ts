// GN-7-1 fire arc and GN-10 direction of attack (HOUSE, from the shared sectors); setup and the initiative
// roll (GN-3-2 ①, ties re-rolled GAP-GN-3).
import { describe, expect, it } from 'vitest'
import { scriptedDice } from '../../../src/engine/dice.js'
import { ALL_DIRECTIONS, axialToOffset, offsetNeighbor } from '../../../src/engine/hex/index.js'
import { attackDirection, fireDifference, inFireArc } from '../../../src/rulesets/greennoa/engine/direction.js'
import { rollInitiative, setup } from '../../../src/rulesets/greennoa/engine/setup.js'
import { loadGreenNoa } from '../../../src/rulesets/greennoa/scenarios/load.js'
import { scenarioOf } from './fixture.js'

const centre = { col: 5, row: 5 }

describe('GN-7-1 fire arc [H] and GN-10 direction of attack [H]', () => {
  it('puts the three front neighbours in the front arc and the three rear ones out of it', () => {
    for (const facing of ALL_DIRECTIONS) {
      const inArc = ALL_DIRECTIONS.map((d) => inFireArc(centre, facing, 'front', offsetNeighbor(centre, d)))
      const want = ALL_DIRECTIONS.map((d) => [0, 1, 5].includes((d - facing + 6) % 6))
      expect(inArc, `facing ${facing}`).toEqual(want)
    }
  })

  it('limits the launcher arc to FF; the own hex is never in an arc', () => {
    expect(inFireArc(centre, 0, 'ff', offsetNeighbor(centre, 0))).toBe(true)
    expect(inFireArc(centre, 0, 'ff', offsetNeighbor(centre, 1))).toBe(false)
    expect(inFireArc(centre, 0, 'front', centre)).toBe(false)
  })

  it('counts the FF/FR line as FF, FR/BR as FR, FL/BL as FL, and BL/BB as BB', () => {
    const origin = { q: 4, r: 2 }
    const at = (dq: number, dr: number) => axialToOffset({ q: origin.q + dq, r: origin.r + dr })
    const o = axialToOffset(origin)
    // axial (1,−2) from the origin lies on the FF/FR line when facing N: it counts as FF (in the launcher arc)
    expect(inFireArc(o, 0, 'ff', at(1, -2))).toBe(true)
    // axial (2,−1): on the FR/BR line (TV-GN-16), counts as FR: in the front arc, not the launcher's
    expect(inFireArc(o, 0, 'front', at(2, -1))).toBe(true)
    expect(inFireArc(o, 0, 'ff', at(2, -1))).toBe(false)
    // axial (2,0) is strictly BR: out
    expect(inFireArc(o, 0, 'front', at(2, 0))).toBe(false)
    // axial (−2,1) and (−2,2): FL/BL line counts as FL (in), BL/BB line counts as BB (out)
    expect(inFireArc(o, 0, 'front', at(-2, 1))).toBe(true)
    expect(inFireArc(o, 0, 'front', at(-1, 2))).toBe(false)
  })

  it('gives front 0, side +1, rear +2 from the target’s facing (GN-10-3)', () => {
    const mods = ALL_DIRECTIONS.map((d) => attackDirection(centre, 0, offsetNeighbor(centre, d)).modifier)
    expect(mods).toEqual([0, 1, 1, 2, 1, 1])
    expect(attackDirection(centre, 3, offsetNeighbor(centre, 0)).direction).toBe('rear')
  })

  it('loses 1 firepower per hex of distance (GN-7-2, GN-7-3)', () => {
    expect(fireDifference(10, { col: 5, row: 5 }, { col: 5, row: 2 }, 4)).toBe(3)
  })
})

describe('GN-3-2 ① initiative', () => {
  it('gives the higher 1D6 the first player', () => {
    expect(rollInitiative(scriptedDice([2, 5]), 1).first).toBe('TITANS')
    expect(rollInitiative(scriptedDice([4, 3]), 1).first).toBe('AEUG')
  })

  it('re-rolls ties (GAP-GN-3, AMB-GN-10)', () => {
    const dice = scriptedDice([3, 3, 6, 6, 1, 2])
    const r = rollInitiative(dice, 4)
    expect(r.first).toBe('TITANS')
    expect(r.events.map((e) => e.type)).toEqual(['initiative-tie', 'initiative-tie', 'initiative'])
    expect(dice.rolls.map((d) => [d.sides, d.ref])).toEqual(Array(6).fill([6, 'GN-3-2']))
  })
})

describe('setup', () => {
  it('places the duel GN-D1 with facings, usual forms and no markers, at phase ②', () => {
    const entry = loadGreenNoa().find((e) => e.scenario.id === 'GN-D1')
    if (!entry) throw new Error('GN-D1 missing')
    const dice = scriptedDice([1, 6])
    const r = setup(entry.scenario, { players: 2 }, dice)
    expect(r.state).toMatchObject({
      system: 'greennoa',
      rulesVersion: 'greennoa-1',
      inning: 1,
      phase: 2,
      first: 'TITANS',
    })
    expect(r.state.units.map((u) => [u.id, u.form, u.facing, u.s, u.m, u.f, u.c, u.removed])).toEqual([
      ['HS1', 'normal', 1, null, false, false, false, false],
      ['ME1', 'ms', 5, null, false, false, false, false],
    ])
    expect(r.rolls).toHaveLength(2)
    expect(JSON.parse(JSON.stringify(r.state))).toEqual(r.state)
  })

  it('refuses other than 2 players, an unknown rules version, and friends sharing a hex (GN-5-1)', () => {
    const units = [
      { id: 'MK1', type: 'MK2', side: 'AEUG' as const, col: 1, row: 1, facing: 0 as const },
      { id: 'HZ1', type: 'HIZACK', side: 'TITANS' as const, col: 1, row: 1, facing: 0 as const },
    ]
    expect(() => setup(scenarioOf(units), { players: 3 }, scriptedDice([1, 2]))).toThrow(/2 players/)
    expect(() => setup(scenarioOf(units), { players: 2, rulesVersion: 'x' }, scriptedDice([1, 2]))).toThrow(/version/)
    const friends = [...units, { id: 'MK2', type: 'MK2', side: 'AEUG' as const, col: 1, row: 1, facing: 0 as const }]
    expect(() => setup(scenarioOf(friends), { players: 2 }, scriptedDice([1, 2]))).toThrow(/GN-5-1/)
  })
})
