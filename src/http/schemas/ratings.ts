// What the rating routes answer (docs/leagues.md, "Ratings").
import { Type } from '@sinclair/typebox'

const Rating = Type.Number({ description: 'Glicko-2 rating, rounded to one decimal' })
const Rd = Type.Number({ description: 'rating deviation, rounded to one decimal: the smaller, the surer' })
const Vol = Type.Number({ description: 'volatility: how erratic the results have been' })
const Provisional = Type.Boolean({ description: 'RD above 110: too few recent games to say much yet' })
const Count = Type.Integer({ minimum: 0 })

export const RulesetParams = Type.Object({ ruleset: Type.String({ minLength: 1, maxLength: 64 }) })

export const LeaderboardQuery = Type.Object(
  {
    limit: Type.Integer({ minimum: 1, maximum: 200, default: 50, description: 'players shown (1–200)' }),
    offset: Type.Integer({ minimum: 0, maximum: 1_000_000, default: 0, description: 'players skipped' }),
  },
  { additionalProperties: false },
)

export const Leaderboard = Type.Array(
  Type.Object({
    position: Type.Integer({ minimum: 1, description: 'place on the board, counting the skipped players' }),
    userId: Type.String({ format: 'uuid' }),
    name: Type.String(),
    rating: Rating,
    rd: Rd,
    vol: Vol,
    games: Count,
    wins: Count,
    draws: Count,
    losses: Count,
    lastGameAt: Type.String({ format: 'date-time' }),
    provisional: Provisional,
  }),
  { title: 'Leaderboard', description: 'highest rating first, ties by name' },
)

export const UserRatings = Type.Object(
  {
    userId: Type.String({ format: 'uuid' }),
    name: Type.String(),
    ratings: Type.Array(
      Type.Object({
        ruleset: Type.String(),
        rating: Rating,
        rd: Rd,
        vol: Vol,
        games: Count,
        wins: Count,
        draws: Count,
        losses: Count,
        provisional: Provisional,
        history: Type.Array(
          Type.Object({
            period: Type.String({ format: 'date-time', description: 'the week, from Monday 00:00 UTC' }),
            rating: Rating,
            rd: Rd,
            games: Type.Integer({ minimum: 1, description: 'rated games played that week' }),
          }),
          { description: 'the rating after each week played, oldest first' },
        ),
      }),
      { description: 'one per rule system rated in, by rule system id' },
    ),
  },
  { title: 'UserRatings' },
)
