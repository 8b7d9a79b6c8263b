// Map snapshots for notifications and the map endpoints: a rule system's view -> a neutral map
// model -> a drawing (pieces over a board) -> SVG, or PNG. Everything here is pure except the PNG
// side (png.ts, raster.ts, png-text.ts), which reads the bundled fonts and keeps caches (text
// outlines, board and piece rasters) that change its speed, not its output (see raster.ts).
import type { GameEvent } from '../../engine/ruleset.js'
import { ruleSystem } from '../../rulesets/index.js'
import { isTableMap, type HexMapModel, type MapModel } from '../../present/map-model.js'
import type { PngOptions } from './png.js'
import { drawingToPng } from './raster.js'
import { layoutMap, renderSvg as renderHexSvg, type SvgOptions } from './svg.js'
import { layoutTable, renderTableSvg, type TableSvgOptions } from './table-svg.js'

export type {
  HexMapModel,
  MapModel,
  TableMapModel,
  TableWindow,
  HexRef,
  MapArrow,
  MapAttack,
  MapBoard,
  MapCounter,
  MapHex,
  MapLoss,
  MapScreen,
  MapSide,
  MapUnit,
} from '../../present/map-model.js'
export { isTableMap, sideColours, unitsOnMap } from '../../present/map-model.js'
export { layoutMap, type MapDrawing, type SvgOptions } from './svg.js'
export { layoutTable, renderTableSvg, type TableSvgOptions } from './table-svg.js'
export type { TableFrame } from './table-layout.js'
export { drawingToPng, forgetRasters, rasterCacheSize } from './raster.js'
export {
  emailColumns,
  emailMapPng,
  EMAIL_DISPLAY_WIDTH,
  EMAIL_PIXEL_RATIO,
  MIN_COUNTER_PX,
  type EmailMap,
  type MapPanel,
} from './email.js'
export { planCrop, type CropLimits, type CropPlan } from './crop.js'
export type { MapWindow } from './layout.js'
export { svgToPng, type PngOptions } from './png.js'

/** Whether rule system `system` draws a map (its map hook, src/rulesets/<id>/). */
export function hasMap(system: string): boolean {
  return ruleSystem(system)?.map !== undefined
}

/** What a map hook may be asked to add: `ranges` draws each unit's move range (a table's; hex maps ignore it). */
export interface MapHookOptions {
  ranges?: boolean
}

/** Options of any map's drawing: a hex map reads SvgOptions, a table TableSvgOptions; each ignores the rest. */
export type AnyMapOptions = SvgOptions & TableSvgOptions

/**
 * The map model of `view`, a view of rule system `system` as the ruleset's view() returned it, drawn by
 * the system's map hook. Throws for a system without one: ask hasMap() first.
 */
export function buildMapModel(
  system: string,
  view: unknown,
  events: readonly GameEvent[],
  opts: MapHookOptions = {},
): MapModel {
  const viewSystem = view !== null && typeof view === 'object' ? (view as { system?: unknown }).system : undefined
  if (viewSystem !== system)
    throw new Error(`the view is of rule system ${JSON.stringify(viewSystem)}, not "${system}"`)
  const draw = ruleSystem(system)?.map
  if (!draw) throw new Error(`no map renderer for rule system "${system}"`)
  return draw(view, events, opts)
}

/** buildMapModel for a system that draws hexes: throws if its map is a table. */
export function buildHexMapModel(
  system: string,
  view: unknown,
  events: readonly GameEvent[],
  opts: MapHookOptions = {},
): HexMapModel {
  const model = buildMapModel(system, view, events, opts)
  if (isTableMap(model)) throw new Error(`rule system "${system}" draws a table, not hexes`)
  return model
}

/** Any map as one self-contained SVG document: a hex map (svg.ts) or a table (table-svg.ts). */
export function renderSvg(model: MapModel, opts: AnyMapOptions = {}): string {
  return isTableMap(model) ? renderTableSvg(model, opts) : renderHexSvg(model, opts)
}

export function renderMap(
  system: string,
  view: unknown,
  events: readonly GameEvent[],
  opts?: AnyMapOptions,
): { svg: string } {
  return { svg: renderSvg(buildMapModel(system, view, events), opts) }
}

/** The model as a PNG: the fast path, which draws no SVG document. */
export function mapModelToPng(model: MapModel, opts: AnyMapOptions & PngOptions = {}): Buffer {
  return drawingToPng(isTableMap(model) ? layoutTable(model, opts) : layoutMap(model, opts), opts)
}

export function renderMapPng(
  system: string,
  view: unknown,
  events: readonly GameEvent[],
  opts: AnyMapOptions & PngOptions = {},
): { svg: string; png: Buffer } {
  const model = buildMapModel(system, view, events)
  return { svg: renderSvg(model, opts), png: mapModelToPng(model, opts) }
}
