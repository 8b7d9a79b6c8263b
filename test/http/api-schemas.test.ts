// Every game route answers with a schema (Fastify serialises by it, and leaves out what it does not
// name). Through a played game, each answer must be exactly what the use case returns (nothing lost
// in serialisation), and must fit its schema closed: a field the schema does not name fails here.
import { Ajv, type ValidateFunction } from 'ajv'
import addFormatsModule from 'ajv-formats'
import type { TSchema } from '@sinclair/typebox'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createDice } from '../../src/engine/dice.js'
import { abaoaqu, type Order, type State } from '../../src/rulesets/abaoaqu/engine/index.js'
import { randomOrders, rng } from '../../src/rulesets/abaoaqu/engine/random-orders.js'
import { previewOrders } from '../../src/games/preview.js'
import { gameLog, gameOptions, gameSummary, gameView, verifyGame, type Caller } from '../../src/games/reads.js'
import {
  GameList,
  GameSummary,
  GameViewObject,
  Joined,
  LogPage,
  Preview,
  Resigned,
  SeatOptions,
  Submitted,
  VerifyReport,
} from '../../src/http/schemas/games.js'
import { ProblemSchema } from '../../src/http/schemas/problem.js'
import { loadAbaoaquScenario } from '../../src/rulesets/abaoaqu/scenarios/index.js'
import { api, as, register, startApp, type TestApp, type User } from './helpers.js'

const addFormats = addFormatsModule as unknown as (ajv: Ajv) => Ajv
const ajv = addFormats(new Ajv({ strict: false, allErrors: true }))

/** A copy of the schema in which every object names all its fields: anything else is an error. */
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
function expectFits(schema: TSchema, body: unknown, what: string): void {
  let validate = validators.get(schema)
  if (!validate) validators.set(schema, (validate = ajv.compile(closed(schema) as object)))
  const ok = validate(body)
  expect(
    ok ? [] : validate.errors?.map((e) => `${e.instancePath} ${e.message} ${JSON.stringify(e.params)}`),
    what,
  ).toEqual([])
}

const json = (v: unknown) => JSON.parse(JSON.stringify(v)) as unknown

let h: TestApp
let alice: User
let bob: User
const caller = (u: User | null): Caller => ({ userId: u?.id ?? null, role: u ? 'PLAYER' : null })
beforeAll(async () => {
  h = await startApp()
  ;[alice, bob] = await Promise.all([register(h.app, 'Alice'), register(h.app, 'Bob')])
})
afterAll(async () => h?.close())

/** Every read route, for one reader: the answer is the use case's result, and fits its schema closed. */
async function checkReads(id: string, who: User | null, label: string) {
  const db = h.t.db
  const summary = await api.game(h.app, id, who)
  expect(summary.status, summary.raw).toBe(200)
  expect(summary.body, `${label}: GET /games/:id`).toEqual(
    json(await gameSummary(db, id, caller(who), { publicUrl: h.app.config.publicUrl })),
  )
  expectFits(GameSummary, summary.body, `${label}: GET /games/:id`)

  const view = await api.view(h.app, id, who)
  expect(view.status, view.raw).toBe(200)
  expect(view.body).toEqual(JSON.parse(await gameView(db, id, caller(who))))
  expectFits(GameViewObject(), view.body, `${label}: GET /games/:id/view`)

  const log = await api.log(h.app, id, who, 0, 500)
  expect(log.status, log.raw).toBe(200)
  expect(log.body, `${label}: GET /games/:id/log`).toEqual(json(await gameLog(db, id, caller(who), 0, 500)))
  expectFits(LogPage(), log.body, `${label}: GET /games/:id/log`)

  const verify = await api.verify(h.app, id, who, log.body.head?.receipt)
  expect(verify.status, verify.raw).toBe(200)
  expect(verify.body, `${label}: GET /games/:id/verify`).toEqual(
    json(await verifyGame(db, id, caller(who), log.body.head?.receipt)),
  )
  expectFits(VerifyReport, verify.body, `${label}: GET /games/:id/verify`)
  expect(verify.body.ok).toBe(true)

  if (who) {
    const options = await api.options(h.app, id, who)
    expect(options.status, options.raw).toBe(200)
    expect(options.body, `${label}: GET /games/:id/options`).toEqual(json(await gameOptions(db, id, caller(who))))
    expectFits(SeatOptions(), options.body, `${label}: GET /games/:id/options`)
    const past = await api.state(h.app, id, who, 1)
    expect(past.status, past.raw).toBe(200)
    expectFits(GameViewObject(), past.body, `${label}: GET /games/:id/state`)
  }
  return { summary: summary.body, log: log.body }
}

describe('the answers of the game routes', () => {
  it('are what the use cases return, and fit their schemas, through a whole game', async () => {
    const created = await h.app.inject({
      method: 'POST',
      url: '/games',
      headers: as(alice),
      payload: { ruleset: 'abaoaqu', scenario: 'A-S4', seat: 'FED' },
    })
    expect(created.statusCode, created.body).toBe(201)
    expectFits(GameSummary, created.json(), 'POST /games')
    const id = created.json().id as string

    const listed = await h.app.inject({ method: 'GET', url: '/games?mine=true', headers: as(alice) })
    expectFits(GameList, listed.json(), 'GET /games')
    expect(listed.json().games[0]).toMatchObject({ id, pending: null, freeSeats: ['ZEON'] })

    const joined = await h.app.inject({ method: 'POST', url: `/games/${id}/join`, headers: as(bob), payload: {} })
    expect(joined.statusCode, joined.body).toBe(200)
    expectFits(Joined, joined.json(), 'POST /games/:id/join')

    const { seed } = await h.t.db.game.findUniqueOrThrow({ where: { id } })
    let state: State = abaoaqu.setup(
      loadAbaoaquScenario('A-S4'),
      { players: 2, options: {} },
      createDice(seed, 1),
    ).state
    let seq = 1
    const players: Record<string, User> = { FED: alice, ZEON: bob }
    const r = rng(7)
    const seen = { previews: 0, odds: 0, refused: 0, standing: 0 }

    while (state.turn <= 2 && state.step !== 'over') {
      const [pending] = abaoaqu.pending(state)
      const seat = pending!.seats[0]!
      const user = players[seat]!
      let orders: Order[] = randomOrders(state, seat, r)
      // A standing order now and then: a private leaf in the log.
      if (seen.standing < 2 && state.step === 'move') {
        orders = [...orders, { kind: 'standing', defenceShift: 'none' }]
        seen.standing++
      }
      const options = await api.options(h.app, id, user)
      const seatOptions = options.body.options
      if (!('groupAttacks' in seatOptions)) throw new Error('expected the options of an A-Bao-A-Qu seat')
      const attack = [...seatOptions.units.flatMap((u) => u.attacks), ...seatOptions.groupAttacks][0]
      if (attack) {
        // One legal attack with its odds, and one that is not legal now.
        const far = { ...attack.order, hex: [0, 0], target: { group: 'SHIP' } }
        const preview = await api.preview(h.app, id, user, { orders: [attack.order, far] })
        expect(preview.status, preview.raw).toBe(200)
        expect(preview.body).toEqual(
          json(await previewOrders(h.t.db, id, { userId: user.id, role: 'PLAYER' }, { orders: [attack.order, far] })),
        )
        expectFits(Preview(), preview.body, 'POST /games/:id/orders/preview')
        seen.previews++
        for (const o of preview.body.odds) {
          if ('column' in o) seen.odds++
          else seen.refused++
        }
      }
      const sent = await api.orders(h.app, id, user, {
        orders,
        ...(orders.every((o) => o.kind === 'standing') ? { pass: true } : {}),
      })
      expect(sent.status, sent.raw).toBe(200)
      expectFits(Submitted, sent.body, 'POST /games/:id/orders')
      seq += sent.body.resolved ? 2 : 1
      expect(sent.body.seq).toBe(seq)
      state = abaoaqu.resolve(state, { [seat]: orders }, createDice(seed, seq)).state
      if (seq < 12 || seq % 6 === 0) {
        await checkReads(id, alice, `seq ${seq}, Alice`)
        await checkReads(id, null, `seq ${seq}, an observer`)
      }
    }
    expect(seen.previews).toBeGreaterThan(0)
    expect(seen.odds).toBeGreaterThan(0)
    expect(seen.refused).toBeGreaterThan(0)

    // A sealed leaf: Bob does not read Alice's standing orders.
    const { log } = await checkReads(id, bob, 'Bob')
    expect(log.entries.some((e) => (e.sealed ?? []).includes('private:FED'))).toBe(true)

    const resigned = await h.app.inject({ method: 'POST', url: `/games/${id}/resign`, headers: as(bob) })
    expect(resigned.statusCode, resigned.body).toBe(200)
    expectFits(Resigned, resigned.json(), 'POST /games/:id/resign')
    // Over: the seed is shown, every leaf is open.
    const over = await checkReads(id, bob, 'after the game')
    expect(over.summary.status).toBe('FINISHED')
    expect(over.log.entries.every((e) => (e.sealed ?? []).length === 0)).toBe(true)
  })

  it('refusals are problem+json that fit the one problem schema', async () => {
    const missing = await api.game(h.app, '00000000-0000-4000-8000-000000000000', alice)
    expect(missing.status).toBe(404)
    expect(missing.problem).toMatchObject({ status: 404, title: 'Not found' })
    expectFits(ProblemSchema, missing.problem, '404')
    const created = await h.app.inject({
      method: 'POST',
      url: '/games',
      headers: as(alice),
      payload: { ruleset: 'abaoaqu', scenario: 'A-S4', seat: 'FED', options: { deployment: 'auto' } },
    })
    const id = created.json().id as string
    await h.app.inject({ method: 'POST', url: `/games/${id}/join`, headers: as(bob), payload: {} })
    const refused = await api.orders(h.app, id, alice, { text: 'GM1 -> 9999\nnonsense' }, { 'if-match': '"1"' })
    expect(refused.status).toBe(422)
    expect(refused.problem?.errors?.length).toBeGreaterThan(0)
    expect(refused.problem?.errors?.every((e) => typeof e.rule === 'string')).toBe(true)
    expectFits(ProblemSchema, refused.problem, '422')
    const stale = await api.orders(h.app, id, alice, { text: 'pass' }, { 'if-match': '"7"' })
    expect(stale.status).toBe(409)
    expect(stale.problem).toMatchObject({ currentSeq: 1 })
    expectFits(ProblemSchema, stale.problem, '409')
  })
})
