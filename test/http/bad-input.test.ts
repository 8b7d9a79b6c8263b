// Input the server cannot store or use is refused with a 400 that names the field, and changes
// nothing: NUL and unpaired surrogates in any string, numbers too large or not finite, and a
// token whose account is gone (401).
import type { InjectOptions } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { as, register, startApp, type TestApp, type User } from './helpers.js'

let h: TestApp
let alice: User
let bob: User
let gameId: string
beforeAll(async () => {
  h = await startApp()
  ;[alice, bob] = await Promise.all([register(h.app, 'Alice'), register(h.app, 'Bob')])
  const created = await h.app.inject({
    method: 'POST',
    url: '/games',
    headers: as(alice),
    payload: { ruleset: 'abaoaqu', scenario: 'A-S4', seat: 'FED', options: { deployment: 'auto' } },
  })
  gameId = created.json().id
  const joined = await h.app.inject({
    method: 'POST',
    url: `/games/${gameId}/join`,
    headers: as(bob),
    payload: { invite: created.json().invite },
  })
  expect(joined.statusCode, joined.body).toBe(200)
})
afterAll(async () => h?.close())

async function refused(request: InjectOptions, field: string, message: RegExp) {
  const res = await h.app.inject(request)
  expect(res.statusCode, res.body).toBe(400)
  expect(res.headers['content-type']).toContain('application/problem+json')
  const body = res.json()
  expect(body.errors[0].field).toBe(field)
  expect(body.errors[0].message).toMatch(message)
  expect(body.detail).toContain(field)
  return body
}

const json = (user: User) => as(user, { 'content-type': 'application/json' })
const NUL = /NUL \(U\+0000\)/
const SURROGATE = /unpaired surrogate/

describe('NUL and unpaired surrogates', () => {
  it('in the login email', async () => {
    await refused(
      {
        method: 'POST',
        url: '/auth/login',
        payload: { email: 'alice\u0000@example.org', password: 'correct horse battery' },
      },
      'body/email',
      NUL,
    )
    await refused(
      {
        method: 'POST',
        url: '/auth/login',
        payload: { email: 'alice\ud800@example.org', password: 'correct horse battery' },
      },
      'body/email',
      SURROGATE,
    )
  })

  it('in the email and the token of a sign-in link, and a next that leaves the site; no link is made', async () => {
    const magic = (payload: object) => ({ method: 'POST' as const, url: '/auth/magic-link', payload })
    await refused(magic({ email: `${alice.email}\u0000` }), 'body/email', NUL)
    await refused(magic({ email: alice.email, next: '/g/\ud800' }), 'body/next', SURROGATE)
    await refused(magic({ email: alice.email, next: '//evil.example/g/1' }), 'body/next', /single "\/"/)
    await refused(magic({ email: alice.email, next: `/${'g'.repeat(600)}` }), 'body/next', /512/)
    const consume = (token: string) => ({
      method: 'POST' as const,
      url: '/auth/magic-link/consume',
      payload: { token },
    })
    await refused(consume('abc\u0000'), 'body/token', NUL)
    await refused(consume(''), 'body/token', /fewer than 1/)
    expect(await h.t.db.magicLink.count()).toBe(0)
  })

  it('in a game title, and in an option name; no game is created', async () => {
    const before = await h.t.db.game.count()
    await refused(
      {
        method: 'POST',
        url: '/games',
        headers: as(alice),
        payload: { ruleset: 'abaoaqu', scenario: 'A-S4', title: 'Solomon \ud83d' },
      },
      'body/title',
      SURROGATE,
    )
    await refused(
      {
        method: 'POST',
        url: '/games',
        headers: as(alice),
        payload: { ruleset: 'abaoaqu', scenario: 'A-S4', title: 'Solomon\u0000' },
      },
      'body/title',
      NUL,
    )
    await refused(
      {
        method: 'POST',
        url: '/games',
        headers: as(alice),
        payload: { ruleset: 'abaoaqu', scenario: 'A-S4', options: { 'deploy\u0000ment': 'auto' } },
      },
      'body/options',
      /field name .*NUL/,
    )
    expect(await h.t.db.game.count()).toBe(before)
    // A well-formed pair (an emoji) and Japanese are text like any other.
    const ok = await h.app.inject({
      method: 'POST',
      url: '/games',
      headers: as(alice),
      payload: { ruleset: 'abaoaqu', scenario: 'A-S4', title: 'ア・バオア・クー攻略戦 🚀' },
    })
    expect(ok.statusCode, ok.body).toBe(201)
    expect(ok.json().title).toBe('ア・バオア・クー攻略戦 🚀')
  })

  it('in a query string (/dev/mail.json?to=%00) and in text orders', async () => {
    await refused({ method: 'GET', url: '/dev/mail.json?to=%00' }, 'querystring/to', NUL)
    await refused(
      {
        method: 'POST',
        url: `/games/${gameId}/orders`,
        headers: as(bob, { 'content-type': 'text/plain' }),
        payload: 'pass\u0000',
      },
      'body',
      NUL,
    )
    await refused(
      {
        method: 'POST',
        url: `/games/${gameId}/orders`,
        headers: as(bob),
        payload: { orders: [{ kind: 'move', units: ['ZI1\ud800'], to: [1, 1] }] },
      },
      'body/orders/0/units/0',
      SURROGATE,
    )
    expect(await h.t.db.logEntry.count({ where: { gameId } })).toBe(1)
  })
})

describe('game messages and draw offers', () => {
  it('NUL, unpaired surrogates, control characters, a bad audience or limit: 400 naming the field', async () => {
    const url = `/games/${gameId}/messages`
    await refused(
      { method: 'POST', url, headers: as(alice), payload: { text: 'hi\u0000', to: 'all' } },
      'body/text',
      NUL,
    )
    await refused(
      { method: 'POST', url, headers: as(alice), payload: { text: 'hi \udc00', to: 'all' } },
      'body/text',
      SURROGATE,
    )
    await refused({ method: 'POST', url, headers: as(alice), payload: { text: 'hi', to: 'them' } }, 'body/to', /./)
    await refused({ method: 'GET', url: `${url}?limit=1e309`, headers: as(alice) }, 'querystring/limit', /finite|<=|>=/)
    await refused({ method: 'GET', url: `${url}?limit=201`, headers: as(alice) }, 'querystring/limit', /<=/)
    const bell = await h.app.inject({
      method: 'POST',
      url,
      headers: as(alice),
      payload: { text: 'a\u0007b', to: 'all' },
    })
    expect(bell.statusCode).toBe(400)
    expect(bell.json().field).toBe('text')
    await refused(
      { method: 'POST', url: `/games/${gameId}/draw-offers`, headers: as(alice), payload: { note: 'x\u0000' } },
      'body/note',
      NUL,
    )
    expect(await h.t.db.gameMessage.count({ where: { gameId } })).toBe(0)
    expect(await h.t.db.correctionProposal.count({ where: { gameId } })).toBe(0)
  })
})

describe('clubs', () => {
  it('NUL, lone surrogates, bidi overrides, control characters, bad numbers: 400 naming the field', async () => {
    const clubs = await h.t.db.club.count()
    const post = (payload: object) => ({ method: 'POST' as const, url: '/clubs', headers: as(alice), payload })
    await refused(post({ name: 'club\u0000' }), 'body/name', NUL)
    await refused(post({ name: 'club', description: 'x \udc00' }), 'body/description', SURROGATE)
    await refused(post({ name: 'map \u202egnp.exe' }), 'body/name', /bidirectional/)
    await refused({ method: 'GET', url: '/clubs?limit=1e309' }, 'querystring/limit', /finite|<=|>=/)
    await refused({ method: 'GET', url: '/clubs?limit=101' }, 'querystring/limit', /<=/)
    const bell = await h.app.inject(post({ name: 'a\u0007b' }))
    expect(bell.statusCode).toBe(400)
    expect(bell.json().field).toBe('name')
    expect(await h.t.db.club.count()).toBe(clubs)
    const created = await h.app.inject(post({ name: 'Bad input club' }))
    expect(created.statusCode, created.body).toBe(201)
    const id = created.json().id as string
    await refused(
      { method: 'POST', url: `/clubs/${id}/join-requests`, headers: as(bob), payload: { message: 'hi\u0000' } },
      'body/message',
      NUL,
    )
    await refused(
      { method: 'POST', url: `/clubs/${id}/invites`, headers: as(alice), payload: { email: 'a\u0000@example.org' } },
      'body/email',
      NUL,
    )
    await refused(
      { method: 'PATCH', url: `/clubs/${id}/members/${bob.id}`, headers: as(alice), payload: { role: 'king' } },
      'body/role',
      /./,
    )
    expect(await h.t.db.clubJoinRequest.count({ where: { clubId: id } })).toBe(0)
    expect(await h.t.db.clubInvite.count({ where: { clubId: id } })).toBe(0)
  })
})

describe('bidirectional overrides', () => {
  it('refused in a title, name or invitation note ("gnp.exe" shown as "exe.png"); Arabic, Hebrew welcome', async () => {
    const before = await h.t.db.game.count()
    await refused(
      {
        method: 'POST',
        url: '/games',
        headers: as(alice),
        payload: { ruleset: 'abaoaqu', scenario: 'A-S4', title: 'map \u202egnp.exe' },
      },
      'body/title',
      /bidirectional/,
    )
    await refused(
      {
        method: 'POST',
        url: '/auth/register',
        payload: { email: 'rtl@example.org', name: 'Eve\u2067', password: 'correct horse battery' },
      },
      'body/name',
      /bidirectional/,
    )
    expect(await h.t.db.game.count()).toBe(before)
    const ok = await h.app.inject({
      method: 'POST',
      url: '/games',
      headers: as(alice),
      payload: { ruleset: 'abaoaqu', scenario: 'A-S4', title: 'معركة \u200fשדה' },
    })
    expect(ok.statusCode, ok.body).toBe(201)
  })
})

describe('numbers too large or not finite', () => {
  for (const value of ['1e309', '99999999999999999999', '-1e309']) {
    it(`${value} in /log?after= and ?limit=, and in /me/notifications?limit=`, async () => {
      await refused({ method: 'GET', url: `/games/${gameId}/log?after=${value}` }, 'querystring/after', /finite|<=|>=/)
      await refused({ method: 'GET', url: `/games/${gameId}/log?limit=${value}` }, 'querystring/limit', /finite|<=|>=/)
      await refused(
        { method: 'GET', url: `/me/notifications?limit=${value}`, headers: as(alice) },
        'querystring/limit',
        /finite|<=|>=/,
      )
    })

    it(`${value} as phaseHours and reminderHours, as a number or a string; nothing changes`, async () => {
      const games = await h.t.db.game.count()
      const prefs = await h.app.inject({ method: 'GET', url: '/me/preferences', headers: as(alice) })
      for (const v of [value, JSON.stringify(value)]) {
        await refused(
          {
            method: 'POST',
            url: '/games',
            headers: json(alice),
            payload: `{"ruleset":"abaoaqu","scenario":"A-S4","phaseHours":${v}}`,
          },
          'body/phaseHours',
          /finite|integer|<=|>=/,
        )
        await refused(
          { method: 'PATCH', url: '/me/preferences', headers: json(alice), payload: `{"reminderHours":${v}}` },
          'body/reminderHours',
          /finite|integer|<=|>=/,
        )
      }
      expect(await h.t.db.game.count()).toBe(games)
      expect((await h.app.inject({ method: 'GET', url: '/me/preferences', headers: as(alice) })).json()).toEqual(
        prefs.json(),
      )
    })
  }

  it('a log position past what the database holds is a 400 in every query that takes one', async () => {
    await refused(
      { method: 'GET', url: `/games/${gameId}/state?at=99999999999999999999`, headers: as(alice) },
      'querystring/at',
      /<=/,
    )
    await refused(
      { method: 'GET', url: `/games/${gameId}/map.svg?at=1e309`, headers: as(alice) },
      'querystring/at',
      /finite/,
    )
    await refused({ method: 'GET', url: '/dev/mail.json?position=99999999999999999999' }, 'querystring/position', /<=/)
  })

  it('every integer a request may carry has a maximum', () => {
    const doc = h.app.swagger() as unknown as {
      paths: Record<
        string,
        Record<
          string,
          {
            parameters?: Array<{ name: string; schema: unknown }>
            requestBody?: { content: Record<string, { schema: unknown }> }
          }
        >
      >
    }
    const unbounded: string[] = []
    const walk = (schema: unknown, where: string): void => {
      if (schema === null || typeof schema !== 'object') return
      const s = schema as Record<string, unknown>
      const fixed = s.const !== undefined || s.enum !== undefined
      if (
        (s.type === 'integer' || s.type === 'number') &&
        !fixed &&
        s.maximum === undefined &&
        s.exclusiveMaximum === undefined
      )
        unbounded.push(where)
      for (const [key, child] of Object.entries(s)) walk(child, `${where}.${key}`)
    }
    for (const [path, methods] of Object.entries(doc.paths)) {
      for (const [method, op] of Object.entries(methods)) {
        for (const p of op.parameters ?? []) walk(p.schema, `${method} ${path} ${p.name}`)
        for (const [type, c] of Object.entries(op.requestBody?.content ?? {}))
          walk(c.schema, `${method} ${path} body(${type})`)
      }
    }
    expect(unbounded).toEqual([])
  })
})

describe('one Idempotency-Key in two games', () => {
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
  const pass = (id: string, key: string) =>
    h.app.inject({
      method: 'POST',
      url: `/games/${id}/orders`,
      headers: as(alice, { 'idempotency-key': key }),
      payload: { orders: [] },
    })
  const entries = (id: string) => h.t.db.logEntry.count({ where: { gameId: id } })

  it('sent to two games at once: each game takes its own orders', async () => {
    const [one, two] = [await newGame(), await newGame()]
    const [a, b] = await Promise.all([pass(one, 'turn-1'), pass(two, 'turn-1')])
    expect([a.statusCode, b.statusCode], `${a.body}\n${b.body}`).toEqual([200, 200])
    expect([a.json().replayed, b.json().replayed]).toEqual([undefined, undefined])
    expect([await entries(one), await entries(two)]).toEqual([a.json().seq, b.json().seq])
  })

  it('sent to one game then another: the second is a new request, and a retry in each replays its own', async () => {
    const [one, two] = [await newGame(), await newGame()]
    const first = await pass(one, 'same-key')
    expect(first.statusCode, first.body).toBe(200)
    const second = await pass(two, 'same-key')
    expect(second.statusCode, second.body).toBe(200)
    expect(second.json().replayed).toBeUndefined()
    expect(await entries(two)).toBe(second.json().seq)
    for (const [id, answer] of [
      [one, first],
      [two, second],
    ] as const) {
      const retry = await pass(id, 'same-key')
      expect(retry.json()).toEqual({ ...answer.json(), replayed: true })
    }
  })
})

describe('a token for an account that no longer exists', () => {
  it('is a 401 on every kind of route, not a server error', async () => {
    const gone = await register(h.app, 'Gone')
    await h.t.db.refreshToken.deleteMany({ where: { userId: gone.id } })
    await h.t.db.user.delete({ where: { id: gone.id } })
    const requests: InjectOptions[] = [
      { method: 'GET', url: '/me' },
      { method: 'GET', url: '/me/preferences' },
      { method: 'PATCH', url: '/me/preferences', payload: { digest: true } },
      { method: 'GET', url: '/me/notifications' },
      {
        method: 'POST',
        url: '/me/vacations',
        payload: {
          startsAt: new Date(Date.now() + 86_400_000).toISOString(),
          endsAt: new Date(Date.now() + 2 * 86_400_000).toISOString(),
        },
      },
      { method: 'POST', url: '/games', payload: { ruleset: 'abaoaqu', scenario: 'A-S4' } },
      { method: 'GET', url: `/games/${gameId}/view` },
      { method: 'POST', url: '/clubs', payload: { name: 'Ghost club' } },
    ]
    for (const r of requests) {
      const res = await h.app.inject({ ...r, headers: as(gone) })
      expect(res.statusCode, `${r.method} ${r.url}: ${res.body}`).toBe(401)
      expect(res.json().detail).toMatch(/no longer exists/)
    }
    expect(await h.t.db.game.count({ where: { createdById: gone.id } })).toBe(0)
    expect(await h.t.db.club.count({ where: { createdById: gone.id } })).toBe(0)
  })
})
