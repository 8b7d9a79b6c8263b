// A step in which no seat has anything to decide is not waited for (docs/realbattle.md): it passes by itself,
// with a `pass` event, and its phase still runs (a confused AT goes straight ahead, a fallen AT recovers PP).
import type { Dice } from '../../../engine/dice.js'
import type { GameEvent, Resolution } from '../../../engine/ruleset.js'
import { pendingSteps, resolveStep } from './sequence.js'
import type { RbState } from './types.js'

/** Resolves every idle step after `done` (setup or a resolution) with no orders; its rolls included. */
export function passIdleSteps(done: Resolution<RbState>, dice: Dice): Resolution<RbState> {
  const firstRoll = dice.rolls.length
  let state = done.state
  const events: GameEvent[] = [...done.events]
  while (!state.ended && pendingSteps(state).length === 0) {
    events.push({ type: 'pass', ref: 'RB-3.2', step: state.step, camp: state.active, reason: 'nothing to decide' })
    const next = resolveStep(state, {}, dice)
    state = next.state
    events.push(...next.events)
  }
  return { state, events, rolls: [...done.rolls, ...dice.rolls.slice(firstRoll)] }
}
