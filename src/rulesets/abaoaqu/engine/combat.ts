// what an attack is worth. Declarations become plans: the attack and
// defence totals, the base column and the pilot shifts on each side.
import type { OrderError } from '../../../engine/ruleset.js'
import { inBdArea } from './bd-screen.js'
import { distance, hexLabel, onMap, sameHex } from './geometry.js'
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

const fail = (rule: string, message: string, field?: string): PlanResult => ({
  ok: false,
  errors: [{ rule, message, ...(field ? { field } : {}) }],
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
  if (ids.length === 0)
    return [{ rule: 'A-6-4a', message: 'an attack needs at least one attacking unit', field: 'units' }]
  if (new Set(ids).size !== ids.length)
    errors.push({ rule: 'A-6-4a', message: 'a unit is named twice in one attack', field: 'units' })
  for (const id of ids) {
    const u = unitById(state, id)
    if (!u) {
      errors.push({ rule: 'A-2-2', message: `unknown unit ${id}`, field: 'units' })
      continue
    }
    if (u.side !== side) {
      errors.push({ rule: 'A-0a', message: `${id} is not one of your units`, field: 'units' })
      continue
    }
    if (!isOnMap(u)) {
      errors.push({ rule: 'A-6-4a', message: `${id} is not on the map`, field: 'units' })
      continue
    }
    const type = unitType(state, u)
    if (!isSteady(u))
      errors.push({
        rule: 'GAP-A-3',
        message: `${id} is in state ${u.morale} and may not attack (§5.3)`,
        field: 'units',
      })
    if (type.satelliteMissile)
      errors.push({
        rule: 'A-16-2',
        message: `${id} is a Satellite Missile: it attacks by moving into an enemy hex`,
        field: 'units',
      })
    if (type.bdLauncher && u.face === 'front')
      errors.push({ rule: 'A-18-2', message: `${id} can only fire its BD missile (use a bd order)`, field: 'units' })
    if (mode === 'close' && type.ccCategory !== 'MS') {
      const rule = type.shipInCombat ? 'A-17-3' : 'A-9-3'
      errors.push({
        rule,
        message: `${id} (${type.name}) may not start close combat: only mobile suits may`,
        field: 'units',
      })
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
    if (!t) return [{ rule: 'A-2-2', message: `unknown target unit ${target.unit}`, field: 'target' }]
    if (t.side === side) return [{ rule: 'A-6-4', message: `${t.id} is one of your own units`, field: 'target' }]
    if (!isOnMap(t)) return [{ rule: 'A-6-4', message: `${t.id} is not on the map`, field: 'target' }]
    if (order.hex && !sameHex(order.hex, t.hex))
      return [
        { rule: 'A-8-1', message: `${t.id} is in hex ${hexLabel(t.hex)}, not ${hexLabel(order.hex)}`, field: 'hex' },
      ]
    return { hex: t.hex, targets: [t], enemies: [t] }
  }
  const hex = order.hex ?? (mode === 'close' ? (attackers[0]?.hex ?? null) : null)
  if (!hex) return [{ rule: 'A-8-1', message: 'a group target needs the hex it is in', field: 'hex' }]
  if (!onMap(state.scenario.map, hex))
    return [{ rule: 'A-4-6a', message: `hex ${hexLabel(hex)} is off the map`, field: 'hex' }]
  if (target.group === 'ALL' && state.options.groupTarget !== 'mixed') {
    return [{ rule: 'A-6-4b', message: 'a group target is one class: MS, FT or SHIP (AMB-A-6)', field: 'target' }]
  }
  if (mode === 'shoot' && target.group === 'FT' && state.options.groupTarget !== 'mixed') {
    return [
      {
        rule: 'A-6-4b',
        message: 'a shooting group target is MS-class or SHIP (fighters and turrets are MS-class)',
        field: 'target',
      },
    ]
  }
  const members = groupMembers(state, hex, target.group, mode).filter((u) => !attackers.includes(u))
  const enemies = members.filter((u) => u.side !== side)
  if (enemies.length === 0)
    return [{ rule: 'A-6-4', message: `no enemy ${target.group} units in hex ${hexLabel(hex)}`, field: 'target' }]
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
    return fail('A-8-2', 'units combine in one attack only when they are stacked in one hex (AMB-A-26)', 'units')
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
      errors.push({
        rule: 'A-7-3b',
        message:
          `${hexLabel(hex)} is out of ${a.id}'s range: ` +
          `at ${distance(a.hex!, hex)} hexes its attack factor would be ${eff}, and it must be at least 1`,
        field: 'units',
      })
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
    const why = iField ? 'the I-field stops beam weapons' : 'beam fire into or out of a BD screen is nullified'
    return fail(rule, `this attack would be worth nothing: ${why}`, 'units')
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
  if (!attackers.every((a) => sameHex(a.hex, hex)))
    return fail('A-9-1', 'close-combat attackers must all be in one hex', 'units')
  if (order.hex && !sameHex(order.hex, hex))
    return fail('A-9-1', "close combat happens only in the attackers' own hex", 'hex')
  const named = 'unit' in order.target ? unitById(state, order.target.unit) : undefined
  if (named && named.side !== side && isOnMap(named) && !sameHex(named.hex, hex)) {
    return fail(
      'A-9-1',
      `${named.id} is in hex ${hexLabel(named.hex)}: ` +
        `close combat happens only in the attackers' own hex (${hexLabel(hex)})`,
      'target',
    )
  }
  const resolved = resolveTargets(state, side, { ...order, hex }, attackers, 'close')
  if (isErrors(resolved)) return { ok: false, errors: resolved }
  const { targets, enemies } = resolved
  const categories = new Set(targets.map((t) => unitType(state, t).ccCategory))
  if (categories.size > 1)
    return fail('A-9-5', 'all defenders of one close-combat attack must be of one category', 'target')
  if (targets.some((t) => unitType(state, t).ccCategory === 'SHIP')) {
    const screen = unitsIn(state, hex).find(
      (u) => u.side !== side && unitType(state, u).utType === 'MS' && !unitType(state, u).shipInCombat,
    )
    if (screen)
      return fail(
        'A-9-4',
        `enemy ships stacked with enemy mobile suits (${screen.id}) cannot be attacked in close combat`,
        'target',
      )
  }
  const contributions: Record<string, number> = {}
  for (const a of attackers)
    contributions[a.id] = targets.reduce((best, t) => Math.max(best, closeAttackValue(state, a, t)), 0)
  if (Object.values(contributions).every((v) => v === 0))
    return fail('A-17-4', 'the I-field makes this attack worthless: every attacker is beam-armed', 'units')
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
