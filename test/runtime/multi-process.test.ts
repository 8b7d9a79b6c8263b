// hexmail on "several machines": two API processes and two worker processes (src/main.ts api / worker), as
// docs/deployment.md runs them, sharing one PostgreSQL (a fresh database), one Redis (a private redis-server no
// other test uses) and one real SMTP server. What an operator would check: a burst of submissions for the same
// step, spread over both APIs, is taken once; the game plays on whichever API a request lands on; both workers'
// deadline clocks apply a missed deadline once; and every email arrives exactly once, none after.
import { spawn, type ChildProcess } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { waitUntil } from '../../src/runtime/os.js'
import { createTestDb, type TestDb } from '../support/db.js'
import { startTestRedis, type TestRedis } from '../support/redis.js'
import { startTestSmtp, waitFor, type Received, type TestSmtp } from '../support/smtp.js'

const repo = resolve(import.meta.dirname, '../..')

interface Child {
  name: string
  proc: ChildProcess
  out: () => string
  exit: Promise<{ code: number | null; signal: NodeJS.Signals | null }>
}

let testDb: TestDb
let redis: TestRedis
let smtp: TestSmtp
let dataDir: string
const children: Child[] = []
const apis: string[] = []

function startMain(name: string, mode: 'api' | 'worker'): Child {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: 'test',
    DATABASE_URL: testDb.url,
    REDIS_URL: redis.url,
    SMTP_URL: smtp.url,
    JWT_SECRET: 'multi-process-test-secret-0123456789abcdef',
    DATA_DIR: dataDir,
    PORT: '0',
    INBOUND_SMTP_PORT: 'off',
    // Both workers' clocks tick often, so they do race for the same deadline.
    DEADLINE_TICK_MS: '200',
    RELAY_INTERVAL_MS: '100',
    AUTH_RATE_LIMIT: '10',
  }
  // Each child leads its own process group (detached), so afterAll can stop it with everything it spawned.
  const proc = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts', mode], {
    cwd: repo,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  })
  let out = ''
  proc.stdout!.on('data', (d: Buffer) => (out += d.toString()))
  proc.stderr!.on('data', (d: Buffer) => (out += d.toString()))
  const exit = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((r) =>
    proc.once('exit', (code, signal) => r({ code, signal })),
  )
  const child = { name, proc, out: () => out, exit }
  children.push(child)
  return child
}

function groupAlive(pid: number): boolean {
  try {
    process.kill(-pid, 0)
    return true
  } catch {
    return false
  }
}

async function stopGroup(c: Child, signal: NodeJS.Signals): Promise<void> {
  if (!c.proc.pid || !groupAlive(c.proc.pid)) return
  try {
    process.kill(-c.proc.pid, signal)
  } catch {
    // gone meanwhile
  }
}

type Json = Record<string, any> // eslint-disable-line @typescript-eslint/no-explicit-any

async function call(
  base: string,
  method: string,
  path: string,
  body?: unknown,
  token?: string,
  headers: Record<string, string> = {},
): Promise<{ status: number; body: Json }> {
  const res = await fetch(`${base}${path}`, {
    method,
    headers: {
      ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...headers,
    },
    body: body !== undefined ? JSON.stringify(body) : undefined,
  })
  return { status: res.status, body: (await res.json()) as Json }
}

/** The identity of an email: to whom, what, about which game and at which log position. */
function mailKey(m: Received): string {
  const h = (name: string) => String(m.parsed.headers.get(name) ?? '')
  return [m.to.join(','), h('x-hexmail-kind'), h('x-hexmail-game'), h('x-hexmail-position')].join(' ')
}

beforeAll(async () => {
  ;[testDb, redis, smtp] = await Promise.all([createTestDb(), startTestRedis(), startTestSmtp()])
  dataDir = mkdtempSync(join(tmpdir(), 'hexmail-multi-'))
  const started = [
    startMain('api-1', 'api'),
    startMain('api-2', 'api'),
    startMain('worker-1', 'worker'),
    startMain('worker-2', 'worker'),
  ]
  const ready = (c: Child) => /hexmail is running at|worker mode:/.test(c.out()) || c.proc.exitCode !== null
  const up = await waitUntil(() => started.every(ready), 90_000, 100)
  for (const c of started) {
    expect(up && c.proc.exitCode === null, `${c.name} did not start:\n${c.out()}`).toBe(true)
    const m = /hexmail is running at (\S+)/.exec(c.out())
    if (m) apis.push(m[1]!)
  }
  expect(apis).toHaveLength(2)
})

afterAll(async () => {
  for (const c of children) await stopGroup(c, 'SIGTERM')
  await waitUntil(() => children.every((c) => !c.proc.pid || !groupAlive(c.proc.pid)), 15_000, 100)
  for (const c of children) await stopGroup(c, 'SIGKILL')
  await Promise.all([testDb?.drop(), redis?.close(), smtp?.close()])
  rmSync(dataDir, { recursive: true, force: true })
})

describe('two API processes and two workers on one database, one Redis and one mail server', () => {
  /** The your-phase emails the game owes: recipient, game and log position. */
  const expected = new Set<string>()
  const users: Record<string, { token: string; email: string; seat: string }> = {}
  let gameId = ''
  let acting = ''
  let seq = 0

  const owner = (seat: string) => Object.values(users).find((u) => u.seat === seat)!
  const expectPhaseMail = (pending: Array<{ seats: string[] }>, at: number) => {
    for (const s of pending.flatMap((p) => p.seats)) expected.add(`${owner(s).email} your-phase ${gameId} ${at}`)
  }
  const logCount = async () =>
    Number((await testDb.sql(`SELECT count(*) FROM "LogEntry" WHERE "gameId" = $1::uuid`, [gameId])).rows[0].count)

  it('registers two players and starts a game, each request on another API process', async () => {
    const tag = randomBytes(4).toString('hex')
    for (const [i, [name, seat]] of [
      ['ann', 'FED'],
      ['ben', 'ZEON'],
    ].entries()) {
      const email = `${name}.${tag}@example.org`
      const r = await call(apis[i % 2]!, 'POST', '/auth/register', { email, name, password: 'correct horse battery' })
      expect(r.status, JSON.stringify(r.body)).toBe(201)
      users[name!] = { token: r.body.accessToken, email, seat: seat! }
    }
    const game = await call(
      apis[0]!,
      'POST',
      '/games',
      { ruleset: 'abaoaqu', scenario: 'A-S4', seat: 'FED', options: { deployment: 'auto' } },
      users.ann!.token,
    )
    expect(game.status, JSON.stringify(game.body)).toBe(201)
    gameId = game.body.id
    // The token signed by one API is taken by the other: the secret is shared, nothing is per process.
    const joined = await call(apis[1]!, 'POST', `/games/${gameId}/join`, {}, users.ben!.token)
    expect(joined.status, JSON.stringify(joined.body)).toBe(200)
    expect(joined.body.game.status).toBe('ACTIVE')
    seq = joined.body.game.logSeq
    acting = joined.body.game.pending[0].seats[0]
    expectPhaseMail(joined.body.game.pending, seq)
  })

  it('50 concurrent submissions for one step over both APIs: one taken, 49 refused, the log grows once', async () => {
    const player = owner(acting)
    const before = await logCount()
    expect(before).toBe(seq)
    const answers = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        call(
          apis[i % 2]!,
          'POST',
          `/games/${gameId}/orders`,
          { orders: [] },
          player.token,
          // Some with their own Idempotency-Key, some with none, some stating the position they saw (If-Match).
          {
            ...(i % 3 === 0 ? {} : { 'idempotency-key': `race-${i}` }),
            ...(i % 4 === 1 ? { 'if-match': `"${seq}"` } : {}),
          },
        ),
      ),
    )
    const ok = answers.filter((a) => a.status === 200)
    expect(ok, JSON.stringify(answers.map((a) => a.status))).toHaveLength(1)
    const refused = answers.filter((a) => a.status !== 200)
    // A loser either lost the race (409: the game moved on) or arrived once the step was over, when its seat
    // has nothing to decide (422 with the server's rule STEP): docs/rule-systems.md.
    for (const r of refused) {
      if (r.status === 409) continue
      expect(r.status, JSON.stringify(r.body)).toBe(422)
      expect(JSON.stringify(r.body.errors), JSON.stringify(r.body)).toContain('"rule":"STEP"')
    }
    expect(refused).toHaveLength(49)
    const won = ok[0]!.body
    expect(won.accepted).toBe(true)
    expect(won.seat).toBe(acting)
    // Exactly the winner's entries: its ORDERS (and the RESOLUTION it completed), nothing from the 49 others.
    expect(await logCount()).toBe(won.seq)
    const orders = await testDb.sql(
      `SELECT count(*)::int AS n FROM "LogEntry" WHERE "gameId" = $1::uuid AND kind = 'ORDERS' AND seq > $2`,
      [gameId, before],
    )
    expect(orders.rows[0].n).toBe(1)
    const log = await call(apis[1]!, 'GET', `/games/${gameId}/log`, undefined, player.token)
    expect(log.status).toBe(200)
    expect(JSON.stringify(log.body)).toContain(`"seq":${won.seq}`)
    seq = won.seq
    if (won.resolved && !won.outcome) expectPhaseMail(won.pending, seq)
    acting = won.pending[0].seats[0]
  })

  it('the game plays on, each step on the other API process', async () => {
    for (let step = 0; step < 4; step++) {
      const [here, there] = [apis[step % 2]!, apis[(step + 1) % 2]!]
      const player = owner(acting)
      // The other process has just read the game, so it keeps the game's row (meta-cache.ts) as it was.
      expect((await call(there, 'GET', `/games/${gameId}/view`, undefined, player.token)).body.seq).toBe(seq)
      const r = await call(here, 'POST', `/games/${gameId}/orders`, { orders: [] }, player.token, {
        'if-match': `"${seq}"`,
      })
      expect(r.status, JSON.stringify(r.body)).toBe(200)
      expect(await logCount()).toBe(r.body.seq)
      seq = r.body.seq
      if (r.body.resolved && !r.body.outcome) expectPhaseMail(r.body.pending, seq)
      acting = r.body.pending[0].seats[0]
      // At once, on the other process: GET /games/:id reads the row, and a view of the new position (the link a
      // client follows) is served, not refused as a position that does not exist yet.
      const seen = await call(there, 'GET', `/games/${gameId}`, undefined, player.token)
      expect(seen.body.logSeq).toBe(seq)
      const view = await call(there, 'GET', `/games/${gameId}/view?at=${seq}`, undefined, player.token)
      expect(view.status, JSON.stringify(view.body)).toBe(200)
      expect(view.body.seq).toBe(seq)
    }
  })

  it('a missed deadline, seen by both workers at once, is applied once', async () => {
    // The phase email of the current step must be out first: a deadline waits for it (docs/notifications.md).
    await waitFor(
      'the current phase email',
      () => smtp.received.some((m) => mailKey(m) === `${owner(acting).email} your-phase ${gameId} ${seq}`),
      30_000,
    )
    const late = acting
    await testDb.sql(`UPDATE "Game" SET "deadlineAt" = now() - interval '1 minute' WHERE id = $1::uuid`, [gameId])
    const missed = async () =>
      (
        await testDb.sql(
          `SELECT seq FROM "LogEntry" WHERE "gameId" = $1::uuid AND kind = 'TIMEOUT' AND payload->>'event' = 'missed'`,
          [gameId],
        )
      ).rows
    await waitFor('the missed deadline', async () => (await missed()).length > 0, 20_000)
    // Both clocks tick every 200 ms: give them many more ticks to apply it a second time if they could.
    const head = await call(apis[0]!, 'GET', `/games/${gameId}`, undefined, owner(late).token)
    await new Promise((r) => setTimeout(r, 2000))
    expect(await missed()).toHaveLength(1)
    const timeoutSeq = (await missed())[0]!.seq as number
    const now = await call(apis[1]!, 'GET', `/games/${gameId}`, undefined, owner(late).token)
    expect(now.body.logSeq).toBe(head.body.logSeq)
    expect(await logCount()).toBe(now.body.logSeq)
    for (const u of Object.values(users)) expected.add(`${u.email} deadline ${gameId} ${timeoutSeq}`)
    seq = now.body.logSeq
    expectPhaseMail(now.body.pending, seq)
    acting = now.body.pending[0].seats[0]
    expect(acting).not.toBe(late)
  })

  it('every email arrives exactly once with both workers running, and none after', async () => {
    const owed = [...expected]
    await waitFor(
      'every phase and deadline email',
      () => owed.every((k) => smtp.received.some((m) => mailKey(m) === k)),
      30_000,
      100,
    )
    // A grace period: a second relay, fan-out or send would show up here.
    await new Promise((r) => setTimeout(r, 3000))
    const keys = smtp.received.map(mailKey)
    const counts = new Map<string, number>()
    for (const k of keys) counts.set(k, (counts.get(k) ?? 0) + 1)
    expect([...counts].filter(([, n]) => n > 1)).toEqual([])
    expect(new Set(smtp.received.map((m) => m.parsed.messageId)).size).toBe(smtp.received.length)
    // The game's emails are exactly those owed; besides them only the two address checks were sent.
    const ofGame = keys.filter((k) => k.includes(gameId)).sort()
    expect(ofGame).toEqual(owed.sort())
    const others = keys.filter((k) => !k.includes(gameId)).sort()
    expect(others).toEqual(
      Object.values(users)
        .map((u) => `${u.email} verify-email  `)
        .sort(),
    )
    const rows = await testDb.sql(`SELECT status, count(*)::int AS n FROM "Notification" GROUP BY status`)
    expect(rows.rows).toEqual([{ status: 'sent', n: smtp.received.length }])
  })

  it('the sign-in rate limit is one budget per address across both API processes (counted in Redis)', async () => {
    // AUTH_RATE_LIMIT is 10 a minute, and the two registrations above spent 2 of it. Counted per process, 20
    // attempts alternating between the two would get up to 18 answers; counted in Redis, 8 at most.
    const statuses: number[] = []
    for (let i = 0; i < 20; i++) {
      const r = await call(apis[i % 2]!, 'POST', '/auth/login', { email: users.ann!.email, password: 'wrong one' })
      statuses.push(r.status)
    }
    const answered = statuses.filter((s) => s !== 429)
    expect(answered.length, JSON.stringify(statuses)).toBeLessThanOrEqual(10)
    expect(
      answered.every((s) => s === 401),
      JSON.stringify(statuses),
    ).toBe(true)
    expect(statuses.filter((s) => s === 429).length).toBeGreaterThanOrEqual(10)
  })

  it('every process stops on SIGTERM with exit 0 and leaves nothing running', async () => {
    for (const c of children) await stopGroup(c, 'SIGTERM')
    const exits = await Promise.all(children.map((c) => c.exit))
    for (const [i, e] of exits.entries()) expect(e, children[i]!.out()).toEqual({ code: 0, signal: null })
    expect(
      await waitUntil(() => children.every((c) => !groupAlive(c.proc.pid!)), 10_000, 100),
      'a process of a stopped group is still running',
    ).toBe(true)
  })
})
