// The text order notation: one order per line, short enough to type in an email.
// See docs/orders-abaoaqu.md for the grammar and examples.
import type { OrderError, Parsed } from '../../../engine/ruleset.js'
import type { MessageParams } from '../../../engine/messages.js'
import { hexLabel } from './geometry.js'
import { refuse, type MessageKey } from './messages.js'
import { ID_MAX, RANKS_MAX } from './order-schema.js'
import type { GroupClass, Hex, Order, TargetSpec } from './types.js'

const GROUPS: Record<string, GroupClass> = { ms: 'MS', ft: 'FT', ship: 'SHIP', ships: 'SHIP', all: 'ALL' }
// The bounds are the JSON schema's, so an order typed in an email is held to the same limits.
const UNIT = new RegExp(`^[A-Za-z][A-Za-z0-9]{0,${ID_MAX - 1}}$`)
const RANKS = new RegExp(`^[0-${RANKS_MAX}]$`)

export function parseHex(token: string): Hex | null {
  const four = /^(\d{2})(\d{2})$/.exec(token)
  if (four) return [Number(four[1]), Number(four[2])]
  const dotted = /^(\d{1,3})\.(\d{1,3})$/.exec(token)
  if (dotted) return [Number(dotted[1]), Number(dotted[2])]
  return null
}

/** A line that cannot be read: the message key (abaoaqu.notation.*) and its values. */
class LineError extends Error {
  constructor(
    readonly key: MessageKey,
    readonly params: MessageParams = {},
  ) {
    super(key)
  }
}

/** What a list of unit ids stands for, in messages: abaoaqu.notation.what.<what>. */
type UnitsWhat = 'remove' | 'move' | 'attack' | 'bd'

/** A long token or line quoted in an error: its start, cut between characters (never inside a pair). */
function clip(text: string, max = 40): string {
  const chars = Array.from(text)
  return chars.length > max ? `${chars.slice(0, max).join('')}…` : text
}

function need<T>(value: T | null | undefined, expected: LineError): T {
  if (value === null || value === undefined) throw expected
  return value
}

function units(tokens: string[], what: UnitsWhat): string[] {
  if (tokens.length === 0) throw new LineError('abaoaqu.notation.unitsMissing', { what })
  for (const t of tokens) if (!UNIT.test(t)) throw new LineError('abaoaqu.notation.notUnit', { token: clip(t), what })
  return tokens.map((t) => t.toUpperCase())
}

function ranksSuffix(tokens: string[]): { rest: string[]; ranks?: number } {
  const i = tokens.findIndex((t) => t.toLowerCase() === 'ranks')
  if (i < 0) return { rest: tokens }
  const value = tokens[i + 1]
  if (value === undefined || !RANKS.test(value) || tokens.length > i + 2)
    throw new LineError('abaoaqu.notation.ranks', { max: RANKS_MAX })
  return { rest: tokens.slice(0, i), ranks: Number(value) }
}

function target(tokens: string[], mode: 'shoot' | 'close'): { hex?: Hex; target: TargetSpec } {
  const [a, b, extra] = tokens
  if (a === undefined) throw new LineError('abaoaqu.notation.noTarget')
  if (extra !== undefined) throw new LineError('abaoaqu.notation.afterTarget', { token: clip(extra) })
  const hex = parseHex(a)
  if (hex) {
    const group = need(
      b === undefined ? undefined : GROUPS[b.toLowerCase()],
      new LineError('abaoaqu.notation.groupAfterHex', { hex: a }),
    )
    return { hex, target: { group } }
  }
  const group = GROUPS[a.toLowerCase()]
  if (group) {
    if (mode === 'shoot') throw new LineError('abaoaqu.notation.shootingGroupHex')
    if (b !== undefined) throw new LineError('abaoaqu.notation.afterGroup', { token: clip(b) })
    return { target: { group } }
  }
  if (!UNIT.test(a)) throw new LineError('abaoaqu.notation.badTarget', { token: clip(a) })
  if (b !== undefined) throw new LineError('abaoaqu.notation.afterTargetUnit', { token: clip(b) })
  return { target: { unit: a.toUpperCase() } }
}

function splitAt(tokens: string[], words: string[], expected: LineError): [string[], string[]] {
  const i = tokens.findIndex((t) => words.includes(t.toLowerCase()))
  if (i < 0) throw expected
  return [tokens.slice(0, i), tokens.slice(i + 1)]
}

function parseLine(tokens: string[]): Order | null {
  const head = tokens[0]!.toLowerCase()
  if (head === 'pass') {
    if (tokens.length > 1) throw new LineError('abaoaqu.notation.passAlone')
    return null
  }
  if (head === 'remove') return { kind: 'remove', units: units(tokens.slice(1), 'remove') }
  if (head === 'bd') {
    const [who, where] = splitAt(tokens.slice(1), ['@', 'at'], new LineError('abaoaqu.notation.bdForm'))
    const unit = units(who, 'bd')
    if (unit.length !== 1) throw new LineError('abaoaqu.notation.onePublic')
    const hex = need(where.length === 1 ? parseHex(where[0]!) : null, new LineError('abaoaqu.notation.bdHex'))
    return { kind: 'bd', unit: unit[0]!, target: hex }
  }
  if (head === 'shoot' || head === 'close') {
    const { rest, ranks } = ranksSuffix(tokens.slice(1))
    const [who, what] = splitAt(rest, ['@', 'at'], new LineError('abaoaqu.notation.attackForm', { verb: head }))
    const t = target(what, head)
    return {
      kind: 'attack',
      mode: head,
      units: units(who, 'attack'),
      ...(t.hex ? { hex: t.hex } : {}),
      target: t.target,
      ...(ranks === undefined ? {} : { ranks }),
    }
  }
  if (head === 'defend') {
    const [, id, word, value, extra] = tokens
    const expected = new LineError('abaoaqu.notation.defendForm', { max: RANKS_MAX })
    if (!id || !UNIT.test(id) || extra !== undefined) throw expected
    if (word?.toLowerCase() === 'none' && value === undefined)
      return { kind: 'defend', attack: id.toUpperCase(), ranks: 0 }
    if (word?.toLowerCase() !== 'ranks' || value === undefined || !RANKS.test(value)) throw expected
    return { kind: 'defend', attack: id.toUpperCase(), ranks: Number(value) }
  }
  if (head === 'standing') {
    const [, what, value, extra] = tokens
    const expected = new LineError('abaoaqu.notation.standingForm', { max: RANKS_MAX })
    if (what?.toLowerCase() !== 'defence' && what?.toLowerCase() !== 'defense') throw expected
    if (value === undefined || extra !== undefined) throw expected
    const v = value.toLowerCase()
    if (v === 'full' || v === 'none') return { kind: 'standing', defenceShift: v }
    if (RANKS.test(v)) return { kind: 'standing', defenceShift: Number(v) }
    throw expected
  }
  const body = head === 'move' ? tokens.slice(1) : tokens
  const [who, where] = splitAt(body, ['->', 'to', '>'], new LineError('abaoaqu.notation.unknownOrder'))
  const hex = need(where.length === 1 ? parseHex(where[0]!) : null, new LineError('abaoaqu.notation.moveHex'))
  return { kind: 'move', units: units(who, 'move'), to: hex }
}

export function parseOrders(text: string): Parsed<Order> {
  const orders: Order[] = []
  const lines: number[] = []
  const passes: number[] = []
  const errors: OrderError[] = []
  text.split(/\r?\n/).forEach((raw, i) => {
    const content = raw.replace(/#.*/, '').trim()
    if (!content) return
    const tokens = content
      .replace(/->/g, ' -> ')
      .replace(/@/g, ' @ ')
      .split(/[\s,;]+/)
      .filter(Boolean)
    if (tokens.length === 0) return
    try {
      const order = parseLine(tokens)
      if (order) {
        orders.push(order)
        lines.push(i + 1)
      } else passes.push(i + 1)
    } catch (e) {
      if (!(e instanceof LineError)) throw e
      const params = { line: i + 1, text: clip(content, 80), ...e.params }
      errors.push(refuse('NOTATION', e.key, params, { line: i + 1 }))
    }
  })
  return errors.length ? { ok: false, errors, orders, lines, passes } : { ok: true, orders, lines, passes }
}

function formatTarget(o: Extract<Order, { kind: 'attack' }>): string {
  if ('unit' in o.target) return o.target.unit
  const group = o.target.group.toLowerCase()
  return o.mode === 'close' && !o.hex ? group : `${hexLabel(o.hex!)} ${group}`
}

export function formatOrder(o: Order): string {
  switch (o.kind) {
    case 'move':
      return `${o.units.join(' ')} -> ${hexLabel(o.to)}`
    case 'remove':
      return `remove ${o.units.join(' ')}`
    case 'bd':
      return `bd ${o.unit} @ ${hexLabel(o.target)}`
    case 'attack':
      return `${o.mode} ${o.units.join(' ')} @ ${formatTarget(o)}${o.ranks === undefined ? '' : ` ranks ${o.ranks}`}`
    case 'defend':
      return `defend ${o.attack} ranks ${o.ranks}`
    case 'standing':
      return `standing defence ${o.defenceShift}`
  }
}

// Standing orders alone decide nothing in the step: the text says "pass" too, so that it reads as
// what was decided and is accepted again if sent back (an echo, a retry).
export function formatOrders(orders: Order[]): string {
  const lines = orders.map(formatOrder)
  if (orders.every((o) => o.kind === 'standing')) lines.push('pass')
  return lines.join('\n')
}
