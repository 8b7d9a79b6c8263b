// Target groups that hold the attacker's own units (A-8-4), and the odds a preview shows: only the
// defender's units decide the defender's shift, the C/D modifier (AMB-A-8) and the I-field
// (A-17-4); the preview reads the column exactly as the roll will.
import { describe, expect, it } from 'vitest'
import type { GameEvent } from '../../../src/engine/ruleset.js'
import { abaoaqu } from '../../../src/rulesets/abaoaqu/engine/index.js'
import type { AttackOption } from '../../../src/rulesets/abaoaqu/engine/seat-options.js'
import type { Hex, Order, State } from '../../../src/rulesets/abaoaqu/engine/types.js'
import { sandbox, submit, unit, type Piece } from './harness.js'

type Attack = Extract<Order, { kind: 'attack' }>
const shoot = (units: string[], target: Attack['target'], extra: Partial<Attack> = {}): Attack => ({
  kind: 'attack',
  mode: 'shoot',
  units,
  target,
  ...extra,
})
const p = (id: string, type: string, side: 'FED' | 'ZEON', hex: Hex, extra: Partial<Piece> = {}): Piece => ({
  id,
  type,
  side,
  hex,
  ...extra,
})
const ofType = (events: GameEvent[], type: string) => events.filter((e) => e.type === type)
const rules = (s: State, seat: string, orders: Order[]) => abaoaqu.validate(s, seat, orders).map((e) => e.rule)
const withStanding = (s: State, seat: string, defenceShift: 'full' | 'none' | number): State => ({
  ...s,
  standing: { ...s.standing, [seat]: { defenceShift } },
})
const resultsOf = (e: GameEvent) => e.results as Array<{ unit: string; modifier: number; result: string }>
const SIXES = [6, 6, 6, 6, 6, 6]

function parse(text: string, s: State, seat: string): Order[] {
  const parsed = abaoaqu.parseOrders(text, s, seat)
  if (!parsed.ok) throw new Error(JSON.stringify(parsed.errors))
  return parsed.orders
}

describe("A-14 only the defender's units decide the defender's shift", () => {
  // The trial's case: the Feds shoot a hex holding their own Ball and the Zeong. Two GMs at 1 hex:
  // 4 + 4 = 8 against Ball 2 + Zeong 6 = 8, 1:1; the Zeong's N2 makes it 1:3.
  const ballAndZeong = () =>
    sandbox(
      [
        p('GM1', 'GM', 'FED', [5, 5]),
        p('GM2', 'GM', 'FED', [5, 5]),
        p('BL1', 'BL', 'FED', [5, 6]),
        p('ZI1', 'ZI', 'ZEON', [5, 6]),
      ],
      'attack-lead',
    )
  const groupShot = shoot(['GM1', 'GM2'], { group: 'MS' }, { hex: [5, 6] })

  function damageCheck(s: State) {
    const declared = submit(s, 'FED', [groupShot])
    expect(ofType(declared.events, 'declare')[0]).toMatchObject({
      targets: ['BL1', 'ZI1'],
      attackTotal: 8,
      defenceTotal: 8,
      base: '1:1',
    })
    return ofType(submit(declared.state, 'ZEON', [], [1, ...SIXES]).events, 'attack')[0]!
  }

  it('the attacker\'s "standing defence none" does not take away the Zeong\'s N2 (1:3, not 1:1)', () => {
    expect(damageCheck(withStanding(ballAndZeong(), 'FED', 'none'))).toMatchObject({
      defenderShift: 2,
      shift: -2,
      column: '1:3',
    })
  })

  it("a number of ranks in the attacker's standing order does not cap it either", () => {
    expect(damageCheck(withStanding(ballAndZeong(), 'FED', 0))).toMatchObject({ defenderShift: 2, column: '1:3' })
  })

  it("the defender's own standing order still applies (none: 1:1)", () => {
    expect(damageCheck(withStanding(ballAndZeong(), 'ZEON', 'none'))).toMatchObject({ defenderShift: 0, column: '1:1' })
  })

  it('return fire too: Zeon shooting its Zaku and the Gundam leaves the Gundam N3, whatever its standing order', () => {
    // Zaku eff 5 - 1 = 4 against Gundam 8 + Zaku 2 = 10: 1:3; the Gundam's N3 leaves it below 1:4.
    const s = withStanding(
      sandbox(
        [p('ZK1', 'ZK', 'ZEON', [5, 5]), p('ZK2', 'ZK', 'ZEON', [5, 6]), p('GD1', 'GD', 'FED', [5, 6])],
        'attack-follow',
      ),
      'ZEON',
      'none',
    )
    const r = submit(s, 'ZEON', [shoot(['ZK1'], { group: 'MS' }, { hex: [5, 6] })], SIXES)
    expect(ofType(r.events, 'attack')[0]).toMatchObject({ base: '1:3', defenderShift: 3, column: 'below 1:4' })
  })
})

describe('AMB-A-8 the C/D modifier of a group is taken over its enemy units only', () => {
  // Zaku eff 5 - 2 = 3 against GM 3 + Zaku 2 = 5: 1:2. The attacker's own Zaku shares the roll.
  const group = shoot(['ZK1'], { group: 'MS' }, { hex: [5, 5] })
  const mixed = (gm: 'N' | 'C' | 'D', zaku: 'N' | 'C' | 'D', options: Record<string, string> = {}) =>
    sandbox(
      [
        p('ZK1', 'ZK', 'ZEON', [5, 7]),
        p('GM1', 'GM', 'FED', [5, 5], { morale: gm }),
        p('ZK2', 'ZK', 'ZEON', [5, 5], { morale: zaku }),
      ],
      'attack-follow',
      options,
    )
  const modifiers = (s: State) =>
    resultsOf(ofType(submit(s, 'ZEON', [group], [3, ...SIXES]).events, 'attack')[0]!).map((x) => [x.unit, x.modifier])

  it("smallest (the default): a confused GM gives +1 although the attacker's own Zaku is steady", () => {
    expect(modifiers(mixed('C', 'N'))).toEqual([
      ['GM1', 1],
      ['ZK2', 1],
    ])
  })

  it("option groupDieModifier=max: the attacker's own panicked Zaku does not give the GM +2", () => {
    expect(modifiers(mixed('N', 'D', { groupDieModifier: 'max' }))).toEqual([
      ['GM1', 0],
      ['ZK2', 0],
    ])
  })

  it('option groupDieModifier=perUnit: each unit keeps its own', () => {
    expect(modifiers(mixed('C', 'D', { groupDieModifier: 'perUnit' }))).toEqual([
      ['GM1', 1],
      ['ZK2', 2],
    ])
  })
})

describe('A-17-4 the I-field protects only the Bigzam', () => {
  // Two GMs at 1 hex shoot ships: Attack vs Ship 4 - 1 = 3 each. The Bigzam is the Feds' own here.
  const friendlyBigzam = (extra: Piece[] = []) =>
    sandbox(
      [
        p('GM1', 'GM', 'FED', [5, 5]),
        p('GM2', 'GM', 'FED', [5, 5]),
        ...extra,
        p('SA1', 'SA', 'ZEON', [5, 6]),
        p('BG1', 'BG', 'FED', [5, 6]),
      ],
      'attack-lead',
    )

  it('a friendly Bigzam in a group of enemy ships does not cancel beam fire against them', () => {
    const s = friendlyBigzam()
    const order = shoot(['GM1', 'GM2'], { group: 'SHIP' }, { hex: [5, 6] })
    expect(rules(s, 'FED', [order])).toEqual([])
    const declared = submit(s, 'FED', [order])
    // Beam fire cannot touch the Bigzam, so it is not part of the group: 6 against the Salamis' 6.
    expect(ofType(declared.events, 'declare')[0]).toMatchObject({
      targets: ['SA1'],
      attackTotal: 6,
      defenceTotal: 6,
      base: '1:1',
    })
    const r = submit(declared.state, 'ZEON', [], [6, ...SIXES])
    expect(resultsOf(ofType(r.events, 'attack')[0]!)).toEqual([{ unit: 'SA1', modifier: 0, result: 'D' }])
    expect(unit(r.state, 'BG1').morale).toBe('N')
  })

  it('with a non-beam unit in the attack the friendly Bigzam is in the group (A-8-4): defence and result', () => {
    const s = friendlyBigzam([p('BL1', 'BL', 'FED', [5, 5])])
    const declared = submit(s, 'FED', [shoot(['GM1', 'GM2', 'BL1'], { group: 'SHIP' }, { hex: [5, 6] })])
    // 3 + 3 + Ball 3 - 1 = 8 against Salamis 6 + Bigzam 12 = 18: 1:3.
    expect(ofType(declared.events, 'declare')[0]).toMatchObject({
      targets: ['SA1', 'BG1'],
      attackTotal: 8,
      defenceTotal: 18,
      base: '1:3',
    })
    const r = submit(declared.state, 'ZEON', [], [6, ...SIXES])
    expect(resultsOf(ofType(r.events, 'attack')[0]!).map((x) => [x.unit, x.result])).toEqual([
      ['SA1', 'C'],
      ['BG1', 'C'],
    ])
  })

  it('an enemy Bigzam in the group still stops beam fire (docs/abaoaqu.md decision 4)', () => {
    const s = sandbox(
      [p('GM1', 'GM', 'FED', [5, 5]), p('SA1', 'SA', 'ZEON', [5, 6]), p('BG1', 'BG', 'ZEON', [5, 6])],
      'attack-lead',
    )
    expect(rules(s, 'FED', [shoot(['GM1'], { group: 'SHIP' }, { hex: [5, 6] })])).toEqual(['A-17-4'])
  })
})

describe('the preview reads the column the roll will be read on', () => {
  // Gundam N3 (6 - 1 = 5) against the Zeong N2 (Def 6): 1:2; full ranks +1 -> 1:1, ranks 0: -2 -> 1:4.
  const gundamOnZeong = () => sandbox([p('GD1', 'GD', 'FED', [5, 5]), p('ZI1', 'ZI', 'ZEON', [5, 6])], 'attack-lead')
  const preview = (s: State, text: string) => abaoaqu.preview!(s, 'FED', parse(text, s, 'FED')) as AttackOption[]

  it('"shoot GD1 @ ZI1 ranks 0" previews shift -2 -> 1:4, the trial\'s case', () => {
    const [odds] = preview(gundamOnZeong(), 'shoot GD1 @ ZI1 ranks 0')
    expect(odds).toMatchObject({ base: '1:2', shift: -2, column: '1:4' })
    expect(odds!.text).toBe('shoot GD1 @ ZI1 ranks 0  # 5 vs 6, 1:2, shift -2 -> 1:4')
  })

  it('for every number of ranks, the previewed shift and column are the ones resolution uses', () => {
    for (const ranks of ['', ' ranks 0', ' ranks 1', ' ranks 2', ' ranks 3']) {
      const s = gundamOnZeong()
      const text = `shoot GD1 @ ZI1${ranks}`
      const [odds] = preview(s, text)
      const declared = submit(s, 'FED', parse(text, s, 'FED'))
      const attack = ofType(submit(declared.state, 'ZEON', [], [1, ...SIXES]).events, 'attack')[0]!
      expect([text, odds!.shift, odds!.column ?? 'below 1:4'], text).toEqual([text, attack.shift, attack.column])
    }
  })

  it('a student attacker naming 0 ranks still previews its compulsory penalty', () => {
    const s = sandbox([p('GM1', 'GM', 'FED', [5, 5], { pilot: 'S' }), p('ZK1', 'ZK', 'ZEON', [5, 6])], 'attack-lead')
    expect(preview(s, 'shoot GM1 @ ZK1 ranks 0')[0]).toMatchObject({ shift: -1 })
  })
})

describe('a game set up under abaoaqu-1 keeps the rules it started with', () => {
  // Its log re-folds to the states it recorded: the three readings above apply from abaoaqu-2 on.
  const v1 = (s: State): State => ({ ...s, rulesVersion: 'abaoaqu-1' })

  it('new games are set up under the current version, abaoaqu-2', () => {
    expect(sandbox([]).rulesVersion).toBe('abaoaqu-2')
    expect(abaoaqu.version).toBe('abaoaqu-2')
  })

  it("abaoaqu-1: attacker's standing order counted, C/D over the whole group, a friendly Bigzam stopped beams", () => {
    const s = v1(
      withStanding(
        sandbox(
          [
            p('GM1', 'GM', 'FED', [5, 5]),
            p('GM2', 'GM', 'FED', [5, 5]),
            p('BL1', 'BL', 'FED', [5, 6]),
            p('ZI1', 'ZI', 'ZEON', [5, 6]),
          ],
          'attack-lead',
        ),
        'FED',
        'none',
      ),
    )
    const declared = submit(s, 'FED', [shoot(['GM1', 'GM2'], { group: 'MS' }, { hex: [5, 6] })])
    expect(ofType(submit(declared.state, 'ZEON', [], [1, ...SIXES]).events, 'attack')[0]).toMatchObject({
      defenderShift: 0,
      column: '1:1',
    })

    const mixed = v1(
      sandbox(
        [
          p('ZK1', 'ZK', 'ZEON', [5, 7]),
          p('GM1', 'GM', 'FED', [5, 5], { morale: 'C' }),
          p('ZK2', 'ZK', 'ZEON', [5, 5]),
        ],
        'attack-follow',
      ),
    )
    const r = submit(mixed, 'ZEON', [shoot(['ZK1'], { group: 'MS' }, { hex: [5, 5] })], [3, ...SIXES])
    expect(resultsOf(ofType(r.events, 'attack')[0]!).map((x) => x.modifier)).toEqual([0, 0])

    const bigzam = v1(
      sandbox(
        [p('GM1', 'GM', 'FED', [5, 5]), p('SA1', 'SA', 'ZEON', [5, 6]), p('BG1', 'BG', 'FED', [5, 6])],
        'attack-lead',
      ),
    )
    expect(rules(bigzam, 'FED', [shoot(['GM1'], { group: 'SHIP' }, { hex: [5, 6] })])).toEqual(['A-17-4'])
  })
})
