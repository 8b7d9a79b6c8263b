// Schemas of the Ruleset contract's shared types (src/engine/ruleset.ts), and of what each rule
// system answers in its own shape: the union of the registered systems' schemas. A system that gives
// no schema for a part is described there as a JSON object.
import { Type, type TSchema } from '@sinclair/typebox'
import type { ApiSchemas } from '../../engine/ruleset.js'
import { ruleSystems } from '../../rulesets/index.js'

export {
  DieRollSchema,
  GameEventSchema,
  OrderErrorSchema,
  orNull,
  OutcomeSchema,
  PendingSchema,
} from '../../engine/schemas.js'

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
