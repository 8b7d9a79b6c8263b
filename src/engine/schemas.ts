// TypeBox schemas of the Ruleset contract's shared types (ruleset.ts, dice.ts): one definition for
// the API document, the outbox payloads and each rule system's own schemas. Data only: no I/O.
import { Type, type Static, type TSchema } from '@sinclair/typebox'
import type { DieRoll } from './dice.js'
import type { GameEvent, OrderError, Outcome, Pending, Seat } from './ruleset.js'

export const orNull = <T extends TSchema>(schema: T) => Type.Union([schema, Type.Null()])

export const SeatSchema = Type.Object(
  { id: Type.String(), side: Type.String(), groups: Type.Array(Type.String()) },
  { title: 'Seat' },
)

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
    key: Type.Optional(Type.String({ description: 'the message id in the order-error catalogues (e.g. server.step)' })),
    params: Type.Optional(
      Type.Record(Type.String(), Type.Union([Type.String(), Type.Number()]), {
        description: 'the values the message names',
      }),
    ),
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
  SameAs<Static<typeof SeatSchema>, Seat>,
  SameAs<Static<typeof OutcomeSchema>, Outcome>,
  SameAs<Static<typeof PendingSchema>, Pending>,
  SameAs<Static<typeof OrderErrorSchema>, OrderError>,
  SameAs<Static<typeof GameEventSchema>, GameEvent>,
  SameAs<Static<typeof DieRollSchema>, DieRoll>,
] = [true, true, true, true, true, true]
void schemasMatchTypes
