import { axialToCube, cubeLerp, cubeRound, cubeToAxial } from './cube.js'
import { axialDistance } from './distance.js'
import { axialToOffset, offsetToAxial } from './offset-axial.js'
import type { AxialHex, CubeHex, OffsetHex } from './types.js'

/** README §2.3 nudge: sums to ~0 and breaks ties away from hex edges and corners. */
export const LINE_NUDGE_CUBE: CubeHex = { x: 1e-6, y: 2e-6, z: -3e-6 }

export interface AxialLineTraces {
  plus: AxialHex[]
  minus: AxialHex[]
}

export interface OffsetLineTraces {
  plus: OffsetHex[]
  minus: OffsetHex[]
}

function cubeShift(point: CubeHex, sign: 1 | -1): CubeHex {
  const e = LINE_NUDGE_CUBE
  return { x: point.x + sign * e.x, y: point.y + sign * e.y, z: point.z + sign * e.z }
}

/** Rounds N + 1 evenly spaced points between two cube points; N = hex distance. */
function cubeTrace(a: CubeHex, b: CubeHex, steps: number): AxialHex[] {
  const hexes: AxialHex[] = []
  for (let i = 0; i <= steps; i++) {
    hexes.push(cubeToAxial(cubeRound(cubeLerp(a, b, steps === 0 ? 0 : i / steps))))
  }
  return hexes
}

/** Plain centre-to-centre line; on an exact edge the rounding picks one side arbitrarily. */
export function axialLine(a: AxialHex, b: AxialHex): AxialHex[] {
  return cubeTrace(axialToCube(a), axialToCube(b), axialDistance(a, b))
}

/** Both §2.3 traces: endpoints nudged by +ε and by −ε. Where they differ the line grazes an edge. */
export function axialLineNudged(a: AxialHex, b: AxialHex): AxialLineTraces {
  const [ca, cb, n] = [axialToCube(a), axialToCube(b), axialDistance(a, b)]
  return {
    plus: cubeTrace(cubeShift(ca, 1), cubeShift(cb, 1), n),
    minus: cubeTrace(cubeShift(ca, -1), cubeShift(cb, -1), n),
  }
}

export function offsetLine(a: OffsetHex, b: OffsetHex): OffsetHex[] {
  return axialLine(offsetToAxial(a), offsetToAxial(b)).map(axialToOffset)
}

export function offsetLineNudged(a: OffsetHex, b: OffsetHex): OffsetLineTraces {
  const traces = axialLineNudged(offsetToAxial(a), offsetToAxial(b))
  return { plus: traces.plus.map(axialToOffset), minus: traces.minus.map(axialToOffset) }
}
