// newtype, elite and student pilots shift the final ratio.
import type { Pilot } from './types.js'

export interface PilotShift {
  /** Columns the owner may use in its favour (0..max). */
  max: number
  /** Compulsory shift against the owner (A-13-3): 1 if any student, else 0. */
  penalty: number
}

export interface PilotedUnit {
  pilot: Pilot
  /** A-11-3: White Base's N2 counts only on defence. */
  defenceOnly?: boolean
}

function rank(pilot: Pilot): number {
  if (pilot === 'E') return 1 // A-12-3: an elite is worth N1
  if (pilot && pilot.startsWith('N')) return Number(pilot.slice(1))
  return 0
}

/**
 * A-14-3a: M(group) = max(best N rank, 1 if any E, 0) - (1 if any S).
 * Split into the optional part (max) and the compulsory part (penalty).
 */
export function groupPilotShift(units: readonly PilotedUnit[], role: 'attack' | 'defence'): PilotShift {
  let max = 0
  let penalty = 0
  for (const u of units) {
    if (u.pilot === 'S') penalty = 1
    else if (role === 'defence' || !u.defenceOnly) max = Math.max(max, rank(u.pilot))
  }
  return { max, penalty }
}

/** Columns actually used: the chosen ranks (capped at max) less the student penalty. */
export function usedShift(shift: PilotShift, ranks: number | null | undefined): number {
  const chosen = ranks === null || ranks === undefined ? shift.max : Math.max(0, Math.min(ranks, shift.max))
  return chosen - shift.penalty
}

/** Net shift toward the attacker (A-14-2): attacker's used columns minus the defender's. */
export function netShift(attacker: number, defender: number): number {
  return attacker - defender
}
