// What a seat (or an observer) sees. A-Bao-A-Qu has no hidden information (§8); only other
// seats' standing orders are private.
import type { Outcome, Pending, Seat, Viewer } from '../../../engine/ruleset.js'
import { leadSideOf } from './combat-phase.js'
import type { DeclaredAttack, Hex, State, Unit, UnitType } from './types.js'

export interface View {
  system: 'abaoaqu'
  scenario: {
    id: string
    title: string
    sides: State['scenario']['sides']
    map: { id: string; cols: number; rows: number; fortress: Hex[]; boards: State['scenario']['map']['boards'] }
  }
  options: State['options']
  seats: Seat[]
  viewer: Viewer
  turn: number
  half: 1 | 2
  step: State['step']
  leadOff: string
  leadThisHalf: string
  pending: Pending[]
  units: Unit[]
  unitTypes: Record<string, UnitType>
  bd: State['bd']
  declared: DeclaredAttack[]
  occupation: State['occupation']
  shipsDestroyed: State['shipsDestroyed']
  standing: State['standing']
  outcome: Outcome | null
}

export function view(state: State, viewer: Viewer, pending: Pending[]): View {
  const used = new Set(state.units.map((u) => u.type))
  const unitTypes = Object.fromEntries(Object.entries(state.scenario.unitTypes).filter(([code]) => used.has(code)))
  const map = state.scenario.map
  return {
    system: 'abaoaqu',
    scenario: {
      id: state.scenario.id,
      title: state.scenario.title,
      sides: state.scenario.sides,
      map: { id: map.id, cols: map.cols, rows: map.rows, fortress: map.tags.fortress ?? [], boards: map.boards },
    },
    options: state.options,
    seats: state.seats,
    viewer,
    turn: state.turn,
    half: state.half,
    step: state.step,
    leadOff: state.leadOff,
    leadThisHalf: leadSideOf(state),
    pending,
    units: state.units,
    unitTypes,
    bd: state.bd,
    declared: state.declared,
    occupation: state.occupation,
    shipsDestroyed: state.shipsDestroyed,
    standing: viewer && state.standing[viewer] ? { [viewer]: state.standing[viewer] } : {},
    outcome: state.outcome,
  }
}
