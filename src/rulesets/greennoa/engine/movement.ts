// GREEN NOA movement phase (GN-4), stacking at its end (GN-5), and form changes at its start (GN-11).
import type { GameEvent, OrderError } from '../../../engine/ruleset.js'
import {
  inBounds,
  offsetKey,
  offsetNeighbor,
  turnLeft,
  turnRight,
  type Direction,
  type OffsetHex,
} from '../../../engine/hex/index.js'
import { refuse, type MessageKey } from './messages.js'
import type { GnState, MoveOrder, Side, Step, Unit } from './types.js'
import { findUnit, formValues, hexLabel, isS, turnLimit, unitType } from './units.js'

/** The side that moves in this phase (② first player, ⑥ second player), or null outside movement. */
export function movingSide(state: GnState): Side | null {
  if (state.phase === 2) return state.first
  if (state.phase === 6) return state.first === 'AEUG' ? 'TITANS' : 'AEUG'
  return null
}

/** GN-11-1 for the Messala, GN-11-2 for the Hyaku-Shiki (from the roster): the rule a form change cites. */
export function transformRule(state: GnState, unit: Unit): string {
  return unitType(state.scenario, unit).transformRule ?? 'GN-11'
}

/** MP for this movement phase: the current form's MP, halved rounded down in the phase it transformed (GN-11). */
export function movementPoints(state: GnState, unit: Unit, form: string, transformed: boolean): number {
  const mp = formValues(state.scenario, { type: unit.type, form }).mp
  return transformed ? Math.floor(mp / 2) : mp
}

export interface Trace {
  hex: OffsetHex
  facing: Direction
  mp: number
  turns: number
  /** Index of the first step that left the map (GN-4-5a), or null. */
  offMap: number | null
}

/** Follows a program of steps from a hex and facing (GN-4-4, GN-4-5 [D]); never stops early. */
export function traceSteps(
  start: OffsetHex,
  facing: Direction,
  steps: readonly Step[],
  map: { cols: number; rows: number },
): Trace {
  let hex = start
  let f = facing
  let turns = 0
  let offMap: number | null = null
  steps.forEach((step, i) => {
    if (step === 'F') {
      hex = offsetNeighbor(hex, f)
      if (offMap === null && !inBounds(map, hex)) offMap = i
    } else {
      f = step === 'L' ? turnLeft(f) : turnRight(f)
      turns++
    }
  })
  return { hex, facing: f, mp: steps.length, turns, offMap }
}

interface Planned {
  unit: Unit
  form: string
  transformed: boolean
  hex: OffsetHex
  facing: Direction
}

/**
 * Every error of a movement-phase submission by `side`: form changes (GN-11), moves (GN-4), and the
 * stacking check at the end of the phase (GN-5-1, GN-5-5). `[]` when legal; `[]` orders are always legal.
 */
export function validateMovement(state: GnState, side: Side, orders: readonly MoveOrder[]): OrderError[] {
  const errors: OrderError[] = []
  if (movingSide(state) !== side) {
    if (orders.length === 0) return []
    return [refuse('GN-3-2', 'greennoa.notMovementPhase', { side })]
  }
  const plan = new Map<string, Planned>()
  const moved = new Set<string>()
  const removed = new Set<string>()
  const orderOf = new Map<string, number>()
  orders.forEach((order, index) => {
    const err = (rule: string, key: MessageKey, params: Record<string, string | number>, field?: string) =>
      errors.push(refuse(rule, key, params, { order: index, ...(field ? { field } : {}) }))
    const unit = findUnit(state, order.unit)
    if (!unit || unit.removed) return err('GN-4-1', 'greennoa.noUnit', { unit: order.unit }, 'unit')
    if (unit.side !== side) return err('GN-4-1', 'greennoa.move.notYours', { unit: unit.id }, 'unit')
    const p = plan.get(unit.id) ?? { unit, form: unit.form, transformed: false, hex: unit.hex, facing: unit.facing }
    if (order.kind === 'remove') {
      if (removed.has(unit.id)) return err('GN-5-5', 'greennoa.remove.twice', { unit: unit.id }, 'unit')
      removed.add(unit.id)
      orderOf.set(`remove ${unit.id}`, index)
      return
    }
    if (removed.has(unit.id)) return err('GN-5-5', 'greennoa.remove.earlier', { unit: unit.id }, 'unit')
    if (isS(unit)) return err('GN-7-7', 'greennoa.move.suppressed', { unit: unit.id }, 'unit')
    if (order.kind === 'transform') {
      const rule = transformRule(state, unit)
      const type = unitType(state.scenario, unit)
      if (type.formOrder.length < 2)
        return err('GN-11', 'greennoa.form.none', { unit: unit.id, type: type.name }, 'unit')
      if (moved.has(unit.id)) return err(rule, 'greennoa.form.afterMove', { unit: unit.id })
      if (p.transformed) return err(rule, 'greennoa.form.twice', { unit: unit.id })
      if (!Object.hasOwn(type.forms, order.form))
        return err(rule, 'greennoa.form.unknown', { type: type.name, form: order.form }, 'form')
      if (order.form === p.form) return err(rule, 'greennoa.form.same', { unit: unit.id, form: order.form }, 'form')
      plan.set(unit.id, { ...p, form: order.form, transformed: true })
      return
    }
    if (moved.has(unit.id)) return err('GN-4-2', 'greennoa.move.twice', { unit: unit.id })
    moved.add(unit.id)
    if (order.steps.length === 0) return err('GN-4-4', 'greennoa.move.noSteps', { unit: unit.id }, 'steps')
    if (unit.m) return err('GN-4-5b', 'greennoa.move.immobile', { unit: unit.id })
    const mp = movementPoints(state, unit, p.form, p.transformed)
    const limit = turnLimit(state.scenario, { type: unit.type, form: p.form, pilot: unit.pilot })
    const t = traceSteps(unit.hex, unit.facing, order.steps, state.scenario.map)
    if (t.turns + unit.turnsUsed > limit)
      err('GN-4-5', 'greennoa.turnLimit', { unit: unit.id, turns: t.turns, left: limit - unit.turnsUsed }, 'steps')
    if (t.mp > mp) {
      const key = p.transformed ? 'greennoa.move.tooFarHalved' : 'greennoa.move.tooFar'
      err('GN-4-4', key, { unit: unit.id, spent: t.mp, mp }, 'steps')
    }
    if (t.offMap !== null) err('GN-4-5a', 'greennoa.move.offMap', { unit: unit.id, step: t.offMap + 1 }, 'steps')
    plan.set(unit.id, { ...p, hex: t.hex, facing: t.facing })
    orderOf.set(`move ${unit.id}`, index)
  })
  if (errors.length > 0) return errors
  errors.push(...stackingErrors(state, side, plan, removed, orderOf))
  return errors
}

/** An offsetKey ("col,row") back to its hex. */
function parseKey(key: string): { col: number; row: number } {
  const [col, row] = key.split(',').map(Number)
  return { col: col!, row: row! }
}

/**
 * GN-5-1 / GN-5-5 at the end of the movement phase ([R]): at most one unit of a side per hex. An over-stack
 * is laid at the last move into the hex; a removal that is not of an excess, at its remove order.
 */
function stackingErrors(
  state: GnState,
  side: Side,
  plan: Map<string, Planned>,
  removed: Set<string>,
  orderOf: Map<string, number>,
): OrderError[] {
  const byHex = new Map<string, string[]>()
  const ends = new Map<string, string>()
  for (const u of state.units) {
    if (u.removed || u.side !== side) continue
    const key = offsetKey(plan.get(u.id)?.hex ?? u.hex)
    ends.set(u.id, key)
    if (removed.has(u.id)) continue
    byHex.set(key, [...(byHex.get(key) ?? []), u.id])
  }
  const errors: OrderError[] = []
  for (const [key, ids] of byHex) {
    if (ids.length < 2) continue
    const moves = ids.map((id) => orderOf.get(`move ${id}`)).filter((i) => i !== undefined)
    const params = { units: ids.slice(0, -1).join(' and '), last: ids.at(-1)!, hex: hexLabel(parseKey(key)) }
    errors.push(refuse('GN-5-1', 'greennoa.stack', params, moves.length ? { order: Math.max(...moves) } : {}))
  }
  // Only the excess goes (GN-5-5): one unit of the side stays in each hex it overstacked; the last
  // removal that would empty the hex is the one at fault.
  for (const id of [...removed].reverse()) {
    const key = ends.get(id)
    const all = [...ends].filter(([, k]) => k === key).length
    if (all < 2 || !byHex.has(key!)) {
      errors.push(refuse('GN-5-5', 'greennoa.remove.notOver', { unit: id }, { order: orderOf.get(`remove ${id}`)! }))
      byHex.set(key!, [id])
    }
  }
  return errors
}

/**
 * Applies a movement submission already validated (throws otherwise) and ends the phase: the game moves on
 * to the same side's combat phase (③ or ⑦).
 */
export function applyMovement(
  state: GnState,
  side: Side,
  orders: readonly MoveOrder[],
): { state: GnState; events: GameEvent[] } {
  const errors = validateMovement(state, side, orders)
  if (errors.length > 0) throw new Error(`invalid movement: ${errors.map((e) => `${e.rule} ${e.message}`).join('; ')}`)
  const next = structuredClone(state)
  const events: GameEvent[] = []
  next.transformed = []
  for (const order of orders) {
    const unit = findUnit(next, order.unit)
    if (!unit) continue
    if (order.kind === 'transform') {
      const rule = transformRule(next, unit)
      events.push({ type: 'transform', ref: rule, unit: unit.id, from: unit.form, to: order.form })
      unit.form = order.form
      next.transformed.push(unit.id)
    } else if (order.kind === 'move') {
      const t = traceSteps(unit.hex, unit.facing, order.steps, next.scenario.map)
      events.push({
        type: 'move',
        ref: 'GN-4-4',
        unit: unit.id,
        from: unit.hex,
        to: t.hex,
        facing: t.facing,
        steps: order.steps.join(''),
        mp: t.mp,
        turns: t.turns,
      })
      unit.hex = t.hex
      unit.facing = t.facing
      unit.turnsUsed += t.turns
    } else {
      unit.removed = true
      events.push({ type: 'removed', ref: 'GN-5-5', unit: unit.id, hex: unit.hex })
    }
  }
  next.phase = state.phase === 2 ? 3 : 7
  return { state: next, events }
}
