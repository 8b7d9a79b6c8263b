// Benchmark (not a test): GET /games/:id/view beside the in-process hello-world, alone (the part of
// bench:api that issue 17's "≥ 75 %" is about, without its several minutes of orders). autocannon runs in
// its own process; beside each rate it prints the server's CPU per request (process.cpuUsage), which a busy
// machine disturbs less than the rate. BENCH_PROFILE=<file> also writes a CPU profile of the /view run.
// Run: npx tsx bench/view.ts   (BENCH_SECONDS, BENCH_CONNECTIONS, BENCH_ROUNDS; PostgreSQL as bench:api)
import { execFile } from 'node:child_process'
import { writeFileSync } from 'node:fs'
import { Session } from 'node:inspector/promises'
import { join } from 'node:path'
import { performance } from 'node:perf_hooks'
import { loadConfig } from '../src/config.js'
import { buildApp } from '../src/http/app.js'
import { freshBenchDb } from './support.js'

const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 32)
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10)
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 1)
const JWT_SECRET = 'bench'.repeat(8)

const bench = await freshBenchDb(process.env.BENCH_DB ?? 'hexmail_bench_view', 4)
const app = await buildApp({
  config: loadConfig({ NODE_ENV: 'production', JWT_SECRET, LOG_LEVEL: 'silent', AUTH_RATE_LIMIT: '100000' }),
  db: bench.db,
})
app.get('/bench/hello', async () => ({ hello: 'world' }))
// The floor of a view's cost: hello-world answering the view's own bytes (no token, no access checks).
let viewBody = Buffer.alloc(0)
app.get('/bench/bytes', async (_request, reply) => reply.type('application/json; charset=utf-8').send(viewBody))
const address = await app.listen({ host: '127.0.0.1', port: 0 })

// The bench reads JSON bodies of many shapes.
/* eslint-disable @typescript-eslint/no-explicit-any */
async function call(method: string, path: string, token?: string, body?: unknown): Promise<any> {
  const res = await fetch(`${address}${path}`, {
    method,
    headers: {
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(body ? { 'content-type': 'application/json' } : {}),
    },
    body: body ? JSON.stringify(body) : undefined,
  })
  if (res.status >= 300) throw new Error(`${method} ${path}: ${res.status} ${await res.text()}`)
  return res.json()
}
/* eslint-enable @typescript-eslint/no-explicit-any */
const token = async (name: string): Promise<string> =>
  (await call('POST', '/auth/register', undefined, { email: `${name}@x.example`, name, password: 'bench password 1' }))
    .accessToken
const fed = await token('fed')
const zeon = await token('zeon')
const game = await call('POST', '/games', fed, {
  ruleset: 'abaoaqu',
  scenario: 'A-S4',
  seat: 'FED',
  options: { deployment: 'auto' },
})
await call('POST', `/games/${game.id}/join`, zeon, {})
const viewPath = `/games/${game.id}/view`
viewBody = Buffer.from(
  await (await fetch(`${address}${viewPath}`, { headers: { authorization: `Bearer ${fed}` } })).arrayBuffer(),
)
const viewBytes = viewBody.length

/** autocannon in its own process; the rate, and the server's CPU µs per request meanwhile. */
async function cannon(path: string, auth?: string): Promise<{ rate: number; cpuUs: number; sysUs: number }> {
  const args = [join(import.meta.dirname, '..', 'node_modules', 'autocannon', 'autocannon.js'), '-j']
  args.push('-c', String(CONNECTIONS), '-d', String(SECONDS))
  if (auth) args.push('-H', `authorization=Bearer ${auth}`)
  args.push(`${address}${path}`)
  const cpu0 = process.cpuUsage()
  const out = await new Promise<string>((resolveRun, rejectRun) =>
    execFile(process.execPath, args, { maxBuffer: 16 * 1024 * 1024 }, (e, stdout) =>
      e ? rejectRun(e) : resolveRun(stdout),
    ),
  )
  const cpu = process.cpuUsage(cpu0)
  const r = JSON.parse(out) as { non2xx: number; requests: { average: number; total: number } }
  if (r.non2xx > 0) throw new Error(`${path}: ${r.non2xx} non-2xx responses`)
  const n = r.requests.total
  return { rate: r.requests.average, cpuUs: (cpu.user + cpu.system) / n, sysUs: cpu.system / n }
}

const session = new Session()
if (process.env.BENCH_PROFILE) {
  session.connect()
  await session.post('Profiler.enable')
  await session.post('Profiler.setSamplingInterval', { interval: 100 })
}
for (let round = 0; round < ROUNDS; round++) {
  const t0 = performance.now()
  if (process.env.BENCH_PROFILE) await session.post('Profiler.start')
  const hello = await cannon('/bench/hello')
  if (process.env.BENCH_PROFILE) {
    const { profile } = await session.post('Profiler.stop')
    writeFileSync(`${process.env.BENCH_PROFILE}.hello`, JSON.stringify(profile))
    await session.post('Profiler.start')
  }
  const bytes = await cannon('/bench/bytes')
  const view = await cannon(viewPath, fed)
  if (process.env.BENCH_PROFILE) {
    const { profile } = await session.post('Profiler.stop')
    writeFileSync(process.env.BENCH_PROFILE, JSON.stringify(profile))
  }
  const load = (await import('node:os')).loadavg().map((l) => l.toFixed(2))
  const each = (r: { rate: number; cpuUs: number; sysUs: number }) =>
    `${r.rate.toFixed(0)} req/s (${r.cpuUs.toFixed(1)} µs CPU/req, ${r.sysUs.toFixed(1)} of it in the kernel)`
  console.log(
    `hello ${each(hello)}, hello with the view's ${viewBytes} B ${each(bytes)}, view ${each(view)} -> ` +
      `${((100 * view.rate) / hello.rate).toFixed(0)} % by rate, ${((100 * hello.cpuUs) / view.cpuUs).toFixed(0)} % ` +
      `by CPU; load average ${load.join(' ')}; ${((performance.now() - t0) / 1000).toFixed(0)} s`,
  )
}

await app.close()
await bench.db.$disconnect()
await bench.drop()
