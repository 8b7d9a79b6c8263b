// Text as outlines, cached. resvg shapes and outlines every <text> anew on every render, and on a
// full map (a thousand labels) that is most of the render time. A string in a given style always
// gives the same outline, so resvg outlines each distinct string once (its own shaping, with the
// bundled fonts, through Resvg#toString); later renders define each string's outline once in
// <defs> and place it with <use>, which resvg draws as a plain path.
//
// Most strings are set from cached glyph outlines (png-glyphs.ts) without asking resvg at all;
// the rest are outlined by resvg, whole.
import { Resvg, type ResvgRenderOptions } from '@resvg/resvg-js'
import { LRUCache } from 'lru-cache'
import { setFromGlyphs, type TextRequest } from './png-glyphs.js'
import { num } from './svg-text.js'

/** Path data of a string's outline with its text position at the origin; '' for blank text. */
type Outline = string

interface TextElement {
  start: number
  end: number
  key: string
  x: number
  y: number
  paint: string
  request: TextRequest
}

// Our own <text> elements (svg-text.ts textAt): only these attributes, no nested elements. Anything
// else is left for resvg to render as text.
const TEXT = /<text ([^>]*)>([^<]*)<\/text>/g
const ATTR = /([a-z-]+)="([^"]*)"/g
const KNOWN = new Set(['x', 'y', 'font-size', 'font-weight', 'text-anchor', 'fill', 'fill-opacity'])
const STYLE_ATTRS = ['font-size', 'font-weight', 'text-anchor'] as const

/**
 * Outlines by key, least recently used evicted first past 8 million characters (two bytes each): a
 * long title's outline runs to 25 kB, and every position brings one.
 */
const outlines = new LRUCache<string, Outline>({
  maxSize: 8_000_000,
  sizeCalculation: (outline, key) => outline.length + key.length,
})

function parseText(match: RegExpExecArray): TextElement | null {
  const attrs = new Map<string, string>()
  for (const [, name, value] of match[1]!.matchAll(ATTR)) attrs.set(name!, value!)
  if ([...attrs.keys()].some((name) => !KNOWN.has(name))) return null
  const x = Number(attrs.get('x') ?? 0)
  const y = Number(attrs.get('y') ?? 0)
  if (!Number.isFinite(x) || !Number.isFinite(y)) return null
  const style = STYLE_ATTRS.map((a) => (attrs.has(a) ? `${a}="${attrs.get(a)}"` : ''))
    .filter((s) => s !== '')
    .join(' ')
  const opacity = attrs.has('fill-opacity') ? ` fill-opacity="${attrs.get('fill-opacity')}"` : ''
  const paint = `fill="${attrs.get('fill') ?? '#000000'}"${opacity}`
  const size = Number(attrs.get('font-size') ?? 16)
  const anchor = attrs.get('text-anchor')
  const request: TextRequest = {
    content: match[2]!,
    size: Number.isFinite(size) && size > 0 ? size : 16,
    bold: attrs.get('font-weight') === 'bold',
    anchor: anchor === 'middle' || anchor === 'end' ? anchor : 'start',
  }
  return { start: match.index, end: match.index + match[0].length, key: `${style}>${match[2]!}`, x, y, paint, request }
}

/** usvg writes "M 5.341797 -1.328125 L …"; two decimals are plenty and halve what resvg parses. */
function compact(d: string): Outline {
  return d
    .trim()
    .split(/\s+/)
    .map((t) => (/^[A-Za-z]$/.test(t) ? t : ` ${num(Number(t))}`))
    .join('')
    .replace(/([A-Za-z]) /g, '$1')
}

/** Outlines every key in one resvg pass; each string sits in its own group so the paths map back. */
function outlineAll(
  keys: readonly string[],
  font: ResvgRenderOptions['font'],
  fontFamily: string,
  into: Map<string, Outline>,
): void {
  const body = keys
    .map((key, i) => {
      const cut = key.indexOf('>')
      return `<g id="t${i}"><text ${key.slice(0, cut)}>${key.slice(cut + 1)}</text></g>`
    })
    .join('')
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="1" height="1" font-family="${fontFamily}">${body}</svg>`
  const flat = new Resvg(svg, { font, logLevel: 'off' }).toString()
  const groups = new Map<number, string[]>()
  for (const part of flat.split('<g id="t').slice(1)) {
    const index = parseInt(part, 10)
    groups.set(
      index,
      [...part.matchAll(/ d="([^"]*)"/g)].map((m) => m[1]!),
    )
  }
  keys.forEach((key, i) => into.set(key, (groups.get(i) ?? []).map(compact).join('')))
}

/** Outlines for strings not seen yet: set from glyphs where that gives resvg's own picture, else by resvg. */
function outlineMissing(
  missing: readonly TextElement[],
  font: ResvgRenderOptions['font'],
  fontFamily: string,
  into: Map<string, Outline>,
): void {
  const set = setFromGlyphs(
    missing.map((t) => t.request),
    font,
    fontFamily,
  )
  const rest: string[] = []
  missing.forEach((t, i) => {
    const outline = set[i]
    if (outline === null || outline === undefined) rest.push(t.key)
    else into.set(t.key, outline)
  })
  if (rest.length > 0) outlineAll(rest, font, fontFamily, into)
}

/**
 * The SVG with its texts replaced by their outlines, same look. Needs the document's one font
 * family (on the root element); returns the SVG unchanged when it has none.
 */
export function outlineTexts(svg: string, font: ResvgRenderOptions['font']): string {
  const root = /^<svg [^>]*font-family="([^"]+)"[^>]*>/.exec(svg)
  if (root === null) return svg
  const texts = [...svg.matchAll(TEXT)].map(parseText).filter((t): t is TextElement => t !== null)
  // This document's outlines, held here: keeping new ones may empty the cache.
  const mine = new Map<string, Outline>()
  const missing = new Map<string, TextElement>()
  for (const t of texts) {
    const known = outlines.get(t.key)
    if (known !== undefined) mine.set(t.key, known)
    else missing.set(t.key, t)
  }
  if (missing.size > 0) {
    const made = new Map<string, Outline>()
    outlineMissing([...missing.values()], font, root[1]!, made)
    for (const [key, outline] of made) {
      mine.set(key, outline)
      outlines.set(key, outline)
    }
  }
  const ids = new Map<string, number>()
  for (const t of texts) if (!ids.has(t.key) && mine.get(t.key) !== '') ids.set(t.key, ids.size)
  const defs = [...ids].map(([key, id]) => `<path id="t${id}" d="${mine.get(key)!}"/>`).join('')
  const parts = [root[0], `<defs>${defs}</defs>`]
  let at = root[0].length
  for (const t of texts) {
    parts.push(svg.slice(at, t.start))
    const id = ids.get(t.key)
    if (id !== undefined) parts.push(`<use href="#t${id}" x="${num(t.x)}" y="${num(t.y)}" ${t.paint}/>`)
    at = t.end
  }
  parts.push(svg.slice(at))
  return parts.join('')
}
