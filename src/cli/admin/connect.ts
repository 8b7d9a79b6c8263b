// The database `npm run admin` works on: the server's, found the way `npm start` (src/main.ts) finds it.
//
// - DATABASE_URL set (environment, else .env): that database, as that role (the server's own).
// - Unset: the embedded PostgreSQL under DATA_DIR (default .data, src/config.ts).
//   - The server is running: its PostgreSQL is already up. It listens on 127.0.0.1 only, with no unix
//     socket; the port is the fourth line of DATA_DIR/postgres/postmaster.pid (PostgreSQL's own lock file),
//     so a second process connects there over TCP.
//   - It is not running: the embedded PostgreSQL is started for the command exactly as main.ts does
//     (startEmbeddedPostgres, which also recovers a stale lock) and stopped when the command is done.
//   Either way the command connects as the server's role, hexmail_app (src/store/roles.ts), with the
//   password main.ts keeps in DATA_DIR/postgres.app-password: that role may update User (grant-admin,
//   revoke-admin) and read everything else the commands show.
import { existsSync, readFileSync } from 'node:fs'
import { connect } from 'node:net'
import { join, resolve } from 'node:path'
import { loadConfig } from '../../config.js'
import { startEmbeddedPostgres, type EmbeddedPostgres } from '../../runtime/embedded-postgres.js'
import { createDb } from '../../store/db.js'
import { APP_ROLE } from '../../store/roles.js'
import type { Opened } from './commands.js'

/** The app role's URL on the embedded PostgreSQL at `port`. */
function appUrl(dataDir: string, port: number): string {
  const file = join(dataDir, 'postgres.app-password')
  if (!existsSync(file))
    throw new Error(
      `${file} is missing: the server has never started with DATA_DIR=${dataDir}. ` +
        'Run npm start once (it sets the database up), or set DATABASE_URL.',
    )
  const password = readFileSync(file, 'utf8').trim()
  return `postgresql://${APP_ROLE}:${encodeURIComponent(password)}@127.0.0.1:${port}/hexmail`
}

/** The port of the embedded PostgreSQL a running server started, or null when none answers. */
async function runningPort(dataDir: string): Promise<number | null> {
  let text: string
  try {
    text = readFileSync(join(dataDir, 'postgres', 'postmaster.pid'), 'utf8')
  } catch {
    return null
  }
  const [pidLine, , , portLine] = text.split('\n')
  const pid = Number(pidLine)
  const port = Number(portLine)
  if (!Number.isInteger(pid) || pid <= 0 || !Number.isInteger(port) || port <= 0) return null
  try {
    process.kill(pid, 0)
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code !== 'EPERM') return null // a stale lock: nobody is running
  }
  // Does anything listen there (the pid could be another program's after a reboot)? Connecting as the
  // app role then says whether it is the server's PostgreSQL.
  const listening = await new Promise<boolean>((done) => {
    const socket = connect({ host: '127.0.0.1', port, timeout: 3000 })
    const end = (up: boolean) => () => {
      socket.destroy()
      done(up)
    }
    socket.once('connect', end(true))
    socket.once('error', end(false))
    socket.once('timeout', end(false))
  })
  return listening ? port : null
}

/** Opens the server's database; `say` gets the lines about starting and stopping an embedded PostgreSQL. */
export async function openServerDatabase(say: (line: string) => void): Promise<Opened> {
  if (existsSync('.env')) process.loadEnvFile('.env')
  // Only the two variables that matter here: the command must not need JWT_SECRET or the like.
  const config = loadConfig({ DATABASE_URL: process.env.DATABASE_URL, DATA_DIR: process.env.DATA_DIR })
  if (config.databaseUrl) {
    const db = createDb(config.databaseUrl, { poolSize: 2 })
    return { db, close: () => db.$disconnect() }
  }
  const dataDir = resolve(config.dataDir)
  if (!existsSync(join(dataDir, 'postgres', 'PG_VERSION')))
    throw new Error(
      `there is no database in ${dataDir} (DATABASE_URL is not set, and DATA_DIR=${config.dataDir} holds no ` +
        'embedded PostgreSQL): run npm start once, or set DATABASE_URL or DATA_DIR',
    )
  const port = await runningPort(dataDir)
  if (port !== null) {
    const db = createDb(appUrl(dataDir, port), { poolSize: 2 })
    return { db, close: () => db.$disconnect() }
  }
  say(`starting the embedded PostgreSQL in ${dataDir} for this command …`)
  const embedded: EmbeddedPostgres = await startEmbeddedPostgres({ dataDir, log: say, logError: say })
  let db
  try {
    db = createDb(appUrl(dataDir, embedded.port), { poolSize: 2 })
  } catch (e) {
    await embedded.stop()
    throw e
  }
  const opened = db
  return {
    db: opened,
    close: async () => {
      await opened.$disconnect()
      await embedded.stop()
      say('stopped the embedded PostgreSQL')
    },
  }
}
