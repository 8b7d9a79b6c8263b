// Seasons over HTTP (docs/leagues.md): bad input refused with its reason and nothing changed; the start
// creates each fixture once with its game seated and started; round robin single and double; a Swiss
// season driven by resignations and the league clock; a withdrawal forfeiting the rest.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { leagueTick } from '../../src/leagues/clock.js'
import { pairKey } from '../../src/leagues/formats/swiss.js'
import { as, register, startApp, type TestApp, type User } from './helpers.js'

let h: TestApp
let owner: User
let admin: User

beforeAll(async () => {
  h = await startApp()
  owner = await register(h.app, 'Owner')
  admin = await register(h.app, 'Admin')
  await h.t.db.user.update({ where: { id: admin.id }, data: { role: 'ADMIN' } })
  const login = await h.app.inject({
    method: 'POST',
    url: '/auth/login',
    payload: { email: admin.email, password: 'correct horse battery' },
  })
  admin = { ...admin, token: login.json().accessToken }
})
afterAll(async () => h?.close())

async function club(members: User[] = [], name = '渋谷ヘックス倶楽部') {
  const c = await h.t.db.club.create({ data: { name, createdById: owner.id } })
  await h.t.db.clubMember.create({ data: { clubId: c.id, userId: owner.id, role: 'owner' } })
  for (const m of members) await h.t.db.clubMember.create({ data: { clubId: c.id, userId: m.id, role: 'member' } })
  return c.id
}

async function players(n: number, prefix = 'P'): Promise<User[]> {
  const out: User[] = []
  for (let i = 0; i < n; i++) out.push(await register(h.app, `${prefix}${i + 1}`))
  return out
}

const call = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, user: User | null, payload?: object) =>
  h.app.inject({ method, url, headers: as(user), ...(payload ? { payload } : {}) })

const basics = { ruleset: 'abaoaqu', scenarios: ['A-S1'], format: 'single' }

async function season(clubId: string, body: object = {}) {
  const res = await call('POST', `/clubs/${clubId}/seasons`, owner, { name: '秋季リーグ 2026', ...basics, ...body })
  expect(res.statusCode, res.body).toBe(201)
  return res.json().id as string
}

async function enter(seasonId: string, users: User[]) {
  for (const u of users) {
    const res = await call('POST', `/seasons/${seasonId}/entries`, u, {})
    expect(res.statusCode, res.body).toBe(201)
  }
}

const fixtures = (seasonId: string) =>
  h.t.db.fixture.findMany({ where: { seasonId }, orderBy: [{ round: 'asc' }, { board: 'asc' }] })

describe('creating and changing a season', () => {
  it('creates a season with the defaults and a seed commitment, the seed kept secret', async () => {
    const c = await club()
    const res = await call('POST', `/clubs/${c}/seasons`, owner, { name: '秋季リーグ', ...basics })
    expect(res.statusCode, res.body).toBe(201)
    const s = res.json()
    expect(s).toMatchObject({
      name: '秋季リーグ',
      status: 'open',
      round: 0,
      missedPolicy: 'forfeit',
      divisions: [{ name: 'Main', promote: 0, relegate: 0 }],
      seed: null,
    })
    expect(s.seedCommitment).toMatch(/^[0-9a-f]{64}$/)
    const list = (await call('GET', `/clubs/${c}/seasons`, null)).json()
    expect(list.seasons.map((x: { id: string }) => x.id)).toEqual([s.id])
  })

  it('refuses an unknown tie-break, naming it and the allowed list, and creates nothing', async () => {
    const c = await club()
    const res = await call('POST', `/clubs/${c}/seasons`, owner, {
      name: 'S',
      ...basics,
      tieBreaks: ['wins', 'coin-toss'],
    })
    expect(res.statusCode).toBe(400)
    expect(res.json()).toMatchObject({
      field: 'tieBreaks[1]',
      allowed: ['head-to-head', 'wins', 'sonneborn-berger', 'buchholz'],
    })
    expect(res.json().detail).toContain('coin-toss')
    const buchholz = await call('POST', `/clubs/${c}/seasons`, owner, { name: 'S', ...basics, tieBreaks: ['buchholz'] })
    expect(buchholz.statusCode).toBe(400)
    expect(buchholz.json()).toMatchObject({ field: 'tieBreaks[0]' })
    expect(await h.t.db.season.count({ where: { clubId: c } })).toBe(0)
  })

  it('refuses each bad rule with its field', async () => {
    const c = await club()
    const cases: Array<[object, string]> = [
      [{ ruleset: 'chess' }, 'ruleset'],
      [{ scenarios: [] }, 'scenarios'],
      [{ scenarios: ['A-S1', 'Z-9'] }, 'scenarios[1]'],
      [{ scenarioChoice: 'sometimes' }, 'scenarioChoice'],
      [{ format: 'knockout' }, 'format'],
      [{ format: 'swiss' }, 'swissRounds'],
      [{ format: 'swiss', swissRounds: 0 }, 'swissRounds'],
      [
        {
          divisions: [
            { name: 'A', promote: 0, relegate: 0 },
            { name: 'A', promote: 0, relegate: 0 },
          ],
        },
        'divisions[1].name',
      ],
      [{ phaseHours: 721 }, 'phaseHours'],
      [{ missedPolicy: 'ignore' }, 'missedPolicy'],
      [{ vacationDays: 61 }, 'vacationDays'],
      [{ signupDeadline: '2027-01-02T00:00:00Z', startAt: '2027-01-01T00:00:00Z' }, 'signupDeadline'],
      [{ withdrawal: 'keep-results' }, 'withdrawal'],
      // Points: finite, 0 to 100, and a win never below a draw nor a draw below a loss.
      [{ points: { win: 1000 } }, 'points.win'],
      [{ points: { win: -3, draw: 1, loss: 0 } }, 'points.win'],
      [{ points: { win: 0, draw: 1, loss: 3 } }, 'points.draw'],
      [{ points: { win: 3, draw: 1, loss: 2 } }, 'points.loss'],
      // Division names: something visible, one line, no two that read alike.
      [{ divisions: [{ name: '\u200b\u200b', promote: 0, relegate: 0 }] }, 'divisions[0].name'],
      [{ divisions: [{ name: 'Ta\tb', promote: 0, relegate: 0 }] }, 'divisions[0].name'],
      [
        {
          divisions: [
            { name: 'A', promote: 0, relegate: 0 },
            { name: ' a ', promote: 0, relegate: 0 },
          ],
        },
        'divisions[1].name',
      ],
      // Dates must be ahead.
      [{ startAt: '2020-01-01T00:00:00Z' }, 'startAt'],
      [{ signupDeadline: '1900-01-01T00:00:00Z' }, 'signupDeadline'],
    ]
    for (const [body, field] of cases) {
      const res = await call('POST', `/clubs/${c}/seasons`, owner, { name: 'S', ...basics, ...body })
      expect(res.statusCode, JSON.stringify(body)).toBe(400)
      expect(res.json().field, JSON.stringify(body)).toBe(field)
    }
    // Names of seasons: one line, something visible, nothing that reorders text; also when renamed.
    for (const name of ['a\u0007b\u001bc', 'a\nb', '\u200b\u2060\ufeff', '\u0301\u0301']) {
      const res = await call('POST', `/clubs/${c}/seasons`, owner, { name, ...basics })
      expect(res.statusCode, JSON.stringify(name)).toBe(400)
      expect(res.json().field, res.body).toBe('name')
    }
    // Absurd numbers stop at the schema, naming the field there.
    const huge = await call('POST', `/clubs/${c}/seasons`, owner, { name: 'S', ...basics, points: { win: 1e308 } })
    expect(huge.statusCode).toBe(400)
    expect(huge.json().errors[0].field).toBe('body/points/win')
    // Characters that reorder text are refused by every route's input check, naming the field.
    const reordered = await call('POST', `/clubs/${c}/seasons`, owner, { name: 'abc\u202edcba', ...basics })
    expect(reordered.statusCode).toBe(400)
    expect(reordered.json().errors[0].field).toBe('body/name')
    expect(await h.t.db.season.count({ where: { clubId: c } })).toBe(0)
    const id = await season(c)
    const renamed = await call('PATCH', `/seasons/${id}`, owner, { name: '秋季リーグ 2026\u001b[31m' })
    expect(renamed.statusCode).toBe(400)
    expect((await call('GET', `/seasons/${id}`, null)).json().name).toBe('秋季リーグ 2026')
  })

  it('lets only an owner or a site admin create and change a season', async () => {
    const [member] = await players(1, 'Member')
    const c = await club([member!])
    const refused = await call('POST', `/clubs/${c}/seasons`, member!, { name: 'S', ...basics })
    expect(refused.statusCode).toBe(403)
    const id = await season(c)
    const change = await call('PATCH', `/seasons/${id}`, member!, { name: 'Mine now', phaseHours: 48 })
    expect(change.statusCode).toBe(403)
    expect(change.json().detail).toContain('owner')
    expect((await call('GET', `/seasons/${id}`, null)).json()).toMatchObject({
      name: '秋季リーグ 2026',
      phaseHours: 24,
    })
    const byAdmin = await call('PATCH', `/seasons/${id}`, admin, { phaseHours: 48 })
    expect(byAdmin.statusCode, byAdmin.body).toBe(200)
    expect(byAdmin.json().phaseHours).toBe(48)
  })
})

describe('entering a season', () => {
  it('refuses a non-member, a second entry, and a late entry, changing nothing', async () => {
    const [member, outsider] = await players(2, 'E')
    const c = await club([member!])
    const id = await season(c)
    const out = await call('POST', `/seasons/${id}/entries`, outsider!, {})
    expect(out.statusCode).toBe(403)
    expect(out.json().detail).toContain('members')
    await enter(id, [member!])
    const twice = await call('POST', `/seasons/${id}/entries`, member!, {})
    expect(twice.statusCode).toBe(409)
    expect(twice.json().detail).toContain('already entered')
    // Sign-up closed: the deadline, set ahead when the season was made, has passed since.
    const late = await season(c, { signupDeadline: '2099-01-01T00:00:00Z', startAt: '2099-01-02T00:00:00Z' })
    await h.t.db.season.update({ where: { id: late }, data: { signupDeadline: new Date('2020-01-01T00:00:00Z') } })
    const tooLate = await call('POST', `/seasons/${late}/entries`, member!, {})
    expect(tooLate.statusCode).toBe(409)
    expect(tooLate.json().detail).toContain('signup deadline')
    expect(await h.t.db.seasonEntry.count({ where: { seasonId: { in: [id, late] } } })).toBe(1)
  })

  it('refuses to start with fewer than two entrants, and entering a started season', async () => {
    const ps = await players(3, 'F')
    const c = await club(ps)
    const id = await season(c)
    await enter(id, [ps[0]!])
    const start = await call('POST', `/seasons/${id}/start`, owner)
    expect(start.statusCode).toBe(409)
    expect(start.json().detail).toContain('at least two')
    expect((await call('GET', `/seasons/${id}`, null)).json().status).toBe('open')
    expect(await fixtures(id)).toEqual([])
    await enter(id, [ps[1]!])
    expect((await call('POST', `/seasons/${id}/start`, owner)).statusCode).toBe(200)
    const lateEntry = await call('POST', `/seasons/${id}/entries`, ps[2]!, {})
    expect(lateEntry.statusCode).toBe(409)
    expect(lateEntry.json().detail).toContain('started')
    expect(await h.t.db.seasonEntry.count({ where: { seasonId: id } })).toBe(2)
    const rules = await call('PATCH', `/seasons/${id}`, owner, { phaseHours: 12 })
    expect(rules.statusCode).toBe(409)
    const renamed = await call('PATCH', `/seasons/${id}`, owner, { name: '春季リーグ' })
    expect(renamed.json()).toMatchObject({ name: '春季リーグ', phaseHours: 24 })
  })

  it('refuses more Swiss rounds than players − 1 at the start', async () => {
    const ps = await players(3, 'G')
    const c = await club(ps)
    const id = await season(c, { format: 'swiss', swissRounds: 3, tieBreaks: ['buchholz'] })
    await enter(id, ps)
    const res = await call('POST', `/seasons/${id}/start`, owner)
    expect(res.statusCode).toBe(409)
    expect(res.json().detail).toContain('at most 2')
    expect(await fixtures(id)).toEqual([])
  })

  it('moves an entrant to another division before the start (owner only)', async () => {
    const ps = await players(1, 'D')
    const c = await club(ps)
    const id = await season(c, {
      divisions: [
        { name: '一部', promote: 0, relegate: 1 },
        { name: '二部', promote: 1, relegate: 0 },
      ],
    })
    const entry = (await call('POST', `/seasons/${id}/entries`, ps[0]!, {})).json()
    expect(entry.division).toBe('一部')
    expect(
      (await call('PATCH', `/seasons/${id}/entries/${entry.entryId}`, ps[0]!, { division: '二部' })).statusCode,
    ).toBe(403)
    const bad = await call('PATCH', `/seasons/${id}/entries/${entry.entryId}`, owner, { division: '三部' })
    expect(bad.statusCode).toBe(400)
    const moved = await call('PATCH', `/seasons/${id}/entries/${entry.entryId}`, owner, { division: '二部' })
    expect(moved.json().division).toBe('二部')
    const left = await call('DELETE', `/seasons/${id}/entries/me`, ps[0]!)
    expect(left.json()).toEqual({ status: 'removed', forfeited: 0 })
    expect(await h.t.db.seasonEntry.count({ where: { seasonId: id } })).toBe(0)
  })
})

describe('starting a season', () => {
  it('creates the fixtures once when two starts race', async () => {
    const ps = await players(4, 'R')
    const c = await club(ps)
    const id = await season(c)
    await enter(id, ps)
    const [a, b] = await Promise.all([
      call('POST', `/seasons/${id}/start`, owner),
      call('POST', `/seasons/${id}/start`, admin),
    ])
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 409])
    expect([a, b].find((r) => r.statusCode === 409)!.json().detail).toContain('already started')
    expect(await fixtures(id)).toHaveLength(6)
    expect(await h.t.db.game.count({ where: { seasonId: id } })).toBe(6)
  })

  it('5 players, single round robin: 5 rounds of 2 games and a bye, every game started and told', async () => {
    const ps = await players(5, 'S')
    await h.t.db.user.update({ where: { id: ps[0]!.id }, data: { name: '山田太郎' } })
    const c = await club(ps)
    const id = await season(c, { vacationDays: 7, phaseHours: 48 })
    await enter(id, ps)
    const started = await call('POST', `/seasons/${id}/start`, owner)
    expect(started.statusCode, started.body).toBe(200)
    expect(started.json()).toMatchObject({ status: 'running', round: 5 })
    const all = await fixtures(id)
    for (let r = 1; r <= 5; r++) {
      const round = all.filter((f) => f.round === r)
      expect(round.filter((f) => f.awayEntryId !== null)).toHaveLength(2)
      expect(round.filter((f) => f.awayEntryId === null)).toHaveLength(1)
    }
    const games = await h.t.db.game.findMany({ where: { seasonId: id }, include: { seats: true } })
    expect(games).toHaveLength(10)
    for (const g of games) {
      expect(g).toMatchObject({ status: 'ACTIVE', clubId: c, vacationDays: 7, phaseHours: 48, private: false })
      expect(g.seats.every((s) => s.userId !== null)).toBe(true)
      expect(g.title).toMatch(/^秋季リーグ 2026 · round \d: .+ v .+$/)
    }
    expect(games.some((g) => g.title.includes('山田太郎'))).toBe(true)
    // A fixture game is an ordinary game: its players read it like any other.
    const read = await call('GET', `/games/${games[0]!.id}`, ps[0]!)
    expect(read.statusCode, read.body).toBe(200)
    expect(read.json()).toMatchObject({ status: 'ACTIVE', missedPolicy: 'forfeit' })
    const rows = await h.t.db.outbox.findMany({
      where: { kind: 'season-fixture', gameId: { in: games.map((g) => g.id) } },
    })
    expect(rows).toHaveLength(10)
    const fixture = all.find((f) => f.gameId === rows[0]!.gameId)!
    const entries = await h.t.db.seasonEntry.findMany({ where: { seasonId: id } })
    const home = entries.find((e) => e.id === fixture.homeEntryId)!
    expect(rows[0]!.payload).toMatchObject({
      seasonId: id,
      seasonName: '秋季リーグ 2026',
      clubId: c,
      clubName: '渋谷ヘックス倶楽部',
      round: fixture.round,
      scenario: 'A-S1',
      players: [{ userId: home.userId, side: 'FED' }, { side: 'ZEON' }],
    })
    expect((rows[0]!.payload as { to: string[] }).to).toContain(home.userId)
    expect((rows[0]!.payload as { deadline: string }).deadline).toMatch(/^\d{4}-/)
  })

  it('double round robin: each pair plays once on each side', async () => {
    const ps = await players(3, 'W')
    const c = await club(ps)
    const id = await season(c, { format: 'double', scenarios: ['A-S1', 'A-S2'], scenarioChoice: 'rotating' })
    await enter(id, ps)
    expect((await call('POST', `/seasons/${id}/start`, owner)).statusCode).toBe(200)
    const games = await h.t.db.game.findMany({ where: { seasonId: id }, include: { seats: true } })
    expect(games).toHaveLength(6)
    const fedVsZeon = games.map((g) => {
      const fed = g.seats.find((s) => s.side === 'FED')!.userId
      const zeon = g.seats.find((s) => s.side === 'ZEON')!.userId
      return `${fed}>${zeon}`
    })
    for (const a of ps)
      for (const b of ps) if (a !== b) expect(fedVsZeon.filter((x) => x === `${a.id}>${b.id}`)).toHaveLength(1)
    // Rotating: round r plays scenarios[(r − 1) mod 2].
    for (const f of await fixtures(id)) if (f.gameId) expect(f.scenarioId).toBe(f.round % 2 === 1 ? 'A-S1' : 'A-S2')
  })
})

describe('a Swiss season', () => {
  it('6 players over 3 rounds: paired by the clock as rounds finish, never a repeat, then finished', async () => {
    const ps = await players(6, 'X')
    const c = await club(ps)
    const id = await season(c, { format: 'swiss', swissRounds: 3, points: { win: 3, draw: 1, loss: 0 } })
    await enter(id, ps)
    expect((await call('POST', `/seasons/${id}/start`, owner)).json()).toMatchObject({ round: 1 })
    const byUser = new Map(ps.map((p) => [p.id, p]))
    const mine = (t: Awaited<ReturnType<typeof leagueTick>>) => ({
      paired: t.paired.includes(id),
      finished: t.finished.includes(id),
    })
    for (let round = 1; round <= 3; round++) {
      const current = (await fixtures(id)).filter((f) => f.round === round)
      expect(current).toHaveLength(3)
      expect(current.every((f) => f.awayEntryId && f.gameId)).toBe(true)
      // Nothing to do while games are running (other tests' seasons share the database: only this one counts).
      expect(mine(await leagueTick(h.t.db, new Date()))).toEqual({ paired: false, finished: false })
      for (const f of current) {
        const game = await h.t.db.game.findUniqueOrThrow({ where: { id: f.gameId! }, include: { seats: true } })
        const away = byUser.get(game.seats.find((s) => s.side === 'ZEON')!.userId!)!
        const res = await call('POST', `/games/${f.gameId}/resign`, away)
        expect(res.statusCode, res.body).toBe(200)
      }
      // Two clocks at once (two processes): the round is paired, or the season finished, once.
      const ticks = (await Promise.all([leagueTick(h.t.db, new Date()), leagueTick(h.t.db, new Date())])).map(mine)
      expect(ticks.filter((t) => t.paired)).toHaveLength(round < 3 ? 1 : 0)
      expect(ticks.filter((t) => t.finished)).toHaveLength(round === 3 ? 1 : 0)
    }
    const all = await fixtures(id)
    expect(all).toHaveLength(9)
    const pairs = all.map((f) => pairKey(f.homeEntryId, f.awayEntryId!))
    expect(new Set(pairs).size).toBe(9)
    const done = (await call('GET', `/seasons/${id}`, null)).json()
    expect(done).toMatchObject({ status: 'finished', round: 3 })
    expect(done.seed).toMatch(/^[0-9a-f]{64}$/)
    expect(mine(await leagueTick(h.t.db, new Date()))).toEqual({ paired: false, finished: false })
  })

  it('the clock starts a due season, and leaves one with too few entrants open', async () => {
    const ps = await players(2, 'K')
    const c = await club(ps)
    const startAt = '2030-01-01T00:00:00Z'
    const ready = await season(c, { startAt })
    const empty = await season(c, { startAt })
    await h.t.db.seasonEntry.createMany({
      data: ps.map((p) => ({ seasonId: ready, userId: p.id, division: 'Main' })),
    })
    // The clock as it will run at the start time.
    const tick = await leagueTick(h.t.db, new Date('2030-01-01T00:00:30Z'))
    expect(tick.started).toContain(ready)
    expect(tick.started).not.toContain(empty)
    expect((await h.t.db.season.findUniqueOrThrow({ where: { id: empty } })).status).toBe('open')
    expect(await h.t.db.game.count({ where: { seasonId: ready, status: 'ACTIVE' } })).toBe(1)
  })
})

describe('withdrawing after the start', () => {
  it('forfeits every fixture without a result and resigns the running games', async () => {
    const ps = await players(4, 'Q')
    const c = await club(ps)
    const id = await season(c)
    await enter(id, ps)
    await call('POST', `/seasons/${id}/start`, owner)
    const quitter = ps[0]!
    const entry = await h.t.db.seasonEntry.findFirstOrThrow({ where: { seasonId: id, userId: quitter.id } })
    const mine = (await fixtures(id)).filter((f) => f.homeEntryId === entry.id || f.awayEntryId === entry.id)
    expect(mine).toHaveLength(3)
    // The first one is decided before the withdrawal: the quitter won it (the opponent resigned).
    const decided = mine[0]!
    const opponent = (await h.t.db.seat.findMany({ where: { gameId: decided.gameId! } })).find(
      (s) => s.userId !== quitter.id,
    )!
    const resigned = await call(
      'POST',
      `/games/${decided.gameId}/resign`,
      ps.find((p) => p.id === opponent.userId)!,
    )
    expect(resigned.statusCode).toBe(200)
    const left = await call('DELETE', `/seasons/${id}/entries/me`, quitter)
    expect(left.statusCode, left.body).toBe(200)
    expect(left.json()).toEqual({ status: 'withdrawn', forfeited: 2 })
    const after = await h.t.db.fixture.findMany({ where: { id: { in: mine.map((f) => f.id) } } })
    expect(after.find((f) => f.id === decided.id)!.forfeitBy).toBeNull()
    for (const f of after.filter((x) => x.id !== decided.id)) {
      expect(f.forfeitBy).toBe(f.homeEntryId === entry.id ? 'home' : 'away')
      expect(f.forfeitWhy).toBe('withdrew')
      const game = await h.t.db.game.findUniqueOrThrow({ where: { id: f.gameId! } })
      expect(game.status).toBe('FINISHED')
      const last = await h.t.db.logEntry.findFirstOrThrow({ where: { gameId: f.gameId! }, orderBy: { seq: 'desc' } })
      expect(last).toMatchObject({ kind: 'RESIGN', userId: quitter.id })
    }
    const view = (await call('GET', `/seasons/${id}`, null)).json()
    expect(view.entrants.find((e: { userId: string }) => e.userId === quitter.id).status).toBe('withdrawn')
    const again = await call('DELETE', `/seasons/${id}/entries/me`, quitter)
    expect(again.statusCode).toBe(409)
  })
})

describe('promotion and relegation into the next season', () => {
  it("a season that follows another places its players by that season's final table", async () => {
    const [top, bottom, riser, stayer] = await players(4, 'PR')
    const c = await club([top!, bottom!, riser!, stayer!])
    const divisions = [
      { name: 'Premier', promote: 0, relegate: 1 },
      { name: 'One', promote: 1, relegate: 0 },
    ]
    const first = await season(c, { scenarios: ['A-S4'], divisions })
    await enter(first, [top!, bottom!, riser!, stayer!])
    const entrants = (await call('GET', `/seasons/${first}`, null)).json().entrants as Array<{
      entryId: string
      userId: string
    }>
    for (const u of [riser!, stayer!]) {
      const entry = entrants.find((e) => e.userId === u.id)!
      const moved = await call('PATCH', `/seasons/${first}/entries/${entry.entryId}`, owner, { division: 'One' })
      expect(moved.statusCode, moved.body).toBe(200)
    }
    // A season to follow must have finished: this one has not started.
    const early = await call('POST', `/clubs/${c}/seasons`, owner, {
      name: 'Too early',
      ...basics,
      previousSeason: first,
    })
    expect(early.statusCode).toBe(400)
    expect(early.json()).toMatchObject({ field: 'previousSeason' })

    expect((await call('POST', `/seasons/${first}/start`, owner)).statusCode).toBeLessThan(300)
    for (const f of await fixtures(first)) {
      const loser = f.division === 'Premier' ? bottom! : stayer!
      expect((await call('POST', `/games/${f.gameId}/resign`, loser)).statusCode).toBe(200)
    }
    expect((await leagueTick(h.t.db, new Date())).finished).toContain(first)

    const next = await season(c, { scenarios: ['A-S4'], divisions, previousSeason: first })
    expect((await call('GET', `/seasons/${next}`, null)).json().previousSeasonId).toBe(first)
    // Relegated from Premier, the loser may not keep his place by asking for it; nothing is entered.
    const asked = await call('POST', `/seasons/${next}/entries`, bottom!, { division: 'Premier' })
    expect(asked.statusCode).toBe(400)
    expect(asked.json()).toMatchObject({ field: 'division' })
    expect(asked.json().detail).toContain('relegated from Premier')
    expect(await h.t.db.seasonEntry.count({ where: { seasonId: next } })).toBe(0)
    await enter(next, [top!, bottom!, riser!, stayer!])
    const placed = (await call('GET', `/seasons/${next}`, null)).json().entrants as Array<{
      userId: string
      division: string
    }>
    const divisionOf = (u: User) => placed.find((e) => e.userId === u.id)!.division
    expect([top, bottom, riser, stayer].map((u) => divisionOf(u!))).toEqual(['Premier', 'One', 'Premier', 'One'])
    // A season of another club cannot be followed.
    const other = await club([], 'Another club')
    const foreign = await call('POST', `/clubs/${other}/seasons`, owner, {
      name: 'X',
      ...basics,
      previousSeason: first,
    })
    expect(foreign.statusCode).toBe(400)
    expect(foreign.json()).toMatchObject({ field: 'previousSeason' })
  })
})

describe('a season row set back by hand', () => {
  it('a started season marked open again is not started twice: 409, no second set of games', async () => {
    const ps = await players(2, 'H')
    const c = await club(ps)
    const id = await season(c)
    await enter(id, ps)
    expect((await call('POST', `/seasons/${id}/start`, owner)).statusCode).toBeLessThan(300)
    const games = await h.t.db.game.count({ where: { seasonId: id } })
    await h.t.sql(`UPDATE "Season" SET status = 'open' WHERE id = $1`, [id])
    const again = await call('POST', `/seasons/${id}/start`, owner)
    expect(again.statusCode).toBe(409)
    expect(again.json().detail).toContain('already has 1 fixtures')
    expect(await h.t.db.game.count({ where: { seasonId: id } })).toBe(games)
  })
})
