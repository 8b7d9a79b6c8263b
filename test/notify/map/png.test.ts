// svgToPng: bundled fonts really draw the text, and the cached outlines look like resvg's own text.
import { Resvg } from '@resvg/resvg-js'
import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { renderMap, svgToPng } from '../../../src/notify/map/index.js'
import { encodePng } from '../../../src/notify/map/png-encode.js'
import { outlineTexts } from '../../../src/notify/map/png-text.js'
import { a4Position } from './fixture.js'
import { decodePng, darkPixels, pngSize } from './png-decode.js'

const page = (body: string, root = 'font-family="DejaVu Sans"') =>
  `<svg xmlns="http://www.w3.org/2000/svg" width="240" height="60" viewBox="0 0 240 60" ${root}><rect width="240" height="60" fill="#ffffff"/>${body}</svg>`
const TEXT = '<text x="10" y="25" font-size="18" fill="#000000">Hex 0710</text><text x="230" y="50" font-size="12" font-weight="bold" text-anchor="end" fill="#000000">GM12 3:1 X</text>'

const dir = join(dirname(createRequire(import.meta.url).resolve('dejavu-fonts-ttf/package.json')), 'ttf')
const FONT = { loadSystemFonts: false, fontFiles: [join(dir, 'DejaVuSans.ttf'), join(dir, 'DejaVuSans-Bold.ttf')], defaultFontFamily: 'DejaVu Sans' }

describe('svgToPng', () => {
  it('draws text with the bundled fonts: a page of text has ink, the same page without it has none', () => {
    const withText = decodePng(svgToPng(page(TEXT)))
    const blank = decodePng(svgToPng(page('')))
    expect(darkPixels(blank)).toBe(0)
    expect(darkPixels(withText)).toBeGreaterThan(150)
  })

  it('draws text the same through the outline cache as resvg draws it natively', () => {
    const native = new Resvg(page(TEXT), { font: FONT }).render().pixels
    const cached = decodePng(svgToPng(page(TEXT))).data
    expect(cached.length).toBe(native.length)
    let far = 0
    for (let i = 0; i < native.length; i++) if (Math.abs(native[i]! - cached[i]!) > 64) far++
    expect(far).toBeLessThan(native.length / 1000)
  })

  it('replaces texts by outlines placed with <use>, and leaves a document without a root font family alone', () => {
    const outlined = outlineTexts(page(TEXT), FONT)
    expect(outlined).not.toContain('<text')
    expect(outlined.match(/<use /g)).toHaveLength(2)
    const foreign = page(TEXT, '')
    expect(outlineTexts(foreign, FONT)).toBe(foreign)
  })

  it('renders escaped and non-Latin text, and blank text, without failing', () => {
    const odd = '<text x="5" y="30" font-size="14" fill="#000000">&lt;A&amp;B&gt; &quot;é→↻&quot;</text><text x="5" y="50" font-size="14" fill="#000000"> </text>'
    expect(darkPixels(decodePng(svgToPng(page(odd))))).toBeGreaterThan(50)
  })

  it('lays the pieces over the cached board as resvg would draw the whole map in one pass', () => {
    const { view, events } = a4Position()
    const { svg } = renderMap('abaoaqu', view, events)
    const native = new Resvg(svg, { font: FONT, background: '#ffffff' }).render().pixels
    for (let round = 0; round < 2; round++) { // the second time, from the cache
      const composed = decodePng(svgToPng(svg)).data
      expect(composed.length).toBe(native.length)
      let far = 0
      for (let i = 0; i < native.length; i++) if (Math.abs(native[i]! - composed[i]!) > 64) far++
      expect(far).toBeLessThan(native.length / 1000)
    }
  })

  it('writes PNGs a decoder reads back pixel for pixel', () => {
    const rgba = new Uint8Array(3 * 2 * 4).map((_, i) => (i * 37) % 256)
    rgba.forEach((_, i) => { if (i % 4 === 3) rgba[i] = 255 })
    const decoded = decodePng(encodePng(rgba, 3, 2))
    expect(decoded).toMatchObject({ width: 3, height: 2, channels: 4 })
    expect([...decoded.data]).toEqual([...rgba])
    expect(() => encodePng(rgba, 4, 2)).toThrow(/expected 32 bytes/)
  })

  it('scales to a width and refuses a nonsense one', () => {
    expect(pngSize(svgToPng(page(TEXT), { width: 480 }))).toEqual({ width: 480, height: 120 })
    expect(() => svgToPng(page(TEXT), { width: 0 })).toThrow(/positive whole number/)
    expect(() => svgToPng(page(TEXT), { width: 10.5 })).toThrow(/positive whole number/)
  })
})
