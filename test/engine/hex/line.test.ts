import { describe, expect, it } from 'vitest'
import {
  axialDistance,
  axialLine,
  axialLineNudged,
  offsetDistance,
  offsetLine,
  offsetLineNudged,
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

function expectValidLine(line: AxialHex[], a: AxialHex, b: AxialHex): void {
  expect(line).toHaveLength(axialDistance(a, b) + 1)
  expect(line[0]).toEqual(a)
  expect(line[line.length - 1]).toEqual(b)
  for (let i = 1; i < line.length; i++) {
    expect(axialDistance(line[i - 1] ?? a, line[i] ?? b)).toBe(1)
  }
}

describe('line', () => {
  it('a line to the same hex is that hex', () => {
    expect(axialLine({ q: 2, r: 2 }, { q: 2, r: 2 })).toEqual([{ q: 2, r: 2 }])
  })

  it('a straight line along a direction', () => {
    expect(axialLine({ q: 0, r: 0 }, { q: 0, r: -3 })).toEqual([
      { q: 0, r: 0 },
      { q: 0, r: -1 },
      { q: 0, r: -2 },
      { q: 0, r: -3 },
    ])
  })

  it('has distance+1 hexes, the right endpoints and adjacent steps (plain and both nudged traces)', () => {
    const next = makeLcg(2024)
    for (let i = 0; i < 300; i++) {
      const a = { q: lcgInt(next, -10, 10), r: lcgInt(next, -10, 10) }
      const b = { q: lcgInt(next, -10, 10), r: lcgInt(next, -10, 10) }
      expectValidLine(axialLine(a, b), a, b)
      const traces = axialLineNudged(a, b)
      expectValidLine(traces.plus, a, b)
      expectValidLine(traces.minus, a, b)
    }
  })

  it('nudged traces split on a line running exactly along a hex edge', () => {
    // (0,0) → (2,−1) passes through the corner between (1,−1) and (1,0).
    const traces = axialLineNudged({ q: 0, r: 0 }, { q: 2, r: -1 })
    expect(traces.plus).toEqual([
      { q: 0, r: 0 },
      { q: 1, r: -1 },
      { q: 2, r: -1 },
    ])
    expect(traces.minus).toEqual([
      { q: 0, r: 0 },
      { q: 1, r: 0 },
      { q: 2, r: -1 },
    ])
  })

  it('nudged traces agree when the line crosses no edge ambiguity', () => {
    const traces = axialLineNudged({ q: 0, r: 0 }, { q: 3, r: -3 })
    expect(traces.plus).toEqual(traces.minus)
  })

  it('works in offset coordinates', () => {
    const [a, b] = [
      { col: 1, row: 2 },
      { col: 8, row: 5 },
    ]
    const line = offsetLine(a, b)
    expect(line).toHaveLength(offsetDistance(a, b) + 1)
    expect(line[0]).toEqual(a)
    expect(line[line.length - 1]).toEqual(b)
    const traces = offsetLineNudged(a, b)
    expect(traces.plus[traces.plus.length - 1]).toEqual(b)
    expect(traces.minus[0]).toEqual(a)
  })
})
