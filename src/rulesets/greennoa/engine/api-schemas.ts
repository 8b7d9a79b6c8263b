// GREEN NOA's answers through the API as TypeBox schemas: the view, a seat's options and the preview of
// orders. The checks at the end make the compiler refuse a schema that no longer says what the engine returns.
import { Type, type Static } from '@sinclair/typebox'
import type { ApiSchemas } from '../../../engine/ruleset.js'
import { orNull, OutcomeSchema, PendingSchema } from '../../../engine/schemas.js'
import { orderSchema } from './order-schema.js'
import type { AttackChoice, GnSeatOptions, MoveChoice, PreviewLine, UnitMoves } from './seat-options.js'
import type { Declared, UnitValues } from './types.js'
import type { GnView, UnitView } from './view.js'

const literals = <const T extends string>(values: readonly T[], description?: string) =>
  Type.Union(
    values.map((v) => Type.Literal(v)),
    description ? { description } : {},
  )
const SideSchema = literals(['AEUG', 'TITANS'], 'AEUG (エゥーゴ) or TITANS (ティターンズ)')
const Facing = Type.Union(
  [Type.Literal(0), Type.Literal(1), Type.Literal(2), Type.Literal(3), Type.Literal(4), Type.Literal(5)],
  { description: '0 north, then clockwise' },
)
const Phase = Type.Union([
  Type.Literal(1),
  Type.Literal(2),
  Type.Literal(3),
  Type.Literal(4),
  Type.Literal(5),
  Type.Literal(6),
  Type.Literal(7),
  Type.Literal(8),
  Type.Literal(9),
])
const Hex = Type.Object({ col: Type.Integer(), row: Type.Integer() })

const ValuesSchema = Type.Object({
  def: Type.Number(),
  fp: Type.Number(),
  mel: Type.Number(),
  mp: Type.Number(),
  turns: Type.Number(),
  arc: literals(['front', 'ff'], 'front: the front 180°; ff: straight ahead only'),
})
const UnitViewSchema = Type.Object({
  id: Type.String(),
  type: Type.String(),
  nameJa: Type.String(),
  name: Type.String(),
  side: SideSchema,
  pilot: Type.String(),
  pilotSkill: Type.Number(),
  hex: Hex,
  facing: Facing,
  form: Type.String(),
  values: ValuesSchema,
  s: orNull(Type.Object({ inning: Type.Number(), phase: Type.Number() })),
  m: Type.Boolean(),
  f: Type.Boolean(),
  c: Type.Boolean(),
  removed: Type.Boolean(),
  turnsUsed: Type.Number(),
  turnLimit: Type.Number(),
})
const DeclaredSchema = Type.Object({
  kind: literals(['fire', 'melee']),
  unit: Type.String(),
  target: Type.String(),
  diff: Type.Number(),
  compulsory: Type.Boolean(),
})

export const viewSchema = Type.Object(
  {
    system: Type.Literal('greennoa'),
    rulesVersion: Type.String(),
    scenario: Type.String(),
    viewer: orNull(Type.String()),
    side: orNull(SideSchema),
    map: Type.Object({ cols: Type.Number(), rows: Type.Number() }),
    inning: Type.Number(),
    innings: Type.Number(),
    phase: Phase,
    first: SideSchema,
    units: Type.Array(UnitViewSchema),
    declared: Type.Array(DeclaredSchema),
    options: Type.Object({ literalDsDc: Type.Boolean() }),
    points: Type.Object({ AEUG: Type.Number(), TITANS: Type.Number() }),
    pending: Type.Array(PendingSchema),
    outcome: orNull(OutcomeSchema),
  },
  { title: 'GreenNoaView', description: 'GREEN NOA: the whole position (nothing is hidden)' },
)

const MoveChoiceSchema = Type.Object({
  col: Type.Number(),
  row: Type.Number(),
  facing: Facing,
  steps: Type.String({ description: 'the cheapest program: F forward, L / R 60° turns' }),
  mp: Type.Number(),
  turns: Type.Number(),
})
const UnitMovesSchema = Type.Object({
  unit: Type.String(),
  nameJa: Type.String(),
  name: Type.String(),
  hex: Hex,
  facing: Facing,
  form: Type.String(),
  mp: Type.Number(),
  turnsLeft: Type.Number(),
  forms: Type.Array(Type.String()),
  formMoves: Type.Array(Type.Object({ form: Type.String(), mp: Type.Number(), moves: Type.Array(MoveChoiceSchema) })),
  blocked: orNull(Type.String({ description: "why it cannot move (S, M), in the reader's language" })),
  blockedRule: orNull(Type.String({ description: 'the rule that stops it: GN-7-7 (S) or GN-4-5b (M)' })),
  blockedKey: orNull(
    literals(
      ['greennoa.blocked.S', 'greennoa.blocked.M'],
      'the message key of `blocked` (locales/<locale>/orders.json)',
    ),
  ),
  moves: Type.Array(MoveChoiceSchema),
})
const AttackChoiceSchema = Type.Object({
  kind: literals(['fire', 'melee']),
  unit: Type.String(),
  target: Type.String(),
  diff: Type.Number(),
  distance: Type.Number(),
  direction: orNull(literals(['front', 'side', 'rear'])),
  directionMod: Type.Number(),
  sMod: Type.Number(),
  pilotMod: Type.Number(),
  compulsory: Type.Boolean(),
  odds: Type.Array(Type.Object({ result: Type.String(), in36: Type.Number() })),
})

export const optionsSchema = Type.Object(
  {
    side: orNull(SideSchema),
    step: orNull(literals(['movement', 'declare', 'attack'])),
    inning: Type.Number(),
    phase: Phase,
    units: Type.Array(UnitMovesSchema),
    attacks: Type.Array(AttackChoiceSchema),
  },
  { title: 'GreenNoaOptions', description: 'GREEN NOA: reachable hexes and facings, and attacks with their odds' },
)

const PreviewLineSchema = Type.Object({
  order: orderSchema,
  text: Type.String({ description: "what the order would do, in the reader's language" }),
  key: literals(
    [
      'greennoa.preview.noSeat',
      'greennoa.preview.illegal',
      'greennoa.preview.attack',
      'greennoa.preview.noUnit',
      'greennoa.preview.move',
      'greennoa.preview.transform',
      'greennoa.preview.remove',
      'greennoa.preview.kind.fire',
      'greennoa.preview.kind.melee',
    ],
    'the message key of `text` (locales/<locale>/orders.json)',
  ),
  params: Type.Record(Type.String(), Type.Union([Type.String(), Type.Number()]), {
    description: 'the values `text` is filled in with',
  }),
  attack: Type.Optional(AttackChoiceSchema),
})
export const previewSchema = Type.Array(PreviewLineSchema, {
  title: 'GreenNoaPreview',
  description: 'GREEN NOA: what each order would do, with the odds of each attack',
})

export const apiSchemas: ApiSchemas = { view: viewSchema, options: optionsSchema, preview: previewSchema }

// The schemas admit exactly the engine's types.
type SameAs<A, B> = [A] extends [B] ? ([B] extends [A] ? true : never) : never
const schemasMatchTypes: [
  SameAs<Static<typeof ValuesSchema>, UnitValues>,
  SameAs<Static<typeof UnitViewSchema>, UnitView>,
  SameAs<Static<typeof DeclaredSchema>, Declared>,
  SameAs<Static<typeof viewSchema>, GnView>,
  SameAs<Static<typeof MoveChoiceSchema>, MoveChoice>,
  SameAs<Static<typeof UnitMovesSchema>, UnitMoves>,
  SameAs<Static<typeof AttackChoiceSchema>, AttackChoice>,
  SameAs<Static<typeof optionsSchema>, GnSeatOptions>,
  SameAs<Static<typeof PreviewLineSchema>, PreviewLine>,
] = [true, true, true, true, true, true, true, true, true]
void schemasMatchTypes
