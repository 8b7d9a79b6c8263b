// RB-18 fall checks and RB-19.3 stand-up rolls, shared by collisions (RB-10.5) and attacks (RB-16.6, 18.1).
import type { Dice } from '../../../engine/dice.js'
import type { GameEvent } from '../../../engine/ruleset.js'
import { cardOf, fallBase, spendablePp } from './stats.js'
import type { At, RbScenario } from './types.js'

export interface FallCause {
  /** Damage from this event (RB-18.2; several impact rounds of one AT summed, RB-18.8). */
  damage: number
  /** RB-18.4: melee: half the attacker's |speed|, rounded up, is subtracted. */
  meleeAttackerSpeed?: number
  /** RB-18.5: melee or AT-to-AT collision: the other AT, whose size is compared. */
  other?: At
  /** The rule that calls for the check (RB-10.5, RB-16.6, RB-18.1). */
  ref: string
}

/** RB-18.2 without the PP: what the player sees before choosing how much to spend (§6). */
export function fallValueWithoutPp(scenario: RbScenario, at: At, cause: FallCause): number {
  let f = fallBase(scenario, at) - cause.damage
  if (cause.meleeAttackerSpeed !== undefined) f -= Math.ceil(Math.abs(cause.meleeAttackerSpeed) / 2)
  if (cause.other) f += cardOf(scenario, at).size - cardOf(scenario, cause.other).size
  return f
}

/**
 * RB-18.6/18.7 by the AT's standing policy: spend k, or the least that brings F up to the target value when
 * that is affordable (else nothing). Never more than the AT may spend now (AMB-RB-11, enforced quietly).
 */
export function fallPp(at: At, valueWithoutPp: number): number {
  const can = spendablePp(at)
  const policy = at.policies.fall
  if (policy.kind === 'spend') return Math.min(policy.pp, can)
  const need = Math.max(0, policy.value - valueWithoutPp)
  return need <= can ? need : 0
}

/**
 * One fall check (RB-18.2): 2d6 ≤ F stands, higher falls (RB-18.10: speed 0 at once). An AT already fallen,
 * or destroyed, makes none (RB-18.10 [R]). The PP spent is taken from action PP now, and also counted as
 * spent in the enemy's turn when `enemyTurn` (RB-18.7): the caller says whose player-turn it is.
 * Mutates `at` (the caller owns a clone) and pushes the event.
 */
export function fallCheck(
  scenario: RbScenario,
  at: At,
  cause: FallCause,
  enemyTurn: boolean,
  dice: Dice,
  events: GameEvent[],
): void {
  if (at.fallen || at.destroyed) return
  const base = fallValueWithoutPp(scenario, at, cause)
  const pp = fallPp(at, base)
  if (enemyTurn) at.spentEnemyTurn += pp
  else at.actionPp -= pp
  const value = base + pp
  const roll = dice.roll(6, `fall check of ${at.id}`, 'RB-18.2') + dice.roll(6, `fall check of ${at.id}`, 'RB-18.2')
  const fell = roll > value
  if (fell) {
    at.fallen = true
    at.speed = 0
  }
  events.push({ type: 'fall-check', ref: cause.ref, at: at.id, value, pp, roll, fell })
}

/** RB-19.3: the stand-up value: the fall value's fixed part plus current action PP, less 5 (TV-RB-12). */
export function standUpValue(scenario: RbScenario, at: At): number {
  return fallBase(scenario, at) + at.actionPp - 5
}

/** RB-19.3: one attempt a phase (AMB-RB-12), no PP spent; 2d6 ≤ U stands (it stays at speed 0, RB-19.5). */
export function standUp(scenario: RbScenario, at: At, dice: Dice, events: GameEvent[]): void {
  const value = standUpValue(scenario, at)
  const roll = dice.roll(6, `stand-up of ${at.id}`, 'RB-19.3') + dice.roll(6, `stand-up of ${at.id}`, 'RB-19.3')
  const ok = roll <= value
  at.stoodUpTried = true
  if (ok) at.fallen = false
  events.push({ type: 'stand-up', ref: 'RB-19.3', at: at.id, value, roll, ok })
}
