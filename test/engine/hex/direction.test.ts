import { describe, expect, it } from 'vitest'
import {
  ALL_DIRECTIONS,
  axialDirectionBetween,
  axialDistance,
  axialNeighbor,
  axialNeighbors,
  offsetDirectionBetween,
  offsetDistance,
  offsetNeighbor,
  offsetNeighbors,
  reverseDirection,
  toDirection,
  turnLeft,
  turnRight,
} from '../../../src/engine/hex/index.js'

describe('facing', () => {
  it('turns right and left modulo 6', () => {
    expect(turnRight(0)).toBe(1)
    expect(turnRight(5)).toBe(0)
    expect(turnLeft(0)).toBe(5)
    expect(turnLeft(3, 2)).toBe(1)
    expect(turnRight(4, 3)).toBe(1)
    expect(reverseDirection(1)).toBe(4)
    expect(toDirection(-7)).toBe(5)
  })
})

describe('neighbours', () => {
  it('uses the README §2.2 axial deltas', () => {
    expect(axialNeighbors({ q: 0, r: 0 })).toEqual([
      { q: 0, r: -1 },
      { q: 1, r: -1 },
      { q: 1, r: 0 },
      { q: 0, r: 1 },
      { q: -1, r: 1 },
      { q: -1, r: 0 },
    ])
  })

  it('gives odd-q offset neighbours for an even column', () => {
    expect(offsetNeighbors({ col: 2, row: 2 })).toEqual([
      { col: 2, row: 1 },
      { col: 3, row: 1 },
      { col: 3, row: 2 },
      { col: 2, row: 3 },
      { col: 1, row: 2 },
      { col: 1, row: 1 },
    ])
  })

  it('gives odd-q offset neighbours for an odd column (sits half a hex lower)', () => {
    expect(offsetNeighbors({ col: 3, row: 2 })).toEqual([
      { col: 3, row: 1 },
      { col: 4, row: 2 },
      { col: 4, row: 3 },
      { col: 3, row: 3 },
      { col: 2, row: 3 },
      { col: 2, row: 2 },
    ])
  })

  it('neighbours are at distance 1 and directionBetween inverts them, negatives included', () => {
    for (let col = -3; col <= 3; col++) {
      for (const d of ALL_DIRECTIONS) {
        const from = { col, row: 1 }
        const to = offsetNeighbor(from, d)
        expect(offsetDistance(from, to)).toBe(1)
        expect(offsetDirectionBetween(from, to)).toBe(d)
        expect(offsetDirectionBetween(to, from)).toBe(reverseDirection(d))
      }
    }
  })

  it('axialDirectionBetween is undefined for non-adjacent hexes', () => {
    const a = { q: 2, r: 2 }
    expect(axialDirectionBetween(a, a)).toBeUndefined()
    expect(axialDirectionBetween(a, { q: 4, r: 1 })).toBeUndefined()
    expect(axialDistance(a, axialNeighbor(a, 4))).toBe(1)
  })
})
