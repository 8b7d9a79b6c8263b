// A-Bao-A-Qu as a Ruleset value (rules/abaoaqu.md).
import type { Dice } from '../../../engine/dice.js'
import type { Pending, Ruleset } from '../../../engine/ruleset.js'
import { adjust, adjustmentSchema, check, unitsOf } from './adjust.js'
import { formatAdjustments, parseAdjustments } from './adjust-notation.js'
import { apiSchemas } from './api-schemas.js'
import { cloneState, emit, type Ctx } from './context.js'
import { formatOrders, parseOrders } from './notation.js'
import { optionSpecs } from './options.js'
import { normaliseOrder, ordersSchema } from './order-schema.js'
import { actingSides, seatOptions, tryAttack, type SeatOptions } from './seat-options.js'
import { completeStep, pendingSeats, type SeatOrder } from './sequence.js'
import { RULES_VERSION, RULES_VERSIONS } from './rules-version.js'
import { setup } from './setup.js'
import type { Order, Scenario, Standing, State } from './types.js'
import { validate } from './validate.js'
import { view, type View } from './view.js'

const STEP_DESCRIPTIONS: Record<State['step'], string> = {
  deploy: 'set up your units in their zones (moves to hexes of the zone), or pass to keep the proposed placement',
  move: 'move or enter units, and name removals for any over-stacked hex',
  'attack-lead': 'BD launches and attack declarations (they resolve in the damage-check phase)',
  'attack-follow': 'BD launches, return fire (resolved at once) and defensive shifts against the declared attacks',
  over: 'the game is over',
}

export function pending(state: State): Pending[] {
  if (state.step === 'over') return []
  const seats = pendingSeats(state)
  return actingSides(state).map((side) => ({
    side,
    step: state.step,
    sealed: false,
    description: STEP_DESCRIPTIONS[state.step],
    seats: seats.filter((id) => state.seats.find((s) => s.id === id)?.side === side),
  }))
}

/** Merges the seats' orders in seat order; standing orders take effect first. */
function merge(state: State, submissions: Record<string, Order[]>): SeatOrder[] {
  return state.seats.flatMap((seat) => (submissions[seat.id] ?? []).map((order) => ({ seat: seat.id, order })))
}

export function resolve(state: State, submissions: Record<string, Order[]>, dice: Dice) {
  const errors = Object.entries(submissions).flatMap(([seat, orders]) => validate(state, seat, orders, submissions))
  if (errors.length)
    throw new Error(`resolve called with invalid orders: ${errors.map((e) => `${e.rule} ${e.message}`).join('; ')}`)
  const ctx: Ctx = { s: cloneState(state), events: [], dice }
  const orders = merge(state, submissions)
  for (const { seat, order } of orders) {
    if (order.kind !== 'standing') continue
    ctx.s.standing[seat] = { defenceShift: order.defenceShift }
    emit(ctx, { type: 'standing', seat })
  }
  completeStep(
    ctx,
    orders.filter((o) => o.order.kind !== 'standing'),
  )
  return { state: ctx.s, events: ctx.events, rolls: [...dice.rolls] }
}

/** Standing orders set outside a step (e.g. from the web page); private to the seat. */
export function setStanding(state: State, seat: string, standing: Standing): State {
  const next = cloneState(state)
  next.standing[seat] = { ...standing }
  return next
}

export const abaoaqu: Ruleset<Scenario, State, Order, View, SeatOptions> = {
  id: 'abaoaqu',
  version: RULES_VERSION,
  versions: RULES_VERSIONS,
  versionOf: (state) => state.rulesVersion,
  // Every version so far reads the same state; only how combat counts a mixed target group differs.
  migrate: (state, to) => ({ ...cloneState(state), rulesVersion: to }),
  optionSpecs,
  setup,
  seats: (state) => state.seats,
  pending,
  options: seatOptions,
  validate,
  resolve,
  view: (state, viewer) => view(state, viewer, pending(state)),
  outcome: (state) => state.outcome,
  turnOf: (state) => ({ turn: state.turn, half: state.half }),
  parseOrders: (text) => parseOrders(text),
  formatOrders: (orders) => formatOrders(orders),
  ordersSchema,
  normaliseOrder,
  preview: (state, seat, orders) => {
    const side = state.seats.find((s) => s.id === seat)?.side ?? ''
    return orders.flatMap((order) =>
      order.kind === 'attack' ? [tryAttack(state, side, order) ?? { order, text: 'not a legal attack now' }] : [],
    )
  },
  // A standing order tells how a seat defends when not asked: its opponents must not learn it (A-14).
  isPrivateOrder: (order) => order.kind === 'standing',
  onlyStanding: (orders) => orders.length > 0 && orders.every((o) => o?.kind === 'standing'),
  schemas: apiSchemas,
  adjustmentSchema,
  parseAdjustments,
  formatAdjustments: (changes) => formatAdjustments(changes),
  adjust,
  check,
  unitsOf,
}

export type { Order, Scenario, State, View, SeatOptions }
