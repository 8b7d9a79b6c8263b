// A per-state index of units by hex. Resolution mutates its working copy only through the
// functions here, which drop the index, so a stale index is never read.
import { hexKey } from './geometry.js'
import type { Hex, State, Unit } from './types.js'

const indexCache = new WeakMap<Unit[], Map<string, Unit[]>>()

export function unitsByHex(state: State): Map<string, Unit[]> {
  let index = indexCache.get(state.units)
  if (!index) {
    index = new Map()
    for (const u of state.units) {
      if (u.at !== 'map' || !u.hex) continue
      const key = hexKey(u.hex)
      const list = index.get(key)
      if (list) list.push(u)
      else index.set(key, [u])
    }
    indexCache.set(state.units, index)
  }
  return index
}

export function unitsAt(state: State, hex: Hex): Unit[] {
  return unitsByHex(state).get(hexKey(hex)) ?? []
}

export function placeUnit(state: State, unit: Unit, hex: Hex): void {
  unit.hex = [hex[0], hex[1]]
  unit.at = 'map'
  indexCache.delete(state.units)
}

export function removeUnit(state: State, unit: Unit): void {
  unit.at = 'gone'
  indexCache.delete(state.units)
}
