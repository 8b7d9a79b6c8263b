// The day's held news (phases resolved, deadline notices), one section each, as text: the maps are
// on the game pages.
import { poolOf, type Db } from '../../store/db.js'
import type { Composer, NotificationRow } from './core.js'

/** The held notifications a digest gathers, with their recipient's name and time zone. */
async function heldRows(db: Db, ids: string[]): Promise<NotificationRow[]> {
  const rows = await poolOf(db)!.query<NotificationRow>(
    `SELECT n.id::text, n."outboxId"::text, n."userId", n."gameId", n.seat, n.seq, n.kind, n."toAddress", o.payload,
            u.name AS "userName", u."timeZone" AS "userTimeZone", u.locale AS "userLocale"
       FROM "Notification" n JOIN "Outbox" o ON o.id = n."outboxId" LEFT JOIN "User" u ON u.id = n."userId"
      WHERE n.id = ANY($1::bigint[]) ORDER BY n.id`,
    [ids],
  )
  return rows.rows
}

const LINE = '-'.repeat(60)
const messages = (count: number) => `${count} message${count === 1 ? '' : 's'}`

export const digest: Composer = async (env, n) => {
  const held = await heldRows(env.ctx.db, (n.payload.ids as string[] | undefined) ?? [])
  const parts = await Promise.all(held.map((row) => env.draftOther(row, { map: false })))
  const date = String(n.payload.date ?? '')
  const text = [
    `Your hexmail digest for ${date}: ${messages(parts.length)}.`,
    '',
    ...parts.flatMap((p) => [LINE, p.composed.subject, LINE, '', p.composed.text.trim(), '']),
    `Email preferences (the digest, your time zone): ${env.links.preferencesUrl}`,
    `Unsubscribe: ${env.links.unsubscribeUrl}`,
    '',
  ].join('\n')
  return { composed: { subject: `hexmail digest: ${messages(parts.length)} (${date})`, text, html: '' } }
}
