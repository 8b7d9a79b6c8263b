// Where the enemy suits are, in words, for the text of a your-phase email: a reader without the map can still
// play. Every live enemy suit on the table, nearest first: where it stands, its distance from the reader's
// nearest suit (centre to centre, GAP-M-1), its HP, and whether it is in system error.
import { distance } from '../../../engine/table/index.js'
import type { Locale } from '../../../i18n/index.js'
import { inches, isMsView, placedSuits, ptLabel, readerSuits, suitName, viewerSide, words } from './words.js'

/** One line an enemy suit, nearest to the reader's suits first; none for an observer. */
export function enemiesNear(view: unknown, locale: Locale, maxLines = 20): { lines: string[]; omitted: number } {
  if (!isMsView(view) || !view.viewer) return { lines: [], omitted: 0 }
  const side = viewerSide(view)
  const mine = readerSuits(view)
  if (mine.length === 0) return { lines: [], omitted: 0 }
  const t = words(locale)
  const rows = placedSuits(view)
    .filter((e) => e.side !== side)
    .map((e) => {
      const nearest = mine
        .map((m) => ({ m, d: distance(m.at, e.at) }))
        .sort((a, b) => a.d - b.d || a.m.id.localeCompare(b.m.id))[0]!
      const state = [t('near.hp', { hp: e.hp, max: e.maxHp }), e.errorPhases > 0 ? t('near.error') : ''].filter(
        (s) => s !== '',
      )
      const line = t('near.line', {
        enemy: suitName(locale, e, e.id),
        at: ptLabel(e.at),
        distance: inches(locale, nearest.d),
        unit: nearest.m.id,
        state: state.join(t('sep')),
      })
      return { line, d: nearest.d, id: e.id }
    })
    .sort((a, b) => a.d - b.d || a.id.localeCompare(b.id))
  const lines = rows.slice(0, maxLines).map((r) => r.line)
  return { lines, omitted: rows.length - lines.length }
}
