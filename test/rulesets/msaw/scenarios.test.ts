// MS@W data files: the catalogue reproduces the source's numbers (rules/msaw.md §7), every scenario loads with
// legal squads, seat layouts deal every suit once, and a broken copy fails naming the file and the field.
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { ScenarioError } from '../../../src/scenarios/index.js'
import { dist2 } from '../../../src/engine/table/index.js'
import {
  CATALOGUE_FILE,
  defaultMsawDir,
  loadCatalogue,
  loadMsaw,
  msawScenarios,
  polygonProblem,
  scenarioSummary,
  suitCost,
  suitItems,
} from '../../../src/rulesets/msaw/scenarios/index.js'
import type { MsScenario } from '../../../src/rulesets/msaw/engine/types.js'

const dirs: string[] = []
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true })
})

/** A copy of the data folder with `file` edited by `edit`; the error of loading it. */
function brokenCopy(file: string, edit: (text: string) => string): ScenarioError {
  const dir = mkdtempSync(join(tmpdir(), 'msaw-data-'))
  dirs.push(dir)
  cpSync(defaultMsawDir(), dir, { recursive: true })
  const path = join(dir, file)
  const before = readFileSync(path, 'utf8')
  const after = edit(before)
  expect(after).not.toBe(before)
  writeFileSync(path, after)
  try {
    loadMsaw(dir)
  } catch (e) {
    if (e instanceof ScenarioError) return e
    throw e
  }
  throw new Error('the broken copy loaded')
}

const where = (e: ScenarioError) => [e.file.split('/').pop(), e.path]

const cat = loadCatalogue(join(defaultMsawDir(), CATALOGUE_FILE))
const entries = loadMsaw()
const byId = new Map(entries.map((e) => [e.scenario.id, e]))
function scenario(id: string): MsScenario {
  const s = byId.get(id)?.scenario
  if (!s) throw new Error(`no scenario ${id}`)
  return s
}

describe('catalogue.yaml (MS-6)', () => {
  it('holds exactly the suits and items of docs/msaw.md', () => {
    expect(Object.keys(cat.suits)).toEqual(
      'gm guntank guncannon gundam zaku2 zaku2s gouf dom zgok zgoks alex'.split(' '),
    )
    const items =
      'gm-vulcan vulcan beam-saber beam-spray-gun machine-pistol gm-shield recoilless-cannon arm-rockets ' +
      'cannon-240mm spray-missiles beam-rifle beam-javelin hyper-bazooka gundam-shield shoulder-shield ' +
      'shoulder-spikes zaku-mg zaku-bazooka heat-hawk missile-pods magella finger-mg heat-rod heat-saber ' +
      'gouf-shield dom-heat-saber scatter-beam giant-bazooka mega-particle claws head-rockets gatling chobham ' +
      'alex-shield'
    expect(Object.keys(cat.items).sort()).toEqual(items.split(' ').sort())
  })

  it('names every suit and item in English and Japanese', () => {
    const ja = (ids: string[], from: Record<string, { nameJa: string }>) => ids.map((id) => from[id]?.nameJa)
    expect(ja(['gm', 'zaku2', 'gouf', 'dom', 'zgok', 'gundam', 'guncannon', 'guntank'], cat.suits)).toEqual([
      'ジム',
      'ザクII',
      'グフ',
      'ドム',
      'ズゴック',
      'ガンダム',
      'ガンキャノン',
      'ガンタンク',
    ])
    expect(ja(['beam-saber', 'heat-hawk', 'zaku-mg'], cat.items)).toEqual([
      'ビームサーベル',
      'ヒートホーク',
      'ザク・マシンガン',
    ])
    expect(cat.items['zaku-mg']?.name).toBe('120mm machine gun')
  })

  it('reproduces the GM and the Gundam as printed', () => {
    expect(cat.suits.gm).toMatchObject({ name: 'RGM-79 GM', nameJa: 'ジム', cost: 125, attack: 12, defend: 10 })
    expect(cat.suits.gm).toMatchObject({ move: 1000, hp: 20, builtIn: ['gm-vulcan', 'beam-saber'] })
    expect(cat.suits.gm?.optional).toEqual([
      { item: 'beam-spray-gun', cost: 30 },
      { item: 'machine-pistol', cost: 25 },
      { item: 'gm-shield', cost: 40 },
    ])
    expect(cat.items['gm-vulcan']).toMatchObject({ range: { min: 0, max: 600 }, damage: { n: 1, sides: 6, plus: 2 } })
    expect(cat.items.vulcan?.range).toEqual({ min: 0, max: 500 })
    expect(cat.suits.gundam).toMatchObject({
      nameJa: 'ガンダム',
      cost: 250,
      attack: 14,
      defend: 11,
      move: 1700,
      hp: 30,
    })
    expect(cat.suits.gundam?.builtIn).toEqual(['vulcan', 'beam-saber', 'beam-saber'])
    expect(cat.items['hyper-bazooka']).toMatchObject({
      range: { min: 1000, max: 4000 },
      damage: { n: 3, sides: 6, plus: 2 },
      ammo: 6,
      stowable: true,
    })
    expect(cat.items['beam-saber']).toMatchObject({ range: 'close', damage: { n: 1, sides: 6, plus: 3 } })
    expect(cat.items['beam-saber']?.ammo).toBeUndefined()
  })

  it('keeps the Gouf shield at body 40 (AMB-M-11), the Dom hover at 24", and the ammo pools of AMB-M-7', () => {
    expect(cat.items['gouf-shield']).toMatchObject({ kind: 'shield', body: 40 })
    expect([cat.items['gm-shield']?.body, cat.items['shoulder-shield']?.body, cat.items['alex-shield']?.body]).toEqual([
      10, 7, 12,
    ])
    expect(cat.suits.dom).toMatchObject({ move: 900, hover: 2400 })
    expect(
      Object.values(cat.suits)
        .filter((s) => s.hover !== undefined)
        .map((s) => s.id),
    ).toEqual(['dom'])
    // TV-M-11: the Guntank's rockets "4 each" × 2 are one pool of 8.
    expect(cat.items['arm-rockets']?.ammo).toBe(8)
    expect(cat.items['recoilless-cannon']?.ammo).toBe(30)
    expect(cat.items['head-rockets']?.ammo).toBe(30)
    expect(cat.items.gatling?.ammo).toBe(30)
    expect(cat.items['zaku-mg']?.ammo).toBe(20)
    expect(cat.items['missile-pods']?.ammo).toBe(6)
  })

  it('reads the Stow column: hand items, the stowable ones, the Magella in two hands', () => {
    const hand = (stow: boolean) =>
      Object.values(cat.items)
        .filter((i) => i.carry === 'hand' && i.stowable === stow)
        .map((i) => i.id)
        .sort()
    expect(hand(true)).toEqual(
      ['gm-shield', 'gundam-shield', 'hyper-bazooka', 'heat-hawk', 'beam-saber', 'dom-heat-saber'].sort(),
    )
    expect(hand(false)).toEqual(
      [
        'beam-rifle',
        'beam-javelin',
        'beam-spray-gun',
        'machine-pistol',
        'zaku-mg',
        'zaku-bazooka',
        'giant-bazooka',
        'heat-saber',
        'magella',
        'gouf-shield',
        'alex-shield',
      ].sort(),
    )
    expect(
      Object.values(cat.items)
        .filter((i) => i.hands === 2)
        .map((i) => i.id),
    ).toEqual(['magella'])
    expect(cat.items.magella?.recharge).toBe(true)
    expect(cat.suits.gouf?.blockedHands).toEqual(['L'])
    expect(cat.suits.zgok?.blockedHands).toEqual(['L', 'R'])
    expect(cat.suits.zgoks?.blockedHands).toEqual(['L', 'R'])
  })

  it('lists the Guncannon alternative, the Alex Chobham armour and the Gouf Zaku weapons (MS-5.4, MS-5.5)', () => {
    expect(cat.suits.guncannon?.alternatives).toEqual([{ replace: 'cannon-240mm', with: 'spray-missiles' }])
    expect(cat.items.chobham).toMatchObject({ kind: 'armour', carry: 'fixed', hp: 45, disables: ['gatling'] })
    expect(cat.suits.alex?.optional).toContainEqual({ item: 'chobham', cost: 100 })
    expect(cat.suits.gouf?.optional).toContainEqual({ item: 'zaku-mg', cost: 25 })
    expect(cat.suits.gouf?.optional).toContainEqual({ item: 'zaku-bazooka', cost: 60 })
    expect(cat.house.items['gouf-shield']).toContain('AMB-M-11')
    expect(cat.house.items.chobham).toContain('GAP-M-10')
  })

  it('TV-M-02: a Zaku II with the machine gun and the heat hawk costs 100 + 25 + 25 = 150', () => {
    const zaku = cat.suits.zaku2!
    expect(suitCost(zaku, { bought: ['zaku-mg', 'heat-hawk'] })).toBe(150)
    expect(suitCost(cat.suits.alex!, { bought: ['chobham', 'beam-rifle', 'alex-shield'] })).toBe(510)
  })

  it('names a suit’s items by type, -2 for a second; an alternative replaces its built-in', () => {
    expect(suitItems(cat.suits.gundam!, { bought: ['beam-rifle'] }).map((i) => i.id)).toEqual([
      'vulcan',
      'beam-saber',
      'beam-saber-2',
      'beam-rifle',
    ])
    expect(suitItems(cat.suits.guncannon!, { bought: [], alternatives: ['spray-missiles'] })).toEqual([
      { id: 'vulcan', type: 'vulcan' },
      { id: 'spray-missiles', type: 'spray-missiles' },
    ])
  })
})

describe('scenarios/msaw', () => {
  it('loads M-S1 … M-S5, house data, on 48" × 48" tables, with the catalogue copied in', () => {
    expect(entries.map((e) => e.scenario.id)).toEqual(['M-S1', 'M-S2', 'M-S3', 'M-S4', 'M-S5'])
    expect(entries.map((e) => e.houseData)).toEqual(Array(5).fill(true))
    expect(entries.map((e) => e.scenario.deployment)).toEqual(['fixed', 'fixed', 'players', 'fixed', 'players'])
    for (const e of entries) {
      expect(e.scenario.table).toEqual({ width: 4800, height: 4800 })
      expect(e.scenario.sides.map((s) => [s.id, s.zone])).toEqual([
        ['A', { x0: 0, y0: 0, x1: 4800, y1: 600 }],
        ['B', { x0: 0, y0: 4200, x1: 4800, y1: 4800 }],
      ])
      expect(e.scenario.suits).toEqual(cat.suits)
      expect(e.scenario.items).toEqual(cat.items)
    }
    expect(scenario('M-S3').options).toEqual({ rough: true })
    expect(scenario('M-S3').terrain.every((t) => t.move !== 'open')).toBe(true)
    expect(scenario('M-S5').terrain).toEqual([])
    expect(scenario('M-S4').points).toEqual({ limit: 1300, tolerance: 25 })
    expect(scenario('M-S2').points).toEqual({ limit: 1000, tolerance: 25 })
  })

  it('M-S1: two GMs against two Zaku IIs, placed and holding their weapons', () => {
    const s = scenario('M-S1')
    const line = (side: string) =>
      (s.squads[side] ?? []).map(
        (u) => `${u.id} ${u.type} ${u.bought.join('+')} ${u.hold?.L ?? '-'}/${u.hold?.R ?? '-'}`,
      )
    expect(line('A')).toEqual([
      'GM1 gm beam-spray-gun+gm-shield gm-shield/beam-spray-gun',
      'GM2 gm machine-pistol+gm-shield gm-shield/machine-pistol',
    ])
    expect(line('B')).toEqual([
      'ZAKU1 zaku2 zaku-mg+zaku-bazooka+heat-hawk zaku-bazooka/zaku-mg',
      'ZAKU2 zaku2 zaku-mg+heat-hawk -/zaku-mg',
    ])
    expect(s.terrain.filter((t) => t.move === 'impassable' && t.blocksLOS).length).toBe(3)
    // A suit with nothing in its hands holds {} (the Guntank of M-S2).
    expect(scenario('M-S2').squads.A?.find((u) => u.id === 'GT1')?.hold).toEqual({})
  })

  it('fields squads within the limit and within the tolerance of each other (MS-5.2)', () => {
    const costs = entries.map((e) => [e.scenario.id, e.costs.A, e.costs.B])
    expect(costs).toEqual([
      ['M-S1', 385, 360],
      ['M-S2', 975, 985],
      ['M-S3', 980, 960],
      ['M-S4', 1250, 1240],
      ['M-S5', 900, 900],
    ])
    for (const e of entries) {
      const s = e.scenario
      for (const side of s.sides) {
        const cost = (s.squads[side.id] ?? []).reduce((n, u) => n + suitCost(s.suits[u.type]!, u), 0)
        expect(cost).toBe(e.costs[side.id])
        expect(cost).toBeLessThanOrEqual(s.points.limit)
        // The notes tell players the squads' costs.
        expect(e.notes.join(' ')).toContain(cost.toLocaleString('en'))
      }
      expect(Math.abs((e.costs.A ?? 0) - (e.costs.B ?? 0))).toBeLessThanOrEqual(s.points.tolerance)
    }
  })

  it('places every fixed suit wholly in its zone, 1" or more from every other (GAP-M-1, GAP-M-4)', () => {
    for (const e of entries.filter((x) => x.scenario.deployment === 'fixed')) {
      const s = e.scenario
      const all = s.sides.flatMap((side) => (s.squads[side.id] ?? []).map((u) => ({ u, zone: side.zone })))
      for (const { u, zone } of all) {
        const p = u.at!
        expect([u.id, p.x - 50 >= zone.x0, p.x + 50 <= zone.x1, p.y - 50 >= zone.y0, p.y + 50 <= zone.y1]).toEqual([
          u.id,
          true,
          true,
          true,
          true,
        ])
        for (const { u: v } of all) if (v !== u) expect(dist2(p, v.at!)).toBeGreaterThanOrEqual(100 * 100)
      }
    }
    for (const e of entries.filter((x) => x.scenario.deployment === 'players')) {
      const s = e.scenario
      expect(
        Object.values(s.squads)
          .flat()
          .every((u) => u.at === undefined && u.hold === undefined),
      ).toBe(true)
    }
  })

  it('draws every terrain piece as a simple polygon on the table', () => {
    for (const e of entries) {
      for (const t of e.scenario.terrain) {
        expect([t.id, polygonProblem(t.polygon)]).toEqual([t.id, null])
        expect(t.polygon.every((p) => p.x >= 0 && p.y >= 0 && p.x <= 4800 && p.y <= 4800)).toBe(true)
      }
    }
  })

  it('M-S4: the Alex in Chobham armour, the Magella in both hands, 2 or 4 players', () => {
    const s = scenario('M-S4')
    const alex = s.squads.A?.find((u) => u.id === 'ALEX1')
    expect(alex?.bought).toContain('chobham')
    expect(s.squads.B?.find((u) => u.id === 'ZS1')?.hold).toEqual({ L: 'magella', R: 'magella' })
    expect(s.seatLayouts.map((l) => l.players)).toEqual([2, 4])
    const four = s.seatLayouts[1]!
    const text = four.seats.map((x) => `${x.id}: ${x.groups.join(', ')}`).join('; ')
    expect(byId.get('M-S4')?.notes.join(' ')).toContain(text)
  })

  it('deals every suit to exactly one seat of its side in every layout', () => {
    for (const e of entries) {
      const s = e.scenario
      for (const layout of s.seatLayouts) {
        expect(layout.seats.length).toBe(layout.players)
        const dealt = layout.seats.flatMap((seat) => seat.groups.map((g) => `${g}:${seat.side}`)).sort()
        const squads = s.sides.flatMap((side) => (s.squads[side.id] ?? []).map((u) => `${u.id}:${side.id}`)).sort()
        expect(dealt).toEqual(squads)
        for (const seat of layout.seats) expect(seat.groups.length).toBeGreaterThan(0)
      }
    }
  })

  it('gives the catalogue its entries, read once per process', () => {
    const list = msawScenarios()
    expect(msawScenarios()).toBe(list)
    expect(list.map((x) => x.summary.id)).toEqual(['M-S1', 'M-S2', 'M-S3', 'M-S4', 'M-S5'])
    const s4 = list[3]!.summary
    expect(s4.title).toBe('ポケットの中の戦争 — War in the Pocket')
    expect(s4.players).toEqual({ min: 2, max: 4 })
    expect(s4.sides).toEqual([
      { id: 'A', name: 'Earth Federation 地球連邦軍' },
      { id: 'B', name: 'Principality of Zeon ジオン公国軍' },
    ])
    expect(s4.notes.some((n) => n.includes('AMB-M-10'))).toBe(true)
    expect(s4.notes.some((n) => n.includes('GAP-M-1'))).toBe(true)
    expect(scenarioSummary(entries[4]!).notes.some((n) => n.includes('AMB-M-11'))).toBe(true)
    expect((list[0]!.data as MsScenario).id).toBe('M-S1')
  })
})

describe('a broken data file names the file and the field', () => {
  const gm1 = 'at: { x: 2000, y: 300 }'
  const cases: Array<[string, string, (t: string) => string, string, string]> = [
    [
      'an unknown suit type',
      'm-s1.yaml',
      (t) => t.replace('type: gm\n', 'type: gm9\n'),
      '/sides/0/squad/0/type',
      'no suit gm9',
    ],
    [
      'an unknown item',
      'm-s1.yaml',
      (t) => t.replace('bought: [beam-spray-gun,', 'bought: [beam-spray-gnu,'),
      '/sides/0/squad/0/bought/0',
      'no item beam-spray-gnu',
    ],
    [
      'an item the suit may not buy',
      'm-s1.yaml',
      (t) =>
        t.replace('bought: [machine-pistol,', 'bought: [beam-rifle,').replace('R: machine-pistol', 'R: beam-rifle'),
      '/sides/0/squad/1/bought/0',
      'cannot buy beam-rifle',
    ],
    [
      'an item bought twice',
      'm-s1.yaml',
      (t) => t.replace('bought: [zaku-mg, heat-hawk]', 'bought: [zaku-mg, heat-hawk, heat-hawk]'),
      '/sides/1/squad/1/bought/2',
      'bought 2 times',
    ],
    [
      'an unstowable item not held',
      'm-s1.yaml',
      (t) => t.replace('hold: { R: zaku-mg, L: zaku-bazooka }', 'hold: { R: zaku-mg }'),
      '/sides/1/squad/0/hold',
      'zaku-bazooka cannot be stowed',
    ],
    [
      'a fixed item held',
      'm-s1.yaml',
      (t) => t.replace('hold: { R: zaku-mg }', 'hold: { R: zaku-mg, L: shoulder-spikes }'),
      '/sides/1/squad/1/hold/L',
      'shoulder-spikes is fixed',
    ],
    [
      'an item held that the suit does not carry',
      'm-s1.yaml',
      (t) => t.replace('hold: { R: zaku-mg }', 'hold: { R: zaku-bazooka }'),
      '/sides/1/squad/1/hold/R',
      'carries no item zaku-bazooka',
    ],
    [
      'the Gouf holding in its left hand',
      'm-s2.yaml',
      (t) => t.replace('hold: { R: gouf-shield }', 'hold: { L: gouf-shield }'),
      '/sides/1/squad/1/hold/L',
      'left hand holds nothing',
    ],
    [
      'the Magella in one hand',
      'm-s4.yaml',
      (t) => t.replace('hold: { L: magella, R: magella }', 'hold: { R: magella }'),
      '/sides/1/squad/0/hold/R',
      'takes both hands',
    ],
    [
      'a squad over the limit',
      'm-s1.yaml',
      (t) => t.replace('limit: 400', 'limit: 380'),
      '/sides/0/squad',
      'costs 385, over the limit of 380',
    ],
    [
      'squads too far apart',
      'm-s1.yaml',
      (t) => t.replace('bought: [zaku-mg, heat-hawk]', 'bought: [zaku-mg]'),
      '/sides/0/squad',
      'A 385 and B 335: more than 25 points apart',
    ],
    [
      'overlapping discs',
      'm-s1.yaml',
      (t) => t.replace('at: { x: 2800, y: 4500 }', 'at: { x: 2060, y: 4540 }'),
      '/sides/1/squad/1/at',
      "ZAKU2's disc overlaps ZAKU1's",
    ],
    [
      'a disc off the table',
      'm-s1.yaml',
      (t) => t.replace(gm1, 'at: { x: 40, y: 300 }'),
      '/sides/0/squad/0/at',
      'not wholly on the 4800 × 4800 table',
    ],
    [
      'a suit outside its zone',
      'm-s1.yaml',
      (t) => t.replace(gm1, 'at: { x: 2000, y: 580 }'),
      '/sides/0/squad/0/at',
      "outside side A's zone",
    ],
    [
      'a suit inside impassable terrain',
      'm-s1.yaml',
      (t) =>
        t.replace(
          '[[1000, 2000], [1600, 2000], [1600, 2600], [1000, 2600]]',
          '[[1800, 100], [2200, 100], [2200, 500], [1800, 500]]',
        ),
      '/sides/0/squad/0/at',
      'overlaps impassable terrain ruin1',
    ],
    [
      'a disc touching impassable terrain from outside',
      'm-s1.yaml',
      (t) =>
        t.replace(
          '[[1000, 2000], [1600, 2000], [1600, 2600], [1000, 2600]]',
          '[[2040, 100], [2400, 100], [2400, 500], [2040, 500]]',
        ),
      '/sides/0/squad/0/at',
      'overlaps impassable terrain ruin1',
    ],
    [
      'a polygon that crosses itself',
      'm-s1.yaml',
      (t) =>
        t.replace(
          '[[1000, 2000], [1600, 2000], [1600, 2600], [1000, 2600]]',
          '[[1000, 2000], [1600, 2600], [1600, 2000], [1000, 2600]]',
        ),
      '/terrain/0/polygon',
      'is not a simple polygon',
    ],
    [
      'a polygon of two points',
      'm-s1.yaml',
      (t) => t.replace('[[1000, 2000], [1600, 2000], [1600, 2600], [1000, 2600]]', '[[1000, 2000], [1600, 2000]]'),
      '/terrain/0/polygon',
      'has 2 corners',
    ],
    [
      'terrain off the table',
      'm-s1.yaml',
      (t) => t.replace('[[1000, 2000], [1600, 2000]', '[[1000, 2000], [4900, 2000]'),
      '/terrain/0/polygon/1',
      'off the 4800 × 4800 table',
    ],
    [
      'a position in a players deployment',
      'm-s3.yaml',
      (t) => t.replace('{ id: GM4, type: gm }', '{ id: GM4, type: gm, at: { x: 100, y: 100 } }'),
      '/sides/0/squad/3/at',
      'the players place the suits',
    ],
    [
      'a squad that can never hold what it bought',
      'm-s5.yaml',
      (t) =>
        t.replace(
          '{ id: GOUF2, type: gouf, bought: [gouf-shield] }',
          '{ id: GOUF2, type: gouf, bought: [gouf-shield, heat-saber] }',
        ),
      '/sides/1/squad/3/bought',
      'cannot hold gouf-shield and heat-saber at once',
    ],
    [
      'an unknown alternative',
      'm-s3.yaml',
      (t) => t.replace('alternatives: [spray-missiles]', 'alternatives: [beam-javelin]'),
      '/sides/0/squad/5/alternatives/0',
      'no alternative beam-javelin',
    ],
    ['a suit id used twice', 'm-s1.yaml', (t) => t.replace('id: GM2', 'id: GM1'), '/sides/0/squad/1/id', 'used twice'],
    [
      'a player count the sides cannot share',
      'm-s1.yaml',
      (t) => t.replace('players: [2]', 'players: [2, 3]'),
      '/players/1',
      '3 players cannot share 2 sides',
    ],
    ['house data denied', 'm-s1.yaml', (t) => t.replace('houseData: true', 'houseData: false'), '/houseData', 'HOUSE'],
    [
      'a schema error',
      'm-s1.yaml',
      (t) => t.replace('deployment: fixed', 'deployment: sealed'),
      '/deployment',
      '"sealed" is not one of "fixed", "players"',
    ],
    [
      'an unknown built-in item in the catalogue',
      CATALOGUE_FILE,
      (t) => t.replace('builtIn: [gm-vulcan, beam-saber]', 'builtIn: [gm-vulcan, beam-sabre]'),
      '/suits/0/builtIn/1',
      'no item beam-sabre',
    ],
    [
      'a hand item built into a suit whose hands hold nothing',
      CATALOGUE_FILE,
      (t) => t.replace('builtIn: [mega-particle, claws, head-rockets]', 'builtIn: [mega-particle, claws, beam-saber]'),
      '/suits/8/builtIn/2',
      "the MSM-07 Z'Gok's hands hold nothing",
    ],
    [
      'a shield without a body in the catalogue',
      CATALOGUE_FILE,
      (t) => t.replace('    body: 40\n', ''),
      '/items/24/body',
      'a shield needs a body',
    ],
  ]
  for (const [what, file, edit, path, problem] of cases) {
    it(`refuses ${what}`, () => {
      const e = brokenCopy(file, edit)
      expect(where(e)).toEqual([file, path])
      expect(e.problem).toContain(problem)
    })
  }
})
