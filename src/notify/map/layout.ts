// Pixel geometry of the picture: where each hex's centre and corners are, and the bands around
// the grid for the title, the edge coordinates and the legend. Flat-topped hexes in the engine's
// odd-q layout: odd columns sit half a hex lower (src/engine/hex/types.ts).
import type { Direction } from '../../engine/hex/index.js'
import type { HexRef } from '../../present/map-model.js'

export const SQRT3 = Math.sqrt(3)

export interface Point {
  x: number
  y: number
}

/** The columns and rows a picture shows: the whole map, or a crop of it (crop.ts). */
export interface MapWindow {
  col0: number
  row0: number
  cols: number
  rows: number
}

export interface Frame {
  /** Hex radius: centre to corner. */
  size: number
  window: MapWindow
  /** Centre of the window's first hex (col0, row0). */
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
function gridHeight(size: number, window: MapWindow): number {
  const h = SQRT3 * size
  return window.cols > 1 ? h * window.rows + h / 2 : h * window.rows
}

function gridWidth(size: number, cols: number): number {
  return 1.5 * size * (cols - 1) + 2 * size
}

/**
 * The picture of `window` at hex radius `size`. Without `header` there is no band for the title:
 * a panel under another one (email.ts).
 */
export function frameFor(size: number, window: MapWindow, footerHeight: number, header = true): Frame {
  const gridLeft = SIDE_BAND * size
  const gridTop = ((header ? HEADER : 0) + EDGE_BAND) * size
  const gridRight = gridLeft + gridWidth(size, window.cols)
  const gridBottom = gridTop + gridHeight(size, window)
  return {
    size,
    window,
    originX: gridLeft + size,
    // A lone odd column sits half a hex lower; hexCentre adds that half for it.
    originY: gridTop + (SQRT3 * size) / 2 - (window.cols === 1 && window.col0 % 2 === 1 ? (SQRT3 * size) / 2 : 0),
    // Whole pixels, so the PNG is exactly the SVG's size.
    width: Math.ceil(gridRight + SIDE_BAND * size),
    height: Math.ceil(gridBottom + EDGE_BAND * size + footerHeight),
    gridLeft,
    gridTop,
    gridRight,
    gridBottom,
  }
}

/** Pixel width of a window of `cols` columns at hex radius `size`, bands included. */
export function frameWidth(size: number, cols: number): number {
  return Math.ceil(gridWidth(size, cols) + 2 * SIDE_BAND * size)
}

/** The hex radius at which a window of `cols` columns is `width` wide, bands included. */
export function sizeForWidth(width: number, cols: number): number {
  return width / (1.5 * (cols - 1) + 2 + 2 * SIDE_BAND)
}

/**
 * A hex's centre. The odd-q stagger follows the map's own column numbers, so a window that
 * starts on an odd column shows that column lower, as on the whole map; with both parities in
 * the window, the grid's box starts at the top of an even column.
 */
export function hexCentre(frame: Frame, hex: HexRef): Point {
  const h = SQRT3 * frame.size
  return {
    x: frame.originX + 1.5 * frame.size * (hex.col - frame.window.col0),
    y: frame.originY + h * (hex.row - frame.window.row0 + (Math.abs(hex.col) % 2) / 2),
  }
}

export function inWindow(window: MapWindow, hex: HexRef): boolean {
  return (
    hex.col >= window.col0 &&
    hex.col < window.col0 + window.cols &&
    hex.row >= window.row0 &&
    hex.row < window.row0 + window.rows
  )
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
