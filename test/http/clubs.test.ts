// Clubs (docs/leagues.md): create, list, read and change a club; invitations by email and requests to
// join; roles and the protections of the last owner; who may call each club route; and the club's
// owners and moderators as moderators of its games (canModerate, the disputes inbox, who is told).
import { createHash, randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { moderatorsToTell } from '../../src/games/moderation-access.js'
import { fanOut } from '../../src/notify/fanout.js'
import { as, register, startApp, type TestApp, type User } from './helpers.js'

let h: TestApp
const u: Record<'owner' | 'mod' | 'member' | 'member2' | 'stranger' | 'admin' | 'asker' | 'p1' | 'p2', User> =
  {} as never

beforeAll(async () => {
  h = await startApp()
  for (const name of ['owner', 'mod', 'member', 'member2', 'stranger', 'admin', 'asker', 'p1', 'p2'] as const)
    u[name] = await register(h.app, name)
  await h.t.db.user.update({ where: { id: u.admin.id }, data: { role: 'ADMIN' } })
  // Invitations go out only from confirmed addresses (as a game's do).
  await h.t.db.user.updateMany({
    where: { id: { in: [u.owner.id, u.mod.id, u.admin.id] } },
    data: { emailVerifiedAt: new Date() },
  })
}, 60_000)
afterAll(async () => h?.close())

type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE'
const call = (method: Method, url: string, user: User | null, payload?: object) =>
  h.app.inject({ method, url, headers: as(user), ...(payload === undefined ? {} : { payload }) })

/**
 * A club made through the API by `who`; when `who` is `owner`, with `mod` as moderator and `member` as member
 * (set in the database). Anyone else's club has only them.
 */
async function club(
  body: { name?: string; description?: string; joinPolicy?: 'request' | 'invite' } = {},
  who: User = u.owner,
): Promise<string> {
  const res = await call('POST', '/clubs', who, { name: `Club ${randomUUID().slice(0, 8)}`, ...body })
  expect(res.statusCode, res.body).toBe(201)
  const id = res.json().id as string
  if (who !== u.owner) return id
  await h.t.db.clubMember.createMany({
    data: [
      { clubId: id, userId: u.mod.id, role: 'moderator' },
      { clubId: id, userId: u.member.id, role: 'member' },
    ],
  })
  return id
}

const roleOf = async (clubId: string, user: User) =>
  (await h.t.db.clubMember.findUnique({ where: { clubId_userId: { clubId, userId: user.id } } }))?.role ?? null

/** The club-invite outbox rows of a club, oldest first. */
const inviteRows = async (clubId: string) =>
  (await h.t.db.outbox.findMany({ where: { kind: 'club-invite' }, orderBy: { id: 'asc' } })).filter(
    (r) => (r.payload as { clubId: string }).clubId === clubId,
  )

async function invite(clubId: string, by: User, email: string, role?: 'member' | 'moderator'): Promise<string> {
  const res = await call('POST', `/clubs/${clubId}/invites`, by, { email, ...(role ? { role } : {}) })
  expect(res.statusCode, res.body).toBe(201)
  return ((await inviteRows(clubId)).at(-1)!.payload as { token: string }).token
}

describe('create, list, read, change', () => {
  it('creates a club: the creator is its owner; the name is trimmed', async () => {
    const res = await call('POST', '/clubs', u.owner, { name: '  Hex Masters  ', description: 'Weekly games' })
    expect(res.statusCode, res.body).toBe(201)
    const body = res.json()
    expect(body).toMatchObject({
      name: 'Hex Masters',
      description: 'Weekly games',
      joinPolicy: 'request',
      myRole: 'owner',
      memberCount: 1,
      seasonCount: 0,
      canManage: true,
    })
    expect(res.headers.location).toBe(`/clubs/${body.id}`)
    expect(body.members).toEqual([
      expect.objectContaining({ userId: u.owner.id, name: 'owner', role: 'owner', email: u.owner.email }),
    ])
    expect((await call('POST', '/clubs', null, { name: 'Nobody' })).statusCode).toBe(401)
  })

  it('refuses a bad name or description with 400 naming the field, and creates nothing', async () => {
    const before = await h.t.db.club.count()
    const bad: Array<[object, string]> = [
      [{ name: '' }, 'name'],
      [{ name: '   ' }, 'name'],
      [{ name: '\u200b\u200b' }, 'name'],
      [{ name: 'bell\u0007' }, 'name'],
      [{ name: 'two\nlines' }, 'name'],
      [{ name: 'x'.repeat(101) }, 'name'],
      [{ name: 'ok', description: 'd'.repeat(2001) }, 'description'],
      [{ name: 'ok', joinPolicy: 'anyone' }, 'joinPolicy'],
      [{ name: 'ok', colour: 'red' }, ''],
      [{}, 'name'],
    ]
    for (const [payload, field] of bad) {
      const res = await call('POST', '/clubs', u.owner, payload)
      expect(res.statusCode, `${JSON.stringify(payload)}: ${res.body}`).toBe(400)
      expect(res.headers['content-type']).toContain('application/problem+json')
      const body = res.json()
      const named = [body.field, ...(body.errors ?? []).map((e: { field?: string }) => e.field)].join(' ')
      expect(named, JSON.stringify(body)).toContain(field)
    }
    expect(await h.t.db.club.count()).toBe(before)
    // 100 kanji is 100 characters.
    const long = await call('POST', '/clubs', u.owner, { name: '漢'.repeat(100) })
    expect(long.statusCode, long.body).toBe(201)
  })

  it('lists clubs by name, with counts and your role, a page at a time', async () => {
    const a = await club({ name: 'AAA list club' })
    await h.t.db.season.create({
      data: {
        clubId: a,
        name: 'Autumn 2026',
        ruleset: 'abaoaqu',
        scenarios: ['A-S1'],
        format: 'single',
        divisions: [{ name: 'Main', promote: 0, relegate: 0 }],
        points: { win: 1, draw: 0.5, loss: 0 },
        tieBreaks: [],
        seed: 'seed',
        seedCommitment: 'commitment',
        createdById: u.owner.id,
      },
    })
    const all = await call('GET', '/clubs?limit=100', u.member)
    expect(all.statusCode, all.body).toBe(200)
    const clubs = all.json().clubs as Array<{ id: string; name: string; myRole: string | null }>
    const sorted = [...clubs].sort((x, y) => (x.name < y.name ? -1 : x.name > y.name ? 1 : x.id < y.id ? -1 : 1))
    expect(clubs.map((c) => c.name)).toEqual(sorted.map((c) => c.name))
    expect(clubs.find((c) => c.id === a)).toMatchObject({
      memberCount: 3,
      seasonCount: 1,
      myRole: 'member',
      joinPolicy: 'request',
    })
    const anon = (await call('GET', '/clubs?limit=100', null)).json().clubs as typeof clubs
    expect(anon.find((c) => c.id === a)!.myRole).toBeNull()

    // Pages of 2 walk every club once, in the same order.
    const walked: string[] = []
    let cursor: string | null = null
    do {
      const page = await call('GET', `/clubs?limit=2${cursor ? `&cursor=${cursor}` : ''}`, null)
      expect(page.statusCode, page.body).toBe(200)
      const body = page.json()
      expect(body.clubs.length).toBeLessThanOrEqual(2)
      walked.push(...body.clubs.map((c: { id: string }) => c.id))
      cursor = body.next
    } while (cursor)
    expect(walked).toEqual(clubs.map((c) => c.id))
    for (const q of ['limit=0', 'limit=101', 'limit=x', 'cursor=forged']) {
      const res = await call('GET', `/clubs?${q}`, null)
      expect(res.statusCode, `${q}: ${res.body}`).toBe(400)
    }
  })

  it('reads a club: members, seasons; emails, requests and invites only for its staff', async () => {
    const id = await club()
    await h.t.db.season.create({
      data: {
        clubId: id,
        name: '秋季リーグ',
        ruleset: 'abaoaqu',
        scenarios: ['A-S1'],
        format: 'swiss',
        divisions: [],
        points: {},
        tieBreaks: [],
        seed: 's',
        seedCommitment: 'c',
        createdById: u.owner.id,
      },
    })
    const anon = (await call('GET', `/clubs/${id}`, null)).json()
    expect(anon.myRole).toBeNull()
    expect(anon.canManage).toBe(false)
    expect(anon.members.map((m: { role: string }) => m.role).sort()).toEqual(['member', 'moderator', 'owner'])
    expect(anon.members.every((m: object) => !('email' in m))).toBe(true)
    expect(anon).not.toHaveProperty('joinRequests')
    expect(anon).not.toHaveProperty('invites')
    expect(anon.seasons).toEqual([
      { id: expect.any(String), name: '秋季リーグ', status: 'open', format: 'swiss', ruleset: 'abaoaqu' },
    ])
    const member = (await call('GET', `/clubs/${id}`, u.member)).json()
    expect(member.myRole).toBe('member')
    expect(member.members.every((m: object) => !('email' in m))).toBe(true)
    for (const staff of [u.mod, u.owner, u.admin]) {
      const body = (await call('GET', `/clubs/${id}`, staff)).json()
      expect(body.canManage, staff.name).toBe(true)
      expect(body.members.find((m: { userId: string }) => m.userId === u.member.id).email).toBe(u.member.email)
      expect(body.joinRequests).toEqual([])
      expect(body.invites).toEqual([])
    }
    for (const bad of [randomUUID(), 'not-a-uuid']) {
      const res = await call('GET', `/clubs/${bad}`, null)
      expect(res.statusCode, res.body).toBe(404)
    }
  })

  it('changes a club: its owners and site admins only', async () => {
    const id = await club()
    const res = await call('PATCH', `/clubs/${id}`, u.owner, { name: 'Renamed', joinPolicy: 'invite' })
    expect(res.statusCode, res.body).toBe(200)
    expect(res.json()).toMatchObject({ name: 'Renamed', joinPolicy: 'invite' })
    for (const who of [u.mod, u.member, u.stranger])
      expect((await call('PATCH', `/clubs/${id}`, who, { description: 'mine' })).statusCode, who.name).toBe(403)
    const byAdmin = await call('PATCH', `/clubs/${id}`, u.admin, { description: 'by the admin' })
    expect(byAdmin.statusCode, byAdmin.body).toBe(200)
    expect((await call('PATCH', `/clubs/${id}`, u.owner, {})).statusCode).toBe(400)
    expect((await call('PATCH', `/clubs/${id}`, u.owner, { name: ' ' })).statusCode).toBe(400)
    expect((await call('PATCH', `/clubs/${randomUUID()}`, u.owner, { name: 'x' })).statusCode).toBe(404)
    const now = await h.t.db.club.findUniqueOrThrow({ where: { id } })
    expect(now).toMatchObject({ name: 'Renamed', description: 'by the admin', joinPolicy: 'invite' })
  })
})

describe('invitations', () => {
  it('invites by email: one outbox row with the token (kept only as its hash); the invitee accepts', async () => {
    const id = await club({ name: 'Invite club' })
    const invitee = await register(h.app, 'Invitee')
    const res = await call('POST', `/clubs/${id}/invites`, u.owner, { email: `  ${invitee.email.toUpperCase()} ` })
    expect(res.statusCode, res.body).toBe(201)
    expect(res.json()).toMatchObject({ email: invitee.email, role: 'member', replaced: false })
    const rows = await inviteRows(id)
    expect(rows).toHaveLength(1)
    const payload = rows[0]!.payload as Record<string, string>
    expect(rows[0]!.gameId).toBeNull()
    expect(payload).toEqual({
      to: invitee.email,
      userId: invitee.id,
      clubId: id,
      clubName: 'Invite club',
      inviterName: 'owner',
      role: 'member',
      token: expect.stringMatching(/^[\w-]{40,}$/),
    })
    const stored = await h.t.db.clubInvite.findFirstOrThrow({ where: { clubId: id } })
    expect(stored.tokenHash).toBe(createHash('sha256').update(payload.token!).digest('hex'))
    expect(JSON.stringify(stored)).not.toContain(payload.token)
    const days = (stored.expiresAt.getTime() - stored.createdAt.getTime()) / 86_400_000
    expect(days).toBeCloseTo(14, 3)
    // The staff see it pending.
    expect((await call('GET', `/clubs/${id}`, u.mod)).json().invites).toEqual([
      expect.objectContaining({ id: stored.id, email: invitee.email, role: 'member', invitedBy: expect.any(Object) }),
    ])

    // Someone else holding the link is refused, and said why.
    const wrong = await call('POST', `/clubs/${id}/invites/accept`, u.stranger, { token: payload.token })
    expect(wrong.statusCode, wrong.body).toBe(403)
    expect(wrong.json().detail).toMatch(/another email address/)
    expect(await roleOf(id, u.stranger)).toBeNull()

    const ok = await call('POST', `/clubs/${id}/invites/accept`, invitee, { token: payload.token })
    expect(ok.statusCode, ok.body).toBe(200)
    expect(ok.json().myRole).toBe('member')
    const again = await call('POST', `/clubs/${id}/invites/accept`, invitee, { token: payload.token })
    expect(again.statusCode).toBe(409)
    expect(again.json().detail).toMatch(/used already/)
    // A member is not invited again.
    const member = await call('POST', `/clubs/${id}/invites`, u.owner, { email: invitee.email })
    expect(member.statusCode).toBe(409)
    expect(member.json().field).toBe('email')
    expect((await call('POST', `/clubs/${id}/invites/accept`, invitee, { token: 'forged' })).statusCode).toBe(404)
  })

  it('an address without an account; inviting again replaces the pending invitation', async () => {
    const id = await club()
    const email = `later.${randomUUID().slice(0, 8)}@example.org`
    const first = await invite(id, u.mod, email)
    expect((await inviteRows(id)).at(-1)!.payload).toMatchObject({ to: email, userId: null, inviterName: 'mod' })
    const res = await call('POST', `/clubs/${id}/invites`, u.owner, { email, role: 'moderator' })
    expect(res.json().replaced).toBe(true)
    const second = ((await inviteRows(id)).at(-1)!.payload as { token: string }).token
    expect((await call('GET', `/clubs/${id}`, u.owner)).json().invites).toHaveLength(1)
    // The address signs up later and follows the links.
    const res2 = await h.app.inject({
      method: 'POST',
      url: '/auth/register',
      payload: { email, name: 'Later', password: 'correct horse battery' },
    })
    expect(res2.statusCode, res2.body).toBe(201)
    const later: User = { id: res2.json().user.id, token: res2.json().accessToken, email, name: 'Later' }
    const old = await call('POST', `/clubs/${id}/invites/accept`, later, { token: first })
    expect(old.statusCode).toBe(409)
    expect(old.json().detail).toMatch(/withdrawn|replaced/)
    const ok = await call('POST', `/clubs/${id}/invites/accept`, later, { token: second })
    expect(ok.statusCode, ok.body).toBe(200)
    expect(await roleOf(id, later)).toBe('moderator')
  })

  it('refuses an expired or withdrawn link; moderators invite members only; unconfirmed owners none', async () => {
    const id = await club()
    const a = await register(h.app, 'Expired')
    const token = await invite(id, u.owner, a.email)
    await h.t.db.clubInvite.updateMany({ where: { clubId: id, email: a.email }, data: { expiresAt: new Date(0) } })
    const expired = await call('POST', `/clubs/${id}/invites/accept`, a, { token })
    expect(expired.statusCode).toBe(409)
    expect(expired.json().detail).toMatch(/expired/)

    const b = await register(h.app, 'Revoked')
    const tokenB = await invite(id, u.mod, b.email)
    const inv = await h.t.db.clubInvite.findFirstOrThrow({ where: { clubId: id, email: b.email } })
    expect((await call('DELETE', `/clubs/${id}/invites/${inv.id}`, u.member)).statusCode).toBe(403)
    expect((await call('DELETE', `/clubs/${id}/invites/${inv.id}`, u.mod)).statusCode).toBe(204)
    expect((await call('DELETE', `/clubs/${id}/invites/${inv.id}`, u.owner)).statusCode).toBe(409)
    expect((await call('DELETE', `/clubs/${id}/invites/${randomUUID()}`, u.owner)).statusCode).toBe(404)
    const revoked = await call('POST', `/clubs/${id}/invites/accept`, b, { token: tokenB })
    expect(revoked.statusCode).toBe(409)
    expect(revoked.json().detail).toMatch(/withdrawn/)

    const c = await register(h.app, 'C')
    const asMod = await call('POST', `/clubs/${id}/invites`, u.mod, { email: c.email, role: 'moderator' })
    expect(asMod.statusCode).toBe(403)
    expect(asMod.json().detail).toMatch(/owners invite a moderator/)
    // The admin (an owner everywhere) may.
    expect(
      (await call('POST', `/clubs/${id}/invites`, u.admin, { email: c.email, role: 'moderator' })).statusCode,
    ).toBe(201)

    const unconfirmed = await register(h.app, 'Unconfirmed')
    const own = await club({}, unconfirmed)
    const refused = await call('POST', `/clubs/${own}/invites`, unconfirmed, { email: c.email })
    expect(refused.statusCode).toBe(403)
    expect(refused.json().detail).toMatch(/confirm your own email/)
    expect(await inviteRows(own)).toEqual([])
    for (const email of ['', 'no-at-sign', 'two words@x.org'])
      expect((await call('POST', `/clubs/${id}/invites`, u.owner, { email })).statusCode, email).toBe(400)
  })
})

describe('requests to join', () => {
  it('ask, see, accept; a second request is refused; members do not ask', async () => {
    const id = await club()
    const asker = await register(h.app, 'Asker')
    const res = await call('POST', `/clubs/${id}/join-requests`, asker, { message: 'よろしくお願いします。' })
    expect(res.statusCode, res.body).toBe(201)
    const request = res.json()
    expect(request).toMatchObject({
      userId: asker.id,
      name: 'Asker',
      message: 'よろしくお願いします。',
      status: 'open',
    })
    const twice = await call('POST', `/clubs/${id}/join-requests`, asker, {})
    expect(twice.statusCode).toBe(409)
    expect(twice.json().detail).toMatch(/asked to join this club already/)
    expect((await call('POST', `/clubs/${id}/join-requests`, u.member, {})).statusCode).toBe(409)

    const list = await call('GET', `/clubs/${id}/join-requests`, u.mod)
    expect(list.statusCode).toBe(200)
    expect(list.json().requests).toEqual([
      expect.objectContaining({ id: request.id, message: 'よろしくお願いします。' }),
    ])
    expect((await call('GET', `/clubs/${id}`, u.owner)).json().joinRequests).toHaveLength(1)
    expect((await call('GET', `/clubs/${id}/join-requests`, u.member)).statusCode).toBe(403)

    const ok = await call('POST', `/clubs/${id}/join-requests/${request.id}/accept`, u.mod)
    expect(ok.statusCode, ok.body).toBe(200)
    expect(ok.json()).toMatchObject({ status: 'accepted', decidedAt: expect.any(String) })
    expect(await roleOf(id, asker)).toBe('member')
    expect((await call('POST', `/clubs/${id}/join-requests/${request.id}/accept`, u.owner)).statusCode).toBe(409)
    expect((await call('POST', `/clubs/${id}/join-requests/${request.id}/decline`, u.owner)).statusCode).toBe(409)
    expect((await call('GET', `/clubs/${id}/join-requests`, u.owner)).json().requests).toEqual([])
  })

  it('decline, withdraw; a club by invitation takes no requests', async () => {
    const id = await club()
    const a = await register(h.app, 'Declined')
    const r1 = (await call('POST', `/clubs/${id}/join-requests`, a, {})).json()
    const no = await call('POST', `/clubs/${id}/join-requests/${r1.id}/decline`, u.owner)
    expect(no.statusCode, no.body).toBe(200)
    expect(no.json().status).toBe('declined')
    expect(await roleOf(id, a)).toBeNull()
    // Declined: they may ask again, and then withdraw (only they may).
    const r2 = (await call('POST', `/clubs/${id}/join-requests`, a, { message: 'please' })).json()
    expect((await call('DELETE', `/clubs/${id}/join-requests/${r2.id}`, u.owner)).statusCode).toBe(403)
    expect((await call('DELETE', `/clubs/${id}/join-requests/${r2.id}`, a)).statusCode).toBe(204)
    expect((await call('DELETE', `/clubs/${id}/join-requests/${r2.id}`, a)).statusCode).toBe(409)
    expect((await call('POST', `/clubs/${id}/join-requests/${r2.id}/accept`, u.owner)).statusCode).toBe(409)
    expect((await call('POST', `/clubs/${id}/join-requests/${randomUUID()}/accept`, u.owner)).statusCode).toBe(404)
    expect(await roleOf(id, a)).toBeNull()
    expect((await call('POST', `/clubs/${id}/join-requests`, a, { message: 'x'.repeat(501) })).statusCode).toBe(400)

    const closed = await club({ joinPolicy: 'invite' })
    const refused = await call('POST', `/clubs/${closed}/join-requests`, a, {})
    expect(refused.statusCode).toBe(403)
    expect(refused.json().detail).toBe('this club takes members by invitation')
  })
})

describe('roles and members', () => {
  it('owners change roles; a club always keeps an owner', async () => {
    const id = await club()
    const url = (who: User) => `/clubs/${id}/members/${who.id}`
    expect((await call('PATCH', url(u.member), u.mod, { role: 'moderator' })).statusCode).toBe(403)
    expect((await call('PATCH', url(u.member), u.member, { role: 'owner' })).statusCode).toBe(403)
    const last = await call('PATCH', url(u.owner), u.owner, { role: 'member' })
    expect(last.statusCode).toBe(409)
    expect(last.json().detail).toMatch(/needs an owner/)
    const leave = await call('DELETE', url(u.owner), u.owner)
    expect(leave.statusCode).toBe(409)
    expect(leave.json().detail).toMatch(/last owner/)

    expect((await call('PATCH', url(u.member), u.owner, { role: 'owner' })).statusCode).toBe(200)
    expect(await roleOf(id, u.member)).toBe('owner')
    // Two owners: one may step down, then leave.
    expect((await call('PATCH', url(u.owner), u.owner, { role: 'moderator' })).statusCode).toBe(200)
    expect((await call('PATCH', url(u.member), u.member, { role: 'member' })).statusCode).toBe(409)
    expect((await call('DELETE', url(u.owner), u.owner)).statusCode).toBe(204)
    expect(await roleOf(id, u.owner)).toBeNull()
    // The site admin acts as an owner.
    expect((await call('PATCH', url(u.mod), u.admin, { role: 'member' })).statusCode).toBe(200)
    expect(await roleOf(id, u.mod)).toBe('member')
    expect((await call('PATCH', url(u.stranger), u.member, { role: 'member' })).statusCode).toBe(404)
    expect((await call('PATCH', url(u.mod), u.member, { role: 'king' })).statusCode).toBe(400)
  })

  it('a moderator removes plain members only; anyone may leave; nobody else removes', async () => {
    const id = await club()
    await h.t.db.clubMember.createMany({
      data: [
        { clubId: id, userId: u.member2.id, role: 'member' },
        { clubId: id, userId: u.p1.id, role: 'moderator' },
      ],
    })
    const url = (who: User) => `/clubs/${id}/members/${who.id}`
    expect((await call('DELETE', url(u.member2), u.member)).statusCode).toBe(403)
    expect((await call('DELETE', url(u.member2), u.stranger)).statusCode).toBe(403)
    expect((await call('DELETE', url(u.p1), u.mod)).statusCode).toBe(403)
    expect((await call('DELETE', url(u.owner), u.mod)).statusCode).toBe(403)
    expect((await call('DELETE', url(u.member2), u.mod)).statusCode).toBe(204)
    expect((await call('DELETE', url(u.member2), u.mod)).statusCode).toBe(404)
    expect((await call('DELETE', url(u.member), u.member)).statusCode).toBe(204)
    expect((await call('DELETE', url(u.p1), u.owner)).statusCode).toBe(204)
    expect((await call('DELETE', url(u.mod), u.mod)).statusCode).toBe(204)
    const left = (await call('GET', `/clubs/${id}`, null)).json()
    expect(left.members.map((m: { userId: string }) => m.userId)).toEqual([u.owner.id])
  })
})

describe('who may call each club route', () => {
  const ROLES = ['anonymous', 'stranger', 'member', 'moderator', 'owner'] as const
  type Role = (typeof ROLES)[number]
  const people = (): Record<Role, User | null> => ({
    anonymous: null,
    stranger: u.stranger,
    member: u.member,
    moderator: u.mod,
    owner: u.owner,
  })
  interface Fixture {
    id: string
    requestId: string
    inviteId: string
  }
  /** A fresh club: an open request (by `asker`), a pending invitation, and a second plain member. */
  async function fixture(): Promise<Fixture> {
    const id = await club()
    await h.t.db.clubMember.create({ data: { clubId: id, userId: u.member2.id, role: 'member' } })
    const request = await h.t.db.clubJoinRequest.create({ data: { clubId: id, userId: u.asker.id } })
    await invite(id, u.owner, `pending.${randomUUID().slice(0, 8)}@example.org`)
    const inv = await h.t.db.clubInvite.findFirstOrThrow({ where: { clubId: id } })
    return { id, requestId: request.id, inviteId: inv.id }
  }
  const signedIn = (stranger: number, member: number, moderator: number, owner: number): Record<Role, number> => ({
    anonymous: 401,
    stranger,
    member,
    moderator,
    owner,
  })
  const TABLE: Array<
    [string, (f: Fixture) => { method: Method; url: string; payload?: object }, Record<Role, number>]
  > = [
    ['GET /clubs', () => ({ method: 'GET', url: '/clubs' }), { ...signedIn(200, 200, 200, 200), anonymous: 200 }],
    [
      'POST /clubs',
      () => ({ method: 'POST', url: '/clubs', payload: { name: 'Table' } }),
      signedIn(201, 201, 201, 201),
    ],
    [
      'GET /clubs/:id',
      (f) => ({ method: 'GET', url: `/clubs/${f.id}` }),
      { ...signedIn(200, 200, 200, 200), anonymous: 200 },
    ],
    [
      'PATCH /clubs/:id',
      (f) => ({ method: 'PATCH', url: `/clubs/${f.id}`, payload: { description: 'x' } }),
      signedIn(403, 403, 403, 200),
    ],
    // A club's seasons: its owners open them (test/http/seasons.test.ts has the rest); anyone reads them.
    [
      'POST /clubs/:id/seasons',
      (f) => ({
        method: 'POST',
        url: `/clubs/${f.id}/seasons`,
        payload: { name: 'Table season', ruleset: 'abaoaqu', scenarios: ['A-S4'], format: 'single' },
      }),
      signedIn(403, 403, 403, 201),
    ],
    [
      'GET /clubs/:id/seasons',
      (f) => ({ method: 'GET', url: `/clubs/${f.id}/seasons` }),
      { ...signedIn(200, 200, 200, 200), anonymous: 200 },
    ],
    [
      'POST /clubs/:id/invites',
      (f) => ({ method: 'POST', url: `/clubs/${f.id}/invites`, payload: { email: 'table@example.org' } }),
      signedIn(403, 403, 201, 201),
    ],
    [
      'POST /clubs/:id/invites (moderator role)',
      (f) => ({
        method: 'POST',
        url: `/clubs/${f.id}/invites`,
        payload: { email: 'table@example.org', role: 'moderator' },
      }),
      signedIn(403, 403, 403, 201),
    ],
    [
      'POST /clubs/:id/invites/accept',
      (f) => ({ method: 'POST', url: `/clubs/${f.id}/invites/accept`, payload: { token: 'forged' } }),
      signedIn(404, 404, 404, 404),
    ],
    [
      'DELETE /clubs/:id/invites/:inviteId',
      (f) => ({ method: 'DELETE', url: `/clubs/${f.id}/invites/${f.inviteId}` }),
      signedIn(403, 403, 204, 204),
    ],
    [
      'POST /clubs/:id/join-requests',
      (f) => ({ method: 'POST', url: `/clubs/${f.id}/join-requests`, payload: {} }),
      signedIn(201, 409, 409, 409),
    ],
    [
      'GET /clubs/:id/join-requests',
      (f) => ({ method: 'GET', url: `/clubs/${f.id}/join-requests` }),
      signedIn(403, 403, 200, 200),
    ],
    [
      'POST /clubs/:id/join-requests/:requestId/accept',
      (f) => ({ method: 'POST', url: `/clubs/${f.id}/join-requests/${f.requestId}/accept` }),
      signedIn(403, 403, 200, 200),
    ],
    [
      'POST /clubs/:id/join-requests/:requestId/decline',
      (f) => ({ method: 'POST', url: `/clubs/${f.id}/join-requests/${f.requestId}/decline` }),
      signedIn(403, 403, 200, 200),
    ],
    [
      // Only the one who asked (tested above) withdraws.
      'DELETE /clubs/:id/join-requests/:requestId',
      (f) => ({ method: 'DELETE', url: `/clubs/${f.id}/join-requests/${f.requestId}` }),
      signedIn(403, 403, 403, 403),
    ],
    [
      'PATCH /clubs/:id/members/:userId',
      (f) => ({ method: 'PATCH', url: `/clubs/${f.id}/members/${u.member2.id}`, payload: { role: 'moderator' } }),
      signedIn(403, 403, 403, 200),
    ],
    [
      'DELETE /clubs/:id/members/:userId',
      (f) => ({ method: 'DELETE', url: `/clubs/${f.id}/members/${u.member2.id}` }),
      signedIn(403, 403, 204, 204),
    ],
  ]

  it('answers each role as the table says (a fresh club for every call)', async () => {
    const wrong: string[] = []
    for (const [route, request, expected] of TABLE)
      for (const role of ROLES) {
        const f = await fixture()
        const r = request(f)
        const res = await call(r.method, r.url, people()[role], r.payload)
        if (res.statusCode !== expected[role])
          wrong.push(`${route} as ${role}: ${res.statusCode} (expected ${expected[role]}) ${res.body.slice(0, 160)}`)
      }
    expect(wrong).toEqual([])
  }, 120_000)

  it('every club route the app registers is in the table', () => {
    const routes = h.app.routeList.map((r) => `${r.method} ${r.url}`).filter((r) => r.includes('/clubs'))
    const covered = new Set(TABLE.map(([route]) => route.replace(/ \(.*\)$/, '')))
    expect(routes.filter((r) => !covered.has(r))).toEqual([])
  })
})

describe('Japanese', () => {
  it('a club name, description and join message round-trip', async () => {
    const name = '東京ヘックス倶楽部'
    const description = '毎週土曜日に対戦します。初心者歓迎！\n連絡はメールで。'
    const res = await call('POST', '/clubs', u.owner, { name, description })
    expect(res.statusCode, res.body).toBe(201)
    const id = res.json().id
    const signedUp = await h.app.inject({
      method: 'POST',
      url: '/auth/register',
      payload: {
        email: `yamada.${randomUUID().slice(0, 8)}@example.org`,
        name: '山田太郎',
        password: 'correct horse battery',
      },
    })
    expect(signedUp.statusCode, signedUp.body).toBe(201)
    const asker: User = { ...signedUp.json().user, token: signedUp.json().accessToken }
    await call('POST', `/clubs/${id}/join-requests`, asker, { message: '参加させてください 🎲' })
    const read = (await call('GET', `/clubs/${id}`, u.owner)).json()
    expect(read).toMatchObject({ name, description })
    expect(read.joinRequests[0]).toMatchObject({ name: '山田太郎', message: '参加させてください 🎲' })
    // The list is by name, so a Japanese name comes after the Latin ones: follow the pages to it.
    const names: string[] = []
    let url: string | null = '/clubs?limit=100'
    for (let page = 0; url && page < 20; page++) {
      const body = (await call('GET', url, null)).json() as { clubs: Array<{ name: string }>; next: string | null }
      names.push(...body.clubs.map((c) => c.name))
      url = body.next ? `/clubs?limit=100&cursor=${encodeURIComponent(body.next)}` : null
    }
    expect(names).toContain(name)
  })
})

describe("the club's owners and moderators moderate its games", () => {
  /** A started public A-S4 game between `fed` and `zeon`, then marked as a game of `clubId`. */
  async function clubGame(clubId: string, fed: User, zeon: User, opts: { private?: boolean } = {}): Promise<string> {
    const created = await call('POST', '/games', fed, {
      ruleset: 'abaoaqu',
      scenario: 'A-S4',
      seat: 'FED',
      private: opts.private ?? false,
    })
    expect(created.statusCode, created.body).toBe(201)
    const id = created.json().id as string
    const joined = await call('POST', `/games/${id}/join`, zeon, opts.private ? { invite: created.json().invite } : {})
    expect(joined.statusCode, joined.body).toBe(200)
    await h.t.db.game.update({ where: { id }, data: { clubId } })
    return id
  }
  const preview = (gameId: string, who: User) =>
    call('POST', `/games/${gameId}/corrections/preview`, who, {
      kind: 'extend-deadline',
      hours: 1,
      reason: 'club moderation',
    })

  it('a club moderator previews a correction; a member cannot; nor the moderator in a game they play', async () => {
    const id = await club()
    const gameId = await clubGame(id, u.p1, u.p2)
    expect((await preview(gameId, u.mod)).statusCode).toBe(200)
    expect((await preview(gameId, u.owner)).statusCode).toBe(200)
    expect((await preview(gameId, u.member)).statusCode).toBe(403)
    expect((await preview(gameId, u.stranger)).statusCode).toBe(403)
    const seated = await clubGame(id, u.mod, u.p2)
    expect((await preview(seated, u.mod)).statusCode).toBe(403)
    expect((await preview(seated, u.owner)).statusCode).toBe(200)
    // Another club's moderator is nobody here.
    const other = await club({}, u.p2)
    const theirs = await clubGame(other, u.p1, u.member2)
    expect((await preview(theirs, u.mod)).statusCode).toBe(403)
  })

  it("a club moderator sees the club's private games and their disputes in the inbox; who is told", async () => {
    const id = await club()
    const gameId = await clubGame(id, u.p1, u.p2, { private: true })
    expect((await call('GET', `/games/${gameId}`, u.mod)).statusCode).toBe(200)
    expect((await call('GET', `/games/${gameId}`, u.member)).statusCode).toBe(404)
    const logSeq = (await h.t.db.game.findUniqueOrThrow({ where: { id: gameId } })).logSeq
    const raised = await call('POST', `/games/${gameId}/disputes`, u.p1, { seq: logSeq, text: '判定がおかしい' })
    expect(raised.statusCode, raised.body).toBe(201)
    const disputeId = raised.json().id
    const inbox = (who: User) =>
      call('GET', '/moderation/disputes', who).then((r) => r.json().disputes.map((d: { id: string }) => d.id))
    expect(await inbox(u.mod)).toContain(disputeId)
    expect(await inbox(u.owner)).toContain(disputeId)
    expect(await inbox(u.member)).not.toContain(disputeId)
    // The dispute told the club's staff, not the site's admins.
    const told = await h.t.db.outbox.findFirstOrThrow({ where: { gameId, kind: 'dispute-raised' } })
    expect(((told.payload as { to: string[] }).to ?? []).sort()).toEqual([u.mod.id, u.owner.id].sort())
    const game = await h.t.db.game.findUniqueOrThrow({ where: { id: gameId }, include: { seats: true } })
    expect((await moderatorsToTell(h.t.db, game)).map((m) => m.id).sort()).toEqual([u.mod.id, u.owner.id].sort())
    // A club whose staff all play in the game: the site's admins are told instead.
    const solo = await club({}, u.p1)
    const soloGame = await clubGame(solo, u.p1, u.p2)
    const soloRow = await h.t.db.game.findUniqueOrThrow({ where: { id: soloGame }, include: { seats: true } })
    expect((await moderatorsToTell(h.t.db, soloRow)).map((m) => m.id)).toContain(u.admin.id)
    expect((await moderatorsToTell(h.t.db, soloRow)).map((m) => m.id)).not.toContain(u.p1.id)
  })

  /** A season of `clubId` (rows only: what moderation reads), with `entrants` entered, `withdrawn` withdrawn. */
  async function season(clubId: string, entrants: User[], withdrawn: User[] = []): Promise<string> {
    const row = await h.t.db.season.create({
      data: {
        clubId,
        name: `Season ${randomUUID().slice(0, 8)}`,
        ruleset: 'abaoaqu',
        scenarios: ['A-S4'],
        format: 'single',
        divisions: [{ name: 'Main', promote: 0, relegate: 0 }],
        points: { win: 1, draw: 0.5, loss: 0 },
        tieBreaks: [],
        seed: 'seed',
        seedCommitment: 'commitment',
        createdById: u.owner.id,
      },
    })
    await h.t.db.seasonEntry.createMany({
      data: [
        ...entrants.map((e) => ({ seasonId: row.id, userId: e.id, division: 'Main' })),
        ...withdrawn.map((e) => ({ seasonId: row.id, userId: e.id, division: 'Main', status: 'withdrawn' })),
      ],
    })
    return row.id
  }

  it("a club moderator who entered a season moderates none of its games, but the club's other seasons", async () => {
    const id = await club()
    // The moderator entered S (and plays elsewhere in it); the owner did not. Nobody on the staff entered T.
    const S = await season(id, [u.mod, u.p1, u.p2])
    const T = await season(id, [u.p1, u.p2])
    const inS = await clubGame(id, u.p1, u.p2)
    const inT = await clubGame(id, u.p1, u.p2)
    await h.t.db.game.update({ where: { id: inS }, data: { seasonId: S } })
    await h.t.db.game.update({ where: { id: inT }, data: { seasonId: T } })
    for (const gameId of [inS, inT]) {
      const side = await call('POST', `/games/${gameId}/messages`, u.p1, {
        text: '味方だけに: 艦隊を下げる',
        to: 'side',
      })
      expect(side.statusCode, side.body).toBe(201)
    }
    const head = async (gameId: string) => (await h.t.db.game.findUniqueOrThrow({ where: { id: gameId } })).logSeq
    const apply = async (gameId: string, who: User) =>
      h.app.inject({
        method: 'POST',
        url: `/games/${gameId}/corrections`,
        headers: as(who, { 'if-match': `"${await head(gameId)}"` }),
        payload: { kind: 'extend-deadline', hours: 1, reason: 'club moderation' },
      })
    const state = (gameId: string, who: User) => call('GET', `/games/${gameId}/state`, who).then((r) => r.json())
    const sideMessages = (gameId: string, who: User) =>
      call('GET', `/games/${gameId}/messages`, who).then((r) =>
        r.statusCode === 200 ? (r.json().messages as Array<{ side: string | null }>).filter((m) => m.side) : [],
      )

    // In S: no correction (and the refusal says why), no whole state, no side-only messages.
    const refused = await preview(inS, u.mod)
    expect(refused.statusCode).toBe(403)
    expect(refused.json().detail).toMatch(/you have entered this game's season/)
    expect(refused.json().detail).toMatch(/owners and moderators who have not entered its season/)
    const refusedApply = await apply(inS, u.mod)
    expect(refusedApply.statusCode).toBe(403)
    expect(refusedApply.json().detail).toMatch(/you have entered this game's season/)
    expect(await h.t.db.logEntry.count({ where: { gameId: inS, kind: 'CORRECTION' } })).toBe(0)
    expect(await state(inS, u.mod)).not.toHaveProperty('state')
    expect(await sideMessages(inS, u.mod)).toEqual([])
    // The owner, who did not enter S, moderates it.
    expect((await preview(inS, u.owner)).statusCode).toBe(200)
    expect(await state(inS, u.owner)).toHaveProperty('state')
    expect(await sideMessages(inS, u.owner)).toHaveLength(1)

    // In T, which the moderator did not enter: all of it.
    expect((await preview(inT, u.mod)).statusCode).toBe(200)
    const applied = await apply(inT, u.mod)
    expect(applied.statusCode, applied.body).toBe(201)
    expect(await state(inT, u.mod)).toHaveProperty('state')
    expect(await sideMessages(inT, u.mod)).toHaveLength(1)

    // Disputes: the moderator's inbox has T's, not S's; S's told the owner only.
    const dispute = async (gameId: string) => {
      const raised = await call('POST', `/games/${gameId}/disputes`, u.p2, {
        seq: await head(gameId),
        text: 'おかしい',
      })
      expect(raised.statusCode, raised.body).toBe(201)
      return raised.json().id as string
    }
    const dS = await dispute(inS)
    const dT = await dispute(inT)
    const inbox = (who: User) =>
      call('GET', '/moderation/disputes', who).then((r) => r.json().disputes.map((d: { id: string }) => d.id))
    expect(await inbox(u.mod)).not.toContain(dS)
    expect(await inbox(u.mod)).toContain(dT)
    expect(await inbox(u.owner)).toEqual(expect.arrayContaining([dS, dT]))
    expect((await call('GET', `/disputes/${dS}`, u.mod)).statusCode).not.toBe(200)
    const told = await h.t.db.outbox.findFirstOrThrow({ where: { gameId: inS, kind: 'dispute-raised' } })
    expect((told.payload as { to: string[] }).to).toEqual([u.owner.id])
  })

  it('a withdrawn entry counts too; when every staff member entered, the site admins are told', async () => {
    const id = await club()
    const S = await season(id, [u.owner], [u.mod])
    const gameId = await clubGame(id, u.p1, u.p2)
    await h.t.db.game.update({ where: { id: gameId }, data: { seasonId: S } })
    for (const who of [u.mod, u.owner]) {
      const refused = await preview(gameId, who)
      expect(refused.statusCode, who.name).toBe(403)
      expect(refused.json().detail).toMatch(/you have entered this game's season/)
    }
    // A site admin and a stranger: the rule as before (the admin moderates, the stranger is told who may).
    expect((await preview(gameId, u.admin)).statusCode).toBe(200)
    expect((await preview(gameId, u.stranger)).json().detail).toBe(
      "only its game master, its club's owners and moderators who have not entered its season, or a site admin " +
        'may correct it',
    )
    const game = await h.t.db.game.findUniqueOrThrow({ where: { id: gameId }, include: { seats: true } })
    const tell = (await moderatorsToTell(h.t.db, game)).map((m) => m.id)
    expect(tell).toContain(u.admin.id)
    expect(tell).not.toContain(u.mod.id)
    expect(tell).not.toContain(u.owner.id)
    // The deadline fan-out (its SQL twin) agrees.
    const row = await h.t.db.outbox.create({
      data: { gameId, kind: 'deadline', payload: { seq: 1, subject: 's', text: 't', callModerator: true } },
    })
    await fanOut(h.t.db, { add: async () => undefined } as never, String(row.id))
    const to = (await h.t.db.notification.findMany({ where: { outboxId: row.id } })).map((n) => n.toAddress)
    expect(to).toContain(u.admin.email)
    expect(to).not.toContain(u.mod.email)
    expect(to).not.toContain(u.owner.email)
  })

  it('a deadline that calls the moderator skips the staff who entered its season (fan-out SQL)', async () => {
    const id = await club()
    const S = await season(id, [u.mod])
    const gameId = await clubGame(id, u.p1, u.p2)
    await h.t.db.game.update({ where: { id: gameId }, data: { seasonId: S } })
    const row = await h.t.db.outbox.create({
      data: { gameId, kind: 'deadline', payload: { seq: 1, subject: 's', text: 't', callModerator: true } },
    })
    await fanOut(h.t.db, { add: async () => undefined } as never, String(row.id))
    const to = (await h.t.db.notification.findMany({ where: { outboxId: row.id } })).map((n) => n.toAddress)
    expect(to).toContain(u.owner.email)
    expect(to).not.toContain(u.mod.email)
    expect(to).not.toContain(u.admin.email)
  })

  it('a deadline that calls the moderator emails the club staff who do not play (fan-out SQL)', async () => {
    const id = await club()
    const gameId = await clubGame(id, u.mod, u.p2)
    const row = await h.t.db.outbox.create({
      data: { gameId, kind: 'deadline', payload: { seq: 1, subject: 's', text: 't', callModerator: true } },
    })
    await fanOut(h.t.db, { add: async () => undefined } as never, String(row.id))
    const to = (await h.t.db.notification.findMany({ where: { outboxId: row.id } })).map((n) => n.toAddress)
    expect(to).toContain(u.owner.email)
    expect(to).not.toContain(u.admin.email)
    expect(to).not.toContain(u.member.email)
    // The moderator plays in it: told as a player, once, not as its moderator.
    expect(to.filter((t) => t === u.mod.email).length).toBeLessThanOrEqual(1)
  })
})
