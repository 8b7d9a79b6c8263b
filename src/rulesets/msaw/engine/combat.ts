// STUB (frame branch): the combat part's signatures (docs/msaw.md); replaced by the real file from main.
import type { Dice } from '../../../engine/dice.js'
import type { MessageKey } from './messages.js'
import type { MsEvent, MsState, Reaction } from './types.js'

export type AttackResult = { state: MsState; events: MsEvent[]; ask: Omit<Reaction, 'queue'> | null }

/** Why the attack cannot be made now, or null. */
export function attackProblem(
  state: MsState,
  ms: string,
  target: string,
  weapon: string,
  counter: boolean,
): { rule: string; key: MessageKey; params: Record<string, string | number> } | null {
  void [state, ms, target, weapon, counter]
  throw new Error('combat: not built yet')
}

/** An attack made (MS-3). */
export function runAttack(state: MsState, ms: string, target: string, weapon: string, dice: Dice): AttackResult {
  void [state, ms, target, weapon, dice]
  throw new Error('combat: not built yet')
}

/** The shield question answered, and the attack continued. */
export function answerShield(state: MsState, reaction: Reaction, use: boolean, dice: Dice): AttackResult {
  void [state, reaction, use, dice]
  throw new Error('combat: not built yet')
}

/** The counterattack question answered. */
export function answerCounter(state: MsState, reaction: Reaction, weapon: string | null, dice: Dice): AttackResult {
  void [state, reaction, weapon, dice]
  throw new Error('combat: not built yet')
}

/** The answer on timeout. */
export function defaultAnswer(state: MsState, reaction: Reaction): { use: boolean } | { weapon: string | null } {
  void [state, reaction]
  throw new Error('combat: not built yet')
}
