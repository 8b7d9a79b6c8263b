// What the player wrote in a reply, without what their mail client added: the quoted notification, its
// attribution line, Outlook's original-message block, the signature and mobile footers. Orders may be
// written above the quote (top-posting), below it (bottom-posting) or between quoted parts.
import {
  attributionAt,
  isBlank,
  isMobileFooter,
  isOriginalMessageStart,
  isQuoteAhead,
  isQuoted,
  isSignatureSeparator,
} from './strip-markers.js'

function trimBlankLines(lines: string[]): string[] {
  let start = 0
  let end = lines.length
  while (start < end && lines[start] === '') start++
  while (end > start && lines[end - 1] === '') end--
  return lines.slice(start, end)
}

export function stripQuoted(text: string): string {
  // Trailing whitespace is dropped per line: it is invisible, and it is what tells "-- " from "--".
  const lines = text
    .replace(/\r\n?/g, '\n')
    .split('\n')
    .map((line) => line.trimEnd())
  const kept: string[] = []
  // Set while lines are being dropped, so the blank lines around a removed block collapse to one
  // instead of piling up; the player's own blank lines elsewhere stay as written.
  let removed = false
  for (let i = 0; i < lines.length;) {
    const line = lines[i] ?? ''
    if (isSignatureSeparator(line) || isOriginalMessageStart(lines, i)) break
    if (isQuoted(line) || isMobileFooter(line)) {
      removed = true
      i++
      continue
    }
    const attribution = attributionAt(lines, i)
    if (attribution !== null) {
      if (isQuoteAhead(lines, i + attribution.lines)) {
        removed = true
        i += attribution.lines
        continue
      }
      if (attribution.strong) break
    }
    if (isBlank(line)) {
      if (!(removed && (kept.length === 0 || kept[kept.length - 1] === ''))) kept.push('')
    } else {
      kept.push(line)
      removed = false
    }
    i++
  }
  return trimBlankLines(kept).join('\n')
}
