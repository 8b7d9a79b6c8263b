// Counters: a square in the side's colour with the unit's id and type, the stack size in a
// badge, and status markers (C/D morale) along the bottom edge.
import { hexCentre, type Frame, type Point } from './layout.js'
import { hexRefKey, type MapCounter } from './model.js'
import type { Box, Piece } from './pieces.js'
import { fitFontSize, num, textAt, widthIsSure } from './svg-text.js'
import { titleTag } from './svg-grid.js'

const INK = '#1b2129'

/** Marker colours: C (confused) amber, D (disordered) dark red; anything else grey. */
const MARKER_STYLES: Record<string, { fill: string; text: string }> = {
  C: { fill: '#f4c430', text: INK },
  D: { fill: '#7d1111', text: '#ffffff' },
}
const OTHER_MARKER = { fill: '#5b6573', text: '#ffffff' }

/** Counter side in hex radii: the square's corners stay inside the hex. */
const COUNTER_SIDE = 1.18

export function counterSide(frame: Frame): number {
  return frame.size * COUNTER_SIDE
}

/** Light tint of a #rrggbb colour: a flipped counter keeps its side's hue but reads as "used". */
export function tint(colour: string, amount: number): string {
  const channels = [1, 3, 5].map((i) => parseInt(colour.slice(i, i + 2), 16))
  return `#${channels.map((c) => Math.round(c + (255 - c) * amount).toString(16).padStart(2, '0')).join('')}`
}

/** Counters of several sides in one hex (close combat, a missile among enemies) step aside from each other. */
function placements(frame: Frame, counters: readonly MapCounter[]): Map<MapCounter, { at: Point; scale: number }> {
  const byHex = new Map<string, MapCounter[]>()
  for (const c of counters) {
    const list = byHex.get(hexRefKey(c.hex))
    if (list) list.push(c)
    else byHex.set(hexRefKey(c.hex), [c])
  }
  const out = new Map<MapCounter, { at: Point; scale: number }>()
  for (const list of byHex.values()) {
    const scale = list.length > 1 ? 0.66 : 1
    list.forEach((c, i) => {
      const centre = hexCentre(frame, c.hex)
      const shift = i - (list.length - 1) / 2
      out.set(c, { at: { x: centre.x + shift * frame.size * 0.6, y: centre.y + shift * frame.size * 0.24 }, scale })
    })
  }
  return out
}

// Drawing below is in units of `u`: the hex radius, smaller for counters sharing a hex.

function badge(u: number, at: Point, text: string): string {
  const r = u * 0.29
  return `<circle cx="${num(at.x)}" cy="${num(at.y)}" r="${num(r)}" fill="#ffffff" stroke="${INK}" stroke-width="${num(u * 0.04)}"/>` +
    textAt(at.x, at.y, text, { size: fitFontSize(text, u * 0.38, r * 1.8, true), fill: INK, bold: true })
}

function markers(u: number, topLeft: Point, side: number, list: readonly string[]): string {
  const box = u * 0.4
  return list.map((m, i) => {
    const style = MARKER_STYLES[m] ?? OTHER_MARKER
    const x = topLeft.x - box * 0.25 + i * (box + 1)
    const y = topLeft.y + side - box * 0.75
    return `<rect x="${num(x)}" y="${num(y)}" width="${num(box)}" height="${num(box)}" fill="${style.fill}" stroke="${INK}" stroke-width="${num(u * 0.03)}"/>` +
      textAt(x + box / 2, y + box / 2, m, { size: fitFontSize(m, box * 0.8, box * 0.9, true), fill: style.text, bold: true })
  }).join('')
}

function counter(u: number, c: MapCounter, at: Point, colour: string): string {
  const side = u * COUNTER_SIDE
  const left = at.x - side / 2
  const top = at.y - side / 2
  const fill = c.flipped ? tint(colour, 0.62) : colour
  const ink = c.flipped ? INK : '#ffffff'
  const body = `<rect x="${num(left)}" y="${num(top)}" width="${num(side)}" height="${num(side)}" rx="${num(side * 0.08)}" fill="${fill}" stroke="${c.flipped ? colour : INK}" stroke-width="${num(u * (c.flipped ? 0.08 : 0.04))}"/>`
  const label = textAt(at.x, at.y - side * 0.1, c.label, { size: fitFontSize(c.label, u * 0.4, side * 0.9, true), fill: ink, bold: true })
  const sub = c.sublabel === '' ? '' : textAt(at.x, at.y + side * 0.27, c.sublabel, { size: fitFontSize(c.sublabel, u * 0.26, side * 0.9), fill: ink })
  const stack = c.stack > 1 ? badge(u, { x: left + side, y: top }, String(c.stack)) : ''
  return `<g>${titleTag(c.title)}${body}${label}${sub}${stack}${markers(u, { x: left, y: top }, side, c.markers)}</g>`
}

/** What counter() paints around its centre: the square, the badge over its top right corner, the markers below. */
function counterBox(u: number, c: MapCounter): Box {
  const half = (u * COUNTER_SIDE) / 2
  const badge = half + u * 0.29 + u * 0.02
  const box = u * 0.4
  const markerRight = -half - box * 0.25 + c.markers.length * (box + 1) + u * 0.015
  const edge = u * 0.04 // the flipped counter's wider stroke, half of it
  return { x0: -half - box * 0.25 - edge, y0: -badge, x1: Math.max(badge, markerRight), y1: half + box * 0.25 + edge }
}

export function counters(frame: Frame, list: readonly MapCounter[], colours: ReadonlyMap<string, string>): Piece[] {
  const placed = placements(frame, list)
  return list.map((c) => {
    const { at, scale } = placed.get(c)!
    const u = frame.size * scale
    const colour = colours.get(c.side) ?? OTHER_MARKER.fill
    const box = counterBox(u, c)
    return {
      svg: counter(u, c, at, colour),
      box: { x0: at.x + box.x0, y0: at.y + box.y0, x1: at.x + box.x1, y1: at.y + box.y1 },
      local: { svg: counter(u, { ...c, title: '' }, { x: 0, y: 0 }, colour), at, box },
      ...(widthIsSure(c.label + c.sublabel + c.markers.join('')) ? {} : { estimated: true }),
    }
  })
}
