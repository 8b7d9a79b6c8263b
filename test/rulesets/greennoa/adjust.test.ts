// GREEN NOA moderator adjustments (docs/orders-greennoa.md, "Moderator adjustments"): each change does what
// it says and nothing else, each refusal cites its rule and leaves the state alone, check() holds on every
// state the rules reach (the recorded corpus and random games), and the text notation reads what it writes.
import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { Ajv } from 'ajv'
import { describe, expect, it } from 'vitest'
import { createDice, scriptedDice } from '../../../src/engine/dice.js'
import type { Adjustment, Adjusted } from '../../../src/engine/ruleset.js'
import { applyEntry, type Folded } from '../../../src/games/fold.js'
import { orderErrorMessage } from '../../../src/i18n/orders.js'
import { greennoa } from '../../../src/rulesets/greennoa/engine/index.js'
import { randomOrders, rng } from '../../../src/rulesets/greennoa/engine/random-orders.js'
import { resolveStep } from '../../../src/rulesets/greennoa/engine/sequence.js'
import type { GnState, Unit } from '../../../src/rulesets/greennoa/engine/types.js'
import { loadGreenNoa } from '../../../src/rulesets/greennoa/scenarios/load.js'
import { CORPUS_DIR, readCorpusGame, toEntry } from '../../corpus/corpus.js'
import { stateOf } from './fixture.js'

const gn = {
  adjust: greennoa.adjust!,
  check: greennoa.check!,
  unitsOf: greennoa.unitsOf!,
  parse: greennoa.parseAdjustments!,
  format: greennoa.formatAdjustments!,
  schema: greennoa.adjustmentSchema!,
}

/** HS1 a Hyaku-Shiki, ME1 a Messala, MK1 a Mk-II, HZ1 and HZ2 Hizacks; AEUG moves first (phase ②). */
function position(): GnState {
  return stateOf([
    { id: 'HS1', type: 'HYAKUSHIKI', side: 'AEUG', pilot: 'quattro', col: 2, row: 5, facing: 1 },
    { id: 'MK1', type: 'MK2', side: 'AEUG', col: 4, row: 5, facing: 0 },
    { id: 'ME1', type: 'MESSALA', side: 'TITANS', col: 8, row: 2, facing: 3 },
    { id: 'HZ1', type: 'HIZACK', side: 'TITANS', col: 4, row: 2, facing: 3 },
    { id: 'HZ2', type: 'HIZACK', side: 'TITANS', col: 6, row: 8, facing: 0 },
  ])
}

function applied(state: GnState, changes: Adjustment[]): GnState {
  const r = gn.adjust(state, changes)
  if (!r.ok) throw new Error(`refused: ${r.errors.map((e) => `${e.rule} ${e.message}`).join('; ')}`)
  return r.state
}

function refused(r: Adjusted<GnState>) {
  if (r.ok) throw new Error('the adjustment was accepted')
  return r.errors
}

/** The state with `edit` made to one unit by hand: what an adjustment of that unit alone must give. */
function edited(state: GnState, id: string, edit: (u: Unit) => void): GnState {
  const copy = structuredClone(state)
  edit(copy.units.find((u) => u.id === id)!)
  return copy
}

/** Only `fields` of unit `id` differ between the two states' unitsOf. */
function expectOnly(before: GnState, after: GnState, id: string, fields: string[]) {
  const a = gn.unitsOf(before)
  const b = gn.unitsOf(after)
  expect(Object.keys(b)).toEqual(Object.keys(a))
  for (const [uid, fa] of Object.entries(a)) {
    const fb = b[uid]!
    const changed = Object.keys(fa).filter((k) => JSON.stringify(fa[k]) !== JSON.stringify(fb[k]))
    expect(changed, uid).toEqual(uid === id ? fields : [])
  }
}

describe('each change does exactly what it says', () => {
  const cases: Array<[string, Adjustment, string[], (u: Unit) => void, (s: GnState) => GnState]> = [
    [
      'move with facing',
      { kind: 'move', unit: 'HS1', hex: '0406', facing: 3 },
      ['hex', 'facing'],
      (u) => ((u.hex = { col: 4, row: 6 }), (u.facing = 3)),
      (s) => s,
    ],
    ['move', { kind: 'move', unit: 'MK1', hex: '1109' }, ['hex'], (u) => (u.hex = { col: 11, row: 9 }), (s) => s],
    ['face', { kind: 'face', unit: 'MK1', facing: 4 }, ['facing'], (u) => (u.facing = 4), (s) => s],
    ['remove', { kind: 'remove', unit: 'HZ1' }, ['status'], (u) => (u.removed = true), (s) => s],
    [
      'restore',
      { kind: 'restore', unit: 'HZ1', hex: '0000', facing: 2 },
      ['status', 'hex', 'facing'],
      (u) => ((u.removed = false), (u.hex = { col: 0, row: 0 }), (u.facing = 2)),
      (s) => applied(s, [{ kind: 'remove', unit: 'HZ1' }]),
    ],
    ['form (Messala MS → MA)', { kind: 'form', unit: 'ME1', form: 'ma' }, ['form'], (u) => (u.form = 'ma'), (s) => s],
    [
      'form (Hyaku-Shiki takes its launcher)',
      { kind: 'form', unit: 'HS1', form: 'launcher' },
      ['form'],
      (u) => (u.form = 'launcher'),
      (s) => s,
    ],
    ['mark M', { kind: 'mark', unit: 'MK1', mark: 'M' }, ['M'], (u) => (u.m = true), (s) => s],
    ['mark F', { kind: 'mark', unit: 'MK1', mark: 'F' }, ['F'], (u) => (u.f = true), (s) => s],
    ['mark C', { kind: 'mark', unit: 'MK1', mark: 'C' }, ['C'], (u) => (u.c = true), (s) => s],
    [
      'unmark C',
      { kind: 'unmark', unit: 'MK1', mark: 'C' },
      ['C'],
      (u) => (u.c = false),
      (s) => applied(s, [{ kind: 'mark', unit: 'MK1', mark: 'C' }]),
    ],
    [
      'suppress',
      { kind: 'suppress', unit: 'HZ2', inning: 2, phase: 1 },
      ['S'],
      (u) => (u.s = { inning: 2, phase: 1 }),
      (s) => s,
    ],
    [
      'unmark S',
      { kind: 'unmark', unit: 'HZ2', mark: 'S' },
      ['S'],
      (u) => (u.s = null),
      (s) => applied(s, [{ kind: 'suppress', unit: 'HZ2', inning: 1, phase: 9 }]),
    ],
    ['turns', { kind: 'turns', unit: 'HS1', used: 4 }, ['turnsUsed'], (u) => (u.turnsUsed = 4), (s) => s],
  ]
  it.each(cases)('%s', (_name, change, fields, edit, prepare) => {
    const before = prepare(position())
    const frozen = JSON.stringify(before)
    const after = applied(before, [change])
    expect(JSON.stringify(before)).toBe(frozen)
    expect(after).toEqual(edited(before, change.unit as string, edit))
    expectOnly(before, after, change.unit as string, fields)
    expect(gn.check(after)).toEqual([])
  })

  it('applies changes in order: a move then a restore of the hex it left', () => {
    const s = applied(position(), [{ kind: 'remove', unit: 'MK1' }])
    const after = applied(s, [
      { kind: 'move', unit: 'HS1', hex: '0100', facing: 0 },
      { kind: 'restore', unit: 'MK1', hex: '0205', facing: 5 },
    ])
    expect(gn.unitsOf(after)['HS1']).toMatchObject({ hex: '0100', facing: 0 })
    expect(gn.unitsOf(after)['MK1']).toMatchObject({ status: 'in play', hex: '0205', facing: 5 })
  })

  it('allows a unit to share a hex with an enemy (GN-5-2): the melee follows in the rules, not here', () => {
    const after = applied(position(), [{ kind: 'move', unit: 'MK1', hex: '0402', facing: 0 }])
    expect(gn.unitsOf(after)['MK1']!['hex']).toBe(gn.unitsOf(after)['HZ1']!['hex'])
    expect(after.declared).toEqual([])
  })

  it('unitsOf lists every unit, a removed one with its status', () => {
    const units = gn.unitsOf(applied(position(), [{ kind: 'remove', unit: 'HZ2' }]))
    expect(Object.keys(units)).toEqual(['HS1', 'MK1', 'ME1', 'HZ1', 'HZ2'])
    expect(units['HS1']).toEqual({
      side: 'AEUG',
      type: 'HYAKUSHIKI',
      pilot: 'quattro',
      status: 'in play',
      hex: '0205',
      facing: 1,
      form: 'normal',
      S: null,
      M: false,
      F: false,
      C: false,
      turnsUsed: 0,
    })
    expect(units['HZ2']).toMatchObject({ status: 'removed', hex: '0608' })
    expect(JSON.parse(JSON.stringify(units))).toEqual(units)
  })
})

describe('refusals', () => {
  const cases: Array<[string, Adjustment[], string, string, ((s: GnState) => GnState)?]> = [
    ['an unknown unit', [{ kind: 'face', unit: 'XX9', facing: 1 }], 'ADJ-unit', 'greennoa.adjust.noUnit'],
    ['an unknown kind', [{ kind: 'teleport', unit: 'HS1' }], 'ADJ-kind', 'greennoa.adjust.kind'],
    ['an unknown field', [{ kind: 'remove', unit: 'HS1', hex: '0101' }], 'ADJ-field', 'greennoa.adjust.field'],
    ['a hex off the map', [{ kind: 'move', unit: 'HS1', hex: '1210' }], 'ADJ-hex', 'greennoa.adjust.hex'],
    ['a malformed hex', [{ kind: 'move', unit: 'HS1', hex: '4-6' }], 'ADJ-field', 'greennoa.adjust.field'],
    ['a facing out of range', [{ kind: 'face', unit: 'HS1', facing: 6 }], 'ADJ-range', 'greennoa.adjust.facing'],
    ['turns past the limit', [{ kind: 'turns', unit: 'MK1', used: 4 }], 'ADJ-range', 'greennoa.adjust.range'],
    [
      'an S past the next inning',
      [{ kind: 'suppress', unit: 'MK1', inning: 3, phase: 1 }],
      'ADJ-range',
      'greennoa.adjust.range',
    ],
    [
      'an S that lasts longer than one inning (AMB-GN-6)',
      [{ kind: 'suppress', unit: 'MK1', inning: 2, phase: 5 }],
      'AMB-GN-6',
      'greennoa.check.s',
    ],
    ['an S already over', [{ kind: 'suppress', unit: 'MK1', inning: 1, phase: 1 }], 'AMB-GN-6', 'greennoa.check.s'],
    [
      'restoring a unit in play',
      [{ kind: 'restore', unit: 'HS1', hex: '0000', facing: 0 }],
      'ADJ-state',
      'greennoa.adjust.inPlay',
    ],
    [
      'removing a unit already out',
      [{ kind: 'remove', unit: 'HZ1' }],
      'ADJ-state',
      'greennoa.adjust.alreadyRemoved',
      (s) => applied(s, [{ kind: 'remove', unit: 'HZ1' }]),
    ],
    [
      'moving a removed unit',
      [{ kind: 'move', unit: 'HZ1', hex: '0000' }],
      'ADJ-state',
      'greennoa.adjust.removed',
      (s) => applied(s, [{ kind: 'remove', unit: 'HZ1' }]),
    ],
    [
      'a form the unit does not have',
      [{ kind: 'form', unit: 'ME1', form: 'launcher' }],
      'ADJ-form',
      'greennoa.adjust.form',
    ],
    ['a form on a one-form unit', [{ kind: 'form', unit: 'MK1', form: 'ma' }], 'ADJ-form', 'greennoa.adjust.form'],
    ['a marker it has', [{ kind: 'unmark', unit: 'MK1', mark: 'F' }], 'ADJ-state', 'greennoa.adjust.noMark'],
    ['a change that changes nothing', [{ kind: 'face', unit: 'MK1', facing: 0 }], 'ADJ-state', 'greennoa.adjust.same'],
    [
      'two friendly units in one hex (GN-5-1)',
      [{ kind: 'move', unit: 'HS1', hex: '0405' }],
      'GN-5-1',
      'greennoa.check.stack',
    ],
    [
      'a side left with no unit while the game goes on (GAP-GN-6)',
      [
        { kind: 'remove', unit: 'HS1' },
        { kind: 'remove', unit: 'MK1' },
      ],
      'GAP-GN-6',
      'greennoa.check.annihilated',
    ],
    [
      'a form whose turn limit the turns made exceed (GN-4-5)',
      [
        { kind: 'turns', unit: 'ME1', used: 3 },
        { kind: 'form', unit: 'ME1', form: 'ma' },
      ],
      'GN-4-5',
      'greennoa.check.turns',
    ],
  ]
  it.each(cases)('%s', (_name, changes, rule, key, prepare) => {
    const state = (prepare ?? ((s) => s))(position())
    const frozen = JSON.stringify(state)
    const errors = refused(gn.adjust(state, changes))
    expect(JSON.stringify(state)).toBe(frozen)
    expect(errors.length).toBeGreaterThan(0)
    expect(errors[0]).toMatchObject({ rule, key })
    for (const e of errors) {
      expect(e.order).toBeTypeOf('number')
      expect(orderErrorMessage('en', e)).toBe(e.message)
      expect(orderErrorMessage('ja', e)).not.toBe(e.key)
      expect(orderErrorMessage('ja', e)).not.toBe(e.message)
    }
  })

  it('gives every error, each at its change', () => {
    const errors = refused(
      gn.adjust(position(), [
        { kind: 'face', unit: 'XX9', facing: 1 },
        { kind: 'face', unit: 'MK1', facing: 2 },
        { kind: 'move', unit: 'HS1', hex: '9999', facing: 7 },
      ]),
    )
    expect(errors.map((e) => [e.order, e.rule, e.field])).toEqual([
      [0, 'ADJ-unit', 'unit'],
      [2, 'ADJ-hex', 'hex'],
      [2, 'ADJ-range', 'facing'],
    ])
  })

  it('lays a broken invariant at the last change of the unit it names', () => {
    const errors = refused(
      gn.adjust(position(), [
        { kind: 'move', unit: 'HS1', hex: '0405' },
        { kind: 'face', unit: 'MK1', facing: 3 },
      ]),
    )
    expect(errors).toEqual([expect.objectContaining({ rule: 'GN-5-1', order: 1 })])
  })

  it('a stale S of a removed unit must be cleared when it is restored', () => {
    let s = applied(position(), [{ kind: 'suppress', unit: 'HZ2', inning: 1, phase: 9 }])
    s = applied(s, [{ kind: 'remove', unit: 'HZ2' }])
    s = { ...s, inning: 2, phase: 2 as const }
    expect(gn.check(s)).toEqual([])
    const restore: Adjustment = { kind: 'restore', unit: 'HZ2', hex: '0608', facing: 0 }
    expect(refused(gn.adjust(s, [restore]))[0]).toMatchObject({ rule: 'AMB-GN-6', order: 0 })
    expect(gn.adjust(s, [restore, { kind: 'unmark', unit: 'HZ2', mark: 'S' }]).ok).toBe(true)
  })
})

describe('check', () => {
  it('names each broken invariant', () => {
    const s = position()
    const broken = structuredClone(s)
    broken.units[0]!.hex = { col: 12, row: 0 }
    broken.units[1]!.facing = 7 as never
    broken.units[2]!.form = 'launcher'
    broken.units.push(structuredClone(broken.units[3]!))
    broken.phase = 5
    expect(gn.check(broken).map((e) => e.rule)).toEqual([
      'ADJ-game',
      'GN-4-5a',
      'GN-4-3',
      'ADJ-form',
      'ADJ-unit',
      'GN-5-1',
    ])
    expect(gn.check(s)).toEqual([])
  })

  it('lets an enemy share a hex, one unit a side (GN-5-1, GN-5-2)', () => {
    const s = structuredClone(position())
    s.units.find((u) => u.id === 'MK1')!.hex = { col: 4, row: 2 }
    expect(gn.check(s)).toEqual([])
  })

  it('holds through the declarations waiting for the damage confirmation (GN-3-2)', () => {
    const s = structuredClone(position())
    s.units.find((u) => u.id === 'MK1')!.hex = { col: 4, row: 2 }
    const moved = resolveStep(s, 'AEUG', [], scriptedDice([])).state
    expect(moved.phase).toBe(3)
    const declared = resolveStep(moved, 'AEUG', [], scriptedDice([])).state
    expect(declared.phase).toBe(4)
    expect(declared.declared).toHaveLength(1)
    expect(gn.check(declared)).toEqual([])
    const wrong = structuredClone(declared)
    wrong.declared[0]!.unit = 'HZ1'
    expect(gn.check(wrong)).toEqual([expect.objectContaining({ rule: 'GN-3-2', key: 'greennoa.check.declared' })])
  })

  it('never throws on a broken JSON state', () => {
    const s = position() as unknown as Record<string, unknown>
    for (const [k, v] of [
      ['units', 'x'],
      ['units', [null, 1, { id: 'A1' }]],
      ['declared', [null]],
      ['inning', -1],
      ['first', 'ZEON'],
    ] as const)
      expect(gn.check({ ...s, [k]: v } as unknown as GnState).length).toBeGreaterThan(0)
  })
})

describe('check() holds on every state the rules reach', () => {
  const dir = join(CORPUS_DIR, 'greennoa')
  const files = readdirSync(dir, { recursive: true })
    .map(String)
    .filter((f) => f.endsWith('.json.gz'))
  it('the corpus has GREEN NOA games', () => expect(files.length).toBeGreaterThan(0))

  it.each(files)('corpus %s', (file) => {
    const game = readCorpusGame(join(dir, file))
    let f: Folded | null = null
    let prev = ''
    let states = 0
    for (const e of game.entries) {
      f = applyEntry(greennoa as never, { seed: game.seed, rulesVersion: game.rulesVersion }, f, toEntry(game, e, prev))
      prev = e.hash
      expect(gn.check(f.state as GnState), `entry ${e.seq}`).toEqual([])
      states++
    }
    expect(states).toBe(game.entries.length)
    expect((f!.state as GnState).ended).toBe(true)
  })

  const scenarios = loadGreenNoa().map((e) => e.scenario)
  it.each(scenarios.flatMap((s) => [1, 2, 3, 4].map((seed) => [s.id, seed] as const)))(
    'random game %s, seed %i',
    (id, seed) => {
      const scenario = scenarios.find((s) => s.id === id)!
      const seedHex = (seed * 7919).toString(16).padStart(64, '0')
      const r = rng(seed)
      let state = greennoa.setup(scenario, { players: 2 }, createDice(seedHex, 0)).state
      expect(gn.check(state)).toEqual([])
      for (let step = 1; greennoa.pending(state).length > 0; step++) {
        const seat = greennoa.pending(state)[0]!.seats[0]!
        state = greennoa.resolve(state, { [seat]: randomOrders(state, seat, r) }, createDice(seedHex, step)).state
        expect(gn.check(state), `step ${step}`).toEqual([])
        expect(step).toBeLessThan(2000)
      }
    },
  )
})

describe('text notation', () => {
  const all: Adjustment[] = [
    { kind: 'move', unit: 'HS1', hex: '0406', facing: 3 },
    { kind: 'move', unit: 'MK1', hex: '1109' },
    { kind: 'face', unit: 'MK1', facing: 4 },
    { kind: 'remove', unit: 'HZ1' },
    { kind: 'restore', unit: 'HZ1', hex: '0000', facing: 2 },
    { kind: 'form', unit: 'ME1', form: 'ma' },
    { kind: 'mark', unit: 'MK1', mark: 'M' },
    { kind: 'unmark', unit: 'MK1', mark: 'S' },
    { kind: 'suppress', unit: 'HZ2', inning: 2, phase: 1 },
    { kind: 'turns', unit: 'HS1', used: 2 },
  ]

  it('formats each kind and reads it back (round trip)', () => {
    const text = gn.format(all, position())
    expect(text.split('\n')).toEqual([
      'HS1 move 0406 facing 3',
      'MK1 move 1109',
      'MK1 face 4',
      'HZ1 remove',
      'HZ1 restore 0000 facing 2',
      'ME1 form ma',
      'MK1 mark M',
      'MK1 unmark S',
      'HZ2 suppress inning 2 phase 1',
      'HS1 turns 2',
    ])
    expect(gn.parse(text, position())).toEqual({ ok: true, orders: all, lines: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10] })
  })

  it('every adjustment fits the schema, closed; a field too many or out of bounds does not', () => {
    const validate = new Ajv({ strict: false, discriminator: true }).compile(gn.schema)
    for (const a of all) expect(validate(a), JSON.stringify(a)).toBe(true)
    expect(validate({ kind: 'remove', unit: 'HS1', hex: '0101' })).toBe(false)
    expect(validate({ kind: 'face', unit: 'HS1', facing: 6 })).toBe(false)
    expect(validate({ kind: 'move', unit: 'HS1', hex: '406' })).toBe(false)
    expect(validate({ kind: 'mark', unit: 'HS1', mark: 'S' })).toBe(false)
    expect(validate({ kind: 'nuke', unit: 'HS1' })).toBe(false)
  })

  it('reads Japanese names, full-width characters, comments and blank lines', () => {
    const text = [
      '# 調整',
      '',
      'メッサーラ 変形 MA形態',
      '百式　移動　０４０６　向き　３  # 全角',
      'ｍｋ１ mark 射撃不能',
      'ＨＺ２ suppress イニング ２ フェイズ ①',
      '百式 form ランチャー',
      'HZ1 除去',
    ].join('\n')
    expect(gn.parse(text, position())).toEqual({
      ok: true,
      orders: [
        { kind: 'form', unit: 'ME1', form: 'ma' },
        { kind: 'move', unit: 'HS1', hex: '0406', facing: 3 },
        { kind: 'mark', unit: 'MK1', mark: 'F' },
        { kind: 'suppress', unit: 'HZ2', inning: 2, phase: 1 },
        { kind: 'form', unit: 'HS1', form: 'launcher' },
        { kind: 'remove', unit: 'HZ1' },
      ],
      lines: [3, 4, 5, 6, 7, 8],
    })
  })

  it('names the line of each error, and gives the lines it could read', () => {
    const r = gn.parse(
      ['HS1 face 2', 'ハイザック remove', 'HS1 move 46', 'XX9 remove', 'HS1 jump', 'HS1 face 9', 'MK1 form ma'].join(
        '\n',
      ),
      position(),
    )
    expect(r.ok).toBe(false)
    if (r.ok) return
    expect(r.orders).toEqual([{ kind: 'face', unit: 'HS1', facing: 2 }])
    expect(r.errors.map((e) => [e.line, e.rule, e.key])).toEqual([
      [2, 'ADJ-unit', 'greennoa.notation.ambiguous'],
      [3, 'ADJ-hex', 'greennoa.adjust.notation.hex'],
      [4, 'ADJ-unit', 'greennoa.notation.noUnit'],
      [5, 'NOTATION', 'greennoa.adjust.notation.badVerb'],
      [6, 'ADJ-range', 'greennoa.adjust.notation.facing'],
      [7, 'ADJ-form', 'greennoa.notation.noOtherForm'],
    ])
    for (const e of r.errors) expect(orderErrorMessage('ja', e)).toMatch(/^\d+行目/)
  })
})

it('the documented lines read as the JSON beside them (docs/orders-greennoa.md)', () => {
  const doc = readFileSync(join(import.meta.dirname, '../../../docs/orders-greennoa.md'), 'utf8')
  const section = doc.slice(doc.indexOf('## Moderator adjustments'))
  const rows = [...section.matchAll(/^\| `([^`]+)` +\| `(\{[^`]+\})` +\|/gm)]
  expect(rows.map((m) => m[1]!.split(' ')[1])).toEqual([
    'move',
    'face',
    'remove',
    'restore',
    'form',
    'mark',
    'unmark',
    'suppress',
    'turns',
  ])
  for (const [, line, json] of rows) {
    const want = JSON.parse(json!) as Adjustment
    expect(gn.parse(line!, position())).toEqual({ ok: true, orders: [want], lines: [1] })
    expect(gn.format([want], position())).toBe(line)
  }
})
