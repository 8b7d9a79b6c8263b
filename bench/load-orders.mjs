// Load generator for bench/api.ts, in its own process so it does not share the server's CPU time.
// Input (argv[2]): a JSON file {address, seconds, connections, games: [{id, tokens: {SEAT: token}, next}], reserve}:
// `games` are played at once; when one ends, the next of `reserve` (started games too) takes its place.
// Output: one JSON line {accepted, failures, seconds, latencies, cpuMs, finished, reserveLeft}.
// node:http with a keep-alive agent (one socket per connection): lighter on the shared CPU than fetch.
import { Buffer } from 'node:buffer'
import { readFileSync } from 'node:fs'
import http from 'node:http'
import { performance } from 'node:perf_hooks'
import { URL } from 'node:url'

const { address, seconds, connections, games, reserve = [] } = JSON.parse(readFileSync(process.argv[2], 'utf8'))
let finished = 0
const url = new URL(address)
const agent = new http.Agent({ keepAlive: true, maxSockets: connections })
const latencies = []
let accepted = 0
let failures = 0
const deadline = performance.now() + seconds * 1000

function post(path, token, body) {
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        agent,
        host: url.hostname,
        port: url.port,
        method: 'POST',
        path,
        headers: {
          authorization: `Bearer ${token}`,
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(body),
        },
      },
      (res) => {
        const chunks = []
        res.on('data', (c) => chunks.push(c))
        res.on('end', () => resolve({ status: res.statusCode, body: Buffer.concat(chunks).toString('utf8') }))
        res.on('error', reject)
      },
    )
    req.on('error', reject)
    req.end(body)
  })
}

async function worker(w) {
  const mine = games.filter((_, i) => i % connections === w)
  let k = 0
  while (performance.now() < deadline && mine.length) {
    const g = mine[k++ % mine.length]
    const t0 = performance.now()
    const res = await post(`/games/${g.id}/orders`, g.tokens[g.next], '{"orders":[]}')
    latencies.push(performance.now() - t0)
    if (res.status !== 200) {
      failures++
      continue
    }
    const body = JSON.parse(res.body)
    accepted++
    if (body.outcome || !body.pending.length) {
      finished++
      const next = reserve.shift()
      if (next) mine[mine.indexOf(g)] = next
      else mine.splice(mine.indexOf(g), 1)
    } else g.next = body.pending[0].seats[0]
  }
}

const cpu0 = process.cpuUsage()
const started = performance.now()
await Promise.all(Array.from({ length: connections }, (_, w) => worker(w)))
const cpu = process.cpuUsage(cpu0)
agent.destroy()
console.log(
  JSON.stringify({
    accepted,
    failures,
    seconds: (performance.now() - started) / 1000,
    latencies,
    cpuMs: (cpu.user + cpu.system) / 1000,
    finished,
    reserveLeft: reserve.length,
  }),
)
