// The map picture an email carries: the parts of the board that matter to the reader (crop.ts),
// at a scale where a counter is legible on a phone, one panel under another in one PNG.
//
// The HTML email shows the picture 558 px wide (a 600 px column less its padding). There a lone
// unit's counter is at least MIN_COUNTER_PX = 36 px wide, so its id is set at 12 px or more, the
// usual floor for text read on a phone. That fixes how many columns a panel shows (10 with the bands
// of coordinates at its sides), and so a long board like A-S4's (64 columns) is cropped instead of
// shrunk. The whole board is a link away (GET /games/:id/map.png). The PNG has the pixels it is
// shown at: twice as many would be sharper on high-density screens, but the pieces a new position
// needs would cost four times the pixels to draw (bench/notify-render.ts: three times as long).
import { counterSide } from './svg-counters.js'
import { layoutMap } from './svg.js'
import { planCrop, type CropLimits, type CropPlan } from './crop.js'
import { sizeForWidth, type MapWindow } from './layout.js'
import {
  isTableMap,
  type HexMapModel,
  type MapModel,
  type TableMapModel,
  type TableWindow,
} from '../../present/map-model.js'
import { drawingToRows, stackedPng } from './raster.js'
import { tableEmailPng } from './table-email.js'

/** Width at which the email's HTML shows the picture, in CSS pixels. */
export const EMAIL_DISPLAY_WIDTH = 558
/** PNG pixels per CSS pixel. */
export const EMAIL_PIXEL_RATIO = 1
/** The least width of a lone unit's counter at EMAIL_DISPLAY_WIDTH, in CSS pixels. */
export const MIN_COUNTER_PX = 36

// The counter is 1.18 hex radii wide (svg-counters.ts): the radius the minimum asks for.
const COUNTER_RADII = 1.18

/** The most columns a panel may show and keep its counters at MIN_COUNTER_PX or more. */
export function emailColumns(): number {
  let cols = 1
  while (sizeForWidth(EMAIL_DISPLAY_WIDTH, cols + 1) * COUNTER_RADII >= MIN_COUNTER_PX) cols++
  return cols
}

/** Panels are short enough that three fit about three phone screens, legend and title included. */
const LIMITS: Omit<CropLimits, 'cols'> = { minRows: 4, maxRows: 8, panels: 3 }

// Between two panels: a thin grey rule on white, in PNG pixels.
const GAP = { rows: Math.round(9 * EMAIL_PIXEL_RATIO), colour: [0xd8, 0xdd, 0xe3] as [number, number, number] }

/** A part of a map a picture shows: hex columns and rows, or a rectangle of a table (hundredths of an inch). */
export type MapPanel = MapWindow | TableWindow

export interface EmailMap<P extends MapPanel = MapPanel> {
  png: Buffer
  /** The parts of the map shown, in the picture's order (a table's picture has one). */
  panels: P[]
  /** The reader's units on the map, and how many the picture shows. */
  ownUnits: number
  ownShown: number
  /** A lone counter's width (a table: a disc's diameter) at EMAIL_DISPLAY_WIDTH, in CSS pixels. */
  counterPx: number
}

/** The parts of the board an email's picture shows. */
export function emailCrop(model: HexMapModel): CropPlan {
  return planCrop(model, { ...LIMITS, cols: emailColumns() })
}

/** The picture an email carries of a map: a hex map's crop (crop.ts), or a table's (table-email.ts). */
export function emailMapPng(model: HexMapModel): EmailMap<MapWindow>
export function emailMapPng(model: TableMapModel): EmailMap<TableWindow>
export function emailMapPng(model: MapModel): EmailMap
export function emailMapPng(model: MapModel): EmailMap {
  if (isTableMap(model)) {
    const t = tableEmailPng(model, EMAIL_DISPLAY_WIDTH * EMAIL_PIXEL_RATIO)
    return { png: t.png, panels: [t.window], ownUnits: t.ownUnits, ownShown: t.ownShown, counterPx: t.discPx }
  }
  const plan = emailCrop(model)
  const width = EMAIL_DISPLAY_WIDTH * EMAIL_PIXEL_RATIO
  const last = plan.panels.length - 1
  const drawings = plan.panels.map((window, i) =>
    layoutMap(model, { window, header: i === 0, legend: i === last, tiled: true }),
  )
  const frame = drawings[0]!.frame
  const counterPx = (counterSide(frame) * EMAIL_DISPLAY_WIDTH) / frame.width
  const pictures = drawings.map((d) => drawingToRows(d, { width }))
  return {
    png: stackedPng(pictures, GAP),
    panels: plan.panels,
    ownUnits: plan.ownUnits,
    ownShown: plan.ownShown,
    counterPx,
  }
}
