// GREEN NOA order notation (docs/orders-greennoa.md) and order schema: every order form, unit ids and the
// roster's Japanese names, round trips through formatOrders, errors with their lines and rules.
import { describe, expect, it } from 'vitest'
import type { AnyRuleset } from '../../../src/rulesets/contract.js'
import { readOrders } from '../../../src/games/order-check.js'
import { greennoa } from '../../../src/rulesets/greennoa/engine/index.js'
import type { GnOrder } from '../../../src/rulesets/greennoa/engine/types.js'
import { stateOf } from './fixture.js'
import { localiseOrderErrors, orderErrorMessage } from '../../../src/i18n/orders.js'
import { refuse } from '../../../src/rulesets/greennoa/engine/messages.js'
import { FORM_WORDS } from '../../../src/rulesets/greennoa/engine/notation.js'
import { loadGreenNoa } from '../../../src/rulesets/greennoa/scenarios/index.js'

const state = stateOf([
  { id: 'HS1', type: 'HYAKUSHIKI', side: 'AEUG', col: 2, row: 2, facing: 1, pilot: 'quattro' },
  { id: 'MK2', type: 'MK2', side: 'AEUG', col: 3, row: 5, facing: 1, pilot: 'kamille' },
  { id: 'ME1', type: 'MESSALA', side: 'TITANS', col: 9, row: 5, facing: 5, pilot: 'scirocco' },
  { id: 'HZ1', type: 'HIZACK', side: 'TITANS', col: 9, row: 7, facing: 5 },
  { id: 'HZ2', type: 'HIZACK', side: 'TITANS', col: 9, row: 8, facing: 5 },
])
const parse = (text: string) => greennoa.parseOrders(text, state, 'AEUG')

describe('GREEN NOA notation', () => {
  it('reads every order form, with comments, blank lines and pass', () => {
    const text = [
      '# movement',
      'HS1 form launcher   # GN-11-2',
      'HS1 move F R F',
      '',
      'MK2 move frffl',
      'MK2 remove',
      'HS1 fire ME1',
      'MK2 melee HZ1',
    ].join('\n')
    expect(parse(text)).toEqual({
      ok: true,
      orders: [
        { kind: 'transform', unit: 'HS1', form: 'launcher' },
        { kind: 'move', unit: 'HS1', steps: ['F', 'R', 'F'] },
        { kind: 'move', unit: 'MK2', steps: ['F', 'R', 'F', 'F', 'L'] },
        { kind: 'remove', unit: 'MK2' },
        { kind: 'fire', unit: 'HS1', target: 'ME1' },
        { kind: 'melee', unit: 'MK2', target: 'HZ1' },
      ],
      lines: [2, 3, 5, 6, 7, 8],
      passes: [],
    })
    expect(parse('Hi,\npass\nThanks')).toMatchObject({ ok: false, orders: [], passes: [2] })
    expect(parse('  PASS  ')).toEqual({ ok: true, orders: [], lines: [], passes: [1] })
  })

  it('accepts the Japanese names of the roster, full-width ids and Japanese verbs', () => {
    expect(
      parse('百式 form launcher\nメッサーラ fire 百式\nガンダムMkⅡ move FF\nＨＳ１ 射撃 ｍｅ１\n百式 格闘 メッサーラ'),
    ).toEqual({
      ok: true,
      orders: [
        { kind: 'transform', unit: 'HS1', form: 'launcher' },
        { kind: 'fire', unit: 'ME1', target: 'HS1' },
        { kind: 'move', unit: 'MK2', steps: ['F', 'F'] },
        { kind: 'fire', unit: 'HS1', target: 'ME1' },
        { kind: 'melee', unit: 'HS1', target: 'ME1' },
      ],
      lines: [1, 2, 3, 4, 5],
      passes: [],
    })
  })

  it('refuses a name two units share, naming the ids, and reads the other lines', () => {
    const parsed = parse('HS1 move F\nHS1 fire ハイザック')
    expect(parsed.ok).toBe(false)
    if (parsed.ok) return
    expect(parsed.errors).toEqual([
      {
        rule: 'GN-6-1',
        line: 2,
        message: expect.stringContaining('names 2 units (HZ1, HZ2): use the unit id'),
        key: 'greennoa.notation.ambiguous',
        params: { line: 2, text: 'HS1 fire ハイザック', token: 'ハイザック', n: 2, ids: 'HZ1, HZ2' },
      },
    ])
    expect(parsed.orders).toEqual([{ kind: 'move', unit: 'HS1', steps: ['F'] }])
    expect(parsed.lines).toEqual([1])
  })

  it('reads a name both sides use as the writer’s own unit, or as an enemy when it is the target', () => {
    const both = stateOf([
      { id: 'MK2', type: 'MK2', side: 'AEUG', col: 3, row: 5, facing: 1, pilot: 'kamille' },
      { id: 'MK1', type: 'MK2', side: 'TITANS', col: 6, row: 4, facing: 4, pilot: 'jerid' },
      { id: 'HZ1', type: 'HIZACK', side: 'TITANS', col: 9, row: 7, facing: 5 },
      { id: 'HZ2', type: 'HIZACK', side: 'TITANS', col: 9, row: 8, facing: 5 },
    ])
    expect(greennoa.parseOrders('ガンダムMkⅡ fire ガンダムMkⅡ', both, 'AEUG')).toMatchObject({
      ok: true,
      orders: [{ kind: 'fire', unit: 'MK2', target: 'MK1' }],
    })
    expect(greennoa.parseOrders('ガンダムMkⅡ move F', both, 'TITANS')).toMatchObject({
      ok: true,
      orders: [{ kind: 'move', unit: 'MK1', steps: ['F'] }],
    })
    // Two Hizacks on the Titans' side: the name is still ambiguous, for either writer.
    expect(greennoa.parseOrders('ハイザック move F', both, 'TITANS')).toMatchObject({
      ok: false,
      errors: [{ rule: 'GN-4-1', line: 1, message: expect.stringContaining('(HZ1, HZ2)') }],
    })
    // An observer's text has no side to prefer.
    expect(greennoa.parseOrders('ガンダムMkⅡ move F', both, 'X')).toMatchObject({ ok: false })
  })

  it('gives every error its line and rule', () => {
    const parsed = parse(
      [
        'HS1',
        'HS1 jump',
        'XX1 move F',
        'HS1 move FXF',
        'HS1 move',
        'HS1 form zeta',
        'MK2 form ma',
        'HS1 fire',
        'HS1 fire ZZ9',
        'HS1 remove now',
        'HS1 fire ME1 HZ1',
      ].join('\n'),
    )
    expect(parsed.ok).toBe(false)
    if (parsed.ok) return
    expect(parsed.errors.map((e) => [e.line, e.rule])).toEqual([
      [1, 'NOTATION'],
      [2, 'NOTATION'],
      [3, 'GN-4-1'],
      [4, 'GN-4-4'],
      [5, 'GN-4-4'],
      [6, 'GN-11-2'],
      [7, 'GN-11'],
      [8, 'NOTATION'],
      [9, 'GN-6-1'],
      [10, 'NOTATION'],
      [11, 'NOTATION'],
    ])
    // Names of the object prototype are neither verbs nor forms.
    expect(parse('HS1 constructor ME1')).toMatchObject({ ok: false, errors: [{ rule: 'NOTATION', line: 1 }] })
    expect(parse('HS1 form constructor')).toMatchObject({ ok: false, errors: [{ rule: 'GN-11-2', line: 1 }] })
    expect(greennoa.validate(state, 'AEUG', [{ kind: 'transform', unit: 'HS1', form: 'constructor' }])).toEqual([
      {
        rule: 'GN-11-2',
        message: 'Hyaku-Shiki has no form "constructor"',
        order: 0,
        field: 'form',
        key: 'greennoa.form.unknown',
        params: { type: 'Hyaku-Shiki', form: 'constructor' },
      },
    ])
    expect(parsed.errors[5]?.message).toMatch(/line 6 "HS1 form zeta": "zeta" is not a form: use normal or launcher/)
    expect(parsed.orders).toEqual([])
  })

  it('formats orders that read back to the same orders, and a pass for none', () => {
    const orders: GnOrder[] = [
      { kind: 'transform', unit: 'ME1', form: 'ma' },
      { kind: 'move', unit: 'ME1', steps: ['L', 'F', 'F', 'R'] },
      { kind: 'remove', unit: 'HZ2' },
      { kind: 'fire', unit: 'HZ1', target: 'MK2' },
      { kind: 'melee', unit: 'ME1', target: 'HS1' },
    ]
    const text = greennoa.formatOrders(orders, state)
    expect(text).toBe('ME1 form ma\nME1 move LFFR\nHZ2 remove\nHZ1 fire MK2\nME1 melee HS1')
    expect(greennoa.parseOrders(text, state, 'TITANS')).toMatchObject({ ok: true, orders })
    expect(greennoa.formatOrders([], state)).toBe('pass')
    expect(parse(greennoa.formatOrders([], state))).toMatchObject({ ok: true, orders: [], passes: [1] })
  })

  it('checks JSON orders against the schema and rebuilds them', () => {
    const rs = greennoa as unknown as AnyRuleset
    const good = readOrders(rs, [
      { kind: 'move', unit: 'HS1', steps: ['F', 'L'] },
      { kind: 'fire', unit: 'HS1', target: 'ME1' },
    ])
    expect(good).toEqual({
      ok: true,
      orders: [
        { kind: 'move', unit: 'HS1', steps: ['F', 'L'] },
        { kind: 'fire', unit: 'HS1', target: 'ME1' },
      ],
    })
    const bad = readOrders(rs, [
      { kind: 'move', unit: 'HS1', steps: ['X'] },
      { kind: 'fire', unit: 'HS1' },
      { kind: 'jump' },
    ])
    expect(bad.ok).toBe(false)
    if (bad.ok) return
    expect(bad.errors.map((e) => [e.rule, e.order])).toEqual([
      ['ORDER', 0],
      ['ORDER', 1],
      ['ORDER', 2],
    ])
    expect(readOrders(rs, [{ kind: 'remove', unit: 'HS1', extra: 1 }]).ok).toBe(false)
  })
})

describe('GREEN NOA form names in Japanese', () => {
  const titans = (text: string) => greennoa.parseOrders(text, state, 'TITANS')

  it('reads the forms by their Japanese names, full-width or half-width, with or without middle dots', () => {
    const forms = (text: string, read = parse) => {
      const parsed = read(text)
      expect(parsed, text).toMatchObject({ ok: true })
      return (parsed.orders ?? []).map((o) => (o.kind === 'transform' ? o.form : o.kind))
    }
    expect(forms('百式 変形 ランチャー')).toEqual(['launcher'])
    expect(forms('HS1 form メガ・バズーカ・ランチャー\nHS1 form ﾒｶﾞﾊﾞｽﾞｰｶﾗﾝﾁｬｰ')).toEqual(['launcher', 'launcher'])
    expect(forms('HS1 変形 メガバズーカランチャー装備状態')).toEqual(['launcher'])
    expect(forms('百式 変形 通常\nHS1 form ＭＳ\nHS1 form 通常形態')).toEqual(['normal', 'normal', 'normal'])
    expect(
      forms('メッサーラ 変形 MA\nME1 form モビルアーマー\nME1 form ｍｓ\nME1 form モビルスーツ形態', titans),
    ).toEqual(['ma', 'ma', 'ms', 'ms'])
    // A name of another type's form is not one of this unit's.
    expect(parse('HS1 form モビルアーマー')).toMatchObject({ ok: false, errors: [{ rule: 'GN-11-2' }] })
  })

  it('words a wrong form in the reader language, naming the unit type and its forms in it', () => {
    const bad = parse('HS1 form zeta')
    expect(bad.ok).toBe(false)
    if (bad.ok) return
    // The engine's English is what it was.
    expect(bad.errors[0]!.message).toBe('line 1 "HS1 form zeta": "zeta" is not a form: use normal or launcher')
    expect(localiseOrderErrors('ja', bad.errors)[0]!.message).toBe(
      '1行目「HS1 form zeta」: 「zeta」は形態ではありません: ' +
        '通常形態（normal）かメガバズーカランチャー装備状態（launcher）を使ってください',
    )
    // As the movement check refuses a JSON order naming a form the type lacks.
    const wrong = [refuse('GN-11-1', 'greennoa.form.unknown', { type: 'Messala', form: 'launcher' })]
    expect(wrong.map((e) => e.message)).toEqual(['Messala has no form "launcher"'])
    expect(localiseOrderErrors('ja', wrong)[0]!.message).toBe('メッサーラに形態「launcher」はありません')
  })

  it('has a Japanese name for every unit type and form of the roster', () => {
    for (const entry of loadGreenNoa())
      for (const type of Object.values(entry.scenario.types)) {
        expect(orderErrorMessage('ja', { message: '', key: `greennoa.typeName.${type.name}` })).toBe(type.nameJa)
        for (const form of type.formOrder) {
          expect(orderErrorMessage('ja', { message: '', key: `greennoa.formName.${form}` }), form).toMatch(/形態|状態/)
          expect(FORM_WORDS[form], form).toBeDefined()
        }
      }
  })
})
