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
  /** null: start a private redis-server when one is on the PATH. */
  redisUrl: string | null
  dataDir: string
  jwtSecret: string
  accessTokenTtlSeconds: number
  refreshTokenTtlDays: number
  /** A state snapshot is written every this many log entries. */
  snapshotEvery: number
  logLevel: string
  /** Requests per minute per IP on the auth routes. */
  authRateLimit: number
  /** argon2id cost for password hashes; lower under test so suites stay fast. */
  passwordHashing: { memoryCostKib: number; timeCost: number }
}

function int(value: string | undefined, fallback: number, name: string): number {
  if (value === undefined || value === '') return fallback
  const n = Number(value)
  if (!Number.isInteger(n) || n < 0) throw new Error(`${name} must be a whole number, got "${value}"`)
  return n
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const mode = env.NODE_ENV === 'production' ? 'production' : env.NODE_ENV === 'test' ? 'test' : 'development'
  const port = int(env.PORT, 3000, 'PORT')
  const host = env.HOST ?? '127.0.0.1'
  const jwtSecret = env.JWT_SECRET ?? (mode === 'production' ? '' : randomBytes(32).toString('hex'))
  if (!jwtSecret) throw new Error('JWT_SECRET must be set in production (32+ random characters)')
  return {
    env: mode,
    host,
    port,
    publicUrl: env.PUBLIC_URL ?? `http://localhost:${port}`,
    databaseUrl: env.DATABASE_URL || null,
    redisUrl: env.REDIS_URL || null,
    dataDir: env.DATA_DIR ?? '.data',
    jwtSecret,
    accessTokenTtlSeconds: int(env.ACCESS_TOKEN_TTL_SECONDS, 900, 'ACCESS_TOKEN_TTL_SECONDS'),
    refreshTokenTtlDays: int(env.REFRESH_TOKEN_TTL_DAYS, 30, 'REFRESH_TOKEN_TTL_DAYS'),
    snapshotEvery: Math.max(1, int(env.SNAPSHOT_EVERY, 50, 'SNAPSHOT_EVERY')),
    logLevel: env.LOG_LEVEL ?? (mode === 'test' ? 'silent' : 'info'),
    authRateLimit: int(env.AUTH_RATE_LIMIT, 20, 'AUTH_RATE_LIMIT'),
    // 19 MiB, 2 passes: the OWASP baseline for argon2id.
    passwordHashing: {
      memoryCostKib: Math.max(8, int(env.ARGON2_MEMORY_KIB, mode === 'test' ? 1024 : 19456, 'ARGON2_MEMORY_KIB')),
      timeCost: Math.max(1, int(env.ARGON2_TIME_COST, mode === 'test' ? 1 : 2, 'ARGON2_TIME_COST')),
    },
  }
}
