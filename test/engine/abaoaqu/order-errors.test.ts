// Error reporting of a submission: every error at once (malformed orders beside rule errors, unit
// errors beside stacking), each order's line from the notation, and messages that never offer an
// empty range such as "from 0 to 0".
import { describe, expect, it } from 'vitest'
import { abaoaqu } from '../../../src/rulesets/abaoaqu/engine/index.js'
import type { Hex, Order } from '../../../src/rulesets/abaoaqu/engine/types.js'
import { sandbox, type Piece } from './harness.js'

const p = (id: string, type: string, side: 'FED' | 'ZEON', hex: Hex, extra: Partial<Piece> = {}): Piece => ({
  id,
  type,
  side,
  hex,
  ...extra,
})

describe('the notation says where each order is', () => {
  it('gives the line of every order and pass, and the orders of the lines it could read beside the errors', () => {
    const state = sandbox([], 'move')
    const parsed = abaoaqu.parseOrders(
      'Hi,\n\nGM1 -> 0710\n# a comment\nGM2 -> 07x0\nremove BL4\npass\nThanks,',
      state,
      'FED',
    )
    expect(parsed.ok).toBe(false)
    expect(parsed.orders).toEqual([
      { kind: 'move', units: ['GM1'], to: [7, 10] },
      { kind: 'remove', units: ['BL4'] },
    ])
    expect(parsed.lines).toEqual([3, 6])
    expect(parsed.passes).toEqual([7])
    expect(parsed.ok ? [] : parsed.errors.map((e) => e.line)).toEqual([1, 5, 8])
  })
})

describe('every error of a submission at once', () => {
  it('a malformed order does not hide the rule errors of the others', () => {
    const state = sandbox([p('GM1', 'GM', 'FED', [5, 5])], 'move')
    const orders = [
      { kind: 'move', units: ['GM1'] },
      { kind: 'move', units: ['ZZ9'], to: [5, 6] },
    ] as unknown as Order[]
    const errors = abaoaqu.validate(state, 'FED', orders)
    expect(errors.map((e) => [e.order, e.rule])).toEqual([
      [0, 'ORDER'],
      [1, 'A-2-2'],
    ])
  })

  it('a unit that may not move does not hide an over-stacked hex, which names the move into it', () => {
    const gms = [1, 2, 3, 4, 5].map((i) => p(`GM${i}`, 'GM', 'FED', [5, 5 + (i % 2)]))
    const state = sandbox([...gms, p('ZK1', 'ZK', 'ZEON', [9, 9])], 'move')
    const orders: Order[] = [
      { kind: 'move', units: ['ZK1'], to: [9, 8] },
      { kind: 'move', units: ['GM1', 'GM2', 'GM3', 'GM4', 'GM5'], to: [5, 7] },
    ]
    const errors = abaoaqu.validate(state, 'FED', orders)
    expect(errors.map((e) => [e.order, e.rule])).toEqual([
      [0, 'A-0a'],
      [1, 'A-5-2'],
    ])
  })
})

describe('ranges in messages', () => {
  it('"ranks" where no pilot can shift: says so, and never "from 0 to 0"', () => {
    const state = sandbox([p('GD1', 'GD', 'FED', [5, 5], { pilot: null }), p('ZK1', 'ZK', 'ZEON', [5, 7])])
    const shoot = (ranks: number): Order => ({
      kind: 'attack',
      mode: 'shoot',
      units: ['GD1'],
      target: { unit: 'ZK1' },
      ranks,
    })
    expect(abaoaqu.validate(state, 'FED', [shoot(0)])).toEqual([])
    const [error] = abaoaqu.validate(state, 'FED', [shoot(1)])
    expect(error).toMatchObject({ rule: 'A-11-2', field: 'ranks' })
    expect(error!.message).not.toMatch(/from 0 to 0/)
    expect(error!.message).toMatch(/no newtype or elite pilot takes part, so leave "ranks" out/)
    // With a pilot the range is real, and said as one.
    const piloted = sandbox([p('GD1', 'GD', 'FED', [5, 5], { pilot: 'N3' }), p('ZK1', 'ZK', 'ZEON', [5, 7])])
    expect(abaoaqu.validate(piloted, 'FED', [shoot(4)])[0]!.message).toBe('ranks must be a whole number from 0 to 3')
  })
})
