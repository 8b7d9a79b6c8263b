// A fixture's result, read from its game each time (docs/leagues.md): the game's log is the one record
// of how it ended, so a moderator's adjudication or a rollback of a finished game changes the standings
// with nothing else to update. Only what no game decides is kept on the fixture: a bye, and a forfeit
// by withdrawal (forfeitBy).
import type { Prisma } from '../store/generated/client.js'
import { poolOf, type Db } from '../store/db.js'

type Tx = Prisma.TransactionClient | Db

/**
 * home | away: who won; draw; both-lost: both forfeited (each scores a loss); bye: home had no opponent
 * this round; null: not decided yet.
 */
export type ResultKind = 'home' | 'away' | 'draw' | 'both-lost' | 'bye' | null

export interface FixtureResult {
  fixtureId: string
  division: string
  round: number
  board: number
  /** Entry ids (SeasonEntry.id); away is null for a bye. */
  home: string
  away: string | null
  scenarioId: string | null
  gameId: string | null
  result: ResultKind
  /** Decided without being played out: a timeout under the missed-phase policy, or a withdrawal. */
  forfeit: boolean
  /** How it was decided, in words (the game's outcome reason, or why the fixture was forfeited). */
  reason: string | null
  /** outcome.ref of the game: resign | timeout | adjudicate | a rule's reference; withdrawal; null. */
  ref: string | null
  finishedAt: Date | null
}

/** What of a fixture's row decides its result. */
export interface FixtureRow {
  id: string
  division: string
  round: number
  board: number
  homeEntryId: string
  awayEntryId: string | null
  scenarioId: string | null
  gameId: string | null
  forfeitBy: string | null
  forfeitWhy: string | null
}

/** What of a fixture's game decides its result: its status and outcome, and the side the home entrant plays. */
export interface FixtureGame {
  status: string
  outcome: { winner: string | null; reason: string; ref: string } | null
  finishedAt: Date | null
  /** The side the home entrant holds a seat on. */
  homeSide: string | null
}

/** Outcome refs that mean the game was not played out (a forfeit). */
export const FORFEIT_REFS = new Set(['timeout', 'withdrawal'])

/** The result of one fixture from its row and its game (pure). */
export function resultOf(f: FixtureRow, game: FixtureGame | null): FixtureResult {
  const base = {
    fixtureId: f.id,
    division: f.division,
    round: f.round,
    board: f.board,
    home: f.homeEntryId,
    away: f.awayEntryId,
    scenarioId: f.scenarioId,
    gameId: f.gameId,
  }
  if (f.awayEntryId === null)
    return { ...base, result: 'bye', forfeit: false, reason: 'bye', ref: null, finishedAt: null }
  if (f.forfeitBy) {
    const result: ResultKind = f.forfeitBy === 'home' ? 'away' : f.forfeitBy === 'away' ? 'home' : 'both-lost'
    return {
      ...base,
      result,
      forfeit: true,
      reason: f.forfeitWhy ?? 'forfeit',
      ref: 'withdrawal',
      finishedAt: game?.finishedAt ?? null,
    }
  }
  // A game that does not seat the fixture's home player is not this fixture's game (its row was changed by
  // hand): it decides nothing, and says so, rather than giving its result to the wrong player.
  if (game && game.homeSide === null)
    return {
      ...base,
      result: null,
      forfeit: false,
      reason: "the fixture's game does not seat its home player",
      ref: null,
      finishedAt: null,
    }
  if (!game || game.status !== 'FINISHED' || !game.outcome)
    return { ...base, result: null, forfeit: false, reason: null, ref: null, finishedAt: null }
  const o = game.outcome
  const result: ResultKind = o.winner === null ? 'draw' : o.winner === game.homeSide ? 'home' : 'away'
  return {
    ...base,
    result,
    forfeit: FORFEIT_REFS.has(o.ref),
    reason: o.reason,
    ref: o.ref,
    finishedAt: game.finishedAt,
  }
}

/** A fixture's row joined with what of its game decides the result (seasonResults' one query). */
interface FixtureWithGame extends FixtureRow {
  status: string | null
  outcome: FixtureGame['outcome']
  finishedAt: Date | null
  homeSide: string | null
}

/**
 * Every fixture of a season with its result, in round, division and board order: one query joining each
 * fixture to its game and to the side its home entrant holds there (the first of their seats, by seat
 * id). A season of 1,560 games reads in tens of milliseconds this way, where Prisma's relation reads
 * (fixtures, then games with their seats, then entries) took several times as long (bench:leagues).
 */
const SEASON_RESULTS_SQL = `
    SELECT f.id, f.division, f.round, f.board, f."homeEntryId", f."awayEntryId", f."scenarioId", f."gameId",
           f."forfeitBy", f."forfeitWhy", g.status::text AS status, g.outcome,
           g."finishedAt" AT TIME ZONE 'UTC' AS "finishedAt",
           (SELECT s.side FROM "Seat" s
             WHERE s."gameId" = g.id AND s."userId" = e."userId"
             ORDER BY s.seat LIMIT 1) AS "homeSide"
      FROM "Fixture" f
      LEFT JOIN "Game" g ON g.id = f."gameId"
      LEFT JOIN "SeasonEntry" e ON e.id = f."homeEntryId"
     WHERE f."seasonId" = $1::uuid
     ORDER BY f.round, f.division, f.board`

export async function seasonResults(db: Tx, seasonId: string): Promise<FixtureResult[]> {
  // Outside a transaction the query goes straight to the pool: Prisma's raw-query layer costs more than
  // the query itself on a season of 1,560 games (bench:leagues).
  const pool = poolOf(db)
  const rows = pool
    ? (await pool.query<FixtureWithGame>(SEASON_RESULTS_SQL, [seasonId])).rows
    : await db.$queryRawUnsafe<FixtureWithGame[]>(SEASON_RESULTS_SQL, seasonId)
  return rows.map((r) =>
    resultOf(
      r,
      r.status === null
        ? null
        : { status: r.status, outcome: r.outcome, finishedAt: r.finishedAt, homeSide: r.homeSide },
    ),
  )
}
