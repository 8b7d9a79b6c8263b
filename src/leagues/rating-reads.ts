// What the rating routes show (docs/leagues.md, "Ratings"): a rule system's leaderboard, and one player's
// ratings with their history. Public: names only, never emails.
import { NotFound } from '../games/errors.js'
import { ruleSystem, ruleSystems } from '../rulesets/index.js'
import type { Db } from '../store/db.js'

/** Above this RD a rating is provisional: too few recent games to say much (Glickman's 95% interval ±220). */
export const PROVISIONAL_RD = 110

const oneDecimal = (x: number) => Math.round(x * 10) / 10

export interface LeaderboardRow {
  position: number
  userId: string
  name: string
  rating: number
  rd: number
  vol: number
  games: number
  wins: number
  draws: number
  losses: number
  lastGameAt: string
  provisional: boolean
}

/** Refuses a rule system this server does not play, naming those it does. */
function knownRuleset(ruleset: string): void {
  if (!ruleSystem(ruleset))
    throw new NotFound(
      `no rule system ${ruleset}; known: ${ruleSystems()
        .map((s) => s.id)
        .join(', ')}`,
      { field: 'ruleset' },
    )
}

/** A rule system's ratings, highest first (ties by name); `offset` players skipped, at most `limit` shown. */
export async function leaderboard(
  db: Db,
  ruleset: string,
  page: { limit: number; offset: number },
): Promise<LeaderboardRow[]> {
  knownRuleset(ruleset)
  const rows = await db.$queryRaw<
    Array<{
      userId: string
      name: string
      rating: number
      rd: number
      vol: number
      games: number
      wins: number
      draws: number
      losses: number
      lastGameAt: Date
    }>
  >`
    SELECT r."userId", u.name, r.rating, r.rd, r.vol, r.games, r.wins, r.draws, r.losses, r."lastGameAt"
      FROM "Rating" r JOIN "User" u ON u.id = r."userId"
     WHERE r.ruleset = ${ruleset}
     ORDER BY r.rating DESC, u.name, r."userId"
     LIMIT ${page.limit} OFFSET ${page.offset}`
  return rows.map((r, i) => ({
    position: page.offset + i + 1,
    userId: r.userId,
    name: r.name,
    rating: oneDecimal(r.rating),
    rd: oneDecimal(r.rd),
    vol: r.vol,
    games: r.games,
    wins: r.wins,
    draws: r.draws,
    losses: r.losses,
    lastGameAt: r.lastGameAt.toISOString(),
    provisional: r.rd > PROVISIONAL_RD,
  }))
}

export interface UserRatings {
  userId: string
  name: string
  ratings: Array<{
    ruleset: string
    rating: number
    rd: number
    vol: number
    games: number
    wins: number
    draws: number
    losses: number
    provisional: boolean
    history: Array<{ period: string; rating: number; rd: number; games: number }>
  }>
}

/** A player's rating in each rule system they are rated in, with its history by period (oldest first). */
export async function userRatings(db: Db, userId: string): Promise<UserRatings> {
  const user = await db.user.findUnique({ where: { id: userId }, select: { id: true, name: true } })
  if (!user) throw new NotFound(`no user ${userId}`, { field: 'id' })
  const [ratings, history] = await Promise.all([
    db.rating.findMany({ where: { userId }, orderBy: { ruleset: 'asc' } }),
    db.ratingHistory.findMany({ where: { userId }, orderBy: [{ ruleset: 'asc' }, { period: 'asc' }] }),
  ])
  return {
    userId: user.id,
    name: user.name,
    ratings: ratings.map((r) => ({
      ruleset: r.ruleset,
      rating: oneDecimal(r.rating),
      rd: oneDecimal(r.rd),
      vol: r.vol,
      games: r.games,
      wins: r.wins,
      draws: r.draws,
      losses: r.losses,
      provisional: r.rd > PROVISIONAL_RD,
      history: history
        .filter((h) => h.ruleset === r.ruleset)
        .map((h) => ({
          period: h.period.toISOString(),
          rating: oneDecimal(h.rating),
          rd: oneDecimal(h.rd),
          games: h.games,
        })),
    })),
  }
}
