// The browser tests' harness: the app listening on 127.0.0.1 (a random port), Debian's Chromium driven by
// playwright-core, a fresh context per person, and an accessibility check with axe-core.
import { mkdirSync, readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { join } from 'node:path'
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core'
import { createServer } from 'node:net'
import { startApp, type TestApp } from '../http/helpers.js'
import { CHROMIUM, CHROMIUM_FLAGS } from './chromium.js'
import { startMailStack, type MailStack } from '../notify/stack.js'

/** How long expect.poll waits for a page to show something. */
export const WAIT = { timeout: 10_000, interval: 100 }

export const PHONE = { width: 390, height: 844 }
export const DESKTOP = { width: 1280, height: 900 }

export interface WebHarness {
  h: TestApp
  base: string
  browser: Browser
  close: () => Promise<void>
}

export async function startWeb(env: Record<string, string> = {}): Promise<WebHarness> {
  const h = await startApp(env)
  await h.app.listen({ host: '127.0.0.1', port: 0 })
  const address = h.app.server.address()
  if (!address || typeof address === 'string') throw new Error('the app is not listening')
  const base = `http://127.0.0.1:${address.port}`
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_FLAGS, headless: true })
  return {
    h,
    base,
    browser,
    close: async () => {
      await browser.close()
      await h.close()
    },
  }
}

/** A free port on 127.0.0.1 (the server's own address must be known before it starts: links in emails name it). */
async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer()
    probe.once('error', reject)
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address()
      probe.close(() => (address && typeof address !== 'string' ? resolve(address.port) : reject(new Error('no port'))))
    })
  })
}

export interface WebMailHarness {
  s: MailStack
  base: string
  browser: Browser
  close: () => Promise<void>
}

/** The app with its email path (Redis, worker, a real SMTP server), whose emails' links open in the browser. */
export async function startWebWithMail(env: Record<string, string> = {}): Promise<WebMailHarness> {
  const port = await freePort()
  const base = `http://127.0.0.1:${port}`
  const s = await startMailStack({ PUBLIC_URL: base, ...env })
  await s.app.listen({ host: '127.0.0.1', port })
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_FLAGS, headless: true })
  return {
    s,
    base,
    browser,
    close: async () => {
      await browser.close()
      await s.close()
    },
  }
}

export async function newPerson(
  w: { browser: Browser; base: string },
  viewport = DESKTOP,
  extra: { locale?: string } = {},
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await w.browser.newContext({ viewport, baseURL: w.base, locale: extra.locale ?? 'en-GB' })
  const page = await context.newPage()
  page.setDefaultTimeout(15_000)
  return { context, page }
}

/** Registers through the page, and stays signed in. */
export async function registerInBrowser(page: Page, name: string, email: string, password = 'correct horse battery') {
  await page.goto('/register')
  await page.getByLabel(/Name shown|他のプレイヤー/).fill(name)
  await page.getByLabel(/^Email$|メールアドレス/).fill(email)
  await page.getByLabel(/^Password$|パスワード/).fill(password)
  await Promise.all([
    page.waitForURL((url) => !url.pathname.startsWith('/register')),
    page.locator('form[action="/register"] button[type=submit]').click(),
  ])
}

const require = createRequire(import.meta.url)
const AXE = readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8')

export interface AxeViolation {
  id: string
  impact: string | null
  help: string
  nodes: { target: unknown[]; html: string }[]
}

/** axe-core's serious and critical findings on the page as it stands (WCAG 2 A and AA rules). */
export async function seriousViolations(page: Page): Promise<AxeViolation[]> {
  // Evaluated through the debugging protocol: the pages' Content-Security-Policy forbids inline scripts.
  await page.evaluate(AXE)
  const result = await page.evaluate(async () => {
    const page = globalThis as unknown as {
      document: unknown
      axe: { run: (ctx: unknown, opts: unknown) => Promise<{ violations: AxeViolation[] }> }
    }
    return page.axe.run(page.document, {
      runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] },
    })
  })
  return result.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => ({
      id: v.id,
      impact: v.impact,
      help: v.help,
      nodes: v.nodes.slice(0, 3).map((n) => ({ target: n.target, html: n.html.slice(0, 200) })),
    }))
}

export const ARTIFACTS = join(import.meta.dirname, '..', 'artifacts')

export async function screenshot(page: Page, name: string): Promise<string> {
  mkdirSync(ARTIFACTS, { recursive: true })
  const path = join(ARTIFACTS, `${name}.png`)
  await page.screenshot({ path, fullPage: true })
  return path
}

/** Waits until the page's script has started (web/client/main.ts marks <body data-ready>). */
export async function ready(page: Page): Promise<void> {
  await page.waitForSelector('body[data-ready="true"]', { state: 'attached' })
}
