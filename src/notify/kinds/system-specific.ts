// The spots of email composition that know a rule system's state or options. Each is one small
// function, so that the rule-system registry can take them over in one place.
import type { SeatOptions } from '../../engine/rulesets/abaoaqu/seat-options.js'
import { abaoaquStepTitle, compactOptions, orderExamples, type CompactOptions } from '../compose/index.js'

export function stepTitle(system: string, step: string): string {
  return system === 'abaoaqu' ? abaoaquStepTitle(step) : step
}

/** The seat's options compacted to lines, and examples of the order notation. */
export function optionLines(system: string, options: unknown): { compact: CompactOptions; examples: string[] } {
  const opts = options as SeatOptions
  return {
    compact: system === 'abaoaqu' ? compactOptions(opts) : { lines: [], omitted: 0 },
    examples: system === 'abaoaqu' ? orderExamples(opts) : ['pass'],
  }
}

export function turnOf(state: unknown): number {
  return (state as { turn?: number }).turn ?? 0
}

/** The half of the turn, for systems that split turns. */
export function halfOf(state: unknown): number | undefined {
  return (state as { half?: number }).half
}
