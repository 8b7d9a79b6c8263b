// Refused orders in the reader's language: a Japanese-reading account gets Japanese messages with the
// same rule ids, lines, keys and values; an English one the engine's English, unchanged.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { as, register, startApp, type TestApp, type User } from './helpers.js'

let h: TestApp
let alice: User
let bob: User
let gameId: string
let player: User
beforeAll(async () => {
  h = await startApp()
  alice = await register(h.app, 'Alice')
  bob = await register(h.app, 'Bob')
  const created = await h.app.inject({
    method: 'POST',
    url: '/games',
    headers: as(alice),
    payload: { ruleset: 'abaoaqu', scenario: 'A-S4', seat: 'FED' },
  })
  gameId = created.json().id
  const joined = await h.app.inject({ method: 'POST', url: `/games/${gameId}/join`, headers: as(bob), payload: {} })
  player = joined.json().game.pending[0].seats[0] === 'FED' ? alice : bob
})
afterAll(async () => h?.close())

type Err = { line?: number; rule: string; message: string; key?: string; params?: Record<string, unknown> }

const setLocale = async (locale: 'en' | 'ja') => {
  const res = await h.app.inject({ method: 'PATCH', url: '/me/preferences', headers: as(player), payload: { locale } })
  expect(res.statusCode, res.body).toBe(200)
}

async function submit(text: string, url = `/games/${gameId}/orders`) {
  return h.app.inject({ method: 'POST', url, headers: as(player, { 'content-type': 'text/plain' }), payload: text })
}

// Line 1: a rule refusal (unknown unit); line 2: a notation error; line 4: an attack in the set-up step.
const TEXT = 'ZZ9 -> 0706\nGD1 -> 07x6\n# a comment\nshoot ZZ8 @ 0101 ms'

describe('refused orders in the reader language', () => {
  it('a ja account reads Japanese messages with the same rule ids, lines, keys and values as an en one', async () => {
    await setLocale('en')
    const en = await submit(TEXT)
    expect(en.statusCode, en.body).toBe(422)
    const enErrors = en.json().errors as Err[]
    expect(enErrors.map((e) => [e.line, e.rule, e.key])).toEqual([
      [1, 'A-2-2', 'abaoaqu.unknownUnit'],
      [2, 'NOTATION', 'abaoaqu.notation.moveHex'],
      [4, 'A-3-3', 'abaoaqu.wrongStepVowel'],
    ])
    expect(enErrors[0]!.message).toBe('unknown unit ZZ9')
    expect(enErrors[1]!.message).toBe('line 2 "GD1 -> 07x6": expected one destination hex after "->", e.g. 0710')
    expect(enErrors[1]!.params).toEqual({ line: 2, text: 'GD1 -> 07x6' })

    await setLocale('ja')
    const ja = await submit(TEXT)
    expect(ja.statusCode, ja.body).toBe(422)
    const jaErrors = ja.json().errors as Err[]
    expect(jaErrors.map(({ message: _, ...rest }) => rest)).toEqual(enErrors.map(({ message: _, ...rest }) => rest))
    expect(jaErrors[0]!.message).toBe('ユニット ZZ9 は存在しません')
    expect(jaErrors[1]!.message).toBe(
      '2行目「GD1 -> 07x6」: 「->」の後に移動先のヘックスを1つ書いてください（例: 0710）',
    )
    expect(enErrors[2]!.message).toBe('an attack order does not belong in the set-up phase')
    expect(jaErrors[2]!.message).toBe('「attack」命令は配置フェイズには出せません')
    await setLocale('en')
  })

  it('the preview answers in the reader language too', async () => {
    await setLocale('ja')
    const res = await submit('ZZ9 -> 0706', `/games/${gameId}/orders/preview`)
    await setLocale('en')
    expect(res.statusCode, res.body).toBe(200)
    expect(res.json().valid).toBe(false)
    expect(res.json().errors).toEqual([
      {
        line: 1,
        order: 0,
        field: 'units',
        rule: 'A-2-2',
        key: 'abaoaqu.unknownUnit',
        params: { unit: 'ZZ9' },
        message: 'ユニット ZZ9 は存在しません',
      },
    ])
  })

  it('the problem summary (title and detail) is in the reader language; type, status and rule ids stay', async () => {
    await setLocale('en')
    const en = await submit('ZZ9 -> 0706')
    const many = await submit(TEXT)
    await setLocale('ja')
    const ja = await submit('ZZ9 -> 0706')
    const manyJa = await submit(TEXT)
    await setLocale('en')
    expect(en.json()).toMatchObject({
      type: 'about:blank',
      status: 422,
      title: 'Orders refused',
      detail: 'line 1: A-2-2: unknown unit ZZ9',
    })
    expect(many.json().detail).toBe('3 orders break the rules; each is listed in "errors"')
    expect(ja.statusCode, ja.body).toBe(422)
    expect(ja.json()).toMatchObject({
      type: 'about:blank',
      status: 422,
      title: '命令は受け付けられませんでした',
      detail: '1行目: A-2-2: ユニット ZZ9 は存在しません',
    })
    expect(manyJa.json().detail).toBe('3件の命令がルールに反しています。それぞれ "errors" に挙げています')
    expect((manyJa.json().errors as Err[]).map((e) => e.rule)).toEqual(['A-2-2', 'NOTATION', 'A-3-3'])
  })
})
