// Bad orders: each is refused with a structured error citing its rule, validate never throws,
// and the state passed in is left exactly as it was.
import { describe, expect, it } from 'vitest'
import type { OrderError } from '../../../src/engine/ruleset.js'
import { abaoaqu } from '../../../src/rulesets/abaoaqu/engine/index.js'
import type { Order, State, Unit } from '../../../src/rulesets/abaoaqu/engine/types.js'
import { newGame, sandbox, scripted, submit, type Piece } from './harness.js'

/** Everything but the (immutable, shared) scenario data, as plain JSON. */
function snapshot(state: State): unknown {
  const copy: Partial<State> = { ...structuredClone(state) }
  delete copy.scenario
  return JSON.parse(JSON.stringify(copy))
}

/**
 * Validates `orders` (anything: they may come as JSON) and checks the call neither throws nor
 * touches the state. Returns the errors.
 */
function check(state: State, seat: string, orders: unknown, others: Record<string, Order[]> = {}): OrderError[] {
  const before = snapshot(state)
  const scenarioBefore = JSON.stringify(state.scenario)
  let errors: OrderError[] = []
  expect(() => {
    errors = abaoaqu.validate(state, seat, orders as Order[], others)
  }).not.toThrow()
  expect(snapshot(state)).toEqual(before)
  expect(JSON.stringify(state.scenario)).toBe(scenarioBefore)
  for (const e of errors) {
    expect(typeof e.rule).toBe('string')
    expect(e.rule.length).toBeGreaterThan(0)
    expect(typeof e.message).toBe('string')
    expect(e.message.length).toBeGreaterThan(0)
  }
  return errors
}

/** The orders are refused, and the first error cites `rule` (and the order index when given). */
function refused(state: State, seat: string, orders: unknown, rule: string, order?: number): OrderError[] {
  const errors = check(state, seat, orders)
  expect(errors.length, `expected ${rule} for ${JSON.stringify(orders)}`).toBeGreaterThan(0)
  expect(
    errors.map((e) => e.rule),
    JSON.stringify(errors),
  ).toContain(rule)
  if (order !== undefined) expect(errors.find((e) => e.rule === rule)!.order).toBe(order)
  return errors
}

const move = (units: string[], to: [number, number]): Order => ({ kind: 'move', units, to })
const shoot = (
  units: string[],
  target: Extract<Order, { kind: 'attack' }>['target'],
  hex?: [number, number],
): Order => ({ kind: 'attack', mode: 'shoot', units, target, ...(hex ? { hex } : {}) })
const close = (units: string[], target: Extract<Order, { kind: 'attack' }>['target']): Order => ({
  kind: 'attack',
  mode: 'close',
  units,
  target,
})

// FED movement phase, turn 1: GM1 steady, GM2 confused, GM3 panicked, a fortress cannon, a reserve GM.
const MOVERS: Piece[] = [
  { id: 'GM1', type: 'GM', side: 'FED', hex: [5, 5] },
  { id: 'GM2', type: 'GM', side: 'FED', hex: [5, 5], morale: 'C' },
  { id: 'GM3', type: 'GM', side: 'FED', hex: [5, 5], morale: 'D' },
  { id: 'FN1', type: 'FC(N)', side: 'FED', hex: [8, 8] },
  { id: 'GM4', type: 'GM', side: 'FED', hex: null },
  { id: 'ZK1', type: 'ZK', side: 'ZEON', hex: [9, 5] },
]

// FED lead-off combat phase: GM1 and GA1 (a Gattle fighter) and SA1 with ZK1 in 0505, a BD Public.
const FIGHTERS: Piece[] = [
  { id: 'GM1', type: 'GM', side: 'FED', hex: [5, 5] },
  { id: 'GM2', type: 'GM', side: 'FED', hex: [5, 5] },
  { id: 'GA1', type: 'GA', side: 'FED', hex: [5, 5] },
  { id: 'SA1', type: 'SA', side: 'FED', hex: [5, 5] },
  { id: 'PB1', type: 'PA(BD)', side: 'FED', hex: [5, 5] },
  { id: 'ZK1', type: 'ZK', side: 'ZEON', hex: [5, 5] },
  { id: 'ZK2', type: 'ZK', side: 'ZEON', hex: [7, 5] },
]

/**
 * A-S1 for 4 players (FED-1 holds fed-ms, FED-2 fed-fleet, ZEON-1 zeon-ms, ZEON-2 zeon-fleet)
 * with exactly the given units, at `step` of turn 1 with FED leading off.
 */
function fourPlayers(pieces: Array<Piece & { group: string }>, step: State['step']): State {
  const base = newGame('A-S1', { deployment: 'auto' }, 4)
  const units: Unit[] = pieces.map((p) => ({
    id: p.id,
    type: p.type,
    side: p.side,
    group: p.group,
    pilot: p.pilot ?? base.scenario.unitTypes[p.type]!.pilot ?? null,
    at: p.hex ? 'map' : 'reserve',
    hex: p.hex,
    morale: p.morale ?? 'N',
    face: p.face ?? 'front',
    enterTurn: 1,
    entry: p.hex ? null : 0,
    spent: false,
  }))
  return {
    ...base,
    units,
    step,
    turn: 1,
    half: 1,
    leadOff: 'FED',
    declared: [],
    bd: [],
    used: {},
    deploying: [],
    outcome: null,
  }
}

const FOUR: Array<Piece & { group: string }> = [
  { id: 'GM1', type: 'GM', side: 'FED', group: 'fed-ms', hex: [5, 5] },
  { id: 'SA1', type: 'SA', side: 'FED', group: 'fed-fleet', hex: [5, 5] },
  { id: 'PB1', type: 'PA(BD)', side: 'FED', group: 'fed-fleet', hex: [5, 5] },
  { id: 'ZK1', type: 'ZK', side: 'ZEON', group: 'zeon-ms', hex: [6, 5] },
  { id: 'MU1', type: 'MU', side: 'ZEON', group: 'zeon-fleet', hex: [6, 5] },
]

describe('bad input: unknown units (A-2-2)', () => {
  it('a move naming a unit that does not exist', () => {
    const s = sandbox(MOVERS, 'move')
    refused(s, 'FED', [move(['GM99'], [6, 5])], 'A-2-2', 0)
    refused(s, 'FED', [move(['GM1', 'XX1'], [6, 5])], 'A-2-2', 0)
    refused(s, 'FED', [move(['gm1'], [6, 5])], 'A-2-2', 0) // ids are upper-case once parsed
    refused(s, 'FED', [move(['constructor'], [6, 5])], 'A-2-2', 0)
    refused(s, 'FED', [move(['__proto__'], [6, 5])], 'A-2-2', 0)
    refused(s, 'FED', [move([''], [6, 5])], 'A-2-2', 0)
  })

  it('a removal naming a unit that does not exist', () => {
    refused(sandbox(MOVERS, 'move'), 'FED', [{ kind: 'remove', units: ['BL77'] }], 'A-2-2', 0)
  })

  it('an attacker, a target unit or a BD Public that does not exist', () => {
    const s = sandbox(FIGHTERS, 'attack-lead')
    refused(s, 'FED', [shoot(['GM99'], { unit: 'ZK1' })], 'A-2-2', 0)
    refused(s, 'FED', [shoot(['GM1'], { unit: 'ZK99' })], 'A-2-2', 0)
    refused(s, 'FED', [close(['GM1'], { unit: 'RD9' })], 'A-2-2', 0)
    refused(s, 'FED', [{ kind: 'bd', unit: 'PB9', target: [8, 5] }], 'A-2-2', 0)
  })

  it('a unit named in text that does not exist', () => {
    const s = sandbox(MOVERS, 'move')
    const parsed = abaoaqu.parseOrders('GM1 -> 0605\nGM42 -> 0605', s, 'FED')
    if (!parsed.ok) throw new Error('parse failed')
    refused(s, 'FED', parsed.orders, 'A-2-2', 1)
  })
})

describe('bad input: units of another seat or side (A-0a)', () => {
  it('the 4-player A-S1 game gives each seat its own groups', () => {
    const s = newGame('A-S1', {}, 4)
    expect(abaoaqu.seats(s)).toEqual([
      { id: 'FED-1', side: 'FED', groups: ['fed-ms'] },
      { id: 'FED-2', side: 'FED', groups: ['fed-fleet'] },
      { id: 'ZEON-1', side: 'ZEON', groups: ['zeon-ms'] },
      { id: 'ZEON-2', side: 'ZEON', groups: ['zeon-fleet'] },
    ])
  })

  it("a move of a teammate's unit in the real 4-player A-S1 movement phase", () => {
    const s = newGame('A-S1', { deployment: 'auto' }, 4)
    expect(s.step).toBe('move')
    expect(abaoaqu.pending(s)[0]!.seats).toEqual(['FED-1', 'FED-2'])
    const gm = s.units.find((u) => u.id === 'GM1')!
    const sa = s.units.find((u) => u.id === 'SA1')!
    expect([gm.group, sa.group]).toEqual(['fed-ms', 'fed-fleet'])
    refused(s, 'FED-1', [move(['SA1'], [5, 0])], 'A-0a', 0)
    refused(s, 'FED-2', [move(['GM1'], [5, 0])], 'A-0a', 0)
    refused(s, 'FED-1', [move(['GM1', 'SA1'], [5, 0])], 'A-0a', 0)
    expect(check(s, 'FED-1', [move(['GM1'], [5, 0])])).toEqual([])
    expect(check(s, 'FED-2', [move(['SA1'], [5, 0])])).toEqual([])
  })

  it('a move or removal of an enemy unit', () => {
    const s = sandbox(MOVERS, 'move')
    refused(s, 'FED', [move(['ZK1'], [9, 6])], 'A-0a', 0)
    refused(s, 'FED', [{ kind: 'remove', units: ['ZK1'] }], 'A-0a', 0)
    const four = newGame('A-S1', { deployment: 'auto' }, 4)
    refused(four, 'FED-1', [move(['ZK1'], [5, 0])], 'A-0a', 0)
  })

  it("an attack or BD launch with a teammate's unit", () => {
    const s = fourPlayers(FOUR, 'attack-lead')
    expect(check(s, 'FED-1', [shoot(['GM1'], { unit: 'ZK1' })])).toEqual([])
    refused(s, 'FED-1', [shoot(['SA1'], { unit: 'MU1' })], 'A-0a', 0)
    refused(s, 'FED-1', [shoot(['GM1', 'SA1'], { unit: 'ZK1' })], 'A-0a', 0)
    refused(s, 'FED-2', [shoot(['GM1'], { unit: 'ZK1' })], 'A-0a', 0)
    refused(s, 'FED-1', [{ kind: 'bd', unit: 'PB1', target: [6, 5] }], 'A-0a', 0)
  })

  it('an attack or BD launch with an enemy unit', () => {
    const s = sandbox(FIGHTERS, 'attack-lead')
    refused(s, 'FED', [shoot(['ZK1'], { unit: 'GM1' })], 'A-0a', 0)
    refused(s, 'FED', [close(['GM1', 'ZK1'], { unit: 'SA1' })], 'A-0a', 0)
    const four = fourPlayers(FOUR, 'attack-lead')
    refused(four, 'FED-1', [shoot(['ZK1'], { unit: 'GM1' })], 'A-0a', 0)
    refused(four, 'FED-2', [{ kind: 'bd', unit: 'PB1', target: [6, 5] }, shoot(['MU1'], { unit: 'SA1' })], 'A-0a', 1)
  })

  it("a defence choice for an attack on a teammate's unit", () => {
    const s = fourPlayers(
      [...FOUR, { id: 'RZ1', type: 'RZ', side: 'ZEON', group: 'zeon-ms', hex: [6, 5] }],
      'attack-lead',
    )
    const r = abaoaqu.resolve(s, { 'FED-1': [shoot(['GM1'], { unit: 'RZ1' })] }, scripted([]))
    expect(r.state.step).toBe('attack-follow')
    const declared = r.events.find((e) => e.type === 'declare')!
    refused(r.state, 'ZEON-2', [{ kind: 'defend', attack: declared.attack as string, ranks: 0 }], 'A-0a', 0)
    expect(check(r.state, 'ZEON-1', [{ kind: 'defend', attack: declared.attack as string, ranks: 0 }])).toEqual([])
  })

  it('a seat that is not in the game', () => {
    refused(sandbox(MOVERS, 'move'), 'FED-3', [move(['GM1'], [6, 5])], 'A-0a')
    refused(sandbox(MOVERS, 'move'), '', [], 'A-0a')
    refused(sandbox(MOVERS, 'move'), 'toString', [], 'A-0a')
    refused(sandbox(MOVERS, 'move'), '__proto__', [], 'A-0a')
  })
})

describe('bad input: hexes off the map (A-4-6a)', () => {
  const s = sandbox(MOVERS, 'move')
  const { cols, rows } = s.scenario.map

  for (const to of [
    [cols, 5],
    [5, rows],
    [-1, 5],
    [5, -1],
    [99, 99],
    [cols + 10, rows + 10],
  ] as Array<[number, number]>) {
    it(`a move to [${to.join(',')}] on a ${cols}×${rows} map`, () => {
      refused(s, 'FED', [move(['GM1'], to)], 'A-4-6a', 0)
    })
  }

  it('an entering unit placed off the map', () => {
    refused(s, 'FED', [move(['GM4'], [5, -1])], 'A-4-6a', 0)
  })

  it("a move written in text to a hex past the map's last column", () => {
    const parsed = abaoaqu.parseOrders('GM1 -> 9905', s, 'FED')
    if (!parsed.ok) throw new Error('parse failed')
    refused(s, 'FED', parsed.orders, 'A-4-6a', 0)
  })

  it('a set-up placement off the map', () => {
    const g = newGame('A-S4')
    expect(g.step).toBe('deploy')
    refused(g, 'ZEON', [move(['ZK1'], [cols, 10])], 'A-4-6a', 0)
  })

  it('a BD target and a group-target hex off the map', () => {
    const c = sandbox(FIGHTERS, 'attack-lead')
    refused(c, 'FED', [{ kind: 'bd', unit: 'PB1', target: [5, -1] }], 'A-4-6a', 0)
    refused(c, 'FED', [shoot(['GM1'], { group: 'MS' }, [5, rows])], 'A-4-6a', 0)
  })
})

describe("bad input: too far for the unit's MP (A-4-2, A-4-6b, A-4-6c, A-4-4)", () => {
  const s = sandbox(MOVERS, 'move')

  it('a GM (6 MP) moved 7 hexes', () => {
    expect(check(s, 'FED', [move(['GM1'], [11, 5])])).toEqual([])
    const errors = refused(s, 'FED', [move(['GM1'], [12, 5])], 'A-4-2', 0)
    expect(errors[0]!.message).toMatch(/GM1 cannot reach 1205 \(7 hexes\): it has 6 MP/)
  })

  it('a confused GM moved more than half its MP, a panicked GM moved at all', () => {
    expect(check(s, 'FED', [move(['GM2'], [8, 5])])).toEqual([])
    refused(s, 'FED', [move(['GM2'], [9, 5])], 'A-4-6c', 0)
    refused(s, 'FED', [move(['GM3'], [5, 6])], 'A-4-6c', 0)
  })

  it('an entering GM placed beyond the reach of its first hex on the top row', () => {
    expect(check(s, 'FED', [move(['GM4'], [5, 5])])).toEqual([])
    refused(s, 'FED', [move(['GM4'], [5, 6])], 'A-4-6b', 0)
  })

  it("a set-up placement outside the unit's set-up zone", () => {
    const g = newGame('A-S4')
    refused(g, 'ZEON', [move(['ZK1'], [5, 0])], 'A-S4', 0)
  })

  it("a hex over-stacked together with a teammate's moves (A-5-2)", () => {
    const g = newGame('A-S1', { deployment: 'auto' }, 4)
    const mine: Order[] = [move(['GM1', 'GM2', 'GM3'], [5, 2])]
    const theirs: Order[] = [move(['PA1', 'PA2'], [5, 2])]
    expect(check(g, 'FED-1', mine)).toEqual([])
    expect(check(g, 'FED-2', theirs)).toEqual([])
    const errors = check(g, 'FED-2', theirs, { 'FED-1': mine })
    expect(errors.map((e) => e.rule)).toContain('A-5-2')
  })

  it('a fortress cannon moved', () => {
    refused(s, 'FED', [move(['FN1'], [8, 9])], 'A-4-4', 0)
  })
})

describe('bad input: attack limits', () => {
  const s = sandbox(FIGHTERS, 'attack-lead')

  it('a second shooting attack by one unit (A-6-4a)', () => {
    expect(check(s, 'FED', [shoot(['GM1'], { unit: 'ZK1' }), close(['GM1'], { unit: 'ZK1' })])).toEqual([])
    refused(s, 'FED', [shoot(['GM1'], { unit: 'ZK1' }), shoot(['GM1'], { unit: 'ZK2' })], 'A-6-4a', 1)
    refused(s, 'FED', [shoot(['GM1', 'GM2'], { unit: 'ZK1' }), shoot(['GM2'], { unit: 'ZK2' })], 'A-6-4a', 1)
    refused(s, 'FED', [close(['GM1'], { unit: 'ZK1' }), close(['GM1'], { unit: 'ZK1' })], 'A-6-4a', 1)
  })

  it('a fighter, a ship or Bigzam starting close combat (A-9-3, A-17-3)', () => {
    refused(s, 'FED', [close(['GA1'], { unit: 'ZK1' })], 'A-9-3', 0)
    refused(s, 'FED', [close(['GM1', 'GA1'], { unit: 'ZK1' })], 'A-9-3', 0)
    refused(s, 'FED', [close(['SA1'], { unit: 'ZK1' })], 'A-9-3', 0)
    const big = sandbox(
      [
        { id: 'BG1', type: 'BG', side: 'ZEON', hex: [5, 5] },
        { id: 'GM1', type: 'GM', side: 'FED', hex: [5, 5] },
      ],
      'attack-follow',
    )
    refused(big, 'ZEON', [close(['BG1'], { unit: 'GM1' })], 'A-17-3', 0)
  })

  it('a BD launch beyond 10 hexes (A-18-3)', () => {
    expect(check(s, 'FED', [{ kind: 'bd', unit: 'PB1', target: [15, 5] }])).toEqual([])
    const errors = refused(s, 'FED', [{ kind: 'bd', unit: 'PB1', target: [16, 5] }], 'A-18-3', 0)
    expect(errors[0]!.field).toBe('target')
    refused(
      s,
      'FED',
      [
        { kind: 'bd', unit: 'PB1', target: [5, 11] },
        { kind: 'bd', unit: 'PB1', target: [5, 6] },
      ],
      'A-18-3',
    )
  })

  it('more ranks than the pilot has, or negative ranks (A-11-2)', () => {
    const g = sandbox(
      [
        { id: 'GD1', type: 'GD', side: 'FED', hex: [5, 5] },
        { id: 'ZK1', type: 'ZK', side: 'ZEON', hex: [6, 5] },
      ],
      'attack-lead',
    )
    expect(
      check(g, 'FED', [{ kind: 'attack', mode: 'shoot', units: ['GD1'], target: { unit: 'ZK1' }, ranks: 3 }]),
    ).toEqual([])
    refused(
      g,
      'FED',
      [{ kind: 'attack', mode: 'shoot', units: ['GD1'], target: { unit: 'ZK1' }, ranks: 4 }],
      'A-11-2',
      0,
    )
    refused(
      g,
      'FED',
      [{ kind: 'attack', mode: 'shoot', units: ['GD1'], target: { unit: 'ZK1' }, ranks: -1 }],
      'A-11-2',
      0,
    )
  })

  it('an attack by a unit still off the map, or out of range (A-6-4a, A-7-3b)', () => {
    const g = sandbox(
      [
        { id: 'GM1', type: 'GM', side: 'FED', hex: null },
        { id: 'GM2', type: 'GM', side: 'FED', hex: [5, 5] },
        { id: 'ZK1', type: 'ZK', side: 'ZEON', hex: [10, 5] },
      ],
      'attack-lead',
    )
    refused(g, 'FED', [shoot(['GM1'], { unit: 'ZK1' })], 'A-6-4a', 0)
    refused(g, 'FED', [shoot(['GM2'], { unit: 'ZK1' })], 'A-7-3b', 0)
  })

  it('a shot and a close attack by one unit when the game allows only one of them (AMB-A-5)', () => {
    const e = sandbox(FIGHTERS, 'attack-lead', { shootAndClose: 'either' })
    refused(e, 'FED', [shoot(['GM1'], { unit: 'ZK1' }), close(['GM1'], { unit: 'ZK1' })], 'AMB-A-5', 1)
  })

  it('a defence choice for an attack that was never declared (A-11-2)', () => {
    refused(sandbox(FIGHTERS, 'attack-follow'), 'ZEON', [{ kind: 'defend', attack: 'A99', ranks: 0 }], 'A-11-2', 0)
  })

  it('a second BD launch by one Public (A-18-3)', () => {
    refused(
      s,
      'FED',
      [
        { kind: 'bd', unit: 'PB1', target: [7, 5] },
        { kind: 'bd', unit: 'PB1', target: [8, 5] },
      ],
      'A-18-3',
      1,
    )
  })
})

describe('bad input: orders for the wrong step (A-3-3)', () => {
  it('an attack, a BD launch or a defence choice in a movement phase', () => {
    const s = sandbox([...FIGHTERS], 'move')
    refused(s, 'FED', [shoot(['GM1'], { unit: 'ZK1' })], 'A-3-3', 0)
    refused(s, 'FED', [{ kind: 'bd', unit: 'PB1', target: [7, 5] }], 'A-3-3', 0)
    refused(s, 'FED', [{ kind: 'defend', attack: 'A1', ranks: 0 }], 'A-3-3', 0)
  })

  it('a move or removal in a combat phase', () => {
    const s = sandbox(FIGHTERS, 'attack-lead')
    refused(s, 'FED', [move(['GM1'], [6, 5])], 'A-3-3', 0)
    refused(s, 'FED', [{ kind: 'remove', units: ['GM1'] }], 'A-3-3', 0)
  })

  it('a defence choice in the lead-off combat phase', () => {
    refused(sandbox(FIGHTERS, 'attack-lead'), 'FED', [{ kind: 'defend', attack: 'A1', ranks: 0 }], 'A-3-3', 0)
  })

  it('a removal or an attack while setting up', () => {
    const g = newGame('A-S4')
    refused(g, 'ZEON', [{ kind: 'remove', units: ['ZK1'] }], 'A-3-3', 0)
    refused(g, 'ZEON', [shoot(['ZK1'], { unit: 'ZK2' })], 'A-3-3', 0)
  })

  it('a seat of the side that is not acting', () => {
    refused(sandbox(MOVERS, 'move'), 'ZEON', [move(['ZK1'], [9, 6])], 'A-3-3')
    refused(sandbox(FIGHTERS, 'attack-lead'), 'ZEON', [shoot(['ZK1'], { unit: 'GM1' })], 'A-3-3')
    refused(sandbox(FIGHTERS, 'attack-follow'), 'FED', [shoot(['GM1'], { unit: 'ZK1' })], 'A-3-3')
    refused(newGame('A-S4'), 'FED', [move(['GM1'], [5, 0])], 'A-3-3')
    const four = newGame('A-S1', { deployment: 'auto' }, 4)
    refused(four, 'ZEON-1', [move(['ZK1'], [5, 0])], 'A-3-3')
    refused(four, 'ZEON-2', [move(['MU1'], [5, 0])], 'A-3-3')
  })

  it('any order once the game is over', () => {
    const s = {
      ...sandbox(MOVERS, 'move'),
      step: 'over' as const,
      outcome: { winner: 'FED', reason: 'test', ref: 'A-S4' },
    }
    refused(s, 'FED', [move(['GM1'], [6, 5])], 'A-3-3')
  })
})

describe('bad input: malformed JSON orders (ORDER)', () => {
  const s = sandbox(MOVERS, 'move')
  const c = sandbox(FIGHTERS, 'attack-lead')
  const cases: Array<[string, State, unknown]> = [
    ['a move without units', s, { kind: 'move', to: [6, 5] }],
    ['a move without anything', s, { kind: 'move' }],
    ['a move with no units at all', s, { kind: 'move', units: [], to: [6, 5] }],
    ['a move with a string for units', s, { kind: 'move', units: 'GM1', to: [6, 5] }],
    ['a move with a number among the units', s, { kind: 'move', units: ['GM1', 7], to: [6, 5] }],
    ['a move without a destination', s, { kind: 'move', units: ['GM1'] }],
    ['a move to a hex written as text', s, { kind: 'move', units: ['GM1'], to: '0605' }],
    ['a move to a hex of one number', s, { kind: 'move', units: ['GM1'], to: [6] }],
    ['a move to a hex of three numbers', s, { kind: 'move', units: ['GM1'], to: [6, 5, 1] }],
    ['a move to a fractional hex', s, { kind: 'move', units: ['GM1'], to: [6.5, 5] }],
    ['a move to a hex of strings', s, { kind: 'move', units: ['GM1'], to: ['6', '5'] }],
    ['a removal without units', s, { kind: 'remove' }],
    ['a removal of no units', s, { kind: 'remove', units: [] }],
    ['an unknown kind', s, { kind: 'teleport', units: ['GM1'], to: [6, 5] }],
    ['no kind', s, { units: ['GM1'], to: [6, 5] }],
    ['null', s, null],
    ['a string', s, 'GM1 -> 0605'],
    ['a number', s, 42],
    ['an array', s, [1, 2]],
    ['an attack without a mode', c, { kind: 'attack', units: ['GM1'], target: { unit: 'ZK1' } }],
    ['an attack with an unknown mode', c, { kind: 'attack', mode: 'ram', units: ['GM1'], target: { unit: 'ZK1' } }],
    ['an attack without units', c, { kind: 'attack', mode: 'shoot', target: { unit: 'ZK1' } }],
    ['an attack without a target', c, { kind: 'attack', mode: 'shoot', units: ['GM1'] }],
    ['an attack on a null target', c, { kind: 'attack', mode: 'shoot', units: ['GM1'], target: null }],
    [
      'an attack on an unknown group',
      c,
      { kind: 'attack', mode: 'shoot', units: ['GM1'], hex: [5, 5], target: { group: 'TANKS' } },
    ],
    ['an attack on a numeric unit', c, { kind: 'attack', mode: 'shoot', units: ['GM1'], target: { unit: 7 } }],
    [
      'an attack with fractional ranks',
      c,
      { kind: 'attack', mode: 'shoot', units: ['GM1'], target: { unit: 'ZK1' }, ranks: 0.5 },
    ],
    [
      'an attack with text ranks',
      c,
      { kind: 'attack', mode: 'shoot', units: ['GM1'], target: { unit: 'ZK1' }, ranks: 'all' },
    ],
    [
      'an attack with a bad hex',
      c,
      { kind: 'attack', mode: 'shoot', units: ['GM1'], hex: 'here', target: { group: 'MS' } },
    ],
    ['a BD launch without a target', c, { kind: 'bd', unit: 'PB1' }],
    ['a BD launch without a unit', c, { kind: 'bd', target: [7, 5] }],
    ['a BD launch by a list of units', c, { kind: 'bd', unit: ['PB1'], target: [7, 5] }],
    ['a defence choice without ranks', c, { kind: 'defend', attack: 'A1' }],
    ['a defence choice without an attack', c, { kind: 'defend', ranks: 0 }],
    ['a standing order with a bad value', c, { kind: 'standing', defenceShift: 'half' }],
    ['a standing order with negative ranks', c, { kind: 'standing', defenceShift: -1 }],
    ['a standing order without a value', c, { kind: 'standing' }],
  ]

  for (const [name, state, order] of cases) {
    it(`${name}: ${JSON.stringify(order)}`, () => {
      const errors = refused(state, 'FED', [order], 'ORDER', 0)
      expect(errors).toHaveLength(1)
    })
  }

  it('a submission that is not a list of orders', () => {
    for (const orders of [null, undefined, {}, { kind: 'move', units: ['GM1'], to: [6, 5] }, 'pass', 7]) {
      refused(s, 'FED', orders, 'ORDER')
    }
  })
})

describe('bad input: several errors in one submission', () => {
  it('movement: every bad order is reported with its index', () => {
    const s = sandbox(MOVERS, 'move')
    const errors = check(s, 'FED', [
      move(['GM99'], [6, 5]), // 0 unknown
      move(['GM1'], [5, -3]), // 1 off the map
      move(['GM2'], [10, 5]), // 2 too far for a C unit
      move(['ZK1'], [9, 6]), // 3 the enemy's
      move(['GM4'], [5, 2]), // 4 fine
      move(['FN1'], [8, 9]), // 5 never moves
    ])
    expect(errors.map((e) => [e.order, e.rule])).toEqual([
      [0, 'A-2-2'],
      [1, 'A-4-6a'],
      [2, 'A-4-6c'],
      [3, 'A-0a'],
      [5, 'A-4-4'],
    ])
  })

  it('combat: every bad order is reported with its index', () => {
    const s = sandbox(FIGHTERS, 'attack-lead')
    const errors = check(s, 'FED', [
      shoot(['GM9'], { unit: 'ZK1' }), // 0 unknown
      { kind: 'bd', unit: 'PB1', target: [20, 5] }, // 1 beyond 10 hexes
      close(['GA1'], { unit: 'ZK1' }), // 2 a fighter
      shoot(['GM1'], { unit: 'ZK2' }), // 3 fine
      shoot(['GM1'], { unit: 'ZK1' }), // 4 GM1 shoots twice
      shoot(['ZK2'], { unit: 'GM2' }), // 5 the enemy's
    ])
    expect(errors.map((e) => [e.order, e.rule])).toEqual([
      [0, 'A-2-2'],
      [1, 'A-18-3'],
      [2, 'A-9-3'],
      [4, 'A-6-4a'],
      [5, 'A-0a'],
    ])
  })

  it('malformed orders and orders for the wrong step are all reported with their index', () => {
    const s = sandbox(MOVERS, 'move')
    const errors = check(s, 'FED', [
      move(['GM1'], [6, 5]),
      { kind: 'move' },
      shoot(['GM1'], { unit: 'ZK1' }),
      { kind: 'warp' },
      { kind: 'defend', attack: 'A1', ranks: 0 },
    ])
    expect(errors.map((e) => [e.order, e.rule])).toEqual([
      [1, 'ORDER'],
      [2, 'A-3-3'],
      [3, 'ORDER'],
      [4, 'A-3-3'],
    ])
  })

  it('a refused submission can be fixed and then resolves from the untouched state', () => {
    const s = sandbox(MOVERS, 'move')
    check(s, 'FED', [move(['GM1'], [12, 5]), move(['GM99'], [6, 5])])
    const before = snapshot(s)
    const r = submit(s, 'FED', [move(['GM1'], [11, 5])])
    expect(snapshot(s)).toEqual(before)
    expect(r.state.units.find((u) => u.id === 'GM1')!.hex).toEqual([11, 5])
    expect(s.units.find((u) => u.id === 'GM1')!.hex).toEqual([5, 5])
  })
})
