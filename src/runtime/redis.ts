// Redis for the notification queues: REDIS_URL when set; else a private redis-server when one is on the
// PATH (127.0.0.1, a free port, append-only file under <dataDir>/redis, a random password for this run),
// restarted with backoff whenever it dies; else none, with a message on how to get one — the server
// still runs, without email notifications.
import { spawn, type ChildProcess } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { readFileSync, rmSync, writeFileSync } from 'node:fs'
import { mkdir, realpath } from 'node:fs/promises'
import { connect } from 'node:net'
import { join, resolve } from 'node:path'
import { OutputTail, freePort, hasErrorCode, isNodeProcess, killAndWait, onPath, processInfo } from './os.js'

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
  /** Called when the private redis-server exits without stop() (it is restarted), or will not start again. */
  onUnexpectedExit?: (message: string) => void
  /** Called when the private redis-server runs again after it stopped unexpectedly. */
  onRestart?: (message: string) => void
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
  } catch (e) {
    if (hasErrorCode(e, 'ENOENT')) return // no pid file: nothing left from an earlier run
    throw e
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
    throw new RedisStartError(
      `A redis-server left running in ${dir} (pid ${pid}) will not stop. ` +
        `Stop it by hand (kill ${pid}) and start again.`,
    )
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

  const password = randomBytes(24).toString('hex')
  const timeoutMs = options.startTimeoutMs ?? 15_000
  const tail = new OutputTail(40)
  const output = (chunk: Buffer) => {
    const text = chunk.toString('utf8')
    tail.push(text)
    if (options.onOutput) for (const line of text.split(/\r?\n/)) if (line.trim()) options.onOutput(line)
  }

  const launch = (port: number) => launchRedis({ binary, port, password, dir, output, timeoutMs })
  for (let attempt = 1; ; attempt++) {
    const port = await freePort(attempt === 1 ? (options.preferredPort ?? DEFAULT_REDIS_PORT) : 0)
    const started = await launch(port)
    if (!started.up) {
      if (tail.includes('Address already in use') && attempt < 3) continue
      throw new RedisStartError(
        `The private redis-server (${binary}) did not start: ${started.why}. Its last messages:\n${tail.text(12)}\n` +
          'Set REDIS_URL to use another Redis instead.',
      )
    }
    const supervisor = superviseRedis(started.proc, {
      port,
      pidFile,
      tail,
      launch,
      log,
      onUnexpectedExit: options.onUnexpectedExit,
      onRestart: options.onRestart,
    })
    return { url: `redis://:${password}@127.0.0.1:${port}`, source: 'private', port, stop: supervisor.stop }
  }
}

interface LaunchOptions {
  binary: string
  port: number
  password: string
  dir: string
  output: (chunk: Buffer) => void
  timeoutMs: number
}

/** Starts redis-server and waits for its PONG; a server that did not answer is killed. */
async function launchRedis(o: LaunchOptions): Promise<{ up: true; proc: ChildProcess } | { up: false; why: string }> {
  const proc = spawn(
    o.binary,
    [
      '-',
      '--bind',
      '127.0.0.1',
      '--port',
      String(o.port),
      '--protected-mode',
      'yes',
      '--daemonize',
      'no',
      '--save',
      '',
      '--appendonly',
      'yes',
      '--dir',
      o.dir,
      '--maxmemory-policy',
      'noeviction',
    ],
    // Its own process group: the terminal's Ctrl-C reaches only us, and we stop redis last, in order.
    { stdio: ['pipe', 'pipe', 'pipe'], detached: true },
  )
  proc.stdout?.on('data', o.output)
  proc.stderr?.on('data', o.output)
  // redis-server gone before it read its configuration: said with its output, which a failed start shows.
  proc.stdin?.on('error', (e) =>
    o.output(Buffer.from(`(writing the configuration to redis-server failed: ${e.message})\n`)),
  )
  // The password goes in through stdin ("redis-server -" reads a config from it): not in `ps` output.
  proc.stdin?.end(`requirepass ${o.password}\n`)
  const spawnState: { error: Error | null } = { error: null }
  proc.once('error', (e) => (spawnState.error = e))
  const deadline = Date.now() + o.timeoutMs
  while (Date.now() < deadline) {
    if (spawnState.error || exited(proc)) break
    if (await ping(o.port, o.password, '127.0.0.1', 1000)) return { up: true, proc }
    await new Promise((r) => setTimeout(r, 50))
  }
  if (!exited(proc)) {
    proc.kill('SIGKILL')
    await new Promise((r) => setTimeout(r, 100))
  }
  const why = spawnState.error
    ? spawnState.error.message
    : exited(proc)
      ? `it exited (${proc.signalCode ?? `code ${proc.exitCode}`})`
      : `no PONG within ${o.timeoutMs / 1000} s`
  return { up: false, why }
}

/** The first wait before restarting a redis-server that died, doubling while it keeps dying, up to the last. */
export const REDIS_RESTART_DELAYS_MS = { first: 500, max: 30_000 }
/** A server that ran this long before it died is restarted after the first delay again. */
const STABLE_MS = 60_000

interface SuperviseOptions {
  port: number
  pidFile: string
  tail: OutputTail
  launch: (port: number) => ReturnType<typeof launchRedis>
  log: (message: string) => void
  onUnexpectedExit?: (message: string) => void
  onRestart?: (message: string) => void
}

/**
 * Keeps the private redis-server running: when it exits without stop() (killed, out of memory, a
 * crash), it is started again on the same port with the same password, after a pause that doubles
 * while it keeps failing. The queue's connections then find it where they left it and reconnect, and
 * email flows again without restarting hexmail.
 */
function superviseRedis(first: ChildProcess, o: SuperviseOptions): { stop: () => Promise<void> } {
  let current: ChildProcess = first
  let startedAt = Date.now()
  let delay = REDIS_RESTART_DELAYS_MS.first
  let timer: NodeJS.Timeout | undefined
  let stopping: Promise<void> | null = null
  const tell = (message: string) => (o.onUnexpectedExit ?? o.log)(message)

  // Last resort: if node exits without stop() (a crash, process.exit), do not leave redis behind.
  const onNodeExit = () => {
    if (!exited(current)) current.kill('SIGTERM')
  }
  process.on('exit', onNodeExit)

  const scheduleRestart = (why: string) => {
    const wait = delay
    delay = Math.min(delay * 2, REDIS_RESTART_DELAYS_MS.max)
    tell(`${why}\nEmail waits in the outbox meanwhile; restarting redis-server in ${(wait / 1000).toFixed(1)} s.`)
    timer = setTimeout(() => void restart(), wait)
  }
  const watch = (proc: ChildProcess) => {
    writeFileSync(o.pidFile, `${proc.pid}\n`)
    proc.once('exit', (code, signal) => {
      if (stopping) return
      if (Date.now() - startedAt > STABLE_MS) delay = REDIS_RESTART_DELAYS_MS.first
      scheduleRestart(
        `The private redis-server stopped unexpectedly (${signal ?? `exit code ${code}`}). ` +
          `Its last messages:\n${o.tail.text(12)}`,
      )
    })
  }
  const restart = async () => {
    if (stopping) return
    const started = await o.launch(o.port)
    if (stopping) {
      if (started.up) started.proc.kill('SIGTERM')
      return
    }
    if (!started.up)
      return scheduleRestart(`The private redis-server did not start again on port ${o.port}: ${started.why}.`)
    current = started.proc
    startedAt = Date.now()
    watch(current)
    o.onRestart?.(
      `The private redis-server is running again (pid ${current.pid}, port ${o.port}); email notifications resume.`,
    )
  }
  watch(first)

  const stop = (): Promise<void> => {
    stopping ??= (async () => {
      clearTimeout(timer)
      process.removeListener('exit', onNodeExit)
      const proc = current
      if (!exited(proc)) {
        const gone = new Promise<void>((r) => proc.once('exit', () => r()))
        const wait = (ms: number) =>
          Promise.race([gone.then(() => true), new Promise<boolean>((r) => setTimeout(() => r(false), ms).unref())])
        proc.kill('SIGTERM') // redis: fsync the append-only file, then exit
        if (!(await wait(15_000))) {
          o.log(`redis-server (pid ${proc.pid}) did not stop within 15 s; killing it.`)
          proc.kill('SIGKILL')
          await wait(5_000)
        }
      }
      rmSync(o.pidFile, { force: true })
    })()
    return stopping
  }
  return { stop }
}
