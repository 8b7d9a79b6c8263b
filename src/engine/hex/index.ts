// Public face of the hex geometry library (rules spec README §2.2, §2.3). Pure: no I/O, no clock, no dice.

export type {
  AbsoluteSector,
  AxialHex,
  BoundaryPair,
  CubeHex,
  Direction,
  OffsetHex,
  PerDirection,
  RelativeSector,
} from './types.js'
export { axialAdd, axialEquals, axialScale, axialSubtract } from './axial-math.js'
export { axialToOffset, offsetColParity, offsetToAxial } from './offset-axial.js'
export { axialToCube, cubeLerp, cubeRound, cubeToAxial, makeCube } from './cube.js'
export { axialDistance, cubeDistance, offsetDistance, offsetDistanceColRow } from './distance.js'
export {
  ALL_DIRECTIONS,
  AXIAL_DIRECTIONS,
  DIRECTION_NAMES,
  axialDirectionBetween,
  axialDirectionDelta,
  reverseDirection,
  toDirection,
  turnLeft,
  turnRight,
} from './direction.js'
export { axialNeighbor, axialNeighbors, offsetDirectionBetween, offsetNeighbor, offsetNeighbors } from './neighbors.js'
export { axialRange, axialRing, axialSpiral, offsetRange, offsetRing, offsetSpiral } from './ring.js'
export type { AxialLineTraces, OffsetLineTraces } from './line.js'
export { LINE_NUDGE_CUBE, axialLine, axialLineNudged, offsetLine, offsetLineNudged } from './line.js'
export type { SectorDetail } from './sector.js'
export {
  absoluteSector,
  boundaryRelativeSector,
  offsetSector,
  relativeSectorOf,
  sector,
  sectorDetail,
} from './sector.js'
export type { AssembledBoards, BoardLayout, BoardLocalHex, BoardPlacement, BoardSize } from './board.js'
export { assembleBoards, BoardLayoutError, inBounds, offsetKey, parseOffsetKey, rotate180 } from './board.js'
