import { axialAdd } from './axial-math.js'
import { ALL_DIRECTIONS, axialDirectionBetween, axialDirectionDelta } from './direction.js'
import { axialToOffset, offsetToAxial } from './offset-axial.js'
import type { AxialHex, Direction, OffsetHex } from './types.js'

export function axialNeighbor(hex: AxialHex, direction: Direction): AxialHex {
  return axialAdd(hex, axialDirectionDelta(direction))
}

/** Neighbours in Direction order (index = direction). */
export function axialNeighbors(hex: AxialHex): AxialHex[] {
  return ALL_DIRECTIONS.map((d) => axialNeighbor(hex, d))
}

// Offset neighbours go through axial so the odd-q column parity is handled in one place.
export function offsetNeighbor(hex: OffsetHex, direction: Direction): OffsetHex {
  return axialToOffset(axialNeighbor(offsetToAxial(hex), direction))
}

export function offsetNeighbors(hex: OffsetHex): OffsetHex[] {
  return ALL_DIRECTIONS.map((d) => offsetNeighbor(hex, d))
}

export function offsetDirectionBetween(from: OffsetHex, to: OffsetHex): Direction | undefined {
  return axialDirectionBetween(offsetToAxial(from), offsetToAxial(to))
}
