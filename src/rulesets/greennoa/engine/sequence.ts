// GREEN NOA sequence of play (GN-3-2): who acts now, one submission resolved with every automatic phase
// after it (⑤, ⑨, ① of the next inning), S expiry at the end of every phase (AMB-GN-6), and the end of
// the game with its victory points (GAP-GN-6 [H]).
import type { Dice } from '../../../engine/dice.js'
import type { GameEvent, OrderError, Outcome, Resolution } from '../../../engine/ruleset.js'
import { combatSide, declareAttacks, declaresOnly, resolveAttack, validateAttacks } from './combat.js'
import { refuse } from './messages.js'
import { applyMovement, movingSide, validateMovement } from './movement.js'
import { rollInitiative } from './setup.js'
import type { AttackOrder, GnOrder, GnState, MoveOrder, PhaseNo, Side } from './types.js'
import { SIDES } from './types.js'
import { liveUnits, otherSide } from './units.js'

/** What a step takes: movement orders (② ⑥), declarations only (③ ⑦), attacks resolved at once (④ ⑧). */
export type StepKind = 'movement' | 'declare' | 'attack'

export interface GnPending {
  side: Side
  step: StepKind
  phase: PhaseNo
}

/** Who must act now, or null once the game has ended. Every pending step accepts an empty submission. */
export function pendingStep(state: GnState): GnPending | null {
  if (state.ended) return null
  const mover = movingSide(state)
  if (mover) return { side: mover, step: 'movement', phase: state.phase }
  const attacker = combatSide(state)
  if (attacker) return { side: attacker, step: declaresOnly(state.phase) ? 'declare' : 'attack', phase: state.phase }
  throw new Error(`GN-3-2: phase ${state.phase} is automatic and never waits for orders`)
}

const isMoveOrder = (o: GnOrder): o is MoveOrder => o.kind === 'transform' || o.kind === 'move' || o.kind === 'remove'

/** Every error of a submission by `side` for the pending step; [] when legal. */
export function validateStep(state: GnState, side: Side, orders: readonly GnOrder[]): OrderError[] {
  const pending = pendingStep(state)
  if (!pending || pending.side !== side) {
    if (orders.length === 0) return []
    return [
      pending
        ? refuse('GN-3-2', 'greennoa.notYourTurn', { side: pending.side })
        : refuse('GN-3-2', 'greennoa.gameOver'),
    ]
  }
  const wrong: OrderError[] = []
  orders.forEach((o, index) => {
    if (pending.step === 'movement' && !isMoveOrder(o))
      wrong.push(refuse('GN-3-2', 'greennoa.attackInMovement', {}, { order: index }))
    if (pending.step !== 'movement' && isMoveOrder(o))
      wrong.push(refuse('GN-3-2', 'greennoa.moveInCombat', {}, { order: index }))
  })
  if (wrong.length > 0) return wrong
  return pending.step === 'movement'
    ? validateMovement(state, side, orders as MoveOrder[])
    : validateAttacks(state, side, orders as AttackOrder[])
}

/**
 * GN-3-2b [R AMB-GN-6]: at the end of phase `phase` of the current inning, S markers due then expire (an S
 * given in phase p of inning i lasts to the end of phase p of inning i + 1).
 */
export function expireS(state: GnState, phase: PhaseNo): GameEvent[] {
  const events: GameEvent[] = []
  for (const u of state.units) {
    if (u.removed || !u.s) continue
    if (u.s.inning < state.inning || (u.s.inning === state.inning && u.s.phase <= phase)) {
      u.s = null
      events.push({ type: 's-expired', ref: 'AMB-GN-6', unit: u.id, inning: state.inning, phase })
    }
  }
  return events
}

/** GAP-GN-6 [H]: the game ends when a side has no unit left on the map. */
function annihilated(state: GnState): boolean {
  return SIDES.some((side) => liveUnits(state, side).length === 0)
}

/** GAP-GN-6 [H]: a side's points, for enemy units removed and enemy units left with M or F. */
export function victoryPoints(state: GnState, side: Side): number {
  const enemies = state.units.filter((u) => u.side === otherSide(side))
  const destroyed = enemies.filter((u) => u.removed).length
  const crippled = enemies.filter((u) => !u.removed && (u.m || u.f)).length
  return destroyed * state.scenario.victory.destroyed + crippled * state.scenario.victory.crippled
}

/** The result once the game has ended (GAP-GN-6 [H]): the higher total wins, equal totals draw. */
export function outcome(state: GnState): Outcome | null {
  if (!state.ended) return null
  const aeug = victoryPoints(state, 'AEUG')
  const titans = victoryPoints(state, 'TITANS')
  const winner: Side | null = aeug > titans ? 'AEUG' : titans > aeug ? 'TITANS' : null
  const score = `AEUG ${aeug}, Titans ${titans} victory points`
  return { winner, reason: winner ? score : `${score}: a draw`, ref: 'GAP-GN-6' }
}

function endGame(state: GnState, why: 'innings' | 'annihilation'): GameEvent {
  state.ended = true
  state.declared = []
  const o = outcome(state) as Outcome
  return {
    type: 'game-over',
    ref: 'GAP-GN-6',
    why,
    winner: o.winner,
    points: {
      AEUG: victoryPoints(state, 'AEUG'),
      TITANS: victoryPoints(state, 'TITANS'),
    },
  }
}

/** After ⑨: the game ends after its last inning, else the next inning starts with ① and waits at ②. */
function nextInning(state: GnState, dice: Dice): GameEvent[] {
  if (state.inning >= state.scenario.innings) return [endGame(state, 'innings')]
  state.inning += 1
  state.phase = 1
  state.transformed = []
  state.declared = []
  for (const u of state.units) u.turnsUsed = 0
  const { first, events } = rollInitiative(dice, state.inning)
  state.first = first
  events.push(...expireS(state, 1))
  state.phase = 2
  return events
}

/**
 * Resolves the pending step's submission by `side` (validated first; throws when invalid) and then every
 * automatic phase after it, until a step waits for orders or the game ends.
 */
export function resolveStep(state: GnState, side: Side, orders: readonly GnOrder[], dice: Dice): Resolution<GnState> {
  const pending = pendingStep(state)
  if (!pending) throw new Error('GN-3-2: the game is over')
  if (pending.side !== side) throw new Error(`GN-3-2: it is ${pending.side}'s turn to act, not ${side}'s`)
  const errors = validateStep(state, side, orders)
  if (errors.length > 0) throw new Error(`invalid orders: ${errors.map((e) => `${e.rule} ${e.message}`).join('; ')}`)
  const firstRoll = dice.rolls.length
  const events: GameEvent[] = []
  let next: GnState
  if (pending.step === 'movement') {
    const moved = applyMovement(state, side, orders as MoveOrder[])
    next = moved.state
    events.push(...moved.events, ...expireS(next, pending.phase))
    next.transformed = []
  } else {
    next = structuredClone(state)
    const { declared, events: declaredEvents } = declareAttacks(state, side, orders as AttackOrder[])
    events.push(...declaredEvents)
    if (pending.step === 'declare') {
      next.declared = declared
      events.push(...expireS(next, pending.phase))
      next.phase = (pending.phase + 1) as PhaseNo
    } else {
      // ④ / ⑧: resolved one by one as listed, results applied at once (GN-3-2).
      for (const d of declared) events.push(...resolveAttack(next, d, dice))
      events.push(...expireS(next, pending.phase))
      // ⑤ / ⑨: the declarations of ③ / ⑦, in their order, against the units of the side that just attacked.
      next.phase = (pending.phase + 1) as PhaseNo
      events.push({ type: 'damage-confirmation', ref: 'GN-3-2', phase: next.phase, attacks: next.declared.length })
      for (const d of next.declared) events.push(...resolveAttack(next, d, dice))
      next.declared = []
      events.push(...expireS(next, next.phase))
      if (annihilated(next)) events.push(endGame(next, 'annihilation'))
      else if (next.phase === 5) next.phase = 6
      else events.push(...nextInning(next, dice))
    }
  }
  if (!next.ended && annihilated(next)) events.push(endGame(next, 'annihilation'))
  return { state: next, events, rolls: dice.rolls.slice(firstRoll) }
}
