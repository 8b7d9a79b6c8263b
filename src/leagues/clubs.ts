// Clubs and their members (docs/leagues.md, Roles): create and change a club, invite by email, ask to
// join, decide requests, change roles, remove members. Every change to a club's members runs under a
// lock of the club's row, so two owners stepping down at once cannot leave a club without an owner, and
// one person cannot open two requests by racing.
import { createHash, randomBytes } from 'node:crypto'
import { Conflict, Forbidden, InvalidInput, NotFound, TooMany, TooManyInvitations } from '../games/errors.js'
import { INVITES_PER_ADDRESS_DAY, INVITES_PER_SENDER_DAY } from '../games/invites.js'
import { normaliseEmail } from '../games/moderation-access.js'
import { hasControl } from '../games/text.js'
import { oneLineName } from './names.js'
import type { Db } from '../store/db.js'
import type { Prisma } from '../store/generated/client.js'
import type { OutboxPayload } from '../store/outbox.js'
import { CLUB_ROLES, clubRole, isClubStaff, type ClubRole } from './roles.js'

type Tx = Prisma.TransactionClient

export const JOIN_POLICIES = ['request', 'invite'] as const
export type JoinPolicy = (typeof JOIN_POLICIES)[number]

export const CLUB_NAME_MAX = 100
export const CLUB_DESCRIPTION_MAX = 2000
export const JOIN_MESSAGE_MAX = 500
export const CLUBS_PAGE_MAX = 100
export const CLUBS_PAGE_DEFAULT = 50
/** How long an invitation's link works. */
export const INVITE_DAYS = 14
/** Club invitations one address may get in 24 hours from every sender together. */
export const CLUB_INVITES_PER_ADDRESS_DAY = 10
/** The clubs one account may create in 24 hours, unless configured (CLUBS_PER_DAY). */
export const CLUBS_PER_DAY = 5

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

export interface ClubSummary {
  id: string
  name: string
  description: string
  joinPolicy: JoinPolicy
  memberCount: number
  seasonCount: number
  createdAt: string
  /** The caller's role in the club; null when not a member or not signed in. */
  myRole: ClubRole | null
}

export interface ClubMemberView {
  userId: string
  name: string
  role: ClubRole
  joinedAt: string
  /** Only for the club's owners and moderators (and site admins). */
  email?: string
}

export type JoinRequestStatus = 'open' | 'accepted' | 'declined' | 'withdrawn'

export interface JoinRequestView {
  id: string
  userId: string
  name: string
  message: string
  status: JoinRequestStatus
  createdAt: string
  decidedAt: string | null
}

export interface InviteView {
  id: string
  email: string
  role: ClubRole
  invitedBy: { id: string; name: string }
  createdAt: string
  expiresAt: string
}

export interface ClubDetail extends ClubSummary {
  /** Whether the caller may run the club (an owner or moderator, or a site admin). */
  canManage: boolean
  members: ClubMemberView[]
  seasons: Array<{ id: string; name: string; status: string; format: string; ruleset: string }>
  /** For those who run the club only: the open requests to join and the invitations not yet answered. */
  joinRequests?: JoinRequestView[]
  invites?: InviteView[]
}

/** What a caller may do in a club: their role there, and whether they are a site admin (an owner everywhere). */
interface Standing {
  userId: string
  role: ClubRole | null
  admin: boolean
}
const isOwner = (s: Standing) => s.admin || s.role === 'owner'
const isStaff = (s: Standing) => s.admin || isClubStaff(s.role)

const noSuchClub = (id: string) => new NotFound(`no club ${id}`, { field: 'id' })

/** A name, trimmed: 1–100 characters, one line, something visible. */
function clubName(raw: string): string {
  return oneLineName(raw, 'name', CLUB_NAME_MAX)
}

/** A free text (a description, a message): no control characters but tabs and line breaks; within `max`. */
function freeText(raw: string, field: string, max: number): string {
  const text = raw.trim()
  if (hasControl(text)) throw new InvalidInput(`${field} must not contain control characters`, { field })
  if ([...text].length > max) throw new InvalidInput(`${field} must be at most ${max} characters`, { field })
  return text
}

/** The caller's standing in the club, read from the database (a token's role may be older). */
async function standingIn(db: Db | Tx, clubId: string, userId: string): Promise<Standing> {
  const [user, role] = await Promise.all([
    db.user.findUnique({ where: { id: userId }, select: { role: true } }),
    clubRole(db, clubId, userId),
  ])
  return { userId, role, admin: user?.role === 'ADMIN' }
}

/** Locks the club's row for the rest of the transaction: its members change one change at a time. */
async function lockClub(tx: Tx, clubId: string): Promise<{ id: string; name: string; joinPolicy: string }> {
  if (!UUID.test(clubId)) throw noSuchClub(clubId)
  const rows = await tx.$queryRaw<Array<{ id: string; name: string; joinPolicy: string }>>`
    SELECT id::text, name, "joinPolicy" FROM "Club" WHERE id = ${clubId}::uuid FOR UPDATE`
  if (!rows[0]) throw noSuchClub(clubId)
  return rows[0]
}

async function summaries(db: Db | Tx, ids: string[], userId: string | null): Promise<ClubSummary[]> {
  if (ids.length === 0) return []
  const [clubs, mine] = await Promise.all([
    db.club.findMany({
      where: { id: { in: ids } },
      include: { _count: { select: { members: true, seasons: true } } },
    }),
    userId
      ? db.clubMember.findMany({ where: { userId, clubId: { in: ids } }, select: { clubId: true, role: true } })
      : Promise.resolve([]),
  ])
  const roles = new Map(mine.map((m) => [m.clubId, m.role as ClubRole]))
  const byId = new Map(clubs.map((c) => [c.id, c]))
  return ids.flatMap((id) => {
    const c = byId.get(id)
    if (!c) return []
    return [
      {
        id: c.id,
        name: c.name,
        description: c.description,
        joinPolicy: c.joinPolicy as JoinPolicy,
        memberCount: c._count.members,
        seasonCount: c._count.seasons,
        createdAt: c.createdAt.toISOString(),
        myRole: roles.get(c.id) ?? null,
      },
    ]
  })
}

export interface ClubInput {
  name: string
  description?: string
  joinPolicy?: JoinPolicy
}

/** POST /clubs: the creator becomes its (first) owner. */
export async function createClub(
  db: Db,
  userId: string,
  input: ClubInput,
  clubsPerDay = CLUBS_PER_DAY,
): Promise<ClubDetail> {
  const name = clubName(input.name)
  const description = freeText(input.description ?? '', 'description', CLUB_DESCRIPTION_MAX)
  // A club is made now and then, not by the hundred: a bound keeps one account from flooding the list.
  const made = await db.club.count({
    where: { createdById: userId, createdAt: { gt: new Date(Date.now() - 86_400_000) } },
  })
  if (made >= clubsPerDay)
    throw new TooMany(
      `you have created ${made} clubs in the last 24 hours, the most an account may: try again tomorrow`,
    )
  const club = await db.$transaction(async (tx) => {
    const created = await tx.club.create({
      data: { name, description, joinPolicy: input.joinPolicy ?? 'request', createdById: userId },
    })
    await tx.clubMember.create({ data: { clubId: created.id, userId, role: 'owner' } })
    return created
  })
  return getClub(db, club.id, userId)
}

function encodeCursor(name: string, id: string): string {
  return Buffer.from(JSON.stringify([name, id])).toString('base64url')
}

function decodeCursor(cursor: string): { name: string; id: string } {
  try {
    const value: unknown = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'))
    if (Array.isArray(value) && typeof value[0] === 'string' && typeof value[1] === 'string' && UUID.test(value[1]))
      return { name: value[0], id: value[1] }
  } catch {
    // Not JSON: refused below like any other cursor this server did not give.
  }
  throw new InvalidInput('cursor is not one this server gave: pass the `next` of the previous page', {
    field: 'cursor',
  })
}

/** GET /clubs: every club by name, a page at a time (`next` is the cursor of the page after, null on the last). */
export async function listClubs(
  db: Db,
  userId: string | null,
  q: { limit?: number; cursor?: string },
): Promise<{ clubs: ClubSummary[]; next: string | null }> {
  const limit = Math.min(Math.max(1, q.limit ?? CLUBS_PAGE_DEFAULT), CLUBS_PAGE_MAX)
  const after = q.cursor === undefined ? null : decodeCursor(q.cursor)
  const rows = await db.club.findMany({
    where: after ? { OR: [{ name: { gt: after.name } }, { name: after.name, id: { gt: after.id } }] } : {},
    orderBy: [{ name: 'asc' }, { id: 'asc' }],
    take: limit + 1,
    select: { id: true, name: true },
  })
  const page = rows.slice(0, limit)
  const last = page.at(-1)
  return {
    clubs: await summaries(
      db,
      page.map((r) => r.id),
      userId,
    ),
    next: rows.length > limit && last ? encodeCursor(last.name, last.id) : null,
  }
}

async function names(db: Db | Tx, ids: string[]): Promise<Map<string, { name: string; email: string }>> {
  const users = await db.user.findMany({
    where: { id: { in: [...new Set(ids)] } },
    select: { id: true, name: true, email: true },
  })
  return new Map(users.map((u) => [u.id, { name: u.name, email: u.email }]))
}

/** GET /clubs/:id: the club, its members and seasons; for those who run it, open requests and pending invites. */
export async function getClub(db: Db, clubId: string, userId: string | null): Promise<ClubDetail> {
  if (!UUID.test(clubId)) throw noSuchClub(clubId)
  const [summary] = await summaries(db, [clubId], userId)
  if (!summary) throw noSuchClub(clubId)
  const staff = userId ? isStaff(await standingIn(db, clubId, userId)) : false
  const [members, seasons] = await Promise.all([
    db.clubMember.findMany({ where: { clubId }, orderBy: [{ joinedAt: 'asc' }, { userId: 'asc' }] }),
    db.season.findMany({
      where: { clubId },
      select: { id: true, name: true, status: true, format: true, ruleset: true },
      orderBy: [{ createdAt: 'desc' }, { id: 'asc' }],
    }),
  ])
  const people = await names(
    db,
    members.map((m) => m.userId),
  )
  const detail: ClubDetail = {
    ...summary,
    canManage: staff,
    members: members.map((m) => ({
      userId: m.userId,
      name: people.get(m.userId)?.name ?? '',
      role: m.role as ClubRole,
      joinedAt: m.joinedAt.toISOString(),
      ...(staff ? { email: people.get(m.userId)?.email ?? '' } : {}),
    })),
    seasons,
  }
  if (staff) {
    detail.joinRequests = await openRequests(db, clubId)
    detail.invites = await pendingInvites(db, clubId)
  }
  return detail
}

async function openRequests(db: Db | Tx, clubId: string): Promise<JoinRequestView[]> {
  const rows = await db.clubJoinRequest.findMany({
    where: { clubId, status: 'open' },
    orderBy: [{ createdAt: 'asc' }, { id: 'asc' }],
  })
  const people = await names(
    db,
    rows.map((r) => r.userId),
  )
  return rows.map((r) => requestView(r, people.get(r.userId)?.name ?? ''))
}

function requestView(
  r: { id: string; userId: string; message: string; status: string; createdAt: Date; decidedAt: Date | null },
  name: string,
): JoinRequestView {
  return {
    id: r.id,
    userId: r.userId,
    name,
    message: r.message,
    status: r.status as JoinRequestStatus,
    createdAt: r.createdAt.toISOString(),
    decidedAt: r.decidedAt?.toISOString() ?? null,
  }
}

async function pendingInvites(db: Db | Tx, clubId: string): Promise<InviteView[]> {
  const rows = await db.clubInvite.findMany({
    where: { clubId, acceptedAt: null, revokedAt: null, expiresAt: { gt: new Date() } },
    orderBy: [{ createdAt: 'asc' }, { id: 'asc' }],
  })
  const people = await names(
    db,
    rows.map((r) => r.invitedById),
  )
  return rows.map((r) => ({
    id: r.id,
    email: r.email,
    role: r.role as ClubRole,
    invitedBy: { id: r.invitedById, name: people.get(r.invitedById)?.name ?? '' },
    createdAt: r.createdAt.toISOString(),
    expiresAt: r.expiresAt.toISOString(),
  }))
}

/** PATCH /clubs/:id: its owners (and site admins) change its name, description or join policy. */
export async function updateClub(
  db: Db,
  clubId: string,
  userId: string,
  patch: Partial<ClubInput>,
): Promise<ClubDetail> {
  const data: Prisma.ClubUpdateInput = {}
  if (patch.name !== undefined) data.name = clubName(patch.name)
  if (patch.description !== undefined)
    data.description = freeText(patch.description, 'description', CLUB_DESCRIPTION_MAX)
  if (patch.joinPolicy !== undefined) data.joinPolicy = patch.joinPolicy
  await db.$transaction(async (tx) => {
    await lockClub(tx, clubId)
    if (!isOwner(await standingIn(tx, clubId, userId))) throw new Forbidden("only the club's owners change the club")
    await tx.club.update({ where: { id: clubId }, data })
  })
  return getClub(db, clubId, userId)
}

export interface InviteInput {
  email: string
  role?: 'member' | 'moderator'
}

/**
 * POST /clubs/:id/invites: an owner or moderator invites an address (only an owner a moderator). The
 * link's token goes into the email once (an outbox row written with the invitation) and is kept only as
 * its SHA-256. Inviting an address again while its invitation is pending replaces it: the old link stops working.
 */
export async function inviteToClub(
  db: Db,
  clubId: string,
  userId: string,
  input: InviteInput,
  perSenderDay = INVITES_PER_SENDER_DAY,
): Promise<InviteView & { replaced: boolean }> {
  const email = normaliseEmail(input.email)
  if (!/^[^\s@]+@[^\s@]+$/.test(email)) throw new InvalidInput('email must be an email address', { field: 'email' })
  const role = input.role ?? 'member'
  return db.$transaction(async (tx) => {
    const club = await lockClub(tx, clubId)
    const me = await standingIn(tx, clubId, userId)
    if (!isStaff(me)) throw new Forbidden("only the club's owners and moderators invite to it")
    if (role === 'moderator' && !isOwner(me))
      throw new Forbidden("only the club's owners invite a moderator", { field: 'role' })
    const inviter = await tx.user.findUniqueOrThrow({
      where: { id: userId },
      select: { name: true, emailVerifiedAt: true },
    })
    // Invitations reach people who never asked for mail: only a confirmed account sends them (as for games).
    if (!inviter.emailVerifiedAt)
      throw new Forbidden(
        'confirm your own email address first (the link in the verification email): ' +
          'then you can invite others by email',
      )
    const invitee = await tx.user.findUnique({ where: { email }, select: { id: true, unsubscribedAt: true } })
    if (invitee && (await clubRole(tx, clubId, invitee.id)))
      throw new Conflict(`${email} is already a member of this club`, { field: 'email' })
    if (invitee?.unsubscribedAt)
      throw new Conflict(`${email} has unsubscribed from email: the invitation could not reach them`, {
        field: 'email',
      })
    const now = new Date()
    // Invitations reach people who never asked for mail: a day's worth is bounded per sender and per
    // address (the same bounds as game invitations), a replaced invitation counted as one sent.
    const since = new Date(now.getTime() - 86_400_000)
    const bySender = await tx.clubInvite.count({ where: { invitedById: userId, createdAt: { gt: since } } })
    if (bySender >= perSenderDay)
      throw new TooManyInvitations(
        `you have sent ${perSenderDay} club invitations in the last 24 hours, the most one may: ` +
          'try again tomorrow',
      )
    // Per address: three a day from one sender, so nobody is flooded by re-sent invitations; and a wider
    // bound over every sender, so that a few accounts cannot fill one inbox either, while one account
    // alone cannot shut an address off from every other club's invitations.
    const toAddress = await tx.clubInvite.groupBy({
      by: ['invitedById'],
      where: { email, createdAt: { gt: since } },
      _count: { _all: true },
    })
    const fromMe = toAddress.find((g) => g.invitedById === userId)?._count._all ?? 0
    if (fromMe >= INVITES_PER_ADDRESS_DAY)
      throw new TooManyInvitations(
        `you have invited ${email} ${INVITES_PER_ADDRESS_DAY} times in the last 24 hours, ` +
          'the most one may: try again tomorrow',
        { field: 'email' },
      )
    if (toAddress.reduce((n, g) => n + g._count._all, 0) >= CLUB_INVITES_PER_ADDRESS_DAY)
      throw new TooManyInvitations(
        `${email} has been invited to clubs ${CLUB_INVITES_PER_ADDRESS_DAY} times in the last 24 hours, ` +
          'the most an address may be: try again tomorrow',
        { field: 'email' },
      )
    const replaced = await tx.clubInvite.updateMany({
      where: { clubId, email, acceptedAt: null, revokedAt: null, expiresAt: { gt: now } },
      data: { revokedAt: now },
    })
    const token = randomBytes(32).toString('base64url')
    const invite = await tx.clubInvite.create({
      data: {
        clubId,
        email,
        role,
        tokenHash: hashToken(token),
        invitedById: userId,
        expiresAt: new Date(now.getTime() + INVITE_DAYS * 86_400_000),
      },
    })
    const payload: OutboxPayload<'club-invite'> = {
      to: email,
      userId: invitee?.id ?? null,
      clubId,
      clubName: club.name,
      inviterName: inviter.name,
      role,
      token,
    }
    await tx.outbox.create({ data: { kind: 'club-invite', payload } })
    return {
      id: invite.id,
      email,
      role,
      invitedBy: { id: userId, name: inviter.name },
      createdAt: invite.createdAt.toISOString(),
      expiresAt: invite.expiresAt.toISOString(),
      replaced: replaced.count > 0,
    }
  })
}

export const hashToken = (token: string): string => createHash('sha256').update(token).digest('hex')

/**
 * POST /clubs/:id/invites/accept: the invited account joins with the invitation's role. A link used,
 * revoked or expired is a 409 saying which; an account whose email is not the one invited is a 403.
 */
export async function acceptInvite(db: Db, clubId: string, userId: string, token: string): Promise<ClubDetail> {
  await db.$transaction(async (tx) => {
    await lockClub(tx, clubId)
    const invite = await tx.clubInvite.findUnique({ where: { tokenHash: hashToken(token) } })
    if (!invite || invite.clubId !== clubId)
      throw new NotFound('no such invitation to this club: check the link in the email', { field: 'token' })
    if (invite.acceptedAt) throw new Conflict('this invitation has been used already', { field: 'token' })
    if (invite.revokedAt)
      throw new Conflict('this invitation was withdrawn (or replaced by a newer one): ask for a new one', {
        field: 'token',
      })
    if (invite.expiresAt <= new Date())
      throw new Conflict(`this invitation has expired (after ${INVITE_DAYS} days): ask for a new one`, {
        field: 'token',
      })
    const me = await tx.user.findUniqueOrThrow({ where: { id: userId }, select: { email: true } })
    if (normaliseEmail(me.email) !== invite.email)
      throw new Forbidden(
        "this invitation was sent to another email address than your account's: " +
          'sign in with the account of the address invited',
      )
    if (await clubRole(tx, clubId, userId)) throw new Conflict('you are already a member of this club')
    const now = new Date()
    await tx.clubInvite.update({ where: { id: invite.id }, data: { acceptedAt: now, acceptedById: userId } })
    await tx.clubMember.create({ data: { clubId, userId, role: invite.role } })
    // A request to join still open is answered by the invitation.
    await tx.clubJoinRequest.updateMany({
      where: { clubId, userId, status: 'open' },
      data: { status: 'accepted', decidedAt: now, decidedById: invite.invitedById },
    })
  })
  return getClub(db, clubId, userId)
}

/** DELETE /clubs/:id/invites/:inviteId: an owner or moderator withdraws an invitation not yet answered. */
export async function revokeInvite(db: Db, clubId: string, userId: string, inviteId: string): Promise<void> {
  await db.$transaction(async (tx) => {
    await lockClub(tx, clubId)
    if (!isStaff(await standingIn(tx, clubId, userId)))
      throw new Forbidden("only the club's owners and moderators withdraw its invitations")
    const invite = UUID.test(inviteId) ? await tx.clubInvite.findUnique({ where: { id: inviteId } }) : null
    if (!invite || invite.clubId !== clubId) throw new NotFound(`no invitation ${inviteId} in this club`)
    if (invite.acceptedAt) throw new Conflict('this invitation has been accepted: remove the member instead')
    if (invite.revokedAt) throw new Conflict('this invitation was withdrawn already')
    await tx.clubInvite.update({ where: { id: inviteId }, data: { revokedAt: new Date() } })
  })
}

/** POST /clubs/:id/join-requests: someone not yet a member asks to join a club that takes requests. */
export async function requestToJoin(
  db: Db,
  clubId: string,
  userId: string,
  input: { message?: string },
): Promise<JoinRequestView> {
  const message = freeText(input.message ?? '', 'message', JOIN_MESSAGE_MAX)
  return db.$transaction(async (tx) => {
    const club = await lockClub(tx, clubId)
    if (await clubRole(tx, clubId, userId)) throw new Conflict('you are already a member of this club')
    if (club.joinPolicy !== 'request') throw new Forbidden('this club takes members by invitation')
    const open = await tx.clubJoinRequest.findFirst({ where: { clubId, userId, status: 'open' }, select: { id: true } })
    if (open)
      throw new Conflict('you have asked to join this club already: wait for an answer, or withdraw that request', {
        requestId: open.id,
      })
    const row = await tx.clubJoinRequest.create({ data: { clubId, userId, message } })
    const me = await tx.user.findUniqueOrThrow({ where: { id: userId }, select: { name: true } })
    return requestView(row, me.name)
  })
}

/** GET /clubs/:id/join-requests: the open requests, for the club's owners and moderators. */
export async function joinRequests(db: Db, clubId: string, userId: string): Promise<JoinRequestView[]> {
  if (!UUID.test(clubId) || !(await db.club.findUnique({ where: { id: clubId }, select: { id: true } })))
    throw noSuchClub(clubId)
  if (!isStaff(await standingIn(db, clubId, userId)))
    throw new Forbidden("only the club's owners and moderators see its requests to join")
  return openRequests(db, clubId)
}

async function requestIn(tx: Tx, clubId: string, requestId: string) {
  const row = UUID.test(requestId) ? await tx.clubJoinRequest.findUnique({ where: { id: requestId } }) : null
  if (!row || row.clubId !== clubId) throw new NotFound(`no request ${requestId} to join this club`)
  return row
}

/** POST /clubs/:id/join-requests/:requestId/accept|decline: an owner or moderator decides, once. */
export async function decideJoinRequest(
  db: Db,
  clubId: string,
  userId: string,
  requestId: string,
  decision: 'accept' | 'decline',
): Promise<JoinRequestView> {
  return db.$transaction(async (tx) => {
    await lockClub(tx, clubId)
    if (!isStaff(await standingIn(tx, clubId, userId)))
      throw new Forbidden("only the club's owners and moderators decide requests to join")
    const request = await requestIn(tx, clubId, requestId)
    if (request.status !== 'open') throw new Conflict(`this request is ${request.status} already`)
    const now = new Date()
    const status = decision === 'accept' ? 'accepted' : 'declined'
    const row = await tx.clubJoinRequest.update({
      where: { id: requestId },
      data: { status, decidedAt: now, decidedById: userId },
    })
    // Already a member (by an invitation meanwhile): accepting changes nothing more.
    if (decision === 'accept') {
      await tx.clubMember.createMany({
        data: [{ clubId, userId: request.userId, role: 'member' }],
        skipDuplicates: true,
      })
      // An invitation to the same person still pending is answered by this: it is withdrawn, not left listed.
      const member = await tx.user.findUnique({ where: { id: request.userId }, select: { email: true } })
      if (member)
        await tx.clubInvite.updateMany({
          where: { clubId, email: member.email, acceptedAt: null, revokedAt: null },
          data: { revokedAt: now },
        })
    }
    const who = await tx.user.findUnique({ where: { id: request.userId }, select: { name: true } })
    return requestView(row, who?.name ?? '')
  })
}

/** DELETE /clubs/:id/join-requests/:requestId: the one who asked withdraws a request still open. */
export async function withdrawJoinRequest(db: Db, clubId: string, userId: string, requestId: string): Promise<void> {
  await db.$transaction(async (tx) => {
    await lockClub(tx, clubId)
    const request = await requestIn(tx, clubId, requestId)
    if (request.userId !== userId) throw new Forbidden('only the one who asked withdraws a request to join')
    if (request.status !== 'open') throw new Conflict(`this request is ${request.status} already`)
    await tx.clubJoinRequest.update({ where: { id: requestId }, data: { status: 'withdrawn', decidedAt: new Date() } })
  })
}

async function memberIn(tx: Tx, clubId: string, memberId: string): Promise<ClubRole> {
  const role = UUID.test(memberId) ? await clubRole(tx, clubId, memberId) : null
  if (!role) throw new NotFound(`${memberId} is not a member of this club`, { field: 'userId' })
  return role
}

const owners = (tx: Tx, clubId: string) => tx.clubMember.count({ where: { clubId, role: 'owner' } })

/** PATCH /clubs/:id/members/:userId: an owner (or site admin) makes a member an owner, moderator or member. */
export async function setMemberRole(
  db: Db,
  clubId: string,
  userId: string,
  memberId: string,
  role: ClubRole,
): Promise<ClubDetail> {
  if (!CLUB_ROLES.includes(role))
    throw new InvalidInput(`role must be one of ${CLUB_ROLES.join(', ')}`, { field: 'role' })
  await db.$transaction(async (tx) => {
    await lockClub(tx, clubId)
    if (!isOwner(await standingIn(tx, clubId, userId)))
      throw new Forbidden("only the club's owners change its members' roles")
    const current = await memberIn(tx, clubId, memberId)
    if (current === 'owner' && role !== 'owner' && (await owners(tx, clubId)) === 1)
      throw new Conflict('a club needs an owner: make another member an owner first')
    await tx.clubMember.update({ where: { clubId_userId: { clubId, userId: memberId } }, data: { role } })
  })
  return getClub(db, clubId, userId)
}

/**
 * DELETE /clubs/:id/members/:userId: an owner removes anyone, a moderator plain members, anyone
 * themselves (leaving); never the last owner.
 */
export async function removeMember(db: Db, clubId: string, userId: string, memberId: string): Promise<void> {
  await db.$transaction(async (tx) => {
    await lockClub(tx, clubId)
    const me = await standingIn(tx, clubId, userId)
    const self = memberId === userId
    if (!self && !isStaff(me)) throw new Forbidden("only the club's owners and moderators remove its members")
    const target = await memberIn(tx, clubId, memberId)
    if (!self && !isOwner(me) && target !== 'member')
      throw new Forbidden("a moderator removes plain members only: ask one of the club's owners")
    if (target === 'owner' && (await owners(tx, clubId)) === 1)
      throw new Conflict(
        self
          ? 'you are the last owner of this club: make another member an owner before you leave'
          : 'a club needs an owner: this is its last one',
      )
    await tx.clubMember.delete({ where: { clubId_userId: { clubId, userId: memberId } } })
  })
}
