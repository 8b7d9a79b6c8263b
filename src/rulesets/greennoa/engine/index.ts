// GREEN NOA as a Ruleset value (rules/greennoa.md; docs/greennoa.md); the RuleSystem (../index.ts) serves it.
import type { Dice } from '../../../engine/dice.js'
import type { OrderError, Pending, Resolution, Ruleset, Seat } from '../../../engine/ruleset.js'
import { adjust, adjustmentSchema, check, unitsOf } from './adjust.js'
import { formatAdjustments, parseAdjustments } from './adjust-notation.js'
import { apiSchemas } from './api-schemas.js'
import { passIdleSteps } from './idle.js'
import { formatOrders, parseOrders } from './notation.js'
import { refuse } from './messages.js'
import { optionSpecs } from './options.js'
import { normaliseOrder, ordersSchema } from './order-schema.js'
import { preview, seatOptions, sideOfSeat, type GnSeatOptions } from './seat-options.js'
import { outcome, pendingStep, resolveStep, validateStep, type StepKind } from './sequence.js'
import { GN_VERSIONS, setup } from './setup.js'
import { GN_ID, GN_VERSION, SIDES, type GnOrder, type GnScenario, type GnState, type PhaseNo } from './types.js'
import { view, type GnView } from './view.js'

const PHASE_MARK: Record<PhaseNo, string> = { 1: '①', 2: '②', 3: '③', 4: '④', 5: '⑤', 6: '⑥', 7: '⑦', 8: '⑧', 9: '⑨' }

// The notation with placeholders, not unit ids: a scenario's units differ (GN-S1 has no Hyaku-Shiki).
const STEP_DESCRIPTIONS: Record<StepKind, string> = {
  movement:
    'movement phase: form changes first ("<unit> form <form>"), then one move a unit as a program of F (forward), ' +
    'L and R (60° turns), e.g. "<unit> move FRF", and the units removed if two of yours end in one hex ' +
    '("<unit> remove"); or pass',
  declare:
    'combat phase, declarations: one attack a unit, "<unit> fire <target>" or "<unit> melee <target>"; they are ' +
    "resolved after the opponent's combat phase (damage confirmation); melee with an enemy in your hex is added " +
    'if left out; or pass',
  attack:
    'combat phase, resolved at once: one attack a unit, "<unit> fire <target>" or "<unit> melee <target>", against ' +
    'the units that just declared theirs; melee with an enemy in your hex is added if left out; or pass',
}

/** One seat a side, named after it, controlling the side's one group. */
export function seats(): Seat[] {
  return SIDES.map((side) => ({ id: side, side, groups: [side] }))
}

/** The step waiting for orders; never one with nothing to decide, as those pass by themselves (idle.ts). */
export function pending(state: GnState): Pending[] {
  const p = pendingStep(state)
  if (!p) return []
  return [
    {
      side: p.side,
      step: p.step,
      seats: [p.side],
      sealed: false,
      description: `${PHASE_MARK[p.phase]} ${STEP_DESCRIPTIONS[p.step]}`,
    },
  ]
}

export function validate(state: GnState, seat: string, orders: GnOrder[]): OrderError[] {
  const side = sideOfSeat(seat)
  if (!side) return orders.length === 0 ? [] : [refuse('GN-3-1', 'greennoa.noSeat', { seat })]
  return validateStep(state, side, orders)
}

export function resolve(state: GnState, submissions: Record<string, GnOrder[]>, dice: Dice): Resolution<GnState> {
  const p = pendingStep(state)
  if (!p) throw new Error('GN-3-2: the game is over')
  for (const [seat, orders] of Object.entries(submissions))
    if (seat !== p.side && orders.length > 0) throw new Error(`GN-3-2: ${seat} has nothing to decide now`)
  return passIdleSteps(resolveStep(state, p.side, submissions[p.side] ?? [], dice), dice)
}

export const greennoa: Ruleset<GnScenario, GnState, GnOrder, GnView, GnSeatOptions> = {
  id: GN_ID,
  version: GN_VERSION,
  versions: GN_VERSIONS,
  versionOf: (state) => state.rulesVersion,
  optionSpecs,
  setup: (scenario, config, dice) => passIdleSteps(setup(scenario, config, dice), dice),
  seats: () => seats(),
  pending,
  options: seatOptions,
  validate,
  resolve,
  view: (state, viewer) => view(state, viewer, pending(state), outcome(state)),
  outcome,
  // An inning is the turn; its first half is the first player's (② to ⑤), the second the other's (⑥ to ⑨).
  turnOf: (state) => ({ turn: state.inning, half: state.phase <= 5 ? 1 : 2 }),
  parseOrders: (text, state, seat) => parseOrders(text, state, seat),
  formatOrders: (orders) => formatOrders(orders),
  ordersSchema,
  normaliseOrder,
  preview: (state, seat, orders) => preview(state, seat, orders),
  schemas: apiSchemas,
  adjustmentSchema,
  parseAdjustments: (text, state) => parseAdjustments(text, state),
  formatAdjustments: (changes) => formatAdjustments(changes),
  adjust: (state, changes) => adjust(state, changes),
  check,
  unitsOf,
}

export type { GnOrder, GnScenario, GnState, GnView, GnSeatOptions }
