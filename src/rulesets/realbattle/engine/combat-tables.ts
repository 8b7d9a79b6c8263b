// PLACEHOLDER (frame branch): replaced by the movement/combat branch at merge
import type { Tables } from './types.js'

/** T2 with RB-22.3: the hit modifier of the next lower column, 0 below the first. */
export function hitModifier(tables: Tables, pp: number): number {
  const rows = tables.hitModifier.filter((r) => r.pp <= pp)
  return rows[rows.length - 1]?.mod ?? 0
}
