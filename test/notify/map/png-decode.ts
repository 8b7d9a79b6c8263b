// Just enough of a PNG decoder for the tests to look at pixels: 8-bit, non-interlaced, the
// colour types resvg writes. Written here so the tests do not trust the encoder they check.
import { inflateSync } from 'node:zlib'

export const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])

export interface Decoded {
  width: number
  height: number
  channels: number
  /** Unfiltered samples, row after row. */
  data: Buffer
}

/** Width and height from the IHDR chunk: bytes 16–23, right after the signature and the chunk header. */
export function pngSize(png: Buffer): { width: number; height: number } {
  if (!png.subarray(0, 8).equals(PNG_SIGNATURE)) throw new Error('not a PNG')
  if (png.toString('latin1', 12, 16) !== 'IHDR') throw new Error('first chunk is not IHDR')
  return { width: png.readUInt32BE(16), height: png.readUInt32BE(20) }
}

const CHANNELS: Record<number, number> = { 0: 1, 2: 3, 4: 2, 6: 4 }

function paeth(a: number, b: number, c: number): number {
  const p = a + b - c
  const pa = Math.abs(p - a)
  const pb = Math.abs(p - b)
  const pc = Math.abs(p - c)
  return pa <= pb && pa <= pc ? a : pb <= pc ? b : c
}

export function decodePng(png: Buffer): Decoded {
  const { width, height } = pngSize(png)
  const bitDepth = png[24]!
  const channels = CHANNELS[png[25]!]
  if (bitDepth !== 8 || channels === undefined || png[28] !== 0) throw new Error('unsupported PNG layout')
  const idat: Buffer[] = []
  for (let at = 8; at < png.length;) {
    const length = png.readUInt32BE(at)
    if (png.toString('latin1', at + 4, at + 8) === 'IDAT') idat.push(png.subarray(at + 8, at + 8 + length))
    at += 12 + length
  }
  const raw = inflateSync(Buffer.concat(idat))
  const stride = width * channels
  const data = Buffer.alloc(stride * height)
  for (let y = 0; y < height; y++) {
    const filter = raw[y * (stride + 1)]!
    const line = raw.subarray(y * (stride + 1) + 1, (y + 1) * (stride + 1))
    for (let x = 0; x < stride; x++) {
      const a = x >= channels ? data[y * stride + x - channels]! : 0
      const b = y > 0 ? data[(y - 1) * stride + x]! : 0
      const c = x >= channels && y > 0 ? data[(y - 1) * stride + x - channels]! : 0
      const predictor = [0, a, b, (a + b) >> 1, paeth(a, b, c)][filter]
      if (predictor === undefined) throw new Error(`bad filter ${filter} on row ${y}`)
      data[y * stride + x] = (line[x]! + predictor) & 0xff
    }
  }
  return { width, height, channels, data }
}

/** Pixels whose colour channels are all below `threshold`: ink on a white page. */
export function darkPixels(image: Decoded, threshold = 128): number {
  let n = 0
  const colour = Math.min(3, image.channels)
  for (let i = 0; i < image.data.length; i += image.channels) {
    let dark = true
    for (let k = 0; k < colour; k++) if (image.data[i + k]! >= threshold) dark = false
    if (dark && (image.channels !== 4 || image.data[i + 3]! > 0)) n++
  }
  return n
}
