// Disputes (docs/disputes.md) through the HTTP API, the real database, Redis, the worker and an SMTP
// server: a player disputes a log entry, the moderator's inbox shows it, players and moderator talk,
// the moderator rules "no change", the log shows it on the entry, and each email reaches the right
// people once, in their language. Then who may do what, every bad input, and the inbox's pages.
import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { canModerate, moderatorAccount } from '../../src/games/moderation-access.js'
import {
  DISPUTE_TEXT_MAX,
  disputeForCorrection,
  inboxSql,
  moderatedBySql,
  settleByCorrection,
} from '../../src/games/disputes.js'
import { Conflict, InvalidInput, NotFound } from '../../src/games/errors.js'
import type { Received } from '../support/smtp.js'
import { waitFor } from '../support/smtp.js'
import { queueIdle, startMailStack, type MailStack } from '../notify/stack.js'
import { as, register, type User } from './helpers.js'

let s: MailStack
const u: Record<'alice' | 'bob' | 'stranger' | 'gm' | 'admin' | 'adminPlayer' | 'mod', User> = {} as never

beforeAll(async () => {
  s = await startMailStack()
  for (const name of ['alice', 'bob', 'stranger', 'gm', 'admin', 'adminPlayer', 'mod'] as const)
    u[name] = await register(s.app, name)
  await s.t.db.user.updateMany({ where: { id: { in: [u.admin.id, u.adminPlayer.id] } }, data: { role: 'ADMIN' } })
  await s.t.db.user.update({ where: { id: u.mod.id }, data: { role: 'MODERATOR' } })
  // Bob reads Japanese.
  const res = await s.app.inject({
    method: 'PATCH',
    url: '/me/preferences',
    headers: as(u.bob),
    payload: { locale: 'ja', timeZone: 'Asia/Tokyo' },
  })
  expect(res.statusCode, res.body).toBe(200)
}, 60_000)
afterAll(async () => s?.close())

/** A started A-S4 game: `fed` and `zeon` seated, its game master set in the database (null: none). */
async function game(
  fed: User,
  zeon: User,
  gm: User | null,
  opts: { private?: boolean; start?: boolean } = {},
): Promise<{ id: string; logSeq: number }> {
  const created = await s.app.inject({
    method: 'POST',
    url: '/games',
    headers: as(fed),
    payload: { ruleset: 'abaoaqu', scenario: 'A-S4', seat: 'FED', private: opts.private ?? false },
  })
  expect(created.statusCode, created.body).toBe(201)
  const id = created.json().id as string
  if (opts.start !== false) {
    const joined = await s.app.inject({
      method: 'POST',
      url: `/games/${id}/join`,
      headers: as(zeon),
      payload: opts.private ? { invite: created.json().invite } : {},
    })
    expect(joined.statusCode, joined.body).toBe(200)
  }
  if (gm) await s.t.db.game.update({ where: { id }, data: { gameMasterId: gm.id } })
  const row = await s.t.db.game.findUniqueOrThrow({ where: { id } })
  return { id, logSeq: row.logSeq }
}

const post = (url: string, user: User | null, payload: object) =>
  s.app.inject({ method: 'POST', url, headers: as(user), payload })
const get = (url: string, user: User | null) => s.app.inject({ method: 'GET', url, headers: as(user) })

async function raise(gameId: string, user: User, seq: number, text = 'the die was rolled twice') {
  const res = await post(`/games/${gameId}/disputes`, user, { seq, text })
  expect(res.statusCode, res.body).toBe(201)
  return res.json() as { id: string; seq: number; text: string; status: string }
}

/** The emails of one kind about one dispute that reached `user`. */
const mailsAbout = (user: User, kind: string, disputeId: string): Received[] =>
  s.mails(user.email, kind).filter((m) => String(m.parsed.text).includes(`/disputes/${disputeId}`))

const flat = (text: string) => text.replace(/\s+/g, ' ')
const JAPANESE = /[\u3040-\u30ff\u4e00-\u9fff\uff01-\uff60]/
/** Plain text as one line: a line break between Japanese characters was not a space. */
const unwrap = (text: string) =>
  flat(text.replace(/(?<=(\S))\n\s*(?=(\S))/g, (_m, a: string, b: string) => (JAPANESE.test(a + b) ? '' : ' ')))

async function settled(): Promise<void> {
  await waitFor('the mail queue to be idle', () => queueIdle(s))
  await new Promise((r) => setTimeout(r, 300))
  await waitFor('the mail queue to be idle', () => queueIdle(s))
}

describe('the whole flow', () => {
  it('raise, inbox, messages both ways, no change, the log; every email once, to the right people', async () => {
    const g = await game(u.alice, u.bob, u.gm)
    const d = await raise(g.id, u.alice, g.logSeq, 'The Public launched its BD out of range.\nSee rule 8.2.')
    expect(d).toMatchObject({
      seq: g.logSeq,
      status: 'open',
      text: 'The Public launched its BD out of range.\nSee rule 8.2.',
    })

    const inbox = (await get('/moderation/disputes', u.gm)).json()
    expect(inbox.disputes.map((x: { id: string }) => x.id)).toContain(d.id)
    expect(inbox.disputes.find((x: { id: string }) => x.id === d.id).game).toEqual({
      id: g.id,
      title: expect.any(String),
    })

    // The game master answers (the players are told), then Alice (the moderators are told).
    const byGm = await post(`/disputes/${d.id}/messages`, u.gm, { text: 'Which hex did it launch from?' })
    expect(byGm.statusCode, byGm.body).toBe(201)
    const byAlice = await post(`/disputes/${d.id}/messages`, u.alice, { text: 'From 1207.' })
    expect(byAlice.statusCode, byAlice.body).toBe(201)
    // An admin (not the game master) rules: the players and the game master are told.
    const ruled = await post(`/disputes/${d.id}/ruling`, u.admin, { ruling: 'no-change', reason: 'In range: 3 hexes.' })
    expect(ruled.statusCode, ruled.body).toBe(200)
    expect(ruled.json().ruling).toMatchObject({
      ruling: 'no-change',
      reason: 'In range: 3 hexes.',
      moderator: { id: u.admin.id, name: 'admin' },
      correctionSeq: null,
    })
    const again = await post(`/disputes/${d.id}/ruling`, u.gm, { ruling: 'no-change', reason: 'twice' })
    expect(again.statusCode).toBe(409)

    const one = (await get(`/disputes/${d.id}`, u.bob)).json()
    expect(one.status).toBe('ruled')
    expect(
      one.messages.map((m: { author: { id: string }; as: string; text: string }) => [m.author.id, m.as, m.text]),
    ).toEqual([
      [u.gm.id, 'moderator', 'Which hex did it launch from?'],
      [u.alice.id, 'player', 'From 1207.'],
    ])

    // The log: the entry carries its dispute, for the players; not for an observer.
    const log = (await get(`/games/${g.id}/log?after=${g.logSeq - 1}&limit=1`, u.bob)).json()
    expect(log.entries[0].seq).toBe(g.logSeq)
    expect(log.entries[0].disputes).toEqual([
      expect.objectContaining({
        id: d.id,
        raisedBy: { id: u.alice.id, name: 'alice' },
        status: 'ruled',
        messageCount: 2,
        ruling: expect.objectContaining({ ruling: 'no-change', reason: 'In range: 3 hexes.' }),
      }),
    ])
    const observed = (await get(`/games/${g.id}/log?after=${g.logSeq - 1}&limit=1`, u.stranger)).json()
    expect(observed.entries[0].disputes).toBeUndefined()

    // The emails: raised → the game master; the GM's message → Alice and Bob; Alice's → the GM;
    // the ruling → Alice, Bob and the GM (an admin ruled). Nobody else, each once.
    const expected: Array<[User, string]> = [
      [u.gm, 'dispute-raised'],
      [u.alice, 'dispute-message'],
      [u.bob, 'dispute-message'],
      [u.gm, 'dispute-message'],
      [u.alice, 'dispute-ruled'],
      [u.bob, 'dispute-ruled'],
      [u.gm, 'dispute-ruled'],
    ]
    for (const [who, kind] of expected)
      await waitFor(`${kind} to ${who.name}`, () => mailsAbout(who, kind, d.id).length >= 1)
    await settled()
    for (const who of Object.values(u))
      for (const kind of ['dispute-raised', 'dispute-message', 'dispute-ruled'])
        expect(mailsAbout(who, kind, d.id).length, `${kind} to ${who.name}`).toBe(
          expected.filter(([w, k]) => w === who && k === kind).length,
        )

    const raised = mailsAbout(u.gm, 'dispute-raised', d.id)[0]!.parsed
    expect(raised.subject).toBe(`${await gameTitle(g.id)}: alice disputes log entry ${g.logSeq}`)
    expect(flat(raised.text!)).toContain('The Public launched its BD out of range. See rule 8.2.')
    expect(flat(raised.text!)).toContain('because you moderate')
    expect(raised.html as string).toContain(`http://hexmail.test/disputes/${d.id}`)
    // Its page: the moderation inbox for the moderator, the game's page for a player; each signed for its reader.
    expect(flat(raised.text!)).toMatch(new RegExp(`http://hexmail\\.test/moderation/disputes/${d.id}\\?login=\\S+`))
    expect(flat(mailsAbout(u.alice, 'dispute-message', d.id)[0]!.parsed.text!)).toMatch(
      new RegExp(`http://hexmail\\.test/g/${g.id}\\?login=\\S+#dispute-${d.id}`),
    )

    const toGm = flat(mailsAbout(u.gm, 'dispute-message', d.id)[0]!.parsed.text!)
    expect(toGm).toContain('alice, a player of')
    expect(toGm).toContain('From 1207.')
    const toAlice = flat(mailsAbout(u.alice, 'dispute-message', d.id)[0]!.parsed.text!)
    expect(toAlice).toContain('Which hex did it launch from?')

    const rulingEn = mailsAbout(u.alice, 'dispute-ruled', d.id)[0]!.parsed
    expect(rulingEn.subject).toContain(`the dispute of entry ${g.logSeq} is ruled: no change`)
    expect(flat(rulingEn.text!)).toContain('In range: 3 hexes.')
    expect(flat(rulingEn.text!)).toContain('The Public launched its BD out of range.')
    // Bob reads it in Japanese.
    const rulingJa = mailsAbout(u.bob, 'dispute-ruled', d.id)[0]!.parsed
    expect(rulingJa.subject).toContain(`記録 ${g.logSeq} への異議の裁定：変更なし`)
    expect(unwrap(rulingJa.text!)).toContain('変更しない理由')
    expect(unwrap(rulingJa.text!)).toContain('In range: 3 hexes.')
  }, 90_000)

  it('Japanese text round trips, counted in characters', async () => {
    const g = await game(u.alice, u.bob, u.gm)
    const text = '百式のビーム・ライフルは射程外でした。ルール８．２を参照。'
    const d = await raise(g.id, u.bob, g.logSeq, text)
    expect(d.text).toBe(text)
    expect((await get(`/disputes/${d.id}`, u.gm)).json().text).toBe(text)
    const longest = '異'.repeat(DISPUTE_TEXT_MAX)
    const m = await post(`/disputes/${d.id}/messages`, u.bob, { text: longest })
    expect(m.statusCode, m.body).toBe(201)
    expect(m.json().messages.at(-1).text).toBe(longest)
    await waitFor('the raised email to the GM', () => mailsAbout(u.gm, 'dispute-raised', d.id).length === 1)
    expect(unwrap(mailsAbout(u.gm, 'dispute-raised', d.id)[0]!.parsed.text!)).toContain(text)
  }, 60_000)
})

describe('who may do what', () => {
  type Role = 'anonymous' | 'stranger' | 'opponent' | 'raiser' | 'gm' | 'admin' | 'adminPlayer'
  const ROLES: Role[] = ['anonymous', 'stranger', 'opponent', 'raiser', 'gm', 'admin', 'adminPlayer']
  // Game A: alice (raiser) and bob (opponent), game master gm. Game B: alice and adminPlayer (an admin
  // who plays in it), no game master: the admin-who-plays column is asked on B's dispute.
  let A: { id: string; logSeq: number }
  let B: { id: string; logSeq: number }
  beforeAll(async () => {
    A = await game(u.alice, u.bob, u.gm)
    B = await game(u.alice, u.adminPlayer, null)
  }, 60_000)
  const userOf = (role: Role): User | null =>
    role === 'anonymous'
      ? null
      : role === 'opponent'
        ? u.bob
        : role === 'raiser'
          ? u.alice
          : u[role as 'stranger' | 'gm' | 'admin' | 'adminPlayer']
  const gameOf = (role: Role) => (role === 'adminPlayer' ? B : A)
  const fresh = async (role: Role) => (await raise(gameOf(role).id, u.alice, gameOf(role).logSeq)).id

  const TABLE: Record<string, { call: (role: Role) => Promise<number>; expect: Record<Role, number> }> = {
    'POST /games/:id/disputes': {
      call: async (r) => (await post(`/games/${gameOf(r).id}/disputes`, userOf(r), { seq: 1, text: 'x' })).statusCode,
      expect: { anonymous: 401, stranger: 403, opponent: 201, raiser: 201, gm: 403, admin: 403, adminPlayer: 201 },
    },
    'GET /games/:id/disputes': {
      call: async (r) => (await get(`/games/${gameOf(r).id}/disputes`, userOf(r))).statusCode,
      expect: { anonymous: 401, stranger: 403, opponent: 200, raiser: 200, gm: 200, admin: 200, adminPlayer: 200 },
    },
    'GET /disputes/:id': {
      call: async (r) => (await get(`/disputes/${await fresh(r)}`, userOf(r))).statusCode,
      expect: { anonymous: 401, stranger: 403, opponent: 200, raiser: 200, gm: 200, admin: 200, adminPlayer: 200 },
    },
    'POST /disputes/:id/messages': {
      call: async (r) => (await post(`/disputes/${await fresh(r)}/messages`, userOf(r), { text: 'hm' })).statusCode,
      expect: { anonymous: 401, stranger: 403, opponent: 201, raiser: 201, gm: 201, admin: 201, adminPlayer: 201 },
    },
    'POST /disputes/:id/ruling': {
      call: async (r) =>
        (await post(`/disputes/${await fresh(r)}/ruling`, userOf(r), { ruling: 'no-change', reason: 'fine' }))
          .statusCode,
      expect: { anonymous: 401, stranger: 403, opponent: 403, raiser: 403, gm: 200, admin: 200, adminPlayer: 403 },
    },
    'GET /moderation/disputes': {
      call: async (r) => (await get('/moderation/disputes', userOf(r))).statusCode,
      expect: { anonymous: 401, stranger: 200, opponent: 200, raiser: 200, gm: 200, admin: 200, adminPlayer: 200 },
    },
  }

  it.each(Object.keys(TABLE))(
    '%s',
    async (route) => {
      const row = TABLE[route]!
      const seen: Record<string, number> = {}
      for (const role of ROLES) seen[role] = await row.call(role)
      expect(seen).toEqual(row.expect)
    },
    60_000,
  )

  it('the inbox of who moderates nothing is empty; an admin who plays does not see that game', async () => {
    await raise(B.id, u.alice, B.logSeq)
    for (const who of [u.stranger, u.alice, u.bob]) {
      const res = await get('/moderation/disputes?status=all', who)
      expect(res.statusCode).toBe(200)
      expect(res.json()).toEqual({ disputes: [], next: null })
    }
    const games = async (who: User) =>
      new Set(
        (await get('/moderation/disputes?status=all&limit=100', who))
          .json()
          .disputes.map((d: { gameId: string }) => d.gameId),
      )
    expect((await games(u.adminPlayer)).has(B.id)).toBe(false)
    expect((await games(u.adminPlayer)).has(A.id)).toBe(true)
    expect((await games(u.admin)).has(B.id)).toBe(true)
    expect((await games(u.gm)).has(B.id)).toBe(false)
  })

  it('a private game: hidden from a stranger (404), open to its game master', async () => {
    const P = await game(u.alice, u.bob, u.gm, { private: true })
    const d = await raise(P.id, u.alice, P.logSeq)
    expect((await get(`/games/${P.id}/disputes`, u.stranger)).statusCode).toBe(404)
    expect((await post(`/games/${P.id}/disputes`, u.stranger, { seq: 1, text: 'x' })).statusCode).toBe(404)
    expect((await get(`/disputes/${d.id}`, u.stranger)).statusCode).toBe(404)
    expect((await get(`/disputes/${d.id}`, u.gm)).statusCode).toBe(200)
    expect((await get(`/games/${P.id}/disputes`, u.gm)).statusCode).toBe(200)
  })

  it('unknown games and disputes are not found', async () => {
    expect((await get(`/games/${randomUUID()}/disputes`, u.alice)).statusCode).toBe(404)
    expect((await post(`/games/${randomUUID()}/disputes`, u.alice, { seq: 1, text: 'x' })).statusCode).toBe(404)
    for (const id of [randomUUID(), 'not-a-uuid', '1']) {
      expect((await get(`/disputes/${id}`, u.admin)).statusCode).toBe(404)
      expect((await post(`/disputes/${id}/messages`, u.admin, { text: 'x' })).statusCode).toBe(404)
      expect((await post(`/disputes/${id}/ruling`, u.admin, { ruling: 'no-change', reason: 'x' })).statusCode).toBe(404)
    }
  })

  it('canModerate and the SQL of the inbox agree on every game for every account', async () => {
    const C = await game(u.gm, u.bob, u.gm) // a game master who plays: not a moderator of it
    const D = await game(u.mod, u.stranger, null) // a site moderator who plays
    const E = await game(u.alice, u.bob, u.mod) // a site moderator as game master
    // Club games: the club's owner (gm) and moderator (stranger) moderate them, its member (alice) does not;
    // nor does the club's moderator in the one where they hold a seat (G).
    const club = await s.t.db.club.create({ data: { name: 'Agreement club', createdById: u.gm.id } })
    await s.t.db.clubMember.createMany({
      data: [
        { clubId: club.id, userId: u.gm.id, role: 'owner' },
        { clubId: club.id, userId: u.stranger.id, role: 'moderator' },
        { clubId: club.id, userId: u.alice.id, role: 'member' },
      ],
    })
    const F = await game(u.alice, u.bob, null)
    const G = await game(u.stranger, u.bob, null)
    await s.t.db.game.updateMany({ where: { id: { in: [F.id, G.id] } }, data: { clubId: club.id } })
    // A club game of a season the club's moderator (stranger) entered, and withdrew from: they do not
    // moderate it (an entrant would judge a rival's game); the owner (gm), who did not enter, does.
    const season = await s.t.db.season.create({
      data: {
        clubId: club.id,
        name: 'Agreement season',
        ruleset: 'abaoaqu',
        scenarios: ['A-S4'],
        format: 'single',
        divisions: [{ name: 'Main', promote: 0, relegate: 0 }],
        points: { win: 1, draw: 0.5, loss: 0 },
        tieBreaks: [],
        seed: 'seed',
        seedCommitment: 'commitment',
        createdById: u.gm.id,
      },
    })
    await s.t.db.seasonEntry.create({
      data: { seasonId: season.id, userId: u.stranger.id, division: 'Main', status: 'withdrawn' },
    })
    const H = await game(u.alice, u.bob, null)
    await s.t.db.game.update({ where: { id: H.id }, data: { clubId: club.id, seasonId: season.id } })
    const ids = [A.id, B.id, C.id, D.id, E.id, F.id, G.id, H.id]
    const rows = await s.t.db.game.findMany({ where: { id: { in: ids } }, include: { seats: true } })
    let moderated = 0
    for (const who of Object.values(u)) {
      const account = await moderatorAccount(s.t.db, who.id)
      const byRule = rows.filter((g) => canModerate(account, g)).map((g) => g.id)
      const bySql = await moderatedBySql(s.t.db, who.id, ids)
      expect(bySql.sort(), who.name).toEqual(byRule.sort())
      moderated += byRule.length
    }
    expect(moderated).toBeGreaterThan(5)
    const strangerAccount = await moderatorAccount(s.t.db, u.stranger.id)
    expect(await moderatedBySql(s.t.db, u.stranger.id, [F.id, G.id, H.id])).toEqual([F.id])
    expect(await moderatedBySql(s.t.db, u.gm.id, [H.id])).toEqual([H.id])
    expect(strangerAccount!.clubs).toEqual([club.id])
    expect(strangerAccount!.seasons).toEqual([season.id])
    expect(await moderatedBySql(s.t.db, u.alice.id, [F.id, G.id])).toEqual([])
  })
})

describe('a ruling by correction (for the corrections code)', () => {
  it("settles an open dispute of the game inside the caller's transaction, and refuses the others", async () => {
    const g = await game(u.alice, u.bob, u.gm)
    const other = await game(u.alice, u.bob, u.gm)
    const d = await raise(g.id, u.alice, g.logSeq)
    await expect(s.t.db.$transaction((tx) => disputeForCorrection(tx, d.id, other.id))).rejects.toBeInstanceOf(
      InvalidInput,
    )
    await expect(s.t.db.$transaction((tx) => disputeForCorrection(tx, randomUUID(), g.id))).rejects.toBeInstanceOf(
      NotFound,
    )
    await expect(s.t.db.$transaction((tx) => disputeForCorrection(tx, 'nope', g.id))).rejects.toBeInstanceOf(NotFound)
    // A transaction that fails after settling leaves the dispute open.
    await expect(
      s.t.db.$transaction(async (tx) => {
        await disputeForCorrection(tx, d.id, g.id)
        await settleByCorrection(tx, d.id, { correctionSeq: g.logSeq + 1, moderatorId: u.gm.id, reason: 'undone' })
        throw new Error('the correction failed')
      }),
    ).rejects.toThrow('the correction failed')
    expect((await get(`/disputes/${d.id}`, u.alice)).json().status).toBe('open')
    await s.t.db.$transaction(async (tx) => {
      const open = await disputeForCorrection(tx, d.id, g.id)
      expect(open.seq).toBe(g.logSeq)
      await settleByCorrection(tx, d.id, {
        correctionSeq: g.logSeq + 1,
        moderatorId: u.gm.id,
        reason: 'the BD goes back',
      })
    })
    const ruled = (await get(`/disputes/${d.id}`, u.alice)).json()
    expect(ruled.status).toBe('ruled')
    expect(ruled.ruling).toMatchObject({
      ruling: 'correction',
      reason: 'the BD goes back',
      moderator: { id: u.gm.id, name: 'gm' },
      correctionSeq: g.logSeq + 1,
    })
    await expect(s.t.db.$transaction((tx) => disputeForCorrection(tx, d.id, g.id))).rejects.toBeInstanceOf(Conflict)
    expect((await post(`/disputes/${d.id}/ruling`, u.gm, { ruling: 'no-change', reason: 'x' })).statusCode).toBe(409)
  })
})

describe('bad input is refused with the field, and nothing is written', () => {
  let G: { id: string; logSeq: number }
  let open: { id: string; logSeq: number }
  let disputeId: string
  beforeAll(async () => {
    G = await game(u.alice, u.bob, u.gm)
    open = await game(u.alice, u.bob, u.gm, { start: false })
    disputeId = (await raise(G.id, u.alice, G.logSeq)).id
  }, 60_000)
  const counts = async () => ({
    disputes: await s.t.db.dispute.count(),
    messages: await s.t.db.disputeMessage.count(),
    outbox: await s.t.db.outbox.count({ where: { kind: { startsWith: 'dispute-' } } }),
    ruled: await s.t.db.dispute.count({ where: { status: 'ruled' } }),
  })

  const CASES: Array<[string, () => [string, object], number, string]> = [
    ['seq missing', () => [`/games/${G.id}/disputes`, { text: 'x' }], 400, 'body/seq'],
    ['seq 0', () => [`/games/${G.id}/disputes`, { seq: 0, text: 'x' }], 422, 'body/seq'],
    ['seq -1', () => [`/games/${G.id}/disputes`, { seq: -1, text: 'x' }], 422, 'body/seq'],
    ['seq past the log', () => [`/games/${G.id}/disputes`, { seq: G.logSeq + 1, text: 'x' }], 422, 'body/seq'],
    ['seq huge', () => [`/games/${G.id}/disputes`, { seq: 99999999999, text: 'x' }], 400, 'body/seq'],
    ['seq not an integer', () => [`/games/${G.id}/disputes`, { seq: 1.5, text: 'x' }], 400, 'body/seq'],
    ['seq a string', () => [`/games/${G.id}/disputes`, { seq: '1', text: 'x' }], 400, 'body/seq'],
    ['a game not started', () => [`/games/${open.id}/disputes`, { seq: 1, text: 'x' }], 422, 'body/seq'],
    ['text missing', () => [`/games/${G.id}/disputes`, { seq: 1 }], 400, 'body/text'],
    ['text empty', () => [`/games/${G.id}/disputes`, { seq: 1, text: '' }], 422, 'body/text'],
    ['text blank', () => [`/games/${G.id}/disputes`, { seq: 1, text: ' \n\t　' }], 422, 'body/text'],
    ['text invisible', () => [`/games/${G.id}/disputes`, { seq: 1, text: '\u200b\ufeff' }], 422, 'body/text'],
    ['text with a bell', () => [`/games/${G.id}/disputes`, { seq: 1, text: 'ring \u0007' }], 422, 'body/text'],
    [
      'text too long',
      () => [`/games/${G.id}/disputes`, { seq: 1, text: 'a'.repeat(DISPUTE_TEXT_MAX + 1) }],
      422,
      'body/text',
    ],
    ['an unknown field', () => [`/games/${G.id}/disputes`, { seq: 1, text: 'x', urgent: true }], 400, 'body/urgent'],
    ['message blank', () => [`/disputes/${disputeId}/messages`, { text: '   ' }], 422, 'body/text'],
    [
      'message too long',
      () => [`/disputes/${disputeId}/messages`, { text: '長'.repeat(DISPUTE_TEXT_MAX + 1) }],
      422,
      'body/text',
    ],
    ['message unknown field', () => [`/disputes/${disputeId}/messages`, { text: 'x', to: 'bob' }], 400, 'body/to'],
    ['ruling reason missing', () => [`/disputes/${disputeId}/ruling`, { ruling: 'no-change' }], 400, 'body/reason'],
    [
      'ruling reason blank',
      () => [`/disputes/${disputeId}/ruling`, { ruling: 'no-change', reason: ' ' }],
      422,
      'body/reason',
    ],
    [
      'ruling reason too long',
      () => [`/disputes/${disputeId}/ruling`, { ruling: 'no-change', reason: 'r'.repeat(DISPUTE_TEXT_MAX + 1) }],
      422,
      'body/reason',
    ],
    [
      'ruling by correction here',
      () => [`/disputes/${disputeId}/ruling`, { ruling: 'correction', reason: 'x' }],
      400,
      'body/ruling',
    ],
    [
      'ruling unknown field',
      () => [`/disputes/${disputeId}/ruling`, { ruling: 'no-change', reason: 'x', seq: 3 }],
      400,
      'body/seq',
    ],
  ]

  it.each(CASES.map((c) => [c[0], c] as const))('%s', async (_name, [, request, status, field]) => {
    const before = await counts()
    const [url, body] = request()
    const who = url.includes('/ruling') ? u.gm : u.alice
    const res = await post(url, who, body)
    expect(res.statusCode, res.body).toBe(status)
    expect(res.headers['content-type']).toContain('application/problem+json')
    const problem = res.json()
    expect(problem.errors.map((e: { field: string }) => e.field)).toContain(field)
    expect(await counts()).toEqual(before)
  })

  it('a bad inbox query: an unknown status, a limit out of bounds, a cursor not given by the server', async () => {
    for (const [query, field] of [
      ['status=closed', 'querystring/status'],
      ['limit=0', 'querystring/limit'],
      ['limit=101', 'querystring/limit'],
      ['cursor=garbage', 'cursor'],
      ['colour=red', 'querystring/colour'],
    ]) {
      const res = await get(`/moderation/disputes?${query}`, u.admin)
      expect(res.statusCode, query).toBe(400)
      const problem = res.json()
      expect([problem.field, ...(problem.errors ?? []).map((e: { field: string }) => e.field)], query).toContain(field)
    }
  })
})

describe('the inbox', () => {
  it('filters by status and walks its pages without losing or repeating one', async () => {
    const gm2 = await register(s.app, 'gm2')
    const g = await game(u.alice, u.bob, gm2)
    const ids: string[] = []
    for (let i = 0; i < 7; i++) ids.push((await raise(g.id, i % 2 ? u.bob : u.alice, 1 + (i % g.logSeq), `d${i}`)).id)
    for (const id of ids.slice(0, 3)) {
      const res = await post(`/disputes/${id}/ruling`, gm2, { ruling: 'no-change', reason: 'no' })
      expect(res.statusCode).toBe(200)
    }
    const walk = async (status: string) => {
      const seen: string[] = []
      let cursor: string | null = null
      for (let page = 0; page < 10; page++) {
        const res = await get(
          `/moderation/disputes?status=${status}&limit=2${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`,
          gm2,
        )
        expect(res.statusCode, res.body).toBe(200)
        const body = res.json()
        expect(body.disputes.length).toBeLessThanOrEqual(2)
        seen.push(...body.disputes.map((d: { id: string }) => d.id))
        cursor = body.next
        if (!cursor) break
      }
      return seen
    }
    const newestFirst = [...ids].reverse()
    expect(await walk('all')).toEqual(newestFirst)
    expect(await walk('open')).toEqual(newestFirst.filter((id) => !ids.slice(0, 3).includes(id)))
    expect(await walk('ruled')).toEqual(newestFirst.filter((id) => ids.slice(0, 3).includes(id)))
    // The default is open.
    const byDefault = (await get('/moderation/disputes', gm2)).json()
    expect(byDefault.disputes.every((d: { status: string }) => d.status === 'open')).toBe(true)
    expect(byDefault.disputes).toHaveLength(4)
  })

  it('answers a page quickly with 10,000 disputes', async () => {
    const g = await game(u.alice, u.bob, null)
    await s.t.db.$executeRawUnsafe(
      `INSERT INTO "Dispute"("gameId", seq, "raisedById", text, status, "createdAt")
       SELECT $1::uuid, 1, $2::uuid, 'bulk ' || i, CASE WHEN i % 3 = 0 THEN 'ruled' ELSE 'open' END,
              now() - make_interval(secs => i)
         FROM generate_series(1, 10000) AS i`,
      g.id,
      u.alice.id,
    )
    await s.t.db.$executeRawUnsafe('ANALYZE "Dispute"')
    // The open inbox of an admin reads the newest open disputes from the (status, createdAt) index.
    const { sql, params } = inboxSql({ id: u.admin.id, role: 'ADMIN', clubs: [], seasons: [] }, 'open', 100, null)
    const plan = (await s.t.db.$queryRawUnsafe<Array<{ 'QUERY PLAN': string }>>(`EXPLAIN ${sql}`, ...params))
      .map((r) => r['QUERY PLAN'])
      .join('\n')
    expect(plan).toContain('Dispute_status_createdAt_idx')
    for (const status of ['open', 'all']) {
      const started = performance.now()
      const res = await get(`/moderation/disputes?status=${status}&limit=100`, u.admin)
      const ms = performance.now() - started
      expect(res.statusCode).toBe(200)
      expect(res.json().disputes).toHaveLength(100)
      expect(res.json().next).not.toBeNull()
      expect(ms, `${status}: ${ms} ms`).toBeLessThan(1500)
    }
  }, 60_000)
})

async function gameTitle(id: string): Promise<string> {
  return (await s.t.db.game.findUniqueOrThrow({ where: { id } })).title
}
