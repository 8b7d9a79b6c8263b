// npm run game:migrate-rules -- [--allow-downgrade] <game id> <rules version> <reason…>
// Moves a running game to other rules with an entry in its log (docs/engine-versions.md), and tells
// every player by email. A move to an older version than the game plays is refused without
// --allow-downgrade. Reads DATABASE_URL (from the environment or .env), the database the server uses.
import { existsSync } from 'node:fs'
import { migrateRules } from '../games/rules-migration.js'
import { createDb } from '../store/db.js'

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

async function main(): Promise<number> {
  const args = process.argv.slice(2)
  const allowDowngrade = args.includes('--allow-downgrade')
  const [gameId, to, ...why] = args.filter((a) => a !== '--allow-downgrade')
  if (!gameId || !to || why.length === 0) {
    console.error('usage: npm run game:migrate-rules -- [--allow-downgrade] <game id> <rules version> <reason…>')
    return 2
  }
  if (!UUID.test(gameId)) {
    console.error(`"${gameId}" is not a game id: a game id is a UUID, as in /games/<id> (GET /games lists them)`)
    return 1
  }
  if (existsSync('.env')) process.loadEnvFile('.env')
  const url = process.env.DATABASE_URL
  if (!url) {
    console.error("set DATABASE_URL to the server's database")
    return 2
  }
  const db = createDb(url, { poolSize: 1 })
  try {
    const done = await migrateRules(db, gameId, { to, reason: why.join(' '), userId: null, allowDowngrade })
    console.log(
      `game ${gameId} moved from rules ${done.from} to ${done.to} at log entry ${done.seq} ` +
        `(receipt ${done.receipt}); every player is told by email`,
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
