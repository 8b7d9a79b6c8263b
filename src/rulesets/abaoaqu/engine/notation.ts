// The text order notation: one order per line, short enough to type in an email.
// See docs/orders-abaoaqu.md for the grammar and examples.
import type { OrderError, Parsed } from '../../../engine/ruleset.js'
import { hexLabel } from './geometry.js'
import { ID_MAX, RANKS_MAX } from './order-schema.js'
import type { GroupClass, Hex, Order, TargetSpec } from './types.js'

const GROUPS: Record<string, GroupClass> = { ms: 'MS', ft: 'FT', ship: 'SHIP', ships: 'SHIP', all: 'ALL' }
// The bounds are the JSON schema's, so an order typed in an email is held to the same limits.
const UNIT = new RegExp(`^[A-Za-z][A-Za-z0-9]{0,${ID_MAX - 1}}$`)
const RANKS = new RegExp(`^[0-${RANKS_MAX}]$`)
const RANKS_WORDS = `a number from 0 to ${RANKS_MAX}`

export function parseHex(token: string): Hex | null {
  const four = /^(\d{2})(\d{2})$/.exec(token)
  if (four) return [Number(four[1]), Number(four[2])]
  const dotted = /^(\d{1,3})\.(\d{1,3})$/.exec(token)
  if (dotted) return [Number(dotted[1]), Number(dotted[2])]
  return null
}

class LineError extends Error {}

/** A long token or line quoted in an error: its start, cut between characters (never inside a pair). */
function clip(text: string, max = 40): string {
  const chars = Array.from(text)
  return chars.length > max ? `${chars.slice(0, max).join('')}…` : text
}

function need<T>(value: T | null | undefined, expected: string): T {
  if (value === null || value === undefined) throw new LineError(expected)
  return value
}

function units(tokens: string[], what: string): string[] {
  if (tokens.length === 0) throw new LineError(`expected ${what}`)
  for (const t of tokens) if (!UNIT.test(t)) throw new LineError(`"${clip(t)}" is not a unit id (expected ${what})`)
  return tokens.map((t) => t.toUpperCase())
}

function ranksSuffix(tokens: string[]): { rest: string[]; ranks?: number } {
  const i = tokens.findIndex((t) => t.toLowerCase() === 'ranks')
  if (i < 0) return { rest: tokens }
  const value = tokens[i + 1]
  if (value === undefined || !RANKS.test(value) || tokens.length > i + 2)
    throw new LineError(`expected "ranks <number>" at the end of the line, ${RANKS_WORDS}`)
  return { rest: tokens.slice(0, i), ranks: Number(value) }
}

function target(tokens: string[], mode: 'shoot' | 'close'): { hex?: Hex; target: TargetSpec } {
  const [a, b, extra] = tokens
  if (a === undefined)
    throw new LineError('expected a target after "@": a unit id, a hex and a group (ms, ft, ship), or a group')
  if (extra !== undefined) throw new LineError(`unexpected "${clip(extra)}" after the target`)
  const hex = parseHex(a)
  if (hex) {
    const group = need(
      b === undefined ? undefined : GROUPS[b.toLowerCase()],
      `expected a group after hex ${a}: ms, ft or ship`,
    )
    return { hex, target: { group } }
  }
  const group = GROUPS[a.toLowerCase()]
  if (group) {
    if (mode === 'shoot') throw new LineError('a shooting group target needs its hex first, e.g. "@ 0710 ms"')
    if (b !== undefined) throw new LineError(`unexpected "${clip(b)}" after the group`)
    return { target: { group } }
  }
  if (!UNIT.test(a)) throw new LineError(`"${clip(a)}" is neither a unit id, a hex nor a group`)
  if (b !== undefined) throw new LineError(`unexpected "${clip(b)}" after the target unit`)
  return { target: { unit: a.toUpperCase() } }
}

function splitAt(tokens: string[], words: string[], expected: string): [string[], string[]] {
  const i = tokens.findIndex((t) => words.includes(t.toLowerCase()))
  if (i < 0) throw new LineError(expected)
  return [tokens.slice(0, i), tokens.slice(i + 1)]
}

function parseLine(tokens: string[]): Order | null {
  const head = tokens[0]!.toLowerCase()
  if (head === 'pass') {
    if (tokens.length > 1) throw new LineError('"pass" stands alone on its line')
    return null
  }
  if (head === 'remove') return { kind: 'remove', units: units(tokens.slice(1), 'the units to remove') }
  if (head === 'bd') {
    const [who, where] = splitAt(tokens.slice(1), ['@', 'at'], 'expected "bd <unit> @ <hex>"')
    const unit = units(who, 'the launching Public')
    if (unit.length !== 1) throw new LineError('one Public launches per line')
    const hex = need(where.length === 1 ? parseHex(where[0]!) : null, 'expected one target hex after "@", e.g. 0710')
    return { kind: 'bd', unit: unit[0]!, target: hex }
  }
  if (head === 'shoot' || head === 'close') {
    const { rest, ranks } = ranksSuffix(tokens.slice(1))
    const [who, what] = splitAt(rest, ['@', 'at'], `expected "${head} <units> @ <target>"`)
    const t = target(what, head)
    return {
      kind: 'attack',
      mode: head,
      units: units(who, 'the attacking units'),
      ...(t.hex ? { hex: t.hex } : {}),
      target: t.target,
      ...(ranks === undefined ? {} : { ranks }),
    }
  }
  if (head === 'defend') {
    const [, id, word, value, extra] = tokens
    const expected = `expected "defend <attack id> ranks <number>" (${RANKS_WORDS}) or "defend <attack id> none"`
    if (!id || !UNIT.test(id) || extra !== undefined) throw new LineError(expected)
    if (word?.toLowerCase() === 'none' && value === undefined)
      return { kind: 'defend', attack: id.toUpperCase(), ranks: 0 }
    if (word?.toLowerCase() !== 'ranks' || value === undefined || !RANKS.test(value)) throw new LineError(expected)
    return { kind: 'defend', attack: id.toUpperCase(), ranks: Number(value) }
  }
  if (head === 'standing') {
    const [, what, value, extra] = tokens
    const expected = `expected "standing defence full|none|<ranks>", the ranks ${RANKS_WORDS}`
    if (what?.toLowerCase() !== 'defence' && what?.toLowerCase() !== 'defense') throw new LineError(expected)
    if (value === undefined || extra !== undefined) throw new LineError(expected)
    const v = value.toLowerCase()
    if (v === 'full' || v === 'none') return { kind: 'standing', defenceShift: v }
    if (RANKS.test(v)) return { kind: 'standing', defenceShift: Number(v) }
    throw new LineError(expected)
  }
  const body = head === 'move' ? tokens.slice(1) : tokens
  const [who, where] = splitAt(
    body,
    ['->', 'to', '>'],
    'expected an order: "<units> -> <hex>", "remove", "bd", "shoot", "close", "defend", "standing" or "pass"',
  )
  const hex = need(
    where.length === 1 ? parseHex(where[0]!) : null,
    'expected one destination hex after "->", e.g. 0710',
  )
  return { kind: 'move', units: units(who, 'the units to move'), to: hex }
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
      errors.push({ rule: 'NOTATION', line: i + 1, message: `line ${i + 1} "${clip(content, 80)}": ${e.message}` })
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
