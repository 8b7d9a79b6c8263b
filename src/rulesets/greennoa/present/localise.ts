// A seat's options and an orders preview as the API answers them to a reader: the English the engine wrote
// (a blocked unit's reason, what each order would do) in the reader's language, through the message key and
// values the engine gives beside it (locales/<locale>/orders.json). Ids, notation and numbers stay as they are.
import type { Locale } from '../../../i18n/index.js'
import { orderErrorMessage } from '../../../i18n/orders.js'
import type { PreviewLine } from '../engine/seat-options.js'
import { isSeatOptions } from './options-compact.js'

export function localiseOptions(options: unknown, locale: Locale): unknown {
  if (!isSeatOptions(options)) return options
  return {
    ...options,
    units: options.units.map((u) =>
      u.blocked && u.blockedKey
        ? { ...u, blocked: orderErrorMessage(locale, { message: u.blocked, key: u.blockedKey }) }
        : u,
    ),
  }
}

function isPreviewLine(value: unknown): value is PreviewLine {
  const l = value as Partial<PreviewLine> | null
  return !!l && typeof l === 'object' && typeof l.text === 'string' && typeof l.key === 'string'
}

export function localisePreview(lines: unknown, locale: Locale): unknown {
  if (!Array.isArray(lines)) return lines
  return lines.map((l: unknown) =>
    isPreviewLine(l) ? { ...l, text: orderErrorMessage(locale, { message: l.text, key: l.key, params: l.params }) } : l,
  )
}
