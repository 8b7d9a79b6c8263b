// Who moderates a game (docs/moderation.md). One function decides it, canModerate, so the club
// moderators that come with leagues slot in there. Nobody moderates a game in which they hold a seat,
// not even an admin: a moderator reads hidden information and changes the state.
import type { Db } from '../store/db.js'
import { hiddenFrom, type Caller, type GameAccess } from './access.js'
import type { Prisma } from '../store/generated/client.js'

type Tx = Prisma.TransactionClient | Db

export type SiteRole = 'PLAYER' | 'MODERATOR' | 'ADMIN'

/** An account as moderation sees it: its role read from the database, not from a token. */
export interface Moderator {
  id: string
  role: SiteRole
}

/** What of a game decides who moderates it. */
export interface ModeratedGame {
  gameMasterId: string | null
  seats: ReadonlyArray<{ userId: string | null }>
}

/** An account's email as stored (as src/auth/accounts.ts normalises it): trimmed, lower case. */
export function normaliseEmail(email: string): string {
  return email.trim().toLowerCase()
}

/** Site roles that moderate every game they do not play in. */
const SITE_MODERATORS: readonly SiteRole[] = ['ADMIN', 'MODERATOR']

/**
 * Whether `user` may moderate `game`: its game master, or a site admin, and never one of its players.
 * The moderators' inbox applies the same rule in SQL (inboxFilter in src/games/disputes.ts): change
 * both together (test/http/disputes.test.ts checks they agree).
 */
export function canModerate(user: Moderator | null, game: ModeratedGame): boolean {
  if (!user) return false
  if (game.seats.some((s) => s.userId === user.id)) return false
  if (SITE_MODERATORS.includes(user.role)) return true
  return game.gameMasterId !== null && game.gameMasterId === user.id
  // Club moderators (leagues) are added here: a moderator of the club whose season the game belongs to.
}

/** The caller as moderation sees them: their current role in the database (a token may be older). */
export async function moderatorAccount(db: Tx, userId: string | null): Promise<Moderator | null> {
  if (!userId) return null
  const row = await db.user.findUnique({ where: { id: userId }, select: { id: true, role: true } })
  return row ? { id: row.id, role: row.role } : null
}

/** Who is told when a game needs a moderator: its game master, else the site's admins and moderators; not players. */
export async function moderatorsToTell(
  db: Tx,
  game: ModeratedGame,
): Promise<Array<{ id: string; email: string; name: string }>> {
  const players = new Set(game.seats.map((s) => s.userId).filter((id): id is string => id !== null))
  if (game.gameMasterId && !players.has(game.gameMasterId)) {
    const gm = await db.user.findUnique({
      where: { id: game.gameMasterId },
      select: { id: true, email: true, name: true },
    })
    if (gm) return [gm]
  }
  const admins = await db.user.findMany({
    where: { role: { in: [...SITE_MODERATORS] } },
    select: { id: true, email: true, name: true },
    orderBy: { email: 'asc' },
  })
  return admins.filter((a) => !players.has(a.id))
}

/**
 * Whether the caller may not learn that this game exists: hiddenFrom, except that a moderator of the game
 * (by their role in the database, which a token issued before a grant does not carry) always may.
 */
export async function hiddenFromCaller(db: Tx, game: GameAccess & ModeratedGame, caller: Caller): Promise<boolean> {
  if (!hiddenFrom(game, caller)) return false
  return !canModerate(await moderatorAccount(db, caller.userId), game)
}
