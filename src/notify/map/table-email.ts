// The picture of a table an email carries: the whole table at the email's width, or, when the units and
// the last phase's marks hold a small part of a big table, a window around them (3" of margin), drawn
// larger. One panel; text keeps its pixel size (11 px or more), whatever the scale.
import type { TableMapModel, TablePt, TableWindow } from '../../present/map-model.js'
import { drawingToPng } from './raster.js'
import { pxPerInchForWidth, tableLength } from './table-layout.js'
import { layoutTable } from './table-svg.js'

/** Room around what the picture must show, in hundredths of an inch. */
const MARGIN = 300
/** A window never narrower or shorter than this (hundredths): a lone suit still shows its surroundings. */
const MIN_SIDE = 1800
/** Crop only when the window saves at least this share of the table's width or height. */
const WORTH_IT = 0.75
/** The most pixels per inch of a crop: beyond it a disc outgrows what it stands for. */
const MAX_PX_PER_INCH = 40
/** The table part of a crop at most this tall, in pixels: about a phone screen and a half. */
const MAX_TABLE_PX = 900

/** What the email's picture must show: every disc, the marks of the last phase, highlighted units. */
function focusPoints(model: TableMapModel): TablePt[] {
  return [
    ...model.discs.map((d) => d.at),
    ...model.paths.flatMap((p) => [p.from, ...p.path]),
    ...model.fire.flatMap((f) => [f.from, f.to]),
    ...model.losses.map((l) => l.at),
  ]
}

/** An interval of length `len` around [lo, hi]'s middle, kept inside [0, size]. */
function span(lo: number, hi: number, len: number, size: number): [number, number] {
  if (len >= size) return [0, size]
  const start = Math.min(Math.max((lo + hi) / 2 - len / 2, 0), size - len)
  return [start, start + len]
}

/** The window of the table the email shows, and the scale that fits it to `width` pixels. */
export function tableEmailWindow(model: TableMapModel, width: number): { window: TableWindow; pxPerInch: number } {
  const whole = { x0: 0, y0: 0, x1: model.width, y1: model.height }
  const wholeScale = pxPerInchForWidth(width, model.width / 100)
  const points = focusPoints(model)
  if (points.length === 0) return { window: whole, pxPerInch: wholeScale }
  const x0 = Math.min(...points.map((p) => p.x)) - MARGIN
  const x1 = Math.max(...points.map((p) => p.x)) + MARGIN
  const y0 = Math.min(...points.map((p) => p.y)) - MARGIN
  const y1 = Math.max(...points.map((p) => p.y)) + MARGIN
  let w = Math.max(x1 - x0, MIN_SIDE)
  let h = Math.max(y1 - y0, MIN_SIDE)
  if (w >= model.width * WORTH_IT && h >= model.height * WORTH_IT) return { window: whole, pxPerInch: wholeScale }
  // The scale the window's width asks for, kept where a disc looks like a disc and the picture fits a screen.
  const scale = Math.min(
    pxPerInchForWidth(width, Math.min(w, model.width) / 100),
    MAX_PX_PER_INCH,
    MAX_TABLE_PX / (Math.min(h, model.height) / 100),
  )
  // The picture is `width` wide at that scale: the window widens to fill it, as far as the table goes (a
  // narrower picture is then scaled up to the width, text and all).
  w = Math.min((pxPerInchForWidth(width, 1) / scale) * 100, model.width)
  h = Math.min(h, model.height)
  const [wx0, wx1] = span(x0, x1, w, model.width)
  const [wy0, wy1] = span(y0, y1, h, model.height)
  return { window: { x0: wx0, y0: wy0, x1: wx1, y1: wy1 }, pxPerInch: scale }
}

/** The email's picture of a table, `width` pixels wide, and what it shows. */
export function tableEmailPng(
  model: TableMapModel,
  width: number,
): { png: Buffer; window: TableWindow; ownUnits: number; ownShown: number; discPx: number } {
  const { window, pxPerInch } = tableEmailWindow(model, width)
  const drawing = layoutTable(model, { tableWindow: window, pxPerInch })
  const viewer = new Set(model.sides.filter((s) => s.viewer).map((s) => s.id))
  const own = model.discs.filter((d) => viewer.has(d.side))
  const inside = (p: TablePt) => p.x >= window.x0 && p.x <= window.x1 && p.y >= window.y0 && p.y <= window.y1
  const diameter = model.discs[0]?.diameter ?? 100
  return {
    png: drawingToPng(drawing, { width }),
    window,
    ownUnits: own.length,
    ownShown: own.filter((d) => inside(d.at)).length,
    discPx: (tableLength(drawing.frame, diameter) * width) / drawing.frame.width,
  }
}
