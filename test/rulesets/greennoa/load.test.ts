// GREEN NOA data files: every file loads, and a broken copy fails naming the file and the field.
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { ScenarioError } from '../../../src/scenarios/index.js'
import { defaultGreenNoaDir, loadGreenNoa } from '../../../src/rulesets/greennoa/scenarios/load.js'
import { scriptedDice } from '../../../src/engine/dice.js'
import { setup } from '../../../src/rulesets/greennoa/engine/setup.js'

const dirs: string[] = []
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true })
})

/** A copy of the data folder with `file` edited by `edit`; the error of loading it. */
function brokenCopy(file: string, edit: (text: string) => string): ScenarioError {
  const dir = mkdtempSync(join(tmpdir(), 'gn-data-'))
  dirs.push(dir)
  cpSync(defaultGreenNoaDir(), dir, { recursive: true })
  const path = join(dir, file)
  const before = readFileSync(path, 'utf8')
  const after = edit(before)
  expect(after).not.toBe(before)
  writeFileSync(path, after)
  try {
    loadGreenNoa(dir)
  } catch (e) {
    if (e instanceof ScenarioError) return e
    throw e
  }
  throw new Error('the broken copy loaded')
}

describe('scenarios/greennoa', () => {
  it('loads the duel, marked as house data, with Japanese and English names', () => {
    const entries = loadGreenNoa()
    expect(entries.map((e) => e.scenario.id)).toEqual(['GN-D1', 'GN-H1', 'GN-S1'])
    const duel = entries[0]
    expect(duel?.houseData).toBe(true)
    expect(duel?.titleJa).toBe('赤い彗星と木星帰りの男')
    expect(duel?.scenario.types.MESSALA).toMatchObject({
      nameJa: 'メッサーラ',
      name: 'Messala',
      formOrder: ['ms', 'ma'],
    })
    expect(duel?.scenario.pilots.quattro?.skill).toBe(2)
  })

  it('loads the skirmish GN-S1 and the fleet action GN-H1 as house data', () => {
    const byId = new Map(loadGreenNoa().map((e) => [e.scenario.id, e]))
    const s1 = byId.get('GN-S1')
    const h1 = byId.get('GN-H1')
    expect([s1?.houseData, s1?.titleJa, s1?.scenario.map, s1?.scenario.innings]).toEqual([
      true,
      'ガンダム強奪',
      { cols: 18, rows: 12 },
      8,
    ])
    expect(s1?.scenario.units.map((u) => `${u.side} ${u.type} ${u.pilot}`)).toEqual([
      'AEUG MK2 kamille',
      'AEUG RICKDIAS apolly',
      'TITANS MK2 jerid',
      'TITANS HIZACK unnamed',
      'TITANS MARASAI unnamed',
    ])
    expect([h1?.houseData, h1?.scenario.map, h1?.scenario.innings]).toEqual([true, { cols: 24, rows: 18 }, 10])
    const count = (side: string, type: string) =>
      h1?.scenario.units.filter((u) => u.side === side && u.type === type).length
    expect([count('AEUG', 'RICKDIAS'), count('AEUG', 'MK2'), count('TITANS', 'MK2')]).toEqual([3, 1, 2])
    expect([count('TITANS', 'HIZACK'), count('TITANS', 'GALBALDY')]).toEqual([3, 1])
    // GAP-GN-6: AEUG in columns 0–2 facing NE or SE, the Titans in 21–23 facing NW or SW.
    for (const u of h1?.scenario.units ?? []) {
      if (u.side === 'AEUG') expect([u.hex.col <= 2, [1, 2].includes(u.facing)]).toEqual([true, true])
      else expect([u.hex.col >= 21, [4, 5].includes(u.facing)]).toEqual([true, true])
    }
  })

  it('refuses houseData: false in the new scenarios too', () => {
    for (const file of ['gn-s1.yaml', 'gn-h1.yaml']) {
      const e = brokenCopy(file, (t) => t.replace('houseData: true', 'houseData: false'))
      expect([e.file.endsWith(file), e.path]).toEqual([true, '/houseData'])
    }
  })

  it('refuses houseData: false in a scenario with HOUSE data', () => {
    const e = brokenCopy('gn-d1.yaml', (t) => t.replace('houseData: true', 'houseData: false'))
    expect([e.file.endsWith('gn-d1.yaml'), e.path]).toEqual([true, '/houseData'])
  })

  it('names the field of a schema error: a facing of 6', () => {
    const e = brokenCopy('gn-d1.yaml', (t) => t.replace('col: 12, row: 5 }, facing: 5', 'col: 12, row: 5 }, facing: 6'))
    expect(e.path).toBe('/units/1/facing')
  })

  it('refuses a pilot of the other side, an unknown type, and a unit off the map', () => {
    expect(brokenCopy('gn-d1.yaml', (t) => t.replace('pilot: quattro', 'pilot: jerid')).path).toBe('/units/0/pilot')
    expect(brokenCopy('gn-d1.yaml', (t) => t.replace('type: MESSALA', 'type: ZAKU')).path).toBe('/units/1/type')
    expect(brokenCopy('gn-d1.yaml', (t) => t.replace('col: 12, row: 5', 'col: 14, row: 5')).path).toBe('/units/1/hex')
  })

  it('refuses a roster type with two forms and no transformation rule', () => {
    const e = brokenCopy('roster.yaml', (t) => t.replace('    transformRule: GN-11-1\n', ''))
    expect([e.file.endsWith('roster.yaml'), e.problem]).toEqual([true, expect.stringMatching(/transformRule/)])
  })
})

describe('the option literalDsDc as a scenario default (AMB-GN-5)', () => {
  function editedScenario(edit: (text: string) => string) {
    const dir = mkdtempSync(join(tmpdir(), 'gn-data-'))
    dirs.push(dir)
    cpSync(defaultGreenNoaDir(), dir, { recursive: true })
    const path = join(dir, 'gn-d1.yaml')
    writeFileSync(path, edit(readFileSync(path, 'utf8')))
    const entry = loadGreenNoa(dir)[0]
    if (!entry) throw new Error('no scenario')
    return entry.scenario
  }
  const literal = (t: string) => t.replace('innings: 6\n', 'innings: 6\noptions: { literalDsDc: true }\n')

  it('defaults to the consistent reading; a scenario may choose the printed one; a game overrides both', () => {
    const duel = loadGreenNoa()[0]?.scenario
    if (!duel) throw new Error('no duel')
    expect(setup(duel, { players: 2 }, scriptedDice([6, 1])).state.options).toEqual({ literalDsDc: false })
    const printed = editedScenario(literal)
    expect(printed.options).toEqual({ literalDsDc: true })
    expect(setup(printed, { players: 2 }, scriptedDice([6, 1])).state.options).toEqual({ literalDsDc: true })
    const overridden = setup(printed, { players: 2, options: { literalDsDc: false } }, scriptedDice([6, 1]))
    expect(overridden.state.options).toEqual({ literalDsDc: false })
    expect(overridden.events[0]).toMatchObject({ type: 'setup', options: { literalDsDc: false } })
  })

  it('refuses an unknown option or value at setup, and a value that is not a boolean in the file', () => {
    const duel = loadGreenNoa()[0]?.scenario
    if (!duel) throw new Error('no duel')
    expect(() => setup(duel, { players: 2, options: { literalDsDc: 'yes' } }, scriptedDice([6, 1]))).toThrow(
      /literalDsDc/,
    )
    expect(() => setup(duel, { players: 2, options: { dsDc: true } }, scriptedDice([6, 1]))).toThrow(/unknown option/)
    const e = brokenCopy('gn-d1.yaml', (t) => t.replace('innings: 6\n', 'innings: 6\noptions: { literalDsDc: 1 }\n'))
    expect(e.path).toBe('/options/literalDsDc')
  })
})
