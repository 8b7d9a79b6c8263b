// GREEN NOA's words in the reader's language: the catalogue namespace `greennoa` (locales/<locale>/
// greennoa.json), the names of units, sides, hexes, facings and forms every part of present/ uses.
import { catalogues, translate, type Locale, type Values } from '../../../i18n/index.js'
import type { PhaseNo } from '../engine/types.js'

export const NS = 'greennoa'

export type Translate = (key: string, values?: Values) => string

export function words(locale: Locale): Translate {
  return (key, values) => translate(locale, NS, key, values)
}

/** The message `key` when a catalogue has it, else `fallback` (a form or value no catalogue names). */
export function maybe(locale: Locale, key: string, fallback: string): string {
  return catalogues().exists(key, { ns: NS, lng: locale }) ? translate(locale, NS, key) : fallback
}

export const PHASE_MARK: Record<PhaseNo, string> = {
  1: '①',
  2: '②',
  3: '③',
  4: '④',
  5: '⑤',
  6: '⑥',
  7: '⑦',
  8: '⑧',
  9: '⑨',
}

/** ① … ⑨ for a phase number, the number itself when it is not one. */
export function phaseMark(phase: unknown): string {
  return typeof phase === 'number' && phase in PHASE_MARK ? PHASE_MARK[phase as PhaseNo] : String(phase)
}

/** The phase number a mark ① … ⑨ at the start of a text names, or null. */
export function phaseOfMark(text: string): PhaseNo | null {
  const first = [...text][0]
  const hit = Object.entries(PHASE_MARK).find(([, mark]) => mark === first)
  return hit ? (Number(hit[0]) as PhaseNo) : null
}

/** A hex as the options and narration write it: column and row, two digits each ("0104"). */
export function hexLabel(hex: unknown): string | null {
  const h = hex as { col?: unknown; row?: unknown } | null
  if (!h || typeof h !== 'object') return null
  const ok = (n: unknown): n is number => typeof n === 'number' && Number.isInteger(n) && n >= 0
  if (!ok(h.col) || !ok(h.row)) return null
  const two = (n: number) => String(n).padStart(2, '0')
  return `${two(h.col)}${two(h.row)}`
}

/** A unit's type name in the reader's language: the source's Japanese, or the English beside it. */
export function typeName(locale: Locale, u: { name?: unknown; nameJa?: unknown }): string | null {
  const name = locale === 'ja' ? u.nameJa : u.name
  return typeof name === 'string' && name ? name : null
}

export function sideName(locale: Locale, side: unknown): string {
  return maybe(locale, `side.${String(side)}`, String(side))
}

export function facingName(locale: Locale, facing: unknown): string {
  return maybe(locale, `facing.${String(facing)}`, String(facing))
}

export function formName(locale: Locale, form: unknown): string {
  return maybe(locale, `form.${String(form)}`, String(form))
}

/** "+2", "−1", "±0". */
export function signed(n: number): string {
  return n > 0 ? `+${n}` : n < 0 ? `−${-n}` : '±0'
}
