// MS@W: what a seat is offered (options) and what its orders would do (preview), on small states; and the
// fuzzer's random orders, legal whatever the state.
import type { TSchema } from '@sinclair/typebox'
import { Ajv, type ValidateFunction } from 'ajv'
import { describe, expect, it } from 'vitest'
import { createDice, scriptedDice } from '../../../src/engine/dice.js'
import { msaw } from '../../../src/rulesets/msaw/engine/index.js'
import { randomOrders, rng } from '../../../src/rulesets/msaw/engine/random-orders.js'
import type { MsOrder, MsState, TerrainPiece } from '../../../src/rulesets/msaw/engine/types.js'
import { game, scenario } from './frame-fixture.js'

const suit = (state: MsState, id: string) => state.suits.find((s) => s.id === id)!
const move = (ms: string, x: number, y: number): MsOrder => ({ kind: 'move', ms, path: [{ x, y }] })
const attack = (ms: string, target: string, weapon: string): MsOrder => ({ kind: 'attack', ms, target, weapon })
const square = (id: string, x0: number, y0: number, x1: number, y1: number, more: Partial<TerrainPiece>) => ({
  id,
  name: id,
  polygon: [
    { x: x0, y: y0 },
    { x: x1, y: y0 },
    { x: x1, y: y1 },
    { x: x0, y: y1 },
  ],
  blocksLOS: false,
  move: 'open' as const,
  ...more,
})

describe('options', () => {
  it('offers the active seat each suit that can activate: parts, Move, targets with the odds, switches', () => {
    const opts = msaw.options(game(), 'F')
    expect(opts).toMatchObject({ seat: 'F', step: 'action', reaction: null, deploy: null })
    expect(opts.suits.map((s) => s.ms)).toEqual(['GM1', 'GM2'])
    const gm1 = opts.suits[0]!
    expect(gm1).toMatchObject({
      at: { x: 2000, y: 2200 },
      parts: ['move', 'switch', 'combat'],
      move: 1000,
      hover: null,
      impassable: [],
      rough: [],
      switchable: { draw: ['beam-saber'], stow: [], pickup: [] },
      policy: { shield: 'always', counter: 'best' },
    })
    // ZAKU1 is 3" off, in the vulcans' 0~6; ZAKU2 (8.55") is beyond every usable weapon. The beam saber is
    // stowed: not usable (AMB-M-13). P(3d6 ≤ 12) = 74.1 %.
    expect(gm1.targets).toHaveLength(1)
    expect(gm1.targets[0]).toMatchObject({ target: 'ZAKU1', distance: 300, inSight: true })
    expect(gm1.targets[0]!.weapons.map((w) => [w.weapon, w.need])).toEqual([['gm-vulcan', 12]])
    expect(gm1.targets[0]!.weapons[0]!.chance).toBeCloseTo(0.7407, 3)
  })

  it('names the terrain a suit may not enter or pays double for, and a target out of sight', () => {
    const wall = square('wall', 1800, 2300, 2200, 2400, { blocksLOS: true, move: 'impassable' })
    const mud = square('mud', 3000, 1000, 3500, 1500, { move: 'rough' })
    const gm1 = msaw.options(game(scenario({}, [wall, mud])), 'F').suits[0]!
    expect(gm1).toMatchObject({ impassable: ['wall'], rough: ['mud'] })
    expect(gm1.targets[0]).toMatchObject({ target: 'ZAKU1', inSight: false })
  })

  it('offers nothing to a seat whose step it is not, nor to a stranger', () => {
    const state = game()
    expect(msaw.options(state, 'Z')).toEqual({ seat: 'Z', step: 'action', suits: [], reaction: null, deploy: null })
    expect(msaw.options(state, 'nobody').suits).toEqual([])
  })

  it('after `more`, offers only the suits that have not activated', () => {
    const r = msaw.resolve(game(), { F: [move('GM1', 2000, 2000), { kind: 'more' }] }, scriptedDice([]))
    expect(msaw.options(r.state, 'F').suits.map((s) => s.ms)).toEqual(['GM2'])
  })

  it('in the deploy step, offers the zone and the items each suit may hold', () => {
    const state = game(scenario({ deployment: 'players' }), [])
    expect(msaw.options(state, 'Z').deploy).toEqual({
      zone: { x0: 0, y0: 4200, x1: 4800, y1: 4800 },
      suits: ['ZAKU1', 'ZAKU2'],
      hold: { ZAKU1: ['zaku-mg'], ZAKU2: ['zaku-mg'] },
    })
  })

  it('in the react step, offers the question to the seat that must answer', () => {
    const state = game()
    state.step = 'react'
    state.reaction = {
      kind: 'shield',
      ms: 'ZAKU1',
      seat: 'Z',
      attacker: 'GM1',
      weapon: 'gm-vulcan',
      attackRoll: 9,
      isCounter: false,
      queue: [move('GM2', 2800, 2000)],
    }
    expect(msaw.options(state, 'Z').reaction).toEqual({
      kind: 'shield',
      ms: 'ZAKU1',
      attacker: 'GM1',
      choices: ['shoulder-shield'],
    })
    expect(msaw.options(state, 'F').reaction).toBeNull()
    // The view shows the question, never the active seat's orders still to run.
    expect(msaw.view(state, 'Z').reaction).not.toHaveProperty('queue')
  })

  it('counts the aim bonus against the aimed target only (TV-M-12)', () => {
    const state = game(scenario({ options: { aim: true } }))
    suit(state, 'GM1').aim = { target: 'ZAKU1', round: 0 }
    suit(state, 'GM1').at = { x: 2400, y: 2300 }
    const gm1 = msaw.options(state, 'F').suits[0]!
    expect(gm1.targets.map((t) => [t.target, t.weapons[0]!.need])).toEqual([
      ['ZAKU1', 13],
      ['ZAKU2', 12],
    ])
  })
})

describe('preview', () => {
  it('tells each order in turn: a move’s length, then the attack from where it ends', () => {
    const lines = msaw.preview!(game(), 'F', [move('GM1', 2000, 2000), attack('GM1', 'ZAKU1', 'gm-vulcan')]) as Array<
      Record<string, unknown>
    >
    expect(lines[0]).toMatchObject({
      key: 'msaw.frame.preview.move',
      move: { to: { x: 2000, y: 2000 }, length: 200, cost: 200, hover: false, legal: true },
      text: 'GM1 moves to (20, 20): 2" long, 2" of its Move',
    })
    expect(lines[1]).toMatchObject({
      key: 'msaw.frame.preview.attack',
      attack: { target: 'ZAKU1', distance: 500, inRange: true, inSight: true, need: 12, legal: true },
    })
    expect(lines[1]!.text).toBe('GM1 attacks ZAKU1 with gm-vulcan at 5": it hits on 12 or less on 3d6 (74.1%)')
  })

  it('says when an attack would not be legal at that moment, and when a move is refused', () => {
    const lines = msaw.preview!(game(), 'F', [
      move('GM1', 2000, 1400),
      attack('GM1', 'ZAKU1', 'gm-vulcan'),
      move('GM2', 2800, 1000),
      move('ZAKU1', 2000, 2700),
    ]) as Array<{ key: string; attack?: { inRange: boolean; legal: boolean; distance: number }; move?: unknown }>
    expect(lines.map((l) => l.key)).toEqual([
      'msaw.frame.preview.move',
      'msaw.frame.preview.attackIllegal',
      'msaw.frame.preview.moveIllegal',
      'msaw.frame.preview.noSuit',
    ])
    expect(lines[1]!.attack).toMatchObject({ distance: 1100, inRange: false, legal: false })
    expect(lines[2]!.move).toMatchObject({ legal: false, rule: 'MS-2.1' })
  })
})

const ajv = new Ajv({ strict: false, allErrors: true, discriminator: true })

/** The schema with every object closed: a field the schema does not name fails. */
function closed(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(closed)
  if (!schema || typeof schema !== 'object') return schema
  const out: Record<string, unknown> = {}
  for (const [k, v] of Object.entries(schema)) out[k] = k === 'const' || k === 'enum' ? v : closed(v)
  if (out.type === 'object' && out.properties && out.additionalProperties === undefined)
    out.additionalProperties = false
  return out
}

const validators = new Map<TSchema, ValidateFunction>()
function expectFits(schema: TSchema | undefined, body: unknown, what: string): void {
  if (!schema) throw new Error(`no schema for ${what}`)
  let validate = validators.get(schema)
  if (!validate) validators.set(schema, (validate = ajv.compile(closed(schema) as object)))
  const ok = validate(JSON.parse(JSON.stringify(body)))
  expect(ok ? [] : validate.errors?.map((e) => `${e.instancePath} ${e.message}`), what).toEqual([])
}

describe('random orders', () => {
  it('are legal for whoever must act, through whole games that stay sound and fit the API schemas', () => {
    for (const seed of [1, 2, 3]) {
      const r = rng(seed)
      const options = { aim: true, systemError: true, oneHitKill: true, roundLimit: 6 }
      const scn = scenario({ deployment: seed === 2 ? 'players' : 'fixed', options })
      let state = msaw.setup(scn, { players: seed === 3 ? 3 : 2 }, createDice('ab'.repeat(32), 0)).state
      for (let seq = 1; seq < 200 && !state.over; seq++) {
        const subs: Record<string, MsOrder[]> = {}
        for (const p of msaw.pending(state))
          for (const seat of p.seats) {
            const orders = randomOrders(state, seat, r)
            expect(msaw.validate(state, seat, orders)).toEqual([])
            // What the API answers fits its schemas (api-schemas.ts), closed.
            expectFits(msaw.schemas?.options, msaw.options(state, seat), 'options')
            expectFits(msaw.schemas?.preview, msaw.preview!(state, seat, orders), 'preview')
            expectFits(msaw.schemas?.view, msaw.view(state, seat), 'view')
            subs[seat] = orders
          }
        state = msaw.resolve(state, subs, createDice('ab'.repeat(32), seq)).state
        expect(msaw.check(state)).toEqual([])
      }
      expect(state.round).toBeGreaterThan(0)
    }
  })
})
