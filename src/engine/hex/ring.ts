import { axialAdd, axialScale } from './axial-math.js'
import { axialDirectionDelta, toDirection } from './direction.js'
import { axialNeighbor } from './neighbors.js'
import { axialToOffset, offsetToAxial } from './offset-axial.js'
import type { AxialHex, OffsetHex } from './types.js'

/**
 * Hexes at exactly `radius` from center, clockwise from the one due N.
 * Walking SE, S, SW, NW, N, NE for `radius` steps each from the N corner closes the ring.
 */
export function axialRing(center: AxialHex, radius: number): AxialHex[] {
  if (radius === 0) return [center]
  const ring: AxialHex[] = []
  let hex = axialAdd(center, axialScale(axialDirectionDelta(0), radius))
  for (let side = 0; side < 6; side++) {
    for (let step = 0; step < radius; step++) {
      ring.push(hex)
      hex = axialNeighbor(hex, toDirection(side + 2))
    }
  }
  return ring
}

/** All hexes within `radius`, by the cube-constraint double loop (no particular order). */
export function axialRange(center: AxialHex, radius: number): AxialHex[] {
  const hexes: AxialHex[] = []
  for (let dq = -radius; dq <= radius; dq++) {
    const low = Math.max(-radius, -dq - radius)
    const high = Math.min(radius, -dq + radius)
    for (let dr = low; dr <= high; dr++) hexes.push(axialAdd(center, { q: dq, r: dr }))
  }
  return hexes
}

/** Same hexes as axialRange, ordered by distance: center, then ring 1, ring 2, … */
export function axialSpiral(center: AxialHex, radius: number): AxialHex[] {
  const hexes: AxialHex[] = []
  for (let k = 0; k <= radius; k++) hexes.push(...axialRing(center, k))
  return hexes
}

export function offsetRing(center: OffsetHex, radius: number): OffsetHex[] {
  return axialRing(offsetToAxial(center), radius).map(axialToOffset)
}

export function offsetRange(center: OffsetHex, radius: number): OffsetHex[] {
  return axialRange(offsetToAxial(center), radius).map(axialToOffset)
}

export function offsetSpiral(center: OffsetHex, radius: number): OffsetHex[] {
  return axialSpiral(offsetToAxial(center), radius).map(axialToOffset)
}
