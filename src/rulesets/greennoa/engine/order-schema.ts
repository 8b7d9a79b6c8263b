// GREEN NOA orders as JSON: their schema (checked by the server before anything is stored) and their normal
// form. Every stored order is rebuilt field by field here or by the notation (notation.ts).
import { Type, type TSchema } from '@sinclair/typebox'
import type { GnOrder, Step } from './types.js'

/** Unit ids are short (HS1, RD2); the schema allows a little more. */
export const ID_MAX = 16
/** The longest MP any form has is 12 (Messala MA); a program cannot be longer than a unit's MP. */
export const STEPS_MAX = 32
/** A submission: a few orders per unit (form change, move, removal) for the largest scenario. */
export const ORDERS_MAX = 200
/** Form ids of the roster (normal, launcher, ms, ma). */
export const FORM_MAX = 16

const ID_PATTERN = `^[A-Za-z][A-Za-z0-9]{0,${ID_MAX - 1}}$`
const strict = { additionalProperties: false } as const

const Id = (what: string) =>
  Type.String({
    pattern: ID_PATTERN,
    description: `${what}: a letter, then letters or digits, at most ${ID_MAX} in all`,
  })

const StepSchema = Type.Union([Type.Literal('F'), Type.Literal('L'), Type.Literal('R')], {
  description: '"F" (forward one hex), "L" or "R" (turn 60° left or right)',
})

const Transform = Type.Object(
  {
    kind: Type.Literal('transform'),
    unit: Id('a unit id'),
    form: Type.String({
      pattern: `^[a-z][a-z0-9]{0,${FORM_MAX - 1}}$`,
      description: `a form id of the unit's type (e.g. "launcher", "ma"): lower-case letters or digits`,
    }),
  },
  strict,
)
const Move = Type.Object(
  {
    kind: Type.Literal('move'),
    unit: Id('a unit id'),
    steps: Type.Array(StepSchema, { minItems: 1, maxItems: STEPS_MAX, description: `1 to ${STEPS_MAX} steps` }),
  },
  strict,
)
const Remove = Type.Object({ kind: Type.Literal('remove'), unit: Id('a unit id') }, strict)
const Fire = Type.Object({ kind: Type.Literal('fire'), unit: Id('a unit id'), target: Id('a target unit id') }, strict)
const Melee = Type.Object(
  { kind: Type.Literal('melee'), unit: Id('a unit id'), target: Id('a target unit id') },
  strict,
)

/** One order: the `kind` picks the schema the rest is checked against (read by Ajv with `discriminator: true`). */
export const orderSchema = Type.Unsafe<GnOrder>({
  type: 'object',
  required: ['kind'],
  discriminator: { propertyName: 'kind' },
  oneOf: [Transform, Move, Remove, Fire, Melee],
})

/** A submission: an array of orders (GN-3-2: movement orders in ② / ⑥, attacks in ③ ④ ⑦ ⑧). */
export const ordersSchema: TSchema = Type.Array(orderSchema, {
  maxItems: ORDERS_MAX,
  description: `at most ${ORDERS_MAX} orders`,
})

/** An order that passed the schema, rebuilt in the form parseOrders gives. */
export function normaliseOrder(order: GnOrder): GnOrder {
  switch (order.kind) {
    case 'transform':
      return { kind: 'transform', unit: order.unit, form: order.form }
    case 'move':
      return { kind: 'move', unit: order.unit, steps: order.steps.map((s): Step => s) }
    case 'remove':
      return { kind: 'remove', unit: order.unit }
    case 'fire':
      return { kind: 'fire', unit: order.unit, target: order.target }
    case 'melee':
      return { kind: 'melee', unit: order.unit, target: order.target }
  }
}
