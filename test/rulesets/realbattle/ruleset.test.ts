// The Real Battle Ruleset value against the contract (docs/rule-systems.md): pending seats per step, validate
// with [] per step, private and standing orders, turnOf, the order schema, the API schemas, options,
// preview, adjustments, and a game played by random legal orders with check() after every step.
import { Ajv, type ValidateFunction } from 'ajv'
import type { TSchema } from '@sinclair/typebox'
import { describe, expect, it } from 'vitest'
import { createDice, scriptedDice } from '../../../src/engine/dice.js'
import { realbattle } from '../../../src/rulesets/realbattle/engine/index.js'
import { randomOrders, rng } from '../../../src/rulesets/realbattle/engine/random-orders.js'
import type { RbOrder, RbState } from '../../../src/rulesets/realbattle/engine/types.js'
import { deployOrders, duel, started, team } from './fixture-frame.js'

const ajv = new Ajv({ strict: false, allErrors: true, discriminator: true })
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
function fits(schema: TSchema | undefined, body: unknown): string[] {
  if (!schema) throw new Error('no schema')
  let validate = validators.get(schema)
  if (!validate) validators.set(schema, (validate = ajv.compile(closed(schema) as object)))
  return validate(JSON.parse(JSON.stringify(body)))
    ? []
    : (validate.errors ?? []).map((e) => `${e.instancePath} ${e.message}`)
}
const orderFits = (orders: unknown) => fits(realbattle.ordersSchema, orders)

function step(state: RbState, orders: Record<string, RbOrder[]> = {}) {
  const seats = realbattle.pending(state).flatMap((p) => p.seats)
  return realbattle.resolve(state, Object.fromEntries(seats.map((s) => [s, orders[s] ?? []])), scriptedDice([]))
}

describe('the Real Battle Ruleset', () => {
  it('has its id, version and options', () => {
    expect(realbattle.id).toBe('realbattle')
    expect(realbattle.versions).toEqual(['realbattle-1'])
    expect(realbattle.optionSpecs.map((o) => [o.id, o.default, o.ref])).toEqual([
      ['turnLimit', 0, 'RB-23.7'],
      ['tabletopErrors', false, 'RB-22.3a'],
      ['endOnFirstKill', false, 'RB-24.12'],
    ])
  })

  it('asks the active camp’s seats with an AT in play for each step, sealed for deployment and plans', () => {
    const { state } = started(team(), 4)
    expect(realbattle.pending(state)).toEqual([
      expect.objectContaining({ side: 'A', step: 'action', seats: ['A-1', 'A-2'], sealed: false }),
    ])
    expect(realbattle.pending(state)[0]?.description).toMatch(/^turn 1, camp A: action phase/)
    const lost = structuredClone(state)
    lost.ats.find((a) => a.id === 'A2')!.destroyed = true
    expect(realbattle.pending(lost)[0]?.seats).toEqual(['A-1'])
    const atPlan = step(state).state
    expect(realbattle.pending(atPlan)).toEqual([
      expect.objectContaining({ side: 'A', step: 'plan', seats: ['A-1', 'A-2'], sealed: true }),
    ])
  })

  it('validates an empty submission per step: refused at deployment, a pass in action and planning', () => {
    const fresh = realbattle.setup(duel(), { players: 2 }, scriptedDice([1])).state
    expect(realbattle.validate(fresh, 'A', []).length).toBeGreaterThan(0)
    const { state } = started(duel(), 2)
    expect(realbattle.validate(state, 'A', [])).toEqual([])
    expect(realbattle.validate(step(state).state, 'A', [])).toEqual([])
    // The seat not to act may pass, not order; an unknown seat likewise.
    expect(realbattle.validate(state, 'B', [])).toEqual([])
    expect(realbattle.validate(state, 'B', [{ kind: 'speed', at: 'B1', speed: 0 }])[0]?.key).toBe(
      'realbattle.notYourStep',
    )
    expect(realbattle.validate(state, 'X', [])).toEqual([])
    expect(realbattle.validate(state, 'X', [{ kind: 'speed', at: 'A1', speed: 0 }])[0]?.key).toBe('realbattle.noSeat')
  })

  it('validates speed choices against the AT’s choices (RB-4.4)', () => {
    const { state } = started(duel(), 2)
    const choice = structuredClone(state)
    choice.ats.find((a) => a.id === 'A1')!.speedChoices = [1, 2]
    expect(realbattle.validate(choice, 'A', [{ kind: 'speed', at: 'A1', speed: 2 }])).toEqual([])
    expect(realbattle.validate(choice, 'A', [{ kind: 'speed', at: 'A1', speed: 3 }])).toEqual([
      expect.objectContaining({
        rule: 'RB-4.4',
        key: 'realbattle.speed.choice',
        params: { at: 'A1', speed: 3, choices: '1, 2' },
      }),
    ])
    expect(
      realbattle.validate(choice, 'A', [
        { kind: 'speed', at: 'A1', speed: 1 },
        { kind: 'speed', at: 'A1', speed: 2 },
      ])[0]?.key,
    ).toBe('realbattle.twice')
  })

  it('keeps plans and standing orders private; a submission of standing orders only decides nothing', () => {
    const plan: RbOrder = { kind: 'plan', at: 'A1', acc: 0, dec: 0, atk: 0, def: 0 }
    const policy: RbOrder = { kind: 'policy', at: 'A1', avoid: 'never' }
    const speed: RbOrder = { kind: 'speed', at: 'A1', speed: 1 }
    expect([plan, policy, speed].map((o) => realbattle.isPrivateOrder?.(o))).toEqual([true, true, false])
    expect(realbattle.onlyStanding?.([policy])).toBe(true)
    expect(realbattle.onlyStanding?.([policy, speed])).toBe(false)
    expect(realbattle.onlyStanding?.([])).toBe(false)
  })

  it('applies standing orders given with any step', () => {
    const { state } = started(duel(), 2)
    const next = step(state, { A: [{ kind: 'policy', at: 'A1', fall: { kind: 'spend', pp: 2 } }] }).state
    expect(next.ats.find((a) => a.id === 'A1')!.policies).toEqual({
      avoid: 'avoid-if-affordable',
      fall: { kind: 'spend', pp: 2 },
    })
    expect(realbattle.validate(state, 'A', [{ kind: 'policy', at: 'A1' }])[0]?.key).toBe('realbattle.policy.empty')
  })

  it('gives the turn and half: deployment is turn 0', () => {
    const fresh = realbattle.setup(duel(), { players: 2 }, scriptedDice([1])).state
    expect(realbattle.turnOf?.(fresh)).toEqual({ turn: 0 })
    expect(realbattle.turnOf?.(started(duel(), 2).state)).toEqual({ turn: 1, half: 1 })
  })

  it('has an order schema that takes every order kind and refuses unknown fields and wild values', () => {
    const state = realbattle.setup(duel(), { players: 2 }, scriptedDice([1])).state
    const orders = [
      ...deployOrders(state, ['A1']),
      { kind: 'speed', at: 'A1', speed: -2 },
      {
        kind: 'program',
        at: 'A1',
        steps: [
          { op: 'T', n: 2, side: 'L' },
          { op: 'MAG', weapon: 'hmg' },
        ],
        collide: 'ram',
        target: 'B1',
      },
      { kind: 'attack', at: 'A1', target: 'B1', weapon: 'ml6', missiles: 3 },
      { kind: 'attack', at: 'A1', target: 'B1', arm: 'L' },
      { kind: 'policy', at: 'A1', avoid: 'never', fall: { kind: 'reach', value: 8 } },
    ]
    expect(orderFits(orders)).toEqual([])
    expect(orderFits([{ kind: 'plan', at: 'A1', acc: 0, dec: 0, atk: 0, def: 0, peek: 1 }])).not.toEqual([])
    expect(orderFits([{ kind: 'plan', at: 'A1', acc: 99, dec: 0, atk: 0, def: 0 }])).not.toEqual([])
    expect(orderFits([{ kind: 'program', at: 'A1', steps: [{ op: 'T', n: 4, side: 'L' }] }])).not.toEqual([])
    expect(orderFits([{ kind: 'teleport', at: 'A1' }])).not.toEqual([])
  })

  it('offers each step’s choices to the seat, and never throws for any seat', () => {
    const fresh = realbattle.setup(team(), { players: 4 }, scriptedDice([1])).state
    const dep = realbattle.options(fresh, 'A-1')
    expect(dep).toMatchObject({ seat: 'A-1', step: 'deploy', toAct: true })
    expect(dep.ats.map((a) => a.at)).toEqual(['A1'])
    expect(dep.ats[0]?.deploy?.facings).toEqual([1, 2])
    expect(dep.ats[0]?.deploy?.hexes).toContainEqual([0, 4])
    expect(dep.ats[0]?.plan).toEqual({
      acc: [0, 1, 2, 4],
      dec: [0, 1, 2, 4],
      atk: [0, 1, 2, 3, 5],
      def: [0, 1, 2, 3, 5],
      maxTotal: 7,
    })
    const { state } = started(team(), 4, { A1: [0, 0, 2, 1] })
    const act = realbattle.options(state, 'A-1')
    expect(act.ats[0]?.action).toMatchObject({ speedChoices: [0], actionPp: 4, canStand: false })
    expect(realbattle.options(state, 'B-1')).toMatchObject({ toAct: false, ats: [{ at: 'B1' }] })
    expect(realbattle.options(state, 'nobody')).toEqual({ seat: 'nobody', step: 'action', toAct: false, ats: [] })
    const fallen = structuredClone(step(state).state)
    fallen.ats.find((a) => a.id === 'A1')!.fallen = true
    expect(realbattle.options(fallen, 'A-1').ats[0]?.blocked).toEqual({
      reason: 'fallen: it plans nothing (RB-21.5)',
      ref: 'RB-21.5',
    })
  })

  it('previews a program’s end and refuses to preview another seat’s AT', () => {
    const { state } = started(duel(), 2)
    const [line] = realbattle.preview!(state, 'A', [{ kind: 'program', at: 'A1', steps: [] }]) as Array<{
      key: string
      program: unknown
    }>
    expect(line).toMatchObject({ key: 'realbattle.preview.program', program: { hex: [0, 4], facing: 2, mp: 0 } })
    const [other] = realbattle.preview!(state, 'A', [{ kind: 'speed', at: 'B1', speed: 0 }]) as Array<{ key: string }>
    expect(other?.key).toBe('realbattle.preview.noAt')
  })

  it('adjusts, checks and lists the ATs for moderators', () => {
    const { state } = started(duel(), 2)
    const parsed = realbattle.parseAdjustments(
      'A1 move 0506 facing SE\nA1 durability 8\nA1 ammo hmg 3 mags 0\nA1 fall',
      state,
    )
    expect(parsed.ok).toBe(true)
    if (!parsed.ok) return
    const done = realbattle.adjust(state, parsed.orders)
    expect(done.ok).toBe(true)
    if (!done.ok) return
    expect(realbattle.unitsOf(done.state).A1).toMatchObject({
      hex: '0506',
      facing: 2,
      durability: 8,
      fallen: true,
      weapons: { hmg: { ammo: 3, magazines: 0, purged: false } },
    })
    expect(realbattle.parseAdjustments(realbattle.formatAdjustments(parsed.orders, state), state)).toEqual(parsed)
    const onRock = realbattle.adjust(state, [{ kind: 'move', at: 'A1', hex: '0503' }])
    expect(onRock.ok ? [] : onRock.errors.map((e) => e.rule)).toEqual(['RB-2.3'])
    expect(realbattle.check(state)).toEqual([])
  })
})

describe('moderator adjustments', () => {
  const { state } = started(duel(), 2)

  it('refuse what names nothing or changes nothing, each error at its change', () => {
    const bad = realbattle.adjust(state, [
      { kind: 'face', at: 'Z9', facing: 1 },
      { kind: 'durability', at: 'A1', value: 16 },
      { kind: 'ammo', at: 'A1', weapon: 'ml6', ammo: 1 },
      { kind: 'restore', at: 'A1', hex: '0505', facing: 1 },
      { kind: 'warp', at: 'A1' },
    ])
    expect(bad.ok ? [] : bad.errors.map((e) => [e.order, e.key])).toEqual([
      [0, 'realbattle.adjust.noAt'],
      [1, 'realbattle.adjust.same'],
      [2, 'realbattle.adjust.noWeapon'],
      [3, 'realbattle.adjust.inPlay'],
      [4, 'realbattle.adjust.kind'],
    ])
  })

  it('destroy and restore an AT, and refuse a durability beyond its card', () => {
    const gone = realbattle.adjust(state, [{ kind: 'destroy', at: 'B1' }])
    expect(gone.ok && gone.state.ats.find((a) => a.id === 'B1')?.destroyed).toBe(true)
    if (!gone.ok) return
    expect(realbattle.unitsOf(gone.state).B1?.status).toBe('destroyed')
    const back = realbattle.adjust(gone.state, [{ kind: 'restore', at: 'B1', hex: '1805', facing: 5 }])
    expect(back.ok && realbattle.unitsOf(back.state).B1).toMatchObject({ status: 'in play', hex: '1805', facing: 5 })
    const tough = realbattle.adjust(state, [{ kind: 'durability', at: 'A1', value: 30 }])
    expect(tough.ok ? [] : tough.errors.map((e) => [e.rule, e.key, e.order])).toEqual([
      ['RB-16.4', 'realbattle.check.durability', 0],
    ])
  })

  it('read their notation with errors on their lines', () => {
    const p = realbattle.parseAdjustments('A1 face SE\nA1 teleport 0101\nZ1 fall\nA1 ammo hmg', state)
    expect(p.ok ? [] : p.errors.map((e) => [e.line, e.key])).toEqual([
      [2, 'realbattle.adjust.notation.badVerb'],
      [3, 'realbattle.notation.noAt'],
      [4, 'realbattle.notation.usage'],
    ])
    expect(p.orders).toEqual([{ kind: 'face', at: 'A1', facing: 2 }])
  })
})

describe('a game by random legal orders', () => {
  for (const [name, scenario, players] of [
    ['duel', duel(), 2],
    ['team of four', team(), 4],
  ] as const)
    it(`${name}: every state sound, every view, option and order fitting its schema, to the turn limit`, () => {
      const r = rng(7)
      let { state } = realbattle.setup(scenario, { players, options: { turnLimit: 3 } }, createDice('00'.repeat(32), 0))
      for (let seq = 1; !state.ended && seq < 60; seq++) {
        const submissions: Record<string, RbOrder[]> = {}
        for (const p of realbattle.pending(state))
          for (const seat of p.seats) {
            const orders = randomOrders(state, seat, r)
            expect(realbattle.validate(state, seat, orders), `${seat} at ${state.step}`).toEqual([])
            expect(orderFits(orders)).toEqual([])
            expect(fits(realbattle.schemas?.options, realbattle.options(state, seat))).toEqual([])
            expect(fits(realbattle.schemas?.preview, realbattle.preview!(state, seat, orders))).toEqual([])
            submissions[seat] = orders
          }
        state = realbattle.resolve(state, submissions, createDice('00'.repeat(32), seq)).state
        expect(realbattle.check(state)).toEqual([])
        for (const viewer of [...realbattle.seats(state).map((s) => s.id), null])
          expect(fits(realbattle.schemas?.view, realbattle.view(state, viewer))).toEqual([])
      }
      expect(realbattle.outcome(state)).toEqual({ winner: null, reason: 'turn limit 3 reached', ref: 'RB-23.7' })
    })
})
