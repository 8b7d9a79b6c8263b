import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { basename, join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import type { Hex, RatioTable, Scenario } from '../../src/rulesets/abaoaqu/engine/types.js'
import {
  ScenarioError,
  defaultAbaoaquDir,
  loadAbaoaqu,
  loadAbaoaquScenario,
  resolveRoster,
  type OptionValues,
} from '../../src/rulesets/abaoaqu/scenarios/index.js'

const IDS = ['A-S1', 'A-S2', 'A-S3', 'A-S4', 'A-S5', 'A-S6', 'A-S7']

function count(
  scenario: Scenario,
  options: OptionValues = {},
  where: (l: { side: string; group: string; type: string }) => boolean = () => true,
): number {
  return resolveRoster(scenario, options)
    .filter(where)
    .reduce((n, l) => n + l.count, 0)
}

describe('loading the A-Bao-A-Qu scenarios', () => {
  const all = loadAbaoaqu()

  it('loads all seven, sorted by id, from the repository folder', () => {
    expect(existsSync(defaultAbaoaquDir())).toBe(true)
    expect(all.map((s) => s.id)).toEqual(IDS)
    for (const s of all) {
      expect(s.system).toBe('abaoaqu')
      expect(s.houseData).toBe(true)
      expect(s.sides.map((x) => x.id)).toEqual(['FED', 'ZEON'])
      expect(s.tables.shoot.id).toBe('ABQ-LR')
      expect(s.tables.close.id).toBe('ABQ-CC')
    }
  })

  it('gives every scenario all 34 unit types, keyed by code, with unique two-letter id prefixes', () => {
    const units = all[0]!.unitTypes
    expect(Object.keys(units)).toHaveLength(34)
    expect(units['PA(BD)']).toMatchObject({ idPrefix: 'PB', bdLauncher: true, faces: { back: { weapon: 'N' } } })
    expect(units.MU).toMatchObject({
      largeMissile: true,
      faces: { front: { atkShip: 14 }, back: { atkShip: 6, weapon: 'B' } },
    })
    expect(units.BG).toMatchObject({ utType: 'MS', ccCategory: 'SHIP', iField: true, shipInCombat: true })
    expect(units.WB).toMatchObject({ pilot: 'N2', pilotDefenceOnly: true })
    expect(units.GE).toMatchObject({ status: 'D', faces: { front: { atkMS: 6 } } })
    const prefixes = Object.values(units).map((u) => u.idPrefix)
    expect(new Set(prefixes).size).toBe(34)
    for (const p of prefixes) expect(p).toMatch(/^[A-Z]{2}$/)
  })

  it('returns copies, so a caller cannot change the cached data', () => {
    const a = loadAbaoaquScenario('A-S1')
    a.roster.length = 0
    a.unitTypes.GD!.faces.front.mp = 99
    const b = loadAbaoaquScenario('A-S1')
    expect(b.roster.length).toBeGreaterThan(0)
    expect(b.unitTypes.GD!.faces.front.mp).toBe(8)
  })

  it('refuses an unknown scenario id', () => {
    expect(() => loadAbaoaquScenario('A-S9')).toThrow(ScenarioError)
  })
})

describe('A-S1 roster', () => {
  const s1 = loadAbaoaquScenario('A-S1')

  it('has 59 Federation units (1+1+1+5+2+1+10+3+1+2+22+4+6)', () => {
    expect(count(s1, {}, (l) => l.side === 'FED')).toBe(59)
  })

  it('has 55 Zeon units when Zaku (35) is three students (the default, AMB-A-23)', () => {
    // 1 Zeong + 3 + 1 + 3 Zaku + 2 + 6 Rick Dom + 1 + 2 Gelgoog + 1 Gwazin + 6 Chibe + 12 Musai
    // + 3 Gattle + 1 Jikko + 6 + 3 + 4 FC
    expect(s1.options).toEqual({ gmNPilot: 'elite', zaku35: 'threeStudents' })
    expect(count(s1, {}, (l) => l.side === 'ZEON')).toBe(55)
    expect(count(s1, { zaku35: 'threeStudents' }, (l) => l.side === 'ZEON' && l.type === 'ZK')).toBe(7)
  })

  it('reads Zaku (35) as 35 regular Zakus with zaku35 = thirtyFive', () => {
    expect(count(s1, { zaku35: 'thirtyFive' }, (l) => l.side === 'ZEON')).toBe(55 - 3 + 35)
    const line = resolveRoster(s1, { zaku35: 'thirtyFive' }).find((l) => l.line === 'Zaku (35)')
    expect(line).toMatchObject({ count: 35, pilot: null, status: 'R' })
    const students = resolveRoster(s1).find((l) => l.line === 'Zaku (35)')
    expect(students).toMatchObject({ count: 3, pilot: 'S' })
  })

  it('reads GM (N) as elite by default and N1 with gmNPilot = n1 (AMB-A-22)', () => {
    expect(resolveRoster(s1).find((l) => l.line === 'GM (N)')?.pilot).toBe('E')
    expect(resolveRoster(s1, { gmNPilot: 'n1' }).find((l) => l.line === 'GM (N)')?.pilot).toBe('N1')
  })

  it('takes Gundam, Zeong and White Base pilots from the unit types', () => {
    const pilots = Object.fromEntries(resolveRoster(s1).map((l) => [l.type, l.pilot]))
    expect(pilots).toMatchObject({ GD: 'N3', ZI: 'N2', WB: 'N2' })
    expect(s1.roster.find((l) => l.type === 'GD')?.pilot).toBeUndefined()
  })

  it('puts each line in a force group of its side', () => {
    const groups = new Map(s1.groups.map((g) => [g.id, g.side]))
    for (const l of resolveRoster(s1)) expect(groups.get(l.group)).toBe(l.side)
    expect(count(s1, {}, (l) => l.group === 'fed-ms')).toBe(1 + 1 + 1 + 5 + 2 + 1 + 10 + 3)
    expect(count(s1, {}, (l) => l.group === 'fed-fleet')).toBe(1 + 2 + 22 + 4 + 6)
  })

  it('sets up Zeon FC on the fortress and the rest within 3 hexes; Feds enter on row 0 in turn 1', () => {
    expect(s1.setup).toEqual([
      { side: 'ZEON', types: ['FC(B)', 'FC(N)', 'FC(M)'], zone: { tag: 'fortress' } },
      { side: 'ZEON', zone: { withinOfTag: 'fortress', distance: 3 } },
    ])
    expect(s1.entries).toEqual([{ side: 'FED', zone: { rows: [0, 0] }, turn: 1 }])
    expect(s1.leadOff).toEqual({ side: 'FED' })
    expect(s1.victory).toEqual([
      { type: 'occupy', side: 'FED', zoneTag: 'fortress', count: 10, consecutiveTurns: 3, ref: 'A-S1' },
      { type: 'annihilation', ref: '§7' },
      { type: 'turnLimit', turns: 12, winner: 'ZEON', ref: 'GAP-A-8' },
    ])
  })
})

describe('A-S3 rosters from A-S1 and A-S2', () => {
  const [s1, s2, s3] = ['A-S1', 'A-S2', 'A-S3'].map((id) => loadAbaoaquScenario(id)) as [Scenario, Scenario, Scenario]

  it('holds every line of both rosters, refs kept', () => {
    expect(s3.roster).toHaveLength(s1.roster.length + s2.roster.length)
    expect(s3.roster.map((l) => [l.type, l.line, l.ref])).toEqual(
      [...s1.roster, ...s2.roster].map((l) => [l.type, l.line, l.ref]),
    )
    expect(s3.options).toMatchObject({ s3Forces: 'byName', gmNPilot: 'elite', zaku35: 'threeStudents' })
  })

  it('by name (default, AMB-A-24): S field = A-S1 roster, N field = A-S2 roster', () => {
    for (const side of ['FED', 'ZEON']) {
      const prefix = side === 'FED' ? 'fed' : 'zeon'
      const field = (f: string) => (l: { side: string; group: string }) =>
        l.side === side && l.group.startsWith(`${prefix}-${f}-`)
      expect(count(s3, {}, field('s'))).toBe(count(s1, {}, (l) => l.side === side))
      expect(count(s3, {}, field('n'))).toBe(count(s2, {}, (l) => l.side === side))
    }
    const byName = resolveRoster(s3)
    expect(byName.find((l) => l.type === 'GD')?.group).toBe('fed-s-ms')
    expect(byName.find((l) => l.type === 'DO')?.group).toBe('zeon-n-fleet')
    expect(byName.find((l) => l.type === 'GC')?.group).toBe('fed-n-ms')
  })

  it('literal: the A-S1 roster is the N-field force', () => {
    const literal = resolveRoster(s3, { s3Forces: 'literal' })
    expect(literal.find((l) => l.type === 'GD')?.group).toBe('fed-n-ms')
    expect(literal.find((l) => l.type === 'ZI')?.group).toBe('zeon-n-ms')
    expect(literal.find((l) => l.type === 'DO')?.group).toBe('zeon-s-fleet')
    expect(count(s3, { s3Forces: 'literal' }, (l) => l.group.startsWith('fed-n-'))).toBe(59)
  })

  it('keeps the A-S1 options working inside A-S3', () => {
    expect(count(s3, { zaku35: 'thirtyFive' }, (l) => l.side === 'ZEON')).toBe(
      count(s3, {}, (l) => l.side === 'ZEON') + 32,
    )
  })

  it('sets up and brings in each field force as §7 says', () => {
    expect(s3.setup).toContainEqual({ side: 'ZEON', group: 'zeon-n-ms', zone: { rows: [10, 13] } })
    expect(s3.setup).toContainEqual({ side: 'ZEON', group: 'zeon-s-fleet', zone: { rows: [7, 16] } })
    expect(s3.entries).toContainEqual({ side: 'FED', group: 'fed-n-ms', zone: { rows: [0, 0] }, turn: 1 })
    expect(s3.entries).toContainEqual({ side: 'FED', group: 'fed-s-fleet', zone: { rows: [23, 23] }, turn: 5 })
  })
})

describe('other scenarios', () => {
  it('A-S6 rolls for lead-off, enters from both ends and ends on ships destroyed', () => {
    const s6 = loadAbaoaquScenario('A-S6')
    expect(s6.leadOff).toEqual({ method: 'd6-odd-even', odd: 'FED', even: 'ZEON' })
    expect(s6.entries.map((e) => [e.side, e.zone])).toEqual([
      ['FED', { cols: [0, 0] }],
      ['ZEON', { cols: [63, 63] }],
    ])
    expect(s6.victory).toContainEqual({ type: 'forcedRetreat', fraction: 0.25, ref: 'A-S6' })
    expect(s6.victory).toContainEqual({ type: 'turnLimit', turns: 10, winner: 'shipsDestroyed', ref: 'GAP-A-8' })
    expect(count(s6, {}, (l) => l.side === 'FED')).toBe(48)
    expect(count(s6, {}, (l) => l.side === 'ZEON')).toBe(46)
  })

  it('A-S7 rolls for the reinforcement turn and lets Zeon lead off', () => {
    const s7 = loadAbaoaquScenario('A-S7')
    expect(s7.leadOff).toEqual({ side: 'ZEON' })
    expect(s7.entries).toContainEqual({
      side: 'FED',
      group: 'fed-reinforcement',
      zone: { rows: [23, 23] },
      turn: { rollAfterTurn: 1, sides: 6, offset: 1, ref: 'A-S7' },
    })
    expect(s7.setup[0]).toEqual({ side: 'FED', types: ['FC(B)', 'FC(N)', 'FC(M)'], zone: { tag: 'fortress' } })
    expect(s7.victory[0]).toMatchObject({ type: 'occupy', side: 'ZEON', count: 15 })
  })

  it('marks the empty source rosters as HOUSE', () => {
    for (const id of ['A-S2', 'A-S4', 'A-S5', 'A-S7']) {
      const s = loadAbaoaquScenario(id)
      expect(s.roster.every((l) => l.status === 'H' && l.ref === 'GAP-A-7')).toBe(true)
    }
  })

  it('occupation counts and turn limits follow §7', () => {
    const expected: Record<string, [number, number]> = {
      'A-S1': [10, 12],
      'A-S2': [15, 12],
      'A-S3': [20, 16],
      'A-S4': [5, 12],
      'A-S5': [8, 12],
      'A-S7': [15, 12],
    }
    for (const [id, [n, turns]] of Object.entries(expected)) {
      const s = loadAbaoaquScenario(id)
      expect(s.victory.find((v) => v.type === 'occupy')).toMatchObject({ count: n })
      expect(s.victory.find((v) => v.type === 'turnLimit')).toMatchObject({ turns })
    }
  })
})

describe('seat layouts', () => {
  it('has one layout per player count, each group of a side in exactly one seat of that side', () => {
    for (const s of loadAbaoaqu()) {
      const counts = s.seatLayouts.map((l) => l.players).sort((a, b) => a - b)
      const range = Array.from({ length: s.players.max - s.players.min + 1 }, (_, i) => s.players.min + i)
      expect(counts).toEqual(range)
      for (const layout of s.seatLayouts) {
        expect(layout.seats).toHaveLength(layout.players)
        const seated = layout.seats.flatMap((seat) => seat.groups.map((g) => [g, seat.side]))
        expect(seated.map(([g]) => g).sort()).toEqual(s.groups.map((g) => g.id).sort())
        for (const [g, side] of seated) expect(s.groups.find((x) => x.id === g)?.side).toBe(side)
      }
      const two = s.seatLayouts.find((l) => l.players === 2)
      expect(two?.seats.map((x) => x.id)).toEqual(['FED', 'ZEON'])
    }
  })
})

describe('maps', () => {
  const s1 = loadAbaoaquScenario('A-S1')
  const s3 = loadAbaoaquScenario('A-S3')

  it('layout 1234 is 64x12 with 4 x 20 fortress hexes in rows 10-11', () => {
    expect(s1.map).toMatchObject({ id: '1234', status: 'H', cols: 64, rows: 12 })
    const fortress = s1.map.tags.fortress!
    expect(fortress).toHaveLength(80)
    const expected: Hex[] = []
    for (let b = 0; b < 4; b++) for (let c = 3; c <= 12; c++) for (const r of [10, 11]) expected.push([16 * b + c, r])
    expect(fortress).toEqual(expected)
  })

  it('layout 41/32 is 32x24 with the fortress band in rows 10-13, cols 3-12 and 19-28', () => {
    expect(s3.map).toMatchObject({ id: '41/32', cols: 32, rows: 24 })
    expect(s3.map.boards).toEqual([
      { board: 4, col0: 0, row0: 0, rotate180: false },
      { board: 1, col0: 16, row0: 0, rotate180: false },
      { board: 3, col0: 0, row0: 12, rotate180: true },
      { board: 2, col0: 16, row0: 12, rotate180: true },
    ])
    const expected: Hex[] = []
    for (const c of [3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 19, 20, 21, 22, 23, 24, 25, 26, 27, 28]) {
      for (const r of [10, 11, 12, 13]) expected.push([c, r])
    }
    expect(s3.map.tags.fortress).toEqual(expected)
  })
})

describe('combat tables', () => {
  const { shoot, close } = loadAbaoaquScenario('A-S1').tables
  const band = (s: number) => (s <= 2 ? '-' : s <= 4 ? 'C' : s <= 6 ? 'D' : 'X')

  function expectGenerated(table: RatioTable, bonus: number) {
    expect(table.ladder).toEqual(['1:4', '1:3', '1:2', '1:1', '2:1', '3:1', '4:1', '5:1', '6:1', '7:1'])
    expect(table.ladderIndexOf1to1).toBe(3)
    expect(table.rowRange).toEqual([1, 8])
    expect(table.status).toBe('H')
    expect(Object.keys(table.rows)).toEqual(['1', '2', '3', '4', '5', '6', '7', '8'])
    for (let roll = 1; roll <= 8; roll++) {
      const row = table.rows[String(roll)]!
      expect(row).toHaveLength(10)
      row.forEach((cell, col) =>
        expect(cell, `roll ${roll} column ${table.ladder[col]}`).toBe(band(roll + (col - 3) + bonus)),
      )
    }
  }

  it('shooting table (§5.1) is s = roll + k', () => expectGenerated(shoot, 0))
  it('close-combat table (§5.2) is s = roll + k + 1', () => expectGenerated(close, 1))
  it('TV-A-24: 1:1, roll 6 on a D target reads X', () => expect(shoot.rows['8']![3]).toBe('X'))
})

describe('refusing broken files', () => {
  const made: string[] = []
  afterAll(() => {
    for (const dir of made) rmSync(dir, { recursive: true, force: true })
  })

  /** A copy of the real folder with one file edited; returns the error the loader throws. */
  function breakFile(name: string, edit: (text: string) => string): ScenarioError {
    const dir = mkdtempSync(join(tmpdir(), 'abaoaqu-'))
    made.push(dir)
    cpSync(defaultAbaoaquDir(), dir, { recursive: true })
    const file = join(dir, name)
    const before = readFileSync(file, 'utf8')
    const after = edit(before)
    expect(after, 'the edit must change the file').not.toBe(before)
    writeFileSync(file, after)
    try {
      loadAbaoaqu(dir)
    } catch (e) {
      expect(e).toBeInstanceOf(ScenarioError)
      const error = e as ScenarioError
      expect(basename(error.file)).toBe(name)
      expect(error.message).toBe(`${error.file}: ${error.path}: ${error.problem}`)
      return error
    }
    throw new Error(`${name}: the broken file was accepted`)
  }

  it('the unedited copy loads', () => {
    const dir = mkdtempSync(join(tmpdir(), 'abaoaqu-'))
    made.push(dir)
    cpSync(defaultAbaoaquDir(), dir, { recursive: true })
    expect(loadAbaoaqu(dir).map((s) => s.id)).toEqual(IDS)
  })

  it('a string where a count goes', () => {
    const e = breakFile('a-s1.yaml', (t) => t.replace('type: GM, count: 5,', 'type: GM, count: five,'))
    expect(e.path).toBe('/roster/3/count')
    expect(e.problem).toContain('integer')
  })

  it('an unknown unit type in a roster', () => {
    const e = breakFile('a-s2.yaml', (t) => t.replace('type: GC, count: 1,', 'type: XX, count: 1,'))
    expect(e.path).toBe('/roster/2/type')
    expect(e.problem).toContain('XX')
  })

  it('a table row with 9 cells', () => {
    const row = '"3": ["-", "-", "-", "C", "C", "D", "D", "X", "X", "X"]'
    const e = breakFile('tables.yaml', (t) => t.replace(row, '"3": ["-", "-", "-", "C", "C", "D", "D", "X", "X"]'))
    expect(e.path).toBe('/tables/shoot/rows/3')
    expect(e.problem).toContain('9 cells')
  })

  it('invalid YAML, with the line in the problem', () => {
    const e = breakFile('a-s4.yaml', (t) => t.replace('leadOff: { side: FED }', 'leadOff: { side: FED'))
    expect(e.path).toBe('')
    expect(e.problem).toMatch(/YAML syntax error at line \d+/)
  })

  it('an unknown field', () => {
    const e = breakFile('a-s5.yaml', (t) => t.replace('houseData: true', 'houseData: true\nturns: 12'))
    expect(e.path).toBe('/turns')
  })

  it('a roster line in an unknown group', () => {
    const e = breakFile('a-s2.yaml', (t) => t.replace('group: fed-fleet, type: MA', 'group: fed-navy, type: MA'))
    expect(e.path).toBe('/roster/5/group')
    expect(e.problem).toContain('fed-navy')
  })

  it('a roster line in a group of the other side', () => {
    const e = breakFile('a-s2.yaml', (t) => t.replace('group: fed-fleet, type: MA', 'group: zeon-fleet, type: MA'))
    expect(e.path).toBe('/roster/5/group')
  })

  it('an unknown option in a ByOption', () => {
    const e = breakFile('a-s1.yaml', (t) => t.replace('pilot: { option: gmNPilot,', 'pilot: { option: gmPilot,'))
    expect(e.path).toBe('/roster/5/pilot/option')
    expect(e.problem).toContain('gmPilot')
  })

  it('a scenario option the rule system does not have', () => {
    const e = breakFile('a-s1.yaml', (t) =>
      t.replace('  zaku35: threeStudents\n', '  zaku35: threeStudents\n  fogOfWar: true\n'),
    )
    expect(e.path).toBe('/options/fogOfWar')
    expect(e.problem).toContain('unknown option fogOfWar')
  })

  it('a scenario option set to a value the rule system does not offer', () => {
    const e = breakFile('a-s4.yaml', (t) => t.replace(/options:.*\n/, 'options:\n  rounding: generous\n'))
    expect(e.path).toBe('/options/rounding')
    expect(e.problem).toContain('strict')
  })

  it('a ByOption without a value for the scenario default', () => {
    const e = breakFile('a-s1.yaml', (t) => t.replace('values: { elite: E, n1: N1 }', 'values: { e: E, n1: N1 }'))
    expect(e.path).toBe('/roster/5/pilot/values')
  })

  it('an included roster whose option this scenario does not declare', () => {
    const e = breakFile('a-s3.yaml', (t) => t.replace('  zaku35: threeStudents\n', ''))
    expect(e.path).toBe('/options')
    expect(e.problem).toContain('zaku35')
  })

  it('an include that leaves a source group unmapped', () => {
    const e = breakFile('a-s3.yaml', (t) =>
      t.replace(/\n {6}zeon-fleet: \{ option: s3Forces, values: \{ byName: zeon-n-fleet[^\n]*/, ''),
    )
    expect(e.path).toBe('/rosterFrom/1/groups')
    expect(e.problem).toContain('zeon-fleet')
  })

  it('a seat layout that leaves a group out', () => {
    const e = breakFile('a-s4.yaml', (t) => t.replace('groups: [fed-ms, fed-fleet]', 'groups: [fed-ms]'))
    expect(e.path).toBe('/seatLayouts/0/seats')
    expect(e.problem).toContain('fed-fleet')
  })

  it('a seat layout that gives a group to two seats', () => {
    const e = breakFile('a-s6.yaml', (t) =>
      t.replace('{ id: FED-2, side: FED, groups: [fed-salamis] }', '{ id: FED-2, side: FED, groups: [fed-magellan] }'),
    )
    expect(e.path).toBe('/seatLayouts/1/seats/1/groups/0')
  })

  it('a player count with no seat layout', () => {
    const e = breakFile('a-s4.yaml', (t) => t.replace('players: { min: 2, max: 2 }', 'players: { min: 2, max: 3 }'))
    expect(e.path).toBe('/seatLayouts')
    expect(e.problem).toContain('3 players')
  })

  it('an unknown zone tag', () => {
    const e = breakFile('a-s5.yaml', (t) => t.replace('zone: { tag: fortress }', 'zone: { tag: solomon }'))
    expect(e.path).toBe('/setup/0/zone/tag')
  })

  it('an unknown map layout', () => {
    const e = breakFile('a-s6.yaml', (t) => t.replace('map: "1234"', 'map: "4321"'))
    expect(e.path).toBe('/map')
  })

  it('a duplicate idPrefix', () => {
    const e = breakFile('units.yaml', (t) => t.replace('idPrefix: PB', 'idPrefix: PA'))
    expect(e.path).toBe('/units/17/idPrefix')
  })

  it('a board that does not fit its layout', () => {
    const e = breakFile('maps.yaml', (t) => t.replace('{ board: 4, col0: 48,', '{ board: 4, col0: 50,'))
    expect(e.path).toBe('/layouts/0/boards/3')
  })

  it('houseData false while HOUSE data is used', () => {
    const e = breakFile('a-s6.yaml', (t) => t.replace('houseData: true', 'houseData: false'))
    expect(e.path).toBe('/houseData')
  })
})
