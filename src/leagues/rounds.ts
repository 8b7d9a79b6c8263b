// The start of a season and its rounds (docs/leagues.md): the start (by an owner or the league clock)
// creates the fixtures, every round robin round at once or Swiss round 1; the clock pairs each next Swiss
// round when the last is decided, and finishes the season when every fixture has a result.
import { Conflict } from '../games/errors.js'
import { gameStarted, type SeatedGame, type Tx } from '../games/lifecycle.js'
import type { Db } from '../store/db.js'
import { createFixtures, type FixtureEntrant, type FixtureSeason, type PlannedFixture } from './fixtures.js'
import { roundRobin } from './formats/round-robin.js'
import { pairKey, pairSwiss, type SwissPlayer } from './formats/swiss.js'
import { advanceCampaign, startCampaign } from './campaign.js'
import { queueClosingMail } from './standings-mail.js'
import { seasonResults } from './results.js'
import {
  entrantsOf,
  lockSeason,
  mustRun,
  rulesOf,
  SEASON_TX,
  seasonView,
  type Actor,
  type Entrant,
  type Points,
  type SeasonRow,
} from './seasons.js'

/** The owner's start (actor) or the league clock's (actor null). */
export async function startSeason(db: Db, actor: Actor | null, seasonId: string, now = new Date()) {
  const result = await db.$transaction(async (tx) => {
    const s = await lockSeason(tx, seasonId)
    if (actor) await mustRun(tx, s.clubId, actor, 'start its seasons')
    if (s.status !== 'open')
      throw new Conflict(`the season has already ${s.status === 'running' ? 'started' : 'finished'}`)
    // Fixtures of an open season mean its row was set back by hand: starting again would pair them twice.
    const made = await tx.fixture.count({ where: { seasonId } })
    if (made > 0)
      throw new Conflict(
        `the season is marked open but already has ${made} fixtures: it was started before, so it is not started again`,
      )
    const rules = rulesOf(s)
    const entrants = (await entrantsOf(tx, seasonId)).filter((e) => e.status === 'entered')
    const byDivision = rules.divisions.map((d) => ({ ...d, entrants: entrants.filter((e) => e.division === d.name) }))
    for (const d of byDivision) {
      if (d.entrants.length < 2)
        throw new Conflict(
          `division "${d.name}" has ${d.entrants.length} entrant${d.entrants.length === 1 ? '' : 's'}: ` +
            'a season needs at least two in each',
          { division: d.name, entrants: d.entrants.length },
        )
      if (rules.format === 'swiss' && rules.swissRounds! > d.entrants.length - 1)
        throw new Conflict(
          `${rules.swissRounds} Swiss rounds are more than division "${d.name}"'s ${d.entrants.length} entrants ` +
            `can play without a repeat (at most ${d.entrants.length - 1})`,
          { division: d.name, field: 'swissRounds' },
        )
    }
    // A campaign: teams, not fixtures (campaign.ts).
    if (rules.format === 'campaign')
      return startCampaign(
        tx,
        s,
        entrants.map((e) => e.entryId),
        now,
      )
    const planned: PlannedFixture[] = []
    let rounds = 1
    for (const [divisionIndex, d] of byDivision.entries()) {
      const named = new Map(d.entrants.map((e) => [e.entryId, { id: e.entryId, userId: e.userId, name: e.name }]))
      if (rules.format === 'swiss') {
        const players = await swissSeeds(tx, rules.ruleset, d.entrants)
        planned.push(...swissPlanned(pairSwiss(players, new Set()), d.name, divisionIndex, 1, named))
      } else {
        const all = roundRobin(
          d.entrants.map((e) => e.entryId),
          rules.format === 'double',
        )
        rounds = Math.max(rounds, all.length)
        all.forEach((round, r) =>
          round.forEach((p, b) =>
            planned.push({
              division: d.name,
              divisionIndex,
              round: r + 1,
              board: b + 1,
              home: named.get(p.home)!,
              away: p.away ? named.get(p.away)! : null,
            }),
          ),
        )
      }
    }
    const started = await createFixtures(tx, await fixtureSeason(tx, s), planned)
    await tx.season.update({ where: { id: seasonId }, data: { status: 'running', startedAt: now, round: rounds } })
    return started
  }, SEASON_TX)
  for (const g of result) gameStarted(g)
  return seasonView(db, seasonId)
}

async function fixtureSeason(tx: Tx, s: SeasonRow): Promise<FixtureSeason> {
  const club = await tx.club.findUniqueOrThrow({ where: { id: s.clubId }, select: { name: true } })
  return { ...s, clubName: club.name, scenarios: s.scenarios as string[] }
}

/** Seed order for Swiss: by rating in the season's rule system where one exists, then entry order. */
async function swissSeeds(tx: Tx, ruleset: string, entrants: Entrant[]): Promise<SwissPlayer[]> {
  const ratings = await tx.rating.findMany({
    where: { ruleset, userId: { in: entrants.map((e) => e.userId) } },
    select: { userId: true, rating: true },
  })
  const rating = new Map(ratings.map((r) => [r.userId, r.rating]))
  const order = entrants
    .map((e, i) => ({ e, i, r: rating.get(e.userId) }))
    .sort((a, b) => (b.r ?? -Infinity) - (a.r ?? -Infinity) || a.i - b.i)
  return order.map(({ e }, i) => ({ id: e.entryId, score: 0, homeGames: 0, awayGames: 0, hadBye: false, seed: i + 1 }))
}

function swissPlanned(
  round: ReturnType<typeof pairSwiss>,
  division: string,
  divisionIndex: number,
  number: number,
  named: Map<string, FixtureEntrant>,
): PlannedFixture[] {
  const out: PlannedFixture[] = round.pairs.map((p, i) => ({
    division,
    divisionIndex,
    round: number,
    board: i + 1,
    home: named.get(p.home)!,
    away: named.get(p.away)!,
  }))
  if (round.bye)
    out.push({ division, divisionIndex, round: number, board: out.length + 1, home: named.get(round.bye)!, away: null })
  return out
}

export type RoundOutcome = 'paired' | 'finished' | 'waiting'

/**
 * A running season moves on when every fixture so far has a result: Swiss pairs its next round while
 * rounds remain; otherwise the season is finished. Locks the season row, so one process does it once.
 */
export async function advanceSeason(db: Db, seasonId: string, now = new Date()): Promise<RoundOutcome> {
  const format = await db.season.findUnique({ where: { id: seasonId }, select: { format: true } })
  if (format?.format === 'campaign') return advanceCampaign(db, seasonId, now)
  const result = await db.$transaction(async (tx) => {
    const rows = await tx.$queryRaw<
      Array<{ id: string }>
    >`SELECT id FROM "Season" WHERE id = ${seasonId}::uuid AND status = 'running' FOR UPDATE SKIP LOCKED`
    if (rows.length === 0) return { outcome: 'waiting' as const, started: [] as Array<SeatedGame['started']> }
    const s = await tx.season.findUniqueOrThrow({ where: { id: seasonId } })
    const results = await seasonResults(tx, seasonId)
    if (results.some((f) => f.result === null)) return { outcome: 'waiting' as const, started: [] }
    const rules = rulesOf(s)
    if (rules.format === 'swiss' && s.round < rules.swissRounds!) {
      const next = s.round + 1
      const entrants = await entrantsOf(tx, seasonId)
      const planned: PlannedFixture[] = []
      for (const [divisionIndex, d] of rules.divisions.entries()) {
        const inDivision = entrants.filter((e) => e.division === d.name)
        const seeds = await swissSeeds(tx, rules.ruleset, inDivision)
        const players = swissStanding(
          seeds.filter((p) => inDivision.find((e) => e.entryId === p.id)!.status === 'entered'),
          results.filter((f) => f.division === d.name),
          rules.points,
        )
        const named = new Map(inDivision.map((e) => [e.entryId, { id: e.entryId, userId: e.userId, name: e.name }]))
        const played = new Set(
          results.filter((f) => f.division === d.name && f.away).map((f) => pairKey(f.home, f.away!)),
        )
        planned.push(...swissPlanned(pairSwiss(players, played), d.name, divisionIndex, next, named))
      }
      const started = await createFixtures(tx, await fixtureSeason(tx, s), planned)
      await tx.season.update({ where: { id: seasonId }, data: { round: next } })
      return { outcome: 'paired' as const, started }
    }
    await tx.season.update({ where: { id: seasonId }, data: { status: 'finished', finishedAt: now } })
    await queueClosingMail(tx, seasonId)
    return { outcome: 'finished' as const, started: [] }
  }, SEASON_TX)
  for (const g of result.started) gameStarted(g)
  return result.outcome
}

/** Each player's Swiss standing from the results so far: a bye scores a win; both losing scores a loss each. */
function swissStanding(
  seeds: SwissPlayer[],
  results: Awaited<ReturnType<typeof seasonResults>>,
  points: Points,
): SwissPlayer[] {
  const by = new Map(seeds.map((p) => [p.id, { ...p }]))
  const add = (id: string | null, n: number) => {
    const p = id ? by.get(id) : undefined
    if (p) p.score += n
  }
  for (const f of results) {
    if (f.away === null) {
      add(f.home, points.win)
      const p = by.get(f.home)
      if (p) p.hadBye = true
      continue
    }
    const h = by.get(f.home)
    const a = by.get(f.away)
    if (h) h.homeGames++
    if (a) a.awayGames++
    const [home, away] =
      f.result === 'home'
        ? [points.win, points.loss]
        : f.result === 'away'
          ? [points.loss, points.win]
          : f.result === 'draw'
            ? [points.draw, points.draw]
            : [points.loss, points.loss]
    add(f.home, home)
    add(f.away, away)
  }
  return [...by.values()]
}
