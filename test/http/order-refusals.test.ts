// Refused orders that every rule system answers alike: a seat out of its step hears the server's STEP,
// whatever it sent; a submission with many bad lines lists the first 50 errors and says how many more.
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

async function newGame(payload: Record<string, unknown>): Promise<string> {
  const created = await h.app.inject({ method: 'POST', url: '/games', headers: as(alice), payload })
  expect(created.statusCode, created.body).toBe(201)
  const id = created.json().id as string
  const invite = created.json().invite as string
  const joined = await h.app.inject({ method: 'POST', url: `/games/${id}/join`, headers: as(bob), payload: { invite } })
  expect(joined.statusCode, joined.body).toBe(200)
  return id
}

/** The player of the seat the game does not wait for, and the one it does (Alice created it, Bob joined). */
async function players(id: string): Promise<{ waiting: User; acting: User }> {
  const game = (await h.app.inject({ method: 'GET', url: `/games/${id}` })).json()
  const aliceSeat = game.seats.find((s: { player: { name: string } | null }) => s.player?.name === 'Alice').seat
  return game.pending[0].seats.includes(aliceSeat) ? { acting: alice, waiting: bob } : { acting: bob, waiting: alice }
}

const post = (id: string, user: User, payload: Record<string, unknown>) =>
  h.app.inject({ method: 'POST', url: `/games/${id}/orders`, headers: as(user), payload })

const STEP_REFUSAL = [{ rule: 'STEP', message: 'not your step', key: 'server.step', params: {} }]

describe('a seat out of its step', () => {
  it('A-Bao-A-Qu and GREEN NOA both answer with the server’s STEP, for orders and for a pass', async () => {
    const abaoaqu = await newGame({
      ruleset: 'abaoaqu',
      scenario: 'A-S4',
      seat: 'FED',
      options: { deployment: 'auto' },
    })
    const greennoa = await newGame({ ruleset: 'greennoa', scenario: 'GN-D1', seat: 'AEUG' })
    const cases: Array<[string, Record<string, unknown>, Record<string, unknown>]> = [
      [abaoaqu, { orders: [{ kind: 'move', units: ['ZK1'], to: [5, 5] }] }, { orders: [] }],
      [greennoa, { text: 'ME1 move F\nHS1 move F' }, { text: 'pass' }],
    ]
    for (const [id, orders, pass] of cases) {
      const { waiting } = await players(id)
      for (const payload of [orders, pass]) {
        const res = await post(id, waiting, payload)
        expect(res.statusCode, res.body).toBe(422)
        expect(res.json().errors).toEqual(STEP_REFUSAL)
      }
      // The preview says the same, writing nothing.
      const preview = await h.app.inject({
        method: 'POST',
        url: `/games/${id}/orders/preview`,
        headers: as(waiting),
        payload: orders,
      })
      expect(preview.statusCode, preview.body).toBe(200)
      expect(preview.json()).toMatchObject({ valid: false, errors: STEP_REFUSAL })
    }
  })
})

describe('a refusal with very many errors', () => {
  it('lists the first 50 and then one error saying how many more, in English and in Japanese', async () => {
    const id = await newGame({ ruleset: 'greennoa', scenario: 'GN-D1', seat: 'AEUG' })
    const { acting } = await players(id)
    const text = 'XX9 move F\n'.repeat(4000)
    const res = await post(id, acting, { text })
    expect(res.statusCode, res.body.slice(0, 500)).toBe(422)
    const body = res.json()
    expect(body.errors).toHaveLength(51)
    expect(body.errors.slice(0, 50).map((e: { line: number }) => e.line)).toEqual(
      Array.from({ length: 50 }, (_, i) => i + 1),
    )
    expect(body.errors[50]).toEqual({
      rule: 'ORDER',
      key: 'server.moreErrors',
      params: { count: 3950 },
      message: 'and 3950 more errors, not listed: correct these and send the orders again',
    })
    expect(body.detail).toBe('4000 orders break the rules; the first 50 are listed in "errors"')
    expect(res.body.length).toBeLessThan(30_000)
    // The preview lists as many, of rules broken by lines that read (the same unit moved again and again).
    const again = await h.app.inject({
      method: 'POST',
      url: `/games/${id}/orders/preview`,
      headers: as(acting),
      payload: { text: 'HS1 move F\n'.repeat(200) },
    })
    expect(again.statusCode, again.body.slice(0, 500)).toBe(200)
    const previewed = again.json()
    expect(previewed.valid).toBe(false)
    expect(previewed.errors).toHaveLength(51)
    expect(previewed.errors[50]).toMatchObject({ rule: 'ORDER', key: 'server.moreErrors' })

    const set = await h.app.inject({
      method: 'PATCH',
      url: '/me/preferences',
      headers: as(acting),
      payload: { locale: 'ja' },
    })
    expect(set.statusCode, set.body).toBe(200)
    const ja = (await post(id, acting, { text })).json()
    expect(ja.errors[50].message).toBe(
      'ほかに3950件の誤りがありますが、ここには挙げていません。挙げたものを直して、もう一度送ってください',
    )
    expect(ja.detail).toBe('4000件の命令がルールに反しています。最初の50件を "errors" に挙げています')
  })
})
