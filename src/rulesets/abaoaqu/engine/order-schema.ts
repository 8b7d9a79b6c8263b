// Orders as JSON: their schema (data, checked by the server before anything is stored) and their
// normal form. Every order the game stores is rebuilt field by field here or by the notation, so
// nothing a client adds (unknown fields, huge strings, absurd numbers) reaches the log.
import { Type, type Static, type TSchema } from '@sinclair/typebox'
import type { Hex, Order, TargetSpec } from './types.js'

/** Unit ids are short (the longest in the scenarios has 4 characters); attack ids are A1, A2, … */
export const ID_MAX = 16
/** The highest pilot symbol is N4: no unit has more ranks to use. */
export const RANKS_MAX = 4
/** Three digits per coordinate, as the notation writes hexes (col.row up to 999.999). */
export const HEX_MAX = 999
/** More units than any scenario gives a side (A-S3: 111). */
export const UNITS_MAX = 200
/** A submission: one order per unit and a few more (removals, standing orders). */
export const ORDERS_MAX = 500

const ID_PATTERN = `^[A-Za-z][A-Za-z0-9]{0,${ID_MAX - 1}}$`
const strict = { additionalProperties: false } as const

const Id = (what: string) =>
  Type.String({
    pattern: ID_PATTERN,
    description: `${what}: a letter, then letters or digits, at most ${ID_MAX} in all`,
  })
const Coordinate = Type.Integer({ minimum: 0, maximum: HEX_MAX, description: `a whole number from 0 to ${HEX_MAX}` })
const HexSchema = Type.Unsafe<Hex>(
  Type.Array(Coordinate, { minItems: 2, maxItems: 2, description: 'a hex as [column, row]' }),
)
const Units = Type.Array(Id('a unit id'), {
  minItems: 1,
  maxItems: UNITS_MAX,
  description: `1 to ${UNITS_MAX} unit ids`,
})
const Ranks = Type.Integer({
  minimum: 0,
  maximum: RANKS_MAX,
  description: `pilot ranks: a whole number from 0 to ${RANKS_MAX}`,
})
const Group = Type.Union([Type.Literal('MS'), Type.Literal('FT'), Type.Literal('SHIP'), Type.Literal('ALL')], {
  description: '"MS", "FT", "SHIP" or "ALL"',
})
// One of unit or group: an object with exactly one of the two gives one clear error, where a union would give
// one per branch.
const Target = Type.Unsafe<TargetSpec>(
  Type.Object(
    { unit: Type.Optional(Id('a unit id')), group: Type.Optional(Group) },
    {
      ...strict,
      minProperties: 1,
      maxProperties: 1,
      description: 'either {"unit": <id>} or {"group": "MS" | "FT" | "SHIP" | "ALL"}',
    },
  ),
)

const Move = Type.Object({ kind: Type.Literal('move'), units: Units, to: HexSchema }, strict)
const Remove = Type.Object({ kind: Type.Literal('remove'), units: Units }, strict)
const Bd = Type.Object({ kind: Type.Literal('bd'), unit: Id('a unit id'), target: HexSchema }, strict)
export const Attack = Type.Object(
  {
    kind: Type.Literal('attack'),
    mode: Type.Union([Type.Literal('shoot'), Type.Literal('close')], { description: '"shoot" or "close"' }),
    units: Units,
    hex: Type.Optional(HexSchema),
    target: Target,
    ranks: Type.Optional(Ranks),
  },
  strict,
)
const Defend = Type.Object({ kind: Type.Literal('defend'), attack: Id('an attack id'), ranks: Ranks }, strict)
const Standing = Type.Object(
  {
    kind: Type.Literal('standing'),
    defenceShift: Type.Union([Type.Literal('full'), Type.Literal('none'), Ranks], {
      description: `"full", "none" or pilot ranks from 0 to ${RANKS_MAX}`,
    }),
  },
  strict,
)

/**
 * One order: the `kind` picks the schema the rest is checked against (an OpenAPI discriminator,
 * which Ajv reads with `discriminator: true`), so an error names only the fields of that kind.
 */
export const orderSchema = Type.Unsafe<Order>({
  type: 'object',
  required: ['kind'],
  discriminator: { propertyName: 'kind' },
  oneOf: [Move, Remove, Bd, Attack, Defend, Standing],
})

/** A submission's orders. */
export const ordersSchema: TSchema = Type.Array(orderSchema, {
  maxItems: ORDERS_MAX,
  description: `at most ${ORDERS_MAX} orders`,
})

// The types the schema admits are the engine's own order types.
type SameAs<A, B> = [A] extends [B] ? ([B] extends [A] ? true : never) : never
const schemaMatchesTypes: SameAs<
  Static<typeof Move> | Static<typeof Remove> | Static<typeof Bd> | Static<typeof Defend> | Static<typeof Standing>,
  Exclude<Order, { kind: 'attack' }>
> = true
void schemaMatchesTypes

const ids = (units: readonly string[]): string[] => units.map((u) => u.toUpperCase())
const hex = (h: Hex): Hex => [h[0], h[1]]
const target = (t: TargetSpec): TargetSpec => ('unit' in t ? { unit: t.unit.toUpperCase() } : { group: t.group })

/**
 * An order that passed the schema, rebuilt field by field in the form the notation gives (unit ids
 * upper-case, as typed in emails): the value that is stored and shown to every player.
 */
export function normaliseOrder(o: Order): Order {
  switch (o.kind) {
    case 'move':
      return { kind: 'move', units: ids(o.units), to: hex(o.to) }
    case 'remove':
      return { kind: 'remove', units: ids(o.units) }
    case 'bd':
      return { kind: 'bd', unit: o.unit.toUpperCase(), target: hex(o.target) }
    case 'attack':
      return {
        kind: 'attack',
        mode: o.mode,
        units: ids(o.units),
        ...(o.hex ? { hex: hex(o.hex) } : {}),
        target: target(o.target),
        ...(o.ranks === undefined ? {} : { ranks: o.ranks }),
      }
    case 'defend':
      return { kind: 'defend', attack: o.attack.toUpperCase(), ranks: o.ranks }
    case 'standing':
      return { kind: 'standing', defenceShift: o.defenceShift }
  }
}
