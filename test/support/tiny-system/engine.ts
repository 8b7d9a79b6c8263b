// Hex Race, a rule system small enough to read in one go: the proof that the server plays any system
// that fulfils the contract (src/rulesets/contract.ts), not only the one it was written for.
//
// Rules. R-1: two runners stand at hex 0 of a straight track of hexes; the sides take turns, the
// lead-off side first, and a side either runs its runner 1 to `maxRun` hexes forward ("run 2") or
// passes. R-2: the first runner to reach the goal hex wins at once. R-3: a turn is one step of each
// side. Pure and deterministic: no dice are needed, none are rolled.
import { Type, type TSchema } from '@sinclair/typebox'
import type { Dice } from '../../../src/engine/dice.js'
import type {
  Adjusted,
  Adjustment,
  GameEvent,
  OrderError,
  Outcome,
  Parsed,
  Pending,
  Resolution,
  Ruleset,
  Seat,
  SetupConfig,
  Viewer,
} from '../../../src/engine/ruleset.js'

export const RACE_ID = 'hexrace'

export interface RaceScenario {
  system: typeof RACE_ID
  id: string
  title: string
  description: string
  /** The goal is this many hexes from the start. */
  goal: number
  maxRun: number
  sides: Array<{ id: string; name: string }>
  leadOff: string
}

export interface RaceOrder {
  kind: 'run'
  hexes: number
}

export interface RaceState {
  system: typeof RACE_ID
  rulesVersion: string
  scenario: RaceScenario
  seats: Seat[]
  turn: number
  /** The side to act; null once the race is won. */
  acting: string | null
  at: Record<string, number>
  outcome: Outcome | null
}

export interface RaceView {
  system: typeof RACE_ID
  scenario: { id: string; title: string; goal: number; sides: RaceScenario['sides'] }
  viewer: Viewer
  turn: number
  runners: Array<{ side: string; at: number }>
  pending: Pending[]
  outcome: Outcome | null
}

/** What a seat may order: the runs open to it (none when it is not its step). */
export interface RaceOptions {
  runs: Array<{ hexes: number; to: number; text: string }>
}

const STEP = 'run'

function pending(state: RaceState): Pending[] {
  if (state.acting === null) return []
  const side = state.acting
  return [
    {
      side,
      step: STEP,
      seats: state.seats.filter((s) => s.side === side).map((s) => s.id),
      sealed: false,
      description: `run your runner 1 to ${state.scenario.maxRun} hexes toward the goal, or pass`,
    },
  ]
}

function sideOf(state: RaceState, seat: string): string | undefined {
  return state.seats.find((s) => s.id === seat)?.side
}

function setup(scenario: RaceScenario, config: SetupConfig, dice: Dice): Resolution<RaceState> {
  if (config.players !== 2) throw new Error(`Hex Race is for 2 players, not ${config.players}`)
  const rulesVersion = config.rulesVersion ?? RACE_VERSION
  if (rulesVersion !== RACE_VERSION)
    throw new Error(`Hex Race plays rules version ${RACE_VERSION}, not ${rulesVersion}`)
  const state: RaceState = {
    system: RACE_ID,
    rulesVersion,
    scenario,
    seats: scenario.sides.map((s) => ({ id: s.id, side: s.id, groups: [`${s.id}-runner`] })),
    turn: 1,
    acting: scenario.leadOff,
    at: Object.fromEntries(scenario.sides.map((s) => [s.id, 0])),
    outcome: null,
  }
  return { state, events: [{ type: 'start', ref: 'R-1', leadOff: scenario.leadOff }], rolls: [...dice.rolls] }
}

function validate(state: RaceState, seat: string, orders: RaceOrder[]): OrderError[] {
  const errors: OrderError[] = []
  if (!sideOf(state, seat)) errors.push({ rule: 'R-1', message: `there is no seat ${seat}` })
  if (orders.length > 1) errors.push({ rule: 'R-1', message: 'a side runs once a step', order: 1 })
  orders.forEach((o, i) => {
    if (o.hexes < 1 || o.hexes > state.scenario.maxRun)
      errors.push({ rule: 'R-1', message: `a runner runs 1 to ${state.scenario.maxRun} hexes`, order: i })
  })
  return errors
}

function resolve(state: RaceState, submissions: Record<string, RaceOrder[]>, dice: Dice): Resolution<RaceState> {
  const side = state.acting
  if (side === null) throw new Error('the race is over')
  const seat = state.seats.find((s) => s.side === side)!.id
  const errors = validate(state, seat, submissions[seat] ?? [])
  if (errors.length) throw new Error(`resolve called with invalid orders: ${errors.map((e) => e.message).join('; ')}`)
  const next: RaceState = structuredClone(state)
  const events: GameEvent[] = []
  const run = submissions[seat]?.[0]
  if (!run) events.push({ type: 'pass', ref: 'R-1', side })
  else {
    const from = state.at[side]!
    const to = Math.min(from + run.hexes, state.scenario.goal)
    next.at[side] = to
    events.push({ type: 'run', ref: 'R-1', side, from, to })
    if (to === state.scenario.goal) {
      next.outcome = { winner: side, reason: 'reached the goal first', ref: 'R-2' }
      next.acting = null
      events.push({ type: 'finish', ref: 'R-2', side })
      return { state: next, events, rolls: [...dice.rolls] }
    }
  }
  const order = state.scenario.sides.map((s) => s.id)
  const lead = order.indexOf(state.scenario.leadOff)
  const following = order[(order.indexOf(side) + 1) % order.length]!
  next.acting = following
  if (following === order[lead]) {
    next.turn += 1
    events.push({ type: 'turn', ref: 'R-3', turn: next.turn })
  }
  return { state: next, events, rolls: [...dice.rolls] }
}

function view(state: RaceState, viewer: Viewer): RaceView {
  const { id, title, goal, sides } = state.scenario
  return {
    system: RACE_ID,
    scenario: { id, title, goal, sides },
    viewer,
    turn: state.turn,
    runners: sides.map((s) => ({ side: s.id, at: state.at[s.id]! })),
    pending: pending(state),
    outcome: state.outcome,
  }
}

function options(state: RaceState, seat: string): RaceOptions {
  const side = sideOf(state, seat)
  if (!side || side !== state.acting) return { runs: [] }
  const at = state.at[side]!
  return {
    runs: Array.from({ length: state.scenario.maxRun }, (_, i) => i + 1).map((hexes) => ({
      hexes,
      to: Math.min(at + hexes, state.scenario.goal),
      text: `run ${hexes}`,
    })),
  }
}

/** One order a line: "run <hexes>" or "pass"; "#" starts a comment, blank lines are skipped. */
function parseOrders(text: string): Parsed<RaceOrder> {
  const orders: RaceOrder[] = []
  const lines: number[] = []
  const passes: number[] = []
  const errors: OrderError[] = []
  text.split(/\r?\n/).forEach((raw, i) => {
    const line = raw.replace(/#.*$/, '').trim().toLowerCase()
    if (line === '') return
    if (line === 'pass') return void passes.push(i + 1)
    const run = /^run\s+(\d{1,3})$/.exec(line)
    if (run) {
      orders.push({ kind: 'run', hexes: Number(run[1]) })
      lines.push(i + 1)
    } else errors.push({ rule: 'R-1', line: i + 1, message: `line ${i + 1}: expected "run <hexes>" or "pass"` })
  })
  return errors.length ? { ok: false, errors, orders, lines, passes } : { ok: true, orders, lines, passes }
}

const ordersSchema: TSchema = Type.Array(
  Type.Object(
    {
      kind: Type.Literal('run'),
      hexes: Type.Integer({ minimum: 1, maximum: 99, description: 'a whole number of hexes from 1 to 99' }),
    },
    { additionalProperties: false },
  ),
  { maxItems: 4, description: 'at most 4 orders' },
)

// Moderators' adjustments (R-M): "place FED 3" puts a side's runner on a hex of the track.
const adjustmentSchema: TSchema = Type.Object(
  {
    kind: Type.Literal('place'),
    side: Type.String({ maxLength: 16 }),
    at: Type.Integer({ minimum: 0, maximum: 999 }),
  },
  { additionalProperties: false },
)

function parseAdjustments(text: string): Parsed<Adjustment> {
  const orders: Adjustment[] = []
  const lines: number[] = []
  const errors: OrderError[] = []
  text.split(/\r?\n/).forEach((raw, i) => {
    const line = raw.replace(/#.*$/, '').trim()
    if (line === '') return
    const m = /^place\s+(\S+)\s+(\d{1,3})$/i.exec(line)
    if (m) {
      orders.push({ kind: 'place', side: m[1]!, at: Number(m[2]) })
      lines.push(i + 1)
    } else errors.push({ rule: 'R-M', line: i + 1, message: `line ${i + 1}: expected "place <side> <hex>"` })
  })
  return errors.length ? { ok: false, errors, orders, lines } : { ok: true, orders, lines }
}

function check(state: RaceState): OrderError[] {
  return Object.entries(state.at).flatMap(([side, at]) =>
    Number.isInteger(at) && at >= 0 && at <= state.scenario.goal
      ? []
      : [{ rule: 'R-1', message: `${side}'s runner is at ${at}, off the track (0 to ${state.scenario.goal})` }],
  )
}

function adjust(state: RaceState, changes: Adjustment[]): Adjusted<RaceState> {
  const at = { ...state.at }
  const errors: OrderError[] = []
  changes.forEach((c, order) => {
    const side = String(c.side)
    if (!(side in at)) errors.push({ rule: 'R-M', order, field: 'side', message: `no side ${side}` })
    else at[side] = Number(c.at)
  })
  if (errors.length) return { ok: false, errors }
  const next = { ...state, at }
  const broken = check(next)
  return broken.length ? { ok: false, errors: broken } : { ok: true, state: next }
}

const RACE_VERSION = 'hexrace-1'

export const raceRuleset: Ruleset<RaceScenario, RaceState, RaceOrder, RaceView, RaceOptions> = {
  id: RACE_ID,
  version: RACE_VERSION,
  versions: [RACE_VERSION],
  versionOf: (state) => state.rulesVersion,
  optionSpecs: [],
  setup,
  seats: (state) => state.seats,
  pending,
  options,
  validate,
  resolve,
  view,
  outcome: (state) => state.outcome,
  turnOf: (state) => ({ turn: state.turn }),
  parseOrders: (text) => parseOrders(text),
  ordersSchema,
  normaliseOrder: (o) => ({ kind: 'run', hexes: o.hexes }),
  formatOrders: (orders) => orders.map((o) => `run ${o.hexes}`).join('\n'),
  adjustmentSchema,
  parseAdjustments: (text) => parseAdjustments(text),
  formatAdjustments: (changes) => changes.map((c) => `place ${String(c.side)} ${Number(c.at)}`).join('\n'),
  adjust,
  check,
  unitsOf: (state) => Object.fromEntries(Object.entries(state.at).map(([side, at]) => [side, { side, at }])),
}
