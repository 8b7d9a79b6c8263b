// The private calendar feed of a player's deadlines (GET /me/deadlines.ics): a token of their own in the
// URL, since calendar apps cannot send headers. Only the token's sha256 is kept, so the database never
// holds a working feed address; making a new one (rotation) or revoking it ends the old address at once.
import { createHash, randomBytes } from 'node:crypto'
import type { Db } from '../store/db.js'
import { poolOf } from '../store/db.js'
import { ruleSystem } from '../rulesets/index.js'
import { DEFAULT_LOCALE } from '../i18n/index.js'
import { icsDate, icsDocument, icsText, type IcsLine } from './ics.js'

const tokenHash = (token: string) => createHash('sha256').update(token, 'utf8').digest('hex')

/** Makes (or replaces) the user's calendar token; the token itself is returned once and never stored. */
export async function rotateCalendarToken(db: Db, userId: string): Promise<string> {
  const token = randomBytes(32).toString('base64url')
  await db.user.update({ where: { id: userId }, data: { calendarTokenHash: tokenHash(token) } })
  return token
}

export async function revokeCalendarToken(db: Db, userId: string): Promise<void> {
  await db.user.update({ where: { id: userId }, data: { calendarTokenHash: null } })
}

export interface CalendarOwner {
  id: string
  reminderHours: number
}

/** The account a feed token opens, or null (unknown, revoked, or no token at all). */
export async function calendarOwner(db: Db, token: string | undefined): Promise<CalendarOwner | null> {
  if (!token) return null
  return db.user.findUnique({
    where: { calendarTokenHash: tokenHash(token) },
    select: { id: true, reminderHours: true },
  })
}

export interface DeadlineEvent {
  gameId: string
  title: string
  ruleset: string
  logSeq: number
  deadline: Date
  /** The step to play, and the user's seats that must play it. */
  step: string
  seats: string[]
}

interface Row {
  id: string
  title: string
  ruleset: string
  logSeq: number
  deadlineAt: Date
  pending: Array<{ step: string; seats: string[] }>
  seats: string[]
}

/**
 * The steps the user must play now, with a deadline: active games not paused where one of their seats is
 * still to act (the stored `pending` lists only seats that have not submitted for the step).
 */
export async function deadlinesOf(db: Db, userId: string): Promise<DeadlineEvent[]> {
  const rows = await poolOf(db)!.query<Row>(
    `SELECT g.id, g.title, g.ruleset, g."logSeq", g."deadlineAt" AT TIME ZONE 'UTC' AS "deadlineAt", g.pending,
            array_agg(s.seat ORDER BY s.seat) AS seats
       FROM "Game" g JOIN "Seat" s ON s."gameId" = g.id
      WHERE s."userId" = $1::uuid AND g.status = 'ACTIVE' AND g."pausedAt" IS NULL AND g."deadlineAt" IS NOT NULL
        AND g.pending @> jsonb_build_array(jsonb_build_object('seats', jsonb_build_array(s.seat)))
      GROUP BY g.id
      ORDER BY g."deadlineAt", g.id`,
    [userId],
  )
  return rows.rows.map((g) => {
    const mine = (g.pending ?? []).filter((p) => p.seats.some((s) => g.seats.includes(s)))
    return {
      gameId: g.id,
      title: g.title,
      ruleset: g.ruleset,
      logSeq: g.logSeq,
      deadline: g.deadlineAt,
      step: mine[0]?.step ?? '',
      seats: g.seats,
    }
  })
}

/** A step's name as players read it (the rule system's title for it, in English). */
function stepName(ruleset: string, step: string): string {
  try {
    return ruleSystem(ruleset)?.stepTitle(step, DEFAULT_LOCALE) ?? step
  } catch {
    return step
  }
}

/** The feed: one event a deadline, at its instant, with an alarm `reminderHours` before it. */
export function deadlinesCalendar(
  events: DeadlineEvent[],
  owner: CalendarOwner,
  publicUrl: string,
  now = new Date(),
): string {
  const lines: IcsLine[] = [
    ['BEGIN', 'VCALENDAR'],
    ['VERSION', '2.0'],
    ['PRODID', '-//hexmail//deadlines//EN'],
    ['CALSCALE', 'GREGORIAN'],
    ['METHOD', 'PUBLISH'],
    ['X-WR-CALNAME', icsText('hexmail deadlines')],
  ]
  for (const e of events) {
    const url = `${publicUrl}/g/${e.gameId}`
    const step = stepName(e.ruleset, e.step)
    const description = [
      `Step: ${step}`,
      `Your ${e.seats.length > 1 ? 'seats' : 'seat'} to play: ${e.seats.join(', ')}`,
      `Play it: ${url}`,
    ].join('\n')
    lines.push(
      ['BEGIN', 'VEVENT'],
      // The step's log position keeps the UID of one deadline stable, and new for the next step.
      ['UID', `${e.gameId}-${e.logSeq}@hexmail`],
      ['DTSTAMP', icsDate(now)],
      ['DTSTART', icsDate(e.deadline)],
      ['DURATION', 'PT15M'],
      ['SUMMARY', icsText(`Deadline: ${e.title}`)],
      ['DESCRIPTION', icsText(description)],
      ['URL', url],
      ['BEGIN', 'VALARM'],
      ['ACTION', 'DISPLAY'],
      ['DESCRIPTION', icsText(`Deadline in ${owner.reminderHours} h: ${e.title}`)],
      ['TRIGGER', `-PT${owner.reminderHours}H`],
      ['END', 'VALARM'],
      ['END', 'VEVENT'],
    )
  }
  lines.push(['END', 'VCALENDAR'])
  return icsDocument(lines)
}
