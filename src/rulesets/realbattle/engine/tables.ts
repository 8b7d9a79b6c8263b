// Look-ups in the global tables of the scenario (§9.1, house data a club may replace): T1 accel/decel
// (RB-4.4, 20.1), T3 attacker speed (RB-14.1) and T6 action PP (RB-7…9, 20.1). The tables are data in
// `scenario.tables`; only the source's own rule numbers (surcharges, on-the-spot turns) are written here.
import type { PatternKey, Tables } from './types.js'

/** The Δ range of a planned accel or decel value, or null when T1 has no entry (0 or not a legal value). */
export function accelRange(
  tables: Tables,
  pp: number,
  ps: boolean,
  heavy: boolean,
): { min: number; max: number } | null {
  const row = tables.accel.find((r) => r.pp === pp)
  const range = row ? (ps ? row.ps : row.normal) : null
  if (!range) return null
  if (!heavy) return { ...range }
  // RB-20.1: a heavily damaged AT changes speed by 1 to 2 only.
  const clamp = (n: number) => Math.min(2, Math.max(1, n))
  return { min: clamp(range.min), max: clamp(range.max) }
}

/** The row of a table keyed by `from` that holds `value`: the largest `from` ≤ value. */
export function rowFor<R extends { from: number }>(rows: readonly R[], value: number): R | undefined {
  let best: R | undefined
  for (const r of rows) if (r.from <= value && (!best || r.from > best.from)) best = r
  return best
}

/** T3: the attacker's speed modifier by |speed| (RB-14.1). */
export function attackerSpeedModifier(tables: Tables, speed: number): number {
  return rowFor(tables.attackerSpeed, Math.abs(speed))?.mod ?? 0
}

export type PatternCost = { ok: true; pp: number } | { ok: false; rule: string; reason: 'no-entry' | 'heavy' }

/** RB-7.3, 8.3, 9.5: the rule that forbids a pattern without an entry. */
function noEntryRule(pattern: PatternKey): string {
  if (pattern.startsWith('T')) return 'RB-7.3'
  if (pattern.startsWith('O')) return 'RB-8.3'
  return 'RB-9.5'
}

/**
 * T6: the action PP of a turn (T), oblique (O) or pick turn (P) pattern at a signed speed, for the first
 * step of a chain (the repeats of a T or O chain cost 0, RB-7.8 / 8.6: the caller decides):
 * - at speed 0 a pick turn uses the speed-1 entry (RB-9.8);
 * - reversing adds 1 (RB-7.6, 8.5, 9.7);
 * - heavy damage adds 1 to T1 and O1 and forbids P2 and P3 (RB-20.1).
 */
export function patternCost(tables: Tables, pattern: PatternKey, speed: number, heavy: boolean): PatternCost {
  if (heavy && (pattern === 'P2' || pattern === 'P3')) return { ok: false, rule: 'RB-20.1', reason: 'heavy' }
  const abs = Math.abs(speed)
  const look = pattern.startsWith('P') ? Math.max(1, abs) : abs
  const pp = rowFor(tables.actionPp, look)?.pp[pattern]
  if (pp === undefined) return { ok: false, rule: noEntryRule(pattern), reason: 'no-entry' }
  const reversing = speed < 0 ? 1 : 0
  const surcharge = heavy && (pattern === 'T1' || pattern === 'O1') ? 1 : 0
  return { ok: true, pp: pp + reversing + surcharge }
}

/** RB-7.7: an on-the-spot turn at speed 0 costs 1 PP for 60°, 2 PP for 120° (the source's own numbers). */
export function spotTurnCost(deg: number): number | null {
  if (deg === 60) return 1
  if (deg === 120) return 2
  return null
}

/** Action-PP prices the source (or §9.1 [H]) states in its rules rather than in a table. */
export const ACTION_PP = {
  /** RB-11.4 */
  magazine: 5,
  /** RB-5.6: a hand-held weapon */
  purgeHand: 0,
  /** RB-5.6: an n-tube missile launcher */
  purgeLauncher: 1,
  /** §9.1 [H] smoke discharger (GAP-RB-8) */
  smoke: 1,
} as const

/** RB-6.6 / AMB-RB-5: the PP to avoid a collision at |speed|: 1 at 0–3, 2 at 4 or more. */
export function avoidCost(speed: number): number {
  return Math.abs(speed) >= 4 ? 2 : 1
}
