// Plain-text layout after rendering: long lines wrap at word boundaries with a hanging indent, so
// a list item stays readable in a narrow mail client. Lines marked VERBATIM (order lines a player
// may copy into a reply) and words longer than the width (links) are never broken.

/** Marks a line that must stay whole; removed from the output. */
export const VERBATIM = '\u0001'
/** A space the wrapper must not break at (inside a date); a plain space in the output. */
export const GLUE = '\u0002'

const BULLET = /^(\s*(?:[-*•]|\d+[.)])?\s*)/

function wrapLine(line: string, width: number): string[] {
  if (line.includes(VERBATIM)) return [line.split(VERBATIM).join('')]
  if (line.length <= width) return [line]
  const prefix = BULLET.exec(line)?.[1] ?? ''
  const indent = ' '.repeat(prefix.length)
  const words = line.slice(prefix.length).split(/ +/).filter(Boolean)
  const out: string[] = []
  let current = prefix
  let empty = true
  for (const word of words) {
    if (!empty && current.length + 1 + word.length > width) {
      out.push(current)
      current = indent
      empty = true
    }
    current += empty ? word : ` ${word}`
    empty = false
  }
  out.push(current)
  return out
}

/** Wraps every line to `width`, trims trailing spaces and keeps at most one blank line in a row. */
export function wrapText(text: string, width = 72): string {
  // "-- " (with its space) is the signature delimiter mail clients recognise; keep it whole.
  const lines = text
    .split(/\r?\n/)
    .flatMap((line) => (line === '-- ' ? [line] : wrapLine(line.replace(/\s+$/, ''), width)))
  const out: string[] = []
  for (const line of lines) {
    if (line === '' && (out.length === 0 || out[out.length - 1] === '')) continue
    out.push(line)
  }
  while (out.length && out[out.length - 1] === '') out.pop()
  return `${out.join('\n').split(GLUE).join(' ')}\n`
}

/** One line, for a subject: markers removed, any run of whitespace one space. */
export function oneLine(text: string): string {
  return text.split(VERBATIM).join('').split(GLUE).join(' ').replace(/\s+/g, ' ').trim()
}
