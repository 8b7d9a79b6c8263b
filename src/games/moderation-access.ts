// Who moderates a game (docs/moderation.md, docs/leagues.md). One function decides it, canModerate: the
// site's admins and moderators, the game's master, and the owners and moderators of the game's club who have
// not entered the game's season (an entrant would judge, and read the hidden state of, its rivals' games).
// Nobody moderates a game in which they hold a seat, not even an admin: a moderator reads hidden
// information and changes the state.
import type { Db } from '../store/db.js'
import { hiddenFrom, type Caller, type GameAccess } from './access.js'
import type { Prisma } from '../store/generated/client.js'

type Tx = Prisma.TransactionClient | Db

export type SiteRole = 'PLAYER' | 'MODERATOR' | 'ADMIN'

/** An account as moderation sees it: its role read from the database, not from a token. */
export interface Moderator {
  id: string
  role: SiteRole
  /** The clubs where the account is an owner or a moderator: it moderates their games. */
  clubs: string[]
  /** The seasons the account has entered (withdrawn too): as club staff it moderates none of their games. */
  seasons: string[]
}

/** What of a game decides who moderates it. */
export interface ModeratedGame {
  gameMasterId: string | null
  /** The club the game belongs to (a season's fixture): its owners and moderators moderate it. */
  clubId: string | null
  /** The season the game is a fixture of: club staff who entered that season do not moderate it. */
  seasonId: string | null
  seats: ReadonlyArray<{ userId: string | null }>
}

/** An account's email as stored (as src/auth/accounts.ts normalises it): trimmed, lower case. */
export function normaliseEmail(email: string): string {
  return email.trim().toLowerCase()
}

/** Site roles that moderate every game they do not play in. */
const SITE_MODERATORS: readonly SiteRole[] = ['ADMIN', 'MODERATOR']

/**
 * The club roles that moderate the club's games (src/leagues/roles.ts CLUB_STAFF says the same; src/games
 * may not import src/leagues, so the two lists are kept in step by hand).
 */
export const CLUB_MODERATING_ROLES = ['owner', 'moderator'] as const

/**
 * Whether `user` may moderate `game`: a site admin or moderator, its game master, or an owner or moderator
 * of its club who has not entered its season (whatever the entry's status: a withdrawn entrant still has
 * friends and rivals in it); never one of its players.
 * The moderators' inbox applies the same rule in SQL (inboxFilter in src/games/disputes.ts): change
 * both together (test/http/disputes.test.ts checks they agree).
 */
export function canModerate(user: Moderator | null, game: ModeratedGame): boolean {
  if (!user) return false
  if (game.seats.some((s) => s.userId === user.id)) return false
  if (SITE_MODERATORS.includes(user.role)) return true
  if (game.gameMasterId !== null && game.gameMasterId === user.id) return true
  if (game.clubId === null || !user.clubs.includes(game.clubId)) return false
  return !(game.seasonId !== null && user.seasons.includes(game.seasonId))
}

/** The caller as moderation sees them: their current role in the database (a token may be older). */
export async function moderatorAccount(db: Tx, userId: string | null): Promise<Moderator | null> {
  if (!userId) return null
  // One round trip for the role, the club roles and the season entries (src/games may not import
  // src/leagues, so the SeasonEntry table is read here directly). Every entry counts, withdrawn too.
  const rows = await db.$queryRaw<Moderator[]>`
    SELECT u.id, u.role::text AS role,
           ARRAY(SELECT cm."clubId"::text FROM "ClubMember" cm
                  WHERE cm."userId" = u.id AND cm.role = ANY(${[...CLUB_MODERATING_ROLES]}::text[])
                  ORDER BY 1) AS clubs,
           ARRAY(SELECT se."seasonId"::text FROM "SeasonEntry" se WHERE se."userId" = u.id ORDER BY 1) AS seasons
      FROM "User" u
     WHERE u.id = ${userId}::uuid`
  const row = rows[0]
  if (!row) return null
  return { id: row.id, role: row.role, clubs: row.clubs, seasons: row.seasons }
}

/**
 * Who is told when a game needs a moderator: its game master and, for a club's game, the club's owners and
 * moderators who have not entered its season; when none of them is free of a seat in it, the site's admins
 * and moderators. Never its players.
 * src/notify/fanout.ts applies the same rule in SQL to a deadline that calls the moderator.
 */
export async function moderatorsToTell(
  db: Tx,
  game: ModeratedGame,
): Promise<Array<{ id: string; email: string; name: string }>> {
  const players = new Set(game.seats.map((s) => s.userId).filter((id): id is string => id !== null))
  const named: string[] = []
  if (game.gameMasterId) named.push(game.gameMasterId)
  if (game.clubId) {
    const staff = await db.clubMember.findMany({
      where: { clubId: game.clubId, role: { in: [...CLUB_MODERATING_ROLES] } },
      select: { userId: true },
    })
    // Staff who entered the game's season do not moderate it (canModerate): they are not told either.
    const entrants = new Set(
      game.seasonId
        ? (
            await db.seasonEntry.findMany({
              where: { seasonId: game.seasonId, userId: { in: staff.map((m) => m.userId) } },
              select: { userId: true },
            })
          ).map((e) => e.userId)
        : [],
    )
    named.push(...staff.map((m) => m.userId).filter((id) => !entrants.has(id)))
  }
  const free = named.filter((id) => !players.has(id))
  if (free.length > 0) {
    const found = await db.user.findMany({
      where: { id: { in: free } },
      select: { id: true, email: true, name: true },
      orderBy: { email: 'asc' },
    })
    if (found.length > 0) return found
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
