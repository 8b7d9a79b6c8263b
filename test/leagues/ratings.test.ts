// Glicko-2 ratings (src/leagues/ratings.ts): the library through our wrapper against Glickman's worked
// example, weekly rating periods, determinism, and which finished games are rated, on a real database.
import { randomBytes, randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  computeRatings,
  GLICKO2_SETTINGS,
  periodOf,
  RatingPool,
  ratedGames,
  recomputeRatings,
  refreshRatings,
  type RatedGame,
} from '../../src/leagues/ratings.js'
import { createTestDb, type TestDb } from '../support/db.js'

describe('the glicko2 library through RatingPool', () => {
  it("Glickman's worked example: 1500/200 beats 1400/30, loses to 1550/100 and 1700/300", () => {
    const pool = new RatingPool({ ...GLICKO2_SETTINGS })
    pool.player('me', { rating: 1500, rd: 200, vol: 0.06 })
    pool.player('a', { rating: 1400, rd: 30, vol: 0.06 })
    pool.player('b', { rating: 1550, rd: 100, vol: 0.06 })
    pool.player('c', { rating: 1700, rd: 300, vol: 0.06 })
    pool.period([
      ['me', 'a', 1],
      ['me', 'b', 0],
      ['me', 'c', 0],
    ])
    const me = pool.get('me')
    // The paper gives 1464.06, 151.52 and 0.05999 (its own rounding of the intermediate steps).
    expect(me.rating).toBeCloseTo(1464.06, 1)
    expect(me.rd).toBeCloseTo(151.52, 1)
    expect(me.vol).toBeCloseTo(0.05999, 4)
  })

  it('a player without a game in a period keeps rating and volatility; the RD grows by Step 6', () => {
    const pool = new RatingPool()
    pool.player('idle', { rating: 1600, rd: 100, vol: 0.06 })
    pool.period([['x', 'y', 1]])
    expect(pool.get('idle')).toEqual({ rating: 1600, rd: Math.sqrt(100 ** 2 + (0.06 * 173.7178) ** 2), vol: 0.06 })
  })

  it('the settings are Glickman’s defaults', () => {
    expect(GLICKO2_SETTINGS).toEqual({ tau: 0.5, rating: 1500, rd: 350, vol: 0.06 })
  })
})

const game = (id: string, at: string, a: string, b: string, winner: string | null): RatedGame => ({
  gameId: id,
  finishedAt: new Date(at),
  players: [a, b],
  winner,
})

describe('computeRatings', () => {
  it('periods are calendar weeks from Monday 00:00 UTC', () => {
    expect(periodOf(new Date('2026-12-06T23:59:59.999Z')).toISOString()).toBe('2026-11-30T00:00:00.000Z')
    expect(periodOf(new Date('2026-12-07T00:00:00.000Z')).toISOString()).toBe('2026-12-07T00:00:00.000Z')
    expect(periodOf(new Date('2026-12-09T15:30:00.000Z')).toISOString()).toBe('2026-12-07T00:00:00.000Z')
  })

  it("groups a week's games into one period: the same numbers as one updateRatings call by hand", () => {
    const games = [
      game('g1', '2026-11-30T09:00:00Z', 'ann', 'bob', 'ann'), // Monday
      game('g2', '2026-12-06T22:00:00Z', 'ann', 'cat', 'cat'), // Sunday, same week
      game('g3', '2026-12-07T00:00:00Z', 'bob', 'cat', null), // the next Monday
    ]
    const { players, history } = computeRatings(games)
    const pool = new RatingPool()
    pool.period([
      ['ann', 'bob', 1],
      ['ann', 'cat', 0],
    ])
    const afterWeek1 = { ann: pool.get('ann'), bob: pool.get('bob'), cat: pool.get('cat') }
    pool.period([['bob', 'cat', 0.5]])

    const week1 = new Date('2026-11-30T00:00:00Z')
    const week2 = new Date('2026-12-07T00:00:00Z')
    expect(history).toEqual([
      { userId: 'ann', period: week1, ...afterWeek1.ann, games: 2 },
      { userId: 'bob', period: week1, ...afterWeek1.bob, games: 1 },
      { userId: 'bob', period: week2, ...pool.get('bob'), games: 1 },
      { userId: 'cat', period: week1, ...afterWeek1.cat, games: 1 },
      { userId: 'cat', period: week2, ...pool.get('cat'), games: 1 },
    ])
    // ann sat out week 2: her current RD grew, her rating did not move.
    const ann = players.find((p) => p.userId === 'ann')!
    expect(ann).toMatchObject({ rating: afterWeek1.ann.rating, games: 2, wins: 1, draws: 0, losses: 1 })
    expect(ann.rd).toBeGreaterThan(afterWeek1.ann.rd)
    expect(ann.lastGameAt).toEqual(new Date('2026-12-06T22:00:00Z'))
    expect(players.map((p) => [p.userId, p.wins, p.draws, p.losses])).toEqual([
      ['ann', 1, 0, 1],
      ['bob', 0, 1, 1],
      ['cat', 1, 1, 0],
    ])
  })

  it('a draw moves the lower-rated player up and the higher-rated one down', () => {
    const { players } = computeRatings([
      game('g1', '2026-11-30T09:00:00Z', 'ann', 'bob', 'ann'),
      game('g2', '2026-12-08T09:00:00Z', 'ann', 'bob', null),
    ])
    const [ann, bob] = players
    const week1 = computeRatings([game('g1', '2026-11-30T09:00:00Z', 'ann', 'bob', 'ann')]).players
    expect(ann!.rating).toBeLessThan(week1[0]!.rating)
    expect(bob!.rating).toBeGreaterThan(week1[1]!.rating)
    expect(ann!.draws).toBe(1)
    expect(bob!.draws).toBe(1)
  })

  it('is deterministic: the same games, in any order given, give bit-identical ratings', () => {
    const names = ['山田', 'ann', 'bob', 'cat', 'dan']
    const games: RatedGame[] = []
    for (let i = 0; i < 60; i++) {
      const a = names[i % 5]!
      const b = names[(i + 1 + (i % 4)) % 5]!
      const day = String(1 + (i % 28)).padStart(2, '0')
      games.push(game(`g${String(i).padStart(3, '0')}`, `2026-10-${day}T12:00:00Z`, a, b, i % 3 === 0 ? null : a))
    }
    const once = computeRatings(games)
    const twice = computeRatings([...games].reverse())
    expect(twice).toEqual(once)
    expect(once.players).toHaveLength(5)
    expect(new Set(once.history.map((h) => h.period.toISOString())).size).toBeGreaterThanOrEqual(4)
  })
})

// ---- On the database -------------------------------------------------------------------------------

let t: TestDb
let ann: string
let bob: string
let owner: string

async function user(name: string): Promise<string> {
  const u = await t.db.user.create({
    data: { email: `${name}.${randomUUID()}@example.org`, name, passwordHash: 'not a hash' },
  })
  return u.id
}

/** A finished two-player game, row by row (the HTTP test plays real ones). */
async function finished(opts: {
  fed: string
  zeon: string
  winner: 'FED' | 'ZEON' | null
  ref?: string
  at: string
  seasonId?: string
  ruleset?: string
}): Promise<string> {
  const g = await t.db.game.create({
    data: {
      ruleset: opts.ruleset ?? 'abaoaqu',
      rulesVersion: '1',
      scenarioId: 'A-S4',
      title: 'rated?',
      status: 'FINISHED',
      players: 2,
      options: {},
      inviteCode: randomUUID(),
      seedCommitment: 'c',
      seed: 's',
      createdById: opts.fed,
      seasonId: opts.seasonId ?? null,
      finishedAt: new Date(opts.at),
      outcome: { winner: opts.winner, reason: 'test', ref: opts.ref ?? 'resign' },
      seats: {
        create: [
          { seat: 'FED', side: 'FED', userId: opts.fed },
          { seat: 'ZEON', side: 'ZEON', userId: opts.zeon },
        ],
      },
    },
  })
  return g.id
}

async function season(forfeitsRated: boolean): Promise<{ id: string; entry: (u: string) => Promise<string> }> {
  const club = await t.db.club.create({ data: { name: 'クラブ', createdById: owner } })
  const s = await t.db.season.create({
    data: {
      clubId: club.id,
      name: 'Autumn',
      ruleset: 'abaoaqu',
      scenarios: ['A-S4'],
      format: 'single',
      divisions: [{ name: 'Main', promote: 0, relegate: 0 }],
      points: { win: 1, draw: 0.5, loss: 0 },
      tieBreaks: [],
      forfeitsRated,
      seed: randomBytes(16).toString('hex'),
      seedCommitment: randomBytes(32).toString('hex'),
      createdById: owner,
    },
  })
  const entry = async (userId: string) =>
    (await t.db.seasonEntry.create({ data: { seasonId: s.id, userId, division: 'Main' } })).id
  return { id: s.id, entry }
}

let board = 0
async function fixture(seasonId: string, home: string, away: string, gameId: string, forfeitBy?: string) {
  await t.db.fixture.create({
    data: {
      seasonId,
      division: 'Main',
      round: 1,
      board: ++board,
      homeEntryId: home,
      awayEntryId: away,
      gameId,
      forfeitBy: forfeitBy ?? null,
      forfeitWhy: forfeitBy ? 'withdrew' : null,
    },
  })
}

beforeAll(async () => {
  t = await createTestDb()
  ;[ann, bob, owner] = await Promise.all([user('Ann'), user('Bob'), user('オーナー')])
})
afterAll(async () => t?.drop())

describe('ratedGames', () => {
  it('rates two-sided games between two people, by finishedAt then id; not one person on both sides', async () => {
    const g1 = await finished({ fed: ann, zeon: bob, winner: 'FED', at: '2026-11-02T10:00:00Z' })
    const g2 = await finished({ fed: bob, zeon: ann, winner: null, ref: 'agreed', at: '2026-11-01T10:00:00Z' })
    await finished({ fed: ann, zeon: ann, winner: 'FED', at: '2026-11-03T10:00:00Z' }) // against herself
    await finished({ fed: ann, zeon: bob, winner: 'ZEON', at: '2026-11-04T10:00:00Z', ruleset: 'greennoa' })
    const games = await ratedGames(t.db, 'abaoaqu')
    expect(games.map((g) => g.gameId)).toEqual([g2, g1])
    expect(games[0]).toMatchObject({ winner: null, finishedAt: new Date('2026-11-01T10:00:00Z') })
    expect(games[1]).toMatchObject({ winner: ann })
    expect(new Set(games[1]!.players)).toEqual(new Set([ann, bob]))
  })

  it('a casual game lost on time is not rated', async () => {
    const timeout = await finished({ fed: ann, zeon: bob, winner: 'FED', ref: 'timeout', at: '2026-11-05T10:00:00Z' })
    expect((await ratedGames(t.db, 'abaoaqu')).map((g) => g.gameId)).not.toContain(timeout)
  })

  it("season forfeits are rated only when the season's forfeitsRated is true", async () => {
    const ids: Record<string, string[]> = {}
    for (const rated of [false, true]) {
      const s = await season(rated)
      const [home, away] = [await s.entry(ann), await s.entry(bob)]
      const onTime = await finished({
        fed: ann,
        zeon: bob,
        winner: 'ZEON',
        ref: 'timeout',
        at: '2026-11-10T10:00:00Z',
        seasonId: s.id,
      })
      const withdrew = await finished({
        fed: bob,
        zeon: ann,
        winner: 'ZEON',
        at: '2026-11-11T10:00:00Z',
        seasonId: s.id,
      })
      const played = await finished({ fed: ann, zeon: bob, winner: 'FED', at: '2026-11-12T10:00:00Z', seasonId: s.id })
      await fixture(s.id, home, away, onTime)
      await fixture(s.id, away, home, withdrew, 'home')
      await fixture(s.id, home, away, played)
      ids[String(rated)] = [onTime, withdrew, played]
    }
    const rated = (await ratedGames(t.db, 'abaoaqu')).map((g) => g.gameId)
    const [onTimeF, withdrewF, playedF] = ids['false']!
    expect(rated).not.toContain(onTimeF)
    expect(rated).not.toContain(withdrewF)
    expect(rated).toContain(playedF)
    for (const id of ids['true']!) expect(rated).toContain(id)
  })
})

describe('recomputeRatings', () => {
  it('stores the computed ratings; a second run finds them identical; a new result changes them', async () => {
    const first = await recomputeRatings(t.db, 'abaoaqu')
    const games = await ratedGames(t.db, 'abaoaqu')
    expect(first).toEqual({ ruleset: 'abaoaqu', players: 2, games: games.length, identical: false })
    const expected = computeRatings(games)
    const stored = await t.db.rating.findMany({ where: { ruleset: 'abaoaqu' }, orderBy: { userId: 'asc' } })
    expect(stored.map(({ ruleset: _r, ...p }) => p)).toEqual(expected.players)
    const history = await t.db.ratingHistory.findMany({
      where: { ruleset: 'abaoaqu' },
      orderBy: [{ userId: 'asc' }, { period: 'asc' }],
    })
    expect(
      history.map(({ userId, period, rating, rd, vol, games }) => ({ userId, period, rating, rd, vol, games })),
    ).toEqual(expected.history)

    expect(await recomputeRatings(t.db, 'abaoaqu')).toMatchObject({ identical: true })
    // Two at once: the lock makes them take turns, and they agree.
    const both = await Promise.all([recomputeRatings(t.db, 'abaoaqu'), recomputeRatings(t.db, 'abaoaqu')])
    expect(both.map((r) => r.identical)).toEqual([true, true])

    await finished({ fed: bob, zeon: ann, winner: 'FED', at: '2026-11-20T10:00:00Z' })
    expect(await recomputeRatings(t.db, 'abaoaqu')).toMatchObject({ games: games.length + 1, identical: false })
    expect(await recomputeRatings(t.db, 'abaoaqu')).toMatchObject({ identical: true })
  })
})

describe('refreshRatings', () => {
  it('recomputes a rule system when its results change, and only then', async () => {
    // The first call in a process looks at every rule system with finished games.
    const first = await refreshRatings(t.db)
    expect(first.map((r) => [r.ruleset, r.identical])).toEqual([
      ['abaoaqu', true],
      ['greennoa', false],
    ])
    expect(await refreshRatings(t.db)).toEqual([])
    await finished({
      fed: bob,
      zeon: ann,
      winner: null,
      ref: 'agreed',
      at: '2026-11-21T10:00:00Z',
      ruleset: 'greennoa',
    })
    expect(await refreshRatings(t.db)).toEqual([{ ruleset: 'greennoa', players: 2, games: 2, identical: false }])
    // A season starting to rate its forfeits changes what is rated.
    await t.db.season.updateMany({ data: { forfeitsRated: true } })
    expect((await refreshRatings(t.db)).map((r) => [r.ruleset, r.identical])).toEqual([['abaoaqu', false]])
    expect(await refreshRatings(t.db)).toEqual([])
  })
})
