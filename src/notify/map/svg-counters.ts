// Counters: a square in the side's colour with the unit's id and type, and its status markers (C/D
// morale) along the bottom edge; a stack lists every unit's id on its face instead (a unit's marker
// colours its id), shows its depth behind it and its size in a badge. A unit with a facing has a nose
// towards the faced hexside; one with a fire arc carries it, hidden, for the web's SVG to show on hover.
import { hexCentre, type Frame, type Point } from './layout.js'
import { hexRefKey, type MapCounter, type MapUnit } from '../../present/map-model.js'
import { anchored, type Box, type Piece } from './pieces.js'
import { escapeXml, fitFontSize, num, textAt, widthIsSure } from './svg-text.js'
import { hexPath, titleTag } from './svg-grid.js'

const INK = '#1b2129'

/**
 * Marker colours, by the letters the rule systems put on counters (their legends say what each means):
 * C amber, D dark red, S red, M slate, F orange, MA and L teal; any other grey.
 */
const MARKER_STYLES: Record<string, { fill: string; text: string }> = {
  C: { fill: '#f4c430', text: INK },
  D: { fill: '#7d1111', text: '#ffffff' },
  S: { fill: '#d0342c', text: '#ffffff' },
  M: { fill: '#2f3a48', text: '#ffffff' },
  F: { fill: '#e8883a', text: INK },
  MA: { fill: '#15808a', text: '#ffffff' },
  L: { fill: '#15808a', text: '#ffffff' },
}
const OTHER_MARKER = { fill: '#5b6573', text: '#ffffff' }

export function markerStyle(marker: string): { fill: string; text: string } {
  return MARKER_STYLES[marker] ?? OTHER_MARKER
}

/** Counter side in hex radii: the square's corners stay inside the hex. */
const COUNTER_SIDE = 1.18

export function counterSide(frame: Frame): number {
  return frame.size * COUNTER_SIDE
}

/** Light tint of a #rrggbb colour: a flipped counter keeps its side's hue but reads as "used". */
export function tint(colour: string, amount: number): string {
  const channels = [1, 3, 5].map((i) => parseInt(colour.slice(i, i + 2), 16))
  return `#${channels
    .map((c) =>
      Math.round(c + (255 - c) * amount)
        .toString(16)
        .padStart(2, '0'),
    )
    .join('')}`
}

// Drawing below is in units of `u`: the hex radius.

function badge(u: number, at: Point, text: string): string {
  const r = u * 0.29
  return (
    `<circle cx="${num(at.x)}" cy="${num(at.y)}" r="${num(r)}" ` +
    `fill="#ffffff" stroke="${INK}" stroke-width="${num(u * 0.04)}"/>` +
    textAt(at.x, at.y, text, { size: fitFontSize(text, u * 0.38, r * 1.8, true), fill: INK, bold: true })
  )
}

function markers(u: number, topLeft: Point, side: number, list: readonly string[]): string {
  const box = u * 0.4
  return list
    .map((m, i) => {
      const style = MARKER_STYLES[m] ?? OTHER_MARKER
      const x = topLeft.x - box * 0.25 + i * (box + 1)
      const y = topLeft.y + side - box * 0.75
      return (
        `<rect x="${num(x)}" y="${num(y)}" width="${num(box)}" height="${num(box)}" ` +
        `fill="${style.fill}" stroke="${INK}" stroke-width="${num(u * 0.03)}"/>` +
        textAt(x + box / 2, y + box / 2, m, {
          size: fitFontSize(m, box * 0.8, box * 0.9, true),
          fill: style.text,
          bold: true,
        })
      )
    })
    .join('')
}

// The nose: a wedge from under the counter to just past the faced hexside (0.87 radii out).
const NOSE_TIP = 0.92
const NOSE_BASE = 0.42
const NOSE_HALF = 0.36

/** The nose's corners around the origin: tip, then the two base corners. */
function nosePoints(u: number, facing: number): Point[] {
  const a = (Math.PI / 3) * facing - Math.PI / 2
  const ux = Math.cos(a)
  const uy = Math.sin(a)
  return [
    { x: ux * u * NOSE_TIP, y: uy * u * NOSE_TIP },
    { x: ux * u * NOSE_BASE - uy * u * NOSE_HALF, y: uy * u * NOSE_BASE + ux * u * NOSE_HALF },
    { x: ux * u * NOSE_BASE + uy * u * NOSE_HALF, y: uy * u * NOSE_BASE - ux * u * NOSE_HALF },
  ]
}

/** Drawn before the square, so only the part past the counter's edge shows. */
function nose(u: number, at: Point, facing: number | undefined, fill: string): string {
  if (facing === undefined) return ''
  const d = nosePoints(u, facing)
    .map((p, i) => `${i === 0 ? 'M' : 'L'}${num(at.x + p.x)} ${num(at.y + p.y)}`)
    .join('')
  return `<path d="${d}Z" fill="${fill}" stroke="${INK}" stroke-width="${num(u * 0.04)}" stroke-linejoin="round"/>`
}

/**
 * Where the id and the lines of type go, in counter sides from the centre, by the number of lines: one
 * line under the id; two (a name in two scripts) or three (a long name broken, then the other script)
 * with the id higher and smaller.
 */
const SUBLABEL_LAYOUTS = [
  { label: -0.1, labelSize: 0.4, lines: [0.27] },
  { label: -0.24, labelSize: 0.36, lines: [0.04, 0.27] },
  { label: -0.3, labelSize: 0.32, lines: [-0.04, 0.16, 0.36] },
] as const

/** Counters drawn behind a stack's top one, offset up and right: how thick the stack looks. */
const DEPTH_SHOWN = 2
const DEPTH_STEP = 0.08
/** Units a stack's face lists; a bigger stack lists this many less one, and "+n". */
const MAX_LISTED = 12

function depthOf(c: MapCounter): number {
  return Math.min(DEPTH_SHOWN, c.units.length - 1)
}

interface Area {
  x: number
  y: number
  w: number
  h: number
}

/**
 * Units by label in a grid filling `area`, as big as it allows (never bigger than a lone unit's
 * label). A unit with a status marker has its label on the marker's colour, so the reader sees
 * which unit of the stack it is.
 */
function unitList(u: number, units: readonly MapUnit[], area: Area, ink: string): string {
  const listed =
    units.length <= MAX_LISTED
      ? units
      : [...units.slice(0, MAX_LISTED - 1), { label: `+${units.length - MAX_LISTED + 1}`, markers: [] }]
  const longest = listed.reduce((a, b) => ([...b.label].length > [...a.label].length ? b : a)).label
  // As many columns as give the biggest labels: one for short labels, more for a wide area.
  let best = { cols: 1, rows: listed.length, cellW: area.w, cellH: area.h / listed.length, size: 0 }
  for (let cols = 1; cols <= Math.min(listed.length, 4); cols++) {
    const rows = Math.ceil(listed.length / cols)
    const cellW = area.w / cols
    const cellH = area.h / rows
    const size = Math.min(u * 0.4, cellH / 1.15, fitFontSize(longest, u * 0.4, cellW * 0.92, true))
    if (size > best.size * 1.02) best = { cols, rows, cellW, cellH, size }
  }
  const { cols, cellW, cellH, size } = best
  return listed
    .map((unit, i) => {
      const x = area.x + cellW * ((i % cols) + 0.5)
      const y = area.y + cellH * (Math.floor(i / cols) + 0.5)
      const marker = unit.markers[0]
      if (marker === undefined) return textAt(x, y, unit.label, { size, fill: ink, bold: true })
      const style = MARKER_STYLES[marker] ?? OTHER_MARKER
      const h = Math.min(cellH * 0.92, size * 1.3)
      return (
        `<rect x="${num(x - cellW * 0.48)}" y="${num(y - h / 2)}" width="${num(cellW * 0.96)}" height="${num(h)}" ` +
        `rx="${num(h * 0.2)}" fill="${style.fill}" stroke="${INK}" stroke-width="${num(u * 0.02)}"/>` +
        textAt(x, y, unit.label, { size, fill: style.text, bold: true })
      )
    })
    .join('')
}

function inset(left: number, top: number, w: number, h: number, pad: number): Area {
  return { x: left + pad, y: top + pad, w: w - 2 * pad, h: h - 2 * pad }
}

function faceColours(c: MapCounter, colour: string): { fill: string; ink: string; stroke: string; width: number } {
  return c.flipped
    ? { fill: tint(colour, 0.62), ink: INK, stroke: colour, width: 0.08 }
    : { fill: colour, ink: '#ffffff', stroke: INK, width: 0.04 }
}

/** A lone unit's id and the lines of its type, laid out by SUBLABEL_LAYOUTS. */
function faceTexts(u: number, c: MapCounter, at: Point, side: number, ink: string): string {
  const lines = c.sublabel === '' ? [] : c.sublabel.split('\n').slice(0, SUBLABEL_LAYOUTS.length)
  const layout = SUBLABEL_LAYOUTS[Math.max(0, lines.length - 1)]!
  const label = textAt(at.x, at.y + side * layout.label, c.label, {
    size: fitFontSize(c.label, u * layout.labelSize, side * 0.9, true),
    fill: ink,
    bold: true,
  })
  const sub = lines
    .map((line, i) =>
      textAt(at.x, at.y + side * layout.lines[i]!, line, {
        size: fitFontSize(line, u * 0.26, side * (lines.length > 1 ? 0.94 : 0.9)),
        fill: ink,
      }),
    )
    .join('')
  return label + sub
}

function counter(u: number, c: MapCounter, at: Point, colour: string): string {
  const side = u * COUNTER_SIDE
  const left = at.x - side / 2
  const top = at.y - side / 2
  const face = faceColours(c, colour)
  const square = (x: number, y: number) =>
    `<rect x="${num(x)}" y="${num(y)}" width="${num(side)}" height="${num(side)}" rx="${num(side * 0.08)}" ` +
    `fill="${face.fill}" stroke="${face.stroke}" stroke-width="${num(u * face.width)}"/>`
  const depth = depthOf(c)
  const behind = Array.from({ length: depth }, (_, i) => depth - i)
    .map((k) => square(left + k * DEPTH_STEP * u, top - k * DEPTH_STEP * u))
    .join('')
  if (c.units.length > 1) {
    const count = badge(
      u,
      { x: left + side + depth * DEPTH_STEP * u, y: top - depth * DEPTH_STEP * u },
      String(c.units.length),
    )
    const list = unitList(u, c.units, inset(left, top, side, side, side * 0.05), face.ink)
    const pointer = nose(u, at, c.facing, face.fill)
    return `<g>${titleTag(c.title)}${pointer}${behind}${square(left, top)}${list}${count}</g>`
  }
  const texts = faceTexts(u, c, at, side, face.ink)
  const marks = markers(u, { x: left, y: top }, side, c.markers)
  const pointer = nose(u, at, c.facing, face.fill)
  return `<g>${titleTag(c.title)}${pointer}${square(left, top)}${texts}${marks}</g>`
}

/**
 * Several sides in one hex (close combat, a missile among enemies): one counter of full size, a
 * band of each side's colour listing its units, so nothing shrinks below a lone counter's size
 * but the labels of a crowded hex.
 */
function sharedCounter(
  u: number,
  list: readonly MapCounter[],
  at: Point,
  colours: ReadonlyMap<string, string>,
): string {
  const side = u * COUNTER_SIDE
  const left = at.x - side / 2
  const top = at.y - side / 2
  const band = side / list.length
  const bands = list
    .map((c, i) => {
      const face = faceColours(c, colours.get(c.side) ?? OTHER_MARKER.fill)
      const y = top + i * band
      return (
        `<rect x="${num(left)}" y="${num(y)}" width="${num(side)}" height="${num(band)}" fill="${face.fill}"/>` +
        unitList(u, c.units, inset(left, y, side, band, side * 0.04), face.ink)
      )
    })
    .join('')
  const frame =
    `<rect x="${num(left)}" y="${num(top)}" width="${num(side)}" height="${num(side)}" ` +
    `fill="none" stroke="${INK}" stroke-width="${num(u * 0.04)}"/>`
  const noses = list
    .map((c) => nose(u, at, c.facing, faceColours(c, colours.get(c.side) ?? OTHER_MARKER.fill).fill))
    .join('')
  return `<g>${titleTag(list.map((c) => c.title).join('\n'))}${noses}${bands}${frame}</g>`
}

/** The box grown to hold the noses of `facings` (undefined: none) around the origin. */
function withNoses(u: number, box: Box, facings: ReadonlyArray<number | undefined>): Box {
  const pad = u * 0.04
  let { x0, y0, x1, y1 } = box
  for (const facing of facings) {
    if (facing === undefined) continue
    for (const p of nosePoints(u, facing)) {
      x0 = Math.min(x0, p.x - pad)
      y0 = Math.min(y0, p.y - pad)
      x1 = Math.max(x1, p.x + pad)
      y1 = Math.max(y1, p.y + pad)
    }
  }
  return { x0, y0, x1, y1 }
}

/** What counter() paints around its centre: the square, a stack's depth and badge, a lone unit's markers, the nose. */
function counterBox(u: number, c: MapCounter): Box {
  return withNoses(u, squareBox(u, c), [c.facing])
}

function squareBox(u: number, c: MapCounter): Box {
  const half = (u * COUNTER_SIDE) / 2
  const edge = u * 0.04 // the flipped counter's wider stroke, half of it
  if (c.units.length > 1) {
    const lift = depthOf(c) * DEPTH_STEP * u
    const badge = half + lift + u * 0.29 + u * 0.02
    return {
      x0: -half - edge,
      y0: -Math.max(badge, half + lift + edge),
      x1: Math.max(badge, half + lift + edge),
      y1: half + edge,
    }
  }
  const box = u * 0.4
  const markerRight = -half - box * 0.25 + c.markers.length * (box + 1) + u * 0.015
  return {
    x0: -half - box * 0.25 - edge,
    y0: -half - edge,
    x1: Math.max(half + edge, markerRight),
    y1: half + box * 0.25 + edge,
  }
}

function labelsAreSure(list: readonly MapCounter[]): boolean {
  return list.every((c) => widthIsSure(c.units.map((x) => x.label).join('') + c.sublabel + c.markers.join('')))
}

/** Class of a counter that carries its fire arc; svg.ts's style shows the arc while it is hovered or focused. */
export const ARC_HOST_CLASS = 'hm-unit'
export const ARC_CLASS = 'hm-arc'

/** The arcs of the counters in one hex, hidden: an SVG document's, never a PNG's. */
function arcGroup(frame: Frame, here: readonly MapCounter[]): string {
  const hexes = here.flatMap((c) => c.arc ?? [])
  if (hexes.length === 0) return ''
  const u = frame.size
  return (
    `<g class="${ARC_CLASS}" display="none" pointer-events="none">` +
    `<path d="${hexes.map((h) => hexPath(frame, h)).join('')}" fill="#f4c430" fill-opacity="0.35" ` +
    `stroke="#c46a0c" stroke-width="${num(u * 0.06)}"/></g>`
  )
}

/** A counter with an arc becomes focusable, its arc drawn after it (over the board, under later counters). */
function withArc(frame: Frame, svg: string, here: readonly MapCounter[]): string {
  const arc = arcGroup(frame, here)
  return arc === '' ? svg : `<g class="${ARC_HOST_CLASS}" tabindex="0">${svg}${arc}</g>`
}

/** Whether any counter carries a fire arc: the document then needs svg.ts's style. */
export function hasArcs(list: readonly MapCounter[]): boolean {
  return list.some((c) => (c.arc?.length ?? 0) > 0)
}

/**
 * What the web page's map adds to each counter (never a PNG's): the hex's label, each side's shape mark
 * (so sides differ by more than colour) and which side is the reader's, whose counters become buttons.
 */
export interface WebCounters {
  hexLabel: (hex: { col: number; row: number }) => string
  /** Side id -> its index in the model's sides: the shape of its mark (SIDE_MARKS). */
  sideIndex: ReadonlyMap<string, number>
  /** The reader's side, or null for an observer. */
  mine: string | null
}

/** The marks that tell sides apart besides their colour: circle, triangle, diamond, square, cross. */
export const SIDE_MARKS = ['circle', 'triangle', 'diamond', 'square', 'cross'] as const

/** The corners of each polygon mark, in half-sizes around its centre (the circle is drawn as a circle). */
const MARK_CORNERS: Record<string, ReadonlyArray<readonly [number, number]>> = {
  triangle: [
    [0, -1.1],
    [1, 0.8],
    [-1, 0.8],
  ],
  diamond: [
    [0, -1.15],
    [1.15, 0],
    [0, 1.15],
    [-1.15, 0],
  ],
  square: [
    [-0.9, -0.9],
    [0.9, -0.9],
    [0.9, 0.9],
    [-0.9, 0.9],
  ],
  cross: [
    [-1, -0.35],
    [-0.35, -0.35],
    [-0.35, -1],
    [0.35, -1],
    [0.35, -0.35],
    [1, -0.35],
    [1, 0.35],
    [0.35, 0.35],
    [0.35, 1],
    [-0.35, 1],
    [-0.35, 0.35],
    [-1, 0.35],
  ],
}

/** A side's mark, white on ink, centred at `at`, `r` its half-size. */
export function sideMark(index: number, at: Point, r: number): string {
  const shape = SIDE_MARKS[index % SIDE_MARKS.length]!
  const attrs = `fill="#ffffff" stroke="${INK}" stroke-width="${num(r * 0.3)}"`
  const corners = MARK_CORNERS[shape]
  if (!corners) return `<circle cx="${num(at.x)}" cy="${num(at.y)}" r="${num(r)}" ${attrs}/>`
  return `<path d="M${corners.map(([x, y]) => `${num(at.x + x * r)} ${num(at.y + y * r)}`).join('L')}Z" ${attrs}/>`
}

/** The words a counter shows, in the order it draws them: its button's name starts with them. */
function visibleText(c: MapCounter): string {
  if (c.units.length > 1) {
    const listed =
      c.units.length <= MAX_LISTED
        ? c.units.map((x) => x.label)
        : [...c.units.slice(0, MAX_LISTED - 1).map((x) => x.label), `+${c.units.length - MAX_LISTED + 1}`]
    return [...listed, String(c.units.length)].join(' ')
  }
  const lines = c.sublabel === '' ? [] : c.sublabel.split('\n').slice(0, SUBLABEL_LAYOUTS.length)
  return [c.label, ...lines, ...c.markers].join(' ')
}

const attr = (text: string) => escapeXml(text).replace(/"/g, '&quot;')

/** A counter as the web page's map draws it: its hex, side and units named, the reader's own a button. */
function webCounter(frame: Frame, svg: string, here: readonly MapCounter[], web: WebCounters): string {
  const u = frame.size
  const at = hexCentre(frame, here[0]!.hex)
  const half = (u * COUNTER_SIDE) / 2
  const marks = here
    .map((c, i) =>
      sideMark(
        web.sideIndex.get(c.side) ?? 0,
        { x: at.x - half + u * 0.2, y: at.y - half + u * 0.2 + (i * u * COUNTER_SIDE) / here.length },
        u * 0.13,
      ),
    )
    .join('')
  const units = here.flatMap((c) => c.units.map((x) => x.label))
  const mine = here.filter((c) => c.side === web.mine).flatMap((c) => c.units.map((x) => x.label))
  const arc = arcGroup(frame, here)
  const hosts = arc !== '' || mine.length > 0
  const button =
    mine.length > 0
      ? ` data-mine="${attr(mine.join(' '))}" tabindex="0" role="button" ` +
        `aria-label="${attr(`${here.map(visibleText).join(' ')}: ${here.map((c) => c.title).join('; ')}`)}"`
      : arc !== ''
        ? ' tabindex="0"'
        : ''
  return (
    `<g${hosts ? ` class="${ARC_HOST_CLASS}"` : ''} data-hex="${attr(web.hexLabel(here[0]!.hex))}" ` +
    `data-side="${attr([...new Set(here.map((c) => c.side))].join(' '))}" data-units="${attr(units.join(' '))}"` +
    // A space between texts: the words a reader's tools see are "GD1 GD", as the button's name says.
    `${button}>${svg.replace(/<\/text></g, '</text> <')}${marks}${arc}</g>`
  )
}

function byHexOf(list: readonly MapCounter[]): Map<string, MapCounter[]> {
  const byHex = new Map<string, MapCounter[]>()
  for (const c of list) {
    const here = byHex.get(hexRefKey(c.hex))
    if (here) here.push(c)
    else byHex.set(hexRefKey(c.hex), [c])
  }
  return byHex
}

/** One piece per hex: a side's counter, or the shared counter of several sides. */
export function counters(
  frame: Frame,
  list: readonly MapCounter[],
  colours: ReadonlyMap<string, string>,
  web?: WebCounters,
): Piece[] {
  const u = frame.size
  // The web page's map marks each counter for clicks; a picture keeps only the fire arcs' hover.
  const place = (svg: string, here: readonly MapCounter[]) =>
    web ? webCounter(frame, svg, here, web) : withArc(frame, svg, here)
  return [...byHexOf(list).values()].map((here) => {
    const at = hexCentre(frame, here[0]!.hex)
    const estimated = labelsAreSure(here) ? {} : { estimated: true }
    if (here.length > 1) {
      const half = (u * COUNTER_SIDE) / 2 + u * 0.02
      const square = { x0: -half, y0: -half, x1: half, y1: half }
      const facings = here.map((c) => c.facing)
      const box = withNoses(u, square, facings)
      const plain = here.map((c) => ({ ...c, title: '' }))
      const placed = anchored(at, (p) => sharedCounter(u, here, p, colours), box)
      return {
        ...placed,
        svg: place(placed.svg, here),
        local: { svg: sharedCounter(u, plain, { x: 0, y: 0 }, colours), at, box },
        ...estimated,
      }
    }
    const c = here[0]!
    const colour = colours.get(c.side) ?? OTHER_MARKER.fill
    const box = counterBox(u, c)
    return {
      svg: place(counter(u, c, at, colour), here),
      box: { x0: at.x + box.x0, y0: at.y + box.y0, x1: at.x + box.x1, y1: at.y + box.y1 },
      local: { svg: counter(u, { ...c, title: '' }, { x: 0, y: 0 }, colour), at, box },
      ...estimated,
    }
  })
}
