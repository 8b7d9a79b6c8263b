// The standings as CSV for spreadsheet programs (RFC 4180): one row per player, every division in one
// sheet. UTF-8 with a byte order mark, or Excel reads Japanese names as mojibake.
import type { SeasonStandings } from './standings-read.js'

/** The byte order mark that tells spreadsheet programs the file is UTF-8. */
export const BOM = '\uFEFF'

/**
 * One field, quoted when it holds a comma, a quote or a line break (quotes doubled). A text starting
 * with = + - @ (or a tab or carriage return) would be run as a formula by a spreadsheet: a leading
 * single quote makes it plain text. Numbers are written as they are (a negative tie-break stays a number).
 */
export function csvField(value: string | number): string {
  if (typeof value === 'number') return String(value)
  const text = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text
}

/** The whole table: a header row, then each division's rows in table order; CRLF line ends. */
export function standingsCsv(s: SeasonStandings): string {
  const header = [
    'division',
    'position',
    'name',
    'played',
    'won',
    'drawn',
    'lost',
    'points',
    ...s.season.tieBreaks,
    'zone',
    'byes',
    'forfeits lost',
    'withdrawn',
  ]
  const lines = [header.map(csvField).join(',')]
  for (const d of s.divisions)
    for (const r of d.rows)
      lines.push(
        [
          d.division,
          r.position,
          r.name,
          r.played,
          r.won,
          r.drawn,
          r.lost,
          r.points,
          ...s.season.tieBreaks.map((t) => r.tieBreaks[t] ?? 0),
          r.zone ?? '',
          r.byes,
          r.forfeitsLost,
          r.withdrawn ? 'withdrawn' : '',
        ]
          .map(csvField)
          .join(','),
      )
  return BOM + lines.join('\r\n') + '\r\n'
}
