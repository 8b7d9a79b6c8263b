// A game keeps the rules it was set up with (DESIGN: recorded games re-fold to the same states), so
// a correction of the rules applies to games set up after it. Scenario data needs nothing here: a game
// carries its scenario in its SETUP entry.
import type { State } from './types.js'

/**
 * abaoaqu-2 (issue 9): in a target group that holds the attacker's own units (A-8-4), only the enemy
 * units set the defender's standing shift, the C/D die modifier (AMB-A-8) and the I-field (A-17-4).
 */
export const RULES_VERSION = 'abaoaqu-2'

/** Every version the engine still plays, oldest first (docs/engine-versions.md). */
export const RULES_VERSIONS: readonly string[] = ['abaoaqu-1', RULES_VERSION]

/** Whether the game was set up under abaoaqu-1, which counted every unit of a target group. */
export function countsWholeGroup(state: State): boolean {
  return state.rulesVersion === 'abaoaqu-1'
}
