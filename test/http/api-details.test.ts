// API details from the independent trial (issue 9, section 5): who must still act, and hexes written
// one way in every answer.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { api, as, register, startApp, type TestApp, type User } from './helpers.js'

let h: TestApp
let alice: User // FED-1
let carol: User // FED-2
let bob: User // ZEON
beforeAll(async () => {
  h = await startApp()
  ;[alice, carol, bob] = await Promise.all([register(h.app, 'Alice'), register(h.app, 'Carol'), register(h.app, 'Bob')])
})
afterAll(async () => h?.close())

async function threePlayerGame(): Promise<string> {
  const created = await h.app.inject({
    method: 'POST',
    url: '/games',
    headers: as(alice),
    payload: { ruleset: 'abaoaqu', scenario: 'A-S1', players: 3, seat: 'FED-1', options: { deployment: 'auto' } },
  })
  const id = created.json().id as string
  await h.app.inject({ method: 'POST', url: `/games/${id}/join`, headers: as(bob), payload: { seat: 'ZEON' } })
  await h.app.inject({ method: 'POST', url: `/games/${id}/join`, headers: as(carol), payload: { seat: 'FED-2' } })
  return id
}

/** Every hex in a JSON answer, by path: under keys that hold hexes, anything but [column, row] is reported. */
function oddHexes(value: unknown, path = '$', out: string[] = []): string[] {
  if (Array.isArray(value)) value.forEach((v, i) => oddHexes(v, `${path}[${i}]`, out))
  else if (value && typeof value === 'object') {
    for (const [k, v] of Object.entries(value)) {
      if (/hex$|^hexes$|^to$|^moves$|^targets?Hex/i.test(k) && v !== null) {
        const list = /^(moves|hexes)$/i.test(k) ? (v as unknown[]) : [v]
        for (const x of list)
          if (!(Array.isArray(x) && x.length === 2 && x.every(Number.isInteger)))
            out.push(`${path}.${k} = ${JSON.stringify(x)}`)
      } else oddHexes(v, `${path}.${k}`, out)
    }
  }
  return out
}

describe('who must act', () => {
  it('GET /games/:id lists only the seats still to act, and says who of the side has submitted', async () => {
    const id = await threePlayerGame()
    const before = (await h.app.inject({ method: 'GET', url: `/games/${id}` })).json()
    expect(before.pending[0]).toMatchObject({
      side: 'FED',
      seats: ['FED-1', 'FED-2'],
      players: ['Alice', 'Carol'],
      submitted: [],
    })
    const sent = await h.app.inject({
      method: 'POST',
      url: `/games/${id}/orders`,
      headers: as(alice),
      payload: { text: 'GM1 -> 0104' },
    })
    expect(sent.statusCode, sent.body).toBe(200)
    expect(sent.json().pending[0]).toMatchObject({ seats: ['FED-2'], submitted: ['FED-1'] })
    const after = (await api.game(h.app, id, null)).body
    expect(after.pending[0]).toMatchObject({
      side: 'FED',
      seats: ['FED-2'],
      players: ['Carol'],
      submitted: ['FED-1'],
      submittedPlayers: ['Alice'],
    })
    // Carol's orders still complete the step (the retry logic sees the same step, not a new one).
    const done = await api.orders(h.app, id, carol, { text: 'pass' })
    expect(done.status, done.raw).toBe(200)
    expect(done.body.resolved).toBe(true)
    const verified = await api.verify(h.app, id, null)
    expect(verified.body.ok && verified.body.recordOk).toBe(true)
  })
})

describe('hexes are written one way', () => {
  it('every answer gives hexes as [column, row]: options, view, past state, preview, log', async () => {
    const created = await h.app.inject({
      method: 'POST',
      url: '/games',
      headers: as(alice),
      payload: { ruleset: 'abaoaqu', scenario: 'A-S4', seat: 'FED', options: { deployment: 'auto' } },
    })
    const id = created.json().id as string
    await h.app.inject({ method: 'POST', url: `/games/${id}/join`, headers: as(bob), payload: {} })
    // Play on (entering units) until the side to act has a unit on the map that can move.
    let player = alice
    let options: { options: { units: Array<{ id: string; hex: unknown; moves: unknown[] }> } } = {
      options: { units: [] },
    }
    let unit: { id: string; hex: unknown; moves: unknown[] } | undefined
    for (let i = 0; i < 12 && !unit; i++) {
      const side = (await h.app.inject({ method: 'GET', url: `/games/${id}` })).json().pending[0].side
      player = side === 'FED' ? alice : bob
      options = (await h.app.inject({ method: 'GET', url: `/games/${id}/options`, headers: as(player) })).json()
      unit = options.options.units.find((u) => u.hex !== null && u.moves.length > 0)
      if (unit) break
      const entering = options.options.units.find((u) => u.moves.length > 0)
      const body = entering
        ? { orders: [{ kind: 'move', units: [entering.id], to: entering.moves[0] }] }
        : { text: 'pass' }
      expect(
        (await h.app.inject({ method: 'POST', url: `/games/${id}/orders`, headers: as(player), payload: body }))
          .statusCode,
      ).toBe(200)
    }
    expect(unit).toBeDefined()
    expect(unit!.hex).toEqual([expect.any(Number), expect.any(Number)])
    const move = { kind: 'move', units: [unit!.id], to: unit!.moves[0] }
    const preview = (
      await h.app.inject({
        method: 'POST',
        url: `/games/${id}/orders/preview`,
        headers: as(player),
        payload: { orders: [move] },
      })
    ).json()
    const sent = await h.app.inject({
      method: 'POST',
      url: `/games/${id}/orders`,
      headers: as(player),
      payload: { orders: [move] },
    })
    expect(sent.statusCode, sent.body).toBe(200)
    const answers = {
      options,
      preview,
      view: (await h.app.inject({ method: 'GET', url: `/games/${id}/view`, headers: as(player) })).json(),
      state: (await h.app.inject({ method: 'GET', url: `/games/${id}/state?at=2`, headers: as(player) })).json(),
      log: (await h.app.inject({ method: 'GET', url: `/games/${id}/log?after=1`, headers: as(player) })).json(),
    }
    for (const [name, body] of Object.entries(answers)) expect(oddHexes(body), name).toEqual([])
  })
})

describe('a JSON body is taken as sent', () => {
  it('a boolean game option keeps its type (false is not "false"), and a number as text is refused', async () => {
    const created = await h.app.inject({
      method: 'POST',
      url: '/games',
      headers: as(alice),
      payload: { ruleset: 'abaoaqu', scenario: 'A-S4', seat: 'FED', options: { friendlyDefenceCounts: false } },
    })
    expect(created.statusCode, created.body).toBe(201)
    const game = await h.app.inject({ method: 'GET', url: `/games/${created.json().id}`, headers: as(alice) })
    expect(game.json().options).toMatchObject({ friendlyDefenceCounts: false })

    const text = await h.app.inject({
      method: 'POST',
      url: '/games',
      headers: as(alice),
      payload: { ruleset: 'abaoaqu', scenario: 'A-S1', players: '3', seat: 'FED-1' },
    })
    expect(text.statusCode).toBe(400)
    expect(text.json().detail ?? text.json().title).toMatch(/players/)
  })
})
