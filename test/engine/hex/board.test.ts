import { describe, expect, it } from 'vitest'
import {
  ALL_DIRECTIONS,
  assembleBoards,
  inBounds,
  offsetKey,
  offsetNeighbor,
  parseOffsetKey,
  rotate180,
} from '../../../src/engine/hex/index.js'
import type { AssembledBoards, BoardLayout } from '../../../src/engine/hex/index.js'

const BOARD = { cols: 16, rows: 12 }

const LAYOUT_41_32: BoardLayout = {
  grid: { cols: 32, rows: 24 },
  boardTemplate: BOARD,
  boards: [
    { board: 4, col0: 0, row0: 0, rotate180: false },
    { board: 1, col0: 16, row0: 0, rotate180: false },
    { board: 3, col0: 0, row0: 12, rotate180: true },
    { board: 2, col0: 16, row0: 12, rotate180: true },
  ],
}

const LAYOUT_1234: BoardLayout = {
  grid: { cols: 64, rows: 12 },
  boardTemplate: BOARD,
  boards: [1, 2, 3, 4].map((board, i) => ({ board, col0: 16 * i, row0: 0, rotate180: false })),
}

function forEachBoardHex(layout: BoardLayout, visit: (board: number, col: number, row: number) => void): void {
  for (const { board } of layout.boards) {
    for (let col = 0; col < BOARD.cols; col++) {
      for (let row = 0; row < BOARD.rows; row++) visit(board, col, row)
    }
  }
}

function expectRoundTripsAndCoverage(layout: BoardLayout, map: AssembledBoards): void {
  const seen = new Set<string>()
  forEachBoardHex(layout, (board, col, row) => {
    const hex = map.toMap({ board, col, row })
    expect(inBounds(layout.grid, hex)).toBe(true)
    expect(map.fromMap(hex)).toEqual({ board, col, row })
    seen.add(offsetKey(hex))
  })
  expect(seen.size).toBe(layout.grid.cols * layout.grid.rows)
}

function expectNeighboursPreserved(layout: BoardLayout, map: AssembledBoards): void {
  forEachBoardHex(layout, (board, col, row) => {
    for (const d of ALL_DIRECTIONS) {
      const localNeighbour = offsetNeighbor({ col, row }, d)
      if (!inBounds(BOARD, localNeighbour)) continue
      const viaMap = offsetNeighbor(map.toMap({ board, col, row }), map.toMapDirection(board, d))
      expect(map.toMap({ board, ...localNeighbour })).toEqual(viaMap)
    }
  })
}

describe('board basics', () => {
  it('inBounds', () => {
    expect(inBounds(BOARD, { col: 0, row: 0 })).toBe(true)
    expect(inBounds(BOARD, { col: 15, row: 11 })).toBe(true)
    expect(inBounds(BOARD, { col: 16, row: 0 })).toBe(false)
    expect(inBounds(BOARD, { col: 0, row: -1 })).toBe(false)
    expect(inBounds(BOARD, { col: 0.5, row: 1 })).toBe(false)
  })

  it('offsetKey and parseOffsetKey', () => {
    expect(offsetKey({ col: 7, row: 10 })).toBe('7,10')
    expect(parseOffsetKey('7,10')).toEqual({ col: 7, row: 10 })
    expect(parseOffsetKey(offsetKey({ col: -3, row: 0 }))).toEqual({ col: -3, row: 0 })
    expect(() => parseOffsetKey('7;10')).toThrow()
  })

  it('rotate180 maps (col,row) to (W−1−col, H−1−row) and is its own inverse', () => {
    expect(rotate180(BOARD, { col: 0, row: 0 })).toEqual({ col: 15, row: 11 })
    expect(rotate180(BOARD, { col: 3, row: 10 })).toEqual({ col: 12, row: 1 })
    expect(rotate180(BOARD, rotate180(BOARD, { col: 5, row: 7 }))).toEqual({ col: 5, row: 7 })
  })
})

describe('assembleBoards "41/32"', () => {
  const map = assembleBoards(LAYOUT_41_32)

  it('is a 32×24 map', () => {
    expect(map.grid).toEqual({ cols: 32, rows: 24 })
  })

  it('places corners of each board', () => {
    expect(map.toMap({ board: 4, col: 0, row: 0 })).toEqual({ col: 0, row: 0 })
    expect(map.toMap({ board: 1, col: 0, row: 0 })).toEqual({ col: 16, row: 0 })
    expect(map.toMap({ board: 3, col: 0, row: 0 })).toEqual({ col: 15, row: 23 })
    expect(map.toMap({ board: 2, col: 0, row: 0 })).toEqual({ col: 31, row: 23 })
    expect(map.toMap({ board: 2, col: 15, row: 11 })).toEqual({ col: 16, row: 12 })
  })

  it("a rotated board's local fortress rows 10–11 land on map rows 12–13", () => {
    for (const board of [3, 2]) {
      for (let col = 3; col <= 12; col++) {
        expect(map.toMap({ board, col, row: 10 }).row).toBe(13)
        expect(map.toMap({ board, col, row: 11 }).row).toBe(12)
      }
    }
    expect(map.toMap({ board: 4, col: 3, row: 10 }).row).toBe(10)
  })

  it('maps every map hex back to exactly one board hex', () => {
    expectRoundTripsAndCoverage(LAYOUT_41_32, map)
  })

  it('preserves odd-q parity: local neighbours are map neighbours', () => {
    expectNeighboursPreserved(LAYOUT_41_32, map)
  })

  it('turns facings on rotated boards by 180°', () => {
    expect(map.toMapDirection(4, 0)).toBe(0)
    expect(map.toMapDirection(3, 0)).toBe(3)
    expect(map.toMapDirection(2, 5)).toBe(2)
  })

  it('fromMap is undefined off the grid; toMap throws for unknown boards and off-board hexes', () => {
    expect(map.fromMap({ col: 32, row: 0 })).toBeUndefined()
    expect(map.fromMap({ col: -1, row: 5 })).toBeUndefined()
    expect(() => map.toMap({ board: 5, col: 0, row: 0 })).toThrow(/board 5/)
    expect(() => map.toMap({ board: 1, col: 16, row: 0 })).toThrow(/off board 1/)
  })
})

describe('assembleBoards "1234"', () => {
  const map = assembleBoards(LAYOUT_1234)

  it('lays boards 1..4 left to right on a 64×12 map', () => {
    expect(map.toMap({ board: 1, col: 0, row: 0 })).toEqual({ col: 0, row: 0 })
    expect(map.toMap({ board: 3, col: 5, row: 5 })).toEqual({ col: 37, row: 5 })
    expect(map.fromMap({ col: 63, row: 11 })).toEqual({ board: 4, col: 15, row: 11 })
    expectRoundTripsAndCoverage(LAYOUT_1234, map)
    expectNeighboursPreserved(LAYOUT_1234, map)
  })
})

describe('assembleBoards validation', () => {
  const base = { grid: { cols: 32, rows: 12 }, boardTemplate: BOARD }

  it('rejects odd col0, overlaps, duplicates, boards off the grid and odd-sized rotations', () => {
    const place = (board: number, col0: number, rotate = false) => ({ board, col0, row0: 0, rotate180: rotate })
    expect(() => assembleBoards({ ...base, boards: [place(1, 1)] })).toThrow(/parity/)
    expect(() => assembleBoards({ ...base, boards: [place(1, 0), place(2, 8)] })).toThrow(/overlap/)
    expect(() => assembleBoards({ ...base, boards: [place(1, 0), place(1, 16)] })).toThrow(/twice/)
    expect(() => assembleBoards({ ...base, boards: [place(1, 18)] })).toThrow(/fit/)
    const odd = { grid: { cols: 32, rows: 12 }, boardTemplate: { cols: 16, rows: 11 } }
    expect(() => assembleBoards({ ...odd, boards: [place(1, 0, true)] })).toThrow(/even/)
  })

  it('leaves gaps unmapped', () => {
    const map = assembleBoards({ ...base, boards: [{ board: 1, col0: 16, row0: 0, rotate180: false }] })
    expect(map.fromMap({ col: 3, row: 3 })).toBeUndefined()
    expect(map.fromMap({ col: 16, row: 3 })).toEqual({ board: 1, col: 0, row: 3 })
  })
})
