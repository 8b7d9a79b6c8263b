// Pixel geometry of the picture: where each hex's centre and corners are, and the bands around
// the grid for the title, the edge coordinates and the legend. Flat-topped hexes in the engine's
// odd-q layout: odd columns sit half a hex lower (src/engine/hex/types.ts).
import type { Direction } from '../../engine/hex/index.js'
import type { HexRef } from './model.js'

export const SQRT3 = Math.sqrt(3)

export interface Point {
  x: number
  y: number
}

export interface Frame {
  /** Hex radius: centre to corner. */
  size: number
  /** Centre of hex (0,0). */
  originX: number
  originY: number
  /** Whole picture. */
  width: number
  height: number
  /** The grid's bounding box. */
  gridLeft: number
  gridTop: number
  gridRight: number
  gridBottom: number
}

// Bands around the grid, in hex radii, so the whole picture scales with the hex size.
const HEADER = 1.95
const EDGE_BAND = 0.7
const SIDE_BAND = 1.1

/** Height of the grid's bounding box: a column of `rows` hexes, half a hex more if an odd column exists. */
function gridHeight(size: number, cols: number, rows: number): number {
  const h = SQRT3 * size
  return cols > 1 ? h * rows + h / 2 : h * rows
}

function gridWidth(size: number, cols: number): number {
  return 1.5 * size * (cols - 1) + 2 * size
}

export function frameFor(size: number, cols: number, rows: number, footerHeight: number): Frame {
  const gridLeft = SIDE_BAND * size
  const gridTop = (HEADER + EDGE_BAND) * size
  const gridRight = gridLeft + gridWidth(size, cols)
  const gridBottom = gridTop + gridHeight(size, cols, rows)
  return {
    size,
    originX: gridLeft + size,
    originY: gridTop + (SQRT3 * size) / 2,
    // Whole pixels, so the PNG is exactly the SVG's size.
    width: Math.ceil(gridRight + SIDE_BAND * size),
    height: Math.ceil(gridBottom + EDGE_BAND * size + footerHeight),
    gridLeft, gridTop, gridRight, gridBottom,
  }
}

export function hexCentre(frame: Frame, hex: HexRef): Point {
  const h = SQRT3 * frame.size
  return {
    x: frame.originX + 1.5 * frame.size * hex.col,
    y: frame.originY + h * (hex.row + (Math.abs(hex.col) % 2) / 2),
  }
}

/** Corner i at 60·i degrees clockwise from east (SVG's y points down): 0 E, 1 lower right, … 5 upper right. */
export function hexCorner(frame: Frame, centre: Point, i: number): Point {
  const angle = (Math.PI / 3) * i
  return { x: centre.x + frame.size * Math.cos(angle), y: centre.y + frame.size * Math.sin(angle) }
}

/** The two corners of the hexside facing `direction` (0 N, 1 NE, … clockwise, as in the engine). */
export function hexsideCorners(frame: Frame, centre: Point, direction: Direction): [Point, Point] {
  return [hexCorner(frame, centre, (direction + 4) % 6), hexCorner(frame, centre, (direction + 5) % 6)]
}

/** Unit vector from a to b, and the distance; zero vector when they coincide. */
export function towards(a: Point, b: Point): { ux: number; uy: number; length: number } {
  const dx = b.x - a.x
  const dy = b.y - a.y
  const length = Math.hypot(dx, dy)
  return length === 0 ? { ux: 0, uy: 0, length } : { ux: dx / length, uy: dy / length, length }
}
