// Which parts of a map a small picture shows (email.ts): windows of a fixed width placed over what
// matters to the viewer. The viewer's units come first: a window is placed where it covers the most
// of them not yet shown, and another is added while some remain, up to a limit. Enemies in reach
// (the rule system's model.inReach) and the last phase's marks then decide where each window sits
// and how tall it is. Nothing here knows a rule system: it reads only the neutral model.
import { inWindow, type MapWindow } from './layout.js'
import { hexRefKey, highlightedCounters, type HexMapModel, type HexRef } from '../../present/map-model.js'

export interface CropLimits {
  /** Columns of every window (fewer when the map has fewer). */
  cols: number
  minRows: number
  maxRows: number
  /** Windows at most. */
  panels: number
}

export interface CropPlan {
  /** In reading order: left to right on a wide map, top to bottom on a tall one. */
  panels: MapWindow[]
  /** The viewer's units on the map, and how many of them the panels show. */
  ownUnits: number
  ownShown: number
}

interface FocusPoint {
  hex: HexRef
  weight: number
  own: boolean
}

// A highlighted unit (a moderator's change) outweighs all the rest: the first window shows it. Then
// any of the viewer's units outweighs every other point put together; an enemy in reach outweighs
// the marks of a phase.
const HIGHLIGHT = 1e12
const OWN = 1_000_000
const REACH = 1000
const MARK = 1

function markHexes(model: HexMapModel): HexRef[] {
  return [
    ...model.arrows.flatMap((a) => (a.from ? [a.from, a.to] : [a.to])),
    ...model.attacks.flatMap((a) => [...a.from, a.to]),
    ...model.losses.map((l) => l.hex),
  ]
}

/**
 * What the windows should cover, by weight. Without units of its own on the map (an observer, a
 * side still to enter) the viewer is shown every counter as though it were its own.
 */
function focusPoints(model: HexMapModel): FocusPoint[] {
  const viewerSides = new Set(model.sides.filter((s) => s.viewer).map((s) => s.id))
  const own = model.counters.filter((c) => viewerSides.has(c.side))
  const anchors = own.length > 0 ? own : model.counters
  const points: FocusPoint[] = anchors.map((c) => ({ hex: c.hex, weight: OWN * c.units.length, own: true }))
  // Nearer enemies weigh a little more, so a window that cannot hold them all keeps the nearest.
  const reach = own.length > 0 ? model.inReach : []
  reach.forEach((hex, i) => points.push({ hex, weight: REACH * (2 - i / reach.length), own: false }))
  for (const hex of markHexes(model)) points.push({ hex, weight: MARK, own: false })
  for (const c of highlightedCounters(model)) points.push({ hex: c.hex, weight: HIGHLIGHT, own: false })
  return points
}

function clamp(v: number, lo: number, hi: number): number {
  return Math.max(lo, Math.min(hi, v))
}

/**
 * The window of `cols` × `rows` covering the most uncovered weight (the first found on a tie),
 * from a summed-area table of the weights: every placement costs four lookups.
 */
function bestWindow(
  model: HexMapModel,
  points: readonly FocusPoint[],
  covered: ReadonlySet<FocusPoint>,
  cols: number,
  rows: number,
): MapWindow {
  const stride = model.cols + 1
  const sums = new Float64Array(stride * (model.rows + 1))
  for (const p of points) {
    const { col, row } = p.hex
    const i = (row + 1) * stride + col + 1
    if (!covered.has(p) && col >= 0 && row >= 0 && col < model.cols && row < model.rows) sums[i] = sums[i]! + p.weight
  }
  for (let r = 1; r <= model.rows; r++) {
    for (let c = 1; c <= model.cols; c++)
      sums[r * stride + c] =
        sums[r * stride + c]! +
        sums[(r - 1) * stride + c]! +
        sums[r * stride + c - 1]! -
        sums[(r - 1) * stride + c - 1]!
  }
  const at = (c: number, r: number) => sums[r * stride + c]!
  let best = { window: { col0: 0, row0: 0, cols, rows }, score: -1 }
  for (let col0 = 0; col0 <= model.cols - cols; col0++) {
    for (let row0 = 0; row0 <= model.rows - rows; row0++) {
      const score = at(col0 + cols, row0 + rows) - at(col0, row0 + rows) - at(col0 + cols, row0) + at(col0, row0)
      // A margin for float rounding: a tie keeps the first placement found.
      if (score > best.score + 1e-6) best = { window: { col0, row0, cols, rows }, score }
    }
  }
  return best.window
}

/** The window moved to centre what it covers, and cut to its rows with a hex to spare above and below. */
function fitted(model: HexMapModel, window: MapWindow, inside: readonly FocusPoint[], limits: CropLimits): MapWindow {
  const cols = inside.map((p) => p.hex.col)
  const rowsOf = inside.map((p) => p.hex.row)
  const [c0, c1] = [Math.min(...cols), Math.max(...cols)]
  const [r0, r1] = [Math.min(...rowsOf), Math.max(...rowsOf)]
  const rows = clamp(r1 - r0 + 3, Math.min(limits.minRows, model.rows), window.rows)
  return {
    col0: clamp(
      Math.round((c0 + c1 - window.cols + 1) / 2),
      Math.max(0, c1 - window.cols + 1),
      Math.min(c0, model.cols - window.cols),
    ),
    row0: clamp(Math.round((r0 + r1 - rows + 1) / 2), Math.max(0, r1 - rows + 1), Math.min(r0, model.rows - rows)),
    cols: window.cols,
    rows,
  }
}

export function planCrop(model: HexMapModel, limits: CropLimits): CropPlan {
  const points = focusPoints(model)
  const ownPoints = points.filter((p) => p.own)
  const ownUnits = ownPoints.reduce((n, p) => n + p.weight / OWN, 0)
  if (ownPoints.length === 0)
    return { panels: [{ col0: 0, row0: 0, cols: model.cols, rows: model.rows }], ownUnits: 0, ownShown: 0 }
  const cols = Math.min(limits.cols, model.cols)
  const rows = Math.min(limits.maxRows, model.rows)
  const covered = new Set<FocusPoint>()
  const panels: MapWindow[] = []
  while (panels.length < limits.panels && ownPoints.some((p) => !covered.has(p))) {
    const window = bestWindow(model, points, covered, cols, rows)
    const inside = points.filter((p) => inWindow(window, p.hex))
    panels.push(fitted(model, window, inside, limits))
    for (const p of inside) covered.add(p)
  }
  const shown = new Set(ownPoints.filter((p) => panels.some((w) => inWindow(w, p.hex))).map((p) => hexRefKey(p.hex)))
  const ownShown = ownPoints.filter((p) => shown.has(hexRefKey(p.hex))).reduce((n, p) => n + p.weight / OWN, 0)
  const wide = model.cols >= model.rows
  panels.sort((a, b) => (wide ? a.col0 - b.col0 || a.row0 - b.row0 : a.row0 - b.row0 || a.col0 - b.col0))
  return { panels, ownUnits, ownShown }
}
