// A season's standings and fixtures as read from the database: the season's rules, its entrants with
// their names, and every fixture's result (results.ts), put through computeStandings.
import type { Prisma } from '../store/generated/client.js'
import type { Db } from '../store/db.js'
import { NotFound } from '../games/errors.js'
import { seasonResults, type FixtureResult } from './results.js'
import {
  computeStandings,
  type Division,
  type DivisionStandings,
  type Entrant,
  type Points,
  type SeasonFormat,
  type TieBreak,
} from './standings.js'

type Tx = Prisma.TransactionClient | Db

export interface SeasonHeading {
  id: string
  name: string
  clubId: string
  clubName: string
  format: SeasonFormat
  status: string
  round: number
  points: Points
  tieBreaks: TieBreak[]
}

export interface SeasonStandings {
  season: SeasonHeading
  divisions: DivisionStandings[]
}

export interface FixturePlayer {
  entryId: string
  userId: string
  name: string
}

export interface FixtureListing {
  fixtureId: string
  round: number
  division: string
  board: number
  home: FixturePlayer
  away: FixturePlayer | null
  scenarioId: string | null
  gameId: string | null
  result: FixtureResult['result']
  forfeit: boolean
  reason: string | null
}

export interface FixtureFilter {
  round?: number
  division?: string
  entryId?: string
}

async function heading(db: Tx, seasonId: string): Promise<{ season: SeasonHeading; divisions: Division[] }> {
  const s = await db.season.findUnique({ where: { id: seasonId }, include: { club: { select: { name: true } } } })
  if (!s) throw new NotFound(`no season ${seasonId}`, { field: 'id' })
  return {
    season: {
      id: s.id,
      name: s.name,
      clubId: s.clubId,
      clubName: s.club.name,
      format: s.format as SeasonFormat,
      status: s.status,
      round: s.round,
      points: s.points as unknown as Points,
      tieBreaks: s.tieBreaks as unknown as TieBreak[],
    },
    divisions: s.divisions as unknown as Division[],
  }
}

/** The season's entrants with their account names (a SeasonEntry keeps only the user id). */
async function entrants(db: Tx, seasonId: string): Promise<Entrant[]> {
  const entries = await db.seasonEntry.findMany({ where: { seasonId }, orderBy: { enteredAt: 'asc' } })
  const users = await db.user.findMany({
    where: { id: { in: entries.map((e) => e.userId) } },
    select: { id: true, name: true },
  })
  const nameOf = new Map(users.map((u) => [u.id, u.name]))
  return entries.map((e) => ({
    entryId: e.id,
    userId: e.userId,
    name: nameOf.get(e.userId) ?? '',
    division: e.division,
    status: e.status === 'withdrawn' ? 'withdrawn' : 'entered',
  }))
}

/** The season's table, division by division; NotFound for an unknown season. */
export async function seasonStandings(db: Tx, seasonId: string): Promise<SeasonStandings> {
  const { season, divisions } = await heading(db, seasonId)
  const [people, results] = await Promise.all([entrants(db, seasonId), seasonResults(db, seasonId)])
  return {
    season,
    divisions: computeStandings({
      entrants: people,
      results,
      points: season.points,
      tieBreaks: season.tieBreaks,
      format: season.format,
      divisions,
    }),
  }
}

/** The season's fixtures with their players and results, in round, division and board order. */
export async function seasonFixtures(db: Tx, seasonId: string, filter: FixtureFilter = {}): Promise<FixtureListing[]> {
  await heading(db, seasonId)
  const [people, results] = await Promise.all([entrants(db, seasonId), seasonResults(db, seasonId)])
  const byEntry = new Map(people.map((p) => [p.entryId, p]))
  const player = (entryId: string): FixturePlayer => {
    const p = byEntry.get(entryId)
    return { entryId, userId: p?.userId ?? '', name: p?.name ?? '' }
  }
  return results
    .filter(
      (r) =>
        (filter.round === undefined || r.round === filter.round) &&
        (filter.division === undefined || r.division === filter.division) &&
        (filter.entryId === undefined || r.home === filter.entryId || r.away === filter.entryId),
    )
    .map((r) => ({
      fixtureId: r.fixtureId,
      round: r.round,
      division: r.division,
      board: r.board,
      home: player(r.home),
      away: r.away === null ? null : player(r.away),
      scenarioId: r.scenarioId,
      gameId: r.gameId,
      result: r.result,
      forfeit: r.forfeit,
      reason: r.reason,
    }))
}
