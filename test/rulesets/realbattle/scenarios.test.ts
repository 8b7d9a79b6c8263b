// Real Battle data files: every scenario loads with the house data of rules/realbattle.md §9 (the same values
// as the test fixture), seat layouts deal every AT once, and a broken copy fails naming the file and field.
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { ScenarioError } from '../../../src/scenarios/index.js'
import {
  defaultRealBattleDir,
  loadHouseData,
  loadRealBattle,
  realbattleScenarios,
  scenarioSummary,
  seatLayouts,
} from '../../../src/rulesets/realbattle/scenarios/index.js'
import { maxSpeed, totalWeight, weightModifier } from '../../../src/rulesets/realbattle/engine/stats.js'
import type { At, RbScenario } from '../../../src/rulesets/realbattle/engine/types.js'
import { cards, makeAt, mapA, tables, weapons } from './fixture.js'

const dirs: string[] = []
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true })
})

/** A copy of the data folder with `file` edited by `edit`; the error of loading it. */
function brokenCopy(file: string, edit: (text: string) => string): ScenarioError {
  const dir = mkdtempSync(join(tmpdir(), 'rb-data-'))
  dirs.push(dir)
  cpSync(defaultRealBattleDir(), dir, { recursive: true })
  const path = join(dir, file)
  const before = readFileSync(path, 'utf8')
  const after = edit(before)
  expect(after).not.toBe(before)
  writeFileSync(path, after)
  try {
    loadRealBattle(dir)
  } catch (e) {
    if (e instanceof ScenarioError) return e
    throw e
  }
  throw new Error('the broken copy loaded')
}

const where = (e: ScenarioError) => [e.file.split('/').pop(), e.path]

const entries = loadRealBattle()
const byId = new Map(entries.map((e) => [e.scenario.id, e.scenario]))
function scenario(id: string): RbScenario {
  const s = byId.get(id)
  if (!s) throw new Error(`no scenario ${id}`)
  return s
}

/** An AT carrying a scenario AT's loadout, as setup would field it. */
function fielded(s: RbScenario, id: string): At {
  const spec = s.ats.find((a) => a.id === id)
  if (!spec) throw new Error(`no AT ${id}`)
  return makeAt({
    id,
    card: spec.card,
    durability: s.cards[spec.card]?.durability,
    weapons: spec.loadout.map((l) => ({
      card: l.weapon,
      mount: l.mount ?? s.weapons[l.weapon]?.mount,
      ammo: s.weapons[l.weapon]?.ammo ?? 0,
      magazines: l.magazines ?? 0,
    })),
  })
}

describe('scenarios/realbattle', () => {
  it('loads RB-23-S1 … S9, each marked as house data, on the maps and with the ATs of §4', () => {
    expect(entries.map((e) => e.scenario.id)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9].map((n) => `RB-23-S${n}`))
    expect(entries.map((e) => e.houseData)).toEqual(Array(9).fill(true))
    expect(entries.map((e) => e.scenario.map.id).join('')).toBe('AAABBCCBC')
    expect(entries.map((e) => e.scenario.ats.length)).toEqual([2, 2, 4, 6, 2, 8, 2, 8, 7])
    expect(entries.map((e) => e.scenario.ignoreObstacles)).toEqual([true, ...Array(8).fill(false)])
    expect(entries[8]?.titleJa).toBe('第３次サンサ攻略戦')
    expect(scenarioSummary(entries[0]!).title).toBe('ブロウバトル — Blow Battle')
  })

  it('fields the pilots and loadouts of the scenario table', () => {
    const line = (s: RbScenario) =>
      s.ats.map(
        (a) =>
          `${a.id} ${a.card} ${a.pilot.name}/${a.pilot.basePp} ` +
          a.loadout.map((l) => `${l.weapon}${l.mount ? `@${l.mount}` : ''}${l.magazines ? `+${l.magazines}` : ''}`),
      )
    expect(line(scenario('RB-23-S1'))).toEqual(['A1 scopedog Regular/6 ', 'B1 scopedog Regular/6 '])
    expect(line(scenario('RB-23-S3'))).toEqual([
      'A1 scopedog Veteran/7 ss',
      'A2 scopedog Regular/6 hmg',
      'B1 scopedog Veteran/7 hmg',
      'B2 scopedog Regular/6 ss',
    ])
    expect(line(scenario('RB-23-S5'))).toEqual(['A1 scopedog Chirico/9 hmg', 'B1 brutish Fiana/12 bd-gatling,bd-ml2'])
    expect(line(scenario('RB-23-S7'))).toEqual(['A1 redshoulder Chirico/15 smg', 'B1 strike Ypsilon/13 dss'])
    expect(line(scenario('RB-23-S8')).slice(0, 3)).toEqual([
      'A1 turbo Chirico/9 hmg+2,ml7@shoulderR,ml2s@torsoR,sgat@torsoL,smoke,fcs',
      'A2 turbo Grégory/9 hrl+2,ml7@shoulderR,ml2s@torsoR,sgat@torsoL,smoke,fcs',
      'A3 turbo Baiman/9 ss,ml2s@torsoR,sgat@torsoL,smoke,fcs',
    ])
    expect(line(scenario('RB-23-S9'))[1]).toBe('A2 turbo Grégory/9 hmg+2,ml6@shoulderR,spare6+1,smoke,fcs')
    expect(line(scenario('RB-23-S9'))[3]).toBe('B1 fatty Veteran/7 gatling+3,ml6,pile,smoke')
    // AMB-RB-15: S6's "Standing Turtles" are Standing Tortoises.
    expect(
      scenario('RB-23-S6')
        .ats.filter((a) => a.card === 'tortoise')
        .map((a) => a.id),
    ).toEqual(['B2', 'B3', 'B4'])
    expect(scenario('RB-23-S6').hitModifiers).toEqual([
      { attackerPilot: 'Ypsilon', targetPilot: 'Chirico', mod: -2, ref: 'RB-23-S6' },
    ])
    expect(entries.filter((e) => e.scenario.hitModifiers.length > 0).map((e) => e.scenario.id)).toEqual(['RB-23-S6'])
  })

  it('holds the same house tables, AT cards and weapons as the test fixture', () => {
    const house = loadHouseData()
    expect(house.tables).toEqual(tables)
    for (const id of Object.keys(cards)) expect(house.cards[id], id).toEqual(cards[id])
    for (const id of Object.keys(weapons)) expect(house.weapons[id], id).toEqual(weapons[id])
    expect(house.maps.A?.obstacles.sort()).toEqual([...mapA.obstacles].sort())
    expect(house.maps.A?.deploy).toEqual(mapA.deploy)
    // A scenario carries the tables and exactly the cards it uses.
    expect(scenario('RB-23-S2').tables).toEqual(tables)
    expect(Object.keys(scenario('RB-23-S9').cards).sort()).toEqual(['fatty', 'turbo'])
  })

  it('writes the tier-2 cards of §9.4: Scopedog-like ATs, the Dedicated Solid Shooter (+1 hit, +1 power)', () => {
    const house = loadHouseData()
    const scopedog = house.cards.scopedog!
    const like = (id: string) => ({ ...house.cards[id], id: 'scopedog', name: 'Scopedog', nameJa: 'スコープドッグ' })
    expect(like('mercy')).toEqual(scopedog)
    expect(like('redshoulder')).toEqual({ ...scopedog, fall: 11 })
    expect(like('turbo')).toEqual({ ...scopedog, speedMax: 6, price: 1800, availability: 6 })
    expect(house.cards.strike).toMatchObject({ ps: true, size: 0, speedMin: -3, speedMax: 7, durability: 18 })
    expect(house.cards.strike?.damage).toEqual(house.cards.brutish?.damage)
    expect(house.cards.berserga?.melee).toEqual({ hit: 9, power: 9, type: 'impact' })
    const ss = house.weapons.ss!
    expect(house.weapons.dss?.ranges).toEqual(ss.ranges.map((b) => ({ ...b, hit: b.hit + 1, power: b.power + 1 })))
    expect(house.weapons.spare6).toMatchObject({ kind: 'spareSet', weight: 4, reload: { rounds: 6, pp: 6 } })
    expect(Object.keys(house.weapons).sort()).toEqual(
      [
        ...'hmg ss hrl bd-gatling bd-ml2 gatling ml6 pile smoke smg mg ar dss ml7 ml2s sgat fcs spare6'.split(' '),
      ].sort(),
    )
  })

  it('uses only tier-1 data in S1–S5 and for S9’s Fatties (§9.2)', () => {
    const house = loadHouseData()
    for (const e of entries.slice(0, 5)) {
      const tiers = e.scenario.ats.flatMap((a) => [
        house.tiers.cards[a.card],
        ...a.loadout.map((l) => house.tiers.weapons[l.weapon]),
      ])
      expect([e.scenario.id, ...new Set(tiers)]).toEqual([e.scenario.id, 1])
    }
    const fatties = scenario('RB-23-S9').ats.filter((a) => a.card === 'fatty')
    expect(new Set(fatties.flatMap((a) => a.loadout.map((l) => house.tiers.weapons[l.weapon])))).toEqual(new Set([1]))
    expect(house.tiers.cards.turbo).toBe(2)
  })

  it('S8: Chirico’s Turbo Custom weighs 15 against load 6: −2 to fall checks and a forward limit of 5 (§9.4)', () => {
    const s = scenario('RB-23-S8')
    const chirico = fielded(s, 'A1')
    expect([totalWeight(s, chirico), s.cards.turbo?.load, weightModifier(s, chirico), maxSpeed(s, chirico)]).toEqual([
      15, 6, 2, 5,
    ])
  })

  it('S9: Grégory’s spare missile set weighs 4 (HMG 5 + 2 magazines + 6-tube 4 + set 4 + smoke 1)', () => {
    const s = scenario('RB-23-S9')
    expect(totalWeight(s, fielded(s, 'A2'))).toBe(16)
  })

  it('maps A, B and C are 20 × 14, with 6 deployment hexes an end, symmetric under a 180° turn (§9.5)', () => {
    const house = loadHouseData()
    for (const map of Object.values(house.maps)) {
      expect([map.id, map.cols, map.rows, map.deploy.a.length, map.deploy.b.length]).toEqual([map.id, 20, 14, 6, 6])
      const turn = (key: string) => {
        const [c, r] = key.split(',').map(Number) as [number, number]
        return `${map.cols - 1 - c},${map.rows - 1 - r}`
      }
      expect([map.id, [...map.obstacles.map(turn)].sort()]).toEqual([map.id, [...map.obstacles].sort()])
      expect([map.id, map.deploy.a.map(turn).sort()]).toEqual([map.id, [...map.deploy.b].sort()])
    }
    expect(Object.keys(house.maps)).toEqual(['A', 'B', 'C'])
  })
})

describe('seat layouts', () => {
  it('lists 2 to one player per AT, every AT in exactly one seat of its camp', () => {
    for (const e of entries) {
      const s = e.scenario
      expect(s.seatLayouts.map((l) => l.players)).toEqual(Array.from({ length: s.ats.length - 1 }, (_, i) => i + 2))
      for (const layout of s.seatLayouts) {
        expect(layout.seats.length).toBe(layout.players)
        const dealt = layout.seats.flatMap((seat) => seat.groups.map((g) => `${g}:${seat.side}`)).sort()
        expect(dealt).toEqual(s.ats.map((a) => `${a.id}:${a.camp}`).sort())
        for (const camp of ['A', 'B']) expect(layout.seats.some((seat) => seat.side === camp)).toBe(true)
        expect(layout.seats.every((seat) => seat.groups.length > 0 && seat.id.startsWith(seat.side))).toBe(true)
      }
      const summary = scenarioSummary(e)
      expect(summary.players).toEqual({ min: 2, max: s.ats.length })
      expect(summary.sides.map((x) => x.id)).toEqual(['A', 'B'])
      expect(summary.seatLayouts).toEqual(s.seatLayouts)
    }
  })

  it('S9: seats in proportion to the camps (3 ATs against 4), ATs dealt in turn', () => {
    const layouts = scenario('RB-23-S9').seatLayouts
    const shape = (players: number) =>
      layouts.find((l) => l.players === players)?.seats.map((seat) => `${seat.id}=${seat.groups.join('+')}`)
    expect(shape(2)).toEqual(['A1=A1+A2+A3', 'B1=B1+B2+B3+B4'])
    expect(shape(3)).toEqual(['A1=A1+A2+A3', 'B1=B1+B3', 'B2=B2+B4'])
    expect(shape(5)).toEqual(['A1=A1+A3', 'A2=A2', 'B1=B1+B4', 'B2=B2', 'B3=B3'])
    expect(shape(7)).toEqual(['A1=A1', 'A2=A2', 'A3=A3', 'B1=B1', 'B2=B2', 'B3=B3', 'B4=B4'])
  })

  it('never gives a camp more seats than ATs, even when the camps are lopsided', () => {
    const ats = ['A1', 'B1', 'B2', 'B3', 'B4', 'B5'].map((id) => ({ id, camp: id[0] as 'A' | 'B' }))
    const counts = seatLayouts(ats).map((l) => l.seats.filter((s) => s.side === 'A').length)
    expect(counts).toEqual([1, 1, 1, 1, 1])
  })

  it('are read once per process and named in the catalogue by camp', () => {
    const first = realbattleScenarios()
    expect(realbattleScenarios()).toBe(first)
    expect(first.find((x) => x.summary.id === 'RB-23-S8')?.summary.sides).toEqual([
      { id: 'A', name: 'Red Shoulder レッドショルダー' },
      { id: 'B', name: 'Secret Society 秘密結社' },
    ])
  })
})

describe('provenance (status S/D/R/H)', () => {
  /** A copy of the data folder where every HOUSE mark is S, s2.yaml claims houseData: false, then `edit`. */
  function printedCopy(edit: (weapons: string) => string = (t) => t): string {
    const dir = mkdtempSync(join(tmpdir(), 'rb-data-'))
    dirs.push(dir)
    cpSync(defaultRealBattleDir(), dir, { recursive: true })
    for (const f of ['tables.yaml', 'ats.yaml', 'weapons.yaml', 'maps.yaml', 's2.yaml']) {
      const path = join(dir, f)
      const text = readFileSync(path, 'utf8').replaceAll('status: H', 'status: S')
      writeFileSync(path, (f === 'weapons.yaml' ? edit(text) : text).replace('houseData: true', 'houseData: false'))
    }
    return dir
  }

  it('lets a club with the printed tables, cards and maps (status S everywhere) set houseData: false', () => {
    const s2 = loadRealBattle(printedCopy()).find((e) => e.scenario.id === 'RB-23-S2')
    expect([s2?.houseData, s2?.scenario.cards.scopedog?.house, s2?.scenario.weapons.hmg?.house]).toEqual([
      false,
      false,
      false,
    ])
  })

  it('refuses houseData: false while a weapon the scenario uses is still HOUSE data', () => {
    const dir = printedCopy((t) =>
      t.replace(
        'nameJa: ヘビーマシンガン\n    tier: 1\n    status: S',
        'nameJa: ヘビーマシンガン\n    tier: 1\n    status: H',
      ),
    )
    let error: unknown
    try {
      loadRealBattle(dir)
    } catch (e) {
      error = e
    }
    expect(error).toBeInstanceOf(ScenarioError)
    const e = error as ScenarioError
    expect([...where(e), e.problem]).toEqual([
      's2.yaml',
      '/houseData',
      'is false, but weapon hmg is HOUSE data (status H)',
    ])
  })
})

describe('bad data is refused with the file and the field', () => {
  it('an unknown weapon in a loadout', () => {
    const e = brokenCopy('s2.yaml', (t) => t.replace('loadout: [{ weapon: hmg }]', 'loadout: [{ weapon: laser }]'))
    expect(where(e)).toEqual(['s2.yaml', '/ats/0/loadout/0/weapon'])
    expect(e.problem).toMatch(/laser/)
  })

  it('a map row of the wrong length, and a character that is not a map symbol', () => {
    const short = brokenCopy('maps.yaml', (t) =>
      t.replace('".....##......##....." # r03', '".....##......##...." # r03'),
    )
    expect(where(short)).toEqual(['maps.yaml', '/maps/0/rows/3'])
    const odd = brokenCopy('maps.yaml', (t) =>
      t.replace('".....##......##....." # r03', '".....##......##..x.." # r03'),
    )
    expect([...where(odd), odd.problem]).toEqual(['maps.yaml', '/maps/0/rows/3', expect.stringMatching(/column 17/)])
  })

  it('an AT id used twice', () => {
    const e = brokenCopy('s3.yaml', (t) => t.replace('- id: A2', '- id: A1'))
    expect(where(e)).toEqual(['s3.yaml', '/ats/1/id'])
  })

  it('a deployment area too small for a camp’s ATs', () => {
    // Map A keeps one yellow hex an end: S3's two ATs a camp no longer fit.
    const e = brokenCopy('maps.yaml', (t) => {
      const [mapA, rest] = t.split('  - id: B') as [string, string]
      return `${mapA.replace(/"a([^"]*)b" # r0([5-9])/g, '".$1." # r0$2')}  - id: B${rest}`
    })
    expect([...where(e), e.problem]).toEqual([
      's3.yaml',
      '/map',
      expect.stringMatching(/has 1 deployment hex an end; camp A has 2 ATs/),
    ])
  })

  it('two hand-held weapons in the same hand, a built-in weapon on another AT, a magazine for a ★ weapon', () => {
    const hands = brokenCopy('s8.yaml', (t) =>
      t.replace('- { weapon: ss }', '- { weapon: ss }\n      - { weapon: hmg }'),
    )
    expect(where(hands)).toEqual(['s8.yaml', '/ats/2/loadout/1/mount'])
    const builtIn = brokenCopy('s2.yaml', (t) =>
      t.replace('loadout: [{ weapon: hmg }]', 'loadout: [{ weapon: bd-ml2 }]'),
    )
    expect(where(builtIn)).toEqual(['s2.yaml', '/ats/0/loadout/0/weapon'])
    const star = brokenCopy('s8.yaml', (t) => t.replace('- { weapon: ss }', '- { weapon: ss, magazines: 1 }'))
    expect(where(star)).toEqual(['s8.yaml', '/ats/2/loadout/0/magazines'])
    const mount = brokenCopy('s8.yaml', (t) => t.replace('- { weapon: ss }', '- { weapon: ss, mount: torsoR }'))
    expect(where(mount)).toEqual(['s8.yaml', '/ats/2/loadout/0/mount'])
  })

  it('an unknown AT card or map, houseData false, a schema error', () => {
    expect(where(brokenCopy('s4.yaml', (t) => t.replace('card: tortoise', 'card: turtle')))).toEqual([
      's4.yaml',
      '/ats/3/card',
    ])
    expect(where(brokenCopy('s5.yaml', (t) => t.replace('map: B', 'map: D')))).toEqual(['s5.yaml', '/map'])
    expect(where(brokenCopy('s7.yaml', (t) => t.replace('houseData: true', 'houseData: false')))).toEqual([
      's7.yaml',
      '/houseData',
    ])
    expect(
      where(brokenCopy('s1.yaml', (t) => t.replace('basePp: 6 }, loadout: [] }', 'basePp: 0 }, loadout: [] }'))),
    ).toEqual(['s1.yaml', '/ats/0/pilot/basePp'])
  })

  it('house data that contradicts itself: a card naming a missing damage table, plan values without a T1 row', () => {
    expect(where(brokenCopy('ats.yaml', (t) => t.replace('damage: DT-P', 'damage: DT-X')))).toEqual([
      'ats.yaml',
      '/cards/2/damage',
    ])
    const accel = brokenCopy('tables.yaml', (t) => t.replace('normal: [0, 1, 2, 4]', 'normal: [0, 1, 2, 3]'))
    expect(where(accel)).toEqual(['tables.yaml', '/accel/planValues/normal'])
  })
})
