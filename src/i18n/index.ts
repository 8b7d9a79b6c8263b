// The message catalogues: locales/<locale>/<namespace>.json, one file per language and namespace
// (email now; narration and order errors have their own namespaces). Read once per process into one
// i18next instance. English is the fallback, so a key missing from another catalogue still reads.
import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import i18next, { type i18n, type Resource } from 'i18next'

export const LOCALES = ['en', 'ja'] as const
export type Locale = (typeof LOCALES)[number]
export const DEFAULT_LOCALE: Locale = 'en'

export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (LOCALES as readonly string[]).includes(value)
}

/** The repository's locales/, found by walking up from this file (works from src/ and dist/). */
export function localesDir(): string {
  let dir = dirname(fileURLToPath(import.meta.url))
  for (;;) {
    if (existsSync(join(dir, 'locales', DEFAULT_LOCALE))) return join(dir, 'locales')
    const up = dirname(dir)
    if (up === dir) throw new Error(`locales/${DEFAULT_LOCALE} not found above ${fileURLToPath(import.meta.url)}`)
    dir = up
  }
}

function readCatalogues(root: string): Resource {
  const resources: Resource = {}
  for (const locale of LOCALES) {
    const dir = join(root, locale)
    resources[locale] = {}
    for (const file of readdirSync(dir).filter((f) => f.endsWith('.json'))) {
      try {
        resources[locale][file.slice(0, -'.json'.length)] = JSON.parse(readFileSync(join(dir, file), 'utf8'))
      } catch (e) {
        throw new Error(`message catalogue locales/${locale}/${file}: ${(e as Error).message}`)
      }
    }
  }
  return resources
}

let instance: i18n | null = null

/** The process's i18next instance, its catalogues read on first use. */
export function catalogues(): i18n {
  if (instance) return instance
  const resources = readCatalogues(localesDir())
  const created = i18next.createInstance()
  void created.init({
    resources,
    lng: DEFAULT_LOCALE,
    fallbackLng: DEFAULT_LOCALE,
    supportedLngs: [...LOCALES],
    ns: Object.keys(resources[DEFAULT_LOCALE] ?? {}),
    initAsync: false,
    // Callers escape: Handlebars in HTML emails, nothing in plain text and subjects.
    interpolation: { escapeValue: false },
    missingInterpolationHandler: (text: string, value: unknown) => {
      throw new Error(`message "${text}" names ${String((value as string[])[0])}, which was not given`)
    },
  })
  instance = created
  return created
}

export type Values = Record<string, unknown> & { count?: number }

/**
 * The message `key` of namespace `ns` in `locale`, with `values` put in. Throws on a key no
 * catalogue has: a missing message must fail a test, not mail the key to a player.
 */
export function translate(locale: Locale, ns: string, key: string, values?: Values): string {
  // A message without values is the same every time (the catalogues are read once): kept after its first use.
  const plain = values === undefined || isEmpty(values)
  const memoKey = plain ? `${locale}\u0000${ns}\u0000${key}` : ''
  if (plain) {
    const known = plainMessages.get(memoKey)
    if (known !== undefined) return known
  }
  const message = lookUp(locale, ns, key, values ?? {})
  if (plain) plainMessages.set(memoKey, message)
  return message
}

const plainMessages = new Map<string, string>()

function isEmpty(values: Values): boolean {
  for (const _ in values) return false
  return true
}

function lookUp(locale: Locale, ns: string, key: string, values: Values): string {
  const cat = catalogues()
  if (!cat.exists(key, { ns, lng: locale, ...values })) throw new Error(`no message ${ns}:${key} in ${locale}`)
  return cat.t(key, { ...values, ns, lng: locale })
}

/** A translator bound to one locale and namespace. */
export function translator(locale: Locale, ns: string): (key: string, values?: Values) => string {
  return (key, values) => translate(locale, ns, key, values)
}
