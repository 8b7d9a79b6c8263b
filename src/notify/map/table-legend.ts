// The title lines above a table picture and the legend below it, in the hex legend's style (svg-legend.ts):
// a sample, then its words, flowing left to right and wrapping. Only what the picture uses is listed, and
// a scale bar ends it: on a table without hexes the reader measures with it.
import type { TableMapModel } from '../../present/map-model.js'
import type { Point } from './layout.js'
import type { Piece } from './pieces.js'
import { markerStyle } from './svg-counters.js'
import { HIGHLIGHT_COLOUR } from './svg-marks.js'
import { fitFontSize, fitText, num, textAt, textWidth } from './svg-text.js'
import { TABLE_BAND, type TableFrame } from './table-layout.js'

export const TABLE_INK = '#1b2129'
const NEUTRAL = '#3b4552'
/** Legend text, in pixels (11 or more: legible in an email). */
const SIZE = 11
const LINE = 20
/** The band between the table's lower inch labels and the legend. */
const GAP_ABOVE = 6

export const TERRAIN_STYLE = {
  impassable: { fill: '#5d636b', stroke: '#3a3f45' },
  rough: { fill: '#d3e5c1', stroke: '#5f8a45', hatch: '#6f9a55' },
  open: { fill: '#ebe6d6', stroke: '#8c8470' },
  sightStroke: '#20252b',
} as const

interface LegendItem {
  /** Width of the sample, in legend sizes. */
  sample: number
  draw: (at: Point, size: number) => string
  text: string
}

function square(at: Point, side: number, fill: string, stroke: string, extra = ''): string {
  return (
    `<rect x="${num(at.x)}" y="${num(at.y - side / 2)}" width="${num(side)}" height="${num(side)}" ` +
    `fill="${fill}" stroke="${stroke}"${extra}/>`
  )
}

function sampleLine(at: Point, length: number, dash: string): string {
  return (
    `<path d="M${num(at.x)} ${num(at.y)}L${num(at.x + length)} ${num(at.y)}" stroke="${NEUTRAL}" ` +
    `stroke-width="2" stroke-linecap="round"${dash === '' ? '' : ` stroke-dasharray="${dash}"`}/>`
  )
}

function sideItems(model: TableMapModel): LegendItem[] {
  return model.sides.map((s) => ({
    sample: 1,
    text: `${s.name} (${s.id})${s.viewer ? ' — you' : ''}`,
    draw: (at, size) =>
      `<circle cx="${num(at.x + size / 2)}" cy="${num(at.y)}" r="${num(size / 2)}" fill="${s.colour}" ` +
      `stroke="${TABLE_INK}"/>`,
  }))
}

/** The last phase's marks, each with whether the picture has one. */
function markItems(model: TableMapModel): Array<[boolean, LegendItem]> {
  return [
    [
      model.paths.length > 0,
      {
        sample: 1.6,
        text: 'moved',
        draw: (at, size) =>
          sampleLine(at, size * 1.1, '') +
          `<path d="M${num(at.x + size * 1.6)} ${num(at.y)}L${num(at.x + size * 1.05)} ${num(at.y - size * 0.3)}` +
          `L${num(at.x + size * 1.05)} ${num(at.y + size * 0.3)}Z" fill="${NEUTRAL}"/>`,
      },
    ],
    [
      model.fire.some((f) => f.hit),
      { sample: 1.6, text: 'fire: hit', draw: (at, size) => sampleLine(at, size * 1.6, '') },
    ],
    [
      model.fire.some((f) => !f.hit),
      { sample: 1.6, text: 'fire: miss', draw: (at, size) => sampleLine(at, size * 1.6, '4 3') },
    ],
    [
      model.ranges.length > 0,
      {
        sample: 1,
        text: 'move range',
        draw: (at, size) =>
          `<circle cx="${num(at.x + size / 2)}" cy="${num(at.y)}" r="${num(size * 0.45)}" fill="none" ` +
          `stroke="${NEUTRAL}" stroke-width="1.5" stroke-dasharray="3 2"/>`,
      },
    ],
  ]
}

/** Losses and dropped items, each with whether the picture has one. */
function leftItems(model: TableMapModel): Array<[boolean, LegendItem]> {
  return [
    [
      model.losses.length > 0,
      {
        sample: 1,
        text: 'lost',
        draw: (at, size) =>
          `<path d="M${num(at.x + size * 0.1)} ${num(at.y - size * 0.4)}l${num(size * 0.8)} ${num(size * 0.8)}` +
          `m0 ${num(-size * 0.8)}l${num(-size * 0.8)} ${num(size * 0.8)}" stroke="${NEUTRAL}" stroke-width="2.4"/>`,
      },
    ],
    [
      model.objects.length > 0,
      {
        sample: 1,
        text: 'item on the table',
        draw: (at, size) => square({ x: at.x + size * 0.15, y: at.y }, size * 0.7, '#ffffff', TABLE_INK),
      },
    ],
  ]
}

/** The scenario's terrain and zones, each with whether the table has some. */
function terrainItems(model: TableMapModel): Array<[boolean, LegendItem]> {
  const terrain = (move: string) => model.terrain.some((t) => t.move === move)
  const { impassable, rough, sightStroke } = TERRAIN_STYLE
  return [
    [
      terrain('impassable'),
      { sample: 1, text: 'impassable', draw: (at, size) => square(at, size, impassable.fill, impassable.stroke) },
    ],
    [
      terrain('rough'),
      {
        sample: 1,
        text: 'rough',
        draw: (at, size) =>
          square(at, size, rough.fill, rough.stroke) +
          `<path d="M${num(at.x)} ${num(at.y + size / 2)}l${num(size)} ${num(-size)}" stroke="${rough.hatch}"/>`,
      },
    ],
    [
      model.terrain.some((t) => t.blocksLOS),
      {
        sample: 1,
        text: 'blocks sight',
        draw: (at, size) => square(at, size, '#ffffff', sightStroke, ' stroke-width="2.4"'),
      },
    ],
    [
      model.zones.length > 0,
      {
        sample: 1,
        text: 'deployment zone',
        draw: (at, size) => square(at, size, NEUTRAL, NEUTRAL, ' fill-opacity="0.15" stroke-dasharray="3 2"'),
      },
    ],
  ]
}

/** The markers the discs carry, and the highlight's ring. */
function keyItems(model: TableMapModel): LegendItem[] {
  const items: LegendItem[] = (model.markerKey ?? [])
    .filter(({ marker }) => model.discs.some((d) => d.markers.includes(marker)))
    .map(({ marker, text }) => {
      const style = markerStyle(marker)
      return {
        sample: 1,
        text,
        draw: (at, size) =>
          square(at, size, style.fill, TABLE_INK) +
          textAt(at.x + size / 2, at.y, marker, {
            size: fitFontSize(marker, size * 0.8, size * 0.9, true),
            fill: style.text,
            bold: true,
          }),
      }
    })
  if (model.highlight && model.highlight.units.length > 0)
    items.push({
      sample: 1,
      text: model.highlight.text,
      draw: (at, size) =>
        `<circle cx="${num(at.x + size / 2)}" cy="${num(at.y)}" r="${num(size * 0.45)}" fill="none" ` +
        `stroke="${HIGHLIGHT_COLOUR}" stroke-width="2.4"/>`,
    })
  return items
}

/** The scale bar: six inches at the picture's own scale, ticked at each inch. */
function scaleItem(frame: TableFrame): LegendItem {
  const bar = 6 * frame.pxPerInch
  return {
    sample: bar / SIZE,
    text: '6 inches',
    draw: (at, size) => {
      const ticks = Array.from({ length: 7 }, (_, i) => {
        const x = at.x + i * frame.pxPerInch
        const h = i % 6 === 0 ? size * 0.45 : size * 0.2
        return `M${num(x)} ${num(at.y - h)}V${num(at.y)}`
      }).join('')
      return (
        `<path d="M${num(at.x)} ${num(at.y)}H${num(at.x + bar)}${ticks}" fill="none" stroke="${TABLE_INK}" ` +
        `stroke-width="1.4"/>`
      )
    },
  }
}

function legendItems(model: TableMapModel, frame: TableFrame): LegendItem[] {
  const used = [...markItems(model), ...leftItems(model), ...terrainItems(model)]
    .filter(([u]) => u)
    .map(([, item]) => item)
  return [...sideItems(model), ...used, ...keyItems(model), scaleItem(frame)]
}

/** Lines of items that fit the picture's width. */
function legendLines(frame: TableFrame, model: TableMapModel): Array<Array<{ item: LegendItem; x: number }>> {
  const gap = SIZE * 1.6
  const maxX = frame.width - TABLE_BAND
  const lines: Array<Array<{ item: LegendItem; x: number }>> = [[]]
  let x = TABLE_BAND
  for (const item of legendItems(model, frame)) {
    const width = item.sample * SIZE + SIZE * 0.5 + textWidth(item.text, SIZE)
    if (x + width > maxX && lines[lines.length - 1]!.length > 0) {
      lines.push([])
      x = TABLE_BAND
    }
    lines[lines.length - 1]!.push({ item, x })
    x += width + gap
  }
  return lines
}

/** The legend's height for a picture as wide as `frame` (only its width and scale are read). */
export function tableLegendHeight(frame: TableFrame, model: TableMapModel): number {
  return GAP_ABOVE + legendLines(frame, model).length * LINE + 6
}

/** The legend: one piece, the band under the table's lower inch labels. */
export function tableLegend(frame: TableFrame, model: TableMapModel): Piece {
  const top = frame.bottom + TABLE_BAND + GAP_ABOVE
  const out: string[] = []
  legendLines(frame, model).forEach((line, i) => {
    const y = top + (i + 0.5) * LINE
    for (const { item, x } of line) {
      out.push(item.draw({ x, y }, SIZE * 0.95))
      out.push(
        textAt(x + item.sample * SIZE + SIZE * 0.5, y, item.text, { size: SIZE, fill: TABLE_INK, anchor: 'start' }),
      )
    }
  })
  return { svg: out.join(''), box: { x0: 0, y0: top - 2, x1: frame.width, y1: frame.height }, estimated: true }
}

/** The title lines: one piece, the band above the table's upper edge. */
export function tableHeader(frame: TableFrame, model: TableMapModel): Piece {
  const width = frame.width - 2 * TABLE_BAND
  const titleSize = 15
  const subSize = 12
  return {
    svg:
      textAt(TABLE_BAND, 15, fitText(model.title, titleSize, width, true), {
        size: titleSize,
        fill: TABLE_INK,
        bold: true,
        anchor: 'start',
      }) +
      textAt(TABLE_BAND, 35, fitText(model.subtitle, subSize, width), {
        size: subSize,
        fill: NEUTRAL,
        anchor: 'start',
      }),
    box: { x0: 0, y0: 0, x1: frame.width, y1: 44 },
    estimated: true,
  }
}
