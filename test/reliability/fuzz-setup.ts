// The world the fuzzer aims at: players, a public game they play, a private game of others.
import { as, register, startApp, type TestApp } from '../http/helpers.js'
import type { FuzzContext } from './fuzz.js'

export async function fuzzWorld(): Promise<{ h: TestApp; ctx: FuzzContext }> {
  const h = await startApp({ AUTH_RATE_LIMIT: '1000000' })
  const [alice, bob, carol, dave] = await Promise.all(['Alice', 'Bob', 'Carol', 'Dave'].map((n) => register(h.app, n)))
  const game = (
    await h.app.inject({
      method: 'POST',
      url: '/games',
      headers: as(alice!),
      payload: { ruleset: 'abaoaqu', scenario: 'A-S4', seat: 'FED' },
    })
  ).json().id as string
  await h.app.inject({ method: 'POST', url: `/games/${game}/join`, headers: as(bob!), payload: {} })
  const hidden = (
    await h.app.inject({
      method: 'POST',
      url: '/games',
      headers: as(carol!),
      payload: { ruleset: 'abaoaqu', scenario: 'A-S1', players: 3, seat: 'FED-1', private: true },
    })
  ).json()
  await h.app.inject({
    method: 'POST',
    url: `/games/${hidden.id}/join`,
    headers: as(dave!),
    payload: { invite: hidden.invite, seat: 'ZEON' },
  })
  const open = (
    await h.app.inject({
      method: 'POST',
      url: '/games',
      headers: as(dave!),
      payload: { ruleset: 'abaoaqu', scenario: 'A-S4', seat: 'ZEON' },
    })
  ).json().id as string
  return {
    h,
    ctx: {
      app: h.app,
      databaseUrl: h.t.url,
      gameIds: [game, hidden.id, open],
      tokens: {
        anonymous: null,
        alice: alice!.token,
        bob: bob!.token,
        carol: carol!.token,
        forged: 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJ4In0.c2lnbmF0dXJl',
      },
    },
  }
}
