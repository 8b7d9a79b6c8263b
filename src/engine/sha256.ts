// SHA-256 (FIPS 180-4) and HMAC-SHA256 (RFC 2104) in plain TypeScript.
// The engine must stay pure (no node:crypto, no WebCrypto which is async),
// so the dice carry their own hash. Words are kept as signed 32-bit ints
// (`| 0`) so V8 stays on its small-integer fast path.

// First 32 bits of the fractional parts of the cube roots of the first 64 primes (FIPS 180-4 §4.2.2).
const K = Int32Array.of(
  0x428a2f98,
  0x71374491,
  0xb5c0fbcf,
  0xe9b5dba5,
  0x3956c25b,
  0x59f111f1,
  0x923f82a4,
  0xab1c5ed5,
  0xd807aa98,
  0x12835b01,
  0x243185be,
  0x550c7dc3,
  0x72be5d74,
  0x80deb1fe,
  0x9bdc06a7,
  0xc19bf174,
  0xe49b69c1,
  0xefbe4786,
  0x0fc19dc6,
  0x240ca1cc,
  0x2de92c6f,
  0x4a7484aa,
  0x5cb0a9dc,
  0x76f988da,
  0x983e5152,
  0xa831c66d,
  0xb00327c8,
  0xbf597fc7,
  0xc6e00bf3,
  0xd5a79147,
  0x06ca6351,
  0x14292967,
  0x27b70a85,
  0x2e1b2138,
  0x4d2c6dfc,
  0x53380d13,
  0x650a7354,
  0x766a0abb,
  0x81c2c92e,
  0x92722c85,
  0xa2bfe8a1,
  0xa81a664b,
  0xc24b8b70,
  0xc76c51a3,
  0xd192e819,
  0xd6990624,
  0xf40e3585,
  0x106aa070,
  0x19a4c116,
  0x1e376c08,
  0x2748774c,
  0x34b0bcb5,
  0x391c0cb3,
  0x4ed8aa4a,
  0x5b9cca4f,
  0x682e6ff3,
  0x748f82ee,
  0x78a5636f,
  0x84c87814,
  0x8cc70208,
  0x90befffa,
  0xa4506ceb,
  0xbef9a3f7,
  0xc67178f2,
)

// Initial hash value H(0) (FIPS 180-4 §5.3.3).
const H0 = Int32Array.of(0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a, 0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19)

const BLOCK = 64

// Message schedule scratch, shared: JS is single-threaded and compress() never re-enters.
const W = new Int32Array(64)

// All indices below are in range by construction; `!` only satisfies noUncheckedIndexedAccess.
function compress(H: Int32Array, data: Uint8Array, offset: number): void {
  for (let t = 0, o = offset; t < 16; t++, o += 4) {
    W[t] = (data[o]! << 24) | (data[o + 1]! << 16) | (data[o + 2]! << 8) | data[o + 3]! // big-endian
  }
  for (let t = 16; t < 64; t++) {
    const w15 = W[t - 15]!
    const w2 = W[t - 2]!
    const s0 = ((w15 >>> 7) | (w15 << 25)) ^ ((w15 >>> 18) | (w15 << 14)) ^ (w15 >>> 3)
    const s1 = ((w2 >>> 17) | (w2 << 15)) ^ ((w2 >>> 19) | (w2 << 13)) ^ (w2 >>> 10)
    W[t] = (W[t - 16]! + s0 + W[t - 7]! + s1) | 0
  }

  let a = H[0]!,
    b = H[1]!,
    c = H[2]!,
    d = H[3]!
  let e = H[4]!,
    f = H[5]!,
    g = H[6]!,
    h = H[7]!
  for (let t = 0; t < 64; t++) {
    const S1 = ((e >>> 6) | (e << 26)) ^ ((e >>> 11) | (e << 21)) ^ ((e >>> 25) | (e << 7))
    const ch = (e & f) ^ (~e & g)
    const t1 = (h + S1 + ch + K[t]! + W[t]!) | 0
    const S0 = ((a >>> 2) | (a << 30)) ^ ((a >>> 13) | (a << 19)) ^ ((a >>> 22) | (a << 10))
    const maj = (a & b) ^ (a & c) ^ (b & c)
    const t2 = (S0 + maj) | 0
    h = g
    g = f
    f = e
    e = (d + t1) | 0
    d = c
    c = b
    b = a
    a = (t1 + t2) | 0
  }
  H[0] = (H[0]! + a) | 0
  H[1] = (H[1]! + b) | 0
  H[2] = (H[2]! + c) | 0
  H[3] = (H[3]! + d) | 0
  H[4] = (H[4]! + e) | 0
  H[5] = (H[5]! + f) | 0
  H[6] = (H[6]! + g) | 0
  H[7] = (H[7]! + h) | 0
}

// Padding scratch, reused for the same reason as W; finish() copies the digest out.
const TAIL = new Uint8Array(2 * BLOCK)

// Hashes `data` on top of a state that has already absorbed `prefixBytes`
// (a multiple of 64). Mutates `H`. This lets HMAC reuse precomputed key blocks.
function finish(H: Int32Array, prefixBytes: number, data: Uint8Array): Uint8Array {
  const full = data.length - (data.length % BLOCK)
  for (let off = 0; off < full; off += BLOCK) compress(H, data, off)

  // Padding (§5.1.1): 0x80, zeros, then the message length in bits as a 64-bit big-endian integer.
  const rest = data.length - full
  const end = rest < 56 ? BLOCK : 2 * BLOCK
  for (let i = 0; i < rest; i++) TAIL[i] = data[full + i]!
  TAIL[rest] = 0x80
  TAIL.fill(0, rest + 1, end - 8)
  const bits = (prefixBytes + data.length) * 8
  writeWord(TAIL, end - 8, Math.floor(bits / 0x1_0000_0000))
  writeWord(TAIL, end - 4, bits)
  compress(H, TAIL, 0)
  if (end > BLOCK) compress(H, TAIL, BLOCK)

  const out = new Uint8Array(32)
  for (let i = 0; i < 8; i++) writeWord(out, i * 4, H[i]!)
  return out
}

function writeWord(bytes: Uint8Array, offset: number, word: number): void {
  bytes[offset] = word >>> 24
  bytes[offset + 1] = word >>> 16
  bytes[offset + 2] = word >>> 8
  bytes[offset + 3] = word
}

/** SHA-256 digest (32 bytes) of `data`. */
export function sha256(data: Uint8Array): Uint8Array {
  return finish(H0.slice(), 0, data)
}

/** A MAC function bound to one key. */
export type Mac = (message: Uint8Array) => Uint8Array

/**
 * HMAC-SHA256 keyed once: the ipad/opad blocks are absorbed up front, so each
 * call costs two compressions for short messages. Use this on the hot path.
 */
export function createHmacSha256(key: Uint8Array): Mac {
  const k = new Uint8Array(BLOCK)
  k.set(key.length > BLOCK ? sha256(key) : key) // RFC 2104: long keys are hashed first
  const ipad = new Uint8Array(BLOCK)
  const opad = new Uint8Array(BLOCK)
  for (let i = 0; i < BLOCK; i++) {
    ipad[i] = k[i]! ^ 0x36
    opad[i] = k[i]! ^ 0x5c
  }
  const inner = H0.slice()
  const outer = H0.slice()
  compress(inner, ipad, 0)
  compress(outer, opad, 0)
  return (message) => finish(outer.slice(), BLOCK, finish(inner.slice(), BLOCK, message))
}

/** One-shot HMAC-SHA256 (32 bytes). */
export function hmacSha256(key: Uint8Array, message: Uint8Array): Uint8Array {
  return createHmacSha256(key)(message)
}

const encoder = new TextEncoder()

/** UTF-8 bytes of a string. */
export function utf8(text: string): Uint8Array {
  // ASCII fast path: dice messages are short ASCII, and TextEncoder's native call dominates there.
  if (text.length <= 64) {
    const out = new Uint8Array(text.length)
    for (let i = 0; i < text.length; i++) {
      const c = text.charCodeAt(i)
      if (c >= 0x80) return encoder.encode(text)
      out[i] = c
    }
    return out
  }
  return encoder.encode(text)
}

const HEX = Array.from({ length: 256 }, (_, i) => i.toString(16).padStart(2, '0'))

/** Lowercase hex of bytes. */
export function toHex(bytes: Uint8Array): string {
  let s = ''
  for (const b of bytes) s += HEX[b]
  return s
}

/** Bytes of a hex string (either case). Throws on odd length or non-hex characters. */
export function fromHex(hex: string): Uint8Array {
  if (hex.length % 2 !== 0 || !/^[0-9a-fA-F]*$/.test(hex)) {
    throw new Error(`fromHex: expected an even-length hex string, got ${hex.length} characters`)
  }
  const out = new Uint8Array(hex.length / 2)
  for (let i = 0; i < out.length; i++) out[i] = parseInt(hex.slice(i * 2, i * 2 + 2), 16)
  return out
}

/** SHA-256 of `data` as lowercase hex. */
export function sha256Hex(data: Uint8Array): string {
  return toHex(sha256(data))
}
