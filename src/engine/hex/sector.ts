import { axialSubtract } from './axial-math.js'
import { toDirection } from './direction.js'
import { offsetToAxial } from './offset-axial.js'
import type {
  AbsoluteSector,
  AxialHex,
  BoundaryPair,
  Direction,
  OffsetHex,
  PerDirection,
  RelativeSector,
} from './types.js'

// README §2.3 / RB-13.8a. Sector lines run through hex corners; in cube offsets (x, y, z) of the
// target from the origin, a strict ordering of the three picks a sector, a tie puts the hex on a line.

const RELATIVE_SECTORS: PerDirection<RelativeSector> = ['FF', 'FR', 'BR', 'BB', 'BL', 'FL']

/** Relative sector for a boundary pair, keyed by its first (counter-clockwise) member. RB-13.3/13.4/13.7. */
const BOUNDARY_RELATIVE: PerDirection<RelativeSector> = ['FF', 'FR', 'BB', 'BB', 'FL', 'FF']

export interface SectorDetail {
  sector: RelativeSector
  /** True when the target's centre lies on a sector line and precedence decided. */
  boundary: boolean
}

function boundaryPair(first: Direction): BoundaryPair {
  return [first, toDirection(first + 1)]
}

/** Maps the cube offset to a strict sector, or the boundary between two (README §2.3 table). */
function cubeOffsetSector(x: number, y: number, z: number): AbsoluteSector {
  if (x === y && x > z) return boundaryPair(0)
  if (y === z && x > y) return boundaryPair(1)
  if (x === z && x > y) return boundaryPair(2)
  if (x === y && z > x) return boundaryPair(3)
  if (y === z && y > x) return boundaryPair(4)
  if (x === z && y > x) return boundaryPair(5)
  return cubeOffsetStrictSector(x, y, z)
}

function cubeOffsetStrictSector(x: number, y: number, z: number): Direction {
  if (y > x && x > z) return 0
  if (x > y && y > z) return 1
  if (x > z && z > y) return 2
  if (z > x && x > y) return 3
  if (z > y && y > x) return 4
  return 5 // y > z > x: the only ordering left once ties and the other five are excluded
}

/** Absolute sector of targetAxial seen from originAxial; throws if they are the same hex. */
export function absoluteSector(originAxial: AxialHex, targetAxial: AxialHex): AbsoluteSector {
  const d = axialSubtract(targetAxial, originAxial)
  if (d.q === 0 && d.r === 0) throw new Error('sector of a hex from itself is undefined')
  return cubeOffsetSector(d.q, -d.q - d.r, d.r)
}

export function sectorDetail(originAxial: AxialHex, facing: Direction, targetAxial: AxialHex): SectorDetail {
  const abs = absoluteSector(originAxial, targetAxial)
  if (typeof abs === 'number') return { sector: relativeSectorOf(abs, facing), boundary: false }
  return { sector: boundaryRelativeSector(abs, facing), boundary: true }
}

/** Relative sector 'FF'…'FL' of targetAxial for a unit at originAxial facing `facing`. */
export function sector(originAxial: AxialHex, facing: Direction, targetAxial: AxialHex): RelativeSector {
  return sectorDetail(originAxial, facing, targetAxial).sector
}

export function offsetSector(originOffset: OffsetHex, facing: Direction, targetOffset: OffsetHex): RelativeSector {
  return sector(offsetToAxial(originOffset), facing, offsetToAxial(targetOffset))
}

/** (abs − facing) mod 6 → FF, FR, BR, BB, BL, FL. */
export function relativeSectorOf(absolute: Direction, facing: Direction): RelativeSector {
  return RELATIVE_SECTORS[toDirection(absolute - facing)]
}

/** Boundary rel pairs: {0,1},{5,0} → FF; {2,3},{3,4} → BB; {1,2} → FR; {4,5} → FL. */
export function boundaryRelativeSector(pair: BoundaryPair, facing: Direction): RelativeSector {
  return BOUNDARY_RELATIVE[toDirection(pair[0] - facing)]
}
