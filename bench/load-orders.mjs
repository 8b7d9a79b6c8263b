// Load generator for bench/api.ts, in its own process so it does not share the server's CPU time.
// Input (argv[2]): a JSON file {address, seconds, connections, games: [{id, tokens: {SEAT: token}, next}]}.
// Output: one JSON line {accepted, failures, seconds, latencies}.
import { readFileSync } from 'node:fs'
import { performance } from 'node:perf_hooks'

const { address, seconds, connections, games } = JSON.parse(readFileSync(process.argv[2], 'utf8'))
const latencies = []
let accepted = 0
let failures = 0
const deadline = performance.now() + seconds * 1000

async function worker(w) {
  const mine = games.filter((_, i) => i % connections === w)
  let k = 0
  while (performance.now() < deadline && mine.length) {
    const g = mine[k++ % mine.length]
    const t0 = performance.now()
    const res = await fetch(`${address}/games/${g.id}/orders`, {
      method: 'POST',
      headers: { authorization: `Bearer ${g.tokens[g.next]}`, 'content-type': 'application/json' },
      body: '{"orders":[]}',
    })
    const body = await res.json()
    latencies.push(performance.now() - t0)
    if (res.status !== 200) {
      failures++
      continue
    }
    accepted++
    if (body.outcome || !body.pending.length) mine.splice(mine.indexOf(g), 1)
    else g.next = body.pending[0].seats[0]
  }
}

const started = performance.now()
await Promise.all(Array.from({ length: connections }, (_, w) => worker(w)))
console.log(JSON.stringify({ accepted, failures, seconds: (performance.now() - started) / 1000, latencies }))
