// The loader's own exact geometry for checking scenario files (integers only, BigInt products): whether a
// terrain polygon is simple, and whether a suit's disc overlaps a polygon. The game's geometry is
// src/engine/table/; these checks run once on data, so they stay here, small and independent of it.
import type { Pt } from '../engine/types.js'

const big = (n: number) => BigInt(n)

/** The sign of the turn a → b → c: 1 left, -1 right, 0 collinear. */
function orient(a: Pt, b: Pt, c: Pt): number {
  const v = big(b.x - a.x) * big(c.y - a.y) - big(b.y - a.y) * big(c.x - a.x)
  return v > 0n ? 1 : v < 0n ? -1 : 0
}

/** Whether c, collinear with ab, lies on the closed segment ab. */
function onSegment(a: Pt, b: Pt, c: Pt): boolean {
  return (
    Math.min(a.x, b.x) <= c.x && c.x <= Math.max(a.x, b.x) && Math.min(a.y, b.y) <= c.y && c.y <= Math.max(a.y, b.y)
  )
}

/** Whether the closed segments ab and cd share a point. */
function segmentsMeet(a: Pt, b: Pt, c: Pt, d: Pt): boolean {
  const o1 = orient(a, b, c)
  const o2 = orient(a, b, d)
  const o3 = orient(c, d, a)
  const o4 = orient(c, d, b)
  if (o1 !== o2 && o3 !== o4 && o1 * o2 <= 0 && o3 * o4 <= 0) return true
  return (
    (o1 === 0 && onSegment(a, b, c)) ||
    (o2 === 0 && onSegment(a, b, d)) ||
    (o3 === 0 && onSegment(c, d, a)) ||
    (o4 === 0 && onSegment(c, d, b))
  )
}

/**
 * Why a polygon is not simple, or null: fewer than 3 corners, a repeated corner, no area, or two edges that
 * meet anywhere but at the corner they share (adjacent edges may not fold back onto each other).
 */
export function polygonProblem(poly: readonly Pt[]): string | null {
  const n = poly.length
  if (n < 3) return `has ${n} corner${n === 1 ? '' : 's'}; a polygon needs at least 3`
  for (let i = 0; i < n; i++) {
    for (let j = i + 1; j < n; j++) {
      const a = poly[i] as Pt
      const b = poly[j] as Pt
      if (a.x === b.x && a.y === b.y) return `corners ${i} and ${j} are the same point`
    }
  }
  let area = 0n
  for (let i = 0; i < n; i++) {
    const a = poly[i] as Pt
    const b = poly[(i + 1) % n] as Pt
    area += big(a.x) * big(b.y) - big(b.x) * big(a.y)
  }
  if (area === 0n) return 'has no area'
  const edge = (i: number): [Pt, Pt] => [poly[i] as Pt, poly[(i + 1) % n] as Pt]
  for (let i = 0; i < n; i++) {
    const [a, b] = edge(i)
    // Adjacent edges share a corner: they are bad only when the next one runs back along this one.
    const [, c] = edge((i + 1) % n)
    if (orient(a, b, c) === 0 && onSegment(a, b, c)) return `edges ${i} and ${(i + 1) % n} fold back on each other`
    for (let j = i + 2; j < n; j++) {
      if (i === 0 && j === n - 1) continue
      const [p, q] = edge(j)
      if (segmentsMeet(a, b, p, q)) return `edges ${i} and ${j} cross or touch`
    }
  }
  return null
}

/** Whether p lies strictly inside a simple polygon (crossing count; p on the boundary is not inside). */
function strictlyInside(poly: readonly Pt[], p: Pt): boolean {
  let inside = false
  const n = poly.length
  for (let i = 0, j = n - 1; i < n; j = i++) {
    const a = poly[i] as Pt
    const b = poly[j] as Pt
    if (orient(a, b, p) === 0 && onSegment(a, b, p)) return false
    if (a.y > p.y !== b.y > p.y) {
      // x of the edge at p.y, compared exactly: p.x < a.x + (p.y - a.y)(b.x - a.x)/(b.y - a.y)
      const lhs = big(p.x - a.x) * big(b.y - a.y)
      const rhs = big(p.y - a.y) * big(b.x - a.x)
      if (b.y - a.y > 0 ? lhs < rhs : lhs > rhs) inside = !inside
    }
  }
  return inside
}

/** Whether the squared distance from p to the segment ab is less than r² (exact). */
function segmentCloser(a: Pt, b: Pt, p: Pt, r: number): boolean {
  const dx = big(b.x - a.x)
  const dy = big(b.y - a.y)
  const px = big(p.x - a.x)
  const py = big(p.y - a.y)
  const len2 = dx * dx + dy * dy
  const t = px * dx + py * dy
  const r2 = big(r) * big(r)
  if (t <= 0n) return px * px + py * py < r2
  if (t >= len2) {
    const qx = big(p.x - b.x)
    const qy = big(p.y - b.y)
    return qx * qx + qy * qy < r2
  }
  const cross = px * dy - py * dx
  return cross * cross < r2 * len2
}

/** Whether a disc of `radius` at p overlaps a simple polygon: its centre inside, or an edge nearer than radius. */
export function discOverlapsPolygon(p: Pt, radius: number, poly: readonly Pt[]): boolean {
  if (strictlyInside(poly, p)) return true
  const n = poly.length
  for (let i = 0; i < n; i++) if (segmentCloser(poly[i] as Pt, poly[(i + 1) % n] as Pt, p, radius)) return true
  return false
}
