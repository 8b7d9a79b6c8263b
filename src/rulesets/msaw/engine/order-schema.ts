// MS@W orders as JSON: their schema (checked by the server before anything is stored) and their normal form.
// Every stored order is rebuilt field by field here or by the notation (notation.ts).
import { Type, type TSchema } from '@sinclair/typebox'
import { ID_MAX, OPS_MAX, WAYPOINTS_MAX } from './notation.js'
import type { MsOrder, Pt, SwitchOp } from './types.js'

/** A submission: a few orders per suit (activation parts, a policy) for the largest squads. */
export const ORDERS_MAX = 100
/** Coordinates in hundredths of an inch: far beyond any table (48" is 4800). */
export const COORD_MAX = 100000

const strict = { additionalProperties: false } as const
const Id = (what: string) =>
  Type.String({
    pattern: `^[A-Za-z][A-Za-z0-9-]{0,${ID_MAX - 1}}$`,
    description: `${what}: a letter, then letters, digits or "-", at most ${ID_MAX} in all`,
  })
const Coord = (axis: string) =>
  Type.Integer({
    minimum: -COORD_MAX,
    maximum: COORD_MAX,
    description: `${axis} in hundredths of an inch (12.5" is 1250), from -${COORD_MAX} to ${COORD_MAX}`,
  })
const Point = Type.Object(
  { x: Coord('x (to the right)'), y: Coord('y (up)') },
  { ...strict, description: 'a point on the table: { x, y } in hundredths of an inch' },
)
const Hand = Type.Union([Type.Literal('L'), Type.Literal('R'), Type.Literal('both')], {
  description: '"L", "R" or "both"',
})

const opSchemas = [
  Type.Object({ op: Type.Literal('draw'), item: Id('an item id of the suit'), hand: Hand }, strict),
  Type.Object({ op: Type.Literal('stow'), item: Id('an item id of the suit') }, strict),
  Type.Object({ op: Type.Literal('drop'), item: Id('an item id of the suit') }, strict),
  Type.Object(
    {
      op: Type.Literal('pickup'),
      drop: Id('a dropped item on the table (d1, d2, …)'),
      hand: Type.Union([Type.Literal('L'), Type.Literal('R'), Type.Literal('both'), Type.Literal('stow')], {
        description: '"L", "R", "both" or "stow"',
      }),
    },
    strict,
  ),
]
const OpSchema = Type.Unsafe<SwitchOp>({
  type: 'object',
  required: ['op'],
  discriminator: { propertyName: 'op' },
  oneOf: opSchemas,
  description: 'a switch operation (MS-2.2): draw, stow, drop or pickup',
})

const Ms = Id('a suit id')
const orderSchemas = [
  Type.Object(
    {
      kind: Type.Literal('move'),
      ms: Ms,
      path: Type.Array(Point, {
        minItems: 1,
        maxItems: WAYPOINTS_MAX,
        description: `the points it passes after where it stands, the last where it stops: 1 to ${WAYPOINTS_MAX}`,
      }),
    },
    strict,
  ),
  Type.Object(
    {
      kind: Type.Literal('switch'),
      ms: Ms,
      ops: Type.Array(OpSchema, { minItems: 1, maxItems: OPS_MAX, description: `1 to ${OPS_MAX} operations` }),
    },
    strict,
  ),
  Type.Object(
    { kind: Type.Literal('attack'), ms: Ms, target: Id('the target suit id'), weapon: Id('a weapon id of the suit') },
    strict,
  ),
  Type.Object({ kind: Type.Literal('aim'), ms: Ms, target: Id('the target suit id') }, strict),
  Type.Object({ kind: Type.Literal('more') }, strict),
  Type.Object(
    {
      kind: Type.Literal('policy'),
      ms: Ms,
      shield: Type.Optional(
        Type.Union([Type.Literal('always'), Type.Literal('never'), Type.Literal('ask')], {
          description: '"always", "never" or "ask"',
        }),
      ),
      counter: Type.Optional(
        Type.Union([Type.Literal('best'), Type.Literal('never'), Type.Literal('ask')], {
          description: '"best", "never" or "ask"',
        }),
      ),
    },
    { ...strict, minProperties: 3, description: 'a standing order: "shield", "counter" or both' },
  ),
  Type.Object(
    {
      kind: Type.Literal('deploy'),
      ms: Ms,
      at: Point,
      hold: Type.Object(
        { L: Type.Optional(Id('the item in the left hand')), R: Type.Optional(Id('the item in the right hand')) },
        { ...strict, description: 'the items it holds: { L, R } (a two-handed item in both)' },
      ),
    },
    strict,
  ),
  Type.Object(
    { kind: Type.Literal('shield'), ms: Ms, use: Type.Boolean({ description: 'whether it uses its shield' }) },
    strict,
  ),
  Type.Object(
    {
      kind: Type.Literal('counter'),
      ms: Ms,
      weapon: Type.Union([Id('the weapon it counterattacks with'), Type.Null()], {
        description: 'a weapon id, or null: no counterattack',
      }),
    },
    strict,
  ),
]

/** One order: the `kind` picks the schema the rest is checked against. */
export const orderSchema = Type.Unsafe<MsOrder>({
  type: 'object',
  required: ['kind'],
  discriminator: { propertyName: 'kind' },
  oneOf: orderSchemas,
})

/** A submission: an array of orders. */
export const ordersSchema: TSchema = Type.Array(orderSchema, {
  maxItems: ORDERS_MAX,
  description: `at most ${ORDERS_MAX} orders`,
})

const pt = (p: Pt): Pt => ({ x: p.x, y: p.y })

function normaliseOp(op: SwitchOp): SwitchOp {
  switch (op.op) {
    case 'draw':
      return { op: 'draw', item: op.item, hand: op.hand }
    case 'stow':
    case 'drop':
      return { op: op.op, item: op.item }
    case 'pickup':
      return { op: 'pickup', drop: op.drop, hand: op.hand }
  }
}

/** An order that passed the schema, rebuilt in the form parseOrders gives. */
export function normaliseOrder(o: MsOrder): MsOrder {
  switch (o.kind) {
    case 'move':
      return { kind: 'move', ms: o.ms, path: o.path.map(pt) }
    case 'switch':
      return { kind: 'switch', ms: o.ms, ops: o.ops.map(normaliseOp) }
    case 'attack':
      return { kind: 'attack', ms: o.ms, target: o.target, weapon: o.weapon }
    case 'aim':
      return { kind: 'aim', ms: o.ms, target: o.target }
    case 'more':
      return { kind: 'more' }
    case 'policy':
      return {
        kind: 'policy',
        ms: o.ms,
        ...(o.shield !== undefined ? { shield: o.shield } : {}),
        ...(o.counter !== undefined ? { counter: o.counter } : {}),
      }
    case 'deploy':
      return {
        kind: 'deploy',
        ms: o.ms,
        at: pt(o.at),
        hold: {
          ...(o.hold.L !== undefined ? { L: o.hold.L } : {}),
          ...(o.hold.R !== undefined ? { R: o.hold.R } : {}),
        },
      }
    case 'shield':
      return { kind: 'shield', ms: o.ms, use: o.use }
    case 'counter':
      return { kind: 'counter', ms: o.ms, weapon: o.weapon }
  }
}
