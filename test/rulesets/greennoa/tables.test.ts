// GN-7-7 and GN-8-4 as data: every cell against the source text, and against the spec's formulas.
import { describe, expect, it } from 'vitest'
import {
  FIRE_COLUMNS,
  FIRE_TABLE,
  MELEE_COLUMNS,
  MELEE_TABLE,
  fireAllowed,
  fireResult,
  meleeResult,
} from '../../../src/rulesets/greennoa/engine/tables.js'

// The tables as the source file prints them (seeds/003, sections 7-7 and 8-4), headers cut off.
const SOURCE_7_7 =
  '2 - - - - - - - - 3 - - - - - - - - 4 - - - - - - - - 5 S - - - - - - - 6 M S - - - - - - 7 F M S - - - - - ' +
  '8 E F M S - - - - 9 E E F M S - - - 10 E E E F M S - - 11 E E E E F M S - 12 E E E E E F M S ' +
  '13 E E E E E E F M 14 E E E E E E E F'
const SOURCE_8_4 =
  '2 AC AS AS AE AE AE 3 AC AC AS AS AE AE 4 - AC AC AS AS AE 5 DC - AC AC AS AS 6 DC DC - AC AC AS ' +
  '7 DS DC DC - AC AC 8 DS DS DC DC - AC 9 DE DS DS DC DC - 10 DE DE DS DS DC DC 11 DE DE DE DS DS DC ' +
  '12 DE DE DE DE DS DS'

function rowsOf(text: string, width: number): Record<number, string[]> {
  const words = text.split(' ')
  const rows: Record<number, string[]> = {}
  for (let i = 0; i < words.length; i += width + 1) rows[Number(words[i])] = words.slice(i + 1, i + 1 + width)
  return rows
}

describe('GN-7-7 fire result table', () => {
  it('holds exactly the cells the source prints, rows 2 to 14, columns 5 to -2', () => {
    expect(FIRE_COLUMNS).toEqual([5, 4, 3, 2, 1, 0, -1, -2])
    expect(FIRE_TABLE).toEqual(rowsOf(SOURCE_7_7, 8))
  })

  it('agrees cell by cell with the formula k = row + column (<=9 -, 10 S, 11 M, 12 F, >=13 E)', () => {
    for (let row = 2; row <= 14; row++)
      for (const col of FIRE_COLUMNS) {
        const k = row + col
        const want = k <= 9 ? '-' : k === 10 ? 'S' : k === 11 ? 'M' : k === 12 ? 'F' : 'E'
        expect(fireResult(col, row), `row ${row} column ${col}`).toBe(want)
      }
  })

  it('uses the +5 column above +5 and row 14 above 14, row 2 below 2 (AMB-GN-3, GN-7-4a)', () => {
    expect(fireResult(9, 5)).toBe('S')
    expect(fireResult(-2, 17)).toBe('F')
    expect(fireResult(5, 0)).toBe('-')
  })

  it('refuses a difference below -2 (AMB-GN-3: fire not allowed)', () => {
    expect(fireAllowed(-2)).toBe(true)
    expect(fireAllowed(-3)).toBe(false)
    expect(() => fireResult(-3, 12)).toThrow(/GN-7-3/)
  })
})

describe('GN-8-4 melee result table', () => {
  it('holds exactly the cells the source prints, rows 2 to 12, columns >=3 to <=-2', () => {
    expect(MELEE_COLUMNS).toEqual([3, 2, 1, 0, -1, -2])
    expect(MELEE_TABLE).toEqual(rowsOf(SOURCE_8_4, 6))
  })

  it('agrees cell by cell with k = row + clamp(diff, -2, 3)', () => {
    for (let row = 2; row <= 12; row++)
      for (let diff = -5; diff <= 7; diff++) {
        const k = row + Math.max(-2, Math.min(3, diff))
        const want =
          k <= 2 ? 'AE' : k <= 4 ? 'AS' : k <= 6 ? 'AC' : k === 7 ? '-' : k <= 9 ? 'DC' : k <= 11 ? 'DS' : 'DE'
        expect(meleeResult(diff, row), `row ${row} diff ${diff}`).toBe(want)
      }
  })

  it('clamps rows to 2..12 (GN-8-3a)', () => {
    expect(meleeResult(0, 15)).toBe('DE')
    expect(meleeResult(0, -1)).toBe('AE')
  })
})
