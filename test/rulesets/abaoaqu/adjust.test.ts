// Moderators' adjustments of A-Bao-A-Qu: each kind changes what it names and nothing else, every refusal
// cites its rule and leaves the state as it was, check() holds on every state the rules reach, and the
// text notation reads what it writes.
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { Ajv } from 'ajv'
import { describe, expect, it } from 'vitest'
import type { Adjustment, OrderError } from '../../../src/engine/ruleset.js'
import { abaoaqu, type State } from '../../../src/rulesets/abaoaqu/engine/index.js'
import type { Unit } from '../../../src/rulesets/abaoaqu/engine/types.js'
import { createDice } from '../../../src/engine/dice.js'
import { localesDir } from '../../../src/i18n/index.js'
import { orderErrorMessage } from '../../../src/i18n/orders.js'
import { randomOrders, rng } from '../../../src/rulesets/abaoaqu/engine/random-orders.js'
import type { Order } from '../../../src/rulesets/abaoaqu/engine/types.js'
import { loadAbaoaquScenario } from '../../../src/rulesets/abaoaqu/scenarios/index.js'
import { CORPUS_DIR, corpusFiles, readCorpusGame, replay } from '../../corpus/corpus.js'
import { newGame } from '../../engine/abaoaqu/harness.js'

const catalogue = (locale: string) =>
  JSON.parse(readFileSync(join(localesDir(), locale, 'orders.json'), 'utf8')) as Record<string, string>
const en = catalogue('en')
const ja = catalogue('ja')

const adjust = abaoaqu.adjust!
const check = abaoaqu.check!
const unitsOf = abaoaqu.unitsOf!
const parse = (text: string, state: State) => abaoaqu.parseAdjustments!(text, state)
const format = (changes: Adjustment[], state: State) => abaoaqu.formatAdjustments!(changes, state)

/** A-S4 after set-up: Zeon holds the fortress, the Federation is still to come. */
function game(id = 'A-S4'): State {
  return newGame(id, { deployment: 'auto' })
}

function unitWhere(state: State, test: (u: Unit) => boolean): Unit {
  const u = state.units.find(test)
  if (!u) throw new Error('no such unit in the scenario')
  return u
}

const onMap = (state: State) => unitWhere(state, (u) => u.at === 'map' && u.side === 'ZEON')
const reserve = (state: State) => unitWhere(state, (u) => u.at === 'reserve')

function applied(state: State, changes: Adjustment[]): State {
  const before = JSON.stringify(state)
  const r = adjust(state, changes)
  expect(JSON.stringify(state), 'the state given is not touched').toBe(before)
  if (!r.ok) throw new Error(`refused: ${JSON.stringify(r.errors)}`)
  expect(check(r.state)).toEqual([])
  return r.state
}

/**
 * Only `fields` of unit `id` differ, in unitsOf and in the state's own unit (`stateFields`); the rest of
 * the state is the same.
 */
function expectOnly(before: State, after: State, id: string, fields: string[], stateFields: (keyof Unit)[]): void {
  const a = unitsOf(before)
  const b = unitsOf(after)
  expect(Object.keys(b)).toEqual(Object.keys(a))
  for (const key of Object.keys(a)) {
    if (key !== id) {
      expect(b[key], key).toEqual(a[key])
      continue
    }
    const differ = Object.keys({ ...a[key], ...b[key] }).filter(
      (f) => JSON.stringify(a[key]![f]) !== JSON.stringify(b[key]![f]),
    )
    expect(differ.sort()).toEqual([...fields].sort())
  }
  const i = before.units.findIndex((u) => u.id === id)
  const uBefore = before.units[i]!
  const uAfter = after.units[i]!
  const differ = (Object.keys(uBefore) as (keyof Unit)[]).filter(
    (f) => JSON.stringify(uBefore[f]) !== JSON.stringify(uAfter[f]),
  )
  expect(differ.sort()).toEqual([...stateFields].sort())
  const restored = { ...after, units: after.units.map((u, k) => (k === i ? uBefore : u)) }
  expect(restored).toEqual(before)
}

describe('each kind changes exactly what it says', () => {
  it('move: a unit on the map goes to the hex', () => {
    const s = game()
    const u = onMap(s)
    const to: [number, number] = [u.hex![0] + 2, u.hex![1] > 5 ? u.hex![1] - 3 : u.hex![1] + 3]
    const t = applied(s, [{ kind: 'move', unit: u.id, hex: to }])
    expect(unitsOf(t)[u.id]!.hex).toBe(`${String(to[0]).padStart(2, '0')}${String(to[1]).padStart(2, '0')}`)
    expectOnly(s, t, u.id, ['hex'], ['hex'])
  })

  it('move: a unit still to come is put on the map', () => {
    const s = game()
    const u = reserve(s)
    const t = applied(s, [{ kind: 'move', unit: u.id, hex: [30, 2] }])
    expect(unitsOf(t)[u.id]).toMatchObject({ status: 'map', hex: '3002' })
    expectOnly(s, t, u.id, ['status', 'hex'], ['at', 'hex'])
  })

  it('remove, then restore', () => {
    const s = game()
    const u = onMap(s)
    const t = applied(s, [{ kind: 'remove', unit: u.id }])
    expect(unitsOf(t)[u.id]).toMatchObject({ status: 'removed', hex: null })
    expectOnly(s, t, u.id, ['status', 'hex'], ['at'])
    const back = applied(t, [{ kind: 'restore', unit: u.id, hex: [40, 3] }])
    expect(unitsOf(back)[u.id]).toMatchObject({ status: 'map', hex: '4003' })
    expectOnly(t, back, u.id, ['status', 'hex'], ['at', 'hex'])
  })

  it('morale, pilot, flip, enter-turn', () => {
    const s = game()
    const u = onMap(s)
    const t1 = applied(s, [{ kind: 'morale', unit: u.id, morale: 'D' }])
    expectOnly(s, t1, u.id, ['morale'], ['morale'])
    const t2 = applied(s, [{ kind: 'pilot', unit: 'GD1', pilot: 'E' }])
    expect(unitsOf(t2).GD1!.pilot).toBe('E')
    expectOnly(s, t2, 'GD1', ['pilot'], ['pilot'])
    const t3 = applied(t2, [{ kind: 'pilot', unit: 'GD1', pilot: null }])
    expectOnly(t2, t3, 'GD1', ['pilot'], ['pilot'])
    const t4 = applied(s, [{ kind: 'flip', unit: 'PA1', face: 'back' }])
    expect(unitsOf(t4).PA1!.face).toBe('back')
    expectOnly(s, t4, 'PA1', ['face'], ['face'])
    const t5 = applied(s, [{ kind: 'enter-turn', unit: 'GD1', turn: 3 }])
    expectOnly(s, t5, 'GD1', ['enterTurn'], ['enterTurn'])
  })

  it('spent: a Satellite Missile (A-S7)', () => {
    const s = game('A-S7')
    const t = applied(s, [{ kind: 'spent', unit: 'SM1', spent: true }])
    expect(unitsOf(t).SM1!.spent).toBe(true)
    expectOnly(s, t, 'SM1', ['spent'], ['spent'])
  })

  it('BD markers: placed and cleared, nothing else changes', () => {
    const s = game()
    const t = applied(s, [{ kind: 'bd', hex: [10, 4], turn: 1 }])
    expect(t.bd).toEqual([{ hex: [10, 4], turn: 1 }])
    expect({ ...t, bd: [] }).toEqual(s)
    expect(unitsOf(t)).toEqual(unitsOf(s))
    const cleared = applied(t, [{ kind: 'bd-clear', hex: [10, 4] }])
    expect(cleared).toEqual(s)
  })

  it('counters: ships destroyed (with the ship it counts removed) and the occupation streak', () => {
    const s = game()
    const ship = unitWhere(s, (u) => u.side === 'ZEON' && s.scenario.unitTypes[u.type]!.utType === 'Ship')
    const t = applied(s, [
      { kind: 'remove', unit: ship.id },
      { kind: 'ships-destroyed', side: 'FED', count: 1 },
    ])
    expect(t.shipsDestroyed).toEqual({ ...s.shipsDestroyed, FED: 1 })
    expect({ ...t, shipsDestroyed: s.shipsDestroyed, units: s.units }).toEqual(s)
    const o = applied(s, [{ kind: 'occupation', side: 'FED', streak: 1 }])
    expect(o.occupation.FED).toEqual({ ...s.occupation.FED, streak: 1 })
    expect({ ...o, occupation: s.occupation }).toEqual(s)
  })

  it('applies the changes in order: a unit moved twice ends where the second move puts it', () => {
    const s = game()
    const u = reserve(s)
    const t = applied(s, [
      { kind: 'move', unit: u.id.toLowerCase(), hex: [30, 2] },
      { kind: 'move', unit: u.id, hex: [31, 2] },
    ])
    expect(unitsOf(t)[u.id]!.hex).toBe('3102')
  })
})

describe('refusals', () => {
  const s = game()
  const zeon = onMap(s)
  const fed = reserve(s)
  const zeonMs = s.units.filter(
    (u) => u.side === 'ZEON' && u.at === 'map' && s.scenario.unitTypes[u.type]!.utType !== 'Ship',
  )
  const cases: Array<[string, Adjustment[], string, number | undefined]> = [
    ['an unknown unit', [{ kind: 'move', unit: 'XX99', hex: [1, 1] }], 'ADJ-unit', 0],
    ['a hex off the map', [{ kind: 'move', unit: zeon.id, hex: [64, 0] }], 'ADJ-hex', 0],
    ['a malformed hex', [{ kind: 'restore', unit: zeon.id, hex: 'here' }], 'ADJ-hex', 0],
    ['a morale state that is none', [{ kind: 'morale', unit: zeon.id, morale: 'X' }], 'ADJ-range', 0],
    ['an entry turn out of range', [{ kind: 'enter-turn', unit: fed.id, turn: 0 }], 'ADJ-range', 0],
    ['a BD marker older than its lifetime', [{ kind: 'bd', hex: [3, 3], turn: 2 }], 'ADJ-range', 0],
    ['restoring a unit in play', [{ kind: 'restore', unit: zeon.id, hex: [3, 3] }], 'ADJ-state', 0],
    [
      'removing a unit already out',
      [
        { kind: 'remove', unit: zeon.id },
        { kind: 'remove', unit: zeon.id },
      ],
      'ADJ-state',
      1,
    ],
    [
      'moving a removed unit',
      [
        { kind: 'remove', unit: zeon.id },
        { kind: 'move', unit: zeon.id, hex: [3, 3] },
      ],
      'ADJ-state',
      1,
    ],
    ['flipping a unit printed on one side', [{ kind: 'flip', unit: 'GD1', face: 'back' }], 'A-2-3', 0],
    ['spending a unit that is no missile', [{ kind: 'spent', unit: 'GD1', spent: true }], 'A-16-2', 0],
    ['an entry turn for a unit that sets up', [{ kind: 'enter-turn', unit: zeon.id, turn: 2 }], 'A-4-6b', 0],
    ['a change that changes nothing', [{ kind: 'morale', unit: zeon.id, morale: 'N' }], 'ADJ-unchanged', 0],
    ['clearing a BD marker that is not there', [{ kind: 'bd-clear', hex: [3, 3] }], 'ADJ-marker', 0],
    ['an unknown side', [{ kind: 'ships-destroyed', side: 'EFSF', count: 0 }], 'ADJ-side', 0],
    ['an occupation streak for a side without one', [{ kind: 'occupation', side: 'ZEON', streak: 1 }], 'ADJ-side', 0],
    ['an unknown kind', [{ kind: 'teleport', unit: zeon.id }], 'ADJ-kind', 0],
    ['ships destroyed that no ship lost backs', [{ kind: 'ships-destroyed', side: 'FED', count: 1 }], 'GAP-A-8', 0],
    [
      'over-stacking (A-5-2): five Zeon MS-class units in one hex',
      zeonMs.slice(0, 5).map((u) => ({ kind: 'move', unit: u.id, hex: [20, 5] })),
      'A-5-2',
      4,
    ],
  ]
  for (const [what, changes, rule, order] of cases) {
    it(`${what}: ${rule}`, () => {
      const before = JSON.stringify(s)
      const r = adjust(s, changes)
      expect(JSON.stringify(s)).toBe(before)
      expect(r.ok).toBe(false)
      const errors = (r as { errors: OrderError[] }).errors
      expect(errors.map((e) => e.rule)).toContain(rule)
      const e = errors.find((x) => x.rule === rule)!
      expect(e.order).toBe(order)
      expect(e.key && Object.hasOwn(en, e.key), `${e.key} is in the English catalogue`).toBe(true)
      expect(e.key && Object.hasOwn(ja, e.key), `${e.key} is in the Japanese catalogue`).toBe(true)
      expect(orderErrorMessage('en', e)).toBe(e.message)
      expect(orderErrorMessage('ja', e)).not.toBe(e.message)
    })
  }

  it('gives every error, each with the index of its change', () => {
    const r = adjust(s, [
      { kind: 'move', unit: 'XX99', hex: [1, 1] },
      { kind: 'morale', unit: zeon.id, morale: 'C' },
      { kind: 'flip', unit: 'GD1', face: 'back' },
    ])
    expect(r.ok).toBe(false)
    expect((r as { errors: OrderError[] }).errors.map((e) => [e.rule, e.order, e.field])).toEqual([
      ['ADJ-unit', 0, 'unit'],
      ['A-2-3', 2, 'unit'],
    ])
  })

  it('the stacking limit holds per side: two sides share a hex', () => {
    const zeonHex = zeonMs[0]!.hex!
    const feds = s.units.filter((u) => u.side === 'FED' && s.scenario.unitTypes[u.type]!.utType === 'MS').slice(0, 4)
    applied(
      s,
      feds.map((u) => ({ kind: 'move', unit: u.id, hex: zeonHex })),
    )
  })
})

describe('check() on every state the rules reach', () => {
  it('holds after every entry of every recorded A-Bao-A-Qu game', () => {
    const files = corpusFiles().filter((f) => f.startsWith('abaoaqu'))
    expect(files.length).toBeGreaterThan(0)
    let states = 0
    const broken: string[] = []
    const watch = (state: State, where: string) => {
      states++
      for (const e of check(state)) broken.push(`${where}: ${e.rule} ${e.message}`)
    }
    for (const file of files) {
      const g = readCorpusGame(join(CORPUS_DIR, file))
      const watched = {
        ...abaoaqu,
        setup: (...args: Parameters<typeof abaoaqu.setup>) => {
          const r = abaoaqu.setup(...args)
          watch(r.state, `${file} setup`)
          return r
        },
        resolve: (...args: Parameters<typeof abaoaqu.resolve>) => {
          const r = abaoaqu.resolve(...args)
          watch(r.state, `${file} turn ${r.state.turn}.${r.state.half} ${r.state.step}`)
          return r
        },
      }
      const result = replay(g, watched as typeof abaoaqu as never)
      expect(result.mismatches, file).toEqual([])
    }
    expect(states).toBeGreaterThan(100)
    expect(broken).toEqual([])
  }, 300_000)

  it('holds after every step of random games of every scenario', () => {
    for (const [i, id] of ['A-S1', 'A-S2', 'A-S3', 'A-S4', 'A-S5', 'A-S6', 'A-S7'].entries()) {
      const r = rng(9100 + i)
      const seed = (9100 + i).toString(16).padStart(64, '0')
      const options = { deployment: i % 2 ? 'players' : 'auto' }
      let seq = 0
      let state = abaoaqu.setup(loadAbaoaquScenario(id), { players: 2, options }, createDice(seed, seq++)).state
      expect(check(state), `${id} set-up`).toEqual([])
      while (state.step !== 'over' && seq < 2000) {
        const submissions: Record<string, Order[]> = {}
        for (const seat of abaoaqu.pending(state)[0]!.seats)
          submissions[seat] = randomOrders(state, seat, r, submissions)
        state = abaoaqu.resolve(state, submissions, createDice(seed, seq++)).state
        expect(check(state), `${id} turn ${state.turn}.${state.half} ${state.step}`).toEqual([])
      }
      expect(state.step, `${id} ends`).toBe('over')
    }
  }, 600_000)
})

describe('unitsOf', () => {
  it('lists every unit by id as plain JSON, hexes as the map writes them', () => {
    const s = game()
    const units = unitsOf(s)
    expect(Object.keys(units).sort()).toEqual(s.units.map((u) => u.id).sort())
    expect(JSON.parse(JSON.stringify(units))).toEqual(units)
    const u = onMap(s)
    expect(units[u.id]).toMatchObject({ side: 'ZEON', status: 'map', morale: 'N' })
    expect(units[u.id]!.hex).toMatch(/^\d{4}$/)
  })
})

describe('text notation', () => {
  const s = game()
  const all: Adjustment[] = [
    { kind: 'move', unit: 'GM1', hex: [4, 6] },
    { kind: 'remove', unit: 'GM2' },
    { kind: 'restore', unit: 'GM2', hex: [12, 0] },
    { kind: 'morale', unit: 'GM1', morale: 'C' },
    { kind: 'flip', unit: 'PA1', face: 'back' },
    { kind: 'pilot', unit: 'GD1', pilot: 'N2' },
    { kind: 'pilot', unit: 'GD1', pilot: null },
    { kind: 'spent', unit: 'SM1', spent: true },
    { kind: 'enter-turn', unit: 'GD1', turn: 4 },
    { kind: 'bd', hex: [10, 4], turn: 1 },
    { kind: 'bd-clear', hex: [10, 4] },
    { kind: 'ships-destroyed', side: 'FED', count: 2 },
    { kind: 'occupation', side: 'ZEON', streak: 1 },
  ]

  it('formats what it parses, and parses what it formats', () => {
    const text = format(all, s)
    expect(text.split('\n')[0]).toBe('GM1 move 0406')
    expect(parse(text, s)).toEqual({ ok: true, orders: all, lines: all.map((_, i) => i + 1) })
  })

  it('every kind it writes passes the JSON schema; unknown fields and kinds do not', () => {
    const ajv = new Ajv({ allErrors: true, discriminator: true, strict: true, strictRequired: false })
    const valid = ajv.compile(abaoaqu.adjustmentSchema!)
    for (const a of all) expect(valid(a), JSON.stringify(a)).toBe(true)
    expect(valid({ kind: 'move', unit: 'GM1', hex: [4, 6], why: 'x' })).toBe(false)
    expect(valid({ kind: 'teleport', unit: 'GM1' })).toBe(false)
    expect(valid({ kind: 'enter-turn', unit: 'GM1', turn: 1000 })).toBe(false)
    expect(valid({ kind: 'remove', unit: 'G'.repeat(40) })).toBe(false)
  })

  it('reads comments, blank lines, lower case, "->" and full-width characters', () => {
    const text =
      '# corrections\n\ngm1 -> 0406   # it never left\nＧＭ２　ｍｏｒａｌｅ　ｃ\nｂｄ　１００４　ｔｕｒｎ　１\nfed ships-destroyed 0'
    expect(parse(text, s)).toEqual({
      ok: true,
      orders: [
        { kind: 'move', unit: 'GM1', hex: [4, 6] },
        { kind: 'morale', unit: 'GM2', morale: 'C' },
        { kind: 'bd', hex: [10, 4], turn: 1 },
        { kind: 'ships-destroyed', side: 'FED', count: 0 },
      ],
      lines: [3, 4, 5, 6],
    })
  })

  it('names the line of what it cannot read, in English and Japanese', () => {
    const r = parse('GM1 move\nGM1 teleport 0406\nGM1 morale X\nGM1 remove now\nEFSF occupation 1', s)
    expect(r.ok).toBe(false)
    const errors = (r as { errors: OrderError[] }).errors
    expect(errors.map((e) => [e.line, e.key])).toEqual([
      [1, 'abaoaqu.adjust.notation.value'],
      [2, 'abaoaqu.adjust.notation.form'],
      [3, 'abaoaqu.adjust.notation.value'],
      [4, 'abaoaqu.adjust.notation.extra'],
      [5, 'abaoaqu.adjust.unknownSide'],
    ])
    expect(errors[0]!.message).toBe('line 1 "GM1 move": "move" takes <hex> (0406)')
    expect(orderErrorMessage('ja', errors[0]!)).toBe(
      '1行目「GM1 move」: 「move」の後には <hex> (0406) を書いてください',
    )
  })

  it('reads every line docs/orders-abaoaqu.md shows as the JSON beside it, and its example as its JSON', () => {
    const doc = readFileSync(new URL('../../../docs/orders-abaoaqu.md', import.meta.url), 'utf8')
    const section = doc.slice(doc.indexOf('## Moderator adjustments'))
    const rows = [...section.matchAll(/^\| ([a-z-]+) \| `([^`]+)` \| `([^`]+)` \|/gm)]
    expect(rows.map((m) => m[1]).sort()).toEqual([...new Set(all.map((a) => a.kind))].sort())
    for (const [, kind, line, json] of rows) {
      const parsed = parse(line!, s)
      expect(parsed, line).toEqual({ ok: true, orders: [JSON.parse(json!)], lines: [1] })
      expect((parsed as { orders: Adjustment[] }).orders[0]!.kind).toBe(kind)
    }
    const [text, json] = [...section.matchAll(/```(?:json)?\n([\s\S]*?)```/g)].map((m) => m[1]!)
    expect((parse(text!, s) as { orders: Adjustment[] }).orders).toEqual(JSON.parse(json!))
  })
})
