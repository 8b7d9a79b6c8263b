// What the draw offer routes take and answer (docs/messages.md).
import { Type } from '@sinclair/typebox'
import { DRAW_NOTE_MAX } from '../../games/draws.js'
import { orNull } from './contract.js'

const DateTime = Type.String({ format: 'date-time' })
const Player = Type.Object({ id: Type.String({ format: 'uuid' }), name: Type.String() })

export const DrawOfferBody = Type.Object(
  {
    note: Type.Optional(
      Type.String({ maxLength: DRAW_NOTE_MAX, description: 'a word to the other players, sent with the offer' }),
    ),
  },
  { additionalProperties: false },
)

export const DrawOffer = Type.Object(
  {
    id: Type.String({ format: 'uuid' }),
    game: Type.String({ format: 'uuid' }),
    offeredBy: Type.Object({
      id: Type.String({ format: 'uuid' }),
      name: Type.String(),
      seat: Type.String(),
      side: Type.String({ description: 'the side that offers the draw' }),
    }),
    note: Type.String({ description: "what the player wrote with it ('' for nothing)" }),
    atSeq: Type.Integer({ description: 'the position it was made at: it lapses if the game moves first' }),
    status: Type.Union(
      ['open', 'accepted', 'declined', 'lapsed', 'withdrawn'].map((s) => Type.Literal(s)),
      {
        description:
          'open until every other side accepts (accepted: the game is over, a draw), one declines, ' +
          'the game moves, or it is withdrawn',
      },
    ),
    answers: Type.Record(Type.String(), Type.Union([Type.Literal('accept'), Type.Literal('decline')]), {
      description: "each other side's answer so far",
    }),
    waitingFor: Type.Array(Type.Object({ side: Type.String(), players: Type.Array(Player) }), {
      description: 'the other sides still to answer (empty once it is closed)',
    }),
    createdAt: DateTime,
    decidedAt: orNull(DateTime),
    endedAtSeq: orNull(Type.Integer({ description: 'the CORRECTION entry that ended the game as a draw' })),
  },
  { title: 'DrawOffer', description: 'a draw offered by one side, which every other side must accept' },
)

export const DrawOfferList = Type.Object(
  { offers: Type.Array(DrawOffer, { description: 'newest first' }) },
  { title: 'DrawOfferList' },
)
