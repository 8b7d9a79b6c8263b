// The map's web option (svg.ts `web`): the same drawing as the email's, with each hex and counter named
// for the page's clicks and the reader's own counters as buttons. Without the option nothing changes.
import { describe, expect, it } from 'vitest'
import { buildHexMapModel, renderSvg } from '../../src/notify/map/index.js'
import { a4Position } from '../notify/map/fixture.js'

describe("the map's web option", () => {
  const { view, events } = a4Position()
  const model = buildHexMapModel('abaoaqu', view, events)
  const plain = renderSvg(model)
  const web = renderSvg(model, { web: true })

  it('names every hex and every counter; only the reader’s counters are buttons', () => {
    expect(web.match(/<path data-hex="\d{4}" data-at="\d+,\d+" d="/g)?.length).toBe(model.hexes.length)
    const groups = [...web.matchAll(/<g[^>]* data-side="([^"]+)" data-units="([^"]+)"([^>]*)>/g)]
    expect(groups.length).toBe(new Set(model.counters.map((c) => `${c.hex.col},${c.hex.row}`)).size)
    for (const [, side, units, rest] of groups) {
      expect(units).toMatch(/^[A-Z]+\d*( [A-Z]+\d*)*$/)
      if (side === 'ZEON') {
        expect(rest).toContain(`data-mine="${units}"`)
        expect(rest).toContain('tabindex="0" role="button" aria-label="')
      } else expect(rest).not.toContain('role="button"')
    }
    // Each side's counters carry their own mark, as well as their colour: a circle, a triangle.
    expect(web).toMatch(/<circle [^>]*fill="#ffffff"/)
    expect(web.match(/<path d="M[^"]+Z" fill="#ffffff" stroke="#1b2129"/g)?.length).toBeGreaterThan(0)
  })

  it('draws the same map as the pictures do when the option is off', () => {
    expect(plain).not.toContain('data-hex')
    expect(plain).not.toContain('role="button"')
    // The web drawing is the plain one with its additions: every element of the plain map is in it.
    const strip = (svg: string) =>
      svg
        .replace(/<g class="hm-hexes"[^]*?<\/g>/, '')
        .replace(/<g( class="hm-unit")? data-hex="[^>]*>/g, '<g>')
        .replace(/<\/text> </g, '</text><')
    const texts = (svg: string) => svg.match(/<text[^>]*>[^<]*<\/text>/g) ?? []
    const inWeb = new Set(texts(strip(web)))
    expect(texts(plain).filter((t) => !inWeb.has(t))).toEqual([])
    expect(strip(web).length).toBeGreaterThan(plain.length)
  })
})
