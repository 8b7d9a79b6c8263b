// A seat's options and an orders preview as the API answers them to a reader: the English the engine wrote
// (why an AT has nothing to do, what each order would do) in the reader's language. A reason with a message
// key (locales/<locale>/orders.json) is read through it; a reason without one is recognised by its words or
// its rule and said from this system's catalogue; anything else stays as written. Ids, notation, numbers
// and rules stay as they are.
import type { Locale } from '../../../i18n/index.js'
import { orderErrorMessage } from '../../../i18n/orders.js'
import type { AtOptions } from '../engine/types.js'
import { isSeatOptions } from './examples.js'
import { words } from './words.js'

type Blocked = NonNullable<AtOptions['blocked']> & { key?: unknown; params?: unknown }

const BY_WORDS: Array<{ kind: string; test: RegExp }> = [
  { kind: 'destroyed', test: /destroyed/i },
  { kind: 'fallen', test: /fallen|has fallen|fall(s|en)? over/i },
  { kind: 'confused', test: /confus/i },
  { kind: 'noAttackPp', test: /attack PP/i },
  { kind: 'stoodUp', test: /stood up|stands? up/i },
  { kind: 'notDeployed', test: /not (yet )?deployed|off the map/i },
  { kind: 'noTarget', test: /no (enemy|target)|nothing (to attack|in (range|reach|its arcs?))/i },
  { kind: 'notActive', test: /not (its|your) (camp'?s? )?(turn|player-turn)|other camp|not active/i },
]

const BY_RULE: Record<string, string> = {
  'RB-19.1': 'fallen',
  'RB-21.5': 'fallen',
  'RB-22.2': 'confused',
  'RB-12.3': 'noAttackPp',
  'RB-16.4': 'destroyed',
  'RB-19.5': 'stoodUp',
}

const isParams = (v: unknown): v is Record<string, string | number> =>
  v !== null && typeof v === 'object' && Object.values(v).every((x) => typeof x === 'string' || typeof x === 'number')

/** A blocked AT's reason in `locale`, the rest kept. */
export function localiseBlocked<B extends Blocked>(locale: Locale, blocked: B): B {
  const reason = typeof blocked.reason === 'string' ? blocked.reason : String(blocked.reason)
  if (typeof blocked.key === 'string')
    return {
      ...blocked,
      reason: orderErrorMessage(locale, {
        message: reason,
        key: blocked.key,
        params: isParams(blocked.params) ? blocked.params : undefined,
      }),
    }
  const kind = BY_WORDS.find((k) => k.test.test(reason))?.kind ?? BY_RULE[String(blocked.ref)]
  return kind ? { ...blocked, reason: words(locale)(`blocked.${kind}`) } : blocked
}

export function localiseOptions(options: unknown, locale: Locale): unknown {
  if (!isSeatOptions(options)) return options
  return {
    ...options,
    ats: options.ats.map((a) => (a.blocked ? { ...a, blocked: localiseBlocked(locale, a.blocked) } : a)),
  }
}

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
  if (!Array.isArray(preview)) return preview
  return preview.map((l: unknown) => localiseLine(l, locale))
}
