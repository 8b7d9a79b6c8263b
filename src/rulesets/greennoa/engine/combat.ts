// GREEN NOA combat (GN-5-2, GN-5-3, GN-6, GN-7, GN-8, GN-10): attack declarations and their checks, the
// compulsory melee, and the resolution of one attack with its results and states (section 5.1).
// Resolution timing (GN-3-2, AMB-GN-1) is the sequence's business (sequence.ts): ③ and ⑦ only declare,
// ④ and ⑧ resolve at once, ⑤ and ⑨ resolve ③'s and ⑦'s declarations in order.
import type { Dice } from '../../../engine/dice.js'
import type { GameEvent, OrderError } from '../../../engine/ruleset.js'
import { offsetDistance, offsetKey } from '../../../engine/hex/index.js'
import { refuse } from './messages.js'
import { attackDirection, fireDifference, inFireArc } from './direction.js'
import {
  fireAllowed,
  fireResult,
  fireTotal,
  meleeDifference,
  meleeResult,
  meleeTotal,
  type FireResult,
  type MeleeResult,
} from './tables.js'
import type { AttackOrder, Declared, GnState, PhaseNo, Side, Unit } from './types.js'
import { findUnit, formValues, isS, liveUnits, otherSide, pilotOf } from './units.js'

/** The side that attacks in this phase: ③ and ⑧ the first player, ④ and ⑦ the second (GN-3-2). */
export function combatSide(state: GnState): Side | null {
  if (state.ended) return null
  if (state.phase === 3 || state.phase === 8) return state.first
  if (state.phase === 4 || state.phase === 7) return otherSide(state.first)
  return null
}

/** ③ and ⑦ declare only: their dice wait for the damage confirmation ⑤ / ⑨ (GN-3-2, AMB-GN-1). */
export function declaresOnly(phase: PhaseNo): boolean {
  return phase === 3 || phase === 7
}

/** GN-5-2: the live enemy unit sharing the unit's hex, or null (each side has at most one unit a hex, GN-5-1). */
export function stackedEnemy(state: GnState, unit: Unit): Unit | null {
  const key = offsetKey(unit.hex)
  return liveUnits(state, otherSide(unit.side)).find((e) => offsetKey(e.hex) === key) ?? null
}

/** GN-7-2, GN-7-3 [D]: the fire column FP − d − DEF, from the units' current forms and hexes. */
export function fireDiff(state: GnState, attacker: Unit, target: Unit): number {
  const a = formValues(state.scenario, attacker)
  const t = formValues(state.scenario, target)
  return fireDifference(a.fp, attacker.hex, target.hex, t.def)
}

/** GN-8-1, GN-8-3: the melee column MEL − MEL, the target's strength 0 when it is C. */
export function meleeDiff(state: GnState, attacker: Unit, target: Unit): number {
  const a = formValues(state.scenario, attacker)
  const t = formValues(state.scenario, target)
  return meleeDifference(a.mel, t.mel, target.c)
}

type Problem = OrderError

/**
 * What forbids one attack by `side`, or [] when it is legal: the attacker and target (GN-6-1), S (GN-7-7 S:
 * no action), the compulsory melee (GN-5-2), and for fire F (GN-7-7 F), the arc (GN-7-1), the difference
 * (GN-7-3) and a target stacked with a friend (GN-5-3); for melee C (GN-8-4 C) and the same hex (GN-6-1).
 */
export function attackProblems(state: GnState, side: Side, order: AttackOrder): Problem[] {
  const attacker = findUnit(state, order.unit)
  if (!attacker || attacker.removed)
    return [refuse('GN-6-2', 'greennoa.noUnit', { unit: order.unit }, { field: 'unit' })]
  if (attacker.side !== side)
    return [refuse('GN-6-2', 'greennoa.attack.notYours', { unit: attacker.id }, { field: 'unit' })]
  const target = findUnit(state, order.target)
  if (!target || target.removed)
    return [refuse('GN-6-1', 'greennoa.attack.noTarget', { unit: order.target }, { field: 'target' })]
  if (target.side === side)
    return [refuse('GN-6-1', 'greennoa.attack.notEnemy', { unit: target.id }, { field: 'target' })]
  if (isS(attacker)) return [refuse('GN-7-7', 'greennoa.attack.suppressed', { unit: attacker.id })]
  const enemy = stackedEnemy(state, attacker)
  if (order.kind === 'fire') {
    if (enemy) return [refuse('GN-5-2', 'greennoa.fire.mustMelee', { unit: attacker.id, enemy: enemy.id })]
    if (attacker.f) return [refuse('GN-7-7', 'greennoa.fire.never', { unit: attacker.id })]
    if (offsetKey(attacker.hex) === offsetKey(target.hex))
      return [refuse('GN-6-1', 'greennoa.fire.sameHex', { target: target.id, unit: attacker.id }, { field: 'target' })]
    const problems: Problem[] = []
    const arc = formValues(state.scenario, attacker).arc
    if (!inFireArc(attacker.hex, attacker.facing, arc, target.hex))
      problems.push(
        refuse('GN-7-1', 'greennoa.fire.outsideArc', { target: target.id, unit: attacker.id }, { field: 'target' }),
      )
    const diff = fireDiff(state, attacker, target)
    if (!fireAllowed(diff))
      problems.push({
        ...refuse('GN-7-3', 'greennoa.fire.outOfRange', {
          unit: attacker.id,
          target: target.id,
          distance: offsetDistance(attacker.hex, target.hex),
          diff,
        }),
        field: 'target',
      })
    const friend = stackedEnemy(state, target)
    if (friend)
      problems.push({
        ...refuse('GN-5-3', 'greennoa.fire.friendInHex', { target: target.id, friend: friend.id }),
        field: 'target',
      })
    return problems
  }
  if (attacker.c) return [refuse('GN-8-4', 'greennoa.melee.never', { unit: attacker.id })]
  if (offsetKey(attacker.hex) !== offsetKey(target.hex))
    return [
      refuse('GN-6-1', 'greennoa.melee.notSameHex', { target: target.id, unit: attacker.id }, { field: 'target' }),
    ]
  return []
}

/**
 * Every error of a combat-phase submission by `side`: one attack per unit (GN-6-2), each legal. `[]` when
 * legal; an empty submission is always legal (the compulsory melee is added by the rules, GN-5-2).
 */
export function validateAttacks(state: GnState, side: Side, orders: readonly AttackOrder[]): OrderError[] {
  if (combatSide(state) !== side) {
    if (orders.length === 0) return []
    return [refuse('GN-3-2', 'greennoa.notCombatPhase', { side })]
  }
  const errors: OrderError[] = []
  const seen = new Set<string>()
  orders.forEach((order, index) => {
    if (seen.has(order.unit)) {
      errors.push(refuse('GN-6-2', 'greennoa.attack.once', { unit: order.unit }, { order: index }))
      return
    }
    seen.add(order.unit)
    for (const p of attackProblems(state, side, order)) errors.push({ ...p, order: index })
  })
  return errors
}

/**
 * The attacks of a valid submission as declared (AMB-GN-1: differences fixed now), in the order given, then
 * the compulsory melees of GN-5-2 [R AMB-GN-2] the orders left out, in unit order: every unit of the side
 * sharing a hex with an enemy melees it, unless it cannot (C or S), when it makes no attack.
 */
export function declareAttacks(
  state: GnState,
  side: Side,
  orders: readonly AttackOrder[],
): { declared: Declared[]; events: GameEvent[] } {
  const errors = validateAttacks(state, side, orders)
  if (errors.length > 0) throw new Error(`invalid attacks: ${errors.map((e) => `${e.rule} ${e.message}`).join('; ')}`)
  const declared: Declared[] = []
  const events: GameEvent[] = []
  for (const order of orders) {
    const attacker = findUnit(state, order.unit) as Unit
    const target = findUnit(state, order.target) as Unit
    const diff = order.kind === 'fire' ? fireDiff(state, attacker, target) : meleeDiff(state, attacker, target)
    declared.push({ kind: order.kind, unit: attacker.id, target: target.id, diff, compulsory: false })
  }
  for (const unit of liveUnits(state, side)) {
    if (declared.some((d) => d.unit === unit.id)) continue
    const enemy = stackedEnemy(state, unit)
    if (!enemy) continue
    if (unit.c || isS(unit)) {
      events.push({ type: 'no-attack', ref: 'GN-5-2', unit: unit.id, target: enemy.id, reason: unit.c ? 'C' : 'S' })
      continue
    }
    declared.push({
      kind: 'melee',
      unit: unit.id,
      target: enemy.id,
      diff: meleeDiff(state, unit, enemy),
      compulsory: true,
    })
  }
  for (const d of declared)
    events.push({
      type: 'declare',
      ref: d.compulsory ? 'GN-5-2' : 'GN-6-2',
      kind: d.kind,
      unit: d.unit,
      target: d.target,
      diff: d.diff,
      compulsory: d.compulsory,
    })
  return { declared, events }
}

/** GN-7-7 S, GN-8-4 AS / DS: S until the end of this phase's number in the next inning (AMB-GN-6). */
function makeS(state: GnState, unit: Unit): GameEvent {
  unit.s = { inning: state.inning + 1, phase: state.phase }
  return { type: 'state', ref: 'AMB-GN-6', unit: unit.id, mark: 'S', until: unit.s }
}

function mark(unit: Unit, what: 'M' | 'F' | 'C' | 'E', ref: string): GameEvent {
  if (what === 'M') unit.m = true
  else if (what === 'F') unit.f = true
  else if (what === 'C') unit.c = true
  else unit.removed = true
  return { type: what === 'E' ? 'destroyed' : 'state', ref, unit: unit.id, ...(what === 'E' ? {} : { mark: what }) }
}

function roll2d6(dice: Dice, purpose: string, ref: string): [number, number] {
  return [dice.roll(6, `${purpose}, die 1`, ref), dice.roll(6, `${purpose}, die 2`, ref)]
}

/**
 * Resolves one declared attack on `state` in place (the caller's working copy) and returns its events. The
 * difference is the declared one; the S (+2), direction (fire only, GN-10-1) and pilot modifiers are read
 * now (AMB-GN-1). An attacker already removed still resolves (simultaneous damage, GN-3-2); a target
 * already removed is no longer attacked. Melee results against the attacker are void when the target is S
 * (GN-8-2, AMB-GN-4); DS and DC follow the option `literalDsDc` (AMB-GN-5).
 */
export function resolveAttack(state: GnState, d: Declared, dice: Dice): GameEvent[] {
  const attacker = findUnit(state, d.unit)
  const target = findUnit(state, d.target)
  if (!attacker || !target) throw new Error(`declared attack ${d.unit} → ${d.target}: unknown unit`)
  if (target.removed) return [{ type: 'attack-lapsed', ref: 'GN-6-1', kind: d.kind, unit: d.unit, target: d.target }]
  const targetS = isS(target)
  const pAtt = pilotOf(state.scenario, attacker).skill
  const pDef = pilotOf(state.scenario, target).skill
  if (d.kind === 'fire') {
    const dice2 = roll2d6(dice, `fire ${d.unit} → ${d.target}`, 'GN-7-3')
    const dir = attackDirection(target.hex, target.facing, attacker.hex)
    const total = fireTotal(dice2[0] + dice2[1], targetS, dir.modifier, pAtt, pDef)
    const result: FireResult = fireResult(d.diff, total)
    const events: GameEvent[] = [
      {
        type: 'fire',
        ref: 'GN-7-7',
        unit: d.unit,
        target: d.target,
        diff: d.diff,
        dice: dice2,
        targetS,
        direction: dir.direction,
        directionMod: dir.modifier,
        pilotMod: pAtt - pDef,
        total,
        result,
      },
    ]
    if (result === 'S') events.push(makeS(state, target))
    else if (result !== '-') events.push(mark(target, result, 'GN-7-7'))
    return events
  }
  const dice2 = roll2d6(dice, `melee ${d.unit} → ${d.target}`, 'GN-8-1')
  const total = meleeTotal(dice2[0] + dice2[1], targetS, pAtt, pDef)
  const result: MeleeResult = meleeResult(d.diff, total)
  const voided = targetS && result.startsWith('A')
  const events: GameEvent[] = [
    {
      type: 'melee',
      ref: 'GN-8-4',
      unit: d.unit,
      target: d.target,
      diff: d.diff,
      dice: dice2,
      targetS,
      pilotMod: pAtt - pDef,
      total,
      result,
      voided,
      compulsory: d.compulsory,
    },
  ]
  if (voided) return [...events, { type: 'result-void', ref: 'AMB-GN-4', unit: d.unit, result }]
  // An attacker removed before its deferred melee resolved (GN-3-2) has nothing left to lose.
  if (attacker.removed && result.startsWith('A')) return events
  const literal = state.options.literalDsDc
  switch (result) {
    case 'AE':
      events.push(mark(attacker, 'E', 'GN-8-4'))
      break
    case 'AS':
      events.push(makeS(state, attacker))
      break
    case 'AC':
      events.push(mark(attacker, 'C', 'GN-8-4'))
      break
    case 'DE':
      events.push(mark(target, 'E', 'GN-8-4'))
      break
    case 'DS':
      events.push(literal ? mark(target, 'C', 'AMB-GN-5') : makeS(state, target))
      break
    case 'DC':
      events.push(literal ? makeS(state, target) : mark(target, 'C', 'AMB-GN-5'))
      break
    case '-':
      break
  }
  return events
}
