// The league's standings emails as outbox rows (docs/leagues.md): the weekly table of every running
// season, and the final table when a season closes. Each row has a dedupe key and is inserted with
// ON CONFLICT DO NOTHING, so several processes (or a clock tick run twice) write it once.
import { DateTime } from 'luxon'
import type { Prisma } from '../store/generated/client.js'
import type { Db } from '../store/db.js'
import type { OutboxPayload } from '../store/outbox.js'
import { seasonStandings, type SeasonStandings } from './standings-read.js'

type Tx = Prisma.TransactionClient | Db

/** The ISO week of an instant, in UTC: 2026-W49. */
export function isoWeek(now: Date): string {
  return DateTime.fromJSDate(now, { zone: 'utc' }).toFormat("kkkk-'W'WW")
}

/** The table as the emails show it: every division's rows in table order, each naming its division. */
export function mailStandings(s: SeasonStandings): OutboxPayload<'season-standings'>['standings'] {
  return s.divisions.flatMap((d) =>
    d.rows.map((r) => ({
      division: d.division,
      position: r.position,
      name: r.name,
      played: r.played,
      won: r.won,
      drawn: r.drawn,
      lost: r.lost,
      points: r.points,
    })),
  )
}

/**
 * One `season-standings` row per running season and ISO week, to the entrants still in it who want the
 * weekly email. A season nobody wants it for gets no row. Returns how many rows were written now.
 */
/** How many weeks (Monday to Sunday, UTC) a season that started at `startedAt` has had before `monday`. */
export function seasonWeek(startedAt: Date, monday: Date): number {
  const start = new Date(Date.UTC(startedAt.getUTCFullYear(), startedAt.getUTCMonth(), startedAt.getUTCDate()))
  start.setUTCDate(start.getUTCDate() - ((start.getUTCDay() + 6) % 7))
  return Math.max(1, Math.round((monday.getTime() - start.getTime()) / (7 * 86_400_000)))
}

export async function queueWeeklyStandings(db: Db, now: Date): Promise<number> {
  const week = isoWeek(now)
  // From the week after the start: the table of a season that began this week says nothing yet.
  const monday = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()))
  monday.setUTCDate(monday.getUTCDate() - ((monday.getUTCDay() + 6) % 7))
  const seasons = await db.season.findMany({
    where: { status: 'running', startedAt: { lt: monday } },
    select: { id: true, startedAt: true },
  })
  let written = 0
  for (const { id, startedAt } of seasons) {
    const dedupeKey = `season-standings:${id}:${week}`
    // Already written this week (by us or another process): no need to compute the table again.
    if (await db.outbox.findUnique({ where: { dedupeKey }, select: { id: true } })) continue
    const to = (
      await db.seasonEntry.findMany({
        where: { seasonId: id, status: 'entered', weeklyEmail: true },
        orderBy: { enteredAt: 'asc' },
        select: { userId: true },
      })
    ).map((e) => e.userId)
    if (to.length === 0) continue
    const s = await seasonStandings(db, id)
    const payload: OutboxPayload<'season-standings'> = {
      to,
      seasonId: id,
      seasonName: s.season.name,
      clubId: s.season.clubId,
      clubName: s.season.clubName,
      // The season's own week, as the email says it ("after week 2"): 1 is the week it started in.
      week: seasonWeek(startedAt!, monday),
      standings: mailStandings(s),
    }
    const { count } = await db.outbox.createMany({
      data: [{ kind: 'season-standings', payload, dedupeKey }],
      skipDuplicates: true,
    })
    written += count
  }
  return written
}

/**
 * The `season-closed` row of a season that has just finished (call it in the transaction that closes
 * it): the final table and who goes up and down in each division, to every entrant, withdrawn ones
 * too (the final table concerns them; weeklyEmail is about the weekly mail only). Returns whether the
 * row was written now (false: it was already).
 */
export async function queueClosingMail(tx: Tx, seasonId: string): Promise<boolean> {
  const s = await seasonStandings(tx, seasonId)
  const to = (
    await tx.seasonEntry.findMany({ where: { seasonId }, orderBy: { enteredAt: 'asc' }, select: { userId: true } })
  ).map((e) => e.userId)
  const payload: OutboxPayload<'season-closed'> = {
    to,
    seasonId,
    seasonName: s.season.name,
    clubId: s.season.clubId,
    clubName: s.season.clubName,
    standings: mailStandings(s),
    divisions: s.divisions.map((d) => ({
      name: d.division,
      promoted: d.rows.filter((r) => r.zone === 'promote').map((r) => r.name),
      relegated: d.rows.filter((r) => r.zone === 'relegate').map((r) => r.name),
    })),
  }
  const { count } = await tx.outbox.createMany({
    data: [
      {
        kind: 'season-closed',
        payload,
        dedupeKey: `season-closed:${seasonId}`,
      },
    ],
    skipDuplicates: true,
  })
  return count === 1
}
