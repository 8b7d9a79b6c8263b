// STUB (frame branch): the combat part's signatures (docs/msaw.md); replaced by the real file from main.
import type { OrderError } from '../../../engine/ruleset.js'
import type { MsEvent, MsState, SwitchOp } from './types.js'

/** Whether the switch is legal (MS-2.2). */
export function checkSwitch(
  state: MsState,
  ms: string,
  ops: SwitchOp[],
  place?: { order?: number; line?: number },
): OrderError | null {
  void [state, ms, ops, place]
  throw new Error('items: not built yet')
}

/** The switch done (MS-2.2). */
export function applySwitch(state: MsState, ms: string, ops: SwitchOp[]): { state: MsState; events: MsEvent[] } {
  void [state, ms, ops]
  throw new Error('items: not built yet')
}
