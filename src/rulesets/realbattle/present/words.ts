// Real Battle's words in the reader's language: the catalogue namespace `realbattle` (locales/<locale>/
// realbattle.json), and the names every part of present/ uses: ATs (id, pilot, machine; Japanese names with
// their English ones for a Japanese reader), camps, hexes, facings, speeds and weapons.
import { catalogues, translate, type Locale, type Values } from '../../../i18n/index.js'
import type { AtView, RbView } from '../engine/types.js'

export const NS = 'realbattle'

export type Translate = (key: string, values?: Values) => string

export function words(locale: Locale): Translate {
  return (key, values) => translate(locale, NS, key, values)
}

/** The message `key` when a catalogue has it, else `fallback` (a value no catalogue names). */
export function maybe(locale: Locale, key: string, fallback: string): string {
  return catalogues().exists(key, { ns: NS, lng: locale }) ? translate(locale, NS, key) : fallback
}

// ---- reading views back from JSON -----------------------------------------------------------------

const isObject = (v: unknown): v is Record<string, unknown> => v !== null && typeof v === 'object'

/** Enough of an AT view to name and place it. */
export function isAtView(value: unknown): value is AtView {
  if (!isObject(value)) return false
  return (
    typeof value.id === 'string' &&
    (value.camp === 'A' || value.camp === 'B') &&
    typeof value.name === 'string' &&
    typeof value.nameJa === 'string' &&
    isObject(value.pilot) &&
    Array.isArray(value.weapons)
  )
}

/** Enough of a Real Battle view to trust (it comes back from a JSON column or an HTTP body). */
export function isRbView(value: unknown): value is RbView {
  if (!isObject(value)) return false
  const map = value.map
  return (
    value.system === 'realbattle' &&
    Array.isArray(value.ats) &&
    value.ats.every(isAtView) &&
    Array.isArray(value.smoke) &&
    isObject(map) &&
    Number.isInteger(map.cols) &&
    Number.isInteger(map.rows) &&
    (map.cols as number) > 0 &&
    (map.rows as number) > 0 &&
    Array.isArray(map.obstacles)
  )
}

// ---- values ---------------------------------------------------------------------------------------

const two = (n: number) => String(n).padStart(2, '0')

/** A hex `{col,row}` or `[col,row]` (events carry either) as `{col,row}`, or null. */
export function asHex(value: unknown): { col: number; row: number } | null {
  const ok = (n: unknown): n is number => typeof n === 'number' && Number.isInteger(n) && n >= 0
  if (Array.isArray(value))
    return value.length === 2 && ok(value[0]) && ok(value[1]) ? { col: value[0], row: value[1] } : null
  if (!isObject(value)) return null
  return ok(value.col) && ok(value.row) ? { col: value.col, row: value.row } : null
}

/** A hex as orders and the map write it: column and row, two digits each ("0704"). */
export function hexLabel(value: unknown): string | null {
  const h = asHex(value)
  return h ? `${two(h.col)}${two(h.row)}` : null
}

/** A "c,r" key of the map data (obstacles, deployment hexes) as a hex. */
export function keyHex(key: unknown): { col: number; row: number } | null {
  if (typeof key !== 'string') return null
  const m = /^(\d+),(\d+)$/.exec(key)
  return m ? { col: Number(m[1]), row: Number(m[2]) } : null
}

/** "+2", "−1", "0". */
export function signed(n: number): string {
  return n > 0 ? `+${n}` : n < 0 ? `−${-n}` : '0'
}

/** A speed as the map's counters write it: "v3", "v-1" (RB-6.3: negative is reversing). */
export function speedMark(speed: number): string {
  return `v${speed}`
}

export const FACINGS = ['N', 'NE', 'SE', 'S', 'SW', 'NW'] as const

export function facingName(locale: Locale, facing: unknown): string {
  return maybe(locale, `facing.${String(facing)}`, String(facing))
}

export function campName(locale: Locale, view: RbView | null, camp: unknown): string {
  const c = camp === 'A' || camp === 'B' ? view?.camps?.[camp] : undefined
  const name = c ? (locale === 'ja' ? c.nameJa || c.name : c.name) : ''
  return name
    ? words(locale)('camp.named', { camp: String(camp), name })
    : words(locale)('camp.plain', { camp: String(camp) })
}

/**
 * An AT by id, pilot and machine: "A1 Chirico (Scopedog)"; for a Japanese reader "A1 キリコ（スコープドッグ /
 * Scopedog）". The id alone for an AT the view does not know.
 */
export function atName(locale: Locale, at: AtView | undefined, id: string): string {
  if (!at) return id
  const t = words(locale)
  if (locale === 'ja') {
    const pilot = at.pilot.nameJa || at.pilot.name
    const machine = at.nameJa && at.nameJa !== at.name ? `${at.nameJa} / ${at.name}` : at.name
    return t('at.name', { id, pilot, machine })
  }
  return t('at.name', { id, pilot: at.pilot.name || at.pilot.nameJa, machine: at.name || at.nameJa })
}

/** Whose an AT is to the reader: "your", a teammate's ("friendly"), "enemy", or nobody's (an observer). */
export function relation(view: RbView | null, at: AtView | undefined): 'mine' | 'friend' | 'enemy' | 'plain' {
  if (!view?.viewer || !at) return 'plain'
  if (at.mine) return 'mine'
  return at.camp === view.viewer.camp ? 'friend' : 'enemy'
}

/** A weapon of an AT in the reader's language ("Heavy Machine Gun" / 「ヘビーマシンガン」); its id if unknown. */
export function weaponName(locale: Locale, at: AtView | undefined, id: unknown): string {
  const w = at?.weapons.find((x) => x && x.id === id)
  if (!w) return String(id)
  const name = locale === 'ja' ? w.nameJa || w.name : w.name || w.nameJa
  return name || String(id)
}

/** Capitalises an English line that starts with "your" or "enemy" (names are put in mid-sentence too). */
export function sentence(locale: Locale, line: string): string {
  return locale === 'en' && /^[a-z]/.test(line) ? line[0]!.toUpperCase() + line.slice(1) : line
}
