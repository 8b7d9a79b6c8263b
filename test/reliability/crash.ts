// The crash harness (issue 9, section 6): the server runs as a child process, the way `npm start`
// runs it; clients submit orders across many games with Idempotency-Keys and If-Match, retrying
// through outages; the server is SIGKILLed at random moments and started again. Afterwards every
// acknowledged order must be in the log exactly once, every chain must verify, every game must load.
// `test/reliability/crash.test.ts` runs a short version; `npm run reliability:crash` the long one.
import { rng } from '../../src/rulesets/abaoaqu/engine/random-orders.js'
import { spawn, type ChildProcess } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { resolve } from 'node:path'
import { freePort, waitUntil } from '../../src/runtime/os.js'
import { createTestDb } from '../support/db.js'
import { startTestRedis } from '../support/redis.js'

const repo = resolve(import.meta.dirname, '../..')

export interface CrashOptions {
  /** Acknowledged orders to reach. */
  orders: number
  /** SIGKILLs to deliver while they are submitted. */
  kills: number
  games: number
  /** Clients submitting at once. */
  clients: number
  /** A bound on the whole run. */
  timeoutMs: number
  /** A deterministic source of randomness for the kill moments and order choices. */
  seed: number
  log?: (line: string) => void
}

export interface CrashReport {
  acknowledged: number
  kills: number
  starts: number
  retriesAfterOutage: number
  replayedAnswers: number
  games: number
  /** Everything that did not hold; empty when the run passed. */
  problems: string[]
  seconds: number
}

interface Ack {
  gameId: string
  seat: string
  seq: number
  receipt: string
  key: string
}

/** The server as a child process that can be killed and started again on the same port. */
class Server {
  proc: ChildProcess | null = null
  starts = 0
  out = ''
  constructor(
    readonly env: NodeJS.ProcessEnv,
    readonly base: string,
  ) {}

  async start(): Promise<void> {
    this.starts++
    const proc = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
      cwd: repo,
      env: this.env,
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    this.proc = proc
    let out = ''
    proc.stdout!.on('data', (d: Buffer) => (out += d.toString()))
    proc.stderr!.on('data', (d: Buffer) => (out += d.toString()))
    const up = await waitUntil(
      async () =>
        proc.exitCode !== null ||
        (await fetch(`${this.base}/readyz`).then(
          (r) => r.ok,
          () => false,
        )),
      90_000,
      50,
    )
    this.out = out
    if (!up || proc.exitCode !== null) throw new Error(`the server did not start:\n${out.slice(-2000)}`)
  }

  kill(): Promise<void> {
    const proc = this.proc
    this.proc = null
    if (!proc || proc.exitCode !== null) return Promise.resolve()
    return new Promise((r) => {
      proc.once('exit', () => r())
      proc.kill('SIGKILL')
    })
  }
}

export async function runCrash(o: CrashOptions): Promise<CrashReport> {
  const log = o.log ?? (() => undefined)
  const t0 = Date.now()
  const random = rng(o.seed)
  // A database of its own, copied from the migrated template as every test file's is.
  const testDb = await createTestDb()
  await testDb.db.$disconnect()
  const dbName = testDb.name
  const dbUrl = new URL(testDb.url)
  const redis = await startTestRedis()
  const port = await freePort(0)
  const base = `http://127.0.0.1:${port}`
  const server = new Server(
    {
      ...process.env,
      NODE_ENV: 'test',
      DATABASE_URL: dbUrl.toString(),
      REDIS_URL: redis.url,
      PORT: String(port),
      INBOUND_SMTP_PORT: 'off',
      JWT_SECRET: randomBytes(32).toString('hex'),
      AUTH_RATE_LIMIT: '100000',
      DATA_DIR: `/tmp/${dbName}`,
      LOG_LEVEL: 'silent',
    },
    base,
  )
  const problems: string[] = []
  let retriesAfterOutage = 0
  let replayedAnswers = 0
  let kills = 0
  const acks = new Map<string, Ack>()
  const deadline = t0 + o.timeoutMs

  /** One request, retried with the same body and headers through outages until the server answers. */
  const call = async (
    method: string,
    path: string,
    token: string | null,
    body?: unknown,
    headers: Record<string, string> = {},
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
  ): Promise<{ status: number; json: any }> => {
    for (;;) {
      if (Date.now() > deadline) throw new Error(`timed out during ${method} ${path}`)
      try {
        const res = await fetch(`${base}${path}`, {
          method,
          signal: AbortSignal.timeout(15_000),
          headers: {
            ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
            ...(token ? { authorization: `Bearer ${token}` } : {}),
            ...headers,
          },
          body: body !== undefined ? JSON.stringify(body) : undefined,
        })
        const text = await res.text()
        if (res.status >= 500 && res.status !== 503)
          problems.push(`${method} ${path}: ${res.status} ${text.slice(0, 300)}`)
        if (res.status === 503) throw new Error('starting')
        return { status: res.status, json: text ? JSON.parse(text) : null }
      } catch {
        // Refused, reset or timed out: the server is down or going down. Same request again.
        retriesAfterOutage++
        await new Promise((r) => setTimeout(r, 100))
      }
    }
  }

  try {
    await server.start()
    // Players and games.
    const players: Array<{ id: string; token: string }> = []
    for (let i = 0; i < o.games * 2; i++) {
      const r = await call('POST', '/auth/register', null, {
        email: `p${i}.${dbName}@example.org`,
        name: i % 2 ? `プレイヤー${i}` : `Player ${i}`,
        password: 'correct horse battery',
      })
      players.push({ id: r.json.user.id, token: r.json.accessToken })
    }
    const games: Array<{ id: string; seats: Record<string, { id: string; token: string }> }> = []
    for (let g = 0; g < o.games; g++) {
      const fed = players[2 * g]!
      const zeon = players[2 * g + 1]!
      const created = await call('POST', '/games', fed.token, {
        ruleset: 'abaoaqu',
        scenario: 'A-S4',
        seat: 'FED',
        options: { deployment: 'auto' },
      })
      await call('POST', `/games/${created.json.id}/join`, zeon.token, {})
      games.push({ id: created.json.id, seats: { FED: fed, ZEON: zeon } })
    }
    log(`${o.games} games started in ${((Date.now() - t0) / 1000).toFixed(1)} s`)

    // The killer: SIGKILL at a random moment of each life, then start again, until the kills are done.
    let done = false
    const killer = (async () => {
      while (!done && kills < o.kills) {
        await new Promise((r) => setTimeout(r, 150 + Math.floor(random() * 1500)))
        if (done) break
        await server.kill()
        kills++
        await server.start()
      }
    })()

    // The clients: each takes a game, reads who must act, and submits for them.
    let next = 0
    const client = async () => {
      while (acks.size < o.orders && Date.now() < deadline) {
        const game = games[next++ % games.length]!
        const summary = await call('GET', `/games/${game.id}`, null)
        if (summary.status !== 200 || summary.json.status !== 'ACTIVE') continue
        const seat = summary.json.pending?.[0]?.seats?.[0] as string | undefined
        if (!seat) continue
        const player = game.seats[seat]!
        let body: unknown = { text: 'pass' }
        if (random() < 0.3) {
          const options = await call('GET', `/games/${game.id}/options`, player.token)
          const unit = options.json?.options?.units?.find((u: { moves: unknown[] }) => u.moves.length > 0)
          if (unit)
            body = {
              orders: [{ kind: 'move', units: [unit.id], to: unit.moves[Math.floor(random() * unit.moves.length)] }],
            }
        }
        const key = `crash-${randomBytes(8).toString('hex')}`
        const res = await call('POST', `/games/${game.id}/orders`, player.token, body, {
          'idempotency-key': key,
          'if-match': `"${summary.json.logSeq}"`,
        })
        if (res.status === 200) {
          if (res.json.replayed) replayedAnswers++
          const prior = acks.get(key)
          if (prior && prior.seq !== res.json.seq)
            problems.push(`key ${key} answered seq ${prior.seq}, then ${res.json.seq}`)
          acks.set(key, { gameId: game.id, seat, seq: res.json.seq, receipt: res.json.receipt, key })
        } else if (res.status !== 409 && res.status !== 422) {
          problems.push(`orders for ${game.id} ${seat}: ${res.status} ${JSON.stringify(res.json).slice(0, 300)}`)
        }
        // Games that end are replaced, so the run always has work.
        if (res.status === 200 && res.json.outcome) {
          const fed = game.seats.FED!
          const zeon = game.seats.ZEON!
          const created = await call('POST', '/games', fed.token, {
            ruleset: 'abaoaqu',
            scenario: 'A-S4',
            seat: 'FED',
            options: { deployment: 'auto' },
          })
          await call('POST', `/games/${created.json.id}/join`, zeon.token, {})
          games.push({ id: created.json.id, seats: { FED: fed, ZEON: zeon } })
        }
      }
    }
    await Promise.all(Array.from({ length: o.clients }, client))
    done = true
    await killer
    log(`${acks.size} orders acknowledged, ${kills} kills, in ${((Date.now() - t0) / 1000).toFixed(1)} s`)
    if (acks.size < o.orders)
      problems.push(`only ${acks.size} of ${o.orders} orders were acknowledged before the time limit`)
    if (kills < o.kills) problems.push(`only ${kills} of ${o.kills} kills happened`)

    // The check, on a freshly started server after a last kill.
    await server.kill()
    await server.start()
    const byGame = new Map<string, Ack[]>()
    for (const a of acks.values()) byGame.set(a.gameId, [...(byGame.get(a.gameId) ?? []), a])
    for (const game of games) {
      const mine = byGame.get(game.id) ?? []
      const verify = await call('GET', `/games/${game.id}/verify`, null)
      if (!verify.json?.ok)
        problems.push(`game ${game.id} does not verify: ${JSON.stringify(verify.json).slice(0, 600)}`)
      const view = await call('GET', `/games/${game.id}/view`, game.seats.FED!.token)
      if (view.status !== 200) problems.push(`game ${game.id} does not load: ${view.status}`)
      const entries: Array<{ seq: number; kind: string; userId: string | null; hash: string }> = []
      for (let after = 0; ;) {
        const page = await call('GET', `/games/${game.id}/log?after=${after}&limit=500`, game.seats.FED!.token)
        entries.push(...page.json.entries)
        if (page.json.next === null) break
        after = page.json.next
      }
      // Every acknowledged order: its receipt is part of the log (the entry is there, as answered).
      // The server checks the newest; the others are checked against the log as a client would.
      const newest = mine.reduce<Ack | null>((a, b) => (a && a.seq > b.seq ? a : b), null)
      if (newest) {
        const r = await call('GET', `/games/${game.id}/verify?receipt=${newest.receipt}`, null)
        if (!r.json?.receipt?.ok)
          problems.push(
            `acknowledged order ${newest.key} (${newest.receipt}) is not in the log: ${r.json?.receipt?.problem}`,
          )
      }
      for (const a of mine) {
        const [seq, prefix] = a.receipt.split(':')
        if (!entries[Number(seq) - 1]?.hash.startsWith(prefix!))
          problems.push(`acknowledged order ${a.key} (${a.receipt}) is not in the log`)
      }
      // Exactly once: the players' ORDERS entries are the acknowledged ones, no more.
      const submitted = entries.filter((e) => e.kind === 'ORDERS' && e.userId !== null).length
      if (submitted !== mine.length)
        problems.push(`game ${game.id}: ${submitted} orders in the log, ${mine.length} acknowledged`)
    }
    return {
      acknowledged: acks.size,
      kills,
      starts: server.starts,
      retriesAfterOutage,
      replayedAnswers,
      games: games.length,
      problems,
      seconds: (Date.now() - t0) / 1000,
    }
  } finally {
    await server.kill()
    await redis.close()
    await testDb.drop()
  }
}
