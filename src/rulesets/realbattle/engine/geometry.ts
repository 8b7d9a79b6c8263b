// Real Battle geometry: directions around an AT (RB-13, the shared sector algorithm of RB-13.8a), the
// damage/T4 column (RB-16.2), melee in the own hex (RB-13.8, AMB-RB-18) and the line of fire over a house
// map (RB-12.13 with §9.5's two nudged traces, AMB-RB-9).
import {
  offsetDistance,
  offsetKey,
  offsetLineNudged,
  offsetToAxial,
  sector,
  type Direction,
  type OffsetHex,
} from '../../../engine/hex/index.js'
import type { At, Dir6, DirColumn, RbState } from './types.js'

/** Where an AT stands and which way it faces: enough to say where something is around it. */
export interface Placed {
  hex: OffsetHex
  facing: Direction
}

export function sameHex(a: OffsetHex, b: OffsetHex): boolean {
  return a.col === b.col && a.row === b.row
}

/** RB-13.1–13.7: the direction of `to` around `from` (boundary hexes by RB-13.3/13.4/13.7). Throws on the own hex. */
export function dirOf(from: Placed, to: OffsetHex): Dir6 {
  if (sameHex(from.hex, to)) throw new Error('RB-13.8: a direction in the own hex depends on the melee rule')
  return sector(offsetToAxial(from.hex), from.facing, offsetToAxial(to))
}

/** RB-16.2 / T4: FR and FL share a column, BR and BL another. */
export function columnOf(dir: Dir6): DirColumn {
  if (dir === 'FF' || dir === 'BB') return dir
  return dir === 'FR' || dir === 'FL' ? 'FS' : 'BS'
}

/** An attack's two directions: the target seen from the attacker (T5), the attacker from the target (T4, RB-16.2). */
export interface AttackDirections {
  targetFromAttacker: Dir6
  attackerFromTarget: Dir6
}

/**
 * RB-13 for an attack, RB-13.8 in the own hex: as if the attacker stood in the hex it entered from this
 * player-turn (`enteredFrom`); when it did not move in (AMB-RB-18), each is in the other's FF.
 */
export function attackDirections(attacker: At, target: At): AttackDirections {
  const a = attacker.hex
  const t = target.hex
  if (!a || !t) throw new Error('RB-23.4: an AT not on the map has no direction')
  if (!sameHex(a, t)) {
    return {
      targetFromAttacker: dirOf({ hex: a, facing: attacker.facing }, t),
      attackerFromTarget: dirOf({ hex: t, facing: target.facing }, a),
    }
  }
  const from = attacker.enteredFrom
  if (!from || sameHex(from, a)) return { targetFromAttacker: 'FF', attackerFromTarget: 'FF' }
  return {
    targetFromAttacker: dirOf({ hex: from, facing: attacker.facing }, t),
    attackerFromTarget: dirOf({ hex: t, facing: target.facing }, from),
  }
}

/** One smoke hex strictly between attacker and target, with its distance from the target (RB-12.13.7). */
export interface SmokeOnLine {
  hex: OffsetHex
  distance: number
}

export interface LineOfFire {
  /** RB-12.13.1: both traces cross an obstacle hex other than the end hexes. */
  blocked: boolean
  /** RB-12.13.4 (§9.5): exactly one trace does: −2. */
  borderline: boolean
  /** RB-12.13.6, AMB-RB-9: the hexes strictly between that hold an AT (not destroyed), once each. */
  atHexes: OffsetHex[]
  /** RB-12.13.7, AMB-RB-9: the smoke hexes strictly between. */
  smoke: SmokeOnLine[]
  /** RB-12.13.8: the attacker's or the target's hex holds smoke. */
  endInSmoke: boolean
}

/**
 * §9.5: the LOF from `from` to `to` over `state.scenario.map`, traced twice (nudged ±ε). S1 scenarios
 * (`ignoreObstacles`) have no interior obstacles. Hexes off the map never block: the segment joins two
 * centres inside the map, so it never reaches the edge (RB-2.4 stops movement, not fire).
 */
export function lineOfFire(state: RbState, from: OffsetHex, to: OffsetHex): LineOfFire {
  const ends = new Set([offsetKey(from), offsetKey(to)])
  const obstacles = new Set(state.scenario.ignoreObstacles ? [] : state.scenario.map.obstacles)
  const traces = offsetLineNudged(from, to)
  const crossed = (trace: OffsetHex[]): OffsetHex[] => trace.filter((h) => !ends.has(offsetKey(h)))
  const plus = crossed(traces.plus)
  const minus = crossed(traces.minus)
  const hitsObstacle = (trace: OffsetHex[]): boolean => trace.some((h) => obstacles.has(offsetKey(h)))
  const obstaclePlus = hitsObstacle(plus)
  const obstacleMinus = hitsObstacle(minus)

  // Either trace counts for ATs and smoke (§9.5): the union of both, each hex once.
  const between = new Map<string, OffsetHex>()
  for (const h of [...plus, ...minus]) between.set(offsetKey(h), h)
  const atKeys = new Set(
    state.ats.filter((x) => x.hex !== null && !x.destroyed).map((x) => offsetKey(x.hex as OffsetHex)),
  )
  const smokeKeys = new Set(state.smoke.map((s) => offsetKey(s.hex)))
  const inLine = [...between.entries()]
  return {
    blocked: obstaclePlus && obstacleMinus,
    borderline: obstaclePlus !== obstacleMinus,
    atHexes: inLine.filter(([k]) => atKeys.has(k)).map(([, h]) => h),
    smoke: inLine.filter(([k]) => smokeKeys.has(k)).map(([, h]) => ({ hex: h, distance: offsetDistance(h, to) })),
    endInSmoke: smokeKeys.has(offsetKey(from)) || smokeKeys.has(offsetKey(to)),
  }
}

/** RB-12.13: the LOF's hit modifier (fire only): −2 borderline, −2 per AT hex, −2·d per smoke hex, −1 in smoke. */
export function lofModifier(lof: LineOfFire): number {
  return (
    (lof.borderline ? -2 : 0) -
    2 * lof.atHexes.length -
    lof.smoke.reduce((sum, s) => sum + 2 * s.distance, 0) -
    (lof.endInSmoke ? 1 : 0)
  )
}
