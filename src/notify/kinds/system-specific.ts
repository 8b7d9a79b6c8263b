// The spots of email composition that depend on the game's rule system: each asks the registry.
import { ruleSystem } from '../../rulesets/index.js'
import type { EmailLines } from '../../rulesets/contract.js'
import type { Pending } from '../../engine/ruleset.js'
import type { Locale } from '../../i18n/index.js'

export function stepTitle(system: string, step: string, locale: Locale): string {
  return ruleSystem(system)?.stepTitle(step, locale) ?? step
}

/** What the pending step takes, in the reader's language where the system says it. */
export function stepDescription(system: string, pending: Pending | undefined, locale: Locale): string {
  if (!pending) return ''
  return ruleSystem(system)?.describeStep?.(pending, locale) ?? pending.description
}

/** The seat's options compacted to lines, and examples of the order notation. */
export function optionLines(
  system: string,
  options: unknown,
  locale: Locale,
): { compact: EmailLines & { legend?: string }; examples: string[] } {
  const rs = ruleSystem(system)
  const legend = rs?.optionsLegend?.(locale)
  return {
    compact: {
      ...(rs ? rs.compactOptions(options, locale) : { lines: [], omitted: 0 }),
      ...(legend ? { legend } : {}),
    },
    examples: rs ? rs.orderExamples(options) : ['pass'],
  }
}

export function turnOf(system: string, state: unknown): number {
  return ruleSystem(system)?.ruleset.turnOf?.(state).turn ?? 0
}

/** The half of the turn, for systems that split turns. */
export function halfOf(system: string, state: unknown): number | undefined {
  return ruleSystem(system)?.ruleset.turnOf?.(state).half
}
