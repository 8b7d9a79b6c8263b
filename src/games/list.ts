// The list of games: open public games and the caller's own, newest first.
import type { Pending } from '../engine/ruleset.js'
import type { Db } from '../store/db.js'
import { DEFAULT_LOCALE, type Locale } from '../i18n/index.js'
import { describePending } from './words.js'

export type GameStatus = 'OPEN' | 'ACTIVE' | 'FINISHED'

/** At most this many games in one answer. */
export const LIST_LIMIT = 100

/**
 * `mine`: only the games the caller holds a seat in (none when signed out); otherwise the public games
 * and the caller's own private ones.
 */
export async function listGames(
  db: Db,
  userId: string | undefined,
  filter: { status?: GameStatus; mine?: boolean },
  locale: Locale = DEFAULT_LOCALE,
) {
  const { status, mine } = filter
  const where = {
    ...(status ? { status } : {}),
    ...(mine
      ? { seats: { some: { userId: userId ?? '00000000-0000-0000-0000-000000000000' } } }
      : { OR: [{ private: false }, ...(userId ? [{ seats: { some: { userId } } }] : [])] }),
  }
  const games = await db.game.findMany({
    where,
    orderBy: { createdAt: 'desc' },
    take: LIST_LIMIT,
    include: { seats: { select: { seat: true, side: true, userId: true } } },
  })
  return games.map((g) => ({
    id: g.id,
    title: g.title,
    ruleset: g.ruleset,
    scenario: g.scenarioId,
    status: g.status,
    private: g.private,
    players: g.players,
    freeSeats: g.seats.filter((s) => !s.userId).map((s) => s.seat),
    logSeq: g.logSeq,
    pending: describePending(g.ruleset, g.pending as Pending[] | null, locale),
  }))
}

/**
 * The games a player holds a seat in, for their home page: whose turn it is, whether they must act now
 * (a pending step names one of their seats that has not yet submitted) and the deadline. The games where
 * they must act come first, soonest deadline first; then the others, newest first.
 */
export async function myGames(db: Db, userId: string, locale: Locale = DEFAULT_LOCALE) {
  const games = await db.game.findMany({
    where: { seats: { some: { userId } } },
    orderBy: { createdAt: 'desc' },
    take: LIST_LIMIT,
    include: { seats: { select: { seat: true, side: true, userId: true, user: { select: { name: true } } } } },
  })
  const rows = games.map((g) => {
    const mine = g.seats.filter((s) => s.userId === userId)
    const mySeats = new Set(mine.map((s) => s.seat))
    const pending = describePending(g.ruleset, g.pending as Pending[] | null, locale) ?? []
    const mustAct =
      g.status === 'ACTIVE' &&
      !g.pausedAt &&
      pending.some((p) => p.seats.some((seat) => mySeats.has(seat) && !(p.submitted ?? []).includes(seat)))
    return {
      id: g.id,
      title: g.title,
      ruleset: g.ruleset,
      scenario: g.scenarioId,
      status: g.status,
      private: g.private,
      paused: g.pausedAt !== null,
      seats: mine.map((s) => ({ seat: s.seat, side: s.side })),
      opponents: g.seats.filter((s) => s.userId !== userId).map((s) => ({ seat: s.seat, name: s.user?.name ?? null })),
      freeSeats: g.seats.filter((s) => !s.userId).length,
      pending: pending.map((p) => ({ side: p.side, step: p.step, description: p.description })),
      mustAct,
      deadline: g.status === 'ACTIVE' ? g.deadlineAt : null,
      outcome: g.outcome,
      createdAt: g.createdAt,
    }
  })
  const first = rows
    .filter((r) => r.mustAct)
    .sort((a, b) => (a.deadline?.getTime() ?? Infinity) - (b.deadline?.getTime() ?? Infinity))
  return [...first, ...rows.filter((r) => !r.mustAct)]
}
