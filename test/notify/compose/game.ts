// Real A-S4 positions played through the engine, for narration and option tests and for the
// sample emails: nothing here is hand-written event data.
import type { GameEvent } from '../../../src/engine/ruleset.js'
import { abaoaqu, type State, type View } from '../../../src/rulesets/abaoaqu/engine/index.js'
import type { Order } from '../../../src/rulesets/abaoaqu/engine/types.js'
import { newGame, sandbox, scripted } from '../../engine/abaoaqu/harness.js'

export interface Played {
  state: State
  events: GameEvent[]
}

function resolve(state: State, seat: string, orders: Order[], faces: number[]): Played {
  const errors = abaoaqu.validate(state, seat, orders)
  if (errors.length) throw new Error(`orders refused: ${JSON.stringify(errors)}`)
  const r = abaoaqu.resolve(state, { [seat]: orders }, scripted(faces))
  return { state: r.state, events: r.events }
}

/**
 * Turn 1 on a small board: the Federation moves GM1 and GM2 next to Zaku ZK1 and shoots at it;
 * Zeon returns fire with ZK1; the damage check resolves the Federation's attack. Dice: Zeon's
 * return fire rolls 2, the Federation's attack rolls 5.
 */
export function skirmish(): Played & { view: View } {
  let state = sandbox(
    [
      { id: 'GM1', type: 'GM', side: 'FED', hex: [10, 4] },
      { id: 'GM2', type: 'GM', side: 'FED', hex: [10, 4] },
      { id: 'GD1', type: 'GD', side: 'FED', hex: [2, 2] },
      { id: 'ZK1', type: 'ZK', side: 'ZEON', hex: [10, 9] },
      { id: 'GE1', type: 'GE', side: 'ZEON', hex: [30, 9] },
    ],
    'move',
  )
  const events: GameEvent[] = []
  const play = (seat: string, orders: Order[], faces: number[] = []) => {
    const r = resolve(state, seat, orders, faces)
    state = r.state
    events.push(...r.events)
  }
  play('FED', [
    { kind: 'move', units: ['GM1', 'GM2'], to: [10, 8] },
    { kind: 'move', units: ['GD1'], to: [4, 5] },
  ])
  play('FED', [{ kind: 'attack', mode: 'shoot', units: ['GM1', 'GM2'], target: { unit: 'ZK1' } }])
  play('ZEON', [{ kind: 'attack', mode: 'shoot', units: ['ZK1'], target: { unit: 'GM1' } }], [2, 5])
  return { state, events, view: abaoaqu.view(state, 'ZEON') }
}

/** A fresh A-S4 game after Zeon kept the proposed set-up: the Federation's first movement phase. */
export function firstMove(): Played & { view: View } {
  const start = newGame('A-S4')
  const r = resolve(start, 'ZEON', [], [])
  return { ...r, view: abaoaqu.view(r.state, 'FED') }
}

/**
 * Zeon's view of a contact on A-S4: ZK1 at 1009 with GM1 and GM2 (one of them confused) a hex
 * away, the Gundam at 0405 within its reach, a GM far off at 6002, and Zeon's GE1 alone at 3009.
 */
export function contact(): { state: State; view: View } {
  const state = sandbox(
    [
      { id: 'GM1', type: 'GM', side: 'FED', hex: [10, 8] },
      { id: 'GM2', type: 'GM', side: 'FED', hex: [10, 8], morale: 'C' },
      { id: 'GD1', type: 'GD', side: 'FED', hex: [4, 5] },
      { id: 'GM3', type: 'GM', side: 'FED', hex: [60, 2] },
      { id: 'ZK1', type: 'ZK', side: 'ZEON', hex: [10, 9] },
      { id: 'GE1', type: 'GE', side: 'ZEON', hex: [30, 9] },
    ],
    'move',
  )
  return { state, view: abaoaqu.view(state, 'ZEON') }
}
