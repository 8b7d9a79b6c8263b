// The working copy a resolution mutates, its events and its dice.
import type { Dice } from '../../dice.js'
import type { GameEvent } from '../../ruleset.js'
import type { State } from './types.js'

export interface Ctx {
  s: State
  events: GameEvent[]
  dice: Dice
}

export function emit(ctx: Ctx, event: GameEvent): void {
  ctx.events.push({ turn: ctx.s.turn, half: ctx.s.half, ...event })
}

/** One d6 from the game's dice, recorded with its purpose and rule. */
export function rollD6(ctx: Ctx, purpose: string, ref: string): { face: number; index: number } {
  const face = ctx.dice.roll(6, purpose, ref)
  return { face, index: ctx.dice.rolls.length - 1 }
}

/** A deep copy whose scenario (immutable data) is shared. */
export function cloneState(state: State): State {
  const { scenario, ...rest } = state
  return { ...structuredClone(rest), scenario }
}
