// A table without hexes (MS@W) drawn to scale: where each piece lands, the PNG's pixels, the email's picture.
import { Resvg } from '@resvg/resvg-js'
import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'
import { describe, expect, it } from 'vitest'
import type { Box } from '../../../src/notify/map/pieces.js'
import type { TableMapModel } from '../../../src/present/map-model.js'
import {
  buildHexMapModel,
  buildMapModel,
  emailMapPng,
  hasMap,
  layoutTable,
  mapModelToPng,
  renderSvg,
  unitsOnMap,
} from '../../../src/notify/map/index.js'
import { registerRuleSystem, ruleSystem, type AnyRuleset } from '../../../src/rulesets/index.js'
import { hexRace } from '../../support/tiny-system/index.js'
import { TABLE_BAND, TABLE_HEADER } from '../../../src/notify/map/table-layout.js'
import { decodePng, pngSize } from './png-decode.js'

const BLUE = '#2a62c9'
const RED = '#c8322f'

function table(): TableMapModel {
  return {
    kind: 'table',
    title: 'MS@W test table',
    subtitle: 'Round 2, Federation action phase',
    width: 4800,
    height: 4800,
    terrain: [
      {
        polygon: [
          { x: 2000, y: 2000 },
          { x: 2800, y: 2000 },
          { x: 2800, y: 2200 },
          { x: 2000, y: 2200 },
        ],
        move: 'impassable',
        blocksLOS: true,
        label: 'wall',
      },
      {
        polygon: [
          { x: 600, y: 3000 },
          { x: 1400, y: 3000 },
          { x: 1400, y: 3800 },
          { x: 600, y: 3800 },
        ],
        move: 'rough',
        blocksLOS: true,
        label: 'wood',
      },
    ],
    zones: [
      { side: 'efsf', x0: 0, y0: 0, x1: 4800, y1: 600 },
      { side: 'zeon', x0: 0, y0: 4200, x1: 4800, y1: 4800 },
    ],
    sides: [
      { id: 'efsf', name: 'Federation', colour: BLUE, viewer: true },
      { id: 'zeon', name: 'Zeon', colour: RED, viewer: false },
    ],
    discs: [
      {
        at: { x: 1250, y: 800 },
        diameter: 100,
        side: 'efsf',
        label: 'GM1',
        sublabel: 'GM',
        markers: [],
        title: 'GM1: GM',
      },
      {
        at: { x: 3500, y: 1200 },
        diameter: 100,
        side: 'efsf',
        label: 'RX78',
        sublabel: 'Gundam',
        markers: ['A'],
        title: 'RX78',
      },
      {
        at: { x: 3000, y: 3000 },
        diameter: 100,
        side: 'zeon',
        label: 'Z1',
        sublabel: 'Zaku II',
        markers: [],
        title: 'Z1',
      },
      // On the north-east corner: its disc touches both edges.
      {
        at: { x: 4750, y: 4750 },
        diameter: 100,
        side: 'zeon',
        label: 'Z2',
        sublabel: 'Zaku II',
        markers: [],
        title: 'Z2',
      },
    ],
    ranges: [{ at: { x: 1250, y: 800 }, radius: 1000, side: 'efsf', label: 'GM1 10"' }],
    paths: [
      {
        from: { x: 1250, y: 200 },
        path: [
          { x: 1250, y: 500 },
          { x: 1250, y: 800 },
        ],
        side: 'efsf',
      },
    ],
    fire: [
      { from: { x: 1250, y: 800 }, to: { x: 3000, y: 3000 }, side: 'efsf', label: 'hit 3', hit: true },
      { from: { x: 3500, y: 1200 }, to: { x: 3000, y: 3000 }, side: 'efsf', label: 'miss', hit: false },
    ],
    losses: [{ at: { x: 3600, y: 2400 }, side: 'zeon' }],
    objects: [{ at: { x: 3100, y: 2900 }, label: 'zaku-mg' }],
    markerKey: [{ marker: 'A', text: 'aiming' }],
  }
}

/** The colour at picture point (x, y) of a decoded PNG. */
function pixel(png: Buffer, x: number, y: number): [number, number, number] {
  const d = decodePng(png)
  const at = (Math.round(y) * d.width + Math.round(x)) * d.channels
  return [d.data[at]!, d.data[at + 1]!, d.data[at + 2]!]
}

function rgb(hex: string): [number, number, number] {
  return [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16)) as [number, number, number]
}

function near(a: readonly number[], b: readonly number[], tolerance = 6): boolean {
  return a.every((v, i) => Math.abs(v - b[i]!) <= tolerance)
}

const fontDir = join(dirname(createRequire(import.meta.url).resolve('dejavu-fonts-ttf/package.json')), 'ttf')
const FONT = {
  loadSystemFonts: false,
  fontFiles: [join(fontDir, 'DejaVuSans.ttf'), join(fontDir, 'DejaVuSans-Bold.ttf')],
  defaultFontFamily: 'DejaVu Sans',
}

/** Pixels `fragment` paints outside what raster.ts keeps of `box` (the box grown to whole pixels and one more). */
function paintOutside(fragment: string, box: Box): number {
  const pad = 24
  const x0 = Math.floor(box.x0) - pad
  const y0 = Math.floor(box.y0) - pad
  const w = Math.ceil(box.x1) + pad - x0
  const h = Math.ceil(box.y1) + pad - y0
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="${x0} ${y0} ${w} ${h}" ` +
    `font-family="DejaVu Sans">${fragment}</svg>`
  const pixels = new Resvg(svg, { font: FONT, logLevel: 'off' }).render().pixels
  let outside = 0
  for (let j = 0; j < h; j++)
    for (let i = 0; i < w; i++) {
      if (pixels[(j * w + i) * 4 + 3] === 0) continue
      const x = x0 + i
      const y = y0 + j
      if (
        x < Math.floor(box.x0) - 1 ||
        x >= Math.ceil(box.x1) + 1 ||
        y < Math.floor(box.y0) - 1 ||
        y >= Math.ceil(box.y1) + 1
      )
        outside++
    }
  return outside
}

describe('a table drawn to scale', () => {
  it('paints every piece inside its box (the PNG cuts pieces out by their boxes)', () => {
    const model = { ...table(), highlight: { units: ['GM1'], text: 'changed' } }
    const leaks: string[] = []
    for (const piece of layoutTable(model, { web: true }).layers.flat()) {
      if (paintOutside(piece.svg, piece.box) > 0) leaks.push(piece.svg.slice(0, 100))
      if (piece.local && paintOutside(piece.local.svg, piece.local.box) > 0)
        leaks.push(`local ${piece.svg.slice(0, 100)}`)
    }
    expect(leaks).toEqual([])
  })

  it('puts a disc at 16 px per inch, y up, from the table corner', () => {
    const svg = renderSvg(table(), { header: false, legend: false })
    const margin = TABLE_BAND
    // (12.5", 8") on a 48" table: 200 px right of the left edge, (48 − 8) × 16 = 640 px below the top edge.
    expect(svg).toContain(`<circle cx="${margin + 200}" cy="${margin + 640}" r="8" fill="${BLUE}"`)
    // With the title band the table moves down by it, not across.
    const titled = renderSvg(table(), { legend: false })
    expect(titled).toContain(`<circle cx="${margin + 200}" cy="${margin + TABLE_HEADER + 640}" r="8" fill="${BLUE}"`)
    // The table is 48" = 768 px square inside its bands.
    expect(svg).toMatch(new RegExp(`^<svg [^>]*width="${768 + 2 * margin}" height="${768 + 2 * margin}"`))
    // pxPerInch scales everything: at 8 px per inch the same disc is at 100, 320.
    expect(renderSvg(table(), { header: false, legend: false, pxPerInch: 8 })).toContain(
      `<circle cx="${margin + 100}" cy="${margin + 320}" r="4"`,
    )
  })

  it('draws terrain, zones, the grid labels, ranges, paths, fire, losses and items where they are', () => {
    const svg = renderSvg(table(), { header: false, legend: false })
    const m = TABLE_BAND
    // The wall (20"–28" × 20"–22") is a dark polygon with a heavy outline; the wood is hatched.
    const wall = `M${m + 320} ${m + 448}L${m + 448} ${m + 448}L${m + 448} ${m + 416}L${m + 320} ${m + 416}Z`
    expect(svg).toContain(`<path d="${wall}" fill="#5d636b"/>`)
    expect(svg).toContain(`<path d="${wall}" fill="none" stroke="#20252b" stroke-width="2.4"/>`)
    expect(svg).toContain('fill="url(#tbl-rough)"')
    expect(svg).toMatch(/>wall<\/text>/)
    expect(svg).toMatch(/>wood<\/text>/)
    // Inch labels every 6": 0 … 48 along the bottom and the left.
    for (const n of [0, 6, 24, 48]) expect(svg).toContain(`>${n}</text>`)
    expect(svg).not.toContain('>3</text>')
    // Deployment zones in the sides' colours, faint.
    expect(svg).toContain(`fill="${RED}" fill-opacity="0.1"`)
    // The move range: dashed in the side's colour, labelled.
    expect(svg).toMatch(new RegExp(`stroke="${BLUE}" stroke-width="1.5" stroke-dasharray="6 4"`))
    expect(svg).toContain('>GM1 10&quot;</text>')
    // The path runs north from (12.5", 2") and ends in an arrow head below the disc (its edge 8 px under the centre).
    expect(svg).toContain(`M${m + 200} ${m + 736}L${m + 200} ${m + 688}`)
    // Fire: the hit solid, the miss dashed, each labelled by the target.
    expect(svg).toContain('>hit 3</text>')
    expect(svg).toContain('>miss</text>')
    expect(svg).toContain(
      `stroke="${BLUE}" stroke-width="2" stroke-linejoin="round" stroke-linecap="round" stroke-dasharray="5 4"/>`,
    )
    // The loss's cross at (36", 24"), the item's square at (31", 29") with its label.
    expect(svg).toContain(`translate(${m + 576} ${m + 384})`)
    expect(svg).toContain(`<rect x="${m + 496 - 4}" y="${m + 304 - 4}" width="8" height="8"`)
    expect(svg).toContain('>zaku-mg</text>')
    // The marker A on RX78.
    expect(svg).toMatch(/>A<\/text>/)
  })

  it('keeps a unit on the edge whole: its label turns inward', () => {
    // Fire at Z2 too: the results stay on the picture, under the title band.
    const model = table()
    for (const label of ['hit 12', 'miss', 'hit 3'])
      model.fire.push({ from: { x: 3000, y: 3000 }, to: { x: 4750, y: 4750 }, side: 'zeon', label, hit: true })
    const d = layoutTable(model)
    const titled = d.layers.length - 2
    d.layers.forEach((layer, i) => {
      for (const piece of layer) {
        expect(piece.box.x0).toBeGreaterThanOrEqual(0)
        expect(piece.box.y0).toBeGreaterThanOrEqual(i < titled ? TABLE_HEADER : 0)
        expect(piece.box.x1).toBeLessThanOrEqual(d.frame.width)
        expect(piece.box.y1).toBeLessThanOrEqual(d.frame.height)
      }
    })
    const svg = renderSvg(table(), { web: true })
    // Z2 at (47.5", 47.5"): the disc reaches the table's corner; its label is left of it.
    const z2 = /<g data-unit="Z2"[^>]*>.*?<\/g>/.exec(svg)![0]
    const labelX = Number(/<rect x="([\d.]+)"/.exec(z2)![1])
    expect(labelX).toBeLessThan(TABLE_BAND + 760)
  })

  it('marks discs for the web page with their ids and places in inches', () => {
    const svg = renderSvg(table(), { web: true })
    expect(svg).toContain('<g data-unit="GM1" data-side="efsf" data-at="12.5,8"><title>GM1: GM</title>')
    expect(renderSvg(table())).not.toContain('data-unit')
  })

  it('frames highlighted units and says so in the legend', () => {
    const model = { ...table(), highlight: { units: unitsOnMap(table(), ['Z1', 'nobody']), text: 'changed' } }
    expect(model.highlight.units).toEqual(['Z1'])
    const svg = renderSvg(model)
    expect(svg).toContain('stroke="#e0107f"')
    expect(svg).toContain('>changed</text>')
    expect(renderSvg(table())).not.toContain('stroke="#e0107f"')
  })

  it('has a legend with a 6-inch scale bar at the picture scale', () => {
    const svg = renderSvg(table())
    expect(svg).toContain('>6 inches</text>')
    expect(svg).toContain('>aiming</text>')
    expect(svg).toContain('>fire: miss</text>')
    // 6" at 16 px per inch is 96 px.
    const [, x0, , x1] =
      /<path d="M([\d.]+) ([\d.]+)H([\d.]+)M[^"]*" fill="none" stroke="#1b2129" stroke-width="1.4"/.exec(svg)!
    expect(Number(x1) - Number(x0)).toBe(96)
  })

  it('draws the PNG at the SVG size, with the side colours at the disc centres', () => {
    const model = table()
    const d = layoutTable(model)
    const png = mapModelToPng(model)
    expect(pngSize(png)).toEqual({ width: d.frame.width, height: d.frame.height })
    const gm1 = { x: d.frame.left + 200, y: d.frame.top + 640 }
    const z1 = { x: d.frame.left + 480, y: d.frame.top + 288 }
    expect(near(pixel(png, gm1.x, gm1.y), rgb(BLUE))).toBe(true)
    expect(near(pixel(png, z1.x, z1.y), rgb(RED))).toBe(true)
    // Inside the wall: the impassable grey; in open table: the pale field.
    expect(near(pixel(png, d.frame.left + 384, d.frame.top + 440), rgb('#5d636b'))).toBe(true)
    expect(near(pixel(png, d.frame.left + 40.5, d.frame.top + 150.5), rgb('#f6f3ea'))).toBe(true)
  })

  it('gives the same bytes for the same model, and is quick once warm', () => {
    const first = mapModelToPng(table())
    expect(mapModelToPng(table()).equals(first)).toBe(true)
    expect(renderSvg(table())).toBe(renderSvg(JSON.parse(JSON.stringify(table())) as TableMapModel))
    // Another position on the same table: the board and most pieces are kept.
    const moved = table()
    moved.discs[2] = { ...moved.discs[2]!, at: { x: 2900, y: 3100 } }
    const started = performance.now()
    mapModelToPng(moved)
    expect(performance.now() - started).toBeLessThan(400)
  })

  it('sends the whole table 558 px wide when the units are spread over it', () => {
    const map = emailMapPng(table())
    expect(pngSize(map.png).width).toBe(558)
    expect(map.panels).toEqual([{ x0: 0, y0: 0, x1: 4800, y1: 4800 }])
    expect(map.ownUnits).toBe(2)
    expect(map.ownShown).toBe(2)
    expect(map.counterPx).toBeGreaterThan(10)
  })

  it('sends a crop around the units of a big table, 3" of margin round them', () => {
    const big: TableMapModel = {
      ...table(),
      width: 9600,
      height: 9600,
      terrain: [],
      zones: [],
      ranges: [],
      paths: [],
      fire: [],
      losses: [],
      objects: [],
      discs: table().discs.slice(0, 3),
    }
    const map = emailMapPng(big)
    expect(pngSize(map.png).width).toBe(558)
    const [w] = map.panels as Array<{ x0: number; y0: number; x1: number; y1: number }>
    // The discs span 12.5"–35" × 8"–30": the window holds them with 3" to spare and is far smaller than the table.
    expect(w!.x0).toBeLessThanOrEqual(1250 - 300)
    expect(w!.x1).toBeGreaterThanOrEqual(3500 + 300)
    expect(w!.y0).toBeLessThanOrEqual(800 - 300)
    expect(w!.y1).toBeGreaterThanOrEqual(3000 + 300)
    expect((w!.x1 - w!.x0) * (w!.y1 - w!.y0)).toBeLessThan(9600 * 9600 * 0.5)
    expect(map.ownShown).toBe(map.ownUnits)
    // Drawn larger than the whole table would be: a disc is wider than at 558 px for 96".
    expect(map.counterPx).toBeGreaterThan(((558 - 2 * TABLE_BAND) / 96) * 1.5)
  })

  it("reaches a rule system's table through its map hook, move ranges only when asked for", () => {
    const id = 'table-map-test'
    if (!ruleSystem(id))
      registerRuleSystem({
        ...hexRace,
        id,
        ruleset: { ...hexRace.ruleset, id } as AnyRuleset,
        map: (_view, _events, opts) => ({ ...table(), ranges: opts?.ranges ? table().ranges : [] }),
      })
    expect(hasMap(id)).toBe(true)
    const view = { system: id }
    const plain = buildMapModel(id, view, [])
    const ranged = buildMapModel(id, view, [], { ranges: true })
    expect(renderSvg(plain)).not.toContain('GM1 10&quot;')
    expect(renderSvg(ranged)).toContain('GM1 10&quot;')
    expect(() => buildHexMapModel(id, view, [])).toThrow(/draws a table, not hexes/)
  })
})
