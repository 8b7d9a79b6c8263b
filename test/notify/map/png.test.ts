// PNGs: bundled fonts really draw the text, the cached outlines look like resvg's own text, and a
// map drawn piece by piece over its cached board looks like resvg's drawing of the whole SVG.
import { Resvg } from '@resvg/resvg-js'
import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'
import { describe, expect, it } from 'vitest'
import {
  buildHexMapModel,
  drawingToPng,
  forgetRasters,
  layoutMap,
  mapModelToPng,
  renderSvg,
  svgToPng,
} from '../../../src/notify/map/index.js'
import { encodePng } from '../../../src/notify/map/png-encode.js'
import { setFromGlyphs } from '../../../src/notify/map/png-glyphs.js'
import { outlineTexts } from '../../../src/notify/map/png-text.js'
import { a4Position } from './fixture.js'
import { decodePng, darkPixels, pngSize } from './png-decode.js'

const page = (body: string, root = 'font-family="DejaVu Sans"') =>
  `<svg xmlns="http://www.w3.org/2000/svg" width="240" height="60" viewBox="0 0 240 60" ${root}>` +
  `<rect width="240" height="60" fill="#ffffff"/>${body}</svg>`
const TEXT =
  '<text x="10" y="25" font-size="18" fill="#000000">Hex 0710</text>' +
  '<text x="230" y="50" font-size="12" font-weight="bold" text-anchor="end" fill="#000000">GM12 3:1 X</text>'

const dir = join(dirname(createRequire(import.meta.url).resolve('dejavu-fonts-ttf/package.json')), 'ttf')
const FONT = {
  loadSystemFonts: false,
  fontFiles: [join(dir, 'DejaVuSans.ttf'), join(dir, 'DejaVuSans-Bold.ttf')],
  defaultFontFamily: 'DejaVu Sans',
}

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

  it('sets new strings from cached glyphs as resvg does: kerning, f-ligatures, anchors, bold, other scripts', () => {
    const lines = [
      'Turn 6, lead-off combat · to act: Zeon (ZEON)',
      'AVATAR To Yo Wa “fluffy” ffi ffl fffi',
      'Федерация Ωμέγα é→↻ &lt;A&amp;B&gt;',
      ' two\nlines&#10;and\ttabs,  spaces ',
      '\u00a0no-break\u00a0spaces\u00a0',
      'soft\u00adhyphen ジオン公国 mixed with Latin',
    ]
    // The Latin, Greek and Cyrillic lines are set from glyphs, not handed back to resvg.
    const fromGlyphs = setFromGlyphs(
      lines.map((content) => ({ content, size: 17.3, bold: false, anchor: 'start' as const })),
      FONT,
      'DejaVu Sans',
    )
    expect(fromGlyphs.map((outline) => outline !== null)).toEqual([true, true, true, true, true, false])
    for (const bold of [false, true]) {
      for (const anchor of ['start', 'middle', 'end'] as const) {
        const x = anchor === 'start' ? 4 : anchor === 'middle' ? 300 : 596
        const body = lines
          .map(
            (line, i) =>
              `<text x="${x}" y="${20 + i * 18}" font-size="13.3"${bold ? ' font-weight="bold"' : ''}` +
              `${anchor === 'start' ? '' : ` text-anchor="${anchor}"`} fill="#000000">${line}</text>`,
          )
          .join('')
        const svg =
          '<svg xmlns="http://www.w3.org/2000/svg" width="600" height="120" viewBox="0 0 600 120" ' +
          `font-family="DejaVu Sans"><rect width="600" height="120" fill="#ffffff"/>${body}</svg>`
        const native = new Resvg(svg, { font: FONT }).render().pixels
        const cached = decodePng(svgToPng(svg)).data
        let far = 0
        for (let i = 0; i < native.length; i++) if (Math.abs(native[i]! - cached[i]!) > 64) far++
        expect(far, `${bold ? 'bold' : 'regular'}, ${anchor}`).toBeLessThan(native.length / 2000)
      }
    }
  })

  it('replaces texts by outlines placed with <use>, and leaves a document without a root font family alone', () => {
    const outlined = outlineTexts(page(TEXT), FONT)
    expect(outlined).not.toContain('<text')
    expect(outlined.match(/<use /g)).toHaveLength(2)
    const foreign = page(TEXT, '')
    expect(outlineTexts(foreign, FONT)).toBe(foreign)
  })

  it('renders escaped and non-Latin text, and blank text, without failing', () => {
    const odd =
      '<text x="5" y="30" font-size="14" fill="#000000">&lt;A&amp;B&gt; &quot;é→↻&quot;</text>' +
      '<text x="5" y="50" font-size="14" fill="#000000"> </text>'
    expect(darkPixels(decodePng(svgToPng(page(odd))))).toBeGreaterThan(50)
  })

  it('draws a map piece by piece over the cached board as resvg draws the whole SVG in one pass', () => {
    const { view, events } = a4Position()
    const model = buildHexMapModel('abaoaqu', view, events)
    const svg = renderSvg(model)
    // The map's own size, and widths whose heights resvg rounds (A-S4 is 2369 × 629).
    for (const width of [undefined, 800, 1200]) {
      const native = new Resvg(svg, {
        font: FONT,
        background: '#ffffff',
        fitTo: width === undefined ? { mode: 'original' } : { mode: 'width', value: width },
      }).render()
      const nativePixels = native.pixels
      for (let round = 0; round < 2; round++) {
        // the second time, every piece from the cache
        const fast = decodePng(mapModelToPng(model, width === undefined ? {} : { width }))
        expect([fast.width, fast.height, fast.channels]).toEqual([native.width, native.height, 3])
        let far = 0
        for (let p = 0; p < fast.width * fast.height; p++) {
          for (let c = 0; c < 3; c++) if (Math.abs(fast.data[p * 3 + c]! - nativePixels[p * 4 + c]!) > 64) far++
        }
        expect(far, `width ${width ?? 'own'}`).toBeLessThan(fast.data.length / 5000)
      }
    }
  })

  it('gives the same picture whatever the caches held (within rounding where pieces were drawn beside others)', () => {
    const { view, events } = a4Position()
    const model = buildHexMapModel('abaoaqu', view, events)
    forgetRasters()
    const cold = mapModelToPng(model)
    // Other pictures fill the caches: the same map seen by the other side, and without events.
    mapModelToPng(buildHexMapModel('abaoaqu', { ...view, viewer: null }, []))
    mapModelToPng(buildHexMapModel('abaoaqu', view, events.slice(0, 3)))
    // Pieces that paint beyond the picture or past an estimated box must spoil nothing kept: a title
    // far wider than its estimate, counters of wide Cyrillic letters, a screen hanging off the edge.
    const screen = {
      centre: { col: 0, row: 0 },
      hexes: [
        { col: -1, row: 0 },
        { col: -1, row: 1 },
        { col: 0, row: 0 },
      ],
      label: 'Щ',
      title: '',
    }
    const unruly = {
      ...model,
      title: 'W'.repeat(200),
      screens: [...model.screens, screen],
      counters: model.counters.map((c) => ({ ...c, label: 'ЖЖЖ', sublabel: 'ШШШШШШ' })),
    }
    const cold600 = (forgetRasters(), mapModelToPng(model, { width: 600 }))
    for (const width of [undefined, 600]) {
      // Drawn first, with nothing kept: the pieces both pictures share are drawn beside the unruly ones.
      forgetRasters({ pieces: true })
      mapModelToPng(unruly, width === undefined ? {} : { width })
      // Pieces drawn at other places on a sheet may round a pixel's edge differently: a few values a
      // few levels apart, where a spilled piece changes hundreds.
      const now = decodePng(mapModelToPng(model, width === undefined ? {} : { width })).data
      const before = decodePng(width === undefined ? cold : cold600).data
      let changed = 0
      let most = 0
      for (let i = 0; i < now.length; i++) {
        const d = Math.abs(now[i]! - before[i]!)
        if (d > 0) changed++
        most = Math.max(most, d)
      }
      expect(
        [changed < 30, most <= 48],
        `width ${width ?? 'own'}: ${changed} values changed, by up to ${most}`,
      ).toEqual([true, true])
    }
    forgetRasters({ pieces: true })
    expect(mapModelToPng(model).equals(cold)).toBe(true)
  })

  it('draws pieces that hang over the edge of the picture, clipped', () => {
    const { view, events } = a4Position()
    const model = buildHexMapModel('abaoaqu', view, events)
    // Hexes beyond the grid: these counters hang over the picture's top left and bottom right corners.
    const corner = { ...model.counters[0]!, hex: { col: -1, row: -2 } }
    const far = { ...model.counters[0]!, hex: { col: model.cols, row: model.rows + 1 } }
    const edged = { ...model, counters: [corner, far], arrows: [], attacks: [], losses: [], screens: [] }
    const bare = decodePng(mapModelToPng({ ...edged, counters: [] }, { width: 600 }))
    const drawn = decodePng(mapModelToPng(edged, { width: 600 }))
    // Both counters are drawn: pixels change near the first and the last hex, nowhere else.
    const changed: Array<[number, number]> = []
    for (let y = 0; y < drawn.height; y++) {
      for (let x = 0; x < drawn.width; x++) {
        const p = (y * drawn.width + x) * 3
        if (
          drawn.data[p] !== bare.data[p] ||
          drawn.data[p + 1] !== bare.data[p + 1] ||
          drawn.data[p + 2] !== bare.data[p + 2]
        )
          changed.push([x, y])
      }
    }
    expect(changed.some(([x, y]) => x < 60 && y < 80)).toBe(true)
    expect(changed.some(([x, y]) => x > drawn.width - 60 && y > drawn.height - 120)).toBe(true)
    expect(changed.every(([x, y]) => (x < 60 && y < 80) || (x > drawn.width - 60 && y > drawn.height - 120))).toBe(true)
  })

  it('keeps every pixel of a busy piece: a one-pixel checkerboard, run after run', () => {
    const { view, events } = a4Position()
    const drawing = layoutMap(buildHexMapModel('abaoaqu', view, events))
    const [x0, y0, side] = [40, 300, 96]
    const cells: string[] = []
    for (let y = 0; y < side; y++) for (let x = y % 2; x < side; x += 2) cells.push(`M${x0 + x} ${y0 + y}h1v1h-1z`)
    const checker = {
      svg: `<path d="${cells.join('')}" fill="#000000"/>`,
      box: { x0, y0, x1: x0 + side, y1: y0 + side },
    }
    const image = decodePng(drawingToPng({ ...drawing, layers: [...drawing.layers, [checker]] }))
    let wrong = 0
    for (let y = 0; y < side; y++) {
      for (let x = 0; x < side; x++) {
        const value = image.data[((y0 + y) * image.width + x0 + x) * 3]!
        if (((x + y) % 2 === 0) !== (value === 0)) wrong++
      }
    }
    expect(wrong).toBe(0)
  })

  it('writes PNGs a decoder reads back pixel for pixel', () => {
    const rgba = new Uint8Array(3 * 2 * 4).map((_, i) => (i * 37) % 256)
    rgba.forEach((_, i) => {
      if (i % 4 === 3) rgba[i] = 255
    })
    const decoded = decodePng(encodePng(rgba, 3, 2))
    expect(decoded).toMatchObject({ width: 3, height: 2, channels: 4 })
    expect([...decoded.data]).toEqual([...rgba])
    expect(() => encodePng(rgba, 4, 2)).toThrow(/expected 32 bytes/)
  })

  it('scales to a width and refuses a nonsense one', () => {
    expect(pngSize(svgToPng(page(TEXT), { width: 480 }))).toEqual({ width: 480, height: 120 })
    expect(() => svgToPng(page(TEXT), { width: 0 })).toThrow(/whole number of pixels/)
    expect(() => svgToPng(page(TEXT), { width: 10.5 })).toThrow(/whole number of pixels from 1 to 8192/)
    expect(() => svgToPng(page(TEXT), { width: 100_000 })).toThrow(/from 1 to 8192/)
  })
})
