// PLACEHOLDER (frame branch): replaced by the movement/combat branch at merge
import type { PatternKey, Tables } from './types.js'

/** T6: the action PP of a pattern at |speed|, or null when it cannot be used at that speed. */
export function patternPp(tables: Tables, speed: number, key: PatternKey): number | null {
  const rows = tables.actionPp.filter((r) => r.from <= Math.abs(speed))
  const row = rows[rows.length - 1]
  return row?.pp[key] ?? null
}
