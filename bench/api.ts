// Benchmark (not a test): the API under load on this machine, beside PostgreSQL's own ceiling.
//   orders/s across 100 concurrent games with p50/p99, beside pgbench's TPS for a one-row INSERT
//   transaction at the same concurrency; GET /view beside a hello-world route in the same process;
//   state load time at 10 and at 10,000 log entries.
// Run: npm run bench:api   (needs the PostgreSQL at BENCH_ADMIN_URL, default 127.0.0.1:5432 trust)
import { execFile, execFileSync } from 'node:child_process'
import { writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { performance } from 'node:perf_hooks'
import autocannon from 'autocannon'
import pg from 'pg'
import { loadConfig } from '../src/config.js'
import { forgetCachedGames, loadFolded } from '../src/games/load.js'
import { buildApp } from '../src/http/app.js'
import { appendEntries } from '../src/store/log.js'
import { admin, freshBenchDb } from './support.js'

const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 32)
const GAMES = Number(process.env.BENCH_GAMES ?? 100)
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10)
const DB_NAME = 'hexmail_bench'

const pct = (xs: number[], q: number) =>
  [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(q * xs.length))]!

const bench = await freshBenchDb(DB_NAME, CONNECTIONS + 4)
const url = new URL(bench.url)
const db = bench.db
const app = await buildApp({
  config: loadConfig({
    NODE_ENV: 'production',
    JWT_SECRET: 'bench'.repeat(8),
    LOG_LEVEL: 'silent',
    AUTH_RATE_LIMIT: '100000',
  }),
  db,
})
app.get('/bench/hello', async () => ({ hello: 'world' }))
const address = await app.listen({ host: '127.0.0.1', port: 0 })

// The bench reads JSON bodies of many shapes.
/* eslint-disable @typescript-eslint/no-explicit-any */
async function call(
  method: string,
  path: string,
  token?: string,
  body?: unknown,
): Promise<{ status: number; json: any }> {
  const res = await fetch(`${address}${path}`, {
    method,
    headers: {
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(body ? { 'content-type': 'application/json' } : {}),
    },
    body: body ? JSON.stringify(body) : undefined,
  })
  return { status: res.status, json: res.status === 204 ? null : await res.json() }
}
/* eslint-enable @typescript-eslint/no-explicit-any */

async function user(name: string): Promise<string> {
  const r = await call('POST', '/auth/register', undefined, {
    email: `${name}@bench.example`,
    name,
    password: 'bench password 1',
  })
  if (r.status !== 201) throw new Error(`register: ${r.status} ${JSON.stringify(r.json)}`)
  return r.json.accessToken
}

interface BenchGame {
  id: string
  tokens: Record<string, string>
  next: string
}

async function newGame(i: number, fed: string, zeon: string): Promise<BenchGame> {
  const g = await call('POST', '/games', fed, {
    ruleset: 'abaoaqu',
    scenario: 'A-S4',
    seat: 'FED',
    options: { deployment: 'auto' },
  })
  const j = await call('POST', `/games/${g.json.id}/join`, zeon, {})
  if (j.status !== 200) throw new Error(`join ${i}: ${j.status}`)
  return { id: g.json.id, tokens: { FED: fed, ZEON: zeon }, next: j.json.game.pending[0].seats[0] }
}

// ---- orders per second across concurrent games ----------------------------------------------
const players: string[] = []
for (let i = 0; i < 2 * GAMES; i++) players.push(await user(`p${i}`))
const games: BenchGame[] = []
for (let i = 0; i < GAMES; i++) games.push(await newGame(i, players[2 * i]!, players[2 * i + 1]!))

// The load comes from a second process (bench/load-orders.mjs), so the figures are the server's.
const loadInput = join(tmpdir(), 'hexmail-load.json')
writeFileSync(loadInput, JSON.stringify({ address, seconds: SECONDS, connections: CONNECTIONS, games }))
const cpu0 = process.cpuUsage()
const loadStarted = performance.now()
const loadOutput = await new Promise<string>((resolveLoad, rejectLoad) => {
  execFile(
    process.execPath,
    [join(import.meta.dirname, 'load-orders.mjs'), loadInput],
    { maxBuffer: 64 * 1024 * 1024 },
    (e, stdout) => (e ? rejectLoad(e) : resolveLoad(stdout)),
  )
})
const cpu = process.cpuUsage(cpu0)
const cpuShare = (cpu.user + cpu.system) / 1000 / (performance.now() - loadStarted)
const load = JSON.parse(loadOutput) as { accepted: number; failures: number; seconds: number; latencies: number[] }
const latencies = load.latencies
const failures = load.failures
const ordersPerSecond = load.accepted / load.seconds

// pgbench: a one-row INSERT transaction at the same concurrency, same server.
await admin(`SELECT 1`)
const c = new pg.Client({ connectionString: url.toString() })
await c.connect()
await c.query('CREATE TABLE IF NOT EXISTS bench_insert (id bigserial primary key, v int, at timestamptz default now())')
await c.end()
const script = join(tmpdir(), 'hexmail-pgbench.sql')
writeFileSync(script, 'INSERT INTO bench_insert(v) VALUES (1);\n')
const pgbench = execFileSync(
  'pgbench',
  [
    '-n',
    '-c',
    String(CONNECTIONS),
    '-j',
    '2',
    '-T',
    String(SECONDS),
    '-f',
    script,
    '-h',
    url.hostname,
    '-p',
    url.port || '5432',
    '-U',
    url.username || 'postgres',
    DB_NAME,
  ],
  { encoding: 'utf8' },
)
const tps = Number(/tps = ([\d.]+)/.exec(pgbench)?.[1] ?? NaN)

// ---- GET /view beside hello-world ----------------------------------------------------------
const viewGame = games[0]!
async function cannon(path: string, token?: string): Promise<number> {
  const result = await autocannon({
    url: `${address}${path}`,
    connections: CONNECTIONS,
    duration: SECONDS,
    headers: token ? { authorization: `Bearer ${token}` } : {},
  })
  if (result.non2xx > 0) throw new Error(`${path}: ${result.non2xx} non-2xx responses`)
  return result.requests.average
}
const hello = await cannon('/bench/hello')
const view = await cannon(`/games/${viewGame.id}/view`, viewGame.tokens.FED)

// ---- state load at 10 and at 10,000 entries --------------------------------------------------
async function loadTime(gameId: string): Promise<number> {
  const game = await db.game.findUniqueOrThrow({ where: { id: gameId } })
  const times: number[] = []
  for (let i = 0; i < 40; i++) {
    forgetCachedGames()
    const t0 = performance.now()
    await loadFolded(db, game)
    times.push(performance.now() - t0)
  }
  return pct(times, 0.5)
}
const short = await newGame(9001, players[0]!, players[1]!)
for (let i = 0; i < 4; i++) {
  const r = await call('POST', `/games/${short.id}/orders`, short.tokens[short.next], { orders: [] })
  short.next = r.json.pending[0].seats[0]
}
const shortLen = (await db.game.findUniqueOrThrow({ where: { id: short.id } })).logSeq
// A long game: real play to near the turn limit, then moderator notes (entries the fold passes over)
// up to 10,000 entries, with snapshots written as the server writes them.
const long = await newGame(9002, players[2]!, players[3]!)
for (let i = 0; i < 60; i++) {
  const r = await call('POST', `/games/${long.id}/orders`, long.tokens[long.next], { orders: [] })
  if (r.json.outcome) break
  long.next = r.json.pending[0].seats[0]
}
{
  const game = await db.game.findUniqueOrThrow({ where: { id: long.id } })
  forgetCachedGames()
  const folded = (await loadFolded(db, game))!
  let seq = game.logSeq
  let hash = game.lastHash
  const every = app.config.snapshotEvery
  while (seq < 10_000) {
    const batch = Math.min(every - (seq % every) || every, 10_000 - seq)
    const written = await appendEntries(
      db,
      long.id,
      seq,
      hash,
      Array.from({ length: batch }, () => ({
        kind: 'MODERATION' as const,
        seat: null,
        userId: null,
        payload: { note: 'bench padding' },
      })),
      new Date(),
    )
    seq = written.at(-1)!.seq
    hash = written.at(-1)!.hash
    if (seq % every === 0)
      await db.snapshot.create({ data: { gameId: long.id, seq, state: { ...folded, seq } as object } })
  }
  await db.game.update({ where: { id: long.id }, data: { logSeq: seq, lastHash: hash } })
}
const loadShort = await loadTime(short.id)
const loadLong = await loadTime(long.id)

console.log(
  `orders: ${ordersPerSecond.toFixed(0)} accepted/s across ${GAMES} games, ${CONNECTIONS} connections, ` +
    `p50 ${pct(latencies, 0.5).toFixed(1)} ms, p99 ${pct(latencies, 0.99).toFixed(1)} ms (${failures} refused); ` +
    `the server process used ${(100 * cpuShare).toFixed(0)} % of a core`,
)
console.log(
  `pgbench one-row INSERT at ${CONNECTIONS} clients: ${tps.toFixed(0)} tps -> ` +
    `orders/s are ${((100 * ordersPerSecond) / tps).toFixed(0)} % of it (target >= 50 %, p99 <= 50 ms)`,
)
console.log(
  `GET /view: ${view.toFixed(0)} req/s, hello-world: ${hello.toFixed(0)} req/s -> ` +
    `${((100 * view) / hello).toFixed(0)} % (target >= 50 %)`,
)
console.log(
  `state load: ${loadShort.toFixed(2)} ms at ${shortLen} entries, ${loadLong.toFixed(2)} ms at 10,000 entries -> ` +
    `${(loadLong / loadShort).toFixed(2)}x (target <= 1.2x)`,
)

await app.close()
await db.$disconnect()
await bench.drop()
