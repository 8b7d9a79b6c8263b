// Vacation: a player declares time away; deadlines of steps they must play move past it (the
// deadline clock writes that in the log and tells the other players). Each calendar year has a bank
// of days (VACATION_DAYS).
import type { Db } from '../store/db.js'
import { Conflict, InvalidInput, NotFound } from './errors.js'

const DAY = 86_400_000
/** A vacation is declared ahead; this much slack allows for the clocks of client and server. */
const START_SLACK_MS = 5 * 60_000

/** Days of [start, end) falling in each calendar year (UTC), rounded up to whole days per span. */
export function daysByYear(start: Date, end: Date): Map<number, number> {
  const out = new Map<number, number>()
  for (let y = start.getUTCFullYear(); y <= end.getUTCFullYear(); y++) {
    const a = Math.max(start.getTime(), Date.UTC(y, 0, 1))
    const b = Math.min(end.getTime(), Date.UTC(y + 1, 0, 1))
    if (b > a) out.set(y, Math.ceil((b - a) / DAY))
  }
  return out
}

function usedByYear(vacations: Array<{ startsAt: Date; endsAt: Date }>): Map<number, number> {
  const used = new Map<number, number>()
  for (const v of vacations) for (const [y, d] of daysByYear(v.startsAt, v.endsAt)) used.set(y, (used.get(y) ?? 0) + d)
  return used
}

/** A player's vacations, and the days used of each year's bank. */
export async function vacationBank(db: Db, userId: string, daysPerYear: number) {
  const rows = await db.vacation.findMany({ where: { userId }, orderBy: { startsAt: 'asc' } })
  return {
    daysPerYear,
    used: Object.fromEntries(usedByYear(rows)) as Record<string, number>,
    vacations: rows.map((v) => ({
      id: v.id,
      startsAt: v.startsAt.toISOString(),
      endsAt: v.endsAt.toISOString(),
      days: Math.ceil((v.endsAt.getTime() - v.startsAt.getTime()) / DAY),
    })),
  }
}

/** Takes a vacation that starts now or later, fits the bank of every year it touches and overlaps none. */
export async function takeVacation(
  db: Db,
  userId: string,
  daysPerYear: number,
  span: { startsAt: Date; endsAt: Date },
  now = new Date(),
): Promise<void> {
  const { startsAt, endsAt } = span
  if (!(endsAt > startsAt)) throw new InvalidInput('endsAt must be after startsAt', { field: 'endsAt' })
  // One that began in the past would move deadlines after the fact.
  if (startsAt.getTime() < now.getTime() - START_SLACK_MS)
    throw new InvalidInput('a vacation starts now or later', { field: 'startsAt' })
  // One user's vacations are checked and written under a lock, so parallel requests cannot overdraw the bank.
  await db.$transaction(async (tx) => {
    await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtext(${`vacation:${userId}`}))`
    const taken = await tx.vacation.findMany({ where: { userId } })
    const used = usedByYear(taken)
    for (const [y, d] of daysByYear(startsAt, endsAt)) {
      const left = daysPerYear - (used.get(y) ?? 0)
      if (d > left)
        throw new Conflict(
          `${y} has ${left} vacation day${left === 1 ? '' : 's'} left of ${daysPerYear}; this vacation needs ${d}`,
          { field: 'endsAt' },
        )
    }
    if (taken.some((v) => v.startsAt < endsAt && v.endsAt > startsAt))
      throw new Conflict('this vacation overlaps one you already have', { field: 'startsAt' })
    await tx.vacation.create({ data: { userId, startsAt, endsAt } })
  })
}

/** Cancels a vacation that has not begun (deadlines may already have moved for one that has). */
export async function cancelVacation(db: Db, userId: string, id: string, now = new Date()): Promise<void> {
  const v = await db.vacation.findFirst({ where: { id, userId } })
  if (!v) throw new NotFound(`no vacation ${id}`)
  if (v.startsAt.getTime() <= now.getTime())
    throw new Conflict('this vacation has begun: deadlines may already have moved for it')
  await db.vacation.delete({ where: { id: v.id } })
}
