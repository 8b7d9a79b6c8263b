// A private redis-server per test file (never the machine's shared one, which outage tests must not
// stop), on a free port, with its append-only file in a temporary folder as a production Redis keeps
// one: stop() is an outage, restart() brings it back with its data (or, with { empty: true }, without
// it: a Redis that kept nothing on disk, or a failover to a replica that was behind).
import { spawn, type ChildProcess } from 'node:child_process'
import { mkdtempSync, readdirSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { freePort } from '../../src/runtime/os.js'
import { ping } from '../../src/runtime/redis.js'

export interface TestRedis {
  url: string
  port: number
  stop(): Promise<void>
  restart(opts?: { empty?: boolean }): Promise<void>
  close(): Promise<void>
}

export async function startTestRedis(): Promise<TestRedis> {
  const port = await freePort(0)
  const dir = mkdtempSync(join(tmpdir(), 'hexmail-test-redis-'))
  let proc: ChildProcess | null = null
  const up = async () => {
    proc = spawn(
      'redis-server',
      [
        '--port',
        String(port),
        '--bind',
        '127.0.0.1',
        '--save',
        '',
        '--appendonly',
        'yes',
        '--dir',
        dir,
        '--maxmemory-policy',
        'noeviction',
      ],
      { stdio: 'ignore' },
    )
    for (let i = 0; i < 200; i++) {
      if (await ping(port, null, '127.0.0.1', 500)) return
      await new Promise((r) => setTimeout(r, 50))
    }
    throw new Error(`redis-server did not answer on ${port}`)
  }
  const down = async () => {
    const p = proc
    proc = null
    if (!p || p.exitCode !== null) return
    await new Promise<void>((resolve) => {
      p.once('exit', () => resolve())
      p.kill('SIGTERM')
    })
  }
  const restart = async (opts: { empty?: boolean } = {}) => {
    await down()
    if (opts.empty) for (const f of readdirSync(dir)) rmSync(join(dir, f), { recursive: true, force: true })
    await up()
  }
  await up()
  return {
    url: `redis://127.0.0.1:${port}`,
    port,
    stop: down,
    restart,
    close: async () => {
      await down()
      rmSync(dir, { recursive: true, force: true })
    },
  }
}
