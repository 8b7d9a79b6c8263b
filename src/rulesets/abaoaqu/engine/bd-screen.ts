// A-18 Beam Disruption screen: launch range, covered hexes, expiry.
import { distance } from './geometry.js'
import type { Hex, State } from './types.js'

export const BD_RANGE = 10 // A-18-3
export const BD_LIFETIME = 5 // A-18-6: placed in turn t, removed at the start of turn t + 5

/** A-18-4, AMB-A-20: the six hexes around the target, and the target itself by default. */
export function inBdArea(state: State, hex: Hex): boolean {
  const centre = state.options.bdCoversCentre !== false
  return state.bd.some((m) => {
    const d = distance(m.hex, hex)
    return d === 1 || (d === 0 && centre)
  })
}

export function expiredMarkers(state: State, turn: number): State['bd'] {
  return state.bd.filter((m) => m.turn + BD_LIFETIME <= turn)
}
