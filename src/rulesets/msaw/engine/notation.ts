// STUB (frame branch): the notation part's signatures; replaced by the real file from main.
import type { Parsed } from '../../../engine/ruleset.js'
import type { MsOrder, MsState } from './types.js'

/** Orders read from text. */
export function parseOrders(text: string, state: MsState, seat: string): Parsed<MsOrder> {
  void [text, state, seat]
  throw new Error('notation: not built yet')
}

/** Orders as text. */
export function formatOrders(orders: readonly MsOrder[]): string {
  void orders
  throw new Error('notation: not built yet')
}
