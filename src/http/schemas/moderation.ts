// What the moderation routes take and answer (docs/moderation.md).
import { Type } from '@sinclair/typebox'
import { CORRECTION_KINDS } from '../../games/fold.js'
import { ADJUST_TEXT_MAX, CHANGES_MAX, EXTEND_HOURS_MAX, REASON_MAX } from '../../games/corrections.js'
import { INT4_MAX } from '../schemas.js'
import { DieRollSchema, GameEventSchema, OutcomeSchema, PendingSchema, orNull } from './contract.js'

const DateTime = Type.String({ format: 'date-time' })
const Kind = Type.Union(
  CORRECTION_KINDS.map((k) => Type.Literal(k)),
  { description: 'what the correction does (docs/moderation.md)' },
)
/** Rule-system data (a state, a view, a unit's fields): its shape is the rule system's own. */
const SystemValue = (description: string) => Type.Unknown({ description })
const OrdersBySeat = (description: string) => Type.Record(Type.String(), Type.Array(Type.Unknown()), { description })

export const CorrectionBody = Type.Object(
  {
    kind: Kind,
    reason: Type.String({
      maxLength: REASON_MAX,
      description: `why, kept in the log (at most ${REASON_MAX} characters)`,
    }),
    dispute: Type.Optional(
      orNull(Type.String({ format: 'uuid', description: 'the dispute this correction settles (null: none)' })),
    ),
    toSeq: Type.Optional(
      Type.Integer({ maximum: INT4_MAX, description: 'rollback: play continues from the state at this log entry' }),
    ),
    changes: Type.Optional(
      Type.Array(Type.Object({ kind: Type.String() }, { additionalProperties: true }), {
        maxItems: CHANGES_MAX,
        description: "adjust: the changes as JSON, in the rule system's vocabulary",
      }),
    ),
    text: Type.Optional(
      Type.String({ maxLength: ADJUST_TEXT_MAX, description: 'adjust: the changes in text, one a line' }),
    ),
    seq: Type.Optional(
      Type.Integer({ maximum: INT4_MAX, description: 'reresolve: the RESOLUTION entry to resolve again' }),
    ),
    seat: Type.Optional(Type.String({ maxLength: 64, description: 'replace-player: the seat' })),
    email: Type.Optional(
      Type.String({ maxLength: 254, description: "replace-player: the new player's account email" }),
    ),
    hours: Type.Optional(
      Type.Integer({ maximum: INT4_MAX, description: `extend-deadline: 1 to ${EXTEND_HOURS_MAX} hours` }),
    ),
    winner: Type.Optional(
      orNull(Type.String({ maxLength: 64, description: 'adjudicate: the winning side; null: a draw' })),
    ),
  },
  { additionalProperties: false },
)

const UnitChange = Type.Object({
  unit: Type.String(),
  change: Type.Union([Type.Literal('changed'), Type.Literal('added'), Type.Literal('removed')]),
  fields: Type.Record(Type.String(), Type.Object({ before: Type.Unknown(), after: Type.Unknown() }), {
    description: "each field that changes, with its value before and after (the rule system's unit fields)",
  }),
})

const previewFields = {
  seq: Type.Integer({ description: 'the position it was made at: send it as If-Match to apply exactly this' }),
  kind: Kind,
  at: Type.Integer({ description: 'the log position of the CORRECTION entry' }),
  entries: Type.Array(Type.Object({ seq: Type.Integer(), kind: Type.String(), payload: Type.Unknown() }), {
    description: 'the entries it writes: the CORRECTION, and the entries it brings with it',
  }),
  units: Type.Array(UnitChange, { description: 'the difference, unit by unit' }),
  notes: Type.Array(Type.String(), { description: 'what else changes, in words' }),
  sampleDice: Type.Boolean({
    description:
      'the correction resolves a step: a preview shows sample dice, the real ones are drawn when it is applied',
  }),
  after: Type.Object({
    seq: Type.Integer(),
    state: SystemValue('the whole state after it, hidden information included'),
    views: Type.Record(Type.String(), Type.Unknown(), { description: "each seat's view after it" }),
    pending: Type.Array(PendingSchema),
    outcome: orNull(OutcomeSchema),
    deadline: orNull(DateTime),
    paused: Type.Boolean(),
  }),
}

export const CorrectionPreview = Type.Object(previewFields, { title: 'CorrectionPreview' })
export const AppliedCorrection = Type.Object(
  { ...previewFields, receipt: Type.String({ description: 'the log as it stood after it: "position:hash"' }) },
  { title: 'AppliedCorrection' },
)

export const ModeratorState = Type.Object(
  {
    seq: Type.Integer({ description: 'the log position' }),
    head: Type.Integer({ description: 'the last log position' }),
    supersededBy: orNull(Type.Integer({ description: 'the correction that set this entry aside, if one did' })),
    state: SystemValue('the whole state, hidden information included'),
    submitted: OrdersBySeat("every seat's orders in for the step, private ones included"),
    pending: Type.Array(PendingSchema),
    outcome: orNull(OutcomeSchema),
    seats: Type.Array(Type.String()),
  },
  { title: 'ModeratorState', description: "a moderator's look at the game: everything, at any position" },
)

/** The CORRECTION entry's payload as the log shows it. */
export const CorrectionPayloadSchema = Type.Object(
  {
    kind: Kind,
    reason: Type.String(),
    moderator: orNull(Type.String({ format: 'uuid' })),
    dispute: orNull(Type.String({ format: 'uuid' })),
    disputeSeq: Type.Optional(Type.Integer({ description: 'the entry the dispute it settles is about' })),
    proposal: Type.Optional(Type.String({ format: 'uuid' })),
    toSeq: Type.Optional(Type.Integer()),
    changes: Type.Optional(Type.Array(Type.Object({ kind: Type.String() }, { additionalProperties: true }))),
    setAside: Type.Optional(
      Type.Array(Type.Integer(), { description: 'adjust: the ORDERS entries whose orders it dropped' }),
    ),
    seq: Type.Optional(Type.Integer()),
    submissions: Type.Optional(OrdersBySeat("reresolve: each seat's orders, less its private ones")),
    private: Type.Optional(OrdersBySeat('reresolve: private orders, by seat, those you may read')),
    events: Type.Optional(Type.Array(GameEventSchema)),
    rolls: Type.Optional(Type.Array(DieRollSchema)),
    seat: Type.Optional(Type.String()),
    from: Type.Optional(orNull(Type.String({ format: 'uuid' }))),
    to: Type.Optional(Type.String({ format: 'uuid' })),
    deadline: Type.Optional(Type.Object({ from: orNull(DateTime), to: orNull(DateTime) })),
    hours: Type.Optional(Type.Integer()),
    pausedMs: Type.Optional(Type.Integer()),
    winner: Type.Optional(orNull(Type.String())),
  },
  { title: 'CorrectionPayload', additionalProperties: false, description: "a moderator's correction" },
)

export const ModerationAudit = Type.Object(
  {
    actions: Type.Array(
      Type.Object({
        seq: orNull(Type.Integer({ description: 'the log entry it wrote' })),
        at: DateTime,
        kind: Type.String({ description: 'a correction kind, rules-version, or no-change' }),
        moderator: orNull(Type.Object({ id: Type.String({ format: 'uuid' }), name: Type.String() })),
        reason: Type.String(),
        summary: Type.String({ description: 'what it did, in words' }),
        dispute: orNull(Type.String({ format: 'uuid' })),
        proposal: orNull(Type.String({ format: 'uuid' })),
      }),
    ),
  },
  { title: 'ModerationAudit' },
)
