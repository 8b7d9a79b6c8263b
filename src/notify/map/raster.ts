// A map drawing (svg.ts layoutMap) -> PNG, fast: the picture a player gets with every phase.
//
// Rasterising the whole SVG costs over 100 ms for the largest map (A-S3, 1217×1128 px): most of it
// spent on a page that is the same every time, and on clearing, compositing and encoding a full
// transparent canvas for a few hundred small marks. Here:
// - the board (hexes, grid, labels) is rasterised once per map and width, and kept as PNG rows;
// - each piece above it is rasterised only in its box, and kept. A piece that looks the same
//   wherever it stands (counter, ring, result label, loss mark, arrow head) is drawn around the
//   origin and reused in every hex, snapped to a quarter pixel, which the eye cannot tell from
//   exact; lines and titles are reused by the next viewer of the same position. The pieces a
//   picture needs that are not kept yet are all rasterised in one resvg pass, side by side on a
//   sheet, as one document costs resvg more than a small piece does (a piece whose box rests on an
//   estimate of some text's width is drawn alone, so that no overflow can land on another);
// - the pieces are laid over a copy of the board rows in paint order, which is what drawing the
//   whole document at once gives, and the rows are deflated as they stand.
// The caches change the speed, not the picture: the same picture comes out whatever they held,
// but for float rounding where a piece was drawn at another place on a sheet (a handful of pixels
// a few levels apart). test/notify/map/png.test.ts checks both that and the likeness to resvg's
// one-pass drawing of the whole SVG.
// bench/notify-render.ts measures it.
import { createHash } from 'node:crypto'
import { LRUCache } from 'lru-cache'
import { encodePngRows, pngRows } from './png-encode.js'
import { checkWidth, rasterise, type PngOptions, type Raster } from './png.js'
import type { Box, Piece } from './pieces.js'
import { FONT_FAMILY, type BoardTiles, type MapDrawing, type PictureSize } from './svg.js'

/** A counter's place is rounded to this fraction of a pixel. */
const PHASES = 4
/** The same for a tiled crop (email.ts), drawn at twice the pixels it is shown at. */
const CROP_PHASES = 1
const BOARD_BUDGET_BYTES = 48 * 1024 * 1024
const TILE_BUDGET_BYTES = 48 * 1024 * 1024
/** Side of a tile of a whole board, in pixels (tiled crops). */
const TILE = 512
const SPRITE_BUDGET_BYTES = 64 * 1024 * 1024
/** Pixels between two pieces on a sheet. */
const GAP = 2

interface Board {
  width: number
  height: number
  /** RGB rows behind their filter byte, ready to deflate. */
  rows: Buffer
}

/**
 * A piece's raster, kept as what laying it over the page needs: runs of opaque pixels (copied as
 * they are) and the few pixels with some transparency (blended one by one). Transparent pixels,
 * most of a diagonal line's box, are not kept at all.
 */
interface Sprite {
  width: number
  height: number
  /** Per opaque run: row, first column, column past the last, offset of its bytes in `rgb`. */
  runs: Int32Array
  rgb: Buffer
  /** Per partly transparent pixel: row << 16 | column (sprites are narrower and shorter than 65,536 pixels). */
  soft: Int32Array
  /** Their premultiplied RGBA. */
  softRgba: Uint8Array
}

/** What to rasterise for a piece: its fragment, the SVG point at its top left pixel, its size in pixels. */
interface Request {
  fragment: string
  x: number
  y: number
  w: number
  h: number
  /** Drawn in a pass of its own, on a page of exactly its size, which cuts off whatever lies outside. */
  alone: boolean
}

/** Pixels per SVG unit, across and down: a PNG of a given width rounds its height, so the two differ a little. */
interface Scale {
  x: number
  y: number
}

/** Least recently used evicted first; a byte budget rather than a count, as sizes vary a thousandfold. */
function kept<T extends object>(budget: number, sizeOf: (v: T) => number): LRUCache<string, T> {
  return new LRUCache<string, T>({ maxSize: budget, sizeCalculation: sizeOf })
}

const boards = kept<Board>(BOARD_BUDGET_BYTES, (b) => b.rows.length)
const tiles = kept<Buffer>(TILE_BUDGET_BYTES, (t) => t.length)
const sprites = kept<Sprite>(SPRITE_BUDGET_BYTES, (s) => s.runs.length * 4 + s.rgb.length + s.soft.length * 8 + 200)

function held<T extends object>(c: LRUCache<string, T>): { entries: number; bytes: number } {
  return { entries: c.size, bytes: c.calculatedSize }
}

/** An opaque premultiplied RGBA page as RGB rows. */
function rgbRows(page: Raster): Buffer {
  const { width, height, pixels } = page
  const rgb = new Uint8Array(width * height * 3)
  for (let p = 0, q = 0; p < pixels.length; p += 4, q += 3) {
    rgb[q] = pixels[p]!
    rgb[q + 1] = pixels[p + 1]!
    rgb[q + 2] = pixels[p + 2]!
  }
  return pngRows(rgb, width, height, 3)
}

function boardOf(d: MapDrawing<PictureSize>, width: number | undefined): Board {
  const key = `${width ?? 'own'}:${createHash('sha256').update(d.boardKey).digest('hex')}`
  let board = boards.get(key)
  if (board === undefined) {
    const page = rasterise(`${d.root}${d.board()}</svg>`, width, '#ffffff')
    board = { width: page.width, height: page.height, rows: rgbRows(page) }
    boards.set(key, board)
  }
  return board
}

// A pixel read as one 32-bit word: where each channel sits depends on the machine's byte order.
const LITTLE_ENDIAN = new Uint8Array(new Uint32Array([1]).buffer)[0] === 1
const [R_SHIFT, G_SHIFT, B_SHIFT, A_SHIFT] = LITTLE_ENDIAN ? [0, 8, 16, 24] : [24, 16, 8, 0]

// Scratch space for cutting sprites, sized for a number of pixels and grown as needed; a sprite's
// arrays are exact-size copies. A row of w pixels holds at most w / 2 + 1 runs of 4 numbers.
let scratchPixels = 0
let scratchRuns = new Int32Array(0)
let scratchRgb = new Uint8Array(0)
let scratchSoft = new Int32Array(0)
let scratchSoftRgba = new Uint32Array(0)

function scratchFor(w: number, h: number): void {
  if (w * h <= scratchPixels && (w + 2) * 2 * h <= scratchRuns.length) return
  scratchPixels = Math.max(w * h, 4096)
  scratchRuns = new Int32Array(Math.max((w + 2) * 2 * h, scratchPixels * 2 + 8))
  scratchRgb = new Uint8Array(scratchPixels * 3)
  scratchSoft = new Int32Array(scratchPixels)
  scratchSoftRgba = new Uint32Array(scratchPixels)
}

/** A sprite from the w × h rectangle at (x, y) of a page of premultiplied RGBA words `stride` pixels wide. */
function cutSprite(page: Uint32Array, stride: number, x: number, y: number, w: number, h: number): Sprite {
  scratchFor(w, h)
  let r = 0
  let o = 0
  let f = 0
  for (let sy = 0; sy < h; sy++) {
    let run = -1
    const rowStart = (y + sy) * stride + x
    for (let sx = 0; sx <= w; sx++) {
      const word = sx < w ? page[rowStart + sx]! : 0
      if (((word >>> A_SHIFT) & 255) === 255) {
        if (run < 0) run = sx
        scratchRgb[o++] = (word >>> R_SHIFT) & 255
        scratchRgb[o++] = (word >>> G_SHIFT) & 255
        scratchRgb[o++] = (word >>> B_SHIFT) & 255
        continue
      }
      if (run >= 0) {
        scratchRuns[r++] = sy
        scratchRuns[r++] = run
        scratchRuns[r++] = sx
        scratchRuns[r++] = o - (sx - run) * 3
        run = -1
      }
      if (word !== 0) {
        scratchSoft[f] = (sy << 16) | sx
        scratchSoftRgba[f++] = word
      }
    }
  }
  return {
    width: w,
    height: h,
    runs: scratchRuns.slice(0, r),
    rgb: Buffer.from(scratchRgb.subarray(0, o)),
    soft: scratchSoft.slice(0, f),
    softRgba: new Uint8Array(scratchSoftRgba.slice(0, f).buffer),
  }
}

/** An SVG document showing the request's rectangle at `scale`: its page clips it. */
function aloneSvg(r: Request, scale: Scale): string {
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${r.w}" height="${r.h}" ` +
    `viewBox="${r.x} ${r.y} ${r.w / scale.x} ${r.h / scale.y}" preserveAspectRatio="none" ` +
    `font-family="${FONT_FAMILY}">${r.fragment}</svg>`
  )
}

/** The pixels of a raster as premultiplied RGBA words. */
function words(raster: Raster): Uint32Array {
  const aligned = raster.pixels.byteOffset % 4 === 0 ? raster.pixels : Uint8Array.from(raster.pixels)
  return new Uint32Array(aligned.buffer, aligned.byteOffset, aligned.length / 4)
}

/**
 * Rasterises every request, keeps the sprites and returns them by key. The requests whose boxes are sure are drawn in
 * one resvg pass, each in its own rectangle of one sheet (packed in shelves, GAP apart), and cut
 * out. Nothing clips a piece to its rectangle there (a nested <svg> would, but costs resvg a mask
 * the size of the sheet for each), so such a piece must paint inside its box:
 * test/notify/map/pieces.test.ts checks that they do. A piece whose box is an estimate (text from
 * a scenario or a player) is drawn alone, on a page of its own size.
 */
function rasteriseAll(requests: ReadonlyMap<string, Request>, scale: Scale): Map<string, Sprite> {
  const made = new Map<string, Sprite>()
  const keep = (key: string, sprite: Sprite) => {
    made.set(key, sprite)
    sprites.set(key, sprite)
  }
  const shared: Array<[string, Request]> = []
  for (const [key, r] of requests) {
    if (!r.alone) {
      shared.push([key, r])
      continue
    }
    const page = rasterise(aloneSvg(r, scale), undefined, undefined)
    keep(key, cutSprite(words(page), page.width, 0, 0, r.w, r.h))
  }
  if (shared.length === 0) return made
  let sheetWidth = 1024
  for (const [, r] of shared) sheetWidth = Math.max(sheetWidth, r.w)
  const order = shared.sort((a, b) => b[1].h - a[1].h)
  const spots: Array<{ x: number; y: number }> = []
  let x = 0
  let y = 0
  let shelf = 0
  for (const [, r] of order) {
    if (x + r.w > sheetWidth) {
      x = 0
      y += shelf + GAP
      shelf = 0
    }
    spots.push({ x, y })
    x += r.w + GAP
    shelf = Math.max(shelf, r.h)
  }
  const height = y + shelf
  const body = order
    .map(([, r], i) => {
      const at = spots[i]!
      const place = `translate(${at.x - r.x * scale.x} ${at.y - r.y * scale.y}) scale(${scale.x} ${scale.y})`
      return `<g transform="${place}">${r.fragment}</g>`
    })
    .join('')
  const root =
    `<svg xmlns="http://www.w3.org/2000/svg" width="${sheetWidth}" height="${height}" ` +
    `viewBox="0 0 ${sheetWidth} ${height}" font-family="${FONT_FAMILY}">`
  const sheet = rasterise(`${root}${body}</svg>`, undefined, undefined)
  const px = words(sheet)
  order.forEach(([key, r], i) => keep(key, cutSprite(px, sheet.width, spots[i]!.x, spots[i]!.y, r.w, r.h)))
  return made
}

/** Pixel bounds: x0 ≤ x < x1, y0 ≤ y < y1. */
interface Clip {
  x0: number
  y0: number
  x1: number
  y1: number
}

/** A sprite laid over opaque RGB rows ("over"), its top left at (left, top), clipped to `clip` (default: the page). */
function blit(
  rows: Buffer,
  page: Board,
  sprite: Sprite,
  left: number,
  top: number,
  clip: Clip = { x0: 0, y0: 0, x1: page.width, y1: page.height },
): void {
  const stride = page.width * 3 + 1
  const { runs, rgb, soft, softRgba } = sprite
  for (let i = 0; i < runs.length; i += 4) {
    const y = top + runs[i]!
    if (y < clip.y0 || y >= clip.y1) continue
    let x0 = left + runs[i + 1]!
    const x1 = Math.min(clip.x1, left + runs[i + 2]!)
    let from = runs[i + 3]!
    if (x0 < clip.x0) {
      from += (clip.x0 - x0) * 3
      x0 = clip.x0
    }
    if (x1 <= x0) continue
    const to = y * stride + 1 + x0 * 3
    const n = (x1 - x0) * 3
    if (n > 24) rgb.copy(rows, to, from, from + n)
    else for (let k = 0; k < n; k++) rows[to + k] = rgb[from + k]!
  }
  for (let i = 0; i < soft.length; i++) {
    const p = soft[i]!
    const y = top + (p >>> 16)
    const x = left + (p & 0xffff)
    if (y < clip.y0 || y >= clip.y1 || x < clip.x0 || x >= clip.x1) continue
    const d = y * stride + 1 + x * 3
    const s = i * 4
    const keep = 255 - softRgba[s + 3]!
    // (v + 128) · 257 >> 16 is v / 255 rounded, for every v up to 255².
    rows[d] = softRgba[s]! + (((rows[d]! * keep + 128) * 257) >> 16)
    rows[d + 1] = softRgba[s + 1]! + (((rows[d + 1]! * keep + 128) * 257) >> 16)
    rows[d + 2] = softRgba[s + 2]! + (((rows[d + 2]! * keep + 128) * 257) >> 16)
  }
}

/** Pixel bounds of a box at `scale`, a pixel wider on each side for anti-aliasing. */
function pixelBox(box: Box, scale: Scale): { left: number; top: number; w: number; h: number } {
  const left = Math.floor(box.x0 * scale.x) - 1
  const top = Math.floor(box.y0 * scale.y) - 1
  return { left, top, w: Math.ceil(box.x1 * scale.x) + 1 - left, h: Math.ceil(box.y1 * scale.y) + 1 - top }
}

/** A coordinate in pixels as a whole pixel and a phase, a multiple of 1 / phases. */
function snap(v: number, phases: number): [number, number] {
  const whole = Math.floor(v)
  const phase = Math.round((v - whole) * phases) / phases
  return phase === 1 ? [whole + 1, 0] : [whole, phase]
}

/** Where a piece's raster goes on the page, and what to rasterise; null when it paints off the page. */
function place(
  piece: Piece,
  scale: Scale,
  page: Board,
  phases: number,
  clip: Clip,
): { left: number; top: number; key: string; request: Request } | null {
  const local = piece.local
  let left: number
  let top: number
  let request: Request
  if (local === undefined) {
    const full = pixelBox(piece.box, scale)
    if (full.left >= clip.x1 || full.top >= clip.y1 || full.left + full.w <= clip.x0 || full.top + full.h <= clip.y0)
      return null
    // A piece reaching well past its clip (a crop's line from a hex outside its window) is drawn
    // alone too: a whole long line at a crop's scale would cost more than a pass of its own.
    const beyond =
      full.w * full.h >
      2 *
        (Math.min(clip.x1, full.left + full.w) - Math.max(clip.x0, full.left)) *
        (Math.min(clip.y1, full.top + full.h) - Math.max(clip.y0, full.top))
    const alone = piece.estimated === true || beyond
    if (alone) {
      // Drawn on a page of its own: only the part on the picture is worth drawing.
      left = Math.max(clip.x0, full.left)
      top = Math.max(clip.y0, full.top)
      const w = Math.min(clip.x1, full.left + full.w) - left
      const h = Math.min(clip.y1, full.top + full.h) - top
      request = { fragment: piece.svg, x: left / scale.x, y: top / scale.y, w, h, alone }
    } else {
      // On the shared sheet the whole box is drawn, even off the picture: nothing there would cut
      // off the part beyond a smaller rectangle, and it would land on a neighbour.
      left = full.left
      top = full.top
      request = { fragment: piece.svg, x: left / scale.x, y: top / scale.y, w: full.w, h: full.h, alone }
    }
  } else {
    // The origin of the local drawing lands on pixel (ix + qx, iy + qy): a whole pixel and a phase.
    const [ix, qx] = snap(local.at.x * scale.x, phases)
    const [iy, qy] = snap(local.at.y * scale.y, phases)
    const box = pixelBox(local.box, scale)
    left = ix + box.left
    top = iy + box.top
    if (left >= page.width || top >= page.height || left + box.w + 1 <= 0 || top + box.h + 1 <= 0) return null
    request = {
      fragment: local.svg,
      x: (box.left - qx) / scale.x,
      y: (box.top - qy) / scale.y,
      w: box.w + 1,
      h: box.h + 1,
      alone: piece.estimated === true,
    }
  }
  return {
    left,
    top,
    key:
      `${request.alone ? 'alone' : 'sheet'} ${request.x} ${request.y} ${request.w} ${request.h} ` +
      `${scale.x} ${scale.y}|${request.fragment}`,
    request,
  }
}

/** Forgets every kept raster: for benchmarks that measure a process's first pictures. */
export function forgetRasters(what: { boards?: boolean; pieces?: boolean } = { boards: true, pieces: true }): void {
  if (what.boards) {
    boards.clear()
    tiles.clear()
  }
  if (what.pieces) sprites.clear()
}

/** What the raster caches hold now: for benchmarks and for sizing their budgets. */
export function rasterCacheSize(): {
  boards: { entries: number; bytes: number }
  tiles: { entries: number; bytes: number }
  pieces: { entries: number; bytes: number }
} {
  return { boards: held(boards), tiles: held(tiles), pieces: held(sprites) }
}

/** Tile (i, j) of a whole board at `scale` pixels per unit: RGB, TILE × TILE, white beyond the board. */
function tileOf(t: BoardTiles, key: string, scale: number, i: number, j: number): Buffer {
  const id = `${key}|${scale}|${i},${j}`
  let tile = tiles.get(id)
  if (tile === undefined) {
    const side = TILE / scale
    const svg =
      `<svg xmlns="http://www.w3.org/2000/svg" width="${TILE}" height="${TILE}" ` +
      `viewBox="${i * side} ${j * side} ${side} ${side}" font-family="${FONT_FAMILY}">${t.svg()}</svg>`
    const page = rasterise(svg, undefined, '#ffffff')
    tile = Buffer.allocUnsafe(TILE * TILE * 3)
    for (let p = 0, q = 0; q < tile.length; p += 4, q += 3) {
      tile[q] = page.pixels[p]!
      tile[q + 1] = page.pixels[p + 1]!
      tile[q + 2] = page.pixels[p + 2]!
    }
    tiles.set(id, tile)
  }
  return tile
}

/**
 * The page of a tiled crop, `width` pixels wide: white, and the window's part of the whole board
 * copied from tiles, which the next crops of the same map at the same size reuse. The tiles are
 * drawn at the crop's scale on the whole board's pixel grid; the crop's offset on that grid is
 * rounded to a whole pixel (half a pixel at most, which the eye cannot tell).
 */
function tiledPage(
  d: MapDrawing<PictureSize>,
  t: BoardTiles,
  width: number | undefined,
): { page: Board; scale: Scale } {
  const scale = width === undefined ? 1 : width / d.frame.width
  const page = {
    width: Math.round(d.frame.width * scale),
    height: Math.round(d.frame.height * scale),
    rows: Buffer.alloc(0),
  }
  const stride = page.width * 3 + 1
  page.rows = Buffer.alloc(stride * page.height, 0xff)
  for (let y = 0; y < page.height; y++) page.rows[y * stride] = 0
  const key = createHash('sha256').update(t.key).digest('hex')
  const ox = Math.round(t.shift.x * scale)
  const oy = Math.round(t.shift.y * scale)
  const x0 = Math.max(0, Math.floor(t.clip.x0 * scale))
  const x1 = Math.min(page.width, Math.ceil(t.clip.x1 * scale))
  const y0 = Math.max(0, Math.floor(t.clip.y0 * scale))
  const y1 = Math.min(page.height, Math.ceil(t.clip.y1 * scale))
  const sourceWidth = Math.ceil(t.frame.width * scale)
  const sourceHeight = Math.ceil(t.frame.height * scale)
  for (let y = y0; y < y1; y++) {
    const gy = y + oy
    if (gy < 0 || gy >= sourceHeight) continue
    for (let x = x0; x < x1;) {
      const gx = x + ox
      const i = Math.floor(gx / TILE)
      const end = Math.min(x1, (i + 1) * TILE - ox)
      if (gx >= 0 && gx < sourceWidth) {
        const tile = tileOf(t, key, scale, i, Math.floor(gy / TILE))
        const from = ((gy % TILE) * TILE + (gx - i * TILE)) * 3
        tile.copy(page.rows, y * stride + 1 + x * 3, from, from + (end - x) * 3)
      }
      x = end
    }
  }
  return { page, scale: { x: scale, y: scale } }
}

/** A picture as PNG rows (a filter byte, then RGB, per row), not yet deflated. */
export interface PictureRows {
  width: number
  height: number
  rows: Buffer
}

/** The drawing as rows of pixels, `width` pixels wide (default: its own size). */
export function drawingToRows(d: MapDrawing<PictureSize>, opts: PngOptions = {}): PictureRows {
  checkWidth(opts.width)
  const tiled = d.tiles === undefined ? null : tiledPage(d, d.tiles, opts.width)
  const board = tiled?.page ?? boardOf(d, opts.width)
  // resvg scales the board to the width asked for and rounds the height: the pieces follow both.
  const scale = tiled?.scale ?? { x: board.width / d.frame.width, y: board.height / d.frame.height }
  // A tiled crop keeps the marks of its grid layers inside its grid: a line running off the window
  // stops at its edge instead of crossing the coordinates, the title or the legend.
  const page = { x0: 0, y0: 0, x1: board.width, y1: board.height }
  const grid =
    d.tiles === undefined
      ? page
      : {
          x0: Math.max(0, Math.floor(d.tiles.clip.x0 * scale.x)),
          y0: Math.max(0, Math.floor(d.tiles.clip.y0 * scale.y)),
          x1: Math.min(board.width, Math.ceil(d.tiles.clip.x1 * scale.x)),
          y1: Math.min(board.height, Math.ceil(d.tiles.clip.y1 * scale.y)),
        }
  const gridLayers = d.tiles?.gridLayers ?? 0
  const pieces = [
    ...(d.tiles?.overlay ?? []).map((piece) => ({ piece, clip: page })),
    ...d.layers.flatMap((layer, i) => layer.map((piece) => ({ piece, clip: i < gridLayers ? grid : page }))),
  ]
  const placed = pieces
    .map(({ piece, clip }) => {
      // A crop is drawn at twice the pixels it is shown at: there a whole pixel is finer than the eye,
      // and one raster of each counter serves it wherever the crop's window falls.
      const p = place(piece, scale, board, d.tiles === undefined ? PHASES : CROP_PHASES, clip)
      return p === null ? null : { ...p, clip }
    })
    .filter((p) => p !== null)
  // The picture's sprites are held here: keeping new ones may evict kept ones it also needs.
  const mine = new Map<string, Sprite>()
  const missing = new Map<string, Request>()
  for (const p of placed) {
    const sprite = sprites.get(p.key)
    if (sprite === undefined) missing.set(p.key, p.request)
    else mine.set(p.key, sprite)
  }
  if (missing.size > 0) for (const [key, sprite] of rasteriseAll(missing, scale)) mine.set(key, sprite)
  // A tiled page is this picture's own; a kept board is copied before drawing on it.
  const rows = tiled ? board.rows : Buffer.from(board.rows)
  for (const p of placed) blit(rows, board, mine.get(p.key)!, p.left, p.top, p.clip)
  return { width: board.width, height: board.height, rows }
}

/** The drawing as a PNG, `width` pixels wide (default: its own size). */
export function drawingToPng(d: MapDrawing<PictureSize>, opts: PngOptions = {}): Buffer {
  const picture = drawingToRows(d, opts)
  return encodePngRows(picture.rows, picture.width, picture.height, 3)
}

/** Pictures of one width one under the other, `gap` rows of `colour` between them, as one PNG. */
export function stackedPng(
  pictures: readonly PictureRows[],
  gap: { rows: number; colour: [number, number, number] },
): Buffer {
  const width = pictures[0]!.width
  if (pictures.some((p) => p.width !== width))
    throw new Error(`pictures to stack must share one width, got ${pictures.map((p) => p.width).join(', ')}`)
  const line = Buffer.alloc(width * 3 + 1)
  for (let x = 0; x < width; x++) line.set(gap.colour, 1 + x * 3)
  const between = Buffer.concat(Array.from({ length: gap.rows }, () => line))
  const parts = pictures.flatMap((p, i) => (i === 0 ? [p.rows] : [between, p.rows]))
  const height = pictures.reduce((n, p) => n + p.height, 0) + gap.rows * (pictures.length - 1)
  return encodePngRows(Buffer.concat(parts), width, height, 3)
}
