// Benchmark (not a test): end-to-end emails per second, outbox -> relay -> BullMQ -> fan-out ->
// compose -> SMTP, to a local SMTP server (smtp-server on 127.0.0.1 that accepts and counts).
//   A. 1,000 recipients of an account email (composed from templates, no map);
//   B. the first "your phase" email of BENCH_GAMES new A-S4 games: a map drawn and attached to each.
// Uses the machine's PostgreSQL (a database hexmail_bench_notify), a private redis-server, and an SMTP
// server in its own process (bench/smtp-sink.mjs).
// Goals: A >= 100 emails per second, B >= 200 (issue 17), on a 2-core machine. The worker runs with the
// server's defaults (MAIL_CONCURRENCY, SMTP_MAX_CONNECTIONS, SMTP_MAX_MESSAGES) unless BENCH_CONCURRENCY,
// BENCH_SMTP_CONNECTIONS or BENCH_SMTP_MESSAGES say otherwise; the map warm-up is off (the figures are the
// steady state; bench/notify-render.ts measures the first map). Each line also gives the worker process's
// CPU time per email, which a busy machine inflates less than the rate.
// Run: npm run bench:notify  (the map render figures: bench/notify-render.ts)
import { spawn } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { randomUUID } from 'node:crypto'
import { cpus, loadavg } from 'node:os'
import { performance } from 'node:perf_hooks'
import { loadConfig } from '../src/config.js'
import { createGame, joinGame } from '../src/games/lifecycle.js'
import { startNotifications } from '../src/notify/index.js'
import { emailPictureCount } from '../src/notify/map-cache.js'
import { freePort } from '../src/runtime/os.js'
import { ping } from '../src/runtime/redis.js'
import { poolOf } from '../src/store/db.js'
import { freshBenchDb } from './support.js'

const RECIPIENTS = Number(process.env.BENCH_RECIPIENTS ?? 1000)
const GAMES = Number(process.env.BENCH_GAMES ?? 200)
const GOAL = { A: 100, B: 200 }
// BENCH_DB: another database name, so that two checkouts can run this at once without dropping each other's.
const DB_NAME = process.env.BENCH_DB ?? 'hexmail_bench_notify'
if (!/^[a-z_][a-z0-9_]*$/.test(DB_NAME)) throw new Error(`BENCH_DB must be a plain lower-case name, got ${DB_NAME}`)

const bench = await freshBenchDb(DB_NAME, 20)
const db = bench.db
const pool = poolOf(db)!

// A private redis-server, and an SMTP server that takes everything.
const redisPort = await freePort(0)
const redis = spawn(
  'redis-server',
  ['--port', String(redisPort), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
  { stdio: 'ignore' },
)
for (let i = 0; i < 100 && !(await ping(redisPort, null)); i++) await new Promise((r) => setTimeout(r, 50))
let delivered = 0
let deliveredBytes = 0
const smtp = spawn(process.execPath, ['bench/smtp-sink.mjs'], { stdio: ['ignore', 'pipe', 'inherit'] })
const smtpPort = await new Promise<number>((resolve) => {
  let buffered = ''
  smtp.stdout!.on('data', (d: Buffer) => {
    buffered += d.toString()
    const lines = buffered.split('\n')
    buffered = lines.pop()!
    for (const line of lines) {
      const [word, n] = line.split(' ')
      if (word === 'port') resolve(Number(n))
      if (word === 'count') delivered = Number(n)
      if (word === 'bytes') deliveredBytes = Number(n)
    }
  })
})

const config = loadConfig({
  NODE_ENV: 'production',
  JWT_SECRET: 'bench'.repeat(8),
  LOG_LEVEL: 'silent',
  SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
  MAIL_CONCURRENCY: process.env.BENCH_CONCURRENCY,
  SMTP_MAX_CONNECTIONS: process.env.BENCH_SMTP_CONNECTIONS,
  SMTP_MAX_MESSAGES: process.env.BENCH_SMTP_MESSAGES,
  MAP_WARM_UP: 'off',
  RELAY_INTERVAL_MS: '20',
  PUBLIC_URL: 'http://hexmail.bench',
})

/**
 * The process's read and write system calls so far (Linux's /proc/self/io; null elsewhere): unlike CPU
 * time, their count per email does not grow on a busy machine. Each database, Redis or SMTP round trip
 * costs at least one of each.
 */
function syscalls(): { reads: number; writes: number } | null {
  try {
    const io = readFileSync('/proc/self/io', 'utf8')
    const field = (name: string) => Number(new RegExp(`^${name}: (\\d+)$`, 'm').exec(io)?.[1])
    return { reads: field('syscr'), writes: field('syscw') }
  } catch {
    return null
  }
}

async function drain(label: string, goal: number, expected: number, start: () => Promise<void>): Promise<void> {
  await start()
  const before = delivered
  const bytesBefore = deliveredBytes
  const pictures = emailPictureCount()
  const t0 = performance.now()
  const c0 = process.cpuUsage()
  const s0 = syscalls()
  const worker = startNotifications(config, db, `redis://127.0.0.1:${redisPort}`)
  const deadline = Date.now() + 600_000
  while (delivered - before < expected && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20))
  const seconds = (performance.now() - t0) / 1000
  const cpu = process.cpuUsage(c0)
  const s1 = syscalls()
  await worker.close()
  const failed = Number((await pool.query(`SELECT count(*) FROM "Notification" WHERE status <> 'sent'`)).rows[0].count)
  const sent = delivered - before
  const drawn = emailPictureCount() - pictures
  const kB = (deliveredBytes - bytesBefore) / 1000 / Math.max(1, sent)
  console.log(
    `${label}: ${sent} of ${expected} emails in ${seconds.toFixed(2)} s = ` +
      `${(sent / seconds).toFixed(0)} emails/s (goal >= ${goal}/s; not sent: ${failed}); ` +
      `worker CPU ${((cpu.user + cpu.system) / 1000 / Math.max(1, sent)).toFixed(1)} ms an email` +
      `; ${kB.toFixed(1)} kB a message` +
      (s0 && s1
        ? `; ${((s1.reads - s0.reads) / Math.max(1, sent)).toFixed(1)} reads and ` +
          `${((s1.writes - s0.writes) / Math.max(1, sent)).toFixed(1)} writes (system calls) an email`
        : '') +
      (drawn > 0 ? `; ${drawn} map pictures drawn` : ''),
  )
}

console.log(
  `machine: ${cpus().length} cores, load ${loadavg()
    .map((l) => l.toFixed(2))
    .join(' ')}; worker concurrency ${config.mail.concurrency} (MAIL_CONCURRENCY), ` +
    `SMTP pool of ${config.mail.smtpMaxConnections} connections (SMTP_MAX_CONNECTIONS), ` +
    `${config.mail.smtpMaxMessages} messages each (SMTP_MAX_MESSAGES)`,
)

// A. Account emails for RECIPIENTS users, queued as registration queues them.
await drain(`A. ${RECIPIENTS} account emails`, GOAL.A, RECIPIENTS, async () => {
  const ids = Array.from({ length: RECIPIENTS }, () => randomUUID())
  await pool.query(
    `INSERT INTO "User"(id, email, name, "passwordHash")
     SELECT id::uuid, 'reader' || n || '@bench.example', 'Reader ' || n, 'x'
       FROM unnest($1::text[]) WITH ORDINALITY AS t(id, n)`,
    [ids],
  )
  await pool.query(
    `INSERT INTO "Outbox"(kind, payload)
     SELECT 'verify-email', jsonb_build_object('userId', id, 'email', 'reader' || n || '@bench.example',
                                               'token', md5(id), 'expiresAt', '2030-01-01T00:00:00Z')
       FROM unnest($1::text[]) WITH ORDINALITY AS t(id, n)`,
    [ids],
  )
})

// B. The first phase of GAMES new games: each email carries its own map.
const players = Array.from({ length: GAMES * 2 }, () => randomUUID())
await pool.query(
  `INSERT INTO "User"(id, email, name, "passwordHash")
   SELECT id::uuid, 'player' || n || '@bench.example', 'Player ' || n, 'x'
     FROM unnest($1::text[]) WITH ORDINALITY AS t(id, n)`,
  [players],
)
// Every game is at its opening, which each reader (the seat to deploy) sees alike: one picture serves all.
await drain(`B. ${GAMES} your-phase emails with a map`, GOAL.B, GAMES, async () => {
  for (let g = 0; g < GAMES; g++) {
    const id = await createGame(db, players[2 * g]!, { ruleset: 'abaoaqu', scenario: 'A-S4', seat: 'FED' })
    await joinGame(db, players[2 * g + 1]!, id, {})
  }
})

smtp.kill('SIGTERM')
redis.kill('SIGTERM')
await db.$disconnect()
await bench.drop()
process.exit(0)
