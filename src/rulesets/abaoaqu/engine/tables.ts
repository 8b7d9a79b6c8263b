// A-7-5 ratios, GAP-A-12 column range, §5 result tables and their application (§5.3).
import type { RatioTable } from './types.js'

export type Result = '-' | 'C' | 'D' | 'X'

/** Ladder index of the base ratio: 1:1 = 0, 2:1 = 1, 1:2 = -1 (A-7-5, §4.1). Null when A = 0. */
export function ratioIndex(attack: number, defence: number, rounding: 'strict' | 'nearest' = 'strict'): number | null {
  if (attack <= 0) return null
  if (defence <= 0) return 6 // GAP-A-12: a defence total of 0 uses 7:1 before shifts
  if (rounding === 'nearest') return nearestIndex(attack, defence)
  return attack >= defence ? Math.floor(attack / defence) - 1 : 1 - Math.ceil(defence / attack)
}

// AMB-A-7 (b): round to the nearest whole ratio, ties to the defence (reproduces 11-4's 7:8 -> 1:1).
function nearestIndex(attack: number, defence: number): number {
  if (attack >= defence) return Math.max(1, Math.ceil(attack / defence - 0.5)) - 1
  return 1 - Math.max(1, Math.floor(defence / attack + 0.5))
}

/** The column label of a ladder index, e.g. 0 -> "1:1", -2 -> "1:3", 3 -> "4:1". */
export function ratioLabel(k: number): string {
  return k >= 0 ? `${k + 1}:1` : `1:${1 - k}`
}

export const LOWEST_INDEX = -3
export const HIGHEST_INDEX = 6

/** Final column after shifts: null below 1:4 (no effect, no roll), clamped at 7:1 (GAP-A-12). */
export function finalColumn(base: number, shift: number): number | null {
  const k = base + shift
  if (k < LOWEST_INDEX) return null
  return Math.min(k, HIGHEST_INDEX)
}

export function lookup(table: RatioTable, column: number, modifiedRoll: number): Result {
  const row = Math.max(table.rowRange[0], Math.min(table.rowRange[1], modifiedRoll))
  const cells = table.rows[String(row)]
  const cell = cells?.[column + table.ladderIndexOf1to1]
  if (cell === undefined) throw new Error(`table ${table.id} has no cell for column ${column}, row ${row}`)
  return cell as Result
}

/** A-7-6: +1 against C, +2 against D. */
export function dieModifier(morale: 'N' | 'C' | 'D'): number {
  return morale === 'D' ? 2 : morale === 'C' ? 1 : 0
}
