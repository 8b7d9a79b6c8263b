// Applies the migrations in prisma/migrations with the Prisma CLI (`migrate deploy`), through the
// JavaScript schema engine configured in prisma.config.ts.
import { execFile } from 'node:child_process'
import { createRequire } from 'node:module'
import { dirname, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { promisify } from 'node:util'

const run = promisify(execFile)
const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..')

export async function migrate(databaseUrl: string): Promise<string> {
  const cli = createRequire(import.meta.url).resolve('prisma/build/index.js')
  const env = { ...process.env, DATABASE_URL: databaseUrl, PRISMA_QUERY_ENGINE_LIBRARY: '/bin/true', PRISMA_SCHEMA_ENGINE_BINARY: '/bin/true', PRISMA_HIDE_UPDATE_MESSAGE: '1' }
  try {
    const { stdout } = await run(process.execPath, [cli, 'migrate', 'deploy'], { cwd: root, env, timeout: 120_000 })
    return stdout
  } catch (e) {
    const err = e as { stdout?: string; stderr?: string; message: string }
    throw new Error(`migrations failed: ${err.stderr || err.stdout || err.message}`)
  }
}
