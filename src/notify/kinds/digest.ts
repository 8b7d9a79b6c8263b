// The day's held news (phases resolved, deadline notices), one section each, as text: the maps are
// on the game pages.
import { DEFAULT_LOCALE, translator } from '../../i18n/index.js'
import { poolOf, type Db } from '../../store/db.js'
import { EMAIL_NS } from '../compose/helpers.js'
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

export const digest: Composer = async (env, n) => {
  const t = translator(env.recipient.locale ?? DEFAULT_LOCALE, EMAIL_NS)
  const held = await heldRows(env.ctx.db, (n.payload.ids as string[] | undefined) ?? [])
  const parts = await Promise.all(held.map((row) => env.draftOther(row, { map: false })))
  const date = String(n.payload.date ?? '')
  const messages = t('digest.messages', { count: parts.length })
  const text = [
    t('digest.intro', { date, messages }),
    '',
    ...parts.flatMap((p) => [LINE, p.composed.subject, LINE, '', p.composed.text.trim(), '']),
    t('digest.preferences', { url: env.links.preferencesUrl }),
    t('digest.unsubscribe', { url: env.links.unsubscribeUrl }),
    '',
  ].join('\n')
  return { composed: { subject: t('digest.subject', { messages, date }), text, html: '' } }
}
