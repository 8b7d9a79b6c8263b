// STUB (frame branch): the notation part's signatures; replaced by the real file from main.
import { Type, type TSchema } from '@sinclair/typebox'
import type { Adjusted, Adjustment, OrderError } from '../../../engine/ruleset.js'
import type { MsState } from './types.js'

export const adjustmentSchema: TSchema = Type.Object({ kind: Type.String() })

/** Moderator adjustments applied. */
export function adjust(state: MsState, changes: readonly Adjustment[]): Adjusted<MsState> {
  void [state, changes]
  throw new Error('adjust: not built yet')
}

/** The state's invariants. */
export function check(state: MsState): OrderError[] {
  void state
  throw new Error('adjust: not built yet')
}

/** Every suit's adjustable fields. */
export function unitsOf(state: MsState): Record<string, Record<string, unknown>> {
  void state
  throw new Error('adjust: not built yet')
}
