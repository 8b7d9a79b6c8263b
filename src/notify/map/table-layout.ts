// Pixel geometry of a table picture: the table drawn to scale, a fixed number of pixels per inch,
// y up as on the table (north at the top), with bands around it for the inch labels, the title and the
// legend. Text keeps its size in pixels whatever the scale, so a small picture stays legible.
import type { TablePt, TableWindow } from '../../present/map-model.js'
import type { Point } from './layout.js'

/** Pixels per inch of the full-size picture (GET /games/:id/map.png without a width). */
export const DEFAULT_PX_PER_INCH = 16
/** The band on each side of the table for the inch labels, in pixels. */
export const TABLE_BAND = 26
/** The band above the table for the title lines, in pixels. */
export const TABLE_HEADER = 46

export interface TableFrame {
  pxPerInch: number
  /** The part of the table drawn, in hundredths of an inch. */
  window: TableWindow
  /** Whole picture, in whole pixels. */
  width: number
  height: number
  /** The window's edges in the picture. */
  left: number
  top: number
  right: number
  bottom: number
}

/** The picture of `window` at `pxPerInch`; `footer` is the legend's height below the lower band. */
export function tableFrame(pxPerInch: number, window: TableWindow, header: boolean, footer: number): TableFrame {
  const left = TABLE_BAND
  const top = (header ? TABLE_HEADER : 0) + TABLE_BAND
  const right = left + ((window.x1 - window.x0) / 100) * pxPerInch
  const bottom = top + ((window.y1 - window.y0) / 100) * pxPerInch
  // Whole pixels, so the PNG is exactly the SVG's size; a float just over a whole number is not a pixel more.
  return {
    pxPerInch,
    window,
    width: Math.ceil(right + TABLE_BAND - 1e-6),
    height: Math.ceil(bottom + TABLE_BAND + footer - 1e-6),
    left,
    top,
    right,
    bottom,
  }
}

/** The scale at which a window `inches` wide fills a picture `width` pixels wide, bands included. */
export function pxPerInchForWidth(width: number, inches: number): number {
  return (width - 2 * TABLE_BAND) / inches
}

/** Where a point of the table is in the picture: x to the right, y flipped (the table's y runs up). */
export function tablePoint(frame: TableFrame, p: TablePt): Point {
  return {
    x: frame.left + ((p.x - frame.window.x0) / 100) * frame.pxPerInch,
    y: frame.top + ((frame.window.y1 - p.y) / 100) * frame.pxPerInch,
  }
}

/** A length of the table (hundredths of an inch) in pixels. */
export function tableLength(frame: TableFrame, hundredths: number): number {
  return (hundredths / 100) * frame.pxPerInch
}

/** Whether a point lies in the window, `pad` hundredths of an inch around it included. */
export function inTableWindow(w: TableWindow, p: TablePt, pad = 0): boolean {
  return p.x >= w.x0 - pad && p.x <= w.x1 + pad && p.y >= w.y0 - pad && p.y <= w.y1 + pad
}
