// What must never happen: a doubled order, a lost race that forks the log, a player acting for
// another seat or reading what they may not, a log edited without /verify noticing.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { loadConfig } from '../../src/config.js'
import { forgetCachedGames, loadFolded } from '../../src/games/load.js'
import { buildApp } from '../../src/http/app.js'
import { createDb } from '../../src/store/db.js'
import { as, register, startApp, type TestApp, type User } from './helpers.js'

let h: TestApp
let alice: User
let bob: User
let carol: User
beforeAll(async () => {
  h = await startApp()
  ;[alice, bob, carol] = await Promise.all([register(h.app, 'Alice'), register(h.app, 'Bob'), register(h.app, 'Carol')])
})
afterAll(async () => h?.close())

async function newGame(opts: Record<string, unknown> = {}): Promise<string> {
  const created = await h.app.inject({
    method: 'POST',
    url: '/games',
    headers: as(alice),
    payload: { ruleset: 'abaoaqu', scenario: 'A-S4', seat: 'FED', options: { deployment: 'auto' }, ...opts },
  })
  expect(created.statusCode, created.body).toBe(201)
  const id = created.json().id as string
  const invite = created.json().invite as string
  const joined = await h.app.inject({ method: 'POST', url: `/games/${id}/join`, headers: as(bob), payload: { invite } })
  expect(joined.statusCode, joined.body).toBe(200)
  return id
}

const pass = { orders: [] }
const summary = async (id: string, user: User = alice) =>
  (await h.app.inject({ method: 'GET', url: `/games/${id}`, headers: as(user) })).json()
const logCount = async (id: string) => h.t.db.logEntry.count({ where: { gameId: id } })

describe('idempotency and concurrency', () => {
  it('a submission retried with the same Idempotency-Key returns the same result and appends nothing', async () => {
    const id = await newGame()
    const send = () =>
      h.app.inject({
        method: 'POST',
        url: `/games/${id}/orders`,
        headers: as(alice, { 'idempotency-key': 'turn1-move-a' }),
        payload: pass,
      })
    const first = await send()
    expect(first.statusCode, first.body).toBe(200)
    const entries = await logCount(id)
    const again = await send()
    expect(again.statusCode).toBe(200)
    const { replayed, ...same } = again.json()
    expect(replayed).toBe(true)
    expect(same).toEqual(first.json())
    expect(await logCount(id)).toBe(entries)
    const other = await h.app.inject({
      method: 'POST',
      url: `/games/${id}/orders`,
      headers: as(alice, { 'idempotency-key': 'turn1-move-a' }),
      payload: { text: 'pass\n# changed' },
    })
    expect(other.statusCode).toBe(422)
    expect(other.headers['content-type']).toContain('application/problem+json')
  })

  it('20 parallel submissions for one step: exactly one accepted, the others 409', async () => {
    const id = await newGame()
    const seq = (await summary(id)).logSeq
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        h.app.inject({
          method: 'POST',
          url: `/games/${id}/orders`,
          headers: as(alice, { 'if-match': `"${seq}"`, 'idempotency-key': `race-${i}` }),
          payload: pass,
        }),
      ),
    )
    const codes = results.map((r) => r.statusCode).sort()
    expect(codes.filter((c) => c === 200)).toHaveLength(1)
    expect(codes.filter((c) => c === 409)).toHaveLength(19)
    const conflict = results.find((r) => r.statusCode === 409)!.json()
    expect(conflict.currentSeq).toBe(seq + 2)
    expect(await logCount(id)).toBe(seq + 2)
  })

  it('a stale If-Match is a 409 that names the current position', async () => {
    const id = await newGame()
    const res = await h.app.inject({
      method: 'POST',
      url: `/games/${id}/orders`,
      headers: as(alice, { 'if-match': '"0"' }),
      payload: pass,
    })
    expect(res.statusCode).toBe(409)
    expect(res.json()).toMatchObject({ status: 409, currentSeq: 1 })
  })
})

describe('who may do and see what', () => {
  it('a player cannot act for another seat, nor out of turn, and nothing changes', async () => {
    const id = await newGame()
    const before = await logCount(id)
    const forSeat = await h.app.inject({
      method: 'POST',
      url: `/games/${id}/orders`,
      headers: as(bob),
      payload: { orders: [], seat: 'FED' },
    })
    expect(forSeat.statusCode).toBe(403)
    const outOfTurn = await h.app.inject({
      method: 'POST',
      url: `/games/${id}/orders`,
      headers: as(bob),
      payload: { orders: [{ kind: 'move', units: ['ZK1'], to: [5, 5] }] },
    })
    expect(outOfTurn.statusCode).toBe(422)
    expect(outOfTurn.json().errors[0].rule).toBe('STEP')
    const stranger = await h.app.inject({
      method: 'POST',
      url: `/games/${id}/orders`,
      headers: as(carol),
      payload: pass,
    })
    expect(stranger.statusCode).toBe(403)
    const otherUnits = await h.app.inject({
      method: 'POST',
      url: `/games/${id}/orders`,
      headers: as(alice),
      payload: { text: 'ZK1 -> 0505' },
    })
    expect(otherUnits.statusCode).toBe(422)
    expect(otherUnits.json().errors[0]).toMatchObject({ rule: 'A-0a' })
    const noToken = await h.app.inject({ method: 'POST', url: `/games/${id}/orders`, payload: pass })
    expect(noToken.statusCode).toBe(401)
    expect(await logCount(id)).toBe(before)
  })

  it('bad text orders are a 422 naming the line; malformed bodies a 400; never a 500', async () => {
    const id = await newGame()
    const text = await h.app.inject({
      method: 'POST',
      url: `/games/${id}/orders`,
      headers: as(alice, { 'content-type': 'text/plain' }),
      payload: 'GM1 -> 07',
    })
    expect(text.statusCode).toBe(422)
    expect(text.json().errors[0]).toMatchObject({ rule: 'NOTATION', line: 1 })
    const empty = await h.app.inject({
      method: 'POST',
      url: `/games/${id}/orders`,
      headers: as(alice, { 'content-type': 'text/plain' }),
      payload: '\n# nothing yet\n',
    })
    expect(empty.statusCode).toBe(422)
    expect(empty.json().errors[0].message).toContain('"pass"')
    const junk = await h.app.inject({
      method: 'POST',
      url: `/games/${id}/orders`,
      headers: as(alice, { 'content-type': 'application/json' }),
      payload: '{"orders": [',
    })
    expect(junk.statusCode).toBe(400)
    const shape = await h.app.inject({
      method: 'POST',
      url: `/games/${id}/orders`,
      headers: as(alice),
      payload: { orders: [{ kind: 'teleport' }] },
    })
    expect(shape.statusCode).toBe(422)
    expect(shape.json().errors[0].rule).toBe('ORDER')
    const noScenario = await h.app.inject({
      method: 'POST',
      url: '/games',
      headers: as(alice),
      payload: { ruleset: 'abaoaqu', sceanrio: 'A-S4' },
    })
    expect(noScenario.statusCode).toBe(400)
    expect(noScenario.json().detail).toMatch(/^body\/scenario /)
    const typo = await h.app.inject({
      method: 'POST',
      url: '/games',
      headers: as(alice),
      payload: { ruleset: 'abaoaqu', scenario: 'A-S4', titel: 'x' },
    })
    expect(typo.statusCode).toBe(400)
    expect(typo.json().detail).toBe('body/titel is not a known field')
    const policy = await h.app.inject({
      method: 'POST',
      url: '/games',
      headers: as(alice),
      payload: { ruleset: 'abaoaqu', scenario: 'A-S4', missedPolicy: 'lose' },
    })
    expect(policy.statusCode).toBe(400)
    expect(policy.json().errors).toEqual([
      { field: 'body/missedPolicy', message: 'must be one of: "pass", "extend-then-pass", "moderator", "forfeit"' },
    ])
    const badId = await h.app.inject({ method: 'GET', url: '/games/not-a-uuid', headers: as(alice) })
    expect(badId.statusCode).toBe(400)
    const missing = await h.app.inject({
      method: 'GET',
      url: '/games/00000000-0000-4000-8000-000000000000',
      headers: as(alice),
    })
    expect(missing.statusCode).toBe(404)
  })

  it('a private game is invisible to others; joining needs the invite', async () => {
    const created = await h.app.inject({
      method: 'POST',
      url: '/games',
      headers: as(alice),
      payload: { ruleset: 'abaoaqu', scenario: 'A-S4', private: true },
    })
    const id = created.json().id as string
    expect((await h.app.inject({ method: 'GET', url: `/games/${id}`, headers: as(carol) })).statusCode).toBe(404)
    expect((await h.app.inject({ method: 'GET', url: `/games/${id}/log`, headers: as(carol) })).statusCode).toBe(404)
    expect(
      (await h.app.inject({ method: 'POST', url: `/games/${id}/join`, headers: as(carol), payload: {} })).statusCode,
    ).toBe(404)
    const list = (await h.app.inject({ method: 'GET', url: '/games', headers: as(carol) })).json()
    expect(list.games.map((g: { id: string }) => g.id)).not.toContain(id)
    // The invite link shows the private game to the one who has it, with the free seats and how to join.
    const inviteUrl = new URL(created.json().inviteUrl as string)
    expect(inviteUrl.searchParams.get('invite')).toBe(created.json().invite)
    const invited = await h.app.inject({
      method: 'GET',
      url: inviteUrl.pathname + inviteUrl.search,
      headers: as(carol),
    })
    expect(invited.statusCode).toBe(200)
    expect(invited.json().freeSeats).toEqual([{ seat: 'ZEON', side: 'ZEON' }])
    expect(invited.json().join).toMatchObject({ method: 'POST', body: { invite: created.json().invite } })
    expect(invited.json().invite).toBeNull()
    const wrong = await h.app.inject({ method: 'GET', url: `/games/${id}?invite=guess`, headers: as(carol) })
    expect(wrong.statusCode).toBe(404)
    const ok = await h.app.inject({
      method: 'POST',
      url: `/games/${id}/join`,
      headers: as(carol),
      payload: { invite: created.json().invite },
    })
    expect(ok.statusCode).toBe(200)
    const full = await h.app.inject({
      method: 'POST',
      url: `/games/${id}/join`,
      headers: as(bob),
      payload: { invite: created.json().invite },
    })
    expect(full.statusCode).toBe(409)
    expect(full.json().detail).toMatch(/full/)
  })

  it('a token sent without "Bearer " is told how to send it', async () => {
    const token = (as(alice) as { authorization: string }).authorization.replace(/^Bearer /, '')
    const res = await h.app.inject({ method: 'GET', url: '/me', headers: { authorization: token } })
    expect(res.statusCode).toBe(401)
    expect(res.json().detail).toMatch(/Authorization: Bearer <token>/)
  })

  it('orders of a step not yet resolved are sealed from the other side in the log', async () => {
    const created = await h.app.inject({
      method: 'POST',
      url: '/games',
      headers: as(alice),
      payload: { ruleset: 'abaoaqu', scenario: 'A-S1', players: 3, seat: 'FED-1', options: { deployment: 'auto' } },
    })
    const id = created.json().id as string
    await h.app.inject({ method: 'POST', url: `/games/${id}/join`, headers: as(bob), payload: { seat: 'ZEON' } })
    await h.app.inject({ method: 'POST', url: `/games/${id}/join`, headers: as(carol), payload: { seat: 'FED-2' } })
    const first = await h.app.inject({
      method: 'POST',
      url: `/games/${id}/orders`,
      headers: as(alice),
      payload: { text: 'GM1 -> 0104' },
    })
    expect(first.statusCode, first.body).toBe(200)
    expect(first.json().resolved).toBe(false)
    const seenByZeon = (await h.app.inject({ method: 'GET', url: `/games/${id}/log`, headers: as(bob) })).json()
    const seenByTeammate = (await h.app.inject({ method: 'GET', url: `/games/${id}/log`, headers: as(carol) })).json()
    expect(seenByZeon.entries.at(-1)).toMatchObject({
      kind: 'ORDERS',
      seat: 'FED-1',
      payload: null,
      sealed: ['body', 'private:FED-1'],
    })
    expect(seenByTeammate.entries.at(-1).payload.orders).toEqual([{ kind: 'move', units: ['GM1'], to: [1, 4] }])
    const zeonView = (await h.app.inject({ method: 'GET', url: `/games/${id}/view`, headers: as(bob) })).json()
    expect(zeonView.submitted).toEqual({})
  })
})

describe('the log is the truth', () => {
  it("UPDATE and DELETE on the log are refused; a row altered behind the server's back shows in /verify", async () => {
    const id = await newGame()
    for (let i = 0; i < 3; i++) {
      const s = await summary(id)
      const who = s.pending[0].seats[0] === 'FED' ? alice : bob
      expect(
        (await h.app.inject({ method: 'POST', url: `/games/${id}/orders`, headers: as(who), payload: pass }))
          .statusCode,
      ).toBe(200)
    }
    await expect(h.t.sql(`UPDATE "LogEntry" SET seat = 'ZEON' WHERE "gameId" = $1 AND seq = 2`, [id])).rejects.toThrow(
      /append-only/,
    )
    await expect(h.t.sql(`DELETE FROM "LogEntry" WHERE "gameId" = $1`, [id])).rejects.toThrow(/append-only/)
    await h.app.inject({ method: 'POST', url: `/games/${id}/resign`, headers: as(bob) })
    const clean = (await h.app.inject({ method: 'GET', url: `/games/${id}/verify`, headers: as(alice) })).json()
    expect(clean.ok).toBe(true)
    // Tamper as a superuser would: switch the trigger off for this session only.
    await h.t.sql(
      `BEGIN; SET LOCAL session_replication_role = replica;
       UPDATE "LogEntry" SET payload = jsonb_set(payload, '{orders}', '[{"kind":"standing","defenceShift":"none"}]')
        WHERE "gameId" = '${id}' AND seq = 2;
       COMMIT;`,
    )
    const tampered = (await h.app.inject({ method: 'GET', url: `/games/${id}/verify`, headers: as(alice) })).json()
    expect(tampered.ok).toBe(false)
    expect(tampered.hashChainOk).toBe(false)
    expect(tampered.brokenLinks).toContainEqual({ seq: 2, problem: expect.stringContaining('altered') })
  })

  it('a fresh app instance on the same database continues a game mid-turn', async () => {
    const id = await newGame()
    expect(
      (await h.app.inject({ method: 'POST', url: `/games/${id}/orders`, headers: as(alice), payload: pass }))
        .statusCode,
    ).toBe(200)
    forgetCachedGames()
    const db = createDb(h.t.url)
    const fresh = await buildApp({ config: loadConfig({ NODE_ENV: 'test', JWT_SECRET: 'x'.repeat(32) }), db })
    try {
      // Tokens signed by the first instance are not valid on a fresh secret: log in again.
      const login = await fresh.inject({
        method: 'POST',
        url: '/auth/login',
        payload: { email: bob.email, password: 'correct horse battery' },
      })
      const token = login.json().accessToken as string
      const s = (
        await fresh.inject({ method: 'GET', url: `/games/${id}`, headers: { authorization: `Bearer ${token}` } })
      ).json()
      expect(s.status).toBe('ACTIVE')
      // FED passed its movement with nothing on the map, so its combat steps passed by themselves:
      // Zeon's movement of half 2 is next.
      expect(s.pending[0]).toMatchObject({ side: 'ZEON', step: 'move', seats: ['ZEON'] })
      const options = (
        await fresh.inject({
          method: 'GET',
          url: `/games/${id}/options`,
          headers: { authorization: `Bearer ${token}` },
        })
      ).json()
      const to = options.options.units.find((u: { id: string }) => u.id === 'ZK1').moves[0] as [number, number]
      const res = await fresh.inject({
        method: 'POST',
        url: `/games/${id}/orders`,
        headers: as({ ...bob, token }, { 'if-match': `"${s.logSeq}"` }),
        payload: { orders: [{ kind: 'move', units: ['ZK1'], to }] },
      })
      expect(res.statusCode, res.body).toBe(200)
      const view = (
        await fresh.inject({ method: 'GET', url: `/games/${id}/view`, headers: { authorization: `Bearer ${token}` } })
      ).json()
      expect(view.seq).toBe(s.logSeq + 2)
      expect(view.view.units.find((u: { id: string }) => u.id === 'ZK1').hex).toEqual(to)
    } finally {
      await fresh.close()
      await db.$disconnect()
    }
  })

  it('replaying a recorded game from its log gives the same state as its snapshots', async () => {
    const small = await startApp({ SNAPSHOT_EVERY: '3' })
    try {
      const [a, b] = await Promise.all([register(small.app, 'A'), register(small.app, 'B')])
      const created = (
        await small.app.inject({
          method: 'POST',
          url: '/games',
          headers: as(a),
          payload: { ruleset: 'abaoaqu', scenario: 'A-S4', seat: 'FED', options: { deployment: 'auto' } },
        })
      ).json()
      await small.app.inject({ method: 'POST', url: `/games/${created.id}/join`, headers: as(b), payload: {} })
      for (let i = 0; i < 12; i++) {
        const s = (await small.app.inject({ method: 'GET', url: `/games/${created.id}`, headers: as(a) })).json()
        if (s.status !== 'ACTIVE') break
        const who = s.pending[0].seats[0] === 'FED' ? a : b
        expect(
          (
            await small.app.inject({
              method: 'POST',
              url: `/games/${created.id}/orders`,
              headers: as(who),
              payload: pass,
            })
          ).statusCode,
        ).toBe(200)
      }
      const snapshots = await small.t.db.snapshot.findMany({ where: { gameId: created.id }, orderBy: { seq: 'asc' } })
      expect(snapshots.length).toBeGreaterThan(3)
      const game = await small.t.db.game.findUniqueOrThrow({ where: { id: created.id } })
      // Snapshots are insert-only: remove them as a superuser would, with the triggers off.
      await small.t.sql(
        `BEGIN; SET LOCAL session_replication_role = replica;
         DELETE FROM "Snapshot" WHERE "gameId" = '${created.id}'; COMMIT;`,
      )
      forgetCachedGames()
      for (const snap of snapshots) {
        const replayed = await loadFolded(small.t.db, game, snap.seq)
        expect(JSON.parse(JSON.stringify(replayed))).toEqual(snap.state)
      }
    } finally {
      await small.close()
    }
  })
})

describe('the API document', () => {
  it('/docs/json declares JSON and text/plain bodies for orders and their preview', async () => {
    const doc = (await h.app.inject({ method: 'GET', url: '/docs/json' })).json()
    for (const path of ['/games/{id}/orders', '/games/{id}/orders/preview']) {
      const content = doc.paths[path].post.requestBody.content
      expect(Object.keys(content).sort()).toEqual(['application/json', 'text/plain'])
      expect(content['application/json'].schema.properties).toHaveProperty('orders')
      expect(content['text/plain'].schema.type).toBe('string')
    }
  })
})
