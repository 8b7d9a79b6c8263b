// STUB (frame branch): the notation part's signatures; replaced by the real file from main.
import { Type, type TSchema } from '@sinclair/typebox'
import type { MsOrder } from './types.js'

export const ordersSchema: TSchema = Type.Array(Type.Object({ kind: Type.String() }))

/** An order in its normal form. */
export function normaliseOrder(order: MsOrder): MsOrder {
  void order
  throw new Error('order-schema: not built yet')
}
