// A season's standings and fixtures as read from the database: the season's rules, its entrants with
// their names, and every fixture's result (results.ts), put through computeStandings.
import type { Prisma } from '../store/generated/client.js'
import type { Db } from '../store/db.js'
import { NotFound } from '../games/errors.js'
import { ruleSystem } from '../rulesets/index.js'
import { campaignTable, readSeasonLog, showResults, teamsOf } from './campaign-log.js'
import { seasonResults, type FixtureResult } from './results.js'
import {
  computeStandings,
  type Division,
  type DivisionStandings,
  type Entrant,
  type Points,
  type SeasonFormat,
  type StandingRow,
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
  if (season.format === 'campaign') return campaignStandings(db, season, divisions)
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

/**
 * A campaign's table (docs/campaigns.md): the teams by net worth, highest first (the rule system's score),
 * shown as the points; played, won, drawn and lost count the shows. No tie-breaks: equal net worth shares a
 * position; withdrawn teams come after those still in.
 */
async function campaignStandings(db: Tx, season: SeasonHeading, divisions: Division[]): Promise<SeasonStandings> {
  const row = await db.season.findUniqueOrThrow({ where: { id: season.id }, select: { ruleset: true, campaign: true } })
  const campaign = ruleSystem(row.ruleset)?.campaign
  const rules = (row.campaign as { rules?: unknown } | null)?.rules
  const people = await entrants(db, season.id)
  const log = await readSeasonLog(db, season.id)
  const teams = teamsOf(log)
  // Before the start there are no teams yet: each entrant as a new team would stand.
  if (campaign && log.length === 0) for (const p of people) teams.set(p.entryId, campaign.newTeam(p.entryId, rules))
  const shows = showResults(log)
  const table = campaign ? campaignTable(people, teams, (t) => campaign.netWorth(t, rules)) : []
  const d = divisions[0] ?? { name: 'Main', promote: 0, relegate: 0 }
  const listed = new Set(table.map((t) => t.entryId))
  const rows: StandingRow[] = [
    ...table.map((t) => ({ t, played: shows.get(t.entryId) })),
    // Before the start there are no teams: every entrant at 0.
    ...people
      .filter((p) => !listed.has(p.entryId))
      .map((p) => ({ t: { ...p, position: 1, netWorth: 0, withdrawn: p.status === 'withdrawn' }, played: undefined })),
  ].map(({ t, played }) => ({
    entryId: t.entryId,
    userId: t.userId,
    name: t.name,
    position: t.position,
    played: played?.played ?? 0,
    won: played?.won ?? 0,
    drawn: played?.drawn ?? 0,
    lost: played?.lost ?? 0,
    forfeitsLost: 0,
    byes: 0,
    points: t.netWorth,
    tieBreaks: {},
    withdrawn: t.withdrawn,
    zone: null,
    netWorth: t.netWorth,
  }))
  return { season, divisions: [{ division: d.name, promote: 0, relegate: 0, rows }] }
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
