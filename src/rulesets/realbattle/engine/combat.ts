// Real Battle attack phase (RB-12…18, 20): who may attack what with which weapon or arm, the hit number
// (RB-14.1 with the LOF and scenario modifiers), and the resolution of every declared attack in order:
// the target's defence turned up (RB-12.11), hit rolls, damage checks, vital points, instant death,
// destruction, heavy damage and fall checks (fall.ts).
import type { Dice } from '../../../engine/dice.js'
import { offsetDistance, offsetNeighbor, toDirection, type OffsetHex } from '../../../engine/hex/index.js'
import type { GameEvent, OrderError } from '../../../engine/ruleset.js'
import {
  attackerSpeedModifier,
  evasionModifier,
  fireArcModifier,
  hitModifier,
  targetSpeedModifier,
} from './combat-tables.js'
import { fallCheck } from './fall.js'
import { attackDirections, columnOf, lineOfFire, lofModifier, sameHex, type AttackDirections } from './geometry.js'
import { refuseCombat } from './messages-combat.js'
import { atById, cardOf, inPlay, isHeavy, maxSpeed, weaponCard } from './stats.js'
import type {
  AmmoType,
  Arm,
  At,
  AttackOption,
  Mount,
  RangeBand,
  RbOrder,
  RbState,
  WeaponCard,
  WeaponState,
} from './types.js'

export type AttackOrder = Extract<RbOrder, { kind: 'attack' }>

// ---------------------------------------------------------------------------------------------------
// Weapons and arms
// ---------------------------------------------------------------------------------------------------

const FIRING_KINDS: ReadonlyArray<WeaponCard['kind']> = ['gun', 'launcher', 'pileBunker']
const BACK_CONNECTED: readonly Mount[] = ['shoulderR', 'shoulderL', 'torsoR', 'torsoL']
const ARM_MOUNTS: Record<Arm, readonly Mount[]> = { R: ['handR', 'armR'], L: ['handL', 'armL'] }

function fires(card: WeaponCard): boolean {
  return FIRING_KINDS.includes(card.kind)
}

/** RB-12.5: the band of the weapon's hit/power table at this distance, or null (out of range). */
function bandAt(card: WeaponCard, distance: number): RangeBand | null {
  return card.ranges.find((b) => b.from <= distance && distance <= b.to) ?? null
}

/** RB-12.9: an arm holding a hand-held weapon, fitted with an arm-fixed one, or barred by the card. */
function armBlocked(state: RbState, at: At, arm: Arm): boolean {
  if (cardOf(state.scenario, at).noMeleeArms.includes(arm)) return true
  return at.weapons.some((w) => !w.purged && ARM_MOUNTS[arm].includes(w.mount))
}

/** RB-12.8: the own hex, the front hex, and the front-right (right arm) or front-left (left arm) hex. */
function inReach(attacker: At, arm: Arm, target: OffsetHex): boolean {
  const hex = attacker.hex as OffsetHex
  if (sameHex(hex, target)) return true
  const side = toDirection(attacker.facing + (arm === 'R' ? 1 : -1))
  return sameHex(offsetNeighbor(hex, attacker.facing), target) || sameHex(offsetNeighbor(hex, side), target)
}

// ---------------------------------------------------------------------------------------------------
// One attack as declared: its shots, directions and LOF, or the rule that forbids it
// ---------------------------------------------------------------------------------------------------

/** One hit roll: a round of a weapon (a missile, one weapon of a volley) or a melee blow (weapon null). */
interface Shot {
  weapon: WeaponState | null
  band: { hit: number; power: number }
  type: AmmoType
  /** Hit-count rate in percent; null: single-shot (RB-15.4; melee too). */
  rate: number | null
  arc: number
}

interface PlannedAttack {
  attacker: At
  target: At
  melee: boolean
  /** The arm of a melee attack (RB-12.8). */
  arm: Arm | null
  volley: boolean
  shots: Shot[]
  dirs: AttackDirections
  /** The LOF modifier (fire only; melee ignores LOF and smoke, RB-12.13.8). */
  lof: number
}

type Planned = { ok: true; attack: PlannedAttack } | { ok: false; error: OrderError }

const fail = (error: OrderError): Planned => ({ ok: false, error })

/** RB-12.2/12.3, RB-19.1, RB-19.5, RB-22.2: whether `at` may attack at all in this phase. */
function attackerProblem(state: RbState, at: At): OrderError | null {
  const p = { at: at.id }
  if (!inPlay(at)) return refuseCombat('RB-12.1', 'realbattle.attack.notInPlay', p)
  if (at.camp !== state.active) return refuseCombat('RB-3.2', 'realbattle.attack.notActive', p)
  if (at.fallen) return refuseCombat('RB-19.1', 'realbattle.attack.fallen', p)
  if (at.stoodUpTried) return refuseCombat('RB-19.5', 'realbattle.attack.stoodUp', p)
  if (at.confused) return refuseCombat('RB-22.2', 'realbattle.attack.confused', p)
  const atk = at.plan?.atk ?? 0
  if (atk < 1) return refuseCombat('RB-12.3', 'realbattle.attack.noAttackPp', { at: at.id, atk })
  return null
}

/** RB-12.5, RB-12.6, T5: one weapon's shot at the target, or why it cannot fire. */
function weaponShot(
  state: RbState,
  attacker: At,
  target: At,
  weapon: WeaponState,
  dirs: AttackDirections,
  rounds: number,
): Shot | OrderError {
  const card = weaponCard(state.scenario, weapon)
  const p = { at: attacker.id, target: target.id, weapon: weapon.id }
  const distance = offsetDistance(attacker.hex as OffsetHex, target.hex as OffsetHex)
  const band = bandAt(card, distance)
  if (!band) return refuseCombat('RB-12.5', 'realbattle.attack.outOfRange', { ...p, distance }, { field: 'target' })
  const dir = dirs.targetFromAttacker
  const arc = fireArcModifier(state.scenario.tables, weapon.mount, dir)
  if (arc === null) return refuseCombat('RB-12.5', 'realbattle.attack.outsideArc', { ...p, dir }, { field: 'target' })
  if (weapon.ammo < 1) return refuseCombat('RB-12.6', 'realbattle.attack.emptyMagazine', p, { field: 'weapon' })
  if (weapon.ammo < rounds)
    return refuseCombat(
      'RB-12.6',
      'realbattle.attack.missilesAmmo',
      { at: attacker.id, weapon: weapon.id, missiles: rounds, ammo: weapon.ammo },
      { field: 'missiles' },
    )
  return { weapon, band, type: card.type ?? 'penetration', rate: card.rate, arc }
}

function isShot(x: Shot | OrderError): x is Shot {
  return 'band' in x
}

/** Everything RB-12 asks of one declaration, against the state as it stands now. */
function planAttack(state: RbState, order: AttackOrder): Planned {
  const attacker = atById(state, order.at)
  if (!attacker) return fail(refuseCombat('RB-12.1', 'realbattle.attack.noAt', { at: order.at }, { field: 'at' }))
  const who = attackerProblem(state, attacker)
  if (who) return fail(who)
  const target = atById(state, order.target)
  if (!target || !inPlay(target))
    return fail(refuseCombat('RB-12.1', 'realbattle.attack.noTarget', { target: order.target }, { field: 'target' }))
  if (target.camp === attacker.camp)
    return fail(refuseCombat('RB-12.1', 'realbattle.attack.notEnemy', { target: target.id }, { field: 'target' }))
  const named = [order.weapon !== undefined, order.volley === true, order.arm !== undefined].filter(Boolean).length
  if (named !== 1) return fail(refuseCombat('RB-12.4', 'realbattle.attack.what', { at: attacker.id }))
  if (order.missiles !== undefined && order.weapon === undefined)
    return fail(
      refuseCombat('RB-12.7', 'realbattle.attack.missilesWithoutWeapon', { at: attacker.id }, { field: 'missiles' }),
    )
  const dirs = attackDirections(attacker, target)
  const p = { at: attacker.id, target: target.id }

  if (order.arm !== undefined) {
    const arm = order.arm
    if (armBlocked(state, attacker, arm))
      return fail(refuseCombat('RB-12.9', 'realbattle.attack.armBlocked', { at: attacker.id, arm }, { field: 'arm' }))
    if (!inReach(attacker, arm, target.hex as OffsetHex))
      return fail(refuseCombat('RB-12.8', 'realbattle.attack.meleeReach', { ...p, arm }, { field: 'target' }))
    const melee = cardOf(state.scenario, attacker).melee
    const shot: Shot = { weapon: null, band: melee, type: melee.type, rate: null, arc: 0 }
    return { ok: true, attack: { attacker, target, melee: true, arm, volley: false, shots: [shot], dirs, lof: 0 } }
  }

  if (sameHex(attacker.hex as OffsetHex, target.hex as OffsetHex))
    return fail(refuseCombat('RB-12.10', 'realbattle.attack.sameHex', p, { field: 'target' }))
  const lof = lineOfFire(state, attacker.hex as OffsetHex, target.hex as OffsetHex)

  if (order.volley === true) {
    const hasFcs = attacker.weapons.some((w) => !w.purged && weaponCard(state.scenario, w).kind === 'fcs')
    if (!hasFcs) return fail(refuseCombat('RB-12.14.1', 'realbattle.attack.volleyNoFcs', { at: attacker.id }))
    if (lof.blocked) return fail(refuseCombat('RB-12.13.1', 'realbattle.attack.lofBlocked', p, { field: 'target' }))
    // RB-12.14 [R]: every back-connected firing weapon that can reach the target fires, each its own roll.
    const shots = attacker.weapons
      .filter((w) => !w.purged && BACK_CONNECTED.includes(w.mount) && fires(weaponCard(state.scenario, w)))
      .map((w) => weaponShot(state, attacker, target, w, dirs, 1))
      .filter(isShot)
    if (shots.length === 0) return fail(refuseCombat('RB-12.14.1', 'realbattle.attack.volleyNone', p))
    return {
      ok: true,
      attack: { attacker, target, melee: false, arm: null, volley: true, shots, dirs, lof: lofModifier(lof) },
    }
  }

  const weapon = attacker.weapons.find((w) => w.id === order.weapon)
  const wp = { at: attacker.id, weapon: String(order.weapon) }
  if (!weapon) return fail(refuseCombat('RB-12.4', 'realbattle.attack.noWeapon', wp, { field: 'weapon' }))
  if (weapon.purged) return fail(refuseCombat('RB-5.6', 'realbattle.attack.purged', wp, { field: 'weapon' }))
  const card = weaponCard(state.scenario, weapon)
  if (!fires(card)) return fail(refuseCombat('RB-12.4', 'realbattle.attack.notFiring', wp, { field: 'weapon' }))
  const missiles = order.missiles ?? 1
  if (!Number.isInteger(missiles) || missiles < 1)
    return fail(refuseCombat('RB-12.7', 'realbattle.attack.missilesBad', { at: attacker.id }, { field: 'missiles' }))
  if (missiles > 1 && card.kind !== 'launcher')
    return fail(refuseCombat('RB-12.7', 'realbattle.attack.notLauncher', wp, { field: 'missiles' }))
  const shot = weaponShot(state, attacker, target, weapon, dirs, missiles)
  if (!isShot(shot)) return fail(shot)
  if (lof.blocked) return fail(refuseCombat('RB-12.13.1', 'realbattle.attack.lofBlocked', p, { field: 'target' }))
  const shots = Array.from({ length: missiles }, () => shot)
  return {
    ok: true,
    attack: { attacker, target, melee: false, arm: null, volley: false, shots, dirs, lof: lofModifier(lof) },
  }
}

// ---------------------------------------------------------------------------------------------------
// RB-14.1: the hit number
// ---------------------------------------------------------------------------------------------------

/** The terms of RB-14.1 with the LOF (RB-12.13) and scenario (S6) modifiers. */
export interface HitTerms {
  /** The weapon's hit value at this range, or the AT's melee hit value. */
  base: number
  /** T5 (fire only; melee's is in its hit value, RB-14.3). */
  arc: number
  /** T2 by the attacker's attack PP. */
  attack: number
  /** T3 by |attacker speed|. */
  speed: number
  /** T2 by the target's defence PP (0 at defence 0 or fallen, RB-14.4). */
  evasion: number
  /** T4: the attacker's direction seen from the target, and the target's |speed|. */
  direction: number
  /** The target's size. */
  size: number
  /** RB-12.13.4/6/7/8, AMB-RB-9 (fire only). */
  lof: number
  /** Scenario modifiers (S6). */
  scenario: number
}

export interface HitNumber {
  hit: number
  /** The hit number without the target's evasion: all an attacker may know before it resolves (RB-12.11). */
  beforeEvasion: number
  terms: HitTerms
}

/** RB-14.4, RB-19.6a, AMB-RB-1: the evasion modifier of the target's current plan; 0 when fallen. */
function evasionOf(state: RbState, target: At): number {
  if (target.fallen || !target.plan) return 0
  return evasionModifier(state.scenario.tables, target.plan.def, cardOf(state.scenario, target).ps)
}

/** Whether the attacker may know the target's defence now (RB-12.11): turned up, revealed, or fallen. */
function defenceKnown(target: At): boolean {
  return target.fallen || target.defRevealed || target.planRevealed
}

function shotTerms(state: RbState, a: PlannedAttack, shot: Shot): Omit<HitTerms, 'evasion'> {
  const { attacker, target } = a
  const tables = state.scenario.tables
  const scenario = state.scenario.hitModifiers
    .filter((m) => m.attackerPilot === attacker.pilot.name && m.targetPilot === target.pilot.name)
    .reduce((sum, m) => sum + m.mod, 0)
  return {
    base: shot.band.hit,
    arc: shot.arc,
    attack: hitModifier(tables, attacker.plan?.atk ?? 0),
    speed: attackerSpeedModifier(tables, attacker.speed),
    direction: targetSpeedModifier(tables, columnOf(a.dirs.attackerFromTarget), target.speed),
    size: cardOf(state.scenario, target).size,
    lof: a.lof,
    scenario,
  }
}

function sumTerms(terms: Omit<HitTerms, 'evasion'>): number {
  return terms.base + terms.arc + terms.attack + terms.speed + terms.direction + terms.size + terms.lof + terms.scenario
}

function shotHit(state: RbState, a: PlannedAttack, shot: Shot): HitNumber {
  const partial = shotTerms(state, a, shot)
  const evasion = evasionOf(state, a.target)
  const beforeEvasion = sumTerms(partial)
  return { hit: beforeEvasion + evasion, beforeEvasion, terms: { ...partial, evasion } }
}

/**
 * RB-14.1: the hit number of `attacker` against `target` with a weapon (its id on the AT) or an arm, as
 * the attack would be resolved now. `hit` uses the target's sealed defence: only the resolution and
 * the owner may read it; options and previews use `beforeEvasion`. Throws when the attack is not legal.
 */
export function hitNumber(
  state: RbState,
  attacker: At,
  target: At,
  how: { weapon?: string; arm?: Arm; volley?: boolean },
): HitNumber {
  const planned = planAttack(state, { kind: 'attack', at: attacker.id, target: target.id, ...how })
  if (!planned.ok) throw new Error(`${planned.error.rule}: ${planned.error.message}`)
  return shotHit(state, planned.attack, planned.attack.shots[0] as Shot)
}

// ---------------------------------------------------------------------------------------------------
// Options and checks
// ---------------------------------------------------------------------------------------------------

/**
 * The attacks `at` may declare now, each with its hit number before the target's evasion (RB-12.11) and
 * the evasion only when the target's defence is known (turned up, revealed, or the target fallen).
 */
export function attackOptions(state: RbState, at: At): AttackOption[] {
  if (attackerProblem(state, at)) return []
  const options: AttackOption[] = []
  const enemies = state.ats.filter((t) => t.camp !== at.camp && inPlay(t))
  for (const target of enemies) {
    const evasion = defenceKnown(target) ? evasionOf(state, target) : null
    const distance = offsetDistance(at.hex as OffsetHex, target.hex as OffsetHex)
    const add = (order: Omit<AttackOrder, 'kind' | 'at' | 'target'>, extra: Partial<AttackOption> = {}): void => {
      const planned = planAttack(state, { kind: 'attack', at: at.id, target: target.id, ...order })
      if (!planned.ok) return
      const a = planned.attack
      // A volley shows its weakest weapon's number: the one single value an option has.
      const before = Math.min(...a.shots.map((s) => sumTerms(shotTerms(state, a, s))))
      options.push({ target: target.id, ...order, distance, hitBeforeEvasion: before, evasion, ...extra })
    }
    for (const w of at.weapons) {
      if (w.purged || !fires(weaponCard(state.scenario, w))) continue
      const launcher = weaponCard(state.scenario, w).kind === 'launcher'
      add({ weapon: w.id }, launcher ? { missilesMax: w.ammo, ammo: w.ammo } : { ammo: w.ammo })
    }
    add({ volley: true })
    add({ arm: 'R' })
    add({ arm: 'L' })
  }
  return options
}

/**
 * Every refusal of the attack declarations among `orders` by `seat` (RB-12): the attacker is the seat's,
 * attacks once (RB-12.2) and may attack; the target, weapon or arm, range, arc, LOF and ammo. `order` in
 * each error is the declaration's index in `orders`.
 */
export function checkAttacks(state: RbState, seat: string, orders: RbOrder[]): OrderError[] {
  const errors: OrderError[] = []
  const seen = new Set<string>()
  orders.forEach((order, index) => {
    if (order.kind !== 'attack') return
    const at = atById(state, order.at)
    if (!at) {
      errors.push(refuseCombat('RB-12.1', 'realbattle.attack.noAt', { at: order.at }, { order: index, field: 'at' }))
      return
    }
    if (at.seat !== seat) {
      errors.push(refuseCombat('RB-1.5a', 'realbattle.attack.notYours', { at: at.id }, { order: index, field: 'at' }))
      return
    }
    if (seen.has(at.id)) {
      errors.push(refuseCombat('RB-12.2', 'realbattle.attack.twice', { at: at.id, n: index + 1 }, { order: index }))
      return
    }
    seen.add(at.id)
    const planned = planAttack(state, order)
    if (!planned.ok) errors.push({ ...planned.error, order: index })
  })
  return errors
}

// ---------------------------------------------------------------------------------------------------
// Resolution
// ---------------------------------------------------------------------------------------------------

/** What a target took in this phase, for the campaign's survival check (RB-24.15, AMB-RB-20). */
interface PhaseDamage {
  durabilityBefore: number
  damage: number
}

function roll2d6(dice: Dice, purpose: string, ref: string): number {
  return dice.roll(6, purpose, ref) + dice.roll(6, purpose, ref)
}

/** RB-15.2–15.4: damage checks of a hit: single-shot 1, else ⌈(H − R)·p/100⌉ and at least 1. */
export function damageChecks(hit: number, roll: number, rate: number | null): number {
  if (rate === null) return 1
  return Math.max(1, Math.floor(((hit - roll) * rate + 99) / 100))
}

/** RB-16.3, RB-17.4: power − armour (nothing at ≤ 0), doubled for an impact round on a vital point. */
export function damageOf(power: number, armour: number, vital: boolean, type: AmmoType): number {
  const d = Math.max(0, power - armour)
  return vital && type === 'impact' ? 2 * d : d
}

function destroy(target: At, by: 'instant-death' | 'damage', attacker: At, took: PhaseDamage, events: GameEvent[]) {
  target.destroyed = true
  target.destroyedBy = by
  events.push({
    type: 'destroyed',
    ref: by === 'instant-death' ? 'RB-17.3' : 'RB-16.4',
    at: target.id,
    by,
    attacker: attacker.id,
    damageThisPhase: took.damage,
    durabilityBefore: took.durabilityBefore,
  })
}

/** One damage check (RB-16, 17, 20); returns the damage done. */
function damageCheck(
  state: RbState,
  a: PlannedAttack,
  shot: Shot,
  took: PhaseDamage,
  dice: Dice,
  events: GameEvent[],
): number {
  const { attacker, target } = a
  const column = columnOf(a.dirs.attackerFromTarget)
  const roll = roll2d6(dice, `damage check on ${target.id}`, 'RB-16.2')
  const cell = cardOf(state.scenario, target).damage[column][roll - 2]
  if (!cell) throw new Error(`RB-16.2: no damage-table cell ${column} ${roll} for ${target.card}`)
  const damage = damageOf(shot.band.power, cell.armour, cell.vital, shot.type)
  // RB-16.4: destroyed at 0 or less; the track stops at 0 (the damage taken is kept in `took`).
  target.durability = Math.max(0, target.durability - damage)
  took.damage += damage
  events.push({
    type: 'damage',
    ref: cell.vital ? 'RB-17.1' : 'RB-16.3',
    at: attacker.id,
    target: target.id,
    roll,
    column,
    armour: cell.armour,
    vital: cell.vital,
    damage,
    durability: target.durability,
  })
  if (cell.vital && shot.type === 'penetration' && damage >= 1) {
    const die = dice.roll(6, `instant-death check of ${target.id}`, 'RB-17.3')
    const dead = die <= 3
    events.push({ type: 'instant-death', ref: 'RB-17.3', at: target.id, roll: die, dead })
    if (dead) {
      destroy(target, 'instant-death', attacker, took, events)
      return damage
    }
  }
  if (target.durability <= 0) {
    destroy(target, 'damage', attacker, took, events)
    return damage
  }
  if (!target.heavy && isHeavy(state.scenario, target)) {
    target.heavy = true
    const max = maxSpeed(state.scenario, target)
    if (target.speed > max) target.speed = max
    events.push({ type: 'heavy-damage', ref: 'RB-20.1', at: target.id, maxSpeed: max })
  }
  return damage
}

/** RB-12.11: the first attack resolved on a target turns its defence up (unless already public or moot). */
function revealDefence(target: At, events: GameEvent[]): void {
  if (target.defRevealed || target.planRevealed || target.fallen || !target.plan) return
  target.defRevealed = true
  events.push({ type: 'defence-revealed', ref: 'RB-12.11', at: target.id, def: target.plan.def })
}

function resolveAttack(state: RbState, a: PlannedAttack, took: PhaseDamage, dice: Dice, events: GameEvent[]): void {
  const { attacker, target } = a
  revealDefence(target, events)
  // RB-12.6, RB-12.7: the rounds are fired at once, all spent even when an early one destroys the target.
  for (const shot of a.shots) if (shot.weapon) shot.weapon.ammo -= 1
  let impactHit = false
  let impactDamage = 0
  for (const shot of a.shots) {
    if (target.destroyed) break
    const h = shotHit(state, a, shot)
    const roll = roll2d6(dice, `hit roll ${attacker.id} → ${target.id}`, 'RB-14.2')
    const hits = roll <= h.hit
    const checks = hits ? damageChecks(h.hit, roll, shot.rate) : 0
    events.push({
      type: 'attack',
      ref: 'RB-14.2',
      at: attacker.id,
      target: target.id,
      ...(shot.weapon ? { weapon: shot.weapon.id } : { arm: a.arm }),
      ...(a.volley ? { volley: true } : {}),
      hit: h.hit,
      roll,
      hits,
      checks,
      terms: h.terms,
    })
    for (let i = 0; i < checks && !target.destroyed; i++) {
      const damage = damageCheck(state, a, shot, took, dice, events)
      // RB-16.6, AMB-RB-10: an impact round (melee always) forces a fall check even at 0 damage.
      if (a.melee || shot.type === 'impact') {
        impactHit = true
        impactDamage += damage
      }
    }
  }
  if (!impactHit || target.destroyed) return
  // RB-18.8: one check for all the impact rounds of this AT's attack, their damage summed.
  const cause = a.melee
    ? { damage: impactDamage, meleeAttackerSpeed: attacker.speed, other: attacker, ref: 'RB-18.4' }
    : { damage: impactDamage, ref: 'RB-16.6' }
  fallCheck(state.scenario, target, cause, target.camp !== state.active, dice, events)
}

/**
 * RB-12…18, 20: every declared attack of `orders`, in submission order, on a state the caller cloned.
 * A target destroyed by an earlier attack is attacked no more (event `attack-lapsed`).
 */
export function runAttackPhase(state: RbState, orders: RbOrder[], dice: Dice, events: GameEvent[]): void {
  const took = new Map<string, PhaseDamage>()
  for (const order of orders) {
    if (order.kind !== 'attack') continue
    const target = atById(state, order.target)
    if (target?.destroyed) {
      events.push({ type: 'attack-lapsed', ref: 'RB-12.1', at: order.at, target: order.target })
      continue
    }
    const planned = planAttack(state, order)
    if (!planned.ok) throw new Error(`attack by ${order.at}: ${planned.error.rule} ${planned.error.message}`)
    const t = planned.attack.target
    const mine = took.get(t.id) ?? { durabilityBefore: t.durability, damage: 0 }
    took.set(t.id, mine)
    resolveAttack(state, planned.attack, mine, dice, events)
  }
}
