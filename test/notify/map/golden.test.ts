// The rendered SVG of a fixed game position is pinned by a golden file; the PNG made from it has
// the SVG's size. Regenerate after an intended change: UPDATE_GOLDEN=1 npx vitest run test/notify/map
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'
import { renderMap, renderMapPng } from '../../../src/notify/map/index.js'
import { a4Position } from './fixture.js'
import { PNG_SIGNATURE, pngSize } from './png-decode.js'

const GOLDEN = fileURLToPath(new URL('./golden/a-s4.svg', import.meta.url))

function svgSize(svg: string): { width: number; height: number } {
  const m = /^<svg [^>]*width="(\d+)" height="(\d+)"/.exec(svg)
  if (!m) throw new Error('the SVG has no whole-number width and height')
  return { width: Number(m[1]), height: Number(m[2]) }
}

describe('map snapshot of a fixed A-S4 position', () => {
  const { view, events } = a4Position()

  it('renders the SVG stored in golden/a-s4.svg', () => {
    const { svg } = renderMap('abaoaqu', view, events)
    if (process.env.UPDATE_GOLDEN === '1') {
      mkdirSync(dirname(GOLDEN), { recursive: true })
      writeFileSync(GOLDEN, svg)
    }
    if (!existsSync(GOLDEN)) throw new Error(`no golden file ${GOLDEN}: run with UPDATE_GOLDEN=1 once and review it`)
    const golden = readFileSync(GOLDEN, 'utf8')
    if (svg !== golden) {
      // A 250 kB diff helps nobody: say where they part, and keep the new picture to look at.
      let at = 0
      while (svg[at] === golden[at]) at++
      const received = join(tmpdir(), 'a-s4.received.svg')
      writeFileSync(received, svg)
      expect.fail(
        `the SVG departs from the golden file at character ${at}:\n` +
          `  golden: …${golden.slice(at - 40, at + 80)}\n` +
          `  now:    …${svg.slice(at - 40, at + 80)}\n` +
          `new picture: ${received}; if the change is intended, rerun with UPDATE_GOLDEN=1`,
      )
    }
  })

  it('renders the same bytes every time, from a copy of the view made through JSON (as stored in the log)', () => {
    const again = renderMap('abaoaqu', JSON.parse(JSON.stringify(view)), JSON.parse(JSON.stringify(events)))
    expect(again.svg).toBe(renderMap('abaoaqu', view, events).svg)
    expect(again.svg).not.toMatch(/NaN|undefined|Infinity/)
  })

  it("turns into a PNG of exactly the SVG's size", () => {
    const { svg, png } = renderMapPng('abaoaqu', view, events)
    expect(png.subarray(0, 8).equals(PNG_SIGNATURE)).toBe(true)
    expect(pngSize(png)).toEqual(svgSize(svg))
  })

  it('scales the PNG to a requested width, keeping the aspect', () => {
    const { svg, png } = renderMapPng('abaoaqu', view, events, { width: 800 })
    const own = svgSize(svg)
    const size = pngSize(png)
    expect(size.width).toBe(800)
    expect(Math.abs(size.height - (own.height * 800) / own.width)).toBeLessThanOrEqual(1)
  })
})
