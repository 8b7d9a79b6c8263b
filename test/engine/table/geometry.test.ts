// Table geometry (src/engine/table/): exact lengths in hundredths, the inch notation, discs, terrain and
// line of sight, as a player measuring with a tape on the table would check them.
import { describe, expect, it } from 'vitest'
import {
  discOnTable,
  distance,
  formatInches,
  headingPoint,
  lengthInside,
  parseInches,
  pathLength,
  polygonHolds,
  segmentEntersPolygon,
  sightBlockedBy,
  sweptDiscHits,
  sweptDiscTouchesPolygon,
  withinBand,
  type Pt,
} from '../../../src/engine/table/index.js'

const P = (x: number, y: number): Pt => ({ x, y })
/** An axis-aligned rectangle, counter-clockwise. */
const rect = (x0: number, y0: number, x1: number, y1: number): Pt[] => [P(x0, y0), P(x1, y0), P(x1, y1), P(x0, y1)]
/** An L-shaped piece 0..400 × 0..400 with the notch 200..400 × 200..400 cut out, clockwise. */
const ell: Pt[] = [P(0, 0), P(0, 400), P(200, 400), P(200, 200), P(400, 200), P(400, 0)]

describe('lengths', () => {
  it('measures a 3-4-5 leg exactly', () => {
    expect(distance(P(0, 0), P(300, 400))).toBe(500)
    expect(distance(P(1000, 1000), P(700, 600))).toBe(500)
  })

  it('rounds a diagonal up to the next hundredth: 1" by 1" is 1.42"', () => {
    expect(distance(P(0, 0), P(100, 100))).toBe(142)
    expect(distance(P(0, 0), P(1, 1))).toBe(2)
  })

  it('adds up a path leg by leg, each leg rounded up', () => {
    const path = [P(300, 400), P(300, 1400), P(400, 1500)]
    expect(pathLength(P(0, 0), path)).toBe(500 + 1000 + 142)
    expect(pathLength(P(0, 0), [])).toBe(0)
  })

  it('tests a range band on squares: exactly at the band edge is in', () => {
    expect(withinBand(P(0, 0), P(300, 400), 0, 500)).toBe(true)
    expect(withinBand(P(0, 0), P(300, 401), 0, 500)).toBe(false)
    expect(withinBand(P(0, 0), P(300, 400), 501, 900)).toBe(false)
  })

  it('loses nothing at large coordinates', () => {
    expect(distance(P(0, 0), P(10_000, 10_000))).toBe(14_143)
    expect(distance(P(0, 0), P(30_000_000, 40_000_000))).toBe(50_000_000)
    // 10,000 and 10,001 apart differ by one hundredth, never merged by rounding.
    expect(distance(P(10_000, 0), P(0, 0))).toBe(10_000)
    expect(distance(P(10_001, 0), P(0, 0))).toBe(10_001)
    const far = rect(0, 0, 10_000, 10_000)
    expect(polygonHolds(far, P(9_999, 9_999))).toBe('inside')
    expect(polygonHolds(far, P(10_000, 5_000))).toBe('boundary')
    expect(lengthInside(P(-10_000, 5_000), P(20_000, 5_000), far)).toBe(10_000)
  })
})

describe('inches in the notation', () => {
  it('reads and writes inches with up to two decimals, round trip', () => {
    for (const [text, n] of [
      ['12.5', 1250],
      ['8', 800],
      ['0.25', 25],
      ['-1', -100],
      ['12.37', 1237],
      ['0.05', 5],
    ] as const) {
      expect(parseInches(text)).toBe(n)
      expect(formatInches(n)).toBe(text)
      expect(parseInches(formatInches(n))).toBe(n)
    }
  })

  it('refuses three decimals, exponents, empty text and double signs', () => {
    for (const text of ['12.555', '1e3', '', '--1', '1.', '.5', 'abc']) expect(parseInches(text)).toBeNull()
  })
})

describe('discs on the table', () => {
  const table = { width: 4800, height: 4800 }
  it('keeps a 1" disc wholly on the table, touching the edge allowed', () => {
    expect(discOnTable(P(50, 50), 50, table)).toBe(true)
    expect(discOnTable(P(4750, 4750), 50, table)).toBe(true)
    expect(discOnTable(P(49, 2400), 50, table)).toBe(false)
    expect(discOnTable(P(2400, 4751), 50, table)).toBe(false)
  })

  it('lets two discs touch at exactly 1.00" apart but not at 0.99"', () => {
    // A disc standing still is a swept disc of length 0.
    expect(sweptDiscHits(P(0, 0), P(0, 0), P(100, 0), 100)).toBe(false)
    expect(sweptDiscHits(P(0, 0), P(0, 0), P(99, 0), 100)).toBe(true)
    expect(withinBand(P(0, 0), P(99, 0), 0, 99)).toBe(true)
  })
})

describe('swept disc against a point', () => {
  it('measures the closest approach along the leg, not only at its ends', () => {
    // Passing 1" beside a suit: touching, allowed; 0.99" beside it: overlap.
    expect(sweptDiscHits(P(0, 0), P(1000, 0), P(500, 100), 100)).toBe(false)
    expect(sweptDiscHits(P(0, 0), P(1000, 0), P(500, 99), 100)).toBe(true)
  })

  it('measures from the nearer end when the point lies beyond the leg', () => {
    expect(sweptDiscHits(P(0, 0), P(1000, 0), P(1100, 0), 100)).toBe(false)
    expect(sweptDiscHits(P(0, 0), P(1000, 0), P(1099, 0), 100)).toBe(true)
    expect(sweptDiscHits(P(0, 0), P(1000, 0), P(-60, -80), 100)).toBe(false)
    expect(sweptDiscHits(P(0, 0), P(1000, 0), P(-60, -79), 100)).toBe(true)
  })

  it('handles a diagonal leg exactly (3-4-5 distances)', () => {
    // Leg along (3,4): the point (400,-300)+(300,400) is 5" off the line at its foot.
    expect(sweptDiscHits(P(0, 0), P(600, 800), P(700, 100), 500)).toBe(false)
    expect(sweptDiscHits(P(0, 0), P(600, 800), P(700, 100), 501)).toBe(true)
  })

  it('is exact at large coordinates', () => {
    expect(sweptDiscHits(P(0, 0), P(10_000_000, 0), P(5_000_000, 100), 100)).toBe(false)
    expect(sweptDiscHits(P(0, 0), P(10_000_000, 1), P(5_000_000, 100), 100)).toBe(true)
  })
})

describe('polygons', () => {
  it('tells inside, boundary and outside for either orientation', () => {
    const ccw = rect(0, 0, 400, 400)
    const cw = [...ccw].reverse()
    for (const poly of [ccw, cw]) {
      expect(polygonHolds(poly, P(200, 200))).toBe('inside')
      expect(polygonHolds(poly, P(0, 200))).toBe('boundary')
      expect(polygonHolds(poly, P(400, 400))).toBe('boundary')
      expect(polygonHolds(poly, P(401, 200))).toBe('outside')
      expect(polygonHolds(poly, P(-1, 0))).toBe('outside')
    }
  })

  it('counts a ray through a vertex once (a diamond, points level with its side corners)', () => {
    const diamond = [P(200, 0), P(400, 200), P(200, 400), P(0, 200)]
    expect(polygonHolds(diamond, P(-100, 200))).toBe('outside')
    expect(polygonHolds(diamond, P(100, 200))).toBe('inside')
    expect(polygonHolds(diamond, P(500, 200))).toBe('outside')
    expect(polygonHolds(diamond, P(0, 200))).toBe('boundary')
    expect(polygonHolds(diamond, P(300, 300))).toBe('boundary')
    expect(polygonHolds(diamond, P(301, 300))).toBe('outside')
    // Corner to corner through the middle enters; touching one corner from outside does not.
    expect(segmentEntersPolygon(P(-100, 200), P(500, 200), diamond)).toBe(true)
    expect(segmentEntersPolygon(P(-100, 100), P(0, 200), diamond)).toBe(false)
    expect(segmentEntersPolygon(P(-100, 300), P(100, 100), diamond)).toBe(false)
    expect(lengthInside(P(-100, 200), P(500, 200), [...diamond].reverse())).toBe(400)
  })

  it('treats the notch of an L as outside', () => {
    expect(polygonHolds(ell, P(300, 300))).toBe('outside')
    expect(polygonHolds(ell, P(100, 300))).toBe('inside')
    expect(polygonHolds(ell, P(300, 100))).toBe('inside')
    expect(polygonHolds(ell, P(200, 200))).toBe('boundary')
  })

  it('knows when a segment enters the interior, not when it only runs along an edge', () => {
    const wall = rect(1000, 0, 1100, 2000)
    expect(segmentEntersPolygon(P(0, 1000), P(2000, 1000), wall)).toBe(true)
    expect(segmentEntersPolygon(P(1000, -500), P(1000, 2500), wall)).toBe(false)
    expect(segmentEntersPolygon(P(0, 2000), P(2000, 2000), wall)).toBe(false)
    // Through the corner (1000, 2000) and on inside; touching that corner only.
    expect(segmentEntersPolygon(P(900, 2100), P(1200, 1800), wall)).toBe(true)
    expect(segmentEntersPolygon(P(800, 1800), P(1200, 2200), wall)).toBe(false)
    // A leg that starts inside enters, even if it never crosses an edge.
    expect(segmentEntersPolygon(P(1050, 500), P(1050, 600), wall)).toBe(true)
    expect(segmentEntersPolygon(P(1050, 500), P(1050, 500), wall)).toBe(true)
  })
})

describe('length inside a piece', () => {
  const rough = rect(1000, 0, 2000, 2000)
  it('measures the part of a leg inside', () => {
    expect(lengthInside(P(0, 500), P(3000, 500), rough)).toBe(1000)
    expect(lengthInside(P(1500, 500), P(3000, 500), rough)).toBe(500)
    expect(lengthInside(P(1200, 500), P(1800, 500), rough)).toBe(600)
    expect(lengthInside(P(0, 500), P(900, 500), rough)).toBe(0)
  })

  it('counts nothing along an edge', () => {
    expect(lengthInside(P(1000, -500), P(1000, 2500), rough)).toBe(0)
  })

  it('takes the leg rounded up times the exact fraction, rounded up', () => {
    // Leg (0,0)→(3000,3000) is 4242.64 → 4243; inside from x=1000 to 2000 is exactly 1/3: 4243/3 → 1415.
    expect(lengthInside(P(0, 0), P(3000, 3000), rough)).toBe(1415)
  })

  it('adds both arms of an L crossed through its notch', () => {
    // y = 300 from x = -100 to 500: inside 0..200 only (the notch 200..400 is outside), 200 of 600.
    expect(lengthInside(P(-100, 300), P(500, 300), ell)).toBe(200)
    // y = 100: inside 0..400.
    expect(lengthInside(P(-100, 100), P(500, 100), ell)).toBe(400)
  })
})

describe('swept disc against a polygon', () => {
  const rock = rect(1000, 1000, 1200, 1200)
  it('touches when the centre line enters or passes closer than the radius', () => {
    expect(sweptDiscTouchesPolygon(P(0, 1100), P(2000, 1100), 50, rock)).toBe(true)
    expect(sweptDiscTouchesPolygon(P(0, 951), P(2000, 951), 50, rock)).toBe(true)
    expect(sweptDiscTouchesPolygon(P(0, 950), P(2000, 950), 50, rock)).toBe(false)
  })

  it('touches near a corner by the true distance, not the box', () => {
    // The centre stops at (1000 − 30, 1000 − 40), a 3-4-5 offset: 50 from the corner, touching only,
    // though its disc's box overlaps the rock's.
    expect(sweptDiscTouchesPolygon(P(0, 0), P(970, 960), 50, rock)).toBe(false)
    expect(sweptDiscTouchesPolygon(P(500, 500), P(971, 960), 50, rock)).toBe(true)
  })

  it('touches when a leg starts or ends inside', () => {
    expect(sweptDiscTouchesPolygon(P(1100, 1100), P(1100, 3000), 50, rock)).toBe(true)
    expect(sweptDiscTouchesPolygon(P(0, 0), P(1100, 1100), 0, rock)).toBe(true)
  })

  it('lets a disc pass through the notch of an L at exactly its radius from both arms', () => {
    // The notch spans x 200..400 above y 200; a centre at x = 250, y 250 → 600 keeps 50 from the arm.
    expect(sweptDiscTouchesPolygon(P(250, 600), P(250, 250), 50, ell)).toBe(false)
    expect(sweptDiscTouchesPolygon(P(250, 600), P(250, 249), 50, ell)).toBe(true)
    expect(sweptDiscTouchesPolygon(P(249, 600), P(249, 250), 50, ell)).toBe(true)
  })
})

describe('line of sight (GAP-M-3)', () => {
  const wall = { polygon: rect(1000, 0, 1100, 2000), blocksLOS: true }
  const wood = { polygon: rect(3000, 3000, 4000, 4000), blocksLOS: true }
  const rough = { polygon: rect(0, 3000, 1000, 4000), blocksLOS: false }
  const pieces = [rough, wall, wood]

  it('is blocked through a wall', () => {
    expect(sightBlockedBy(P(500, 1000), P(1600, 1000), pieces)).toBe(1)
  })

  it('is clear past the corner of the wall and along its edge', () => {
    // The line through the corner (1100, 2000) only touches it; a hundredth lower it cuts the corner.
    expect(sightBlockedBy(P(900, 2200), P(1300, 1800), pieces)).toBeNull()
    expect(sightBlockedBy(P(900, 2199), P(1300, 1799), pieces)).toBe(1)
    expect(sightBlockedBy(P(1100, -500), P(1100, 2500), pieces)).toBeNull()
    expect(sightBlockedBy(P(500, 2100), P(1600, 2100), pieces)).toBeNull()
  })

  it('is clear from inside a wood, and to a suit standing on its edge', () => {
    expect(sightBlockedBy(P(3500, 3500), P(4500, 4500), pieces)).toBeNull()
    expect(sightBlockedBy(P(2500, 3500), P(3500, 3500), pieces)).toBeNull()
    expect(sightBlockedBy(P(2500, 3500), P(3000, 3500), pieces)).toBeNull()
    expect(sightBlockedBy(P(2500, 3500), P(4500, 3500), pieces)).toBe(2)
  })

  it('is not blocked by a piece that does not block sight', () => {
    expect(sightBlockedBy(P(-100, 3500), P(1500, 3500), pieces)).toBeNull()
  })

  it('is clear across only the notch of an L-shaped piece', () => {
    const l = [{ polygon: ell, blocksLOS: true }]
    // Across the notch, and from tip to tip of the two arms (touching their corners only).
    expect(sightBlockedBy(P(250, 500), P(500, 250), l)).toBeNull()
    expect(sightBlockedBy(P(100, 500), P(500, 100), l)).toBeNull()
    // Slightly lower, the same line cuts both arms; the convex hull would have blocked all three.
    expect(sightBlockedBy(P(50, 500), P(500, 50), l)).toBe(0)
  })
})

describe('heading and distance', () => {
  it('gives points on the compass, never further than asked', () => {
    expect(headingPoint(P(1000, 1000), 0, 500)).toEqual(P(1000, 1500))
    expect(headingPoint(P(1000, 1000), 90, 500)).toEqual(P(1500, 1000))
    expect(headingPoint(P(1000, 1000), 180, 500)).toEqual(P(1000, 500))
    expect(headingPoint(P(1000, 1000), 270, 500)).toEqual(P(500, 1000))
    expect(headingPoint(P(1000, 1000), -90, 500)).toEqual(P(500, 1000))
    expect(headingPoint(P(0, 0), 30, 1000)).toEqual(P(500, 866))
    const diag = headingPoint(P(0, 0), 45, 1000)
    expect(diag).toEqual(P(707, 707))
    for (let deg = 0; deg < 360; deg += 7) {
      const q = headingPoint(P(2400, 2400), deg, 1237)
      expect(distance(P(2400, 2400), q)).toBeLessThanOrEqual(1237)
      expect(distance(P(2400, 2400), q)).toBeGreaterThanOrEqual(1235)
    }
  })
})
