// GN-3-2 [R]: a step in which the acting side has nothing to decide is not waited for: it passes by itself,
// with a `pass` event, and the game goes on until a step with a choice or the end of the game.
import type { Dice } from '../../../engine/dice.js'
import type { GameEvent, Resolution } from '../../../engine/ruleset.js'
import { hasChoice } from './seat-options.js'
import { pendingStep, resolveStep } from './sequence.js'
import type { GnState } from './types.js'

/** Resolves every idle step after `done` (setup or a resolution) with an empty submission; its rolls included. */
export function passIdleSteps(done: Resolution<GnState>, dice: Dice): Resolution<GnState> {
  const firstRoll = dice.rolls.length
  let state = done.state
  const events: GameEvent[] = [...done.events]
  for (let p = pendingStep(state); p && !hasChoice(state, p); p = pendingStep(state)) {
    events.push({
      type: 'pass',
      ref: 'GN-3-2',
      phase: p.phase,
      step: p.step,
      side: p.side,
      reason: 'nothing to decide',
    })
    const next = resolveStep(state, p.side, [], dice)
    state = next.state
    events.push(...next.events)
  }
  return { state, events, rolls: [...done.rolls, ...dice.rolls.slice(firstRoll)] }
}
