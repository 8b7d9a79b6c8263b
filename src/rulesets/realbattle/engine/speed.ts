// RB-4 accel/decel phase: the speeds an AT may take from its revealed plan, and their application;
// RB-20.2: a speed above max speed is lowered at once.
import type { GameEvent } from '../../../engine/ruleset.js'
import { cardOf, maxSpeed, minSpeed } from './stats.js'
import { accelRange } from './tables.js'
import type { At, RbScenario } from './types.js'

/** A speed limited to the AT's range (RB-4.5): max speed forward (RB-4.9, 20.1), the card's reverse limit. */
function limit(scn: RbScenario, at: At, v: number): number {
  return Math.max(minSpeed(scn, at), Math.min(maxSpeed(scn, at), v))
}

/**
 * RB-4.3–4.8a: the speeds an AT may take in this accel/decel phase, ascending. One value when there is no
 * choice: no accel or decel planned, a plan error (RB-22.1), a confused pilot (RB-22.2), a fallen AT
 * (RB-19.1), or a plan value T1 has no entry for.
 * - Acceleration moves |v| away from 0 by Δ, up to the limit (excess lost); from 0 either sign (RB-4.8a).
 * - Deceleration moves |v| toward 0 by Δ and stops at 0: it never crosses it (RB-4.8).
 */
export function speedChoices(scn: RbScenario, at: At): number[] {
  const v = at.speed
  const plan = at.plan
  if (!plan || at.fallen || at.planError || at.confused) return [v]
  // RB-22.1: both planned is a plan error even when the flag was not set: neither happens.
  if (plan.acc > 0 && plan.dec > 0) return [v]
  const card = cardOf(scn, at)
  const acc = plan.acc > 0
  const range = accelRange(scn.tables, acc ? plan.acc : plan.dec, card.ps, at.heavy)
  if (!range) return [v]
  const out = new Set<number>()
  for (let d = range.min; d <= range.max; d++) {
    if (acc && v > 0) out.add(limit(scn, at, v + d))
    else if (acc && v < 0) out.add(limit(scn, at, v - d))
    else if (acc) {
      out.add(limit(scn, at, d))
      out.add(limit(scn, at, -d))
    } else if (v > 0) out.add(Math.max(0, v - d))
    else if (v < 0) out.add(Math.min(0, v + d))
    else out.add(0)
  }
  return [...out].sort((a, b) => a - b)
}

/**
 * The speed taken when the player names none (design, docs/realbattle.md): the largest change in the range;
 * from 0, forward (the largest positive choice, when there is one).
 */
export function defaultSpeed(choices: readonly number[], current: number): number {
  const forward = choices.filter((c) => c > 0)
  if (current === 0 && forward.length > 0) return Math.max(...forward)
  let best = choices[0] ?? current
  for (const c of choices) if (Math.abs(c - current) > Math.abs(best - current)) best = c
  return best
}

/**
 * The speed the AT takes in this phase: the one its order names when that is a choice, else the default.
 * The choices are those stored at the reveal (`at.speedChoices`), else worked out now.
 */
export function phaseSpeed(scn: RbScenario, at: At, wanted?: number): number {
  const choices = at.speedChoices ?? speedChoices(scn, at)
  return wanted !== undefined && choices.includes(wanted) ? wanted : defaultSpeed(choices, at.speed)
}

/** The rule a speed outside the choices breaks: RB-4.5 out of range, RB-4.8 crossing 0, else RB-4.4. */
export function speedRule(scn: RbScenario, at: At, speed: number): string {
  if (speed > maxSpeed(scn, at) || speed < minSpeed(scn, at)) return 'RB-4.5'
  if ((at.speed > 0 && speed < 0) || (at.speed < 0 && speed > 0)) return 'RB-4.8'
  return 'RB-4.4'
}

/** Sets the AT's speed (mutates the caller's clone) and reports the change. */
export function applySpeed(at: At, speed: number, ref: string, events: GameEvent[]): void {
  if (speed === at.speed) return
  events.push({ type: 'speed', ref, at: at.id, from: at.speed, to: speed })
  at.speed = speed
}

/** RB-20.2: a speed above max speed (heavy damage, RB-20.1) is lowered to it at once. */
export function clampSpeed(scn: RbScenario, at: At, events: GameEvent[]): void {
  const max = maxSpeed(scn, at)
  if (at.speed > max) applySpeed(at, max, 'RB-20.2', events)
}
