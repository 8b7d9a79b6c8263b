import { toDirection } from './direction.js'
import { offsetColParity } from './offset-axial.js'
import type { Direction, OffsetHex } from './types.js'

// Rectangular boards in offset (odd-q) coordinates, and maps assembled from several boards
// (README §2.2 "rotating a whole board", §3.2 "a map assembled from boards").

export interface BoardSize {
  cols: number
  rows: number
}

/** Where one board sits on the map; col0/row0 is the map hex of the board's local (0,0) corner cell. */
export interface BoardPlacement {
  board: number
  col0: number
  row0: number
  rotate180: boolean
}

/** Same field names as the §3.2 map JSON, so a parsed map can be passed straight in. */
export interface BoardLayout {
  grid: BoardSize
  boardTemplate: BoardSize
  boards: readonly BoardPlacement[]
}

/** A hex in one board's own printed (offset) coordinates. */
export interface BoardLocalHex extends OffsetHex {
  board: number
}

export interface AssembledBoards {
  grid: BoardSize
  /** Board-local hex → map hex; throws for an unknown board or a hex off that board. */
  toMap(local: BoardLocalHex): OffsetHex
  /** Map hex → board and local hex; undefined off the grid or in a gap between boards. */
  fromMap(hex: OffsetHex): BoardLocalHex | undefined
  /** A facing printed on a board → map facing (a rotated board turns it by 3). */
  toMapDirection(board: number, direction: Direction): Direction
}

export function inBounds(size: BoardSize, hex: OffsetHex): boolean {
  const isCell = Number.isInteger(hex.col) && Number.isInteger(hex.row)
  return isCell && hex.col >= 0 && hex.col < size.cols && hex.row >= 0 && hex.row < size.rows
}

/** Stable string key for Map/Set, e.g. "7,10". */
export function offsetKey(hex: OffsetHex): string {
  return `${hex.col},${hex.row}`
}

export function parseOffsetKey(key: string): OffsetHex {
  const match = /^(-?\d+),(-?\d+)$/.exec(key)
  if (match === null) throw new Error(`not an offset hex key: "${key}"`)
  return { col: Number(match[1]), row: Number(match[2]) }
}

/** (col,row) → (W−1−col, H−1−row). With even W the flipped column parity matches the flipped half-hex shift. */
export function rotate180(size: BoardSize, hex: OffsetHex): OffsetHex {
  return { col: size.cols - 1 - hex.col, row: size.rows - 1 - hex.row }
}

function placementLocalToMap(template: BoardSize, p: BoardPlacement, hex: OffsetHex): OffsetHex {
  const turned = p.rotate180 ? rotate180(template, hex) : hex
  return { col: turned.col + p.col0, row: turned.row + p.row0 }
}

// rotate180 is its own inverse, so undoing a placement is shift back, then turn.
function placementMapToLocal(template: BoardSize, p: BoardPlacement, hex: OffsetHex): OffsetHex {
  const shifted = { col: hex.col - p.col0, row: hex.row - p.row0 }
  return p.rotate180 ? rotate180(template, shifted) : shifted
}

function placementContains(template: BoardSize, p: BoardPlacement, hex: OffsetHex): boolean {
  return inBounds(template, { col: hex.col - p.col0, row: hex.row - p.row0 })
}

function rangesOverlap(a0: number, b0: number, length: number): boolean {
  return a0 < b0 + length && b0 < a0 + length
}

function placementsOverlap(template: BoardSize, a: BoardPlacement, b: BoardPlacement): boolean {
  return rangesOverlap(a.col0, b.col0, template.cols) && rangesOverlap(a.row0, b.row0, template.rows)
}

/** Boards that do not fit the grid or overlap: a scenario data error, thrown by assembleBoards. */
export class BoardLayoutError extends Error {}

/** A bad layout is scenario data error; fail at load time rather than mis-map hexes later. */
function validatePlacement(layout: BoardLayout, p: BoardPlacement): void {
  const t = layout.boardTemplate
  if (offsetColParity(p.col0) !== 0) throw new BoardLayoutError(`board ${p.board}: odd col0 breaks odd-q parity`)
  if (p.rotate180 && (t.cols % 2 !== 0 || t.rows % 2 !== 0)) {
    throw new BoardLayoutError(`board ${p.board}: rotate180 needs even width and height (README §2.2)`)
  }
  const farCorner = { col: p.col0 + t.cols - 1, row: p.row0 + t.rows - 1 }
  if (!inBounds(layout.grid, { col: p.col0, row: p.row0 }) || !inBounds(layout.grid, farCorner)) {
    throw new BoardLayoutError(`board ${p.board}: does not fit in the ${layout.grid.cols}×${layout.grid.rows} grid`)
  }
}

function validateLayout(layout: BoardLayout): void {
  layout.boards.forEach((p, i) => {
    validatePlacement(layout, p)
    for (const other of layout.boards.slice(0, i)) {
      if (other.board === p.board) throw new BoardLayoutError(`board ${p.board} placed twice`)
      if (placementsOverlap(layout.boardTemplate, other, p))
        throw new BoardLayoutError(`boards ${other.board} and ${p.board} overlap`)
    }
  })
}

function findPlacement(layout: BoardLayout, board: number): BoardPlacement {
  const p = layout.boards.find((b) => b.board === board)
  if (p === undefined) throw new Error(`board ${board} is not in this layout`)
  return p
}

function layoutToMap(layout: BoardLayout, local: BoardLocalHex): OffsetHex {
  if (!inBounds(layout.boardTemplate, local)) {
    throw new Error(`hex ${offsetKey(local)} is off board ${local.board}`)
  }
  return placementLocalToMap(layout.boardTemplate, findPlacement(layout, local.board), local)
}

function layoutFromMap(layout: BoardLayout, hex: OffsetHex): BoardLocalHex | undefined {
  const p = layout.boards.find((b) => placementContains(layout.boardTemplate, b, hex))
  if (p === undefined) return undefined
  return { board: p.board, ...placementMapToLocal(layout.boardTemplate, p, hex) }
}

/** Validates the layout once, then returns the two-way board-local ↔ map converters. */
export function assembleBoards(layout: BoardLayout): AssembledBoards {
  validateLayout(layout)
  return {
    grid: { cols: layout.grid.cols, rows: layout.grid.rows },
    toMap: (local) => layoutToMap(layout, local),
    fromMap: (hex) => layoutFromMap(layout, hex),
    toMapDirection: (board, d) => (findPlacement(layout, board).rotate180 ? toDirection(d + 3) : d),
  }
}
