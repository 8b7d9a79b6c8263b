// Free texts people write (a correction's reason, a dispute, a message): what counts as blank, and the
// characters never kept.

/** Characters that show nothing: a text of only these is blank. */
const INVISIBLE = /[\s\u200b-\u200d\u2060\ufeff]/gu

/** Whether a text shows nothing at all (spaces, line breaks, zero-width characters). */
export const isBlank = (text: string): boolean => text.replace(INVISIBLE, '') === ''

/** Control characters other than tab and line breaks: never kept in a text. */
const isControl = (ch: string): boolean => {
  const c = ch.codePointAt(0)!
  return (c < 0x20 && c !== 0x09 && c !== 0x0a && c !== 0x0d) || (c >= 0x7f && c <= 0x9f)
}

/** Whether a text holds a control character (other than tab and line breaks). */
export const hasControl = (text: string): boolean => [...text].some(isControl)
