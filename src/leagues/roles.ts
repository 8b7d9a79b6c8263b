// A person's role in a club (docs/leagues.md): owner, moderator or member. Owners and moderators run
// the club (members, join requests) and moderate every game of its seasons they do not play in
// (games/moderation-access.ts: moderatorAccount reads the same roles from ClubMember into Moderator.clubs,
// since src/games may not import this file; CLUB_MODERATING_ROLES there must stay equal to CLUB_STAFF).
import type { Prisma } from '../store/generated/client.js'
import type { Db } from '../store/db.js'

type Tx = Prisma.TransactionClient | Db

export const CLUB_ROLES = ['owner', 'moderator', 'member'] as const
export type ClubRole = (typeof CLUB_ROLES)[number]

/** The roles that run a club and moderate its seasons' games. */
export const CLUB_STAFF: readonly ClubRole[] = ['owner', 'moderator']

/** The caller's role in a club, or null when not a member. */
export async function clubRole(db: Tx, clubId: string, userId: string | null): Promise<ClubRole | null> {
  if (!userId) return null
  const row = await db.clubMember.findUnique({ where: { clubId_userId: { clubId, userId } }, select: { role: true } })
  return (row?.role as ClubRole | undefined) ?? null
}

export const isClubStaff = (role: ClubRole | null): boolean => role !== null && CLUB_STAFF.includes(role)
