// Two database roles: the owner runs the migrations and owns the tables (and their triggers); the
// server runs as a role that may read and append to the log and the snapshots but never change or
// remove a row of them, nor switch their triggers off. A bug or an intruder in the server process
// then cannot rewrite a game; only the owner can, and receipts catch that (docs/verification.md).
import pg from 'pg'
import { stderrLog, type Log } from './db.js'

/** The embedded database's role for the server. */
export const APP_ROLE = 'hexmail_app'

/** Columns of a game the server never changes after creating it. */
export const FIXED_GAME_COLUMNS = [
  'id',
  'seed',
  'seedCommitment',
  'ruleset',
  'rulesVersion',
  'scenarioId',
  'createdById',
  'createdAt',
  'clubId',
  'seasonId',
  'vacationDays',
]

/** Tables the server may only read and append to. */
export const APPEND_ONLY_TABLES = ['LogEntry', 'Snapshot'] as const

const ROLE_NAME = /^[a-z_][a-z0-9_]{0,62}$/

function quoteIdent(name: string): string {
  return `"${name.replace(/"/g, '""')}"`
}

async function withClient<T>(url: string, log: Log, fn: (c: pg.Client) => Promise<T>): Promise<T> {
  const c = new pg.Client({ connectionString: url })
  // A statement in flight fails with this error too; between two, the next one fails without saying why.
  c.on('error', (e) => log.warn(`database roles: the connection failed (${e.message})`))
  await c.connect()
  try {
    return await fn(c)
  } finally {
    await c.end()
  }
}

/**
 * Grants `role` what the server needs on every table of the schema, less UPDATE, DELETE and TRUNCATE
 * on the append-only tables. Run as the owner after each migration (new tables get their grants).
 */
export async function grantAppRole(ownerUrl: string, role: string, log: Log = stderrLog): Promise<void> {
  if (!ROLE_NAME.test(role)) throw new Error(`"${role}" is not a plain role name (lower-case letters, digits, _)`)
  const r = quoteIdent(role)
  await withClient(ownerUrl, log, async (c) => {
    await c.query('BEGIN')
    await c.query(`GRANT USAGE ON SCHEMA public TO ${r}`)
    await c.query(`GRANT SELECT, INSERT, UPDATE, DELETE ON ALL TABLES IN SCHEMA public TO ${r}`)
    await c.query(`GRANT USAGE, SELECT, UPDATE ON ALL SEQUENCES IN SCHEMA public TO ${r}`)
    await c.query(`GRANT EXECUTE ON ALL FUNCTIONS IN SCHEMA public TO ${r}`)
    for (const table of APPEND_ONLY_TABLES)
      await c.query(`REVOKE UPDATE, DELETE, TRUNCATE, TRIGGER, REFERENCES ON ${quoteIdent(table)} FROM ${r}`)
    // A game's identity and its dice seed never change once written: the server may update its
    // other columns only (a new column is updatable unless it is listed here).
    const columns = (
      await c.query(
        `SELECT column_name FROM information_schema.columns
          WHERE table_schema = 'public' AND table_name = 'Game' AND NOT (column_name = ANY($1::text[]))
          ORDER BY ordinal_position`,
        [FIXED_GAME_COLUMNS],
      )
    ).rows.map((row) => quoteIdent(row.column_name as string))
    await c.query(`REVOKE UPDATE ON "Game" FROM ${r}`)
    await c.query(`GRANT UPDATE (${columns.join(', ')}) ON "Game" TO ${r}`)
    // The migration history is the owner's business.
    await c.query(`REVOKE ALL ON "_prisma_migrations" FROM ${r}`)
    await c.query('COMMIT')
  })
}

/**
 * The embedded database's server role: created (or its password reset) by the owner, without
 * superuser, database or role creation rights, then granted grantAppRole's rights. Returns the URL
 * the server connects with.
 */
export async function ensureAppRole(
  ownerUrl: string,
  role: string,
  password: string,
  log: Log = stderrLog,
): Promise<string> {
  if (!ROLE_NAME.test(role)) throw new Error(`"${role}" is not a plain role name (lower-case letters, digits, _)`)
  const r = quoteIdent(role)
  await withClient(ownerUrl, log, async (c) => {
    const exists = (await c.query('SELECT 1 FROM pg_roles WHERE rolname = $1', [role])).rowCount
    const literal = (await c.query('SELECT quote_literal($1) AS q', [password])).rows[0].q as string
    await c.query(
      `${exists ? 'ALTER' : 'CREATE'} ROLE ${r} ` +
        `LOGIN NOSUPERUSER NOCREATEDB NOCREATEROLE NOREPLICATION NOBYPASSRLS PASSWORD ${literal}`,
    )
    const db = (await c.query('SELECT current_database() AS d')).rows[0].d as string
    await c.query(`GRANT CONNECT ON DATABASE ${quoteIdent(db)} TO ${r}`)
  })
  await grantAppRole(ownerUrl, role, log)
  const url = new URL(ownerUrl)
  url.username = encodeURIComponent(role)
  url.password = encodeURIComponent(password)
  return url.toString()
}

/** What the connected role could do to the log that it should not (empty: nothing). */
export async function logRewriteRights(url: string, log: Log = stderrLog): Promise<string[]> {
  return withClient(url, log, async (c) => {
    const row = (
      await c.query(
        `SELECT current_user AS who, r.rolsuper AS super, r.rolbypassrls AS bypass,
        (SELECT array_agg(t) FROM unnest($1::text[]) AS t
          WHERE pg_get_userbyid((SELECT relowner FROM pg_class WHERE oid = format('%I', t)::regclass))
                = current_user) AS owns,
        (SELECT array_agg(t || ' ' || p)
           FROM unnest($1::text[]) AS t, unnest(ARRAY['UPDATE', 'DELETE', 'TRUNCATE']) AS p
          WHERE has_table_privilege(format('%I', t), p)) AS may
      FROM pg_roles r WHERE r.rolname = current_user`,
        [APPEND_ONLY_TABLES],
      )
    ).rows[0]
    const out: string[] = []
    if (row.super) out.push(`${row.who} is a superuser`)
    if (row.owns?.length) out.push(`${row.who} owns ${row.owns.join(', ')} (and may switch their triggers off)`)
    if (row.may?.length) out.push(`${row.who} may ${row.may.join(', ')}`)
    return out
  })
}
