// GREEN NOA unit values in play: the current form's counter values (GN-2, GN-11) and the pilot's skill
// (GAP-GN-2 [H]: an ace, P 2, gets one more turn per inning).
import type { GnScenario, GnState, Pilot, Side, Unit, UnitType, UnitValues } from './types.js'

export function unitType(scenario: GnScenario, unit: Pick<Unit, 'type'>): UnitType {
  const t = scenario.types[unit.type]
  if (!t) throw new Error(`unknown unit type ${unit.type}`)
  return t
}

export function pilotOf(scenario: GnScenario, unit: Pick<Unit, 'pilot'>): Pilot {
  const p = scenario.pilots[unit.pilot]
  if (!p) throw new Error(`unknown pilot ${unit.pilot}`)
  return p
}

/** The counter values of the unit's current form. */
export function formValues(scenario: GnScenario, unit: Pick<Unit, 'type' | 'form'>): UnitValues {
  const forms = unitType(scenario, unit).forms
  const v = Object.hasOwn(forms, unit.form) ? forms[unit.form] : undefined
  if (!v) throw new Error(`unit type ${unit.type} has no form ${unit.form}`)
  return v
}

/** GN-4-5 turn number for this inning, with the ace's extra turn (GAP-GN-2 [H]). */
export function turnLimit(scenario: GnScenario, unit: Pick<Unit, 'type' | 'form' | 'pilot'>): number {
  return formValues(scenario, unit).turns + (pilotOf(scenario, unit).skill === 2 ? 1 : 0)
}

export function findUnit(state: GnState, id: string): Unit | undefined {
  return state.units.find((u) => u.id === id)
}

export function liveUnits(state: GnState, side?: Side): Unit[] {
  return state.units.filter((u) => !u.removed && (side === undefined || u.side === side))
}

export function otherSide(side: Side): Side {
  return side === 'AEUG' ? 'TITANS' : 'AEUG'
}

/** Whether the unit is in state S now (GN-7-7 S; AMB-GN-6). */
export function isS(unit: Pick<Unit, 's'>): boolean {
  return unit.s !== null
}

/** A hex as players write it, on the map and in messages: column and row, two digits each ("1102"). */
export function hexLabel(hex: { col: number; row: number }): string {
  const two = (n: number) => String(n).padStart(2, '0')
  return `${two(hex.col)}${two(hex.row)}`
}
