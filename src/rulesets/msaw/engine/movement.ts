// MS-2.1 movement on the open table and GAP-M-3 line of sight: a move is a polyline of waypoints from
// where the suit stands, checked exactly (src/engine/table/) for length against Move (the Dom's hover,
// AMB-M-3; rough terrain, OPT-ROUGH / MS-4.1), the table's edge (GAP-M-4), impassable terrain and the other
// suits' discs (GAP-M-1), at every moment of every leg.
import type { OrderError } from '../../../engine/ruleset.js'
import {
  discOnTable,
  distance,
  formatInches,
  lengthInside,
  segmentEntersPolygon,
  sightBlockedBy,
  sweptDiscHits,
  sweptDiscTouchesPolygon,
} from '../../../engine/table/index.js'
import { refuse } from './messages.js'
import type { MsState, Pt, Suit, TerrainPiece } from './types.js'

/** A suit's disc radius (GAP-M-1: 1.00" across). */
const SUIT_RADIUS = 50

/** The most waypoints one move may name. */
const MAX_WAYPOINTS = 32

/** Where a refusal points in the submission. */
type Place = { order?: number; line?: number }

/** A point in inches as a player reads it: (12.5, 30). */
const inches = (p: Pt): string => `(${formatInches(p.x)}, ${formatInches(p.y)})`

/** How a terrain piece is named to players: its name and id. */
const pieceName = (piece: TerrainPiece): string => `${piece.name} (${piece.id})`

/** The suit type's Move and hover Move (AMB-M-3), in hundredths; hover null when it cannot hover. */
export function moveAllowance(state: MsState, suit: Suit): { move: number; hover: number | null } {
  const type = state.scenario.suits[suit.type]
  if (!type) throw new Error(`msaw: suit ${suit.id} has type ${suit.type}, not in the catalogue`)
  return { move: type.move, hover: type.hover ?? null }
}

/**
 * MS-2.1: whether suit `ms` may move along `path` (waypoints after its position, the last where it stops).
 * Answers where it ends, the path's length, the Move it spends (rough terrain counted twice with OPT-ROUGH)
 * and whether it hovers (the Dom over Move 9, AMB-M-3), or the first refusal, naming its rule.
 */
export function checkMove(
  state: MsState,
  ms: string,
  path: Pt[],
  place: Place = {},
): { ok: true; to: Pt; length: number; cost: number; hover: boolean } | { ok: false; error: OrderError } {
  const no = (error: OrderError) => ({ ok: false as const, error })
  const suit = state.suits.find((s) => s.id === ms && !s.destroyed)
  if (!suit) return no(refuse('MS-2.1', 'msaw.move.noSuit', { ms }, place))

  // Malformed paths (MS-2.1): one continuous move of 1 to 32 legs, each going somewhere.
  if (path.length === 0) return no(refuse('MS-2.1', 'msaw.move.noPath', { ms }, place))
  if (path.length > MAX_WAYPOINTS) {
    return no(refuse('MS-2.1', 'msaw.move.tooManyPoints', { ms, count: path.length, max: MAX_WAYPOINTS }, place))
  }
  let prev = suit.at
  for (const [i, p] of path.entries()) {
    if (!Number.isSafeInteger(p.x) || !Number.isSafeInteger(p.y)) {
      return no(refuse('MS-2.1', 'msaw.move.badPoint', { ms, n: i + 1 }, place))
    }
    if (p.x === prev.x && p.y === prev.y) {
      return no(refuse('MS-2.1', 'msaw.move.samePoint', { ms, n: i + 1, point: inches(p) }, place))
    }
    prev = p
  }

  // GAP-M-4: every waypoint's disc on the table; the table is convex, so then every leg is too.
  const table = state.scenario.table
  for (const p of path) {
    if (!discOnTable(p, SUIT_RADIUS, table)) {
      const params = { ms, point: inches(p), width: formatInches(table.width), height: formatInches(table.height) }
      return no(refuse('GAP-M-4', 'msaw.move.offTable', params, place))
    }
  }

  const legs = path.map((to, i) => ({ from: i === 0 ? suit.at : path[i - 1]!, to }))
  const terrain = state.scenario.terrain
  const length = legs.reduce((sum, leg) => sum + distance(leg.from, leg.to), 0)

  // OPT-ROUGH (MS-4.1): the part of each leg inside rough terrain is paid twice.
  const rough = state.options.rough
    ? legs.reduce(
        (sum, leg) =>
          sum +
          terrain.filter((t) => t.move === 'rough').reduce((s, t) => s + lengthInside(leg.from, leg.to, t.polygon), 0),
        0,
      )
    : 0
  const cost = length + rough

  // AMB-M-3: hover Move only when no leg's centre line enters rough or impassable terrain.
  const { move, hover } = moveAllowance(state, suit)
  let hovers = false
  if (cost > move) {
    const entered =
      hover === null
        ? undefined
        : terrain.find(
            (t) => t.move !== 'open' && legs.some((leg) => segmentEntersPolygon(leg.from, leg.to, t.polygon)),
          )
    const inches2 = { ms, length: formatInches(length), cost: formatInches(cost), move: formatInches(move) }
    if (hover === null) {
      if (rough > 0 && length <= move) {
        return no(refuse('MS-4.1', 'msaw.move.tooCostly', { ...inches2, rough: formatInches(rough) }, place))
      }
      return no(refuse('MS-2.1', 'msaw.move.tooLong', inches2, place))
    }
    if (entered) {
      const params = { ...inches2, hover: formatInches(hover), piece: pieceName(entered) }
      return no(refuse('AMB-M-3', 'msaw.move.noHover', params, place))
    }
    // No rough entered, so cost is the plain length here.
    if (cost > hover) {
      return no(refuse('AMB-M-3', 'msaw.move.tooLongHover', { ...inches2, hover: formatInches(hover) }, place))
    }
    hovers = true
  }

  // MS-2.1 [H], GAP-M-3: the moving disc never overlaps an impassable piece.
  for (const t of terrain) {
    if (t.move !== 'impassable') continue
    if (legs.some((leg) => sweptDiscTouchesPolygon(leg.from, leg.to, SUIT_RADIUS, t.polygon))) {
      return no(refuse('MS-2.1', 'msaw.move.impassable', { ms, piece: pieceName(t) }, place))
    }
  }

  // GAP-M-1, GAP-M-9: the moving disc never overlaps another suit's (touching at 1.00" is allowed).
  for (const other of state.suits) {
    if (other.id === suit.id || other.destroyed) continue
    if (legs.some((leg) => sweptDiscHits(leg.from, leg.to, other.at, 2 * SUIT_RADIUS))) {
      return no(refuse('GAP-M-1', 'msaw.move.suitInWay', { ms, other: other.id }, place))
    }
  }

  return { ok: true, to: path[path.length - 1]!, length, cost, hover: hovers }
}

/** GAP-M-3: whether a suit at `a` sees a suit at `b`, or the first terrain piece that blocks the sight (its id). */
export function sightBetween(state: MsState, a: Pt, b: Pt): { clear: true } | { clear: false; piece: string } {
  const terrain = state.scenario.terrain
  const i = sightBlockedBy(a, b, terrain)
  return i === null ? { clear: true } : { clear: false, piece: terrain[i]!.id }
}
