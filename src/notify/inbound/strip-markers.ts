// The lines mail clients add around what the player wrote. Each test looks at trimmed-right lines, the form
// stripQuoted works on. The patterns are anchored to whole lines so an order line (`GM1 -> 0710`, `# note`)
// can never look like one of them.

export function isBlank(line: string): boolean {
  return line.trim() === ''
}

export function isQuoted(line: string): boolean {
  return /^\s*>/.test(line)
}

/** RFC 3676's "-- "; most clients keep the space, but copy-paste and trimming editors drop it. */
export function isSignatureSeparator(line: string): boolean {
  return /^--\s*$/.test(line)
}

const MOBILE_FOOTERS = [
  /^sent from my \S.*$/i,
  /^sent from (?:mail|outlook|yahoo mail|aol|gmail|proton ?mail|samsung|my mobile)\b.*$/i,
  /^sent (?:with|via) (?:proton ?mail|blackberry|the .* app)\b.*$/i,
  /^get outlook for (?:ios|android)\b.*$/i,
  /^(?:iphone|ipad|android|ドコモメール|au|softbank)\s*から送信$/i,
]

export function isMobileFooter(line: string): boolean {
  const text = line.trim()
  return MOBILE_FOOTERS.some((pattern) => pattern.test(text))
}

// Separators after which the original follows without `>` quoting (Outlook, forwards): nothing below them
// can be told apart from the original, so everything from them on goes.
const ORIGINAL_MESSAGE =
  /^-{2,}\s*(?:original message|ursprüngliche nachricht|message d'origine|元のメッセージ|forwarded message|転送メッセージ)\s*-{2,}$/i
const FORWARD_HEADING = /^begin forwarded message\s*:$/i
const OUTLOOK_RULE = /^_{10,}$/
const HEADER_FROM = /^\*?(?:from|差出人|von|de)\s*\*?\s*[:：]/i
const HEADER_SENT = /^\*?(?:sent|date|送信日時|日付|gesendet|envoyé)\s*\*?\s*[:：]/i
// Outlook writes From, Sent, To, Cc, Subject: Sent comes within the next few lines.
const HEADER_WINDOW = 4

function isHeaderBlock(lines: readonly string[], i: number): boolean {
  if (!HEADER_FROM.test(lines[i]?.trim() ?? '')) return false
  for (let k = i + 1; k <= i + HEADER_WINDOW && k < lines.length; k++) {
    if (HEADER_SENT.test(lines[k]?.trim() ?? '')) return true
  }
  return false
}

function nextNonBlank(lines: readonly string[], from: number): number {
  let k = from
  while (k < lines.length && isBlank(lines[k] ?? '')) k++
  return k
}

export function isOriginalMessageStart(lines: readonly string[], i: number): boolean {
  const line = lines[i]?.trim() ?? ''
  if (ORIGINAL_MESSAGE.test(line) || FORWARD_HEADING.test(line)) return true
  if (OUTLOOK_RULE.test(line)) return isHeaderBlock(lines, nextNonBlank(lines, i + 1))
  return isHeaderBlock(lines, i)
}

/** True when the next non-blank line is `>` quoted. */
export function isQuoteAhead(lines: readonly string[], from: number): boolean {
  const k = nextNonBlank(lines, from)
  return k < lines.length && isQuoted(lines[k] ?? '')
}

interface AttributionRule {
  start: RegExp
  end: RegExp
  /** How many lines a mail client may have wrapped it over. */
  maxLines: number
  /** A strong attribution ends the reply even when no `>` quote follows it (the client did not quote). */
  strong: boolean
}

const ATTRIBUTIONS: readonly AttributionRule[] = [
  // Gmail, Apple Mail, Thunderbird: "On Mon, 30 Nov 2026 at 09:00, Hexmail <play+…@…> wrote:"
  { start: /^on\s/i, end: /\bwrote\s*:$/i, maxLines: 3, strong: true },
  { start: /^am\s/i, end: /\bschrieb\b.*:$/i, maxLines: 3, strong: true },
  { start: /^le\s/i, end: /\ba écrit\s*:$/i, maxLines: 3, strong: true },
  // Japanese clients begin with the date: "2026/11/30 9:00、Hexmail <…>のメッセージ:",
  // "2026年11月30日(月) 9:00 Hexmail <…>:" (Gmail), "2026/11/30 9:00, Hexmail wrote:".
  {
    start: /^\d{4}\s*[年/.-]/,
    end: /(?:のメッセージ|書きました|wrote)\s*[:：]$|>\s*[:：]$/i,
    maxLines: 3,
    strong: true,
  },
  // Thunderbird in Japanese without a date: "Hexmail さんは書きました:".
  { start: /^/, end: /(?:のメッセージ|さんは書きました|さんが書きました)\s*[:：]$/, maxLines: 1, strong: true },
  // "Hexmail wrote:" alone is common, but too plain to trust unless a quote follows it.
  { start: /^/, end: /\bwrote\s*:$/i, maxLines: 1, strong: false },
]

export interface Attribution {
  lines: number
  strong: boolean
}

/** The attribution line (possibly wrapped) starting at line i, if there is one. */
export function attributionAt(lines: readonly string[], i: number): Attribution | null {
  for (const rule of ATTRIBUTIONS) {
    const first = lines[i]?.trim() ?? ''
    if (!rule.start.test(first)) continue
    let joined = ''
    for (let k = 0; k < rule.maxLines && i + k < lines.length; k++) {
      const line = lines[i + k] ?? ''
      if (isBlank(line) || isQuoted(line)) break
      joined = k === 0 ? line.trim() : `${joined} ${line.trim()}`
      if (rule.end.test(joined)) return { lines: k + 1, strong: rule.strong }
    }
  }
  return null
}
