// Schemas of the Ruleset contract's shared types (src/engine/ruleset.ts), and of what each rule
// system answers in its own shape: the union of the registered systems' schemas. A system that gives
// no schema for a part is described there as a JSON object.
import { Type, type Static, type TSchema } from '@sinclair/typebox'
import type { DieRoll } from '../../engine/dice.js'
import type { ApiSchemas, GameEvent, OrderError, Outcome, Pending } from '../../engine/ruleset.js'
import { ruleSystems } from '../../rulesets/index.js'

export const orNull = <T extends TSchema>(schema: T) => Type.Union([schema, Type.Null()])

export const OutcomeSchema = Type.Object(
  {
    winner: orNull(Type.String({ description: 'the winning side; null: a draw' })),
    reason: Type.String(),
    ref: Type.String({ description: 'the rule that ended the game' }),
  },
  { title: 'Outcome' },
)

export const PendingSchema = Type.Object(
  {
    side: Type.String(),
    step: Type.String(),
    seats: Type.Array(Type.String(), { description: 'seats that must still submit' }),
    sealed: Type.Boolean(),
    description: Type.String({ description: 'what kind of orders the step takes' }),
    submitted: Type.Optional(Type.Array(Type.String(), { description: 'seats of the side that have submitted' })),
  },
  { title: 'Pending' },
)

export const OrderErrorSchema = Type.Object(
  {
    rule: Type.String({ description: 'the rule the order breaks' }),
    message: Type.String(),
    line: Type.Optional(Type.Integer({ description: 'the 1-based line of the text notation' })),
    order: Type.Optional(Type.Integer({ description: 'the 0-based index of the order' })),
    field: Type.Optional(Type.String()),
  },
  { title: 'OrderError' },
)

export const GameEventSchema = Type.Object(
  { type: Type.String(), ref: Type.Optional(Type.String({ description: 'the rule applied' })) },
  {
    title: 'GameEvent',
    additionalProperties: true,
    description: "What a resolution did: its type, the rule, and the rule system's own fields",
  },
)

export const DieRollSchema = Type.Object(
  {
    seq: Type.Integer({ description: 'the log entry that rolled it' }),
    index: Type.Integer({ description: 'its place among the rolls of that entry' }),
    sides: Type.Integer(),
    face: Type.Integer(),
    purpose: Type.String(),
    ref: Type.String(),
  },
  { title: 'DieRoll' },
)

// The shared schemas say what the contract's types say.
type SameAs<A, B> = [A] extends [B] ? ([B] extends [A] ? true : never) : never
const schemasMatchTypes: [
  SameAs<Static<typeof OutcomeSchema>, Outcome>,
  SameAs<Static<typeof PendingSchema>, Pending>,
  SameAs<Static<typeof OrderErrorSchema>, OrderError>,
  SameAs<Static<typeof GameEventSchema>, GameEvent>,
  SameAs<Static<typeof DieRollSchema>, DieRoll>,
] = [true, true, true, true, true]
void schemasMatchTypes

/** Rule-system data without a schema of its own. */
const SystemObject = Type.Object({}, { additionalProperties: true, description: "in the rule system's own shape" })

/** The registered systems' schemas of one part, as one schema; a system without one adds `fallback`. */
function union(pick: (s: ApiSchemas) => TSchema | undefined, fallback: TSchema, description: string): TSchema {
  const own = ruleSystems().flatMap((s) => {
    const schema = s.ruleset.schemas ? pick(s.ruleset.schemas) : undefined
    return schema ? [schema] : []
  })
  const anyWithout = ruleSystems().some((s) => !s.ruleset.schemas || !pick(s.ruleset.schemas))
  const all = [...own, ...(anyWithout ? [fallback] : [])]
  return all.length === 1 ? all[0]! : Type.Union(all, { description })
}

/** What a rule system's view() gives, for each system. */
export const systemView = () => union((s) => s.view, SystemObject, "the view, in its rule system's shape")
/** What a rule system's options() gives. */
export const systemOptions = () => union((s) => s.options, SystemObject, "a seat's options, in its rule system's shape")
/** What a rule system's preview() gives. */
export const systemPreview = () =>
  union((s) => s.preview, Type.Array(SystemObject), "the preview, in its rule system's shape")

/** One order of any registered rule system: the items of its ordersSchema. */
export function systemOrder(): TSchema {
  const items = ruleSystems().map((s) => (s.ruleset.ordersSchema as { items?: TSchema }).items ?? SystemObject)
  const unique = [...new Set(items)]
  return unique.length === 1 ? unique[0]! : Type.Union(unique, { description: 'an order of the rule system' })
}
