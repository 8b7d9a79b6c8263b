// A player's email preferences, the emails sent to them with their delivery state, and the signed
// one-click unsubscribe link every game email carries.
import { timingSafeEqual } from 'node:crypto'
import { IANAZone } from 'luxon'
import { Forbidden, InvalidInput } from '../games/errors.js'
import { DEFAULT_LOCALE, isLocale, LOCALES, type Locale } from '../i18n/index.js'
import type { Db } from '../store/db.js'
import { unsubscribeToken } from './messages.js'

export interface Preferences {
  timeZone: string
  /** The language of the emails. */
  locale: Locale
  notifyYourPhase: boolean
  notifyReminders: boolean
  notifyEveryPhase: boolean
  /** The messages other players write in a game (docs/messages.md). */
  notifyMessages: boolean
  digest: boolean
  reminderHours: number
  /** false after an unsubscribe: no game email at all. */
  subscribed: boolean
}

const fields = {
  timeZone: true,
  locale: true,
  notifyYourPhase: true,
  notifyReminders: true,
  notifyEveryPhase: true,
  notifyMessages: true,
  digest: true,
  reminderHours: true,
  unsubscribedAt: true,
} as const

function shape(
  u: Omit<Preferences, 'subscribed' | 'locale'> & { locale: string; unsubscribedAt: Date | null },
): Preferences {
  const { unsubscribedAt, locale, ...rest } = u
  return { ...rest, locale: isLocale(locale) ? locale : DEFAULT_LOCALE, subscribed: unsubscribedAt === null }
}

export async function preferencesOf(db: Db, userId: string): Promise<Preferences> {
  return shape(await db.user.findUniqueOrThrow({ where: { id: userId }, select: fields }))
}

/** Changes the fields given; the time zone must be an IANA one, the locale one of LOCALES. */
export async function updatePreferences(db: Db, userId: string, patch: Partial<Preferences>): Promise<Preferences> {
  const { subscribed, timeZone, ...rest } = patch
  if (timeZone !== undefined && !IANAZone.isValidZone(timeZone))
    throw new InvalidInput(`"${timeZone}" is not an IANA time zone (e.g. Europe/London, Asia/Tokyo)`, {
      field: 'timeZone',
    })
  if (rest.locale !== undefined && !isLocale(rest.locale))
    throw new InvalidInput(`"${String(rest.locale)}" is not a language hexmail writes (${LOCALES.join(', ')})`, {
      field: 'locale',
    })
  const data = {
    ...rest,
    ...(timeZone !== undefined ? { timeZone } : {}),
    ...(subscribed !== undefined ? { unsubscribedAt: subscribed ? null : new Date() } : {}),
  }
  return shape(await db.user.update({ where: { id: userId }, data, select: fields }))
}

export type NotificationStatus = 'queued' | 'sent' | 'failed' | 'skipped'

/** One page of the emails sent to a player, newest first; `next` is the `before` of the next (older) page. */
export async function notificationsOf(
  db: Db,
  userId: string,
  query: { status?: NotificationStatus; limit: number; before?: string },
) {
  const { status, limit, before } = query
  const rows = await db.notification.findMany({
    where: {
      userId,
      ...(status ? { status } : {}),
      ...(before ? { id: { lt: BigInt(before) } } : {}),
    },
    orderBy: { id: 'desc' },
    take: limit + 1,
    select: {
      id: true,
      kind: true,
      gameId: true,
      seq: true,
      status: true,
      attempts: true,
      lastError: true,
      createdAt: true,
      sentAt: true,
    },
  })
  const page = rows.slice(0, limit)
  return {
    notifications: page.map((n) => ({
      ...n,
      id: n.id.toString(),
      createdAt: n.createdAt.toISOString(),
      sentAt: n.sentAt?.toISOString() ?? null,
    })),
    next: rows.length > limit ? page[page.length - 1]!.id.toString() : null,
  }
}

/** Throws unless `token` is the unsubscribe token of `userId` (the link of a game email). */
export function checkUnsubscribeLink(secret: string, userId: string, token: string): void {
  const want = Buffer.from(unsubscribeToken(secret, userId))
  const got = Buffer.from(token)
  if (want.length !== got.length || !timingSafeEqual(want, got))
    throw new Forbidden('this unsubscribe link is not valid')
}

/** One-click unsubscribe through a signed link: no game email any more (once; a second click changes nothing). */
export async function unsubscribe(db: Db, secret: string, userId: string, token: string): Promise<void> {
  checkUnsubscribeLink(secret, userId, token)
  await db.user.updateMany({ where: { id: userId, unsubscribedAt: null }, data: { unsubscribedAt: new Date() } })
}
