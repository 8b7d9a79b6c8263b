// The odds of an attack (A-7-5, A-11 to A-14, GAP-A-12): what a declaration fixes and the column it
// is read on. The preview, the options and the roll all go through these two functions, so what a
// player is shown is what the dice are read against.
import type { AttackPlan } from './combat.js'
import { usedShift } from './pilots.js'
import { finalColumn } from './tables.js'
import type { DeclaredAttack } from './types.js'

/** Stored in place of a base column when the attack is worth nothing (no roll, no effect). */
export const NO_BASE = -99

/** Whether a stored base stands for "worth nothing" (any real base this low is below 1:4 anyway). */
export function isNoBase(base: number): boolean {
  return base < -50
}

export type DeclaredOdds = Pick<
  DeclaredAttack,
  'attack' | 'defence' | 'base' | 'attackerShift' | 'defenderMax' | 'defenderPenalty' | 'defenderRanks'
>

/** AMB-A-3: the totals, the base column and the attacker's shift (its named ranks) are fixed at declaration. */
export function declaredOdds(plan: AttackPlan, ranks: number | undefined): DeclaredOdds {
  return {
    attack: plan.attack,
    defence: plan.defence,
    base: plan.base ?? NO_BASE,
    attackerShift: usedShift(plan.attackerShift, ranks),
    defenderMax: plan.defenderShift.max,
    defenderPenalty: plan.defenderShift.penalty,
    defenderRanks: null,
  }
}

export interface Odds {
  /** Base ladder index (1:1 = 0), null when the attack is worth nothing. */
  base: number | null
  attackerShift: number
  defenderShift: number
  /** Net shift toward the attacker (A-14-2). */
  shift: number
  /** Final ladder index, null below 1:4 or when worth nothing. */
  column: number | null
}

/**
 * The column of a declared attack. A defender that has not answered (defenderRanks null) uses its full
 * rank: the default standing order, and all a preview can assume, since standing orders are private.
 */
export function oddsOf(d: Omit<DeclaredOdds, 'attack' | 'defence'>): Odds {
  const base = isNoBase(d.base) ? null : d.base
  const defenderShift = usedShift({ max: d.defenderMax, penalty: d.defenderPenalty }, d.defenderRanks)
  const shift = d.attackerShift - defenderShift
  return {
    base,
    attackerShift: d.attackerShift,
    defenderShift,
    shift,
    column: base === null ? null : finalColumn(base, shift),
  }
}
