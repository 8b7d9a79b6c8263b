// Configuration from the environment, with defaults that let `npm start` run on a fresh machine.
import { randomBytes } from 'node:crypto'

export interface Config {
  env: 'development' | 'production' | 'test'
  host: string
  port: number
  /** Base URL of the server as players reach it (links in emails and invites). */
  publicUrl: string
  /** null: start the embedded PostgreSQL under dataDir. */
  databaseUrl: string | null
  /**
   * The owner's connection for migrations and grants, when DATABASE_URL is a restricted role
   * (docs/verification.md).
   */
  databaseOwnerUrl: string | null
  /** null: start a private redis-server when one is on the PATH. */
  redisUrl: string | null
  dataDir: string
  jwtSecret: string
  accessTokenTtlSeconds: number
  refreshTokenTtlDays: number
  /** How long an emailed sign-in link works (docs/sign-in-links.md). */
  magicLinkTtlMinutes: number
  /** How long a signed page link in an email signs its addressee in (docs/sign-in-links.md). */
  pageLinkTtlHours: number
  /** A state snapshot is written every this many log entries. */
  snapshotEvery: number
  logLevel: string
  /** Requests per minute per IP on the auth routes. */
  authRateLimit: number
  /** Clubs one account may create in 24 hours (docs/leagues.md). */
  clubsPerDay: number
  /** Club invitations one account may send in 24 hours. */
  clubInvitesPerDay: number
  /** argon2id cost for password hashes; lower under test so suites stay fast. */
  passwordHashing: { memoryCostKib: number; timeCost: number }
  mail: MailConfig
  /** GET /metrics requires "Authorization: Bearer <metricsToken>"; null: it answers this machine only. */
  metricsToken: string | null
  /** A worker-mode process serves GET /metrics on this port (0 picks one); null: none. */
  metricsPort: number | null
  metricsHost: string
}

export interface MailConfig {
  /** null: the built-in mail catcher (messages in the database, shown at /dev/mail outside production). */
  smtpUrl: string | null
  from: string
  /** Replies with orders go to <local>+<token>@<domain> of this address. */
  replyBase: string
  /** Signs reply tokens and unsubscribe links. null: derived from the persisted server secret at start. */
  secret: string | null
  /** Attempts per email, and the first retry delay (doubling each time). */
  attempts: number
  backoffMs: number
  /** Jobs (emails, fan-outs, webhooks) a worker process runs at once. */
  concurrency: number
  /** SMTP connections a worker keeps open and sends over, and the messages each carries before it is renewed. */
  smtpMaxConnections: number
  smtpMaxMessages: number
  /** Draw every scenario's opening once in the background at worker start, so the first emails' maps are quick. */
  warmMaps: boolean
  /** How often the relay looks at the outbox and the clock at the deadlines. */
  relayIntervalMs: number
  deadlineTickMs: number
  /** The built-in SMTP listener for replies: port (0 picks one), or null for none. */
  inboundSmtpPort: number | null
  inboundSmtpHost: string
  /** POST /inbound/email requires ?key=INBOUND_KEY when set. */
  inboundKey: string | null
  /** Vacation days a player may take per calendar year. */
  vacationDaysPerYear: number
}

/** METRICS_TOKEN travels in a header: printable characters, no spaces, long enough not to be guessed. */
function metricsToken(value: string | undefined): string | null {
  if (!value) return null
  if (!/^[\x21-\x7e]{16,}$/.test(value))
    throw new Error(
      'METRICS_TOKEN must be 16 or more printable ASCII characters without spaces ' +
        '(e.g. the output of `openssl rand -hex 24`)',
    )
  return value
}

function metricsPort(value: string | undefined): number | null {
  if (!value) return null
  const port = int(value, 0, 'METRICS_PORT')
  if (port > 65535)
    throw new Error(`METRICS_PORT must be a port number (0 to 65535; 0 picks a free one), got "${value}"`)
  return port
}

function int(value: string | undefined, fallback: number, name: string): number {
  if (value === undefined || value === '') return fallback
  const n = Number(value)
  if (!Number.isInteger(n) || n < 0) throw new Error(`${name} must be a whole number, got "${value}"`)
  return n
}

function onOff(value: string | undefined, fallback: boolean, name: string): boolean {
  if (value === undefined || value === '') return fallback
  if (value === 'on') return true
  if (value === 'off') return false
  throw new Error(`${name} must be "on" or "off", got "${value}"`)
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const mode = env.NODE_ENV === 'production' ? 'production' : env.NODE_ENV === 'test' ? 'test' : 'development'
  const port = int(env.PORT, 3000, 'PORT')
  const host = env.HOST ?? '127.0.0.1'
  const jwtSecret = env.JWT_SECRET ?? (mode === 'production' ? '' : randomBytes(32).toString('hex'))
  const publicUrl = env.PUBLIC_URL ?? `http://localhost:${port}`
  // Every link in every email starts with it: a typo must stop the start, not mail broken links.
  const parsedPublicUrl = URL.parse(publicUrl)
  if (!parsedPublicUrl || !['http:', 'https:'].includes(parsedPublicUrl.protocol))
    throw new Error(`PUBLIC_URL must be an http(s) URL such as https://hexmail.example.org, got "${publicUrl}"`)
  const publicHost = parsedPublicUrl.hostname
  if (!jwtSecret) throw new Error('JWT_SECRET must be set in production (32+ random characters)')
  return {
    env: mode,
    host,
    port,
    publicUrl,
    databaseUrl: env.DATABASE_URL || null,
    databaseOwnerUrl: env.DATABASE_OWNER_URL || null,
    redisUrl: env.REDIS_URL || null,
    dataDir: env.DATA_DIR ?? '.data',
    jwtSecret,
    accessTokenTtlSeconds: int(env.ACCESS_TOKEN_TTL_SECONDS, 900, 'ACCESS_TOKEN_TTL_SECONDS'),
    refreshTokenTtlDays: int(env.REFRESH_TOKEN_TTL_DAYS, 30, 'REFRESH_TOKEN_TTL_DAYS'),
    magicLinkTtlMinutes: Math.max(1, int(env.MAGIC_LINK_TTL_MINUTES, 15, 'MAGIC_LINK_TTL_MINUTES')),
    pageLinkTtlHours: Math.max(1, int(env.PAGE_LINK_TTL_HOURS, 72, 'PAGE_LINK_TTL_HOURS')),
    snapshotEvery: Math.max(1, int(env.SNAPSHOT_EVERY, 50, 'SNAPSHOT_EVERY')),
    logLevel: env.LOG_LEVEL ?? (mode === 'test' ? 'silent' : 'info'),
    authRateLimit: int(env.AUTH_RATE_LIMIT, 20, 'AUTH_RATE_LIMIT'),
    // Under test, suites make clubs by the dozen: the bound is tested on its own with a low value.
    clubsPerDay: Math.max(1, int(env.CLUBS_PER_DAY, mode === 'test' ? 1000 : 5, 'CLUBS_PER_DAY')),
    clubInvitesPerDay: Math.max(1, int(env.CLUB_INVITES_PER_DAY, mode === 'test' ? 1000 : 20, 'CLUB_INVITES_PER_DAY')),
    // 19 MiB, 2 passes: the OWASP baseline for argon2id.
    passwordHashing: {
      memoryCostKib: Math.max(8, int(env.ARGON2_MEMORY_KIB, mode === 'test' ? 1024 : 19456, 'ARGON2_MEMORY_KIB')),
      timeCost: Math.max(1, int(env.ARGON2_TIME_COST, mode === 'test' ? 1 : 2, 'ARGON2_TIME_COST')),
    },
    mail: {
      smtpUrl: env.SMTP_URL || null,
      from: env.MAIL_FROM || `hexmail <noreply@${publicHost}>`,
      replyBase: env.REPLY_ADDRESS || `play@${publicHost}`,
      secret: env.MAIL_SECRET || null,
      attempts: Math.max(1, int(env.MAIL_ATTEMPTS, 16, 'MAIL_ATTEMPTS')),
      backoffMs: Math.max(1, int(env.MAIL_BACKOFF_MS, 5000, 'MAIL_BACKOFF_MS')),
      concurrency: Math.max(1, int(env.MAIL_CONCURRENCY, 8, 'MAIL_CONCURRENCY')),
      // bench/notify.ts measured these against a local SMTP server (docs/performance.md).
      smtpMaxConnections: Math.max(1, int(env.SMTP_MAX_CONNECTIONS, 4, 'SMTP_MAX_CONNECTIONS')),
      smtpMaxMessages: Math.max(1, int(env.SMTP_MAX_MESSAGES, 1000, 'SMTP_MAX_MESSAGES')),
      // Under test each suite starts workers by the dozen: the warm-up would only slow them.
      warmMaps: onOff(env.MAP_WARM_UP, mode !== 'test', 'MAP_WARM_UP'),
      relayIntervalMs: Math.max(10, int(env.RELAY_INTERVAL_MS, 500, 'RELAY_INTERVAL_MS')),
      deadlineTickMs: Math.max(100, int(env.DEADLINE_TICK_MS, 30_000, 'DEADLINE_TICK_MS')),
      inboundSmtpPort:
        env.INBOUND_SMTP_PORT === 'off'
          ? null
          : int(env.INBOUND_SMTP_PORT, mode === 'test' ? 0 : 2525, 'INBOUND_SMTP_PORT'),
      inboundSmtpHost: env.INBOUND_SMTP_HOST ?? host,
      inboundKey: env.INBOUND_KEY || null,
      vacationDaysPerYear: int(env.VACATION_DAYS, 21, 'VACATION_DAYS'),
    },
    metricsToken: metricsToken(env.METRICS_TOKEN),
    metricsPort: metricsPort(env.METRICS_PORT),
    metricsHost: env.METRICS_HOST || '127.0.0.1',
  }
}

/** The key for reply tokens and unsubscribe links: MAIL_SECRET, else the token-signing secret. */
export function mailSecret(config: Config): string {
  return config.mail.secret ?? config.jwtSecret
}
