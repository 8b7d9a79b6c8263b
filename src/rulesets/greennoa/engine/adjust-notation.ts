// GREEN NOA moderator adjustments in text (docs/orders-greennoa.md, "Moderator adjustments"): one change a
// line, `#` comments, blank lines ignored, in the words of the order notation (notation.ts):
//   HS1 move 0406 facing 3      HS1 face 2        HS1 remove        HS1 restore 0406 facing 3
//   ME1 form ma                 HS1 mark M        HS1 unmark S      HS1 suppress inning 3 phase 4
//   HS1 turns 1
// Units by id or by the Japanese name of their type; full-width letters and digits read as ASCII (NFKC).
import type { MessageParams } from '../../../engine/messages.js'
import type { Adjustment, OrderError, Parsed } from '../../../engine/ruleset.js'
import type { Direction } from '../../../engine/hex/index.js'
import type { GnAdjustment, Mark } from './adjust.js'
import { refuse, type MessageKey } from './messages.js'
import { formNamed, resolveUnit } from './notation.js'
import type { GnState, PhaseNo } from './types.js'
import { unitType } from './units.js'

function fold(s: string): string {
  return s.normalize('NFKC').toLowerCase()
}

const VERBS: Record<string, GnAdjustment['kind']> = {
  move: 'move',
  移動: 'move',
  face: 'face',
  facing: 'face',
  向き: 'face',
  remove: 'remove',
  除去: 'remove',
  restore: 'restore',
  復帰: 'restore',
  form: 'form',
  transform: 'form',
  変形: 'form',
  mark: 'mark',
  付与: 'mark',
  unmark: 'unmark',
  clear: 'unmark',
  解除: 'unmark',
  suppress: 'suppress',
  turns: 'turns',
  旋回: 'turns',
}

/** The markers by letter and by the names the rules give them (GN-7-7, GN-8-4). */
const MARK_WORDS: Record<string, Mark | 'S'> = {
  s: 'S',
  行動不能: 'S',
  m: 'M',
  移動不能: 'M',
  f: 'F',
  射撃不能: 'F',
  c: 'C',
  格闘不能: 'C',
}

/** How each kind is written, for the message that shows it. */
const USAGE: Record<GnAdjustment['kind'], string> = {
  move: 'move <CCRR> [facing <0-5>]',
  face: 'face <0-5>',
  remove: 'remove',
  restore: 'restore <CCRR> facing <0-5>',
  form: 'form <form>',
  mark: 'mark M|F|C',
  unmark: 'unmark S|M|F|C',
  suppress: 'suppress inning <n> phase <1-9>',
  turns: 'turns <n>',
}

class LineError extends Error {
  constructor(
    readonly rule: string,
    readonly key: MessageKey,
    readonly params: MessageParams = {},
  ) {
    super(key)
  }
}

/** Words that name what follows them: left out when present, so `0406 3` reads as `0406 facing 3`. */
const FACING_WORDS = new Set(['facing', '向き'])
const INNING_WORDS = new Set(['until', 'inning', 'イニング', 'まで'])
const PHASE_WORDS = new Set(['phase', 'フェイズ', 'フェーズ'])

function parseLine(state: GnState, words: string[]): GnAdjustment {
  const [unitWord, verbWord, ...rest] = words
  if (unitWord === undefined) throw new LineError('NOTATION', 'greennoa.notation.empty')
  if (verbWord === undefined) throw new LineError('NOTATION', 'greennoa.adjust.notation.alone', { unit: unitWord })
  const kind = Object.hasOwn(VERBS, fold(verbWord)) ? VERBS[fold(verbWord)] : undefined
  if (!kind) throw new LineError('NOTATION', 'greennoa.adjust.notation.badVerb', { verb: verbWord })
  const unit = resolveUnit(state, unitWord, 'ADJ-unit', null)
  const usage = () =>
    new LineError('NOTATION', 'greennoa.adjust.notation.usage', { usage: `${unitWord} ${USAGE[kind]}` })
  const args = rest.map(fold)
  const int = (word: string | undefined): number => {
    if (word === undefined || !/^[0-9]{1,3}$/.test(word)) throw usage()
    return Number(word)
  }
  const hex = (word: string | undefined): string => {
    if (word === undefined || !/^[0-9]{4}$/.test(word))
      throw new LineError('ADJ-hex', 'greennoa.adjust.notation.hex', { hex: word ?? '' })
    return word
  }
  const facing = (words: string[]): Direction => {
    const ws = words.filter((w) => !FACING_WORDS.has(w))
    if (ws.length !== 1) throw usage()
    const f = int(ws[0])
    if (f > 5) throw new LineError('ADJ-range', 'greennoa.adjust.notation.facing', { facing: f })
    return f as Direction
  }
  switch (kind) {
    case 'move': {
      const at = hex(args[0])
      return args.length > 1 ? { kind, unit, hex: at, facing: facing(args.slice(1)) } : { kind, unit, hex: at }
    }
    case 'face':
      return { kind, unit, facing: facing(args) }
    case 'remove':
      if (args.length > 0) throw usage()
      return { kind, unit }
    case 'restore':
      return { kind, unit, hex: hex(args[0]), facing: facing(args.slice(1)) }
    case 'form': {
      if (rest.length !== 1) throw usage()
      const u = state.units.find((x) => x.id === unit)
      const forms = u ? unitType(state.scenario, u).formOrder : []
      const id = formNamed(forms, rest[0]!)
      if (id) return { kind, unit, form: id }
      throw forms.length > 1
        ? new LineError('ADJ-form', 'greennoa.notation.badForm', { form: rest[0]!, form1: forms[0]!, form2: forms[1]! })
        : new LineError('ADJ-form', 'greennoa.notation.noOtherForm', { unit })
    }
    case 'mark':
    case 'unmark': {
      if (args.length !== 1) throw usage()
      const mark = Object.hasOwn(MARK_WORDS, args[0]!) ? MARK_WORDS[args[0]!] : undefined
      if (!mark || (kind === 'mark' && mark === 'S'))
        throw new LineError(
          'NOTATION',
          kind === 'mark' ? 'greennoa.adjust.notation.mark' : 'greennoa.adjust.notation.unmark',
          {
            mark: rest[0]!,
          },
        )
      return kind === 'mark' ? { kind, unit, mark: mark as Mark } : { kind, unit, mark }
    }
    case 'suppress': {
      const phaseAt = args.findIndex((w) => PHASE_WORDS.has(w))
      const before = (phaseAt < 0 ? args : args.slice(0, phaseAt)).filter((w) => !INNING_WORDS.has(w))
      const after = phaseAt < 0 ? [] : args.slice(phaseAt + 1)
      const nums = [...before, ...after]
      if (nums.length !== 2) throw usage()
      return { kind, unit, inning: int(nums[0]), phase: int(nums[1]) as PhaseNo }
    }
    case 'turns':
      if (args.length !== 1) throw usage()
      return { kind, unit, used: int(args[0]) }
  }
}

function clip(s: string, n: number): string {
  return s.length > n ? `${s.slice(0, n - 1)}…` : s
}

/** Reads the adjustments, one a line; errors name their line, and the lines read are given all the same. */
export function parseAdjustments(text: string, state: GnState): Parsed<Adjustment> {
  const orders: Adjustment[] = []
  const lines: number[] = []
  const errors: OrderError[] = []
  text.split(/\r?\n/).forEach((raw, i) => {
    const content = raw.replace(/[#＃].*$/, '').trim()
    if (content === '') return
    try {
      orders.push(parseLine(state, content.split(/\s+/)))
      lines.push(i + 1)
    } catch (e) {
      const at = { line: i + 1, text: clip(content, 80) }
      const known = e as Partial<LineError>
      errors.push(
        known.rule !== undefined && known.key !== undefined
          ? refuse(known.rule, known.key, { ...at, ...known.params }, { line: i + 1 })
          : refuse(
              'NOTATION',
              'greennoa.notation.unreadable',
              { ...at, detail: e instanceof Error ? e.message : String(e) },
              { line: i + 1 },
            ),
      )
    }
  })
  return errors.length > 0 ? { ok: false, errors, orders, lines } : { ok: true, orders, lines }
}

/** The adjustments as text, a line each, with unit ids: parseAdjustments reads them back to the same. */
export function formatAdjustments(changes: readonly Adjustment[]): string {
  return changes
    .map((change) => {
      const c = change as GnAdjustment
      switch (c.kind) {
        case 'move':
          return `${c.unit} move ${c.hex}${c.facing === undefined ? '' : ` facing ${c.facing}`}`
        case 'face':
          return `${c.unit} face ${c.facing}`
        case 'remove':
          return `${c.unit} remove`
        case 'restore':
          return `${c.unit} restore ${c.hex} facing ${c.facing}`
        case 'form':
          return `${c.unit} form ${c.form}`
        case 'mark':
        case 'unmark':
          return `${c.unit} ${c.kind} ${c.mark}`
        case 'suppress':
          return `${c.unit} suppress inning ${c.inning} phase ${c.phase}`
        case 'turns':
          return `${c.unit} turns ${c.used}`
        default:
          return `# ${JSON.stringify(change)}`
      }
    })
    .join('\n')
}
