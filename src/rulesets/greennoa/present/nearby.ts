// Where the enemy units are, in words, for the text of a your-phase email: a reader without the map can
// still play. GREEN NOA's maps are small and its units few, so every enemy on the map is listed, nearest
// first: its distance from the reader's nearest unit, and the fire arcs (GN-7-1) either way.
import { offsetDistance } from '../../../engine/hex/index.js'
import type { Locale } from '../../../i18n/index.js'
import { inFireArc } from '../engine/direction.js'
import type { FireArc } from '../engine/types.js'
import type { GnView, UnitView } from '../engine/view.js'
import { facingName, hexLabel, typeName, words } from './words.js'

/** Enough of a view to place units (views may be read back from JSON). */
export function isPlaceable(view: unknown): view is GnView {
  const v = view as Partial<GnView> | null
  return (
    !!v &&
    typeof v === 'object' &&
    v.system === 'greennoa' &&
    Array.isArray(v.units) &&
    v.units.every((u) => u && typeof u.id === 'string' && hexLabel(u.hex) !== null)
  )
}

function name(locale: Locale, u: UnitView): string {
  const type = typeName(locale, u)
  return type ? words(locale)('unit', { name: type, id: u.id }) : u.id
}

function arcOf(u: UnitView): FireArc {
  return u.values?.arc === 'ff' ? 'ff' : 'front'
}

/** One line an enemy unit, nearest to the reader's units first; none for an observer. */
export function enemiesNear(view: unknown, locale: Locale, maxLines = 20): { lines: string[]; omitted: number } {
  if (!isPlaceable(view) || !view.side) return { lines: [], omitted: 0 }
  const t = words(locale)
  const live = view.units.filter((u) => !u.removed)
  const mine = live.filter((u) => u.side === view.side)
  const enemies = live.filter((u) => u.side !== view.side)
  if (mine.length === 0) return { lines: [], omitted: 0 }
  const rows = enemies.map((e) => {
    const byDistance = mine
      .map((m) => ({ m, d: offsetDistance(m.hex, e.hex) }))
      .sort((a, b) => a.d - b.d || a.m.id.localeCompare(b.m.id))
    const nearest = byDistance[0]!
    const inMyArc = mine.filter((m) => inFireArc(m.hex, m.facing, arcOf(m), e.hex)).map((m) => m.id)
    const inItsArc = mine.filter((m) => inFireArc(e.hex, e.facing, arcOf(e), m.hex)).map((m) => m.id)
    const notes = [
      inMyArc.length > 0 ? t('near.inYourArc', { units: inMyArc.join(' ') }) : t('near.outOfYourArcs'),
      ...(inItsArc.length > 0 ? [t('near.youInItsArc', { units: inItsArc.join(' ') })] : []),
    ]
    const line = t(nearest.d === 0 ? 'near.sameHex' : 'near.line', {
      enemy: name(locale, e),
      hex: hexLabel(e.hex),
      facing: facingName(locale, e.facing),
      count: nearest.d,
      unit: nearest.m.id,
      at: hexLabel(nearest.m.hex),
      notes: notes.join(t('opt.sep')),
    })
    return { line, d: nearest.d, id: e.id }
  })
  rows.sort((a, b) => a.d - b.d || a.id.localeCompare(b.id))
  const lines = rows.slice(0, maxLines).map((r) => r.line)
  return { lines, omitted: rows.length - lines.length }
}
