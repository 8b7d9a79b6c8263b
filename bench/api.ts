// Benchmark (not a test): the API under load on this machine, beside PostgreSQL's own ceiling and the peer.
//   orders/s across 100 concurrent games with p50/p99 (acknowledged after the commit), where the time of an
//   order goes (stage by stage, and the CPU of the server, PostgreSQL and the load generator), beside
//   pgbench's TPS for a one-row INSERT transaction at the same concurrency; GET /view beside a hello-world
//   route in the same process (autocannon in its own process); state load time at 10 and at 10,000 log
//   entries; and the boardgame.io peer (../shared/bench-peers/boardgameio) run in the same sitting, when it
//   is there (BENCH_PEER=0 skips it). Every figure is printed beside its goal (issue 17).
// Run: npm run bench:api   (needs the PostgreSQL at BENCH_ADMIN_URL, default 127.0.0.1:5432 trust)
import { execFile, execFileSync, spawn } from 'node:child_process'
import { existsSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs'
import { Session } from 'node:inspector/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { performance } from 'node:perf_hooks'
import pg from 'pg'
import { loadConfig } from '../src/config.js'
import { forgetCachedGames, loadFolded, sealedSnapshot } from '../src/games/load.js'
import { buildApp } from '../src/http/app.js'
import { orderStageSeconds } from '../src/metrics/index.js'
import { appendBatching } from '../src/store/games.js'
import { appendEntries } from '../src/store/log.js'
import { admin, freshBenchDb } from './support.js'

const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 32)
const GAMES = Number(process.env.BENCH_GAMES ?? 100)
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10)
/**
 * Started games waiting to replace those that end during the load (an A-S4 game of passes lasts ~25 orders):
 * at ~1,400 orders/s about 550 end in 10 s. With the 100 in play they stay under the server's fold cache
 * (1,000 games a process): more games than that would measure full loads, not orders.
 */
const RESERVE = Number(process.env.BENCH_RESERVE ?? 700)
const DB_NAME = 'hexmail_bench'
const JWT_SECRET = 'bench'.repeat(8)
if (process.env.BENCH_APPEND_INFLIGHT) appendBatching.inFlight = Number(process.env.BENCH_APPEND_INFLIGHT)
const PEER_DIR = join(import.meta.dirname, '..', '..', 'shared', 'bench-peers', 'boardgameio')

const TICK_MS = 1000 / Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim() || 100)

/** CPU milliseconds used so far by the processes `which` picks by pid and name (from /proc). */
function cpuMsOf(which: (pid: string, name: string) => boolean): number {
  let ms = 0
  for (const pid of readdirSync('/proc').filter((d) => /^\d+$/.test(d))) {
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8')
      if (!which(pid, stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')')))) continue
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ')
      ms += (Number(fields[11]) + Number(fields[12])) * TICK_MS
    } catch {
      // the process ended meanwhile
    }
  }
  return ms
}
/** Every PostgreSQL process on this machine (other work on it counts too: run the bench on a quiet machine). */
const postgresCpuMs = () => cpuMsOf((_, name) => name.startsWith('postgres'))

/**
 * More API processes (BENCH_API_PROCESSES, default 1: this one alone), each `src/main.ts api` on the same
 * database with the same token secret; the load's connections are spread over all of them.
 */
const API_PROCESSES = Number(process.env.BENCH_API_PROCESSES ?? 1)
async function startApiProcess(databaseUrl: string): Promise<{ address: string; pid: number; stop: () => void }> {
  // With BENCH_PROFILE, each API process writes its own CPU profile beside it when it stops.
  const profile = process.env.BENCH_PROFILE ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_PROFILE}.d`] : []
  const main = join(import.meta.dirname, '..', 'src', 'main.ts')
  const child = spawn(process.execPath, [...profile, '--import', 'tsx', main, 'api'], {
    env: {
      ...process.env,
      NODE_ENV: 'production',
      DATABASE_URL: databaseUrl,
      REDIS_URL: process.env.BENCH_REDIS_URL ?? 'redis://127.0.0.1:6379/14',
      JWT_SECRET,
      LOG_LEVEL: 'silent',
      AUTH_RATE_LIMIT: '100000',
      HOST: '127.0.0.1',
      PORT: '0',
      INBOUND_SMTP_PORT: 'off',
      DATA_DIR: mkdtempSync(join(tmpdir(), 'hexmail-bench-api-')),
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  })
  const address = await new Promise<string>((resolveStart, rejectStart) => {
    let out = ''
    child.stdout!.on('data', (chunk: Buffer) => {
      out += chunk.toString('utf8')
      const m = /hexmail is running at (http:\/\/\S+)/.exec(out)
      if (m) resolveStart(m[1]!)
    })
    child.once('exit', (code) => rejectStart(new Error(`an API process exited (${code}) before it was ready: ${out}`)))
  })
  return { address, pid: child.pid!, stop: () => child.kill('SIGTERM') }
}

/** Each stage's total seconds and count so far (the server's own histogram, src/games/orders.ts). */
async function stageTotals(): Promise<Map<string, { sum: number; count: number }>> {
  const out = new Map<string, { sum: number; count: number }>()
  for (const v of (await orderStageSeconds.get()).values) {
    const stage = String(v.labels.stage)
    const t = out.get(stage) ?? { sum: 0, count: 0 }
    if (v.metricName?.endsWith('_sum')) t.sum = v.value
    else if (v.metricName?.endsWith('_count')) t.count = v.value
    out.set(stage, t)
  }
  return out
}

const pct = (xs: number[], q: number) =>
  [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(q * xs.length))]!

// The server's own default pool size (src/store/db.ts), unless BENCH_POOL says otherwise.
const bench = await freshBenchDb(DB_NAME, Number(process.env.BENCH_POOL ?? 10))
const url = new URL(bench.url)
const db = bench.db
const app = await buildApp({
  config: loadConfig({
    NODE_ENV: 'production',
    JWT_SECRET,
    LOG_LEVEL: 'silent',
    AUTH_RATE_LIMIT: '100000',
  }),
  db,
})
app.get('/bench/hello', async () => ({ hello: 'world' }))
const address = await app.listen({ host: '127.0.0.1', port: 0 })
const others = await Promise.all(Array.from({ length: API_PROCESSES - 1 }, () => startApiProcess(bench.url)))
const othersCpuMs = () => cpuMsOf((pid) => others.some((o) => String(o.pid) === pid))

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
const reserve: BenchGame[] = []
for (let i = 0; i < RESERVE; i++)
  reserve.push(await newGame(GAMES + i, players[2 * (i % GAMES)]!, players[2 * (i % GAMES) + 1]!))

// The load comes from a second process (bench/load-orders.mjs), so the figures are the server's.
const loadInput = join(tmpdir(), 'hexmail-load.json')
const addresses = [address, ...others.map((o) => o.address)]
// BENCH_AFFINITY=0: each request to the next API process, as a load balancer without game affinity would.
const affinity = process.env.BENCH_AFFINITY !== '0'
writeFileSync(
  loadInput,
  JSON.stringify({ addresses, seconds: SECONDS, connections: CONNECTIONS, games, reserve, affinity }),
)
const stages0 = await stageTotals()
const pg0 = postgresCpuMs()
const others0 = othersCpuMs()
// BENCH_PROFILE=file.cpuprofile: this process's CPU profile over the load window alone.
const profiler = process.env.BENCH_PROFILE ? new Session() : null
if (profiler) {
  profiler.connect()
  await profiler.post('Profiler.enable')
  await profiler.post('Profiler.start')
}
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
const loadMs = performance.now() - loadStarted
if (profiler) {
  const { profile } = await profiler.post('Profiler.stop')
  writeFileSync(process.env.BENCH_PROFILE!, JSON.stringify(profile))
  profiler.disconnect()
}
const cpuShare = ((cpu.user + cpu.system) / 1000 + othersCpuMs() - others0) / loadMs
// How each process had its games' states during the load (hexmail_fold_loads_total, from every process's
// /metrics: loopback is let in without a token): with several processes and no game affinity, "caught_up".
const foldLoads: Record<string, number> = {}
for (const a of addresses) {
  const text = await (await fetch(`${a}/metrics`)).text()
  for (const m of text.matchAll(/^hexmail_fold_loads_total\{how="(\w+)"\} (\d+)/gm))
    foldLoads[m[1]!] = (foldLoads[m[1]!] ?? 0) + Number(m[2])
}
for (const o of others) o.stop()
const pgShare = (postgresCpuMs() - pg0) / loadMs
const stages1 = await stageTotals()
const load = JSON.parse(loadOutput) as {
  accepted: number
  failures: number
  seconds: number
  latencies: number[]
  cpuMs: number
  finished: number
  reserveLeft: number
}
const loaderShare = load.cpuMs / loadMs
if (load.reserveLeft === 0) console.log('note: the reserve of games ran out during the load: raise BENCH_RESERVE')
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
  // autocannon in its own process, as the peer benchmark runs it: the server keeps its core to itself.
  const args = [
    join(import.meta.dirname, '..', 'node_modules', 'autocannon', 'autocannon.js'),
    '-j',
    '-c',
    String(CONNECTIONS),
  ]
  args.push('-d', String(SECONDS), ...(token ? ['-H', `authorization=Bearer ${token}`] : []), `${address}${path}`)
  const out = await new Promise<string>((resolveRun, rejectRun) =>
    execFile(process.execPath, args, { maxBuffer: 16 * 1024 * 1024 }, (e, stdout) =>
      e ? rejectRun(e) : resolveRun(stdout),
    ),
  )
  const result = JSON.parse(out) as { non2xx: number; requests: { average: number } }
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
      await db.snapshot.create({
        data: { gameId: long.id, ...sealedSnapshot(long.id, { ...folded, seq }, hash) } as never,
      })
  }
  await db.game.update({ where: { id: long.id }, data: { logSeq: seq, lastHash: hash } })
}
const loadShort = await loadTime(short.id)
const loadLong = await loadTime(long.id)

await app.close()
await db.$disconnect()
await bench.drop()

// ---- the peer, in the same sitting, after our server has stopped -----------------------------
interface PeerRow {
  label: string
  moves_per_s: number
  p50_ms: number
  p99_ms: number
}
let peer: PeerRow[] = []
if (process.env.BENCH_PEER !== '0' && existsSync(join(PEER_DIR, 'run-all.sh'))) {
  const work = mkdtempSync(join(tmpdir(), 'hexmail-peer-'))
  console.log(`running the boardgame.io peer benchmark in ${work} (about two minutes) ...`)
  try {
    execFileSync('bash', [join(PEER_DIR, 'run-all.sh'), work], {
      env: { ...process.env, STORAGES: 'postgres memory', CS: String(CONNECTIONS) },
      stdio: ['ignore', 'ignore', 'inherit'],
    })
    peer = readFileSync(join(work, 'results.jsonl'), 'utf8')
      .trim()
      .split('\n')
      .filter(Boolean)
      .map((l) => JSON.parse(l) as PeerRow)
  } catch (e) {
    console.log(`the peer benchmark failed: ${(e as Error).message}`)
  }
}

const p50 = pct(latencies, 0.5)
const p99 = pct(latencies, 0.99)
const lines: string[] = []
const row = (measure: string, figure: string, goal: string) => lines.push(`| ${measure} | ${figure} | ${goal} |`)
row(
  `accepted orders/s, ${CONNECTIONS} connections, ${GAMES} games, durable before answering`,
  `${ordersPerSecond.toFixed(0)}/s (p50 ${p50.toFixed(1)} ms, p99 ${p99.toFixed(1)} ms, ${failures} refused)`,
  'p99 <= 50 ms; >= 10x boardgame.io + Postgres (below)',
)
row(
  `the same, beside pgbench one-row INSERT at ${CONNECTIONS} clients`,
  `${((100 * ordersPerSecond) / tps).toFixed(1)} % of ${tps.toFixed(0)} tps`,
  '>= 25 %',
)
row(
  'GET /view beside an in-process hello-world',
  `${((100 * view) / hello).toFixed(0)} % (${view.toFixed(0)} / ${hello.toFixed(0)} req/s)`,
  '>= 75 %',
)
row(
  'state load at 10,000 entries beside 10',
  `${(loadLong / loadShort).toFixed(2)}x (${loadLong.toFixed(2)} ms / ${loadShort.toFixed(2)} ms at ${shortLen})`,
  '<= 1.2x',
)
const peerPg = peer.find((r) => r.label === 'postgres')
const peerMem = peer.find((r) => r.label === 'memory')
if (peerPg)
  row(
    `boardgame.io 0.50 + bgio-postgres, ${CONNECTIONS} matches (answers before it saves)`,
    `${peerPg.moves_per_s} moves/s (p50 ${peerPg.p50_ms} ms, p99 ${peerPg.p99_ms} ms) -> hexmail is ` +
      `${(ordersPerSecond / peerPg.moves_per_s).toFixed(1)}x`,
    '>= 10x',
  )
if (peerMem)
  row(
    `boardgame.io 0.50 in memory, ${CONNECTIONS} matches`,
    `${peerMem.moves_per_s} moves/s (p99 ${peerMem.p99_ms} ms) -> hexmail is ` +
      `${(ordersPerSecond / peerMem.moves_per_s).toFixed(1)}x`,
    '(reference)',
  )
if (!peer.length)
  lines.push('| boardgame.io peer | not run (BENCH_PEER=0, or ../shared/bench-peers/boardgameio missing) | |')
console.log('| measure | hexmail | goal |\n|---|---|---|')
console.log(lines.join('\n'))
const per = (ms: number) => `${((1000 * ms) / Math.max(1, load.accepted)).toFixed(0)} µs`
console.log(
  `\nwhere an order's time goes, CPU per accepted order (share of one core during the load): server ` +
    `${per(cpuShare * loadMs)} (${(100 * cpuShare).toFixed(0)} %), PostgreSQL ${per(pgShare * loadMs)} ` +
    `(${(100 * pgShare).toFixed(0)} %), load generator ${per(loaderShare * loadMs)} ` +
    `(${(100 * loaderShare).toFixed(0)} %); ` +
    `${load.finished} games finished, group commit ${appendBatching.inFlight} batch(es) in flight, ` +
    `${API_PROCESSES} API process(es)` +
    (API_PROCESSES > 1 ? (affinity ? ', each game on one' : ', no game affinity') : ''),
)
console.log(
  `game states had, all processes, setup included: ` +
    Object.entries(foldLoads)
      .map(([how, n]) => `${how} ${n}`)
      .join(', '),
)
const stageLines: string[] = []
for (const [stage, t] of stages1) {
  const was = stages0.get(stage) ?? { sum: 0, count: 0 }
  const n = t.count - was.count
  if (n > 0) stageLines.push(`${stage} ${((1e6 * (t.sum - was.sum)) / n).toFixed(0)} µs`)
}
console.log(`server stages, mean wall time per submission: ${stageLines.join(', ')}`)
