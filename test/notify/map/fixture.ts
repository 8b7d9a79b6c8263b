// A fixed A-S4 position reached through the engine with a fixed seed and scripted orders: Zeon's
// view at turn 2, half 1, follow-up combat, with the events since Zeon last acted (the
// Federation's return fire and damage check, its moves and entries, a BD launch and two declared
// attacks). It has what a snapshot must show: arrows, entries, attack lines with results and
// pending odds, a stack of three with C and D markers, a C unit, flipped missiles and a BD screen.
import { createDice } from '../../../src/engine/dice.js'
import type { GameEvent } from '../../../src/engine/ruleset.js'
import { abaoaqu, type State, type View } from '../../../src/rulesets/abaoaqu/engine/index.js'
import { loadAbaoaquScenario } from '../../../src/rulesets/abaoaqu/scenarios/index.js'

export const SEED = '00112233445566778899aabbccddeeff00112233445566778899aabbccddeeff'

const SCRIPT: Array<[seat: string, orders: string]> = [
  ['FED', 'GD1 -> 0706\nGM1 GM2 GM3 -> 0805\nSA1 SA2 -> 0503'],
  ['ZEON', 'shoot MU1 @ 0503 ship\nshoot MU2 @ SA1\nshoot ZI1 @ GD1'],
  ['ZEON', 'ZI1 -> 0606\nGE1 -> 1006\nRD2 -> 0405'],
  ['ZEON', 'shoot ZI1 @ 0805 ms\nshoot GE1 @ GD1\nshoot RD2 @ SA1'],
  ['FED', 'shoot GD1 @ ZI1\nshoot SA1 SA2 @ RD2'],
  ['FED', 'GD1 -> 0906\nSA1 SA2 -> 0604\nPB1 -> 1002\nBL1 BL2 -> 0703'],
  ['FED', 'bd PB1 @ 0606\nshoot GD1 @ GE1\nshoot GM1 GM3 @ RD2'],
]

export interface Position {
  state: State
  view: View
  /** Events of the Federation's last three steps: what Zeon has not seen yet. */
  events: GameEvent[]
}

export function a4Position(): Position {
  let seq = 0
  let state = abaoaqu.setup(
    loadAbaoaquScenario('A-S4'),
    { players: 2, options: { deployment: 'auto' } },
    createDice(SEED, seq++),
  ).state
  const log: Array<{ seat: string; events: GameEvent[] }> = []
  for (const [seat, text] of SCRIPT) {
    const parsed = abaoaqu.parseOrders(text, state, seat)
    if (!parsed.ok) throw new Error(`fixture orders do not parse: ${JSON.stringify(parsed.errors)}`)
    const errors = abaoaqu.validate(state, seat, parsed.orders)
    if (errors.length > 0) throw new Error(`fixture orders refused: ${JSON.stringify(errors)}`)
    const resolved = abaoaqu.resolve(state, { [seat]: parsed.orders }, createDice(SEED, seq++))
    state = resolved.state
    log.push({ seat, events: resolved.events })
  }
  const sinceZeon = log.slice(log.map((l) => l.seat).lastIndexOf('ZEON') + 1)
  return { state, view: abaoaqu.view(state, 'ZEON'), events: sinceZeon.flatMap((l) => l.events) }
}
