// Table geometry for miniatures on an open table: points, polyline paths, discs, terrain
// polygons and line of sight, all in exact integer hundredths of an inch. No floating point decides a
// rule: lengths are integer square roots rounded up, comparisons are on squared integers (BigInt where a
// product could pass 2^53), so every result is the same on every machine and replays match to the bit.
// SKELETON: the signatures the rule system codes against; the geometry part fills them in.

/** A point on the table in hundredths of an inch: x to the right (east), y up (north). */
export interface Pt {
  x: number
  y: number
}

/** Hundredths of an inch in an inch. */
export const UNIT = 100

/** Reads a decimal number of inches with at most two decimals ("12.5", "8", "0.25", "-1"): hundredths, or null. */
export function parseInches(text: string): number | null {
  const m = /^(-?)(\d{1,6})(?:\.(\d{1,2}))?$/.exec(text.trim())
  if (!m) return null
  const value = Number(m[2]) * UNIT + Number((m[3] ?? '').padEnd(2, '0'))
  return m[1] === '-' ? -value : value
}

/** Hundredths as inches, shortest form: 1250 → "12.5", 800 → "8", 25 → "0.25". */
export function formatInches(n: number): string {
  if (!Number.isInteger(n)) throw new Error(`formatInches: ${n} is not a whole number of hundredths`)
  const sign = n < 0 ? '-' : ''
  const a = Math.abs(n)
  const whole = Math.floor(a / UNIT)
  const frac = a % UNIT
  if (frac === 0) return `${sign}${whole}`
  return `${sign}${whole}.${String(frac).padStart(2, '0').replace(/0$/, '')}`
}

/** The least integer r with r² ≥ n (n a non-negative safe integer), exact. */
export function isqrtCeil(n: number): number {
  if (!Number.isSafeInteger(n) || n < 0) throw new Error(`isqrtCeil: ${n} is not a non-negative safe integer`)
  let r = Math.floor(Math.sqrt(n))
  // Math.sqrt may be off by one for large n: correct it with exact integer checks.
  while (r * r > n) r--
  while (r * r < n) r++
  return r
}

/** The squared distance, exact (an integer). */
export function dist2(a: Pt, b: Pt): number {
  return (a.x - b.x) ** 2 + (a.y - b.y) ** 2
}

/** The distance centre to centre, rounded up to a whole hundredth (the integer square root, ceiling). */
export function distance(a: Pt, b: Pt): number {
  return isqrtCeil(dist2(a, b))
}

/** Whether min ≤ |ab| ≤ max, exactly (on squares). */
export function withinBand(a: Pt, b: Pt, min: number, max: number): boolean {
  const d2 = dist2(a, b)
  return min * min <= d2 && d2 <= max * max
}

/** The length of the path from `from` through `path`, each leg rounded up to a whole hundredth. */
export function pathLength(from: Pt, path: readonly Pt[]): number {
  let total = 0
  let at = from
  for (const p of path) {
    total += distance(at, p)
    at = p
  }
  return total
}

/** Where a simple polygon holds a point: strictly inside, on its boundary, or outside. Exact. */
export function polygonHolds(poly: readonly Pt[], p: Pt): 'inside' | 'boundary' | 'outside' {
  void [poly, p]
  throw new Error('table geometry: not built yet')
}

/** Whether any point of the segment ab lies strictly inside the polygon (crosses its interior). Exact. */
export function segmentEntersPolygon(a: Pt, b: Pt, poly: readonly Pt[]): boolean {
  void [a, b, poly]
  throw new Error('table geometry: not built yet')
}

/**
 * The part of segment ab strictly inside the polygon, in hundredths, rounded up (for rough terrain's
 * double cost): the leg's rounded length times the inside fraction (exact rational), rounded up.
 */
export function lengthInside(a: Pt, b: Pt, poly: readonly Pt[]): number {
  void [a, b, poly]
  throw new Error('table geometry: not built yet')
}

/** Whether a disc of `radius` moving along ab comes closer than `gap` to point p at any moment (d < gap). Exact. */
export function sweptDiscHits(a: Pt, b: Pt, p: Pt, gap: number): boolean {
  void [a, b, p, gap]
  throw new Error('table geometry: not built yet')
}

/** Whether a disc of `radius` moving along ab overlaps the polygon at any moment (closer than radius, or inside). */
export function sweptDiscTouchesPolygon(a: Pt, b: Pt, radius: number, poly: readonly Pt[]): boolean {
  void [a, b, radius, poly]
  throw new Error('table geometry: not built yet')
}

/**
 * Line of sight (GAP-M-3): blocked when the open segment between the centres crosses the interior of a
 * polygon that blocks sight and holds neither endpoint. Answers the first blocking piece's index, or null.
 */
export function sightBlockedBy(
  a: Pt,
  b: Pt,
  pieces: ReadonlyArray<{ polygon: readonly Pt[]; blocksLOS: boolean }>,
): number | null {
  void [a, b, pieces]
  throw new Error('table geometry: not built yet')
}

/** Whether a disc of `radius` at p lies wholly on a table of width × height (0..width, 0..height). */
export function discOnTable(p: Pt, radius: number, table: { width: number; height: number }): boolean {
  return p.x - radius >= 0 && p.y - radius >= 0 && p.x + radius <= table.width && p.y + radius <= table.height
}

/**
 * The point `dist` hundredths from `from` on compass heading `degrees` (0 north, 90 east), each coordinate
 * rounded toward `from`, so the leg is never longer than asked. For the notation only: it uses floating
 * point, and what is stored (and replayed) is the point it gives.
 */
export function headingPoint(from: Pt, degrees: number, dist: number): Pt {
  void [from, degrees, dist]
  throw new Error('table geometry: not built yet')
}
