// A refused submission lists every error, each with its line in the text, and nothing changes; a
// JSON submission names each order's place; ranges in messages are never empty ("2–2 players").
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

const seqOf = async () => (await h.app.inject({ method: 'GET', url: `/games/${gameId}` })).json().logSeq as number

describe('a refused submission', () => {
  it('text: the unreadable lines and the rule errors of the readable ones, each with its line, in order', async () => {
    const before = await seqOf()
    const text = 'ZZ9 -> 0706\nGD1 -> 07x6\n# a comment\n\nZZ8 -> 0101'
    const res = await h.app.inject({
      method: 'POST',
      url: `/games/${gameId}/orders`,
      headers: as(player, { 'content-type': 'text/plain' }),
      payload: text,
    })
    expect(res.statusCode, res.body).toBe(422)
    const errors = res.json().errors as Array<{ line: number; rule: string; message: string }>
    expect(errors.map((e) => [e.line, e.rule])).toEqual([
      [1, 'A-2-2'],
      [2, 'NOTATION'],
      [5, 'A-2-2'],
    ])
    expect(errors[0]!.message).toMatch(/ZZ9/)
    expect(errors[2]!.message).toMatch(/ZZ8/)
    expect(res.json().detail).toMatch(/3 orders break the rules/)
    expect(await seqOf()).toBe(before)
  })

  it('one error: the detail names its line', async () => {
    const res = await h.app.inject({
      method: 'POST',
      url: `/games/${gameId}/orders`,
      headers: as(player, { 'content-type': 'text/plain' }),
      payload: '# first a comment\nZZ9 -> 0706',
    })
    expect(res.statusCode).toBe(422)
    expect(res.json().errors).toMatchObject([{ line: 2, rule: 'A-2-2' }])
    expect(res.json().detail).toBe('line 2: A-2-2: unknown unit ZZ9')
  })

  it('JSON: a malformed order and a rule error are both reported, by their place', async () => {
    const res = await h.app.inject({
      method: 'POST',
      url: `/games/${gameId}/orders`,
      headers: as(player),
      payload: { orders: [{ kind: 'move', units: ['ZZ9'], to: [7, 6] }, { kind: 'move' }] },
    })
    expect(res.statusCode).toBe(422)
    const errors = res.json().errors as Array<{ order: number; rule: string; line?: number }>
    // The malformed order is reported once per field at fault ("units" and "to" are missing).
    expect(errors.map((e) => [e.order, e.rule])).toEqual([
      [0, 'A-2-2'],
      [1, 'ORDER'],
      [1, 'ORDER'],
    ])
    expect(
      errors
        .filter((e) => e.order === 1)
        .map((e) => (e as unknown as { message: string }).message)
        .join(' '),
    ).toMatch(/"units" is missing.*"to" is missing|"to" is missing.*"units" is missing/)
    expect(errors.every((e) => e.line === undefined)).toBe(true)
  })

  it('the preview lists the same errors with their lines', async () => {
    const res = await h.app.inject({
      method: 'POST',
      url: `/games/${gameId}/orders/preview`,
      headers: as(player, { 'content-type': 'text/plain' }),
      payload: 'ZZ9 -> 0706\nGD1 -> 07x6',
    })
    expect(res.statusCode).toBe(422)
    expect(res.json().errors.map((e: { line: number; rule: string }) => [e.line, e.rule])).toEqual([
      [1, 'A-2-2'],
      [2, 'NOTATION'],
    ])
  })

  it('a scenario for one number of players says that number, not a range "2–2"', async () => {
    const res = await h.app.inject({
      method: 'POST',
      url: '/games',
      headers: as(alice),
      payload: { ruleset: 'abaoaqu', scenario: 'A-S4', players: 3 },
    })
    expect(res.statusCode).toBe(400)
    expect(res.json()).toMatchObject({ detail: 'A-S4 is for 2 players, not 3', field: 'players' })
    const wide = await h.app.inject({
      method: 'POST',
      url: '/games',
      headers: as(alice),
      payload: { ruleset: 'abaoaqu', scenario: 'A-S1', players: 6 },
    })
    expect(wide.json().detail).toBe('A-S1 is for 2, 3 or 4 players, not 6')
  })
})
