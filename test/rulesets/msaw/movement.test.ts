// MS-2.1 movement (src/rulesets/msaw/engine/movement.ts): a suit's path checked against its Move, the Dom's
// hover (AMB-M-3), rough terrain (OPT-ROUGH), the table edge (GAP-M-4), impassable terrain and the other
// suits' discs (GAP-M-1), on a small hand-built table; and line of sight (GAP-M-3).
import { describe, expect, it } from 'vitest'
import { checkMove, moveAllowance, sightBetween } from '../../../src/rulesets/msaw/engine/movement.js'
import type { MsState, Pt, Suit, SuitType, TerrainPiece } from '../../../src/rulesets/msaw/engine/types.js'

const P = (x: number, y: number): Pt => ({ x, y })
const rect = (x0: number, y0: number, x1: number, y1: number): Pt[] => [P(x0, y0), P(x1, y0), P(x1, y1), P(x0, y1)]

function suitType(id: string, move: number, hover?: number): SuitType {
  return {
    id,
    name: id,
    nameJa: id,
    era: '0079',
    faction: 'x',
    cost: 100,
    attack: 12,
    defend: 10,
    move,
    ...(hover === undefined ? {} : { hover }),
    hp: 20,
    builtIn: [],
    optional: [],
  }
}

function suit(id: string, type: string, side: string, at: Pt): Suit {
  return {
    id,
    type,
    side,
    seat: side,
    at,
    hp: 20,
    maxHp: 20,
    items: [],
    destroyed: false,
    errorPhases: 0,
    aim: null,
    counteredRound: null,
    policy: { shield: 'always', counter: 'best' },
    cost: 0,
  }
}

// A wall 1" thick from (20, 15) to (20, 25); a 10" wood at (30..40, 30..40); rough ground south-west.
const terrain: TerrainPiece[] = [
  { id: 'wall', name: 'Wall', polygon: rect(2000, 1500, 2100, 2500), blocksLOS: true, move: 'impassable' },
  { id: 'wood', name: 'Wood', polygon: rect(3000, 3000, 4000, 4000), blocksLOS: true, move: 'rough' },
  { id: 'rough', name: 'Rough ground', polygon: rect(500, 1500, 1400, 2000), blocksLOS: false, move: 'rough' },
]

/** A 48" × 48" table: GM1 west of the wall, ZAKU1 south of the wood, DOM1 south of the rough ground. */
function makeState(opts: { rough?: boolean } = {}): MsState {
  return {
    system: 'msaw',
    rulesVersion: 'msaw-1',
    scenario: {
      id: 'test',
      title: 'Test table',
      description: '',
      table: { width: 4800, height: 4800 },
      terrain,
      sides: [
        { id: 'efsf', name: 'EFSF', zone: { x0: 0, y0: 0, x1: 4800, y1: 600 } },
        { id: 'zeon', name: 'Zeon', zone: { x0: 0, y0: 4200, x1: 4800, y1: 4800 } },
      ],
      squads: {},
      deployment: 'fixed',
      seatLayouts: [],
      points: { limit: 500, tolerance: 0 },
      houseData: true,
      notes: [],
      items: {},
      suits: { gm: suitType('gm', 1000), zaku2: suitType('zaku2', 900), dom: suitType('dom', 900, 2400) },
    },
    options: {
      rough: opts.rough ?? false,
      aim: false,
      oneHitKill: false,
      systemError: false,
      roundLimit: 0,
      counterOncePerRound: false,
      goufShieldBody: 40,
    },
    round: 1,
    step: 'action',
    order: ['efsf', 'zeon'],
    activeIndex: 0,
    activated: [],
    current: null,
    suits: [
      suit('GM1', 'gm', 'efsf', P(1500, 2000)),
      suit('ZAKU1', 'zaku2', 'zeon', P(3500, 2500)),
      suit('DOM1', 'dom', 'zeon', P(1000, 1000)),
    ],
    dropped: [],
    nextDropId: 1,
    reaction: null,
    deployed: [],
    winner: null,
    over: false,
    reason: null,
  }
}

/** The refusal of a move, or a failed expectation if it was allowed. */
function refused(state: MsState, ms: string, path: Pt[]) {
  const r = checkMove(state, ms, path, { order: 2, line: 5 })
  if (r.ok) throw new Error(`expected ${ms}'s move to be refused, it was allowed`)
  return r.error
}

describe('moveAllowance', () => {
  it("reads the suit type's Move and hover", () => {
    const s = makeState()
    expect(moveAllowance(s, s.suits[0]!)).toEqual({ move: 1000, hover: null })
    expect(moveAllowance(s, s.suits[2]!)).toEqual({ move: 900, hover: 2400 })
  })
})

describe('MS-2.1 Move', () => {
  it('allows a path of exactly Move and refuses one a hundredth longer', () => {
    const s = makeState()
    expect(checkMove(s, 'GM1', [P(1500, 3000)])).toEqual({
      ok: true,
      to: P(1500, 3000),
      length: 1000,
      cost: 1000,
      hover: false,
    })
    const e = refused(s, 'GM1', [P(1500, 3001)])
    expect(e).toMatchObject({ rule: 'MS-2.1', key: 'msaw.move.tooLong', order: 2, line: 5 })
    expect(e.message).toBe('GM1: path 10.01" is longer than Move 10"')
  })

  it('adds the legs of a path, each rounded up', () => {
    const s = makeState()
    expect(checkMove(s, 'GM1', [P(1800, 1600), P(1800, 2100)])).toMatchObject({
      ok: true,
      to: P(1800, 2100),
      length: 1000,
    })
    // Two diagonals of 1.42" (each rounded up) and 7.17": 10.01", over.
    const e = refused(s, 'GM1', [P(1600, 2100), P(1700, 2200), P(1700, 2917)])
    expect(e.message).toBe('GM1: path 10.01" is longer than Move 10"')
  })

  it('refuses a malformed path', () => {
    const s = makeState()
    expect(refused(s, 'GM1', [])).toMatchObject({ rule: 'MS-2.1', key: 'msaw.move.noPath' })
    const many = Array.from({ length: 33 }, (_, i) => P(1500, 2001 + i))
    expect(refused(s, 'GM1', many)).toMatchObject({ rule: 'MS-2.1', key: 'msaw.move.tooManyPoints' })
    expect(checkMove(s, 'GM1', many.slice(0, 32)).ok).toBe(true)
    const first = refused(s, 'GM1', [P(1500, 2000)])
    expect(first).toMatchObject({ rule: 'MS-2.1', key: 'msaw.move.samePoint' })
    expect(first.message).toContain('(15, 20)')
    const repeat = refused(s, 'GM1', [P(1500, 2200), P(1500, 2200)])
    expect(repeat).toMatchObject({ rule: 'MS-2.1', key: 'msaw.move.samePoint', params: { n: 2 } })
    expect(refused(s, 'GM1', [P(1500.5, 2200)])).toMatchObject({ rule: 'MS-2.1', key: 'msaw.move.badPoint' })
    expect(refused(s, 'XX9', [P(1500, 2200)])).toMatchObject({ rule: 'MS-2.1', key: 'msaw.move.noSuit' })
  })

  it('keeps every waypoint wholly on the table (GAP-M-4)', () => {
    const s = makeState()
    const e = refused(s, 'DOM1', [P(49, 1000)])
    expect(e).toMatchObject({ rule: 'GAP-M-4', key: 'msaw.move.offTable' })
    expect(e.message).toContain('coordinates off the table')
    expect(e.message).toContain('(0.49, 10)')
    expect(checkMove(s, 'DOM1', [P(50, 1000)]).ok).toBe(true)
  })
})

describe("the Dom's hover (AMB-M-3)", () => {
  it('hovers 24" over open ground, but not a hundredth more', () => {
    const s = makeState()
    expect(checkMove(s, 'DOM1', [P(3400, 1000)])).toEqual({
      ok: true,
      to: P(3400, 1000),
      length: 2400,
      cost: 2400,
      hover: true,
    })
    const e = refused(s, 'DOM1', [P(3401, 1000)])
    expect(e).toMatchObject({ rule: 'AMB-M-3', key: 'msaw.move.tooLongHover' })
    expect(e.message).toBe('DOM1: path 24.01" is longer than Move 9" and than its hover Move 24"')
  })

  it('does not hover across rough ground: then Move 9 applies', () => {
    const s = makeState()
    const e = refused(s, 'DOM1', [P(1000, 3400)])
    expect(e).toMatchObject({ rule: 'AMB-M-3', key: 'msaw.move.noHover' })
    expect(e.message).toBe(
      'DOM1: path 24" is more than Move 9", and it cannot hover (Move 24") ' +
        'because its path enters Rough ground (rough)',
    )
  })

  it('walks into rough ground within its Move 9, without hovering', () => {
    expect(checkMove(makeState(), 'DOM1', [P(1000, 1800)])).toEqual({
      ok: true,
      to: P(1000, 1800),
      length: 800,
      cost: 800,
      hover: false,
    })
    // With OPT-ROUGH the 3" inside cost 6": 11" is over Move 9, and hover is not allowed there.
    const e = refused(makeState({ rough: true }), 'DOM1', [P(1000, 1800)])
    expect(e).toMatchObject({ rule: 'AMB-M-3', key: 'msaw.move.noHover', params: { cost: '11' } })
  })
})

describe('rough terrain (OPT-ROUGH, MS-4.1)', () => {
  it('counts the part inside rough terrain twice with the option on', () => {
    const on = makeState({ rough: true })
    expect(checkMove(on, 'ZAKU1', [P(3500, 3100)])).toMatchObject({ ok: true, length: 600, cost: 700 })
    const e = refused(on, 'ZAKU1', [P(3500, 3300)])
    expect(e).toMatchObject({ rule: 'MS-4.1', key: 'msaw.move.tooCostly' })
    expect(e.message).toBe('ZAKU1: path 8" costs 11" with its 3" in rough terrain counted twice, more than Move 9"')
  })

  it('counts it once with the option off', () => {
    expect(checkMove(makeState(), 'ZAKU1', [P(3500, 3300)])).toMatchObject({ ok: true, length: 800, cost: 800 })
  })

  it('counts nothing for a path along the edge of rough ground', () => {
    const on = makeState({ rough: true })
    expect(checkMove(on, 'ZAKU1', [P(3500, 3000), P(3200, 3000)])).toMatchObject({ ok: true, length: 800, cost: 800 })
  })
})

describe('impassable terrain (MS-2.1 [H])', () => {
  it('refuses a path through a wall, naming it', () => {
    const e = refused(makeState(), 'GM1', [P(2400, 2000)])
    expect(e).toMatchObject({ rule: 'MS-2.1', key: 'msaw.move.impassable' })
    expect(e.message).toBe('GM1\'s path runs into Wall (wall), impassable terrain: its 1" disc may not overlap it')
  })

  it('lets the disc touch the wall but not overlap it', () => {
    const s = makeState()
    expect(checkMove(s, 'GM1', [P(1950, 2000)]).ok).toBe(true)
    expect(refused(s, 'GM1', [P(1951, 2000)])).toMatchObject({ key: 'msaw.move.impassable' })
  })

  it('watches the disc between waypoints, not only where it stops', () => {
    const s = makeState()
    // The end is clear of the wall, but the leg there cuts through it.
    expect(refused(s, 'GM1', [P(2300, 2600)])).toMatchObject({ key: 'msaw.move.impassable' })
    // Round the wall's end, keeping just over half an inch from it.
    expect(checkMove(s, 'GM1', [P(1800, 2550), P(2100, 2560)])).toMatchObject({ ok: true, length: 928 })
  })
})

describe('other suits (GAP-M-1)', () => {
  it('lets a suit pass exactly touching another, not a hundredth closer', () => {
    const s = makeState()
    expect(checkMove(s, 'DOM1', [P(1600, 1000), P(1600, 2500)])).toMatchObject({ ok: true, length: 2100, hover: true })
    const e = refused(s, 'DOM1', [P(1599, 1000), P(1599, 2500)])
    expect(e).toMatchObject({ rule: 'GAP-M-1', key: 'msaw.move.suitInWay', params: { other: 'GM1' } })
    expect(e.message).toBe('DOM1\'s path comes closer than 1" to GM1: the two discs may not overlap')
  })

  it('lets a suit pass over a destroyed one', () => {
    const s = makeState()
    const path = [P(1500, 1000), P(1500, 2500)]
    expect(refused(s, 'DOM1', path)).toMatchObject({ key: 'msaw.move.suitInWay' })
    s.suits[0]!.destroyed = true
    expect(checkMove(s, 'DOM1', path)).toMatchObject({ ok: true, length: 2000 })
  })
})

describe('sightBetween (GAP-M-3)', () => {
  it('is blocked by a wall and a wood, not by rough ground, and is clear from inside the wood', () => {
    const s = makeState()
    expect(sightBetween(s, P(1500, 2000), P(2600, 2000))).toEqual({ clear: false, piece: 'wall' })
    expect(sightBetween(s, P(2600, 3500), P(4500, 3500))).toEqual({ clear: false, piece: 'wood' })
    expect(sightBetween(s, P(3500, 3500), P(4500, 3500))).toEqual({ clear: true })
    expect(sightBetween(s, P(1000, 1200), P(1000, 2500))).toEqual({ clear: true })
  })

  it("is clear past the wall's corner, blocked when the line cuts it", () => {
    const s = makeState()
    expect(sightBetween(s, P(1900, 2400), P(2200, 2700))).toEqual({ clear: true })
    expect(sightBetween(s, P(1900, 2600), P(2200, 2300))).toEqual({ clear: false, piece: 'wall' })
    expect(sightBetween(s, P(1900, 2600), P(2300, 2600))).toEqual({ clear: true })
  })
})
