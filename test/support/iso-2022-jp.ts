// Text as ISO-2022-JP (RFC 1468), the charset many Japanese mail clients still send: ASCII as is, other
// characters as JIS X 0208 pairs between ESC $ B and ESC ( B. The table is read from the platform's
// own decoder (TextDecoder), not from the mail parser under test.
let table: Map<string, [number, number]> | null = null

function jisTable(): Map<string, [number, number]> {
  if (table) return table
  const found = new Map<string, [number, number]>()
  const decoder = new TextDecoder('iso-2022-jp')
  for (let row = 0x21; row <= 0x7e; row++) {
    for (let cell = 0x21; cell <= 0x7e; cell++) {
      const ch = decoder.decode(Uint8Array.of(0x1b, 0x24, 0x42, row, cell, 0x1b, 0x28, 0x42))
      if ([...ch].length === 1 && ch !== '\ufffd' && !found.has(ch)) found.set(ch, [row, cell])
    }
  }
  table = found
  return found
}

export function encodeIso2022jp(text: string): Buffer {
  const out: number[] = []
  let jis = false
  for (const ch of text) {
    const code = ch.codePointAt(0)!
    if (code < 0x80) {
      if (jis) out.push(0x1b, 0x28, 0x42)
      jis = false
      out.push(code)
      continue
    }
    const pair = jisTable().get(ch)
    if (!pair) throw new Error(`no JIS X 0208 code for "${ch}"`)
    if (!jis) out.push(0x1b, 0x24, 0x42)
    jis = true
    out.push(...pair)
  }
  if (jis) out.push(0x1b, 0x28, 0x42)
  return Buffer.from(out)
}

/** An RFC 2047 encoded word in ISO-2022-JP, as those clients write a Japanese subject. */
export function encodedWordIso2022jp(text: string): string {
  return `=?ISO-2022-JP?B?${encodeIso2022jp(text).toString('base64')}?=`
}
