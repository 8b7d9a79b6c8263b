// GREEN NOA order notation (docs/orders-greennoa.md): one order a line, `#` comments, `pass` alone.
//   HS1 form launcher        GN-11: change form at the start of the movement phase (百式 変形 ランチャー)
//   HS1 move FRFFLF          GN-4-4, GN-4-5: F forward, L / R 60° turns (spaces between steps optional)
//   RD2 remove               GN-5-5: a unit removed when over-stacked
//   HS1 fire ME1             GN-7: fire
//   MK1 melee HZ1            GN-8: melee
// A unit is named by its id (HS1, any case) or by its type's Japanese name (百式) when only one unit of the
// game has that type; full-width letters and digits read as their ASCII forms (NFKC).
import type { OrderError, Parsed } from '../../../engine/ruleset.js'
import type { MessageParams } from '../../../engine/messages.js'
import { refuse, type MessageKey } from './messages.js'
import type { GnOrder, GnState, Side, Step } from './types.js'
import { otherSide, unitType } from './units.js'

/** NFKC, lower case: ＨＳ１ → hs1, ガンダムMkⅡ → ガンダムmkii. */
function fold(s: string): string {
  return s.normalize('NFKC').toLowerCase()
}

const KEYWORDS: Record<string, 'form' | 'move' | 'remove' | 'fire' | 'melee'> = {
  form: 'form',
  transform: 'form',
  変形: 'form',
  move: 'move',
  移動: 'move',
  remove: 'remove',
  除去: 'remove',
  fire: 'fire',
  射撃: 'fire',
  melee: 'melee',
  格闘: 'melee',
}

/**
 * The Japanese names of the forms (GN-11, as the source writes them, and the short words players use) that
 * `form` also takes, beside the ids; read after fold() with the middle dots left out (メガ・バズーカ・ランチャー).
 * Only the forms of the unit's own type are looked up, so MS names the Hyaku-Shiki's normal form and the
 * Messala's mobile-suit form alike.
 */
export const FORM_WORDS: Record<string, readonly string[]> = {
  normal: ['通常', '通常形態', 'MS', 'MS形態', 'モビルスーツ', 'モビルスーツ形態'],
  launcher: ['ランチャー', 'メガバズーカランチャー', 'メガバズーカランチャー装備', 'メガバズーカランチャー装備状態'],
  ms: ['MS形態', 'モビルスーツ', 'モビルスーツ形態'],
  ma: ['MA形態', 'モビルアーマー', 'モビルアーマー形態'],
}

/** fold() without middle dots: the key a form word is looked up by. */
function formKey(s: string): string {
  return fold(s).replace(/[・·]/g, '')
}

/** The form of `forms` (a unit type's) that `word` names: its id or one of its Japanese names. */
export function formNamed(forms: readonly string[], word: string): string | undefined {
  const key = formKey(word)
  return forms.find((f) => formKey(f) === key || (FORM_WORDS[f] ?? []).some((w) => formKey(w) === key))
}

/** A line that cannot be read: the rule it breaks, the message key (greennoa.notation.*) and its values. */
class LineError extends Error {
  constructor(
    readonly rule: string,
    readonly key: MessageKey,
    readonly params: MessageParams = {},
  ) {
    super(key)
  }
}

/**
 * The unit a token names: its id, or the Japanese name of its type. A name several units share is read as
 * the one of side `prefer` (the writer's own unit for the acting unit, an enemy for a target) when that
 * side has exactly one; otherwise the ids to choose from are given.
 */
export function resolveUnit(state: GnState, token: string, rule: string, prefer: Side | null): string {
  const t = fold(token)
  const byId = state.units.find((u) => fold(u.id) === t)
  if (byId) return byId.id
  const byName = state.units.filter((u) => fold(unitType(state.scenario, u).nameJa) === t)
  const preferred = byName.filter((u) => u.side === prefer)
  const only = byName.length === 1 ? byName[0] : preferred.length === 1 ? preferred[0] : undefined
  if (only) return only.id
  if (byName.length > 1) {
    const choice = preferred.length > 1 ? preferred : byName
    const ids = choice.map((u) => u.id).join(', ')
    throw new LineError(rule, 'greennoa.notation.ambiguous', { token, n: choice.length, ids })
  }
  throw new LineError(rule, 'greennoa.notation.noUnit', { token })
}

/** The two forms of a transforming type as separate values: each language joins them its own way. */
function formPair(forms: readonly string[]): { form1: string; form2: string } {
  return { form1: forms[0] ?? '', form2: forms[1] ?? '' }
}

function parseSteps(words: string[]): Step[] {
  const text = fold(words.join(''))
  if (text === '') throw new LineError('GN-4-4', 'greennoa.notation.noSteps')
  const steps: Step[] = []
  for (const ch of text) {
    if (ch === 'f') steps.push('F')
    else if (ch === 'l') steps.push('L')
    else if (ch === 'r') steps.push('R')
    else throw new LineError('GN-4-4', 'greennoa.notation.badStep', { step: ch })
  }
  return steps
}

function parseLine(state: GnState, side: Side | null, words: string[]): GnOrder {
  const [unitWord, verbWord, ...rest] = words
  if (unitWord === undefined) throw new LineError('NOTATION', 'greennoa.notation.empty')
  const verb = verbWord !== undefined && Object.hasOwn(KEYWORDS, fold(verbWord)) ? KEYWORDS[fold(verbWord)] : undefined
  if (!verb)
    throw verbWord === undefined
      ? new LineError('NOTATION', 'greennoa.notation.alone', { unit: unitWord })
      : new LineError('NOTATION', 'greennoa.notation.badVerb', { verb: verbWord })
  const isAttack = verb === 'fire' || verb === 'melee'
  const unit = resolveUnit(state, unitWord, isAttack ? 'GN-6-2' : 'GN-4-1', side)
  switch (verb) {
    case 'move':
      return { kind: 'move', unit, steps: parseSteps(rest) }
    case 'remove':
      if (rest.length > 0) throw new LineError('NOTATION', 'greennoa.notation.removeAlone')
      return { kind: 'remove', unit }
    case 'form': {
      const [form, ...more] = rest
      const u = state.units.find((x) => x.id === unit)
      const type = u ? unitType(state.scenario, u) : undefined
      const forms = type?.formOrder ?? []
      const rule = type?.transformRule ?? 'GN-11'
      if (form === undefined || more.length > 0)
        throw forms.length > 1
          ? new LineError(rule, 'greennoa.notation.formFormWithForms', { unit: unitWord, ...formPair(forms) })
          : new LineError(rule, 'greennoa.notation.formForm', { unit: unitWord })
      const id = formNamed(forms, form)
      if (!id)
        throw forms.length > 1
          ? new LineError(rule, 'greennoa.notation.badForm', { form, ...formPair(forms) })
          : new LineError(rule, 'greennoa.notation.noOtherForm', { unit })
      return { kind: 'transform', unit, form: id }
    }
    default: {
      const [targetWord, ...more] = rest
      if (targetWord === undefined || more.length > 0)
        throw new LineError('NOTATION', 'greennoa.notation.attackForm', { unit: unitWord, verb })
      return { kind: verb, unit, target: resolveUnit(state, targetWord, 'GN-6-1', side && otherSide(side)) }
    }
  }
}

function clip(s: string, n: number): string {
  return s.length > n ? `${s.slice(0, n - 1)}…` : s
}

/** Reads the orders of `seat` (named after its side; any other seat reads names without a preferred side). */
export function parseOrders(text: string, state: GnState, seat: string): Parsed<GnOrder> {
  const side: Side | null = seat === 'AEUG' || seat === 'TITANS' ? seat : null
  const orders: GnOrder[] = []
  const lines: number[] = []
  const passes: number[] = []
  const errors: OrderError[] = []
  text.split(/\r?\n/).forEach((raw, i) => {
    const content = raw.replace(/[#＃].*$/, '').trim()
    if (content === '') return
    const words = content.split(/\s+/)
    if (words.length === 1 && (fold(content) === 'pass' || content === 'パス')) {
      passes.push(i + 1)
      return
    }
    try {
      orders.push(parseLine(state, side, words))
      lines.push(i + 1)
    } catch (e) {
      const at = { line: i + 1, text: clip(content, 80) }
      errors.push(
        e instanceof LineError
          ? refuse(e.rule, e.key, { ...at, ...e.params }, { line: i + 1 })
          : refuse(
              'NOTATION',
              'greennoa.notation.unreadable',
              { ...at, detail: e instanceof Error ? e.message : String(e) },
              { line: i + 1 },
            ),
      )
    }
  })
  return errors.length > 0 ? { ok: false, errors, orders, lines, passes } : { ok: true, orders, lines, passes }
}

/** The orders in the notation, a line each, with unit ids; parseOrders reads them back to the same orders. */
export function formatOrders(orders: readonly GnOrder[]): string {
  if (orders.length === 0) return 'pass'
  return orders
    .map((o) => {
      switch (o.kind) {
        case 'transform':
          return `${o.unit} form ${o.form}`
        case 'move':
          return `${o.unit} move ${o.steps.join('')}`
        case 'remove':
          return `${o.unit} remove`
        case 'fire':
        case 'melee':
          return `${o.unit} ${o.kind} ${o.target}`
      }
    })
    .join('\n')
}
