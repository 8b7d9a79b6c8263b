// Orders as JSON are checked against A-Bao-A-Qu's order schema and rebuilt field by field; the text
// notation is held to the same bounds.
import { describe, expect, it } from 'vitest'
import { readOrders } from '../../src/games/order-check.js'
import { abaoaqu, type Order } from '../../src/rulesets/abaoaqu/engine/index.js'
import { sandbox } from '../engine/abaoaqu/harness.js'

const state = sandbox([])

function refused(orders: unknown): Array<{ rule: string; order?: number; field?: string; message: string }> {
  const read = readOrders(abaoaqu, orders)
  if (read.ok) throw new Error(`${JSON.stringify(orders)} passed the schema`)
  for (const e of read.errors) expect(e.rule).toBe('ORDER')
  return read.errors
}

const ONE_OF_EACH: Order[] = [
  { kind: 'move', units: ['GM1', 'GM2'], to: [7, 10] },
  { kind: 'remove', units: ['BL4'] },
  { kind: 'bd', unit: 'PB2', target: [12, 7] },
  { kind: 'attack', mode: 'shoot', units: ['GM1'], hex: [7, 10], target: { group: 'MS' }, ranks: 0 },
  { kind: 'attack', mode: 'close', units: ['ZI1'], target: { unit: 'GD1' } },
  { kind: 'defend', attack: 'A12', ranks: 3 },
  { kind: 'standing', defenceShift: 'none' },
  { kind: 'standing', defenceShift: 4 },
]

describe('the JSON order schema', () => {
  it('takes every kind of order unchanged (what the notation would give)', () => {
    expect(readOrders(abaoaqu, ONE_OF_EACH)).toEqual({ ok: true, orders: ONE_OF_EACH })
    const text = abaoaqu.formatOrders(ONE_OF_EACH, state)
    expect(abaoaqu.parseOrders(text, state, 'FED')).toMatchObject({ ok: true, orders: ONE_OF_EACH })
  })

  it('rebuilds each order field by field: a new object, unit and attack ids upper-case as in the notation', () => {
    const sent = [
      { kind: 'move', units: ['gm1'], to: [7, 10] },
      { kind: 'attack', mode: 'close', units: ['zi1'], target: { unit: 'gd1' } },
      { kind: 'defend', attack: 'a3', ranks: 1 },
    ]
    const read = readOrders(abaoaqu, sent)
    expect(read).toEqual({
      ok: true,
      orders: [
        { kind: 'move', units: ['GM1'], to: [7, 10] },
        { kind: 'attack', mode: 'close', units: ['ZI1'], target: { unit: 'GD1' } },
        { kind: 'defend', attack: 'A3', ranks: 1 },
      ],
    })
    if (read.ok) {
      expect(read.orders[0]).not.toBe(sent[0])
      expect((read.orders[0] as { to: unknown }).to).not.toBe(sent[0]!.to)
    }
  })

  it('refuses a field no order of that kind has, naming it and the order', () => {
    const errors = refused([
      { kind: 'standing', defenceShift: 'none' },
      { kind: 'move', units: ['GM1'], to: [7, 10], junk: 'x'.repeat(1000) },
    ])
    expect(errors).toEqual([
      {
        rule: 'ORDER',
        order: 1,
        message: 'order 2: "junk" is not a field of this order',
        key: 'server.order.unknownField',
        params: { at: 'order', n: 2, name: 'junk' },
      },
    ])
    expect(
      refused([{ kind: 'attack', mode: 'shoot', units: ['GM1'], target: { unit: 'ZK1', note: 'hi' } }]).map(
        (e) => e.message,
      ),
    ).toContain('order 1: "target/note" is not a field of this order')
  })

  it('refuses numbers out of bounds: ranks, hexes, a standing order of 10^20 ranks', () => {
    expect(refused([{ kind: 'standing', defenceShift: 100000000000000000000 }])[0]).toMatchObject({
      order: 0,
      field: 'defenceShift',
      message: expect.stringMatching(/"full", "none" or pilot ranks from 0 to 4/),
    })
    expect(refused([{ kind: 'defend', attack: 'A1', ranks: 5 }])[0]).toMatchObject({
      field: 'ranks',
      message: expect.stringMatching(/from 0 to 4/),
    })
    expect(
      refused([{ kind: 'attack', mode: 'shoot', units: ['GM1'], target: { unit: 'ZK1' }, ranks: -1 }])[0],
    ).toMatchObject({ field: 'ranks' })
    expect(refused([{ kind: 'move', units: ['GM1'], to: [1000, 0] }])[0]).toMatchObject({
      field: 'to/0',
      message: expect.stringMatching(/0 to 999/),
    })
    expect(refused([{ kind: 'move', units: ['GM1'], to: [1.5, 2] }])[0]).toMatchObject({ field: 'to/0' })
    expect(refused([{ kind: 'move', units: ['GM1'], to: [1, 2, 3] }])[0]).toMatchObject({
      field: 'to',
      message: expect.stringMatching(/\[column, row\]/),
    })
  })

  it('refuses strings and lists out of bounds', () => {
    expect(refused([{ kind: 'remove', units: ['G'.repeat(17)] }])[0]).toMatchObject({
      field: 'units/0',
      message: expect.stringMatching(/at most 16/),
    })
    expect(refused([{ kind: 'remove', units: ['GM 1'] }])[0]).toMatchObject({ field: 'units/0' })
    expect(refused([{ kind: 'remove', units: [] }])[0]).toMatchObject({ field: 'units' })
    expect(refused([{ kind: 'remove', units: Array.from({ length: 201 }, (_, i) => `GM${i}`) }])[0]).toMatchObject({
      field: 'units',
      message: expect.stringMatching(/1 to 200/),
    })
    expect(
      refused(Array.from({ length: 501 }, () => ({ kind: 'standing', defenceShift: 'full' })))[0]!.message,
    ).toMatch(/at most 500/)
  })

  it('refuses an unknown kind, listing the kinds, and a target that is both a unit and a group', () => {
    expect(refused([{ kind: 'teleport', units: ['GM1'] }])[0]!.message).toBe(
      'order 1: unknown order kind "teleport"; the kinds are move, remove, bd, attack, defend, standing',
    )
    expect(refused([{ units: ['GM1'] }])[0]!.message).toMatch(/"kind" is missing/)
    expect(refused(['GM1 -> 0710'])[0]!.message).toMatch(/order 1: must be object/)
    expect(
      refused([{ kind: 'attack', mode: 'shoot', units: ['GM1'], target: { unit: 'ZK1', group: 'MS' } }])[0],
    ).toMatchObject({ field: 'target', message: expect.stringMatching(/either \{"unit"/) })
    expect(refused([{ kind: 'attack', mode: 'aim', units: ['GM1'], target: { unit: 'ZK1' } }])[0]).toMatchObject({
      field: 'mode',
      message: expect.stringMatching(/"shoot" or "close"/),
    })
    expect(refused({ orders: [] })[0]!.message).toMatch(/a submission is a list of orders/)
  })
})

describe('the text notation keeps the same bounds', () => {
  const lineError = (text: string) => {
    const r = abaoaqu.parseOrders(text, state, 'FED')
    if (r.ok) throw new Error(`"${text}" parsed`)
    return r.errors[0]!
  }
  it('refuses a standing order of 10^20 ranks, and ranks over 4, with the line', () => {
    expect(lineError('pass\nstanding defence 100000000000000000000')).toMatchObject({
      rule: 'NOTATION',
      line: 2,
      message: expect.stringMatching(/from 0 to 4/),
    })
    expect(lineError('shoot GD1 @ ZI1 ranks 5')).toMatchObject({ rule: 'NOTATION', line: 1 })
    expect(lineError('defend A1 ranks 12')).toMatchObject({ rule: 'NOTATION', line: 1 })
  })
  it('refuses a unit id over 16 characters, quoting only its start', () => {
    const e = lineError(`${'G'.repeat(5000)} -> 0710`)
    expect(e.message).toMatch(/is not a unit id/)
    expect(e.message.length).toBeLessThan(300)
  })
  it('quotes a long line cut between characters, never inside a surrogate pair', () => {
    const e = lineError(`${'🚀'.repeat(200)}`)
    expect(e.message).not.toMatch(/\p{Cs}/u)
  })
})
