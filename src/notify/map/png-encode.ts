// A PNG writer. resvg's own encoder filters every row adaptively and compresses hard, which costs
// more than the rendering itself; a map is mostly flat colour, so unfiltered rows at deflate's
// fastest level come out much faster and hardly bigger (bench/notify-render.ts).
import { crc32, deflateSync } from 'node:zlib'

const SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])
const DEFLATE_LEVEL = 1
/** PNG colour types by samples per pixel: 3 RGB, 4 RGBA. */
const COLOUR_TYPE: Record<number, number> = { 3: 2, 4: 6 }

function chunk(type: string, data: Buffer): Buffer {
  const head = Buffer.alloc(8)
  head.writeUInt32BE(data.length, 0)
  head.write(type, 4, 'latin1')
  const tail = Buffer.alloc(4)
  tail.writeUInt32BE(crc32(data, crc32(head.subarray(4))) >>> 0, 0)
  return Buffer.concat([head, data, tail])
}

/**
 * A PNG of rows as the format stores them before compression: each row a filter-type byte (0,
 * none) and then `width` pixels of `channels` bytes (3: RGB, 4: RGBA, straight alpha).
 */
export function encodePngRows(rows: Uint8Array, width: number, height: number, channels: 3 | 4): Buffer {
  if (rows.length !== (width * channels + 1) * height)
    throw new Error(`expected ${(width * channels + 1) * height} bytes of rows, got ${rows.length}`)
  const header = Buffer.alloc(13)
  header.writeUInt32BE(width, 0)
  header.writeUInt32BE(height, 4)
  // 8 bits per sample, colour type, deflate, standard filters, no interlace.
  header.set([8, COLOUR_TYPE[channels]!, 0, 0, 0], 8)
  return Buffer.concat([
    SIGNATURE,
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(rows, { level: DEFLATE_LEVEL })),
    chunk('IEND', Buffer.alloc(0)),
  ])
}

/** Rows of `width` pixels of `channels` bytes, each row behind its filter-type byte 0 ("none"). */
export function pngRows(pixels: Uint8Array, width: number, height: number, channels: 3 | 4): Buffer {
  const stride = width * channels
  if (pixels.length !== stride * height)
    throw new Error(`expected ${stride * height} bytes of pixels, got ${pixels.length}`)
  const rows = Buffer.alloc((stride + 1) * height)
  const source = Buffer.from(pixels.buffer, pixels.byteOffset, pixels.length)
  for (let y = 0; y < height; y++) source.copy(rows, y * (stride + 1) + 1, y * stride, (y + 1) * stride)
  return rows
}

/** `rgba`: width × height pixels, 4 bytes each, straight (or all opaque, where premultiplied is the same). */
export function encodePng(rgba: Uint8Array, width: number, height: number): Buffer {
  return encodePngRows(pngRows(rgba, width, height, 4), width, height, 4)
}
