// A PNG writer for an opaque RGBA image. resvg's own encoder filters every row adaptively and
// compresses hard, which costs more than the rendering itself; a map is mostly flat colour, so
// unfiltered rows at a low deflate level come out both faster and no bigger.
import { crc32, deflateSync } from 'node:zlib'

const SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])
const DEFLATE_LEVEL = 3

function chunk(type: string, data: Buffer): Buffer {
  const head = Buffer.alloc(8)
  head.writeUInt32BE(data.length, 0)
  head.write(type, 4, 'latin1')
  const tail = Buffer.alloc(4)
  tail.writeUInt32BE(crc32(data, crc32(head.subarray(4))) >>> 0, 0)
  return Buffer.concat([head, data, tail])
}

function encodeRows(rows: Buffer, width: number, height: number): Buffer {
  const header = Buffer.alloc(13)
  header.writeUInt32BE(width, 0)
  header.writeUInt32BE(height, 4)
  header.set([8, 6, 0, 0, 0], 8) // 8 bits per sample, RGBA, deflate, standard filters, no interlace
  return Buffer.concat([SIGNATURE, chunk('IHDR', header), chunk('IDAT', deflateSync(rows, { level: DEFLATE_LEVEL })), chunk('IEND', Buffer.alloc(0))])
}

/** `rgba`: width × height pixels, 4 bytes each, straight (or all opaque, where premultiplied is the same). */
export function encodePng(rgba: Uint8Array, width: number, height: number): Buffer {
  const stride = width * 4
  if (rgba.length !== stride * height) throw new Error(`expected ${stride * height} bytes of pixels, got ${rgba.length}`)
  // Each row starts with its filter type; 0 is "none", and the zeroed buffer already holds it.
  const rows = Buffer.alloc((stride + 1) * height)
  const source = Buffer.from(rgba.buffer, rgba.byteOffset, rgba.length)
  for (let y = 0; y < height; y++) source.copy(rows, y * (stride + 1) + 1, y * stride, (y + 1) * stride)
  return encodeRows(rows, width, height)
}
