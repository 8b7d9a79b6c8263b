// The facts a player checks on an A-Bao-A-Qu snapshot, in the model and in the drawn SVG.
import { describe, expect, it } from 'vitest'
import type { GameEvent } from '../../../src/engine/ruleset.js'
import type { View } from '../../../src/rulesets/abaoaqu/engine/index.js'
import { abaoaquMapModel } from '../../../src/rulesets/abaoaqu/present/map/index.js'
import { buildMapModel, renderMap, renderSvg, svgToPng, type HexMapModel } from '../../../src/notify/map/index.js'
import { a4Position } from './fixture.js'

const { view, events } = a4Position()
const model = abaoaquMapModel(view, events)
const svg = renderSvg(model)
const at = (m: HexMapModel, col: number, row: number) =>
  m.counters.filter((c) => c.hex.col === col && c.hex.row === row)
const colourOf = (side: string) => model.sides.find((s) => s.id === side)!.colour
const withView = (change: (v: View) => void): View => {
  const copy = JSON.parse(JSON.stringify(view)) as View
  change(copy)
  return copy
}

describe('A-Bao-A-Qu map model', () => {
  it('draws an arrow from the hex a unit left to the hex it moved to', () => {
    // GD1 moved 0706 -> 0906 in the Federation's movement phase.
    expect(model.arrows).toContainEqual({ from: { col: 7, row: 6 }, to: { col: 9, row: 6 }, side: 'FED' })
    // SA1 and SA2 moved together: one arrow.
    expect(model.arrows.filter((a) => a.from?.col === 5 && a.from.row === 3)).toHaveLength(1)
  })

  it('marks units that entered the map, which have no hex to come from', () => {
    expect(model.arrows).toContainEqual({ from: null, to: { col: 10, row: 2 }, side: 'FED' })
  })

  it('shows a stack of three as one counter that lists all three units, and "3"', () => {
    const [gm] = at(model, 8, 5)
    expect(gm).toMatchObject({
      side: 'FED',
      label: 'GM1',
      sublabel: 'GM',
      units: [
        { label: 'GM1', markers: [] },
        { label: 'GM2', markers: ['D'] },
        { label: 'GM3', markers: [] },
      ],
    })
    const drawn = /<g><title>0805: [^<]*<\/title>(.*?)<\/g>/.exec(svg)?.[1] ?? ''
    const texts = [...drawn.matchAll(/<text [^>]*>([^<]*)<\/text>/g)].map((m) => m[1])
    expect(texts).toEqual(expect.arrayContaining(['GM1', 'GM2', 'GM3', '3']))
    // A unit alone keeps its id and its type.
    const alone = /<g><title>0405: [^<]*<\/title>(.*?)<\/g>/.exec(svg)?.[1] ?? ''
    expect([...alone.matchAll(/<text [^>]*>([^<]*)<\/text>/g)].map((m) => m[1])).toEqual(
      expect.arrayContaining(['RD2']),
    )
  })

  it("puts a C marker on a C unit and the stack's worst states on a stack", () => {
    expect(at(model, 4, 5)[0]).toMatchObject({ label: 'RD2', markers: ['C'] })
    expect(at(model, 8, 5)[0]!.markers).toEqual(['D']) // GM2 is D, GM1 and GM3 recovered
    const mixed = abaoaquMapModel(
      withView((v) => {
        v.units.find((u) => u.id === 'GM3')!.morale = 'C'
      }),
      events,
    )
    expect(at(mixed, 8, 5)[0]!.markers).toEqual(['C', 'D'])
    expect(svg).toMatch(/<rect [^>]*fill="#f4c430"[^>]*\/><text [^>]*>C<\/text>/)
  })

  it("colours the viewer's units and the enemy's differently, the same for every viewer", () => {
    expect(model.sides.map((s) => [s.id, s.viewer])).toEqual([
      ['FED', false],
      ['ZEON', true],
    ])
    expect(colourOf('FED')).not.toBe(colourOf('ZEON'))
    const fedView = abaoaquMapModel(
      withView((v) => {
        v.viewer = 'FED'
      }),
      events,
    )
    expect(fedView.sides.map((s) => s.colour)).toEqual(model.sides.map((s) => s.colour))
    expect(svg).toContain(`fill="${colourOf('ZEON')}" stroke="#1b2129"`)
    expect(svg).toContain(`fill="${colourOf('FED')}" stroke="#1b2129"`)
  })

  it('shows a flipped face on spent large-missile and BD launchers', () => {
    expect(
      model.counters
        .filter((c) => c.flipped)
        .map((c) => c.label)
        .sort(),
    ).toEqual(['MU1', 'MU2', 'PB1'])
  })

  it('shades the fortress hexes: the tagged band of every board', () => {
    const fortress = model.hexes.filter((h) => h.tags.includes('fortress'))
    expect(fortress).toHaveLength(view.scenario.map.fortress.length)
    expect(fortress).toContainEqual(expect.objectContaining({ col: 3, row: 10, label: '0310' }))
    expect(svg).toMatch(/<path d="[^"]+" fill="#c9bfa6"\/>/)
  })

  it('draws attacks from where the attackers stood, with the result, or the odds while undecided', () => {
    // SA1 and SA2 fired at RD2 from 0503 before moving on to 0604.
    expect(model.attacks).toContainEqual({
      from: [{ col: 5, row: 3 }],
      to: { col: 4, row: 5 },
      side: 'FED',
      kind: 'attack',
      label: '1:1 C',
    })
    expect(model.attacks).toContainEqual({
      from: [{ col: 8, row: 5 }],
      to: { col: 4, row: 5 },
      side: 'FED',
      kind: 'attack',
      label: '1:2 ?',
    })
    expect(model.attacks).toContainEqual({
      from: [{ col: 10, row: 2 }],
      to: { col: 6, row: 6 },
      side: 'FED',
      kind: 'launch',
      label: 'BD',
    })
    expect(model.attacks.filter((a) => a.side === 'ZEON').map((a) => a.label)).toEqual(['3:1 D', 'no effect', '1:3 –'])
  })

  it("covers the BD screen's hex and the six around it", () => {
    expect(model.screens).toHaveLength(1)
    expect(model.screens[0]!.centre).toEqual({ col: 6, row: 6 })
    expect(model.screens[0]!.hexes).toHaveLength(7)
    const ring = abaoaquMapModel(
      withView((v) => {
        v.options.bdCoversCentre = false
      }),
      events,
    )
    expect(ring.screens[0]!.hexes).toHaveLength(6)
  })

  it('leaves units off the map out: reserves and the eliminated', () => {
    const onMap = view.units.filter((u) => u.at === 'map').length
    expect(model.counters.reduce((n, c) => n + c.units.length, 0)).toBe(onMap)
    expect(model.counters.some((c) => c.label === 'GM4')).toBe(false)
  })

  it('marks a unit eliminated or removed in the last phase where it stood', () => {
    const v = withView((x) => {
      x.units.find((u) => u.id === 'GE1')!.at = 'gone'
    })
    const x: GameEvent[] = [
      {
        type: 'attack',
        attack: 'A99',
        attackers: ['GD1'],
        hex: [10, 6],
        targets: ['GE1'],
        column: '4:1',
        results: [{ unit: 'GE1', modifier: 0, result: 'X' }],
      },
    ]
    const m = abaoaquMapModel(v, x)
    expect(m.losses).toEqual([{ hex: { col: 10, row: 6 }, side: 'ZEON' }])
    expect(m.attacks[0]!.label).toBe('4:1 X')
    expect(at(m, 10, 6)).toEqual([])
  })

  it('skips events it cannot place rather than failing', () => {
    const junk: GameEvent[] = [
      { type: 'move', unit: 'NOPE', from: [1, 1], to: [2, 2] },
      { type: 'move', unit: 'GD1', to: 'x' },
      { type: 'attack', attackers: 'GD1' },
      { type: 'bd-launch' },
    ]
    expect(abaoaquMapModel(view, junk)).toMatchObject({ arrows: [], attacks: [], losses: [] })
  })

  it('numbers the edges as orders write hexes, and knows the boards', () => {
    expect(model.colLabels.slice(0, 3)).toEqual(['00', '01', '02'])
    expect(model.rowLabels).toHaveLength(12)
    expect(model.boards.map((b) => [b.board, b.col0, b.cols, b.rows])).toEqual([
      [1, 0, 16, 12],
      [2, 16, 16, 12],
      [3, 32, 16, 12],
      [4, 48, 16, 12],
    ])
    expect(model.hexes.find((h) => h.col === 17 && h.row === 4)).toMatchObject({ board: 2, label: '1704' })
  })

  it('says whose view and which step in the subtitle', () => {
    expect(model.title).toBe('A-S4 Battle of S Field (reduced game)')
    expect(model.subtitle).toBe('Turn 2, half 1: follow-up combat · to act: Zeon · seen by Zeon')
    expect(
      abaoaquMapModel(
        withView((v) => {
          v.viewer = null
        }),
        events,
      ).subtitle,
    ).toMatch(/seen by observer$/)
  })
})

describe('odd input', () => {
  it('escapes a scenario title with markup and strips characters XML cannot hold', () => {
    const odd = withView((v) => {
      v.scenario.title = '<script>alert("x")</script> & \'Zeon\'\u0007'
    })
    const { svg: out } = renderMap('abaoaqu', odd, [])
    expect(out).not.toContain('<script>')
    expect(out).toContain('&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &apos;Zeon&apos;')
    expect(out).not.toContain('\u0007')
    expect(() => svgToPng(out)).not.toThrow()
  })

  it('refuses an unknown rule system, or a view of another one, with a clear error', () => {
    expect(() => renderMap('hexrace', { system: 'hexrace' }, [])).toThrow('no map renderer for rule system "hexrace"')
    expect(() => renderMap('abaoaqu', { system: 'greennoa' }, [])).toThrow(
      /view is of rule system "greennoa", not "abaoaqu"/,
    )
    expect(() => buildMapModel('abaoaqu', { system: 'abaoaqu' }, [])).toThrow(/not an A-Bao-A-Qu view/)
    expect(() => renderMap('abaoaqu', null, [])).toThrow(/rule system/)
  })
})
