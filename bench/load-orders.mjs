// Load generator for bench/api.ts, in its own process so it does not share the server's CPU time.
// Input (argv[2]): a JSON file {addresses, seconds, connections, games: [{id, tokens: {SEAT: token}, next}],
// reserve, affinity}: with affinity (the default) connection i goes to addresses[i % n], so each game is
// played on one process; without, each connection holds a socket to every address and sends each request
// to the next one, as a load balancer without game affinity would; `games` are played at once; when one
// ends, the next of `reserve` (started games too) takes its place.
// Output: one JSON line {accepted, failures, seconds, latencies, cpuMs, finished, reserveLeft}.
// Each connection is one keep-alive TCP socket speaking plain HTTP/1.1, one request at a time: a client
// as light as can be, since on a 2-core machine every cycle it spends is one the server and PostgreSQL lack.
import { Buffer } from 'node:buffer'
import { readFileSync } from 'node:fs'
import net from 'node:net'
import { performance } from 'node:perf_hooks'
import { URL } from 'node:url'

const {
  addresses,
  seconds,
  connections,
  games,
  reserve = [],
  affinity = true,
} = JSON.parse(readFileSync(process.argv[2], 'utf8'))
const latencies = []
let accepted = 0
let failures = 0
let finished = 0
const deadline = performance.now() + seconds * 1000
const BODY = '{"orders":[]}'

/** A keep-alive connection: `send(path, token)` resolves with {status, body} of the one answer. */
function connection(address) {
  const url = new URL(address)
  const socket = net.connect({ host: url.hostname, port: Number(url.port), noDelay: true })
  let buffer = Buffer.alloc(0)
  let waiting = null
  socket.on('data', (chunk) => {
    buffer = buffer.length ? Buffer.concat([buffer, chunk]) : chunk
    const end = buffer.indexOf('\r\n\r\n')
    if (end < 0 || !waiting) return
    const head = buffer.toString('latin1', 0, end)
    const length = Number(/\r\ncontent-length: *(\d+)/i.exec(head)?.[1] ?? 0)
    if (buffer.length < end + 4 + length) return
    const status = Number(head.slice(9, 12))
    const body = buffer.toString('utf8', end + 4, end + 4 + length)
    buffer = buffer.subarray(end + 4 + length)
    const w = waiting
    waiting = null
    w.resolve({ status, body })
  })
  socket.on('error', (e) => waiting?.reject(e))
  const ready = new Promise((resolve) => socket.once('connect', resolve))
  return {
    async send(path, token) {
      await ready
      return new Promise((resolve, reject) => {
        waiting = { resolve, reject }
        socket.write(
          `POST ${path} HTTP/1.1\r\nHost: ${url.host}\r\nAuthorization: Bearer ${token}\r\n` +
            `Content-Type: application/json\r\nContent-Length: ${BODY.length}\r\n\r\n${BODY}`,
        )
      })
    },
    close: () => socket.destroy(),
  }
}

async function worker(w) {
  const mine = games.filter((_, i) => i % connections === w)
  const sockets = affinity ? [connection(addresses[w % addresses.length])] : addresses.map(connection)
  let k = 0
  while (performance.now() < deadline && mine.length) {
    const g = mine[k++ % mine.length]
    // Without affinity a game's orders go to the processes in turn.
    const c = sockets[(g.sent = (g.sent ?? w) + 1) % sockets.length]
    const t0 = performance.now()
    const res = await c.send(`/games/${g.id}/orders`, g.tokens[g.next])
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
  for (const c of sockets) c.close()
}

const cpu0 = process.cpuUsage()
const started = performance.now()
await Promise.all(Array.from({ length: connections }, (_, w) => worker(w)))
const cpu = process.cpuUsage(cpu0)
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
