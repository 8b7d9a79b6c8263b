// The private redis-server: starts on a free port, answers PING (with its per-run password), stops;
// REDIS_URL wins; no redis-server on the PATH gives null and a message. Real processes, 127.0.0.1 only.
import { spawn, type ChildProcess } from 'node:child_process'
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { createServer, type Server } from 'node:net'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { isRunning, isPortFree, onPath, waitUntil } from '../../src/runtime/os.js'
import { NO_REDIS_MESSAGE, ping, startRedis, type Redis } from '../../src/runtime/redis.js'

const repo = resolve(import.meta.dirname, '../..')
const hasRedis = onPath('redis-server') !== null
let dataDir: string
let running: Redis | null = null
const children: ChildProcess[] = []
const strayPids: number[] = []

beforeAll(() => {
  dataDir = mkdtempSync(join(tmpdir(), 'hexmail-redis-'))
})

afterAll(async () => {
  await running?.stop()
  for (const c of children) if (c.exitCode === null && c.signalCode === null) c.kill('SIGKILL')
  for (const pid of strayPids) if (isRunning(pid)) process.kill(pid, 'SIGKILL')
  rmSync(dataDir, { recursive: true, force: true })
})

describe('Redis', () => {
  it('uses REDIS_URL as given, starting nothing', async () => {
    const r = await startRedis({ redisUrl: 'redis://example.invalid:6379', dataDir })
    expect(r).toMatchObject({ url: 'redis://example.invalid:6379', source: 'env', port: null })
    await r!.stop()
    expect(existsSync(join(dataDir, 'redis'))).toBe(false)
  })

  it('without REDIS_URL and without redis-server on the PATH: null, and a message saying how to get one', async () => {
    const empty = mkdtempSync(join(tmpdir(), 'hexmail-nopath-'))
    try {
      const log: string[] = []
      expect(await startRedis({ redisUrl: null, dataDir, path: empty, log: (m) => log.push(m) })).toBeNull()
      expect(log).toEqual([NO_REDIS_MESSAGE])
      expect(NO_REDIS_MESSAGE).toMatch(/apt-get install redis-server/)
      expect(NO_REDIS_MESSAGE).toMatch(/brew install redis/)
      expect(NO_REDIS_MESSAGE).toMatch(/REDIS_URL/)
      expect(NO_REDIS_MESSAGE).toMatch(/notifications are OFF/)
    } finally {
      rmSync(empty, { recursive: true, force: true })
    }
  })

  it.skipIf(!hasRedis)(
    'starts a private redis-server on a free port (the preferred one is busy), answers PING, stops',
    async () => {
      const busy: Server = createServer()
      await new Promise<void>((r) => busy.listen(0, '127.0.0.1', () => r()))
      const busyPort = (busy.address() as { port: number }).port
      try {
        running = await startRedis({ redisUrl: null, dataDir, preferredPort: busyPort, log: () => undefined })
      } finally {
        await new Promise((r) => busy.close(r))
      }
      expect(running).not.toBeNull()
      const r = running!
      expect(r.source).toBe('private')
      expect(r.port).not.toBe(busyPort)
      const url = new URL(r.url)
      expect(url.hostname).toBe('127.0.0.1')
      expect(Number(url.port)).toBe(r.port)
      expect(await ping(r.port!, decodeURIComponent(url.password))).toBe(true)
      expect(await ping(r.port!, null)).toBe(false) // NOAUTH: a password is required
      expect(existsSync(join(dataDir, 'redis', 'appendonlydir'))).toBe(true)
      const pid = Number(readFileSync(join(dataDir, 'redis', 'hexmail-redis.pid'), 'utf8'))
      await r.stop()
      await r.stop()
      running = null
      expect(isRunning(pid)).toBe(false)
      expect(await isPortFree(r.port!)).toBe(true)
      expect(existsSync(join(dataDir, 'redis', 'hexmail-redis.pid'))).toBe(false)
    },
  )

  it.skipIf(!hasRedis)('stops a redis-server left running by a killed hexmail before starting its own', async () => {
    const script = join(dataDir, 'holder.mts')
    writeFileSync(
      script,
      [
        `import { startRedis } from ${JSON.stringify(join(repo, 'src/runtime/redis.ts'))}`,
        'const r = await startRedis(' +
          `{ redisUrl: null, dataDir: ${JSON.stringify(dataDir)}, preferredPort: 0, log: () => undefined })`,
        `console.log('READY ' + r.port)`,
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
    expect(await waitUntil(() => out.includes('READY'), 20_000)).toBe(true)
    const pid = Number(readFileSync(join(dataDir, 'redis', 'hexmail-redis.pid'), 'utf8'))
    strayPids.push(pid)

    await expect(startRedis({ redisUrl: null, dataDir, preferredPort: 0, log: () => undefined })).rejects.toThrow(
      /in use by another running hexmail/,
    )

    holder.kill('SIGKILL')
    await waitUntil(() => holder.exitCode !== null || holder.signalCode !== null, 5000)
    expect(isRunning(pid)).toBe(true)
    const log: string[] = []
    running = await startRedis({ redisUrl: null, dataDir, preferredPort: 0, log: (m) => log.push(m) })
    expect(log.join('\n')).toMatch(new RegExp(`left running by a hexmail that did not shut down \\(pid ${pid}\\)`))
    expect(isRunning(pid)).toBe(false)
    expect(await ping(running!.port!, decodeURIComponent(new URL(running!.url).password))).toBe(true)
    await running!.stop()
    running = null
  })
})

describe('the private redis-server, supervised', () => {
  it.skipIf(!hasRedis)(
    'comes back on the same port with the same password when it is killed, and says so',
    async () => {
      const told: string[] = []
      const back: string[] = []
      const r = (await startRedis({
        redisUrl: null,
        dataDir,
        preferredPort: 0,
        log: () => undefined,
        onUnexpectedExit: (m) => told.push(m),
        onRestart: (m) => back.push(m),
      }))!
      running = r
      const password = decodeURIComponent(new URL(r.url).password)
      const pidFile = join(dataDir, 'redis', 'hexmail-redis.pid')
      for (let kill = 1; kill <= 2; kill++) {
        const pid = Number(readFileSync(pidFile, 'utf8'))
        process.kill(pid, 'SIGKILL')
        expect(await waitUntil(() => !isRunning(pid), 5000)).toBe(true)
        expect(await waitUntil(() => back.length === kill, 20_000, 50), told.join('\n')).toBe(true)
        expect(told[kill - 1]).toMatch(/stopped unexpectedly \(SIGKILL\)[\s\S]*restarting redis-server in \d+\.\d s/)
        expect(back[kill - 1]).toMatch(new RegExp(`running again \\(pid \\d+, port ${r.port}\\)`))
        const again = Number(readFileSync(pidFile, 'utf8'))
        expect(again).not.toBe(pid)
        expect(isRunning(again)).toBe(true)
        expect(await ping(r.port!, password)).toBe(true)
      }
      // The pause doubles while it keeps dying.
      const waits = told.map((m) => Number(/restarting redis-server in (\d+\.\d) s/.exec(m)![1]))
      expect(waits[1]).toBe(waits[0]! * 2)
      // stop() ends it for good: no restart after it.
      const last = Number(readFileSync(pidFile, 'utf8'))
      await r.stop()
      running = null
      expect(isRunning(last)).toBe(false)
      await new Promise((res) => setTimeout(res, 1500))
      expect(back).toHaveLength(2)
      expect(await ping(r.port!, password)).toBe(false)
    },
  )
})
