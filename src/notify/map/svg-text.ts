// Small string helpers for deterministic SVG: fixed number formatting, XML escaping and a
// width estimate for laying out text without a font engine.

/** At most two decimals, no trailing zeros, never "-0": the same picture always gives the same bytes. */
export function num(n: number): string {
  const rounded = Math.round(n * 100) / 100
  return rounded === 0 ? '0' : String(rounded)
}

// XML 1.0 forbids these code points even escaped; a scenario title must not break the document.
const FORBIDDEN =
  // eslint-disable-next-line no-control-regex, max-len -- one pass: removing one could pair two lone surrogates
  /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g

// eslint-disable-next-line no-control-regex
const NEEDS_WORK = /[&<>"'\u0000-\u0008\u000B\u000C\u000E-\u001F\uD800-\uDFFF\uFFFE\uFFFF]/

/** Text content or attribute value, safe anywhere in the document. */
export function escapeXml(text: string): string {
  // Most labels ("0710", "GM12") need nothing: one test instead of six replacements.
  if (!NEEDS_WORK.test(text)) return text
  return text
    .replace(FORBIDDEN, '')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&apos;')
}

// DejaVu Sans averages a little over half an em per character; bold and capitals run wider.
const EM_PER_CHAR = 0.6
const EM_PER_CHAR_BOLD = 0.72

// Kana, kanji, hangul and full-width forms are a whole em wide.
const WIDE = /[\u1100-\u115f\u2e80-\ua4cf\uac00-\ud7a3\uf900-\ufaff\ufe30-\ufe4f\uff00-\uff60\uffe0-\uffe6]/
const WIDE_EM = 1

/** An upper estimate of the rendered width, enough to keep text inside its box. */
export function textWidth(text: string, fontSize: number, bold = false): number {
  const em = bold ? EM_PER_CHAR_BOLD : EM_PER_CHAR
  if (!WIDE.test(text)) return [...text].length * fontSize * em
  return [...text].reduce((w, ch) => w + (WIDE.test(ch) ? WIDE_EM : em), 0) * fontSize
}

/**
 * Whether textWidth's estimate is within 1.5 times the true width: printable ASCII, whose widest
 * glyph (bold W) is 1.04 em. Other scripts run wider (Cyrillic Ж, CJK), and a box drawn from the
 * estimate may not hold them.
 */
export function widthIsSure(text: string): boolean {
  return /^[\x20-\x7e]*$/.test(text)
}

/** The text cut with an ellipsis so that it fits `width`. */
export function fitText(text: string, fontSize: number, width: number, bold = false): string {
  if (textWidth(text, fontSize, bold) <= width) return text
  const chars = [...text]
  const em = bold ? EM_PER_CHAR_BOLD : EM_PER_CHAR
  if (!WIDE.test(text)) {
    const keep = Math.max(0, Math.floor(width / (fontSize * em)) - 1)
    return `${chars.slice(0, keep).join('').trimEnd()}…`
  }
  // Room for the ellipsis, then as many characters as fit.
  let room = width - fontSize * em
  let keep = 0
  for (const ch of chars) {
    room -= (WIDE.test(ch) ? WIDE_EM : em) * fontSize
    if (room < 0) break
    keep++
  }
  return `${chars.slice(0, keep).join('').trimEnd()}…`
}

/** The font size, at most `max`, at which `text` fits `width`. */
export function fitFontSize(text: string, max: number, width: number, bold = false): number {
  const natural = textWidth(text, max, bold)
  return natural <= width ? max : (max * width) / natural
}

export interface TextStyle {
  size: number
  fill: string
  bold?: boolean
  anchor?: 'start' | 'middle' | 'end'
  opacity?: number
}

/**
 * A <text> whose middle sits at y. Drawn from the baseline (0.36 em below the middle) rather than
 * with dominant-baseline, which renderers disagree on.
 */
export function textAt(x: number, y: number, content: string, style: TextStyle): string {
  const anchor = style.anchor ?? 'middle'
  // Built by hand: a full map writes over a thousand of these.
  return (
    `<text x="${num(x)}" y="${num(y + style.size * 0.36)}" font-size="${num(style.size)}"` +
    (style.bold ? ' font-weight="bold"' : '') +
    (anchor === 'start' ? '' : ` text-anchor="${anchor}"`) +
    ` fill="${style.fill}"` +
    (style.opacity === undefined ? '' : ` fill-opacity="${num(style.opacity)}"`) +
    `>${escapeXml(content)}</text>`
  )
}
