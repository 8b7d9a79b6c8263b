// A seat's options and an orders preview as the API answers them to a reader. MS@W's options hold ids,
// numbers and notation only (no words), so they are answered as they are; a preview's lines that carry a
// message key (locales/<locale>/orders.json) are read through it, the rest kept.
import type { Locale } from '../../../i18n/index.js'
import { orderErrorMessage } from '../../../i18n/orders.js'

/** The options in `locale`: MS@W's have no words to translate. */
export function localiseOptions(options: unknown, locale: Locale): unknown {
  void locale
  return options
}

const isParams = (v: unknown): v is Record<string, string | number> =>
  v !== null && typeof v === 'object' && Object.values(v).every((x) => typeof x === 'string' || typeof x === 'number')

interface KeyedLine {
  text?: unknown
  message?: unknown
  key?: unknown
  params?: unknown
}

function localiseLine(line: unknown, locale: Locale): unknown {
  if (line === null || typeof line !== 'object') return line
  const l = line as KeyedLine
  if (typeof l.key !== 'string') return line
  const params = isParams(l.params) ? l.params : undefined
  const out: Record<string, unknown> = { ...line }
  if (typeof l.text === 'string') out.text = orderErrorMessage(locale, { message: l.text, key: l.key, params })
  if (typeof l.message === 'string') out.message = orderErrorMessage(locale, { message: l.message, key: l.key, params })
  return out
}

/** A preview (an array of lines with `text` or `message`, a message key and its values) in `locale`. */
export function localisePreview(preview: unknown, locale: Locale): unknown {
  if (Array.isArray(preview)) return preview.map((l: unknown) => localiseLine(l, locale))
  if (preview !== null && typeof preview === 'object' && Array.isArray((preview as { lines?: unknown }).lines)) {
    const p = preview as { lines: unknown[] }
    return { ...p, lines: p.lines.map((l) => localiseLine(l, locale)) }
  }
  return preview
}
