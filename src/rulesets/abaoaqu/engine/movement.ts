// A-4 Movement and A-5 Stacking; setup placement in the deployment step (§7).
import type { OrderError } from '../../../engine/ruleset.js'
import { distance, distanceToZone, hexKey, hexLabel, inZone, onMap } from './geometry.js'
import { refuse } from './messages.js'
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
    return refuse(
      'A-4-6a',
      'abaoaqu.movement.offMap',
      { hex: hexLabel(to), cols: map.cols, rows: map.rows },
      { field: 'to' },
    )
  if (state.step === 'deploy') {
    const zone = setupZoneOf(state, unit)
    if (!zone || !inZone(map, zone, to))
      return refuse(
        state.scenario.id,
        'abaoaqu.movement.setupZone',
        { unit: unit.id, ...zoneParams(zone) },
        { field: 'to' },
      )
    return null
  }
  const type = unitType(state, unit)
  if (unit.at === 'gone') return refuse('A-2-6', 'abaoaqu.movement.eliminated', { unit: unit.id }, { field: 'units' })
  if (unit.at === 'reserve') {
    if (state.turn < unit.enterTurn)
      return refuse('A-4-6b', 'abaoaqu.movement.notYet', { unit: unit.id, turn: unit.enterTurn }, { field: 'units' })
    const entry = unit.entry === null ? undefined : state.scenario.entries[unit.entry]
    if (!entry) return refuse('A-4-6b', 'abaoaqu.movement.noEntry', { unit: unit.id }, { field: 'units' })
    const mp = movementAllowance(state, unit)
    const d = distanceToZone(map, entry.zone, to)
    if (d > mp - 1)
      return refuse(
        'A-4-6b',
        'abaoaqu.movement.entryTooFar',
        { unit: unit.id, ...zoneParams(entry.zone), reach: mp - 1, hex: hexLabel(to), distance: d },
        { field: 'to' },
      )
    return null
  }
  if (type.faces.front.mp === 0)
    return refuse('A-4-4', 'abaoaqu.movement.fixed', { unit: unit.id, type: type.name }, { field: 'units' })
  if (type.satelliteMissile && unit.spent)
    return refuse('A-16-2', 'abaoaqu.movement.missileSpent', { unit: unit.id }, { field: 'units' })
  const allowance = movementAllowance(state, unit)
  const d = distance(unit.hex!, to)
  if (d > allowance) {
    const rule = unit.morale === 'N' ? 'A-4-2' : 'A-4-6c'
    const params = { unit: unit.id, hex: hexLabel(to), distance: d, mp: allowance }
    return unit.morale === 'N'
      ? refuse(rule, 'abaoaqu.movement.tooFar', params, { field: 'to' })
      : refuse(rule, 'abaoaqu.movement.tooFarMorale', { ...params, state: unit.morale }, { field: 'to' })
  }
  return null
}

type Zone = State['scenario']['setup'][number]['zone']

/** A zone as message values: `zone` names its kind (abaoaqu.zone.<kind>), the rest fill it in. */
export function zoneParams(zone: Zone | undefined): Record<string, string | number> {
  if (!zone) return { zone: 'none' }
  if ('tag' in zone) return { zone: 'tag', tag: zone.tag }
  if ('withinOfTag' in zone) return { zone: 'within', distance: zone.distance, tag: zone.withinOfTag }
  const [kind, [from, to]] = 'rows' in zone ? (['row', zone.rows] as const) : (['column', zone.cols] as const)
  return from === to ? { zone: kind, from } : { zone: `${kind}s`, from, to }
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
        errors.push(refuse('A-2-2', 'abaoaqu.unknownUnit', { unit: id }, { order: index, field: 'units' }))
        continue
      }
      if (seatOf(state, unit) !== seat) {
        errors.push(refuse('A-0a', 'abaoaqu.notYourUnit', { unit: id }, { order: index, field: 'units' }))
        continue
      }
      if (order.kind === 'remove') {
        if (removed.has(id))
          errors.push(refuse('A-5-6', 'abaoaqu.remove.twice', { unit: id }, { order: index, field: 'units' }))
        removed.add(id)
        continue
      }
      if (own.has(id)) {
        errors.push(refuse('A-4-3', 'abaoaqu.movement.twice', { unit: id }, { order: index, field: 'units' }))
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
      const into = lastInto.get(hexKey(c.hex))
      const params = { hex: hexLabel(c.hex), units: c[cls], class: cls, limit: STACK_LIMIT[cls] }
      errors.push(
        state.step === 'deploy'
          ? refuse('A-5-2', 'abaoaqu.stack.overDeploy', params, into === undefined ? {} : { order: into })
          : refuse('A-5-2', 'abaoaqu.stack.over', { ...params, excess }, into === undefined ? {} : { order: into }),
      )
    }
  }
  for (const [key, r] of before) {
    for (const cls of ['MS', 'SHIP'] as const) {
      const left = counts.get(key)?.[cls] ?? 0
      if (r[cls] > 0 && left < STACK_LIMIT[cls]) {
        errors.push(
          refuse(
            'A-5-6',
            'abaoaqu.remove.notExcess',
            { hex: hexLabel(r.hex), left, class: cls, limit: STACK_LIMIT[cls] },
            removalIndex === undefined ? {} : { order: removalIndex },
          ),
        )
      }
    }
  }
  for (const id of removed) {
    const u = unitById(state, id)!
    const hex = moved.get(id) ?? u.hex
    if (!hex)
      errors.push(
        refuse(
          'A-5-6',
          'abaoaqu.remove.notOnMap',
          { unit: id },
          removalIndex === undefined ? {} : { order: removalIndex },
        ),
      )
  }
  if (state.step === 'deploy' && removed.size > 0) errors.push(refuse('A-5-6', 'abaoaqu.remove.duringSetup'))
  return errors
}
