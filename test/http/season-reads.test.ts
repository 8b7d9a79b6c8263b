// A season's standings and fixtures over HTTP (GET /seasons/:id/standings, /fixtures), as JSON and CSV,
// read from real games; and the weekly and closing standings emails' outbox rows.
import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { seasonResults } from '../../src/leagues/results.js'
import { queueClosingMail, queueWeeklyStandings } from '../../src/leagues/standings-mail.js'
import { outboxProblem } from '../../src/store/outbox.js'
import { as, register, startApp, type TestApp, type User } from './helpers.js'

let h: TestApp
let seasonId: string
let otherSeasonId: string
const users: Record<'alice' | 'yamada' | 'smith' | 'formula' | 'eve', User> = {} as never
const entry: Record<keyof typeof users, string> = {} as never
let ongoing: string

// Names a spreadsheet must read back as they are: Japanese, a comma and quotes, and one a spreadsheet
// would run as a formula.
const NAMES = {
  alice: 'Alice',
  yamada: '山田 太郎',
  smith: 'Smith, "Jr"',
  formula: '=SUM(A1)',
  eve: 'Eve',
} as const

/** A private A-S4 game between home (FED) and away, in play. */
async function game(home: User, away: User): Promise<string> {
  const created = await h.app.inject({
    method: 'POST',
    url: '/games',
    headers: as(home),
    payload: { ruleset: 'abaoaqu', scenario: 'A-S4', seat: 'FED', private: true, options: { deployment: 'auto' } },
  })
  expect(created.statusCode, created.body).toBe(201)
  const joined = await h.app.inject({
    method: 'POST',
    url: `/games/${created.json().id}/join`,
    headers: as(away),
    payload: { invite: created.json().invite },
  })
  expect(joined.statusCode, joined.body).toBe(200)
  return created.json().id
}

async function resign(gameId: string, user: User): Promise<void> {
  const res = await h.app.inject({ method: 'POST', url: `/games/${gameId}/resign`, headers: as(user) })
  expect(res.statusCode, res.body).toBe(200)
}

/** RFC 4180: fields split on commas, quoted fields may hold commas, doubled quotes and line breaks. */
function parseCsv(text: string): string[][] {
  const rows: string[][] = []
  let row: string[] = []
  let field = ''
  let quoted = false
  const endField = () => {
    row.push(field)
    field = ''
  }
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        field += '"'
        i++
      } else if (c === '"') quoted = false
      else field += c
    } else if (c === '"') quoted = true
    else if (c === ',') endField()
    else if (c === '\r' && text[i + 1] === '\n') {
      endField()
      rows.push(row)
      row = []
      i++
    } else field += c
  }
  if (field !== '' || row.length) {
    endField()
    rows.push(row)
  }
  return rows
}

const standings = async (user: User | null = null) => {
  const res = await h.app.inject({ method: 'GET', url: `/seasons/${seasonId}/standings`, headers: as(user) })
  expect(res.statusCode, res.body).toBe(200)
  return res.json()
}
const table = async () =>
  (await standings()).divisions[0].rows.map((r: Record<string, unknown>) => [
    r.position,
    r.name,
    r.played,
    r.won,
    r.lost,
    r.points,
    r.zone,
  ])

beforeAll(async () => {
  h = await startApp()
  const db = h.t.db
  for (const key of Object.keys(NAMES) as (keyof typeof NAMES)[]) {
    const u = await register(h.app, key)
    await db.user.update({ where: { id: u.id }, data: { name: NAMES[key] } })
    users[key] = { ...u, name: NAMES[key] }
  }
  const club = await db.club.create({ data: { name: 'ヘックス倶楽部', createdById: users.alice.id } })
  const season = (status: string) =>
    db.season.create({
      data: {
        clubId: club.id,
        name: 'Autumn 2026',
        ruleset: 'abaoaqu',
        scenarios: ['A-S4'],
        format: 'single',
        divisions: [{ name: 'Main', promote: 1, relegate: 1 }],
        points: { win: 3, draw: 1, loss: 0 },
        tieBreaks: ['head-to-head', 'wins'],
        seed: 'a1b2',
        seedCommitment: 'c3d4',
        createdById: users.alice.id,
        status,
        // Started the week before the weekly emails below (none goes out in the week a season starts).
        ...(status === 'running' ? { startedAt: new Date('2026-11-25T12:00:00Z') } : {}),
      },
    })
  seasonId = (await season('running')).id
  otherSeasonId = (await season('open')).id
  for (const key of Object.keys(NAMES) as (keyof typeof NAMES)[]) {
    const e = await db.seasonEntry.create({
      data: {
        seasonId,
        userId: users[key].id,
        division: 'Main',
        status: key === 'eve' ? 'withdrawn' : 'entered',
        weeklyEmail: key !== 'formula',
      },
    })
    entry[key] = e.id
  }
  // Round 1: Alice beats 山田 (he resigns); the formula player forfeits to Smith; Eve has the bye.
  // Round 2: Alice plays Smith (in play); 山田 against the formula player has no game yet.
  const first = await game(users.alice, users.yamada)
  await resign(first, users.yamada)
  ongoing = await game(users.alice, users.smith)
  const fixture = (round: number, board: number, home: string, away: string | null, extra: object = {}) =>
    db.fixture.create({
      data: { seasonId, division: 'Main', round, board, homeEntryId: home, awayEntryId: away, ...extra },
    })
  await fixture(1, 1, entry.alice, entry.yamada, { gameId: first, scenarioId: 'A-S4' })
  await fixture(1, 2, entry.smith, entry.formula, { forfeitBy: 'away', forfeitWhy: 'withdrew' })
  await fixture(1, 3, entry.eve, null)
  await fixture(2, 1, entry.alice, entry.smith, { gameId: ongoing, scenarioId: 'A-S4' })
  await fixture(2, 2, entry.yamada, entry.formula)
})
afterAll(async () => h?.close())

describe('GET /seasons/:id/standings', () => {
  it('gives the table to anyone, as JSON, and moves when a game ends', async () => {
    const body = await standings()
    expect(body.season).toMatchObject({
      id: seasonId,
      name: 'Autumn 2026',
      clubName: 'ヘックス倶楽部',
      format: 'single',
      tieBreaks: ['head-to-head', 'wins'],
    })
    // Alice and Smith: 3 each, they have not met yet, one win each: they share 1st, listed by name.
    // 山田 and the formula player: 0 each, share 3rd ('=' sorts before 山). Eve withdrew: last, relegated.
    expect(await table()).toEqual([
      [1, 'Alice', 1, 1, 0, 3, 'promote'],
      [1, 'Smith, "Jr"', 1, 1, 0, 3, null],
      [3, '=SUM(A1)', 1, 0, 1, 0, null],
      [3, '山田 太郎', 1, 0, 1, 0, null],
      [5, 'Eve', 0, 0, 0, 0, 'relegate'],
    ])
    const rows = body.divisions[0].rows
    expect(rows.find((r: { name: string }) => r.name === '=SUM(A1)').forfeitsLost).toBe(1)
    expect(rows.find((r: { name: string }) => r.name === 'Eve')).toMatchObject({ byes: 1, withdrawn: true })
    // Signed in or not, the same table.
    expect(await standings(users.yamada)).toEqual(body)

    // Smith resigns the game in play: Alice goes clear.
    await resign(ongoing, users.smith)
    expect(await table()).toEqual([
      [1, 'Alice', 2, 2, 0, 6, 'promote'],
      [2, 'Smith, "Jr"', 2, 1, 1, 3, null],
      [3, '=SUM(A1)', 1, 0, 1, 0, null],
      [3, '山田 太郎', 1, 0, 1, 0, null],
      [5, 'Eve', 0, 0, 0, 0, 'relegate'],
    ])
  })

  it('gives it as CSV for ?format=csv and for Accept: text/csv', async () => {
    for (const req of [
      { url: `/seasons/${seasonId}/standings?format=csv`, headers: {} },
      { url: `/seasons/${seasonId}/standings`, headers: { accept: 'text/csv' } },
    ]) {
      const res = await h.app.inject({ method: 'GET', ...req })
      expect(res.statusCode, res.body).toBe(200)
      expect(res.headers['content-type']).toBe('text/csv; charset=utf-8')
      expect(res.headers['content-disposition']).toBe(`attachment; filename="standings-${seasonId}.csv"`)
      const bytes = res.rawPayload
      expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf])
      const rows = parseCsv(bytes.subarray(3).toString('utf8'))
      expect(rows[0]).toEqual([
        'division',
        'position',
        'name',
        'played',
        'won',
        'drawn',
        'lost',
        'points',
        'head-to-head',
        'wins',
        'zone',
        'byes',
        'forfeits lost',
        'withdrawn',
      ])
      expect(rows.slice(1).map((r) => r[2])).toEqual(['Alice', 'Smith, "Jr"', "'=SUM(A1)", '山田 太郎', 'Eve'])
      expect(rows[1]).toEqual(['Main', '1', 'Alice', '2', '2', '0', '0', '6', '0', '2', 'promote', '0', '0', ''])
      // A withdrawn entrant is said to be one, not only listed last (Eve had the round's bye).
      expect(rows[5]).toEqual([
        'Main',
        '5',
        'Eve',
        '0',
        '0',
        '0',
        '0',
        '0',
        '0',
        '0',
        'relegate',
        '1',
        '0',
        'withdrawn',
      ])
      expect(rows.every((r) => r.length === 14)).toBe(true)
    }
    // JSON asked for first, or ?format=json over a CSV Accept: JSON.
    const json = await h.app.inject({
      method: 'GET',
      url: `/seasons/${seasonId}/standings?format=json`,
      headers: { accept: 'text/csv' },
    })
    expect(json.headers['content-type']).toMatch(/^application\/json/)
  })

  it('answers 404 for an unknown season and 400 for an id that is not one', async () => {
    const missing = await h.app.inject({ method: 'GET', url: `/seasons/${randomUUID()}/standings` })
    expect(missing.statusCode).toBe(404)
    expect(missing.headers['content-type']).toMatch(/problem\+json/)
    const bad = await h.app.inject({ method: 'GET', url: '/seasons/nope/standings' })
    expect(bad.statusCode).toBe(400)
    const format = await h.app.inject({ method: 'GET', url: `/seasons/${seasonId}/standings?format=xlsx` })
    expect(format.statusCode).toBe(400)
  })
})

describe('GET /seasons/:id/fixtures', () => {
  const fixtures = async (query = '') => {
    const res = await h.app.inject({ method: 'GET', url: `/seasons/${seasonId}/fixtures${query}` })
    expect(res.statusCode, res.body).toBe(200)
    return res.json().fixtures as {
      round: number
      board: number
      home: { entryId: string; name: string }
      away: { name: string } | null
      result: string | null
      forfeit: boolean
      reason: string | null
      gameId: string | null
    }[]
  }
  const brief = (f: Awaited<ReturnType<typeof fixtures>>) =>
    f.map((x) => [x.round, x.board, x.home.name, x.away?.name ?? null, x.result, x.forfeit])

  it('lists every fixture with its players and result, in round and board order', async () => {
    const all = await fixtures()
    expect(brief(all)).toEqual([
      [1, 1, 'Alice', '山田 太郎', 'home', false],
      [1, 2, 'Smith, "Jr"', '=SUM(A1)', 'home', true],
      [1, 3, 'Eve', null, 'bye', false],
      [2, 1, 'Alice', 'Smith, "Jr"', 'home', false],
      [2, 2, '山田 太郎', '=SUM(A1)', null, false],
    ])
    expect(all[0]!.home.entryId).toBe(entry.alice)
    expect(all[3]!.gameId).toBe(ongoing)
    expect(all[1]!.reason).toBe('withdrew')
  })

  it('reads each result from its game: the winner against the home side, and when it ended', async () => {
    const results = await seasonResults(h.t.db, seasonId)
    const first = results[0]!
    const g = await h.t.db.game.findUniqueOrThrow({ where: { id: first.gameId! } })
    expect(first).toMatchObject({ result: 'home', ref: 'resign', forfeit: false, finishedAt: g.finishedAt })
    expect(first.finishedAt).toBeInstanceOf(Date)
    expect(results.map((r) => [r.round, r.board, r.result, r.ref])).toEqual([
      [1, 1, 'home', 'resign'],
      [1, 2, 'home', 'withdrawal'],
      [1, 3, 'bye', null],
      [2, 1, 'home', 'resign'],
      [2, 2, null, null],
    ])
  })

  it('filters by round, division and entrant', async () => {
    expect(brief(await fixtures('?round=1')).map((f) => f[2])).toEqual(['Alice', 'Smith, "Jr"', 'Eve'])
    expect(brief(await fixtures(`?entry=${entry.formula}`)).map((f) => [f[0], f[1]])).toEqual([
      [1, 2],
      [2, 2],
    ])
    expect(await fixtures('?division=Main')).toHaveLength(5)
    expect(await fixtures('?division=Other')).toEqual([])
    expect(brief(await fixtures(`?round=2&entry=${entry.smith}`))).toEqual([
      [2, 1, 'Alice', 'Smith, "Jr"', 'home', false],
    ])
  })

  it('answers 404 for an unknown season and 400 for a bad filter', async () => {
    expect((await h.app.inject({ method: 'GET', url: `/seasons/${randomUUID()}/fixtures` })).statusCode).toBe(404)
    for (const q of ['?round=0', '?round=x', '?entry=nope'])
      expect((await h.app.inject({ method: 'GET', url: `/seasons/${seasonId}/fixtures${q}` })).statusCode).toBe(400)
  })
})

describe('the standings emails', () => {
  const rows = (kind: string) =>
    h.t.db.outbox.findMany({ where: { kind }, orderBy: { id: 'asc' } }) as Promise<
      { kind: string; dedupeKey: string | null; payload: Record<string, unknown> }[]
    >

  it('queues the weekly standings once per ISO week, to the entrants who want them', async () => {
    const monday = new Date('2026-11-30T09:00:00Z')
    // Two processes at once, then again later the same week: one row.
    const counts = await Promise.all([queueWeeklyStandings(h.t.db, monday), queueWeeklyStandings(h.t.db, monday)])
    expect(counts[0]! + counts[1]!).toBe(1)
    expect(await queueWeeklyStandings(h.t.db, new Date('2026-12-06T23:59:00Z'))).toBe(0)
    const [row, ...more] = await rows('season-standings')
    expect(more).toEqual([])
    expect(row!.dedupeKey).toBe(`season-standings:${seasonId}:2026-W49`)
    expect(outboxProblem(row!.kind, row!.payload)).toBeNull()
    // The formula player asked for no weekly email; Eve withdrew; the open season sends nothing.
    expect(row!.payload).toMatchObject({
      to: [users.alice.id, users.yamada.id, users.smith.id],
      seasonId,
      seasonName: 'Autumn 2026',
      clubName: 'ヘックス倶楽部',
      // Started in the week of 23 November: the week of 30 November ends its first week.
      week: 1,
    })
    expect(JSON.stringify(row!.payload)).not.toContain(otherSeasonId)
    expect((row!.payload.standings as { name: string; position: number; points: number }[]).slice(0, 2)).toEqual([
      { division: 'Main', position: 1, name: 'Alice', played: 2, won: 2, drawn: 0, lost: 0, points: 6 },
      { division: 'Main', position: 2, name: 'Smith, "Jr"', played: 2, won: 1, drawn: 0, lost: 1, points: 3 },
    ])
    // A season that started in the week at hand gets no table that week.
    const startedAt = new Date('2026-11-25T12:00:00Z')
    await h.t.db.season.update({ where: { id: seasonId }, data: { startedAt: new Date('2026-12-07T01:00:00Z') } })
    expect(await queueWeeklyStandings(h.t.db, new Date('2026-12-07T09:00:00Z'))).toBe(0)
    await h.t.db.season.update({ where: { id: seasonId }, data: { startedAt } })
    // The next Monday: the next week's row.
    expect(await queueWeeklyStandings(h.t.db, new Date('2026-12-07T00:00:00Z'))).toBe(1)
    expect((await rows('season-standings')).map((r) => r.dedupeKey)).toEqual([
      `season-standings:${seasonId}:2026-W49`,
      `season-standings:${seasonId}:2026-W50`,
    ])
  })

  it('queues the closing email once, with the final table and who goes up and down', async () => {
    expect(await h.t.db.$transaction((tx) => queueClosingMail(tx, seasonId))).toBe(true)
    expect(await h.t.db.$transaction((tx) => queueClosingMail(tx, seasonId))).toBe(false)
    const [row, ...more] = await rows('season-closed')
    expect(more).toEqual([])
    expect(row!.dedupeKey).toBe(`season-closed:${seasonId}`)
    expect(outboxProblem(row!.kind, row!.payload)).toBeNull()
    expect(row!.payload).toMatchObject({
      seasonId,
      seasonName: 'Autumn 2026',
      divisions: [{ name: 'Main', promoted: ['Alice'], relegated: ['Eve'] }],
    })
    expect(row!.payload.to).toHaveLength(5)
    expect((row!.payload.standings as unknown[]).length).toBe(5)
  })
})
