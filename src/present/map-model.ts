// A rule-system-neutral picture of a hex map: what a snapshot shows, already decided. Each rule
// system builds one from its view (its map hook, src/rulesets/<id>/); svg.ts draws any of them the same way.
// Hexes are flat-topped in the engine's "odd-q" offset layout (src/engine/hex/types.ts).

/** A map hex in offset coordinates, as the engine and the scenario files number them. */
export interface HexRef {
  col: number
  row: number
}

export interface MapHex extends HexRef {
  /** The coordinate players type in orders, e.g. "0710". */
  label: string
  /** The board the hex belongs to; hexes of different boards get a heavier border between them. */
  board: number | null
  /** Terrain and features; 'fortress' is shaded. */
  tags: string[]
}

export interface MapBoard {
  board: number
  col0: number
  row0: number
  cols: number
  rows: number
  rotate180: boolean
}

export interface MapSide {
  id: string
  name: string
  /** Fill colour of the side's counters and marks. */
  colour: string
  /** The side of the player the picture is drawn for. */
  viewer: boolean
}

/** One unit of a stack, as its counter lists it. */
export interface MapUnit {
  label: string
  /** Its own status markers (a stack's counter shows whose they are). */
  markers: string[]
}

/** One side's stack in one hex: a unit alone, or several listed on one counter. */
export interface MapCounter {
  hex: HexRef
  side: string
  /** Big text: what a player names in orders (the unit id) of the top unit. */
  label: string
  /**
   * Small text under it: the unit's type (a unit alone; a stack lists its labels instead). A line break
   * sets it on two lines, e.g. a Japanese name over its English one.
   */
  sublabel: string
  /** Every unit of this side in the hex, the top one first: a stack lists them all, and its size. */
  units: MapUnit[]
  /** Status markers shown on the stack, e.g. 'C' and 'D' morale. */
  markers: string[]
  /** The top unit shows its back (flipped, spent or damaged) face. */
  flipped: boolean
  /** Every unit of the stack, in words (an SVG tooltip; PNGs ignore it). */
  title: string
  /** The hexside the top unit faces, 0 N, 1 NE, … 5 NW (clockwise); absent where the rules have no facing. */
  facing?: number
  /**
   * The hexes the top unit can fire into (its fire arc within reach), which the web's SVG shows while the
   * counter is hovered or focused; PNGs leave it out. Absent where the rules have no arc.
   */
  arc?: HexRef[]
}

/** A screen or other area effect covering some hexes (e.g. a missile screen). */
export interface MapScreen {
  centre: HexRef
  hexes: HexRef[]
  label: string
  title: string
}

/** A unit's move in the last phase; `from` is null for a unit entering the map. */
export interface MapArrow {
  from: HexRef | null
  to: HexRef
  side: string
}

/** An attack of the last phase: lines from the attackers' hexes to the target hex. */
export interface MapAttack {
  from: HexRef[]
  to: HexRef
  side: string
  kind: 'attack' | 'launch'
  /** Short text at the target, e.g. "3:1 X". */
  label: string
}

/** A unit eliminated or removed in the last phase, marked where it stood. */
export interface MapLoss {
  hex: HexRef
  side: string
}

/**
 * Units to point out (e.g. those a moderator changed): the counter that lists each is ringed, and the
 * legend says what the ring means. A unit the model has no counter for (off the map, or not in the
 * viewer's view) is not marked.
 */
export interface MapHighlight {
  /** The units, by the label their counters list them under (MapUnit.label: the id players name). */
  units: string[]
  /** What the ring means, for the legend, in the reader's language. */
  text: string
}

/** A status marker as the legend explains it, e.g. { marker: 'S', text: 'cannot act' }. */
export interface MapMarkerKey {
  marker: string
  text: string
}

export interface HexMapModel {
  title: string
  subtitle: string
  cols: number
  rows: number
  /** The hexes that exist (a gap between boards has none), in column-major order. */
  hexes: MapHex[]
  boards: MapBoard[]
  /** Labels of the edge coordinates, one per column and per row. */
  colLabels: string[]
  rowLabels: string[]
  sides: MapSide[]
  counters: MapCounter[]
  screens: MapScreen[]
  arrows: MapArrow[]
  attacks: MapAttack[]
  losses: MapLoss[]
  /**
   * Hexes of enemy units within reach of the viewer's units, nearest first: what a crop of the map
   * for that viewer must show after the viewer's own units (crop.ts). The rule system decides what
   * "in reach" means; empty for an observer.
   */
  inReach: HexRef[]
  /**
   * The markers the rules put on counters, for the legend, which then lists only the marks the model
   * uses. Absent: the legend's first key, the C and D morale markers, and every mark.
   */
  markerKey?: MapMarkerKey[]
  /** Units to point out in this picture; absent in most pictures. */
  highlight?: MapHighlight
}

// Blue and red first, as in most wargames; then hues far from both and from each other, dark
// enough for white text on a counter.
const SIDE_PALETTE = ['#2a62c9', '#c8322f', '#23864a', '#7b45c4', '#c46a0c', '#15808a', '#7a6a12', '#b0307a'] as const

/** Colour of each side from its place in the scenario's side order, so every viewer sees the same colours. */
export function sideColours(sideIds: readonly string[]): Map<string, string> {
  return new Map(sideIds.map((id, i) => [id, SIDE_PALETTE[i % SIDE_PALETTE.length]!]))
}

/** The counters that list a highlighted unit, once each. */
export function highlightedCounters(model: HexMapModel): MapCounter[] {
  const wanted = new Set(model.highlight?.units ?? [])
  if (wanted.size === 0) return []
  return model.counters.filter((c) => c.units.some((u) => wanted.has(u.label)))
}

export function hexRefKey(hex: HexRef): string {
  return `${hex.col},${hex.row}`
}

/** Row-major order (top to bottom, then left to right): stable drawing order for pieces. */
export function compareHexRefs(a: HexRef, b: HexRef): number {
  return a.row - b.row || a.col - b.col
}

// ---------------------------------------------------------------------------------------------------
// A table without hexes (a miniatures game): positions in hundredths of an inch, x to the right, y up (north).
// ---------------------------------------------------------------------------------------------------

/** A point on a table, in hundredths of an inch. */
export interface TablePt {
  x: number
  y: number
}

/** A terrain piece as drawn: its outline and its shading (rough hatched, impassable dark, sight-blocking edged). */
export interface TableTerrain {
  polygon: TablePt[]
  move: 'open' | 'rough' | 'impassable'
  blocksLOS: boolean
  label: string
}

/** A unit standing on the table: a disc of `diameter`, its side's colour, its name beside it. */
export interface TableDisc {
  at: TablePt
  diameter: number
  side: string
  /** What a player names in orders (the unit id). */
  label: string
  /** Its type, small (a line break sets it on two lines). */
  sublabel: string
  markers: string[]
  /** Every fact about it in words (an SVG tooltip; PNGs ignore it). */
  title: string
}

/** A circle drawn on request: a unit's move range (radius in hundredths), labelled. */
export interface TableRange {
  at: TablePt
  radius: number
  side: string
  label: string
}

/** A unit's move in the last phase: its path, from where it stood. */
export interface TablePath {
  from: TablePt
  path: TablePt[]
  side: string
}

/** An attack of the last phase: a line from the attacker to the target, labelled with its result. */
export interface TableFire {
  from: TablePt
  to: TablePt
  side: string
  label: string
  hit: boolean
}

/** Something lying on the table (a dropped weapon). */
export interface TableObject {
  at: TablePt
  label: string
}

export interface TableMapModel {
  kind: 'table'
  title: string
  subtitle: string
  /** The table, in hundredths of an inch. */
  width: number
  height: number
  terrain: TableTerrain[]
  /** Deployment zones, faintly in the side's colour. */
  zones: Array<{ side: string; x0: number; y0: number; x1: number; y1: number }>
  sides: MapSide[]
  discs: TableDisc[]
  ranges: TableRange[]
  paths: TablePath[]
  fire: TableFire[]
  losses: Array<{ at: TablePt; side: string }>
  objects: TableObject[]
  markerKey?: MapMarkerKey[]
  highlight?: MapHighlight
}

/** Any map a rule system draws: hexes, or an open table. */
export type MapModel = HexMapModel | TableMapModel

/** Whether a map model is a table rather than hexes: the drawing code dispatches on it. */
export function isTableMap(model: MapModel): model is TableMapModel {
  return (model as { kind?: unknown }).kind === 'table'
}

/** A rectangle of a table, in hundredths of an inch (x0 < x1, y0 < y1): the part a picture shows. */
export interface TableWindow {
  x0: number
  y0: number
  x1: number
  y1: number
}

/** The units of `units` the model draws (a counter lists them, or a disc is theirs), in the order given. */
export function unitsOnMap(model: MapModel, units: readonly string[]): string[] {
  const drawn = isTableMap(model)
    ? new Set(model.discs.map((d) => d.label))
    : new Set(model.counters.flatMap((c) => c.units.map((u) => u.label)))
  return units.filter((u) => drawn.has(u))
}
