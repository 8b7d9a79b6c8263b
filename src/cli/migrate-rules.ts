// npm run game:migrate-rules -- <game id> <rules version> <reason…>
// Moves a running game to other rules with an entry in its log (docs/engine-versions.md). Reads
// DATABASE_URL (from the environment or .env), the database the server uses.
import { existsSync } from 'node:fs'
import { migrateRules } from '../games/rules-migration.js'
import { createDb } from '../store/db.js'

async function main(): Promise<number> {
  const [gameId, to, ...why] = process.argv.slice(2)
  if (!gameId || !to || why.length === 0) {
    console.error('usage: npm run game:migrate-rules -- <game id> <rules version> <reason…>')
    return 2
  }
  if (existsSync('.env')) process.loadEnvFile('.env')
  const url = process.env.DATABASE_URL
  if (!url) {
    console.error("set DATABASE_URL to the server's database")
    return 2
  }
  const db = createDb(url, { poolSize: 1 })
  try {
    const done = await migrateRules(db, gameId, { to, reason: why.join(' '), userId: null })
    console.log(
      `game ${gameId} moved from rules ${done.from} to ${done.to} at log entry ${done.seq} (receipt ${done.receipt})`,
    )
    return 0
  } catch (e) {
    console.error(`game ${gameId} was not migrated: ${(e as Error).message}`)
    return 1
  } finally {
    await db.$disconnect()
  }
}

process.exitCode = await main()
