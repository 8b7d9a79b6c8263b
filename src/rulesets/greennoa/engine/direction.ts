// GREEN NOA geometry: the fire arc (GN-7-1 [H]) and the direction-of-attack modifier (GN-10 [H]), both from
// the shared direction sectors (README §2.3, src/engine/hex/sector.ts). GAP-GN-1.
import {
  offsetDistance,
  offsetToAxial,
  sector,
  type AxialHex,
  type Direction,
  type OffsetHex,
  type RelativeSector,
} from '../../../engine/hex/index.js'
import type { FireArc } from './types.js'

/** GN-10-2 [H]: front is the target's FF sector, rear its BB sector, side any other. */
export type AttackDirection = 'front' | 'side' | 'rear'

export interface DirectionOfAttack {
  /** The attacker's hex as seen from the target, relative to the target's facing. */
  sector: RelativeSector
  direction: AttackDirection
  /** GN-10-3: front ±0, side +1, rear +2. Applies to fire only (GN-10-1). */
  modifier: 0 | 1 | 2
}

const DIRECTION_OF: Record<RelativeSector, AttackDirection> = {
  FF: 'front',
  FR: 'side',
  BR: 'side',
  BB: 'rear',
  BL: 'side',
  FL: 'side',
}

const MODIFIER: Record<AttackDirection, 0 | 1 | 2> = { front: 0, side: 1, rear: 2 }

/** GN-10-2 [H], GN-10-3, in axial coordinates. Throws when attacker and target share a hex (melee has none). */
export function attackDirectionAxial(target: AxialHex, targetFacing: Direction, attacker: AxialHex): DirectionOfAttack {
  const s = sector(target, targetFacing, attacker)
  const direction = DIRECTION_OF[s]
  return { sector: s, direction, modifier: MODIFIER[direction] }
}

/** GN-10-2 [H], GN-10-3, in the offset coordinates of the map. */
export function attackDirection(target: OffsetHex, targetFacing: Direction, attacker: OffsetHex): DirectionOfAttack {
  return attackDirectionAxial(offsetToAxial(target), targetFacing, offsetToAxial(attacker))
}

const ARC_SECTORS: Record<FireArc, readonly RelativeSector[]> = {
  front: ['FF', 'FR', 'FL'],
  ff: ['FF'],
}

/**
 * GN-7-1 [H]: whether `target` lies in the fire arc of a unit at `origin` facing `facing`. Boundary hexes
 * follow the shared precedence (FF/FR and FF/FL count as FF, FR/BR as FR, FL/BL as FL). The unit's own hex
 * is never in its arc.
 */
export function inFireArc(origin: OffsetHex, facing: Direction, arc: FireArc, target: OffsetHex): boolean {
  const a = offsetToAxial(origin)
  const b = offsetToAxial(target)
  if (a.q === b.q && a.r === b.r) return false
  return ARC_SECTORS[arc].includes(sector(a, facing, b))
}

/** GN-7-2 [D]: effective firepower FP − d, and GN-7-3 [D]: the table column FP − d − DEF. */
export function fireDifference(fp: number, origin: OffsetHex, target: OffsetHex, def: number): number {
  return fp - offsetDistance(origin, target) - def
}
