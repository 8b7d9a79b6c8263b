// npm run admin -- <command> [arguments]: the operator's command line (docs/admin.md).
//
//   grant-admin EMAIL · revoke-admin EMAIL · list-admins · show-game ID · verify-game ID · disputes [--all] ·
//   recompute-ratings [--ruleset ID] · help
//   (--json on list-admins, show-game, verify-game, disputes and recompute-ratings prints JSON instead of text)
//
// The database: DATABASE_URL (from the environment, else .env, as migrate-rules.ts reads it), connected as
// that role. Unset: the embedded PostgreSQL under DATA_DIR (default .data), as `npm start` uses it. When the
// server is running, its PostgreSQL is up: the port is read from DATA_DIR/postgres/postmaster.pid and the
// command connects over TCP on 127.0.0.1. When it is not, the embedded PostgreSQL is started for the
// command (as main.ts starts it) and stopped afterwards. Either way it connects as the server's role
// hexmail_app (password in DATA_DIR/postgres.app-password), which may update User.role. See admin/connect.ts.
//
// Exit codes: 0 done (also "already admin" / "not admin", which change nothing), 1 refused or failed
// (unknown email, bad or unknown game id, a game that does not verify), 2 usage (no or unknown command).
import { runAdmin } from './admin/commands.js'
import { openServerDatabase } from './admin/connect.js'

const io = {
  out: (line: string) => process.stdout.write(`${line}\n`),
  err: (line: string) => process.stderr.write(`${line}\n`),
}

process.exitCode = await runAdmin(process.argv.slice(2), io, () => openServerDatabase(io.err))
