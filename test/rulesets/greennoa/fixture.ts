// Small GREEN NOA positions for the rule tests, built on the house roster (scenarios/greennoa/roster.yaml).
import { join } from 'node:path'
import type { Direction } from '../../../src/engine/hex/index.js'
import { scriptedDice } from '../../../src/engine/dice.js'
import { setup } from '../../../src/rulesets/greennoa/engine/setup.js'
import type { GnScenario, GnState, Side } from '../../../src/rulesets/greennoa/engine/types.js'
import { defaultGreenNoaDir, loadRoster } from '../../../src/rulesets/greennoa/scenarios/load.js'

export const roster = loadRoster(join(defaultGreenNoaDir(), 'roster.yaml'))

export interface Placed {
  id: string
  type: string
  side: Side
  pilot?: string
  col: number
  row: number
  facing: Direction
  form?: string
}

export function scenarioOf(units: Placed[], map = { cols: 12, rows: 10 }): GnScenario {
  const types: GnScenario['types'] = {}
  for (const [code, t] of Object.entries(roster.types)) {
    const { status: _s, ...type } = t
    types[code] = type
  }
  return {
    id: 'GN-TEST',
    map,
    innings: 3,
    victory: { destroyed: 3, crippled: 1 },
    types,
    pilots: roster.pilots,
    units: units.map((u) => ({
      id: u.id,
      type: u.type,
      side: u.side,
      pilot: u.pilot ?? 'unnamed',
      hex: { col: u.col, row: u.row },
      facing: u.facing,
      ...(u.form ? { form: u.form } : {}),
    })),
  }
}

/** A state at phase ② with `first` to move: initiative dice scripted so that side wins. */
export function stateOf(units: Placed[], first: Side = 'AEUG', map?: { cols: number; rows: number }): GnState {
  const faces = first === 'AEUG' ? [6, 1] : [1, 6]
  return setup(scenarioOf(units, map), { players: 2 }, scriptedDice(faces)).state
}
