// GREEN NOA combat tables, as the source prints them (GN-7-7 fire, GN-8-4 melee), and their lookups.
// The tables are data: the spec's equivalent formulas are checked against them in the tests, never used here.

/** Fire results (GN-7-7): S cannot act 1 inning, M cannot move, F cannot fire, E destroyed, '-' no effect. */
export type FireResult = 'S' | 'M' | 'F' | 'E' | '-'

/** Melee results (GN-8-4): A… attacker, D… target; E destroyed, S cannot act, C melee-disabled. */
export type MeleeResult = 'AE' | 'AS' | 'AC' | 'DE' | 'DS' | 'DC' | '-'

/** Columns of table 7-7, left to right: firepower − defence. */
export const FIRE_COLUMNS = [5, 4, 3, 2, 1, 0, -1, -2] as const

/** Table 7-7, rows 2 to 14 (modified 2D6 total), columns as FIRE_COLUMNS. Source text, section 7-7. */
export const FIRE_TABLE: Readonly<Record<number, readonly FireResult[]>> = {
  2: ['-', '-', '-', '-', '-', '-', '-', '-'],
  3: ['-', '-', '-', '-', '-', '-', '-', '-'],
  4: ['-', '-', '-', '-', '-', '-', '-', '-'],
  5: ['S', '-', '-', '-', '-', '-', '-', '-'],
  6: ['M', 'S', '-', '-', '-', '-', '-', '-'],
  7: ['F', 'M', 'S', '-', '-', '-', '-', '-'],
  8: ['E', 'F', 'M', 'S', '-', '-', '-', '-'],
  9: ['E', 'E', 'F', 'M', 'S', '-', '-', '-'],
  10: ['E', 'E', 'E', 'F', 'M', 'S', '-', '-'],
  11: ['E', 'E', 'E', 'E', 'F', 'M', 'S', '-'],
  12: ['E', 'E', 'E', 'E', 'E', 'F', 'M', 'S'],
  13: ['E', 'E', 'E', 'E', 'E', 'E', 'F', 'M'],
  14: ['E', 'E', 'E', 'E', 'E', 'E', 'E', 'F'],
}

/** Columns of table 8-4: melee-strength difference; the first is "3 or more", the last "−2 or less". */
export const MELEE_COLUMNS = [3, 2, 1, 0, -1, -2] as const

/** Table 8-4, rows 2 to 12 (modified 2D6 total), columns as MELEE_COLUMNS. Source text, section 8-4. */
export const MELEE_TABLE: Readonly<Record<number, readonly MeleeResult[]>> = {
  2: ['AC', 'AS', 'AS', 'AE', 'AE', 'AE'],
  3: ['AC', 'AC', 'AS', 'AS', 'AE', 'AE'],
  4: ['-', 'AC', 'AC', 'AS', 'AS', 'AE'],
  5: ['DC', '-', 'AC', 'AC', 'AS', 'AS'],
  6: ['DC', 'DC', '-', 'AC', 'AC', 'AS'],
  7: ['DS', 'DC', 'DC', '-', 'AC', 'AC'],
  8: ['DS', 'DS', 'DC', 'DC', '-', 'AC'],
  9: ['DE', 'DS', 'DS', 'DC', 'DC', '-'],
  10: ['DE', 'DE', 'DS', 'DS', 'DC', 'DC'],
  11: ['DE', 'DE', 'DE', 'DS', 'DS', 'DC'],
  12: ['DE', 'DE', 'DE', 'DE', 'DS', 'DS'],
}

export const FIRE_MIN_DIFF = -2
export const FIRE_MAX_DIFF = 5

/** GN-7-3 [R AMB-GN-3]: fire is allowed only when firepower − distance − defence is −2 or more. */
export function fireAllowed(diff: number): boolean {
  return Number.isInteger(diff) && diff >= FIRE_MIN_DIFF
}

/**
 * GN-7-7 lookup. `diff` above +5 uses the +5 column (AMB-GN-3); `total` is the modified dice total, rows
 * above 14 use row 14 (GN-7-4a) and below 2 use row 2. Throws when the fire is not allowed (diff < −2):
 * validation refuses such fire first (GN-7-3).
 */
export function fireResult(diff: number, total: number): FireResult {
  if (!fireAllowed(diff))
    throw new Error(`GN-7-3: fire with difference ${diff} is not allowed (below ${FIRE_MIN_DIFF})`)
  const column = FIRE_COLUMNS.indexOf(Math.min(diff, FIRE_MAX_DIFF) as (typeof FIRE_COLUMNS)[number])
  const row = FIRE_TABLE[clampInt(total, 2, 14)]
  const cell = row?.[column]
  if (cell === undefined) throw new Error(`GN-7-7: no cell for difference ${diff}, total ${total}`)
  return cell
}

/** GN-8-4 lookup. `diff` is clamped to the "3 or more" and "−2 or less" columns; rows clamp to 2..12 (GN-8-3a). */
export function meleeResult(diff: number, total: number): MeleeResult {
  const column = MELEE_COLUMNS.indexOf(clampInt(diff, -2, 3) as (typeof MELEE_COLUMNS)[number])
  const row = MELEE_TABLE[clampInt(total, 2, 12)]
  const cell = row?.[column]
  if (cell === undefined) throw new Error(`GN-8-4: no cell for difference ${diff}, total ${total}`)
  return cell
}

function clampInt(n: number, lo: number, hi: number): number {
  if (!Number.isInteger(n)) throw new Error(`not an integer: ${n}`)
  return Math.max(lo, Math.min(hi, n))
}

/** GN-8-1, GN-8-3: the melee column, the attacker's melee strength minus the target's (0 when it is C). */
export function meleeDifference(attackerMel: number, targetMel: number, targetC: boolean): number {
  return attackerMel - (targetC ? 0 : targetMel)
}

/**
 * GN-7-4a [D]: the modified fire total, 2D6 + 2 if the target is S (GN-7-4) + the direction modifier
 * (GN-10-3) + the pilots' difference (GAP-GN-2 [H]).
 */
export function fireTotal(dice: number, targetS: boolean, directionMod: number, pAtt: number, pDef: number): number {
  return dice + (targetS ? 2 : 0) + directionMod + (pAtt - pDef)
}

/** GN-8-2, GN-8-3a: the modified melee total, 2D6 + 2 if the target is S + the pilots' difference; no direction. */
export function meleeTotal(dice: number, targetS: boolean, pAtt: number, pDef: number): number {
  return dice + (targetS ? 2 : 0) + (pAtt - pDef)
}
