import { describe, expect, it } from 'vitest'
import {
  axialDistance,
  axialToCube,
  cubeDistance,
  offsetDistance,
  offsetDistanceColRow,
} from '../../../src/engine/hex/index.js'
import type { AxialHex } from '../../../src/engine/hex/index.js'

// Deterministic pseudo-random integers (no Math.random in this repo): Numerical Recipes LCG,
// Math.imul keeps the product in 32 bits.
function makeLcg(seed: number): () => number {
  let state = seed >>> 0
  return () => {
    state = (Math.imul(state, 1664525) + 1013904223) >>> 0
    return state
  }
}

/** Integer in [low, high]. */
function lcgInt(next: () => number, low: number, high: number): number {
  return low + (next() % (high - low + 1))
}

function sampleAxial(next: () => number): AxialHex {
  return { q: lcgInt(next, -20, 20), r: lcgInt(next, -20, 20) }
}

describe('distance', () => {
  it('matches literal values', () => {
    expect(axialDistance({ q: 0, r: 0 }, { q: 0, r: 0 })).toBe(0)
    expect(axialDistance({ q: 0, r: 0 }, { q: 1, r: -1 })).toBe(1)
    expect(axialDistance({ q: 0, r: 0 }, { q: 2, r: -1 })).toBe(2)
    expect(axialDistance({ q: 0, r: 0 }, { q: 3, r: 3 })).toBe(6)
    expect(offsetDistance({ col: 0, row: 0 }, { col: 3, row: 0 })).toBe(3)
    expect(offsetDistance({ col: 0, row: 0 }, { col: 0, row: 5 })).toBe(5)
    expect(offsetDistance({ col: 1, row: 0 }, { col: 2, row: 0 })).toBe(1)
    expect(offsetDistance({ col: 2, row: 0 }, { col: 3, row: 1 })).toBe(2)
  })

  it('is symmetric, zero only on equal hexes, and agrees with cube distance', () => {
    const next = makeLcg(42)
    for (let i = 0; i < 500; i++) {
      const [a, b] = [sampleAxial(next), sampleAxial(next)]
      expect(axialDistance(a, b)).toBe(axialDistance(b, a))
      expect(axialDistance(a, b) === 0).toBe(a.q === b.q && a.r === b.r)
      expect(cubeDistance(axialToCube(a), axialToCube(b))).toBe(axialDistance(a, b))
    }
  })

  it('satisfies the triangle inequality', () => {
    const next = makeLcg(7)
    for (let i = 0; i < 500; i++) {
      const [a, b, c] = [sampleAxial(next), sampleAxial(next), sampleAxial(next)]
      expect(axialDistance(a, c)).toBeLessThanOrEqual(axialDistance(a, b) + axialDistance(b, c))
    }
  })

  it('offsetDistanceColRow agrees with offsetDistance, negative columns included', () => {
    const next = makeLcg(11)
    for (let i = 0; i < 500; i++) {
      const [c1, r1, c2, r2] = [lcgInt(next, -9, 40), lcgInt(next, -9, 30), lcgInt(next, -9, 40), lcgInt(next, -9, 30)]
      expect(offsetDistanceColRow(c1, r1, c2, r2)).toBe(offsetDistance({ col: c1, row: r1 }, { col: c2, row: r2 }))
    }
  })
})
