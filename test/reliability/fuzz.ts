// The API fuzzer (issue 9, section 6): requests generated from the OpenAPI document for every route,
// valid, near-valid and hostile (wrong types, sizes, unicode, NUL, huge numbers, deep nesting), sent
// by anonymous callers, strangers, players and forged tokens. There must never be a 5xx, and a refused
// request must change nothing in the database. `test/reliability/fuzz.test.ts` sends 5,000;
// `npm run reliability:fuzz` 100,000.
import { rng } from '../../src/rulesets/abaoaqu/engine/random-orders.js'
import { randomUUID } from 'node:crypto'
import type { FastifyInstance } from 'fastify'
import pg from 'pg'

/* eslint-disable @typescript-eslint/no-explicit-any -- JSON Schema and generated values are any-shaped */

export interface FuzzContext {
  app: FastifyInstance
  /** A connection string to the app's database (for the before/after digest). */
  databaseUrl: string
  /** Real ids to aim at: games (one the callers play, one private to others), users. */
  gameIds: string[]
  tokens: Record<string, string | null>
}

export interface FuzzReport {
  requests: number
  byStatus: Record<string, number>
  /** Requests per route, to show every route was reached. */
  byRoute: Record<string, number>
  serverErrors: Array<{ request: string; status: number; body: string }>
  /** Refused requests after which the database was not as before. */
  changedOnRefusal: Array<{ request: string; status: number; tables: string[] }>
  seconds: number
}

let deep: unknown = 1
for (let i = 0; i < 2000; i++) deep = [deep]

/** Values meant to break things. */
const HOSTILE: unknown[] = [
  '',
  ' ',
  '\u0000',
  'a\u0000b',
  '\ud800',
  'x\udfffy',
  '\uffff',
  '🂡🀄',
  'お世話になっております。',
  'مرحبا',
  '\u202e',
  'A'.repeat(70_000),
  '../../etc/passwd',
  '<script>alert(1)</script>',
  '{{constructor}}',
  "' OR 1=1 --",
  '%00',
  '1e309',
  '99999999999999999999',
  '-0',
  'NaN',
  'Infinity',
  0,
  -1,
  Number.MAX_VALUE,
  Number('1e20'),
  -Number('1e20'),
  2 ** 31,
  2 ** 53 + 1,
  0.5,
  -0.0001,
  true,
  false,
  null,
  [],
  {},
  [null],
  { __proto__: { admin: true } },
  { constructor: { prototype: {} } },
  deep,
  Array(5000).fill('x'),
]

function pick<T>(r: () => number, list: readonly T[]): T {
  return list[Math.floor(r() * list.length)]!
}

/** A value the schema accepts (as far as a small generator can). */
function valid(schema: any, r: () => number, ctx: FuzzContext, name = ''): unknown {
  if (!schema) return null
  if (schema.const !== undefined) return schema.const
  if (schema.enum) return pick(r, schema.enum)
  if (schema.anyOf || schema.oneOf) return valid(pick(r, schema.anyOf ?? schema.oneOf), r, ctx, name)
  if (schema.default !== undefined && r() < 0.3) return schema.default
  switch (Array.isArray(schema.type) ? pick(r, schema.type) : schema.type) {
    case 'object': {
      const out: Record<string, unknown> = {}
      for (const [k, s] of Object.entries(schema.properties ?? {}))
        if ((schema.required ?? []).includes(k) || r() < 0.5) out[k] = valid(s, r, ctx, k)
      return out
    }
    case 'array':
      return Array.from({ length: Math.floor(r() * 3) }, () => valid(schema.items, r, ctx, name))
    case 'integer': {
      const lo = schema.minimum ?? 0
      const hi = schema.maximum ?? lo + 100
      return lo + Math.floor(r() * (Math.min(hi, lo + 1000) - lo + 1))
    }
    case 'number':
      return (schema.minimum ?? 0) + r() * 10
    case 'boolean':
      return r() < 0.5
    case 'null':
      return null
    default:
      return validString(schema, r, ctx, name)
  }
}

function validString(schema: any, r: () => number, ctx: FuzzContext, name: string): string {
  if (schema.format === 'uuid') return r() < 0.7 && ctx.gameIds.length ? pick(r, ctx.gameIds) : randomUUID()
  if (schema.format === 'email')
    return pick(r, ['someone@example.org', 'アムロ@example.jp', `fuzz.${Math.floor(r() * 1e6)}@example.org`])
  if (schema.format === 'uri') return pick(r, ['https://example.org/hook', 'http://127.0.0.1:1/x'])
  if (/ruleset/i.test(name)) return 'abaoaqu'
  if (/scenario/i.test(name)) return pick(r, ['A-S1', 'A-S4', 'A-S7', 'Z-S9'])
  if (/seat/i.test(name)) return pick(r, ['FED', 'ZEON', 'FED-1', 'FED-2'])
  if (/text/i.test(name))
    return pick(r, [
      'pass',
      'GM1 -> 0104',
      'standing defence none',
      'GD1 -> 0706\nshoot GD1 @ ZI1 ranks 0',
      'お世話になっております。\npass',
    ])
  if (/password/i.test(name)) return 'correct horse battery'
  if (/zone/i.test(name)) return pick(r, ['Asia/Tokyo', 'UTC', 'Europe/London'])
  const len = Math.max(schema.minLength ?? 1, Math.min(schema.maxLength ?? 12, 12))
  return pick(r, ['fuzz', 'ファズ', 'x', 'Solomon']).padEnd(len, 'z').slice(0, Math.max(len, 1))
}

/** A valid value with one thing wrong: a field removed, retyped, out of range, or added. */
function nearValid(schema: any, r: () => number, ctx: FuzzContext): unknown {
  const v = valid(schema, r, ctx)
  if (v && typeof v === 'object' && !Array.isArray(v)) {
    const o = v as Record<string, unknown>
    const keys = Object.keys(schema?.properties ?? {})
    const k = keys.length ? pick(r, keys) : 'extra'
    const mode = r()
    if (mode < 0.25) delete o[k]
    else if (mode < 0.5) o[k] = pick(r, HOSTILE)
    else if (mode < 0.75) o[`extra_${Math.floor(r() * 100)}`] = pick(r, HOSTILE)
    else
      o[k] =
        typeof o[k] === 'number'
          ? (o[k] as number) * -1000 - 1
          : typeof o[k] === 'string'
            ? `${o[k] as string}\u0000`
            : [o[k]]
    return o
  }
  return pick(r, HOSTILE)
}

interface Operation {
  method: string
  path: string
  op: any
}

/** Percent-encoding that also sends lone surrogates, as the bytes of invalid UTF-8 a hostile client sends. */
function enc(v: string): string {
  return v.replace(/[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]|[^]/gu, (ch) => {
    const code = ch.codePointAt(0)!
    const byte = (b: number) => `%${b.toString(16).toUpperCase()}`
    if (ch.length === 1 && code >= 0xd800 && code <= 0xdfff)
      return byte(0xe0 | (code >> 12)) + byte(0x80 | ((code >> 6) & 0x3f)) + byte(0x80 | (code & 0x3f))
    return encodeURIComponent(ch)
  })
}

function operations(doc: any): Operation[] {
  const out: Operation[] = []
  for (const [path, ops] of Object.entries(doc.paths as Record<string, any>)) {
    for (const [method, op] of Object.entries(ops))
      if (['get', 'post', 'put', 'patch', 'delete'].includes(method))
        out.push({ method: method.toUpperCase(), path, op })
  }
  return out
}

function paramValue(p: any, r: () => number, ctx: FuzzContext, kind: number): string {
  const v = kind < 0.5 ? valid(p.schema, r, ctx, p.name) : kind < 0.8 ? nearValid(p.schema, r, ctx) : pick(r, HOSTILE)
  return typeof v === 'string' ? v : (JSON.stringify(v) ?? '')
}

/** One generated request. */
function generate(o: Operation, r: () => number, ctx: FuzzContext) {
  const kind = r() // < 0.5 valid, < 0.8 near-valid, else hostile
  let url = o.path
  const query: string[] = []
  const headers: Record<string, string> = {}
  for (const p of o.op.parameters ?? []) {
    if (p.in !== 'path' && r() < 0.4 && !p.required) continue
    const value = paramValue(p, r, ctx, kind)
    if (p.in === 'path') url = url.replace(`{${p.name}}`, enc(value))
    else if (p.in === 'query') query.push(`${enc(p.name)}=${enc(value)}`)
    else if (p.in === 'header') headers[p.name] = value.replace(/[^\t\x20-\x7e]/g, '?').slice(0, 4000)
  }
  url = url.replace(/\{(\w+)\}/g, () => (ctx.gameIds.length ? pick(r, ctx.gameIds) : randomUUID()))
  if (query.length) url += `?${query.join('&')}`
  const content = o.op.requestBody?.content ?? {}
  const types = Object.keys(content)
  let payload: string | undefined
  if (types.length) {
    const type = pick(r, types)
    const schema = content[type].schema
    if (type === 'application/json') {
      const body = kind < 0.5 ? valid(schema, r, ctx) : kind < 0.8 ? nearValid(schema, r, ctx) : pick(r, HOSTILE)
      payload =
        r() < 0.05 ? pick(r, ['{', '{"a":', 'null', '[]', '\u0000', '{"a":1}'.repeat(1000)]) : JSON.stringify(body)
    } else {
      const body = kind < 0.8 ? valid(schema, r, ctx, 'text') : pick(r, HOSTILE)
      payload = typeof body === 'string' ? body : JSON.stringify(body)
    }
    headers['content-type'] =
      r() < 0.95
        ? `${type}; charset=utf-8`
        : pick(r, ['application/xml', 'text/html', 'multipart/form-data; boundary=x', ''])
  }
  const who = pick(r, Object.keys(ctx.tokens))
  const token = ctx.tokens[who]
  if (token) headers.authorization = `Bearer ${token}`
  return { method: o.method, url, headers, payload, label: `${o.method} ${o.path} as ${who}` }
}

const MUTATING_GETS = new Set(['/auth/verify-email', '/unsubscribe'])

/**
 * What each table holds, as one hash per table: equal before and after means nothing changed. It runs after
 * every request that may write (thousands of times), so the query is built once, from the tables as they are
 * when the run starts (requests do not create tables), and prepared once: planning its UNION of some forty
 * sorted aggregates, and listing the tables again, took two thirds of its time.
 */
async function digester(client: pg.Client): Promise<() => Promise<Record<string, string>>> {
  const tables = (
    await client.query(
      `SELECT tablename FROM pg_tables WHERE schemaname = 'public' AND tablename <> '_prisma_migrations' ORDER BY 1`,
    )
  ).rows.map((row) => row.tablename as string)
  const parts = tables.map(
    (t) =>
      `SELECT '${t}' AS t, md5(coalesce(string_agg(md5(x::text), '' ORDER BY md5(x::text)), '')) AS h FROM "${t}" x`,
  )
  const query = { name: 'fuzz-digest', text: parts.join(' UNION ALL ') }
  return async () => {
    const rows = (await client.query(query)).rows
    return Object.fromEntries(rows.map((row) => [row.t, row.h]))
  }
}

export async function fuzzApi(ctx: FuzzContext, count: number, seed: number): Promise<FuzzReport> {
  const t0 = Date.now()
  const r = rng(seed)
  const doc = (await ctx.app.inject({ method: 'GET', url: '/docs/json' })).json()
  const ops = operations(doc)
  const client = new pg.Client({ connectionString: ctx.databaseUrl })
  await client.connect()
  const report: FuzzReport = {
    requests: 0,
    byStatus: {},
    byRoute: {},
    serverErrors: [],
    changedOnRefusal: [],
    seconds: 0,
  }
  try {
    const digest = await digester(client)
    let before = await digest()
    for (let i = 0; i < count; i++) {
      const o = ops[i % ops.length]!
      const req = generate(o, r, ctx)
      const res = await ctx.app.inject({
        method: req.method as 'GET',
        url: req.url,
        headers: req.headers,
        ...(req.payload !== undefined ? { payload: req.payload } : {}),
      })
      report.requests++
      report.byStatus[res.statusCode] = (report.byStatus[res.statusCode] ?? 0) + 1
      report.byRoute[`${o.method} ${o.path}`] = (report.byRoute[`${o.method} ${o.path}`] ?? 0) + 1
      const body = JSON.stringify(req.payload ?? '').slice(0, 200)
      const shown = `${req.label}: ${req.method} ${req.url.slice(0, 200)} ${body}`
      if (res.statusCode >= 500 && !(res.statusCode === 503 && o.path === '/readyz'))
        report.serverErrors.push({ request: shown, status: res.statusCode, body: res.body.slice(0, 300) })
      // A GET changes nothing, except following an emailed link (verify an address, unsubscribe).
      if (o.method === 'GET' && !MUTATING_GETS.has(o.path)) continue
      const after = await digest()
      if (res.statusCode >= 400) {
        const changed = Object.keys(after).filter((t) => after[t] !== before[t])
        if (changed.length) report.changedOnRefusal.push({ request: shown, status: res.statusCode, tables: changed })
      }
      before = after
    }
  } finally {
    await client.end()
  }
  report.seconds = (Date.now() - t0) / 1000
  return report
}
