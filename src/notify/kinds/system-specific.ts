// The spots of email composition that depend on the game's rule system: each asks the registry.
import { ruleSystem } from '../../rulesets/index.js'
import type { EmailLines } from '../../rulesets/contract.js'

export function stepTitle(system: string, step: string): string {
  return ruleSystem(system)?.stepTitle(step) ?? step
}

/** The seat's options compacted to lines, and examples of the order notation. */
export function optionLines(
  system: string,
  options: unknown,
): { compact: EmailLines & { legend?: string }; examples: string[] } {
  const rs = ruleSystem(system)
  const legend = rs?.optionsLegend
  return {
    compact: { ...(rs ? rs.compactOptions(options) : { lines: [], omitted: 0 }), ...(legend ? { legend } : {}) },
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
