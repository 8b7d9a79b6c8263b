// Positions of A-S3 (the largest map) in the middle of a game, as bench/notify-render.ts and
// bench/first-map.ts draw them: after each resolution of turns `turn` .. `turn + turns - 1`, as
// every seat sees them.
import { createDice } from '../src/engine/dice.js'
import type { GameEvent } from '../src/engine/ruleset.js'
import { abaoaqu, type Order, type State } from '../src/rulesets/abaoaqu/engine/index.js'
import { randomOrders, rng } from '../src/rulesets/abaoaqu/engine/random-orders.js'
import { loadAbaoaquScenario } from '../src/rulesets/abaoaqu/scenarios/index.js'

const SEED = 'be'.repeat(32)

export interface Position {
  view: unknown
  events: GameEvent[]
}

function playStep(state: State, r: () => number): Record<string, Order[]> {
  const submissions: Record<string, Order[]> = {}
  for (const seat of abaoaqu.pending(state)[0]!.seats) submissions[seat] = randomOrders(state, seat, r, submissions)
  return submissions
}

/** The positions, one per seat after each step, and the state they end in. */
export function a3Positions(turn: number, turns: number): { positions: Position[]; state: State } {
  const r = rng(3)
  let seq = 0
  let state = abaoaqu.setup(
    loadAbaoaquScenario('A-S3'),
    { players: 2, options: { deployment: 'auto' } },
    createDice(SEED, seq++),
  ).state
  while (state.turn < turn && state.step !== 'over')
    state = abaoaqu.resolve(state, playStep(state, r), createDice(SEED, seq++)).state
  const positions: Position[] = []
  while (state.turn < turn + turns && state.step !== 'over') {
    const resolved = abaoaqu.resolve(state, playStep(state, r), createDice(SEED, seq++))
    state = resolved.state
    for (const seat of state.seats) positions.push({ view: abaoaqu.view(state, seat.id), events: resolved.events })
  }
  return { positions, state }
}

/** The first `n` of those positions for `turn`. */
export function firstPositions(turn: number, n: number): Position[] {
  return a3Positions(turn, 1).positions.slice(0, n)
}
