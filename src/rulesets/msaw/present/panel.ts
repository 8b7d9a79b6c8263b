// The status panel: one row per suit of the game as far as the reader may know, for the email and the web
// page beside the map: its type, side, HP (GAP-M-5), what it holds (MS-2.2), its shield's body (MS-3.7), the
// weapons in use with their range, damage and ammunition left (MS-3.2, MS-3.6, MS-3.9), system error (MS-4.4) and aim.
import { formatInches } from '../../../engine/table/index.js'
import type { Locale } from '../../../i18n/index.js'
import type { StatusPanel } from '../../contract.js'
import type { MsSuitView, MsView } from '../engine/types.js'
import { isMsView, isObject, itemName, sideName, typeName, words, type Translate } from './words.js'

const COLUMNS = ['suit', 'type', 'side', 'hp', 'held', 'shield', 'ammo', 'error', 'aim'] as const

type Item = MsSuitView['items'][number]

const held = (i: Item) => i.place === 'L' || i.place === 'R' || i.place === 'LR'

function heldCell(locale: Locale, t: Translate, s: MsSuitView): string {
  const items = s.items.filter((i) => isObject(i) && held(i))
  if (items.length === 0) return '–'
  return items.map((i) => t(`panel.hand.${i.place}`, { item: itemName(locale, s, i.id) })).join(t('sep'))
}

/** Shields with a body left: held, fixed or stowed (a stowed one marked so). */
function shieldCell(locale: Locale, t: Translate, s: MsSuitView): string {
  const shields = s.items.filter((i) => isObject(i) && typeof i.body === 'number')
  if (shields.length === 0) return '–'
  return shields
    .map((i) =>
      t(i.place === 'stowed' ? 'panel.shieldStowed' : 'panel.shield', {
        item: itemName(locale, s, i.id),
        body: i.body,
      }),
    )
    .join(t('sep'))
}

/** A band in inches: 3–16", or "close" (MS-3.2, MS-3.3). */
function bandText(t: Translate, range: unknown): string | null {
  if (range === 'close') return t('panel.close')
  if (!isObject(range) || typeof range.min !== 'number' || typeof range.max !== 'number') return null
  return `${formatInches(range.min)}–${formatInches(range.max)}"`
}

/** Each weapon in use or with ammunition: its range band, damage and ammunition left, to plan moves and attacks. */
function weaponsCell(t: Translate, s: MsSuitView): string {
  const parts = s.items
    .filter((i) => isObject(i) && (i.range !== undefined || typeof i.ammo === 'number'))
    .filter((i) => i.place !== 'stowed' || typeof i.ammo === 'number')
    .map((i) => {
      const band = bandText(t, i.range)
      const facts = [band, typeof i.damage === 'string' ? i.damage : null].filter((x) => x !== null).join(' ')
      const ammo = typeof i.ammo === 'number' ? ` ×${i.ammo}` : ''
      return `${i.id}${facts ? ` ${facts}` : ''}${ammo}`
    })
  return parts.length > 0 ? parts.join(t('sep')) : '–'
}

function row(locale: Locale, t: Translate, view: MsView, s: MsSuitView): string[] {
  const hp = `${s.hp}/${s.maxHp}`
  return [
    s.id,
    typeName(locale, s),
    sideName(locale, view, s.side),
    s.destroyed ? t('panel.destroyed', { hp }) : hp,
    s.destroyed ? '–' : heldCell(locale, t, s),
    s.destroyed ? '–' : shieldCell(locale, t, s),
    s.destroyed ? '–' : weaponsCell(t, s),
    s.errorPhases > 0 && !s.destroyed ? t('panel.error', { count: s.errorPhases }) : '–',
    isObject(s.aim) && typeof s.aim.target === 'string' && !s.destroyed
      ? t('panel.aim', { target: s.aim.target, round: s.aim.round })
      : '–',
  ]
}

/** The panel of a view, or null when the view cannot be read. */
export function statusPanel(view: unknown, locale: Locale): StatusPanel | null {
  if (!isMsView(view)) return null
  const t = words(locale)
  const sides = view.sides.map((s) => s.id)
  const ordered = [...view.suits].sort(
    (a, b) => sides.indexOf(a.side) - sides.indexOf(b.side) || a.id.localeCompare(b.id, 'en', { numeric: true }),
  )
  return {
    title: t('panel.title', { round: view.round }),
    columns: COLUMNS.map((c) => t(`panel.col.${c}`)),
    rows: ordered.map((s) => row(locale, t, view, s)),
  }
}
