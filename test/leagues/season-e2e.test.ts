// A season from sign-up to final standings, through the API with the whole mail path (issue 14, "Done
// when"): an organiser creates a club, five players come in (join requests and emailed invitations),
// enter a single round robin and play it to the end (resignations, an agreed draw, a game lost on time
// under the season's `forfeit` policy); each player is emailed at each fixture; a club moderator's
// adjudication changes the table; the standings and every tie-break equal a table computed by hand here;
// the season closes itself with a closing email, and the ratings follow the games.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { applyMissed } from '../../src/games/deadlines.js'
import { leagueTick } from '../../src/leagues/clock.js'
import { startMailStack, type MailStack } from '../notify/stack.js'
import { waitFor } from '../support/smtp.js'
import { as, register, type User } from '../http/helpers.js'

let s: MailStack
let organiser: User
const people: Record<string, User> = {}
const NAMES = ['Amuro', 'Char', 'Sayla', '山田花子', 'Bright'] as const

beforeAll(async () => {
  s = await startMailStack()
  organiser = await register(s.app, 'Organiser')
  // Inviting by email takes a confirmed address (as for games): the organiser confirmed theirs.
  await s.t.db.user.update({ where: { id: organiser.id }, data: { emailVerifiedAt: new Date() } })
  for (const name of NAMES)
    people[name] = name === '山田花子' ? await registerAs(name, 'hanako') : await register(s.app, name)
}, 120_000)

/** An account with a Japanese name (the helper makes the address from the name). */
async function registerAs(name: string, local: string): Promise<User> {
  const email = `${local}.${process.pid}@example.org`
  const res = await s.app.inject({
    method: 'POST',
    url: '/auth/register',
    payload: { email, name, password: 'correct horse battery' },
  })
  expect(res.statusCode, res.body).toBe(201)
  return { id: res.json().user.id, token: res.json().accessToken, email, name }
}
afterAll(async () => s?.close())

const call = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, user: User | null, payload?: object) =>
  s.app.inject({ method, url, headers: as(user), ...(payload ? { payload } : {}) })

async function ok(method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, user: User | null, payload?: object) {
  const res = await call(method, url, user, payload)
  expect(res.statusCode, `${method} ${url}: ${res.body}`).toBeLessThan(300)
  return res.statusCode === 204 ? null : res.json()
}

interface Listed {
  fixtureId: string
  round: number
  home: { name: string; userId: string }
  away: { name: string; userId: string } | null
  gameId: string | null
  result: string | null
  forfeit: boolean
}

describe('a club runs a season from sign-up to final standings', () => {
  it('five players, a single round robin played to the end, standings and ratings as computed by hand', async () => {
    // The club, and its members: three ask to join, two are invited by email.
    const club = await ok('POST', '/clubs', organiser, { name: 'Side 3 通信リーグ', description: '毎日一手' })
    for (const name of ['Amuro', 'Char', 'Sayla']) {
      const asked = await ok('POST', `/clubs/${club.id}/join-requests`, people[name]!, { message: 'よろしく' })
      await ok('POST', `/clubs/${club.id}/join-requests/${asked.id}/accept`, organiser)
    }
    for (const name of ['山田花子', 'Bright']) {
      await ok('POST', `/clubs/${club.id}/invites`, organiser, { email: people[name]!.email })
      await waitFor(`${name}'s invitation`, () => s.mails(people[name]!.email, 'club-invite').length === 1)
      const text = String(s.mails(people[name]!.email, 'club-invite')[0]!.parsed.text)
      const token = /invite=([A-Za-z0-9_-]+)/.exec(text)?.[1]
      expect(token, text).toBeTruthy()
      await ok('POST', `/clubs/${club.id}/invites/accept`, people[name]!, { token })
    }
    const members = (await ok('GET', `/clubs/${club.id}`, null)).members as Array<{ name: string; role: string }>
    expect(members.map((m) => m.name).sort()).toEqual(['Organiser', ...NAMES].sort())

    // The season: 3 points a win, 1 a draw; ties by head-to-head, then wins, then Sonneborn-Berger.
    const season = await ok('POST', `/clubs/${club.id}/seasons`, organiser, {
      name: '秋季リーグ 2026',
      ruleset: 'abaoaqu',
      scenarios: ['A-S4'],
      format: 'single',
      points: { win: 3, draw: 1, loss: 0 },
      tieBreaks: ['head-to-head', 'wins', 'sonneborn-berger'],
      missedPolicy: 'forfeit',
      phaseHours: 24,
    })
    for (const name of NAMES) await ok('POST', `/seasons/${season.id}/entries`, people[name]!, {})
    await ok('POST', `/seasons/${season.id}/start`, organiser)

    const fixtures = (await ok('GET', `/seasons/${season.id}/fixtures`, null)).fixtures as Listed[]
    const games = fixtures.filter((f) => f.away !== null)
    const byes = fixtures.filter((f) => f.away === null)
    expect(games).toHaveLength(10)
    expect(new Set(byes.map((f) => f.round))).toEqual(new Set([1, 2, 3, 4, 5]))
    expect(byes.map((f) => f.home.name).sort()).toEqual([...NAMES].sort())
    // Home plays the scenario's first side (FED), away the second (ZEON), which deploys first.
    const pairs = games.map((f) => `${f.round}: ${f.home.name} v ${f.away!.name}`)
    expect(pairs).toEqual([
      '1: Char v Bright',
      '1: Sayla v 山田花子',
      '2: Sayla v Amuro',
      '2: 山田花子 v Bright',
      '3: 山田花子 v Char',
      '3: Bright v Amuro',
      '4: Bright v Sayla',
      '4: Amuro v Char',
      '5: Amuro v 山田花子',
      '5: Char v Sayla',
    ])
    const game = (home: string, away: string) => games.find((f) => f.home.name === home && f.away!.name === away)!

    // Every player is emailed at each of their four fixtures.
    for (const name of NAMES)
      await waitFor(`${name}'s fixture emails`, () => s.mails(people[name]!.email, 'season-fixture').length === 4)

    const resign = (loser: string, f: Listed) => ok('POST', `/games/${f.gameId}/resign`, people[loser]!)
    const agreeDraw = async (f: Listed) => {
      const offer = await ok('POST', `/games/${f.gameId}/draw-offers`, people[f.home.name]!, {})
      await ok('POST', `/games/${f.gameId}/draw-offers/${offer.id}/accept`, people[f.away!.name]!)
    }
    await resign('Bright', game('Char', 'Bright'))
    await resign('Sayla', game('Sayla', '山田花子'))
    // A game played a little first: each side keeps its proposed placement (pass, as /options offers).
    const g3 = game('Sayla', 'Amuro')
    for (const name of ['Amuro', 'Sayla']) {
      const options = await call('GET', `/games/${g3.gameId}/options`, people[name]!)
      expect(options.statusCode, options.body).toBe(200)
      await ok('POST', `/games/${g3.gameId}/orders`, people[name]!, { text: 'pass' })
    }
    await resign('Sayla', g3)
    await agreeDraw(game('山田花子', 'Bright'))
    // Char (ZEON, to deploy first) lets the deadline pass: under the season's `forfeit` policy he loses.
    const g5 = game('山田花子', 'Char')
    const deadline = (await s.t.db.game.findUniqueOrThrow({ where: { id: g5.gameId! } })).deadlineAt!
    expect(await applyMissed(s.t.db, g5.gameId!, new Date(deadline.getTime() + 60_000), { holdForMail: false })).toBe(
      'forfeit',
    )
    await resign('Amuro', game('Bright', 'Amuro'))
    await resign('Bright', game('Bright', 'Sayla'))
    await resign('Char', game('Amuro', 'Char'))
    await agreeDraw(game('Amuro', '山田花子'))
    await resign('Sayla', game('Char', 'Sayla'))

    type Row = { name: string; position: number; played: number; won: number; drawn: number; lost: number }
    const table = async () => {
      const body = await ok('GET', `/seasons/${season.id}/standings`, null)
      return (body.divisions[0].rows as Array<Row & Record<string, unknown>>).map((r) => ({
        position: r.position,
        name: r.name,
        played: r.played,
        won: r.won,
        drawn: r.drawn,
        lost: r.lost,
        points: r.points,
        forfeitsLost: r.forfeitsLost,
        tieBreaks: r.tieBreaks,
      }))
    }
    // By hand: Amuro beat Char, so 山田花子 8, Amuro 7, Char 6 (one loss on time), Bright 4, Sayla 3.
    expect((await table()).map((r) => [r.position, r.name, r.points])).toEqual([
      [1, '山田花子', 8],
      [2, 'Amuro', 7],
      [3, 'Char', 6],
      [4, 'Bright', 4],
      [5, 'Sayla', 3],
    ])

    // Char appeals Amuro v Char; the club's owner, who plays in none of the games, rules it a win for Char.
    const g8 = game('Amuro', 'Char')
    const ruling = {
      kind: 'adjudicate',
      winner: 'ZEON',
      reason: 'Amuro used a unit he did not have (ruling on appeal)',
    }
    const preview = await ok('POST', `/games/${g8.gameId}/corrections/preview`, organiser, ruling)
    const applied = await call('POST', `/games/${g8.gameId}/corrections`, organiser, ruling)
    expect(applied.statusCode, applied.body).toBe(428)
    const adjudicated = await s.app.inject({
      method: 'POST',
      url: `/games/${g8.gameId}/corrections`,
      headers: as(organiser, { 'if-match': `"${preview.seq}"` }),
      payload: ruling,
    })
    expect(adjudicated.statusCode, adjudicated.body).toBe(201)
    // A player of the game may not rule on it, even as a club moderator.
    await ok('PATCH', `/clubs/${club.id}/members/${people.Amuro!.id}`, organiser, { role: 'moderator' })
    const own = await call('POST', `/games/${g8.gameId}/corrections/preview`, people.Amuro!, ruling)
    expect(own.statusCode, own.body).toBe(403)

    // The table by hand, after the ruling. Points: 3 a win, 1 a draw. Games (winner first):
    //   Char–Bright, 山田花子–Sayla, Amuro–Sayla, 山田花子=Bright, 山田花子–Char (on time), Bright–Amuro,
    //   Sayla–Bright, Char–Amuro (ruling), Amuro=山田花子, Char–Sayla.
    // Char 3W 1L = 9; 山田花子 2W 2D = 8; Bright 1W 1D 2L = 4; Amuro 1W 1D 2L = 4; Sayla 1W 3L = 3.
    // Bright and Amuro tie on 4: head-to-head, Bright beat Amuro (3 to 0).
    // Sonneborn-Berger (the points of those beaten, half of those drawn with):
    //   Char: Bright 4 + Amuro 4 + Sayla 3 = 11;  山田花子: Sayla 3 + Char 9 + ½·Bright 4 + ½·Amuro 4 = 16;
    //   Bright: Amuro 4 + ½·山田花子 8 = 8;  Amuro: Sayla 3 + ½·山田花子 8 = 7;  Sayla: Bright 4 = 4.
    // Head-to-head is counted only among players still tied when it applies, 0 for the others.
    expect(await table()).toEqual([
      {
        position: 1,
        name: 'Char',
        played: 4,
        won: 3,
        drawn: 0,
        lost: 1,
        points: 9,
        forfeitsLost: 1,
        tieBreaks: { 'head-to-head': 0, wins: 3, 'sonneborn-berger': 11 },
      },
      {
        position: 2,
        name: '山田花子',
        played: 4,
        won: 2,
        drawn: 2,
        lost: 0,
        points: 8,
        forfeitsLost: 0,
        tieBreaks: { 'head-to-head': 0, wins: 2, 'sonneborn-berger': 16 },
      },
      {
        position: 3,
        name: 'Bright',
        played: 4,
        won: 1,
        drawn: 1,
        lost: 2,
        points: 4,
        forfeitsLost: 0,
        tieBreaks: { 'head-to-head': 3, wins: 1, 'sonneborn-berger': 8 },
      },
      {
        position: 4,
        name: 'Amuro',
        played: 4,
        won: 1,
        drawn: 1,
        lost: 2,
        points: 4,
        forfeitsLost: 0,
        tieBreaks: { 'head-to-head': 0, wins: 1, 'sonneborn-berger': 7 },
      },
      {
        position: 5,
        name: 'Sayla',
        played: 4,
        won: 1,
        drawn: 0,
        lost: 3,
        points: 3,
        forfeitsLost: 0,
        tieBreaks: { 'head-to-head': 0, wins: 1, 'sonneborn-berger': 4 },
      },
    ])
    const listed = (await ok('GET', `/seasons/${season.id}/fixtures`, null)).fixtures as Listed[]
    expect(listed.find((f) => f.gameId === g5.gameId)).toMatchObject({ result: 'home', forfeit: true })
    expect(listed.find((f) => f.gameId === g8.gameId)).toMatchObject({ result: 'away', forfeit: false })

    // The clock closes the season (every fixture has a result): a closing email to each entrant.
    const tick = await leagueTick(s.t.db, new Date())
    expect(tick.finished).toEqual([season.id])
    expect((await ok('GET', `/seasons/${season.id}`, null)).status).toBe('finished')
    for (const name of NAMES)
      await waitFor(`${name}'s closing email`, () => s.mails(people[name]!.email, 'season-closed').length === 1)
    const closing = String(s.mails(people.山田花子!.email, 'season-closed')[0]!.parsed.text)
    expect(closing).toMatch(/1\s+Char\s+4\s+3\s+0\s+1\s+9/)

    // Ratings: the nine games played out are rated (the loss on time is not: forfeitsRated is off).
    expect(tick.rated).toContain('abaoaqu')
    const board = (await ok('GET', '/ratings/abaoaqu', null)) as Array<{ name: string; games: number; wins: number }>
    expect(board.map((r) => r.name).sort()).toEqual([...NAMES].sort())
    expect(board[0]).toMatchObject({ name: 'Char', games: 3, wins: 3 })
    expect(board.reduce((n, r) => n + r.games, 0)).toBe(18)
    const mine = await ok('GET', `/users/${people.山田花子!.id}/ratings`, null)
    expect(mine.ratings[0]).toMatchObject({ ruleset: 'abaoaqu', games: 3, wins: 1, draws: 2, losses: 0 })
    expect(mine.ratings[0].history.length).toBeGreaterThan(0)
  }, 600_000)
})
