// Benchmark (not a test): the game page in a real Chromium, against the server on 127.0.0.1.
//   1. Time from navigation to a usable game page (the map drawn and the options loaded): the page marks
//      that moment itself (performance.mark('hexmail:usable'), web/client/game.ts); the browser's own
//      clock gives it, from the navigation's start. Cold (a new browser context, nothing cached) and warm
//      (the same context again: the bundle is cached). Target: within 1 s.
//   2. The JavaScript and CSS the browser receives, compressed as sent (brotli) and gzip, from the served
//      bundle and from the browser's resource timings. Target: JavaScript <= 150 KB compressed.
// Run: npm run bench:web   (needs the PostgreSQL at BENCH_ADMIN_URL, default 127.0.0.1:5432 trust, and
// Debian's chromium at /usr/bin/chromium or CHROMIUM_PATH)
import { loadavg } from 'node:os'
import { chromium } from 'playwright-core'
import { openWebSession } from '../../src/auth/web-sessions.js'
import { loadConfig } from '../../src/config.js'
import { buildApp } from '../../src/http/app.js'
import { webAssets } from '../../src/web/assets.js'
import { CHROMIUM, CHROMIUM_FLAGS } from '../../test/web/chromium.js'
import { freshBenchDb } from '../support.js'

const RUNS = Number(process.env.BENCH_RUNS ?? 20)
const TARGET_MS = 1000
const TARGET_JS_KB = 150
const DB_NAME = 'hexmail_bench_web'

const bench = await freshBenchDb(DB_NAME, 8)
const app = await buildApp({
  config: loadConfig({
    NODE_ENV: 'production',
    JWT_SECRET: 'bench'.repeat(8),
    LOG_LEVEL: 'silent',
    AUTH_RATE_LIMIT: '100000',
  }),
  db: bench.db,
})
const address = await app.listen({ host: '127.0.0.1', port: 0 })
console.log(
  `web bench: server at ${address}, load average ${loadavg()
    .map((x) => x.toFixed(2))
    .join(' ')}`,
)

async function call<T>(method: string, path: string, token: string | null, body?: unknown): Promise<T> {
  const res = await fetch(`${address}${path}`, {
    method,
    headers: {
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  })
  if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${await res.text()}`)
  return (await res.json()) as T
}

type Registered = { user: { id: string }; accessToken: string }
const reg = (name: string) =>
  call<Registered>('POST', '/auth/register', null, {
    email: `${name}.${Date.now()}@example.org`,
    name,
    password: 'correct horse battery',
  })
const fed = await reg('amuro')
const zeon = await reg('char')
const game = await call<{ id: string; invite: string }>('POST', '/games', fed.accessToken, {
  ruleset: 'abaoaqu',
  scenario: 'A-S4',
  seat: 'FED',
  options: { deployment: 'auto' },
})
await call('POST', `/games/${game.id}/join`, zeon.accessToken, { invite: game.invite })
const summary = await call<{ pending: { side: string }[] }>('GET', `/games/${game.id}`, fed.accessToken)
const actor = summary.pending[0]?.side === 'FED' ? fed : zeon
const { token } = await openWebSession(bench.db, actor.user.id)

const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_FLAGS, headless: true })
const host = new URL(address).hostname
const cookie = {
  name: 'hexmail_session',
  value: token,
  domain: host,
  path: '/',
  httpOnly: true,
  sameSite: 'Lax' as const,
}

async function usableMs(page: import('playwright-core').Page): Promise<number> {
  await page.goto(`${address}/g/${game.id}`)
  await page.waitForFunction(() => performance.getEntriesByName('hexmail:usable').length > 0, null, { timeout: 10_000 })
  const t = await page.evaluate(() => {
    const byType = performance.getEntriesByType as unknown as (type: string) => Record<string, number>[]
    const nav = byType('navigation')[0]!
    const options = performance.getEntriesByType('resource').find((e) => e.name.endsWith('/options'))
    return {
      usable: performance.getEntriesByName('hexmail:usable')[0]!.startTime,
      firstByte: nav.responseStart!,
      html: nav.responseEnd!,
      domReady: nav.domContentLoadedEventEnd!,
      options: options ? options.duration : 0,
      bytes: nav.encodedBodySize!,
    }
  })
  parts.push(t)
  return t.usable
}
const parts: Record<string, number>[] = []

// The server's first page builds the bundle and compiles the templates (once per process): timed apart.
const first = await browser.newContext({ viewport: { width: 1280, height: 900 } })
await first.addCookies([cookie])
const firstEver = await usableMs(await first.newPage())
await first.close()

const cold: number[] = []
const warm: number[] = []
let scriptBytes = 0
for (let i = 0; i < RUNS; i++) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } })
  await context.addCookies([cookie])
  const page = await context.newPage()
  cold.push(await usableMs(page))
  if (i === 0)
    scriptBytes = await page.evaluate(() =>
      performance
        .getEntriesByType('resource')
        .filter((e) => (e as unknown as { initiatorType: string }).initiatorType === 'script')
        .reduce((n, e) => n + (e as unknown as { encodedBodySize: number }).encodedBodySize, 0),
    )
  warm.push(await usableMs(page))
  await context.close()
}
await browser.close()

const pct = (xs: number[], p: number) =>
  [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor((p / 100) * xs.length))]!
const line = (name: string, xs: number[]) =>
  console.log(
    `${name.padEnd(32)} p50 ${pct(xs, 50).toFixed(0)} ms  p95 ${pct(xs, 95).toFixed(0)} ms  ` +
      `max ${Math.max(...xs).toFixed(0)} ms` +
      `  (target <= ${TARGET_MS} ms: ${pct(xs, 95) <= TARGET_MS ? 'met' : 'NOT met'})`,
  )
console.log(`game page usable, the server's very first page: ${firstEver.toFixed(0)} ms (builds the bundle)`)
line(`game page usable, cold (${RUNS} runs)`, cold)
line(`game page usable, warm (${RUNS} runs)`, warm)
const median = (key: string) =>
  pct(
    parts.slice(1).map((p) => p[key]!),
    50,
  ).toFixed(0)
console.log(
  `where the time goes (medians): first byte ${median('firstByte')} ms, HTML in ${median('html')} ms ` +
    `(${(Number(median('bytes')) / 1024).toFixed(0)} KB), DOM ready ${median('domReady')} ms, ` +
    `GET /options ${median('options')} ms, usable ${median('usable')} ms`,
)

const assets = await webAssets()
const kb = (n: number) => (n / 1024).toFixed(1)
console.log(
  `JavaScript: ${kb(assets.js.body.length)} KB minified, ${kb(assets.js.br.length)} KB brotli (as sent), ` +
    `${kb(assets.js.gzip.length)} KB gzip; the browser received ${kb(scriptBytes)} KB of script ` +
    `(target <= ${TARGET_JS_KB} KB compressed: ${assets.js.gzip.length / 1024 <= TARGET_JS_KB ? 'met' : 'NOT met'})`,
)
console.log(`CSS: ${kb(assets.css.body.length)} KB minified, ${kb(assets.css.br.length)} KB brotli`)
await app.close()
await bench.drop()
