// The GREEN NOA Ruleset value: seats, pending, options (every option validates), preview, view, turnOf, and a
// game played through the Ruleset alone from its options to the end.
import { describe, expect, it } from 'vitest'
import { createDice, scriptedDice } from '../../../src/engine/dice.js'
import { offsetKey } from '../../../src/engine/hex/index.js'
import { greennoa } from '../../../src/rulesets/greennoa/engine/index.js'
import type { GnOrder, GnState } from '../../../src/rulesets/greennoa/engine/types.js'
import { loadGreenNoa } from '../../../src/rulesets/greennoa/scenarios/load.js'
import { ruleSystem } from '../../../src/rulesets/index.js'
import { stateOf } from './fixture.js'

const scenario = (id: string) => {
  const entry = loadGreenNoa().find((e) => e.scenario.id === id)
  if (!entry) throw new Error(`${id} missing`)
  return entry.scenario
}
const duel = () => scenario('GN-D1')

describe('the GREEN NOA Ruleset', () => {
  it('has the id, versions and the literalDsDc option', () => {
    expect(greennoa.id).toBe('greennoa')
    expect(greennoa.version).toBe('greennoa-1')
    expect(greennoa.versions).toEqual(['greennoa-1'])
    expect(greennoa.optionSpecs.map((o) => o.id)).toEqual(['literalDsDc'])
  })

  it('sets up two seats, one a side, and asks the first player to move', () => {
    const { state } = greennoa.setup(duel(), { players: 2 }, scriptedDice([2, 5]))
    expect(greennoa.versionOf(state)).toBe('greennoa-1')
    expect(greennoa.seats(state)).toEqual([
      { id: 'AEUG', side: 'AEUG', groups: ['AEUG'] },
      { id: 'TITANS', side: 'TITANS', groups: ['TITANS'] },
    ])
    const [p, ...more] = greennoa.pending(state)
    expect(more).toEqual([])
    expect(p).toMatchObject({ side: 'TITANS', step: 'movement', seats: ['TITANS'], sealed: false })
    expect(p?.description).toMatch(/^② movement phase/)
    expect(greennoa.turnOf?.(state)).toEqual({ turn: 1, half: 1 })
    expect(greennoa.outcome(state)).toBeNull()
    expect(greennoa.validate(state, 'TITANS', [])).toEqual([])
    expect(greennoa.validate(state, 'AEUG', [])).toEqual([])
    expect(greennoa.validate(state, 'AEUG', [{ kind: 'move', unit: 'HS1', steps: ['F'] }])[0]?.rule).toBe('GN-3-2')
    expect(greennoa.validate(state, 'NOBODY', [{ kind: 'remove', unit: 'HS1' }])[0]?.rule).toBe('GN-3-1')
  })

  it('refuses an unknown rules version and option', () => {
    expect(() => greennoa.setup(duel(), { players: 2, rulesVersion: 'greennoa-9' }, scriptedDice([6, 1]))).toThrow()
    expect(() => greennoa.setup(duel(), { players: 2, options: { x: true } }, scriptedDice([6, 1]))).toThrow()
  })

  it('lists only legal moves: every reachable hex and facing validates, with its MP and turns', () => {
    const state = stateOf([
      { id: 'MK1', type: 'MK2', side: 'AEUG', col: 5, row: 5, facing: 0, pilot: 'kamille' },
      { id: 'NE1', type: 'NEMO', side: 'AEUG', col: 5, row: 4, facing: 0 },
      { id: 'HZ1', type: 'HIZACK', side: 'TITANS', col: 9, row: 5, facing: 5 },
    ])
    const opts = greennoa.options(state, 'AEUG')
    expect(opts.step).toBe('movement')
    const mk = opts.units.find((u) => u.unit === 'MK1')
    expect(mk?.mp).toBe(6)
    expect(mk?.turnsLeft).toBe(3)
    expect(mk?.moves.length).toBeGreaterThan(20)
    for (const u of opts.units)
      for (const m of u.moves) {
        const steps = [...m.steps] as ('F' | 'L' | 'R')[]
        expect(greennoa.validate(state, 'AEUG', [{ kind: 'move', unit: u.unit, steps }])).toEqual([])
        expect(steps.length).toBe(m.mp)
        expect(steps.filter((s) => s !== 'F').length).toBe(m.turns)
        expect(greennoa.preview?.(state, 'AEUG', [{ kind: 'move', unit: u.unit, steps }])[0]).toMatchObject({
          text: expect.stringContaining(
            `hex ${String(m.col).padStart(2, '0')}${String(m.row).padStart(2, '0')} facing ${m.facing}`,
          ),
        })
      }
    // NE1's hex is never an end for MK1 (GN-5-1), though MK1 may pass through it; turning on the spot is one.
    expect(mk?.moves.some((m) => m.col === 5 && m.row === 4)).toBe(false)
    expect(mk?.moves.some((m) => m.col === 5 && m.row === 3)).toBe(true)
    expect(mk?.moves).toContainEqual({ col: 5, row: 5, facing: 1, steps: 'R', mp: 1, turns: 1 })
    // And every legal program's end is listed: all 1092 programs of 1 to 6 steps, the valid ones traced.
    const ends = new Set<string>()
    const programs: ('F' | 'L' | 'R')[][] = [[]]
    for (let i = 0; i < programs.length; i++) {
      const p = programs[i] ?? []
      if (p.length >= 6) continue
      for (const step of ['F', 'L', 'R'] as const) {
        const steps = [...p, step]
        programs.push(steps)
        if (greennoa.validate(state, 'AEUG', [{ kind: 'move', unit: 'MK1', steps }]).length > 0) continue
        const [pv] = greennoa.preview?.(state, 'AEUG', [{ kind: 'move', unit: 'MK1', steps }]) ?? []
        const m = /ends at hex (\d\d)(\d\d) facing (\d)/.exec((pv as { text: string }).text)
        if (m && !(m[1] === '05' && m[2] === '05' && m[3] === '0')) ends.add(`${Number(m[1])}.${Number(m[2])}/${m[3]}`)
      }
    }
    expect(new Set(mk?.moves.map((m) => `${m.col}.${m.row}/${m.facing}`))).toEqual(ends)
    // The opponent has nothing to decide: empty options, never a throw.
    expect(greennoa.options(state, 'TITANS')).toMatchObject({ step: null, units: [], attacks: [] })
    expect(greennoa.options(state, 'NOBODY')).toMatchObject({ step: null, units: [], attacks: [] })
  })

  it('lists no move for an M unit and the other form of a transformer', () => {
    const state = structuredClone(
      stateOf([
        { id: 'HS1', type: 'HYAKUSHIKI', side: 'AEUG', col: 2, row: 2, facing: 1 },
        { id: 'RD1', type: 'RICKDIAS', side: 'AEUG', col: 3, row: 5, facing: 1 },
        { id: 'HZ1', type: 'HIZACK', side: 'TITANS', col: 9, row: 5, facing: 5 },
      ]),
    )
    const rd = state.units.find((u) => u.id === 'RD1')
    if (rd) rd.m = true
    const opts = greennoa.options(state, 'AEUG')
    expect(opts.units.find((u) => u.unit === 'RD1')).toMatchObject({
      moves: [],
      blocked: 'M: cannot move or turn (GN-4-5b)',
      blockedRule: 'GN-4-5b',
      blockedKey: 'greennoa.blocked.M',
    })
    expect(opts.units.find((u) => u.unit === 'HS1')).toMatchObject({
      blocked: null,
      blockedRule: null,
      blockedKey: null,
    })
    // The API answers the reason in the reader's language; the rest is the same data.
    const system = ruleSystem('greennoa')!
    const ja = system.localiseOptions!(opts, 'ja') as typeof opts
    expect(ja.units.find((u) => u.unit === 'RD1')?.blocked).toBe('M：移動不能のため移動も旋回もできません（GN-4-5b）')
    expect(system.localiseOptions!(opts, 'en')).toEqual(opts)
    expect({ ...ja, units: ja.units.map((u) => ({ ...u, blocked: null })) }).toEqual({
      ...opts,
      units: opts.units.map((u) => ({ ...u, blocked: null })),
    })
    const s = structuredClone(state)
    s.units.find((u) => u.id === 'HS1')!.s = { inning: s.inning, phase: s.phase }
    const sOpts = system.localiseOptions!(greennoa.options(s, 'AEUG'), 'ja') as typeof opts
    expect(sOpts.units.find((u) => u.unit === 'HS1')).toMatchObject({
      blocked: 'S：行動不能のため何もできません（GN-7-7）',
      blockedRule: 'GN-7-7',
      blockedKey: 'greennoa.blocked.S',
    })
    expect(opts.units.find((u) => u.unit === 'HS1')?.forms).toEqual(['launcher'])
    // After taking up the launcher: MP 4 halved to 2, one turn (FF arc form), and each such move validates.
    const hs = opts.units.find((u) => u.unit === 'HS1')
    const launcher = hs?.formMoves.find((f) => f.form === 'launcher')
    expect(launcher?.mp).toBe(2)
    expect(launcher?.moves.every((m) => m.mp <= 2 && m.turns <= 1)).toBe(true)
    expect(launcher?.moves.length).toBeGreaterThan(3)
    for (const m of launcher?.moves ?? [])
      expect(
        greennoa.validate(state, 'AEUG', [
          { kind: 'transform', unit: 'HS1', form: 'launcher' },
          { kind: 'move', unit: 'HS1', steps: [...m.steps] as ('F' | 'L' | 'R')[] },
        ]),
      ).toEqual([])
  })

  it('lists each legal attack with its difference, direction and odds, and each validates', () => {
    const state = structuredClone(
      stateOf([
        { id: 'MK1', type: 'MK2', side: 'AEUG', col: 4, row: 4, facing: 1, pilot: 'kamille' },
        { id: 'RD1', type: 'RICKDIAS', side: 'AEUG', col: 7, row: 3, facing: 0 },
        { id: 'HZ1', type: 'HIZACK', side: 'TITANS', col: 6, row: 3, facing: 4 },
        { id: 'GM1', type: 'GM2', side: 'TITANS', col: 7, row: 3, facing: 0 },
      ]),
    )
    state.phase = 3
    const opts = greennoa.options(state, 'AEUG')
    expect(opts.step).toBe('declare')
    expect(opts.attacks.length).toBeGreaterThan(0)
    for (const a of opts.attacks) {
      expect(greennoa.validate(state, 'AEUG', [{ kind: a.kind, unit: a.unit, target: a.target }])).toEqual([])
      expect(a.odds.reduce((n, c) => n + c.in36, 0)).toBe(36)
    }
    // RD1 shares GM1's hex: only the compulsory melee (GN-5-2), no fire.
    expect(opts.attacks.filter((a) => a.unit === 'RD1')).toEqual([
      expect.objectContaining({ kind: 'melee', target: 'GM1', compulsory: true, diff: 2 }),
    ])
    // MK1 at 0404 facing NE fires at HZ1 (0603): 10 − 2 − 3 = 5; HZ1 faces SW, toward MK1: front, +0.
    const fire = opts.attacks.find((a) => a.unit === 'MK1' && a.target === 'HZ1')
    expect(fire).toMatchObject({ kind: 'fire', diff: 5, distance: 2, direction: 'front', directionMod: 0, pilotMod: 1 })
    // GM1 is stacked with RD1, an enemy of its own: it cannot be fired at (GN-5-3).
    expect(opts.attacks.some((a) => a.kind === 'fire' && a.target === 'GM1')).toBe(false)
    const [pv] = greennoa.preview?.(state, 'AEUG', [{ kind: 'fire', unit: 'MK1', target: 'HZ1' }]) ?? []
    expect(pv).toMatchObject({ text: expect.stringMatching(/difference 5: E \d+\/36/) })
  })

  it('shows every viewer the whole position, with the system id for the map', () => {
    const { state } = greennoa.setup(duel(), { players: 2 }, scriptedDice([6, 1]))
    const v = greennoa.view(state, 'AEUG')
    expect(v).toMatchObject({ system: 'greennoa', side: 'AEUG', inning: 1, phase: 2, first: 'AEUG' })
    expect(v.units.map((u) => [u.id, u.nameJa, u.values.mp, u.turnLimit])).toEqual([
      ['HS1', '百式', 7, 4],
      ['ME1', 'メッサーラ', 6, 4],
    ])
    expect(greennoa.view(state, null).side).toBeNull()
    expect(JSON.parse(JSON.stringify(v))).toEqual(v)
  })

  it('plays whole games from its own options, to an outcome, never changing the state given', () => {
    const games = [
      ['GN-D1', 'a1'],
      ['GN-D1', 'b2'],
      ['GN-S1', 'c3'],
      ['GN-H1', 'd4'],
    ] as const
    for (const [id, seed] of games) {
      let state: GnState = greennoa.setup(scenario(id), { players: 2 }, createDice(seed.padEnd(64, '0'), 0)).state
      let n = 0
      let pick = seed.charCodeAt(0)
      while (greennoa.pending(state).length > 0) {
        const [p] = greennoa.pending(state)
        if (!p) break
        const seat = p.seats[0] ?? ''
        const opts = greennoa.options(state, seat)
        const orders: GnOrder[] = []
        pick = (pick * 1103515245 + 12345) % 2147483648
        for (const u of opts.units) {
          const m = u.moves[pick % Math.max(1, u.moves.length)]
          if (!m || pick % 5 === 0) continue
          // Each option is legal alone; two moves may still end in one hex (GN-5-1): keep the first.
          const move: GnOrder = { kind: 'move', unit: u.unit, steps: [...m.steps] as ('F' | 'L' | 'R')[] }
          if (greennoa.validate(state, seat, [...orders, move]).length === 0) orders.push(move)
        }
        const used = new Set<string>()
        for (const a of opts.attacks)
          if (!used.has(a.unit)) {
            used.add(a.unit)
            orders.push({ kind: a.kind, unit: a.unit, target: a.target })
          }
        expect(greennoa.validate(state, seat, orders)).toEqual([])
        const before = JSON.stringify(state)
        const text = greennoa.formatOrders(orders, state)
        const parsed = greennoa.parseOrders(text, state, seat)
        expect(parsed).toMatchObject({ ok: true, orders })
        const next = greennoa.resolve(state, { [seat]: orders }, createDice(seed.padEnd(64, '0'), ++n)).state
        expect(JSON.stringify(state)).toBe(before)
        for (const side of ['AEUG', 'TITANS']) {
          const hexes = next.units.filter((u) => !u.removed && u.side === side).map((u) => offsetKey(u.hex))
          expect(new Set(hexes).size).toBe(hexes.length)
        }
        state = next
        expect(n).toBeLessThan(1000)
      }
      expect(greennoa.outcome(state)).not.toBeNull()
      expect(greennoa.options(state, 'AEUG')).toMatchObject({ step: null })
    }
  })
})
