// PLACEHOLDER (frame branch): replaced by the movement/combat branch at merge
import type { Dice } from '../../../engine/dice.js'
import type { GameEvent, OrderError } from '../../../engine/ruleset.js'
import { refusals } from '../../../engine/messages.js'
import { COMBAT_MESSAGES } from './messages-combat.js'
import type { At, AttackOption, RbOrder, RbState } from './types.js'

const refuse = refusals(COMBAT_MESSAGES)

export function attackOptions(state: RbState, at: At): AttackOption[] {
  void state
  void at
  return []
}

export function checkAttacks(state: RbState, seat: string, orders: RbOrder[]): OrderError[] {
  void state
  void seat
  return orders.flatMap((o, order) =>
    o.kind === 'attack' ? [refuse('RB-12.1', 'realbattle.attack.placeholder', { at: o.at }, { order })] : [],
  )
}

export function runAttackPhase(state: RbState, orders: RbOrder[], dice: Dice, events: GameEvent[]): void {
  void state
  void orders
  void dice
  void events
}
