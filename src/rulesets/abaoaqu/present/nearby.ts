// Where the enemy units near the reader's are, in words, for the text of a your-phase email: a
// reader without pictures can still play. "Near" is A-Bao-A-Qu's reach (map/reach.ts), the
// same enemies the email's map is cropped to show.
import { hexLabel } from '../engine/geometry.js'
import type { Unit } from '../engine/types.js'
import type { View } from '../engine/view.js'
import { DEFAULT_LOCALE, type Locale } from '../../../i18n/index.js'
import { enemiesInReach, type EnemyInReach } from './map/reach.js'
import { abaoaquWords } from './narrate.js'

function unitWords(view: View, u: Unit, t: ReturnType<typeof abaoaquWords>): string {
  const name = view.unitTypes[u.type]?.name ?? u.type
  const notes = [
    u.morale === 'C' || u.morale === 'D' ? t(`state.${u.morale}`) : '',
    u.face === 'back' ? t('near.flipped') : '',
  ].filter((w) => w !== '')
  // As the options name them: "Zaku ZK1", but "GM3" where the type's name is its code.
  const unit = `${name !== u.type ? `${name} ` : ''}${u.id}`
  return notes.length > 0 ? t('near.notes', { unit, notes: notes.join(t('list.sep')) }) : unit
}

/** "1206: Zaku ZK1, Zaku ZK2 (confused) — 3 hexes from your GM1 at 1005", one line per enemy hex, nearest first. */
export function enemiesNearAbaoaqu(
  view: View,
  maxLines = 20,
  locale: Locale = DEFAULT_LOCALE,
): { lines: string[]; omitted: number } {
  const t = abaoaquWords(locale)
  const byHex = new Map<string, EnemyInReach[]>()
  for (const e of enemiesInReach(view)) {
    const key = hexLabel(e.hex)
    byHex.set(key, [...(byHex.get(key) ?? []), e])
  }
  const all = [...byHex].map(([hex, here]) => {
    const nearest = here[0]!
    const units = here.map((e) => unitWords(view, e.unit, t)).join(t('list.sep'))
    const values = { hex, units, id: nearest.nearest.id, at: hexLabel(nearest.nearest.hex!) }
    return nearest.distance === 0 ? t('near.same', values) : t('near.far', { ...values, count: nearest.distance })
  })
  const lines = all.slice(0, maxLines)
  const omitted = [...byHex.values()].slice(maxLines).reduce((n, here) => n + here.length, 0)
  return { lines, omitted }
}
