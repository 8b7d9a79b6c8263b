// RB-21 planning phase: the checks of a plan (RB-21.3, RB-22.3a), and the values a plan may take.
import type { OrderError } from '../../../engine/ruleset.js'
import { refuse } from './messages.js'
import { cardOf } from './stats.js'
import type { At, Plan, RbState } from './types.js'

/** RB-21.3.2: the values the accel/decel table and the hit/evasion table use for this AT (PS or normal). */
export function planValues(state: RbState, at: At): { acc: number[]; dec: number[]; atk: number[]; def: number[] } {
  const v = state.scenario.tables.planValues
  const ps = cardOf(state.scenario, at).ps
  const accel = ps ? v.accelPs : v.accelNormal
  return { acc: [...accel], dec: [...accel], atk: [...v.attack], def: [...(ps ? v.defencePs : v.defenceNormal)] }
}

export const planTotal = (p: Plan): number => p.acc + p.dec + p.atk + p.def

/**
 * Every error of one AT's plan. Fallen ATs plan nothing (RB-21.5). Each value must be one the tables use
 * (RB-21.3.2); unless the game plays `tabletopErrors` (RB-22.3a), accel or decel must be 0 (RB-21.3.1)
 * and the total must not pass base PP (RB-21.3.3). Refusals name only the AT's own values.
 */
export function checkPlan(state: RbState, at: At, plan: Plan, order: number): OrderError[] {
  const place = { order }
  if (at.fallen) return [refuse('RB-21.5', 'realbattle.plan.fallen', { at: at.id }, place)]
  const errors: OrderError[] = []
  const legal = planValues(state, at)
  for (const field of ['acc', 'dec', 'atk', 'def'] as const)
    if (!legal[field].includes(plan[field]))
      errors.push(
        refuse(
          'RB-21.3.2',
          'realbattle.plan.value',
          { at: at.id, field, value: plan[field], legal: legal[field].join(', ') },
          { ...place, field },
        ),
      )
  if (state.options.tabletopErrors) return errors
  if (plan.acc > 0 && plan.dec > 0)
    errors.push(refuse('RB-21.3.1', 'realbattle.plan.both', { at: at.id, acc: plan.acc, dec: plan.dec }, place))
  const total = planTotal(plan)
  if (total > at.pilot.basePp)
    errors.push(refuse('RB-21.3.3', 'realbattle.plan.total', { at: at.id, total, base: at.pilot.basePp }, place))
  return errors
}
