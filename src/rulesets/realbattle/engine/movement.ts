// PLACEHOLDER (frame branch): replaced by the movement/combat branch at merge
import type { Dice } from '../../../engine/dice.js'
import type { GameEvent, OrderError } from '../../../engine/ruleset.js'
import { offsetNeighbor, reverseDirection, type Direction, type OffsetHex } from '../../../engine/hex/index.js'
import { refusals } from '../../../engine/messages.js'
import { MOVE_MESSAGES } from './messages-move.js'
import { inPlay } from './stats.js'
import type { At, ProgramStep, RbOrder, RbState } from './types.js'

const refuse = refusals(MOVE_MESSAGES)

export function simulateProgram(
  state: RbState,
  at: At,
  speed: number,
  steps: ProgramStep[],
): {
  errors: OrderError[]
  path: OffsetHex[]
  hex: OffsetHex
  facing: Direction
  pp: number
  mp: number
  blockedAt: number | null
} {
  void state
  const errors: OrderError[] = []
  let hex: OffsetHex = at.hex ?? { col: 0, row: 0 }
  const path: OffsetHex[] = []
  let mp = 0
  steps.forEach((s, i) => {
    if (s.op !== 'F' && s.op !== 'B') {
      errors.push(refuse('RB-5.2', 'realbattle.move.placeholder', { at: at.id, step: i + 1 }))
      return
    }
    hex = offsetNeighbor(hex, s.op === 'F' ? at.facing : reverseDirection(at.facing))
    path.push(hex)
    mp += 1
  })
  if (errors.length === 0 && mp !== Math.abs(speed))
    errors.push(refuse('RB-6.1', 'realbattle.move.placeholder', { at: at.id, step: mp }))
  return { errors, path, hex, facing: at.facing, pp: 0, mp, blockedAt: null }
}

export function checkProgram(
  state: RbState,
  seat: string,
  order: Extract<RbOrder, { kind: 'program' }>,
  speed: number,
  index: number,
): OrderError[] {
  void seat
  const at = state.ats.find((a) => a.id === order.at)
  if (!at) return []
  return simulateProgram(state, at, speed, order.steps).errors.map((e) => ({ ...e, order: index }))
}

export function runActionPhase(state: RbState, orders: RbOrder[], dice: Dice, events: GameEvent[]): void {
  void dice
  for (const at of state.ats) {
    if (at.camp !== state.active || !inPlay(at) || at.fallen) continue
    const chosen = orders.find((o) => o.kind === 'speed' && o.at === at.id)
    if (chosen?.kind === 'speed') at.speed = chosen.speed
    else if (at.speedChoices?.[0] !== undefined) at.speed = at.speedChoices[0]
    const from = at.hex as OffsetHex
    const program = orders.find((o) => o.kind === 'program' && o.at === at.id)
    const steps: ProgramStep[] =
      program?.kind === 'program' && !at.confused
        ? program.steps
        : Array.from({ length: Math.abs(at.speed) }, (): ProgramStep => ({ op: at.speed < 0 ? 'B' : 'F' }))
    const sim = simulateProgram(state, at, at.speed, steps)
    at.hex = sim.hex
    at.speedChoices = null
    events.push({ type: 'move', ref: 'RB-6', at: at.id, from: [from.col, from.row], to: [sim.hex.col, sim.hex.row] })
  }
}
