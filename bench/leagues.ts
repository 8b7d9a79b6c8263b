// Benchmark (not a test): the league computations.
//   1. computeStandings (src/leagues/standings.ts) on a 40-player double round robin: 1,560 decided
//      results, seeded pseudo-random outcomes with draws, every tie-break on (goal <= 100 ms).
//   2. seasonStandings (src/leagues/standings-read.ts) on a scratch PostgreSQL database holding that
//      season: 1,560 finished games and their fixtures (the reads plus the computation; same goal).
//   3. pairSwiss (src/leagues/formats/swiss.ts): a round of 200 players, every round of 12-round seasons
//      with seeded results (no repeat pairing; later rounds are the hardest), goal <= 500 ms a round.
// Run: npm run bench:leagues   (part 2 needs the PostgreSQL at BENCH_ADMIN_URL, default 127.0.0.1:5432
// trust; BENCH_LEAGUES_DB=0 skips it)
import { randomUUID } from 'node:crypto'
import { loadavg } from 'node:os'
import { performance } from 'node:perf_hooks'
import { pairKey, pairSwiss, type SwissPlayer } from '../src/leagues/formats/swiss.js'
import { seasonResults } from '../src/leagues/results.js'
import { seasonStandings } from '../src/leagues/standings-read.js'
import { computeStandings, type Entrant, type StandingsInput } from '../src/leagues/standings.js'
import { freshBenchDb } from './support.js'

const PLAYERS = 40
const GOAL_MS = 100
const WARMUP = Number(process.env.BENCH_WARMUP ?? 20)
const RUNS = Number(process.env.BENCH_RUNS ?? 200)
const DB_RUNS = Number(process.env.BENCH_DB_RUNS ?? 30)
const DB_NAME = 'hexmail_bench_leagues'

/** A small seeded generator (mulberry32): the same season every run. */
function seeded(seed: number): () => number {
  let a = seed >>> 0
  return () => {
    a = (a + 0x6d2b79f5) >>> 0
    let t = a
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

type Outcome = 'home' | 'away' | 'draw'

/** Every ordered pair plays once (a double round robin): 40 × 39 = 1,560 games, 30% of them drawn. */
function doubleRoundRobin(players: number, seed: number): { home: number; away: number; result: Outcome }[] {
  const next = seeded(seed)
  const games: { home: number; away: number; result: Outcome }[] = []
  for (let home = 0; home < players; home++)
    for (let away = 0; away < players; away++) {
      if (home === away) continue
      const x = next()
      games.push({ home, away, result: x < 0.4 ? 'home' : x < 0.7 ? 'away' : 'draw' })
    }
  return games
}

function quantile(sorted: number[], q: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!
}

function report(label: string, samples: number[], goal = GOAL_MS): void {
  const sorted = [...samples].sort((a, b) => a - b)
  const median = quantile(sorted, 0.5)
  const p95 = quantile(sorted, 0.95)
  const verdict = (ms: number) => (ms <= goal ? 'ok' : 'OVER')
  console.log(`${label}`)
  console.log(`  median ${median.toFixed(3).padStart(9)} ms   goal <= ${goal} ms   ${verdict(median)}`)
  console.log(`  p95    ${p95.toFixed(3).padStart(9)} ms   goal <= ${goal} ms   ${verdict(p95)}`)
  const max = sorted.at(-1)!
  console.log(`  max    ${max.toFixed(3).padStart(9)} ms   goal <= ${goal} ms   ${verdict(max)}`)
}

async function time(fn: () => unknown, warmup: number, runs: number): Promise<number[]> {
  for (let i = 0; i < warmup; i++) await fn()
  const samples: number[] = []
  for (let i = 0; i < runs; i++) {
    const t0 = performance.now()
    await fn()
    samples.push(performance.now() - t0)
  }
  return samples
}

// ---- 1. the computation alone ----

async function computeOnly(): Promise<void> {
  const games = doubleRoundRobin(PLAYERS, 14)
  const entrants: Entrant[] = Array.from({ length: PLAYERS }, (_, i) => ({
    entryId: `entry-${i}`,
    userId: `user-${i}`,
    name: `Player ${String(i).padStart(2, '0')}`,
    division: 'Main',
    status: 'entered',
  }))
  const results: StandingsInput['results'] = games.map((g) => ({
    division: 'Main',
    home: `entry-${g.home}`,
    away: `entry-${g.away}`,
    result: g.result,
    forfeit: false,
  }))
  const input: StandingsInput = {
    entrants,
    results,
    points: { win: 3, draw: 1, loss: 0 },
    tieBreaks: ['head-to-head', 'wins', 'sonneborn-berger', 'buchholz'],
    format: 'double',
    divisions: [{ name: 'Main', promote: 3, relegate: 3 }],
  }
  const table = computeStandings(input)
  const shared = table[0]!.rows.length - new Set(table[0]!.rows.map((r) => r.position)).size
  console.log(
    `computeStandings: ${PLAYERS} players, double round robin, ${results.length} decided results ` +
      `(${games.filter((g) => g.result === 'draw').length} draws), 4 tie-breaks; ${shared} shared positions`,
  )
  report(`  ${RUNS} runs after ${WARMUP} warm-up`, await time(() => computeStandings(input), WARMUP, RUNS))
}

// ---- 2. the database path ----

async function databasePath(): Promise<void> {
  const bench = await freshBenchDb(DB_NAME, 4)
  const db = bench.db
  try {
    const users = Array.from({ length: PLAYERS }, (_, i) => ({
      id: randomUUID(),
      email: `league.${i}@example.org`,
      name: i % 2 ? `選手 ${i}` : `Player ${i}`,
      passwordHash: 'x',
    }))
    await db.user.createMany({ data: users })
    const owner = users[0]!.id
    const club = await db.club.create({ data: { name: 'Bench club', createdById: owner } })
    const season = await db.season.create({
      data: {
        clubId: club.id,
        name: 'Bench season',
        ruleset: 'abaoaqu',
        scenarios: ['A-S4'],
        format: 'double',
        divisions: [{ name: 'Main', promote: 3, relegate: 3 }],
        points: { win: 3, draw: 1, loss: 0 },
        tieBreaks: ['head-to-head', 'wins', 'sonneborn-berger'],
        seed: '00',
        seedCommitment: '00',
        createdById: owner,
        status: 'running',
      },
    })
    const entries = users.map((u) => ({ id: randomUUID(), seasonId: season.id, userId: u.id, division: 'Main' }))
    await db.seasonEntry.createMany({ data: entries })
    const games = doubleRoundRobin(PLAYERS, 14).map((g, i) => ({ ...g, id: randomUUID(), board: i }))
    // Finished games as the fold leaves them: the outcome on the row, the home player on FED.
    await db.game.createMany({
      data: games.map((g) => ({
        id: g.id,
        ruleset: 'abaoaqu',
        rulesVersion: '1',
        scenarioId: 'A-S4',
        title: 'bench',
        status: 'FINISHED' as const,
        players: 2,
        options: {},
        inviteCode: g.id,
        seedCommitment: '00',
        seed: '00',
        createdById: users[g.home]!.id,
        seasonId: season.id,
        clubId: club.id,
        finishedAt: new Date(),
        outcome: {
          winner: g.result === 'home' ? 'FED' : g.result === 'away' ? 'ZEON' : null,
          reason: 'bench',
          ref: g.result === 'draw' ? 'draw' : 'resign',
        },
      })),
    })
    await db.seat.createMany({
      data: games.flatMap((g) => [
        { gameId: g.id, seat: 'FED', side: 'FED', userId: users[g.home]!.id },
        { gameId: g.id, seat: 'ZEON', side: 'ZEON', userId: users[g.away]!.id },
      ]),
    })
    await db.fixture.createMany({
      data: games.map((g) => ({
        seasonId: season.id,
        division: 'Main',
        // 78 rounds of 20 boards: the round number does not matter to the table, only uniqueness.
        round: Math.floor(g.board / 20) + 1,
        board: (g.board % 20) + 1,
        homeEntryId: entries[g.home]!.id,
        awayEntryId: entries[g.away]!.id,
        scenarioId: 'A-S4',
        gameId: g.id,
      })),
    })
    const check = await seasonStandings(db, season.id)
    const played = check.divisions[0]!.rows.reduce((n, r) => n + r.played, 0) / 2
    console.log(`seasonStandings on PostgreSQL: ${played} finished games read through their fixtures`)
    report(`  ${DB_RUNS} runs after 3 warm-up`, await time(() => seasonStandings(db, season.id), 3, DB_RUNS))
    // Where the time goes: the fixtures' results alone (src/leagues/results.ts: fixtures, games with seats, entries).
    report(`  of which seasonResults, ${DB_RUNS} runs`, await time(() => seasonResults(db, season.id), 3, DB_RUNS))
  } finally {
    await db.$disconnect()
    if (!process.env.BENCH_KEEP) await bench.drop()
  }
}

// ---- 3. Swiss pairing ----

const SWISS_PLAYERS = 200
const SWISS_ROUNDS = 12
const SWISS_SEASONS = Number(process.env.BENCH_SWISS_SEASONS ?? 5)
const SWISS_GOAL_MS = 500

/** Every round of a few 200-player Swiss seasons, results drawn by a seeded generator; each pairing timed. */
async function swissPairing(): Promise<void> {
  const samples: number[] = []
  const byRound: number[][] = Array.from({ length: SWISS_ROUNDS }, () => [])
  for (let season = 0; season < SWISS_SEASONS; season++) {
    const random = seeded(100 + season)
    const players: SwissPlayer[] = Array.from({ length: SWISS_PLAYERS }, (_, i) => ({
      id: `p${i}`,
      score: 0,
      homeGames: 0,
      awayGames: 0,
      hadBye: false,
      seed: i + 1,
    }))
    const byId = new Map(players.map((p) => [p.id, p]))
    const played = new Set<string>()
    for (let round = 0; round < SWISS_ROUNDS; round++) {
      const t0 = performance.now()
      const { pairs, bye } = pairSwiss(players, played)
      const ms = performance.now() - t0
      samples.push(ms)
      byRound[round]!.push(ms)
      if (pairs.length !== Math.floor(SWISS_PLAYERS / 2) || bye !== null) throw new Error('an incomplete pairing')
      for (const { home, away } of pairs) {
        if (played.has(pairKey(home, away))) throw new Error(`a repeat pairing: ${home} v ${away}`)
        played.add(pairKey(home, away))
        const h = byId.get(home)!
        const a = byId.get(away)!
        h.homeGames++
        a.awayGames++
        // The stronger seed wins a little more often; one game in six is drawn.
        const r = random()
        if (r < 1 / 6) {
          h.score += 0.5
          a.score += 0.5
        } else if (r < 1 / 6 + (5 / 6) * (a.seed / (a.seed + h.seed))) h.score += 1
        else a.score += 1
      }
    }
  }
  report(
    `pairSwiss: ${SWISS_PLAYERS} players, every round of ${SWISS_SEASONS} seasons of ${SWISS_ROUNDS} rounds ` +
      `(${samples.length} pairings)`,
    samples,
    SWISS_GOAL_MS,
  )
  console.log(
    `  by round (median ms): ${byRound
      .map((r) =>
        quantile(
          [...r].sort((x, y) => x - y),
          0.5,
        ).toFixed(1),
      )
      .join(' ')}`,
  )
}

console.log(
  `load average ${loadavg()
    .map((x) => x.toFixed(2))
    .join(' ')}`,
)
await computeOnly()
await swissPairing()
if (process.env.BENCH_LEAGUES_DB !== '0') await databasePath()
