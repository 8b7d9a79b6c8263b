// Redis for the notification queues: REDIS_URL when set; else a private redis-server when one is on the
// PATH (127.0.0.1, a free port, append-only file under <dataDir>/redis, a random password for this run);
// else none, with a message on how to get one — the server still runs, without email notifications.
import { spawn, type ChildProcess } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { readFileSync, rmSync, writeFileSync } from 'node:fs'
import { mkdir, realpath } from 'node:fs/promises'
import { connect } from 'node:net'
import { join, resolve } from 'node:path'
import { OutputTail, freePort, isNodeProcess, killAndWait, onPath, processInfo } from './os.js'

export const DEFAULT_REDIS_PORT = 63790

export interface RedisOptions {
  /** REDIS_URL; when set it is used as is. */
  redisUrl: string | null
  /** hexmail's data folder; the private server keeps its append-only file in <dataDir>/redis. */
  dataDir: string
  preferredPort?: number
  /** Where to look for redis-server (default: process.env.PATH). */
  path?: string
  log?: (message: string) => void
  /** Every line redis-server prints (default: dropped; kept for error messages). */
  onOutput?: (line: string) => void
  /** Called when the private redis-server exits without stop(). */
  onUnexpectedExit?: (message: string) => void
  /** Upper bound to wait for PING (default 15 s). */
  startTimeoutMs?: number
}

export interface Redis {
  url: string
  /** 'env': REDIS_URL; 'private': a redis-server this process started. */
  source: 'env' | 'private'
  port: number | null
  /** Stops the private server (append-only file synced); nothing for REDIS_URL. Safe to call twice. */
  stop: () => Promise<void>
}

export class RedisStartError extends Error {
  override name = 'RedisStartError'
}

export const NO_REDIS_MESSAGE = [
  'Email notifications are OFF: REDIS_URL is not set and there is no redis-server on the PATH.',
  'The server runs without them. To turn them on, install Redis and start hexmail again',
  '(Debian/Ubuntu: sudo apt-get install redis-server   macOS: brew install redis),',
  'or set REDIS_URL to a Redis you already run, e.g. REDIS_URL=redis://127.0.0.1:6379.',
].join('\n')

/** RESP encoding of one command. */
function command(...args: string[]): string {
  return `*${args.length}\r\n` + args.map((a) => `$${Buffer.byteLength(a)}\r\n${a}\r\n`).join('')
}

/**
 * Sends AUTH (when a password is given) and PING over a plain socket; true when the reply is PONG.
 * False on refusal, on -LOADING (still reading its append-only file) or after `timeoutMs`.
 */
export function ping(port: number, password: string | null, host = '127.0.0.1', timeoutMs = 2000): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect({ port, host })
    let reply = ''
    const done = (ok: boolean) => {
      socket.destroy()
      resolve(ok)
    }
    socket.setTimeout(timeoutMs, () => done(false))
    socket.once('error', () => done(false))
    socket.once('connect', () => socket.write((password ? command('AUTH', password) : '') + command('PING')))
    socket.on('data', (chunk) => {
      reply += chunk.toString('utf8')
      const lines = reply.split('\r\n').filter(Boolean)
      if (lines.some((l) => l.startsWith('-'))) return done(false)
      if (lines.includes('+PONG')) done(true)
    })
  })
}

/**
 * The pid file we keep next to the append-only file. A redis-server still running from a hexmail that was
 * killed (its parent is no longer a node process) is stopped; one in use by a live hexmail is an error.
 */
async function recoverStale(dir: string, pidFile: string, log: (m: string) => void): Promise<void> {
  let pid: number
  try {
    pid = Number(readFileSync(pidFile, 'utf8').trim())
  } catch {
    return
  }
  const info = Number.isInteger(pid) && pid > 0 ? await processInfo(pid) : null
  const realDir = await realpath(dir)
  if (info === null || !info.command.startsWith('redis-server') || (info.cwd !== null && info.cwd !== realDir)) {
    rmSync(pidFile, { force: true })
    return
  }
  if (await isNodeProcess(info.ppid)) {
    throw new RedisStartError(
      `The private redis-server in ${dir} is in use by another running hexmail (process ${info.ppid}). ` +
        'Stop that one first, give this one its own DATA_DIR, or set REDIS_URL.',
    )
  }
  log(`A redis-server left running by a hexmail that did not shut down (pid ${pid}) holds ${dir}; stopping it.`)
  if (!(await killAndWait(pid, 'SIGTERM', 15_000)) && !(await killAndWait(pid, 'SIGKILL', 5_000))) {
    throw new RedisStartError(`A redis-server left running in ${dir} (pid ${pid}) will not stop. Stop it by hand (kill ${pid}) and start again.`)
  }
  rmSync(pidFile, { force: true })
}

function exited(proc: ChildProcess): boolean {
  return proc.exitCode !== null || proc.signalCode !== null
}

/** REDIS_URL, a private redis-server, or null (with NO_REDIS_MESSAGE printed). */
export async function startRedis(options: RedisOptions): Promise<Redis | null> {
  const log = options.log ?? ((m: string) => console.log(m))
  if (options.redisUrl) return { url: options.redisUrl, source: 'env', port: null, stop: async () => undefined }
  const binary = onPath('redis-server', options.path)
  if (!binary) {
    log(NO_REDIS_MESSAGE)
    return null
  }

  const dir = join(resolve(options.dataDir), 'redis')
  await mkdir(dir, { recursive: true })
  const pidFile = join(dir, 'hexmail-redis.pid')
  await recoverStale(dir, pidFile, log)

  // The password goes in through stdin ("redis-server -" reads a config from it): not in `ps` output.
  const password = randomBytes(24).toString('hex')
  const timeoutMs = options.startTimeoutMs ?? 15_000
  const tail = new OutputTail(40)
  const output = (chunk: Buffer) => {
    const text = chunk.toString('utf8')
    tail.push(text)
    if (options.onOutput) for (const line of text.split(/\r?\n/)) if (line.trim()) options.onOutput(line)
  }

  for (let attempt = 1; ; attempt++) {
    const port = await freePort(attempt === 1 ? (options.preferredPort ?? DEFAULT_REDIS_PORT) : 0)
    const proc = spawn(
      binary,
      [
        '-', '--bind', '127.0.0.1', '--port', String(port), '--protected-mode', 'yes', '--daemonize', 'no',
        '--save', '', '--appendonly', 'yes', '--dir', dir, '--maxmemory-policy', 'noeviction',
      ],
      // Its own process group: the terminal's Ctrl-C reaches only us, and we stop redis last, in order.
      { stdio: ['pipe', 'pipe', 'pipe'], detached: true },
    )
    proc.stdout?.on('data', output)
    proc.stderr?.on('data', output)
    proc.stdin?.on('error', () => undefined)
    proc.stdin?.end(`requirepass ${password}\n`)
    const spawnState: { error: Error | null } = { error: null }
    proc.once('error', (e) => (spawnState.error = e))

    const up = await (async () => {
      const deadline = Date.now() + timeoutMs
      while (Date.now() < deadline) {
        if (spawnState.error || exited(proc)) return false
        if (await ping(port, password, '127.0.0.1', 1000)) return true
        await new Promise((r) => setTimeout(r, 50))
      }
      return false
    })()

    if (!up) {
      if (!exited(proc)) {
        proc.kill('SIGKILL')
        await new Promise((r) => setTimeout(r, 100))
      }
      if (tail.includes('Address already in use') && attempt < 3) continue
      const why = spawnState.error ? spawnState.error.message : exited(proc) ? `it exited (${proc.signalCode ?? `code ${proc.exitCode}`})` : `no PONG within ${timeoutMs / 1000} s`
      throw new RedisStartError(
        `The private redis-server (${binary}) did not start: ${why}. Its last messages:\n${tail.text(12)}\n` +
          'Set REDIS_URL to use another Redis instead.',
      )
    }

    writeFileSync(pidFile, `${proc.pid}\n`)
    // Last resort: if node exits without stop() (a crash, process.exit), do not leave redis behind.
    const onNodeExit = () => {
      if (!exited(proc)) proc.kill('SIGTERM')
    }
    process.on('exit', onNodeExit)

    let stopping: Promise<void> | null = null
    proc.once('exit', (code, signal) => {
      if (stopping) return
      process.removeListener('exit', onNodeExit)
      const message = `The private redis-server stopped unexpectedly (${signal ?? `exit code ${code}`}). Its last messages:\n${tail.text(12)}`
      if (options.onUnexpectedExit) options.onUnexpectedExit(message)
      else log(message)
    })

    const stop = (): Promise<void> => {
      stopping ??= (async () => {
        process.removeListener('exit', onNodeExit)
        if (!exited(proc)) {
          const gone = new Promise<void>((r) => proc.once('exit', () => r()))
          const wait = (ms: number) => Promise.race([gone.then(() => true), new Promise<boolean>((r) => setTimeout(() => r(false), ms).unref())])
          proc.kill('SIGTERM') // redis: fsync the append-only file, then exit
          if (!(await wait(15_000))) {
            log(`redis-server (pid ${proc.pid}) did not stop within 15 s; killing it.`)
            proc.kill('SIGKILL')
            await wait(5_000)
          }
        }
        rmSync(pidFile, { force: true })
      })()
      return stopping
    }

    return { url: `redis://:${password}@127.0.0.1:${port}`, source: 'private', port, stop }
  }
}
