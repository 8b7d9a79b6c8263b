// The one entry point: `node --import tsx src/main.ts [api|worker|all]` (`npm start` runs "all").
//
// Order: configuration (environment, then .env) → PostgreSQL (DATABASE_URL, or the embedded one under
// DATA_DIR) → migrations → Redis (REDIS_URL, a private redis-server, or none) → scenario catalogue (fails
// fast on bad data) → database client → HTTP API → one banner line. SIGINT/SIGTERM/SIGHUP stop everything in
// reverse order and exit 0; a second Ctrl-C forces the exit.
import { existsSync } from 'node:fs'
import { resolve } from 'node:path'
import pg from 'pg'
import { loadConfig, type Config } from './config.js'
import { buildApp } from './http/app.js'
import { startMetricsListener } from './http/metrics-listener.js'
import { EmbeddedPostgresError, startEmbeddedPostgres } from './runtime/embedded-postgres.js'
import { redactUrl } from './runtime/os.js'
import { RedisStartError, startRedis, type Redis } from './runtime/redis.js'
import { ruleSystems } from './rulesets/index.js'
import { createDb, type Log } from './store/db.js'
import { migrate } from './store/migrate.js'
import { startDeadlineClock } from './games/deadlines.js'
import { startDigestClock } from './notify/digest.js'
import { startLeagueClock } from './leagues/clock.js'
import { startNotifications } from './notify/index.js'
import { supplyScrapeReadings } from './notify/metrics.js'
import { startReplyListener } from './notify/reply.js'
import { configureSnapshots } from './games/load.js'
import { APP_ROLE, ensureAppRole, grantAppRole, logRewriteRights } from './store/roles.js'
import { persistedSecret } from './runtime/secret.js'

const MODES = ['api', 'worker', 'all'] as const
type Mode = (typeof MODES)[number]

/** A startup failure explained for the person at the terminal. */
class StartupError extends Error {
  override name = 'StartupError'
}

/** Ctrl-C (or SIGTERM) arrived while starting: stop what is up and exit 0. */
class Interrupted extends Error {
  override name = 'Interrupted'
}

function parseMode(args: string[]): Mode {
  const [mode = 'all', ...rest] = args
  if (rest.length > 0 || !(MODES as readonly string[]).includes(mode)) {
    throw new StartupError(
      `Usage: node --import tsx src/main.ts [${MODES.join('|')}] (default: all). Got: ${args.join(' ')}`,
    )
  }
  return mode as Mode
}

const say = (line: string) => process.stdout.write(`[hexmail] ${line}\n`)
const warn = (line: string) => process.stderr.write(`[hexmail] ${line}\n`)

// ---- Lifecycle ---------------------------------------------------------------------------------

type State = 'starting' | 'running' | 'stopping'

interface Cleanup {
  name: string
  run: () => Promise<unknown>
}

const CLEANUP_TIMEOUT_MS = 45_000
/** npm forwards the terminal's Ctrl-C to us, so one key press can arrive twice within milliseconds. */
const DUPLICATE_SIGNAL_MS = 1000

class Lifecycle {
  state: State = 'starting'
  private cleanups: Cleanup[] = []
  private firstSignalAt = 0
  private exiting = false

  /** Registers a stop step; steps run in reverse order of registration. */
  onStop(name: string, run: () => Promise<unknown>): void {
    this.cleanups.push({ name, run })
  }

  /** Between startup steps: give up when a signal arrived meanwhile. */
  checkpoint(): void {
    if (this.state === 'stopping') throw new Interrupted('interrupted')
  }

  installSignalHandlers(): void {
    // Whoever reads our output may go away first (npm killed, a closed pipe): that must not crash the shutdown.
    // The other stream, if it is still there, says so once; the lines meant for a closed one are dropped.
    const closed = new Set<string>()
    const lost = (name: string, other: NodeJS.WriteStream) => (e: Error) => {
      if (closed.has(name)) return
      closed.add(name)
      if (!other.destroyed) other.write(`[hexmail] ${name} is closed (${e.message}); its lines are dropped\n`)
    }
    process.stdout.on('error', lost('stdout', process.stderr))
    process.stderr.on('error', lost('stderr', process.stdout))
    for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) process.on(signal, () => this.onSignal(signal))
    // Under `npm start` our parent is the `sh -c` that npm spawned. A SIGTERM sent to npm alone (docker stop with
    // npm as PID 1, a process manager, `kill <npm>`) is forwarded to that sh, which dies without passing it on:
    // we would keep running, orphaned, with PostgreSQL and redis-server. Treat losing that parent as SIGTERM.
    if (process.env.npm_lifecycle_event && process.platform !== 'win32') {
      const parent = process.ppid
      setInterval(() => {
        if (process.ppid !== parent && this.state !== 'stopping') {
          warn(`The npm process that started hexmail has gone (parent ${parent}); shutting down.`)
          this.onSignal('SIGTERM')
        }
      }, 1000).unref()
    }
    process.on('uncaughtException', (e) => this.fail(`Unexpected error: ${e.stack ?? e.message}`))
    process.on('unhandledRejection', (e) =>
      this.fail(`Unexpected error: ${e instanceof Error ? (e.stack ?? e.message) : String(e)}`),
    )
  }

  private onSignal(signal: NodeJS.Signals): void {
    if (this.state === 'stopping') {
      if (Date.now() - this.firstSignalAt < DUPLICATE_SIGNAL_MS) return
      warn(`${signal} again: exiting now without waiting.`)
      process.exit(130)
    }
    this.firstSignalAt = Date.now()
    const wasRunning = this.state === 'running'
    this.state = 'stopping'
    say(`${signal} received, shutting down (Ctrl-C again to force) …`)
    // While starting, the startup sequence notices at its next step and stops what it started.
    if (wasRunning) void this.stopAndExit(0)
  }

  /** A fatal problem after startup (or an unexpected error): stop everything and exit 1. */
  fail(message: string): void {
    warn(message)
    if (this.state === 'stopping') return
    this.state = 'stopping'
    void this.stopAndExit(1)
  }

  async stopAndExit(code: number): Promise<never> {
    if (!this.exiting) {
      this.exiting = true
      for (const step of this.cleanups.reverse()) {
        let timer: NodeJS.Timeout | undefined
        try {
          await Promise.race([
            step.run(),
            new Promise((_, reject) => {
              timer = setTimeout(
                () => reject(new Error(`no answer within ${CLEANUP_TIMEOUT_MS / 1000} s`)),
                CLEANUP_TIMEOUT_MS,
              )
            }),
          ])
        } catch (e) {
          warn(`Stopping ${step.name} failed: ${(e as Error).message}`)
        } finally {
          clearTimeout(timer)
        }
      }
      if (code === 0) say('Stopped.')
      process.exit(code)
    }
    return new Promise<never>(() => undefined)
  }
}

// ---- Startup steps -----------------------------------------------------------------------------

/** DATABASE_URL: reachable, the database exists, the credentials work — else a message saying what to do. */
async function checkDatabaseUrl(url: string, log: Log): Promise<void> {
  let where = redactUrl(url)
  let name = ''
  try {
    const u = new URL(url)
    where = `${u.hostname}:${u.port || 5432}`
    name = decodeURIComponent(u.pathname.slice(1))
  } catch {
    throw new StartupError(
      `DATABASE_URL is not a valid URL (${redactUrl(url)}). ` +
        'Expected postgresql://user:password@host:5432/database, or unset it to use the embedded PostgreSQL.',
    )
  }
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 10_000 })
  // The statement in flight fails with the same error, explained below.
  client.on('error', (e) => log.debug(`checking DATABASE_URL: the connection failed (${e.message})`))
  try {
    await client.connect()
    await client.query('SELECT 1')
  } catch (e) {
    const err = e as Error & { code?: string }
    const hint =
      err.code === 'ECONNREFUSED'
        ? `Nothing answers at ${where}: start that PostgreSQL or fix the host and port.`
        : err.code === 'ENOTFOUND' || err.code === 'EAI_AGAIN'
          ? `The host in DATABASE_URL cannot be resolved (${where}).`
          : err.code === '3D000'
            ? `The database "${name}" does not exist on ${where}: ` +
              `create it (createdb ${name}, or CREATE DATABASE "${name}").`
            : err.code === '28P01' || err.code === '28000'
              ? `PostgreSQL at ${where} refused the user or password in DATABASE_URL.`
              : /timeout/i.test(err.message)
                ? `No answer from ${where} within 10 s.`
                : `PostgreSQL at ${where} said: ${err.message}`
    throw new StartupError(
      `Cannot use the database at DATABASE_URL (${redactUrl(url)}). ${hint} ` +
        'Or unset DATABASE_URL to use the embedded PostgreSQL under DATA_DIR.',
    )
  } finally {
    await client
      .end()
      .catch((e: Error) => log.debug(`checking DATABASE_URL: closing the connection failed (${e.message})`))
  }
}

function httpUrl(host: string, port: number): string {
  const shown =
    host === '0.0.0.0' || host === '::' || host === '' ? 'localhost' : host.includes(':') ? `[${host}]` : host
  return `http://${shown}:${port}`
}

async function start(mode: Mode, life: Lifecycle): Promise<void> {
  const t0 = performance.now()
  let last = t0
  const timings: string[] = []
  const mark = (step: string) => {
    const now = performance.now()
    timings.push(`${step} ${((now - last) / 1000).toFixed(1)} s`)
    last = now
  }
  let config: Config
  try {
    // A .env file in the working folder (see .env.example); variables already set win over it.
    if (existsSync('.env')) {
      process.loadEnvFile('.env')
      say(`read ${resolve('.env')}`)
    }
    config = loadConfig()
  } catch (e) {
    throw new StartupError(
      `Configuration error: ${(e as Error).message}. ` +
        'The variables are listed in .env.example and docs/configuration.md.',
    )
  }
  const debugOn = config.logLevel === 'debug' || config.logLevel === 'trace'
  // What the database, the roles and the email worker report while they run (the API logs through Fastify).
  const log: Log = {
    info: (line) => say(line),
    warn: (line) => warn(line),
    debug: (line) => {
      if (debugOn) say(line)
    },
  }
  const dataDir = resolve(config.dataDir)
  // Without JWT_SECRET (development), a secret kept in DATA_DIR: sessions and emailed links survive a restart.
  if (!process.env.JWT_SECRET && config.env !== 'production') {
    config = { ...config, jwtSecret: persistedSecret(dataDir) }
    // Tokens, CSRF tokens, emailed links and snapshot seals made by one process must be taken by the others.
    if (mode !== 'all')
      warn(
        `JWT_SECRET is not set: this ${mode} process uses the secret kept in ${dataDir}. Every api and worker ` +
          'process must use the same one: set the same JWT_SECRET on all of them (docs/deployment.md).',
      )
  }

  // PostgreSQL
  let databaseUrl: string
  let databaseWhere: string
  if (config.databaseUrl) {
    await checkDatabaseUrl(config.databaseUrl, log)
    databaseUrl = config.databaseUrl
    databaseWhere = `PostgreSQL at ${redactUrl(config.databaseUrl)}`
  } else {
    const embedded = await startEmbeddedPostgres({
      dataDir,
      log: say,
      logError: warn,
      onOutput:
        config.logLevel === 'debug' || config.logLevel === 'trace' ? (line) => say(`postgres: ${line}`) : undefined,
      onUnexpectedExit: (message) => {
        // The terminal's Ctrl-C reaches PostgreSQL too: give our own signal handler a moment to run first.
        setTimeout(() => {
          if (life.state !== 'stopping') life.fail(message)
        }, 1000).unref()
      },
    }).catch((e: unknown) => {
      if (e instanceof EmbeddedPostgresError) throw new StartupError(e.message)
      throw new StartupError(
        `The embedded PostgreSQL could not start: ${e instanceof Error ? e.message : String(e)}. ` +
          'Set DATABASE_URL to use your own PostgreSQL instead.',
      )
    })
    life.onStop('the embedded PostgreSQL', embedded.stop)
    databaseUrl = embedded.url
    databaseWhere = `${dataDir} (embedded PostgreSQL on 127.0.0.1:${embedded.port})`
  }
  mark('database')
  life.checkpoint()

  // The owner migrates; the server itself runs as a role that can only read and append to the log
  // and the snapshots (src/store/roles.ts): the embedded database's hexmail_app, or DATABASE_URL's
  // user when DATABASE_OWNER_URL names the owner.
  const ownerUrl = config.databaseUrl ? (config.databaseOwnerUrl ?? databaseUrl) : databaseUrl
  try {
    await migrate(ownerUrl)
  } catch (e) {
    life.checkpoint()
    throw new StartupError(`Applying the database migrations failed. ${(e as Error).message.trim()}`)
  }
  try {
    if (!config.databaseUrl)
      databaseUrl = await ensureAppRole(ownerUrl, APP_ROLE, persistedSecret(dataDir, 'postgres.app-password'), log)
    else if (ownerUrl !== databaseUrl)
      await grantAppRole(ownerUrl, decodeURIComponent(new URL(databaseUrl).username), log)
  } catch (e) {
    throw new StartupError(`Granting the server's database role its rights failed: ${(e as Error).message}`)
  }
  const rights = await logRewriteRights(databaseUrl, log)
  if (rights.length)
    warn(
      `The server's database role can rewrite game logs (${rights.join('; ')}). ` +
        'Run it as a role that may only read and append to them: see "Database roles" in docs/verification.md.',
    )
  mark('migrations')
  life.checkpoint()

  // Redis
  let redis: Redis | null
  try {
    redis = await startRedis({
      redisUrl: config.redisUrl,
      dataDir,
      log: say,
      onUnexpectedExit: (message) => {
        if (life.state !== 'stopping') warn(message)
      },
      onRestart: say,
    })
  } catch (e) {
    if (e instanceof RedisStartError) throw new StartupError(e.message)
    throw new StartupError(
      `The private redis-server could not start: ${(e as Error).message}. Set REDIS_URL to use another Redis instead.`,
    )
  }
  if (redis) life.onStop('redis-server', redis.stop)
  mark('redis')
  life.checkpoint()
  const redisWhere = !redis
    ? 'no Redis: notifications off'
    : redis.source === 'env'
      ? `Redis at ${redactUrl(redis.url)}`
      : `Redis on 127.0.0.1:${redis.port}`

  // Scenario catalogue: every rule system's, parsed and validated once, so bad data stops the start
  // here, not in a game.
  for (const system of ruleSystems()) {
    try {
      system.scenarios()
    } catch (e) {
      throw new StartupError(
        `The scenario data of ${system.title} is invalid: ${(e as Error).message}\n` +
          'Fix the file (or restore it from the repository) and start again.',
      )
    }
  }
  mark('scenarios')

  const db = createDb(databaseUrl, { log })
  life.onStop('the database client', () => db.$disconnect())
  configureSnapshots(config.jwtSecret, warn)
  const mailWhere = config.mail.smtpUrl
    ? `mail via ${redactUrl(config.mail.smtpUrl)}`
    : config.env === 'production'
      ? 'mail caught, not sent: set SMTP_URL'
      : 'mail caught at /dev/mail'

  // Workers: the outbox relay, the email and webhook jobs, and the deadline clock.
  if (mode === 'worker' || mode === 'all') {
    if (redis) {
      const notify = startNotifications(config, db, redis.url, log)
      life.onStop('the notification worker', () => notify.close())
    } else {
      warn('No Redis: emails wait in the outbox (nothing is lost) until hexmail runs with Redis.')
    }
    // Without Redis no email ever goes out: deadlines cannot wait for the phase emails then.
    const clock = startDeadlineClock(db, {
      intervalMs: config.mail.deadlineTickMs,
      holdForMail: redis !== null,
      onError: (e) => warn(`deadline clock: ${e.message}`),
    })
    life.onStop('the deadline clock', () => clock.stop())
    const digests = startDigestClock(db, {
      intervalMs: config.mail.deadlineTickMs,
      onError: (e) => warn(`daily digest: ${e.message}`),
    })
    life.onStop('the digest clock', () => digests.stop())
    const leagues = startLeagueClock(db, {
      intervalMs: config.mail.deadlineTickMs,
      onError: (e) => warn(`league clock: ${e.message}`),
    })
    life.onStop('the league clock', () => leagues.stop())
  }
  if (mode === 'worker') {
    // No API here to answer /metrics: METRICS_PORT gives the worker a listener of its own (docs/metrics.md).
    let metricsWhere = ''
    if (config.metricsPort !== null) {
      const sources = supplyScrapeReadings(db, redis?.url ?? null, log)
      life.onStop('the metrics readings', () => sources.close())
      const where = `${config.metricsHost}:${config.metricsPort}`
      const listener = await startMetricsListener({
        host: config.metricsHost,
        port: config.metricsPort,
        token: config.metricsToken,
        onError: (e) => warn(`metrics: ${e.message}`),
      }).catch((e: Error) => {
        throw new StartupError(`Cannot serve /metrics on ${where} (METRICS_HOST, METRICS_PORT): ${e.message}.`)
      })
      life.onStop('the metrics listener', () => listener.close())
      metricsWhere = ` Metrics: ${httpUrl(config.metricsHost, listener.port)}/metrics.`
    }
    life.state = 'running'
    setInterval(() => undefined, 1 << 30) // nothing else may keep the process alive (DATABASE_URL + REDIS_URL)
    say(
      `worker mode: notifications and deadlines. Data: ${databaseWhere}; ${redisWhere}; ${mailWhere}. ` +
        `Ctrl-C stops it.${metricsWhere}`,
    )
    return
  }
  const app = await buildApp({ config, db, redisUrl: redis?.url ?? null })
  life.onStop('the HTTP server', () => app.close())
  life.checkpoint()

  try {
    await app.listen({ host: config.host, port: config.port })
  } catch (e) {
    const err = e as NodeJS.ErrnoException
    if (err.code === 'EADDRINUSE') {
      throw new StartupError(
        `Port ${config.port} on ${config.host} is already in use (another hexmail, or another program). ` +
          'Stop that program, or choose another port with PORT, ' +
          `e.g. PORT=${config.port === 3000 ? 3001 : config.port + 1} npm start.`,
      )
    }
    if (err.code === 'EACCES') {
      throw new StartupError(
        `Not allowed to listen on port ${config.port}: ports below 1024 need privileges. ` +
          'Set PORT to 1024 or above (the default is 3000).',
      )
    }
    if (err.code === 'EADDRNOTAVAIL' || err.code === 'ENOTFOUND') {
      throw new StartupError(
        `Cannot listen on HOST=${config.host}: no such address on this machine. ` +
          'Use 127.0.0.1 (this machine only) or 0.0.0.0 (all interfaces).',
      )
    }
    throw e
  }
  mark('http')
  life.checkpoint()

  // Replies with orders arrive by SMTP too (INBOUND_SMTP_PORT; POST /inbound/email always works).
  let inboundWhere = ''
  if (config.mail.inboundSmtpPort !== null) {
    try {
      const inbound = await startReplyListener(config, db, app.log)
      life.onStop('the inbound SMTP listener', () => inbound.close())
      inboundWhere = `  replies: smtp://${config.mail.inboundSmtpHost}:${inbound.port}`
    } catch (e) {
      warn(
        `The SMTP listener for replies could not start on port ${config.mail.inboundSmtpPort}: ` +
          `${(e as Error).message}. Set INBOUND_SMTP_PORT to another port, or to "off".`,
      )
    }
  }
  life.state = 'running'
  if (config.logLevel === 'debug' || config.logLevel === 'trace') say(`start-up: ${timings.join(', ')}`)

  const address = app.server.address()
  const port = typeof address === 'object' && address ? address.port : config.port
  const url = httpUrl(config.host, port)
  const modeNote = mode === 'api' ? ' (api only)' : ''
  const seconds = ((performance.now() - t0) / 1000).toFixed(1)
  // The catcher's inbox holds every player's reply tokens: say plainly that it is on, and who may read it.
  const devMail =
    !config.mail.smtpUrl && config.env !== 'production'
      ? `  mail: ${url}/dev/mail (the mail catcher is ON: every email sent, readable from this machine only; ` +
        'set SMTP_URL to send mail instead)'
      : ''
  say(
    `hexmail is running at ${url}${modeNote}  API docs: ${url}/docs${devMail}${inboundWhere}  ` +
      `data: ${databaseWhere}; ${redisWhere}; ${mailWhere}  (ready in ${seconds} s, Ctrl-C to stop)`,
  )
}

async function main(): Promise<void> {
  const life = new Lifecycle()
  life.installSignalHandlers()
  try {
    const mode = parseMode(process.argv.slice(2))
    await start(mode, life)
  } catch (e) {
    if (life.state === 'stopping' || e instanceof Interrupted) {
      life.state = 'stopping'
      await life.stopAndExit(0)
    }
    life.state = 'stopping'
    const message =
      e instanceof StartupError
        ? e.message
        : `Unexpected error: ${e instanceof Error ? (e.stack ?? e.message) : String(e)}`
    warn(`hexmail could not start.\n${message}`)
    await life.stopAndExit(1)
  }
}

await main()
