// A-4 Movement and A-5 Stacking; setup placement in the deployment step (§7).
import type { OrderError } from '../../../engine/ruleset.js'
import { distance, distanceToZone, hexKey, hexLabel, inZone, onMap } from './geometry.js'
import type { Hex, Order, State, Unit } from './types.js'
import { isOnMap, movementAllowance, seatOf, stackClass, unitById, unitType } from './units.js'

export type MoveOrder = Extract<Order, { kind: 'move' }>
export type RemoveOrder = Extract<Order, { kind: 'remove' }>

export const STACK_LIMIT = { MS: 4, SHIP: 2 } as const // A-5-2

/** The setup zone rule that places a unit (first match wins), if any. */
export function setupZoneOf(state: State, unit: Unit) {
  return state.scenario.setup.find(
    (r) => r.side === unit.side && (!r.group || r.group === unit.group) && (!r.types || r.types.includes(unit.type)),
  )?.zone
}

/** Why `unit` may not move to `to` in this step, or null. */
export function moveProblem(state: State, unit: Unit, to: Hex): OrderError | null {
  const map = state.scenario.map
  if (!onMap(map, to))
    return {
      rule: 'A-4-6a',
      message: `hex ${hexLabel(to)} is off the map (${map.cols} columns × ${map.rows} rows)`,
      field: 'to',
    }
  if (state.step === 'deploy') {
    const zone = setupZoneOf(state, unit)
    if (!zone || !inZone(map, zone, to))
      return {
        rule: state.scenario.id,
        message: `${unit.id} must set up in its zone (${describeZone(zone)})`,
        field: 'to',
      }
    return null
  }
  const type = unitType(state, unit)
  if (unit.at === 'gone') return { rule: 'A-2-6', message: `${unit.id} has been eliminated`, field: 'units' }
  if (unit.at === 'reserve') {
    if (state.turn < unit.enterTurn)
      return { rule: 'A-4-6b', message: `${unit.id} may enter from turn ${unit.enterTurn}`, field: 'units' }
    const entry = unit.entry === null ? undefined : state.scenario.entries[unit.entry]
    if (!entry) return { rule: 'A-4-6b', message: `${unit.id} has no entry zone`, field: 'units' }
    const mp = movementAllowance(state, unit)
    const d = distanceToZone(map, entry.zone, to)
    if (d > mp - 1)
      return {
        rule: 'A-4-6b',
        message:
          `${unit.id} enters ${describeZone(entry.zone)} and can reach ${mp - 1} hexes beyond it; ` +
          `${hexLabel(to)} is ${d} away`,
        field: 'to',
      }
    return null
  }
  if (type.faces.front.mp === 0)
    return { rule: 'A-4-4', message: `${unit.id} (${type.name}) never moves once placed`, field: 'units' }
  if (type.satelliteMissile && unit.spent)
    return { rule: 'A-16-2', message: `${unit.id} has made its one move`, field: 'units' }
  const allowance = movementAllowance(state, unit)
  const d = distance(unit.hex!, to)
  if (d > allowance) {
    const rule = unit.morale === 'N' ? 'A-4-2' : 'A-4-6c'
    const why =
      unit.morale === 'N' ? `it has ${allowance} MP` : `in state ${unit.morale} it may move ${allowance} hexes`
    return { rule, message: `${unit.id} cannot reach ${hexLabel(to)} (${d} hexes): ${why}`, field: 'to' }
  }
  return null
}

export function describeZone(zone: State['scenario']['setup'][number]['zone'] | undefined): string {
  if (!zone) return 'none'
  if ('tag' in zone) return `on the ${zone.tag}`
  if ('withinOfTag' in zone) return `within ${zone.distance} hexes of the ${zone.withinOfTag}`
  if ('rows' in zone)
    return zone.rows[0] === zone.rows[1] ? `row ${zone.rows[0]}` : `rows ${zone.rows[0]}–${zone.rows[1]}`
  return zone.cols[0] === zone.cols[1] ? `column ${zone.cols[0]}` : `columns ${zone.cols[0]}–${zone.cols[1]}`
}

interface SeatMoves {
  seat: string
  orders: Array<MoveOrder | RemoveOrder>
  offset: number
}

/**
 * Validates the move (or deployment) orders of `seat`, with the orders its teammates already
 * submitted for the same step: each unit moves once, within its MP, and every hex ends within
 * the stack limit after the named removals (A-5-6).
 */
export function validateMoves(
  state: State,
  seat: string,
  mine: Array<{ order: MoveOrder | RemoveOrder; index: number }>,
  teammates: SeatMoves[],
): OrderError[] {
  const errors: OrderError[] = []
  const moved = new Map<string, Hex>()
  const removed = new Set<string>()
  for (const t of teammates) {
    for (const o of t.orders) {
      if (o.kind === 'move') for (const id of o.units) moved.set(id, o.to)
      else for (const id of o.units) removed.add(id)
    }
  }
  const own = new Set<string>()
  for (const { order, index } of mine) {
    for (const id of order.units) {
      const unit = unitById(state, id)
      if (!unit) {
        errors.push({ rule: 'A-2-2', message: `unknown unit ${id}`, order: index, field: 'units' })
        continue
      }
      if (seatOf(state, unit) !== seat) {
        errors.push({ rule: 'A-0a', message: `${id} is not one of your units`, order: index, field: 'units' })
        continue
      }
      if (order.kind === 'remove') {
        if (removed.has(id))
          errors.push({ rule: 'A-5-6', message: `${id} is removed twice`, order: index, field: 'units' })
        removed.add(id)
        continue
      }
      if (own.has(id)) {
        errors.push({ rule: 'A-4-3', message: `${id} is given two moves in one phase`, order: index, field: 'units' })
        continue
      }
      own.add(id)
      const problem = moveProblem(state, unit, order.to)
      if (problem) errors.push({ ...problem, order: index })
      else moved.set(id, order.to)
    }
  }
  // Stacking is judged on the moves that are legal, so it is reported beside the errors above.
  return [...errors, ...stackingErrors(state, seat, moved, removed, mine)]
}

function stackingErrors(
  state: State,
  seat: string,
  moved: Map<string, Hex>,
  removed: Set<string>,
  mine: Array<{ order: MoveOrder | RemoveOrder; index: number }>,
): OrderError[] {
  const side = state.seats.find((s) => s.id === seat)?.side
  const counts = new Map<string, { MS: number; SHIP: number; hex: Hex }>()
  const before = new Map<string, { MS: number; SHIP: number; hex: Hex }>()
  for (const u of state.units) {
    if (u.side !== side || removed.has(u.id)) continue
    const hex = moved.get(u.id) ?? (isOnMap(u) ? u.hex : null)
    if (!hex) continue
    const c = counts.get(hexKey(hex)) ?? { MS: 0, SHIP: 0, hex }
    c[stackClass(state, u)]++
    counts.set(hexKey(hex), c)
  }
  for (const id of removed) {
    const u = unitById(state, id)!
    const hex = moved.get(id) ?? u.hex
    if (!hex) continue
    const b = before.get(hexKey(hex)) ?? { MS: 0, SHIP: 0, hex }
    b[stackClass(state, u)]++
    before.set(hexKey(hex), b)
  }
  const errors: OrderError[] = []
  const removalIndex = mine.find((m) => m.order.kind === 'remove')?.index
  // An over-stacked hex is blamed on the last of this seat's moves into it, so the error has a line.
  const lastInto = new Map<string, number>()
  for (const { order, index } of mine) if (order.kind === 'move') lastInto.set(hexKey(order.to), index)
  for (const c of counts.values()) {
    for (const cls of ['MS', 'SHIP'] as const) {
      if (c[cls] <= STACK_LIMIT[cls]) continue
      const excess = c[cls] - STACK_LIMIT[cls]
      const how = state.step === 'deploy' ? 'place them elsewhere' : `name ${excess} to remove with "remove <unit>"`
      const into = lastInto.get(hexKey(c.hex))
      errors.push({
        rule: 'A-5-2',
        message:
          `hex ${hexLabel(c.hex)} would hold ${c[cls]} of your ${cls}-class units (limit ${STACK_LIMIT[cls]}): ` +
          `${how} (A-5-6)`,
        ...(into === undefined ? {} : { order: into }),
      })
    }
  }
  for (const [key, r] of before) {
    for (const cls of ['MS', 'SHIP'] as const) {
      const left = counts.get(key)?.[cls] ?? 0
      if (r[cls] > 0 && left < STACK_LIMIT[cls]) {
        errors.push({
          rule: 'A-5-6',
          message:
            `only excess units are removed: hex ${hexLabel(r.hex)} would keep ${left} ${cls}-class units ` +
            `after removals, below the limit of ${STACK_LIMIT[cls]}`,
          ...(removalIndex === undefined ? {} : { order: removalIndex }),
        })
      }
    }
  }
  for (const id of removed) {
    const u = unitById(state, id)!
    const hex = moved.get(id) ?? u.hex
    if (!hex)
      errors.push({
        rule: 'A-5-6',
        message: `${id} is not on the map and cannot be removed`,
        ...(removalIndex === undefined ? {} : { order: removalIndex }),
      })
  }
  if (state.step === 'deploy' && removed.size > 0)
    errors.push({ rule: 'A-5-6', message: 'no units are removed while setting up' })
  return errors
}
