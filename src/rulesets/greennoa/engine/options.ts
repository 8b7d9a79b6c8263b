// GREEN NOA game options: the recommended readings of rules/greennoa.md §8 that have an alternative. The
// default is the recommended reading; a scenario may set other defaults, and a game's options override both.
import type { OptionSpec } from '../../../engine/ruleset.js'
import type { GnOptions } from './types.js'

export const optionSpecs: readonly OptionSpec[] = [
  {
    id: 'literalDsDc',
    ref: 'AMB-GN-5',
    description:
      'Melee results DS and DC: false reads DS as the target cannot act for 1 inning and DC as the target can ' +
      'never melee again (the codes’ names); true applies the printed explanations, which swap the two.',
    values: [false, true],
    default: false,
  },
]

export const DEFAULT_OPTIONS: GnOptions = { literalDsDc: false }

/** The options a game plays with: defaults, then the scenario's, then the game's own (already checked). */
export function resolveOptions(
  scenario: Partial<GnOptions> | undefined,
  given: Record<string, string | number | boolean> | undefined,
): GnOptions {
  const literal = given?.literalDsDc ?? scenario?.literalDsDc ?? DEFAULT_OPTIONS.literalDsDc
  return { literalDsDc: literal === true }
}
