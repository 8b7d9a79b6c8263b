// RB-12…20: every refusal of an attack declaration with its rule, the hit number's terms (RB-14.1 with
// the LOF and scenario modifiers), the sealed defence never used by the options (RB-12.11), volley fire,
// missiles, melee reach, the pile bunker, and the resolution's reveal, destruction, heavy damage and
// fall checks.
import { describe, expect, it } from 'vitest'
import { scriptedDice } from '../../../src/engine/dice.js'
import { offsetNeighbor, type Direction } from '../../../src/engine/hex/index.js'
import type { GameEvent } from '../../../src/engine/ruleset.js'
import {
  attackOptions,
  checkAttacks,
  hitNumber,
  runAttackPhase,
  type AttackOrder,
} from '../../../src/rulesets/realbattle/engine/combat.js'
import {
  attackerSpeedModifier,
  evasionModifier,
  fireArcModifier,
  hitModifier,
  targetSpeedModifier,
} from '../../../src/rulesets/realbattle/engine/combat-tables.js'
import type { At, Plan, RbOrder, RbState } from '../../../src/rulesets/realbattle/engine/types.js'
import { makeAt, makeState, tables, type AtSpec } from './fixture.js'

const plan = (atk: number, def = 0): Plan => ({ acc: 0, dec: 0, atk, def })
const noFallPp = { avoid: 'avoid-if-affordable' as const, fall: { kind: 'spend' as const, pp: 0 } }

/** A1 at (3,8) facing N with an HMG and attack PP 1, unless said otherwise. */
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

/** B1 three hexes north at (3,5), facing S (A1 in its FF), defence 1 sealed, spending no PP on falls. */
function target(spec: Partial<AtSpec> = {}): At {
  return makeAt({
    id: 'B1',
    hex: [3, 5],
    facing: 3,
    ...spec,
    at: { plan: plan(0, 1), planRevealed: false, policies: noFallPp, ...spec.at },
  })
}

function attackState(ats: At[], over: Partial<RbState> = {}, scenario = {}): RbState {
  return makeState(ats, { step: 'attack', ...over }, scenario)
}

const order = (o: Partial<AttackOrder> = {}): AttackOrder => ({
  kind: 'attack',
  at: 'A1',
  target: 'B1',
  weapon: 'hmg',
  ...o,
})

function refusal(state: RbState, orders: RbOrder[]) {
  const errors = checkAttacks(state, 'A', orders)
  expect(errors).toHaveLength(1)
  return errors[0]!
}

function run(state: RbState, orders: RbOrder[], faces: number[]): GameEvent[] {
  const events: GameEvent[] = []
  const dice = scriptedDice(faces)
  runAttackPhase(state, orders, dice, events)
  expect(dice.rolls).toHaveLength(faces.length)
  return events
}

const ofType = (events: GameEvent[], type: string) => events.filter((e) => e.type === type)

describe('RB-12 checks', () => {
  it('accepts a legal fire declaration, and ignores orders that are not attacks', () => {
    const state = attackState([attacker(), target()])
    expect(checkAttacks(state, 'A', [{ kind: 'policy', at: 'A1', avoid: 'never' }, order()])).toEqual([])
  })

  const cases: Array<[string, () => RbState, RbOrder[], string, string]> = [
    ['an unknown AT', () => attackState([attacker(), target()]), [order({ at: 'A9' })], 'RB-12.1', 'noAt'],
    ["another seat's AT", () => attackState([attacker({ seat: 'A-2' }), target()]), [order()], 'RB-1.5a', 'notYours'],
    [
      'the camp not active',
      () => attackState([attacker(), target()], { active: 'B' }),
      [order()],
      'RB-3.2',
      'notActive',
    ],
    [
      'attack PP 0',
      () => attackState([attacker({ at: { plan: plan(0) } }), target()]),
      [order()],
      'RB-12.3',
      'noAttackPp',
    ],
    [
      'a fallen attacker',
      () => attackState([attacker({ at: { fallen: true } }), target()]),
      [order()],
      'RB-19.1',
      'fallen',
    ],
    [
      'an attacker that stood up this player-turn',
      () => attackState([attacker({ at: { stoodUpTried: true } }), target()]),
      [order()],
      'RB-19.5',
      'stoodUp',
    ],
    [
      'a confused pilot',
      () => attackState([attacker({ at: { confused: true } }), target()]),
      [order()],
      'RB-22.2',
      'confused',
    ],
    [
      'a destroyed attacker',
      () => attackState([attacker({ at: { destroyed: true } }), target()]),
      [order()],
      'RB-12.1',
      'notInPlay',
    ],
    [
      'a destroyed target',
      () => attackState([attacker(), target({ at: { destroyed: true } })]),
      [order()],
      'RB-12.1',
      'noTarget',
    ],
    [
      'a friendly target',
      () => attackState([attacker(), makeAt({ id: 'A2', hex: [3, 5] })]),
      [order({ target: 'A2' })],
      'RB-12.1',
      'notEnemy',
    ],
    ['a weapon and an arm', () => attackState([attacker(), target()]), [order({ arm: 'L' })], 'RB-12.4', 'what'],
    [
      'neither weapon, volley nor arm',
      () => attackState([attacker(), target()]),
      [{ kind: 'attack', at: 'A1', target: 'B1' }],
      'RB-12.4',
      'what',
    ],
    ['an unknown weapon', () => attackState([attacker(), target()]), [order({ weapon: 'xyz' })], 'RB-12.4', 'noWeapon'],
    [
      'a purged weapon',
      () => attackState([attacker({ weapons: [{ card: 'hmg', purged: true }] }), target()]),
      [order()],
      'RB-5.6',
      'purged',
    ],
    [
      'the smoke discharger',
      () => attackState([attacker({ weapons: [{ card: 'smoke' }] }), target()]),
      [order({ weapon: 'smoke' })],
      'RB-12.4',
      'notFiring',
    ],
    [
      'fire at a target in the own hex',
      () => attackState([attacker(), target({ hex: [3, 8] })]),
      [order()],
      'RB-12.10',
      'sameHex',
    ],
    [
      'a target out of range (pile bunker at 3 hexes)',
      () => attackState([attacker({ weapons: [{ card: 'pile' }] }), target()]),
      [order({ weapon: 'pile' })],
      'RB-12.5',
      'outOfRange',
    ],
    [
      'a target outside the arc (behind)',
      () => attackState([attacker({ facing: 3 }), target()]),
      [order()],
      'RB-12.5',
      'outsideArc',
    ],
    [
      'a line of fire cut by an obstacle',
      () => attackState([attacker({ hex: [2, 7], facing: 2 }), target({ hex: [12, 7] })]),
      [order()],
      'RB-12.13.1',
      'lofBlocked',
    ],
    [
      'an empty magazine',
      () => attackState([attacker({ weapons: [{ card: 'hmg', ammo: 0 }] }), target()]),
      [order()],
      'RB-12.6',
      'emptyMagazine',
    ],
    [
      'more missiles than the launcher holds',
      () => attackState([attacker({ weapons: [{ card: 'ml6', ammo: 2 }] }), target()]),
      [order({ weapon: 'ml6', missiles: 3 })],
      'RB-12.6',
      'missilesAmmo',
    ],
    [
      'several rounds from a gun',
      () => attackState([attacker(), target()]),
      [order({ missiles: 2 })],
      'RB-12.7',
      'notLauncher',
    ],
    [
      'zero missiles',
      () => attackState([attacker({ weapons: [{ card: 'ml6' }] }), target()]),
      [order({ weapon: 'ml6', missiles: 0 })],
      'RB-12.7',
      'missilesBad',
    ],
    [
      'a volley without an FCS',
      () => attackState([attacker({ weapons: [{ card: 'ml2s' }, { card: 'sgat' }] }), target()]),
      [order({ weapon: undefined, volley: true })],
      'RB-12.14.1',
      'volleyNoFcs',
    ],
    [
      'melee with the arm holding the HMG',
      () => attackState([attacker(), target({ hex: [3, 7] })]),
      [order({ weapon: undefined, arm: 'R' })],
      'RB-12.9',
      'armBlocked',
    ],
    [
      'melee with the arm of a pile bunker',
      () => attackState([attacker({ weapons: [{ card: 'pile' }] }), target({ hex: [3, 7] })]),
      [order({ weapon: undefined, arm: 'R' })],
      'RB-12.9',
      'armBlocked',
    ],
    [
      "melee with the Brutish Dog's left arm (its card bars it)",
      () => attackState([attacker({ card: 'brutish', weapons: [] }), target({ hex: [3, 7] })]),
      [order({ weapon: undefined, arm: 'L' })],
      'RB-12.9',
      'armBlocked',
    ],
    [
      'melee at three hexes',
      () => attackState([attacker(), target()]),
      [order({ weapon: undefined, arm: 'L' })],
      'RB-12.8',
      'meleeReach',
    ],
  ]
  for (const [name, build, orders, rule, key] of cases) {
    it(`refuses ${name} (${rule})`, () => {
      const e = refusal(build(), orders)
      expect(e.rule).toBe(rule)
      expect(e.key).toBe(`realbattle.attack.${key}`)
      expect(e.order).toBe(orders.length - 1)
    })
  }

  it('refuses a second attack by the same AT (RB-12.2), naming it', () => {
    const state = attackState([attacker(), target(), target({ id: 'B2', hex: [3, 4] })])
    const e = refusal(state, [order(), order({ target: 'B2' })])
    expect(e).toMatchObject({ rule: 'RB-12.2', order: 1, params: { at: 'A1', n: 2 } })
    expect(e.message).toBe('A1 makes one attack a phase (declaration 2 is its second)')
  })

  it('says "empty magazine" for a weapon without rounds (RB-12.6)', () => {
    const state = attackState([attacker({ weapons: [{ card: 'hmg', ammo: 0 }] }), target()])
    expect(refusal(state, [order()]).message).toBe('hmg of A1 has an empty magazine: change it in the action phase')
  })

  it('never names the target’s sealed defence in a refusal', () => {
    const state = attackState([attacker({ facing: 3 }), target({ at: { plan: plan(0, 5), planRevealed: false } })])
    const e = refusal(state, [order()])
    expect(Object.keys(e.params ?? {})).toEqual(['at', 'target', 'weapon', 'dir'])
    expect(e.message).toBe("B1 is in A1's BB direction, outside hmg's fire arc")
  })
})

describe('RB-12.8 melee reach', () => {
  const at = { col: 3, row: 8 }
  const hexes = {
    own: [3, 8] as [number, number],
    front: offsetNeighbor(at, 0),
    frontRight: offsetNeighbor(at, 1),
    frontLeft: offsetNeighbor(at, 5),
    two: { col: 3, row: 6 },
  }
  const reach = (arm: 'L' | 'R', hex: { col: number; row: number } | [number, number]) => {
    const h: [number, number] = Array.isArray(hex) ? hex : [hex.col, hex.row]
    const state = attackState([attacker({ weapons: [] }), target({ hex: h })])
    return checkAttacks(state, 'A', [order({ weapon: undefined, arm })]).map((e) => e.rule)
  }

  it('right arm: the front, front-right and own hexes', () => {
    expect(reach('R', hexes.front)).toEqual([])
    expect(reach('R', hexes.frontRight)).toEqual([])
    expect(reach('R', hexes.own)).toEqual([])
    expect(reach('R', hexes.frontLeft)).toEqual(['RB-12.8'])
    expect(reach('R', hexes.two)).toEqual(['RB-12.8'])
  })

  it('left arm: the front, front-left and own hexes', () => {
    expect(reach('L', hexes.front)).toEqual([])
    expect(reach('L', hexes.frontLeft)).toEqual([])
    expect(reach('L', hexes.own)).toEqual([])
    expect(reach('L', hexes.frontRight)).toEqual(['RB-12.8'])
  })
})

describe('§9.1 tables T2–T5', () => {
  it('T2: a value between columns takes the next lower one (RB-22.3); defence 0 and none lower give 0', () => {
    expect([1, 2, 3, 4, 5, 6].map((pp) => hitModifier(tables, pp))).toEqual([0, 1, 2, 2, 3, 3])
    expect([0, 1, 4, 5].map((pp) => evasionModifier(tables, pp, false))).toEqual([0, -1, -3, -4])
    expect([0, 1, 2, 4, 6, 7].map((pp) => evasionModifier(tables, pp, true))).toEqual([0, 0, -1, -2, -3, -4])
  })

  it('T3 and T4 by |speed|, reversing included', () => {
    expect([0, -1, 2, -3, 4, 5, -6, 7, 9].map((v) => attackerSpeedModifier(tables, v))).toEqual([
      0, -1, -1, -2, -2, -3, -3, -4, -4,
    ])
    expect(targetSpeedModifier(tables, 'BB', 0)).toBe(2)
    expect(targetSpeedModifier(tables, 'FS', -4)).toBe(-2)
    expect(targetSpeedModifier(tables, 'BS', 8)).toBe(-3)
  })

  it('T5: absent is outside the arc', () => {
    expect(fireArcModifier(tables, 'shoulderL', 'FL')).toBe(-1)
    expect(fireArcModifier(tables, 'shoulderL', 'FR')).toBeNull()
    expect(fireArcModifier(tables, 'none', 'FF')).toBeNull()
  })

  it('reads the scenario’s tables, not constants', () => {
    const a = attacker({ at: { plan: plan(2) } })
    const t = target()
    const printed = {
      ...tables,
      hitModifier: [
        { pp: 1, mod: 1 },
        { pp: 2, mod: 3 },
      ],
    }
    const state = attackState([a, t], {}, { tables: printed })
    expect(hitNumber(state, a, t, { weapon: 'hmg' }).terms.attack).toBe(3)
  })
})

describe('RB-14.1 hit number', () => {
  it('adds the seven terms, the LOF and the scenario modifier', () => {
    const a = attacker({ speed: 3, at: { plan: plan(3) } })
    const t = target({ card: 'tortoise', speed: 4, facing: 2, at: { plan: plan(0, 2), planRevealed: false } })
    const between = makeAt({ id: 'A2', hex: [3, 7] })
    const state = attackState(
      [a, between, t],
      { smoke: [{ hex: { col: 3, row: 6 }, camp: 'B' }] },
      {
        hitModifiers: [{ attackerPilot: 'Pilot A1', targetPilot: 'Pilot B1', mod: -2, ref: 'S6' }],
      },
    )
    const h = hitNumber(state, a, t, { weapon: 'hmg' })
    expect(h.terms).toEqual({
      base: 8,
      arc: 0,
      attack: 2,
      speed: -2,
      evasion: -2,
      direction: -2,
      size: 1,
      lof: -4,
      scenario: -2,
    })
    expect(h.hit).toBe(-1)
    expect(h.beforeEvasion).toBe(1)
  })

  it('takes the fire-arc modifier of the weapon’s mount (T5)', () => {
    const t = target()
    const right = attacker({ facing: 1 })
    const left = attacker({ facing: 1, weapons: [{ card: 'hmg', mount: 'handL' }] })
    expect(hitNumber(attackState([right, t]), right, t, { weapon: 'hmg' }).terms.arc).toBe(-2)
    expect(hitNumber(attackState([left, t]), left, t, { weapon: 'hmg' }).terms.arc).toBe(-1)
  })

  it('melee uses the melee hit value, no arc, and ignores smoke (RB-12.13.8, RB-14.3)', () => {
    const a = attacker({ weapons: [] })
    const t = target({ hex: [3, 7] })
    const state = attackState([a, t], { smoke: [{ hex: { col: 3, row: 8 }, camp: 'B' }] })
    const h = hitNumber(state, a, t, { arm: 'L' })
    expect(h.terms).toMatchObject({ base: 8, arc: 0, lof: 0, evasion: -1 })
    expect(h.hit).toBe(7)
  })

  it('fire from a smoke hex takes −1 (RB-12.13.8)', () => {
    const a = attacker()
    const t = target()
    const state = attackState([a, t], { smoke: [{ hex: { col: 3, row: 8 }, camp: 'A' }] })
    expect(hitNumber(state, a, t, { weapon: 'hmg' }).terms.lof).toBe(-1)
  })

  it('a fallen target has no evasion (RB-14.4 [D], RB-19.1)', () => {
    const a = attacker()
    const t = target({ at: { fallen: true, plan: plan(0, 5) } })
    expect(hitNumber(attackState([a, t]), a, t, { weapon: 'hmg' }).terms.evasion).toBe(0)
  })
})

describe('RB-12.11 the sealed defence in the options', () => {
  const optionsWith = (def: number, over: Partial<At> = {}) => {
    const a = attacker()
    const state = attackState([a, target({ at: { plan: plan(0, def), planRevealed: false, ...over } })])
    return attackOptions(state, a)
  }

  it('gives the hit number before evasion and no evasion while the defence is sealed', () => {
    const low = optionsWith(1)
    expect(low).toEqual([{ target: 'B1', weapon: 'hmg', distance: 3, hitBeforeEvasion: 8, evasion: null, ammo: 10 }])
    expect(optionsWith(5)).toEqual(low)
  })

  it('gives the evasion once the defence is turned up, and 0 for a fallen target', () => {
    expect(optionsWith(5, { defRevealed: true })[0]!.evasion).toBe(-4)
    expect(optionsWith(2, { planRevealed: true })[0]!.evasion).toBe(-2)
    expect(optionsWith(5, { fallen: true })[0]!.evasion).toBe(0)
  })

  it('offers nothing to an AT with attack PP 0, and melee to an adjacent enemy with a free arm', () => {
    const idle = attacker({ at: { plan: plan(0) } })
    expect(attackOptions(attackState([idle, target()]), idle)).toEqual([])
    const a = attacker({ weapons: [{ card: 'ml6', ammo: 4 }] })
    const opts = attackOptions(attackState([a, target({ hex: [3, 7] })]), a)
    expect(opts.map((o) => o.arm ?? o.weapon)).toEqual(['R', 'L'])
    const far = attackOptions(attackState([a, target()]), a)
    expect(far).toEqual([
      { target: 'B1', weapon: 'ml6', distance: 3, hitBeforeEvasion: 8, evasion: null, missilesMax: 4, ammo: 4 },
    ])
  })
})

describe('RB-12.14 volley fire', () => {
  const volleyer = (facing: Direction) =>
    attacker({ facing, weapons: [{ card: 'hmg' }, { card: 'fcs' }, { card: 'ml2s' }, { card: 'sgat' }] })

  it('fires every back-connected weapon at the target, each its own roll, and not the hand-held HMG', () => {
    const a = volleyer(0)
    const state = attackState([a, target()])
    const volley = order({ weapon: undefined, volley: true })
    expect(checkAttacks(state, 'A', [volley])).toEqual([])
    // The option shows the weakest weapon's number before evasion: small gatling 7 (missile 8).
    expect(attackOptions(state, a).find((o) => o.volley)).toMatchObject({ hitBeforeEvasion: 7, evasion: null })
    const events = run(state, [volley], [6, 6, 6, 6])
    expect(ofType(events, 'attack').map((e) => [e.weapon, e.hit, e.hits])).toEqual([
      ['ml2s', 7, false],
      ['sgat', 6, false],
    ])
    expect(a.weapons.map((w) => [w.id, w.ammo])).toEqual([
      ['hmg', 10],
      ['fcs', 0],
      ['ml2s', 1],
      ['sgat', 5],
    ])
  })

  it('leaves out a weapon whose arc does not hold the target', () => {
    const a = volleyer(5)
    const events = run(attackState([a, target()]), [order({ weapon: undefined, volley: true })], [6, 6])
    expect(ofType(events, 'attack').map((e) => e.weapon)).toEqual(['ml2s'])
  })
})

describe('RB-12.7 missiles, RB-18.8 one fall check, RB-20 heavy damage', () => {
  it('rolls each missile, spends a round each, and makes one fall check with the impact damage summed', () => {
    const a = attacker({ weapons: [{ card: 'ml6' }] })
    const t = target({ speed: 4 })
    const state = attackState([a, t])
    // missile 1: hit (2), damage roll 7 → armour 7, 11 − 7 = 4; missile 2: miss (12); missile 3: hit, 4 more.
    const events = run(state, [order({ weapon: 'ml6', missiles: 3 })], [1, 1, 3, 4, 6, 6, 2, 2, 3, 4, 1, 1])
    expect(ofType(events, 'attack').map((e) => e.hits)).toEqual([true, false, true])
    expect(ofType(events, 'damage').map((e) => e.damage)).toEqual([4, 4])
    expect(ofType(events, 'heavy-damage')).toEqual([{ type: 'heavy-damage', ref: 'RB-20.1', at: 'B1', maxSpeed: 3 }])
    // F = 10 − 1 (heavy) − 8 (both missiles) = 1; a roll of 2 falls.
    expect(ofType(events, 'fall-check')).toEqual([
      { type: 'fall-check', ref: 'RB-16.6', at: 'B1', value: 1, pp: 0, roll: 2, fell: true },
    ])
    expect(t).toMatchObject({ durability: 8, heavy: true, fallen: true, speed: 0 })
    expect(a.weapons[0]!.ammo).toBe(3)
  })

  it('lowers the speed to the new maximum at once (RB-20.2)', () => {
    const a = attacker()
    const t = target({ speed: 5, durability: 9 })
    // H = 8 − 1 (evasion) − 1 (T4, speed 5 from the front) = 6; roll 6 → 1 check; roll 7 → armour 7, 1 damage.
    const events = run(attackState([a, t]), [order()], [3, 3, 3, 4])
    expect(ofType(events, 'attack')[0]).toMatchObject({ hit: 6, roll: 6, checks: 1 })
    expect(t).toMatchObject({ durability: 8, heavy: true, speed: 3 })
    expect(ofType(events, 'fall-check')).toEqual([])
  })

  it('makes a separate fall check for each attacking AT (RB-18.9)', () => {
    const a1 = attacker({ weapons: [{ card: 'ss' }] })
    const a2 = attacker({ id: 'A2', weapons: [{ card: 'ss' }] })
    const t = target()
    const orders = [order({ weapon: 'ss' }), order({ at: 'A2', weapon: 'ss' })]
    const events = run(attackState([a1, a2, t]), orders, [1, 1, 3, 4, 3, 3, 1, 1, 3, 4, 3, 3])
    expect(ofType(events, 'fall-check').map((e) => [e.value, e.roll, e.fell])).toEqual([
      [6, 6, false],
      [5, 6, true],
    ])
  })
})

describe('RB-12.11 reveal, RB-16.4 destruction', () => {
  it('turns the defence up at the first attack on a target only', () => {
    const a1 = attacker()
    const a2 = attacker({ id: 'A2' })
    const t = target({ at: { plan: plan(0, 3), planRevealed: false } })
    const events = run(attackState([a1, a2, t]), [order(), order({ at: 'A2' })], [6, 6, 6, 6])
    expect(events.map((e) => e.type)).toEqual(['defence-revealed', 'attack', 'attack'])
    expect(events[0]).toEqual({ type: 'defence-revealed', ref: 'RB-12.11', at: 'B1', def: 3 })
    expect(t.defRevealed).toBe(true)
    expect(events[1]).toMatchObject({ at: 'A1', target: 'B1', weapon: 'hmg', hit: 5, roll: 12, hits: false })
  })

  it('destroys at durability 0 with the phase’s damage and the durability before, and later attacks lapse', () => {
    const ats = [attacker(), attacker({ id: 'A2' }), attacker({ id: 'A3' }), target({ durability: 3 })]
    const orders = [order(), order({ at: 'A2' }), order({ at: 'A3' })]
    // Each: H 7, roll 7 → 1 check; damage roll 8 → armour 6, 2 damage.
    const events = run(attackState(ats), orders, [3, 4, 4, 4, 3, 4, 4, 4])
    expect(ofType(events, 'destroyed')).toEqual([
      {
        type: 'destroyed',
        ref: 'RB-16.4',
        at: 'B1',
        by: 'damage',
        attacker: 'A2',
        damageThisPhase: 4,
        durabilityBefore: 3,
      },
    ])
    expect(ofType(events, 'attack-lapsed')).toEqual([{ type: 'attack-lapsed', ref: 'RB-12.1', at: 'A3', target: 'B1' }])
    expect(ats[3]).toMatchObject({ destroyed: true, destroyedBy: 'damage', durability: 0 })
    expect(ats[2]!.weapons[0]!.ammo).toBe(10)
  })
})

describe('§9.1 pile bunker (AMB-RB-19)', () => {
  it('fires at range 1 in its arc, single-shot penetration, one round', () => {
    const a = attacker({ weapons: [{ card: 'pile' }] })
    const t = target({ hex: [3, 7] })
    const state = attackState([a, t])
    expect(checkAttacks(state, 'A', [order({ weapon: 'pile' })])).toEqual([])
    // H = 7 − 1 = 6; roll 3 → 1 check; damage roll 7 → armour 7, 14 − 7 = 7.
    const events = run(state, [order({ weapon: 'pile' })], [1, 2, 3, 4])
    expect(ofType(events, 'attack')[0]).toMatchObject({ weapon: 'pile', hit: 6, hits: true, checks: 1 })
    expect(t.durability).toBe(9)
    expect(a.weapons[0]!.ammo).toBe(2)
    expect(ofType(events, 'fall-check')).toEqual([])
  })

  it('leaves the other arm free to melee', () => {
    const a = attacker({ weapons: [{ card: 'pile' }] })
    const state = attackState([a, target({ hex: [3, 7] })])
    expect(checkAttacks(state, 'A', [order({ weapon: undefined, arm: 'L' })])).toEqual([])
  })
})
