import type { AxialHex, CubeHex } from './types.js'

/** Builds an integer cube hex; a non-zero sum can only come from a bug in this library or its caller. */
export function makeCube(x: number, y: number, z: number): CubeHex {
  if (x + y + z !== 0) {
    throw new Error(`cube invariant violated: ${x} + ${y} + ${z} !== 0`)
  }
  return { x: x + 0, y: y + 0, z: z + 0 }
}

export function axialToCube(hex: AxialHex): CubeHex {
  return makeCube(hex.q, -hex.q - hex.r, hex.r)
}

export function cubeToAxial(cube: CubeHex): AxialHex {
  return { q: cube.x + 0, r: cube.z + 0 }
}

/** Point at fraction t from a to b; fractional, so deliberately not checked by makeCube. */
export function cubeLerp(a: CubeHex, b: CubeHex, t: number): CubeHex {
  return { x: a.x + (b.x - a.x) * t, y: a.y + (b.y - a.y) * t, z: a.z + (b.z - a.z) * t }
}

/** Nearest hex to a fractional cube: round all three, then recompute the one that moved most. */
export function cubeRound(point: CubeHex): CubeHex {
  const [x, y, z] = [Math.round(point.x), Math.round(point.y), Math.round(point.z)]
  const [dx, dy, dz] = [Math.abs(x - point.x), Math.abs(y - point.y), Math.abs(z - point.z)]
  if (dx > dy && dx > dz) return makeCube(-y - z, y, z)
  if (dy > dz) return makeCube(x, -x - z, z)
  return makeCube(x, y, -x - y)
}
