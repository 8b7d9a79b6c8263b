// MS@W test vectors TV-M-01…TV-M-12 (rules/msaw.md §11): combat, squads and ranges, each roll scripted.
import { describe, expect, it } from 'vitest'
import { scriptedDice } from '../../../src/engine/dice.js'
import { attackProblem, runAttack } from '../../../src/rulesets/msaw/engine/combat.js'
import { applySwitch } from '../../../src/rulesets/msaw/engine/items.js'
import { attackScore, squadCost } from '../../../src/rulesets/msaw/engine/stats.js'
import type { MsEvent, MsState } from '../../../src/rulesets/msaw/engine/types.js'
import { itemOf, makeState, suitOf } from './fixture.js'

const ofType = <T extends MsEvent['type']>(events: MsEvent[], type: T) =>
  events.filter((e): e is Extract<MsEvent, { type: T }> => e.type === type)

/** A Zaku II with a machine gun facing a GM 5" away; the GM's shield and policies as asked. */
function duel(opts: { gmShield: boolean; options?: Parameters<typeof makeState>[0]['options'] }): MsState {
  return makeState({
    options: opts.options,
    suits: [
      { id: 'ZAKU', type: 'zaku2', side: 'A', at: [10, 10], bought: ['zaku-mg'], hold: { R: 'zaku-mg' } },
      {
        id: 'GM',
        type: 'gm',
        side: 'B',
        at: [10, 15],
        bought: opts.gmShield ? ['gm-shield'] : [],
        hold: opts.gmShield ? { L: 'gm-shield' } : {},
        policy: { counter: 'never' },
      },
    ],
  })
}

describe('MS@W test vectors (rules/msaw.md §11)', () => {
  it('TV-M-01: the combat example: hit, full damage 3 split 2/1, the counterattack misses, the exchange ends', () => {
    let state = makeState({
      suits: [
        { id: 'ZAKU', type: 'zaku2', side: 'A', at: [20, 20], bought: ['heat-hawk'] },
        {
          id: 'GM',
          type: 'gm',
          side: 'B',
          at: [21.5, 20],
          bought: ['gm-shield'],
          hold: { L: 'gm-shield', R: 'beam-saber' },
        },
      ],
    })
    // Switch: the heat hawk from the waist into the right hand (the move brings it to close range).
    state = applySwitch(state, 'ZAKU', [{ op: 'draw', item: 'heat-hawk', hand: 'R' }]).state
    expect(attackProblem(state, 'ZAKU', 'GM', 'heat-hawk', false)).toBeNull()
    // attack 10; defend 11; damage 3; counterattack 16. Nothing more may be rolled.
    const dice = scriptedDice([3, 3, 4, 3, 4, 4, 3, 5, 5, 6])
    const r = runAttack(state, 'ZAKU', 'GM', 'heat-hawk', dice)
    expect(r.ask).toBeNull()
    expect(dice.rolls).toHaveLength(10)
    const [attack, counter] = ofType(r.events, 'attack')
    expect(attack).toMatchObject({ ms: 'ZAKU', roll: 10, score: 11, hit: true, counter: false })
    expect(ofType(r.events, 'shield')[0]).toMatchObject({ ms: 'GM', shield: 'gm-shield', use: true })
    expect(ofType(r.events, 'defend')[0]).toMatchObject({ defend: 10, roll: 11, result: 'full' })
    expect(ofType(r.events, 'damage')[0]).toMatchObject({ total: 3, toShield: 2, toHp: 1 })
    expect(suitOf(r.state, 'GM').hp).toBe(19)
    expect(itemOf(r.state, 'GM', 'gm-shield')?.body).toBe(8)
    expect(counter).toMatchObject({ ms: 'GM', target: 'ZAKU', weapon: 'beam-saber', counter: true, score: 12 })
    expect(counter).toMatchObject({ roll: 16, hit: false })
    expect(suitOf(r.state, 'ZAKU').hp).toBe(19)
    expect(r.events.at(-1)).toBe(counter)
  })

  it('TV-M-02: a Zaku II with a 120mm machine gun and a heat hawk costs 150 points', () => {
    const scn = makeState({ suits: [] }).scenario
    expect(squadCost(scn, [{ id: 'Z1', type: 'zaku2', bought: ['zaku-mg', 'heat-hawk'] }])).toBe(150)
  })

  it('TV-M-03: Defend 9, defend roll 9, damage 7, no shield: 4 damage', () => {
    const state = makeState({
      suits: [
        { id: 'GM', type: 'gm', side: 'A', at: [10, 10], bought: ['machine-pistol'], hold: { R: 'machine-pistol' } },
        { id: 'GC', type: 'guncannon', side: 'B', at: [10, 15], policy: { counter: 'never' } },
      ],
    })
    // attack 9 (hit at 12); defend 2+3+4 = 9; damage 2d6 = 3+4 = 7
    const r = runAttack(state, 'GM', 'GC', 'machine-pistol', scriptedDice([3, 3, 3, 2, 3, 4, 3, 4]))
    expect(ofType(r.events, 'defend')[0]).toMatchObject({ defend: 9, roll: 9, result: 'half' })
    expect(ofType(r.events, 'damage')[0]).toMatchObject({ rolled: 7, total: 4, toHp: 4, toShield: 0 })
    expect(suitOf(r.state, 'GC').hp).toBe(16)
  })

  it('TV-M-04: Defend 10, roll 10, damage 7, shield in use: halve to 4, shield 2, HP 2', () => {
    const state = duel({ gmShield: true })
    const r = runAttack(state, 'ZAKU', 'GM', 'zaku-mg', scriptedDice([3, 3, 3, 3, 3, 4, 3, 4]))
    expect(ofType(r.events, 'defend')[0]).toMatchObject({ defend: 10, roll: 10, result: 'half' })
    expect(ofType(r.events, 'damage')[0]).toMatchObject({ rolled: 7, total: 4, toShield: 2, toHp: 2 })
    expect(suitOf(r.state, 'GM').hp).toBe(18)
    expect(itemOf(r.state, 'GM', 'gm-shield')?.body).toBe(8)
  })

  it('TV-M-05: full damage 5 with a shield in use: shield −3, HP −2', () => {
    const state = duel({ gmShield: true })
    const r = runAttack(state, 'ZAKU', 'GM', 'zaku-mg', scriptedDice([3, 3, 3, 3, 4, 4, 2, 3]))
    expect(ofType(r.events, 'defend')[0]).toMatchObject({ roll: 11, result: 'full' })
    expect(ofType(r.events, 'damage')[0]).toMatchObject({ total: 5, toShield: 3, toHp: 2 })
    expect(suitOf(r.state, 'GM').hp).toBe(18)
    expect(itemOf(r.state, 'GM', 'gm-shield')?.body).toBe(7)
  })

  it('TV-M-06: range bands: rifle at 2.5" illegal, vulcan at 5.0" legal, saber at 2.0" legal and 2.1" illegal', () => {
    const at = (d: number) =>
      makeState({
        suits: [
          {
            id: 'RX',
            type: 'gundam',
            side: 'A',
            at: [10, 10],
            bought: ['beam-rifle'],
            hold: { R: 'beam-rifle', L: 'beam-saber' },
          },
          { id: 'Z', type: 'zaku2', side: 'B', at: [10 + d, 10] },
        ],
      })
    expect(attackProblem(at(2.5), 'RX', 'Z', 'beam-rifle', false)).toMatchObject({
      rule: 'MS-3.2',
      key: 'msaw.combat.attack.outOfRange',
      params: { distance: '2.5', min: '3', max: '16' },
    })
    expect(attackProblem(at(5), 'RX', 'Z', 'vulcan', false)).toBeNull()
    expect(attackProblem(at(2), 'RX', 'Z', 'beam-saber', false)).toBeNull()
    expect(attackProblem(at(2.1), 'RX', 'Z', 'beam-saber', false)).toMatchObject({
      rule: 'MS-3.3',
      key: 'msaw.combat.attack.notClose',
      params: { distance: '2.1' },
    })
    // The band's ends belong to it, to the hundredth (AMB-M-12).
    expect(attackProblem(at(3), 'RX', 'Z', 'beam-rifle', false)).toBeNull()
    expect(attackProblem(at(2.99), 'RX', 'Z', 'beam-rifle', false)).not.toBeNull()
    expect(attackProblem(at(5.01), 'RX', 'Z', 'vulcan', false)).not.toBeNull()
  })

  it('TV-M-07: Attack 11: a roll of 11 hits, 12 misses', () => {
    const state = duel({ gmShield: false })
    const hit = runAttack(state, 'ZAKU', 'GM', 'zaku-mg', scriptedDice([3, 4, 4, 1, 1, 1]))
    expect(ofType(hit.events, 'attack')[0]).toMatchObject({ score: 11, roll: 11, hit: true })
    expect(ofType(hit.events, 'defend')).toHaveLength(1)
    const miss = runAttack(state, 'ZAKU', 'GM', 'zaku-mg', scriptedDice([4, 4, 4]))
    expect(ofType(miss.events, 'attack')[0]).toMatchObject({ score: 11, roll: 12, hit: false })
    expect(ofType(miss.events, 'defend')).toHaveLength(0)
    expect(suitOf(miss.state, 'GM').hp).toBe(20)
  })

  it('TV-M-08: Defend 10: rolls 9 / 10 / 11 are no damage / half / full', () => {
    const state = duel({ gmShield: false })
    const roll = (defend: number[]) =>
      runAttack(state, 'ZAKU', 'GM', 'zaku-mg', scriptedDice([1, 1, 1, ...defend, 3, 4]))
    const dodged = roll([2, 3, 4])
    expect(ofType(dodged.events, 'defend')[0]?.result).toBe('dodged')
    expect(ofType(dodged.events, 'damage')).toHaveLength(0)
    expect(suitOf(dodged.state, 'GM').hp).toBe(20)
    const half = roll([3, 3, 4])
    expect(ofType(half.events, 'defend')[0]?.result).toBe('half')
    expect(suitOf(half.state, 'GM').hp).toBe(16)
    const full = roll([3, 4, 4])
    expect(ofType(full.events, 'defend')[0]?.result).toBe('full')
    expect(suitOf(full.state, 'GM').hp).toBe(13)
  })

  it('TV-M-09: one-hit kill: an attack roll of 3 destroys the target, no defend roll, no shield', () => {
    const state = duel({ gmShield: true, options: { oneHitKill: true } })
    const dice = scriptedDice([1, 1, 1])
    const r = runAttack(state, 'ZAKU', 'GM', 'zaku-mg', dice)
    expect(dice.rolls).toHaveLength(3)
    expect(ofType(r.events, 'one-hit-kill')).toEqual([
      { type: 'one-hit-kill', ref: 'MS-4.3', ms: 'ZAKU', target: 'GM' },
    ])
    expect(ofType(r.events, 'defend')).toHaveLength(0)
    expect(ofType(r.events, 'shield')).toHaveLength(0)
    expect(suitOf(r.state, 'GM').destroyed).toBe(true)
    expect(itemOf(r.state, 'GM', 'gm-shield')?.body).toBe(10)
    expect(ofType(r.events, 'destroyed')[0]).toMatchObject({ ms: 'GM', by: 'ZAKU', cost: 165 })
    expect(suitOf(r.state, 'ZAKU').cost).toBe(165)
    // Without the option, a 3 is an ordinary hit.
    const plain = runAttack(duel({ gmShield: true }), 'ZAKU', 'GM', 'zaku-mg', scriptedDice([1, 1, 1, 1, 1, 1]))
    expect(suitOf(plain.state, 'GM').destroyed).toBe(false)
    expect(ofType(plain.events, 'defend')).toHaveLength(1)
  })

  it('TV-M-10: with system error, a roll of 18 misses and a 1d6 of 4 makes the attacker skip 4 action phases', () => {
    const state = duel({ gmShield: false, options: { systemError: true } })
    const r = runAttack(state, 'ZAKU', 'GM', 'zaku-mg', scriptedDice([6, 6, 6, 4]))
    expect(ofType(r.events, 'attack')[0]).toMatchObject({ roll: 18, hit: false })
    expect(ofType(r.events, 'system-error')).toEqual([{ type: 'system-error', ref: 'MS-4.4', ms: 'ZAKU', die: 4 }])
    expect(suitOf(r.state, 'ZAKU').errorPhases).toBe(4)
    expect(suitOf(r.state, 'GM').hp).toBe(20)
    expect(attackProblem(r.state, 'ZAKU', 'GM', 'zaku-mg', false)).toMatchObject({ rule: 'MS-4.4' })
  })

  it('TV-M-11: the Guntank rocket launchers "×2, 4 each" are one pool of 8; one attack uses 1', () => {
    const state = makeState({
      suits: [
        { id: 'GT', type: 'guntank', side: 'A', at: [10, 10] },
        { id: 'Z', type: 'zaku2', side: 'B', at: [10, 20], policy: { counter: 'never' } },
      ],
    })
    expect(itemOf(state, 'GT', 'arm-rockets')?.ammo).toBe(8)
    const r = runAttack(state, 'GT', 'Z', 'arm-rockets', scriptedDice([6, 6, 5]))
    expect(ofType(r.events, 'attack')[0]).toMatchObject({ hit: false, ammoLeft: 7 })
    expect(itemOf(r.state, 'GT', 'arm-rockets')?.ammo).toBe(7)
  })

  it('TV-M-12: aimed last round at T with Attack 12: score 13 against T, 12 against others', () => {
    const base = makeState({
      round: 2,
      options: { aim: true },
      suits: [
        { id: 'GM', type: 'gm', side: 'A', at: [10, 10] },
        { id: 'T', type: 'zaku2', side: 'B', at: [10, 14], policy: { counter: 'never' } },
        { id: 'U', type: 'zaku2', side: 'B', at: [14, 10] },
      ],
    })
    const state: MsState = {
      ...base,
      suits: base.suits.map((s) => (s.id === 'GM' ? { ...s, aim: { target: 'T', round: 1 } } : s)),
    }
    const gm = suitOf(state, 'GM')
    expect(attackScore(state, gm, 'T', false)).toBe(13)
    expect(attackScore(state, gm, 'U', false)).toBe(12)
    expect(attackScore(state, gm, 'T', true)).toBe(12)
    // The roll of 13 hits only with the bonus; the marker is then spent.
    const r = runAttack(state, 'GM', 'T', 'gm-vulcan', scriptedDice([4, 4, 5, 6, 6, 6, 1]))
    expect(ofType(r.events, 'attack')[0]).toMatchObject({ score: 13, roll: 13, hit: true })
    expect(suitOf(r.state, 'GM').aim).toBeNull()
    // A marker taken this round does not serve yet, one from two rounds ago no more; without the option, never.
    const fresh = { ...state, round: 1 }
    expect(attackScore(fresh, suitOf(fresh, 'GM'), 'T', false)).toBe(12)
    const stale = { ...state, round: 3 }
    expect(attackScore(stale, suitOf(stale, 'GM'), 'T', false)).toBe(12)
    const off = { ...state, options: { ...state.options, aim: false } }
    expect(attackScore(off, suitOf(off, 'GM'), 'T', false)).toBe(12)
  })
})
