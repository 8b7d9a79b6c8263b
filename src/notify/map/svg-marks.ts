// What happened in the last phase: moves as arrows, entries as dashed rings, attacks as dashed
// lines to a ringed target with the result, losses as crossed badges; and units pointed out (a
// moderator's changes) as a bright frame around their counter. Lines and rings go under
// the counters, so a busy phase never hides a unit id or marker; results and badges go over them.
// Every line has a white halo so it stays visible where it crosses lines of its own colour.
import { hexCentre, towards, type Frame, type Point } from './layout.js'
import {
  hexRefKey,
  highlightedCounters,
  type HexMapModel,
  type HexRef,
  type MapArrow,
  type MapAttack,
  type MapLoss,
} from '../../present/map-model.js'
import { anchored, boxAround, type Piece } from './pieces.js'
import { counterSide } from './svg-counters.js'
import { escapeXml, num, textAt, textWidth, widthIsSure } from './svg-text.js'

const HALO = '#ffffff'

function line(a: Point, b: Point, stroke: string, width: number, extra = ''): string {
  return (
    `<path d="M${num(a.x)} ${num(a.y)}L${num(b.x)} ${num(b.y)}" fill="none" stroke="${stroke}" ` +
    `stroke-width="${num(width)}" stroke-linecap="round"${extra}/>`
  )
}

function haloLine(frame: Frame, a: Point, b: Point, colour: string, dash = ''): Piece {
  const w = frame.size * 0.1
  const dashAttr = dash === '' ? '' : ` stroke-dasharray="${dash}"`
  return {
    svg: line(a, b, HALO, w * 2.4, ' stroke-opacity="0.85"') + line(a, b, colour, w, dashAttr),
    box: boxAround([a, b], w * 1.2),
  }
}

function arrowHead(frame: Frame, tip: Point, ux: number, uy: number, colour: string): Piece {
  const len = frame.size * 0.48
  const half = frame.size * 0.26
  const corners = (at: Point) => {
    const base = { x: at.x - ux * len, y: at.y - uy * len }
    return [at, { x: base.x - uy * half, y: base.y + ux * half }, { x: base.x + uy * half, y: base.y - ux * half }]
  }
  const draw = (at: Point) =>
    `<path d="M${corners(at)
      .map((p) => `${num(p.x)} ${num(p.y)}`)
      .join(
        'L',
      )}Z" fill="${colour}" stroke="${HALO}" stroke-width="${num(frame.size * 0.05)}" stroke-linejoin="round"/>`
  // A sharp corner's join reaches past half the stroke width; the whole width is safe.
  return anchored(tip, draw, boxAround(corners({ x: 0, y: 0 }), frame.size * 0.05))
}

function ring(frame: Frame, hex: HexRef, colour: string, dash: string): Piece {
  const r = frame.size * 0.8
  const draw = (c: Point) =>
    `<circle cx="${num(c.x)}" cy="${num(c.y)}" r="${num(r)}" fill="none" stroke="${colour}" ` +
    `stroke-width="${num(frame.size * 0.09)}" stroke-dasharray="${dash}"/>`
  return anchored(hexCentre(frame, hex), draw, boxAround([{ x: 0, y: 0 }], r + frame.size * 0.045))
}

function moveArrow(frame: Frame, a: MapArrow, colour: string): Piece[] {
  if (a.from === null) return []
  const from = hexCentre(frame, a.from)
  const to = hexCentre(frame, a.to)
  const { ux, uy, length } = towards(from, to)
  const gap = counterSide(frame) * 0.55
  if (length < gap * 1.5) return []
  const start = { x: from.x + ux * frame.size * 0.3, y: from.y + uy * frame.size * 0.3 }
  const tip = { x: to.x - ux * gap, y: to.y - uy * gap }
  const shaftEnd = { x: tip.x - ux * frame.size * 0.3, y: tip.y - uy * frame.size * 0.3 }
  return [haloLine(frame, start, shaftEnd, colour), arrowHead(frame, tip, ux, uy, colour)]
}

export function moveArrows(frame: Frame, arrows: readonly MapArrow[], colours: ReadonlyMap<string, string>): Piece[] {
  return arrows.flatMap((a) => moveArrow(frame, a, colours.get(a.side) ?? '#000000'))
}

/** Units that entered the map: a dashed ring, as there is no hex to draw an arrow from. */
export function entryRings(frame: Frame, arrows: readonly MapArrow[], colours: ReadonlyMap<string, string>): Piece[] {
  const dash = `${num(frame.size * 0.2)} ${num(frame.size * 0.14)}`
  return arrows.filter((a) => a.from === null).map((a) => ring(frame, a.to, colours.get(a.side) ?? '#000000', dash))
}

function attackLabel(frame: Frame, hex: HexRef, text: string, colour: string, slot: number): Piece[] {
  if (text === '') return []
  const size = frame.size * 0.34
  const w = textWidth(text, size, true) + size * 0.6
  const h = size * 1.35
  const below = frame.size * 0.62 + slot * (h + 1)
  const draw = (c: Point) =>
    `<rect x="${num(c.x - w / 2)}" y="${num(c.y + below)}" width="${num(w)}" height="${num(h)}" rx="${num(h * 0.3)}" ` +
    `fill="#ffffff" stroke="${colour}" stroke-width="${num(frame.size * 0.05)}"/>` +
    textAt(c.x, c.y + below + h / 2, text, { size, fill: colour, bold: true })
  // The width is an upper estimate of the text's; the box allows for a wider font all the same.
  const piece = anchored(
    hexCentre(frame, hex),
    draw,
    boxAround(
      [
        { x: -w, y: below },
        { x: w, y: below + h },
      ],
      frame.size * 0.05,
    ),
  )
  return [widthIsSure(text) ? piece : { ...piece, estimated: true }]
}

function dashOf(frame: Frame, a: MapAttack): string {
  return a.kind === 'launch'
    ? `${num(frame.size * 0.08)} ${num(frame.size * 0.2)}`
    : `${num(frame.size * 0.32)} ${num(frame.size * 0.2)}`
}

function attackLine(frame: Frame, a: MapAttack, colour: string): Piece[] {
  const to = hexCentre(frame, a.to)
  return a.from.flatMap((h) => {
    const from = hexCentre(frame, h)
    const { ux, uy, length } = towards(from, to)
    const endGap = frame.size * 0.8
    if (length <= endGap) return []
    return [haloLine(frame, from, { x: to.x - ux * endGap, y: to.y - uy * endGap }, colour, dashOf(frame, a))]
  })
}

export function attackLines(
  frame: Frame,
  attacks: readonly MapAttack[],
  colours: ReadonlyMap<string, string>,
): Piece[] {
  return attacks.flatMap((a) => attackLine(frame, a, colours.get(a.side) ?? '#000000'))
}

/** The first attack on a hex rings it. */
export function attackRings(
  frame: Frame,
  attacks: readonly MapAttack[],
  colours: ReadonlyMap<string, string>,
): Piece[] {
  const ringed = new Set<string>()
  return attacks.flatMap((a) => {
    if (ringed.has(hexRefKey(a.to))) return []
    ringed.add(hexRefKey(a.to))
    return [ring(frame, a.to, colours.get(a.side) ?? '#000000', a.kind === 'launch' ? dashOf(frame, a) : 'none')]
  })
}

/** Each attack's result under its target; labels on one target stack downwards. */
export function attackLabels(
  frame: Frame,
  attacks: readonly MapAttack[],
  colours: ReadonlyMap<string, string>,
): Piece[] {
  const slots = new Map<string, number>()
  return attacks.flatMap((a) => {
    const slot = slots.get(hexRefKey(a.to)) ?? 0
    slots.set(hexRefKey(a.to), slot + 1)
    return attackLabel(frame, a.to, a.label, colours.get(a.side) ?? '#000000', slot)
  })
}

/** A small crossed disc at the top left of the hex: a unit of that side was lost there. */
export function lossMarks(frame: Frame, losses: readonly MapLoss[], colours: ReadonlyMap<string, string>): Piece[] {
  const r = frame.size * 0.25
  const d = r * 0.55
  return losses.map((l) => {
    const c = hexCentre(frame, l.hex)
    const draw = (at: Point) => {
      const cross =
        `M${num(at.x - d)} ${num(at.y - d)}L${num(at.x + d)} ${num(at.y + d)}` +
        `M${num(at.x - d)} ${num(at.y + d)}L${num(at.x + d)} ${num(at.y - d)}`
      return (
        `<circle cx="${num(at.x)}" cy="${num(at.y)}" r="${num(r)}" fill="${colours.get(l.side) ?? '#000000'}" ` +
        `stroke="#ffffff" stroke-width="${num(frame.size * 0.04)}"/>` +
        `<path d="${cross}" stroke="#ffffff" stroke-width="${num(frame.size * 0.07)}" stroke-linecap="round"/>`
      )
    }
    return anchored(
      { x: c.x - frame.size * 0.62, y: c.y - frame.size * 0.3 },
      draw,
      boxAround([{ x: 0, y: 0 }], r + frame.size * 0.02),
    )
  })
}

/** The colour of a highlight's frame: a magenta no side's palette uses. */
export const HIGHLIGHT_COLOUR = '#e0107f'
/** The class of a highlight's frame in the SVG; its data-units attribute lists the units it points out. */
export const HIGHLIGHT_CLASS = 'map-highlight'

/**
 * A rounded frame just outside the counter of each highlighted unit (one per hex), with a white halo so
 * it stands out on any terrain and on the side's colour. Drawn over the counters, it covers no text.
 */
export function highlightFrames(frame: Frame, model: HexMapModel): Piece[] {
  const wanted = new Set(model.highlight?.units ?? [])
  const byHex = new Map<string, { hex: HexRef; units: string[] }>()
  for (const c of highlightedCounters(model)) {
    const entry = byHex.get(hexRefKey(c.hex)) ?? { hex: c.hex, units: [] }
    entry.units.push(...c.units.map((u) => u.label).filter((l) => wanted.has(l)))
    byHex.set(hexRefKey(c.hex), entry)
  }
  const half = counterSide(frame) / 2 + frame.size * 0.16
  const stroke = frame.size * 0.12
  return [...byHex.values()].map(({ hex, units }) => {
    const square = (c: Point, colour: string, width: number, extra: string) =>
      `<rect x="${num(c.x - half)}" y="${num(c.y - half)}" width="${num(half * 2)}" height="${num(half * 2)}" ` +
      `rx="${num(frame.size * 0.18)}" fill="none" stroke="${colour}" stroke-width="${num(width)}"${extra}/>`
    const draw = (c: Point) =>
      `<g class="${HIGHLIGHT_CLASS}" data-units="${escapeXml(units.join(' '))}">` +
      square(c, HALO, stroke * 2.2, ' stroke-opacity="0.9"') +
      square(c, HIGHLIGHT_COLOUR, stroke, '') +
      '</g>'
    return anchored(hexCentre(frame, hex), draw, boxAround([{ x: 0, y: 0 }], half + stroke * 1.2))
  })
}
