// MS@W moderator adjustments in text: one change a line, `#` comments, in the words of the orders:
//   GM1 move 20,30      GM1 hp 15        GM1 destroy       GM1 restore       GM1 ammo beam-rifle 10
//   GM1 body gm-shield 5                 GM1 error 2       GM1 hold beam-saber R (L, R, both, stowed)
// Standing orders are not adjusted: they are their seat's own until the game ends, and a correction is public.
import type { Adjustment, OrderError, Parsed } from '../../../engine/ruleset.js'
import type { HoldPlace, MsAdjustment } from './adjust.js'
import { refuse } from './messages.js'
import { fold, formatPoint, LineError, readId, readPoint, resolveSuit } from './notation.js'
import type { MsState } from './types.js'

const USAGE: Record<MsAdjustment['kind'], string> = {
  move: 'move <x,y>',
  hp: 'hp <n>',
  destroy: 'destroy',
  restore: 'restore',
  ammo: 'ammo <item> <n>',
  body: 'body <shield> <n>',
  error: 'error <phases>',
  hold: 'hold <item> L|R|both|stowed',
}
const isKind = (w: string): w is MsAdjustment['kind'] => Object.hasOwn(USAGE, w)

const HANDS: Record<string, HoldPlace> = {
  l: 'L',
  left: 'L',
  r: 'R',
  right: 'R',
  both: 'both',
  lr: 'both',
  stow: 'stowed',
  stowed: 'stowed',
}

function parseLine(state: MsState, content: string): MsAdjustment {
  const [msWord, verbWord, ...rest] = content.split(/\s+/)
  if (msWord === undefined || msWord === '') throw new LineError('NOTATION', 'msaw.notation.empty')
  if (verbWord === undefined) throw new LineError('NOTATION', 'msaw.adjust.notation.alone', { ms: msWord })
  const kind = fold(verbWord)
  if (!isKind(kind)) throw new LineError('NOTATION', 'msaw.adjust.notation.badVerb', { verb: verbWord })
  const suit = resolveSuit(state, msWord)
  const ms = suit.id
  const usage = () => new LineError('NOTATION', 'msaw.notation.usage', { usage: `${ms} ${USAGE[kind]}` })
  const num = (w: string | undefined) => {
    if (w === undefined || !/^\d{1,3}$/.test(fold(w))) throw usage()
    return Number(fold(w))
  }
  switch (kind) {
    case 'move': {
      // "20,30", "20, 30" and "20 ,30" are one point.
      const text = fold(rest.join(' ')).replace(/\s*,\s*/g, ',')
      if (text === '' || /\s/.test(text)) throw usage()
      return { kind, ms, at: readPoint(text, 'NOTATION') }
    }
    case 'hp':
      if (rest.length !== 1) throw usage()
      return { kind, ms, hp: num(rest[0]) }
    case 'error':
      if (rest.length !== 1) throw usage()
      return { kind, ms, rounds: num(rest[0]) }
    case 'destroy':
    case 'restore':
      if (rest.length > 0) throw usage()
      return { kind, ms }
    case 'ammo':
    case 'body': {
      if (rest.length !== 2) throw usage()
      const item = readId(suit, rest[0]!, 'NOTATION')
      const n = num(rest[1])
      return kind === 'ammo' ? { kind, ms, item, ammo: n } : { kind, ms, item, body: n }
    }
    case 'hold': {
      if (rest.length !== 2) throw usage()
      const hand = HANDS[fold(rest[1]!)]
      if (!hand) throw usage()
      return { kind, ms, item: readId(suit, rest[0]!, 'NOTATION'), hand }
    }
  }
}

/** Reads the adjustments, one a line; errors name their line, and the lines read are given all the same. */
export function parseAdjustments(text: string, state: MsState): Parsed<Adjustment> {
  const orders: Adjustment[] = []
  const lines: number[] = []
  const errors: OrderError[] = []
  text.split(/\r?\n|\r/).forEach((raw, i) => {
    const content = raw.normalize('NFKC').replace(/#.*$/, '').trim()
    if (content === '') return
    try {
      orders.push(parseLine(state, content))
      lines.push(i + 1)
    } catch (e) {
      const at = { line: i + 1, text: content.slice(0, 80) }
      errors.push(
        e instanceof LineError
          ? refuse(e.rule, e.key, { ...at, ...e.params }, { line: i + 1 })
          : refuse('NOTATION', 'msaw.notation.unreadable', { ...at, detail: String(e) }, { line: i + 1 }),
      )
    }
  })
  return errors.length > 0 ? { ok: false, errors, orders, lines } : { ok: true, orders, lines }
}

/** The adjustments as text, a line each: parseAdjustments reads them back to the same. */
export function formatAdjustments(changes: readonly Adjustment[]): string {
  return changes
    .map((change) => {
      const c = change as MsAdjustment
      switch (c.kind) {
        case 'move':
          return `${c.ms} move ${formatPoint(c.at)}`
        case 'hp':
          return `${c.ms} hp ${c.hp}`
        case 'error':
          return `${c.ms} error ${c.rounds}`
        case 'destroy':
        case 'restore':
          return `${c.ms} ${c.kind}`
        case 'ammo':
          return `${c.ms} ammo ${c.item} ${c.ammo}`
        case 'body':
          return `${c.ms} body ${c.item} ${c.body}`
        case 'hold':
          return `${c.ms} hold ${c.item} ${c.hand}`
        default:
          return `# ${JSON.stringify(change)}`
      }
    })
    .join('\n')
}
