// Invitations by email: a seated player of a game still open invites an address; the email carries
// the invite link (which shows the game, even a private one, and how to take a seat).
import type { Db } from '../store/db.js'
import { Conflict, Forbidden, InvalidInput, TooManyInvitations } from './errors.js'
import { hiddenFrom, noSuchGame, type Caller } from './access.js'

export const INVITES_PER_GAME = 20
/** Invitations one player may send in a day, over all games; and one address may receive in a day, from anyone. */
export const INVITES_PER_SENDER_DAY = 20
export const INVITES_PER_ADDRESS_DAY = 3

export interface InviteInput {
  email: string
  /** A seat to suggest (the invitee may still choose another free one). */
  seat?: string
  message?: string
}

export async function inviteByEmail(
  db: Db,
  caller: Caller & { userId: string },
  gameId: string,
  input: InviteInput,
  publicUrl: string,
) {
  const { userId } = caller
  const email = input.email.trim().toLowerCase()
  const game = await db.game.findUnique({ where: { id: gameId }, include: { seats: true } })
  if (!game || hiddenFrom(game, caller)) throw noSuchGame(gameId)
  const me = game.seats.find((s) => s.userId === userId)
  if (!me) throw new Forbidden('only the players of a game invite to it')
  if (game.status !== 'OPEN') throw new Conflict('this game has started: every seat is taken')
  const free = game.seats.filter((s) => !s.userId)
  if (input.seat !== undefined && !free.some((s) => s.seat === input.seat))
    throw new InvalidInput(`seat ${input.seat} is not free; free seats: ${free.map((s) => s.seat).join(', ')}`, {
      field: 'seat',
    })
  const invitee = await db.user.findUnique({ where: { email }, select: { id: true, unsubscribedAt: true } })
  if (invitee && game.seats.some((s) => s.userId === invitee.id))
    throw new Conflict(`${email} already plays in this game`)
  if (invitee?.unsubscribedAt)
    throw new Conflict(`${email} has unsubscribed from game email: send them the invite link yourself`, {
      field: 'email',
    })
  const sent = await db.outbox.count({ where: { gameId, kind: 'invite' } })
  if (sent >= INVITES_PER_GAME) throw new Conflict(`a game sends at most ${INVITES_PER_GAME} invitations`)
  const inviter = await db.user.findUniqueOrThrow({
    where: { id: userId },
    select: { name: true, emailVerifiedAt: true },
  })
  // Invitations go to addresses that never asked for mail: only a confirmed account may send them.
  if (!inviter.emailVerifiedAt)
    throw new Forbidden(
      'confirm your own email address first (the link in the verification email): then you can invite others by email',
    )
  const dedupeKey = `invite:${gameId}:${email}`
  const existing = await db.outbox.findUnique({ where: { dedupeKey }, select: { id: true } })
  if (!existing) {
    // Invitations reach people who never asked for mail: a day's worth is bounded per sender and per address.
    const day = await db.$queryRaw<Array<{ bySender: number; toAddress: number }>>`
      SELECT count(*) FILTER (WHERE payload->>'fromUserId' = ${userId})::int AS "bySender",
             count(*) FILTER (WHERE payload->>'to' = ${email})::int AS "toAddress"
        FROM "Outbox" WHERE kind = 'invite' AND "createdAt" > (now() AT TIME ZONE 'UTC') - interval '1 day'`
    if (day[0]!.bySender >= INVITES_PER_SENDER_DAY)
      throw new TooManyInvitations(
        `you have sent ${INVITES_PER_SENDER_DAY} invitations in the last 24 hours, the most a player may: ` +
          'send the invite link yourself, or try again tomorrow',
      )
    if (day[0]!.toAddress >= INVITES_PER_ADDRESS_DAY)
      throw new TooManyInvitations(
        `${email} has been invited ${INVITES_PER_ADDRESS_DAY} times in the last 24 hours, ` +
          'the most an address may be: send them the invite link yourself',
        { field: 'email' },
      )
    await db.outbox.createMany({
      data: [
        {
          gameId,
          kind: 'invite',
          dedupeKey,
          payload: {
            to: email,
            userId: invitee?.id ?? null,
            fromUserId: userId,
            from: inviter.name,
            seat: input.seat ?? null,
            message: input.message ?? null,
          },
        },
      ],
      skipDuplicates: true,
    })
  }
  return {
    invited: email,
    alreadyInvited: existing !== null,
    inviteUrl: `${publicUrl}/games/${gameId}?invite=${encodeURIComponent(game.inviteCode)}`,
  }
}
