// The picture's geometry against the engine's: boards from placements, hex centres in odd-q, and
// the string helpers that keep the SVG deterministic and well-formed.
import { describe, expect, it } from 'vitest'
import { offsetNeighbors } from '../../../src/engine/hex/index.js'
import { abaoaqu } from '../../../src/rulesets/abaoaqu/engine/index.js'
import { createDice } from '../../../src/engine/dice.js'
import { boardLookup, boardTemplate } from '../../../src/present/boards.js'
import { abaoaquMapModel } from '../../../src/rulesets/abaoaqu/present/map/index.js'
import { frameFor, hexCentre } from '../../../src/notify/map/layout.js'
import { escapeXml, fitText, num } from '../../../src/notify/map/svg-text.js'
import { loadAbaoaquScenario } from '../../../src/rulesets/abaoaqu/scenarios/index.js'
import { SEED } from './fixture.js'

describe('boards', () => {
  it('finds the board template from the placements of both A-Bao-A-Qu layouts', () => {
    const row = [0, 16, 32, 48].map((col0, i) => ({ board: i + 1, col0, row0: 0, rotate180: false }))
    expect(boardTemplate({ cols: 64, rows: 12 }, row)).toEqual({ cols: 16, rows: 12 })
    const square = [
      [4, 0, 0, false],
      [1, 16, 0, false],
      [3, 0, 12, true],
      [2, 16, 12, true],
    ] as const
    const placements = square.map(([board, col0, row0, rotate180]) => ({ board, col0, row0, rotate180 }))
    expect(boardTemplate({ cols: 32, rows: 24 }, placements)).toEqual({ cols: 16, rows: 12 })
    const lookup = boardLookup({ cols: 32, rows: 24 }, placements)
    expect([lookup.boardOf(0, 0), lookup.boardOf(31, 0), lookup.boardOf(0, 23), lookup.boardOf(31, 23)]).toEqual([
      4, 1, 3, 2,
    ])
  })

  it('leaves out the hexes of a gap between boards; placements that overlap fall back to one plain grid', () => {
    const gap = boardLookup({ cols: 36, rows: 12 }, [
      { board: 1, col0: 0, row0: 0, rotate180: false },
      { board: 2, col0: 20, row0: 0, rotate180: false },
    ])
    expect(gap.boardOf(17, 5)).toBeUndefined()
    expect(gap.boardOf(20, 5)).toBe(2)
    const warnings: string[] = []
    const bad = boardLookup(
      { cols: 16, rows: 12 },
      [
        { board: 1, col0: 0, row0: 0, rotate180: false },
        { board: 2, col0: 0, row0: 0, rotate180: false },
      ],
      (m) => warnings.push(m),
    )
    expect(bad.boards).toEqual([])
    expect(bad.boardOf(3, 3)).toBeNull()
    expect(warnings).toEqual([
      'map: the boards do not tile the 16×12 map (boards 1 and 2 overlap); drawn as one plain grid',
    ])
  })

  it('models A-S3 as four boards, two of them turned, with every hex present', () => {
    const state = abaoaqu.setup(
      loadAbaoaquScenario('A-S3'),
      { players: 2, options: { deployment: 'auto' } },
      createDice(SEED, 0),
    ).state
    const model = abaoaquMapModel(abaoaqu.view(state, null), [])
    expect(model.hexes).toHaveLength(32 * 24)
    expect(model.boards.map((b) => [b.board, b.rotate180])).toEqual([
      [1, false],
      [2, true],
      [3, true],
      [4, false],
    ])
    expect(model.counters.length).toBeGreaterThan(50)
  })
})

describe('hex centres', () => {
  const frame = frameFor(10, { col0: 0, row0: 0, cols: 8, rows: 6 }, 0)
  it('put odd columns half a hex lower, and every engine neighbour one hex width away', () => {
    const a = hexCentre(frame, { col: 2, row: 2 })
    const b = hexCentre(frame, { col: 3, row: 2 })
    expect(b.y - a.y).toBeCloseTo(Math.sqrt(3) * 5)
    for (const hex of [
      { col: 2, row: 2 },
      { col: 3, row: 2 },
    ]) {
      const c = hexCentre(frame, hex)
      for (const n of offsetNeighbors(hex)) {
        const d = hexCentre(frame, n)
        expect(Math.hypot(d.x - c.x, d.y - c.y)).toBeCloseTo(Math.sqrt(3) * 10)
      }
    }
  })
})

describe('SVG strings', () => {
  it('formats numbers with at most two decimals and never "-0"', () => {
    expect([num(1.005), num(12.3456), num(-0.001), num(3), num(-2.5)]).toEqual(['1', '12.35', '0', '3', '-2.5'])
  })

  it('escapes markup and drops what XML cannot hold', () => {
    expect(escapeXml('a<b>&"c\'')).toBe('a&lt;b&gt;&amp;&quot;c&apos;')
    expect(escapeXml('x\u0000y\u001fz\ud800')).toBe('xyz')
    expect(escapeXml('GM12 0710')).toBe('GM12 0710')
    expect(escapeXml('😀')).toBe('😀')
  })

  it('cuts text that would not fit with an ellipsis', () => {
    expect(fitText('short', 10, 100)).toBe('short')
    expect(fitText('a'.repeat(100), 10, 60)).toMatch(/^a+…$/)
  })
})
