// The title lines above the map and the legend below it. The legend flows left to right and
// wraps, so a narrow map gets more lines rather than text cut off at the edge.
import type { Frame, Point } from './layout.js'
import type { HexMapModel } from '../../present/map-model.js'
import type { Piece } from './pieces.js'
import { markerStyle, tint } from './svg-counters.js'
import { HIGHLIGHT_COLOUR } from './svg-marks.js'
import { COLOURS } from './svg-grid.js'
import { fitFontSize, fitText, num, textAt, textWidth } from './svg-text.js'

const INK = '#1b2129'

interface LegendItem {
  /** Width of the sample drawn left of the text. */
  sample: number
  draw: (at: Point, size: number) => string
  text: string
}

function square(at: Point, side: number, fill: string, stroke: string, strokeWidth = 1, extra = ''): string {
  return (
    `<rect x="${num(at.x)}" y="${num(at.y - side / 2)}" width="${num(side)}" height="${num(side)}" ` +
    `fill="${fill}" stroke="${stroke}" stroke-width="${num(strokeWidth)}"${extra}/>`
  )
}

function sampleLine(at: Point, length: number, colour: string, dash: string): string {
  const dashes = dash === '' ? '' : ` stroke-dasharray="${dash}"`
  return (
    `<path d="M${num(at.x)} ${num(at.y)}L${num(at.x + length)} ${num(at.y)}" ` +
    `stroke="${colour}" stroke-width="2.4" stroke-linecap="round"${dashes}/>`
  )
}

/** What the highlight's frame means, when the picture has one. */
function highlightItems(model: HexMapModel): LegendItem[] {
  // Asked of the whole model's highlight: the legend is drawn under the last panel, which may not hold the frame.
  if (!model.highlight || model.highlight.units.length === 0) return []
  return [
    {
      sample: 1,
      text: model.highlight.text,
      draw: (at, size) =>
        `<rect x="${num(at.x + size * 0.05)}" y="${num(at.y - size * 0.45)}" width="${num(size * 0.9)}" ` +
        `height="${num(size * 0.9)}" rx="${num(size * 0.18)}" fill="none" stroke="${HIGHLIGHT_COLOUR}" ` +
        'stroke-width="2.4"/>',
    },
  ]
}

function legendItems(model: HexMapModel): LegendItem[] {
  return [...commonItems(model), ...highlightItems(model)]
}

function commonItems(model: HexMapModel): LegendItem[] {
  const sides: LegendItem[] = model.sides.map((s) => ({
    sample: 1,
    draw: (at, size) => square(at, size, s.colour, INK),
    text: `${s.name} (${s.id})${s.viewer ? ' — you' : ''}`,
  }))
  const neutral = '#3b4552'
  const items: LegendItem[] = [
    ...sides,
    {
      sample: 1.6,
      text: 'moved',
      draw: (at, size) =>
        sampleLine(at, size * 1.1, neutral, '') +
        `<path d="M${num(at.x + size * 1.6)} ${num(at.y)}` +
        `L${num(at.x + size * 1.05)} ${num(at.y - size * 0.3)}` +
        `L${num(at.x + size * 1.05)} ${num(at.y + size * 0.3)}Z" fill="${neutral}"/>`,
    },
    {
      sample: 1,
      text: 'entered',
      draw: (at, size) =>
        `<circle cx="${num(at.x + size / 2)}" cy="${num(at.y)}" r="${num(size * 0.45)}" ` +
        `fill="none" stroke="${neutral}" stroke-width="2" stroke-dasharray="3 2"/>`,
    },
    { sample: 1.6, text: 'attack (odds, result)', draw: (at, size) => sampleLine(at, size * 1.6, neutral, '5 3') },
    {
      sample: 1,
      text: 'lost',
      draw: (at, size) =>
        `<circle cx="${num(at.x + size / 2)}" cy="${num(at.y)}" r="${num(size / 2)}" fill="${neutral}"/>` +
        `<path d="M${num(at.x + size * 0.25)} ${num(at.y - size * 0.25)}` +
        `l${num(size / 2)} ${num(size / 2)}m0 ${num(-size / 2)}l${num(-size / 2)} ${num(size / 2)}" ` +
        'stroke="#ffffff" stroke-width="1.6"/>',
    },
    {
      sample: 2.1,
      text: 'morale',
      draw: (at, size) =>
        square(at, size, '#f4c430', INK) +
        textAt(at.x + size / 2, at.y, 'C', { size: size * 0.8, fill: INK, bold: true }) +
        square({ x: at.x + size * 1.1, y: at.y }, size, '#7d1111', INK) +
        textAt(at.x + size * 1.6, at.y, 'D', { size: size * 0.8, fill: '#ffffff', bold: true }),
    },
    {
      sample: 1,
      text: 'stack size',
      draw: (at, size) =>
        `<circle cx="${num(at.x + size / 2)}" cy="${num(at.y)}" r="${num(size / 2)}" fill="#ffffff" stroke="${INK}"/>` +
        textAt(at.x + size / 2, at.y, '3', { size: size * 0.75, fill: INK, bold: true }),
    },
    { sample: 1, text: 'used (flipped)', draw: (at, size) => square(at, size, tint('#5b6573', 0.62), '#5b6573', 2) },
    { sample: 1, text: 'fortress', draw: (at, size) => square(at, size, COLOURS.fortress, COLOURS.grid) },
  ]
  const screen = model.screens[0]
  if (model.markerKey) return keyedItems(model, items)
  if (screen)
    items.push({
      sample: 1,
      text: `${screen.label} screen`,
      draw: (at, size) => square(at, size, COLOURS.screen, COLOURS.screen, 1, ' fill-opacity="0.25"'),
    })
  return items
}

/** A legend for rules with their own markers: the marks the model has, then each marker, then facing. */
function keyedItems(model: HexMapModel, common: readonly LegendItem[]): LegendItem[] {
  const uses: Record<string, boolean> = {
    entered: model.arrows.some((a) => a.from === null),
    morale: false,
    'stack size': model.counters.some((c) => c.units.length > 1),
    'used (flipped)': model.counters.some((c) => c.flipped),
    fortress: model.hexes.some((h) => h.tags.includes('fortress')),
  }
  const markers: LegendItem[] = (model.markerKey ?? []).map(({ marker, text }) => {
    const style = markerStyle(marker)
    return {
      sample: 1,
      text,
      draw: (at, size) =>
        square(at, size, style.fill, INK) +
        textAt(at.x + size / 2, at.y, marker, {
          size: fitFontSize(marker, size * 0.8, size * 0.9, true),
          fill: style.text,
          bold: true,
        }),
    }
  })
  const facing: LegendItem[] = model.counters.some((c) => c.facing !== undefined)
    ? [
        {
          sample: 1.3,
          text: 'facing',
          draw: (at, size) =>
            `<path d="M${num(at.x + size * 1.3)} ${num(at.y)}L${num(at.x + size * 0.7)} ${num(at.y - size * 0.35)}` +
            `L${num(at.x + size * 0.7)} ${num(at.y + size * 0.35)}Z" fill="#5b6573" stroke="${INK}"/>` +
            square(at, size, '#5b6573', INK),
        },
      ]
    : []
  // Hex tags the other systems do not use: obstacles and deployment areas, shown only when the map has them.
  const terrain: LegendItem[] = [
    { tag: 'obstacle', text: 'obstacle', colour: COLOURS.obstacle },
    { tag: 'deploy', text: 'deployment area', colour: COLOURS.deploy },
  ]
    .filter((t) => model.hexes.some((h) => h.tags.includes(t.tag)))
    .map((t) => ({ sample: 1, text: t.text, draw: (at, size) => square(at, size, t.colour, COLOURS.grid) }))
  return [...common.filter((i) => uses[i.text] !== false), ...terrain, ...markers, ...facing]
}

function fontSize(frame: Frame): number {
  return frame.size * 0.46
}

function lineHeight(frame: Frame): number {
  return fontSize(frame) * 1.9
}

/** Lines of items that fit the picture's width. */
function legendLines(frame: Frame, model: HexMapModel): Array<Array<{ item: LegendItem; x: number }>> {
  const size = fontSize(frame)
  const gap = size * 1.6
  const maxX = frame.width - frame.gridLeft
  const lines: Array<Array<{ item: LegendItem; x: number }>> = [[]]
  let x = frame.gridLeft
  for (const item of legendItems(model)) {
    const width = item.sample * size + size * 0.5 + textWidth(item.text, size)
    if (x + width > maxX && lines[lines.length - 1]!.length > 0) {
      lines.push([])
      x = frame.gridLeft
    }
    lines[lines.length - 1]!.push({ item, x })
    x += width + gap
  }
  return lines
}

export function legendHeight(frame: Frame, model: HexMapModel): number {
  return legendLines(frame, model).length * lineHeight(frame) + frame.size * 0.3
}

/** The legend: one piece, the band under the map. */
export function legend(frame: Frame, model: HexMapModel): Piece {
  const size = fontSize(frame)
  const top = frame.gridBottom + frame.size * 0.85
  const out: string[] = []
  legendLines(frame, model).forEach((line, i) => {
    const y = top + (i + 0.5) * lineHeight(frame)
    for (const { item, x } of line) {
      const sampleSize = size * 0.95
      out.push(item.draw({ x, y }, sampleSize))
      out.push(textAt(x + item.sample * size + size * 0.5, y, item.text, { size, fill: INK, anchor: 'start' }))
    }
  })
  return {
    svg: out.join(''),
    box: { x0: 0, y0: top - frame.size * 0.2, x1: frame.width, y1: frame.height },
    estimated: true,
  }
}

/** The title lines: one piece, the band above the edge coordinates. */
export function header(frame: Frame, model: HexMapModel): Piece {
  const width = frame.width - 2 * frame.gridLeft
  const titleSize = frame.size * 0.64
  const subSize = frame.size * 0.48
  return {
    svg:
      textAt(frame.gridLeft, frame.size * 0.7, fitText(model.title, titleSize, width, true), {
        size: titleSize,
        fill: INK,
        bold: true,
        anchor: 'start',
      }) +
      textAt(frame.gridLeft, frame.size * 1.5, fitText(model.subtitle, subSize, width), {
        size: subSize,
        fill: '#3b4552',
        anchor: 'start',
      }),
    box: { x0: 0, y0: 0, x1: frame.width, y1: frame.size * 1.5 + subSize * 0.7 },
    estimated: true,
  }
}
