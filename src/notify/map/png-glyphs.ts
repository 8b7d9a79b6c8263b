// Text outlines set from single glyphs. Asking resvg for the outline of a new string costs a few
// milliseconds (it loads the fonts for every document), and every phase brings new strings (the
// subtitle, the odds of an attack). A glyph's outline never changes, so each glyph is outlined by
// resvg once, at a reference size, and a string is set from them here: each glyph scaled and moved
// along by its advance and the pair kerning, as resvg sets simple text. Anything beyond simple
// text (combining marks, right-to-left and complex scripts, glyphs the font lacks) is left to resvg.
import { Resvg, type ResvgRenderOptions } from '@resvg/resvg-js'
import { readFontMetrics, type FontMetrics } from './font-metrics.js'
import { escapeXml, num } from './svg-text.js'

/** Font size at which glyphs are outlined; usvg writes six decimals, so nothing is lost scaling down. */
const REFERENCE_SIZE = 100

/** A glyph's outline at the reference size, origin on the baseline: commands and their x, y pairs. */
type GlyphPath = Array<string | number>

interface Face {
  metrics: FontMetrics
  /** By code point. */
  glyphs: Map<number, GlyphPath>
}

const faces = new Map<string, Face>()

/** Printable ASCII, the f-ligatures and the punctuation the map's titles use. */
const COMMON = [
  ...Array.from({ length: 0x7f - 0x21 }, (_, i) => 0x21 + i),
  0xfb00,
  0xfb01,
  0xfb02,
  0xfb03,
  0xfb04,
  0xb7,
  0x2014,
  0x2026,
  0x2192,
  0x21bb,
]

function face(file: string): Face {
  let f = faces.get(file)
  if (f === undefined) {
    f = { metrics: readFontMetrics(file), glyphs: new Map() }
    faces.set(file, f)
  }
  return f
}

/** The regular and the bold face among the fonts resvg is given; undefined when one is missing. */
function facesOf(font: ResvgRenderOptions['font']): { regular: Face; bold: Face } | undefined {
  const files = font?.fontFiles ?? []
  const loaded = files.map(face)
  const regular = loaded.find((f) => !f.metrics.bold)
  const bold = loaded.find((f) => f.metrics.bold)
  return regular && bold ? { regular, bold } : undefined
}

/** Characters set one glyph after another: Latin, Greek, Cyrillic, punctuation, arrows, symbols. */
function simple(cp: number): boolean {
  if (cp < 0x20) return false
  if (cp === 0xad) return false // the soft hyphen: shown only where a line breaks
  if (cp >= 0x02e5 && cp <= 0x02e9) return false // tone letters, which the font joins
  if (cp < 0x0300) return true
  if (cp < 0x0370) return false // combining diacritics
  if (cp < 0x0590) return cp < 0x0483 || cp > 0x0489 // up to Armenian, without Cyrillic's combining marks
  if (cp < 0x2000) return false // Hebrew, Arabic, Indic, …
  // Zero-width and direction marks.
  if (cp <= 0x200f || (cp >= 0x2028 && cp <= 0x202e) || (cp >= 0x2060 && cp <= 0x206f)) return false
  if (cp >= 0x20d0 && cp <= 0x20ff) return false // combining marks for symbols
  return cp < 0x2c00
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" }

/**
 * Text content as resvg shows it: entities resolved, each line break and tab a space, then spaces
 * (only U+0020: a no-break space stays) trimmed at both ends and collapsed.
 */
function shown(content: string): string {
  return content
    .replace(/&(#x[0-9a-f]+|#[0-9]+|[a-z]+);/gi, (m, e: string) => {
      if (e[0] === '#')
        return String.fromCodePoint(e[1] === 'x' || e[1] === 'X' ? parseInt(e.slice(2), 16) : parseInt(e.slice(1), 10))
      return ENTITIES[e] ?? m
    })
    .replace(/[\n\r\t]/g, ' ')
    .replace(/^ +| +$/g, '')
    .replace(/ {2,}/g, ' ')
}

export interface TextRequest {
  /** Text content as written in the SVG (escaped). */
  content: string
  size: number
  bold: boolean
  anchor: 'start' | 'middle' | 'end'
}

function parsePath(d: string): GlyphPath {
  return d
    .trim()
    .split(/\s+/)
    .filter((t) => t !== '')
    .map((t) => (/^[A-Za-z]$/.test(t) ? t : Number(t)))
}

/** Outlines each glyph once, all in one resvg pass. */
function outlineGlyphs(
  wanted: ReadonlyArray<{ face: Face; cp: number; bold: boolean }>,
  font: ResvgRenderOptions['font'],
  family: string,
): void {
  const body = wanted
    .map(
      (w, i) =>
        `<g id="g${i}"><text font-size="${REFERENCE_SIZE}"${w.bold ? ' font-weight="bold"' : ''}>` +
        `${escapeXml(String.fromCodePoint(w.cp))}</text></g>`,
    )
    .join('')
  const flat = new Resvg(
    `<svg xmlns="http://www.w3.org/2000/svg" width="1" height="1" font-family="${family}">${body}</svg>`,
    { font, logLevel: 'off' },
  ).toString()
  const paths = new Map<number, GlyphPath>()
  for (const part of flat.split('<g id="g').slice(1)) {
    paths.set(
      parseInt(part, 10),
      [...part.matchAll(/ d="([^"]*)"/g)].flatMap((m) => parsePath(m[1]!)),
    )
  }
  wanted.forEach((w, i) => w.face.glyphs.set(w.cp, paths.get(i) ?? []))
}

/**
 * DejaVu, like most fonts, joins ff, fi, fl, ffi and ffl into one glyph (its 'liga' feature), the
 * same glyph as the Unicode presentation forms U+FB00–FB04 map to: written as those, the line is
 * set as resvg sets it. As the shaper does, the text is read from the left and the longest join
 * starting at each letter wins ("fffi" is ff + fi). Where the font has no such form, the letters
 * stay apart.
 */
const LIGATURES: Array<[string, string]> = [
  ['ffi', '\ufb03'],
  ['ffl', '\ufb04'],
  ['ff', '\ufb00'],
  ['fi', '\ufb01'],
  ['fl', '\ufb02'],
]

function withLigatures(text: string, metrics: FontMetrics): string {
  if (!text.includes('f')) return text
  const usable = LIGATURES.filter(([, form]) => metrics.glyph(form.codePointAt(0)!) !== 0)
  let out = ''
  for (let i = 0; i < text.length;) {
    const join = text[i] === 'f' ? usable.find(([letters]) => text.startsWith(letters, i)) : undefined
    if (join) {
      out += join[1]
      i += join[0].length
    } else {
      out += text[i]
      i++
    }
  }
  return out
}

function setLine(face: Face, text: string, req: TextRequest): string {
  const { metrics } = face
  const scale = req.size / metrics.unitsPerEm
  const k = req.size / REFERENCE_SIZE
  const placed: Array<{ path: GlyphPath; x: number }> = []
  let pen = 0
  let previous = -1
  for (const ch of text) {
    const cp = ch.codePointAt(0)!
    const glyph = metrics.glyph(cp)
    if (previous >= 0) pen += metrics.kern(previous, glyph) * scale
    placed.push({ path: face.glyphs.get(cp)!, x: pen })
    pen += metrics.advance(glyph) * scale
    previous = glyph
  }
  const shift = req.anchor === 'middle' ? -pen / 2 : req.anchor === 'end' ? -pen : 0
  const out: string[] = []
  for (const { path, x } of placed) {
    let pair = 0
    for (const t of path) {
      if (typeof t === 'string') {
        out.push(t)
        pair = 0
      } else {
        out.push(pair % 2 === 0 ? ` ${num(t * k + x + shift)}` : ` ${num(t * k)}`)
        pair++
      }
    }
  }
  return out.join('').replace(/([A-Za-z]) /g, '$1')
}

/**
 * The outlines of the texts that can be set from glyphs, in the compact path form png-text.ts
 * keeps; null for each one that is left to resvg.
 */
export function setFromGlyphs(
  requests: readonly TextRequest[],
  font: ResvgRenderOptions['font'],
  family: string,
): Array<string | null> {
  const both = facesOf(font)
  if (both === undefined) return requests.map(() => null)
  const lines = requests.map((req) => {
    const f = req.bold ? both.bold : both.regular
    const plain = shown(req.content)
    // Every character simple and in the font; ligatures are decided after, on simple text.
    const ok = [...plain].every((ch) => {
      const cp = ch.codePointAt(0)!
      return simple(cp) && f.metrics.glyph(cp) !== 0
    })
    return ok ? { text: withLigatures(plain, f.metrics), face: f, req } : null
  })
  const wanted = new Map<string, { face: Face; cp: number; bold: boolean }>()
  for (const line of lines) {
    if (line === null) continue
    for (const ch of line.text) {
      const cp = ch.codePointAt(0)!
      if (!line.face.glyphs.has(cp))
        wanted.set(`${line.req.bold ? 'b' : 'r'}${cp}`, { face: line.face, cp, bold: line.req.bold })
    }
  }
  if (wanted.size > 0) {
    // The first time a face is needed, the glyphs most text is made of come along in the same
    // pass: later strings, new digits and letters included, then need no pass at all.
    for (const [prefix, f, bold] of [
      ['r', both.regular, false],
      ['b', both.bold, true],
    ] as const) {
      if (f.glyphs.size > 0 || ![...wanted.keys()].some((k) => k.startsWith(prefix))) continue
      for (const cp of COMMON) if (f.metrics.glyph(cp) !== 0) wanted.set(`${prefix}${cp}`, { face: f, cp, bold })
    }
    outlineGlyphs([...wanted.values()], font, family)
  }
  return lines.map((line) => (line === null ? null : setLine(line.face, line.text, line.req)))
}
