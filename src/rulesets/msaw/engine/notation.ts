// MS@W order notation (docs/orders-msaw.md): one order a line, `#` comments, `pass` alone, `more` alone.
//   GM1 move 12.5,8 -> 15,10.25        MS-2.1: waypoints in inches (x right, y up) after where it stands
//   GM1 move heading 45 6.5            MS-2.1: a heading (N NE E SE S SW W NW or degrees) and a distance
//   GM1 switch draw beam-saber R, stow beam-rifle, drop zaku-bazooka, pickup d1 L      MS-2.2
//   GM1 attack ZAKU1 beam-rifle        MS-2.3 (fire, att, shoot)        GM1 aim ZAKU1      MS-4.2
//   GM1 policy shield ask counter never                                                  §8
//   GM1 deploy 12,3 hold R beam-rifle L gm-shield                                        GAP-M-2, GAP-M-4
//   shield yes | counter beam-saber | counter no      the react step (§8), optionally after the suit
// Keywords and ids in any case; full-width letters, digits, commas and arrows read as ASCII (NFKC).
import type { MessageParams } from '../../../engine/messages.js'
import type { OrderError, Parsed } from '../../../engine/ruleset.js'
import { formatInches, headingPoint, parseInches } from '../../../engine/table/index.js'
import { refuse, type MessageKey } from './messages.js'
import type { CounterPolicy, Hand, MsOrder, MsState, Pt, ShieldPolicy, Suit, SwitchOp } from './types.js'

/** The most points a move may list, and operations a switch (order-schema.ts checks the same). */
export const WAYPOINTS_MAX = 32
export const OPS_MAX = 8
/** Ids of suits, items and drops: a letter, then letters, digits or "-". */
export const ID_MAX = 24
export const ID_RE = new RegExp(`^[A-Za-z][A-Za-z0-9-]{0,${ID_MAX - 1}}$`)

/** NFKC, lower case, the dashes and minus signs as "-", the Japanese comma as ",": ＧＭ１ → gm1. */
export function fold(s: string): string {
  return s.normalize('NFKC').replace(/[−–—]/g, '-').replace(/、/g, ',').toLowerCase()
}

/** A line's refusal before it has its line number. */
export class LineError extends Error {
  constructor(
    readonly rule: string,
    readonly key: MessageKey,
    readonly params: MessageParams = {},
  ) {
    super(key)
  }
}

const GENERAL = 'MS-2.0'

/** The suit a token names, in any case. */
export function resolveSuit(state: MsState, token: string): Suit {
  const suit = state.suits.find((s) => fold(s.id) === fold(token))
  if (!suit) throw new LineError(GENERAL, 'msaw.notation.noSuit', { token })
  return suit
}

/** An id as written (item, drop, weapon): the suit's own spelling when it has one, else lower case. */
export function readId(suit: Suit | null, token: string, rule: string): string {
  const w = fold(token)
  if (!ID_RE.test(w)) throw new LineError(rule, 'msaw.notation.id', { value: token })
  return suit?.items.find((i) => fold(i.id) === w)?.id ?? w
}

/** Hundredths from a number of inches with at most two decimals; the line's error otherwise. */
export function readInches(token: string, rule: string): number {
  const n = parseInches(fold(token))
  if (n === null) throw new LineError(rule, 'msaw.notation.inches', { value: token })
  return n
}

/** A point "x,y" in inches. */
export function readPoint(token: string, rule: string): Pt {
  const parts = fold(token).split(',')
  if (parts.length !== 2 || parts[0] === '' || parts[1] === '')
    throw new LineError(rule, 'msaw.notation.point', { value: token })
  return { x: readInches(parts[0]!, rule), y: readInches(parts[1]!, rule) }
}

/** A point as the notation writes it: "12.5,8". */
export function formatPoint(p: Pt): string {
  return `${formatInches(p.x)},${formatInches(p.y)}`
}

const COMPASS: Record<string, number> = { n: 0, ne: 45, e: 90, se: 135, s: 180, sw: 225, w: 270, nw: 315 }

/** A compass point or whole degrees 0-359 (a trailing "°" or "deg" allowed); null otherwise. */
export function readHeading(token: string): number | null {
  const w = fold(token).replace(/(°|deg)$/, '')
  if (Object.hasOwn(COMPASS, w)) return COMPASS[w]!
  if (!/^\d{1,3}$/.test(w)) return null
  const n = Number(w)
  return n < 360 ? n : null
}

/**
 * A move's text after "move": points, and heading legs ("[heading] <dir> <distance>", each from the point
 * before it: the suit's position first), separated by "->", "→" or spaces.
 */
function parsePath(suit: Suit, text: string, usage: () => LineError): Pt[] {
  const rule = 'MS-2.1'
  const words = fold(text)
    .replace(/->|→|⇒|=>/g, ' ')
    .replace(/\s*,\s*/g, ',')
    .split(/\s+/)
    .filter((w) => w !== '')
  if (words.length === 0) throw usage()
  const path: Pt[] = []
  let at = suit.at
  for (let i = 0; i < words.length; i++) {
    let w = words[i]!
    if (w.includes(',')) {
      at = readPoint(w, rule)
    } else {
      // Degrees need the word "heading" ("move 12 8" is more likely a point typed without its comma).
      const named = w === 'heading' || w === 'h'
      if (named) {
        w = words[++i] ?? ''
        if (w === '') throw usage()
      }
      const deg = named || Object.hasOwn(COMPASS, w) ? readHeading(w) : null
      if (deg === null) {
        const numeric = /^[-+]?[\d.]+$/.test(w)
        if (numeric && !named) {
          throw new LineError(rule, parseInches(w) === null ? 'msaw.notation.inches' : 'msaw.notation.point', {
            value: w,
          })
        }
        throw new LineError(rule, 'msaw.notation.heading', { value: w })
      }
      const d = words[++i]
      if (d === undefined) throw usage()
      const dist = parseInches(d)
      if (dist === null || dist <= 0) throw new LineError(rule, 'msaw.notation.distance', { value: d })
      at = headingPoint(at, deg, dist)
    }
    path.push(at)
  }
  if (path.length > WAYPOINTS_MAX) throw new LineError(rule, 'msaw.notation.waypoints', { max: WAYPOINTS_MAX })
  return path
}

function readHand(token: string | undefined, withStow: boolean): Hand | 'both' | 'stow' {
  const w = fold(token ?? '')
  const hand =
    w === 'l' || w === 'left'
      ? 'L'
      : w === 'r' || w === 'right'
        ? 'R'
        : w === 'both' || w === 'lr' || w === 'b'
          ? 'both'
          : withStow && (w === 'stow' || w === 'stowed')
            ? 'stow'
            : null
  if (!hand)
    throw new LineError('MS-2.2', 'msaw.notation.hand', {
      value: token ?? '',
      choices: withStow ? 'L|R|both|stow' : 'L|R|both',
    })
  return hand
}

function parseSwitch(suit: Suit, text: string, usage: () => LineError): SwitchOp[] {
  const rule = 'MS-2.2'
  const parts = text
    .normalize('NFKC')
    .split(/[,;、]/)
    .map((p) => p.trim())
    .filter((p) => p !== '')
  if (parts.length === 0) throw usage()
  if (parts.length > OPS_MAX) throw new LineError(rule, 'msaw.notation.ops', { max: OPS_MAX })
  return parts.map((part): SwitchOp => {
    const [opWord, a, b, ...extra] = part.split(/\s+/)
    const op = fold(opWord!)
    const bad = () => new LineError(rule, 'msaw.notation.op', { op: part })
    if (extra.length > 0 || a === undefined) throw bad()
    switch (op) {
      case 'draw':
        if (b === undefined) throw bad()
        return { op: 'draw', item: readId(suit, a, rule), hand: readHand(b, false) as Hand | 'both' }
      case 'stow':
      case 'drop':
        if (b !== undefined) throw bad()
        return { op, item: readId(suit, a, rule) }
      case 'pickup':
      case 'pick':
        if (b === undefined) throw bad()
        return { op: 'pickup', drop: readId(null, a, rule), hand: readHand(b, true) }
      default:
        throw bad()
    }
  })
}

const SHIELD_POLICIES: readonly ShieldPolicy[] = ['always', 'never', 'ask']
const COUNTER_POLICIES: readonly CounterPolicy[] = ['best', 'never', 'ask']

function parsePolicy(suit: Suit, words: string[], usage: () => LineError): Extract<MsOrder, { kind: 'policy' }> {
  const order: Extract<MsOrder, { kind: 'policy' }> = { kind: 'policy', ms: suit.id }
  if (words.length === 0 || words.length % 2 !== 0) throw usage()
  for (let i = 0; i < words.length; i += 2) {
    const what = fold(words[i]!)
    const value = fold(words[i + 1]!)
    if (what === 'shield' && order.shield === undefined) {
      if (!(SHIELD_POLICIES as readonly string[]).includes(value))
        throw new LineError('§8', 'msaw.notation.policy', {
          value: words[i + 1]!,
          what,
          choices: 'always|never|ask',
        })
      order.shield = value as ShieldPolicy
    } else if (what === 'counter' && order.counter === undefined) {
      if (!(COUNTER_POLICIES as readonly string[]).includes(value))
        throw new LineError('§8', 'msaw.notation.policy', { value: words[i + 1]!, what, choices: 'best|never|ask' })
      order.counter = value as CounterPolicy
    } else throw usage()
  }
  return order
}

function parseDeploy(suit: Suit, words: string[], usage: () => LineError): Extract<MsOrder, { kind: 'deploy' }> {
  const rule = 'GAP-M-4'
  const [pointWord, holdWord, ...pairs] = words
  if (pointWord === undefined) throw usage()
  const at = readPoint(pointWord, rule)
  const hold: { L?: string; R?: string } = {}
  if (holdWord !== undefined) {
    if (fold(holdWord) !== 'hold' || pairs.length === 0 || pairs.length % 2 !== 0) throw usage()
    for (let i = 0; i < pairs.length; i += 2) {
      // "R beam-rifle" or "beam-rifle R"
      let handWord = pairs[i]!
      let itemWord = pairs[i + 1]!
      if (!/^(l|r|left|right|both|lr|b)$/.test(fold(handWord))) [handWord, itemWord] = [itemWord, handWord]
      const hand = readHand(handWord, false)
      const item = readId(suit, itemWord, 'GAP-M-2')
      const hands: Hand[] = hand === 'both' ? ['L', 'R'] : [hand as Hand]
      for (const h of hands) {
        if (hold[h] !== undefined) throw usage()
        hold[h] = item
      }
    }
  }
  return { kind: 'deploy', ms: suit.id, at, hold }
}

function readYesNo(token: string | undefined, usage: () => LineError): boolean {
  if (token === undefined) throw usage()
  const w = fold(token)
  if (['yes', 'y', 'use', 'はい'].includes(w)) return true
  if (['no', 'n', 'none', 'いいえ'].includes(w)) return false
  throw new LineError('§8', 'msaw.notation.answer', { value: token })
}

const USAGE: Record<string, string> = {
  move: 'move <x,y> [-> <x,y> ...] or move [heading] <N|NE|...|degrees> <inches>',
  switch: 'switch draw <item> L|R|both, stow <item>, drop <item>, pickup <drop> L|R|both|stow',
  attack: 'attack <target> <weapon>',
  aim: 'aim <target>',
  policy: 'policy shield always|never|ask counter best|never|ask',
  deploy: 'deploy <x,y> [hold L <item> R <item>]',
  shield: 'shield yes|no',
  counter: 'counter <weapon>|no',
}
const VERBS: Record<string, string> = {
  move: 'move',
  mv: 'move',
  switch: 'switch',
  sw: 'switch',
  attack: 'attack',
  att: 'attack',
  fire: 'attack',
  shoot: 'attack',
  aim: 'aim',
  policy: 'policy',
  deploy: 'deploy',
  shield: 'shield',
  counter: 'counter',
}
const RULES: Record<string, string> = {
  move: 'MS-2.1',
  switch: 'MS-2.2',
  attack: 'MS-2.3',
  aim: 'MS-4.2',
  policy: '§8',
  deploy: 'GAP-M-4',
  shield: '§8',
  counter: '§8',
}

/** One line (NFKC, comment removed, not blank) as an order. */
function parseLine(state: MsState, seat: string, content: string): MsOrder {
  const m = /^(\S+)(?:\s+(\S+))?\s*(.*)$/.exec(content)
  if (!m) throw new LineError(GENERAL, 'msaw.notation.empty')
  const first = m[1]!
  const firstVerb = VERBS[fold(first)]
  if (fold(first) === 'more' || fold(first) === 'pass') {
    throw new LineError(GENERAL, 'msaw.notation.usage', { usage: fold(first) })
  }
  // The react step's answers may leave out the suit: it is the one the question is about.
  let suit: Suit
  let verbWord: string | undefined
  let restText: string
  if ((firstVerb === 'shield' || firstVerb === 'counter') && !state.suits.some((s) => fold(s.id) === fold(first))) {
    const r = state.reaction
    if (!r || r.seat !== seat) throw new LineError('§8', 'msaw.notation.noQuestion')
    suit = resolveSuit(state, r.ms)
    verbWord = first
    restText = content.slice(first.length).trim()
  } else {
    if (firstVerb && !state.suits.some((s) => fold(s.id) === fold(first)))
      throw new LineError(GENERAL, 'msaw.notation.suitFirst', { verb: firstVerb })
    suit = resolveSuit(state, first)
    verbWord = m[2]
    restText = m[3] ?? ''
  }
  if (verbWord === undefined) throw new LineError(GENERAL, 'msaw.notation.alone', { ms: suit.id })
  const verb = VERBS[fold(verbWord)]
  if (!verb) throw new LineError(GENERAL, 'msaw.notation.verb', { verb: verbWord })
  const rule = RULES[verb]!
  const usage = () => new LineError(rule, 'msaw.notation.usage', { usage: `${suit.id} ${USAGE[verb]}` })
  const words = restText.split(/\s+/).filter((w) => w !== '')
  switch (verb) {
    case 'move':
      return { kind: 'move', ms: suit.id, path: parsePath(suit, restText, usage) }
    case 'switch':
      return { kind: 'switch', ms: suit.id, ops: parseSwitch(suit, restText, usage) }
    case 'attack': {
      if (words[2] !== undefined && fold(words[1] ?? '') === 'with') words.splice(1, 1)
      if (words.length !== 2) throw usage()
      const target = resolveSuit(state, words[0]!).id
      return { kind: 'attack', ms: suit.id, target, weapon: readId(suit, words[1]!, rule) }
    }
    case 'aim':
      if (words.length !== 1) throw usage()
      return { kind: 'aim', ms: suit.id, target: resolveSuit(state, words[0]!).id }
    case 'policy':
      return parsePolicy(suit, words, usage)
    case 'deploy':
      return parseDeploy(
        suit,
        fold(restText)
          .replace(/\s*,\s*/g, ',')
          .split(/\s+/)
          .filter((w) => w !== ''),
        usage,
      )
    case 'shield':
      if (words.length !== 1) throw usage()
      return { kind: 'shield', ms: suit.id, use: readYesNo(words[0], usage) }
    default: {
      if (words.length !== 1) throw usage()
      const w = fold(words[0]!)
      const weapon = ['no', 'n', 'none', 'いいえ'].includes(w) ? null : readId(suit, words[0]!, rule)
      return { kind: 'counter', ms: suit.id, weapon }
    }
  }
}

function clip(s: string, n: number): string {
  return s.length > n ? `${s.slice(0, n - 1)}…` : s
}

/** Reads orders, one a line; never throws. Bad lines give errors with their line, the good ones their orders. */
export function parseOrders(text: string, state: MsState, seat: string): Parsed<MsOrder> {
  const orders: MsOrder[] = []
  const lines: number[] = []
  const passes: number[] = []
  const errors: OrderError[] = []
  text.split(/\r?\n|\r/).forEach((raw, i) => {
    const content = raw.normalize('NFKC').replace(/#.*$/, '').trim()
    if (content === '') return
    const single = fold(content)
    if (single === 'pass' || single === 'パス') {
      passes.push(i + 1)
      return
    }
    try {
      if (single === 'more') orders.push({ kind: 'more' })
      else orders.push(parseLine(state, seat, content))
      lines.push(i + 1)
    } catch (e) {
      const at = { line: i + 1, text: clip(content, 80) }
      errors.push(
        e instanceof LineError
          ? refuse(e.rule, e.key, { ...at, ...e.params }, { line: i + 1 })
          : refuse(
              GENERAL,
              'msaw.notation.unreadable',
              { ...at, detail: e instanceof Error ? e.message : String(e) },
              { line: i + 1 },
            ),
      )
    }
  })
  return errors.length > 0 ? { ok: false, errors, orders, lines, passes } : { ok: true, orders, lines, passes }
}

function formatOp(op: SwitchOp): string {
  switch (op.op) {
    case 'draw':
      return `draw ${op.item} ${op.hand}`
    case 'stow':
    case 'drop':
      return `${op.op} ${op.item}`
    case 'pickup':
      return `pickup ${op.drop} ${op.hand}`
  }
}

/** One order in the notation. */
export function formatOrder(o: MsOrder): string {
  switch (o.kind) {
    case 'move':
      return `${o.ms} move ${o.path.map(formatPoint).join(' -> ')}`
    case 'switch':
      return `${o.ms} switch ${o.ops.map(formatOp).join(', ')}`
    case 'attack':
      return `${o.ms} attack ${o.target} ${o.weapon}`
    case 'aim':
      return `${o.ms} aim ${o.target}`
    case 'more':
      return 'more'
    case 'policy':
      return [
        `${o.ms} policy`,
        o.shield === undefined ? '' : ` shield ${o.shield}`,
        o.counter === undefined ? '' : ` counter ${o.counter}`,
      ].join('')
    case 'deploy': {
      const { L, R } = o.hold
      const hold =
        L !== undefined && L === R
          ? ` hold both ${L}`
          : L !== undefined || R !== undefined
            ? ` hold${L !== undefined ? ` L ${L}` : ''}${R !== undefined ? ` R ${R}` : ''}`
            : ''
      return `${o.ms} deploy ${formatPoint(o.at)}${hold}`
    }
    case 'shield':
      return `${o.ms} shield ${o.use ? 'yes' : 'no'}`
    case 'counter':
      return `${o.ms} counter ${o.weapon ?? 'no'}`
  }
}

/** The orders in the notation, a line each; parseOrders reads them back to the same orders. */
export function formatOrders(orders: readonly MsOrder[]): string {
  return orders.length === 0 ? 'pass' : orders.map(formatOrder).join('\n')
}
