// Glicko-2 ratings per rule system (docs/leagues.md, "Ratings"). Like standings, ratings are read from the
// games' outcomes: the Rating and RatingHistory rows are a cache, rebuilt whole from every rated game, so a
// moderator's adjudication or a rolled-back game changes them with nothing else to correct. The formulas
// are the `glicko2` package's (Glickman's paper, volatility by the "new procedure"); this file only decides
// which games count, how they fall into rating periods, and how the result is stored.
import glicko2, { type Glicko2Player } from 'glicko2'
import type { Prisma } from '../store/generated/client.js'
import type { Db } from '../store/db.js'
import { FORFEIT_REFS } from './results.js'

type Tx = Prisma.TransactionClient | Db

/** Glickman's suggested starting values and system constant (tau): one place, used everywhere. */
export const GLICKO2_SETTINGS = Object.freeze({ tau: 0.5, rating: 1500, rd: 350, vol: 0.06 })
export type Glicko2Settings = Readonly<{ tau: number; rating: number; rd: number; vol: number }>

export interface Glicko {
  rating: number
  rd: number
  vol: number
}

// ---- The library, wrapped --------------------------------------------------------------------------

/**
 * Players by id in one `glicko2` ranking. Each `period` is one `updateRatings` call: every result of the
 * period is rated against the ratings as they stood at its start. The library also updates every player it
 * knows who has no result in the period by Step 6 of the algorithm alone: their RD grows (sqrt(RD² + vol²)),
 * their rating and volatility stay.
 */
export class RatingPool {
  private readonly ranking: InstanceType<typeof glicko2.Glicko2>
  private readonly players = new Map<string, Glicko2Player>()

  constructor(settings: Glicko2Settings = GLICKO2_SETTINGS) {
    this.ranking = new glicko2.Glicko2({ ...settings })
  }

  /** The player with this id, made at `start` (the settings' defaults when not given) the first time. */
  player(id: string, start?: Glicko): Glicko2Player {
    let p = this.players.get(id)
    if (!p) {
      p = this.ranking.makePlayer(start?.rating, start?.rd, start?.vol)
      this.players.set(id, p)
    }
    return p
  }

  /** One rating period: [player, opponent, score of player (1, 0.5, 0)] for each game. */
  period(results: ReadonlyArray<readonly [string, string, number]>): void {
    this.ranking.updateRatings(results.map(([a, b, score]) => [this.player(a), this.player(b), score]))
  }

  get(id: string): Glicko {
    const p = this.player(id)
    return { rating: p.getRating(), rd: p.getRd(), vol: p.getVol() }
  }
}

// ---- Which games are rated ---------------------------------------------------------------------------

/** A rated game: its two players (one per side) and the winner's user id, null for a draw. */
export interface RatedGame {
  gameId: string
  finishedAt: Date
  players: [string, string]
  winner: string | null
}

interface FinishedRow {
  id: string
  finishedAt: Date
  winner: string | null
  ref: string | null
  inSeason: boolean
  forfeitsRated: boolean
  forfeitBy: string | null
  seats: Array<{ side: string; userId: string | null }>
}

/**
 * Whether a finished game is rated, and between whom. Rated: exactly two sides, each held by one person, not
 * the same person on both (a game against oneself says nothing of strength). Forfeits (a timeout, or a fixture
 * forfeited by withdrawal) count only in a season that rates them; a casual game lost on time is not rated.
 */
export function ratedGame(row: FinishedRow): RatedGame | null {
  const forfeit = (row.ref !== null && FORFEIT_REFS.has(row.ref)) || row.forfeitBy !== null
  if (forfeit && !(row.inSeason && row.forfeitsRated)) return null
  if (row.seats.some((s) => s.userId === null)) return null
  const bySide = new Map<string, Set<string>>()
  for (const s of row.seats) bySide.set(s.side, (bySide.get(s.side) ?? new Set()).add(s.userId!))
  if (bySide.size !== 2) return null
  const sides = [...bySide.keys()].sort()
  const holders = sides.map((side) => [...bySide.get(side)!])
  if (holders.some((h) => h.length !== 1)) return null
  const players: [string, string] = [holders[0]![0]!, holders[1]![0]!]
  if (players[0] === players[1]) return null
  if (row.winner !== null && !bySide.has(row.winner)) return null
  const winner = row.winner === null ? null : players[sides.indexOf(row.winner)]!
  return { gameId: row.id, finishedAt: row.finishedAt, players, winner }
}

/** Every rated game of a rule system, by finishedAt then game id (docs/leagues.md, "Ratings"). */
export async function ratedGames(db: Tx, ruleset: string): Promise<RatedGame[]> {
  const rows = await db.$queryRaw<FinishedRow[]>`
    SELECT g.id, g."finishedAt", g.outcome->>'winner' AS winner, g.outcome->>'ref' AS ref,
           g."seasonId" IS NOT NULL AS "inSeason", COALESCE(s."forfeitsRated", false) AS "forfeitsRated",
           f."forfeitBy",
           COALESCE((SELECT json_agg(json_build_object('side', x.side, 'userId', x."userId") ORDER BY x.seat)
                       FROM "Seat" x WHERE x."gameId" = g.id), '[]'::json) AS seats
      FROM "Game" g
      LEFT JOIN "Season" s ON s.id = g."seasonId"
      LEFT JOIN "Fixture" f ON f."gameId" = g.id
     WHERE g.ruleset = ${ruleset} AND g.status = 'FINISHED' AND g.outcome IS NOT NULL AND g."finishedAt" IS NOT NULL
     ORDER BY g."finishedAt", g.id`
  return rows.map(ratedGame).filter((g): g is RatedGame => g !== null)
}

// ---- Computing -------------------------------------------------------------------------------------

export interface PlayerRating extends Glicko {
  userId: string
  games: number
  wins: number
  draws: number
  losses: number
  lastGameAt: Date
}

/** A player's rating at the end of a period they played in. */
export interface PeriodRating extends Glicko {
  userId: string
  /** The period's first instant: Monday 00:00 UTC. */
  period: Date
  games: number
}

export interface Ratings {
  /** By user id. */
  players: PlayerRating[]
  /** By user id, then period. */
  history: PeriodRating[]
}

const DAY = 86_400_000

/** The rating period of an instant: its calendar week, from Monday 00:00 UTC. */
export function periodOf(at: Date): Date {
  const midnight = Math.floor(at.getTime() / DAY) * DAY
  const sinceMonday = (new Date(midnight).getUTCDay() + 6) % 7
  return new Date(midnight - sinceMonday * DAY)
}

const byGame = (a: RatedGame, b: RatedGame) =>
  a.finishedAt.getTime() - b.finishedAt.getTime() || (a.gameId < b.gameId ? -1 : a.gameId > b.gameId ? 1 : 0)
const byUser = (a: { userId: string }, b: { userId: string }) =>
  a.userId < b.userId ? -1 : a.userId > b.userId ? 1 : 0

/**
 * Ratings from rated games (pure): each calendar week that holds games is one rating period, its games one
 * `updateRatings` call. A week without any rated game is no period at all; in a week with games, a player
 * without one has only their RD grown (the library's Step 6). The same games give bit-identical numbers: the
 * games are taken in one order and the library does the same arithmetic in the same order.
 */
export function computeRatings(games: readonly RatedGame[], settings: Glicko2Settings = GLICKO2_SETTINGS): Ratings {
  const pool = new RatingPool(settings)
  const tally = new Map<string, Omit<PlayerRating, keyof Glicko>>()
  const history: PeriodRating[] = []
  const sorted = [...games].sort(byGame)
  for (let i = 0; i < sorted.length;) {
    const period = periodOf(sorted[i]!.finishedAt)
    const inPeriod: RatedGame[] = []
    while (i < sorted.length && periodOf(sorted[i]!.finishedAt).getTime() === period.getTime())
      inPeriod.push(sorted[i++]!)
    const played = new Map<string, number>()
    for (const g of inPeriod) {
      for (const userId of g.players) {
        played.set(userId, (played.get(userId) ?? 0) + 1)
        const t = tally.get(userId) ?? { userId, games: 0, wins: 0, draws: 0, losses: 0, lastGameAt: g.finishedAt }
        t.games++
        if (g.winner === null) t.draws++
        else if (g.winner === userId) t.wins++
        else t.losses++
        t.lastGameAt = g.finishedAt
        tally.set(userId, t)
      }
    }
    pool.period(
      inPeriod.map((g) => [g.players[0], g.players[1], g.winner === null ? 0.5 : g.winner === g.players[0] ? 1 : 0]),
    )
    for (const [userId, n] of played) history.push({ userId, period, ...pool.get(userId), games: n })
  }
  const players = [...tally.values()].map((t) => ({ ...t, ...pool.get(t.userId) })).sort(byUser)
  history.sort((a, b) => byUser(a, b) || a.period.getTime() - b.period.getTime())
  return { players, history }
}

// ---- Storing ---------------------------------------------------------------------------------------

export interface RecomputeResult {
  ruleset: string
  players: number
  games: number
  /** The stored ratings were already these: the same players, the same numbers, the same history. */
  identical: boolean
}

const sameNumbers = (a: Glicko & { games: number }, b: Glicko & { games: number }) =>
  a.rating === b.rating && a.rd === b.rd && a.vol === b.vol && a.games === b.games

function identicalTo(stored: Ratings, computed: Ratings): boolean {
  if (stored.players.length !== computed.players.length || stored.history.length !== computed.history.length)
    return false
  const playersSame = computed.players.every((c, i) => {
    const s = stored.players[i]!
    return (
      s.userId === c.userId &&
      sameNumbers(s, c) &&
      s.wins === c.wins &&
      s.draws === c.draws &&
      s.losses === c.losses &&
      s.lastGameAt.getTime() === c.lastGameAt.getTime()
    )
  })
  return (
    playersSame &&
    computed.history.every((c, i) => {
      const s = stored.history[i]!
      return s.userId === c.userId && s.period.getTime() === c.period.getTime() && sameNumbers(s, c)
    })
  )
}

async function storedRatings(tx: Tx, ruleset: string): Promise<Ratings> {
  const players = await tx.rating.findMany({ where: { ruleset }, orderBy: { userId: 'asc' } })
  const history = await tx.ratingHistory.findMany({
    where: { ruleset },
    orderBy: [{ userId: 'asc' }, { period: 'asc' }],
  })
  return { players, history }
}

/**
 * Writes the rows by SQL from one JSON document each, not by Prisma's createMany: Prisma 6 sends a Float with
 * 15 significant digits (1621.5831338999162 is stored as 1621.583133899916), and the stored numbers must be the
 * computed ones bit for bit, or a recompute could never find them identical. JSON numbers are JavaScript's
 * shortest exact form, and PostgreSQL reads them back into the same double.
 */
async function insertRatings(tx: Tx, ruleset: string, computed: Ratings): Promise<void> {
  await tx.$executeRaw`
    INSERT INTO "Rating" (ruleset, "userId", rating, rd, vol, games, wins, draws, losses, "lastGameAt")
    SELECT ${ruleset}, x."userId", x.rating, x.rd, x.vol, x.games, x.wins, x.draws, x.losses, x."lastGameAt"
      FROM json_to_recordset(${JSON.stringify(computed.players)}::json) AS x(
             "userId" uuid, rating float8, rd float8, vol float8, games int, wins int, draws int, losses int,
             "lastGameAt" timestamp(3))`
  // A timestamp without time zone ignores the Z of the ISO text: the instant is stored in UTC, as Prisma stores it.
  await tx.$executeRaw`
    INSERT INTO "RatingHistory" (ruleset, "userId", period, rating, rd, vol, games)
    SELECT ${ruleset}, x."userId", x.period, x.rating, x.rd, x.vol, x.games
      FROM json_to_recordset(${JSON.stringify(computed.history)}::json) AS x(
             "userId" uuid, period timestamp(3), rating float8, rd float8, vol float8, games int)`
}

/**
 * Rebuilds a rule system's ratings from its rated games, in one transaction under an advisory lock per rule
 * system (two processes recomputing at once take turns). When the stored rows already hold these numbers
 * nothing is written.
 */
export async function recomputeRatings(db: Db, ruleset: string): Promise<RecomputeResult> {
  return db.$transaction(
    async (tx) => {
      await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtextextended(${`hexmail:ratings:${ruleset}`}, 0))`
      const games = await ratedGames(tx, ruleset)
      const computed = computeRatings(games)
      const identical = identicalTo(await storedRatings(tx, ruleset), computed)
      if (!identical) {
        await tx.ratingHistory.deleteMany({ where: { ruleset } })
        await tx.rating.deleteMany({ where: { ruleset } })
        await insertRatings(tx, ruleset, computed)
      }
      return { ruleset, players: computed.players.length, games: games.length, identical }
    },
    { timeout: 120_000, maxWait: 30_000 },
  )
}

/**
 * A fingerprint of what the ratings of each rule system are read from, per rule system: every finished game's
 * id, winner, ref and finish time, its season's forfeitsRated and its fixture's forfeitBy. Rule systems with
 * stored ratings but no finished game any more are listed too (with an empty fingerprint), so they are cleared.
 */
async function fingerprints(db: Db): Promise<Map<string, string>> {
  const rows = await db.$queryRaw<Array<{ ruleset: string; fingerprint: string }>>`
    SELECT g.ruleset,
           md5(string_agg(concat_ws('|', g.id, COALESCE(g.outcome->>'winner', '-'), COALESCE(g.outcome->>'ref', '-'),
                                    g."finishedAt"::text, COALESCE(s."forfeitsRated"::text, '-'),
                                    COALESCE(f."forfeitBy", '-')),
                          ',' ORDER BY g."finishedAt", g.id)) AS fingerprint
      FROM "Game" g
      LEFT JOIN "Season" s ON s.id = g."seasonId"
      LEFT JOIN "Fixture" f ON f."gameId" = g.id
     WHERE g.status = 'FINISHED' AND g.outcome IS NOT NULL AND g."finishedAt" IS NOT NULL
     GROUP BY g.ruleset
    UNION ALL
    SELECT DISTINCT r.ruleset, '' FROM "Rating" r
     WHERE NOT EXISTS (SELECT 1 FROM "Game" g WHERE g.ruleset = r.ruleset AND g.status = 'FINISHED')`
  return new Map(rows.map((r) => [r.ruleset, r.fingerprint]))
}

/** The fingerprint each rule system had when this process last recomputed it, per database. */
const seen = new WeakMap<Db, Map<string, string>>()

/**
 * Recomputes the ratings of each rule system whose results changed since this process last looked (the league
 * clock calls it). The first call in a process recomputes every rule system with finished games; recomputing
 * is deterministic and locked, so several processes doing it at once agree.
 */
export async function refreshRatings(db: Db): Promise<RecomputeResult[]> {
  const last = seen.get(db) ?? new Map<string, string>()
  seen.set(db, last)
  const done: RecomputeResult[] = []
  for (const [ruleset, fingerprint] of [...(await fingerprints(db))].sort(([a], [b]) => (a < b ? -1 : 1))) {
    if (last.get(ruleset) === fingerprint) continue
    done.push(await recomputeRatings(db, ruleset))
    last.set(ruleset, fingerprint)
  }
  return done
}
