// Moderators' adjustments in text, one a line, in the style of the order notation: the unit (or `bd`, or a
// side) first, then a verb and its value: `GM1 move 0406`, `GM1 remove`, `bd 0710 turn 3`, `FED occupation 1`.
// Full-width letters, digits and signs read as their ASCII forms (NFKC); `#` starts a comment.
import type { Adjustment, OrderError, Parsed } from '../../../engine/ruleset.js'
import type { MessageParams } from '../../../engine/messages.js'
import { ADJUST_TURN_MAX, FACES, MORALES, PILOTS, labelOf, type AbqAdjustment } from './adjust.js'
import { refuse, type MessageKey } from './messages.js'
import { parseHex } from './notation.js'
import { ID_MAX } from './order-schema.js'
import type { State } from './types.js'

const UNIT = new RegExp(`^[A-Za-z][A-Za-z0-9]{0,${ID_MAX - 1}}$`)
const NUMBER = /^\d{1,3}$/

class LineError extends Error {
  constructor(
    readonly key: MessageKey,
    readonly params: MessageParams = {},
  ) {
    super(key)
  }
}

function clip(text: string, max = 40): string {
  const chars = Array.from(text)
  return chars.length > max ? `${chars.slice(0, max).join('')}…` : text
}

/** The value a verb takes, or the error naming what it takes. */
function value<T>(verb: string, expected: string, token: string | undefined, read: (t: string) => T | null): T {
  const v = token === undefined ? null : read(token)
  if (v === null) throw new LineError('abaoaqu.adjust.notation.value', { verb, expected })
  return v
}

function hexValue(verb: string, token: string | undefined) {
  return value(verb, '<hex> (0406)', token, parseHex)
}

function numberValue(verb: string, expected: string, token: string | undefined): number {
  return value(verb, expected, token, (t) => (NUMBER.test(t) ? Number(t) : null))
}

function parseLine(tokens: string[], state: State): AbqAdjustment {
  const [head, verbToken, arg, extra] = tokens as [string, string | undefined, string | undefined, string | undefined]
  const verb = verbToken?.toLowerCase() ?? ''
  const form = new LineError('abaoaqu.adjust.notation.form')
  const noneAfter = (count: number) => {
    const more = tokens[count]
    if (more !== undefined) throw new LineError('abaoaqu.adjust.notation.extra', { token: clip(more) })
  }
  if (head.toLowerCase() === 'bd') {
    const hex = hexValue('bd', verbToken)
    const word = arg?.toLowerCase()
    if (word === 'clear') {
      noneAfter(3)
      return { kind: 'bd-clear', hex }
    }
    if (word !== 'turn')
      throw new LineError('abaoaqu.adjust.notation.value', { verb: 'bd <hex>', expected: 'turn <n> | clear' })
    const turn = numberValue('turn', `1–${ADJUST_TURN_MAX}`, extra)
    noneAfter(4)
    return { kind: 'bd', hex, turn }
  }
  if (verb === 'ships-destroyed' || verb === 'occupation') {
    const side = state.scenario.sides.find((s) => s.id.toLowerCase() === head.toLowerCase())?.id
    if (!side)
      throw new LineError('abaoaqu.adjust.unknownSide', {
        side: clip(head),
        sides: state.scenario.sides.map((s) => s.id).join(', '),
      })
    const n = numberValue(verb, '<number>', arg)
    noneAfter(3)
    return verb === 'occupation' ? { kind: 'occupation', side, streak: n } : { kind: 'ships-destroyed', side, count: n }
  }
  if (verbToken === undefined) throw form
  if (!UNIT.test(head)) throw new LineError('abaoaqu.adjust.notation.notUnit', { token: clip(head) })
  const unit = head.toUpperCase()
  switch (verb) {
    case 'move':
    case '->':
    case 'to':
      noneAfter(3)
      return { kind: 'move', unit, hex: hexValue('move', arg) }
    case 'restore':
      noneAfter(3)
      return { kind: 'restore', unit, hex: hexValue('restore', arg) }
    case 'remove':
      noneAfter(2)
      return { kind: 'remove', unit }
    case 'morale': {
      noneAfter(3)
      const morale = value('morale', 'N | C | D', arg, (t) => MORALES.find((m) => m === t.toUpperCase()) ?? null)
      return { kind: 'morale', unit, morale }
    }
    case 'flip': {
      noneAfter(3)
      const face = value('flip', 'front | back', arg, (t) => FACES.find((f) => f === t.toLowerCase()) ?? null)
      return { kind: 'flip', unit, face }
    }
    case 'pilot': {
      noneAfter(3)
      const pilot = value('pilot', 'N1 | N2 | N3 | N4 | E | S | none', arg, (t) =>
        t.toLowerCase() === 'none' ? 'none' : (PILOTS.find((p) => p === t.toUpperCase()) ?? null),
      )
      return { kind: 'pilot', unit, pilot: pilot === 'none' ? null : pilot }
    }
    case 'spent': {
      noneAfter(3)
      const spent = value('spent', 'yes | no', arg, (t) => ({ yes: true, no: false })[t.toLowerCase()] ?? null)
      return { kind: 'spent', unit, spent }
    }
    case 'enter-turn':
      noneAfter(3)
      return { kind: 'enter-turn', unit, turn: numberValue('enter-turn', `1–${ADJUST_TURN_MAX}`, arg) }
    default:
      throw form
  }
}

export function parseAdjustments(text: string, state: State): Parsed<Adjustment> {
  const orders: Adjustment[] = []
  const lines: number[] = []
  const errors: OrderError[] = []
  text
    .normalize('NFKC')
    .split(/\r?\n/)
    .forEach((raw, i) => {
      const content = raw.replace(/#.*/, '').trim()
      if (!content) return
      const tokens = content
        .replace(/->/g, ' -> ')
        .split(/[\s,;]+/)
        .filter(Boolean)
      if (tokens.length === 0) return
      try {
        orders.push(parseLine(tokens, state))
        lines.push(i + 1)
      } catch (e) {
        if (!(e instanceof LineError)) throw e
        const params = { line: i + 1, text: clip(content, 80), ...e.params }
        errors.push(refuse('NOTATION', e.key, params, { line: i + 1 }))
      }
    })
  return errors.length ? { ok: false, errors, orders, lines } : { ok: true, orders, lines }
}

function hexArg(v: unknown): string {
  return Array.isArray(v) ? labelOf([Number(v[0]), Number(v[1])]) : String(v)
}

export function formatAdjustment(a: Adjustment): string {
  const c = a as AbqAdjustment
  switch (c.kind) {
    case 'move':
      return `${c.unit} move ${hexArg(c.hex)}`
    case 'remove':
      return `${c.unit} remove`
    case 'restore':
      return `${c.unit} restore ${hexArg(c.hex)}`
    case 'morale':
      return `${c.unit} morale ${c.morale}`
    case 'flip':
      return `${c.unit} flip ${c.face}`
    case 'pilot':
      return `${c.unit} pilot ${c.pilot ?? 'none'}`
    case 'spent':
      return `${c.unit} spent ${c.spent ? 'yes' : 'no'}`
    case 'enter-turn':
      return `${c.unit} enter-turn ${c.turn}`
    case 'bd':
      return `bd ${hexArg(c.hex)} turn ${c.turn}`
    case 'bd-clear':
      return `bd ${hexArg(c.hex)} clear`
    case 'ships-destroyed':
      return `${c.side} ships-destroyed ${c.count}`
    case 'occupation':
      return `${c.side} occupation ${c.streak}`
    default:
      return `# unknown adjustment ${JSON.stringify(a)}`
  }
}

export function formatAdjustments(changes: Adjustment[]): string {
  return changes.map(formatAdjustment).join('\n')
}
