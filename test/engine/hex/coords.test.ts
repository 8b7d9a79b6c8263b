import { describe, expect, it } from 'vitest'
import {
  axialToCube,
  axialToOffset,
  cubeRound,
  cubeToAxial,
  makeCube,
  offsetColParity,
  offsetToAxial,
} from '../../../src/engine/hex/index.js'

describe('offsetColParity', () => {
  it('is 1 for odd columns including negative ones', () => {
    expect([-3, -2, -1, 0, 1, 2, 3].map(offsetColParity)).toEqual([1, 0, 1, 0, 1, 0, 1])
  })
})

describe('offset ↔ axial (odd-q)', () => {
  it('converts literal values', () => {
    expect(offsetToAxial({ col: 0, row: 0 })).toEqual({ q: 0, r: 0 })
    expect(offsetToAxial({ col: 3, row: 4 })).toEqual({ q: 3, r: 3 })
    expect(offsetToAxial({ col: 7, row: 10 })).toEqual({ q: 7, r: 7 })
    expect(offsetToAxial({ col: 2, row: 0 })).toEqual({ q: 2, r: -1 })
    expect(offsetToAxial({ col: -1, row: 0 })).toEqual({ q: -1, r: 1 })
    expect(offsetToAxial({ col: -2, row: 0 })).toEqual({ q: -2, r: 1 })
    expect(axialToOffset({ q: 3, r: 3 })).toEqual({ col: 3, row: 4 })
    expect(axialToOffset({ q: -1, r: 1 })).toEqual({ col: -1, row: 0 })
  })

  it('round-trips offset → axial → offset over a range including negatives', () => {
    for (let col = -9; col <= 9; col++) {
      for (let row = -9; row <= 9; row++) {
        expect(axialToOffset(offsetToAxial({ col, row }))).toEqual({ col, row })
      }
    }
  })

  it('round-trips axial → offset → axial', () => {
    for (let q = -9; q <= 9; q++) {
      for (let r = -9; r <= 9; r++) {
        expect(offsetToAxial(axialToOffset({ q, r }))).toEqual({ q, r })
      }
    }
  })
})

describe('cube', () => {
  it('converts axial to cube and back', () => {
    expect(axialToCube({ q: 2, r: -3 })).toEqual({ x: 2, y: 1, z: -3 })
    expect(axialToCube({ q: 0, r: 0 })).toEqual({ x: 0, y: 0, z: 0 })
    expect(cubeToAxial({ x: 2, y: 1, z: -3 })).toEqual({ q: 2, r: -3 })
  })

  it('makeCube throws when x + y + z ≠ 0', () => {
    expect(() => makeCube(1, 1, 1)).toThrow(/cube invariant/)
    expect(makeCube(1, -3, 2)).toEqual({ x: 1, y: -3, z: 2 })
  })

  it('cubeRound returns the nearest hex and never −0', () => {
    expect(cubeRound({ x: 0.1, y: -0.3, z: 0.2 })).toEqual({ x: 0, y: 0, z: 0 })
    expect(Object.is(cubeRound({ x: 0.1, y: -0.3, z: 0.2 }).y, 0)).toBe(true)
    expect(cubeRound({ x: 1.4, y: -0.2, z: -1.2 })).toEqual({ x: 1, y: 0, z: -1 })
  })
})
