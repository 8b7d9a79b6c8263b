// What the players' proposal routes answer (docs/proposals.md).
import { Type } from '@sinclair/typebox'
import { orNull } from './contract.js'

const DateTime = Type.String({ format: 'date-time' })
const Player = Type.Object({ id: Type.String({ format: 'uuid' }), name: Type.String() })

export const Proposal = Type.Object(
  {
    id: Type.String({ format: 'uuid' }),
    game: Type.String({ format: 'uuid' }),
    kind: Type.Literal('rollback', { description: 'players propose only rollbacks' }),
    toSeq: Type.Integer({ description: 'play would continue from the state at this log entry' }),
    reason: Type.String(),
    proposer: Type.Object({ id: Type.String({ format: 'uuid' }), name: Type.String(), seat: Type.String() }),
    atSeq: Type.Integer({ description: 'the position it was made at: it lapses if the game moves first' }),
    status: Type.Union(
      ['open', 'accepted', 'rejected', 'lapsed', 'withdrawn'].map((s) => Type.Literal(s)),
      {
        description:
          'open until every other player accepts (accepted), one rejects, the game moves, or it is withdrawn',
      },
    ),
    answers: Type.Record(Type.String(), Type.Union([Type.Literal('accept'), Type.Literal('reject')]), {
      description: "each other seat's answer so far",
    }),
    waitingFor: Type.Array(Type.Object({ seat: Type.String(), player: Player }), {
      description: 'the other seats still to answer (empty once it is closed)',
    }),
    createdAt: DateTime,
    decidedAt: orNull(DateTime),
    correctionSeq: orNull(Type.Integer({ description: 'the CORRECTION entry that carried it out, once accepted' })),
  },
  { title: 'Proposal', description: "a player's proposed rollback, which every other player must accept" },
)

export const ProposalList = Type.Object(
  { proposals: Type.Array(Proposal, { description: 'newest first' }) },
  { title: 'ProposalList' },
)
