// STUB (frame branch): the notation part's signatures; replaced by the real file from main.
import type { Adjustment, Parsed } from '../../../engine/ruleset.js'
import type { MsState } from './types.js'

/** Adjustments read from text. */
export function parseAdjustments(text: string, state: MsState): Parsed<Adjustment> {
  void [text, state]
  throw new Error('adjust-notation: not built yet')
}

/** Adjustments as text. */
export function formatAdjustments(changes: readonly Adjustment[]): string {
  void changes
  throw new Error('adjust-notation: not built yet')
}
