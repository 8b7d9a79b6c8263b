// docker-compose.yml and the Dockerfile, read as an operator reviewing them would (no Docker engine runs here, so
// they are parsed, not run): both hexmail roles are there, built from the image; every port listens on 127.0.0.1;
// every image is pinned to a version; no password or secret has a value anyone could know; Redis keeps its jobs.
import { readFileSync } from 'node:fs'
import { resolve } from 'node:path'
import { describe, expect, it } from 'vitest'
import { parse } from 'yaml'

const repo = resolve(import.meta.dirname, '../..')
const composeText = readFileSync(resolve(repo, 'docker-compose.yml'), 'utf8')
const dockerfile = readFileSync(resolve(repo, 'Dockerfile'), 'utf8')

interface Service {
  image?: string
  build?: unknown
  command?: string[]
  environment?: Record<string, string>
  ports?: string[]
  depends_on?: Record<string, { condition: string }>
}
const compose = parse(composeText, { merge: true }) as { services: Record<string, Service> }
const services = compose.services

/** `${NAME:?message}`: compose refuses to start while NAME is unset or empty. */
const REQUIRED = /^\$\{([A-Z_]+):\?[^}]+\}$/

describe('docker-compose.yml', () => {
  it('runs the API and the worker from the Dockerfile, beside PostgreSQL, Redis and Mailpit', () => {
    expect(Object.keys(services).sort()).toEqual(['hexmail', 'hexmail-worker', 'mailpit', 'postgres', 'redis'])
    for (const [name, mode] of [
      ['hexmail', 'api'],
      ['hexmail-worker', 'worker'],
    ] as const) {
      const s = services[name]!
      expect(s.build, name).toBe('.')
      expect(s.command, name).toEqual([mode])
      expect(s.depends_on, name).toEqual({
        postgres: { condition: 'service_healthy' },
        redis: { condition: 'service_healthy' },
      })
      // Both on the same database, Redis and secret: what one signs, the other takes.
      expect(s.environment?.DATABASE_URL, name).toMatch(
        /^postgresql:\/\/hexmail:\$\{POSTGRES_PASSWORD:\?[^}]+\}@postgres:5432\/hexmail$/,
      )
      expect(s.environment?.REDIS_URL, name).toMatch(/^redis:\/\/:\$\{REDIS_PASSWORD:\?[^}]+\}@redis:6379$/)
      expect(s.environment?.JWT_SECRET, name).toMatch(REQUIRED)
      expect(s.environment?.NODE_ENV, name).toBe('production')
    }
    expect(services['hexmail-worker']!.ports).toBeUndefined()
  })

  it('binds every published port to 127.0.0.1', () => {
    const ports = Object.entries(services).flatMap(([name, s]) => (s.ports ?? []).map((p) => [name, p] as const))
    expect(ports.length).toBeGreaterThanOrEqual(6)
    for (const [name, p] of ports) expect(p, name).toMatch(/^127\.0\.0\.1:\d+:\d+$/)
  })

  it('pins every image it pulls to a version (no latest, no bare major)', () => {
    for (const [name, s] of Object.entries(services)) {
      if (s.build) continue
      expect(s.image, name).toMatch(/^[a-z0-9./-]+:v?\d+\.\d+\.?\d*(-[a-z0-9.]+)?$/)
      expect(s.image, name).not.toMatch(/:latest$/)
    }
    expect(services.postgres!.image).toMatch(/^postgres:17\./)
    expect(services.redis!.image).toMatch(/^redis:7\./)
  })

  it('gives no password or secret a default: each must come from .env', () => {
    const env = Object.entries(services).flatMap(([name, s]) =>
      Object.entries(s.environment ?? {}).map(([k, v]) => ({ name, k, v: String(v) })),
    )
    for (const { name, k, v } of env.filter((e) => /PASSWORD|SECRET|AUTH/.test(e.k)))
      expect(v, `${name} ${k}`).toMatch(REQUIRED)
    // A URL with credentials takes its password from a required variable too.
    for (const { name, k, v } of env.filter((e) => /:\/\/[^/@]*@/.test(e.v)))
      expect(v, `${name} ${k}`).toMatch(/:\/\/[a-z]*:\$\{[A-Z_]+:\?[^}]+\}@/)
    // Nowhere a fallback for a secret (`${POSTGRES_PASSWORD:-hexmail}`), nor the old fixed password.
    expect(composeText).not.toMatch(/\$\{[A-Z_]*(PASSWORD|SECRET)[A-Z_]*:?-/)
    expect(composeText).not.toMatch(/POSTGRES_PASSWORD: *hexmail/)
    const redisArgs = services.redis!.command!
    expect(redisArgs[redisArgs.indexOf('--requirepass') + 1]).toMatch(REQUIRED)
  })

  it('runs Redis with noeviction and an append-only file: queued jobs are never dropped', () => {
    const args = services.redis!.command!
    expect(args[args.indexOf('--maxmemory-policy') + 1]).toBe('noeviction')
    expect(args[args.indexOf('--appendonly') + 1]).toBe('yes')
  })
})

describe('Dockerfile', () => {
  it('builds on a pinned node:20 bookworm-slim, installs with npm ci, runs src/main.ts as a non-root user', () => {
    const from = dockerfile.match(/^FROM .+$/gm)
    expect(from).toEqual([expect.stringMatching(/^FROM node:20\.\d+\.\d+-bookworm-slim$/)])
    expect(dockerfile).toMatch(/^RUN npm ci --omit=dev\b/m)
    const user = /^USER (\S+)$/m.exec(dockerfile)?.[1]
    expect(user).toBeDefined()
    expect(user).not.toMatch(/^(root|0)$/)
    expect(dockerfile.indexOf('USER ')).toBeLessThan(dockerfile.indexOf('ENTRYPOINT'))
    expect(dockerfile).toMatch(/^ENTRYPOINT \["node", "--import", "tsx", "src\/main\.ts"\]$/m)
    expect(dockerfile).toMatch(/^CMD \["api"\]$/m)
  })

  it('copies what the server reads at run time, and the lock file that npm ci needs', () => {
    for (const path of ['package-lock.json', 'prisma', 'src', 'scenarios', 'templates', 'locales', 'web', 'assets'])
      expect(dockerfile, path).toMatch(new RegExp(`^COPY .*\\b${path.replace('.', '\\.')}\\b`, 'm'))
    const ignored = readFileSync(resolve(repo, '.dockerignore'), 'utf8').split('\n')
    for (const path of ['node_modules', '.env', '.data', 'src/store/generated']) expect(ignored).toContain(path)
  })
})
