// Shared hex geometry types (rules spec README §2.2). Flat-topped hexes, "odd-q" offset layout.

/** Offset coordinates as printed on maps and data files; both start at 0. */
export interface OffsetHex {
  col: number
  row: number
}

/** Axial coordinates: q = col, r = row − (col − parity(col)) / 2. */
export interface AxialHex {
  q: number
  r: number
}

/**
 * Cube coordinates: x = q, z = r, y = −q − r. Integer cubes are hexes (x + y + z = 0);
 * fractional cubes are points, used only while tracing lines.
 */
export interface CubeHex {
  x: number
  y: number
  z: number
}

/** Clockwise hexside number: 0 N, 1 NE, 2 SE, 3 S, 4 SW, 5 NW. Also a unit's facing. */
export type Direction = 0 | 1 | 2 | 3 | 4 | 5

/** One value per Direction; indexing with a Direction is then always defined. */
export type PerDirection<T> = readonly [T, T, T, T, T, T]

/** Sector relative to a facing (README §2.3). */
export type RelativeSector = 'FF' | 'FR' | 'BR' | 'BB' | 'BL' | 'FL'

/** Two clockwise-adjacent absolute directions [d, d+1 mod 6] whose shared boundary holds a hex. */
export type BoundaryPair = readonly [Direction, Direction]

/** One absolute direction for a hex strictly inside a sector, or the pair for a boundary hex. */
export type AbsoluteSector = Direction | BoundaryPair
