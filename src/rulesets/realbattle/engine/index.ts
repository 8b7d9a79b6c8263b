// Real Battle as a Ruleset value (rules/realbattle.md; docs/realbattle.md).
import type { Dice } from '../../../engine/dice.js'
import type { OrderError, Pending, Resolution, Ruleset, Seat } from '../../../engine/ruleset.js'
import { adjust, adjustmentSchema, check, unitsOf } from './adjust.js'
import { formatAdjustments, parseAdjustments } from './adjust-notation.js'
import { apiSchemas } from './api-schemas.js'
import { passIdleSteps } from './idle.js'
import { formatOrders, parseOrders } from './notation.js'
import { optionSpecs } from './options.js'
import { normaliseOrder, ordersSchema } from './order-schema.js'
import { preview, seatOptions } from './seat-options.js'
import { outcome, pendingSteps, resolveStep, seatsOf, validateStep } from './sequence.js'
import { RB_VERSIONS, setup } from './setup.js'
import {
  RB_ID,
  RB_VERSION,
  type RbOrder,
  type RbScenario,
  type RbSeatOptions,
  type RbState,
  type RbStep,
  type RbView,
} from './types.js'
import { view } from './view.js'

// The notation with placeholders, not AT ids: a scenario's ATs differ.
const STEP_DESCRIPTIONS: Record<RbStep, string> = {
  deploy:
    'deployment, sealed: for each of your ATs a yellow hex of your end and a facing ("<AT> deploy 0004 NE") and ' +
    'its pre-game plan ("<AT> plan <acc> <dec> <atk> <def>"); standing orders ("<AT> policy ...") may be added',
  action:
    'action phase: for each AT its speed where it has a choice ("<AT> speed 3") and its program of steps ' +
    '("<AT> F F T1R F"); an AT without a program goes straight ahead; or pass',
  attack:
    'attack phase: every attack at once ("<AT> fire <target> <weapon>", "<AT> volley <target>", ' +
    '"<AT> melee <target> L|R"); or pass',
  plan:
    'planning phase, sealed: for each AT not fallen, accel, decel, attack and defence PP ' +
    '("<AT> plan <acc> <dec> <atk> <def>"); passing plans all zeros',
}

export function seats(state: RbState): Seat[] {
  return seatsOf(state)
}

/** Who must submit now: both camps at deployment (sealed), else the active camp; plans are sealed. */
export function pending(state: RbState): Pending[] {
  return pendingSteps(state).map((p) => ({
    side: p.camp,
    step: p.step,
    seats: p.seats,
    sealed: p.step === 'deploy' || p.step === 'plan',
    description: `${state.step === 'deploy' ? '' : `turn ${state.turn}, camp ${p.camp}: `}${STEP_DESCRIPTIONS[p.step]}`,
  }))
}

export function validate(
  state: RbState,
  seat: string,
  orders: RbOrder[],
  others?: Record<string, RbOrder[]>,
): OrderError[] {
  return validateStep(state, seat, orders, others)
}

export function resolve(state: RbState, submissions: Record<string, RbOrder[]>, dice: Dice): Resolution<RbState> {
  return passIdleSteps(resolveStep(state, submissions, dice), dice)
}

export const realbattle: Ruleset<RbScenario, RbState, RbOrder, RbView, RbSeatOptions> = {
  id: RB_ID,
  version: RB_VERSION,
  versions: RB_VERSIONS,
  versionOf: (state) => state.rulesVersion,
  optionSpecs,
  setup: (scenario, config, dice) => passIdleSteps(setup(scenario, config, dice), dice),
  seats,
  pending,
  options: seatOptions,
  validate,
  resolve,
  view,
  outcome,
  // A turn is the first camp's player-turn (half 1) then the other's (half 2), RB-3.2; deployment is turn 0.
  turnOf: (state) =>
    state.active === null ? { turn: state.turn } : { turn: state.turn, half: state.active === state.first ? 1 : 2 },
  parseOrders: (text, state) => parseOrders(text, state),
  formatOrders: (orders) => formatOrders(orders),
  ordersSchema,
  normaliseOrder,
  preview: (state, seat, orders) => preview(state, seat, orders),
  // Plans and standing orders are sealed: the log keeps them apart until the game ends.
  isPrivateOrder: (order) => order.kind === 'plan' || order.kind === 'policy',
  onlyStanding: (orders) => orders.length > 0 && orders.every((o) => o.kind === 'policy'),
  schemas: apiSchemas,
  adjustmentSchema,
  parseAdjustments: (text, state) => parseAdjustments(text, state),
  formatAdjustments: (changes) => formatAdjustments(changes),
  adjust: (state, changes) => adjust(state, changes),
  check,
  unitsOf,
}

export type { RbOrder, RbScenario, RbState, RbView, RbSeatOptions }
