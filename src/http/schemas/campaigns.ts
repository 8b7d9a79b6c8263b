// What the campaign routes answer (docs/campaigns.md): a team, a batch of maintenance actions taken, and the
// season's log. A team and its events are the rule system's own JSON (docs/orders-<system>.md).
import { Type } from '@sinclair/typebox'
import { orNull } from './contract.js'

const SystemJson = Type.Record(Type.String(), Type.Unknown(), {
  description: "the rule system's own shape (its docs/orders-<system>.md)",
})
const DieRoll = Type.Object({
  seq: Type.Integer(),
  index: Type.Integer(),
  sides: Type.Integer(),
  face: Type.Integer(),
  purpose: Type.String(),
  ref: Type.String(),
})
const Refusal = Type.Object({
  rule: Type.String(),
  message: Type.String(),
  key: Type.Optional(Type.String()),
  params: Type.Optional(Type.Record(Type.String(), Type.Unknown())),
  order: Type.Optional(Type.Integer()),
  line: Type.Optional(Type.Integer()),
  field: Type.Optional(Type.String()),
})

const logLine = {
  seq: Type.Integer(),
  kind: Type.String({ description: 'START | PERIOD | ACTIONS | SHOW | SETTLED | CLOSED' }),
  round: Type.Integer(),
  entryId: orNull(Type.String()),
  at: Type.String({ format: 'date-time' }),
  hash: Type.String(),
  lines: Type.Array(Type.String(), { description: 'ACTIONS: the actions taken, in the text notation' }),
  gameId: Type.Optional(orNull(Type.String({ description: "SHOW: the show's game" }))),
  noShow: Type.Optional(orNull(Type.String({ description: 'SHOW: why there was none' }))),
  narration: Type.Array(Type.String(), { description: "what happened, in the reader's language" }),
  rolls: Type.Array(DieRoll, { description: "the season's dice rolled at this entry's position" }),
}

export const TeamAnswer = Type.Object(
  {
    seasonId: Type.String(),
    entryId: Type.String(),
    userId: Type.String(),
    name: Type.String(),
    withdrawn: Type.Boolean(),
    status: Type.String({ description: 'open | running | finished' }),
    round: Type.Integer(),
    shows: Type.Integer(),
    stage: orNull(Type.String({ description: 'maintenance | show' })),
    stageEndsAt: orNull(Type.String({ description: 'when the maintenance period closes' })),
    period: orNull(
      Type.Object({ used: Type.Integer(), left: Type.Integer(), done: Type.Boolean() }, { description: 'a period' }),
    ),
    netWorth: orNull(Type.Number({ description: 'the standings sort by it' })),
    team: orNull(SystemJson),
    history: Type.Array(Type.Object(logLine), { description: "the season's log entries about this team" }),
  },
  { title: 'CampaignTeam' },
)

export const ActionsAnswer = Type.Object(
  {
    seq: Type.Integer({ description: "the season's log entry written" }),
    hash: Type.String(),
    round: Type.Integer(),
    lines: Type.Array(Type.String(), { description: 'the actions taken, in the text notation' }),
    narration: Type.Array(Type.String()),
    events: Type.Array(Type.Unknown()),
    rolls: Type.Array(DieRoll),
    used: Type.Integer({ description: "the period's actions used so far" }),
    left: Type.Integer(),
    done: Type.Boolean({ description: "the team has finished this period's maintenance" }),
    refused: Type.Union([Refusal, Type.Null()], {
      description: 'the action that stopped the batch; those before it, whose dice were rolled, stand',
    }),
    stage: orNull(Type.String()),
    team: SystemJson,
    replayed: Type.Boolean({ description: 'a retry with the same Idempotency-Key: the first answer again' }),
  },
  { title: 'CampaignActionsTaken' },
)

export const SeasonLogAnswer = Type.Object(
  {
    seasonId: Type.String(),
    seedCommitment: Type.String({ description: "SHA-256 of the season's dice seed" }),
    seed: orNull(Type.String({ description: 'revealed once the season has finished' })),
    entries: Type.Array(
      Type.Object({
        ...logLine,
        prevHash: Type.String(),
        userId: orNull(Type.String()),
        payload: Type.Unknown({ description: 'the entry as hashed: anyone can check the chain' }),
      }),
    ),
  },
  { title: 'SeasonLog' },
)

export const SeasonVerifyAnswer = Type.Object(
  {
    seasonId: Type.String(),
    entries: Type.Integer(),
    hashChainOk: Type.Boolean({ description: 'every entry links to the one before and hashes to what it says' }),
    problem: orNull(Type.String({ description: 'where the chain breaks' })),
    seedRevealed: Type.Boolean({ description: 'the season has finished: its seed is public' }),
    seedCommitmentOk: orNull(Type.Boolean({ description: 'SHA-256 of the seed (its bytes) is the commitment' })),
    rolls: Type.Integer({ description: 'the rolls recorded in the log' }),
    rollsOk: orNull(Type.Boolean({ description: 'every roll re-derived from the seed; null before it is revealed' })),
    mismatches: Type.Array(
      Type.Object({ seq: Type.Integer(), index: Type.Integer(), recorded: Type.Integer(), derived: Type.Integer() }),
    ),
  },
  { title: 'SeasonVerification' },
)
