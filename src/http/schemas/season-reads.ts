// The answers of the season read routes: standings (also as CSV) and the fixtures list.
import { Type, type TString, type TUnion } from '@sinclair/typebox'

const Nullable = <T extends ReturnType<typeof Type.String>>(t: T) => Type.Union([t, Type.Null()])

export const SeasonParams = Type.Object({ id: Type.String({ format: 'uuid' }) })

export const StandingsQuery = Type.Object(
  {
    format: Type.Optional(
      Type.Union([Type.Literal('json'), Type.Literal('csv')], {
        description: 'csv: the table as a spreadsheet file (also chosen by "Accept: text/csv")',
      }),
    ),
  },
  { additionalProperties: false },
)

const StandingRow = Type.Object({
  entryId: Type.String(),
  userId: Type.String(),
  name: Type.String(),
  position: Type.Integer({ description: 'players still equal after every tie-break share a position' }),
  played: Type.Integer(),
  won: Type.Integer(),
  drawn: Type.Integer(),
  lost: Type.Integer(),
  forfeitsLost: Type.Integer({ description: 'losses by forfeit (timeout, withdrawal), counted in lost too' }),
  byes: Type.Integer(),
  points: Type.Number(),
  tieBreaks: Type.Record(Type.String(), Type.Number(), { description: "each of the season's tie-breaks, by name" }),
  withdrawn: Type.Boolean(),
  zone: Type.Union([Type.Literal('promote'), Type.Literal('relegate'), Type.Null()]),
  netWorth: Type.Optional(
    Type.Number({ description: "a campaign: the team's net worth (the rule system's score), also its points" }),
  ),
})

export const StandingsAnswer = Type.Object({
  season: Type.Object({
    id: Type.String(),
    name: Type.String(),
    clubId: Type.String(),
    clubName: Type.String(),
    format: Type.String({ description: 'single | double | swiss | campaign' }),
    status: Type.String({ description: 'open | running | finished' }),
    round: Type.Integer(),
    points: Type.Object({ win: Type.Number(), draw: Type.Number(), loss: Type.Number() }),
    tieBreaks: Type.Array(Type.String(), { description: 'in the order they are applied' }),
  }),
  divisions: Type.Array(
    Type.Object({
      division: Type.String(),
      promote: Type.Integer(),
      relegate: Type.Integer(),
      rows: Type.Array(StandingRow),
    }),
  ),
})

/** The standings as JSON, or as CSV (text/csv) when asked for. */
export const StandingsJsonOrCsv = {
  description: 'The standings: JSON, or CSV with ?format=csv or Accept: text/csv',
  content: {
    'application/json': { schema: StandingsAnswer },
    'text/csv': {
      schema: Type.String({
        description:
          'UTF-8 with a BOM; header: division, position, name, played, won, drawn, lost, points, tie-breaks…, zone',
      }),
    },
  },
} as unknown as TUnion<[typeof StandingsAnswer, TString]>

export const FixturesQuery = Type.Object(
  {
    round: Type.Optional(Type.Integer({ minimum: 1, maximum: 100_000 })),
    division: Type.Optional(Type.String({ minLength: 1, maxLength: 100 })),
    entry: Type.Optional(Type.String({ format: 'uuid', description: "an entry id: that entrant's fixtures" })),
  },
  { additionalProperties: false },
)

const FixturePlayer = Type.Object({ entryId: Type.String(), userId: Type.String(), name: Type.String() })

export const FixturesAnswer = Type.Object({
  fixtures: Type.Array(
    Type.Object({
      fixtureId: Type.String(),
      round: Type.Integer(),
      division: Type.String(),
      board: Type.Integer(),
      home: FixturePlayer,
      away: Type.Union([FixturePlayer, Type.Null()], { description: 'null: a bye for home' }),
      scenarioId: Nullable(Type.String()),
      gameId: Nullable(Type.String()),
      result: Type.Union(
        [
          Type.Literal('home'),
          Type.Literal('away'),
          Type.Literal('draw'),
          Type.Literal('both-lost'),
          Type.Literal('bye'),
          Type.Null(),
        ],
        { description: 'null: not decided yet' },
      ),
      forfeit: Type.Boolean(),
      reason: Nullable(Type.String()),
    }),
  ),
})
