// pilots (rules/abaoaqu.md §4.2) and the pending decisions of §8: the defender's shift
// choice for declared attacks, standing orders for return fire, compulsory student penalties.
import { describe, expect, it } from 'vitest'
import type { GameEvent } from '../../../src/engine/ruleset.js'
import { abaoaqu } from '../../../src/rulesets/abaoaqu/engine/index.js'
import type { Hex, Order, State } from '../../../src/rulesets/abaoaqu/engine/types.js'
import { sandbox, submit, type Piece } from './harness.js'

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
const firstOf = (events: GameEvent[], type: string) => events.find((e) => e.type === type)!
const rules = (s: State, seat: string, orders: Order[]) => abaoaqu.validate(s, seat, orders).map((e) => e.rule)
const pendingSides = (s: State) =>
  abaoaqu
    .pending(s)
    .filter((x) => x.seats.length > 0)
    .map((x) => `${x.side}:${x.step}`)

function parse(text: string, s: State, seat: string): Order[] {
  const parsed = abaoaqu.parseOrders(text, s, seat)
  if (!parsed.ok) throw new Error(JSON.stringify(parsed.errors))
  return parsed.orders
}

/** Two GMs in the Zeong's hex declare 10 + 10 against Def 6: 3:1 before the Zeong's N2. */
function gmsOnZeong(zeong: Partial<Piece> = {}, options: Record<string, string> = {}) {
  const s = sandbox(
    [p('GM1', 'GM', 'FED', [5, 5]), p('GM2', 'GM', 'FED', [5, 5]), p('ZI1', 'ZI', 'ZEON', [5, 5], zeong)],
    'attack-lead',
    options,
  )
  const r = submit(s, 'FED', [shoot(['GM1', 'GM2'], { unit: 'ZI1' })])
  const id = firstOf(r.events, 'declare').attack as string
  return { state: r.state, id }
}

describe('A-11 defensive shift chosen by the follow-up side (§8)', () => {
  it('A-11-2 "defend A1 ranks 0" keeps the column at 3:1; ranks 1 gives 2:1; no answer uses the full N2: 1:1', () => {
    const columns = ['ranks 0', 'ranks 1', null].map((answer) => {
      const { state, id } = gmsOnZeong()
      expect(id).toBe('A1')
      const orders = answer === null ? [] : parse(`defend ${id} ${answer}`, state, 'ZEON')
      const r = submit(state, 'ZEON', orders, [1, 6, 6, 6])
      const a = firstOf(r.events, 'attack')
      return [a.base, a.defenderShift, a.column]
    })
    expect(columns).toEqual([
      ['3:1', 0, '3:1'],
      ['3:1', 1, '2:1'],
      ['3:1', 2, '1:1'],
    ])
  })

  it('A-11-2 the defender may not name more ranks than it has, nor answer for an attack on another side', () => {
    const { state, id } = gmsOnZeong()
    expect(rules(state, 'ZEON', [{ kind: 'defend', attack: id, ranks: 3 }])).toEqual(['A-11-2'])
    expect(rules(state, 'ZEON', [{ kind: 'defend', attack: 'A99', ranks: 0 }])).toEqual(['A-11-2'])
  })

  // docs/abaoaqu.md decision 7: a follow-up side with nothing to do but the shift choice is not sent
  // an email for it; its standing order answers ("answered ahead", §8).
  it("§8 when the defensive shift is the follow-up side's only choice, its standing order answers it", () => {
    const s = sandbox(
      [p('GM1', 'GM', 'FED', [5, 5]), p('GM2', 'GM', 'FED', [5, 5]), p('ZI1', 'ZI', 'ZEON', [5, 5], { morale: 'C' })],
      'attack-lead',
    )
    const full = submit(s, 'FED', [shoot(['GM1', 'GM2'], { unit: 'ZI1' })], [1])
    expect(pendingSides(full.state)).not.toContain('ZEON:attack-follow')
    expect(firstOf(full.events, 'attack')).toMatchObject({ defenderShift: 2 })
    const none = submit(
      { ...s, standing: { ...s.standing, ZEON: { defenceShift: 'none' } } },
      'FED',
      [shoot(['GM1', 'GM2'], { unit: 'ZI1' })],
      [1],
    )
    expect(firstOf(none.events, 'attack')).toMatchObject({ defenderShift: 0 })
  })

  it('AMB-A-13 option newtypeShift=always: the full rank is compulsory', () => {
    const { state, id } = gmsOnZeong({}, { newtypeShift: 'always' })
    expect(rules(state, 'ZEON', [{ kind: 'defend', attack: id, ranks: 0 }])).toEqual(['AMB-A-13'])
    expect(rules(state, 'ZEON', [{ kind: 'defend', attack: id, ranks: 2 }])).toEqual([])
  })

  it('A-14-1 a defending group uses its best rank less the student penalty (N2 + S: up to +1, at least -1)', () => {
    const s = sandbox(
      [
        p('GM1', 'GM', 'FED', [5, 5]),
        p('GM2', 'GM', 'FED', [5, 5]),
        p('ZI1', 'ZI', 'ZEON', [5, 5]),
        p('RD1', 'RD', 'ZEON', [5, 5], { pilot: 'S' }),
      ],
      'attack-lead',
    )
    const declared = submit(s, 'FED', [shoot(['GM1', 'GM2'], { group: 'MS' }, { hex: [5, 5] })])
    const id = firstOf(declared.events, 'declare').attack as string
    const full = submit(declared.state, 'ZEON', [], [1, 6, 6, 6])
    const none = submit(declared.state, 'ZEON', [{ kind: 'defend', attack: id, ranks: 0 }], [1, 6, 6, 6])
    expect(firstOf(full.events, 'attack')).toMatchObject({ defenderShift: 1 })
    expect(firstOf(none.events, 'attack')).toMatchObject({ defenderShift: -1 })
  })
})

describe('A-11 attacker shift and standing orders for return fire', () => {
  it('A-11-2 the attacker names its ranks in the declaration', () => {
    const s = sandbox([p('GD1', 'GD', 'FED', [5, 5]), p('ZK1', 'ZK', 'ZEON', [5, 7])], 'attack-lead')
    const r = submit(s, 'FED', [shoot(['GD1'], { unit: 'ZK1' }, { ranks: 1 })])
    expect(firstOf(r.events, 'declare')).toMatchObject({ attackerShift: 1 })
    expect(rules(s, 'FED', [shoot(['GD1'], { unit: 'ZK1' }, { ranks: 4 })])).toEqual(['A-11-2'])
  })

  // Two Zakus in the Gundam's hex shoot it: 10 + 10 against Def 8, 2:1 before the Gundam's N3.
  const zakusOnGundam = () =>
    sandbox(
      [p('GD1', 'GD', 'FED', [5, 5]), p('ZK1', 'ZK', 'ZEON', [5, 5]), p('ZK2', 'ZK', 'ZEON', [5, 5])],
      'attack-lead',
    )
  const returnFire = (s: State) => submit(s, 'ZEON', [shoot(['ZK1', 'ZK2'], { unit: 'GD1' })], [1, 6, 6, 6])

  it('§8 by default the defender of return fire uses its full rank (standing policy full)', () => {
    const s = submit(zakusOnGundam(), 'FED', []).state
    expect(firstOf(returnFire(s).events, 'attack')).toMatchObject({ base: '2:1', defenderShift: 3, column: '1:3' })
  })

  it('§8 standing order defenceShift none applies to the return-fire phase', () => {
    const s = submit(zakusOnGundam(), 'FED', [{ kind: 'standing', defenceShift: 'none' }])
    expect(firstOf(s.events, 'standing')).toMatchObject({ seat: 'FED' })
    expect(firstOf(returnFire(s.state).events, 'attack')).toMatchObject({
      base: '2:1',
      defenderShift: 0,
      column: '2:1',
    })
  })

  it('§8 standing order with a number of ranks, written in the notation', () => {
    const base = zakusOnGundam()
    const s = submit(base, 'FED', parse('standing defence 1', base, 'FED')).state
    expect(firstOf(returnFire(s).events, 'attack')).toMatchObject({ defenderShift: 1, column: '1:1' })
  })

  it('§8 a standing order also answers declared attacks the defender leaves unanswered', () => {
    const { state } = gmsOnZeong()
    const r = submit(state, 'ZEON', [{ kind: 'standing', defenceShift: 'none' }], [1, 6, 6, 6])
    expect(firstOf(r.events, 'attack')).toMatchObject({ defenderShift: 0, column: '3:1' })
  })
})

describe('A-13 students: the penalty is compulsory', () => {
  it('A-13-3 a student attacker shifts one column against itself even when naming 0 ranks', () => {
    const s = sandbox([p('GM1', 'GM', 'FED', [5, 5], { pilot: 'S' }), p('ZK1', 'ZK', 'ZEON', [5, 7])], 'attack-lead')
    const r = submit(s, 'FED', [shoot(['GM1'], { unit: 'ZK1' }, { ranks: 0 })])
    expect(firstOf(r.events, 'declare')).toMatchObject({ attackerShift: -1 })
  })

  it('A-13-3 a student defender gives the column away whatever it answers', () => {
    const s = sandbox([p('GM1', 'GM', 'FED', [5, 5]), p('RD1', 'RD', 'ZEON', [5, 5], { pilot: 'S' })], 'attack-lead')
    const declared = submit(s, 'FED', [shoot(['GM1'], { unit: 'RD1' })]) // 10 vs 3: 3:1
    const id = firstOf(declared.events, 'declare').attack as string
    // A student has no ranks to choose from: a defence choice is refused, and no answer changes the column.
    expect(rules(declared.state, 'ZEON', [{ kind: 'defend', attack: id, ranks: 0 }])).toEqual(['A-11-2'])
    for (const orders of [[{ kind: 'standing', defenceShift: 'none' }], []] as Order[][]) {
      const r = submit(declared.state, 'ZEON', orders, [1, 6, 6, 6])
      expect(firstOf(r.events, 'attack')).toMatchObject({ base: '3:1', defenderShift: -1, shift: 1, column: '4:1' })
    }
  })

  it('A-13-3 a student hit by return fire gets no say either: standing none still leaves the penalty', () => {
    const s = sandbox([p('GM1', 'GM', 'FED', [5, 5], { pilot: 'S' }), p('ZK1', 'ZK', 'ZEON', [5, 5])], 'attack-lead')
    const lead = submit(s, 'FED', [{ kind: 'standing', defenceShift: 'none' }]).state
    const r = submit(lead, 'ZEON', [shoot(['ZK1'], { unit: 'GM1' })], [1, 6, 6, 6]) // 10 vs 3: 3:1
    expect(firstOf(r.events, 'attack')).toMatchObject({ defenderShift: -1, column: '4:1' })
  })
})
