// renderSvg: a HexMapModel as one self-contained SVG document. Deterministic (no ids, no clock,
// numbers to two decimals), so a golden file can pin it and a cache can key on the position.
// One font family, DejaVu Sans, which png.ts bundles: the PNG looks the same on every machine.
import { frameFor, hexCentre, inWindow, type Frame, type MapWindow } from './layout.js'
import { hexRefKey, type HexMapModel } from '../../present/map-model.js'
import { fragments, type Piece } from './pieces.js'
import { ARC_CLASS, ARC_HOST_CLASS, counters, hasArcs, type WebCounters } from './svg-counters.js'
import {
  COLOURS,
  boardEdges,
  boardWatermarks,
  edgeLabelPieces,
  edgeLabels,
  gridLines,
  hexFills,
  hexLabels,
  hexPath,
  screenFills,
  windowHexes,
} from './svg-grid.js'
import { header, legend, legendHeight } from './svg-legend.js'
import {
  attackLabels,
  attackLines,
  attackRings,
  entryRings,
  highlightFrames,
  lossMarks,
  moveArrows,
} from './svg-marks.js'
import { escapeXml, num } from './svg-text.js'

export interface SvgOptions {
  /** Hex radius in SVG units (centre to corner); everything else scales with it. Default 24. */
  hexSize?: number
  /** Print each hex's coordinate inside it (default true). */
  hexLabels?: boolean
  /** The part of the map to draw (default: all of it); what lies outside it is left out. */
  window?: MapWindow
  /** The title above the map (default true): a panel under another has none. */
  header?: boolean
  /** The legend below the map (default true). */
  legend?: boolean
  /**
   * Let a PNG cut the board from tiles of the whole map's board, kept between pictures, instead
   * of drawing the window's own (raster.ts): for crops, whose windows change with every position.
   */
  tiled?: boolean
  /**
   * Draw for the web page's map, never for a PNG (default false): each hex gets a transparent shape with
   * `data-hex="<label>"` (and `data-at="<col>,<row>"`); each counter a group with `data-hex`, `data-side`,
   * `data-units="<unit ids>"` and a shape mark of its side; the reader's own counters (the side marked
   * `viewer` in the model) are buttons: `data-mine="<their unit ids>"`, `tabindex="0"`, `role="button"`,
   * `aria-label`.
   */
  web?: boolean
}

/** The whole map's board, for a crop to be cut from (raster.ts); the crop keeps its own edge labels. */
export interface BoardTiles {
  /** Equal keys, equal boards. */
  key: string
  /** The whole map's hexes, grid, board borders and hex labels, in `frame`'s units. */
  svg: () => string
  frame: Frame
  /** A point of the picture is at this point plus `shift` on the whole board. */
  shift: { x: number; y: number }
  /** What the picture takes from the whole board: the window's grid and a little around it. */
  clip: { x0: number; y0: number; x1: number; y1: number }
  /** Drawn over the cut board before the layers: the window's edge labels. */
  overlay: Piece[]
  /** The first this many layers are the grid's: their pieces are cut at `clip`. */
  gridLayers: number
}

export const DEFAULT_HEX_SIZE = 24
export const FONT_FAMILY = 'DejaVu Sans'
export const BASE_GROUP_ID = 'map-base'

/** What every picture's geometry tells the PNG side: its size in SVG units (whole pixels at its own size). */
export interface PictureSize {
  width: number
  height: number
}

/**
 * A map laid out for drawing: the board under everything, then the pieces in paint order. `F` is the
 * geometry: a hex map's Frame (layout.ts), or a table's (table-layout.ts).
 */
export interface MapDrawing<F extends PictureSize = Frame> {
  frame: F
  /** The root <svg> tag. */
  root: string
  /** The board's elements: the same in every snapshot of a map at one size. */
  board: () => string
  /** Everything board() reads from the model and options, as one string: equal keys, equal boards. */
  boardKey: string
  /** Screens, marks, counters, title and legend, layer by layer, bottom first. */
  layers: Piece[][]
  /** Set for a tiled crop: a PNG cuts its board from the whole map's instead of drawing board(). */
  tiles?: BoardTiles
}

// The hexes of a map are the same array for every picture of one model: write them out once.
const hexesJson = new WeakMap<object, string>()
function hexesKey(model: HexMapModel): string {
  let key = hexesJson.get(model.hexes)
  if (key === undefined) {
    key = JSON.stringify(model.hexes)
    hexesJson.set(model.hexes, key)
  }
  return key
}

function boardTiles(
  whole: HexMapModel,
  frame: Frame,
  size: number,
  withLabels: boolean,
  model: HexMapModel,
): BoardTiles {
  const all = { col0: 0, row0: 0, cols: whole.cols, rows: whole.rows }
  const source = frameFor(size, all, 0, false)
  const corner = { col: frame.window.col0, row: frame.window.row0 }
  const here = hexCentre(frame, corner)
  const there = hexCentre(source, corner)
  // The map's edge is drawn with a thick stroke half outside the grid: keep that half.
  const pad = size * 0.06
  return {
    key: JSON.stringify([size, withLabels, whole.cols, whole.rows, whole.boards]) + hexesKey(whole),
    svg: () =>
      [
        hexFills(source, whole),
        gridLines(source, whole),
        boardWatermarks(source, whole),
        boardEdges(source, whole),
        withLabels ? hexLabels(source, whole.hexes) : '',
      ].join(''),
    frame: source,
    shift: { x: there.x - here.x, y: there.y - here.y },
    clip: { x0: frame.gridLeft - pad, y0: frame.gridTop - pad, x1: frame.gridRight + pad, y1: frame.gridBottom + pad },
    overlay: edgeLabelPieces(frame, model),
    gridLayers: 0,
  }
}

function checkWindow(model: HexMapModel, w: MapWindow): void {
  const whole = [w.col0, w.row0, w.cols, w.rows].every(Number.isInteger)
  if (
    !whole ||
    w.col0 < 0 ||
    w.row0 < 0 ||
    w.cols < 1 ||
    w.rows < 1 ||
    w.col0 + w.cols > model.cols ||
    w.row0 + w.rows > model.rows
  ) {
    throw new Error(`the window ${JSON.stringify(w)} is not a part of the ${model.cols}×${model.rows} map`)
  }
}

/**
 * What a window shows: the counters, losses and screened hexes inside it, and the marks that
 * start or end inside it (a line from outside runs in from the picture's edge).
 */
function visiblePart(model: HexMapModel, w: MapWindow): HexMapModel {
  const inside = (h: { col: number; row: number }) => inWindow(w, h)
  return {
    ...model,
    counters: model.counters.filter((c) => inside(c.hex)),
    screens: model.screens.flatMap((s) => {
      const hexes = s.hexes.filter(inside)
      return hexes.length === 0 ? [] : [{ ...s, hexes, label: inside(s.centre) ? s.label : '' }]
    }),
    arrows: model.arrows.filter((a) => inside(a.to) || (a.from !== null && inside(a.from))),
    attacks: model.attacks.filter((a) => inside(a.to) || a.from.some(inside)),
    losses: model.losses.filter((l) => inside(l.hex)),
  }
}

export function layoutMap(whole: HexMapModel, opts: SvgOptions = {}): MapDrawing {
  const size = opts.hexSize ?? DEFAULT_HEX_SIZE
  if (!(size > 0)) throw new Error(`hexSize must be positive, got ${size}`)
  if (whole.cols < 1 || whole.rows < 1) throw new Error(`a map needs at least one hex, got ${whole.cols}×${whole.rows}`)
  const window = opts.window ?? { col0: 0, row0: 0, cols: whole.cols, rows: whole.rows }
  checkWindow(whole, window)
  const cropped = window.cols !== whole.cols || window.rows !== whole.rows
  const model = cropped ? visiblePart(whole, window) : whole
  const withHeader = opts.header !== false
  const withLegend = opts.legend !== false
  const bare = frameFor(size, window, 0, withHeader)
  const frame = frameFor(size, window, withLegend ? legendHeight(bare, model) : 0, withHeader)
  const colours = new Map(model.sides.map((s) => [s.id, s.colour]))
  const withLabels = opts.hexLabels !== false
  const board = () =>
    [
      `<rect width="${num(frame.width)}" height="${num(frame.height)}" fill="${COLOURS.background}"/>`,
      hexFills(frame, model),
      gridLines(frame, model),
      boardWatermarks(frame, model),
      boardEdges(frame, model),
      withLabels ? hexLabels(frame, windowHexes(frame, model)) : '',
      edgeLabels(frame, model),
    ]
      .filter((l) => l !== '')
      .join('\n')
  const w = num(frame.width)
  const h = num(frame.height)
  // A crop rings and labels only the targets inside it; a line to one outside runs to its edge.
  const targeted = cropped ? model.attacks.filter((a) => inWindow(window, a.to)) : model.attacks
  const gridLayers = [
    screenFills(frame, model),
    attackLines(frame, model.attacks, colours),
    attackRings(frame, targeted, colours),
    entryRings(frame, model.arrows, colours),
    moveArrows(frame, model.arrows, colours),
    counters(frame, model.counters, colours, opts.web ? webCounters(model) : undefined),
    highlightFrames(frame, model),
    lossMarks(frame, model.losses, colours),
  ]
  return {
    frame,
    root:
      `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="0 0 ${w} ${h}" ` +
      `font-family="${FONT_FAMILY}">`,
    board,
    boardKey:
      JSON.stringify([
        size,
        withLabels,
        window,
        frame.width,
        frame.height,
        model.cols,
        model.rows,
        model.boards,
        model.colLabels,
        model.rowLabels,
      ]) + hexesKey(model),
    layers: [
      ...gridLayers,
      // Over the counters, and not cut at a crop's grid: a result under a target in the last row.
      attackLabels(frame, targeted, colours),
      withHeader ? [header(frame, model)] : [],
      withLegend ? [legend(frame, model)] : [],
    ],
    ...(opts.tiled
      ? { tiles: { ...boardTiles(whole, frame, size, withLabels, model), gridLayers: gridLayers.length } }
      : {}),
  }
}

function webCounters(model: HexMapModel): WebCounters {
  const labels = new Map(model.hexes.map((h) => [hexRefKey(h), h.label]))
  return {
    hexLabel: (hex) => labels.get(hexRefKey(hex)) ?? `${hex.col},${hex.row}`,
    sideIndex: new Map(model.sides.map((s, i) => [s.id, i])),
    mine: model.sides.find((s) => s.viewer)?.id ?? null,
  }
}

/** The web map's hexes as shapes to click (transparent, over the board, under everything else). */
function hexTargets(d: MapDrawing, model: HexMapModel): string {
  const shapes = windowHexes(d.frame, model)
    .map(
      (h) =>
        `<path data-hex="${escapeXml(h.label).replace(/"/g, '&quot;')}" data-at="${h.col},${h.row}" ` +
        `d="${hexPath(d.frame, h)}"/>`,
    )
    .join('')
  return `<g class="hm-hexes" fill="#000000" fill-opacity="0">${shapes}</g>`
}

/** Shows a counter's fire arc while the pointer is on it or it has the keyboard focus (Tab). */
const ARC_STYLE =
  `<style>.${ARC_HOST_CLASS}{cursor:pointer;outline:none}` +
  `.${ARC_HOST_CLASS}:hover .${ARC_CLASS},.${ARC_HOST_CLASS}:focus .${ARC_CLASS}{display:inline}</style>`

export function renderSvg(model: HexMapModel, opts: SvgOptions = {}): string {
  const d = layoutMap(model, opts)
  const style = hasArcs(model.counters) ? ARC_STYLE : ''
  const layers = [
    style,
    `<g id="${BASE_GROUP_ID}">${d.board()}</g>`,
    opts.web ? hexTargets(d, model) : '',
    ...d.layers.map(fragments),
  ]
  return `${d.root}\n${layers.filter((l) => l !== '').join('\n')}\n</svg>\n`
}
