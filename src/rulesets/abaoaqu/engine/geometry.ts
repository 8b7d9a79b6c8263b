// Map helpers on [col,row] tuples (A-1, GAP-A-6). Distances are hex distances (A-1-5).
import { offsetDistanceColRow } from '../../../engine/hex/index.js'
import type { Hex, MapData, ZoneSpec } from './types.js'

export function hexKey(h: Hex): string {
  return `${h[0]},${h[1]}`
}

export function sameHex(a: Hex | null, b: Hex | null): boolean {
  return a !== null && b !== null && a[0] === b[0] && a[1] === b[1]
}

export function distance(a: Hex, b: Hex): number {
  return offsetDistanceColRow(a[0], a[1], b[0], b[1])
}

export function onMap(map: MapData, h: Hex): boolean {
  return (
    Number.isInteger(h[0]) && Number.isInteger(h[1]) && h[0] >= 0 && h[1] >= 0 && h[0] < map.cols && h[1] < map.rows
  )
}

/** The label players type and read: column and row, two digits each ("0710"). */
export function hexLabel(h: Hex): string {
  return `${String(h[0]).padStart(2, '0')}${String(h[1]).padStart(2, '0')}`
}

/** Every map hex within `radius` of `centre` (the centre included). */
export function hexesWithin(map: MapData, centre: Hex, radius: number): Hex[] {
  const out: Hex[] = []
  const [c0, r0] = centre
  for (let c = Math.max(0, c0 - radius); c <= Math.min(map.cols - 1, c0 + radius); c++) {
    for (let r = Math.max(0, r0 - radius - 1); r <= Math.min(map.rows - 1, r0 + radius + 1); r++) {
      if (distance(centre, [c, r]) <= radius) out.push([c, r])
    }
  }
  return out
}

// Zones and distance fields depend only on the (immutable) map, so they are memoised by map id.
const zoneCache = new Map<string, { hexes: Hex[]; keys: Set<string> }>()
const fieldCache = new Map<string, Int16Array>()

function zoneEntry(map: MapData, zone: ZoneSpec): { hexes: Hex[]; keys: Set<string> } {
  const cacheKey = `${map.id}|${map.cols}x${map.rows}|${JSON.stringify(zone)}`
  let entry = zoneCache.get(cacheKey)
  if (!entry) {
    const hexes = computeZone(map, zone)
    entry = { hexes, keys: new Set(hexes.map(hexKey)) }
    zoneCache.set(cacheKey, entry)
  }
  return entry
}

function computeZone(map: MapData, zone: ZoneSpec): Hex[] {
  if ('tag' in zone) return (map.tags[zone.tag] ?? []).map((h) => [h[0], h[1]] as Hex)
  if ('withinOfTag' in zone) {
    const tagged = new Set((map.tags[zone.withinOfTag] ?? []).map(hexKey))
    const field = distanceField(map, { tag: zone.withinOfTag })
    return allHexes(map).filter((h) => !tagged.has(hexKey(h)) && (field[index(map, h)] ?? -1) <= zone.distance)
  }
  if ('rows' in zone) return allHexes(map).filter((h) => h[1] >= zone.rows[0] && h[1] <= zone.rows[1])
  return allHexes(map).filter((h) => h[0] >= zone.cols[0] && h[0] <= zone.cols[1])
}

export function zoneHexes(map: MapData, zone: ZoneSpec): Hex[] {
  return zoneEntry(map, zone).hexes
}

export function inZone(map: MapData, zone: ZoneSpec, h: Hex): boolean {
  return zoneEntry(map, zone).keys.has(hexKey(h))
}

function allHexes(map: MapData): Hex[] {
  const out: Hex[] = []
  for (let c = 0; c < map.cols; c++) for (let r = 0; r < map.rows; r++) out.push([c, r])
  return out
}

function index(map: MapData, h: Hex): number {
  return h[0] * map.rows + h[1]
}

/** Distance from every map hex to the nearest hex of a zone (by scanning; maps are small). */
export function distanceField(map: MapData, zone: ZoneSpec): Int16Array {
  const cacheKey = `${map.id}|${map.cols}x${map.rows}|${JSON.stringify(zone)}`
  let field = fieldCache.get(cacheKey)
  if (!field) {
    const sources = 'withinOfTag' in zone ? [] : zoneHexes(map, zone)
    const tagged = 'withinOfTag' in zone ? (map.tags[zone.withinOfTag] ?? []) : sources
    field = new Int16Array(map.cols * map.rows).fill(32767)
    for (const h of allHexes(map)) {
      let best = 32767
      for (const s of tagged) best = Math.min(best, distance(h, s))
      field[index(map, h)] = best
    }
    fieldCache.set(cacheKey, field)
  }
  return field
}

export function distanceToZone(map: MapData, zone: ZoneSpec, h: Hex): number {
  return distanceField(map, zone)[index(map, h)] ?? 32767
}
