// MS@W's words in the reader's language: the catalogue namespace `msaw` (locales/<locale>/msaw.json), and the
// names every part of present/ uses: suits (id and type: "GM1 (RGM-79 GM)", Japanese "GM1（ジム）"), items
// (the view's names, else the catalogue's by type id), sides and seats, points and lengths in inches.
import { formatInches, type Pt } from '../../../engine/table/index.js'
import { catalogues, translate, type Locale, type Values } from '../../../i18n/index.js'
import type { MsSuitView, MsView } from '../engine/types.js'

export const NS = 'msaw'

export type Translate = (key: string, values?: Values) => string

/** A translator of the `msaw` namespace in `locale`. */
export function words(locale: Locale): Translate {
  return (key, values) => translate(locale, NS, key, values)
}

/** The message `key` when a catalogue has it, else `fallback`. */
export function maybe(locale: Locale, key: string, fallback: string, values: Values = {}): string {
  return catalogues().exists(key, { ns: NS, lng: locale }) ? translate(locale, NS, key, values) : fallback
}

// ---- reading views back from JSON -----------------------------------------------------------------

export const isObject = (v: unknown): v is Record<string, unknown> => v !== null && typeof v === 'object'

/** A point of whole hundredths, or null. */
export function asPt(value: unknown): Pt | null {
  if (!isObject(value)) return null
  const { x, y } = value
  return Number.isInteger(x) && Number.isInteger(y) ? { x: x as number, y: y as number } : null
}

/** Enough of a suit's view to name, place and describe it. */
export function isSuitView(value: unknown): value is MsSuitView {
  if (!isObject(value)) return false
  return (
    typeof value.id === 'string' &&
    typeof value.type === 'string' &&
    typeof value.name === 'string' &&
    typeof value.side === 'string' &&
    typeof value.seat === 'string' &&
    (value.at === null || asPt(value.at) !== null) &&
    typeof value.hp === 'number' &&
    Array.isArray(value.items) &&
    value.items.every((i) => isObject(i) && typeof i.id === 'string')
  )
}

/** Enough of an MS@W view to trust (it comes back from a JSON column or an HTTP body). */
export function isMsView(value: unknown): value is MsView {
  if (!isObject(value)) return false
  const table = value.table
  return (
    value.system === 'msaw' &&
    isObject(table) &&
    Number.isInteger(table.width) &&
    Number.isInteger(table.height) &&
    Array.isArray(value.suits) &&
    value.suits.every(isSuitView) &&
    Array.isArray(value.sides) &&
    Array.isArray(value.seats) &&
    Array.isArray(value.terrain)
  )
}

// ---- values -------------------------------------------------------------------------------------------

/** A length in the reader's words: 12.5" / 12.5インチ. */
export function inches(locale: Locale, n: number): string {
  return words(locale)('inches', { n: formatInches(n) })
}

/** A point as orders write it: "12.5,8". */
export function ptLabel(p: Pt): string {
  return `${formatInches(p.x)},${formatInches(p.y)}`
}

/** A 0..1 chance (or a percentage) as a whole percentage: "74%". */
export function percent(chance: number): string {
  const p = chance <= 1 ? chance * 100 : chance
  return `${Math.round(p)}%`
}

/** The suit's type in the reader's words: "RGM-79 GM" / "ジム". */
export function typeName(locale: Locale, suit: MsSuitView): string {
  if (locale === 'ja') return suit.nameJa || suit.name
  return suit.name || suit.nameJa
}

/** A suit by id and type: "GM1 (RGM-79 GM)" / "GM1（ジム）"; the id alone when the view does not know it. */
export function suitName(locale: Locale, suit: MsSuitView | undefined, id: string): string {
  if (!suit) return id
  return words(locale)('suit.name', { id, type: typeName(locale, suit) })
}

/** An item's type id from its id within a suit: `beam-saber-2` → `beam-saber`. */
export function itemTypeId(id: string): string {
  return id.replace(/-[23]$/, '')
}

/**
 * An item of a suit in the reader's words: the view's name (Japanese: its nameJa), else the catalogue's by
 * type id (locales/<locale>/msaw.json `item.<type>`), else the id as written.
 */
export function itemName(locale: Locale, suit: MsSuitView | undefined, id: string): string {
  const item = suit?.items.find((i) => i && i.id === id)
  if (item) {
    const ja = typeof item.nameJa === 'string' ? item.nameJa : ''
    const en = typeof item.name === 'string' ? item.name : ''
    const viewName = locale === 'ja' ? ja : en
    if (viewName) return viewName
    return maybe(locale, `item.${typeof item.type === 'string' ? item.type : itemTypeId(id)}`, en || ja || id)
  }
  return maybe(locale, `item.${itemTypeId(id)}`, id)
}

/** A side by name in the reader's language; the id when the view does not know it. */
export function sideName(locale: Locale, view: MsView | null, side: string): string {
  const s = view?.sides.find((x) => isObject(x) && x.id === side)
  if (!s) return side
  return (locale === 'ja' ? s.nameJa || s.name : s.name) || side
}

/** The side a seat plays, or null. */
export function seatSide(view: MsView | null, seat: string): string | null {
  const s = view?.seats.find((x) => isObject(x) && x.id === seat)
  return s && typeof s.side === 'string' ? s.side : null
}

/** The reader's side, or null for an observer. */
export function viewerSide(view: MsView | null): string | null {
  return view?.viewer ? seatSide(view, view.viewer) : null
}

/**
 * A seat in the reader's words: its side's name when the side has one seat (or the seat is named as the
 * side), else "north (Federation)"; "you" marked for the reader's own seat.
 */
export function seatName(locale: Locale, view: MsView | null, seat: string): string {
  const t = words(locale)
  const side = seatSide(view, seat)
  const seats = side ? (view?.seats.filter((s) => isObject(s) && s.side === side).length ?? 0) : 0
  const base = !side
    ? seat
    : seat === side || seats <= 1
      ? sideName(locale, view, side)
      : t('seat.named', { seat, side: sideName(locale, view, side) })
  return view?.viewer === seat ? t('seat.you', { name: base }) : base
}

/** Whose a suit is to the reader: "mine", a teammate's ("friend"), or anyone else's ("plain"). */
export function relation(view: MsView | null, suit: MsSuitView | undefined): 'mine' | 'friend' | 'plain' {
  if (!view?.viewer || !suit) return 'plain'
  if (suit.seat === view.viewer) return 'mine'
  return suit.side === viewerSide(view) ? 'friend' : 'plain'
}

/** Capitalises an English line (names and item names are put in mid-sentence too). */
export function sentence(locale: Locale, line: string): string {
  return locale === 'en' && /^[a-z]/.test(line) ? line[0]!.toUpperCase() + line.slice(1) : line
}

/** The live suits of a view standing on the table. */
export function placedSuits(view: MsView): Array<MsSuitView & { at: Pt }> {
  return view.suits.filter((s): s is MsSuitView & { at: Pt } => !s.destroyed && asPt(s.at) !== null)
}

/** The reader's live suits on the table (their seat's; else their side's); none for an observer. */
export function readerSuits(view: MsView): Array<MsSuitView & { at: Pt }> {
  if (!view.viewer) return []
  const live = placedSuits(view)
  const own = live.filter((s) => s.seat === view.viewer)
  const side = viewerSide(view)
  return own.length > 0 ? own : live.filter((s) => s.side === side)
}
