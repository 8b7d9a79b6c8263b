// Real Battle campaign: maintenance actions in text (docs/orders-realbattle.md, "Maintenance actions"), one a
// line, as emailed replies and the season's log write them:
//
//   buy-at scopedog            buy-weapon hmg            buy-magazine w3          repair at1
//   resupply w3                scout max 800 min-pp 6 name "Chirico" name-ja "キリコ"          scout refuse
//   borrow 500                 repay 200                 mount w3 on at1 at handR
//   unmount w3 from at1        field at1 p2
//
// Blank lines and `#` comments are skipped. The text is NFKC-normalised first, so full-width letters, digits
// and spaces (ｂｕｙ－ａｔ, ５００, the ideographic space U+3000) read as their ASCII forms; names may be quoted
// "…", 「…」 or “…”.
// Words and ids are read in lower case, places (handR) in any case. Strict: a line is one action and nothing
// after it; numbers are whole and bounded; ids at most 40 characters; at most 50 actions at once.
import type { CampaignRefusal } from '../../contract.js'
import { orderErrorMessage } from '../../../i18n/orders.js'
import type { Locale } from '../../../i18n/index.js'
import { refuseCampaign, type CampaignAction, type CampaignMessageKey } from '../engine/campaign/index.js'
import type { Mount } from '../engine/types.js'
import { ID, KINDS, MOUNTS, NUMBER_BOUNDS, RULE_OF, checkShape, isName, type Kind } from './shape.js'

/** RB-24.4 [H]: at most this many actions in one text (five count; the rest are free, but not unlimited). */
export const MAX_ACTION_LINES = 50

/** How each kind is written, for the "write …" refusals and the docs. */
export const USAGE: Readonly<Record<Kind, string>> = {
  'buy-at': 'buy-at <card>',
  'buy-weapon': 'buy-weapon <card>',
  'buy-magazine': 'buy-magazine <weapon>',
  repair: 'repair <at>',
  resupply: 'resupply <weapon>',
  scout: 'scout [max <G>] [min-pp <PP>] [name "<name>"] [name-ja "<名前>"] | scout refuse',
  borrow: 'borrow <G>',
  repay: 'repay <G>',
  mount: 'mount <weapon> on <at> [at <place>]',
  unmount: 'unmount <weapon> from <at>',
  field: 'field <at> <pilot>',
}

interface Token {
  text: string
  quoted: boolean
}

const QUOTES: Readonly<Record<string, string>> = { '"': '"', '「': '」', '“': '”' }

/** A line's tokens (whitespace-separated, quotes kept together) without its comment, or the unclosed quote. */
function tokenize(line: string): { tokens: Token[] } | { unclosed: string } {
  const tokens: Token[] = []
  let i = 0
  const chars = [...line]
  while (i < chars.length) {
    const c = chars[i]!
    if (/\s/.test(c)) {
      i++
      continue
    }
    if (c === '#') break
    const close = QUOTES[c]
    if (close !== undefined) {
      const end = chars.indexOf(close, i + 1)
      if (end < 0) return { unclosed: chars.slice(i).join('') }
      tokens.push({ text: chars.slice(i + 1, end).join(''), quoted: true })
      i = end + 1
      continue
    }
    let j = i
    while (j < chars.length && !/\s/.test(chars[j]!) && chars[j] !== '#' && QUOTES[chars[j]!] === undefined) j++
    tokens.push({ text: chars.slice(i, j).join(''), quoted: false })
    i = j
  }
  return { tokens }
}

/** The line without its comment, for messages. */
function bare(line: string): string {
  const tokens = tokenize(line)
  if ('unclosed' in tokens) return line.trim()
  return tokens.tokens.map((t) => (t.quoted ? `"${t.text}"` : t.text)).join(' ')
}

class LineError extends Error {
  constructor(
    readonly key: CampaignMessageKey,
    readonly params: Record<string, string | number>,
    readonly rule: string,
  ) {
    super(key)
  }
}

/** One line's action (throws LineError). */
function parseLine(tokens: Token[]): CampaignAction {
  const [head, ...rest] = tokens
  const word = head!.quoted ? `"${head!.text}"` : head!.text.toLowerCase()
  if (head!.quoted || !(KINDS as string[]).includes(word))
    throw new LineError(
      'realbattle.campaign.notation.unknownWord',
      { word: word.slice(0, 40), kinds: KINDS.join(', ') },
      'RB-24.4',
    )
  const kind = word as Kind
  const rule = RULE_OF[kind]
  const fail = (key: CampaignMessageKey, params: Record<string, string | number> = {}): never => {
    throw new LineError(key, params, rule)
  }
  const usage = () => fail('realbattle.campaign.notation.usage', { usage: USAGE[kind] })
  const id = (t: Token | undefined): string => {
    if (t === undefined) return usage()
    const text = t.text.toLowerCase()
    if (t.quoted || !ID.test(text)) fail('realbattle.campaign.notation.id', { token: t.text.slice(0, 60) })
    return text
  }
  const number = (t: Token | undefined, bounds: readonly [number, number]): number => {
    if (t === undefined) return usage()
    // "500", "G500", "1,000": whole G; nothing else.
    const text = t.text.replace(/^[gG]/, '')
    const ok = !t.quoted && (/^\d{1,9}$/.test(text) || /^\d{1,3}(,\d{3}){1,2}$/.test(text))
    const n = ok ? Number(text.replace(/,/g, '')) : NaN
    if (!(Number.isSafeInteger(n) && n >= bounds[0] && n <= bounds[1]))
      fail('realbattle.campaign.notation.number', { token: t.text.slice(0, 40), min: bounds[0], max: bounds[1] })
    return n
  }
  const keyword = (t: Token | undefined, expected: string) => {
    if (t === undefined || t.quoted || t.text.toLowerCase() !== expected) usage()
  }
  const end = (from: number) => {
    const extra = rest[from]
    if (extra !== undefined) fail('realbattle.campaign.notation.extra', { token: extra.text.slice(0, 40) })
  }
  switch (kind) {
    case 'buy-at':
    case 'buy-weapon': {
      const card = id(rest[0])
      end(1)
      return { kind, card }
    }
    case 'buy-magazine':
    case 'resupply': {
      const weapon = id(rest[0])
      end(1)
      return { kind, weapon }
    }
    case 'repair': {
      const at = id(rest[0])
      end(1)
      return { kind, at }
    }
    case 'borrow':
    case 'repay': {
      const amount = number(rest[0], NUMBER_BOUNDS.amount)
      end(1)
      return { kind, amount }
    }
    case 'field': {
      const at = id(rest[0])
      const pilot = id(rest[1])
      end(2)
      return { kind, at, pilot }
    }
    case 'unmount': {
      const weapon = id(rest[0])
      keyword(rest[1], 'from')
      const at = id(rest[2])
      end(3)
      return { kind, weapon, at }
    }
    case 'mount': {
      const weapon = id(rest[0])
      keyword(rest[1], 'on')
      const at = id(rest[2])
      if (rest[3] === undefined) return { kind, weapon, at }
      keyword(rest[3], 'at')
      const t = rest[4]
      if (t === undefined) return usage()
      const mount = MOUNTS.find((m) => !t.quoted && m.toLowerCase() === t.text.toLowerCase())
      if (mount === undefined)
        fail('realbattle.campaign.notation.mount', { token: t.text.slice(0, 40), mounts: MOUNTS.join(', ') })
      end(5)
      return { kind, weapon, at, mount: mount as Mount }
    }
    case 'scout': {
      const action: Extract<CampaignAction, { kind: 'scout' }> = { kind: 'scout' }
      const seen = new Set<string>()
      for (let i = 0; i < rest.length; i++) {
        const t = rest[i]!
        const option = t.quoted ? '' : t.text.toLowerCase()
        if (!['refuse', 'max', 'min-pp', 'name', 'name-ja'].includes(option))
          fail('realbattle.campaign.notation.extra', { token: t.text.slice(0, 40) })
        if (seen.has(option)) fail('realbattle.campaign.notation.twice', { token: option })
        seen.add(option)
        if (option === 'refuse') action.accept = false
        else if (option === 'max') action.maxFee = number(rest[++i], NUMBER_BOUNDS.maxFee)
        else if (option === 'min-pp') action.minPp = number(rest[++i], NUMBER_BOUNDS.minPp)
        else {
          const v = rest[++i]
          if (v === undefined) usage()
          const name = v!.text.trim()
          if (!isName(name)) fail('realbattle.campaign.notation.name', { token: v!.text.slice(0, 60) })
          if (option === 'name') action.name = name
          else action.nameJa = name
        }
      }
      return action
    }
  }
}

/** Maintenance actions from text, or every error with its line (messages in `locale`). */
export function parseActions(
  text: string,
  locale: Locale = 'en',
): { actions: CampaignAction[] } | { errors: CampaignRefusal[] } {
  const actions: CampaignAction[] = []
  const errors: CampaignRefusal[] = []
  const lines = (typeof text === 'string' ? text : '').normalize('NFKC').split(/\r\n|\r|\n/)
  let count = 0
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!
    const number = i + 1
    const tokens = tokenize(line)
    const shown = bare(line).slice(0, 80)
    const refuse = (rule: string, key: CampaignMessageKey, params: Record<string, string | number>) => {
      const e = refuseCampaign(rule, key, { line: number, text: shown, ...params })
      errors.push({ ...e, message: orderErrorMessage(locale, e), line: number })
    }
    if ('unclosed' in tokens) {
      refuse('RB-24.4', 'realbattle.campaign.notation.name', { token: tokens.unclosed.slice(0, 60) })
      continue
    }
    if (tokens.tokens.length === 0) continue
    count += 1
    if (count > MAX_ACTION_LINES) {
      refuse('RB-24.4', 'realbattle.campaign.notation.tooMany', { max: MAX_ACTION_LINES })
      break
    }
    try {
      const action = parseLine(tokens.tokens)
      // The same checks as an action sent as JSON (the notation cannot write a wrong shape, but keep one truth).
      const shape = checkShape(action, actions.length)
      if ('refusal' in shape) throw new Error(`campaign notation: ${shape.refusal.message}`)
      actions.push(action)
    } catch (e) {
      if (!(e instanceof LineError)) throw e
      refuse(e.rule, e.key, e.params)
    }
  }
  return errors.length > 0 ? { errors } : { actions }
}

const quote = (name: string) => `"${name}"`

/** One action as a line of the notation (an action that is not one: a comment saying so). */
export function formatAction(value: unknown): string {
  const shape = checkShape(value, 0)
  if ('refusal' in shape) return `# not an action: ${JSON.stringify(value)?.slice(0, 200) ?? String(value)}`
  const a = shape.action
  switch (a.kind) {
    case 'buy-at':
    case 'buy-weapon':
      return `${a.kind} ${a.card}`
    case 'buy-magazine':
    case 'resupply':
      return `${a.kind} ${a.weapon}`
    case 'repair':
      return `repair ${a.at}`
    case 'borrow':
    case 'repay':
      return `${a.kind} ${a.amount}`
    case 'field':
      return `field ${a.at} ${a.pilot}`
    case 'unmount':
      return `unmount ${a.weapon} from ${a.at}`
    case 'mount':
      return `mount ${a.weapon} on ${a.at}${a.mount !== undefined ? ` at ${a.mount}` : ''}`
    case 'scout': {
      const parts = ['scout']
      if (a.accept === false) parts.push('refuse')
      if (a.maxFee !== undefined) parts.push(`max ${a.maxFee}`)
      if (a.minPp !== undefined) parts.push(`min-pp ${a.minPp}`)
      if (a.name !== undefined) parts.push(`name ${quote(a.name)}`)
      if (a.nameJa !== undefined) parts.push(`name-ja ${quote(a.nameJa)}`)
      return parts.join(' ')
    }
  }
}

export function formatActions(actions: readonly unknown[]): string[] {
  return actions.map(formatAction)
}
