// Real Battle game options (RB-23.7 [H], RB-22.3a [R], RB-24.12). Defaults, then the scenario's, then the
// game's own choices.
import type { OptionSpec } from '../../../engine/ruleset.js'
import type { RbOptions } from './types.js'

export const TURN_LIMIT_MAX = 50

export const optionSpecs: readonly OptionSpec[] = [
  {
    id: 'turnLimit',
    ref: 'RB-23.7',
    description: 'The game is a draw after this many turns (both player-turns); 0: no limit.',
    values: Array.from({ length: TURN_LIMIT_MAX + 1 }, (_, i) => i),
    default: 0,
  },
  {
    id: 'tabletopErrors',
    ref: 'RB-22.3a',
    description:
      'false: plans are checked against RB-21.3 and refused when they break it; true: any values the tables ' +
      'use are accepted, and a plan with both accel and decel does neither (RB-22.1), one over base PP confuses ' +
      'the pilot (RB-22.2).',
    values: [false, true],
    default: false,
  },
  {
    id: 'endOnFirstKill',
    ref: 'RB-24.12',
    description: 'The game ends as soon as any AT is destroyed (a campaign show): the camp that lost fewer wins.',
    values: [false, true],
    default: false,
  },
]

export const DEFAULT_OPTIONS: RbOptions = { turnLimit: 0, tabletopErrors: false, endOnFirstKill: false }

/** The options a game plays with: defaults, then the scenario's, then the game's own (already checked). */
export function resolveOptions(
  scenario: Partial<RbOptions> | undefined,
  given: Record<string, string | number | boolean> | undefined,
): RbOptions {
  const pick = <K extends keyof RbOptions>(k: K): RbOptions[K] =>
    (given?.[k] ?? scenario?.[k] ?? DEFAULT_OPTIONS[k]) as RbOptions[K]
  return {
    turnLimit: pick('turnLimit'),
    tabletopErrors: pick('tabletopErrors'),
    endOnFirstKill: pick('endOnFirstKill'),
  }
}
