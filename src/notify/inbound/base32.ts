// Lowercase RFC 4648 base32 without padding. Lowercase letters and the digits 2-7 only, so a token survives
// mail systems that fold the case of the local part, and no character needs quoting in an address.

const ALPHABET = 'abcdefghijklmnopqrstuvwxyz234567'

export function base32Encode(bytes: Uint8Array): string {
  let out = ''
  let buffer = 0
  let bits = 0
  for (const byte of bytes) {
    buffer = (buffer << 8) | byte
    bits += 8
    while (bits >= 5) {
      bits -= 5
      out += ALPHABET[(buffer >>> bits) & 31]
    }
    buffer &= (1 << bits) - 1
  }
  if (bits > 0) out += ALPHABET[(buffer << (5 - bits)) & 31]
  return out
}

/** Null when a character is outside the alphabet or the unused trailing bits are not zero (one text, one value). */
export function base32Decode(text: string): Uint8Array | null {
  const out: number[] = []
  let buffer = 0
  let bits = 0
  for (const ch of text) {
    const value = ALPHABET.indexOf(ch)
    if (value < 0) return null
    buffer = (buffer << 5) | value
    bits += 5
    if (bits >= 8) {
      bits -= 8
      out.push((buffer >>> bits) & 0xff)
    }
    buffer &= (1 << bits) - 1
  }
  if (buffer !== 0) return null
  return Uint8Array.from(out)
}
