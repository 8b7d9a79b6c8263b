// The pages' Handlebars: its own instance (the emails have theirs), with the helpers the templates use.
// Words come from locales/<locale>/web.json through `t`; Handlebars escapes every value it prints.
import { existsSync, readdirSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import Handlebars, { type HelperOptions } from 'handlebars'
import { DateTime } from 'luxon'
import { catalogues, isLocale, translate, type Locale, type Values } from '../i18n/index.js'

/** The repository's web/ folder (templates, client code, styles), found by walking up from this file. */
export function webDir(): string {
  let dir = dirname(fileURLToPath(import.meta.url))
  for (;;) {
    if (existsSync(join(dir, 'web', 'views'))) return join(dir, 'web')
    const up = dirname(dir)
    if (up === dir) throw new Error(`web/views not found above ${fileURLToPath(import.meta.url)}`)
    dir = up
  }
}

function localeOf(options: HelperOptions): Locale {
  const locale = (options.data?.root as { locale?: unknown } | undefined)?.locale
  return isLocale(locale) ? locale : 'en'
}

function timeZoneOf(options: HelperOptions): string {
  const zone = (options.data?.root as { timeZone?: unknown } | undefined)?.timeZone
  return typeof zone === 'string' ? zone : 'UTC'
}

/** JSON safe inside a <script type="application/json"> element: no "</script>", no HTML comment openers. */
export function scriptJson(value: unknown): string {
  return JSON.stringify(value ?? null)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029')
}

export function formatWhen(iso: string | Date | null | undefined, zone: string, locale: Locale): string {
  if (!iso) return ''
  const when = typeof iso === 'string' ? DateTime.fromISO(iso) : DateTime.fromJSDate(iso)
  if (!when.isValid) return ''
  const local = when.setZone(zone).setLocale(locale === 'ja' ? 'ja-JP' : 'en-GB')
  return `${local.toLocaleString(DateTime.DATETIME_MED_WITH_WEEKDAY)} (${local.toFormat('ZZZZ')})`
}

export function createPageHandlebars(): typeof Handlebars {
  const hbs = Handlebars.create()
  // {{t "nav.games"}} reads locales/<locale>/web.json; {{t "web-game:submit"}} another page's own file.
  hbs.registerHelper('t', function (this: unknown, key: string, options: HelperOptions) {
    const colon = key.indexOf(':')
    const [ns, name] = colon > 0 ? [key.slice(0, colon), key.slice(colon + 1)] : ['web', key]
    return translate(localeOf(options), ns, name, (options.hash ?? {}) as Values)
  })
  // The words a page's script needs, as one object: {{json (words "web-talk" "client")}}.
  hbs.registerHelper('words', function (this: unknown, ns: string, key: string, options: HelperOptions) {
    // As written, placeholders and all: the script puts the values in.
    const cat = catalogues()
    return (cat.getResource(localeOf(options), ns, key) ?? cat.getResource('en', ns, key) ?? {}) as unknown
  })
  hbs.registerHelper('eq', (a: unknown, b: unknown) => a === b)
  hbs.registerHelper('not', (a: unknown) => !a)
  hbs.registerHelper('json', (value: unknown) => new hbs.SafeString(scriptJson(value)))
  hbs.registerHelper('when', function (this: unknown, iso: string | Date | null, options: HelperOptions) {
    return formatWhen(iso, timeZoneOf(options), localeOf(options))
  })
  hbs.registerHelper('iso', (iso: string | Date | null) =>
    iso ? (typeof iso === 'string' ? iso : iso.toISOString()) : '',
  )
  hbs.registerHelper('encode', (text: unknown) => encodeURIComponent(String(text ?? '')))
  return hbs
}

/** Every template under web/views/partials, by its name without ".hbs": `{{> gameRow}}`. */
export function partialsOf(viewsDir: string): Record<string, string> {
  return Object.fromEntries(
    readdirSync(join(viewsDir, 'partials'))
      .filter((f) => f.endsWith('.hbs'))
      .map((f) => [f.slice(0, -'.hbs'.length), `partials/${f}`]),
  )
}
