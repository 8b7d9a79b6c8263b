// options(): what a seat may do now. Moves are checked against a brute-force distance count,
// attacks against validate + resolve, and every option of every scenario's first step validates.
import { describe, expect, it } from 'vitest'
import { offsetDistance } from '../../../src/engine/hex/index.js'
import type { GameEvent } from '../../../src/engine/ruleset.js'
import { abaoaqu } from '../../../src/rulesets/abaoaqu/engine/index.js'
import type { AttackOption, SeatOptions } from '../../../src/rulesets/abaoaqu/engine/seat-options.js'
import type { Hex, Order, State, Unit, ZoneSpec } from '../../../src/rulesets/abaoaqu/engine/types.js'
import { newGame, sandbox, scripted, type Piece } from './harness.js'

const key = (h: readonly number[]) => `${h[0]},${h[1]}`
const dist = (a: Hex, b: Hex) => offsetDistance({ col: a[0], row: a[1] }, { col: b[0], row: b[1] })
const keys = (hexes: Hex[]) => hexes.map(key).sort()

function allHexes(state: State): Hex[] {
  const out: Hex[] = []
  for (let c = 0; c < state.scenario.map.cols; c++) for (let r = 0; r < state.scenario.map.rows; r++) out.push([c, r])
  return out
}

/** Every map hex within `mp` of `from`, but not `from` itself, by scanning the whole map. */
function bruteReach(state: State, from: Hex, mp: number): string[] {
  return keys(allHexes(state).filter((h) => key(h) !== key(from) && dist(from, h) <= mp))
}

function zoneHexes(state: State, zone: ZoneSpec): Hex[] {
  const map = state.scenario.map
  if ('rows' in zone) return allHexes(state).filter((h) => h[1] >= zone.rows[0] && h[1] <= zone.rows[1])
  if ('cols' in zone) return allHexes(state).filter((h) => h[0] >= zone.cols[0] && h[0] <= zone.cols[1])
  if ('tag' in zone) return map.tags[zone.tag]!
  throw new Error('zone kind not used by entries')
}

/** A-4-6b: the entry hex is the first hex of the move, so the reach is MP - 1 beyond the zone. */
function bruteEntryReach(state: State, u: Unit, mp: number): string[] {
  const zone = zoneHexes(state, state.scenario.entries[u.entry!]!.zone)
  return keys(allHexes(state).filter((h) => zone.some((z) => dist(h, z) <= mp - 1)))
}

function unitOptions(o: SeatOptions, id: string) {
  const u = o.units.find((x) => x.id === id)
  if (!u) throw new Error(`no options for ${id}`)
  return u
}

/** The strict A-7-5 label of a ratio, computed here independently of the engine's tables. */
function strictLabel(a: number, d: number): string {
  if (d <= 0) return '7:1'
  return a >= d ? `${Math.floor(a / d)}:1` : `1:${Math.ceil(d / a)}`
}

/** Resolves one attack option's order from `state`, passing any later step, and returns its events. */
function play(state: State, seat: string, order: Order): { declare: GameEvent; attack: GameEvent } {
  const errors = abaoaqu.validate(state, seat, [order])
  expect(errors, JSON.stringify(order)).toEqual([])
  const faces = [3, 3, 3, 3, 3, 3, 3, 3]
  let r = abaoaqu.resolve(state, { [seat]: [order] }, scripted(faces))
  const events = [...r.events]
  const declare = events.find((e) => e.type === 'declare' && e.mode !== 'sm')
  if (!declare) throw new Error(`no declaration for ${JSON.stringify(order)}: ${JSON.stringify(events)}`)
  // A lead-off attack resolves in the damage check, after the follow-up side's combat phase.
  for (let guard = 0; guard < 3 && !events.some((e) => e.type === 'attack' && e.attack === declare.attack); guard++) {
    const seats = abaoaqu.pending(r.state).flatMap((p) => p.seats)
    r = abaoaqu.resolve(r.state, Object.fromEntries(seats.map((s) => [s, []])), scripted(faces))
    events.push(...r.events)
  }
  const attack = events.find((e) => e.type === 'attack' && e.attack === declare.attack)
  if (!attack) throw new Error(`attack ${String(declare.attack)} never resolved`)
  return { declare, attack }
}

/** The option's numbers are the ones validate and resolve then use. */
function expectConsistent(state: State, seat: string, option: AttackOption): void {
  const { declare, attack } = play(state, seat, option.order)
  const what = option.text
  expect(declare.attackTotal, what).toBe(option.attack)
  expect(declare.defenceTotal, what).toBe(option.defence)
  expect(declare.base, what).toBe(option.base)
  expect(attack.shift, what).toBe(option.shift)
  expect(attack.column, what).toBe(option.column ?? 'below 1:4')
  if (state.options.rounding !== 'nearest') expect(option.base, what).toBe(strictLabel(option.attack, option.defence))
}

function allAttackOptions(o: SeatOptions): AttackOption[] {
  return [...o.units.flatMap((u) => u.attacks), ...o.groupAttacks]
}

const targetId = (a: AttackOption) => ('unit' in a.order.target ? a.order.target.unit : null)

// ---- movement ---------------------------------------------------------------------------------

const MOVERS: Piece[] = [
  { id: 'GM1', type: 'GM', side: 'FED', hex: [10, 5] },
  { id: 'GD1', type: 'GD', side: 'FED', hex: [30, 6] },
  { id: 'BL1', type: 'BL', side: 'FED', hex: [0, 0] },
  { id: 'SA1', type: 'SA', side: 'FED', hex: [63, 11] },
  { id: 'GM2', type: 'GM', side: 'FED', hex: [20, 5], morale: 'C' },
  { id: 'GD2', type: 'GD', side: 'FED', hex: [40, 5], morale: 'C' },
  { id: 'GM3', type: 'GM', side: 'FED', hex: [25, 5], morale: 'D' },
  { id: 'FN1', type: 'FC(N)', side: 'FED', hex: [8, 10] },
  { id: 'GM4', type: 'GM', side: 'FED', hex: null },
  { id: 'PB1', type: 'PA(BD)', side: 'FED', hex: null },
  { id: 'BL2', type: 'BL', side: 'FED', hex: null },
  { id: 'ZK1', type: 'ZK', side: 'ZEON', hex: [12, 5] },
  { id: 'RD1', type: 'RD', side: 'ZEON', hex: [50, 8] },
]

describe('options: moves', () => {
  const s = sandbox(MOVERS, 'move')
  const o = abaoaqu.options(s, 'FED')

  for (const id of ['GM1', 'GD1', 'BL1', 'SA1']) {
    it(`${id} (steady) reaches exactly the hexes within its MP`, () => {
      const u = s.units.find((x) => x.id === id)!
      const mp = s.scenario.unitTypes[u.type]!.faces.front.mp
      const opt = unitOptions(o, id)
      expect(opt.mp).toBe(mp)
      expect(keys(opt.moves)).toEqual(bruteReach(s, u.hex!, mp))
    })
  }

  for (const id of ['GM2', 'GD2']) {
    it(`${id} (confused) reaches half its MP, rounded down (A-4-6c)`, () => {
      const u = s.units.find((x) => x.id === id)!
      const half = Math.floor(s.scenario.unitTypes[u.type]!.faces.front.mp / 2)
      const opt = unitOptions(o, id)
      expect(opt.mp).toBe(half)
      expect(keys(opt.moves)).toEqual(bruteReach(s, u.hex!, half))
    })
  }

  it('a panicked unit and a fortress cannon do not move (A-4-6c, A-4-4)', () => {
    expect(unitOptions(o, 'GM3').moves).toEqual([])
    expect(unitOptions(o, 'GM3').mp).toBe(0)
    expect(unitOptions(o, 'FN1').moves).toEqual([])
  })

  for (const id of ['GM4', 'PB1', 'BL2']) {
    it(`${id} in reserve reaches its entry zone and MP - 1 beyond (A-4-6b)`, () => {
      const u = s.units.find((x) => x.id === id)!
      const mp = s.scenario.unitTypes[u.type]!.faces.front.mp
      const opt = unitOptions(o, id)
      expect(opt.hex).toBeNull()
      expect(keys(opt.moves)).toEqual(bruteEntryReach(s, u, mp))
    })
  }

  it('a reserve unit whose entry turn has not come has no moves', () => {
    const later = { ...s, units: s.units.map((u) => (u.id === 'GM4' ? { ...u, enterTurn: 3 } : u)) }
    expect(unitOptions(abaoaqu.options(later, 'FED'), 'GM4').moves).toEqual([])
  })

  it('every offered move validates as a single-unit move', () => {
    const bad: string[] = []
    for (const u of o.units) {
      for (const to of u.moves) {
        const errors = abaoaqu.validate(s, 'FED', [{ kind: 'move', units: [u.id], to }])
        if (errors.length) bad.push(`${u.id} -> ${key(to)}: ${JSON.stringify(errors)}`)
      }
    }
    expect(bad).toEqual([])
  })

  it('a hex one step beyond the offered reach is refused', () => {
    const u = s.units.find((x) => x.id === 'GM1')!
    const beyond = allHexes(s).find((h) => dist(u.hex!, h) === 7)!
    expect(abaoaqu.validate(s, 'FED', [{ kind: 'move', units: ['GM1'], to: beyond }]).map((e) => e.rule)).toEqual([
      'A-4-2',
    ])
  })

  it('no moves are offered in a combat phase', () => {
    const c = abaoaqu.options(sandbox(MOVERS, 'attack-lead'), 'FED')
    expect(c.units.every((u) => u.moves.length === 0)).toBe(true)
  })

  it('the side that is not moving gets no moves or attacks', () => {
    const z = abaoaqu.options(s, 'ZEON')
    expect(z.units.map((u) => u.id).sort()).toEqual(['RD1', 'ZK1'])
    expect(z.units.every((u) => u.moves.length === 0 && u.attacks.length === 0 && !u.bd)).toBe(true)
    expect(z.groupAttacks).toEqual([])
    expect(z.defend).toEqual([])
  })

  it('options() leaves the state untouched', () => {
    const before = JSON.stringify({ ...s, scenario: null })
    abaoaqu.options(s, 'FED')
    abaoaqu.options(s, 'ZEON')
    expect(JSON.stringify({ ...s, scenario: null })).toBe(before)
  })
})

// ---- attacks ----------------------------------------------------------------------------------

// FED leads off. 1005 holds GD1 (N3), GM1, GM2, BL1 with the enemy RD1; ships and a Public nearby.
const BATTLE: Piece[] = [
  { id: 'GD1', type: 'GD', side: 'FED', hex: [10, 5] },
  { id: 'GM1', type: 'GM', side: 'FED', hex: [10, 5] },
  { id: 'GM2', type: 'GM', side: 'FED', hex: [10, 5] },
  { id: 'BL1', type: 'BL', side: 'FED', hex: [10, 5] },
  { id: 'SA1', type: 'SA', side: 'FED', hex: [10, 6] },
  { id: 'SA2', type: 'SA', side: 'FED', hex: [10, 6] },
  { id: 'PA1', type: 'PA', side: 'FED', hex: [12, 6] },
  { id: 'PB1', type: 'PA(BD)', side: 'FED', hex: [11, 4] },
  { id: 'GM3', type: 'GM', side: 'FED', hex: [13, 4], morale: 'C' },
  { id: 'GM9', type: 'GM', side: 'FED', hex: null },
  { id: 'RD1', type: 'RD', side: 'ZEON', hex: [10, 5] },
  { id: 'ZK1', type: 'ZK', side: 'ZEON', hex: [12, 5] },
  { id: 'CH1', type: 'CH', side: 'ZEON', hex: [12, 5] },
  { id: 'ZI1', type: 'ZI', side: 'ZEON', hex: [13, 5] },
  { id: 'MU1', type: 'MU', side: 'ZEON', hex: [11, 7] },
  { id: 'ZK2', type: 'ZK', side: 'ZEON', hex: [14, 5], pilot: 'S' },
  { id: 'GA1', type: 'GA', side: 'ZEON', hex: [14, 5] },
  { id: 'ZK3', type: 'ZK', side: 'ZEON', hex: [40, 5] },
]

/** A-7-1, A-7-3a, A-7-3b: the enemies a unit can shoot, with its effective attack on each. */
function bruteShots(state: State, attacker: Unit): Map<string, number> {
  const v =
    state.scenario.unitTypes[attacker.type]!.faces[attacker.face] ??
    state.scenario.unitTypes[attacker.type]!.faces.front
  const out = new Map<string, number>()
  for (const t of state.units) {
    if (t.side === attacker.side || t.at !== 'map' || !t.hex) continue
    const ship = state.scenario.unitTypes[t.type]!.ccCategory === 'SHIP'
    const factor = ship ? v.atkShip : v.atkMS
    const d = dist(attacker.hex!, t.hex)
    const eff = d === 0 ? 2 * factor : factor - d
    if (eff >= 1) out.set(t.id, eff)
  }
  return out
}

describe('options: attacks of the lead-off side', () => {
  const s = sandbox(BATTLE, 'attack-lead')
  const o = abaoaqu.options(s, 'FED')
  const steady = ['GD1', 'GM1', 'GM2', 'BL1', 'SA1', 'SA2', 'PA1']

  for (const id of steady) {
    it(`${id} is offered a shot at every enemy in range, with its effective attack and the target's defence`, () => {
      const u = s.units.find((x) => x.id === id)!
      const expected = bruteShots(s, u)
      const shots = unitOptions(o, id).attacks.filter((a) => a.order.mode === 'shoot' && targetId(a) !== null)
      expect(shots.map(targetId).sort()).toEqual([...expected.keys()].sort())
      for (const a of shots) {
        const t = s.units.find((x) => x.id === targetId(a))!
        expect(a.attack, a.text).toBe(expected.get(t.id))
        expect(a.defence, a.text).toBe(s.scenario.unitTypes[t.type]!.faces.front.def)
        expect(a.order.units).toEqual([id])
      }
    })
  }

  it('only mobile suits in an enemy hex are offered close combat, on the enemies of that hex', () => {
    for (const u of o.units) {
      const closes = u.attacks.filter((a) => a.order.mode === 'close')
      if (['GD1', 'GM1', 'GM2', 'BL1'].includes(u.id))
        expect(closes.map(targetId).filter(Boolean), u.id).toEqual(['RD1'])
      else expect(closes, u.id).toEqual([])
    }
  })

  it('confused units, BD Publics still carrying their missile and reserve units are offered no attacks', () => {
    expect(unitOptions(o, 'GM3').attacks).toEqual([])
    expect(unitOptions(o, 'GM9').attacks).toEqual([])
    expect(unitOptions(o, 'PB1').attacks).toEqual([])
    expect(unitOptions(o, 'PB1').bd).toBe(true)
    expect(unitOptions(o, 'GM1').bd).toBe(false)
  })

  it('pilot shifts are counted in the option: N3 against N2, N3 against a student, a regular against a student', () => {
    const gd = unitOptions(o, 'GD1').attacks
    expect(gd.find((a) => targetId(a) === 'ZI1' && a.order.mode === 'shoot')!.shift).toBe(3 - 2)
    expect(gd.find((a) => targetId(a) === 'ZK2')!.shift).toBe(3 + 1)
    expect(gd.find((a) => targetId(a) === 'ZK1')!.shift).toBe(3)
    expect(unitOptions(o, 'GM1').attacks.find((a) => targetId(a) === 'ZK2')!.shift).toBe(1)
    expect(unitOptions(o, 'GM1').attacks.find((a) => targetId(a) === 'ZK1')!.shift).toBe(0)
  })

  it('every unit option validates, and resolves with the offered totals, base ratio, shift and column', () => {
    const options = o.units.flatMap((u) => u.attacks)
    expect(options.length).toBeGreaterThan(20)
    for (const a of options) expectConsistent(s, 'FED', a)
  })

  it('every offered attack, written in the notation and read back, still validates', () => {
    for (const a of allAttackOptions(o)) {
      const text = abaoaqu.formatOrders([a.order], s)
      const parsed = abaoaqu.parseOrders(text, s, 'FED')
      expect(parsed.ok, text).toBe(true)
      if (parsed.ok) expect(abaoaqu.validate(s, 'FED', parsed.orders), text).toEqual([])
    }
  })

  it('groupAttacks combine the stacked units that can all make the same attack', () => {
    expect(o.groupAttacks.length).toBeGreaterThan(0)
    const singles = o.units.flatMap((u) => u.attacks)
    for (const g of o.groupAttacks) {
      const hexes = new Set(g.order.units.map((id) => key(s.units.find((u) => u.id === id)!.hex!)))
      expect(hexes.size, g.text).toBe(1)
      expect(g.order.units.length, g.text).toBeGreaterThan(1)
      const same = (a: AttackOption) =>
        a.order.mode === g.order.mode &&
        JSON.stringify(a.order.target) === JSON.stringify(g.order.target) &&
        key(a.order.hex ?? [-1, -1]) === key(g.order.hex ?? [-1, -1])
      const parts = singles.filter(
        (a) => same(a) && hexes.has(key(s.units.find((u) => u.id === a.order.units[0])!.hex!)),
      )
      expect([...g.order.units].sort(), g.text).toEqual(parts.map((a) => a.order.units[0]!).sort())
      expect(g.attack, g.text).toBe(parts.reduce((sum, a) => sum + a.attack, 0))
    }
    const onZk1 = o.groupAttacks.find((g) => targetId(g) === 'ZK1' && g.order.mode === 'shoot')!
    expect([...onZk1.order.units].sort()).toEqual(['BL1', 'GD1', 'GM1', 'GM2'])
    expect(onZk1.attack).toBe(4 + 3 + 3 + 2)
    const closeRd1 = o.groupAttacks.find((g) => targetId(g) === 'RD1' && g.order.mode === 'close')!
    expect([...closeRd1.order.units].sort()).toEqual(['BL1', 'GD1', 'GM1', 'GM2'])
    const onMu1 = o.groupAttacks.filter((g) => targetId(g) === 'MU1').map((g) => [...g.order.units].sort())
    expect(onMu1).toContainEqual(['SA1', 'SA2'])
    expect(onMu1.every((ids) => !(ids.includes('SA1') && ids.includes('GM1')))).toBe(true)
  })

  it('every group option validates, and resolves with the offered totals, base ratio, shift and column', () => {
    for (const g of o.groupAttacks) expectConsistent(s, 'FED', g)
  })

  it('the side that is not acting gets no attacks, moves or BD launches', () => {
    const z = abaoaqu.options(s, 'ZEON')
    expect(z.units.length).toBeGreaterThan(0)
    expect(z.units.every((u) => u.attacks.length === 0 && u.moves.length === 0 && !u.bd)).toBe(true)
    expect(z.groupAttacks).toEqual([])
    expect(z.defend).toEqual([])
  })
})

describe('options: under other game options', () => {
  const variants: Array<Record<string, string | boolean>> = [
    { rounding: 'nearest' },
    { groupTarget: 'mixed' },
    { friendlyDefenceCounts: false },
    { friendlyPilotsCount: true },
    { newtypeShift: 'always' },
    { ballHalving: 'attackOnly' },
    { largeMissileFlip: 'resolution' },
    { leadDice: 'atDeclaration' },
  ]
  for (const variant of variants) {
    it(`${JSON.stringify(variant)}: every offered attack validates and resolves with the offered numbers`, () => {
      for (const step of ['attack-lead', 'attack-follow'] as const) {
        const s = sandbox(BATTLE, step, variant)
        const seat = step === 'attack-lead' ? 'FED' : 'ZEON'
        const all = allAttackOptions(abaoaqu.options(s, seat))
        expect(all.length).toBeGreaterThan(5)
        for (const a of all) expectConsistent(s, seat, a)
      }
    })
  }
})

describe('options: the follow-up side', () => {
  it('return-fire options validate and resolve at once with the offered numbers', () => {
    const s = sandbox(BATTLE, 'attack-follow')
    const z = abaoaqu.options(s, 'ZEON')
    const all = allAttackOptions(z)
    expect(all.length).toBeGreaterThan(10)
    for (const a of all) expectConsistent(s, 'ZEON', a)
    const f = abaoaqu.options(s, 'FED')
    expect(f.units.every((u) => u.attacks.length === 0 && u.moves.length === 0 && !u.bd)).toBe(true)
  })

  it('defend choices appear for attacks the lead-off side declared on a newtype or elite', () => {
    const s = sandbox([...BATTLE, { id: 'RZ1', type: 'RZ', side: 'ZEON', hex: [12, 5] }], 'attack-lead')
    const orders: Order[] = [
      { kind: 'attack', mode: 'shoot', units: ['GD1'], target: { unit: 'ZI1' } },
      { kind: 'attack', mode: 'shoot', units: ['GM1'], target: { unit: 'ZK1' } },
      { kind: 'attack', mode: 'shoot', units: ['GM2'], hex: [12, 5], target: { group: 'MS' } },
    ]
    expect(abaoaqu.validate(s, 'FED', orders)).toEqual([])
    const r = abaoaqu.resolve(s, { FED: orders }, scripted([]))
    expect(r.state.step).toBe('attack-follow')
    const ids = r.events.filter((e) => e.type === 'declare').map((e) => e.attack as string)
    expect(ids).toHaveLength(3)
    const z = abaoaqu.options(r.state, 'ZEON')
    expect(z.defend).toEqual([
      { attack: ids[0], targets: ['ZI1'], maxRanks: 2 },
      { attack: ids[2], targets: ['ZK1', 'RZ1'], maxRanks: 1 },
    ])
    for (const d of z.defend) {
      for (let ranks = 0; ranks <= d.maxRanks; ranks++)
        expect(abaoaqu.validate(r.state, 'ZEON', [{ kind: 'defend', attack: d.attack, ranks }])).toEqual([])
      expect(
        abaoaqu
          .validate(r.state, 'ZEON', [{ kind: 'defend', attack: d.attack, ranks: d.maxRanks + 1 }])
          .map((e) => e.rule),
      ).toEqual(['A-11-2'])
    }
    expect(abaoaqu.options(r.state, 'FED').defend).toEqual([])
  })

  it('no defend choices while the lead-off side is still declaring', () => {
    expect(abaoaqu.options(sandbox(BATTLE, 'attack-lead'), 'ZEON').defend).toEqual([])
  })
})

describe('options: weapon effects and close-combat limits', () => {
  const beam = (s: State, id: string) => {
    const u = s.units.find((x) => x.id === id)!
    const t = s.scenario.unitTypes[u.type]!
    return (u.face === 'back' && t.faces.back ? t.faces.back : t.faces.front).weapon === 'B'
  }

  it('a BD screen stops beam shots into and out of it; other weapons are still offered (A-18-5)', () => {
    const s = { ...sandbox(BATTLE, 'attack-lead'), bd: [{ hex: [12, 5] as Hex, turn: 1 }] }
    const o = abaoaqu.options(s, 'FED')
    const screened = (h: Hex) => dist(h, [12, 5]) <= 1
    for (const u of o.units) {
      const from = s.units.find((x) => x.id === u.id)!.hex!
      for (const a of u.attacks.filter((x) => x.order.mode === 'shoot')) {
        const at = a.order.hex ?? s.units.find((x) => x.id === targetId(a))!.hex!
        if (beam(s, u.id)) expect(screened(at) || screened(from), a.text).toBe(false)
      }
    }
    expect(unitOptions(o, 'GM1').attacks.some((a) => targetId(a) === 'ZK1')).toBe(false)
    expect(unitOptions(o, 'GM1').attacks.some((a) => targetId(a) === 'ZI1')).toBe(false) // 1305 is next to the marker
    expect(unitOptions(o, 'BL1').attacks.some((a) => targetId(a) === 'ZK1')).toBe(true)
    // A missile, from inside the screen.
    expect(unitOptions(o, 'PA1').attacks.some((a) => targetId(a) === 'CH1')).toBe(true)
    // Close combat is not affected.
    expect(unitOptions(o, 'GM1').attacks.some((a) => a.order.mode === 'close' && targetId(a) === 'RD1')).toBe(true)
    for (const a of allAttackOptions(o)) expectConsistent(s, 'FED', a)
  })

  it('beam units are offered nothing against Bigzam, shooting or close (A-17-4)', () => {
    const s = sandbox(
      [
        { id: 'GM1', type: 'GM', side: 'FED', hex: [10, 5] },
        { id: 'BL1', type: 'BL', side: 'FED', hex: [10, 5] },
        { id: 'GM2', type: 'GM', side: 'FED', hex: [12, 5] },
        { id: 'BG1', type: 'BG', side: 'ZEON', hex: [10, 5] },
      ],
      'attack-lead',
    )
    const o = abaoaqu.options(s, 'FED')
    expect(unitOptions(o, 'GM1').attacks).toEqual([])
    expect(unitOptions(o, 'GM2').attacks).toEqual([])
    expect(
      unitOptions(o, 'BL1')
        .attacks.map((a) => `${a.order.mode} ${targetId(a) ?? JSON.stringify(a.order.target)}`)
        .sort(),
    ).toEqual(['close BG1', 'shoot BG1', 'shoot {"group":"SHIP"}'])
    for (const a of allAttackOptions(o)) expectConsistent(s, 'FED', a)
  })

  it('an enemy ship stacked with enemy mobile suits is not offered for close combat (A-9-4)', () => {
    const s = sandbox(
      [
        { id: 'GM1', type: 'GM', side: 'FED', hex: [20, 5] },
        { id: 'ZK1', type: 'ZK', side: 'ZEON', hex: [20, 5] },
        { id: 'CH1', type: 'CH', side: 'ZEON', hex: [20, 5] },
        { id: 'GM2', type: 'GM', side: 'FED', hex: [30, 5] },
        { id: 'CH2', type: 'CH', side: 'ZEON', hex: [30, 5] },
        { id: 'GA1', type: 'GA', side: 'ZEON', hex: [30, 5] },
      ],
      'attack-lead',
    )
    const o = abaoaqu.options(s, 'FED')
    const closes = (id: string) =>
      unitOptions(o, id)
        .attacks.filter((a) => a.order.mode === 'close')
        .map((a) => targetId(a) ?? `group ${'group' in a.order.target ? a.order.target.group : ''}`)
        .sort()
    expect(closes('GM1')).toEqual(['ZK1'])
    expect(unitOptions(o, 'GM1').attacks.some((a) => a.order.mode === 'shoot' && targetId(a) === 'CH1')).toBe(true)
    // A fighter is not a mobile suit: the ship beside it may be attacked in close combat.
    expect(closes('GM2')).toEqual(['CH2', 'GA1'])
    for (const a of allAttackOptions(o)) expectConsistent(s, 'FED', a)
  })

  it('a Public is offered its large missile against ships only; after the flip, what its back face reaches', () => {
    const s = sandbox(
      [
        { id: 'PA1', type: 'PA', side: 'FED', hex: [10, 5] },
        { id: 'PA2', type: 'PA', side: 'FED', hex: [20, 5], face: 'back' },
        { id: 'ZK1', type: 'ZK', side: 'ZEON', hex: [10, 5] },
        { id: 'MU1', type: 'MU', side: 'ZEON', hex: [13, 5] },
        { id: 'ZK2', type: 'ZK', side: 'ZEON', hex: [20, 5] },
        { id: 'ZK3', type: 'ZK', side: 'ZEON', hex: [21, 5] },
      ],
      'attack-lead',
    )
    const o = abaoaqu.options(s, 'FED')
    expect(
      unitOptions(o, 'PA1')
        .attacks.map((a) => targetId(a))
        .sort(),
    ).toEqual(['MU1'])
    expect(
      unitOptions(o, 'PA2')
        .attacks.filter((a) => a.order.mode === 'shoot' && targetId(a) !== null)
        .map((a) => targetId(a)),
    ).toEqual(['ZK2'])
    for (const a of allAttackOptions(o)) expectConsistent(s, 'FED', a)
  })
})

describe('options: seats of a 4-player game', () => {
  it('a defend choice goes only to the seat whose unit was attacked', () => {
    const base = newGame('A-S1', { deployment: 'auto' }, 4)
    const piece = (id: string, type: string, side: 'FED' | 'ZEON', group: string, hex: Hex): Unit => ({
      id,
      type,
      side,
      group,
      pilot: base.scenario.unitTypes[type]!.pilot ?? null,
      at: 'map',
      hex,
      morale: 'N',
      face: 'front',
      enterTurn: 1,
      entry: null,
      spent: false,
    })
    const s: State = {
      ...base,
      step: 'attack-lead',
      turn: 1,
      half: 1,
      leadOff: 'FED',
      declared: [],
      bd: [],
      used: {},
      deploying: [],
      outcome: null,
      units: [
        piece('GD1', 'GD', 'FED', 'fed-ms', [10, 5]),
        piece('SA1', 'SA', 'FED', 'fed-fleet', [10, 5]),
        piece('ZI1', 'ZI', 'ZEON', 'zeon-ms', [12, 5]),
        piece('MU1', 'MU', 'ZEON', 'zeon-fleet', [12, 5]),
      ],
    }
    expect(abaoaqu.options(s, 'FED-1').units.map((u) => u.id)).toEqual(['GD1'])
    expect(abaoaqu.options(s, 'FED-2').units.map((u) => u.id)).toEqual(['SA1'])
    const r = abaoaqu.resolve(
      s,
      { 'FED-1': [{ kind: 'attack', mode: 'shoot', units: ['GD1'], target: { unit: 'ZI1' } }] },
      scripted([]),
    )
    expect(r.state.step).toBe('attack-follow')
    const id = r.events.find((e) => e.type === 'declare')!.attack
    expect(abaoaqu.options(r.state, 'ZEON-1').defend).toEqual([{ attack: id, targets: ['ZI1'], maxRanks: 2 }])
    expect(abaoaqu.options(r.state, 'ZEON-2').defend).toEqual([])
    expect(abaoaqu.options(r.state, 'ZEON-2').units.map((u) => u.id)).toEqual(['MU1'])
  })
})

// ---- every scenario ---------------------------------------------------------------------------

const SCENARIOS = ['A-S1', 'A-S2', 'A-S3', 'A-S4', 'A-S5', 'A-S6', 'A-S7']

/** Every option of every pending seat, as orders; the problems validate finds with them. */
function sweep(state: State): { checked: number; problems: string[] } {
  const problems: string[] = []
  let checked = 0
  for (const seat of abaoaqu.pending(state).flatMap((p) => p.seats)) {
    const o = abaoaqu.options(state, seat)
    for (const u of o.units) {
      for (const to of u.moves) {
        checked++
        const errors = abaoaqu.validate(state, seat, [{ kind: 'move', units: [u.id], to }])
        if (errors.length && problems.length < 20)
          problems.push(`${seat} ${u.id} -> ${key(to)}: ${errors.map((e) => `${e.rule} ${e.message}`).join('; ')}`)
      }
    }
    for (const a of allAttackOptions(o)) {
      checked++
      const errors = abaoaqu.validate(state, seat, [a.order])
      if (errors.length && problems.length < 20)
        problems.push(`${seat} ${a.text}: ${errors.map((e) => `${e.rule} ${e.message}`).join('; ')}`)
    }
  }
  return { checked, problems }
}

describe("options: every scenario's first step", () => {
  for (const id of SCENARIOS) {
    it(`${id}: every option of every pending seat validates`, () => {
      const s = newGame(id)
      expect(abaoaqu.pending(s).length).toBeGreaterThan(0)
      const { checked, problems } = sweep(s)
      expect(checked).toBeGreaterThan(0)
      expect(problems).toEqual([])
    })

    it(`${id} with automatic set-up: every option of every pending seat in the first movement phase validates`, () => {
      const s = newGame(id, { deployment: 'auto' })
      expect(s.step).toBe('move')
      const { checked, problems } = sweep(s)
      expect(checked).toBeGreaterThan(0)
      expect(problems).toEqual([])
    })
  }

  it('A-S1 for 4 players: every seat is offered only its own units, and every option validates', () => {
    const s = newGame('A-S1', { deployment: 'auto' }, 4)
    for (const seat of ['FED-1', 'FED-2']) {
      const groups = s.seats.find((x) => x.id === seat)!.groups
      const o = abaoaqu.options(s, seat)
      expect(o.units.length).toBeGreaterThan(0)
      for (const u of o.units) expect(groups).toContain(s.units.find((x) => x.id === u.id)!.group)
    }
    expect(sweep(s).problems).toEqual([])
  })
})
