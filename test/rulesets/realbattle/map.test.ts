// Real Battle's map: a counter per AT in play with its facing, speed, fallen and heavy-damage markers; the
// house map's obstacles shaded and its deployment hexes tagged while the camps deploy; smoke as screens; the
// last step's moves, attacks and losses; the enemy ATs within reach of the viewer's. The generic map layer
// draws the model as SVG and PNG.
import { describe, expect, it } from 'vitest'
import type { GameEvent } from '../../../src/engine/ruleset.js'
import { buildHexMapModel, mapModelToPng, renderSvg } from '../../../src/notify/map/index.js'
import type { AnyRuleset, RuleSystem } from '../../../src/rulesets/contract.js'
import { registerRuleSystem, ruleSystem } from '../../../src/rulesets/index.js'
import { realbattlePresent } from '../../../src/rulesets/realbattle/present/index.js'
import { realbattleMap, realbattleMapModel } from '../../../src/rulesets/realbattle/present/map/index.js'
import { atView, hmg, rbView } from './fixture-view.js'

const view = rbView(
  [
    atView({ id: 'A1', hex: { col: 3, row: 5 }, speed: 3, facing: 2, weapons: [hmg(7, 1)] }),
    atView({ id: 'A2', hex: { col: 3, row: 8 }, facing: 1, weapons: [] }),
    atView({ id: 'B1', hex: { col: 8, row: 5 }, speed: -1, facing: 5 }),
    atView({ id: 'B2', hex: { col: 16, row: 6 }, fallen: true, heavy: true, durability: 7 }),
    atView({ id: 'B3', hex: { col: 10, row: 10 }, destroyed: true, durability: 0 }),
  ],
  { smoke: [{ hex: { col: 4, row: 5 }, camp: 'A' }] },
)

const events: GameEvent[] = [
  { type: 'move', at: 'A1', from: { col: 1, row: 5 }, to: { col: 3, row: 5 }, path: [], facing: 2 },
  { type: 'move', at: 'A2', from: { col: 3, row: 8 }, to: { col: 3, row: 8 }, path: [], facing: 1 },
  { type: 'attack', at: 'A1', target: 'B1', weapon: 'hmg', hit: 8, roll: 5, hits: true, checks: 3 },
  { type: 'attack', at: 'A1', target: 'B2', weapon: 'hmg', hit: 4, roll: [5, 6], hits: false, checks: 0 },
  { type: 'destroyed', at: 'B3', by: 'damage' },
  { type: 'move', at: 'Z9', from: { col: 1, row: 1 }, to: { col: 2, row: 1 } },
  { type: 'mystery' },
]

describe('Real Battle map model', () => {
  const model = realbattleMapModel(view, events)

  it('has one counter per AT in play, with its facing, speed, fallen and heavy-damage markers', () => {
    expect(model.counters.map((c) => c.label).sort()).toEqual(['A1', 'A2', 'B1', 'B2'])
    const by = new Map(model.counters.map((c) => [c.label, c]))
    expect(by.get('A1')).toMatchObject({ hex: { col: 3, row: 5 }, side: 'A', facing: 2, sublabel: 'v3', markers: [] })
    expect(by.get('B1')).toMatchObject({ side: 'B', facing: 5, sublabel: 'v-1' })
    expect(by.get('B2')).toMatchObject({
      markers: ['F', 'H'],
      flipped: true,
      units: [{ label: 'B2', markers: ['F', 'H'] }],
    })
    expect(by.get('A1')!.title).toMatch(/^0305: A1 キリコ（スコープドッグ）\nChirico \(Scopedog\): speed v3/)
    expect(by.get('A1')!.title).toContain('hmg 7/10 +1 mag')
    expect(by.get('B1')!.title).toContain('action PP sealed')
    expect(model.markerKey?.map((m) => m.marker)).toEqual(['F', 'H'])
    expect(model.sides).toEqual([
      { id: 'A', name: 'レッドショルダー Red Shoulder', colour: expect.any(String), viewer: true },
      { id: 'B', name: '秘密結社 Secret Society', colour: expect.any(String), viewer: false },
    ])
  })

  it('puts two ATs of a camp sharing a hex on one stacked counter', () => {
    const shared = rbView([
      atView({ id: 'A1', hex: { col: 4, row: 4 } }),
      atView({ id: 'A2', hex: { col: 4, row: 4 } }),
    ])
    const counters = realbattleMapModel(shared, []).counters
    expect(counters).toHaveLength(1)
    expect(counters[0]!.units.map((u) => u.label)).toEqual(['A1', 'A2'])
  })

  it('shows a fire arc in front of the AT within its weapon’s range, none behind', () => {
    const arc = model.counters.find((c) => c.label === 'A1')!.arc!
    const has = (col: number, row: number) => arc.some((h) => h.col === col && h.row === row)
    expect(has(8, 5)).toBe(true)
    expect(has(2, 4)).toBe(false)
    expect(model.counters.find((c) => c.label === 'B2')!.arc).toEqual([])
  })

  it('covers the 20×14 map, obstacles tagged and shaded, deployment hexes tagged only while deploying', () => {
    expect(model.cols).toBe(20)
    expect(model.rows).toBe(14)
    expect(model.hexes).toHaveLength(280)
    const hex = (m: typeof model, col: number, row: number) => m.hexes.find((h) => h.col === col && h.row === row)!
    expect(hex(model, 5, 3)).toMatchObject({ label: '0503', tags: ['obstacle'] })
    expect(hex(model, 4, 3).tags).toEqual([])
    expect(hex(model, 0, 5).tags).toEqual([])
    const deploying = realbattleMapModel({ ...view, step: 'deploy' }, [])
    expect(hex(deploying, 0, 5).tags).toEqual(['deploy', 'deploy-a'])
    expect(hex(deploying, 19, 9).tags).toEqual(['deploy', 'deploy-b'])
    const arena = realbattleMapModel({ ...view, ignoreObstacles: true }, [])
    expect(arena.hexes.filter((h) => h.tags.includes('obstacle'))).toEqual([])
    expect(model.colLabels[19]).toBe('19')
    expect(model.rowLabels[13]).toBe('13')
  })

  it('shows smoke as a screen', () => {
    expect(model.screens).toEqual([
      {
        centre: { col: 4, row: 5 },
        hexes: [{ col: 4, row: 5 }],
        label: '煙幕',
        title: expect.stringContaining('camp A'),
      },
    ])
  })

  it('draws the last step’s moves, attacks and losses, skipping what it cannot place', () => {
    expect(model.arrows).toEqual([{ from: { col: 1, row: 5 }, to: { col: 3, row: 5 }, side: 'A' }])
    expect(model.attacks).toEqual([
      { from: [{ col: 3, row: 5 }], to: { col: 8, row: 5 }, side: 'A', kind: 'attack', label: '8: 5 hit ×3' },
      { from: [{ col: 3, row: 5 }], to: { col: 16, row: 6 }, side: 'A', kind: 'attack', label: '4: 11 miss' },
    ])
    expect(model.losses).toEqual([{ hex: { col: 10, row: 10 }, side: 'B' }])
  })

  it('points out the enemy ATs within the longest reach of the viewer’s ATs; none for an observer', () => {
    // A1's heavy machine gun reaches 12 hexes: B1 at 5 is in reach, B2 at 13 is not; A2 has no weapon.
    expect(model.inReach).toEqual([{ col: 8, row: 5 }])
    expect(realbattleMapModel({ ...view, viewer: null }, []).inReach).toEqual([])
    expect(model.title).toContain('RB-23-S5')
    expect(model.subtitle).toContain('Turn 2')
  })

  it('refuses what is not a Real Battle view', () => {
    expect(() => realbattleMap({ system: 'greennoa' }, [])).toThrow(/not a Real Battle view/)
  })
})

describe('Real Battle map drawn by the map layer', () => {
  it('renders as SVG and PNG', () => {
    const model = realbattleMapModel(view, events)
    const svg = renderSvg(model)
    expect(svg).toMatch(/^<svg/)
    expect(svg).toContain('A1')
    const png = mapModelToPng(model)
    expect(png.subarray(1, 4).toString('latin1')).toBe('PNG')
  })

  it('builds through buildMapModel once the system is registered', () => {
    // Until Real Battle is in the registry, a stand-in with these presentation hooks is registered for the test.
    if (!ruleSystem('realbattle')) {
      const stub = { id: 'realbattle' } as unknown as AnyRuleset
      const system: RuleSystem = {
        id: 'realbattle',
        title: 'Real Battle',
        ruleset: stub,
        scenarios: () => [],
        ...realbattlePresent,
      }
      registerRuleSystem(system)
    }
    const model = buildHexMapModel('realbattle', view, events)
    expect(model.counters).toHaveLength(4)
    expect(() => buildHexMapModel('realbattle', { ...view, system: 'greennoa' }, [])).toThrow(/not "realbattle"/)
  })
})
