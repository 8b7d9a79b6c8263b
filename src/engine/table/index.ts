// Table geometry for miniatures on an open table: points, polyline paths, discs, terrain
// polygons and line of sight, all in exact integer hundredths of an inch. No floating point decides a
// rule: lengths are integer square roots rounded up, comparisons are on squared integers (BigInt where a
// product could pass 2^53), so every result is the same on every machine and replays match to the bit.

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

// ---------------------------------------------------------------------------------------------------
// Exact primitives: BigInt cross and dot products, so coordinates up to the parser's 999,999.99" never
// lose a bit (their products pass 2^53).
// ---------------------------------------------------------------------------------------------------

/** A point with BigInt coordinates: exact arithmetic, and rational points scaled by a common denominator. */
interface BigPt {
  x: bigint
  y: bigint
}

const big = (p: Pt): BigPt => ({ x: BigInt(p.x), y: BigInt(p.y) })

/** The cross product (b − a) × (c − a): > 0 when c is left of a→b, < 0 right, 0 on its line. */
function cross(a: BigPt, b: BigPt, c: BigPt): bigint {
  return (b.x - a.x) * (c.y - a.y) - (b.y - a.y) * (c.x - a.x)
}

const sign = (n: bigint): number => (n > 0n ? 1 : n < 0n ? -1 : 0)

/** Whether c, known to be on the line ab, lies within the closed segment ab (its bounding box). */
function onSegmentBox(a: BigPt, b: BigPt, c: BigPt): boolean {
  const [x0, x1] = a.x < b.x ? [a.x, b.x] : [b.x, a.x]
  const [y0, y1] = a.y < b.y ? [a.y, b.y] : [b.y, a.y]
  return x0 <= c.x && c.x <= x1 && y0 <= c.y && c.y <= y1
}

/** Whether the closed segments ab and cd share a point (touching counts), by orientation tests. */
function segmentsMeet(a: BigPt, b: BigPt, c: BigPt, d: BigPt): boolean {
  const o1 = sign(cross(a, b, c))
  const o2 = sign(cross(a, b, d))
  const o3 = sign(cross(c, d, a))
  const o4 = sign(cross(c, d, b))
  // Each segment's ends on different sides of (or one on) the other's line: they cross.
  if (o1 !== o2 && o3 !== o4) return true
  // Otherwise they meet only where an end lies on the other segment.
  if (o1 === 0 && onSegmentBox(a, b, c)) return true
  if (o2 === 0 && onSegmentBox(a, b, d)) return true
  if (o3 === 0 && onSegmentBox(c, d, a)) return true
  if (o4 === 0 && onSegmentBox(c, d, b)) return true
  return false
}

/**
 * Where a polygon holds a point, all in BigInt: `scale` multiplies the polygon's coordinates so that a
 * rational point (numerators over the common denominator `scale`) is tested exactly.
 */
function holdsScaled(poly: readonly Pt[], p: BigPt, scale: bigint): 'inside' | 'boundary' | 'outside' {
  let inside = false
  const n = poly.length
  for (let i = 0; i < n; i++) {
    const u = { x: BigInt(poly[i]!.x) * scale, y: BigInt(poly[i]!.y) * scale }
    const w = poly[(i + 1) % n]!
    const v = { x: BigInt(w.x) * scale, y: BigInt(w.y) * scale }
    const c = cross(u, v, p)
    if (c === 0n && onSegmentBox(u, v, p)) return 'boundary'
    // Crossing number with a ray to the right, each edge half-open in y so a vertex counts once.
    if (u.y > p.y !== v.y > p.y) {
      // The ray meets the edge right of p when p is left of the edge taken upward.
      if (v.y > u.y ? c > 0n : c < 0n) inside = !inside
    }
  }
  return inside ? 'inside' : 'outside'
}

/** Where a simple polygon (either orientation, convex or not) holds p: inside, on its boundary, or outside. */
export function polygonHolds(poly: readonly Pt[], p: Pt): 'inside' | 'boundary' | 'outside' {
  return holdsScaled(poly, big(p), 1n)
}

/** A parameter t = num / den along a segment, den > 0. */
interface Ratio {
  num: bigint
  den: bigint
}

const ratioLess = (a: Ratio, b: Ratio): number => {
  const l = a.num * b.den
  const r = b.num * a.den
  return l < r ? -1 : l > r ? 1 : 0
}

/** num/den with a positive denominator. */
const ratio = (num: bigint, den: bigint): Ratio => (den < 0n ? { num: -num, den: -den } : { num, den })

const inUnit = (t: Ratio): boolean => t.num >= 0n && t.num <= t.den

/**
 * The parameters t in [0, 1] where the segment a + t(b − a) meets the polygon's boundary, with 0 and 1,
 * sorted and without repeats: between two neighbours the open piece of the segment touches no edge, so it
 * is wholly inside or wholly outside.
 */
function boundaryParams(a: Pt, b: Pt, poly: readonly Pt[]): Ratio[] {
  const A = big(a)
  const dx = BigInt(b.x - a.x)
  const dy = BigInt(b.y - a.y)
  const dd = dx * dx + dy * dy
  const ts: Ratio[] = [
    { num: 0n, den: 1n },
    { num: 1n, den: 1n },
  ]
  const n = poly.length
  for (let i = 0; i < n; i++) {
    const u = big(poly[i]!)
    const v = big(poly[(i + 1) % n]!)
    const ex = v.x - u.x
    const ey = v.y - u.y
    const wx = u.x - A.x
    const wy = u.y - A.y
    const denom = dx * ey - dy * ex
    if (denom !== 0n) {
      // a + t·d = u + s·e: t = (w × e) / (d × e), s = (w × d) / (d × e).
      const t = ratio(wx * ey - wy * ex, denom)
      const s = ratio(wx * dy - wy * dx, denom)
      if (inUnit(t) && inUnit(s)) ts.push(t)
    } else if (wx * dy - wy * dx === 0n) {
      // Collinear: the edge's ends project onto the segment's line; the overlap lies on the boundary.
      for (const q of [u, v]) {
        const t = ratio((q.x - A.x) * dx + (q.y - A.y) * dy, dd)
        if (inUnit(t)) ts.push(t)
      }
    }
  }
  ts.sort(ratioLess)
  return ts.filter((t, i) => i === 0 || ratioLess(ts[i - 1]!, t) !== 0)
}

/** For each open piece of ab between boundary meetings: its parameters, and whether it is strictly inside. */
function piecesOf(a: Pt, b: Pt, poly: readonly Pt[]): Array<{ t0: Ratio; t1: Ratio; inside: boolean }> {
  const ts = boundaryParams(a, b, poly)
  const dx = BigInt(b.x - a.x)
  const dy = BigInt(b.y - a.y)
  const out: Array<{ t0: Ratio; t1: Ratio; inside: boolean }> = []
  for (let i = 0; i + 1 < ts.length; i++) {
    const t0 = ts[i]!
    const t1 = ts[i + 1]!
    // The midpoint's parameter (n0·d1 + n1·d0) / (2·d0·d1); the point a + m·d scaled by its denominator.
    const num = t0.num * t1.den + t1.num * t0.den
    const den = 2n * t0.den * t1.den
    const p = { x: BigInt(a.x) * den + num * dx, y: BigInt(a.y) * den + num * dy }
    out.push({ t0, t1, inside: holdsScaled(poly, p, den) === 'inside' })
  }
  return out
}

/** Whether any point of the segment ab lies strictly inside the polygon (the boundary is not inside). Exact. */
export function segmentEntersPolygon(a: Pt, b: Pt, poly: readonly Pt[]): boolean {
  if (a.x === b.x && a.y === b.y) return polygonHolds(poly, a) === 'inside'
  return piecesOf(a, b, poly).some((piece) => piece.inside)
}

/**
 * The part of segment ab strictly inside the polygon, in hundredths, rounded up (for rough terrain's
 * double cost): the leg's rounded length distance(a, b) times the inside fraction (an exact rational),
 * rounded up. A leg running along an edge is not inside.
 */
export function lengthInside(a: Pt, b: Pt, poly: readonly Pt[]): number {
  if (a.x === b.x && a.y === b.y) return 0
  let num = 0n
  let den = 1n
  for (const piece of piecesOf(a, b, poly)) {
    if (!piece.inside) continue
    // Add t1 − t0 to num/den.
    const pn = piece.t1.num * piece.t0.den - piece.t0.num * piece.t1.den
    const pd = piece.t0.den * piece.t1.den
    num = num * pd + pn * den
    den = den * pd
  }
  if (num === 0n) return 0
  const scaled = BigInt(distance(a, b)) * num
  return Number((scaled + den - 1n) / den)
}

/**
 * Whether a point moving along the segment ab comes closer than `gap` to point p at any moment: the least
 * distance from p to the closed segment is < gap (exactly gap is allowed: discs that touch do not
 * overlap). For two discs of radius r, gap is 2r; exact, on squares in BigInt.
 */
export function sweptDiscHits(a: Pt, b: Pt, p: Pt, gap: number): boolean {
  const g2 = BigInt(gap) * BigInt(gap)
  const A = big(a)
  const P = big(p)
  const dx = BigInt(b.x - a.x)
  const dy = BigInt(b.y - a.y)
  const wx = P.x - A.x
  const wy = P.y - A.y
  const dot = wx * dx + wy * dy
  const dd = dx * dx + dy * dy
  if (dd === 0n || dot <= 0n) return wx * wx + wy * wy < g2
  if (dot >= dd) {
    const vx = P.x - BigInt(b.x)
    const vy = P.y - BigInt(b.y)
    return vx * vx + vy * vy < g2
  }
  // The foot of the perpendicular falls within the segment: distance² = (d × w)² / |d|².
  const c = dx * wy - dy * wx
  return c * c < g2 * dd
}

/**
 * Whether a disc of `radius` whose centre moves along ab overlaps the polygon's interior at any moment: the
 * centre line enters the polygon, or comes closer than `radius` to one of its edges (exactly `radius` is
 * touching, allowed). Exact.
 */
export function sweptDiscTouchesPolygon(a: Pt, b: Pt, radius: number, poly: readonly Pt[]): boolean {
  if (segmentEntersPolygon(a, b, poly)) return true
  if (radius <= 0) return false
  const A = big(a)
  const B = big(b)
  const n = poly.length
  for (let i = 0; i < n; i++) {
    const u = poly[i]!
    const v = poly[(i + 1) % n]!
    // Two segments that meet are at distance 0; otherwise their least distance is from an end of one.
    if (segmentsMeet(A, B, big(u), big(v))) return true
    if (sweptDiscHits(a, b, u, radius) || sweptDiscHits(a, b, v, radius)) return true
    if (sweptDiscHits(u, v, a, radius) || sweptDiscHits(u, v, b, radius)) return true
  }
  return false
}

/**
 * Line of sight (GAP-M-3): blocked when the open segment between the centres crosses the interior of a
 * piece that blocks sight and holds neither endpoint (inside or on its boundary both hold: a suit in a wood
 * sees out and is seen). Answers the first blocking piece's index, or null when the sight is clear.
 */
export function sightBlockedBy(
  a: Pt,
  b: Pt,
  pieces: ReadonlyArray<{ polygon: readonly Pt[]; blocksLOS: boolean }>,
): number | null {
  for (let i = 0; i < pieces.length; i++) {
    const piece = pieces[i]!
    if (!piece.blocksLOS) continue
    if (polygonHolds(piece.polygon, a) !== 'outside' || polygonHolds(piece.polygon, b) !== 'outside') continue
    // Both ends are outside, so the open segment and the closed one cross the same interior.
    if (segmentEntersPolygon(a, b, piece.polygon)) return i
  }
  return null
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
  if (!Number.isSafeInteger(dist) || dist < 0) throw new Error(`headingPoint: ${dist} is not a length in hundredths`)
  const rad = (((degrees % 360) + 360) % 360) * (Math.PI / 180)
  // Trim floating noise (sin 30° is 0.49999999999999994) before cutting toward `from`.
  const cut = (v: number) => Math.trunc(Math.round(v * 1e6) / 1e6) || 0
  let dx = cut(dist * Math.sin(rad))
  let dy = cut(dist * Math.cos(rad))
  // The exact guarantee: never longer than asked, whatever the trimming did.
  while (dx * dx + dy * dy > dist * dist) {
    if (Math.abs(dx) >= Math.abs(dy)) dx -= Math.sign(dx)
    else dy -= Math.sign(dy)
  }
  return { x: from.x + dx, y: from.y + dy }
}
