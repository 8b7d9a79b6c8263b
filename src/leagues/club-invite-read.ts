// What an invitation's link shows before it is used (the club page's `?invite=TOKEN`): to whom it was
// sent, by whom, with what role, and whether it still works. Reading changes nothing; accepting is
// acceptInvite's (POST /clubs/:id/invites/accept), which checks all of this again under the club's lock.
import type { Db } from '../store/db.js'
import { hashToken } from './clubs.js'
import type { ClubRole } from './roles.js'

export type InviteState = 'pending' | 'accepted' | 'withdrawn' | 'expired'

export interface InvitationView {
  email: string
  role: ClubRole
  inviterName: string
  expiresAt: string
  state: InviteState
}

/** The invitation to this club that the token opens, or null (unknown, or an invitation to another club). */
export async function invitationByToken(
  db: Db,
  clubId: string,
  token: string,
  now = new Date(),
): Promise<InvitationView | null> {
  if (!token) return null
  const invite = await db.clubInvite.findUnique({ where: { tokenHash: hashToken(token) } })
  if (!invite || invite.clubId !== clubId) return null
  const inviter = await db.user.findUnique({ where: { id: invite.invitedById }, select: { name: true } })
  const state: InviteState = invite.acceptedAt
    ? 'accepted'
    : invite.revokedAt
      ? 'withdrawn'
      : invite.expiresAt <= now
        ? 'expired'
        : 'pending'
  return {
    email: invite.email,
    role: invite.role as ClubRole,
    inviterName: inviter?.name ?? '',
    expiresAt: invite.expiresAt.toISOString(),
    state,
  }
}
