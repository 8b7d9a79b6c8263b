// Plain-text layout after rendering: long lines wrap at word boundaries with a hanging indent, so
// a list item stays readable in a narrow mail client. Lines marked VERBATIM (order lines a player
// may copy into a reply) and words longer than the width (links) are never broken.

/** Marks a line that must stay whole; removed from the output. */
export const VERBATIM = '\u0001'
/** A space the wrapper must not break at (inside a date); a plain space in the output. */
export const GLUE = '\u0002'

const BULLET = /^(\s*(?:[-*•]|\d+[.)])?\s*)/

// East Asian wide and fullwidth characters: two columns in a monospaced mail client.
const WIDE = new RegExp(
  '[\\u1100-\\u115f\\u2e80-\\u303e\\u3041-\\u33ff\\u3400-\\u4dbf\\u4e00-\\u9fff' +
    '\\ua000-\\ua4cf\\uac00-\\ud7a3\\uf900-\\ufaff\\ufe30-\\ufe4f\\uff00-\\uff60\\uffe0-\\uffe6]',
)
// Japanese line-breaking rules (kinsoku): these never start a line, and those never end one.
const NO_START = new Set([...'、。，．,.)]}」』】〕）！？：；!?:;ー・々ぁぃぅぇぉっゃゅょァィゥェォッャュョ'])
const NO_END = new Set([...'(「『【〔［［{（'])

/** Whether every UTF-16 unit of `text` is below the first wide character (so no surrogate halves either). */
function narrowOnly(text: string): boolean {
  for (let i = 0; i < text.length; i++) if (text.charCodeAt(i) >= 0x1100) return false
  return true
}

/** Columns `text` takes: a wide character counts two. */
export function displayWidth(text: string): number {
  // One column per unit: the common case, without a regular expression per character.
  if (narrowOnly(text)) return text.length
  let n = 0
  for (const ch of text) n += WIDE.test(ch) ? 2 : 1
  return n
}

/**
 * A space-separated word cut where a line may break inside it: between two characters when either is
 * wide (Japanese has no spaces), unless the kinsoku rules forbid it. A word without wide characters
 * stays whole.
 */
function pieces(word: string): string[] {
  // No wide character: no break inside the word.
  if (narrowOnly(word)) return word ? [word] : []
  const chars = [...word]
  const out: string[] = []
  let current = ''
  chars.forEach((ch, i) => {
    const prev = chars[i - 1]
    if (
      prev !== undefined &&
      (WIDE.test(prev) || WIDE.test(ch)) &&
      !NO_START.has(ch) &&
      !NO_END.has(prev) &&
      current !== ''
    ) {
      out.push(current)
      current = ''
    }
    current += ch
  })
  if (current) out.push(current)
  return out
}

function wrapLine(line: string, width: number): string[] {
  if (line.includes(VERBATIM)) return [line.split(VERBATIM).join('')]
  if (displayWidth(line) <= width) return [line]
  const prefix = BULLET.exec(line)?.[1] ?? ''
  const indent = ' '.repeat(prefix.length)
  const words = line.slice(prefix.length).split(/ +/).filter(Boolean)
  const out: string[] = []
  let current = prefix
  // The columns `current` takes, kept as it grows rather than counted again for each piece.
  let columns = displayWidth(prefix)
  let empty = true
  for (const word of words)
    pieces(word).forEach((piece, i) => {
      // The first piece of a word follows a space; the others join the piece before them.
      const gap = i === 0 ? 1 : 0
      const size = displayWidth(piece)
      if (!empty && columns + gap + size > width) {
        out.push(current)
        current = indent
        columns = indent.length
        empty = true
      }
      const joined = !(empty || gap === 0)
      current += joined ? ` ${piece}` : piece
      columns += size + (joined ? 1 : 0)
      empty = false
    })
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
