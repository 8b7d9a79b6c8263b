// Real Battle sequence of play (RB-3, RB-23; docs/realbattle.md "Steps"): the sealed deployment of both
// camps, then player-turns of four phases: ① (automatic: the plans revealed, RB-4.2), ② action, ③ attack,
// ④ planning (sealed, RB-21). A turn is the first camp's player-turn then the other's (RB-3.2).
import type { Dice } from '../../../engine/dice.js'
import type { Direction } from '../../../engine/hex/index.js'
import type { GameEvent, OrderError, Outcome, Resolution, Seat } from '../../../engine/ruleset.js'
import { attackOptions, checkAttacks, runAttackPhase } from './combat.js'
import { refuse } from './messages.js'
import { checkProgram, runActionPhase } from './movement.js'
import { checkPlan, planTotal } from './plan.js'
import { phaseSpeed, speedChoices } from './speed.js'
import { atById, inPlay } from './stats.js'
import { CAMPS, type At, type Camp, type Plan, type RbOrder, type RbState, type RbStep } from './types.js'

export const otherCamp = (camp: Camp): Camp => (camp === 'A' ? 'B' : 'A')

/** §9.5 [H]: at deployment an AT faces the other end: NE or SE on the a end, NW or SW on the b end. */
export const DEPLOY_FACINGS: Record<'a' | 'b', Direction[]> = { a: [1, 2], b: [5, 4] }

/** The game's seats: the scenario's layout for as many players as the ATs have seats (RB-1.5a). */
export function seatsOf(state: RbState): Seat[] {
  const ids = [...new Set(state.ats.map((a) => a.seat))]
  const layout = state.scenario.seatLayouts.find(
    (l) => l.seats.length === ids.length && l.seats.every((s) => ids.includes(s.id)),
  )
  if (layout) return layout.seats.map((s) => ({ id: s.id, side: s.side, groups: [...s.groups] }))
  return ids.map((id) => {
    const ats = state.ats.filter((a) => a.seat === id)
    return { id, side: ats[0]!.camp, groups: ats.map((a) => a.id) }
  })
}

/** An AT that acts in its action phase: in play and not confused (RB-22.2). */
export const acts = (at: At): boolean => inPlay(at) && !at.confused
/** An AT that plans in its planning phase: in play and not fallen (RB-21.5). */
export const plans = (at: At): boolean => inPlay(at) && !at.fallen

/** Whether `at` has something to decide in the current step. */
export function hasDecision(state: RbState, at: At): boolean {
  if (state.ended) return false
  if (state.step === 'deploy') return !at.destroyed
  if (at.camp !== state.active) return false
  switch (state.step) {
    case 'action':
      return acts(at)
    case 'attack':
      return acts(at) && !at.fallen && attackOptions(state, at).length > 0
    case 'plan':
      return plans(at)
  }
}

export interface StepPending {
  camp: Camp
  step: RbStep
  seats: string[]
}

/** Who must submit now: both camps at deployment, else the active camp's seats with a decision. */
export function pendingSteps(state: RbState): StepPending[] {
  if (state.ended) return []
  const seats = seatsOf(state)
  const camps = state.step === 'deploy' ? CAMPS : state.active ? [state.active] : []
  return camps.flatMap((camp) => {
    const ids = seats
      .filter((s) => s.side === camp)
      .map((s) => s.id)
      .filter((id) => state.ats.some((a) => a.seat === id && hasDecision(state, a)))
    return ids.length > 0 ? [{ camp, step: state.step, seats: ids }] : []
  })
}

const KINDS: Record<RbStep, readonly RbOrder['kind'][]> = {
  deploy: ['deploy', 'plan', 'policy'],
  action: ['speed', 'program', 'policy'],
  attack: ['attack', 'policy'],
  plan: ['plan', 'policy'],
}

/**
 * RB-4.4: the speed an AT takes in its action phase: the one chosen, else the default the action phase
 * applies (speed.ts `phaseSpeed`: the largest change; from 0, forward), so validation and resolution agree.
 */
export function chosenSpeed(state: RbState, at: At, orders: readonly RbOrder[]): number {
  const o = orders.find((x) => x.kind === 'speed' && x.at === at.id)
  if (o?.kind === 'speed') return o.speed
  return phaseSpeed(state.scenario, at)
}

const planOf = (o: Extract<RbOrder, { kind: 'plan' }>): Plan => ({ acc: o.acc, dec: o.dec, atk: o.atk, def: o.def })

function validateDeploy(
  state: RbState,
  seat: string,
  orders: readonly RbOrder[],
  others: Record<string, RbOrder[]>,
): OrderError[] {
  const errors: OrderError[] = []
  for (const at of state.ats.filter((a) => a.seat === seat && !a.destroyed)) {
    if (!orders.some((o) => o.kind === 'deploy' && o.at === at.id))
      errors.push(refuse('RB-23.4', 'realbattle.deploy.missing', { at: at.id }))
    if (!orders.some((o) => o.kind === 'plan' && o.at === at.id))
      errors.push(refuse('RB-23.6', 'realbattle.deploy.planMissing', { at: at.id }))
  }
  const taken = new Map<string, string>()
  for (const [other, theirs] of Object.entries(others))
    if (other !== seat) for (const o of theirs) if (o.kind === 'deploy') taken.set(`${o.hex[0]},${o.hex[1]}`, o.at)
  orders.forEach((o, order) => {
    const at = atById(state, o.at) as At
    if (o.kind === 'plan') errors.push(...checkPlan(state, at, planOf(o), order))
    if (o.kind !== 'deploy') return
    const end = state.ends[at.camp]
    const key = `${o.hex[0]},${o.hex[1]}`
    const hex = hexLabel(o.hex)
    if (!state.scenario.map.deploy[end].includes(key))
      errors.push(refuse('RB-23.4', 'realbattle.deploy.hex', { at: at.id, end, hex }, { order, field: 'hex' }))
    const other = taken.get(key)
    if (other !== undefined)
      errors.push(refuse('RB-23.4', 'realbattle.deploy.taken', { at: at.id, other, hex }, { order, field: 'hex' }))
    taken.set(key, at.id)
    if (!DEPLOY_FACINGS[end].includes(o.facing))
      errors.push(
        refuse(
          'GAP-RB-7',
          'realbattle.deploy.facing',
          { at: at.id, end, facings: DEPLOY_FACINGS[end].map(facingName).join(' or '), facing: facingName(o.facing) },
          { order, field: 'facing' },
        ),
      )
  })
  return errors
}

const FACING_NAMES = ['N', 'NE', 'SE', 'S', 'SW', 'NW'] as const
export const facingName = (f: number): string => FACING_NAMES[f] ?? String(f)
/** A hex as players type it: CCRR. */
export const hexLabel = (h: readonly [number, number] | { col: number; row: number }): string => {
  const [c, r] = Array.isArray(h) ? h : [(h as { col: number }).col, (h as { row: number }).row]
  return `${String(c).padStart(2, '0')}${String(r).padStart(2, '0')}`
}

function validateAction(state: RbState, seat: string, orders: readonly RbOrder[]): OrderError[] {
  const errors: OrderError[] = []
  orders.forEach((o, order) => {
    if (o.kind !== 'speed' && o.kind !== 'program') return
    const at = atById(state, o.at) as At
    if (o.kind === 'speed') {
      const choices = at.speedChoices ?? []
      if (choices.length === 0)
        errors.push(refuse('RB-4.4', 'realbattle.speed.none', { at: at.id, speed: at.speed }, { order }))
      else if (!choices.includes(o.speed))
        errors.push(
          refuse(
            'RB-4.4',
            'realbattle.speed.choice',
            { at: at.id, speed: o.speed, choices: choices.join(', ') },
            { order, field: 'speed' },
          ),
        )
    } else errors.push(...checkProgram(state, seat, o, chosenSpeed(state, at, orders), order))
  })
  return errors
}

/**
 * Every error of `seat`'s orders for the current step; [] when legal. A seat with nothing to decide may
 * only pass. `others` are the orders teammates already submitted (one AT a hex at deployment).
 */
export function validateStep(
  state: RbState,
  seat: string,
  orders: readonly RbOrder[],
  others: Record<string, RbOrder[]> = {},
): OrderError[] {
  const none = orders.length === 0
  if (!seatsOf(state).some((s) => s.id === seat)) return none ? [] : [refuse('RB-1.5a', 'realbattle.noSeat', { seat })]
  if (state.ended) return none ? [] : [refuse('RB-23.7', 'realbattle.gameOver')]
  if (!pendingSteps(state).some((p) => p.seats.includes(seat)))
    return none ? [] : [refuse('RB-3.2', 'realbattle.notYourStep', { seat, step: state.step })]
  const errors: OrderError[] = []
  const seen = new Set<string>()
  orders.forEach((o, order) => {
    const at = atById(state, o.at)
    if (!at) return errors.push(refuse('RB-23.1', 'realbattle.noAt', { at: o.at }, { order, field: 'at' }))
    if (at.seat !== seat) return errors.push(refuse('RB-1.5a', 'realbattle.notYours', { at: o.at }, { order }))
    if (!KINDS[state.step].includes(o.kind))
      return errors.push(refuse('RB-3.2', 'realbattle.wrongStep', { kind: o.kind, step: state.step }, { order }))
    const key = `${o.kind}@${o.at}`
    if (seen.has(key) && o.kind !== 'attack')
      return errors.push(refuse('RB-3.2', 'realbattle.twice', { at: o.at, kind: o.kind }, { order }))
    seen.add(key)
    if (o.kind === 'policy' && o.avoid === undefined && o.fall === undefined)
      return errors.push(refuse('RB-6.6', 'realbattle.policy.empty', { at: o.at }, { order }))
    if (state.step === 'deploy' || o.kind === 'policy') return
    if (!inPlay(at)) errors.push(refuse('RB-16.4', 'realbattle.notInPlay', { at: o.at }, { order }))
    else if (at.camp !== state.active) errors.push(refuse('RB-5.5', 'realbattle.notActive', { at: o.at }, { order }))
    else if (at.confused && state.step !== 'plan')
      errors.push(refuse('RB-22.2', 'realbattle.confused', { at: o.at }, { order }))
  })
  if (errors.length > 0) return errors
  switch (state.step) {
    case 'deploy':
      return validateDeploy(state, seat, orders, others)
    case 'action':
      return validateAction(state, seat, orders)
    case 'attack':
      return checkAttacks(state, seat, [...orders])
    case 'plan':
      return orders.flatMap((o, order) =>
        o.kind === 'plan' ? checkPlan(state, atById(state, o.at) as At, planOf(o), order) : [],
      )
  }
}

// ---------------------------------------------------------------------------------------------------
// Resolution

function applyPolicies(state: RbState, orders: readonly RbOrder[]): void {
  for (const o of orders) {
    if (o.kind !== 'policy') continue
    const at = atById(state, o.at) as At
    if (o.avoid !== undefined) at.policies.avoid = o.avoid
    if (o.fall !== undefined) at.policies.fall = { ...o.fall }
  }
}

/**
 * RB-3.2 / RB-4.2: phase ① of `camp`'s player-turn: its smoke cleared (§9.1 [H]), then for each of its ATs
 * in play the plan turned face up and paid for with what it spent in the enemy's player-turn; under
 * `tabletopErrors` a plan with accel and decel (RB-22.1) or over base PP (RB-22.2) takes effect.
 */
export function beginPlayerTurn(state: RbState, camp: Camp, events: GameEvent[]): void {
  state.active = camp
  state.step = 'action'
  if (camp === state.first) state.turn += 1
  events.push({ type: 'turn', ref: 'RB-3.2', turn: state.turn, camp })
  for (const s of state.smoke.filter((x) => x.camp === camp))
    events.push({ type: 'smoke-cleared', ref: 'GAP-RB-8', hex: [s.hex.col, s.hex.row] })
  state.smoke = state.smoke.filter((x) => x.camp !== camp)
  for (const at of state.ats) {
    if (at.camp !== camp || !inPlay(at)) continue
    at.confused = false
    at.planError = false
    const base = at.pilot.basePp
    if (at.plan) {
      const p = at.plan
      at.actionPp = Math.max(0, base - planTotal(p) - at.spentEnemyTurn)
      events.push({ type: 'plan-revealed', ref: 'RB-4.2', at: at.id, ...p, actionPp: at.actionPp })
      if (state.options.tabletopErrors && p.acc > 0 && p.dec > 0) {
        at.planError = true
        events.push({ type: 'plan-error', ref: 'RB-22.1', at: at.id })
      }
      if (state.options.tabletopErrors && planTotal(p) > base) {
        at.confused = true
        events.push({ type: 'confused', ref: 'RB-22.2', at: at.id })
      }
    } else at.actionPp = Math.max(0, at.actionPp - at.spentEnemyTurn)
    at.spentEnemyTurn = 0
    at.planRevealed = true
    at.stoodUpTried = false
    at.enteredFrom = null
    at.speedChoices = speedChoices(state.scenario, at)
  }
}

/**
 * RB-21: the planning phase of the active camp: action PP back to base (RB-21.2) and the plan sealed; a
 * fallen AT plans nothing and recovers ⌊base ÷ 2⌋, capped at base (RB-19.2, RB-21.5). Events name the AT only.
 */
function resolvePlanning(state: RbState, orders: readonly RbOrder[], events: GameEvent[]): void {
  for (const at of state.ats) {
    if (at.camp !== state.active || !inPlay(at)) continue
    const base = at.pilot.basePp
    at.planRevealed = false
    at.speedChoices = null
    at.confused = false
    at.planError = false
    if (at.fallen) {
      at.plan = null
      at.actionPp = Math.min(base, at.actionPp + Math.floor(base / 2))
      continue
    }
    const o = orders.find((x) => x.kind === 'plan' && x.at === at.id)
    at.plan = o?.kind === 'plan' ? planOf(o) : { acc: 0, dec: 0, atk: 0, def: 0 }
    at.defRevealed = false
    at.actionPp = base
    events.push({ type: 'plan-sealed', ref: 'RB-21.3', at: at.id })
  }
}

/** RB-23.7 and RB-24.12: the game ends when a camp has no AT in play, or at the first kill of a show. */
export function checkEnd(state: RbState, events: GameEvent[]): void {
  if (state.ended || state.step === 'deploy') return
  let ended: RbState['ended'] = null
  if (state.options.endOnFirstKill && state.ats.some((a) => a.destroyed)) {
    const lost = (camp: Camp) => state.ats.filter((a) => a.camp === camp && a.destroyed).length
    const [a, b] = [lost('A'), lost('B')]
    const winner: Camp | null = a < b ? 'A' : b < a ? 'B' : null
    ended = { winner, reason: `first kill: A lost ${a}, B lost ${b}`, ref: 'RB-24.12' }
  } else {
    const out = CAMPS.filter((camp) => !state.ats.some((a) => a.camp === camp && inPlay(a)))
    if (out.length === 2) ended = { winner: null, reason: 'both camps destroyed', ref: 'RB-23.7' }
    else if (out.length === 1)
      ended = { winner: otherCamp(out[0]!), reason: `every AT of camp ${out[0]} destroyed`, ref: 'RB-23.7' }
  }
  if (ended) endGame(state, ended, events)
}

function endGame(state: RbState, ended: NonNullable<RbState['ended']>, events: GameEvent[]): void {
  state.ended = ended
  events.push({ type: 'game-over', ref: ended.ref, winner: ended.winner, reason: ended.reason })
}

export function outcome(state: RbState): Outcome | null {
  return state.ended ? { winner: state.ended.winner, reason: state.ended.reason, ref: state.ended.ref } : null
}

function resolveDeploy(state: RbState, orders: readonly RbOrder[], dice: Dice, events: GameEvent[]): void {
  for (const at of state.ats) {
    const d = orders.find((o) => o.kind === 'deploy' && o.at === at.id)
    if (d?.kind !== 'deploy') continue
    at.hex = { col: d.hex[0], row: d.hex[1] }
    at.facing = d.facing
    events.push({ type: 'deployed', ref: 'RB-23.4', at: at.id, hex: [d.hex[0], d.hex[1]], facing: d.facing })
  }
  for (const at of state.ats) {
    const p = orders.find((o) => o.kind === 'plan' && o.at === at.id)
    if (p?.kind !== 'plan' || !at.hex) continue
    at.plan = planOf(p)
    at.planRevealed = false
    at.actionPp = at.pilot.basePp
    events.push({ type: 'plan-sealed', ref: 'RB-23.6', at: at.id })
  }
  const roll = dice.roll(6, 'first camp', 'RB-23.5')
  const first: Camp = roll <= 3 ? 'A' : 'B'
  state.first = first
  events.push({ type: 'first-player', ref: 'RB-23.5', camp: first, roll })
  state.turn = 0
  beginPlayerTurn(state, first, events)
}

/** The end of the active camp's player-turn: the turn limit after a whole turn, else the other camp's ①. */
function endPlayerTurn(state: RbState, events: GameEvent[]): void {
  const camp = state.active as Camp
  const limit = state.options.turnLimit
  if (camp !== state.first && limit > 0 && state.turn >= limit) {
    endGame(state, { winner: null, reason: `turn limit ${limit} reached`, ref: 'RB-23.7' }, events)
    return
  }
  beginPlayerTurn(state, otherCamp(camp), events)
}

/**
 * Resolves the current step with every seat's orders (each validated: throws when one is not legal), then
 * the automatic phases after it, up to the next step (or the end).
 */
export function resolveStep(state: RbState, submissions: Record<string, RbOrder[]>, dice: Dice): Resolution<RbState> {
  if (state.ended) throw new Error('RB-23.7: the game is over')
  const pending = pendingSteps(state)
  const firstRoll = dice.rolls.length
  const orders: RbOrder[] = []
  for (const [seat, given] of Object.entries(submissions)) {
    if (given.length === 0) continue
    if (!pending.some((p) => p.seats.includes(seat))) throw new Error(`RB-3.2: ${seat} has nothing to decide now`)
    const errors = validateStep(state, seat, given, submissions)
    if (errors.length > 0) throw new Error(`invalid orders: ${errors.map((e) => `${e.rule} ${e.message}`).join('; ')}`)
    orders.push(...given)
  }
  const next = structuredClone(state)
  const events: GameEvent[] = []
  applyPolicies(next, orders)
  switch (next.step) {
    case 'deploy':
      resolveDeploy(next, orders, dice, events)
      break
    case 'action':
      runActionPhase(next, orders, dice, events)
      next.step = 'attack'
      break
    case 'attack':
      runAttackPhase(next, orders, dice, events)
      next.step = 'plan'
      break
    case 'plan':
      resolvePlanning(next, orders, events)
      checkEnd(next, events)
      if (!next.ended) endPlayerTurn(next, events)
      break
  }
  checkEnd(next, events)
  return { state: next, events, rolls: dice.rolls.slice(firstRoll) }
}
