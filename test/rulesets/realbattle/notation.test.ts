// Real Battle's order notation (docs/orders-realbattle.md): every form, the round trip through
// formatOrders, bad lines with their line numbers, and input typed on a Japanese phone.
import { describe, expect, it } from 'vitest'
import { scriptedDice } from '../../../src/engine/dice.js'
import { realbattle } from '../../../src/rulesets/realbattle/engine/index.js'
import type { RbOrder } from '../../../src/rulesets/realbattle/engine/types.js'
import { duel, scenarioWith, scopedog } from './fixture-frame.js'

const scn = scenarioWith(
  [
    scopedog('A1', 'A', 9, [
      { weapon: 'hmg', magazines: 2 },
      { weapon: 'ml6' },
      { weapon: 'hrl' },
      { weapon: 'smoke' },
    ]),
    scopedog('B2', 'B', 6),
    scopedog('B3', 'B', 6),
  ],
  [
    {
      players: 2,
      seats: [
        { id: 'A', side: 'A', groups: ['A1'] },
        { id: 'B', side: 'B', groups: ['B2', 'B3'] },
      ],
    },
  ],
)
const state = realbattle.setup(scn, { players: 2 }, scriptedDice([1])).state
const parse = (text: string) => realbattle.parseOrders(text, state, 'A')
const ok = (text: string): RbOrder[] => {
  const p = parse(text)
  if (!p.ok) throw new Error(p.errors.map((e) => e.message).join('\n'))
  return p.orders
}

describe('the order forms', () => {
  it('deploy: CCRR or c,r, and a facing name', () => {
    expect(ok('A1 deploy 0004 NE\nA1 deploy 0,5 se')).toEqual([
      { kind: 'deploy', at: 'A1', hex: [0, 4], facing: 1 },
      { kind: 'deploy', at: 'A1', hex: [0, 5], facing: 2 },
    ])
  })

  it('plan: four numbers in order, or named values with the others 0', () => {
    expect(ok('A1 plan 1 0 2 2\nA1 plan acc 1 atk 2 def 2\nA1 PLAN dec 4')).toEqual([
      { kind: 'plan', at: 'A1', acc: 1, dec: 0, atk: 2, def: 2 },
      { kind: 'plan', at: 'A1', acc: 1, dec: 0, atk: 2, def: 2 },
      { kind: 'plan', at: 'A1', acc: 0, dec: 4, atk: 0, def: 0 },
    ])
  })

  it('speed, signed', () => {
    expect(ok('A1 speed 3\na1 speed -2')).toEqual([
      { kind: 'speed', at: 'A1', speed: 3 },
      { kind: 'speed', at: 'A1', speed: -2 },
    ])
  })

  it('a program: every step of §6, and the collision choice at the end', () => {
    expect(ok('A1 F F T1R F')).toEqual([
      { kind: 'program', at: 'A1', steps: [{ op: 'F' }, { op: 'F' }, { op: 'T', n: 1, side: 'R' }, { op: 'F' }] },
    ])
    expect(ok('A1 T2L O1R P1L SL60 SR120 MAG hmg PURGE hrl RELOAD ml6 STAND SMOKE B ram B2')).toEqual([
      {
        kind: 'program',
        at: 'A1',
        steps: [
          { op: 'T', n: 2, side: 'L' },
          { op: 'O', n: 1, side: 'R' },
          { op: 'P', n: 1, side: 'L' },
          { op: 'S', side: 'L', deg: 60 },
          { op: 'S', side: 'R', deg: 120 },
          { op: 'MAG', weapon: 'hmg' },
          { op: 'PURGE', weapon: 'hrl' },
          { op: 'RELOAD', weapon: 'ml6' },
          { op: 'STAND' },
          { op: 'SMOKE' },
          { op: 'B' },
        ],
        collide: 'ram',
        target: 'B2',
      },
    ])
    expect(ok('A1 f f avoid\nA1 move')).toEqual([
      { kind: 'program', at: 'A1', steps: [{ op: 'F' }, { op: 'F' }], collide: 'avoid' },
      { kind: 'program', at: 'A1', steps: [] },
    ])
  })

  it('attacks: fire with a weapon (missiles with x<n>), volley, melee with an arm', () => {
    expect(ok('A1 fire B2 hmg\nA1 fire b3 ML6 x3\nA1 volley B2\nA1 melee B3 l')).toEqual([
      { kind: 'attack', at: 'A1', target: 'B2', weapon: 'hmg' },
      { kind: 'attack', at: 'A1', target: 'B3', weapon: 'ml6', missiles: 3 },
      { kind: 'attack', at: 'A1', target: 'B2', volley: true },
      { kind: 'attack', at: 'A1', target: 'B3', arm: 'L' },
    ])
  })

  it('standing orders: avoid, fall spend k, fall reach t, or both in one line', () => {
    expect(
      ok('A1 policy avoid never\nA1 policy fall spend 2\nA1 policy fall reach 8 avoid avoid-if-affordable'),
    ).toEqual([
      { kind: 'policy', at: 'A1', avoid: 'never' },
      { kind: 'policy', at: 'A1', fall: { kind: 'spend', pp: 2 } },
      { kind: 'policy', at: 'A1', fall: { kind: 'reach', value: 8 }, avoid: 'avoid-if-affordable' },
    ])
  })

  it('gives each order its line, and the lines that say pass; comments and blank lines are skipped', () => {
    const p = parse('# my turn\n\nA1 speed 2   # faster\nPASS\nA1 F F')
    expect(p).toMatchObject({ ok: true, lines: [3, 5], passes: [4] })
    expect(p.orders).toHaveLength(2)
  })
})

describe('round trip', () => {
  it('formatOrders reads back to the same orders, and an empty submission is "pass"', () => {
    const orders: RbOrder[] = [
      { kind: 'deploy', at: 'A1', hex: [0, 9], facing: 1 },
      { kind: 'plan', at: 'A1', acc: 0, dec: 2, atk: 1, def: 3 },
      { kind: 'speed', at: 'A1', speed: -1 },
      {
        kind: 'program',
        at: 'A1',
        steps: [
          { op: 'O', n: 3, side: 'L' },
          { op: 'MAG', weapon: 'hmg' },
          { op: 'S', side: 'R', deg: 60 },
        ],
        collide: 'ram',
      },
      { kind: 'program', at: 'A1', steps: [], collide: 'avoid' },
      { kind: 'attack', at: 'A1', target: 'B2', weapon: 'ml6', missiles: 2 },
      { kind: 'attack', at: 'A1', target: 'B2' },
      { kind: 'attack', at: 'A1', target: 'B3', volley: true },
      { kind: 'attack', at: 'A1', target: 'B3', arm: 'R' },
      { kind: 'policy', at: 'A1', avoid: 'never', fall: { kind: 'spend', pp: 1 } },
    ]
    const text = realbattle.formatOrders(orders, state)
    expect(text.split('\n')[0]).toBe('A1 deploy 0009 NE')
    expect(ok(text)).toEqual(orders)
    expect(orders.map((o) => realbattle.normaliseOrder(o))).toEqual(orders)
    expect(realbattle.formatOrders([], state)).toBe('pass')
    expect(parse('pass')).toMatchObject({ ok: true, orders: [], passes: [1] })
  })
})

describe('bad lines', () => {
  it('are reported with their line numbers, and the good lines still read', () => {
    const p = parse('A1 speed 2\nZ9 speed 1\nA1\nA1 deploy 04 NE\nA1 deploy 0004 UP\nA1 F X2\nA1 plan 1 2\nA1 MAG')
    expect(p.ok).toBe(false)
    if (p.ok) return
    expect(p.orders).toEqual([{ kind: 'speed', at: 'A1', speed: 2 }])
    expect(p.lines).toEqual([1])
    expect(p.errors.map((e) => [e.line, e.key])).toEqual([
      [2, 'realbattle.notation.noAt'],
      [3, 'realbattle.notation.alone'],
      [4, 'realbattle.notation.hex'],
      [5, 'realbattle.notation.facing'],
      [6, 'realbattle.notation.step'],
      [7, 'realbattle.notation.usage'],
      [8, 'realbattle.notation.weapon'],
    ])
    expect(p.errors[0]?.message).toBe('line 2 "Z9 speed 1": no AT "Z9" in this game')
  })

  it('never throw, whatever the text', () => {
    for (const text of [
      '',
      '\u0000',
      'A1 speed 99999',
      'A1 fire',
      'A1 policy avoid',
      '💥 💥',
      'A1 F ram Z',
      '#'.repeat(500),
    ])
      expect(() => parse(text)).not.toThrow()
    expect(parse('A1 speed 99999').ok).toBe(false)
  })
})

describe('Japanese input', () => {
  it('reads full-width letters, digits, minus signs and ideographic spaces, and パス', () => {
    expect(ok('Ａ１　ｓｐｅｅｄ　－２\nａ１　ｄｅｐｌｏｙ　００１０　ＮＥ\nＡ１　Ｆ　Ｔ１Ｒ\nパス')).toEqual([
      { kind: 'speed', at: 'A1', speed: -2 },
      { kind: 'deploy', at: 'A1', hex: [0, 10], facing: 1 },
      { kind: 'program', at: 'A1', steps: [{ op: 'F' }, { op: 'T', n: 1, side: 'R' }] },
    ])
    expect(parse('Ａ１　ｐｌａｎ　１　０　２　２　＃コメント')).toMatchObject({
      ok: true,
      orders: [{ kind: 'plan', at: 'A1', acc: 1, dec: 0, atk: 2, def: 2 }],
    })
    expect(parse('パス')).toMatchObject({ ok: true, passes: [1] })
  })

  it('reads the same in another game (the ids are the game’s own)', () => {
    const other = realbattle.setup(duel(), { players: 2 }, scriptedDice([1])).state
    expect(realbattle.parseOrders('B1 speed 1', other, 'B')).toMatchObject({ ok: true })
  })
})
