// Applies the migrations in prisma/migrations with the Prisma CLI (`migrate deploy`), through the
// JavaScript schema engine configured in prisma.config.ts.
import { spawn } from 'node:child_process'
import { createRequire } from 'node:module'
import { dirname, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..')
// The CLI prints one of these when it is done, then idles about 10 s on a timer of its schema
// engine before exiting; we stop waiting (and stop it) as soon as it says so.
const DONE = /All migrations have been successfully applied|No pending migrations to apply/

export async function migrate(databaseUrl: string, timeoutMs = 120_000): Promise<string> {
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
