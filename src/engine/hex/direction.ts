import { axialSubtract } from './axial-math.js'
import type { AxialHex, Direction, PerDirection } from './types.js'

/** Axial deltas indexed by Direction, clockwise from N (README §2.2). */
export const AXIAL_DIRECTIONS: PerDirection<AxialHex> = [
  { q: 0, r: -1 },
  { q: 1, r: -1 },
  { q: 1, r: 0 },
  { q: 0, r: 1 },
  { q: -1, r: 1 },
  { q: -1, r: 0 },
]

export const DIRECTION_NAMES: PerDirection<string> = ['N', 'NE', 'SE', 'S', 'SW', 'NW']

export const ALL_DIRECTIONS: PerDirection<Direction> = [0, 1, 2, 3, 4, 5]

/** Any integer to 0..5; the double modulo handles negative turns. */
export function toDirection(n: number): Direction {
  return (((n % 6) + 6) % 6) as Direction
}

export function turnRight(facing: Direction, steps = 1): Direction {
  return toDirection(facing + steps)
}

export function turnLeft(facing: Direction, steps = 1): Direction {
  return toDirection(facing - steps)
}

export function reverseDirection(direction: Direction): Direction {
  return toDirection(direction + 3)
}

export function axialDirectionDelta(direction: Direction): AxialHex {
  return AXIAL_DIRECTIONS[direction]
}

/** Direction from one axial hex to an adjacent one; undefined when they are not adjacent. */
export function axialDirectionBetween(from: AxialHex, to: AxialHex): Direction | undefined {
  const d = axialSubtract(to, from)
  const index = AXIAL_DIRECTIONS.findIndex((delta) => delta.q === d.q && delta.r === d.r)
  return index < 0 ? undefined : toDirection(index)
}
