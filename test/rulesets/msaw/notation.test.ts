// MS@W text orders (docs/orders-msaw.md): every order kind read, written back and read again to the same
// orders; full-width input; heading moves; every refusal with its line and rule; the JSON schema.
import { Ajv } from 'ajv'
import { describe, expect, it } from 'vitest'
import type { OrderError } from '../../../src/engine/ruleset.js'
import { distance } from '../../../src/engine/table/index.js'
import { formatOrders, parseOrders } from '../../../src/rulesets/msaw/engine/notation.js'
import { normaliseOrder, ordersSchema } from '../../../src/rulesets/msaw/engine/order-schema.js'
import type { MsOrder, MsState, SwitchOp } from '../../../src/rulesets/msaw/engine/types.js'
import { makeState } from './fixture-notation.js'

function ok(text: string, state: MsState = makeState(), seat = 'efsf'): MsOrder[] {
  const parsed = parseOrders(text, state, seat)
  if (!parsed.ok) throw new Error(parsed.errors.map((e) => e.message).join('\n'))
  return parsed.orders
}

function errorsOf(text: string, state: MsState = makeState(), seat = 'efsf'): OrderError[] {
  const parsed = parseOrders(text, state, seat)
  expect(parsed.ok).toBe(false)
  return parsed.ok ? [] : parsed.errors
}

const ajv = new Ajv({ allErrors: true, discriminator: true, strict: true, strictRequired: false })
const validOrders = ajv.compile(ordersSchema)

describe('parseOrders: each kind of order', () => {
  it('reads a move through waypoints in inches, with "->", "→" or spaces between them', () => {
    const want: MsOrder = {
      kind: 'move',
      ms: 'GM1',
      path: [
        { x: 1250, y: 800 },
        { x: 1500, y: 1025 },
      ],
    }
    expect(ok('GM1 move 12.5,8 -> 15,10.25')).toEqual([want])
    expect(ok('GM1 move 12.5,8 → 15,10.25')).toEqual([want])
    expect(ok('gm1 MOVE 12.50,8   15,10.25')).toEqual([want])
    expect(ok('GM1 move 12.5, 8->15 ,10.25')).toEqual([want])
  })

  it('reads a switch of several operations, separated by commas or semicolons', () => {
    expect(ok('GM1 switch draw beam-saber R, stow gm-shield; drop beam-saber, pickup d1 L')).toEqual([
      {
        kind: 'switch',
        ms: 'GM1',
        ops: [
          { op: 'draw', item: 'beam-saber', hand: 'R' },
          { op: 'stow', item: 'gm-shield' },
          { op: 'drop', item: 'beam-saber' },
          { op: 'pickup', drop: 'd1', hand: 'L' },
        ],
      },
    ])
    expect(ok('RX78 switch pickup D1 stow, draw Beam-Saber-2 both')).toEqual([
      {
        kind: 'switch',
        ms: 'RX78',
        ops: [
          { op: 'pickup', drop: 'd1', hand: 'stow' },
          { op: 'draw', item: 'beam-saber-2', hand: 'both' },
        ],
      },
    ])
  })

  it('reads attacks (attack, fire, att), aims and "more"', () => {
    const attack: MsOrder = { kind: 'attack', ms: 'RX78', target: 'ZAKU1', weapon: 'beam-rifle' }
    expect(ok('RX78 attack ZAKU1 beam-rifle')).toEqual([attack])
    expect(ok('rx78 fire zaku1 BEAM-RIFLE')).toEqual([attack])
    expect(ok('RX78 att ZAKU1 with beam-rifle')).toEqual([attack])
    expect(ok('GM1 aim GOUF1\nmore')).toEqual([{ kind: 'aim', ms: 'GM1', target: 'GOUF1' }, { kind: 'more' }])
  })

  it('reads standing orders: the shield, the counterattack, or both in either order', () => {
    expect(ok('GM1 policy shield ask counter never')).toEqual([
      { kind: 'policy', ms: 'GM1', shield: 'ask', counter: 'never' },
    ])
    expect(ok('GM1 policy counter BEST')).toEqual([{ kind: 'policy', ms: 'GM1', counter: 'best' }])
    expect(ok('GM1 policy counter ask shield never')).toEqual([
      { kind: 'policy', ms: 'GM1', shield: 'never', counter: 'ask' },
    ])
  })

  it('reads a deployment, with what it holds or without', () => {
    expect(ok('RX78 deploy 12,3 hold R beam-rifle L gundam-shield')).toEqual([
      { kind: 'deploy', ms: 'RX78', at: { x: 1200, y: 300 }, hold: { R: 'beam-rifle', L: 'gundam-shield' } },
    ])
    expect(ok('GM1 deploy 20.5, 4.25')).toEqual([{ kind: 'deploy', ms: 'GM1', at: { x: 2050, y: 425 }, hold: {} }])
    expect(ok('CHAR deploy 30,45 hold both magella', makeState(), 'zeon')).toEqual([
      { kind: 'deploy', ms: 'CHAR', at: { x: 3000, y: 4500 }, hold: { L: 'magella', R: 'magella' } },
    ])
  })

  it('reads the react step answers, for the suit the question is about or named', () => {
    const state = makeState()
    state.step = 'react'
    state.reaction = {
      kind: 'shield',
      ms: 'GM1',
      seat: 'efsf',
      attacker: 'ZAKU1',
      weapon: 'zaku-mg',
      attackRoll: 9,
      isCounter: false,
      queue: [],
    }
    expect(ok('shield yes', state)).toEqual([{ kind: 'shield', ms: 'GM1', use: true }])
    expect(ok('GM1 shield no', state)).toEqual([{ kind: 'shield', ms: 'GM1', use: false }])
    expect(ok('counter beam-saber', state)).toEqual([{ kind: 'counter', ms: 'GM1', weapon: 'beam-saber' }])
    expect(ok('Counter NO', state)).toEqual([{ kind: 'counter', ms: 'GM1', weapon: null }])
  })

  it('skips blank lines and comments, records pass lines, and gives each order its line', () => {
    const parsed = parseOrders(
      '# round 2\n\nGM1 aim ZAKU1  # the Zaku\npass\n  ＃ full-width comment\nmore',
      makeState(),
      'efsf',
    )
    expect(parsed).toEqual({
      ok: true,
      orders: [{ kind: 'aim', ms: 'GM1', target: 'ZAKU1' }, { kind: 'more' }],
      lines: [3, 6],
      passes: [4],
    })
  })

  it('reads full-width input typed on a Japanese phone', () => {
    expect(ok('ＧＭ１　ｍｏｖｅ　１２．５，８　→　１５，１０．２５')).toEqual([
      {
        kind: 'move',
        ms: 'GM1',
        path: [
          { x: 1250, y: 800 },
          { x: 1500, y: 1025 },
        ],
      },
    ])
    expect(ok('ＧＭ１　ｍｏｖｅ　１２、８　－＞　１５、１０')).toEqual([
      {
        kind: 'move',
        ms: 'GM1',
        path: [
          { x: 1200, y: 800 },
          { x: 1500, y: 1000 },
        ],
      },
    ])
    expect(ok('ＧＭ１　ｓｗｉｔｃｈ　ｓｔｏｗ　ｂｅａｍ－ｓａｂｅｒ，　ｄｒａｗ　ｇｍ－ｓｈｉｅｌｄ　Ｒ')).toEqual([
      {
        kind: 'switch',
        ms: 'GM1',
        ops: [
          { op: 'stow', item: 'beam-saber' },
          { op: 'draw', item: 'gm-shield', hand: 'R' },
        ],
      },
    ])
    expect(ok('ＲＸ７８　ａｔｔａｃｋ　ＺＡＫＵ１　ｂｅａｍ－ｒｉｆｌｅ')).toEqual([
      { kind: 'attack', ms: 'RX78', target: 'ZAKU1', weapon: 'beam-rifle' },
    ])
    expect(parseOrders('パス', makeState(), 'efsf')).toEqual({ ok: true, orders: [], lines: [], passes: [1] })
  })
})

describe('heading moves', () => {
  // GM1 stands at (10, 8).
  it('turns a compass point and a distance into the point it reaches', () => {
    expect(ok('GM1 move N 6')).toEqual([{ kind: 'move', ms: 'GM1', path: [{ x: 1000, y: 1400 }] }])
    expect(ok('GM1 move heading E 2.5')).toEqual([{ kind: 'move', ms: 'GM1', path: [{ x: 1250, y: 800 }] }])
    expect(ok('GM1 move s 3')).toEqual([{ kind: 'move', ms: 'GM1', path: [{ x: 1000, y: 500 }] }])
    expect(ok('GM1 move heading 270 4')).toEqual([{ kind: 'move', ms: 'GM1', path: [{ x: 600, y: 800 }] }])
  })

  it('lands within a hundredth of the exact point, never farther than asked', () => {
    const from = { x: 1000, y: 800 }
    for (const [deg, dist] of [
      [45, 650],
      [30, 1000],
      [135, 333],
      [359, 1700],
      [200, 1],
      [123, 987],
    ] as const) {
      const [order] = ok(`GM1 move heading ${deg} ${dist / 100}`)
      expect(order?.kind).toBe('move')
      const p = (order as Extract<MsOrder, { kind: 'move' }>).path[0]!
      const rad = (deg * Math.PI) / 180
      expect(Math.abs(p.x - (from.x + dist * Math.sin(rad)))).toBeLessThan(1)
      expect(Math.abs(p.y - (from.y + dist * Math.cos(rad)))).toBeLessThan(1)
      expect(distance(from, p)).toBeLessThanOrEqual(dist)
    }
  })

  it('keeps the point, as the orders page shows: heading 30 for 10" from 10,8 is 15,16.66', () => {
    const orders = ok('GM1 move heading 30 10')
    expect(orders).toEqual([{ kind: 'move', ms: 'GM1', path: [{ x: 1500, y: 1666 }] }])
    expect(formatOrders(orders)).toBe('GM1 move 15,16.66')
  })

  it('chains a heading leg from the point before it', () => {
    expect(ok('GM1 move 12,8 -> N 2 -> heading 90 1')).toEqual([
      {
        kind: 'move',
        ms: 'GM1',
        path: [
          { x: 1200, y: 800 },
          { x: 1200, y: 1000 },
          { x: 1300, y: 1000 },
        ],
      },
    ])
  })
})

describe('formatOrders then parseOrders gives the same orders', () => {
  const state = makeState()
  state.reaction = {
    kind: 'counter',
    ms: 'GM1',
    seat: 'efsf',
    attacker: 'ZAKU1',
    weapon: 'zaku-mg',
    isCounter: false,
    choices: ['beam-saber'],
    queue: [],
  }
  const orders: MsOrder[] = [
    {
      kind: 'move',
      ms: 'GM1',
      path: [
        { x: 1250, y: 805 },
        { x: 1, y: 4799 },
        { x: 0, y: 0 },
      ],
    },
    {
      kind: 'switch',
      ms: 'RX78',
      ops: [
        { op: 'stow', item: 'beam-rifle' },
        { op: 'draw', item: 'beam-saber', hand: 'R' },
        { op: 'drop', item: 'gundam-shield' },
        { op: 'pickup', drop: 'd1', hand: 'stow' },
        { op: 'pickup', drop: 'd2', hand: 'both' },
      ],
    },
    { kind: 'attack', ms: 'RX78', target: 'GOUF1', weapon: 'beam-rifle' },
    { kind: 'aim', ms: 'GM1', target: 'CHAR' },
    { kind: 'more' },
    { kind: 'policy', ms: 'GM1', shield: 'never' },
    { kind: 'policy', ms: 'RX78', counter: 'ask' },
    { kind: 'policy', ms: 'RX78', shield: 'ask', counter: 'never' },
    { kind: 'deploy', ms: 'GM1', at: { x: 1234, y: 567 }, hold: { L: 'gm-shield', R: 'beam-saber' } },
    { kind: 'deploy', ms: 'RX78', at: { x: 100, y: 50 }, hold: { R: 'beam-rifle' } },
    { kind: 'deploy', ms: 'CHAR', at: { x: 3000, y: 4500 }, hold: { L: 'magella', R: 'magella' } },
    { kind: 'deploy', ms: 'ZAKU1', at: { x: 3000, y: 4500 }, hold: {} },
    { kind: 'shield', ms: 'GM1', use: true },
    { kind: 'shield', ms: 'RX78', use: false },
    { kind: 'counter', ms: 'GM1', weapon: 'beam-saber' },
    { kind: 'counter', ms: 'GM1', weapon: null },
  ]

  it('for every kind of order', () => {
    const text = formatOrders(orders)
    expect(text.split('\n')).toHaveLength(orders.length)
    expect(text).toContain('GM1 move 12.5,8.05 -> 0.01,47.99 -> 0,0')
    expect(ok(text, state)).toEqual(orders)
  })

  it('and no orders is "pass"', () => {
    expect(formatOrders([])).toBe('pass')
    expect(parseOrders('pass', state, 'efsf')).toEqual({ ok: true, orders: [], lines: [], passes: [1] })
  })

  it('and every order read is valid under the JSON schema, and normalised to itself', () => {
    expect(validOrders(orders)).toBe(true)
    expect(orders.map(normaliseOrder)).toEqual(orders)
  })
})

describe('formatOrders then parseOrders: many generated orders', () => {
  it('read back to the same orders, whatever the points, items and hands', () => {
    let seed = 12345
    const next = (n: number) => {
      seed = (seed * 1103515245 + 12345) % 2147483648
      return seed % n
    }
    const pick = <T>(xs: readonly T[]): T => xs[next(xs.length)]!
    const suits = ['GM1', 'RX78', 'CHAR', 'ZAKU1', 'GOUF1']
    const items = ['beam-saber', 'beam-saber-2', 'gm-shield', 'magella', 'x-9', 'd12']
    const point = () => ({ x: next(200001) - 100000, y: next(9601) - 4800 })
    const op = (): SwitchOp =>
      pick<() => SwitchOp>([
        () => ({ op: 'draw', item: pick(items), hand: pick(['L', 'R', 'both'] as const) }),
        () => ({ op: 'stow', item: pick(items) }),
        () => ({ op: 'drop', item: pick(items) }),
        () => ({ op: 'pickup', drop: `d${next(99) + 1}`, hand: pick(['L', 'R', 'both', 'stow'] as const) }),
      ])()
    const order = (): MsOrder =>
      pick<() => MsOrder>([
        () => ({ kind: 'move', ms: pick(suits), path: Array.from({ length: next(32) + 1 }, point) }),
        () => ({ kind: 'switch', ms: pick(suits), ops: Array.from({ length: next(8) + 1 }, op) }),
        () => ({ kind: 'attack', ms: pick(suits), target: pick(suits), weapon: pick(items) }),
        () => ({ kind: 'aim', ms: pick(suits), target: pick(suits) }),
        () => ({ kind: 'more' }),
        () => ({ kind: 'policy', ms: pick(suits), shield: pick(['always', 'never', 'ask'] as const) }),
        () => ({ kind: 'policy', ms: pick(suits), counter: pick(['best', 'never', 'ask'] as const) }),
        () => ({ kind: 'deploy', ms: pick(suits), at: point(), hold: next(2) ? { R: pick(items) } : {} }),
        () => ({ kind: 'shield', ms: pick(suits), use: next(2) === 1 }),
        () => ({ kind: 'counter', ms: pick(suits), weapon: next(2) ? pick(items) : null }),
      ])()
    const orders = Array.from({ length: 300 }, order)
    expect(validOrders(orders.slice(0, 100))).toBe(true)
    expect(ok(formatOrders(orders))).toEqual(orders)
  })
})

describe('parseOrders: refusals name the line and the rule', () => {
  it('a malformed number of inches names its line and text', () => {
    const [e, ...more] = errorsOf('GM1 aim ZAKU1\n# comment\nGM1 move 12.5.1,8')
    expect(more).toEqual([])
    expect(e).toMatchObject({ line: 3, rule: 'MS-2.1', key: 'msaw.notation.inches' })
    expect(e!.message).toBe('line 3: "12.5.1" is not a number of inches')
    expect(errorsOf('GM1 move 12.555,8')[0]!.message).toBe('line 1: "12.555" is not a number of inches')
    expect(errorsOf('GM1 deploy 12,x')[0]).toMatchObject({ line: 1, rule: 'GAP-M-4', key: 'msaw.notation.inches' })
  })

  it('a point without its comma, a bad heading or distance', () => {
    expect(errorsOf('GM1 move 12 8')[0]).toMatchObject({ line: 1, rule: 'MS-2.1', key: 'msaw.notation.point' })
    expect(errorsOf('GM1 move heading 360 4')[0]).toMatchObject({ key: 'msaw.notation.heading' })
    expect(errorsOf('GM1 move NNE 4')[0]).toMatchObject({ key: 'msaw.notation.heading' })
    expect(errorsOf('GM1 move N -4')[0]).toMatchObject({ key: 'msaw.notation.distance' })
    expect(errorsOf('GM1 move N 0')[0]).toMatchObject({ key: 'msaw.notation.distance' })
    expect(errorsOf('GM1 move N')[0]).toMatchObject({ key: 'msaw.notation.usage', rule: 'MS-2.1' })
    const far = Array.from({ length: 33 }, (_, i) => `${i},1`).join(' ')
    expect(errorsOf(`GM1 move ${far}`)[0]).toMatchObject({ key: 'msaw.notation.waypoints', params: { max: 32 } })
  })

  it('an unknown suit, as the one ordered or the target', () => {
    const errors = errorsOf('\nGM9 move 1,1\nGM1 attack ZAKU9 beam-saber')
    expect(errors.map((e) => [e.line, e.rule, e.key, e.params?.token])).toEqual([
      [2, 'MS-2.0', 'msaw.notation.noSuit', 'GM9'],
      [3, 'MS-2.0', 'msaw.notation.noSuit', 'ZAKU9'],
    ])
    expect(errors[0]!.message).toBe('line 2: no suit "GM9" in this game')
  })

  it('an unknown keyword, a suit alone, an order without its suit', () => {
    expect(errorsOf('GM1 jump 3')[0]).toMatchObject({ line: 1, rule: 'MS-2.0', key: 'msaw.notation.verb' })
    expect(errorsOf('GM1')[0]).toMatchObject({ rule: 'MS-2.0', key: 'msaw.notation.alone' })
    expect(errorsOf('move 12,8')[0]).toMatchObject({ rule: 'MS-2.0', key: 'msaw.notation.suitFirst' })
    expect(errorsOf('more please')[0]).toMatchObject({ rule: 'MS-2.0', key: 'msaw.notation.usage' })
  })

  it('missing arguments, each with the rule of its order', () => {
    const cases: Array<[string, string]> = [
      ['GM1 move', 'MS-2.1'],
      ['GM1 switch', 'MS-2.2'],
      ['GM1 attack ZAKU1', 'MS-2.3'],
      ['GM1 aim', 'MS-4.2'],
      ['GM1 policy', '§8'],
      ['GM1 policy shield', '§8'],
      ['GM1 deploy', 'GAP-M-4'],
      ['GM1 deploy 1,1 hold R', 'GAP-M-4'],
      ['GM1 shield', '§8'],
      ['GM1 counter', '§8'],
    ]
    for (const [line, rule] of cases) {
      const [e] = errorsOf(`# x\n${line}`)
      expect(e, line).toMatchObject({ line: 2, rule, key: 'msaw.notation.usage' })
      expect(e!.message, line).toMatch(/^line 2: write "GM1 /)
    }
  })

  it('a bad switch operation, hand, policy value or answer', () => {
    expect(errorsOf('GM1 switch throw beam-saber')[0]).toMatchObject({ rule: 'MS-2.2', key: 'msaw.notation.op' })
    expect(errorsOf('GM1 switch draw beam-saber')[0]).toMatchObject({ key: 'msaw.notation.op' })
    expect(errorsOf('GM1 switch draw beam-saber X')[0]).toMatchObject({ rule: 'MS-2.2', key: 'msaw.notation.hand' })
    expect(errorsOf('GM1 switch draw beam-saber stow')[0]).toMatchObject({ key: 'msaw.notation.hand' })
    expect(errorsOf('GM1 switch draw beam_saber R')[0]).toMatchObject({ key: 'msaw.notation.id' })
    const nine = Array.from({ length: 9 }, () => 'stow beam-saber').join(', ')
    expect(errorsOf(`GM1 switch ${nine}`)[0]).toMatchObject({ key: 'msaw.notation.ops', params: { max: 8 } })
    expect(errorsOf('GM1 policy shield sometimes')[0]).toMatchObject({ rule: '§8', key: 'msaw.notation.policy' })
    expect(errorsOf('GM1 policy counter always')[0]).toMatchObject({ key: 'msaw.notation.policy' })
    expect(errorsOf('GM1 shield maybe')[0]).toMatchObject({ rule: '§8', key: 'msaw.notation.answer' })
  })

  it('an answer without its suit when no question waits for this seat', () => {
    expect(errorsOf('shield yes')[0]).toMatchObject({ rule: '§8', key: 'msaw.notation.noQuestion' })
    const state = makeState()
    state.reaction = {
      kind: 'counter',
      ms: 'ZAKU1',
      seat: 'zeon',
      attacker: 'GM1',
      weapon: 'beam-saber',
      isCounter: false,
      queue: [],
    }
    expect(errorsOf('counter zaku-mg', state, 'efsf')[0]).toMatchObject({ key: 'msaw.notation.noQuestion' })
    expect(ok('counter zaku-mg', state, 'zeon')).toEqual([{ kind: 'counter', ms: 'ZAKU1', weapon: 'zaku-mg' }])
  })

  it('still gives the orders of the lines it could read', () => {
    const parsed = parseOrders('GM1 aim ZAKU1\nGM1 fly\nRX78 aim GOUF1', makeState(), 'efsf')
    expect(parsed.ok).toBe(false)
    expect(parsed.orders).toEqual([
      { kind: 'aim', ms: 'GM1', target: 'ZAKU1' },
      { kind: 'aim', ms: 'RX78', target: 'GOUF1' },
    ])
    expect(parsed.lines).toEqual([1, 3])
  })
})

describe('ordersSchema and normaliseOrder', () => {
  it('refuses unknown fields, unknown kinds, long or malformed ids and out-of-range numbers', () => {
    const bad: unknown[] = [
      [{ kind: 'aim', ms: 'GM1', target: 'ZAKU1', extra: 1 }],
      [{ kind: 'jump', ms: 'GM1' }],
      [{ kind: 'aim', ms: 'G'.repeat(25), target: 'ZAKU1' }],
      [{ kind: 'aim', ms: '1GM', target: 'ZAKU1' }],
      [{ kind: 'move', ms: 'GM1', path: [{ x: 100001, y: 0 }] }],
      [{ kind: 'move', ms: 'GM1', path: [{ x: 1.5, y: 0 }] }],
      [{ kind: 'move', ms: 'GM1', path: [] }],
      [{ kind: 'move', ms: 'GM1', path: Array.from({ length: 33 }, () => ({ x: 0, y: 0 })) }],
      [{ kind: 'switch', ms: 'GM1', ops: Array.from({ length: 9 }, () => ({ op: 'stow', item: 'beam-saber' })) }],
      [{ kind: 'switch', ms: 'GM1', ops: [{ op: 'draw', item: 'beam-saber', hand: 'stow' }] }],
      [{ kind: 'policy', ms: 'GM1', shield: 'sometimes' }],
      [{ kind: 'policy', ms: 'GM1' }],
      [{ kind: 'deploy', ms: 'GM1', at: { x: 0, y: 0 }, hold: { X: 'beam-saber' } }],
      [{ kind: 'counter', ms: 'GM1' }],
    ]
    for (const orders of bad) expect(validOrders(orders), JSON.stringify(orders)).toBe(false)
    expect(validOrders([{ kind: 'move', ms: 'GM1', path: [{ x: -100000, y: 100000 }] }])).toBe(true)
  })

  it('rebuilds each order field by field', () => {
    const o = { kind: 'policy', ms: 'GM1', shield: 'ask', counter: undefined } as MsOrder
    expect(Object.keys(normaliseOrder(o))).toEqual(['kind', 'ms', 'shield'])
    const move: MsOrder = { kind: 'move', ms: 'GM1', path: [{ x: 1, y: 2 }] }
    const copy = normaliseOrder(move)
    expect(copy).toEqual(move)
    expect((copy as typeof move).path[0]).not.toBe(move.path[0])
  })
})
