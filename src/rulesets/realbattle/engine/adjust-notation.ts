// Real Battle moderator adjustments in text: one change a line, `#` comments, in the words of the orders:
//   A1 move 0406 facing NE    A1 face SE        A1 speed -1       A1 durability 8
//   A1 fall                   A1 stand          A1 destroy        A1 restore 0406 facing NE
//   A1 ammo hmg 6 mags 1      A1 pp 3
import type { Adjustment, OrderError, Parsed } from '../../../engine/ruleset.js'
import type { RbAdjustment } from './adjust.js'
import { refuse } from './messages.js'
import { fold, LineError, readFacing, readHex, resolveAt } from './notation.js'
import { facingName, hexLabel } from './sequence.js'
import type { RbState } from './types.js'

const USAGE: Record<RbAdjustment['kind'], string> = {
  move: 'move <CCRR> [facing <N|NE|SE|S|SW|NW>]',
  face: 'face <N|NE|SE|S|SW|NW>',
  speed: 'speed <n>',
  durability: 'durability <n>',
  fall: 'fall',
  stand: 'stand',
  destroy: 'destroy',
  restore: 'restore <CCRR> facing <N|NE|SE|S|SW|NW>',
  ammo: 'ammo <weapon> <rounds> [mags <n>]',
  pp: 'pp <n>',
}
const isKind = (w: string): w is RbAdjustment['kind'] => Object.hasOwn(USAGE, w)

function parseLine(state: RbState, words: string[]): RbAdjustment {
  const [atWord, verbWord, ...rest] = words
  if (atWord === undefined) throw new LineError('NOTATION', 'realbattle.notation.empty')
  if (verbWord === undefined) throw new LineError('NOTATION', 'realbattle.adjust.notation.alone', { at: atWord })
  const kind = fold(verbWord)
  if (!isKind(kind)) throw new LineError('NOTATION', 'realbattle.adjust.notation.badVerb', { verb: verbWord })
  const at = resolveAt(state, atWord).id
  const usage = () => new LineError('NOTATION', 'realbattle.notation.usage', { usage: `${at} ${USAGE[kind]}` })
  const args = rest.map(fold).filter((w) => w !== 'facing')
  const num = (w: string | undefined) => {
    if (w === undefined || !/^[+-]?\d{1,3}$/.test(w)) throw usage()
    return Number(w)
  }
  const hex = (w: string | undefined) => {
    const h = w === undefined ? null : readHex(w)
    if (!h) throw new LineError('NOTATION', 'realbattle.notation.hex', { hex: w ?? '' })
    return hexLabel(h)
  }
  const facing = (w: string | undefined) => {
    const f = w === undefined ? null : readFacing(w)
    if (f === null) throw new LineError('NOTATION', 'realbattle.notation.facing', { facing: w ?? '' })
    return f
  }
  switch (kind) {
    case 'move':
      if (args.length < 1 || args.length > 2) throw usage()
      return args.length === 2
        ? { kind, at, hex: hex(args[0]), facing: facing(args[1]) }
        : { kind, at, hex: hex(args[0]) }
    case 'restore':
      if (args.length !== 2) throw usage()
      return { kind, at, hex: hex(args[0]), facing: facing(args[1]) }
    case 'face':
      if (args.length !== 1) throw usage()
      return { kind, at, facing: facing(args[0]) }
    case 'speed':
    case 'durability':
    case 'pp': {
      if (args.length !== 1) throw usage()
      const n = num(args[0])
      return kind === 'speed'
        ? { kind, at, speed: n }
        : kind === 'pp'
          ? { kind, at, actionPp: n }
          : { kind, at, value: n }
    }
    case 'fall':
    case 'stand':
    case 'destroy':
      if (args.length > 0) throw usage()
      return { kind, at }
    case 'ammo': {
      const [weapon, rounds, magsWord, mags] = args
      if (
        weapon === undefined ||
        (magsWord !== undefined && magsWord !== 'mags') ||
        args.length === 3 ||
        args.length > 4
      )
        throw usage()
      return mags === undefined
        ? { kind, at, weapon, ammo: num(rounds) }
        : { kind, at, weapon, ammo: num(rounds), magazines: num(mags) }
    }
  }
}

/** Reads the adjustments, one a line; errors name their line, and the lines read are given all the same. */
export function parseAdjustments(text: string, state: RbState): Parsed<Adjustment> {
  const orders: Adjustment[] = []
  const lines: number[] = []
  const errors: OrderError[] = []
  text.split(/\r?\n/).forEach((raw, i) => {
    const content = raw.normalize('NFKC').replace(/#.*$/, '').trim()
    if (content === '') return
    try {
      orders.push(parseLine(state, content.split(/\s+/)))
      lines.push(i + 1)
    } catch (e) {
      const at = { line: i + 1, text: content.slice(0, 80) }
      errors.push(
        e instanceof LineError
          ? refuse(e.rule, e.key, { ...at, ...e.params }, { line: i + 1 })
          : refuse('NOTATION', 'realbattle.notation.unreadable', { ...at, detail: String(e) }, { line: i + 1 }),
      )
    }
  })
  return errors.length > 0 ? { ok: false, errors, orders, lines } : { ok: true, orders, lines }
}

/** The adjustments as text, a line each: parseAdjustments reads them back to the same. */
export function formatAdjustments(changes: readonly Adjustment[]): string {
  return changes
    .map((change) => {
      const c = change as RbAdjustment
      switch (c.kind) {
        case 'move':
          return `${c.at} move ${c.hex}${c.facing === undefined ? '' : ` facing ${facingName(c.facing)}`}`
        case 'restore':
          return `${c.at} restore ${c.hex} facing ${facingName(c.facing)}`
        case 'face':
          return `${c.at} face ${facingName(c.facing)}`
        case 'speed':
          return `${c.at} speed ${c.speed}`
        case 'durability':
          return `${c.at} durability ${c.value}`
        case 'pp':
          return `${c.at} pp ${c.actionPp}`
        case 'fall':
        case 'stand':
        case 'destroy':
          return `${c.at} ${c.kind}`
        case 'ammo':
          return `${c.at} ammo ${c.weapon} ${c.ammo}${c.magazines === undefined ? '' : ` mags ${c.magazines}`}`
        default:
          return `# ${JSON.stringify(change)}`
      }
    })
    .join('\n')
}
