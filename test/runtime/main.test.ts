// src/main.ts as a child process, the way `npm start` runs it, against a fresh database on the machine's
// PostgreSQL (DATABASE_URL): banner, /healthz and /readyz, Ctrl-C (SIGINT) → exit 0; and the start-up
// failures a newcomer meets (port in use, no redis-server) give one clear message and exit 1.
import { spawn, type ChildProcess } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { chmodSync, mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { createServer, type Server } from 'node:net'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { isPortFree, isRunning, waitUntil } from '../../src/runtime/os.js'

const repo = resolve(import.meta.dirname, '../..')
const ADMIN_URL = process.env.TEST_DATABASE_URL ?? 'postgresql://postgres@127.0.0.1:5432/postgres'
const dbName = `hexmail_main_${randomBytes(6).toString('hex')}`
let databaseUrl: string
let dataDir: string
const children: ChildProcess[] = []
const strayPids: number[] = []

async function admin(sql: string): Promise<void> {
  const c = new pg.Client({ connectionString: ADMIN_URL })
  await c.connect()
  try {
    await c.query(sql)
  } finally {
    await c.end()
  }
}

interface Run {
  proc: ChildProcess
  out: () => string
  exit: Promise<{ code: number | null; signal: NodeJS.Signals | null }>
}

function runMain(env: Record<string, string | undefined>): Run {
  const childEnv: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    DATABASE_URL: databaseUrl,
    PORT: '0',
    ...env,
  }
  delete childEnv.REDIS_URL
  for (const [k, v] of Object.entries(env)) if (v === undefined) delete childEnv[k]
  const proc = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: repo,
    env: childEnv,
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  children.push(proc)
  let out = ''
  proc.stdout!.on('data', (d: Buffer) => (out += d.toString()))
  proc.stderr!.on('data', (d: Buffer) => (out += d.toString()))
  const exit = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((r) =>
    proc.once('exit', (code, signal) => r({ code, signal })),
  )
  return { proc, out: () => out, exit }
}

function exitedWithin<T>(p: Promise<T>, ms: number): Promise<T | 'timeout'> {
  return Promise.race([p, new Promise<'timeout'>((r) => setTimeout(() => r('timeout'), ms))])
}

beforeAll(async () => {
  await admin(`CREATE DATABASE "${dbName}"`)
  const url = new URL(ADMIN_URL)
  url.pathname = `/${dbName}`
  databaseUrl = url.toString()
  dataDir = mkdtempSync(join(tmpdir(), 'hexmail-main-'))
})

afterAll(async () => {
  for (const c of children) if (c.exitCode === null && c.signalCode === null) c.kill('SIGKILL')
  for (const pid of strayPids) if (isRunning(pid)) process.kill(pid, 'SIGKILL')
  await admin(`DROP DATABASE IF EXISTS "${dbName}" WITH (FORCE)`)
  rmSync(dataDir, { recursive: true, force: true })
})

describe('npm start (src/main.ts)', () => {
  // One server for the checks made while it runs (a start costs some 10 s of CPU): the banner and health
  // checks, a first phase played by email, the private redis-server killed and back; then SIGINT stops it.
  describe('one server, started once', () => {
    let run: Run
    let base = ''
    let redisPort = 0
    const json = async (method: string, path: string, body?: unknown, token?: string) => {
      const res = await fetch(`${base}${path}`, {
        method,
        headers: {
          ...(body ? { 'content-type': 'application/json' } : {}),
          ...(token ? { authorization: `Bearer ${token}` } : {}),
        },
        body: body ? JSON.stringify(body) : undefined,
      })
      // eslint-disable-next-line @typescript-eslint/no-explicit-any
      return { status: res.status, body: (await res.json()) as Record<string, any> }
    }

    beforeAll(async () => {
      run = runMain({})
      const up = await waitUntil(
        () => /hexmail is running at/.test(run.out()) || run.proc.exitCode !== null,
        90_000,
        100,
      )
      expect(up, run.out()).toBe(true)
      base = /hexmail is running at (\S+)/.exec(run.out())?.[1] ?? ''
      redisPort = Number(/Redis on 127\.0\.0\.1:(\d+)/.exec(run.out())?.[1])
    })

    it('migrates, serves /healthz and /readyz, and prints the banner', async () => {
      const banner = /hexmail is running at (http:\/\/127\.0\.0\.1:(\d+)) +API docs: (\S+)/.exec(run.out())
      expect(banner, run.out()).not.toBeNull()
      expect(banner![1]).toBe(base)
      expect(banner![3]).toBe(`${base}/docs`)
      expect(run.out()).toContain(`PostgreSQL at ${databaseUrl}`)
      expect(redisPort).toBeGreaterThan(0)

      const health = await fetch(`${base}/healthz`)
      expect(health.status).toBe(200)
      expect(await health.json()).toEqual({ status: 'ok' })
      const ready = await fetch(`${base}/readyz`)
      expect(ready.status).toBe(200)
      expect(await ready.json()).toMatchObject({ status: 'ready' })
    })

    it("a newcomer's first phase: the other player's email, with its map, at /dev/mail; a reply plays on", async () => {
      expect(run.out()).toContain(
        `mail: ${base}/dev/mail (the mail catcher is ON: every email sent, readable from this machine only`,
      )
      const smtpPort = Number(/replies: smtp:\/\/127\.0\.0\.1:(\d+)/.exec(run.out())?.[1])
      expect(smtpPort, run.out()).toBeGreaterThan(0)
      const tag = randomBytes(4).toString('hex')
      const users: Record<string, { token: string; email: string }> = {}
      for (const name of ['ann', 'ben']) {
        const email = `${name}.${tag}@example.org`
        const r = await json('POST', '/auth/register', { email, name, password: 'correct horse battery' })
        expect(r.status).toBe(201)
        users[name] = { token: r.body.accessToken, email }
      }
      const game = await json('POST', '/games', { ruleset: 'abaoaqu', scenario: 'A-S4', seat: 'FED' }, users.ann!.token)
      const joined = await json('POST', `/games/${game.body.id}/join`, {}, users.ben!.token)
      expect(joined.status).toBe(200)
      const acting = joined.body.game.pending[0].seats[0] as string
      const player = acting === 'FED' ? users.ann! : users.ben!

      let list: Array<{ id: string; to: string; subject: string; url: string; raw: string }> = []
      const phaseMail = () => list.find((m) => m.to === player.email && /: your .*turn/.test(m.subject))
      expect(
        await waitUntil(
          async () => {
            list = (await json('GET', '/dev/mail.json')).body.messages
            return phaseMail() !== undefined
          },
          30_000,
          200,
        ),
        JSON.stringify(list),
      ).toBe(true)
      const page = await (await fetch(`${base}${phaseMail()!.url}`)).text()
      const img = /\/dev\/mail\/\d+\/cid\/[^"&]+/.exec(page)
      expect(img, page.slice(0, 500)).not.toBeNull()
      const png = await fetch(`${base}${img![0]}`)
      expect(png.headers.get('content-type')).toBe('image/png')
      expect(
        Buffer.from(await png.arrayBuffer())
          .subarray(1, 4)
          .toString(),
      ).toBe('PNG')

      // Reply by SMTP to the address the email gave, as a mail server would deliver it.
      const raw = await (await fetch(`${base}${phaseMail()!.raw}`)).text()
      const replyTo = /^Reply-To: (\S+)\r?$/m.exec(raw)![1]!.replace(/[<>]/g, '')
      const before = (await json('GET', `/games/${game.body.id}`, undefined, player.token)).body.logSeq as number
      const { default: nodemailer } = await import('nodemailer')
      const transport = nodemailer.createTransport({
        host: '127.0.0.1',
        port: smtpPort,
        secure: false,
        ignoreTLS: true,
      })
      await transport.sendMail({
        from: player.email,
        to: replyTo,
        subject: 'Re: your phase',
        text: 'pass\n\nOn Monday, hexmail wrote:\n> quoted',
      })
      transport.close()
      const after = (await json('GET', `/games/${game.body.id}`, undefined, player.token)).body
      expect(after.logSeq).toBeGreaterThan(before)
      expect(
        await waitUntil(
          async () =>
            (await json('GET', '/dev/mail.json')).body.messages.some(
              (m: { to: string; subject: string }) => m.to === player.email && /^Re:/.test(m.subject),
            ),
          30_000,
          200,
        ),
      ).toBe(true)
    })

    it("the private redis-server killed mid-game comes back by itself; the next phase's email goes out", async () => {
      const tag = randomBytes(4).toString('hex')
      const users: Record<string, { token: string; email: string }> = {}
      for (const name of ['cid', 'dee']) {
        const email = `${name}.${tag}@example.org`
        const r = await json('POST', '/auth/register', { email, name, password: 'correct horse battery' })
        users[name] = { token: r.body.accessToken, email }
      }
      const game = await json('POST', '/games', { ruleset: 'abaoaqu', scenario: 'A-S4', seat: 'FED' }, users.cid!.token)
      const joined = await json('POST', `/games/${game.body.id}/join`, {}, users.dee!.token)
      const who = (seat: string) => (seat === 'FED' ? users.cid! : users.dee!)
      const phaseMailAt = async (email: string, position: number) =>
        waitUntil(
          async () =>
            (await json('GET', `/dev/mail.json?to=${encodeURIComponent(email)}&kind=your-phase&position=${position}`))
              .body.messages.length === 1,
          30_000,
          200,
        )
      const first = who(joined.body.game.pending[0].seats[0])
      expect(await phaseMailAt(first.email, joined.body.game.logSeq)).toBe(true)

      // Kill the private redis-server as an outside cause would (OOM killer, a stray kill).
      const pid = Number(readFileSync(join(dataDir, 'redis', 'hexmail-redis.pid'), 'utf8'))
      process.kill(pid, 'SIGKILL')
      expect(await waitUntil(() => !isRunning(pid), 5000)).toBe(true)
      // Orders are taken meanwhile; the email for the next step waits in the outbox.
      const played = await fetch(`${base}/games/${game.body.id}/orders`, {
        method: 'POST',
        headers: { authorization: `Bearer ${first.token}`, 'content-type': 'text/plain' },
        body: 'pass',
      })
      expect(played.status).toBe(200)
      const next = (await played.json()) as { seq: number; pending: Array<{ seats: string[] }> }
      expect(
        await waitUntil(
          () =>
            /redis-server stopped unexpectedly \(SIGKILL\)/.test(run.out()) &&
            /redis-server is running again/.test(run.out()),
          20_000,
          100,
        ),
        run.out(),
      ).toBe(true)
      expect(Number(readFileSync(join(dataDir, 'redis', 'hexmail-redis.pid'), 'utf8'))).not.toBe(pid)
      expect(await phaseMailAt(who(next.pending[0]!.seats[0]!).email, next.seq), run.out()).toBe(true)
      expect(await waitUntil(async () => (await json('GET', '/readyz')).body.checks.redis === 'ok', 10_000, 200)).toBe(
        true,
      )
    })

    it('exits 0 on SIGINT within 10 s, and leaves its port and its redis-server free', async () => {
      run.proc.kill('SIGINT')
      const result = await exitedWithin(run.exit, 10_000)
      expect(result, run.out()).toEqual({ code: 0, signal: null })
      expect(run.out()).toMatch(/Stopped\./)
      expect(await isPortFree(Number(new URL(base).port))).toBe(true)
      expect(await isPortFree(redisPort)).toBe(true) // the private redis-server went with it
    })
  })

  it('under npm: when the shell npm spawned dies (SIGTERM to npm alone), it shuts down, not orphaned', async () => {
    const childEnv: NodeJS.ProcessEnv = {
      ...process.env,
      NODE_ENV: 'test',
      DATA_DIR: dataDir,
      DATABASE_URL: databaseUrl,
      PORT: '0',
      npm_lifecycle_event: 'start',
    }
    delete childEnv.REDIS_URL
    // sh stays node's parent, as npm's `sh -c` does with the start script; it tells us node's pid for the clean-up.
    const shell = spawn('/bin/sh', ['-c', `"${process.execPath}" --import tsx src/main.ts & echo "NODEPID $!"; wait`], {
      cwd: repo,
      env: childEnv,
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    children.push(shell)
    let out = ''
    shell.stdout!.on('data', (d: Buffer) => (out += d.toString()))
    shell.stderr!.on('data', (d: Buffer) => (out += d.toString()))
    expect(await waitUntil(() => /hexmail is running at/.test(out), 90_000, 100), out).toBe(true)
    strayPids.push(Number(/NODEPID (\d+)/.exec(out)![1]))
    const port = Number(/running at http:\/\/127\.0\.0\.1:(\d+)/.exec(out)![1])
    const redisPort = Number(/Redis on 127\.0\.0\.1:(\d+)/.exec(out)![1])
    shell.kill('SIGKILL')
    const stopped = await waitUntil(async () => (await isPortFree(port)) && (await isPortFree(redisPort)), 10_000, 100)
    expect(stopped, out).toBe(true)
  })

  it.each(['SIGINT', 'SIGTERM'] as const)(
    "under npm in the background: %s sent to npm's process alone stops it",
    async (signal) => {
      const childEnv: NodeJS.ProcessEnv = {
        ...process.env,
        NODE_ENV: 'test',
        DATA_DIR: dataDir,
        DATABASE_URL: databaseUrl,
        PORT: '0',
        INBOUND_SMTP_PORT: 'off',
      }
      delete childEnv.REDIS_URL
      // Its own process group, as under a process manager: the signal reaches npm only, not node.
      const npm = spawn('npm', ['start'], {
        cwd: repo,
        env: childEnv,
        detached: true,
        stdio: ['ignore', 'pipe', 'pipe'],
      })
      children.push(npm)
      let out = ''
      npm.stdout!.on('data', (d: Buffer) => (out += d.toString()))
      npm.stderr!.on('data', (d: Buffer) => (out += d.toString()))
      const exit = new Promise((r) => npm.once('exit', r))
      expect(await waitUntil(() => /hexmail is running at/.test(out) || npm.exitCode !== null, 90_000, 100), out).toBe(
        true,
      )
      const port = Number(/running at http:\/\/127\.0\.0\.1:(\d+)/.exec(out)![1])
      process.kill(npm.pid!, signal)
      expect(await exitedWithin(exit, 20_000), out).not.toBe('timeout')
      expect(out).toMatch(new RegExp(`${signal} received`))
      expect(out).toMatch(/Stopped\./)
      expect(await isPortFree(port)).toBe(true)
    },
  )

  it('with the embedded PostgreSQL, the server runs as hexmail_app, which cannot rewrite the log', async () => {
    const ownData = mkdtempSync(join(tmpdir(), 'hexmail-main-embedded-'))
    chmodSync(ownData, 0o755) // as root, PostgreSQL runs as "postgres", which must enter the folder
    const run = runMain({ DATABASE_URL: undefined, DATA_DIR: ownData })
    try {
      expect(
        await waitUntil(() => /hexmail is running at/.test(run.out()) || run.proc.exitCode !== null, 120_000, 100),
        run.out(),
      ).toBe(true)
      expect(run.proc.exitCode, run.out()).toBeNull()
      expect(run.out()).not.toMatch(/can rewrite game logs/)
      const port = Number(/embedded PostgreSQL on 127\.0\.0\.1:(\d+)/.exec(run.out())?.[1])
      const url = (user: string, file: string) =>
        `postgresql://${user}:${readFileSync(join(ownData, file), 'utf8').trim()}@127.0.0.1:${port}/hexmail`
      const owner = new pg.Client({ connectionString: url('postgres', 'postgres.password') })
      await owner.connect()
      const users = (
        await owner.query(
          `SELECT DISTINCT usename FROM pg_stat_activity WHERE datname = 'hexmail' AND pid <> pg_backend_pid()`,
        )
      ).rows.map((r) => r.usename)
      await owner.end()
      expect(users).toEqual(['hexmail_app'])
      const app = new pg.Client({ connectionString: url('hexmail_app', 'postgres.app-password') })
      await app.connect()
      try {
        await expect(app.query('UPDATE "LogEntry" SET seq = seq')).rejects.toThrow(/permission denied/)
        await expect(app.query('ALTER TABLE "Snapshot" DISABLE TRIGGER ALL')).rejects.toThrow(/must be owner/)
      } finally {
        await app.end()
      }
      run.proc.kill('SIGINT')
      expect(await exitedWithin(run.exit, 20_000), run.out()).toEqual({ code: 0, signal: null })
    } finally {
      if (run.proc.exitCode === null) run.proc.kill('SIGKILL')
      rmSync(ownData, { recursive: true, force: true })
    }
  })

  it('port in use and no redis-server on the PATH: says which variable to set, and exits 1', async () => {
    const busy: Server = createServer()
    await new Promise<void>((r) => busy.listen(0, '127.0.0.1', () => r()))
    const port = (busy.address() as { port: number }).port
    const emptyPath = mkdtempSync(join(tmpdir(), 'hexmail-nopath-'))
    try {
      const run = runMain({ PORT: String(port), PATH: emptyPath })
      const result = await exitedWithin(run.exit, 90_000)
      expect(result, run.out()).toEqual({ code: 1, signal: null })
      expect(run.out()).toMatch(/Email notifications are OFF/)
      expect(run.out()).toMatch(/apt-get install redis-server/)
      expect(run.out()).toMatch(
        new RegExp(`hexmail could not start\\.\\n.*Port ${port} on 127\\.0\\.0\\.1 is already in use.*PORT=`),
      )
    } finally {
      await new Promise((r) => busy.close(r))
      rmSync(emptyPath, { recursive: true, force: true })
    }
  })

  it('an unreachable DATABASE_URL is explained, not a stack trace, and exits 1', async () => {
    const run = runMain({ DATABASE_URL: 'postgresql://postgres:secret@127.0.0.1:1/nowhere' })
    const result = await exitedWithin(run.exit, 30_000)
    expect(result, run.out()).toEqual({ code: 1, signal: null })
    expect(run.out()).toContain(
      'Cannot use the database at DATABASE_URL (postgresql://postgres:***@127.0.0.1:1/nowhere). Nothing answers',
    )
    expect(run.out()).not.toContain('secret')
  })

  it('an unknown mode prints the usage and exits 1', async () => {
    const proc = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts', 'serve'], {
      cwd: repo,
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    children.push(proc)
    let out = ''
    proc.stderr!.on('data', (d: Buffer) => (out += d.toString()))
    const code = await new Promise((r) => proc.once('exit', r))
    expect(code).toBe(1)
    expect(out).toMatch(/Usage: node --import tsx src\/main\.ts \[api\|worker\|all\]/)
  })
})
