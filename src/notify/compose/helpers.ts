// Handlebars helpers. Helper arguments escape Handlebars' strict mode (a missing field arrives as
// undefined), so each helper checks its own arguments and throws rather than print "undefined".
import Handlebars, { type HelperDelegate, type HelperOptions } from 'handlebars'
import { DateTime } from 'luxon'
import { DEFAULT_LOCALE, isLocale, translate, type Locale } from '../../i18n/index.js'
import { displayWidth, GLUE, VERBATIM } from './text-wrap.js'

/** The catalogue namespace of the email templates (locales/<locale>/email.json). */
export const EMAIL_NS = 'email'

/** The reader's locale, given to every template as the data variable @locale. */
function localeOf(options: unknown): Locale {
  const locale = (options as { data?: { locale?: unknown } } | undefined)?.data?.locale
  return isLocale(locale) ? locale : DEFAULT_LOCALE
}

function need(helper: string, name: string, value: unknown): string {
  if (typeof value !== 'string' || value === '')
    throw new Error(`helper ${helper}: ${name} is ${value === '' ? 'empty' : String(value)}`)
  return value
}

function instant(helper: string, iso: unknown, zone: unknown, locale: Locale = DEFAULT_LOCALE): DateTime {
  const dt = DateTime.fromISO(need(helper, 'the instant', iso), { setZone: true }).setZone(
    need(helper, 'the time zone', zone),
  )
  if (!dt.isValid)
    throw new Error(
      `helper ${helper}: cannot show ${String(iso)} in ${String(zone)}: ${dt.invalidExplanation ?? dt.invalidReason}`,
    )
  return dt.setLocale(locale === 'ja' ? 'ja-JP' : 'en-GB')
}

function utcOffset(dt: DateTime): string {
  return dt.offset === 0 ? 'UTC' : `UTC${dt.toFormat('Z')}`
}

/**
 * "Saturday 5 December 2026 at 21:00 (Asia/Tokyo, UTC+9)": the zone is named so nobody guesses.
 * In Japanese: "2026年12月5日（土） 21:00（Asia/Tokyo、UTC+9）".
 */
export function formatDate(iso: unknown, zone: unknown, locale: Locale = DEFAULT_LOCALE): string {
  const dt = instant('formatDate', iso, zone, locale)
  const utc = dt.zoneName === 'UTC' || dt.zoneName === 'Etc/UTC'
  if (locale === 'ja')
    return `${dt.toFormat("yyyy'年'M'月'd'日'（ccc） HH:mm")}（${utc ? 'UTC' : `${dt.zoneName}、${utcOffset(dt)}`}）`
  return `${dt.toFormat("cccc d LLLL yyyy 'at' HH:mm")} (${utc ? 'UTC' : `${dt.zoneName}, ${utcOffset(dt)}`})`
}

/** "5 Dec, 21:00" ("12月5日 21:00"): for lines where the zone is already said. */
export function formatShortDate(iso: unknown, zone: unknown, locale: Locale = DEFAULT_LOCALE): string {
  return instant('formatShortDate', iso, zone, locale).toFormat(locale === 'ja' ? "M'月'd'日' HH:mm" : 'd LLL, HH:mm')
}

/** "12:00 UTC on Saturday 5 December" ("12月5日（土） 12:00 UTC"): the instant for a reader in another zone. */
export function formatUtc(iso: unknown, locale: Locale = DEFAULT_LOCALE): string {
  return instant('formatUtc', iso, 'UTC', locale).toFormat(
    locale === 'ja' ? "M'月'd'日'（ccc） HH:mm 'UTC'" : "HH:mm 'UTC on' cccc d LLLL",
  )
}

/** "1 unit", "3 units"; the plural defaults to singular + "s". */
export function plural(count: unknown, singular: unknown, pluralForm?: unknown): string {
  if (typeof count !== 'number' || !Number.isFinite(count)) throw new Error(`helper plural: count is ${String(count)}`)
  const one = need('plural', 'the singular', singular)
  const many = typeof pluralForm === 'string' ? pluralForm : `${one}s`
  return `${count} ${count === 1 ? one : many}`
}

/** "turn 3, first half" or "turn 3" (in the reader's language). */
export function turnLabel(step: unknown, locale: Locale = DEFAULT_LOCALE): string {
  const s = step as { turn?: unknown; half?: unknown } | null
  if (!s || typeof s.turn !== 'number') throw new Error('helper turnLabel: step.turn is missing')
  const key = s.half === 1 ? 'first' : s.half === 2 ? 'second' : typeof s.half === 'number' ? 'part' : 'plain'
  return message(locale, `turn.${key}`, { turn: s.turn, part: s.half })
}

// The messages put together, by locale, key and values: the catalogues never change while the process
// runs, and an email asks for dozens of messages, most of them the same in every email (i18next looks
// each up twice, in translate's check and in its t). Forgotten all at once when full.
const MESSAGES_KEPT = 5000
const messages = new Map<string, string>()

/** translate(), remembered when every value is a string or a number (what a template passes). */
export function message(locale: Locale, key: string, values: Record<string, unknown>): string {
  // Anything else (an object, undefined, NaN) might not say in JSON all that the message makes of it.
  if (!Object.values(values).every((v) => typeof v === 'string' || (typeof v === 'number' && Number.isFinite(v))))
    return translate(locale, EMAIL_NS, key, values)
  const memo = `${locale}\u0000${key}\u0000${JSON.stringify(values)}`
  let out = messages.get(memo)
  if (out === undefined) {
    out = translate(locale, EMAIL_NS, key, values)
    if (messages.size >= MESSAGES_KEPT) messages.clear()
    messages.set(memo, out)
  }
  return out
}

/**
 * {{t "key" name=value …}}: the message `key` of the email catalogue in the reader's language. In
 * HTML the values are escaped here and the message (which may hold markup) is not escaped again;
 * a value made by a helper that returns safe HTML is put in as it is. A count= picks the plural.
 */
function tHelper(mode: 'html' | 'text'): HelperDelegate {
  return (key: unknown, options: HelperOptions) => {
    const name = need('t', 'the key', key)
    const values: Record<string, unknown> = {}
    for (const [k, v] of Object.entries(options.hash as Record<string, unknown>)) {
      if (v === undefined || v === null) throw new Error(`helper t ${name}: ${k} is ${String(v)}`)
      values[k] =
        mode === 'text' || typeof v === 'number'
          ? v
          : v instanceof Handlebars.SafeString
            ? v.toHTML()
            : Handlebars.escapeExpression(v as string)
    }
    const out = message(localeOf(options), name, values)
    return mode === 'html' ? new Handlebars.SafeString(out) : out
  }
}

/** A mailto: link that answers this email: to `address`, subject "Re: <subject>". */
export function replyLink(address: unknown, subject: unknown): string {
  const to = need('replyLink', 'the address', address)
  return `mailto:${to}?subject=${encodeURIComponent(`Re: ${need('replyLink', 'the subject', subject)}`)}`
}

/** A line of dashes as wide as `title` (a Japanese character takes two columns): a plain-text heading's rule. */
export function underline(title: unknown): string {
  return '-'.repeat(displayWidth(need('underline', 'the title', title)))
}

/** Four spaces before `line`: order examples stand out from the prose in plain text. */
export function indent(line: unknown): string {
  return `    ${need('indent', 'the line', line)}`
}

/** Block helper: the block when `a` equals `b`. */
function ifEquals(this: unknown, a: unknown, b: unknown, options: HelperOptions): string {
  return a === b ? options.fn(this) : options.inverse(this)
}

/** The helpers both the HTML and the text templates use; `nowrap` differs between the two. */
export function helpers(mode: 'html' | 'text'): Record<string, HelperDelegate> {
  // In text, a date is one unit for the wrapper: "21:00 (Asia/Tokyo," on one line and "UTC+9)" on the next misleads.
  // The last argument of a helper is Handlebars' options, which carry @locale.
  const glued =
    (format: (args: unknown[], locale: Locale) => string) =>
    (...args: unknown[]) => {
      const text = format(args.slice(0, -1), localeOf(args.at(-1)))
      return mode === 'text' ? text.split(' ').join(GLUE) : text
    }
  return {
    formatDate: glued(([iso, zone], locale) => formatDate(iso, zone, locale)),
    formatShortDate: glued(([iso, zone], locale) => formatShortDate(iso, zone, locale)),
    formatUtc: glued(([iso], locale) => formatUtc(iso, locale)),
    plural,
    turnLabel: (step: unknown, options: HelperOptions) => turnLabel(step, localeOf(options)),
    t: tHelper(mode),
    replyLink,
    underline,
    indent,
    ifEquals,
    // In text, marks a line the wrapper must leave whole (order lines are copied into replies).
    nowrap: (value: unknown) => (mode === 'text' ? `${VERBATIM}${String(value)}` : value),
  }
}
