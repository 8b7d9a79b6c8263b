// Real Battle combat look-ups (§9.1, GAP-RB-5, GAP-RB-6): T2 hit and evasion modifiers, T3 attacker speed,
// T4 target direction/speed, T5 fire arc. The values are the scenario's tables (data), never constants here.
import { attackerSpeedModifier, rowFor } from './tables.js'
import type { Dir6, DirColumn, Mount, Tables } from './types.js'

/** RB-22.3: the column for `pp`, or the next lower one; null when there is none lower. */
function columnAtOrBelow(rows: ReadonlyArray<{ pp: number; mod: number }>, pp: number): number | null {
  let best: { pp: number; mod: number } | null = null
  for (const row of rows) if (row.pp <= pp && (best === null || row.pp > best.pp)) best = row
  return best === null ? null : best.mod
}

/** T2 hit modifier by the attacker's planned attack PP (RB-14.1, RB-22.3); no column at or below: 0. */
export function hitModifier(tables: Tables, attackPp: number): number {
  return columnAtOrBelow(tables.hitModifier, attackPp) ?? 0
}

/** T2 evasion modifier by defence PP, normal or PS AT: 0 at defence 0 (RB-14.4) or with no lower column (RB-22.3). */
export function evasionModifier(tables: Tables, defencePp: number, ps: boolean): number {
  if (defencePp <= 0) return 0
  return columnAtOrBelow(ps ? tables.evasionPs : tables.evasionNormal, defencePp) ?? 0
}

/** T3 by |attacker speed| is movement's look-up too: one table, one function. */
export { attackerSpeedModifier }

/** T4: the attacker's direction as seen from the target (its column) and the target's |speed|. */
export function targetSpeedModifier(tables: Tables, column: DirColumn, targetSpeed: number): number {
  return rowFor(tables.targetSpeed, Math.abs(targetSpeed))?.mods[column] ?? 0
}

/** T5: the fire-arc modifier of a weapon at `mount` for a target in direction `dir`; null outside the arc. */
export function fireArcModifier(tables: Tables, mount: Mount, dir: Dir6): number | null {
  if (mount === 'none') return null
  const mod = tables.fireArc[mount][dir]
  return mod === undefined ? null : mod
}
