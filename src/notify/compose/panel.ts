// The table of unit states under the map (damage, ammunition, speed, …), for the rule systems that give
// one (RuleSystem.statusPanel); the others show none. The text email gets it as aligned lines.
import { ruleSystem } from '../../rulesets/index.js'
import type { Locale } from '../../i18n/index.js'

export interface PanelData {
  title: string
  columns: string[]
  rows: string[][]
  /** The table as plain-text lines, the columns padded to the widest cell (East Asian wide characters count 2). */
  text: string[]
}

/** Code point ranges of East Asian wide and full-width characters: two cells each in a monospaced email. */
const WIDE: ReadonlyArray<readonly [number, number]> = [
  [0x1100, 0x115f],
  [0x2e80, 0xa4cf],
  [0xac00, 0xd7a3],
  [0xf900, 0xfaff],
  [0xfe30, 0xfe4f],
  [0xff00, 0xff60],
  [0xffe0, 0xffe6],
  [0x20000, 0x3fffd],
]

/** Display width of a string in a monospaced plain-text email. */
function width(s: string): number {
  let w = 0
  for (const ch of s) {
    const c = ch.codePointAt(0)!
    w += WIDE.some(([from, to]) => c >= from && c <= to) ? 2 : 1
  }
  return w
}

function textLines(columns: string[], rows: string[][]): string[] {
  const widths = columns.map((c, i) => Math.max(width(c), ...rows.map((r) => width(r[i] ?? ''))))
  const line = (cells: string[]) =>
    widths
      .map((w, i) => {
        const cell = cells[i] ?? ''
        return i === widths.length - 1 ? cell : cell + ' '.repeat(w - width(cell))
      })
      .join('  ')
      .trimEnd()
  return [line(columns), ...rows.map(line)]
}

export function statusPanel(system: string, view: unknown, locale: Locale): PanelData | null {
  const panel = ruleSystem(system)?.statusPanel?.(view, locale) ?? null
  if (!panel || panel.rows.length === 0) return null
  return { ...panel, text: textLines(panel.columns, panel.rows) }
}
