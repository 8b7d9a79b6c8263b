// Plays a campaign show's game (the scenario `RuleCampaign.show` returned) to its end with the engine's random
// player (random-orders.ts, the fuzz harness's "random" player), checking the fuzz invariants after every
// resolution, and keeping every die for verification.
import { createDice, type DieRoll } from '../../../src/engine/dice.js'
import type { GameEvent } from '../../../src/engine/ruleset.js'
import type { CampaignShowGame } from '../../../src/rulesets/contract.js'
import {
  realbattle,
  type RbOrder,
  type RbScenario,
  type RbState,
} from '../../../src/rulesets/realbattle/engine/index.js'
import { randomOrders, rng } from '../../../src/rulesets/realbattle/engine/random-orders.js'
import { checkInvariants, STEP_BOUND } from './fuzz.js'

export interface PlayedShow {
  state: RbState
  /** The events of the last resolution (what `settle` reads the destruction from). */
  events: GameEvent[]
  steps: number
  rolls: DieRoll[]
}

/** A 64-hex seed from a number. */
export const seedHex = (n: number): string => n.toString(16).padStart(64, '0')

/** The show's game to its end (turn limit `turnLimit`, 0 = until the first kill). */
export function playShow(game: CampaignShowGame, seed: number, turnLimit = 6): PlayedShow {
  const data = game.scenario.data as RbScenario
  const r = rng(seed)
  const hex = seedHex(seed)
  let seq = 0
  const first = realbattle.setup(data, { players: game.seats.length, options: { turnLimit } }, createDice(hex, seq++))
  let state = first.state
  let events: GameEvent[] = first.events
  const rolls: DieRoll[] = [...first.rolls]
  checkInvariants(null, state, events, `show seed ${seed} setup`)
  let steps = 0
  while (state.ended === null && steps < STEP_BOUND) {
    const sub: Record<string, RbOrder[]> = {}
    for (const p of realbattle.pending(state))
      for (const seat of p.seats) {
        const orders = randomOrders(state, seat, r)
        const errors = realbattle.validate(state, seat, orders, sub)
        if (errors.length > 0) throw new Error(`show seed ${seed}: ${seat} ${JSON.stringify(errors)}`)
        sub[seat] = orders
      }
    const dice = createDice(hex, seq++)
    const res = realbattle.resolve(state, sub, dice)
    checkInvariants(state, res.state, res.events, `show seed ${seed} step ${steps}`)
    rolls.push(...res.rolls)
    state = res.state
    events = res.events
    steps++
  }
  if (state.ended === null) throw new Error(`show seed ${seed}: no end within ${STEP_BOUND} resolutions`)
  return { state, events, steps, rolls }
}
