// The driver adapter the Prisma CLI uses to migrate with its JavaScript schema engine (Prisma 6.19,
// no native engines on these machines). Three defects of @prisma/adapter-pg are worked around here.
import { PrismaPg } from '@prisma/adapter-pg'
import pg from 'pg'

// prisma/prisma#27403: introspection reads pg_catalog columns of types "char" (18), name (19) and
// regproc (24), which adapter-pg cannot map; pg already returns them as strings, so call them text.
const CATALOG_TEXT_TYPES = new Set([18, 19, 24])
const TEXT = 25

type Adapter = Awaited<ReturnType<PrismaPg['connect']>>

interface AdapterInternals {
  client: { query: (sql: string) => Promise<{ rowCount: number | null } | Array<{ rowCount: number | null }>> }
  onError: (error: unknown) => never
  performIO: (query: unknown) => Promise<{ fields: Array<{ dataTypeID: number }> }>
  executeScript: (script: string) => Promise<void>
  executeRaw: (query: { sql: string; args: unknown[] }) => Promise<number>
}

function patch(adapter: Adapter): Adapter {
  const internals = adapter as unknown as AdapterInternals
  const performIO = internals.performIO.bind(adapter)
  internals.performIO = async (query) => {
    const result = await performIO(query)
    for (const field of result.fields) if (CATALOG_TEXT_TYPES.has(field.dataTypeID)) field.dataTypeID = TEXT
    return result
  }
  // The stock executeScript splits a migration on every ";", which breaks dollar-quoted function
  // bodies (our log trigger). PostgreSQL's simple query protocol takes the whole script at once.
  internals.executeScript = async (script) => {
    try {
      await internals.client.query(script)
    } catch (error) {
      internals.onError(error)
    }
  }
  // The shadow database gets a whole migration through executeRaw, which prepares it as one
  // statement; without parameters, send it by the simple protocol too.
  const executeRaw = internals.executeRaw.bind(adapter)
  internals.executeRaw = async (query) => {
    if (query.args.length > 0) return executeRaw(query)
    try {
      const result = await internals.client.query(query.sql)
      return (Array.isArray(result) ? result : [result]).reduce((n, r) => n + (r.rowCount ?? 0), 0)
    } catch (error) {
      return internals.onError(error)
    }
  }
  return adapter
}

export class MigrationAdapter extends PrismaPg {
  constructor(private readonly url: string) {
    super({ connectionString: url })
  }

  override async connect(): Promise<Adapter> {
    return patch(await super.connect())
  }

  // The stock hook spreads the config into a new pool, but a connectionString wins over `database`,
  // so the "shadow" pool pointed at the main database; it also dropped the shadow database before
  // closing its pool. Here the shadow URL names the new database and the pool closes first.
  override async connectToShadowDb(): Promise<Adapter> {
    const name = `prisma_shadow_${globalThis.crypto.randomUUID().replaceAll('-', '')}`
    const admin = new pg.Client({ connectionString: this.url })
    await admin.connect()
    await admin.query(`CREATE DATABASE "${name}"`)
    await admin.end()
    const shadowUrl = new URL(this.url)
    shadowUrl.pathname = `/${name}`
    const shadow = new PrismaPg({ connectionString: shadowUrl.toString() })
    const adapter = patch(await shadow.connect())
    const dispose = adapter.dispose.bind(adapter)
    adapter.dispose = async () => {
      await dispose()
      const cleanup = new pg.Client({ connectionString: this.url })
      await cleanup.connect()
      await cleanup.query(`DROP DATABASE IF EXISTS "${name}"`)
      await cleanup.end()
    }
    return adapter
  }
}
