// renderSvg: a HexMapModel as one self-contained SVG document. Deterministic (no ids, no clock,
// numbers to two decimals), so a golden file can pin it and a cache can key on the position.
// One font family, DejaVu Sans, which png.ts bundles: the PNG looks the same on every machine.
import { frameFor, type Frame } from './layout.js'
import type { HexMapModel } from './model.js'
import { fragments, type Piece } from './pieces.js'
import { counters } from './svg-counters.js'
import { COLOURS, boardEdges, boardWatermarks, edgeLabels, gridLines, hexFills, hexLabels, screenFills } from './svg-grid.js'
import { header, legend, legendHeight } from './svg-legend.js'
import { attackLabels, attackLines, attackRings, entryRings, lossMarks, moveArrows } from './svg-marks.js'
import { num } from './svg-text.js'

export interface SvgOptions {
  /** Hex radius in SVG units (centre to corner); everything else scales with it. Default 24. */
  hexSize?: number
  /** Print each hex's coordinate inside it (default true). */
  hexLabels?: boolean
}

export const DEFAULT_HEX_SIZE = 24
export const FONT_FAMILY = 'DejaVu Sans'
export const BASE_GROUP_ID = 'map-base'

/** A map laid out for drawing: the board under everything, then the pieces in paint order. */
export interface MapDrawing {
  frame: Frame
  /** The root <svg> tag. */
  root: string
  /** The board's elements: the same in every snapshot of a map at one size. */
  board: () => string
  /** Everything board() reads from the model and options, as one string: equal keys, equal boards. */
  boardKey: string
  /** Screens, marks, counters, title and legend, layer by layer, bottom first. */
  layers: Piece[][]
}

export function layoutMap(model: HexMapModel, opts: SvgOptions = {}): MapDrawing {
  const size = opts.hexSize ?? DEFAULT_HEX_SIZE
  if (!(size > 0)) throw new Error(`hexSize must be positive, got ${size}`)
  if (model.cols < 1 || model.rows < 1) throw new Error(`a map needs at least one hex, got ${model.cols}×${model.rows}`)
  const bare = frameFor(size, model.cols, model.rows, 0)
  const frame = frameFor(size, model.cols, model.rows, legendHeight(bare, model))
  const colours = new Map(model.sides.map((s) => [s.id, s.colour]))
  const withLabels = opts.hexLabels !== false
  const board = () => [
    `<rect width="${num(frame.width)}" height="${num(frame.height)}" fill="${COLOURS.background}"/>`,
    hexFills(frame, model),
    gridLines(frame, model),
    boardWatermarks(frame, model),
    boardEdges(frame, model),
    withLabels ? hexLabels(frame, model.hexes) : '',
    edgeLabels(frame, model),
  ].filter((l) => l !== '').join('\n')
  const w = num(frame.width)
  const h = num(frame.height)
  return {
    frame,
    root: `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="0 0 ${w} ${h}" font-family="${FONT_FAMILY}">`,
    board,
    boardKey: JSON.stringify([size, withLabels, frame.width, frame.height, model.cols, model.rows, model.boards, model.colLabels, model.rowLabels, model.hexes]),
    layers: [
      screenFills(frame, model),
      attackLines(frame, model.attacks, colours),
      attackRings(frame, model.attacks, colours),
      entryRings(frame, model.arrows, colours),
      moveArrows(frame, model.arrows, colours),
      counters(frame, model.counters, colours),
      lossMarks(frame, model.losses, colours),
      attackLabels(frame, model.attacks, colours),
      [header(frame, model)],
      [legend(frame, model)],
    ],
  }
}

export function renderSvg(model: HexMapModel, opts: SvgOptions = {}): string {
  const d = layoutMap(model, opts)
  const layers = [`<g id="${BASE_GROUP_ID}">${d.board()}</g>`, ...d.layers.map(fragments)]
  return `${d.root}\n${layers.filter((l) => l !== '').join('\n')}\n</svg>\n`
}
