import { describe, expect, it } from 'vitest'
import {
  axialDistance,
  axialRange,
  axialRing,
  axialSpiral,
  offsetDistance,
  offsetKey,
  offsetRange,
  offsetRing,
} from '../../../src/engine/hex/index.js'
import type { AxialHex } from '../../../src/engine/hex/index.js'

const center: AxialHex = { q: 3, r: -2 }
const axialKey = (h: AxialHex): string => `${h.q},${h.r}`

describe('ring', () => {
  it('radius 0 is the centre alone', () => {
    expect(axialRing(center, 0)).toEqual([center])
  })

  it('has 6r distinct hexes, all at distance r, consecutive ones adjacent', () => {
    for (let r = 1; r <= 6; r++) {
      const ring = axialRing(center, r)
      expect(ring).toHaveLength(6 * r)
      expect(new Set(ring.map(axialKey)).size).toBe(6 * r)
      ring.forEach((h, i) => {
        expect(axialDistance(center, h)).toBe(r)
        expect(axialDistance(h, ring[(i + 1) % ring.length] ?? h)).toBe(1)
      })
    }
  })

  it('starts due N and runs clockwise', () => {
    expect(axialRing({ q: 0, r: 0 }, 1)).toEqual([
      { q: 0, r: -1 },
      { q: 1, r: -1 },
      { q: 1, r: 0 },
      { q: 0, r: 1 },
      { q: -1, r: 1 },
      { q: -1, r: 0 },
    ])
  })

  it('works in offset coordinates', () => {
    const c = { col: 5, row: 4 }
    const ring = offsetRing(c, 2)
    expect(ring).toHaveLength(12)
    ring.forEach((h) => expect(offsetDistance(c, h)).toBe(2))
  })
})

describe('range and spiral', () => {
  it('has 3r(r+1)+1 distinct hexes, all within r', () => {
    for (let r = 0; r <= 6; r++) {
      const range = axialRange(center, r)
      expect(range).toHaveLength(3 * r * (r + 1) + 1)
      expect(new Set(range.map(axialKey)).size).toBe(range.length)
      range.forEach((h) => expect(axialDistance(center, h)).toBeLessThanOrEqual(r))
    }
  })

  it('spiral holds the same hexes as range, ordered by distance', () => {
    const spiral = axialSpiral(center, 4)
    expect(new Set(spiral.map(axialKey))).toEqual(new Set(axialRange(center, 4).map(axialKey)))
    const distances = spiral.map((h) => axialDistance(center, h))
    expect(distances).toEqual([...distances].sort((a, b) => a - b))
  })

  it('offsetRange covers 19 hexes at radius 2', () => {
    expect(new Set(offsetRange({ col: 1, row: 1 }, 2).map(offsetKey)).size).toBe(19)
  })
})
