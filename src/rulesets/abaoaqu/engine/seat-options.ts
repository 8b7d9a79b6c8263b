// What a seat can do now, per unit: the hexes it can reach and the attacks it can make with their
// column and shifts, so a player can write orders without the rulebook open.
import { planAttack, type AttackOrder } from './combat.js'
import { leadSideOf } from './combat-phase.js'
import { distance, distanceField, hexKey, hexesWithin, zoneHexes } from './geometry.js'
import { setupZoneOf } from './movement.js'
import { formatOrder } from './notation.js'
import { declaredOdds, oddsOf, type Odds } from './odds.js'
import { unitsByHex } from './state-index.js'
import { ratioLabel } from './tables.js'
import type { GroupClass, Hex, State, Unit } from './types.js'
import { faceValues, isOnMap, isSteady, movementAllowance, seatOf, unitById, unitType } from './units.js'

export interface AttackOption {
  order: AttackOrder
  /** Human summary, e.g. "shoot GM1 @ 0710 ms: 6 vs 5, 1:1, shift +1 -> 2:1". */
  text: string
  attack: number
  defence: number
  base: string
  shift: number
  column: string | null
}

export interface UnitOption {
  id: string
  type: string
  name: string
  /** [column, row], as everywhere in the API (null off the map). */
  hex: Hex | null
  morale: string
  face: string
  pilot: string | null
  mp: number
  moves: Hex[]
  attacks: AttackOption[]
  bd: boolean
}

export interface SeatOptions {
  seat: string
  side: string
  step: State['step']
  turn: number
  half: 1 | 2
  units: UnitOption[]
  groupAttacks: AttackOption[]
  defend: Array<{ attack: string; targets: string[]; maxRanks: number }>
}

export function actingSides(state: State): string[] {
  if (state.step === 'over') return []
  if (state.step === 'deploy') return state.deploying.slice(0, 1)
  const lead = leadSideOf(state)
  if (state.step === 'attack-follow') return state.scenario.sides.map((s) => s.id).filter((s) => s !== lead)
  return [lead]
}

export function seatOptions(state: State, seat: string): SeatOptions {
  const seatInfo = state.seats.find((s) => s.id === seat)
  const side = seatInfo?.side ?? ''
  const acting = seatInfo !== undefined && actingSides(state).includes(side)
  const mine = state.units.filter((u) => u.side === side && u.at !== 'gone' && seatOf(state, u) === seat)
  const units = mine.map((u) => unitOption(state, u, acting))
  const groupAttacks = acting && isCombatStep(state) ? combinedAttacks(state, side, units) : []
  const defend = acting && state.step === 'attack-follow' ? defendChoices(state, seat) : []
  return { seat, side, step: state.step, turn: state.turn, half: state.half, units, groupAttacks, defend }
}

function isCombatStep(state: State): boolean {
  return state.step === 'attack-lead' || state.step === 'attack-follow'
}

function unitOption(state: State, u: Unit, acting: boolean): UnitOption {
  const type = unitType(state, u)
  const moves = acting ? reach(state, u) : []
  const canFight = acting && isCombatStep(state) && isOnMap(u) && isSteady(u)
  return {
    id: u.id,
    type: u.type,
    name: type.name,
    hex: u.hex ? [u.hex[0], u.hex[1]] : null,
    morale: u.morale,
    face: u.face,
    pilot: u.pilot,
    mp: movementAllowance(state, u),
    moves,
    attacks: canFight ? attacksOf(state, u) : [],
    bd: canFight && type.bdLauncher === true && u.face === 'front',
  }
}

function reach(state: State, u: Unit): Hex[] {
  const map = state.scenario.map
  if (state.step === 'deploy') {
    const zone = setupZoneOf(state, u)
    return zone && isOnMap(u) ? zoneHexes(map, zone).filter((h) => hexKey(h) !== hexKey(u.hex)) : []
  }
  if (state.step !== 'move') return []
  const type = unitType(state, u)
  if (type.satelliteMissile && u.spent) return []
  const mp = movementAllowance(state, u)
  if (u.at === 'reserve') {
    const entry = u.entry === null ? undefined : state.scenario.entries[u.entry]
    if (!entry || state.turn < u.enterTurn || mp < 1) return []
    const field = distanceField(map, entry.zone)
    const out: Hex[] = []
    for (let c = 0; c < map.cols; c++)
      for (let r = 0; r < map.rows; r++) if ((field[c * map.rows + r] ?? 99) <= mp - 1) out.push([c, r])
    return out
  }
  if (!isOnMap(u) || type.faces.front.mp === 0 || mp === 0) return []
  return hexesWithin(map, u.hex, mp).filter((h) => h[0] !== u.hex[0] || h[1] !== u.hex[1])
}

// The text is a line of the order notation, with the odds after "#" (a comment to the parser), so a
// player can copy it into a reply as it is.
function describe(order: AttackOrder, attack: number, defence: number, base: number, odds: Odds): AttackOption {
  const { shift, column } = odds
  const col = column === null ? 'no effect' : ratioLabel(column)
  const shiftText = shift === 0 ? '' : `, shift ${shift > 0 ? '+' : ''}${shift}`
  return {
    order,
    attack,
    defence,
    base: ratioLabel(base),
    shift,
    column: column === null ? null : ratioLabel(column),
    text: `${formatOrder(order)}  # ${attack} vs ${defence}, ${ratioLabel(base)}${shiftText} -> ${col}`,
  }
}

/**
 * The attack as it would be declared, with the ranks it names, read through the same odds as its
 * roll; the defender is assumed to use its full rank (its standing order is private to it).
 */
export function tryAttack(state: State, side: string, order: AttackOrder): AttackOption | null {
  const planned = planAttack(state, side, order, true)
  if (!planned.ok || planned.plan.base === null) return null
  const declared = declaredOdds(planned.plan, order.ranks)
  return describe(order, declared.attack, declared.defence, planned.plan.base, oddsOf(declared))
}

function targetSpecs(
  state: State,
  side: string,
  here: Unit[],
  mode: 'shoot' | 'close',
): Array<{ unit: string } | { group: GroupClass }> {
  const enemies = here.filter((t) => t.side !== side)
  const specs: Array<{ unit: string } | { group: GroupClass }> = enemies.map((t) => ({ unit: t.id }))
  const groups: GroupClass[] = mode === 'shoot' ? ['MS', 'SHIP'] : ['MS', 'FT', 'SHIP']
  for (const g of groups) {
    const members = enemies.filter((t) => {
      const cc = unitType(state, t).ccCategory
      return mode === 'close' ? cc === g || (g === 'MS' && cc === 'SM') : (g === 'SHIP') === (cc === 'SHIP')
    })
    if (members.length > 1 || (members.length === 1 && here.some((t) => t.side === side && mode === 'shoot')))
      specs.push({ group: g })
  }
  return specs
}

function attacksOf(state: State, u: Unit & { hex: Hex }): AttackOption[] {
  const type = unitType(state, u)
  if (type.satelliteMissile || (type.bdLauncher && u.face === 'front')) return []
  const v = faceValues(state, u)
  const range = Math.max(v.atkMS, v.atkShip) - 1
  const out: AttackOption[] = []
  for (const here of unitsByHex(state).values()) {
    const hex = here[0]!.hex!
    if (!here.some((t) => t.side !== u.side)) continue
    const d = distance(u.hex, hex)
    if (d > range && d > 0) continue
    for (const target of targetSpecs(state, u.side, here, 'shoot')) {
      const option = tryAttack(state, u.side, { kind: 'attack', mode: 'shoot', units: [u.id], hex, target })
      if (option) out.push(option)
    }
    if (d === 0 && type.ccCategory === 'MS') {
      for (const target of targetSpecs(state, u.side, here, 'close')) {
        const option = tryAttack(state, u.side, { kind: 'attack', mode: 'close', units: [u.id], hex, target })
        if (option) out.push(option)
      }
    }
  }
  return out
}

/** Every steady attacker of one hex that can reach a target, combined into one attack (A-8-2). */
function combinedAttacks(state: State, side: string, units: UnitOption[]): AttackOption[] {
  const byKey = new Map<string, { order: AttackOrder; units: string[] }>()
  for (const u of units) {
    const unit = unitById(state, u.id)!
    for (const a of u.attacks) {
      const key = `${hexKey(unit.hex!)}|${a.order.mode}|${hexKey(a.order.hex!)}|${JSON.stringify(a.order.target)}`
      const entry = byKey.get(key) ?? { order: a.order, units: [] }
      entry.units.push(u.id)
      byKey.set(key, entry)
    }
  }
  const out: AttackOption[] = []
  for (const { order, units: ids } of byKey.values()) {
    if (ids.length < 2) continue
    const option = tryAttack(state, side, { ...order, units: ids })
    if (option) out.push(option)
  }
  return out
}

function defendChoices(state: State, seat: string): SeatOptions['defend'] {
  return state.declared
    .filter(
      (d) =>
        d.defenderMax > 0 &&
        d.targets.some((id) => {
          const t = unitById(state, id)
          return t !== undefined && t.side !== d.side && seatOf(state, t) === seat
        }),
    )
    .map((d) => ({ attack: d.id, targets: d.targets, maxRanks: d.defenderMax }))
}

/** Whether the seat has anything to decide in this step; steps nobody can act in pass by themselves. */
export function seatHasAction(state: State, seat: string): boolean {
  if (state.step === 'deploy') return true
  const seatInfo = state.seats.find((s) => s.id === seat)
  if (!seatInfo || !actingSides(state).includes(seatInfo.side)) return false
  const mine = state.units.filter((u) => u.side === seatInfo.side && u.at !== 'gone' && seatOf(state, u) === seat)
  if (state.step === 'move') return mine.some((u) => canMoveAtAll(state, u))
  if (!isCombatStep(state)) return false
  return mine.some((u) => {
    if (!isOnMap(u) || !isSteady(u)) return false
    const type = unitType(state, u)
    if (type.bdLauncher && u.face === 'front') return true
    return hasAnyAttack(state, u)
  })
}

function canMoveAtAll(state: State, u: Unit): boolean {
  const type = unitType(state, u)
  if (type.satelliteMissile && u.spent) return false
  if (u.at === 'reserve') return u.entry !== null && state.turn >= u.enterTurn && movementAllowance(state, u) >= 1
  return isOnMap(u) && type.faces.front.mp > 0 && movementAllowance(state, u) > 0
}

/** The first legal single-unit attack found, without listing them all. */
function hasAnyAttack(state: State, u: Unit & { hex: Hex }): boolean {
  const type = unitType(state, u)
  if (type.satelliteMissile) return false
  const v = faceValues(state, u)
  const range = Math.max(v.atkMS, v.atkShip) - 1
  for (const here of unitsByHex(state).values()) {
    const hex = here[0]!.hex!
    const d = distance(u.hex, hex)
    if (d > range && d > 0) continue
    for (const t of here) {
      if (t.side === u.side) continue
      if (planAttack(state, u.side, { kind: 'attack', mode: 'shoot', units: [u.id], target: { unit: t.id } }, true).ok)
        return true
      if (
        d === 0 &&
        type.ccCategory === 'MS' &&
        planAttack(state, u.side, { kind: 'attack', mode: 'close', units: [u.id], target: { unit: t.id } }, true).ok
      )
        return true
    }
  }
  return false
}
