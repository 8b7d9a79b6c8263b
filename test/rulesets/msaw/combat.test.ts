// MS@W combat (MS-3, MS-4): live shield and counterattack questions, the `best` weapon, no counter to a
// counter, a shield broken with overflow, the Magella's recharge, Chobham armour, ammo, sight and the
// once-a-round counterattack option.
import { describe, expect, it } from 'vitest'
import { scriptedDice } from '../../../src/engine/dice.js'
import {
  answerCounter,
  answerShield,
  attackProblem,
  defaultAnswer,
  runAttack,
} from '../../../src/rulesets/msaw/engine/combat.js'
import { chance3d6, squadCost, usableWeapons } from '../../../src/rulesets/msaw/engine/stats.js'
import type { MsEvent, MsState, Reaction, TerrainPiece } from '../../../src/rulesets/msaw/engine/types.js'
import { itemOf, makeState, suitOf, type PlaceSuit } from './fixture.js'

const ofType = <T extends MsEvent['type']>(events: MsEvent[], type: T) =>
  events.filter((e): e is Extract<MsEvent, { type: T }> => e.type === type)

const asReaction = (ask: Omit<Reaction, 'queue'> | null): Reaction => {
  expect(ask).not.toBeNull()
  return { ...ask!, queue: [] }
}

/** A Zaku II with a machine gun 1.5" from a GM holding a beam saber and a shield. */
function closeDuel(gm: Partial<PlaceSuit> = {}, options: Parameters<typeof makeState>[0]['options'] = {}): MsState {
  return makeState({
    options,
    suits: [
      { id: 'ZAKU', type: 'zaku2', side: 'A', at: [10, 10], bought: ['zaku-mg'], hold: { R: 'zaku-mg' } },
      {
        id: 'GM',
        type: 'gm',
        side: 'B',
        at: [11.5, 10],
        bought: ['gm-shield'],
        hold: { L: 'gm-shield', R: 'beam-saber' },
        ...gm,
      },
    ],
  })
}

/** A state with one item of one suit changed. */
function withItem(state: MsState, ms: string, item: string, change: object): MsState {
  return {
    ...state,
    suits: state.suits.map((s) =>
      s.id === ms ? { ...s, items: s.items.map((i) => (i.id === item ? { ...i, ...change } : i)) } : s,
    ),
  }
}

describe('MS-3.7 / §8 the shield question', () => {
  it('asks before the defend roll, then goes on with the answer: used, the damage splits', () => {
    const state = closeDuel({ policy: { shield: 'ask', counter: 'never' } })
    const dice = scriptedDice([2, 3, 4])
    const r = runAttack(state, 'ZAKU', 'GM', 'zaku-mg', dice)
    expect(r.ask).toEqual({
      kind: 'shield',
      ms: 'GM',
      seat: 'seat-B',
      attacker: 'ZAKU',
      weapon: 'zaku-mg',
      attackRoll: 9,
      isCounter: false,
    })
    expect(ofType(r.events, 'defend')).toHaveLength(0)
    expect(itemOf(r.state, 'ZAKU', 'zaku-mg')?.ammo).toBe(19)
    expect(defaultAnswer(r.state, asReaction(r.ask))).toEqual({ use: true })

    // defend 12 > 10: full; damage 6+5 = 11: shield 6, HP 5
    const used = answerShield(r.state, asReaction(r.ask), true, scriptedDice([4, 4, 4, 6, 5]))
    expect(used.ask).toBeNull()
    expect(used.events.map((e) => e.type)).toEqual(['shield', 'defend', 'damage', 'no-counter'])
    expect(ofType(used.events, 'shield')[0]).toMatchObject({ use: true })
    expect(suitOf(used.state, 'GM').hp).toBe(15)
    expect(itemOf(used.state, 'GM', 'gm-shield')?.body).toBe(4)

    const bare = answerShield(r.state, asReaction(r.ask), false, scriptedDice([4, 4, 4, 6, 5]))
    expect(ofType(bare.events, 'shield')[0]).toMatchObject({ use: false })
    expect(suitOf(bare.state, 'GM').hp).toBe(9)
    expect(itemOf(bare.state, 'GM', 'gm-shield')?.body).toBe(10)
  })

  it('a shield answer leads on to the counterattack question when both are asked', () => {
    const state = closeDuel({ policy: { shield: 'ask', counter: 'ask' } })
    const r = runAttack(state, 'ZAKU', 'GM', 'zaku-mg', scriptedDice([2, 3, 4]))
    expect(r.ask).toMatchObject({ kind: 'shield' })
    // defend 3: dodged, no damage roll; then the counter question
    const s = answerShield(r.state, asReaction(r.ask), true, scriptedDice([1, 1, 1]))
    expect(s.events.map((e) => e.type)).toEqual(['shield', 'defend'])
    expect(s.ask).toMatchObject({ kind: 'counter', ms: 'GM', attacker: 'ZAKU', choices: ['gm-vulcan', 'beam-saber'] })
    const c = answerCounter(s.state, asReaction(s.ask), 'beam-saber', scriptedDice([6, 6, 6]))
    expect(ofType(c.events, 'attack')).toMatchObject([{ ms: 'GM', weapon: 'beam-saber', counter: true, hit: false }])
    expect(c.ask).toBeNull()
    // An answer no longer legal (the target now out of reach) resolves as no counterattack.
    const moved: MsState = {
      ...s.state,
      suits: s.state.suits.map((x) => (x.id === 'ZAKU' ? { ...x, at: { x: 1000, y: 1800 } } : x)),
    }
    const late = answerCounter(moved, asReaction(s.ask), 'beam-saber', scriptedDice([]))
    expect(late.events).toEqual([{ type: 'no-counter', ref: 'MS-3.8', ms: 'GM', why: 'msaw.combat.attack.notClose' }])
    expect(defaultAnswer(moved, asReaction(s.ask))).toEqual({ weapon: null })
  })

  it('policy never keeps the shield out of it; no shield in use, no question', () => {
    const never = closeDuel({ policy: { shield: 'never', counter: 'never' } })
    const r = runAttack(never, 'ZAKU', 'GM', 'zaku-mg', scriptedDice([2, 3, 4, 4, 4, 4, 6, 5]))
    expect(suitOf(r.state, 'GM').hp).toBe(9)
    const stowed = closeDuel({ hold: { R: 'beam-saber' }, policy: { shield: 'ask', counter: 'never' } })
    const s = runAttack(stowed, 'ZAKU', 'GM', 'zaku-mg', scriptedDice([2, 3, 4, 4, 4, 4, 6, 5]))
    expect(s.ask).toBeNull()
    expect(ofType(s.events, 'shield')).toHaveLength(0)
    expect(suitOf(s.state, 'GM').hp).toBe(9)
  })

  it('a fixed shoulder shield is in use: its body takes the higher half', () => {
    const state = makeState({
      suits: [
        { id: 'GM', type: 'gm', side: 'A', at: [10, 10], bought: ['machine-pistol'], hold: { R: 'machine-pistol' } },
        { id: 'ZAKU', type: 'zaku2', side: 'B', at: [15, 10], policy: { counter: 'never' } },
      ],
    })
    const r = runAttack(state, 'GM', 'ZAKU', 'machine-pistol', scriptedDice([1, 1, 1, 6, 6, 6, 2, 1]))
    expect(ofType(r.events, 'damage')[0]).toMatchObject({ total: 3, toShield: 2, toHp: 1, shield: 'shoulder-shield' })
    expect(itemOf(r.state, 'ZAKU', 'shoulder-shield')?.body).toBe(5)
  })

  it('a shield whose body runs out is destroyed and removed; the overflow goes to HP', () => {
    const state = withItem(closeDuel({ policy: { counter: 'never' } }), 'GM', 'gm-shield', { body: 3 })
    // full damage 5+4 = 9: shield's share 5, it holds 3, the other 2 go to HP with the 4
    const r = runAttack(state, 'ZAKU', 'GM', 'zaku-mg', scriptedDice([2, 3, 4, 4, 4, 4, 5, 4]))
    expect(ofType(r.events, 'damage')[0]).toMatchObject({
      total: 9,
      toShield: 3,
      toHp: 6,
      hp: 14,
      shield: 'gm-shield',
      shieldBody: 0,
      shieldDestroyed: true,
    })
    expect(itemOf(r.state, 'GM', 'gm-shield')).toBeUndefined()
    expect(suitOf(r.state, 'GM').hp).toBe(14)
    // Exactly used up: destroyed, nothing over.
    const exact = withItem(closeDuel({ policy: { counter: 'never' } }), 'GM', 'gm-shield', { body: 5 })
    const e = runAttack(exact, 'ZAKU', 'GM', 'zaku-mg', scriptedDice([2, 3, 4, 4, 4, 4, 5, 4]))
    expect(ofType(e.events, 'damage')[0]).toMatchObject({ toShield: 5, toHp: 4, shieldDestroyed: true })
  })

  it('HP at 0 destroys the suit and credits its cost (with bought items) to the attacker', () => {
    const state = makeState({
      suits: [
        { id: 'ZAKU', type: 'zaku2', side: 'A', at: [10, 10], bought: ['zaku-mg'], hold: { R: 'zaku-mg' } },
        { id: 'GT', type: 'guntank', side: 'B', at: [15, 10] },
      ],
    })
    const hurt: MsState = { ...state, suits: state.suits.map((s) => (s.id === 'GT' ? { ...s, hp: 5 } : s)) }
    const r = runAttack(hurt, 'ZAKU', 'GT', 'zaku-mg', scriptedDice([1, 1, 1, 6, 6, 6, 2, 3]))
    expect(suitOf(r.state, 'GT')).toMatchObject({ hp: 0, destroyed: true })
    expect(ofType(r.events, 'destroyed')).toEqual([
      { type: 'destroyed', ref: 'GAP-M-5', ms: 'GT', by: 'ZAKU', cost: 90 },
    ])
    expect(suitOf(r.state, 'ZAKU').cost).toBe(90)
    expect(ofType(r.events, 'no-counter')).toHaveLength(0)
    expect(attackProblem(r.state, 'ZAKU', 'GT', 'zaku-mg', false)).toMatchObject({ rule: 'GAP-M-5' })
  })
})

describe('MS-3.8 counterattacks', () => {
  it('asks which weapon, then runs the counterattack with the answer, or none', () => {
    const state = closeDuel({ policy: { shield: 'always', counter: 'ask' } })
    // attack 18 > 11 misses; then the question
    const r = runAttack(state, 'ZAKU', 'GM', 'zaku-mg', scriptedDice([6, 6, 6]))
    expect(r.ask).toEqual({
      kind: 'counter',
      ms: 'GM',
      seat: 'seat-B',
      attacker: 'ZAKU',
      weapon: 'zaku-mg',
      isCounter: false,
      choices: ['gm-vulcan', 'beam-saber'],
    })
    expect(defaultAnswer(r.state, asReaction(r.ask))).toEqual({ weapon: 'beam-saber' })

    // The vulcan: 9 hits; Zaku's shoulder shield (always) is used; defend 18; damage 3+2 = 5: shield 3, HP 2
    const c = answerCounter(r.state, asReaction(r.ask), 'gm-vulcan', scriptedDice([3, 3, 3, 6, 6, 6, 3]))
    expect(c.ask).toBeNull()
    expect(ofType(c.events, 'attack')[0]).toMatchObject({
      ms: 'GM',
      target: 'ZAKU',
      weapon: 'gm-vulcan',
      counter: true,
    })
    expect(itemOf(c.state, 'GM', 'gm-vulcan')?.ammo).toBe(19)
    expect(suitOf(c.state, 'ZAKU').hp).toBe(17)
    expect(itemOf(c.state, 'ZAKU', 'shoulder-shield')?.body).toBe(4)
    expect(suitOf(c.state, 'GM').counteredRound).toBe(1)

    const none = answerCounter(r.state, asReaction(r.ask), null, scriptedDice([]))
    expect(none.events).toEqual([{ type: 'no-counter', ref: 'MS-3.8', ms: 'GM', why: 'declined' }])
  })

  it('best: the usable weapon with the highest average damage; a tie goes to the first in item order', () => {
    // GM: vulcan 1d6+2 (5.5), beam saber 1d6+3 (6.5), machine pistol 2d6 (7)
    const gm = closeDuel({ bought: ['machine-pistol'], hold: { R: 'beam-saber', L: 'machine-pistol' } })
    const r = runAttack(gm, 'ZAKU', 'GM', 'zaku-mg', scriptedDice([6, 6, 6, 6, 6, 6]))
    expect(ofType(r.events, 'attack')[1]).toMatchObject({ ms: 'GM', weapon: 'machine-pistol', counter: true })

    // A Gundam holding both sabers (6.5 each, above the vulcan's 5.5): the first of them.
    const gundam = makeState({
      suits: [
        { id: 'ZAKU', type: 'zaku2', side: 'A', at: [10, 10], bought: ['zaku-mg'], hold: { R: 'zaku-mg' } },
        { id: 'RX', type: 'gundam', side: 'B', at: [11, 10], hold: { L: 'beam-saber-2', R: 'beam-saber' } },
      ],
    })
    const t = runAttack(gundam, 'ZAKU', 'RX', 'zaku-mg', scriptedDice([6, 6, 6, 6, 6, 6]))
    expect(ofType(t.events, 'attack')[1]).toMatchObject({ ms: 'RX', weapon: 'beam-saber' })
  })

  it('a counterattack is never counterattacked', () => {
    const state = closeDuel()
    // attack misses (17), the GM counters with the saber and misses (17): nothing more is rolled
    const dice = scriptedDice([6, 6, 5, 6, 6, 5])
    const r = runAttack(state, 'ZAKU', 'GM', 'zaku-mg', dice)
    expect(dice.rolls).toHaveLength(6)
    expect(ofType(r.events, 'attack').map((e) => [e.ms, e.counter])).toEqual([
      ['ZAKU', false],
      ['GM', true],
    ])
    expect(ofType(r.events, 'no-counter')).toHaveLength(0)
    // Even a counterattack that hits and asks about the shield is answered without a counter after it.
    const asking = closeDuel()
    const zakuAsks: MsState = {
      ...asking,
      suits: asking.suits.map((s) => (s.id === 'ZAKU' ? { ...s, policy: { shield: 'ask', counter: 'best' } } : s)),
    }
    const q = runAttack(zakuAsks, 'ZAKU', 'GM', 'zaku-mg', scriptedDice([6, 6, 5, 1, 1, 1]))
    expect(q.ask).toMatchObject({ kind: 'shield', ms: 'ZAKU', attacker: 'GM', weapon: 'beam-saber', isCounter: true })
    const d2 = scriptedDice([6, 6, 6, 1])
    const a = answerShield(q.state, asReaction(q.ask), true, d2)
    expect(a.ask).toBeNull()
    expect(d2.rolls).toHaveLength(4)
    expect(a.events.map((e) => e.type)).toEqual(['shield', 'defend', 'damage'])
  })

  it('no counterattack without a usable weapon in range, or in system error', () => {
    // 10" away: out of the GM's saber and vulcan (0~6) reach.
    const far = makeState({
      suits: [
        { id: 'ZAKU', type: 'zaku2', side: 'A', at: [10, 10], bought: ['zaku-bazooka'], hold: { R: 'zaku-bazooka' } },
        { id: 'GM', type: 'gm', side: 'B', at: [10, 20], hold: { R: 'beam-saber' } },
      ],
    })
    const r = runAttack(far, 'ZAKU', 'GM', 'zaku-bazooka', scriptedDice([6, 6, 6]))
    expect(ofType(r.events, 'no-counter')).toEqual([{ type: 'no-counter', ref: 'MS-3.8', ms: 'GM', why: 'no-weapon' }])

    const state = closeDuel()
    const err: MsState = { ...state, suits: state.suits.map((s) => (s.id === 'GM' ? { ...s, errorPhases: 2 } : s)) }
    const e = runAttack(err, 'ZAKU', 'GM', 'zaku-mg', scriptedDice([6, 6, 6]))
    expect(ofType(e.events, 'no-counter')[0]).toMatchObject({ why: 'system-error' })
  })

  it('one-hit kill and system error work on counterattack rolls too (MS-4.5)', () => {
    const state = closeDuel({}, { oneHitKill: true, systemError: true })
    const r = runAttack(state, 'ZAKU', 'GM', 'zaku-mg', scriptedDice([6, 6, 5, 1, 1, 1]))
    expect(ofType(r.events, 'one-hit-kill')).toEqual([
      { type: 'one-hit-kill', ref: 'MS-4.3', ms: 'GM', target: 'ZAKU' },
    ])
    expect(suitOf(r.state, 'ZAKU').destroyed).toBe(true)
    expect(suitOf(r.state, 'GM').cost).toBe(125)
    const e = runAttack(state, 'ZAKU', 'GM', 'zaku-mg', scriptedDice([6, 6, 5, 6, 6, 6, 2]))
    expect(ofType(e.events, 'system-error')).toEqual([{ type: 'system-error', ref: 'MS-4.4', ms: 'GM', die: 2 }])
    expect(suitOf(e.state, 'GM').errorPhases).toBe(2)
  })

  it('option counterOncePerRound: a suit counterattacks once a round', () => {
    const suits: PlaceSuit[] = [
      { id: 'Z1', type: 'zaku2', side: 'A', at: [10, 10], bought: ['zaku-mg'], hold: { R: 'zaku-mg' } },
      { id: 'Z2', type: 'zaku2', side: 'A', at: [10, 13], bought: ['zaku-mg'], hold: { R: 'zaku-mg' } },
      { id: 'GM', type: 'gm', side: 'B', at: [10, 11.5], hold: { R: 'beam-saber' } },
    ]
    const once = makeState({ suits, options: { counterOncePerRound: true } })
    const first = runAttack(once, 'Z1', 'GM', 'zaku-mg', scriptedDice([6, 6, 6, 6, 6, 6]))
    expect(ofType(first.events, 'attack')).toHaveLength(2)
    expect(attackProblem(first.state, 'GM', 'Z2', 'beam-saber', true)).toMatchObject({
      rule: 'GAP-M-7',
      key: 'msaw.combat.attack.counteredThisRound',
    })
    const second = runAttack(first.state, 'Z2', 'GM', 'zaku-mg', scriptedDice([6, 6, 6]))
    expect(ofType(second.events, 'no-counter')).toEqual([
      { type: 'no-counter', ref: 'MS-3.8', ms: 'GM', why: 'once-per-round' },
    ])
    // Next round it may again; and without the option it counters every attack.
    const next = runAttack({ ...first.state, round: 2 }, 'Z2', 'GM', 'zaku-mg', scriptedDice([6, 6, 6, 6, 6, 6]))
    expect(ofType(next.events, 'attack')).toHaveLength(2)
    const free = makeState({ suits })
    const a = runAttack(free, 'Z1', 'GM', 'zaku-mg', scriptedDice([6, 6, 6, 6, 6, 6]))
    const b = runAttack(a.state, 'Z2', 'GM', 'zaku-mg', scriptedDice([6, 6, 6, 6, 6, 6]))
    expect(ofType(b.events, 'attack')).toHaveLength(2)
  })
})

describe('weapons in use', () => {
  it('the Magella cannon that fired in round r cannot fire in round r+1 (nor again in r)', () => {
    const state = makeState({
      round: 3,
      suits: [
        { id: 'ZS', type: 'zaku2s', side: 'A', at: [10, 10], bought: ['magella'], hold: { LR: 'magella' } },
        { id: 'GM', type: 'gm', side: 'B', at: [10, 20], policy: { counter: 'never' } },
      ],
    })
    const r = runAttack(state, 'ZS', 'GM', 'magella', scriptedDice([6, 6, 6]))
    expect(itemOf(r.state, 'ZS', 'magella')).toMatchObject({ firedRound: 3, ammo: 5 })
    expect(attackProblem(r.state, 'ZS', 'GM', 'magella', false)).toMatchObject({ rule: 'AMB-M-10' })
    const r4 = { ...r.state, round: 4 }
    expect(attackProblem(r4, 'ZS', 'GM', 'magella', false)).toMatchObject({
      rule: 'AMB-M-10',
      key: 'msaw.combat.attack.recharging',
      params: { fired: 3, ready: 5 },
    })
    expect(usableWeapons(r4, suitOf(r4, 'ZS')).map((w) => w.id)).toEqual(['shoulder-spikes'])
    const r5 = { ...r.state, round: 5 }
    expect(attackProblem(r5, 'ZS', 'GM', 'magella', false)).toBeNull()
  })

  it('Chobham armour keeps the gatling guns from use and gives 45 HP', () => {
    const suits = (bought: string[]): PlaceSuit[] => [
      { id: 'AX', type: 'alex', side: 'A', at: [10, 10], bought },
      { id: 'Z', type: 'zaku2', side: 'B', at: [10, 15] },
    ]
    const armoured = makeState({ suits: suits(['chobham']) })
    expect(suitOf(armoured, 'AX').hp).toBe(45)
    expect(usableWeapons(armoured, suitOf(armoured, 'AX')).map((w) => w.id)).toEqual(['vulcan'])
    expect(attackProblem(armoured, 'AX', 'Z', 'gatling', false)).toMatchObject({
      rule: 'MS-6',
      key: 'msaw.combat.attack.disabled',
      params: { armour: 'chobham' },
    })
    const bare = makeState({ suits: suits([]) })
    expect(suitOf(bare, 'AX').hp).toBe(30)
    expect(attackProblem(bare, 'AX', 'Z', 'gatling', false)).toBeNull()
  })

  it('a weapon out of ammunition cannot attack or counterattack', () => {
    const state = withItem(
      makeState({
        suits: [
          { id: 'Z', type: 'zaku2', side: 'A', at: [10, 10], bought: ['zaku-bazooka'], hold: { R: 'zaku-bazooka' } },
          { id: 'GM', type: 'gm', side: 'B', at: [10, 20], policy: { counter: 'never' } },
        ],
      }),
      'Z',
      'zaku-bazooka',
      { ammo: 1 },
    )
    const r = runAttack(state, 'Z', 'GM', 'zaku-bazooka', scriptedDice([6, 6, 6]))
    expect(ofType(r.events, 'attack')[0]).toMatchObject({ ammoLeft: 0 })
    expect(attackProblem(r.state, 'Z', 'GM', 'zaku-bazooka', false)).toMatchObject({
      rule: 'MS-3.9',
      key: 'msaw.combat.attack.noAmmo',
    })
    expect(usableWeapons(r.state, suitOf(r.state, 'Z')).map((w) => w.id)).toEqual(['shoulder-spikes'])
    // An illegal attack resolves as no attack, with no die rolled.
    const dice = scriptedDice([])
    const v = runAttack(r.state, 'Z', 'GM', 'zaku-bazooka', dice)
    expect(v.events).toEqual([
      {
        type: 'attack-void',
        ref: 'MS-3.9',
        ms: 'Z',
        target: 'GM',
        weapon: 'zaku-bazooka',
        why: 'zaku-bazooka of Z is out of ammunition',
        key: 'msaw.combat.attack.noAmmo',
        params: { ms: 'Z', weapon: 'zaku-bazooka' },
      },
    ])
    expect(v.state).toBe(r.state)
  })

  it('a stowed weapon, a friend, a wreck and a suit in system error: no attack', () => {
    const state = makeState({
      suits: [
        { id: 'GM1', type: 'gm', side: 'A', at: [10, 10] },
        { id: 'GM2', type: 'gm', side: 'A', at: [11, 10] },
        { id: 'Z', type: 'zaku2', side: 'B', at: [10, 11] },
      ],
    })
    expect(attackProblem(state, 'GM1', 'Z', 'beam-saber', false)).toMatchObject({ rule: 'AMB-M-13' })
    expect(attackProblem(state, 'GM1', 'GM2', 'gm-vulcan', false)).toMatchObject({ key: 'msaw.combat.attack.notEnemy' })
    expect(attackProblem(state, 'GM1', 'Z', 'beam-rifle', false)).toMatchObject({ key: 'msaw.combat.attack.noWeapon' })
    expect(attackProblem(state, 'Z', 'GM1', 'shoulder-shield', false)).toMatchObject({
      key: 'msaw.combat.attack.notWeapon',
    })
    expect(attackProblem(state, 'GM1', 'X', 'gm-vulcan', false)).toMatchObject({ key: 'msaw.combat.attack.noTarget' })
    expect(attackProblem(state, 'GM1', 'Z', 'gm-vulcan', false)).toBeNull()
  })
})

describe('GAP-M-3 line of sight', () => {
  const wall: TerrainPiece = {
    id: 'w1',
    name: 'ruined block',
    polygon: [
      { x: 1400, y: 900 },
      { x: 1600, y: 900 },
      { x: 1600, y: 1100 },
      { x: 1400, y: 1100 },
    ],
    blocksLOS: true,
    move: 'impassable',
  }
  const suits: PlaceSuit[] = [
    { id: 'GM', type: 'gm', side: 'A', at: [10, 10], bought: ['machine-pistol'], hold: { R: 'machine-pistol' } },
    { id: 'Z1', type: 'zaku2', side: 'B', at: [19, 10], bought: ['zaku-mg'], hold: { R: 'zaku-mg' } },
    { id: 'Z2', type: 'zaku2', side: 'B', at: [19, 13], bought: ['zaku-mg'], hold: { R: 'zaku-mg' } },
  ]

  it('a piece that blocks sight between the centres forbids the attack and the counterattack', () => {
    const state = makeState({ suits, terrain: [wall] })
    expect(attackProblem(state, 'GM', 'Z1', 'machine-pistol', false)).toMatchObject({
      rule: 'GAP-M-3',
      key: 'msaw.combat.attack.noSight',
      params: { piece: 'ruined block' },
    })
    expect(attackProblem(state, 'GM', 'Z2', 'machine-pistol', false)).toBeNull()
    expect(attackProblem(state, 'Z1', 'GM', 'zaku-mg', true)).toMatchObject({ rule: 'GAP-M-3' })
    const open = makeState({ suits, terrain: [{ ...wall, blocksLOS: false }] })
    expect(attackProblem(open, 'GM', 'Z1', 'machine-pistol', false)).toBeNull()
  })
})

describe('chance3d6', () => {
  it('is exact: P(3d6 ≤ n) for the reference values of §11', () => {
    expect(chance3d6(2)).toBe(0)
    expect(chance3d6(3)).toBe(1 / 216)
    expect(chance3d6(10)).toBe(0.5)
    expect(chance3d6(18)).toBe(1)
    const percent = [8, 9, 10, 11, 12, 13, 14, 15].map((n) => Math.round(chance3d6(n) * 1000) / 10)
    expect(percent).toEqual([25.9, 37.5, 50, 62.5, 74.1, 83.8, 90.7, 95.4])
  })
})

describe('MS-5 squad cost', () => {
  it("adds bought items at the suit type's price; alternatives are free; an item it cannot buy is an error", () => {
    const scn = makeState({ suits: [] }).scenario
    expect(
      squadCost(scn, [
        { id: 'GF', type: 'gouf', bought: ['zaku-bazooka', 'heat-saber'] },
        { id: 'GC', type: 'guncannon', bought: [], alternatives: ['spray-missiles'] },
        { id: 'AX', type: 'alex', bought: ['chobham', 'alex-shield'] },
      ]),
    ).toBe(150 + 60 + 25 + 100 + 325 + 100 + 50)
    expect(() => squadCost(scn, [{ id: 'GT', type: 'guntank', bought: ['beam-rifle'] }])).toThrow(/MS-5.1/)
  })
})
