import { offsetColParity, offsetToAxial } from './offset-axial.js'
import type { AxialHex, CubeHex, OffsetHex } from './types.js'

export function axialDistance(a: AxialHex, b: AxialHex): number {
  const dq = a.q - b.q
  const dr = a.r - b.r
  return (Math.abs(dq) + Math.abs(dr) + Math.abs(dq + dr)) / 2
}

export function cubeDistance(a: CubeHex, b: CubeHex): number {
  return (Math.abs(a.x - b.x) + Math.abs(a.y - b.y) + Math.abs(a.z - b.z)) / 2
}

/** Main entry for callers holding map (offset) coordinates. */
export function offsetDistance(a: OffsetHex, b: OffsetHex): number {
  return axialDistance(offsetToAxial(a), offsetToAxial(b))
}

/** offsetDistance on bare numbers, for hot loops that should not allocate. */
export function offsetDistanceColRow(col1: number, row1: number, col2: number, row2: number): number {
  const dq = col1 - col2
  const dr = row1 - (col1 - offsetColParity(col1)) / 2 - (row2 - (col2 - offsetColParity(col2)) / 2)
  return (Math.abs(dq) + Math.abs(dr) + Math.abs(dq + dr)) / 2
}
