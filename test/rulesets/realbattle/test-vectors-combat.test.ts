// The attack phase's test vectors of rules/realbattle.md §8 (TV-RB-01 … 12, 24, 29), each played through
// runAttackPhase with scripted dice where it is an attack, or read from the look-up it names.
import { describe, expect, it } from 'vitest'
import { scriptedDice } from '../../../src/engine/dice.js'
import type { GameEvent } from '../../../src/engine/ruleset.js'
import {
  damageChecks,
  damageOf,
  hitNumber,
  runAttackPhase,
  type AttackOrder,
} from '../../../src/rulesets/realbattle/engine/combat.js'
import { evasionModifier, hitModifier } from '../../../src/rulesets/realbattle/engine/combat-tables.js'
import { standUpValue } from '../../../src/rulesets/realbattle/engine/fall.js'
import type { At, Plan, RbState, WeaponCard } from '../../../src/rulesets/realbattle/engine/types.js'
import { cards, makeAt, makeState, tables, weapons, type AtSpec } from './fixture.js'

const plan = (atk: number, def = 0): Plan => ({ acc: 0, dec: 0, atk, def })

/** Data no house card gives, for the vectors: a size −1 AT, weak guns (makeAt needs their values given). */
const small = { ...cards.scopedog!, id: 'small', size: -1 }
const gun = (id: string, type: 'penetration' | 'impact', power: number): WeaponCard => ({
  ...weapons.ss!,
  id,
  type,
  ranges: [{ from: 1, to: 5, hit: 8, power }],
})
const scenario = {
  cards: { ...cards, small },
  weapons: { ...weapons, pistol: gun('pistol', 'penetration', 4), popgun: gun('popgun', 'impact', 3) },
}

function attacker(spec: Partial<AtSpec> = {}): At {
  return makeAt({
    id: 'A1',
    hex: [3, 8],
    facing: 0,
    weapons: [{ card: 'hmg' }],
    ...spec,
    at: { plan: plan(1), ...spec.at },
  })
}

function target(spec: Partial<AtSpec> = {}): At {
  const policies = { avoid: 'never' as const, fall: { kind: 'spend' as const, pp: 0 } }
  return makeAt({
    id: 'B1',
    hex: [3, 5],
    facing: 3,
    ...spec,
    at: { plan: plan(0, 1), planRevealed: false, policies, ...spec.at },
  })
}

const order = (o: Partial<AttackOrder> = {}): AttackOrder => ({
  kind: 'attack',
  at: 'A1',
  target: 'B1',
  weapon: 'hmg',
  ...o,
})

function play(ats: At[], o: AttackOrder, faces: number[]): { state: RbState; events: GameEvent[] } {
  const state = makeState(ats, { step: 'attack' }, scenario)
  const events: GameEvent[] = []
  const dice = scriptedDice(faces)
  runAttackPhase(state, [o], dice, events)
  expect(dice.rolls).toHaveLength(faces.length)
  return { state, events }
}

const ofType = (events: GameEvent[], type: string) => events.filter((e) => e.type === type)
const attackEvent = (events: GameEvent[]) => ofType(events, 'attack')[0]

describe('§8 test vectors of the attack phase', () => {
  it('TV-RB-01: H 8, dice 5, rate 70 % → 3 damage checks', () => {
    expect(damageChecks(8, 5, 70)).toBe(3)
    // HMG at 2 hexes: 9, less 1 for the target's defence 1 → H 8. Three damage checks of 1 each.
    const t = target({ hex: [3, 6] })
    const { events } = play([attacker(), t], order(), [2, 3, 3, 4, 3, 4, 3, 4])
    expect(attackEvent(events)).toMatchObject({ hit: 8, roll: 5, hits: true, checks: 3 })
    expect(ofType(events, 'damage')).toHaveLength(3)
    expect(t.durability).toBe(13)
  })

  it('TV-RB-02: H 8, dice 8 → margin 0 gives 1 damage check', () => {
    expect(damageChecks(8, 8, 70)).toBe(1)
    const { events } = play([attacker(), target({ hex: [3, 6] })], order(), [4, 4, 3, 4])
    expect(attackEvent(events)).toMatchObject({ hit: 8, roll: 8, hits: true, checks: 1 })
  })

  it('TV-RB-03: a single-shot weapon, H 9, dice 3 → 1 damage check', () => {
    expect(damageChecks(9, 3, null)).toBe(1)
    // Solid Shooter at 2 hexes: 8, +1 for attack PP 2, target defence 0 → H 9.
    const a = attacker({ weapons: [{ card: 'ss' }], at: { plan: plan(2) } })
    const t = target({ hex: [3, 6], at: { plan: plan(0, 0) } })
    const { events } = play([a, t], order({ weapon: 'ss' }), [1, 2, 3, 4, 1, 1])
    expect(attackEvent(events)).toMatchObject({ hit: 9, roll: 3, hits: true, checks: 1 })
    expect(ofType(events, 'damage')).toHaveLength(1)
  })

  it('TV-RB-04: H 8, dice 9 → miss (the round is still spent)', () => {
    const a = attacker()
    const t = target({ hex: [3, 6] })
    const { events } = play([a, t], order(), [4, 5])
    expect(attackEvent(events)).toMatchObject({ hit: 8, roll: 9, hits: false, checks: 0 })
    expect(ofType(events, 'damage')).toEqual([])
    expect(t.durability).toBe(16)
    expect(a.weapons[0]!.ammo).toBe(9)
  })

  it('TV-RB-05: impact, power 7, armour ○4 → 6 damage', () => {
    expect(damageOf(7, 4, true, 'impact')).toBe(6)
    // A Scopedog's punch (7 impact) from the front; damage roll 2 → DT-M FF ○4.
    const a = attacker({ hex: [3, 6], weapons: [] })
    const t = target()
    const { events } = play([a, t], order({ weapon: undefined, arm: 'L' }), [1, 1, 1, 1, 2, 2])
    expect(ofType(events, 'damage')[0]).toMatchObject({ column: 'FF', armour: 4, vital: true, damage: 6 })
    expect(t.durability).toBe(10)
    // Melee is impact (AMB-RB-10): a fall check at 10 − 6 = 4.
    expect(ofType(events, 'fall-check')[0]).toMatchObject({ value: 4, roll: 4, fell: false })
  })

  it('TV-RB-06: penetration, power 8, armour ○4, instant-death die 3 → destroyed', () => {
    const t = target()
    // HMG at 3 hexes: H 7, roll 7 → 1 check; damage roll 2 → ○4, 4 damage; die 3 kills.
    const { events } = play([attacker(), t], order(), [3, 4, 1, 1, 3])
    expect(ofType(events, 'damage')[0]).toMatchObject({ armour: 4, vital: true, damage: 4 })
    expect(ofType(events, 'instant-death')).toEqual([
      { type: 'instant-death', ref: 'RB-17.3', at: 'B1', roll: 3, dead: true },
    ])
    expect(t).toMatchObject({ destroyed: true, destroyedBy: 'instant-death' })
    expect(ofType(events, 'destroyed')[0]).toMatchObject({
      by: 'instant-death',
      damageThisPhase: 4,
      durabilityBefore: 16,
    })
  })

  it('TV-RB-06: … instant-death die 4 → 4 damage applied', () => {
    const t = target()
    const { events } = play([attacker(), t], order(), [3, 4, 1, 1, 4])
    expect(ofType(events, 'instant-death')[0]).toMatchObject({ roll: 4, dead: false })
    expect(t).toMatchObject({ destroyed: false, durability: 12 })
  })

  it('TV-RB-07: penetration, power 4, armour ○4 → no check, no damage', () => {
    expect(damageOf(4, 4, true, 'penetration')).toBe(0)
    const t = target()
    // No fifth die: no instant-death check is rolled.
    const { events } = play(
      [attacker({ weapons: [{ card: 'pistol', mount: 'handR', ammo: 5 }] }), t],
      order({ weapon: 'pistol' }),
      [1, 1, 1, 1],
    )
    expect(ofType(events, 'damage')[0]).toMatchObject({ vital: true, damage: 0, durability: 16 })
    expect(ofType(events, 'instant-death')).toEqual([])
    expect(t.durability).toBe(16)
  })

  it('TV-RB-08: load 6, weight 15 → −2 on the fall check', () => {
    // HMG 5 + 2 magazines 2 + Handy RL 6 + 2 magazines 4 = 15 → ⌊15/6⌋ = 2. Solid Shooter: 4 damage.
    const t = target({
      weapons: [
        { card: 'hmg', magazines: 2 },
        { card: 'hrl', magazines: 2 },
      ],
    })
    const a = attacker({ weapons: [{ card: 'ss' }] })
    const { events } = play([a, t], order({ weapon: 'ss' }), [1, 1, 3, 4, 1, 1])
    expect(ofType(events, 'fall-check')[0]).toMatchObject({ value: 10 - 2 - 4, pp: 0 })
  })

  it('RB-16.6: an impact hit forces a fall check even at 0 damage', () => {
    const t = target()
    const { events } = play(
      [attacker({ weapons: [{ card: 'popgun', mount: 'handR', ammo: 5 }] }), t],
      order({ weapon: 'popgun' }),
      [1, 1, 3, 4, 6, 6],
    )
    expect(ofType(events, 'damage')[0]).toMatchObject({ damage: 0 })
    expect(ofType(events, 'fall-check')).toEqual([
      { type: 'fall-check', ref: 'RB-16.6', at: 'B1', value: 10, pp: 0, roll: 12, fell: true },
    ])
  })

  it('TV-RB-09: sizes +1 vs −1 in melee → the larger +2, the smaller −2', () => {
    // Standing Tortoise (+1) punches a size −1 AT: 0 damage (roll 7, armour 7), F = 10 − 2.
    const big = attacker({ card: 'tortoise', hex: [3, 6], weapons: [] })
    const little = target({ card: 'small', durability: 16 })
    const down = play([big, little], order({ weapon: undefined, arm: 'R' }), [1, 1, 3, 4, 1, 1])
    expect(ofType(down.events, 'fall-check')[0]).toMatchObject({ at: 'B1', value: 8 })
    // The size −1 AT punches a Standing Tortoise: 0 damage (roll 7, DT-H armour 8), F = 11 + 2.
    const up = play(
      [attacker({ card: 'small', durability: 16, hex: [3, 6], weapons: [] }), target({ card: 'tortoise' })],
      order({ weapon: undefined, arm: 'R' }),
      [1, 1, 3, 4, 1, 1],
    )
    expect(ofType(up.events, 'fall-check')[0]).toMatchObject({ at: 'B1', value: 13 })
  })

  for (const speed of [3, 4]) {
    it(`TV-RB-10: melee attacker speed ${speed} → −2 on the fall check`, () => {
      const a = attacker({ hex: [3, 6], speed, weapons: [] })
      const { events } = play([a, target()], order({ weapon: undefined, arm: 'L' }), [1, 1, 3, 4, 1, 1])
      expect(ofType(events, 'fall-check')[0]).toMatchObject({ ref: 'RB-18.4', value: 10 - 2 })
    })
  }

  it('TV-RB-11: fall 10, weight 7 / load 6, damage 3, melee attacker speed 3, PP 2 → F 6; a roll of 7 falls', () => {
    // The attacker stands behind the target (its BB, DT-M armour 4 on a roll of 6): 7 − 4 = 3 damage.
    const a = attacker({ hex: [3, 6], speed: 3, weapons: [] })
    const t = target({
      facing: 0,
      weapons: [{ card: 'hmg', magazines: 2 }],
      at: { plan: plan(0, 0), policies: { avoid: 'never', fall: { kind: 'spend', pp: 2 } } },
    })
    const { events } = play([a, t], order({ weapon: undefined, arm: 'L' }), [1, 1, 3, 3, 3, 4])
    expect(ofType(events, 'damage')[0]).toMatchObject({ column: 'BB', armour: 4, damage: 3 })
    expect(ofType(events, 'fall-check')).toEqual([
      { type: 'fall-check', ref: 'RB-18.4', at: 'B1', value: 6, pp: 2, roll: 7, fell: true },
    ])
    expect(t).toMatchObject({ fallen: true, speed: 0, spentEnemyTurn: 2 })
  })

  it('TV-RB-12: fall 10, weight 7 / load 6, action PP 4 → U 8', () => {
    const at = target({ weapons: [{ card: 'hmg', magazines: 2 }], at: { actionPp: 4 } })
    expect(standUpValue(makeState([at]).scenario, at)).toBe(8)
  })

  it('TV-RB-24: attack PP 4 → +2 (column 3); PS defence PP 1 → evasion 0 (no lower column)', () => {
    expect(hitModifier(tables, 4)).toBe(2)
    expect(evasionModifier(tables, 1, true)).toBe(0)
    const a = attacker({ at: { plan: plan(4) } })
    const t = target({ card: 'brutish', at: { plan: plan(0, 1) } })
    const h = hitNumber(makeState([a, t], { step: 'attack' }), a, t, { weapon: 'hmg' })
    expect(h.terms.attack).toBe(2)
    expect(h.terms.evasion).toBe(0)
  })

  it('TV-RB-29: Scopedog HMG at 3, attack PP 2, speed 2; target defence 2, speed 3, attacker in its FR → H 4', () => {
    const a = attacker({ speed: 2, at: { plan: plan(2) } })
    const t = target({ facing: 2, speed: 3, at: { plan: plan(0, 2) } })
    const h = hitNumber(makeState([a, t], { step: 'attack' }), a, t, { weapon: 'hmg' })
    expect(h.terms).toEqual({
      base: 8,
      arc: 0,
      attack: 1,
      speed: -1,
      evasion: -2,
      direction: -2,
      size: 0,
      lof: 0,
      scenario: 0,
    })
    expect(h.hit).toBe(4)
    const { events } = play([a, t], order(), [2, 3])
    expect(attackEvent(events)).toMatchObject({ hit: 4, roll: 5, hits: false })
  })
})
