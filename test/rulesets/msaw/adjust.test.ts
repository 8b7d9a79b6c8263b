// MS@W moderator adjustments (docs/moderation.md, docs/orders-msaw.md): each kind does what it says and
// nothing else; a change naming what does not exist, or leaving the state broken, is refused whole; check()
// catches each broken invariant; unitsOf() is what a moderator reads; the text form reads and writes back.
import { Ajv } from 'ajv'
import { describe, expect, it } from 'vitest'
import type { Adjustment, OrderError } from '../../../src/engine/ruleset.js'
import { formatAdjustments, parseAdjustments } from '../../../src/rulesets/msaw/engine/adjust-notation.js'
import { adjust, adjustmentSchema, check, unitsOf } from '../../../src/rulesets/msaw/engine/adjust.js'
import type { MsState, Suit } from '../../../src/rulesets/msaw/engine/types.js'
import { makeState, ROCK } from './fixture-notation.js'

const suitOf = (state: MsState, id: string): Suit => state.suits.find((s) => s.id === id)!
const itemOf = (state: MsState, ms: string, item: string) => suitOf(state, ms).items.find((i) => i.id === item)!

function applied(changes: Adjustment[], state: MsState = makeState()): MsState {
  const r = adjust(state, changes)
  if (!r.ok) throw new Error(r.errors.map((e) => e.message).join('\n'))
  return r.state
}

function refused(changes: Adjustment[], state: MsState = makeState()): OrderError[] {
  const r = adjust(state, changes)
  expect(r.ok).toBe(false)
  return r.ok ? [] : r.errors
}

describe('adjust: each kind', () => {
  it('move puts the suit on the point, and changes nothing else', () => {
    const before = makeState()
    const after = applied([{ kind: 'move', ms: 'GM1', at: { x: 2000, y: 3050 } }], before)
    expect(suitOf(after, 'GM1').at).toEqual({ x: 2000, y: 3050 })
    expect(suitOf(before, 'GM1').at).toEqual({ x: 1000, y: 800 })
    const { suits: a, ...restAfter } = after
    const { suits: b, ...restBefore } = before
    expect(restAfter).toEqual(restBefore)
    expect(a.filter((s) => s.id !== 'GM1')).toEqual(b.filter((s) => s.id !== 'GM1'))
  })

  it('hp and error set their values', () => {
    const s = applied([
      { kind: 'hp', ms: 'GM1', hp: 15 },
      { kind: 'error', ms: 'ZAKU1', rounds: 2 },
    ])
    expect(suitOf(s, 'GM1').hp).toBe(15)
    expect(suitOf(s, 'ZAKU1').errorPhases).toBe(2)
  })

  it('destroy takes a suit out of play; restore brings it back (with HP set first when it had none)', () => {
    const gone = applied([{ kind: 'destroy', ms: 'ZAKU1' }])
    expect(suitOf(gone, 'ZAKU1').destroyed).toBe(true)
    const back = applied([{ kind: 'restore', ms: 'ZAKU1' }], gone)
    expect(suitOf(back, 'ZAKU1').destroyed).toBe(false)
    const dead = makeState()
    Object.assign(suitOf(dead, 'ZAKU1'), { destroyed: true, hp: -3 })
    expect(check(dead)).toEqual([])
    expect(refused([{ kind: 'restore', ms: 'ZAKU1' }], dead)[0]).toMatchObject({ key: 'msaw.check.hp', order: 0 })
    const again = applied(
      [
        { kind: 'hp', ms: 'ZAKU1', hp: 7 },
        { kind: 'restore', ms: 'ZAKU1' },
      ],
      dead,
    )
    expect(suitOf(again, 'ZAKU1')).toMatchObject({ destroyed: false, hp: 7 })
  })

  it('ammo and body set an item’s ammunition and a shield’s body', () => {
    const s = applied([
      { kind: 'ammo', ms: 'RX78', item: 'beam-rifle', ammo: 10 },
      { kind: 'ammo', ms: 'CHAR', item: 'magella', ammo: 0 },
      { kind: 'body', ms: 'GM1', item: 'gm-shield', body: 5 },
      { kind: 'body', ms: 'ZAKU1', item: 'shoulder-shield', body: 7 - 3 },
    ])
    expect(itemOf(s, 'RX78', 'beam-rifle').ammo).toBe(10)
    expect(itemOf(s, 'CHAR', 'magella').ammo).toBe(0)
    expect(itemOf(s, 'GM1', 'gm-shield').body).toBe(5)
    expect(itemOf(s, 'ZAKU1', 'shoulder-shield').body).toBe(4)
  })

  it('hold puts an item in a hand, both hands, or stowed', () => {
    const s = applied([
      { kind: 'hold', ms: 'GM1', item: 'gm-shield', hand: 'stowed' },
      { kind: 'hold', ms: 'GM1', item: 'beam-saber', hand: 'L' },
      { kind: 'hold', ms: 'RX78', item: 'gundam-shield', hand: 'stowed' },
      { kind: 'hold', ms: 'RX78', item: 'beam-saber-2', hand: 'L' },
    ])
    expect(itemOf(s, 'GM1', 'gm-shield').place).toBe('stowed')
    expect(itemOf(s, 'GM1', 'beam-saber').place).toBe('L')
    expect(itemOf(s, 'RX78', 'beam-saber-2').place).toBe('L')
    expect(unitsOf(s).RX78).toMatchObject({ held: { L: 'beam-saber-2', R: 'beam-rifle' } })
    // The Magella was already in both hands: "changes nothing" is refused (below), so it is checked here apart.
    expect(refused([{ kind: 'hold', ms: 'CHAR', item: 'magella', hand: 'both' }])[0]).toMatchObject({
      key: 'msaw.adjust.same',
    })
  })

  it('the Gouf’s shield body follows the option (AMB-M-11)', () => {
    expect(refused([{ kind: 'body', ms: 'GOUF1', item: 'gouf-shield', body: 41 }])[0]).toMatchObject({
      params: { max: 40 },
    })
    const ten = makeState()
    ten.options.goufShieldBody = 10
    itemOf(ten, 'GOUF1', 'gouf-shield').body = 10
    expect(refused([{ kind: 'body', ms: 'GOUF1', item: 'gouf-shield', body: 11 }], ten)[0]).toMatchObject({
      rule: 'ADJ-range',
      params: { max: 10 },
    })
    expect(
      itemOf(applied([{ kind: 'body', ms: 'GOUF1', item: 'gouf-shield', body: 9 }], ten), 'GOUF1', 'gouf-shield').body,
    ).toBe(9)
  })
})

describe('adjust: refusals, and then nothing changes', () => {
  it('names what does not exist', () => {
    expect(refused([{ kind: 'hp', ms: 'GM9', hp: 3 }])[0]).toMatchObject({
      rule: 'ADJ-unit',
      key: 'msaw.adjust.noSuit',
      order: 0,
      field: 'ms',
    })
    expect(refused([{ kind: 'ammo', ms: 'GM1', item: 'beam-rifle', ammo: 3 }])[0]).toMatchObject({
      key: 'msaw.adjust.noItem',
      field: 'item',
    })
    expect(refused([{ kind: 'ammo', ms: 'GM1', item: 'beam-saber', ammo: 3 }])[0]).toMatchObject({
      key: 'msaw.adjust.noAmmo',
    })
    expect(refused([{ kind: 'body', ms: 'GM1', item: 'beam-saber', body: 3 }])[0]).toMatchObject({
      key: 'msaw.adjust.notShield',
    })
    expect(refused([{ kind: 'hold', ms: 'GM1', item: 'gm-vulcan', hand: 'R' }])[0]).toMatchObject({
      rule: 'GAP-M-2',
      key: 'msaw.adjust.fixed',
    })
  })

  it('refuses unknown kinds and fields, values out of range, and changes that change nothing', () => {
    expect(refused([{ kind: 'teleport', ms: 'GM1' }])[0]).toMatchObject({ rule: 'ADJ-kind', field: 'kind' })
    expect(refused([{ kind: 'hp', ms: 'GM1', hp: 3, why: 'x' }])[0]).toMatchObject({ rule: 'ADJ-field', field: 'why' })
    expect(refused([{ kind: 'hp', ms: 'GM1', hp: 2.5 }])[0]).toMatchObject({ rule: 'ADJ-field', field: 'hp' })
    expect(refused([{ kind: 'move', ms: 'GM1', at: { x: 1, y: 2, z: 3 } }])[0]).toMatchObject({ field: 'at' })
    expect(refused([{ kind: 'ammo', ms: 'RX78', item: 'beam-rifle', ammo: 21 }])[0]).toMatchObject({
      rule: 'ADJ-range',
      params: { field: 'ammo', value: 21, min: 0, max: 20 },
    })
    expect(refused([{ kind: 'hold', ms: 'GM1', item: 'beam-saber', hand: 'X' }])[0]).toMatchObject({ field: 'hand' })
    // Standing orders are their seat's own until the game ends; a correction is public: no moderator sets them.
    expect(refused([{ kind: 'policy', ms: 'GM1', shield: 'never' }])).not.toEqual([])
    expect(refused([{ kind: 'hp', ms: 'GM1', hp: 20 }])[0]).toMatchObject({ key: 'msaw.adjust.same' })
    expect(refused([{ kind: 'restore', ms: 'GM1' }])[0]).toMatchObject({ key: 'msaw.adjust.inPlay' })
    const gone = applied([{ kind: 'destroy', ms: 'GM1' }])
    expect(refused([{ kind: 'destroy', ms: 'GM1' }], gone)[0]).toMatchObject({ key: 'msaw.adjust.destroyed' })
  })

  it('refuses a result that breaks an invariant, laid at the change that named the suit', () => {
    const cases: Array<[Adjustment[], string, string]> = [
      [[{ kind: 'move', ms: 'GM1', at: { x: 1300, y: 850 } }], 'GAP-M-1', 'msaw.check.overlap'],
      [[{ kind: 'move', ms: 'GM1', at: { x: 40, y: 800 } }], 'GAP-M-4', 'msaw.check.offTable'],
      [[{ kind: 'move', ms: 'GM1', at: { x: 4800, y: 4800 } }], 'GAP-M-4', 'msaw.check.offTable'],
      [[{ kind: 'hp', ms: 'GM1', hp: 0 }], 'GAP-M-5', 'msaw.check.hp'],
      [[{ kind: 'hp', ms: 'GM1', hp: 21 }], 'GAP-M-5', 'msaw.check.hp'],
      [[{ kind: 'hold', ms: 'GM1', item: 'beam-saber', hand: 'L' }], 'MS-2.2', 'msaw.check.hand'],
      [[{ kind: 'hold', ms: 'CHAR', item: 'magella', hand: 'R' }], 'MS-2.2', 'msaw.check.twoHanded'],
      [[{ kind: 'hold', ms: 'GM1', item: 'beam-saber', hand: 'both' }], 'MS-2.2', 'msaw.check.oneHanded'],
      [[{ kind: 'hold', ms: 'RX78', item: 'beam-rifle', hand: 'stowed' }], 'MS-2.2', 'msaw.check.stowable'],
      [[{ kind: 'hold', ms: 'GOUF1', item: 'gouf-shield', hand: 'L' }], 'GAP-M-2', 'msaw.check.blocked'],
    ]
    for (const [changes, rule, key] of cases) {
      const errors = refused([{ kind: 'error', ms: 'ZAKU1', rounds: 1 }, ...changes])
      expect(errors[0], key).toMatchObject({ rule, key, order: 1 })
    }
    // Two moves that end apart are fine, whatever stood between.
    const swapped = applied([
      { kind: 'move', ms: 'GM1', at: { x: 1250, y: 800 } },
      { kind: 'move', ms: 'RX78', at: { x: 1000, y: 800 } },
    ])
    expect(suitOf(swapped, 'RX78').at).toEqual({ x: 1000, y: 800 })
    // Discs 1" apart touch and do not overlap.
    expect(applied([{ kind: 'move', ms: 'GM1', at: { x: 1150, y: 800 } }])).toBeTruthy()
  })

  it('applies nothing when one change of several is refused, and never touches the state given', () => {
    const state = makeState()
    const copy = structuredClone(state)
    const errors = refused(
      [
        { kind: 'hp', ms: 'GM1', hp: 3 },
        { kind: 'hp', ms: 'GM9', hp: 3 },
        { kind: 'error', ms: 'GM1', rounds: 100 },
      ],
      state,
    )
    expect(errors.map((e) => e.order)).toEqual([1, 2])
    expect(state).toEqual(copy)
  })

  it('the JSON schema refuses unknown kinds and fields', () => {
    const valid = new Ajv({ discriminator: true, strict: true, strictRequired: false }).compile(adjustmentSchema)
    expect(valid({ kind: 'move', ms: 'GM1', at: { x: 2000, y: 3000 } })).toBe(true)
    expect(valid({ kind: 'hold', ms: 'GM1', item: 'beam-saber', hand: 'stowed' })).toBe(true)
    expect(valid({ kind: 'hp', ms: 'GM1', hp: 3, extra: true })).toBe(false)
    expect(valid({ kind: 'fly', ms: 'GM1' })).toBe(false)
    expect(valid({ kind: 'ammo', ms: 'GM1', item: 'beam-rifle', ammo: -1 })).toBe(false)
  })
})

describe('check: each invariant', () => {
  it('a sound state has none broken', () => {
    expect(check(makeState())).toEqual([])
  })

  const broken: Array<[string, (s: MsState) => void, string, string]> = [
    ['a disc off the table', (s) => (suitOf(s, 'GM1').at = { x: 4760, y: 800 }), 'GAP-M-4', 'msaw.check.offTable'],
    ['two discs overlapping', (s) => (suitOf(s, 'RX78').at = { x: 1099, y: 800 }), 'GAP-M-1', 'msaw.check.overlap'],
    ['HP above its maximum', (s) => (suitOf(s, 'GM1').hp = 21), 'GAP-M-5', 'msaw.check.hp'],
    ['HP not whole', (s) => (suitOf(s, 'GM1').hp = 10.5), 'GAP-M-5', 'msaw.check.hp'],
    ['a live suit at 0 HP', (s) => (suitOf(s, 'GM1').hp = 0), 'GAP-M-5', 'msaw.check.hp'],
    ['ammunition above its type’s', (s) => (itemOf(s, 'RX78', 'beam-rifle').ammo = 21), 'MS-3.9', 'msaw.check.ammo'],
    ['ammunition below 0', (s) => (itemOf(s, 'GM1', 'gm-vulcan').ammo = -1), 'MS-3.9', 'msaw.check.ammo'],
    ['body above its type’s', (s) => (itemOf(s, 'GM1', 'gm-shield').body = 11), 'MS-3.7', 'msaw.check.body'],
    ['two items in one hand', (s) => (itemOf(s, 'RX78', 'beam-saber').place = 'R'), 'MS-2.2', 'msaw.check.hand'],
    [
      'a two-handed item in one hand',
      (s) => (itemOf(s, 'CHAR', 'magella').place = 'L'),
      'MS-2.2',
      'msaw.check.twoHanded',
    ],
    [
      'an item in a blocked hand',
      (s) => (itemOf(s, 'GOUF1', 'gouf-shield').place = 'L'),
      'GAP-M-2',
      'msaw.check.blocked',
    ],
    [
      'a hand item stowed that cannot be',
      (s) => (itemOf(s, 'ZAKU1', 'zaku-mg').place = 'stowed'),
      'MS-2.2',
      'msaw.check.stowable',
    ],
    [
      'a built-in item in a hand',
      (s) => (itemOf(s, 'ZAKU1', 'shoulder-spikes').place = 'L'),
      'GAP-M-2',
      'msaw.check.place',
    ],
    [
      'a hand item as built in',
      (s) => (itemOf(s, 'ZAKU1', 'heat-hawk').place = 'fixed'),
      'GAP-M-2',
      'msaw.check.place',
    ],
    ['system-error phases below 0', (s) => (suitOf(s, 'GM1').errorPhases = -1), 'MS-4.4', 'msaw.check.errorPhases'],
    ['an item id twice', (s) => (itemOf(s, 'RX78', 'beam-saber-2').id = 'beam-saber'), 'GAP-M-2', 'msaw.check.itemId'],
    ['an unknown item type', (s) => (itemOf(s, 'GM1', 'beam-saber').type = 'lightsaber'), 'MS-6', 'msaw.check.type'],
    ['a suit id twice', (s) => (suitOf(s, 'RX78').id = 'GM1'), 'ADJ-unit', 'msaw.check.duplicate'],
    ['another system', (s) => ((s as { system: string }).system = 'realbattle'), 'ADJ-game', 'msaw.check.game'],
  ]
  for (const [what, breakIt, rule, key] of broken) {
    it(`catches ${what}`, () => {
      const s = makeState()
      breakIt(s)
      const errors = check(s)
      expect(errors).toHaveLength(1)
      expect(errors[0]).toMatchObject({ rule, key })
    })
  }

  it('catches a suit standing in impassable terrain, or its disc reaching into it', () => {
    const s = makeState()
    s.scenario.terrain = [ROCK]
    suitOf(s, 'GM1').at = { x: 2200, y: 2200 }
    suitOf(s, 'RX78').at = { x: 1960, y: 2200 }
    expect(check(s).map((e) => [e.rule, e.key, e.params?.ms])).toEqual([
      ['MS-2.1', 'msaw.check.impassable', 'GM1'],
      ['MS-2.1', 'msaw.check.impassable', 'RX78'],
    ])
    suitOf(s, 'GM1').at = { x: 1950, y: 2200 }
    suitOf(s, 'RX78').at = { x: 2200, y: 2450 }
    expect(check(s)).toEqual([])
  })

  it('leaves destroyed suits and suits of seats still to deploy where they are', () => {
    const s = makeState()
    Object.assign(suitOf(s, 'GM1'), { destroyed: true, hp: -2, at: { x: 1100, y: 800 } })
    expect(check(s)).toEqual([])
    s.step = 'deploy'
    s.deployed = ['efsf']
    suitOf(s, 'ZAKU1').at = { x: 0, y: 0 }
    suitOf(s, 'GOUF1').at = { x: 0, y: 0 }
    expect(check(s)).toEqual([])
    s.deployed = ['efsf', 'zeon']
    expect(check(s).map((e) => e.key)).toContain('msaw.check.offTable')
  })

  it('never throws, whatever the JSON holds', () => {
    expect(check({} as MsState).length).toBeGreaterThan(0)
    const s = makeState()
    ;(s.suits[0] as { items: unknown }).items = 'none'
    expect(check(s)[0]).toMatchObject({ rule: 'ADJ-game' })
  })
})

describe('unitsOf', () => {
  it('gives each suit’s fields a moderator reads, as plain JSON', () => {
    const s = makeState()
    suitOf(s, 'GM1').aim = { target: 'ZAKU1', round: 2 }
    const units = unitsOf(s)
    expect(Object.keys(units)).toEqual(['GM1', 'RX78', 'CHAR', 'ZAKU1', 'GOUF1'])
    expect(units.GM1).toEqual({
      type: 'gm',
      side: 'efsf',
      seat: 'efsf',
      at: '10,8',
      hp: 20,
      maxHp: 20,
      destroyed: false,
      errorPhases: 0,
      aim: 'ZAKU1 (round 2)',
      held: { L: 'gm-shield', R: 'beam-saber' },
      stowed: [],
      ammo: { 'gm-vulcan': 20 },
      body: { 'gm-shield': 10 },
    })
    expect(units.GM1).not.toHaveProperty('policy')
    expect(units.CHAR).toMatchObject({ held: { L: 'magella', R: 'magella' }, at: '30,40' })
    expect(units.ZAKU1).toMatchObject({ stowed: ['heat-hawk'], body: { 'shoulder-shield': 7 } })
    expect(JSON.parse(JSON.stringify(units))).toEqual(units)
  })
})

describe('adjustments in text', () => {
  it('reads every kind, in any case and full width', () => {
    const parsed = parseAdjustments(
      [
        '# round 3: the die was 2, not 5',
        'GM1 move 20,30.5',
        'gm1 HP 15',
        'ZAKU1 destroy',
        'ZAKU1 restore',
        'RX78 ammo Beam-Rifle 10',
        'GM1 body gm-shield 5',
        'ZAKU1 error 2',
        'GM1 hold beam-saber R',
        'ＧＭ１　ｈｏｌｄ　ｇｍ－ｓｈｉｅｌｄ　ｓｔｏｗｅｄ',
        'ＧＭ１　ｍｏｖｅ　２０，　３０',
      ].join('\n'),
      makeState(),
    )
    expect(parsed).toEqual({
      ok: true,
      lines: [2, 3, 4, 5, 6, 7, 8, 9, 10, 11],
      orders: [
        { kind: 'move', ms: 'GM1', at: { x: 2000, y: 3050 } },
        { kind: 'hp', ms: 'GM1', hp: 15 },
        { kind: 'destroy', ms: 'ZAKU1' },
        { kind: 'restore', ms: 'ZAKU1' },
        { kind: 'ammo', ms: 'RX78', item: 'beam-rifle', ammo: 10 },
        { kind: 'body', ms: 'GM1', item: 'gm-shield', body: 5 },
        { kind: 'error', ms: 'ZAKU1', rounds: 2 },
        { kind: 'hold', ms: 'GM1', item: 'beam-saber', hand: 'R' },
        { kind: 'hold', ms: 'GM1', item: 'gm-shield', hand: 'stowed' },
        { kind: 'move', ms: 'GM1', at: { x: 2000, y: 3000 } },
      ],
    })
    if (!parsed.ok) return
    const again = parseAdjustments(formatAdjustments(parsed.orders), makeState())
    expect(again.ok && again.orders).toEqual(parsed.orders)
  })

  it('names the line of each error', () => {
    const parsed = parseAdjustments(
      [
        'GM1 hp 15',
        'GM9 hp 3',
        'GM1 fly',
        'GM1',
        'GM1 hp lots',
        'GM1 move 12.5.1,3',
        'GM1 hold beam-saber X',
        'GM1 policy shield maybe',
      ].join('\n'),
      makeState(),
    )
    expect(parsed.ok).toBe(false)
    if (parsed.ok) return
    expect(parsed.errors.map((e) => [e.line, e.key])).toEqual([
      [2, 'msaw.notation.noSuit'],
      [3, 'msaw.adjust.notation.badVerb'],
      [4, 'msaw.adjust.notation.alone'],
      [5, 'msaw.notation.usage'],
      [6, 'msaw.notation.inches'],
      [7, 'msaw.notation.usage'],
      [8, 'msaw.adjust.notation.badVerb'],
    ])
    expect(parsed.orders).toEqual([{ kind: 'hp', ms: 'GM1', hp: 15 }])
  })
})
