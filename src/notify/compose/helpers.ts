// Handlebars helpers. Helper arguments escape Handlebars' strict mode (a missing field arrives as
// undefined), so each helper checks its own arguments and throws rather than print "undefined".
import type { HelperDelegate, HelperOptions } from 'handlebars'
import { DateTime } from 'luxon'
import { GLUE, VERBATIM } from './text-wrap.js'

function need(helper: string, name: string, value: unknown): string {
  if (typeof value !== 'string' || value === '')
    throw new Error(`helper ${helper}: ${name} is ${value === '' ? 'empty' : String(value)}`)
  return value
}

function instant(helper: string, iso: unknown, zone: unknown): DateTime {
  const dt = DateTime.fromISO(need(helper, 'the instant', iso), { setZone: true }).setZone(
    need(helper, 'the time zone', zone),
  )
  if (!dt.isValid)
    throw new Error(
      `helper ${helper}: cannot show ${String(iso)} in ${String(zone)}: ${dt.invalidExplanation ?? dt.invalidReason}`,
    )
  return dt.setLocale('en-GB')
}

function utcOffset(dt: DateTime): string {
  return dt.offset === 0 ? 'UTC' : `UTC${dt.toFormat('Z')}`
}

/** "Saturday 5 December 2026 at 21:00 (Asia/Tokyo, UTC+9)": the zone is named so nobody guesses. */
export function formatDate(iso: unknown, zone: unknown): string {
  const dt = instant('formatDate', iso, zone)
  const named = dt.zoneName === 'UTC' || dt.zoneName === 'Etc/UTC' ? 'UTC' : `${dt.zoneName}, ${utcOffset(dt)}`
  return `${dt.toFormat("cccc d LLLL yyyy 'at' HH:mm")} (${named})`
}

/** "5 Dec, 21:00": for lines where the zone is already said. */
export function formatShortDate(iso: unknown, zone: unknown): string {
  return instant('formatShortDate', iso, zone).toFormat('d LLL, HH:mm')
}

/** "12:00 UTC on Saturday 5 December": the same instant for a reader in another zone. */
export function formatUtc(iso: unknown): string {
  return instant('formatUtc', iso, 'UTC').toFormat("HH:mm 'UTC on' cccc d LLLL")
}

/** "1 unit", "3 units"; the plural defaults to singular + "s". */
export function plural(count: unknown, singular: unknown, pluralForm?: unknown): string {
  if (typeof count !== 'number' || !Number.isFinite(count)) throw new Error(`helper plural: count is ${String(count)}`)
  const one = need('plural', 'the singular', singular)
  const many = typeof pluralForm === 'string' ? pluralForm : `${one}s`
  return `${count} ${count === 1 ? one : many}`
}

/** "turn 3, first half" or "turn 3". */
export function turnLabel(step: unknown): string {
  const s = step as { turn?: unknown; half?: unknown } | null
  if (!s || typeof s.turn !== 'number') throw new Error('helper turnLabel: step.turn is missing')
  const half =
    s.half === 1
      ? ', first half'
      : s.half === 2
        ? ', second half'
        : typeof s.half === 'number'
          ? `, part ${s.half}`
          : ''
  return `turn ${s.turn}${half}`
}

/** A mailto: link that answers this email: to `address`, subject "Re: <subject>". */
export function replyLink(address: unknown, subject: unknown): string {
  const to = need('replyLink', 'the address', address)
  return `mailto:${to}?subject=${encodeURIComponent(`Re: ${need('replyLink', 'the subject', subject)}`)}`
}

/** A line of dashes as long as `title`: a plain-text heading's rule. */
export function underline(title: unknown): string {
  return '-'.repeat(need('underline', 'the title', title).length)
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
  const glued =
    (format: (...args: unknown[]) => string) =>
    (...args: unknown[]) =>
      mode === 'text'
        ? format(...args)
            .split(' ')
            .join(GLUE)
        : format(...args)
  return {
    formatDate: glued(formatDate),
    formatShortDate: glued(formatShortDate),
    formatUtc: glued(formatUtc),
    plural,
    turnLabel,
    replyLink,
    underline,
    indent,
    ifEquals,
    // In text, marks a line the wrapper must leave whole (order lines are copied into replies).
    nowrap: (value: unknown) => (mode === 'text' ? `${VERBATIM}${String(value)}` : value),
  }
}
