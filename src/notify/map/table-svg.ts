// A table without hexes drawn to scale: layoutTable gives the same MapDrawing as a hex map's
// (a board, then layers of pieces), so raster.ts draws its PNG and renderTableSvg its SVG. The board
// holds what a scenario fixes (the field, the inch grid, terrain, deployment zones, the inch labels);
// the pieces what a position brings (move ranges, paths, fire, discs, losses, items, title, legend).
// Deterministic: numbers to two decimals, no ids but the board's fixed pattern and clip names, no clock.
import type {
  MapSide,
  TableDisc,
  TableFire,
  TableMapModel,
  TablePath,
  TablePt,
  TableRange,
  TableTerrain,
  TableWindow,
} from '../../present/map-model.js'
import { towards, type Point } from './layout.js'
import { anchored, boxAround, fragments, type Box, type Piece } from './pieces.js'
import { markerStyle } from './svg-counters.js'
import { HIGHLIGHT_COLOUR } from './svg-marks.js'
import { BASE_GROUP_ID, FONT_FAMILY, type MapDrawing } from './svg.js'
import { escapeXml, num, textAt, textWidth, widthIsSure } from './svg-text.js'
import {
  DEFAULT_PX_PER_INCH,
  inTableWindow,
  TABLE_BAND,
  tableFrame,
  tableLength,
  tablePoint,
  type TableFrame,
} from './table-layout.js'
import { TABLE_INK, TERRAIN_STYLE, tableHeader, tableLegend, tableLegendHeight } from './table-legend.js'

export interface TableSvgOptions {
  /** Pixels per inch (default 16); text keeps its size in pixels. */
  pxPerInch?: number
  /** The part of the table to draw, in hundredths of an inch (default: all of it). */
  tableWindow?: TableWindow
  /** The title above the table (default true). */
  header?: boolean
  /** The legend below it (default true). */
  legend?: boolean
  /**
   * Draw for the web page (default false): each disc is a group with `data-unit`, `data-side` and
   * `data-at="<x>,<y>"` (inches, y up, as orders write them).
   */
  web?: boolean
}

const FIELD = '#f6f3ea'
const GRID_INCH = '#e3ddcc'
const GRID_SIX = '#b9af95'
const EDGE = '#6b6350'
const LABEL_INK = '#5b6573'
const HALO = '#ffffff'
/** A unit's id beside its disc, and every other text, in pixels: 11 or more, legible in an email. */
const UNIT_TEXT = 12
const TEXT = 11
/** A disc is never drawn smaller than this radius, in pixels, however small the scale. */
const MIN_DISC_RADIUS = 3
/** Fixed names in the board's document (one table per document, so no clash). */
const CLIP_ID = 'tbl-clip'
const ROUGH_ID = 'tbl-rough'

function pathOf(points: readonly Point[], close: boolean): string {
  return points.map((p, i) => `${i === 0 ? 'M' : 'L'}${num(p.x)} ${num(p.y)}`).join('') + (close ? 'Z' : '')
}

/** Multiples of `step` (hundredths) from lo to hi, both included. */
function multiples(lo: number, hi: number, step: number): number[] {
  const out: number[] = []
  for (let v = Math.ceil(lo / step) * step; v <= hi; v += step) out.push(v)
  return out
}

function inches(hundredths: number): string {
  return String(Math.round(hundredths) / 100)
}

/** The area centroid of a polygon (its vertices' mean when it has no area). */
function centroid(points: readonly Point[]): Point {
  let a = 0
  let cx = 0
  let cy = 0
  for (let i = 0; i < points.length; i++) {
    const p = points[i]!
    const q = points[(i + 1) % points.length]!
    const cross = p.x * q.y - q.x * p.y
    a += cross
    cx += (p.x + q.x) * cross
    cy += (p.y + q.y) * cross
  }
  if (Math.abs(a) < 1e-9) {
    const n = Math.max(1, points.length)
    return { x: points.reduce((s, p) => s + p.x, 0) / n, y: points.reduce((s, p) => s + p.y, 0) / n }
  }
  return { x: cx / (3 * a), y: cy / (3 * a) }
}

function terrainSvg(frame: TableFrame, t: TableTerrain): string {
  const pts = t.polygon.map((p) => tablePoint(frame, p))
  const d = pathOf(pts, true)
  const style = TERRAIN_STYLE[t.move]
  const width = t.blocksLOS ? 2.4 : 1
  const stroke = t.blocksLOS ? TERRAIN_STYLE.sightStroke : style.stroke
  const hatch = t.move === 'rough' ? `<path d="${d}" fill="url(#${ROUGH_ID})"/>` : ''
  const outline = `<path d="${d}" fill="none" stroke="${stroke}" stroke-width="${width}"/>`
  return `<path d="${d}" fill="${style.fill}"/>${hatch}${outline}`
}

function terrainLabel(frame: TableFrame, t: TableTerrain): string {
  if (t.label === '') return ''
  const pts = t.polygon.map((p) => tablePoint(frame, p))
  // A crop may cut the piece: the label goes where the piece shows, at its centre if that shows.
  const x0 = Math.max(frame.left, Math.min(...pts.map((p) => p.x)))
  const x1 = Math.min(frame.right, Math.max(...pts.map((p) => p.x)))
  const y0 = Math.max(frame.top, Math.min(...pts.map((p) => p.y)))
  const y1 = Math.min(frame.bottom, Math.max(...pts.map((p) => p.y)))
  if (x1 - x0 < TEXT || y1 - y0 < TEXT) return ''
  const mid = centroid(pts)
  const shows = mid.x > x0 + TEXT && mid.x < x1 - TEXT && mid.y > y0 + TEXT && mid.y < y1 - TEXT
  const c = shows ? mid : { x: (x0 + x1) / 2, y: (y0 + y1) / 2 }
  // On a pale plate in dark ink: a name wider than its piece stays readable on the field around it, and it
  // is kept inside the picture.
  const w = textWidth(t.label, TEXT, true) + 4
  const left = Math.min(Math.max(c.x - w / 2, frame.left + 1), frame.right - w - 1)
  return plate({ x: left, y: c.y }, t.label, TEXT, TABLE_INK, 'start', true)
}

function gridSvg(frame: TableFrame): string {
  const w = frame.window
  const lines = (step: number, skip: number) => {
    const xs = multiples(w.x0, w.x1, step).filter((v) => skip === 0 || v % skip !== 0)
    const ys = multiples(w.y0, w.y1, step).filter((v) => skip === 0 || v % skip !== 0)
    return (
      xs.map((x) => `M${num(tablePoint(frame, { x, y: w.y0 }).x)} ${num(frame.top)}V${num(frame.bottom)}`).join('') +
      ys.map((y) => `M${num(frame.left)} ${num(tablePoint(frame, { x: w.x0, y }).y)}H${num(frame.right)}`).join('')
    )
  }
  // Inch lines only where an inch is wide enough to tell them apart.
  const inchLines = frame.pxPerInch >= 5 ? lines(100, 600) : ''
  return (
    (inchLines === '' ? '' : `<path d="${inchLines}" fill="none" stroke="${GRID_INCH}" stroke-width="0.6"/>`) +
    `<path d="${lines(600, 0)}" fill="none" stroke="${GRID_SIX}" stroke-width="1"/>`
  )
}

function edgeLabelsSvg(frame: TableFrame): string {
  const w = frame.window
  const xs = multiples(w.x0, w.x1, 600).map((x) =>
    textAt(tablePoint(frame, { x, y: w.y0 }).x, frame.bottom + 12, inches(x), { size: TEXT, fill: LABEL_INK }),
  )
  const ys = multiples(w.y0, w.y1, 600).map((y) =>
    textAt(frame.left - 4, tablePoint(frame, { x: w.x0, y }).y, inches(y), {
      size: TEXT,
      fill: LABEL_INK,
      anchor: 'end',
    }),
  )
  return [...xs, ...ys].join('')
}

/** The window's border: the table's own edges solid, the edges of a crop light and dashed (the table goes on). */
function windowEdges(frame: TableFrame, model: TableMapModel): string {
  const { left, top, right, bottom, window: w } = frame
  const edges: Array<[boolean, string]> = [
    [w.y1 >= model.height, `M${num(left)} ${num(top)}H${num(right)}`],
    [w.x1 >= model.width, `M${num(right)} ${num(top)}V${num(bottom)}`],
    [w.y0 <= 0, `M${num(left)} ${num(bottom)}H${num(right)}`],
    [w.x0 <= 0, `M${num(left)} ${num(top)}V${num(bottom)}`],
  ]
  const table = edges.filter(([own]) => own).map(([, d]) => d)
  const cut = edges.filter(([own]) => !own).map(([, d]) => d)
  return (
    (table.length === 0
      ? ''
      : `<path d="${table.join('')}" fill="none" stroke="${EDGE}" stroke-width="1.5" stroke-linecap="square"/>`) +
    (cut.length === 0 ? '' : `<path d="${cut.join('')}" fill="none" stroke="${GRID_SIX}" stroke-dasharray="4 3"/>`)
  )
}

function boardSvg(frame: TableFrame, model: TableMapModel, colours: ReadonlyMap<string, string>): string {
  const { left, top, right, bottom } = frame
  const rect = `x="${num(left)}" y="${num(top)}" width="${num(right - left)}" height="${num(bottom - top)}"`
  const zones = model.zones
    .map((z) => {
      const a = tablePoint(frame, { x: z.x0, y: z.y1 })
      const b = tablePoint(frame, { x: z.x1, y: z.y0 })
      const colour = colours.get(z.side) ?? '#000000'
      return (
        `<rect x="${num(a.x)}" y="${num(a.y)}" width="${num(b.x - a.x)}" height="${num(b.y - a.y)}" ` +
        `fill="${colour}" fill-opacity="0.1" stroke="${colour}" stroke-opacity="0.55" stroke-dasharray="6 4"/>`
      )
    })
    .join('')
  return [
    `<rect width="${num(frame.width)}" height="${num(frame.height)}" fill="#ffffff"/>`,
    `<defs><clipPath id="${CLIP_ID}"><rect ${rect}/></clipPath>` +
      `<pattern id="${ROUGH_ID}" width="6" height="6" patternUnits="userSpaceOnUse" patternTransform="rotate(45)">` +
      `<path d="M0 0V6" stroke="${TERRAIN_STYLE.rough.hatch}" stroke-width="1.2"/></pattern></defs>`,
    `<rect ${rect} fill="${FIELD}"/>`,
    `<g clip-path="url(#${CLIP_ID})">${gridSvg(frame)}${zones}` +
      model.terrain.map((t) => terrainSvg(frame, t)).join('') +
      `${model.terrain.map((t) => terrainLabel(frame, t)).join('')}</g>`,
    windowEdges(frame, model),
    edgeLabelsSvg(frame),
  ].join('\n')
}

/** A label on a white plate, its middle left at `at` (or its middle right with anchor end). */
function plate(at: Point, text: string, size: number, colour: string, anchor: 'start' | 'end', bold: boolean): string {
  const w = textWidth(text, size, bold) + 4
  const x = anchor === 'start' ? at.x : at.x - w
  return (
    `<rect x="${num(x)}" y="${num(at.y - size * 0.7)}" width="${num(w)}" height="${num(size * 1.4)}" rx="2" ` +
    `fill="${HALO}" fill-opacity="0.82"/>` +
    textAt(x + 2, at.y, text, { size, fill: colour, bold, anchor: 'start' })
  )
}

function plateBox(at: Point, text: string, size: number, anchor: 'start' | 'end', bold: boolean): Box {
  // The estimate is an upper one for ASCII; another script's text gets a pass of its own (estimated).
  const w = textWidth(text, size, bold) + 4
  const x = anchor === 'start' ? at.x : at.x - w
  return { x0: x - 1, y0: at.y - size * 0.8, x1: x + w + 1, y1: at.y + size * 0.8 }
}

function union(a: Box, b: Box): Box {
  return { x0: Math.min(a.x0, b.x0), y0: Math.min(a.y0, b.y0), x1: Math.max(a.x1, b.x1), y1: Math.max(a.y1, b.y1) }
}

function discRadius(frame: TableFrame, d: { diameter: number }): number {
  return Math.max(MIN_DISC_RADIUS, tableLength(frame, d.diameter / 2))
}

/** The disc standing at a point (a path's end, a fire's target), if any: marks stop at its edge. */
function discAt(model: TableMapModel, p: TablePt): TableDisc | undefined {
  return model.discs.find((d) => d.at.x === p.x && d.at.y === p.y)
}

function insideFrame(frame: TableFrame, p: Point): boolean {
  return p.x >= frame.left - 0.5 && p.x <= frame.right + 0.5 && p.y >= frame.top - 0.5 && p.y <= frame.bottom + 0.5
}

/** The arcs of a circle that lie inside the window, as runs of points (a range past the table's edge stops there). */
function arcsInside(frame: TableFrame, c: Point, radius: number): Point[][] {
  const n = 120
  const pts = Array.from({ length: n + 1 }, (_, i) => {
    const a = (2 * Math.PI * i) / n
    return { x: c.x + radius * Math.sin(a), y: c.y - radius * Math.cos(a) }
  })
  const runs: Point[][] = []
  let run: Point[] = []
  for (let i = 0; i < n; i++) {
    const a = pts[i]!
    const b = pts[i + 1]!
    if (insideFrame(frame, a) && insideFrame(frame, b)) {
      if (run.length === 0) run.push(a)
      run.push(b)
    } else if (run.length > 0) {
      runs.push(run)
      run = []
    }
  }
  if (run.length > 0) runs.push(run)
  return runs
}

/** A range's label at the top of its circle (or the bottom, when the top is off the table), kept on the table. */
function rangeLabel(frame: TableFrame, c: Point, radius: number, text: string, colour: string) {
  if (text === '') return null
  const spot = [
    { x: c.x, y: c.y - radius },
    { x: c.x, y: c.y + radius },
  ].find((p) => insideFrame(frame, p))
  if (!spot) return null
  const w = textWidth(text, TEXT) + 4
  const at = { x: Math.min(Math.max(spot.x - w / 2, frame.left), frame.right - w), y: spot.y }
  return { svg: plate(at, text, TEXT, colour, 'start', false), box: plateBox(at, text, TEXT, 'start', false) }
}

/** A move range: the circle's arcs inside the window, dashed, and its label where it fits. */
function rangePiece(frame: TableFrame, r: TableRange, colour: string): Piece[] {
  const c = tablePoint(frame, r.at)
  const radius = tableLength(frame, r.radius)
  if (radius <= 0) return []
  const runs = arcsInside(frame, c, radius)
  if (runs.length === 0) return []
  const d = runs.map((run) => pathOf(run, false)).join('')
  const label = rangeLabel(frame, c, radius, r.label, colour)
  const box = boxAround(runs.flat(), 2)
  return [
    {
      svg:
        `<path d="${d}" fill="none" stroke="${colour}" stroke-width="1.5" stroke-dasharray="6 4" ` +
        `stroke-opacity="0.9"/>${label?.svg ?? ''}`,
      box: label ? union(box, label.box) : box,
      ...(widthIsSure(r.label) ? {} : { estimated: true }),
    },
  ]
}

function arrowHead(tip: Point, ux: number, uy: number, colour: string, size: number): string {
  const back = { x: tip.x - ux * size, y: tip.y - uy * size }
  const side = { x: -uy * size * 0.5, y: ux * size * 0.5 }
  return (
    `<path d="M${num(tip.x)} ${num(tip.y)}L${num(back.x + side.x)} ${num(back.y + side.y)}` +
    `L${num(back.x - side.x)} ${num(back.y - side.y)}Z" fill="${colour}" stroke="${HALO}" stroke-width="1" ` +
    'stroke-linejoin="round"/>'
  )
}

/** The points of a line, drawn with a white halo under it so it reads over terrain and grid. */
function haloLine(points: readonly Point[], colour: string, dash: string): string {
  const d = pathOf(points, false)
  return (
    `<path d="${d}" fill="none" stroke="${HALO}" stroke-width="4.4" stroke-opacity="0.85" stroke-linejoin="round" ` +
    `stroke-linecap="round"/><path d="${d}" fill="none" stroke="${colour}" stroke-width="2" stroke-linejoin="round" ` +
    `stroke-linecap="round"${dash === '' ? '' : ` stroke-dasharray="${dash}"`}/>`
  )
}

const HEAD = 9

function pathPiece(frame: TableFrame, model: TableMapModel, p: TablePath, colour: string): Piece[] {
  const pts = [p.from, ...p.path].map((q) => tablePoint(frame, q))
  const clean = pts.filter((q, i) => i === 0 || q.x !== pts[i - 1]!.x || q.y !== pts[i - 1]!.y)
  if (clean.length < 2) return []
  const end = clean[clean.length - 1]!
  const before = clean[clean.length - 2]!
  const { ux, uy, length } = towards(before, end)
  const disc = discAt(model, p.path[p.path.length - 1]!)
  const gap = disc ? discRadius(frame, disc) + 1 : 0
  if (length <= gap + HEAD) {
    return [{ svg: haloLine(clean, colour, ''), box: boxAround(clean, 3) }]
  }
  const tip = { x: end.x - ux * gap, y: end.y - uy * gap }
  const shaft = [...clean.slice(0, -1), { x: tip.x - ux * HEAD * 0.8, y: tip.y - uy * HEAD * 0.8 }]
  return [{ svg: haloLine(shaft, colour, '') + arrowHead(tip, ux, uy, colour, HEAD), box: boxAround(clean, HEAD) }]
}

function fireLine(frame: TableFrame, model: TableMapModel, f: TableFire, colour: string): Piece[] {
  const from = tablePoint(frame, f.from)
  const to = tablePoint(frame, f.to)
  const { ux, uy, length } = towards(from, to)
  const target = discAt(model, f.to)
  const gap = target ? discRadius(frame, target) + 2 : 0
  if (length <= gap) return []
  const end = { x: to.x - ux * gap, y: to.y - uy * gap }
  return [{ svg: haloLine([from, end], colour, f.hit ? '' : '5 4'), box: boxAround([from, end], 3) }]
}

/** A fire's result by its target, up and to the right (left near the right edge); a second one above it. */
function fireLabel(frame: TableFrame, model: TableMapModel, f: TableFire, colour: string, slot: number): Piece[] {
  if (f.label === '') return []
  const to = tablePoint(frame, f.to)
  const target = discAt(model, f.to)
  const r = target ? discRadius(frame, target) : 4
  const w = textWidth(f.label, TEXT, true) + 6
  const anchor: 'start' | 'end' = to.x + r + 3 + w > frame.width - 2 ? 'end' : 'start'
  // Above the unit's own label (beside the disc, at its middle), a second result above the first; below
  // it for a target by the table's far edge, where above would run into the title.
  const above = to.y - r - TEXT - slot * (TEXT * 1.5)
  const y = above - TEXT > frame.top - TABLE_BAND / 2 ? above : to.y + r + TEXT + slot * (TEXT * 1.5)
  const at = { x: anchor === 'start' ? to.x + r + 3 : to.x - r - 3, y }
  const x = anchor === 'start' ? at.x : at.x - w
  const h = TEXT * 1.35
  const svg =
    `<rect x="${num(x)}" y="${num(at.y - h / 2)}" width="${num(w)}" height="${num(h)}" rx="3" fill="${HALO}" ` +
    `stroke="${colour}" stroke-width="1.2"/>` +
    textAt(x + 3, at.y, f.label, { size: TEXT, fill: colour, bold: true, anchor: 'start' })
  const piece: Piece = { svg, box: { x0: x - 1, y0: at.y - h / 2 - 1, x1: x + w + 1, y1: at.y + h / 2 + 1 } }
  return [widthIsSure(f.label) ? piece : { ...piece, estimated: true }]
}

/** A disc's status markers in a row from x, their middle at y. */
function markerRow(x: number, y: number, markers: readonly string[]): string {
  let left = x
  return markers
    .map((m) => {
      const style = markerStyle(m)
      const w = textWidth(m, TEXT, true) + 4
      const out =
        `<rect x="${num(left)}" y="${num(y - TEXT * 0.7)}" width="${num(w)}" height="${num(TEXT * 1.4)}" ` +
        `fill="${style.fill}" stroke="${TABLE_INK}" stroke-width="0.8"/>` +
        textAt(left + w / 2, y, m, { size: TEXT, fill: style.text, bold: true })
      left += w + 2
      return out
    })
    .join('')
}

/** The disc itself, ringed when highlighted. */
function discShape(at: Point, r: number, colour: string, highlighted: boolean): string {
  const circle = (radius: number, rest: string) =>
    `<circle cx="${num(at.x)}" cy="${num(at.y)}" r="${num(radius)}" ${rest}/>`
  const ring = highlighted
    ? circle(r + 4, `fill="none" stroke="${HALO}" stroke-width="5"`) +
      circle(r + 4, `fill="none" stroke="${HIGHLIGHT_COLOUR}" stroke-width="2.5"`)
    : ''
  return ring + circle(r, `fill="${colour}" stroke="${TABLE_INK}" stroke-width="1.2"`)
}

function discPiece(frame: TableFrame, d: TableDisc, colour: string, highlighted: boolean, web: boolean): Piece {
  const c = tablePoint(frame, d.at)
  const r = discRadius(frame, d)
  const labelW = textWidth(d.label, UNIT_TEXT, true) + 4
  const markerW = d.markers.reduce((s, m) => s + textWidth(m, TEXT, true) + 6, 0)
  // The id to the right of the disc, or to its left where the picture's edge would cut it.
  const anchor: 'start' | 'end' = c.x + r + 3 + labelW + markerW > frame.width - 2 ? 'end' : 'start'
  const draw = (at: Point) => {
    const x = anchor === 'start' ? at.x + r + 3 : at.x - r - 3 - labelW - markerW
    const body =
      discShape(at, r, colour, highlighted) +
      plate({ x, y: at.y }, d.label, UNIT_TEXT, TABLE_INK, 'start', true) +
      markerRow(x + labelW + 2, at.y, d.markers)
    if (!web) return body
    const attrs =
      `data-unit="${escapeXml(d.label)}" data-side="${escapeXml(d.side)}" ` +
      `data-at="${inches(d.at.x)},${inches(d.at.y)}"`
    return `<g ${attrs}>${d.title === '' ? '' : `<title>${escapeXml(d.title)}</title>`}${body}</g>`
  }
  const reach = r + (highlighted ? 7 : 1)
  const textLeft = anchor === 'start' ? r + 2 : -(r + 4 + labelW + markerW)
  const box: Box = {
    x0: Math.min(-reach, textLeft),
    y0: Math.min(-reach, -UNIT_TEXT * 0.8),
    x1: Math.max(reach, textLeft + labelW + markerW + 4),
    y1: Math.max(reach, UNIT_TEXT * 0.8),
  }
  const piece = anchored(c, draw, box)
  const sure = widthIsSure(d.label) && d.markers.every(widthIsSure)
  return sure ? piece : { ...piece, estimated: true }
}

function lossPiece(frame: TableFrame, at: TablePt, colour: string): Piece {
  const s = Math.max(6, tableLength(frame, 50))
  const cross = `M${num(-s)} ${num(-s)}L${num(s)} ${num(s)}M${num(s)} ${num(-s)}L${num(-s)} ${num(s)}`
  const draw = (c: Point) =>
    `<g transform="translate(${num(c.x)} ${num(c.y)})"><path d="${cross}" stroke="${HALO}" stroke-width="5.5" ` +
    `stroke-linecap="round"/><path d="${cross}" stroke="${colour}" stroke-width="3" stroke-linecap="round"/></g>`
  return anchored(tablePoint(frame, at), draw, boxAround([{ x: 0, y: 0 }], s + 4))
}

function objectPiece(frame: TableFrame, o: { at: TablePt; label: string }): Piece {
  const side = 8
  const anchor: 'start' | 'end' =
    tablePoint(frame, o.at).x + 8 + textWidth(o.label, TEXT) > frame.width - 2 ? 'end' : 'start'
  const draw = (c: Point) =>
    `<rect x="${num(c.x - side / 2)}" y="${num(c.y - side / 2)}" width="${side}" height="${side}" fill="#ffffff" ` +
    `stroke="${TABLE_INK}" stroke-width="1.5"/>` +
    (o.label === ''
      ? ''
      : plate(
          { x: anchor === 'start' ? c.x + side / 2 + 2 : c.x - side / 2 - 2, y: c.y },
          o.label,
          TEXT,
          TABLE_INK,
          anchor,
          false,
        ))
  const square = boxAround([{ x: 0, y: 0 }], side / 2 + 1.5)
  const box =
    o.label === ''
      ? square
      : union(
          square,
          plateBox({ x: anchor === 'start' ? side / 2 + 2 : -side / 2 - 2, y: 0 }, o.label, TEXT, anchor, false),
        )
  const piece = anchored(tablePoint(frame, o.at), draw, box)
  return widthIsSure(o.label) ? piece : { ...piece, estimated: true }
}

function checkTableWindow(model: TableMapModel, w: TableWindow): void {
  if (!(w.x0 >= 0 && w.y0 >= 0 && w.x1 <= model.width && w.y1 <= model.height && w.x0 < w.x1 && w.y0 < w.y1))
    throw new Error(`the window ${JSON.stringify(w)} is not a part of the ${model.width}×${model.height} table`)
}

/** The position's pieces, layer by layer, bottom first: what stands in (or reaches into) the window. */
function tableLayers(frame: TableFrame, model: TableMapModel, web: boolean): Piece[][] {
  const colours = new Map(model.sides.map((s: MapSide) => [s.id, s.colour]))
  const colour = (side: string) => colours.get(side) ?? '#000000'
  // What a crop leaves out: pieces standing outside it (a disc's edge may reach in by half an inch).
  const near = (p: TablePt) => inTableWindow(frame.window, p, 100)
  const highlighted = new Set(model.highlight?.units ?? [])
  const fireSlots = new Map<string, number>()
  const slotOf = (f: TableFire) => {
    const key = `${f.to.x},${f.to.y}`
    const slot = fireSlots.get(key) ?? 0
    fireSlots.set(key, slot + 1)
    return slot
  }
  return [
    model.ranges.flatMap((r) => rangePiece(frame, r, colour(r.side))),
    model.paths
      .filter((p) => near(p.from) || p.path.some(near))
      .flatMap((p) => pathPiece(frame, model, p, colour(p.side))),
    model.fire.filter((f) => near(f.from) || near(f.to)).flatMap((f) => fireLine(frame, model, f, colour(f.side))),
    model.objects.filter((o) => near(o.at)).map((o) => objectPiece(frame, o)),
    model.discs
      .filter((d) => near(d.at))
      .map((d) => discPiece(frame, d, colour(d.side), highlighted.has(d.label), web)),
    model.losses.filter((l) => near(l.at)).map((l) => lossPiece(frame, l.at, colour(l.side))),
    model.fire.filter((f) => near(f.to)).flatMap((f) => fireLabel(frame, model, f, colour(f.side), slotOf(f))),
  ]
}

/** A table laid out for drawing: its board (the scenario's), then the position's pieces in paint order. */
export function layoutTable(model: TableMapModel, opts: TableSvgOptions = {}): MapDrawing<TableFrame> {
  const scale = opts.pxPerInch ?? DEFAULT_PX_PER_INCH
  if (!(scale > 0)) throw new Error(`pxPerInch must be positive, got ${scale}`)
  if (!(model.width > 0 && model.height > 0))
    throw new Error(`a table needs a size, got ${model.width}×${model.height}`)
  const window = opts.tableWindow ?? { x0: 0, y0: 0, x1: model.width, y1: model.height }
  checkTableWindow(model, window)
  const withHeader = opts.header !== false
  const withLegend = opts.legend !== false
  const bare = tableFrame(scale, window, withHeader, 0)
  const frame = tableFrame(scale, window, withHeader, withLegend ? tableLegendHeight(bare, model) : 0)
  const colours = new Map(model.sides.map((s: MapSide) => [s.id, s.colour]))
  const w = num(frame.width)
  const h = num(frame.height)
  return {
    frame,
    root:
      `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="0 0 ${w} ${h}" ` +
      `font-family="${FONT_FAMILY}">`,
    board: () => boardSvg(frame, model, colours),
    boardKey: JSON.stringify([
      'table',
      scale,
      window,
      frame.width,
      frame.height,
      model.terrain,
      model.zones,
      [...colours],
    ]),
    layers: [
      ...tableLayers(frame, model, opts.web === true),
      withHeader ? [tableHeader(frame, model)] : [],
      withLegend ? [tableLegend(frame, model)] : [],
    ],
  }
}

/** A table as one self-contained SVG document (GET /games/:id/map.svg, the web and moderation pages). */
export function renderTableSvg(model: TableMapModel, opts: TableSvgOptions = {}): string {
  const d = layoutTable(model, opts)
  const layers = [`<g id="${BASE_GROUP_ID}">${d.board()}</g>`, ...d.layers.map(fragments)]
  return `${d.root}\n${layers.filter((l) => l !== '').join('\n')}\n</svg>\n`
}
