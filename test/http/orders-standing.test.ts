// A submission of standing orders alone is refused like an empty one: it decides nothing in the step,
// and a step is never passed by accident. Saying "pass" with it sets the standing order and passes.
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

/** A-S4 with automatic set-up: the Federation (Alice) moves first. */
async function newGame(): Promise<string> {
  const created = await h.app.inject({
    method: 'POST',
    url: '/games',
    headers: as(alice),
    payload: {
      ruleset: 'abaoaqu',
      scenario: 'A-S4',
      seat: 'FED',
      title: 'ソロモン沖',
      options: { deployment: 'auto' },
    },
  })
  expect(created.statusCode, created.body).toBe(201)
  const id = created.json().id as string
  const joined = await h.app.inject({
    method: 'POST',
    url: `/games/${id}/join`,
    headers: as(bob),
    payload: { invite: created.json().invite },
  })
  expect(joined.statusCode, joined.body).toBe(200)
  return id
}

const text = (user: User, id: string, body: string, path = 'orders') =>
  h.app.inject({
    method: 'POST',
    url: `/games/${id}/${path}`,
    headers: as(user, { 'content-type': 'text/plain' }),
    payload: body,
  })
const json = (user: User, id: string, body: Record<string, unknown>, path = 'orders') =>
  h.app.inject({ method: 'POST', url: `/games/${id}/${path}`, headers: as(user), payload: body })
const standingNone = { kind: 'standing', defenceShift: 'none' }

async function where(id: string) {
  const game = (await h.app.inject({ method: 'GET', url: `/games/${id}`, headers: as(alice) })).json()
  const view = (await h.app.inject({ method: 'GET', url: `/games/${id}/view`, headers: as(alice) })).json().view
  const entries = await h.t.db.logEntry.count({ where: { gameId: id } })
  return { logSeq: game.logSeq, pending: game.pending, entries, standing: view.standing, step: view.step }
}

describe('a submission of only standing orders', () => {
  it('is refused as text (422, rule PASS, saying what to write), in English or amid Japanese; no change', async () => {
    const id = await newGame()
    const before = await where(id)
    expect(before.standing).toEqual({ FED: { defenceShift: 'full' } })
    for (const body of [
      'standing defence none',
      'standing defence none  # 様子見です',
      'standing defence 1\nstanding defence none\n',
    ]) {
      const res = await text(alice, id, body)
      expect(res.statusCode, body).toBe(422)
      expect(res.headers['content-type']).toContain('application/problem+json')
      expect(res.json().errors).toEqual([
        {
          rule: 'PASS',
          message: expect.stringContaining('write "pass" on a line of its own'),
          key: 'server.onlyStandingText',
          params: {},
        },
      ])
      expect(res.json().detail).toMatch(/^PASS: only standing orders/)
    }
    expect(await where(id)).toEqual(before)
  })

  it('is refused as JSON too, telling the client to send "pass": true, and nothing changes', async () => {
    const id = await newGame()
    const before = await where(id)
    const res = await json(alice, id, { orders: [standingNone] })
    expect(res.statusCode).toBe(422)
    expect(res.json().errors).toEqual([
      {
        rule: 'PASS',
        message: expect.stringContaining('send "pass": true'),
        key: 'server.onlyStandingJson',
        params: {},
      },
    ])
    const inTextField = await json(alice, id, { text: 'standing defence none' })
    expect(inTextField.statusCode).toBe(422)
    expect(await where(id)).toEqual(before)
  })

  it('is refused by the preview as well, like an empty text', async () => {
    const id = await newGame()
    expect((await text(alice, id, 'standing defence none', 'orders/preview')).statusCode).toBe(422)
    expect((await json(alice, id, { orders: [standingNone] }, 'orders/preview')).statusCode).toBe(422)
    const said = await text(alice, id, 'standing defence none\npass', 'orders/preview')
    expect(said.statusCode, said.body).toBe(200)
    expect(said.json()).toMatchObject({ valid: true, formatted: 'standing defence none\npass' })
  })

  it('with an explicit pass (a "pass" line, or "pass": true) sets the standing order and passes the step', async () => {
    for (const send of [
      (id: string) => text(alice, id, 'standing defence none\npass  # 今回はパス'),
      (id: string) => json(alice, id, { orders: [standingNone], pass: true }),
    ]) {
      const id = await newGame()
      const before = await where(id)
      const res = await send(id)
      expect(res.statusCode, res.body).toBe(200)
      expect(res.json()).toMatchObject({ accepted: true, resolved: true })
      const after = await where(id)
      expect(after.logSeq).toBeGreaterThan(before.logSeq)
      expect(after.pending).not.toEqual(before.pending)
      expect(after.standing).toEqual({ FED: { defenceShift: 'none' } })
    }
  })

  it('is accepted when the step has real orders beside it; an empty JSON list is still an explicit pass', async () => {
    const id = await newGame()
    const options = (await h.app.inject({ method: 'GET', url: `/games/${id}/options`, headers: as(alice) })).json()
      .options
    const mover = options.units.find((u: { moves: unknown[] }) => u.moves.length > 0)
    const res = await json(alice, id, {
      orders: [{ kind: 'move', units: [mover.id], to: mover.moves[0] }, standingNone],
    })
    expect(res.statusCode, res.body).toBe(200)
    expect((await where(id)).standing).toEqual({ FED: { defenceShift: 'none' } })
    const other = await newGame()
    expect((await json(alice, other, { orders: [] })).statusCode).toBe(200)
  })
})
