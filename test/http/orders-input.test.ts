// Only valid orders are stored: JSON orders are checked against the rule system's schema and stored
// as the rule system rebuilt them, and a submission has a size limit (a 413 that says it).
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { as, register, startApp, type TestApp, type User } from './helpers.js'

let h: TestApp
let alice: User
let bob: User
beforeAll(async () => {
  h = await startApp()
  ;[alice, bob] = await Promise.all([register(h.app, 'Alice'), register(h.app, 'Bob')])
})
afterAll(async () => h?.close())

async function newGame(): Promise<string> {
  const created = await h.app.inject({
    method: 'POST',
    url: '/games',
    headers: as(alice),
    payload: { ruleset: 'abaoaqu', scenario: 'A-S4', seat: 'FED', options: { deployment: 'auto' } },
  })
  const id = created.json().id as string
  expect(
    (
      await h.app.inject({
        method: 'POST',
        url: `/games/${id}/join`,
        headers: as(bob),
        payload: { invite: created.json().invite },
      })
    ).statusCode,
  ).toBe(200)
  return id
}

const post = (id: string, payload: unknown, headers: Record<string, string> = {}, path = 'orders') =>
  h.app.inject({ method: 'POST', url: `/games/${id}/${path}`, headers: as(alice, headers), payload: payload as string })
const entries = (id: string) => h.t.db.logEntry.findMany({ where: { gameId: id }, orderBy: { seq: 'asc' } })

/** A legal move of Alice's first unit that can move, from /options. */
async function legalMove(id: string): Promise<{ unit: string; to: [number, number] }> {
  const options = (await h.app.inject({ method: 'GET', url: `/games/${id}/options`, headers: as(alice) })).json()
    .options
  const unit = options.units.find((u: { moves: unknown[] }) => u.moves.length > 0)
  return { unit: unit.id, to: unit.moves[0] }
}

describe('JSON orders are checked and rebuilt', () => {
  it('an order with an unknown field of 200 KB is refused with 413 and the limit; nothing is stored', async () => {
    const id = await newGame()
    const before = await entries(id)
    const { unit, to } = await legalMove(id)
    for (const path of ['orders', 'orders/preview']) {
      const res = await post(
        id,
        { orders: [{ kind: 'move', units: [unit], to, junk: 'x'.repeat(200 * 1024) }] },
        {},
        path,
      )
      expect(res.statusCode, res.body).toBe(413)
      expect(res.headers['content-type']).toContain('application/problem+json')
      expect(res.json().detail).toMatch(/larger than 65536 bytes/)
      expect(res.json().limit).toBe(65536)
    }
    expect(await entries(id)).toEqual(before)
  })

  it('an order with an unknown field of any size is refused with 422 naming the field; nothing is stored', async () => {
    const id = await newGame()
    const before = await entries(id)
    const { unit, to } = await legalMove(id)
    for (const path of ['orders', 'orders/preview']) {
      const res = await post(id, { orders: [{ kind: 'move', units: [unit], to, junk: 'x'.repeat(1000) }] }, {}, path)
      expect(res.statusCode, res.body).toBe(422)
      expect(res.json().errors).toEqual([
        {
          rule: 'ORDER',
          order: 0,
          message: 'order 1: "junk" is not a field of this order',
          key: 'server.order.unknownField',
          params: { at: 'order', n: 1, name: 'junk' },
        },
      ])
    }
    expect(await entries(id)).toEqual(before)
  })

  it('"standing defence 100000000000000000000" is refused as text and as JSON; nothing is stored', async () => {
    const id = await newGame()
    const before = await entries(id)
    const text = await post(id, 'standing defence 100000000000000000000', { 'content-type': 'text/plain' })
    expect(text.statusCode, text.body).toBe(422)
    expect(text.json().errors[0]).toMatchObject({
      rule: 'NOTATION',
      line: 1,
      message: expect.stringMatching(/from 0 to 4/),
    })
    const json = await post(id, { orders: [{ kind: 'standing', defenceShift: 100000000000000000000 }] })
    expect(json.statusCode, json.body).toBe(422)
    expect(json.json().errors[0]).toMatchObject({ rule: 'ORDER', order: 0, field: 'defenceShift' })
    expect(await entries(id)).toEqual(before)
  })

  it('accepted JSON orders are stored as the rule system rebuilt them, as the same orders sent as text', async () => {
    const [one, two] = [await newGame(), await newGame()]
    const { unit, to } = await legalMove(one)
    const hex = `${String(to[0]).padStart(2, '0')}${String(to[1]).padStart(2, '0')}`
    const json = await post(one, {
      orders: [
        { units: [unit.toLowerCase()], to, kind: 'move' },
        { defenceShift: 'none', kind: 'standing' },
      ],
    })
    expect(json.statusCode, json.body).toBe(200)
    const text = await post(two, `${unit.toLowerCase()} -> ${hex}\nstanding defence none`, {
      'content-type': 'text/plain',
    })
    expect(text.statusCode, text.body).toBe(200)
    // The standing order is kept apart, as the seat's private orders (docs/verification.md).
    const stored = async (id: string) => {
      const p = (await entries(id)).find((e) => e.kind === 'ORDERS')!.payload as {
        orders: unknown[]
        private: Record<string, unknown[]>
      }
      return { orders: [...p.orders, ...Object.values(p.private).flat()] }
    }
    const expected = [
      { kind: 'move', units: [unit], to },
      { kind: 'standing', defenceShift: 'none' },
    ]
    expect((await stored(one)).orders).toEqual(expected)
    expect(JSON.stringify((await stored(one)).orders)).toBe(JSON.stringify((await stored(two)).orders))
  })
})

describe('a submission has a size limit', () => {
  it('text orders over 64 KB are refused with 413 and the limit; nothing is stored', async () => {
    const id = await newGame()
    const before = await entries(id)
    const text = `${'# a long comment\n'.repeat(4000)}pass\n`
    for (const [payload, type] of [
      [text, 'text/plain'],
      [JSON.stringify({ text }), 'application/json'],
    ] as const) {
      const res = await post(id, payload, { 'content-type': type })
      expect(res.statusCode, res.body).toBe(413)
      expect(res.json().detail).toMatch(/65536 bytes, the limit of POST \/games\/:id\/orders/)
    }
    expect(await entries(id)).toEqual(before)
  })

  it('Japanese in a comment is counted in bytes and still welcome under the limit', async () => {
    const id = await newGame()
    const res = await post(id, `# 第1ターン、様子見\npass\n`, { 'content-type': 'text/plain; charset=utf-8' })
    expect(res.statusCode, res.body).toBe(200)
  })
})

describe('a submission says one thing', () => {
  it('orders sent both as text and as JSON are refused with 400, nothing stored, nothing previewed', async () => {
    const id = await newGame()
    const before = await entries(id)
    const { unit, to } = await legalMove(id)
    const move = { kind: 'move', units: [unit], to }
    for (const path of ['orders', 'orders/preview']) {
      const res = await post(id, { text: 'pass', orders: [move] }, {}, path)
      expect(res.statusCode, res.body).toBe(400)
      expect(res.json()).toMatchObject({ field: 'text', detail: expect.stringMatching(/not both/) })
    }
    expect(await entries(id)).toEqual(before)
  })

  it('a field the route does not know is refused with 400, naming it; nothing is stored', async () => {
    const id = await newGame()
    const before = await entries(id)
    const res = await post(id, { orders: [], pass: true, admin: true })
    expect(res.statusCode, res.body).toBe(400)
    expect(res.body).toMatch(/admin/)
    expect(await entries(id)).toEqual(before)
  })
})
