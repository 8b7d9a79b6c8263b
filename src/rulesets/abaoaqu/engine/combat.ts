// what an attack is worth. Declarations become plans: the attack and
// defence totals, the base column and the pilot shifts on each side.
import type { OrderError } from '../../../engine/ruleset.js'
import { inBdArea } from './bd-screen.js'
import { distance, hexLabel, onMap, sameHex } from './geometry.js'
import { refuse, type MessageKey } from './messages.js'
import { groupPilotShift, type PilotShift } from './pilots.js'
import { countsWholeGroup } from './rules-version.js'
import { ratioIndex } from './tables.js'
import type { GroupClass, Hex, Order, State, TargetSpec, Unit } from './types.js'
import { combatClass, faceValues, isOnMap, isSteady, unitById, unitsIn, unitType } from './units.js'

export type AttackOrder = Extract<Order, { kind: 'attack' }>

export interface AttackPlan {
  mode: 'shoot' | 'close' | 'sm'
  attackers: Unit[]
  targetHex: Hex
  /** Every unit the result applies to (A-8-4: friendly units in a group target too). */
  targets: Unit[]
  contributions: Record<string, number>
  attack: number
  defence: number
  /** Base ladder index (1:1 = 0); null when the attack is worth nothing. */
  base: number | null
  attackerShift: PilotShift
  defenderShift: PilotShift
}

export type PlanResult = { ok: true; plan: AttackPlan } | { ok: false; errors: OrderError[] }

const fail = (rule: string, key: MessageKey, params: Record<string, string | number>, field: string): PlanResult => ({
  ok: false,
  errors: [refuse(rule, key, params, { field })],
})

/** Checks that apply to every attacker of a declaration; returns the units or errors. */
function resolveAttackers(
  state: State,
  side: string,
  ids: readonly string[],
  mode: 'shoot' | 'close',
): Unit[] | OrderError[] {
  const errors: OrderError[] = []
  const units: Unit[] = []
  if (ids.length === 0) return [refuse('A-6-4a', 'abaoaqu.attack.noAttackers', {}, { field: 'units' })]
  if (new Set(ids).size !== ids.length)
    errors.push(refuse('A-6-4a', 'abaoaqu.attack.unitTwice', {}, { field: 'units' }))
  for (const id of ids) {
    const u = unitById(state, id)
    if (!u) {
      errors.push(refuse('A-2-2', 'abaoaqu.unknownUnit', { unit: id }, { field: 'units' }))
      continue
    }
    if (u.side !== side) {
      errors.push(refuse('A-0a', 'abaoaqu.notYourUnit', { unit: id }, { field: 'units' }))
      continue
    }
    if (!isOnMap(u)) {
      errors.push(refuse('A-6-4a', 'abaoaqu.notOnMap', { unit: id }, { field: 'units' }))
      continue
    }
    const type = unitType(state, u)
    if (!isSteady(u))
      errors.push(refuse('GAP-A-3', 'abaoaqu.attack.notSteady', { unit: id, state: u.morale }, { field: 'units' }))
    if (type.satelliteMissile)
      errors.push(refuse('A-16-2', 'abaoaqu.attack.satelliteMissile', { unit: id }, { field: 'units' }))
    if (type.bdLauncher && u.face === 'front')
      errors.push(refuse('A-18-2', 'abaoaqu.attack.bdOnly', { unit: id }, { field: 'units' }))
    if (mode === 'close' && type.ccCategory !== 'MS') {
      const rule = type.shipInCombat ? 'A-17-3' : 'A-9-3'
      errors.push(refuse(rule, 'abaoaqu.close.notMobileSuit', { unit: id, type: type.name }, { field: 'units' }))
    }
    units.push(u)
  }
  return errors.length ? errors : units
}

function groupMembers(state: State, hex: Hex, group: GroupClass, mode: 'shoot' | 'close'): Unit[] {
  return unitsIn(state, hex).filter((u) => {
    if (group === 'ALL') return true
    const type = unitType(state, u)
    if (mode === 'close')
      return type.ccCategory === (group === 'MS' ? 'MS' : group) || (group === 'MS' && type.ccCategory === 'SM')
    if (group === 'FT') return type.ccCategory === 'FT'
    return combatClass(state, u) === group
  })
}

/** The hex and the units a target spec names, or errors. */
function resolveTargets(
  state: State,
  side: string,
  order: AttackOrder,
  attackers: Unit[],
  mode: 'shoot' | 'close',
): { hex: Hex; targets: Unit[]; enemies: Unit[] } | OrderError[] {
  const target: TargetSpec = order.target
  if ('unit' in target) {
    const t = unitById(state, target.unit)
    if (!t) return [refuse('A-2-2', 'abaoaqu.target.unknown', { unit: target.unit }, { field: 'target' })]
    if (t.side === side) return [refuse('A-6-4', 'abaoaqu.target.own', { unit: t.id }, { field: 'target' })]
    if (!isOnMap(t)) return [refuse('A-6-4', 'abaoaqu.notOnMap', { unit: t.id }, { field: 'target' })]
    if (order.hex && !sameHex(order.hex, t.hex))
      return [
        refuse(
          'A-8-1',
          'abaoaqu.target.wrongHex',
          { unit: t.id, hex: hexLabel(t.hex), given: hexLabel(order.hex) },
          { field: 'hex' },
        ),
      ]
    return { hex: t.hex, targets: [t], enemies: [t] }
  }
  const hex = order.hex ?? (mode === 'close' ? (attackers[0]?.hex ?? null) : null)
  if (!hex) return [refuse('A-8-1', 'abaoaqu.target.groupNeedsHex', {}, { field: 'hex' })]
  if (!onMap(state.scenario.map, hex))
    return [refuse('A-4-6a', 'abaoaqu.hexOffMap', { hex: hexLabel(hex) }, { field: 'hex' })]
  if (target.group === 'ALL' && state.options.groupTarget !== 'mixed') {
    return [refuse('A-6-4b', 'abaoaqu.target.oneClass', {}, { field: 'target' })]
  }
  if (mode === 'shoot' && target.group === 'FT' && state.options.groupTarget !== 'mixed') {
    return [refuse('A-6-4b', 'abaoaqu.target.shootingGroup', {}, { field: 'target' })]
  }
  const members = groupMembers(state, hex, target.group, mode).filter((u) => !attackers.includes(u))
  const enemies = members.filter((u) => u.side !== side)
  if (enemies.length === 0)
    return [
      refuse('A-6-4', 'abaoaqu.target.noEnemies', { group: target.group, hex: hexLabel(hex) }, { field: 'target' }),
    ]
  // A-8-4: friendly units inside a shooting group target share its fate; never in close combat.
  const targets = mode === 'shoot' ? members : enemies
  return { hex, targets, enemies }
}

function shootFactor(state: State, attacker: Unit, targets: Unit[]): number {
  const v = faceValues(state, attacker)
  const classes = new Set(targets.map((t) => combatClass(state, t)))
  if (classes.size > 1) return Math.min(v.atkMS, v.atkShip) // option groupTarget = mixed
  return classes.has('SHIP') ? v.atkShip : v.atkMS
}

/** A-7-3a: doubled in the same hex, less one per hex of distance otherwise. */
export function effectiveShot(factor: number, d: number): number {
  return d === 0 ? 2 * factor : factor - d
}

function isBeam(state: State, u: Unit): boolean {
  return faceValues(state, u).weapon === 'B'
}

function defenceSide(state: State, side: string, targets: Unit[], mode: 'shoot' | 'close'): Unit[] {
  const friendlyCount = mode === 'shoot' && state.options.friendlyDefenceCounts !== false
  return targets.filter((t) => t.side !== side || friendlyCount)
}

function shiftOf(state: State, units: Unit[], role: 'attack' | 'defence'): PilotShift {
  return groupPilotShift(
    units.map((u) => ({ pilot: u.pilot, defenceOnly: unitType(state, u).pilotDefenceOnly ?? false })),
    role,
  )
}

function defenderPilots(state: State, side: string, targets: Unit[]): Unit[] {
  const friendly = state.options.friendlyPilotsCount === true
  return targets.filter((t) => t.side !== side || friendly)
}

/** A long-range shooting declaration. `strict` refuses attackers worth nothing. */
export function planShoot(state: State, side: string, order: AttackOrder, strict: boolean): PlanResult {
  const attackers = resolveAttackers(state, side, order.units, 'shoot')
  if (isErrors(attackers)) return { ok: false, errors: attackers }
  if (state.options.combineAcrossHexes !== true && !attackers.every((a) => sameHex(a.hex, attackers[0]!.hex))) {
    return fail('A-8-2', 'abaoaqu.shoot.notStacked', {}, 'units')
  }
  const resolved = resolveTargets(state, side, order, attackers, 'shoot')
  if (isErrors(resolved)) return { ok: false, errors: resolved }
  const { hex, targets, enemies } = resolved
  const contributions: Record<string, number> = {}
  const errors: OrderError[] = []
  // A-17-4 protects only the Bigzam: a friendly one caught in the group (A-8-4) cancels no fire.
  const iField = (countsWholeGroup(state) ? targets : enemies).some((t) => unitType(state, t).iField)
  const targetScreened = inBdArea(state, hex)
  for (const a of attackers) {
    const eff = effectiveShot(shootFactor(state, a, targets), distance(a.hex!, hex))
    if (eff < 1) {
      errors.push(
        refuse(
          'A-7-3b',
          'abaoaqu.shoot.outOfRange',
          { hex: hexLabel(hex), unit: a.id, distance: distance(a.hex!, hex), factor: eff },
          { field: 'units' },
        ),
      )
      continue
    }
    let value = eff
    if (isBeam(state, a) && iField) value = 0
    if (isBeam(state, a) && (targetScreened || inBdArea(state, a.hex!))) value = 0
    contributions[a.id] = value
  }
  if (errors.length) return { ok: false, errors }
  // A-17-4 [R], A-18-5: beam units add nothing here; an attack worth nothing at all is refused.
  if (strict && Object.values(contributions).every((v) => v === 0)) {
    const rule = iField ? 'A-17-4' : 'A-18-5'
    return fail(rule, iField ? 'abaoaqu.shoot.worthlessIField' : 'abaoaqu.shoot.worthlessBdScreen', {}, 'units')
  }
  const group = beamProof(state, side, attackers, targets, contributions)
  return {
    ok: true,
    plan: makePlan(
      state,
      side,
      'shoot',
      attackers,
      hex,
      group,
      enemies,
      contributions,
      defenceSide(state, side, group, 'shoot').reduce((s, t) => s + faceValues(state, t).def, 0),
    ),
  }
}

/**
 * A-17-4 with A-8-4: beam fire cannot touch a friendly Bigzam caught in the target group, so
 * against an attack carried by beams alone it is not part of the group (no defence, no result).
 */
function beamProof(
  state: State,
  side: string,
  attackers: Unit[],
  targets: Unit[],
  contributions: Record<string, number>,
): Unit[] {
  if (countsWholeGroup(state)) return targets
  const beamsOnly = attackers.every((a) => (contributions[a.id] ?? 0) === 0 || isBeam(state, a))
  if (!beamsOnly) return targets
  return targets.filter((t) => t.side !== side || !unitType(state, t).iField)
}

function makePlan(
  state: State,
  side: string,
  mode: AttackPlan['mode'],
  attackers: Unit[],
  hex: Hex,
  targets: Unit[],
  enemies: Unit[],
  contributions: Record<string, number>,
  defence: number,
): AttackPlan {
  const attack = Object.values(contributions).reduce((s, v) => s + v, 0)
  const rounding = state.options.rounding === 'nearest' ? 'nearest' : 'strict'
  return {
    mode,
    attackers,
    targetHex: hex,
    targets,
    contributions,
    attack,
    defence,
    base: ratioIndex(attack, defence, rounding),
    attackerShift: shiftOf(
      state,
      attackers.filter((a) => !unitType(state, a).satelliteMissile),
      'attack',
    ),
    defenderShift: shiftOf(state, defenderPilots(state, side, mode === 'shoot' ? targets : enemies), 'defence'),
  }
}

/** A-9-5: the attacker's close-combat value against a target category. */
function closeAttackValue(state: State, attacker: Unit, target: Unit): number {
  const v = faceValues(state, attacker)
  const type = unitType(state, target)
  const attackerType = unitType(state, attacker)
  if (isBeam(state, attacker) && type.iField && state.options.iFieldCloseCombat !== false) return 0 // A-17-4, AMB-A-15
  if (type.shipInCombat && state.options.bigzamCloseFormula === 'ms')
    return closeVsMs(v.atkMS, attackerType.ballHalving === true)
  if (type.ccCategory === 'SHIP') return 2 * v.atkShip
  if (type.ccCategory === 'FT') return 2 * v.atkMS
  return closeVsMs(v.atkMS, attackerType.ballHalving === true)
}

// A-9-5(a) [H]: a Ball's odd value rounds down when it attacks (in favour of the defence).
function closeVsMs(atkMS: number, ball: boolean): number {
  return ball ? Math.floor(atkMS / 2) : atkMS
}

/** A-9-5: the defender's close-combat value. */
function closeDefenceValue(state: State, target: Unit, attackers: Unit[]): number {
  const v = faceValues(state, target)
  const type = unitType(state, target)
  if (type.closeDefenceIsDef) return v.def // Doros
  const againstMs = attackers.some((a) => unitType(state, a).ccCategory === 'MS') && type.ccCategory === 'MS'
  if (type.ballHalving && againstMs && state.options.ballHalving !== 'attackOnly') return Math.ceil(v.atkMS / 2)
  return v.atkMS
}

/** A close-combat declaration. */
export function planClose(state: State, side: string, order: AttackOrder): PlanResult {
  const attackers = resolveAttackers(state, side, order.units, 'close')
  if (isErrors(attackers)) return { ok: false, errors: attackers }
  const hex = attackers[0]!.hex!
  if (!attackers.every((a) => sameHex(a.hex, hex))) return fail('A-9-1', 'abaoaqu.close.oneHex', {}, 'units')
  if (order.hex && !sameHex(order.hex, hex)) return fail('A-9-1', 'abaoaqu.close.ownHex', {}, 'hex')
  const named = 'unit' in order.target ? unitById(state, order.target.unit) : undefined
  if (named && named.side !== side && isOnMap(named) && !sameHex(named.hex, hex)) {
    return fail(
      'A-9-1',
      'abaoaqu.close.targetElsewhere',
      { unit: named.id, hex: hexLabel(named.hex), own: hexLabel(hex) },
      'target',
    )
  }
  const resolved = resolveTargets(state, side, { ...order, hex }, attackers, 'close')
  if (isErrors(resolved)) return { ok: false, errors: resolved }
  const { targets, enemies } = resolved
  const categories = new Set(targets.map((t) => unitType(state, t).ccCategory))
  if (categories.size > 1) return fail('A-9-5', 'abaoaqu.close.oneCategory', {}, 'target')
  if (targets.some((t) => unitType(state, t).ccCategory === 'SHIP')) {
    const screen = unitsIn(state, hex).find(
      (u) => u.side !== side && unitType(state, u).utType === 'MS' && !unitType(state, u).shipInCombat,
    )
    if (screen) return fail('A-9-4', 'abaoaqu.close.screenedShips', { unit: screen.id }, 'target')
  }
  const contributions: Record<string, number> = {}
  for (const a of attackers)
    contributions[a.id] = targets.reduce((best, t) => Math.max(best, closeAttackValue(state, a, t)), 0)
  if (Object.values(contributions).every((v) => v === 0)) return fail('A-17-4', 'abaoaqu.close.iField', {}, 'units')
  const defence = targets.reduce((s, t) => s + closeDefenceValue(state, t, attackers), 0)
  return { ok: true, plan: makePlan(state, side, 'close', attackers, hex, targets, enemies, contributions, defence) }
}

/** A-16-4/5: a Satellite Missile's attack on one unit of its hex. */
export function planSm(state: State, sm: Unit, target: Unit): AttackPlan {
  const value = combatClass(state, target) === 'SHIP' ? 20 : 10
  const defence = faceValues(state, target).def
  return makePlan(state, sm.side, 'sm', [sm], sm.hex!, [target], [target], { [sm.id]: value }, defence)
}

export function planAttack(state: State, side: string, order: AttackOrder, strict: boolean): PlanResult {
  return order.mode === 'shoot' ? planShoot(state, side, order, strict) : planClose(state, side, order)
}

function isErrors<T>(x: T[] | OrderError[] | object): x is OrderError[] {
  return (
    Array.isArray(x) && x.length > 0 && typeof (x[0] as OrderError).rule === 'string' && 'message' in (x[0] as object)
  )
}
