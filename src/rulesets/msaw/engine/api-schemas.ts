// MS@W's answers through the API as TypeBox schemas: the view, a seat's options and the preview of orders.
// The checks at the end make the compiler refuse a schema that no longer says what the engine returns.
import { Type, type Static } from '@sinclair/typebox'
import type { ApiSchemas } from '../../../engine/ruleset.js'
import { orNull } from '../../../engine/schemas.js'
import { PREVIEW_KEYS, type PreviewLine } from './seat-options.js'
import type {
  Activation,
  DroppedItem,
  ItemState,
  MsOptions,
  MsOrder,
  MsSeatOptions,
  MsSuitOptions,
  MsSuitView,
  MsTargetOption,
  MsView,
  Policy,
  Pt,
  TerrainPiece,
} from './types.js'

const literals = <const T extends string>(values: readonly T[], description?: string) =>
  Type.Union(
    values.map((v) => Type.Literal(v)),
    description ? { description } : {},
  )
const Hundredths = (description: string) => Type.Number({ description: `${description}, in hundredths of an inch` })
const PtSchema = Type.Object(
  { x: Type.Number(), y: Type.Number() },
  { description: 'a point in hundredths of an inch: x east, y north' },
)
const ZoneSchema = Type.Object({ x0: Type.Number(), y0: Type.Number(), x1: Type.Number(), y1: Type.Number() })
const StepSchema = literals(['deploy', 'action', 'react'])
const TerrainSchema = Type.Object({
  id: Type.String(),
  name: Type.String(),
  nameJa: Type.Optional(Type.String()),
  polygon: Type.Array(PtSchema),
  blocksLOS: Type.Boolean(),
  move: literals(['open', 'rough', 'impassable']),
})
const ItemPlaceSchema = literals(['L', 'R', 'LR', 'stowed', 'fixed'])
const ItemStateSchema = Type.Object({
  id: Type.String(),
  type: Type.String(),
  place: ItemPlaceSchema,
  ammo: Type.Optional(Type.Number()),
  body: Type.Optional(Type.Number()),
  firedRound: Type.Optional(Type.Number()),
})
const ItemViewSchema = Type.Object({
  ...ItemStateSchema.properties,
  name: Type.String(),
  nameJa: Type.Optional(Type.String()),
  range: Type.Optional(
    Type.Union([Type.Literal('close'), Type.Object({ min: Type.Number(), max: Type.Number() })], {
      description: "a weapon's range: a band in hundredths of an inch (MS-3.2), or close: 2 inches or less (MS-3.3)",
    }),
  ),
  damage: Type.Optional(Type.String({ description: "a weapon's damage dice, e.g. 2d6+3 (MS-3.6)" })),
  usable: Type.Boolean({ description: 'a weapon that can attack now, the shield in use, or armour' }),
})
const PolicySchema = Type.Object({
  shield: literals(['always', 'never', 'ask']),
  counter: literals(['best', 'never', 'ask']),
})
const ActivationSchema = Type.Object({
  ms: Type.String(),
  moved: Type.Boolean(),
  switched: Type.Boolean(),
  combat: Type.Boolean(),
})
const DroppedSchema = Type.Object({ id: Type.String(), item: ItemStateSchema, at: PtSchema })
const ReactionSchema = Type.Object({
  kind: literals(['shield', 'counter']),
  ms: Type.String(),
  seat: Type.String(),
  attacker: Type.String(),
  weapon: Type.String(),
  attackRoll: Type.Optional(Type.Number()),
  isCounter: Type.Boolean(),
  choices: Type.Optional(Type.Array(Type.String())),
})
const OptionsSchema = Type.Object({
  rough: Type.Boolean(),
  aim: Type.Boolean(),
  oneHitKill: Type.Boolean(),
  systemError: Type.Boolean(),
  roundLimit: Type.Number(),
  counterOncePerRound: Type.Boolean(),
  goufShieldBody: Type.Number(),
})
const AimSchema = Type.Object({ target: Type.String(), round: Type.Number() })
const SuitViewSchema = Type.Object({
  id: Type.String(),
  type: Type.String(),
  name: Type.String(),
  nameJa: Type.String(),
  side: Type.String(),
  seat: Type.String(),
  at: orNull(PtSchema),
  hp: Type.Number(),
  maxHp: Type.Number(),
  attack: Type.Number(),
  defend: Type.Number(),
  move: Hundredths('Move'),
  hover: orNull(Hundredths('hover Move')),
  items: Type.Array(ItemViewSchema),
  destroyed: Type.Boolean(),
  errorPhases: Type.Number(),
  aim: orNull(AimSchema),
  activated: Type.Boolean(),
  policy: orNull(PolicySchema),
  cost: Type.Optional(
    Type.Number({ description: 'the enemy cost this suit has destroyed (the round limit, GAP-M-4)' }),
  ),
})

export const viewSchema = Type.Object(
  {
    system: Type.Literal('msaw'),
    scenario: Type.Object({ id: Type.String(), title: Type.String() }),
    table: Type.Object({ width: Type.Number(), height: Type.Number() }),
    terrain: Type.Array(TerrainSchema),
    sides: Type.Array(
      Type.Object({ id: Type.String(), name: Type.String(), nameJa: orNull(Type.String()), zone: ZoneSchema }),
    ),
    seats: Type.Array(Type.Object({ id: Type.String(), side: Type.String() })),
    viewer: orNull(Type.String()),
    round: Type.Number(),
    step: StepSchema,
    order: Type.Array(Type.String(), { description: "this round's initiative order, by seat" }),
    active: orNull(Type.String()),
    current: orNull(ActivationSchema),
    suits: Type.Array(SuitViewSchema),
    dropped: Type.Array(DroppedSchema),
    reaction: orNull(ReactionSchema),
    options: OptionsSchema,
    winner: orNull(Type.String()),
    reason: orNull(Type.String()),
  },
  { title: 'MsawView', description: 'MS@W: the table; standing orders and undeployed positions hidden from others' },
)

const TargetSchema = Type.Object({
  target: Type.String(),
  distance: Hundredths('centre to centre'),
  inSight: Type.Boolean(),
  weapons: Type.Array(
    Type.Object({
      weapon: Type.String(),
      need: Type.Number({ description: 'the Attack score: 3d6 at or under it hits' }),
      chance: Type.Number({ description: 'P(3d6 ≤ need), 0 to 1' }),
    }),
  ),
})
const SuitOptionsSchema = Type.Object({
  ms: Type.String(),
  at: PtSchema,
  parts: Type.Array(literals(['move', 'switch', 'combat'])),
  move: Hundredths('Move'),
  hover: orNull(Hundredths('hover Move')),
  impassable: Type.Array(Type.String()),
  rough: Type.Array(Type.String()),
  targets: Type.Array(TargetSchema),
  switchable: Type.Object({
    draw: Type.Array(Type.String()),
    stow: Type.Array(Type.String()),
    pickup: Type.Array(Type.String()),
  }),
  policy: PolicySchema,
})

export const optionsSchema = Type.Object(
  {
    seat: Type.String(),
    step: orNull(StepSchema),
    suits: Type.Array(SuitOptionsSchema),
    reaction: orNull(
      Type.Object({
        kind: literals(['shield', 'counter']),
        ms: Type.String(),
        attacker: Type.String(),
        choices: Type.Array(Type.String(), {
          description: 'shield: the shield in use (if any); counter: the weapons it may counter with',
        }),
      }),
    ),
    deploy: orNull(
      Type.Object({
        zone: ZoneSchema,
        suits: Type.Array(Type.String()),
        hold: Type.Record(Type.String(), Type.Array(Type.String())),
      }),
    ),
    enemies: Type.Optional(
      Type.Array(Type.Object({ id: Type.String(), at: PtSchema }), { description: 'where the enemy suits stand' }),
    ),
  },
  { title: 'MsawOptions', description: 'MS@W: what each suit of the seat may do now' },
)

const OrderSchema = Type.Unsafe<MsOrder>(
  Type.Object({ kind: Type.String() }, { additionalProperties: true, description: 'an order (docs/orders-msaw.md)' }),
)
const PreviewLineSchema = Type.Object({
  order: OrderSchema,
  text: Type.String({ description: 'what the order would do, in English' }),
  key: literals(PREVIEW_KEYS, 'the message key of `text` (locales/<locale>/orders.json)'),
  params: Type.Record(Type.String(), Type.Union([Type.String(), Type.Number()])),
  move: Type.Optional(
    Type.Object({
      to: orNull(PtSchema),
      length: Type.Number(),
      cost: Type.Number(),
      hover: Type.Boolean(),
      legal: Type.Boolean(),
      rule: orNull(Type.String()),
    }),
  ),
  attack: Type.Optional(
    Type.Object({
      target: Type.String(),
      weapon: Type.String(),
      distance: Type.Number(),
      inRange: Type.Boolean(),
      inSight: Type.Boolean(),
      need: Type.Number(),
      chance: Type.Number(),
      legal: Type.Boolean(),
      rule: orNull(Type.String()),
    }),
  ),
})
export const previewSchema = Type.Array(PreviewLineSchema, {
  title: 'MsawPreview',
  description: 'MS@W: what each order would do, without dice',
})

export const apiSchemas: ApiSchemas = { view: viewSchema, options: optionsSchema, preview: previewSchema }

// The schemas admit exactly the engine's types.
type SameAs<A, B> = [A] extends [B] ? ([B] extends [A] ? true : never) : never
const schemasMatchTypes: [
  SameAs<Static<typeof PtSchema>, Pt>,
  SameAs<Static<typeof TerrainSchema>, TerrainPiece>,
  SameAs<Static<typeof ItemStateSchema>, ItemState>,
  SameAs<Static<typeof PolicySchema>, Policy>,
  SameAs<Static<typeof ActivationSchema>, Activation>,
  SameAs<Static<typeof DroppedSchema>, DroppedItem>,
  SameAs<Static<typeof OptionsSchema>, MsOptions>,
  SameAs<Static<typeof SuitViewSchema>, MsSuitView>,
  SameAs<Static<typeof viewSchema>, MsView>,
  SameAs<Static<typeof TargetSchema>, MsTargetOption>,
  SameAs<Static<typeof SuitOptionsSchema>, MsSuitOptions>,
  SameAs<Static<typeof optionsSchema>, MsSeatOptions>,
  SameAs<Static<typeof PreviewLineSchema>, PreviewLine>,
] = [true, true, true, true, true, true, true, true, true, true, true, true, true]
void schemasMatchTypes
