// iCalendar (RFC 5545) text, written here: the one library we tried needs Node 22, and the part we need
// is small. TEXT values are escaped (3.3.11), lines end in CRLF and are folded at 75 octets (3.1),
// never inside a UTF-8 character, so a Japanese title reaches the calendar whole.

/** A property's TEXT value: backslash, semicolon, comma and newlines escaped. */
export function icsText(value: string): string {
  return value
    .replace(/\\/g, '\\\\')
    .replace(/;/g, '\\;')
    .replace(/,/g, '\\,')
    .replace(/\r\n|\r|\n/g, '\\n')
}

/** An instant as a UTC DATE-TIME: 20261201T093000Z (whole seconds: the milliseconds are dropped, never rounded up). */
export function icsDate(d: Date): string {
  return d
    .toISOString()
    .replace(/\.\d{3}Z$/, 'Z')
    .replace(/[-:]/g, '')
}

const LIMIT = 75

/**
 * One content line folded: at most 75 octets a line, continuation lines starting with a space (which
 * counts). A cut is moved back to the start of the UTF-8 character it would split.
 */
export function foldLine(line: string): string {
  const bytes = Buffer.from(line, 'utf8')
  if (bytes.length <= LIMIT) return line
  const parts: string[] = []
  let start = 0
  let room = LIMIT
  while (bytes.length - start > room) {
    let end = start + room
    // 0b10xxxxxx is a continuation byte: the cut would fall inside a character.
    while ((bytes[end]! & 0xc0) === 0x80) end--
    parts.push(bytes.subarray(start, end).toString('utf8'))
    start = end
    room = LIMIT - 1
  }
  parts.push(bytes.subarray(start).toString('utf8'))
  return parts.join('\r\n ')
}

/** A property line, `NAME:value` (value already in its iCalendar form), folded. */
export type IcsLine = [name: string, value: string]

/** The lines of a calendar object, folded and ended with CRLF. */
export function icsDocument(lines: IcsLine[]): string {
  return lines.map(([name, value]) => `${foldLine(`${name}:${value}`)}\r\n`).join('')
}
