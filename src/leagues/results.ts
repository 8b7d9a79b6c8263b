// A fixture's result, read from its game each time (docs/leagues.md): the game's log is the one record
// of how it ended, so a moderator's adjudication or a rollback of a finished game changes the standings
// with nothing else to update. Only what no game decides is kept on the fixture: a bye, and a forfeit
// by withdrawal (forfeitBy).
import type { Prisma } from '../store/generated/client.js'
import type { Db } from '../store/db.js'

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

/** Every fixture of a season with its result, in round, division and board order: two queries. */
export async function seasonResults(db: Tx, seasonId: string): Promise<FixtureResult[]> {
  const fixtures = await db.fixture.findMany({
    where: { seasonId },
    orderBy: [{ round: 'asc' }, { division: 'asc' }, { board: 'asc' }],
  })
  const gameIds = fixtures.map((f) => f.gameId).filter((id): id is string => id !== null)
  const games = gameIds.length
    ? await db.game.findMany({
        where: { id: { in: gameIds } },
        select: {
          id: true,
          status: true,
          outcome: true,
          finishedAt: true,
          seats: { select: { userId: true, side: true } },
        },
      })
    : []
  const entries = await db.seasonEntry.findMany({ where: { seasonId }, select: { id: true, userId: true } })
  const userOf = new Map(entries.map((e) => [e.id, e.userId]))
  const byId = new Map(games.map((g) => [g.id, g]))
  return fixtures.map((f) => {
    const g = f.gameId ? byId.get(f.gameId) : undefined
    const homeUser = userOf.get(f.homeEntryId)
    return resultOf(
      f,
      g
        ? {
            status: g.status,
            outcome: g.outcome as FixtureGame['outcome'],
            finishedAt: g.finishedAt,
            homeSide: g.seats.find((s) => s.userId === homeUser)?.side ?? null,
          }
        : null,
    )
  })
}
