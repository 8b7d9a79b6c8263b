// A-Bao-A-Qu's answers through the API as TypeBox schemas: the view, a seat's options and the preview
// of orders. The API documents them (OpenAPI) and a client's types are generated from them; the
// checks at the end make the compiler refuse a schema that no longer says what the engine returns.
import { Type, type Static } from '@sinclair/typebox'
import type { ApiSchemas } from '../../../engine/ruleset.js'
import { orNull, OutcomeSchema, PendingSchema, SeatSchema } from '../../../engine/schemas.js'
import { Attack } from './order-schema.js'
import type { AttackOption, SeatOptions, UnitOption } from './seat-options.js'
import type { DeclaredAttack, Hex, Unit, UnitType } from './types.js'
import type { View } from './view.js'

const literals = <const T extends string>(values: readonly T[], description?: string) =>
  Type.Union(
    values.map((v) => Type.Literal(v)),
    description ? { description } : {},
  )
const Sides = Type.Record(Type.String(), Type.Integer())

const HexSchema = Type.Unsafe<Hex>(
  Type.Array(Type.Integer({ minimum: 0 }), { minItems: 2, maxItems: 2, description: 'a hex as [column, row]' }),
)
const Pilot = orNull(
  literals(['N1', 'N2', 'N3', 'N4', 'E', 'S'], 'N1 to N4 newtype, E elite, S student; null: a regular pilot'),
)
const Step = literals(['deploy', 'move', 'attack-lead', 'attack-follow', 'over'])
const Half = Type.Union([Type.Literal(1), Type.Literal(2)])
const Status = literals(['S', 'D', 'R', 'H'], 'provenance: Source, Derived, Recommended, House')

const FaceValues = Type.Object({
  mp: Type.Number(),
  atkMS: Type.Number(),
  atkShip: Type.Number(),
  def: Type.Number(),
  weapon: literals(['B', 'N', 'M', 'BD']),
})
const UnitTypeSchema = Type.Object({
  code: Type.String(),
  idPrefix: Type.String(),
  name: Type.String(),
  utType: literals(['MS', 'Fighter', 'Gun', 'Ship', 'Special']),
  ccCategory: literals(['MS', 'FT', 'SHIP', 'SM']),
  faces: Type.Object({ front: FaceValues, back: Type.Optional(FaceValues) }),
  largeMissile: Type.Optional(Type.Boolean()),
  bdLauncher: Type.Optional(Type.Boolean()),
  iField: Type.Optional(Type.Boolean()),
  ballHalving: Type.Optional(Type.Boolean()),
  closeDefenceIsDef: Type.Optional(Type.Boolean()),
  satelliteMissile: Type.Optional(Type.Boolean()),
  shipInCombat: Type.Optional(Type.Boolean()),
  pilot: Type.Optional(Pilot),
  pilotDefenceOnly: Type.Optional(Type.Boolean()),
  status: Status,
  ref: Type.Optional(Type.String()),
})
const UnitSchema = Type.Object({
  id: Type.String(),
  type: Type.String(),
  side: Type.String(),
  group: Type.String(),
  pilot: Pilot,
  at: literals(['reserve', 'map', 'gone'], 'reserve: not yet entered; map: on the board; gone: eliminated or spent'),
  hex: orNull(HexSchema),
  morale: literals(['N', 'C', 'D'], 'normal, confused, disordered'),
  face: literals(['front', 'back']),
  enterTurn: Type.Integer({ description: 'the first turn a reserve unit may enter' }),
  entry: orNull(Type.Integer({ description: 'the entry zone of a reserve unit' })),
  spent: Type.Boolean({ description: 'a satellite missile that has made its one move' }),
})
const DeclaredAttackSchema = Type.Object({
  id: Type.String(),
  side: Type.String(),
  seat: Type.String(),
  mode: literals(['shoot', 'close', 'sm']),
  attackers: Type.Array(Type.String()),
  targetHex: HexSchema,
  targets: Type.Array(Type.String()),
  attack: Type.Number(),
  defence: Type.Number(),
  base: Type.Integer({ description: 'base ladder index before shifts (1:1 = 0)' }),
  attackerShift: Type.Integer(),
  defenderMax: Type.Integer(),
  defenderPenalty: Type.Integer(),
  defenderRanks: orNull(Type.Integer()),
  roll: Type.Optional(Type.Integer()),
})
const StandingSchema = Type.Object({
  defenceShift: Type.Union([Type.Literal('full'), Type.Literal('none'), Type.Integer()]),
})

export const viewSchema = Type.Object(
  {
    system: Type.Literal('abaoaqu'),
    scenario: Type.Object({
      id: Type.String(),
      title: Type.String(),
      sides: Type.Array(Type.Object({ id: Type.String(), name: Type.String() })),
      map: Type.Object({
        id: Type.String(),
        cols: Type.Integer(),
        rows: Type.Integer(),
        fortress: Type.Array(HexSchema),
        boards: Type.Array(
          Type.Object({
            board: Type.Integer(),
            col0: Type.Integer(),
            row0: Type.Integer(),
            rotate180: Type.Boolean(),
          }),
        ),
      }),
    }),
    options: Type.Record(Type.String(), Type.Union([Type.String(), Type.Number(), Type.Boolean()])),
    seats: Type.Array(SeatSchema),
    viewer: orNull(Type.String({ description: 'the seat looking, or null for an observer' })),
    turn: Type.Integer(),
    half: Half,
    step: Step,
    leadOff: Type.String(),
    leadThisHalf: Type.String(),
    pending: Type.Array(PendingSchema),
    units: Type.Array(UnitSchema),
    unitTypes: Type.Record(Type.String(), UnitTypeSchema),
    bd: Type.Array(Type.Object({ hex: HexSchema, turn: Type.Integer() })),
    declared: Type.Array(DeclaredAttackSchema),
    occupation: Type.Record(Type.String(), Type.Object({ streak: Type.Integer(), turnOk: Type.Boolean() })),
    shipsDestroyed: Sides,
    standing: Type.Record(Type.String(), StandingSchema, { description: "the viewer's own standing orders" }),
    outcome: orNull(OutcomeSchema),
  },
  { title: 'AbaoaquView', description: 'A-Bao-A-Qu: the game as one seat (or an observer) sees it' },
)

const AttackOptionSchema = Type.Object({
  order: Attack,
  text: Type.String({ description: 'the order in the notation, with the odds after "#"' }),
  attack: Type.Number(),
  defence: Type.Number(),
  base: Type.String({ description: 'the base column, e.g. "1:1"' }),
  shift: Type.Integer(),
  column: orNull(Type.String({ description: 'the column read, or null when the attack is worth nothing' })),
})
const UnitOptionSchema = Type.Object({
  id: Type.String(),
  type: Type.String(),
  name: Type.String(),
  hex: orNull(HexSchema),
  morale: Type.String(),
  face: Type.String(),
  pilot: orNull(Type.String()),
  mp: Type.Number(),
  moves: Type.Array(HexSchema, { description: 'the hexes it can reach' }),
  attacks: Type.Array(AttackOptionSchema),
  bd: Type.Boolean({ description: 'it can launch a BD screen' }),
})

export const optionsSchema = Type.Object(
  {
    seat: Type.String(),
    side: Type.String(),
    step: Step,
    turn: Type.Integer(),
    half: Half,
    units: Type.Array(UnitOptionSchema),
    groupAttacks: Type.Array(AttackOptionSchema, { description: 'attacks of several units of one hex together' }),
    defend: Type.Array(
      Type.Object({ attack: Type.String(), targets: Type.Array(Type.String()), maxRanks: Type.Integer() }),
    ),
  },
  { title: 'AbaoaquOptions', description: 'A-Bao-A-Qu: what a seat can do now, unit by unit' },
)

/** Each attack order with its odds, or the order and why it is no legal attack now. */
export const previewSchema = Type.Array(
  Type.Union([
    AttackOptionSchema,
    Type.Object({ order: Attack, text: Type.String() }, { additionalProperties: false }),
  ]),
  { title: 'AbaoaquPreview', description: 'A-Bao-A-Qu: the odds of each attack in the orders' },
)

export const apiSchemas: ApiSchemas = { view: viewSchema, options: optionsSchema, preview: previewSchema }

// The schemas admit exactly the engine's types.
type SameAs<A, B> = [A] extends [B] ? ([B] extends [A] ? true : never) : never
const schemasMatchTypes: [
  SameAs<Static<typeof UnitTypeSchema>, UnitType>,
  SameAs<Static<typeof UnitSchema>, Unit>,
  SameAs<Static<typeof DeclaredAttackSchema>, DeclaredAttack>,
  SameAs<Static<typeof viewSchema>, View>,
  SameAs<Static<typeof AttackOptionSchema>, AttackOption>,
  SameAs<Static<typeof UnitOptionSchema>, UnitOption>,
  SameAs<Static<typeof optionsSchema>, SeatOptions>,
] = [true, true, true, true, true, true, true]
void schemasMatchTypes
