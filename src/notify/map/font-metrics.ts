// What it takes to set a line of text from single glyphs: which glyph a character is (cmap), how
// far the pen moves after it (hmtx), and how much closer or further two glyphs sit (kern). Read
// from the bundled TrueType files, the same ones resvg draws with; see the OpenType specification
// for the table layouts (https://learn.microsoft.com/typography/opentype/spec/).
import { readFileSync } from 'node:fs'

export interface FontMetrics {
  unitsPerEm: number
  bold: boolean
  /** The glyph of a code point; 0 (the "missing" glyph) when the font has none. */
  glyph(codePoint: number): number
  /** Advance width of a glyph, in font units. */
  advance(glyph: number): number
  /** Kerning between two glyphs in a row, in font units (negative: closer). */
  kern(left: number, right: number): number
}

function tables(data: Buffer): Map<string, { offset: number; length: number }> {
  const count = data.readUInt16BE(4)
  const out = new Map<string, { offset: number; length: number }>()
  for (let i = 0; i < count; i++) {
    const at = 12 + i * 16
    out.set(data.toString('latin1', at, at + 4), {
      offset: data.readUInt32BE(at + 8),
      length: data.readUInt32BE(at + 12),
    })
  }
  return out
}

/** cmap format 12 (segmented coverage, all of Unicode) or format 4 (the Basic Multilingual Plane). */
function characterMap(data: Buffer, cmap: number): (cp: number) => number {
  const count = data.readUInt16BE(cmap + 2)
  const subtables = new Map<string, number>()
  for (let i = 0; i < count; i++) {
    const at = cmap + 4 + i * 8
    const offset = cmap + data.readUInt32BE(at + 4)
    subtables.set(`${data.readUInt16BE(at)},${data.readUInt16BE(at + 2)},${data.readUInt16BE(offset)}`, offset)
  }
  const full = subtables.get('3,10,12') ?? subtables.get('0,4,12')
  if (full !== undefined) {
    const groups = data.readUInt32BE(full + 12)
    return (cp) => {
      let lo = 0
      let hi = groups - 1
      while (lo <= hi) {
        const mid = (lo + hi) >> 1
        const at = full + 16 + mid * 12
        const start = data.readUInt32BE(at)
        if (cp < start) hi = mid - 1
        else if (cp > data.readUInt32BE(at + 4)) lo = mid + 1
        else return data.readUInt32BE(at + 8) + cp - start
      }
      return 0
    }
  }
  const bmp = subtables.get('3,1,4') ?? subtables.get('0,3,4')
  if (bmp === undefined) throw new Error('the font has no Unicode character map')
  const segments = data.readUInt16BE(bmp + 6) / 2
  const ends = bmp + 14
  const starts = ends + segments * 2 + 2
  const deltas = starts + segments * 2
  const rangeOffsets = deltas + segments * 2
  return (cp) => {
    if (cp > 0xffff) return 0
    for (let s = 0; s < segments; s++) {
      if (cp > data.readUInt16BE(ends + s * 2)) continue
      const start = data.readUInt16BE(starts + s * 2)
      if (cp < start) return 0
      const delta = data.readUInt16BE(deltas + s * 2)
      const rangeAt = rangeOffsets + s * 2
      const range = data.readUInt16BE(rangeAt)
      if (range === 0) return (cp + delta) & 0xffff
      const g = data.readUInt16BE(rangeAt + range + (cp - start) * 2)
      return g === 0 ? 0 : (g + delta) & 0xffff
    }
    return 0
  }
}

/** Pairs of the 'kern' table's horizontal format-0 subtables. */
function kerning(data: Buffer, kern: number | undefined): Map<number, number> {
  const pairs = new Map<number, number>()
  if (kern === undefined || data.readUInt16BE(kern) !== 0) return pairs
  let at = kern + 4
  for (let t = data.readUInt16BE(kern + 2); t > 0; t--) {
    const length = data.readUInt16BE(at + 2)
    const coverage = data.readUInt16BE(at + 4)
    // Format 0 in the high byte; bit 0: horizontal; bits 1 and 2: minimum values, cross-stream.
    if (coverage >> 8 === 0 && (coverage & 0x7) === 1) {
      const n = data.readUInt16BE(at + 6)
      for (let i = 0; i < n; i++) {
        const p = at + 14 + i * 6
        pairs.set(data.readUInt16BE(p) * 65536 + data.readUInt16BE(p + 2), data.readInt16BE(p + 4))
      }
    }
    at += length
  }
  return pairs
}

export function readFontMetrics(file: string): FontMetrics {
  const data = readFileSync(file)
  const t = tables(data)
  const need = (tag: string) => {
    const table = t.get(tag)
    if (table === undefined) throw new Error(`${file}: no '${tag}' table`)
    return table.offset
  }
  const head = need('head')
  const hhea = need('hhea')
  const hmtx = need('hmtx')
  const metrics = data.readUInt16BE(hhea + 34)
  const glyph = characterMap(data, need('cmap'))
  const pairs = kerning(data, t.get('kern')?.offset)
  return {
    unitsPerEm: data.readUInt16BE(head + 18),
    bold: (data.readUInt16BE(head + 44) & 1) === 1, // macStyle bit 0
    glyph,
    // Glyphs past the last full metric share its advance (monospaced tails).
    advance: (g) => data.readUInt16BE(hmtx + Math.min(g, metrics - 1) * 4),
    kern: (left, right) => pairs.get(left * 65536 + right) ?? 0,
  }
}
