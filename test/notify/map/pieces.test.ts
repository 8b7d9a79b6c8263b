// Each piece of a map drawing paints only inside its box. raster.ts rasterises pieces side by side
// on one sheet and cuts each out by its box, so paint outside a box would be lost from its own
// piece and land on a neighbour's.
import { Resvg } from '@resvg/resvg-js'
import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { buildHexMapModel, layoutMap } from '../../../src/notify/map/index.js'
import type { Box } from '../../../src/notify/map/pieces.js'
import { a4Position } from './fixture.js'

const dir = join(dirname(createRequire(import.meta.url).resolve('dejavu-fonts-ttf/package.json')), 'ttf')
const FONT = {
  loadSystemFonts: false,
  fontFiles: [join(dir, 'DejaVuSans.ttf'), join(dir, 'DejaVuSans-Bold.ttf')],
  defaultFontFamily: 'DejaVu Sans',
}
const MARGIN = 24

/** Pixels painted outside the rectangle raster.ts keeps of `box`, drawing `fragment` with a margin around it. */
function paintOutside(fragment: string, box: Box): number {
  const x0 = Math.floor(box.x0) - MARGIN
  const y0 = Math.floor(box.y0) - MARGIN
  const w = Math.ceil(box.x1) + MARGIN - x0
  const h = Math.ceil(box.y1) + MARGIN - y0
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="${x0} ${y0} ${w} ${h}" ` +
    `font-family="DejaVu Sans">${fragment}</svg>`
  const pixels = new Resvg(svg, { font: FONT, logLevel: 'off' }).render().pixels
  let outside = 0
  for (let j = 0; j < h; j++) {
    for (let i = 0; i < w; i++) {
      if (pixels[(j * w + i) * 4 + 3] === 0) continue
      const x = x0 + i
      const y = y0 + j
      // raster.ts cuts a piece at its box grown to whole pixels and one more (pixelBox).
      if (
        x < Math.floor(box.x0) - 1 ||
        x >= Math.ceil(box.x1) + 1 ||
        y < Math.floor(box.y0) - 1 ||
        y >= Math.ceil(box.y1) + 1
      )
        outside++
    }
  }
  return outside
}

describe('map drawing pieces', () => {
  const { view, events } = a4Position()
  const drawing = layoutMap(buildHexMapModel('abaoaqu', view, events))
  const pieces = drawing.layers.flat()

  it('has the kinds of pieces the fixture shows', () => {
    const kinds = new Set(pieces.map((p) => /^<(\w+)/.exec(p.svg)?.[1]))
    for (const kind of ['path', 'circle', 'g', 'rect', 'text']) expect(kinds).toContain(kind)
    expect(pieces.filter((p) => p.local !== undefined).length).toBeGreaterThan(20)
  })

  it('paints every piece inside its box, in place and around the origin', () => {
    const leaks: string[] = []
    for (const piece of pieces) {
      if (paintOutside(piece.svg, piece.box) > 0) leaks.push(piece.svg.slice(0, 120))
      if (piece.local && paintOutside(piece.local.svg, piece.local.box) > 0)
        leaks.push(`local: ${piece.local.svg.slice(0, 120)}`)
    }
    expect(leaks).toEqual([])
  })

  it('draws a piece around the origin exactly as in place', () => {
    for (const piece of pieces) {
      if (!piece.local) continue
      const { at, box } = piece.local
      expect(piece.box).toEqual({ x0: at.x + box.x0, y0: at.y + box.y0, x1: at.x + box.x1, y1: at.y + box.y1 })
    }
  })
})
