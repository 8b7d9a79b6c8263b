// SVG -> PNG with resvg and the bundled fonts (DejaVu Sans, and a cut of Noto Sans JP for Japanese): no
// system fonts are read, so the picture is the same on every machine (a mail server, a laptop, CI).
// Texts are drawn from cached outlines (png-text.ts). A map is drawn faster by raster.ts, piece by
// piece over a cached board; this is the whole-document path, for any SVG.
import { existsSync } from 'node:fs'
import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { Resvg, type ResvgRenderOptions } from '@resvg/resvg-js'
import { encodePng } from './png-encode.js'
import { outlineTexts } from './png-text.js'
import { FONT_FAMILY } from './svg.js'

export interface PngOptions {
  /** Width of the PNG in pixels; the height follows the SVG's aspect. Default: the SVG's own size. */
  width?: number
}

export interface Raster {
  width: number
  height: number
  /** Premultiplied RGBA, as resvg renders. */
  pixels: Uint8Array
}

const NO_FONTS: ResvgRenderOptions['font'] = { loadSystemFonts: false }

let fontOptions: ResvgRenderOptions['font'] | undefined
let cjkFontOptions: ResvgRenderOptions['font'] | undefined

/** The bundled fonts as resvg takes them. Resolved once: the paths never change while the process runs. */
export function fonts(): NonNullable<ResvgRenderOptions['font']> {
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

const CJK_FONT = join('assets', 'fonts', 'NotoSansJP-Regular-subset.ttf')

/** The repository's file `relative`, found by walking up from this file (works from src/ and from dist/src/). */
function fromRepository(relative: string): string {
  for (let dir = dirname(fileURLToPath(import.meta.url)); ;) {
    if (existsSync(join(dir, relative))) return join(dir, relative)
    const up = dirname(dir)
    if (up === dir) throw new Error(`${relative} not found above ${fileURLToPath(import.meta.url)}`)
    dir = up
  }
}

/** The committed cut of Noto Sans JP (scripts/fonts-subset.ts): kana, level-1 kanji and the roster's names. */
export const CJK_FONT_FILE = fromRepository(CJK_FONT)

/**
 * DejaVu Sans, then Noto Sans JP for what DejaVu lacks: resvg falls back, character by character, to a
 * loaded face that has the glyph. Only documents with Japanese text load the bigger file.
 */
export function cjkFonts(): NonNullable<ResvgRenderOptions['font']> {
  if (cjkFontOptions === undefined) {
    const base = fonts()
    cjkFontOptions = { ...base, fontFiles: [...(base.fontFiles ?? []), CJK_FONT_FILE] }
  }
  return cjkFontOptions
}

// Kana, CJK punctuation and ideographs, full- and half-width forms: the characters DejaVu Sans has no glyph for.
const CJK = /[\u2e80-\u9fff\uf900-\ufaff\ufe30-\ufe4f\uff00-\uffef]/

/** The fonts a document needs: the Japanese face only when it writes Japanese. */
export function fontsFor(svg: string): NonNullable<ResvgRenderOptions['font']> {
  return CJK.test(svg) ? cjkFonts() : fonts()
}

/** `svg` drawn at `width` pixels wide (default: its own size), on `background` or transparent. */
export function rasterise(svg: string, width: number | undefined, background: string | undefined): Raster {
  const font = fontsFor(svg)
  const outlined = outlineTexts(svg, font)
  const image = new Resvg(outlined, {
    // With every text outlined there is nothing left to shape: skip reading the font files.
    font: outlined.includes('<text') ? font : NO_FONTS,
    fitTo: width === undefined ? { mode: 'original' } : { mode: 'width', value: width },
    ...(background === undefined ? {} : { background }),
    logLevel: 'off',
  }).render()
  return { width: image.width, height: image.height, pixels: image.pixels }
}

export function svgToPng(svg: string, opts: PngOptions = {}): Buffer {
  checkWidth(opts.width)
  // Always on white: the encoder takes opaque pixels, and mail clients show no transparency anyway.
  const page = rasterise(svg, opts.width, '#ffffff')
  return encodePng(page.pixels, page.width, page.height)
}

/** Wider than any screen or printer needs; raster.ts packs pixel positions in 16 bits. */
export const MAX_PNG_WIDTH = 8192

export function checkWidth(width: number | undefined): void {
  if (width !== undefined && !(Number.isInteger(width) && width > 0 && width <= MAX_PNG_WIDTH)) {
    throw new Error(`PNG width must be a whole number of pixels from 1 to ${MAX_PNG_WIDTH}, got ${width}`)
  }
}
