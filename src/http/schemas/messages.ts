// What the game message routes take and answer (docs/messages.md).
import { Type } from '@sinclair/typebox'
import { MESSAGE_MAX, MESSAGES_PAGE_MAX } from '../../games/messages.js'
import { orNull } from './contract.js'

export const MessageBody = Type.Object(
  {
    text: Type.String({
      maxLength: MESSAGE_MAX,
      description: `the message: 1 to ${MESSAGE_MAX} characters, no control characters (tabs and line breaks are fine)`,
    }),
    to: Type.Union([Type.Literal('all'), Type.Literal('side')], {
      description: 'all: everyone in the game; side: the players of your own side only',
    }),
  },
  { additionalProperties: false },
)

export const Message = Type.Object(
  {
    id: Type.String({ format: 'uuid' }),
    game: Type.String({ format: 'uuid' }),
    author: Type.Object({
      id: Type.String({ format: 'uuid' }),
      name: Type.String(),
      seat: orNull(Type.String({ description: "the author's seat when they wrote it" })),
      side: orNull(Type.String()),
      moderator: Type.Boolean({ description: 'written by a moderator of the game (who holds no seat)' }),
    }),
    to: Type.Union([Type.Literal('all'), Type.Literal('side')]),
    side: orNull(Type.String({ description: 'to: side — the side that reads it' })),
    text: Type.String(),
    atSeq: Type.Integer({ description: "the game's log position when it was written" }),
    createdAt: Type.String({ format: 'date-time' }),
  },
  { title: 'GameMessage', description: 'a message between the players of a game: not an order, not in the log' },
)

export const MessagesQuery = Type.Object(
  {
    before: Type.Optional(
      Type.String({ format: 'uuid', description: 'the `next` of the previous page: only older messages' }),
    ),
    limit: Type.Optional(Type.Integer({ minimum: 1, maximum: MESSAGES_PAGE_MAX, default: 50 })),
  },
  { additionalProperties: false },
)

export const MessagePage = Type.Object(
  {
    messages: Type.Array(Message, { description: 'newest first' }),
    next: orNull(Type.String({ description: 'pass as `before` for the next (older) page; null on the last page' })),
  },
  { title: 'GameMessagePage' },
)
