// Applies the migrations in prisma/migrations with the Prisma CLI (`migrate deploy`), through the
// JavaScript schema engine configured in prisma.config.ts.
import { spawn } from 'node:child_process'
import { createHash } from 'node:crypto'
import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { dirname, join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import pg from 'pg'

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..')
// The CLI prints one of these when it is done, then idles about 10 s on a timer of its schema
// engine before exiting; we stop waiting (and stop it) as soon as it says so.
const DONE = /All migrations have been successfully applied|No pending migrations to apply/

/**
 * Whether every migration in prisma/migrations is applied to the database, unchanged (the checksum Prisma
 * keeps is the SHA-256 of migration.sql), and none failed or is unknown to this tree: then there is nothing
 * for the CLI to do, and starting one (about 5 s of CPU) is skipped. Every other case goes to the CLI,
 * which applies, or explains.
 */
export async function allApplied(databaseUrl: string): Promise<boolean> {
  const dir = join(root, 'prisma', 'migrations')
  const wanted = new Map<string, string>()
  for (const name of readdirSync(dir)) {
    const file = join(dir, name, 'migration.sql')
    if (existsSync(file)) wanted.set(name, createHash('sha256').update(readFileSync(file)).digest('hex'))
  }
  const client = new pg.Client({ connectionString: databaseUrl })
  try {
    await client.connect()
    const { rows } = await client.query<{ name: string; checksum: string; done: boolean; undone: boolean }>(
      `SELECT migration_name AS name, checksum, finished_at IS NOT NULL AS done, rolled_back_at IS NOT NULL AS undone
         FROM _prisma_migrations`,
    )
    const applied = rows.filter((r) => !r.undone)
    if (applied.length !== wanted.size) return false
    return applied.every((r) => r.done && wanted.get(r.name) === r.checksum)
  } catch {
    return false // no table yet (a new database), or the database cannot be read: the CLI says why
  } finally {
    // Closing a connection that never opened fails as well: nothing the failure above did not already say.
    await client.end().catch((e: Error) => e)
  }
}

export async function migrate(databaseUrl: string, timeoutMs = 120_000): Promise<string> {
  if (await allApplied(databaseUrl)) return 'No pending migrations to apply (every migration is applied, unchanged)'
  const cli = createRequire(import.meta.url).resolve('prisma/build/index.js')
  const env = {
    ...process.env,
    DATABASE_URL: databaseUrl,
    PRISMA_QUERY_ENGINE_LIBRARY: '/bin/true',
    PRISMA_SCHEMA_ENGINE_BINARY: '/bin/true',
    PRISMA_HIDE_UPDATE_MESSAGE: '1',
  }
  const child = spawn(process.execPath, [cli, 'migrate', 'deploy'], {
    cwd: root,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let out = ''
  let err = ''
  return new Promise((resolvePromise, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL')
      reject(new Error(`migrations did not finish within ${timeoutMs / 1000} s:\n${err || out}`))
    }, timeoutMs)
    const finish = (ok: boolean) => {
      clearTimeout(timer)
      if (ok) resolvePromise(out)
      else reject(new Error(`migrations failed:\n${err || out}`))
    }
    child.stdout.on('data', (d: Buffer) => {
      out += d.toString()
      if (DONE.test(out)) {
        child.kill('SIGTERM')
        finish(true)
      }
    })
    child.stderr.on('data', (d: Buffer) => {
      err += d.toString()
    })
    child.on('error', (e) => {
      clearTimeout(timer)
      reject(e)
    })
    child.on('exit', (code) => {
      if (!DONE.test(out)) finish(code === 0)
    })
  })
}
