// Which enemy units are within reach of a seat's side in A-Bao-A-Qu: what the seat's email map must
// show after its own units, and what its text lists. A unit reaches as far as it can move (A-4-2,
// A-4-6c: C units half, D units not at all) and then shoot (A-7-3b: the attack factor drops by one a
// hex, so a unit fires out to its best attack value less one). An enemy is in reach when either of
// the two reaches the other: it can be attacked, or can attack, by the next combat phase.
import { distance } from '../../engine/geometry.js'
import type { FaceValues, Hex, Unit } from '../../engine/types.js'
import type { View } from '../../engine/view.js'

export interface EnemyInReach {
  unit: Unit
  hex: Hex
  /** Hexes to the nearest unit of the viewer's side. */
  distance: number
  /** That unit. */
  nearest: Unit
}

type Placed = Unit & { hex: Hex }

function onMap(u: Unit): u is Placed {
  return u.at === 'map' && u.hex !== null
}

function faceOf(view: View, u: Unit): FaceValues | undefined {
  const faces = view.unitTypes[u.type]?.faces
  return u.face === 'back' && faces?.back ? faces.back : faces?.front
}

/** Hexes a unit can move and still shoot at: the whole of its threat. */
export function reachOf(view: View, u: Unit): number {
  const face = faceOf(view, u)
  if (!face) return 0
  const mp = u.morale === 'D' ? 0 : u.morale === 'C' ? Math.floor(face.mp / 2) : face.mp
  return mp + Math.max(0, Math.max(face.atkMS, face.atkShip) - 1)
}

/** The side the view is for; null for an observer. */
export function viewerSideOf(view: View): string | null {
  return view.seats.find((s) => s.id === view.viewer)?.side ?? null
}

/** Enemy units in reach of the viewer's side, nearest first (then by column, row and id). */
export function enemiesInReach(view: View): EnemyInReach[] {
  const side = viewerSideOf(view)
  if (side === null) return []
  const placed = view.units.filter(onMap)
  const own = placed.filter((u) => u.side === side).map((u) => ({ u, reach: reachOf(view, u) }))
  const out: EnemyInReach[] = []
  for (const enemy of placed) {
    if (enemy.side === side) continue
    const theirs = reachOf(view, enemy)
    let best: { d: number; u: Unit } | null = null
    for (const { u, reach } of own) {
      const d = distance(u.hex, enemy.hex)
      if (d <= Math.max(reach, theirs) && (best === null || d < best.d)) best = { d, u }
    }
    if (best) out.push({ unit: enemy, hex: enemy.hex, distance: best.d, nearest: best.u })
  }
  return out.sort(
    (a, b) =>
      a.distance - b.distance || a.hex[0] - b.hex[0] || a.hex[1] - b.hex[1] || a.unit.id.localeCompare(b.unit.id),
  )
}
