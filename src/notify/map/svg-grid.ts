// The board layer: hex fills (space, fortress, obstacles, deployment areas, screens), the grid, board
// borders, hex labels and the coordinates on the edge. Each layer is one <path> where it can be: a few big elements
// render much faster than hundreds of small ones.
import { ALL_DIRECTIONS, offsetNeighbor } from '../../engine/hex/index.js'
import { hexCentre, hexCorner, hexsideCorners, inWindow, type Frame, type Point } from './layout.js'
import { hexRefKey, type HexMapModel, type HexRef, type MapHex } from '../../present/map-model.js'
import { anchored, boxAround, type Piece } from './pieces.js'
import { escapeXml, num, textAt, textWidth, widthIsSure } from './svg-text.js'

export const COLOURS = {
  background: '#ffffff',
  space: '#eef2f7',
  fortress: '#c9bfa6',
  obstacle: '#6f6a60',
  deploy: '#f4e58c',
  grid: '#a9b3c1',
  boardEdge: '#46505e',
  hexLabel: '#6f7a89',
  edgeLabel: '#333a44',
  screen: '#8e44ad',
  screenLabel: '#5e2378',
  watermark: '#1d2733',
}

function polygon(points: Point[]): string {
  return `M${points.map((p) => `${num(p.x)} ${num(p.y)}`).join('L')}Z`
}

export function hexPath(frame: Frame, hex: HexRef): string {
  const c = hexCentre(frame, hex)
  return polygon([0, 1, 2, 3, 4, 5].map((i) => hexCorner(frame, c, i)))
}

function filledHexes(frame: Frame, hexes: readonly HexRef[], attrs: string): string {
  if (hexes.length === 0) return ''
  return `<path d="${hexes.map((h) => hexPath(frame, h)).join('')}" ${attrs}/>`
}

/** The hexes of the frame's window: the whole map, or the part a crop shows. */
export function windowHexes(frame: Frame, model: HexMapModel): MapHex[] {
  return model.hexes.filter((h) => inWindow(frame.window, h))
}

export function hexFills(frame: Frame, model: HexMapModel): string {
  const hexes = windowHexes(frame, model)
  const tagged = (tag: string) => hexes.filter((h) => h.tags.includes(tag))
  return [
    filledHexes(frame, hexes, `fill="${COLOURS.space}"`),
    filledHexes(frame, tagged('fortress'), `fill="${COLOURS.fortress}"`),
    filledHexes(frame, tagged('obstacle'), `fill="${COLOURS.obstacle}"`),
    filledHexes(frame, tagged('deploy'), `fill="${COLOURS.deploy}"`),
  ].join('')
}

/** Screened hexes, once each even where screens overlap, and the screen's name in its centre hex. */
export function screenFills(frame: Frame, model: HexMapModel): Piece[] {
  const covered = new Map<string, HexRef>()
  for (const s of model.screens) for (const h of s.hexes) covered.set(hexRefKey(h), h)
  const hexes = [...covered.values()]
  const fill: Piece[] =
    hexes.length === 0
      ? []
      : [
          {
            svg: filledHexes(frame, hexes, `fill="${COLOURS.screen}" fill-opacity="0.2"`),
            box: boxAround(
              hexes.map((h) => hexCentre(frame, h)),
              frame.size,
            ),
          },
        ]
  const labels = model.screens
    .filter((s) => s.label !== '')
    .map((s) => {
      const c = hexCentre(frame, s.centre)
      const size = frame.size * 0.3
      const y = c.y + frame.size * 0.68
      const label = textAt(c.x, y, s.label, { size, fill: COLOURS.screenLabel, bold: true })
      const half = textWidth(s.label, size, true)
      return {
        svg: `<g>${titleTag(s.title)}${label}</g>`,
        box: boxAround(
          [
            { x: c.x - half, y: y - size },
            { x: c.x + half, y: y + size },
          ],
          0,
        ),
        ...(widthIsSure(s.label) ? {} : { estimated: true }),
      }
    })
  return [...fill, ...labels]
}

export function titleTag(text: string): string {
  return text === '' ? '' : `<title>${escapeXml(text)}</title>`
}

/**
 * Each hexside once: every hex draws its SW, NW and N sides (corners 2 to 5) as one polyline; the
 * other three belong to its neighbours, or lie on the map's edge, which boardEdges draws.
 */
export function gridLines(frame: Frame, model: HexMapModel): string {
  const d = windowHexes(frame, model)
    .map((h) => {
      const c = hexCentre(frame, h)
      return `M${[2, 3, 4, 5]
        .map((i) => hexCorner(frame, c, i))
        .map((p) => `${num(p.x)} ${num(p.y)}`)
        .join('L')}`
    })
    .join('')
  return `<path d="${d}" fill="none" stroke="${COLOURS.grid}" stroke-width="${num(frame.size * 0.035)}"/>`
}

/**
 * Hexsides between two boards or on the edge of the map, so each board reads as one piece. The
 * edge of a crop is not an edge of the map: a neighbour outside the window still counts.
 */
export function boardEdges(frame: Frame, model: HexMapModel): string {
  const byKey = new Map(model.hexes.map((h) => [hexRefKey(h), h]))
  const segments: string[] = []
  for (const hex of windowHexes(frame, model)) {
    const c = hexCentre(frame, hex)
    for (const d of ALL_DIRECTIONS) {
      const across = byKey.get(hexRefKey(offsetNeighbor(hex, d)))
      if (across !== undefined && across.board === hex.board) continue
      // A shared side between two boards is met from both hexes; draw it once.
      if (across !== undefined && inWindow(frame.window, across) && hexRefKey(across) < hexRefKey(hex)) continue
      const [a, b] = hexsideCorners(frame, c, d)
      segments.push(`M${num(a.x)} ${num(a.y)}L${num(b.x)} ${num(b.y)}`)
    }
  }
  return (
    `<path d="${segments.join('')}" fill="none" stroke="${COLOURS.boardEdge}" ` +
    `stroke-width="${num(frame.size * 0.09)}" stroke-linecap="round"/>`
  )
}

/** The board number, large and faint, in the middle of each board: which physical board to lay out. */
export function boardWatermarks(frame: Frame, model: HexMapModel): string {
  if (model.boards.length < 2) return ''
  return model.boards
    .map((b) => {
      const first = hexCentre(frame, { col: b.col0, row: b.row0 })
      const last = hexCentre(frame, { col: b.col0 + b.cols - 1, row: b.row0 + b.rows - 1 })
      const text = b.rotate180 ? `${b.board} ↻` : String(b.board)
      return textAt((first.x + last.x) / 2, (first.y + last.y) / 2, text, {
        size: frame.size * 4,
        fill: COLOURS.watermark,
        bold: true,
        opacity: 0.06,
      })
    })
    .join('')
}

/**
 * A "0710" label is written as "07" ending and "10" starting at the hex's centre line: it reads
 * the same, and a whole map then holds a few dozen distinct strings instead of one per hex, which
 * is what png-text.ts caches and reuses. Labels that are not two halves of equal length are
 * written whole.
 */
export function hexLabels(frame: Frame, hexes: readonly MapHex[]): string {
  const style = { size: frame.size * 0.27, fill: COLOURS.hexLabel }
  return hexes
    .map((h) => {
      const c = hexCentre(frame, h)
      const y = c.y - frame.size * 0.74
      const half = h.label.length / 2
      if (h.label.length < 4 || !Number.isInteger(half)) return textAt(c.x, y, h.label, style)
      return (
        textAt(c.x, y, h.label.slice(0, half), { ...style, anchor: 'end' }) +
        textAt(c.x, y, h.label.slice(half), { ...style, anchor: 'start' })
      )
    })
    .join('')
}

interface EdgeLabel {
  at: Point
  text: string
  anchor: 'start' | 'middle' | 'end'
}

/** Column labels above and below the grid, row labels left and right, as printed on a map's edge. */
function edgeLabelPlaces(frame: Frame, model: HexMapModel): EdgeLabel[] {
  const out: EdgeLabel[] = []
  const topY = frame.gridTop - frame.size * 0.36
  const bottomY = frame.gridBottom + frame.size * 0.36
  const { col0, row0, cols, rows } = frame.window
  model.colLabels.slice(col0, col0 + cols).forEach((text, i) => {
    const { x } = hexCentre(frame, { col: col0 + i, row: row0 })
    out.push({ at: { x, y: topY }, text, anchor: 'middle' }, { at: { x, y: bottomY }, text, anchor: 'middle' })
  })
  const lastCol = col0 + cols - 1
  model.rowLabels.slice(row0, row0 + rows).forEach((text, i) => {
    const row = row0 + i
    const left = hexCentre(frame, { col: col0, row })
    const right = hexCentre(frame, { col: lastCol, row })
    out.push(
      { at: { x: frame.gridLeft - 3, y: left.y }, text, anchor: 'end' },
      { at: { x: frame.gridRight + 3, y: right.y }, text, anchor: 'start' },
    )
  })
  return out
}

function edgeStyle(frame: Frame) {
  return { size: frame.size * 0.42, fill: COLOURS.edgeLabel, bold: true }
}

export function edgeLabels(frame: Frame, model: HexMapModel): string {
  const style = edgeStyle(frame)
  return edgeLabelPlaces(frame, model)
    .map((l) => textAt(l.at.x, l.at.y, l.text, { ...style, anchor: l.anchor }))
    .join('')
}

/** The same labels as pieces, for a picture whose board is cut from a bigger one (raster.ts). */
export function edgeLabelPieces(frame: Frame, model: HexMapModel): Piece[] {
  const style = edgeStyle(frame)
  return edgeLabelPlaces(frame, model).map((l) => {
    const w = textWidth(l.text, style.size, true)
    const [x0, x1] = l.anchor === 'middle' ? [-w, w] : l.anchor === 'end' ? [-w * 1.5, 2] : [-2, w * 1.5]
    const piece = anchored(l.at, (p) => textAt(p.x, p.y, l.text, { ...style, anchor: l.anchor }), {
      x0,
      y0: -style.size,
      x1,
      y1: style.size,
    })
    return widthIsSure(l.text) ? piece : { ...piece, estimated: true }
  })
}
