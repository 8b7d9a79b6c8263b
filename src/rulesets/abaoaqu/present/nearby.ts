// Where the enemy units near the reader's are, in words, for the text of a your-phase email: a
// reader without pictures can still play. "Near" is A-Bao-A-Qu's reach (map/reach.ts), the
// same enemies the email's map is cropped to show.
import { hexLabel } from '../engine/geometry.js'
import type { Unit } from '../engine/types.js'
import type { View } from '../engine/view.js'
import { enemiesInReach, type EnemyInReach } from './map/reach.js'

const STATE_WORDS: Record<string, string> = { C: 'confused', D: 'panicked' }

function unitWords(view: View, u: Unit): string {
  const name = view.unitTypes[u.type]?.name ?? u.type
  const notes = [STATE_WORDS[u.morale] ?? '', u.face === 'back' ? 'flipped' : ''].filter((w) => w !== '')
  // As the options name them: "Zaku ZK1", but "GM3" where the type's name is its code.
  return `${name !== u.type ? `${name} ` : ''}${u.id}${notes.length > 0 ? ` (${notes.join(', ')})` : ''}`
}

/** "1206: Zaku ZK1, Zaku ZK2 (confused) — 3 hexes from your GM1 at 1005", one line per enemy hex, nearest first. */
export function enemiesNearAbaoaqu(view: View, maxLines = 20): { lines: string[]; omitted: number } {
  const byHex = new Map<string, EnemyInReach[]>()
  for (const e of enemiesInReach(view)) {
    const key = hexLabel(e.hex)
    byHex.set(key, [...(byHex.get(key) ?? []), e])
  }
  const all = [...byHex].map(([hex, here]) => {
    const nearest = here[0]!
    const far =
      nearest.distance === 0
        ? 'in the same hex as your'
        : `${nearest.distance} hex${nearest.distance === 1 ? '' : 'es'} from your`
    const units = here.map((e) => unitWords(view, e.unit)).join(', ')
    return `${hex}: ${units} — ${far} ${nearest.nearest.id} at ${hexLabel(nearest.nearest.hex!)}`
  })
  const lines = all.slice(0, maxLines)
  const omitted = [...byHex.values()].slice(maxLines).reduce((n, here) => n + here.length, 0)
  return { lines, omitted }
}
