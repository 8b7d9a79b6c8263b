// A-3 Sequence of play: turn start, two halves of five phases, turn end (§2.1).
// After a step's orders are applied, automatic phases run until someone must act again.
import { expiredMarkers } from './bd-screen.js'
import { damageCheck, followCombat, leadCombat, leadSideOf } from './combat-phase.js'
import { emit, rollD6, type Ctx } from './context.js'
import { hexLabel } from './geometry.js'
import { recoveryPhase } from './morale.js'
import { placeUnit, removeUnit } from './state-index.js'
import type { Order, State, Step } from './types.js'
import { actingSides, seatHasAction } from './seat-options.js'
import { isOnMap, unitById, unitsIn } from './units.js'
import { annihilationCheck, endOfTurnVictory, occupationCheck } from './victory.js'

type Phase = Step | 'turn-start' | 'recovery' | 'damage-check' | 'half-end' | 'turn-end'

export type SeatOrder = { seat: string; order: Order }

/** Seats that must still submit for the current step. */
export function pendingSeats(state: State): string[] {
  const sides = actingSides(state)
  return state.seats.filter((s) => sides.includes(s.side) && seatHasAction(state, s.id)).map((s) => s.id)
}

function applyMoves(ctx: Ctx, orders: SeatOrder[]): void {
  for (const { order } of orders) {
    if (order.kind !== 'move') continue
    for (const id of order.units) {
      const u = unitById(ctx.s, id)!
      const from = u.hex
      const entering = u.at === 'reserve'
      placeUnit(ctx.s, u, order.to)
      if (ctx.s.scenario.unitTypes[u.type]?.satelliteMissile && ctx.s.step === 'move') u.spent = true
      emit(ctx, {
        type: ctx.s.step === 'deploy' ? 'deploy' : entering ? 'enter' : 'move',
        ref: ctx.s.step === 'deploy' ? ctx.s.scenario.id : entering ? 'A-4-6b' : 'A-4-2',
        unit: id,
        from,
        to: order.to,
      })
    }
  }
  for (const { order } of orders) {
    if (order.kind !== 'remove') continue
    for (const id of order.units) {
      removeUnit(ctx.s, unitById(ctx.s, id)!)
      emit(ctx, { type: 'remove', ref: 'A-5-6', unit: id })
    }
  }
  if (ctx.s.step === 'move') removeIdleSms(ctx)
}

/** A-16-2 [R]: a Satellite Missile that moved and ends without enemies is removed. */
function removeIdleSms(ctx: Ctx): void {
  for (const u of ctx.s.units) {
    if (!u.spent || !isOnMap(u)) continue
    if (unitsIn(ctx.s, u.hex).some((t) => t.side !== u.side)) continue
    removeUnit(ctx.s, u)
    emit(ctx, { type: 'sm-spent', ref: 'A-16-2', unit: u.id, hex: hexLabel(u.hex) })
  }
}

function applyStep(ctx: Ctx, step: Step, orders: SeatOrder[]): void {
  if (step === 'deploy' || step === 'move') applyMoves(ctx, orders)
  else if (step === 'attack-lead') leadCombat(ctx, orders)
  else if (step === 'attack-follow') followCombat(ctx, orders)
}

function phaseEnd(ctx: Ctx): void {
  annihilationCheck(ctx)
  if (ctx.s.options.occupationCheck !== 'endOfTurn') occupationCheck(ctx)
}

function next(phase: Phase, state: State): Phase {
  switch (phase) {
    case 'deploy':
      return state.deploying.length > 1 ? 'deploy' : 'turn-start'
    case 'turn-start':
      return 'recovery'
    case 'recovery':
      return 'move'
    case 'move':
      return 'attack-lead'
    case 'attack-lead':
      return 'attack-follow'
    case 'attack-follow':
      return 'damage-check'
    case 'damage-check':
      return 'half-end'
    case 'half-end':
      return state.half === 1 ? 'recovery' : 'turn-end'
    case 'turn-end':
      return 'turn-start'
    default:
      return 'over'
  }
}

/** Applies the submitted step, then runs every automatic phase until a step needs orders. */
export function completeStep(ctx: Ctx, orders: SeatOrder[]): void {
  const step = ctx.s.step
  const following = next(step, ctx.s)
  applyStep(ctx, step, orders)
  if (step === 'deploy') ctx.s.deploying.shift()
  else phaseEnd(ctx)
  run(ctx, following)
}

export function run(ctx: Ctx, start: Phase): void {
  let phase = start
  for (let guard = 0; guard < 10_000; guard++) {
    if (ctx.s.outcome) {
      ctx.s.step = 'over'
      return
    }
    if (phase === 'deploy' || phase === 'move' || phase === 'attack-lead' || phase === 'attack-follow') {
      ctx.s.step = phase
      ctx.s.used = {}
      if (pendingSeats(ctx.s).length > 0) return
      emit(ctx, { type: 'pass', ref: 'A-4-1', step: phase, side: actingSides(ctx.s)[0], reason: 'nothing to decide' })
      const following = next(phase, ctx.s)
      applyStep(ctx, phase, [])
      if (phase === 'deploy') ctx.s.deploying.shift()
      else phaseEnd(ctx)
      phase = following
      continue
    }
    // The next phase depends on the state before this one runs (the half it ends, the sides still to deploy).
    const following = next(phase, ctx.s)
    runAutomatic(ctx, phase)
    phase = following
  }
  throw new Error('the sequence of play did not reach a step that needs orders')
}

function runAutomatic(ctx: Ctx, phase: Phase): void {
  const s = ctx.s
  if (phase === 'turn-start') startOfTurn(ctx)
  else if (phase === 'recovery') {
    emit(ctx, { type: 'phase', ref: 'A-3-3', phase: 'recovery', lead: leadSideOf(s) })
    if (s.options.recovery !== 'oncePerTurn' || s.half === 1) recoveryPhase(ctx)
    phaseEnd(ctx)
  } else if (phase === 'damage-check') {
    damageCheck(ctx)
    phaseEnd(ctx)
  } else if (phase === 'half-end') {
    if (s.half === 1) s.half = 2
  } else if (phase === 'turn-end') endOfTurn(ctx)
}

/** T0 [H]: BD expiry (A-18-6), the lead-off roll when chosen (AMB-A-1), a fresh occupation check. */
function startOfTurn(ctx: Ctx): void {
  const s = ctx.s
  s.half = 1
  for (const m of expiredMarkers(s, s.turn)) emit(ctx, { type: 'bd-expire', ref: 'A-18-6', hex: m.hex, placed: m.turn })
  s.bd = s.bd.filter((m) => !expiredMarkers(s, s.turn).includes(m))
  if (s.options.leadOff === 'rollEachTurn') rollLeadOff(ctx, `lead-off, turn ${s.turn}`, 'AMB-A-1')
  for (const entry of Object.values(s.occupation)) entry.turnOk = true
  emit(ctx, { type: 'turn', ref: 'A-3-3', turn: s.turn, leadOff: s.leadOff })
}

export function rollLeadOff(ctx: Ctx, purpose: string, ref: string): void {
  const s = ctx.s
  const rule = s.scenario.leadOff
  const roll = rollD6(ctx, purpose, ref)
  const [odd, even] =
    'side' in rule ? [rule.side, s.scenario.sides.find((x) => x.id !== rule.side)!.id] : [rule.odd, rule.even]
  s.leadOff = roll.face % 2 === 1 ? odd : even
  emit(ctx, { type: 'lead-off', ref, roll: roll.face, rollIndex: roll.index, side: s.leadOff })
}

/** T9 [H]: victory checks, scenario rolls made "after turn n" (A-S7), the next turn. */
function endOfTurn(ctx: Ctx): void {
  const s = ctx.s
  endOfTurnVictory(ctx)
  s.scenario.entries.forEach((entry, index) => {
    if (typeof entry.turn === 'number' || entry.turn.rollAfterTurn !== s.turn) return
    const roll = ctx.dice.roll(entry.turn.sides, `arrival turn of ${entry.group ?? entry.side}`, entry.turn.ref)
    const arrives = roll + entry.turn.offset
    for (const u of s.units) if (u.entry === index && u.at === 'reserve') u.enterTurn = arrives
    emit(ctx, {
      type: 'arrival-roll',
      ref: entry.turn.ref,
      group: entry.group ?? entry.side,
      roll,
      rollIndex: ctx.dice.rolls.length - 1,
      arrivalTurn: arrives,
    })
  })
  s.turn++
  s.half = 1
}
