// SVG -> PNG with resvg and the bundled DejaVu fonts: no system fonts are read, so the picture
// is the same on every machine (a mail server, a laptop, CI). Texts are drawn from cached outlines
// (png-text.ts). A map is drawn faster by raster.ts, piece by piece over a cached board; this is
// the whole-document path, for any SVG.
import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'
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

/** `svg` drawn at `width` pixels wide (default: its own size), on `background` or transparent. */
export function rasterise(svg: string, width: number | undefined, background: string | undefined): Raster {
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
