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
