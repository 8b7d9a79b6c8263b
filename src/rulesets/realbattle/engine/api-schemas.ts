// Real Battle's answers through the API as TypeBox schemas: the view, a seat's options and the preview of
// orders. The checks at the end make the compiler refuse a schema that no longer says what the engine returns.
import { Type, type Static } from '@sinclair/typebox'
import type { ApiSchemas } from '../../../engine/ruleset.js'
import { orNull } from '../../../engine/schemas.js'
import { orderSchema } from './order-schema.js'
import { PREVIEW_KEYS, type PreviewLine } from './seat-options.js'
import type { AtOptions, AttackOption, AtView, Plan, Policies, RbMap, RbSeatOptions, RbView, Smoke } from './types.js'

const literals = <const T extends string>(values: readonly T[], description?: string) =>
  Type.Union(
    values.map((v) => Type.Literal(v)),
    description ? { description } : {},
  )
const CampSchema = literals(['A', 'B'], 'camp A or B (RB-1.3)')
const Facing = Type.Union(
  [Type.Literal(0), Type.Literal(1), Type.Literal(2), Type.Literal(3), Type.Literal(4), Type.Literal(5)],
  { description: '0 north, then clockwise' },
)
const Hex = Type.Object({ col: Type.Number(), row: Type.Number() })
// A pair as an array of two, not a tuple: OpenAPI 3.0 has no tuples.
const HexPair = Type.Unsafe<[number, number]>(Type.Array(Type.Number(), { minItems: 2, maxItems: 2 }))
const StepSchema = literals(['deploy', 'action', 'attack', 'plan'])
const MountSchema = literals(['handR', 'handL', 'armR', 'armL', 'shoulderR', 'shoulderL', 'torsoR', 'torsoL', 'none'])
const ArmSchema = literals(['L', 'R'])

const PlanSchema = Type.Object({ acc: Type.Number(), dec: Type.Number(), atk: Type.Number(), def: Type.Number() })
const PoliciesSchema = Type.Object({
  avoid: literals(['avoid-if-affordable', 'never']),
  fall: Type.Union([
    Type.Object({ kind: Type.Literal('spend'), pp: Type.Number() }),
    Type.Object({ kind: Type.Literal('reach'), value: Type.Number() }),
  ]),
})
const MapSchema = Type.Object({
  id: Type.String(),
  name: Type.String(),
  nameJa: Type.String(),
  cols: Type.Number(),
  rows: Type.Number(),
  obstacles: Type.Array(Type.String({ description: '"c,r"' })),
  deploy: Type.Object({ a: Type.Array(Type.String()), b: Type.Array(Type.String()) }),
})
const SmokeSchema = Type.Object({ hex: Hex, camp: CampSchema })
const AtViewSchema = Type.Object({
  id: Type.String(),
  camp: CampSchema,
  seat: Type.String(),
  mine: Type.Boolean(),
  card: Type.String(),
  name: Type.String(),
  nameJa: Type.String(),
  pilot: Type.Object({ name: Type.String(), nameJa: Type.String(), basePp: Type.Number() }),
  hex: orNull(Hex),
  facing: Facing,
  speed: Type.Number(),
  maxSpeed: Type.Number(),
  minSpeed: Type.Number(),
  durability: Type.Number(),
  durabilityMax: Type.Number(),
  heavy: Type.Boolean(),
  fallen: Type.Boolean(),
  destroyed: Type.Boolean(),
  actionPp: orNull(Type.Number({ description: 'null: sealed from this viewer' })),
  plan: orNull(PlanSchema),
  defence: orNull(Type.Number()),
  planSealed: Type.Boolean(),
  weapons: Type.Array(
    Type.Object({
      id: Type.String(),
      card: Type.String(),
      name: Type.String(),
      nameJa: Type.String(),
      mount: MountSchema,
      ammo: Type.Number(),
      ammoMax: orNull(Type.Number()),
      magazines: Type.Number(),
      purged: Type.Boolean(),
      maxRange: Type.Number(),
    }),
  ),
  policies: Type.Optional(PoliciesSchema),
})
const EndedSchema = orNull(Type.Object({ winner: orNull(CampSchema), reason: Type.String(), ref: Type.String() }))

export const viewSchema = Type.Object(
  {
    system: Type.Literal('realbattle'),
    scenario: Type.String(),
    map: MapSchema,
    ignoreObstacles: Type.Boolean(),
    camps: Type.Object({
      A: Type.Object({ name: Type.String(), nameJa: Type.String() }),
      B: Type.Object({ name: Type.String(), nameJa: Type.String() }),
    }),
    viewer: orNull(Type.Object({ seat: Type.String(), camp: CampSchema })),
    turn: Type.Number(),
    step: orNull(StepSchema),
    active: orNull(CampSchema),
    first: orNull(CampSchema),
    ats: Type.Array(AtViewSchema),
    smoke: Type.Array(SmokeSchema),
    ended: EndedSchema,
  },
  { title: 'RealBattleView', description: 'Real Battle: the position, sealed plans hidden from other seats' },
)

const AttackOptionSchema = Type.Object({
  target: Type.String(),
  weapon: Type.Optional(Type.String()),
  arm: Type.Optional(ArmSchema),
  volley: Type.Optional(Type.Boolean()),
  distance: Type.Number(),
  hitBeforeEvasion: Type.Number({ description: "the hit number before the target's evasion (RB-12.11)" }),
  evasion: orNull(Type.Number({ description: 'the evasion modifier when known, else null' })),
  missilesMax: Type.Optional(Type.Number()),
  ammo: Type.Optional(Type.Number()),
})
const AtOptionsSchema = Type.Object({
  at: Type.String(),
  deploy: Type.Optional(Type.Object({ hexes: Type.Array(HexPair), facings: Type.Array(Facing) })),
  plan: Type.Optional(
    Type.Object({
      acc: Type.Array(Type.Number()),
      dec: Type.Array(Type.Number()),
      atk: Type.Array(Type.Number()),
      def: Type.Array(Type.Number()),
      maxTotal: Type.Number(),
    }),
  ),
  action: Type.Optional(
    Type.Object({
      speedChoices: Type.Array(Type.Number()),
      actionPp: Type.Number(),
      patterns: Type.Array(Type.Object({ step: Type.String(), pp: Type.Number() })),
      canStand: Type.Boolean(),
      magazines: Type.Array(Type.String()),
      reloads: Type.Array(Type.String()),
      purgeable: Type.Array(Type.String()),
      smoke: Type.Boolean(),
    }),
  ),
  attacks: Type.Optional(Type.Array(AttackOptionSchema)),
  blocked: Type.Optional(Type.Object({ reason: Type.String(), ref: Type.String() })),
})

export const optionsSchema = Type.Object(
  {
    seat: Type.String(),
    step: orNull(StepSchema),
    toAct: Type.Boolean(),
    ats: Type.Array(AtOptionsSchema),
  },
  { title: 'RealBattleOptions', description: 'Real Battle: what each AT of the seat may do now' },
)

const PreviewLineSchema = Type.Object({
  order: orderSchema,
  text: Type.String({ description: 'what the order would do, in English' }),
  key: literals(PREVIEW_KEYS, 'the message key of `text` (locales/<locale>/orders.json)'),
  params: Type.Record(Type.String(), Type.Union([Type.String(), Type.Number()])),
  attack: Type.Optional(AttackOptionSchema),
  program: Type.Optional(
    Type.Object({ hex: HexPair, facing: Facing, mp: Type.Number(), pp: Type.Number(), errors: Type.Number() }),
  ),
})
export const previewSchema = Type.Array(PreviewLineSchema, {
  title: 'RealBattlePreview',
  description: 'Real Battle: what each order would do; hit numbers before evasion',
})

export const apiSchemas: ApiSchemas = { view: viewSchema, options: optionsSchema, preview: previewSchema }

// The schemas admit exactly the engine's types.
type SameAs<A, B> = [A] extends [B] ? ([B] extends [A] ? true : never) : never
const schemasMatchTypes: [
  SameAs<Static<typeof PlanSchema>, Plan>,
  SameAs<Static<typeof PoliciesSchema>, Policies>,
  SameAs<Static<typeof MapSchema>, RbMap>,
  SameAs<Static<typeof SmokeSchema>, Smoke>,
  SameAs<Static<typeof AtViewSchema>, AtView>,
  SameAs<Static<typeof viewSchema>, RbView>,
  SameAs<Static<typeof AttackOptionSchema>, AttackOption>,
  SameAs<Static<typeof AtOptionsSchema>, AtOptions>,
  SameAs<Static<typeof optionsSchema>, RbSeatOptions>,
  SameAs<Static<typeof PreviewLineSchema>, PreviewLine>,
] = [true, true, true, true, true, true, true, true, true, true]
void schemasMatchTypes
