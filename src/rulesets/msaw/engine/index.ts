// MS@W as a Ruleset value (rules/msaw.md; docs/msaw.md).
import type { Dice } from '../../../engine/dice.js'
import type { OrderError, Pending, Resolution, Ruleset, Seat } from '../../../engine/ruleset.js'
import { adjust, adjustmentSchema, check, unitsOf } from './adjust.js'
import { formatAdjustments, parseAdjustments } from './adjust-notation.js'
import { apiSchemas } from './api-schemas.js'
import { formatOrders, parseOrders } from './notation.js'
import { optionSpecs } from './options.js'
import { normaliseOrder, ordersSchema } from './order-schema.js'
import { preview, seatOptions } from './seat-options.js'
import { outcome, pendingSteps, resolveStep, seatsOf, validateStep } from './sequence.js'
import { MS_VERSIONS, setup } from './setup.js'
import {
  MS_ID,
  MS_VERSION,
  type MsOrder,
  type MsScenario,
  type MsSeatOptions,
  type MsState,
  type MsStep,
  type MsView,
} from './types.js'
import { view } from './view.js'

// The notation with placeholders, not suit ids: a scenario's suits differ (docs/orders-msaw.md).
const STEP_DESCRIPTIONS: Record<MsStep, string> = {
  deploy:
    "deployment, sealed: each of your suits' point in your side's zone and what it holds " +
    '("<MS> deploy <x>,<y> hold R <item> L <item>"); standing orders ("<MS> policy ...") may be added',
  action:
    'action phase: for each suit you activate, in turn, its parts in any order: move ("<MS> move <x>,<y>"), ' +
    'switch ("<MS> switch draw <item> R") and attack ("<MS> attack <target> <weapon>"); "more" to see the ' +
    'results before the rest; or pass',
  react: 'a question to your suit: use its shield ("shield yes|no") or counterattack ("counter <weapon>|no")',
}

/** The game's seats. */
export function seats(state: MsState): Seat[] {
  return seatsOf(state)
}

/** Who must submit now: every undeployed seat (sealed), else the active seat, or the seat asked a question. */
export function pending(state: MsState): Pending[] {
  return pendingSteps(state).map((p) => ({
    side: p.side,
    step: p.step,
    seats: p.seats,
    sealed: p.step === 'deploy',
    description: `${state.step === 'deploy' ? '' : `round ${state.round}: `}${STEP_DESCRIPTIONS[p.step]}`,
  }))
}

/** Every error of the seat's orders for the current step. */
export function validate(
  state: MsState,
  seat: string,
  orders: MsOrder[],
  others?: Record<string, MsOrder[]>,
): OrderError[] {
  return validateStep(state, seat, orders, others)
}

/** The step resolved with the seats' orders, and every automatic step after it. */
export function resolve(state: MsState, submissions: Record<string, MsOrder[]>, dice: Dice): Resolution<MsState> {
  return resolveStep(state, submissions, dice)
}

export const msaw: Ruleset<MsScenario, MsState, MsOrder, MsView, MsSeatOptions> = {
  id: MS_ID,
  version: MS_VERSION,
  versions: MS_VERSIONS,
  versionOf: (state) => state.rulesVersion,
  optionSpecs,
  setup,
  seats,
  pending,
  options: seatOptions,
  validate,
  resolve,
  view,
  outcome,
  // A turn is a round (MS-0.2); deployment is round 0.
  turnOf: (state) => ({ turn: state.round }),
  parseOrders: (text, state, seat) => parseOrders(text, state, seat),
  formatOrders: (orders) => formatOrders(orders),
  ordersSchema,
  normaliseOrder,
  preview: (state, seat, orders) => preview(state, seat, orders),
  // Standing orders and the sealed deployment are their seat's own until the game ends.
  isPrivateOrder: (order) => order.kind === 'policy' || order.kind === 'deploy',
  onlyStanding: (orders) => orders.length > 0 && orders.every((o) => o.kind === 'policy'),
  schemas: apiSchemas,
  adjustmentSchema,
  parseAdjustments: (text, state) => parseAdjustments(text, state),
  formatAdjustments: (changes) => formatAdjustments(changes),
  adjust: (state, changes) => adjust(state, changes),
  check,
  unitsOf,
}

export type { MsOrder, MsScenario, MsState, MsView, MsSeatOptions }
