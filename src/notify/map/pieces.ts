// A drawing above the board is a list of pieces in paint order: each piece is an SVG fragment and
// the box it paints in. svg.ts joins the fragments into the document; raster.ts rasterises each
// piece on its own, in its box only, and lays it over a cached picture of the board. A piece that
// looks the same wherever it stands (a counter) also carries its drawing around (0,0), so one
// raster of it serves every hex it stands in.
import type { Point } from './layout.js'

/** Bounds in SVG units, strokes included: x0 ≤ x < x1, y0 ≤ y < y1. */
export interface Box {
  x0: number
  y0: number
  x1: number
  y1: number
}

export interface Piece {
  /** The fragment with its place on the map, as written in the SVG document. */
  svg: string
  box: Box
  /** The same drawing with `at` moved to the origin, and its box there. */
  local?: { svg: string; at: Point; box: Box }
  /**
   * The box rests on an estimate of some text's width (a title from a scenario or a player): the
   * PNG draws the piece in a pass of its own, where the box cuts off any overflow, rather than
   * beside other pieces, where the overflow would land on them.
   */
  estimated?: boolean
}

/** The box around points, grown by `pad` on every side (half a stroke width, a halo…). */
export function boxAround(points: readonly Point[], pad: number): Box {
  let x0 = Infinity
  let y0 = Infinity
  let x1 = -Infinity
  let y1 = -Infinity
  for (const p of points) {
    if (p.x < x0) x0 = p.x
    if (p.y < y0) y0 = p.y
    if (p.x > x1) x1 = p.x
    if (p.y > y1) y1 = p.y
  }
  return { x0: x0 - pad, y0: y0 - pad, x1: x1 + pad, y1: y1 + pad }
}

/**
 * A piece that looks the same wherever it stands: `draw` draws it around a point, `box` holds it
 * around the origin. The SVG gets it drawn in place; a PNG rasterises it once for every place.
 */
export function anchored(at: Point, draw: (at: Point) => string, box: Box): Piece {
  return {
    svg: draw(at),
    box: { x0: at.x + box.x0, y0: at.y + box.y0, x1: at.x + box.x1, y1: at.y + box.y1 },
    local: { svg: draw({ x: 0, y: 0 }), at, box },
  }
}

/** Pieces in paint order as the SVG writes them: one string. */
export function fragments(pieces: readonly Piece[]): string {
  return pieces.map((p) => p.svg).join('')
}
