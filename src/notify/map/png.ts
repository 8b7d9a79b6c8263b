// SVG -> PNG with resvg and the bundled DejaVu fonts: no system fonts are read, so the picture
// is the same on every machine (a mail server, a laptop, CI).
//
// Speed (bench/notify-render.ts): the board under the pieces (hexes, grid, labels) is the same in
// every snapshot of a map, so when the SVG marks it as its first group (<g id="map-base">, as
// renderSvg does) it is rasterised once and kept; each snapshot then rasterises only the pieces
// and marks, on a transparent page, and lays them over a copy of the board.
import { createHash } from 'node:crypto'
import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'
import { Resvg, type ResvgRenderOptions } from '@resvg/resvg-js'
import { encodePng } from './png-encode.js'
import { outlineTexts } from './png-text.js'
import { BASE_GROUP_ID, FONT_FAMILY } from './svg.js'

export interface PngOptions {
  /** Width of the PNG in pixels; the height follows the SVG's aspect. Default: the SVG's own size. */
  width?: number
}

interface Raster {
  width: number
  height: number
  /** Premultiplied RGBA, as resvg renders. */
  pixels: Uint8Array
}

const NO_FONTS: ResvgRenderOptions['font'] = { loadSystemFonts: false }
const BASES_KEPT = 8
const bases = new Map<string, Raster>()

let fontOptions: ResvgRenderOptions['font'] | undefined

/** Resolved once: the font paths never change while the process runs. */
function fonts(): NonNullable<ResvgRenderOptions['font']> {
  if (fontOptions === undefined) {
    const dir = join(dirname(createRequire(import.meta.url).resolve('dejavu-fonts-ttf/package.json')), 'ttf')
    fontOptions = {
      loadSystemFonts: false,
      fontFiles: [join(dir, 'DejaVuSans.ttf'), join(dir, 'DejaVuSans-Bold.ttf')],
      defaultFontFamily: FONT_FAMILY,
      sansSerifFamily: FONT_FAMILY,
    }
  }
  return fontOptions
}

function rasterise(svg: string, width: number | undefined, background: string | undefined): Raster {
  const outlined = outlineTexts(svg, fonts())
  const image = new Resvg(outlined, {
    // With every text outlined there is nothing left to shape: skip reading the font files.
    font: outlined.includes('<text') ? fonts() : NO_FONTS,
    fitTo: width === undefined ? { mode: 'original' } : { mode: 'width', value: width },
    ...(background === undefined ? {} : { background }),
    logLevel: 'off',
  }).render()
  return { width: image.width, height: image.height, pixels: image.pixels }
}

/** The SVG cut into its root tag, the board group and the rest; null when it has no board group. */
function splitBoard(svg: string): { root: string; board: string; rest: string } | null {
  const root = /^<svg [^>]*>\n?/.exec(svg)?.[0]
  const open = `<g id="${BASE_GROUP_ID}">`
  if (root === undefined || !svg.startsWith(open, root.length)) return null
  const end = svg.indexOf('</g>', root.length)
  if (end < 0) return null
  return { root, board: svg.slice(root.length, end + 4), rest: svg.slice(end + 4) }
}

function boardRaster(root: string, board: string, width: number | undefined): Raster {
  const key = `${width ?? 'own'}:${createHash('sha256').update(root).update(board).digest('hex')}`
  let raster = bases.get(key)
  if (raster === undefined) {
    raster = rasterise(`${root}${board}</svg>`, width, '#ffffff')
    if (bases.size >= BASES_KEPT) bases.delete(bases.keys().next().value!)
    bases.set(key, raster)
  }
  return raster
}

/** Premultiplied pixels as 32-bit words, so a transparent pixel (all zero) is skipped in one test. */
function words(pixels: Uint8Array): Uint32Array {
  const aligned = pixels.byteOffset % 4 === 0 ? pixels : Uint8Array.from(pixels)
  return new Uint32Array(aligned.buffer, aligned.byteOffset, aligned.length / 4)
}

/**
 * The pieces laid over a copy of the board (premultiplied "over"). Most touched pixels are
 * opaque (counters, lines) and are a single word store. The board is opaque, so the result is
 * too, and opaque premultiplied RGBA is plain RGBA.
 */
function over(board: Raster, pieces: Raster): Uint8Array {
  const out = new Uint8Array(board.pixels.length)
  out.set(board.pixels)
  const outWords = new Uint32Array(out.buffer)
  const top = pieces.pixels
  const topWords = words(top)
  for (let p = 0; p < topWords.length; p++) {
    const word = topWords[p]!
    if (word === 0) continue
    const t = p * 4
    const keep = 255 - top[t + 3]!
    if (keep === 0) {
      outWords[p] = word
      continue
    }
    // (v + 128) · 257 >> 16 is v / 255 rounded, for every v up to 255².
    out[t] = top[t]! + (((out[t]! * keep + 128) * 257) >> 16)
    out[t + 1] = top[t + 1]! + (((out[t + 1]! * keep + 128) * 257) >> 16)
    out[t + 2] = top[t + 2]! + (((out[t + 2]! * keep + 128) * 257) >> 16)
    out[t + 3] = 255
  }
  return out
}

export function svgToPng(svg: string, opts: PngOptions = {}): Buffer {
  if (opts.width !== undefined && !(Number.isInteger(opts.width) && opts.width > 0)) {
    throw new Error(`PNG width must be a positive whole number of pixels, got ${opts.width}`)
  }
  const split = splitBoard(svg)
  if (split === null) {
    // Always on white: the encoder takes opaque pixels, and mail clients show no transparency anyway.
    const page = rasterise(svg, opts.width, '#ffffff')
    return encodePng(page.pixels, page.width, page.height)
  }
  const board = boardRaster(split.root, split.board, opts.width)
  const pieces = rasterise(`${split.root}${split.rest}`, opts.width, undefined)
  if (pieces.width !== board.width || pieces.height !== board.height) throw new Error('board and pieces rasterised to different sizes')
  return encodePng(over(board, pieces), board.width, board.height)
}
