// RB-13 directions (TV-RB-27, TV-RB-28), RB-13.8 melee in the own hex, RB-16.2 columns, and the line of
// fire of §9.5 over map A: blocked, borderline, through ATs and smoke (RB-12.13, AMB-RB-9), S1's open map.
import { describe, expect, it } from 'vitest'
import {
  axialToOffset,
  offsetNeighbor,
  offsetToAxial,
  type Direction,
  type OffsetHex,
} from '../../../src/engine/hex/index.js'
import {
  attackDirections,
  columnOf,
  dirOf,
  lineOfFire,
  lofModifier,
} from '../../../src/rulesets/realbattle/engine/geometry.js'
import type { Dir6 } from '../../../src/rulesets/realbattle/engine/types.js'
import { makeAt, makeState } from './fixture.js'

const origin: OffsetHex = { col: 9, row: 6 }

/** The hex at axial offset (dq, dr) from the origin (RB-13.8a states its vectors in these). */
function at(dq: number, dr: number): OffsetHex {
  const a = offsetToAxial(origin)
  return axialToOffset({ q: a.q + dq, r: a.r + dr })
}

function dirs(facing: Direction, targets: Array<[number, number]>): Dir6[] {
  return targets.map(([dq, dr]) => dirOf({ hex: origin, facing }, at(dq, dr)))
}

describe('RB-13 directions', () => {
  it('TV-RB-27: facing N: FF, FF (boundary), FR (boundary), BB (boundary), FL (boundary), BR', () => {
    const targets: Array<[number, number]> = [
      [0, -3],
      [1, -2],
      [2, -1],
      [1, 1],
      [-2, 1],
      [1, 0],
    ]
    expect(dirs(0, targets)).toEqual(['FF', 'FF', 'FR', 'BB', 'FL', 'BR'])
  })

  it('TV-RB-28: facing SE, the three targets are FF (boundary), FL (boundary), FR', () => {
    expect(
      dirs(2, [
        [2, -1],
        [1, -2],
        [0, 2],
      ]),
    ).toEqual(['FF', 'FL', 'FR'])
  })

  it('the six neighbours of an AT facing NE are FF, FR, BR, BB, BL, FL clockwise from NE', () => {
    const ring = ([1, 2, 3, 4, 5, 0] as Direction[]).map((d) =>
      dirOf({ hex: origin, facing: 1 }, offsetNeighbor(origin, d)),
    )
    expect(ring).toEqual(['FF', 'FR', 'BR', 'BB', 'BL', 'FL'])
  })

  it('throws for the own hex: RB-13.8 decides that case', () => {
    expect(() => dirOf({ hex: origin, facing: 0 }, origin)).toThrow(/RB-13.8/)
  })

  it('RB-16.2: the damage and T4 columns join FR/FL and BR/BL', () => {
    expect((['FF', 'FR', 'BR', 'BB', 'BL', 'FL'] as Dir6[]).map(columnOf)).toEqual(['FF', 'FS', 'BS', 'BB', 'BS', 'FS'])
  })
})

describe('RB-13.8 melee in the own hex', () => {
  const hex: [number, number] = [9, 6]

  it('entering from the south facing N: the target is in its FF, it is in the BB of a target facing N', () => {
    const south = offsetNeighbor(origin, 3)
    const attacker = makeAt({ id: 'A1', hex, facing: 0, at: { enteredFrom: south } })
    const target = makeAt({ id: 'B1', hex, facing: 0 })
    expect(attackDirections(attacker, target)).toEqual({ targetFromAttacker: 'FF', attackerFromTarget: 'BB' })
  })

  it('entering from the target’s right side puts the attacker in its FR, whatever the attacker faces', () => {
    const ne = offsetNeighbor(origin, 1)
    const attacker = makeAt({ id: 'A1', hex, facing: 4, at: { enteredFrom: ne } })
    const target = makeAt({ id: 'B1', hex, facing: 0 })
    const d = attackDirections(attacker, target)
    expect(d.attackerFromTarget).toBe('FR')
    expect(d.targetFromAttacker).toBe('FF')
  })

  it('an attacker that did not move in: each is in the other’s FF (AMB-RB-18)', () => {
    const attacker = makeAt({ id: 'A1', hex, facing: 0 })
    const target = makeAt({ id: 'B1', hex, facing: 3 })
    expect(attackDirections(attacker, target)).toEqual({ targetFromAttacker: 'FF', attackerFromTarget: 'FF' })
  })

  it('two different hexes use RB-13 both ways', () => {
    const attacker = makeAt({ id: 'A1', hex: [3, 8], facing: 0 })
    const target = makeAt({ id: 'B1', hex: [3, 5], facing: 2 })
    expect(attackDirections(attacker, target)).toEqual({ targetFromAttacker: 'FF', attackerFromTarget: 'FR' })
  })
})

describe('RB-12.13 line of fire over map A (§9.5)', () => {
  const from: OffsetHex = { col: 2, row: 7 }
  const hex = (col: number, row: number): OffsetHex => ({ col, row })

  it('is clear over open ground', () => {
    const lof = lineOfFire(makeState([]), from, hex(9, 3))
    expect(lof).toEqual({ blocked: false, borderline: false, atHexes: [], smoke: [], endInSmoke: false })
    expect(lofModifier(lof)).toBe(0)
  })

  it('is blocked when both traces cross the central obstacle', () => {
    expect(lineOfFire(makeState([]), from, hex(17, 7)).blocked).toBe(true)
    expect(lineOfFire(makeState([]), from, hex(12, 7)).blocked).toBe(true)
  })

  it('is borderline (−2) when exactly one trace grazes an obstacle hex', () => {
    const lof = lineOfFire(makeState([]), from, hex(10, 10))
    expect(lof.blocked).toBe(false)
    expect(lof.borderline).toBe(true)
    expect(lofModifier(lof)).toBe(-2)
  })

  it('ignores interior obstacles in a scenario that ignores them (S1)', () => {
    const lof = lineOfFire(makeState([], {}, { ignoreObstacles: true }), from, hex(17, 7))
    expect(lof.blocked).toBe(false)
    expect(lof.borderline).toBe(false)
  })

  it('counts −2 for each hex between that holds an AT (AMB-RB-9), not the end hexes, not destroyed ATs', () => {
    const ats = [
      makeAt({ id: 'A1', hex: [2, 7] }),
      makeAt({ id: 'A2', hex: [2, 5] }),
      makeAt({ id: 'B2', hex: [2, 4] }),
      makeAt({ id: 'B3', hex: [2, 4] }),
      makeAt({ id: 'B4', hex: [2, 3], at: { destroyed: true } }),
      makeAt({ id: 'B1', hex: [2, 1] }),
    ]
    const lof = lineOfFire(makeState(ats), from, hex(2, 1))
    expect(lof.atHexes).toEqual([hex(2, 5), hex(2, 4)])
    expect(lofModifier(lof)).toBe(-4)
  })

  it('counts each smoke hex between at −2 × its distance from the target, and −1 when an end is in smoke', () => {
    const smoke = [
      { hex: hex(2, 6), camp: 'A' as const },
      { hex: hex(2, 3), camp: 'B' as const },
      { hex: hex(2, 1), camp: 'B' as const },
    ]
    const lof = lineOfFire(makeState([], { smoke }), from, hex(2, 1))
    expect(lof.smoke).toEqual([
      { hex: hex(2, 6), distance: 5 },
      { hex: hex(2, 3), distance: 2 },
    ])
    expect(lof.endInSmoke).toBe(true)
    expect(lofModifier(lof)).toBe(-10 - 4 - 1)
  })

  it('counts an AT that only one trace crosses', () => {
    // From (2,7) to (10,10) the traces part at column 6: (6,8) on one, (6,9) on the other.
    const ats = [makeAt({ id: 'A2', hex: [6, 8] })]
    const lof = lineOfFire(makeState(ats), from, hex(10, 10))
    expect(lof.atHexes).toEqual([hex(6, 8)])
    expect(lofModifier(lof)).toBe(-4)
  })
})
