// Helpers for the movement tests: programs written as in the §6 grammar, and a run of the action phase.
import { scriptedDice } from '../../../src/engine/dice.js'
import type { GameEvent } from '../../../src/engine/ruleset.js'
import { runActionPhase } from '../../../src/rulesets/realbattle/engine/movement.js'
import type { ProgramStep, RbOrder, RbState } from '../../../src/rulesets/realbattle/engine/types.js'

/** "T1R O2L P1R SL60 F B MAG:hmg PURGE:ml6 RELOAD:ml6 STAND SMOKE" → steps. */
export function steps(text: string): ProgramStep[] {
  return text
    .split(' ')
    .filter(Boolean)
    .map((t): ProgramStep => {
      const [op, weapon] = t.split(':') as [string, string | undefined]
      if (op === 'MAG' || op === 'PURGE' || op === 'RELOAD') return { op, weapon: weapon! }
      if (op === 'F' || op === 'B' || op === 'STAND' || op === 'SMOKE') return { op }
      if (op[0] === 'S') return { op: 'S', side: op[1] as 'L' | 'R', deg: Number(op.slice(2)) as 60 | 120 }
      return { op: op[0] as 'T' | 'O' | 'P', n: Number(op[1]) as 1 | 2 | 3, side: op[2] as 'L' | 'R' }
    })
}

export function program(at: string, text: string, extra: Partial<Extract<RbOrder, { kind: 'program' }>> = {}) {
  return { kind: 'program' as const, at, steps: steps(text), ...extra }
}

/** Runs the action phase on a clone with scripted dice; every die must be used. */
export function act(state: RbState, orders: RbOrder[], faces: number[] = []) {
  const next = structuredClone(state)
  const events: GameEvent[] = []
  const dice = scriptedDice(faces)
  runActionPhase(next, orders, dice, events)
  if (dice.rolls.length !== faces.length) throw new Error(`${faces.length - dice.rolls.length} scripted dice unused`)
  const at = (id: string) => next.ats.find((a) => a.id === id)!
  return { state: next, events, dice, at, of: (type: string) => events.filter((e) => e.type === type) }
}
