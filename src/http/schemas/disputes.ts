// What the dispute routes take and answer (docs/disputes.md). Unknown fields are refused in bodies
// and never sent in answers.
import { INT4_MAX } from '../schemas.js'
import { Type } from '@sinclair/typebox'
import { INBOX_LIMIT_DEFAULT, INBOX_LIMIT_MAX, DISPUTE_TEXT_MAX } from '../../games/disputes.js'

const DateTime = Type.String({ format: 'date-time' })
const Person = Type.Object({ id: Type.String({ format: 'uuid' }), name: Type.String() })
const orNull = <T extends Parameters<typeof Type.Union>[0][number]>(t: T) => Type.Union([t, Type.Null()])
const Text = (what: string) =>
  Type.String({
    description: `${what}: not blank, at most ${DISPUTE_TEXT_MAX} characters (a kanji is one); trimmed`,
  })

export const DisputeStatus = Type.Union([Type.Literal('open'), Type.Literal('ruled')])

export const DisputeRuling = Type.Object(
  {
    ruling: Type.Union([Type.Literal('no-change'), Type.Literal('correction')], {
      description: 'no-change: the game stays as it was; correction: the CORRECTION entry correctionSeq changed it',
    }),
    reason: Type.String(),
    moderator: orNull(Person),
    at: DateTime,
    correctionSeq: orNull(Type.Integer({ description: 'the CORRECTION log entry that settled it' })),
  },
  { title: 'DisputeRuling' },
)

const summaryFields = {
  id: Type.String({ format: 'uuid' }),
  gameId: Type.String({ format: 'uuid' }),
  seq: Type.Integer({ description: 'the log entry disputed' }),
  raisedBy: Person,
  text: Type.String(),
  status: DisputeStatus,
  createdAt: DateTime,
  messageCount: Type.Integer(),
  ruling: orNull(DisputeRuling),
}

export const DisputeSummary = Type.Object(summaryFields, { title: 'DisputeSummary' })

export const DisputeDetail = Type.Object(
  {
    ...summaryFields,
    messages: Type.Array(
      Type.Object({
        id: Type.String({ description: 'a decimal integer, in the order written' }),
        author: Person,
        as: Type.Union([Type.Literal('player'), Type.Literal('moderator')], {
          description: 'player: the author holds a seat in the game; moderator: they moderate it',
        }),
        text: Type.String(),
        createdAt: DateTime,
      }),
      { description: 'oldest first' },
    ),
    gameMessages: Type.String({
      description:
        "the path of the game's messages between its players (GET): " +
        'its moderators read all of them, side-only ones too',
    }),
  },
  { title: 'Dispute' },
)

/** In GET /games/:id/log: an entry's disputes, shown to the players of the game and its moderators. */
export const DisputesOfEntry = Type.Array(DisputeSummary, {
  description: 'the disputes of this entry (to its players and moderators; absent when none)',
})

export const GameDisputes = Type.Object({
  disputes: Type.Array(DisputeSummary, { description: 'by the entry disputed, then oldest first' }),
})

export const InboxPage = Type.Object({
  disputes: Type.Array(
    Type.Object({ ...summaryFields, game: Type.Object({ id: Type.String({ format: 'uuid' }), title: Type.String() }) }),
    { description: 'newest first' },
  ),
  next: orNull(Type.String({ description: 'pass as `cursor` for the next (older) page; null on the last' })),
})

export const InboxQuery = Type.Object(
  {
    status: Type.Optional(
      Type.Union([Type.Literal('open'), Type.Literal('ruled'), Type.Literal('all')], { default: 'open' }),
    ),
    limit: Type.Optional(Type.Integer({ minimum: 1, maximum: INBOX_LIMIT_MAX, default: INBOX_LIMIT_DEFAULT })),
    cursor: Type.Optional(Type.String({ maxLength: 200, description: 'the `next` of the previous page' })),
  },
  { additionalProperties: false },
)

export const RaiseBody = Type.Object(
  {
    seq: Type.Integer({ maximum: INT4_MAX, description: 'the log entry disputed: 1 to the game’s logSeq' }),
    text: Text('what is wrong with it'),
  },
  { additionalProperties: false },
)

export const MessageBody = Type.Object({ text: Text('the message') }, { additionalProperties: false })

export const RulingBody = Type.Object(
  {
    ruling: Type.Literal('no-change', {
      description: 'no-change here; a ruling by correction is made with the correction itself',
    }),
    reason: Text('why the game stays as it was'),
  },
  { additionalProperties: false },
)

/** A dispute id: any text, so that a malformed one answers 404 like an unknown one. */
export const DisputeId = Type.Object({ id: Type.String({ maxLength: 100 }) })
