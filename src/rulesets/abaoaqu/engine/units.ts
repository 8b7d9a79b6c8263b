// A-2 Units: counter values, classes and what a unit may do in its state (§5.3).
import type { FaceValues, Hex, Morale, State, Unit, UnitType } from './types.js'
import { unitsAt } from './state-index.js'

// Lookups are hot: a one-entry cache (the last scenario / units array seen) avoids hashing the key
// object on every call; the WeakMaps keep the rest.
const typeMaps = new WeakMap<object, Map<string, UnitType>>()
let lastTypes: { key: object; map: Map<string, UnitType> } | null = null

export function unitType(state: State, unit: Unit): UnitType {
  const source = state.scenario.unitTypes
  if (lastTypes?.key !== source) {
    let map = typeMaps.get(source)
    if (!map) {
      map = new Map(Object.entries(source))
      typeMaps.set(source, map)
    }
    lastTypes = { key: source, map }
  }
  const type = lastTypes.map.get(unit.type)
  if (!type) throw new Error(`scenario ${state.scenario.id} has no unit type ${unit.type}`)
  return type
}

/** Values of the face showing (A-15-3). */
export function faceValues(state: State, unit: Unit): FaceValues {
  const faces = unitType(state, unit).faces
  return unit.face === 'back' && faces.back ? faces.back : faces.front
}

/** A-5-2 stacking class; Bigzam and the SM follow option bigStackClass (AMB-A-4). */
export function stackClass(state: State, unit: Unit): 'MS' | 'SHIP' {
  const type = unitType(state, unit)
  if (type.utType === 'Ship') return 'SHIP'
  if (type.shipInCombat || type.satelliteMissile) return state.options.bigStackClass === 'SHIP' ? 'SHIP' : 'MS'
  return 'MS'
}

/** A-7-1 / A-17-2: which attack value is used against this unit when shooting. */
export function combatClass(state: State, unit: Unit): 'MS' | 'SHIP' {
  return unitType(state, unit).ccCategory === 'SHIP' ? 'SHIP' : 'MS'
}

/** A-4-2, A-4-6c [H]: C moves at most half, D not at all. */
export function movementAllowance(state: State, unit: Unit): number {
  const mp = faceValues(state, unit).mp
  if (unit.morale === 'D') return 0
  if (unit.morale === 'C') return Math.floor(mp / 2)
  return mp
}

/** §5.3 [H]: only units in Normal state attack. */
export function isSteady(unit: Unit): boolean {
  return unit.morale === 'N'
}

export function isOnMap(unit: Unit): unit is Unit & { hex: Hex } {
  return unit.at === 'map' && unit.hex !== null
}

export function isAlive(unit: Unit): boolean {
  return unit.at !== 'gone'
}

const byIdCache = new WeakMap<Unit[], Map<string, Unit>>()
let lastById: { key: Unit[]; map: Map<string, Unit> } | null = null

export function unitById(state: State, id: string): Unit | undefined {
  if (lastById?.key !== state.units) {
    let map = byIdCache.get(state.units)
    if (!map) {
      map = new Map(state.units.map((u) => [u.id, u]))
      byIdCache.set(state.units, map)
    }
    lastById = { key: state.units, map }
  }
  return lastById.map.get(id)
}

export function unitsIn(state: State, hex: Hex): Unit[] {
  return unitsAt(state, hex)
}

export function seatOf(state: State, unit: Unit): string | undefined {
  return state.seats.find((s) => s.side === unit.side && s.groups.includes(unit.group))?.id
}

export function otherSide(state: State, side: string): string {
  const other = state.scenario.sides.find((s) => s.id !== side)
  if (!other) throw new Error('a scenario has two sides')
  return other.id
}

/** §5.3 [H]: C on C gives D; otherwise the worse state wins. */
export function worsenMorale(current: Morale, result: 'C' | 'D'): Morale {
  if (current === 'D' || result === 'D') return 'D'
  if (current === 'C') return 'D'
  return 'C'
}

export function describeUnit(state: State, unit: Unit): string {
  return `${unit.id} (${unitType(state, unit).name})`
}
