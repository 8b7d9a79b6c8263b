// The words of a game's answers in the reader's language: who must act (`pending[].description`) in
// GET /games, GET /games/:id, the view and the orders answer, and GREEN NOA's preview lines, for a
// Japanese-reading account in Japanese and for an English one (or no account) in English, in both systems.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ruleSystem } from '../../src/rulesets/index.js'
import { as, register, startApp, type TestApp, type User } from './helpers.js'

const JAPANESE = /[\u3040-\u30ff\u4e00-\u9fff]/

let h: TestApp
beforeAll(async () => {
  h = await startApp()
})
afterAll(async () => h?.close())

interface Pending {
  side: string
  step: string
  seats: string[]
  sealed: boolean
  description: string
}

async function setLocale(user: User, locale: 'en' | 'ja') {
  const res = await h.app.inject({ method: 'PATCH', url: '/me/preferences', headers: as(user), payload: { locale } })
  expect(res.statusCode, res.body).toBe(200)
}

let games = 0
/** A started game of `ruleset`: ja reads Japanese, en English; `acting` is the one whose step it is. */
async function startGame(ruleset: string, scenario: string, seat: string) {
  games += 1
  const ja = await register(h.app, `ja${games}`)
  const en = await register(h.app, `en${games}`)
  await setLocale(ja, 'ja')
  await setLocale(en, 'en')
  const created = await h.app.inject({
    method: 'POST',
    url: '/games',
    headers: as(ja),
    payload: { ruleset, scenario, seat },
  })
  expect(created.statusCode, created.body).toBe(201)
  const id = created.json().id as string
  const joined = await h.app.inject({ method: 'POST', url: `/games/${id}/join`, headers: as(en), payload: {} })
  expect(joined.statusCode, joined.body).toBe(200)
  const pending = joined.json().game.pending as Pending[]
  const acting = pending[0]!.seats[0] === seat ? ja : en
  return { id, ja, en, acting, actingSeat: pending[0]!.seats[0]! }
}

const described = (ruleset: string, p: Pending, locale: 'en' | 'ja') => ruleSystem(ruleset)!.describeStep!(p, locale)

for (const [ruleset, scenario, seat] of [
  ['abaoaqu', 'A-S4', 'FED'],
  ['greennoa', 'GN-S1', 'AEUG'],
] as const) {
  describe(`${ruleset}: who must act, in the reader language`, () => {
    let g: Awaited<ReturnType<typeof startGame>>
    beforeAll(async () => {
      g = await startGame(ruleset, scenario, seat)
    })

    it('GET /games/:id: Japanese to a ja account, English to an en one and to a reader without one', async () => {
      const read = async (user?: User) => {
        const res = await h.app.inject({ method: 'GET', url: `/games/${g.id}`, headers: user ? as(user) : {} })
        expect(res.statusCode, res.body).toBe(200)
        return (res.json().pending as Pending[])[0]!
      }
      const ja = await read(g.ja)
      const en = await read(g.en)
      const anonymous = await read()
      expect(ja.description).toMatch(JAPANESE)
      expect(ja.description).toBe(described(ruleset, ja, 'ja'))
      expect(en.description).not.toMatch(JAPANESE)
      expect(en.description).toBe(described(ruleset, en, 'en'))
      expect(anonymous.description).toBe(en.description)
      // Everything else is the same data.
      expect({ ...ja, description: '' }).toEqual({ ...en, description: '' })
      if (ruleset === 'greennoa')
        for (const d of [ja.description, en.description]) expect(d).not.toMatch(/HS1|ME1|HZ1|MK2|RD2/)
    })

    it('GET /games and the view say the same', async () => {
      for (const [user, locale] of [
        [g.ja, 'ja'],
        [g.en, 'en'],
      ] as const) {
        const list = await h.app.inject({ method: 'GET', url: '/games?mine=true', headers: as(user) })
        expect(list.statusCode, list.body).toBe(200)
        const item = (list.json().games as Array<{ id: string; pending: Pending[] }>).find((x) => x.id === g.id)!
        expect(item.pending[0]!.description).toBe(described(ruleset, item.pending[0]!, locale))
        const view = await h.app.inject({ method: 'GET', url: `/games/${g.id}/view`, headers: as(user) })
        expect(view.statusCode, view.body).toBe(200)
        const p = (view.json().view.pending as Pending[])[0]!
        expect(p.description).toBe(described(ruleset, p, locale))
        expect(p.description).toBe(item.pending[0]!.description)
      }
    })
  })
}

describe('greennoa: the orders answer and the preview in the reader language', () => {
  let g: Awaited<ReturnType<typeof startGame>>
  beforeAll(async () => {
    g = await startGame('greennoa', 'GN-S1', 'AEUG')
  })

  it('previews a move in the reader language, with its key and values', async () => {
    const unit = g.actingSeat === 'AEUG' ? 'MK2' : 'MK1'
    const preview = async () => {
      const res = await h.app.inject({
        method: 'POST',
        url: `/games/${g.id}/orders/preview`,
        headers: as(g.acting, { 'content-type': 'text/plain' }),
        payload: `${unit} move F`,
      })
      expect(res.statusCode, res.body).toBe(200)
      return res.json().odds[0] as { text: string; key: string; params: Record<string, unknown> }
    }
    const locale = g.acting === g.ja ? 'ja' : 'en'
    const first = await preview()
    await setLocale(g.acting, locale === 'ja' ? 'en' : 'ja')
    const second = await preview()
    await setLocale(g.acting, locale)
    const [ja, en] = locale === 'ja' ? [first, second] : [second, first]
    expect(en.key).toBe('greennoa.preview.move')
    expect({ key: ja.key, params: ja.params }).toEqual({ key: en.key, params: en.params })
    expect(en.text).toMatch(new RegExp(`^${unit} ends at hex \\d{4} facing \\d, 1 MP, 0 turns$`))
    expect(ja.text).toMatch(new RegExp(`^${unit} はヘックス \\d{4}、向き\\dで移動を終えます（1移動力、旋回0回）$`))
  })

  it('the orders answer tells who acts next in the reader language', async () => {
    const res = await h.app.inject({
      method: 'POST',
      url: `/games/${g.id}/orders`,
      headers: as(g.acting, { 'content-type': 'text/plain' }),
      payload: 'pass',
    })
    expect(res.statusCode, res.body).toBe(200)
    const next = (res.json().pending as Pending[])[0]!
    const locale = g.acting === g.ja ? 'ja' : 'en'
    expect(next.description).toBe(described('greennoa', next, locale))
    expect(next.description.match(JAPANESE) !== null).toBe(locale === 'ja')
  })

  it('how the game ended: Japanese to a ja account, the stored English to an en one', async () => {
    const res = await h.app.inject({ method: 'POST', url: `/games/${g.id}/resign`, headers: as(g.ja) })
    expect(res.statusCode, res.body).toBe(200)
    const side = g.acting === g.ja ? g.actingSeat : g.actingSeat === 'AEUG' ? 'TITANS' : 'AEUG'
    expect(res.json().outcome).toMatchObject({ reason: `${side}が投了した`, ref: 'resign' })
    const read = async (user: User) =>
      (await h.app.inject({ method: 'GET', url: `/games/${g.id}`, headers: as(user) })).json().outcome
    expect((await read(g.en)).reason).toBe(`${side} resigned`)
    expect((await read(g.ja)).reason).toBe(`${side}が投了した`)
  })
})
