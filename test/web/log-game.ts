// The game the log's browser tests share (test/web/log*.test.ts): the app and Chromium, three people signed in
// once each (Bob on a phone), and a private A-Bao-A-Qu game played through the API until dice were rolled.
import type { BrowserContext, Page } from 'playwright-core'
import { expect } from 'vitest'
import { createDice } from '../../src/engine/dice.js'
import { abaoaqu, type Order, type State } from '../../src/rulesets/abaoaqu/engine/index.js'
import { randomOrders, rng } from '../../src/rulesets/abaoaqu/engine/random-orders.js'
import { loadAbaoaquScenario } from '../../src/rulesets/abaoaqu/scenarios/index.js'
import { as, register, type User } from '../http/helpers.js'
import { PHONE, newPerson, startWeb, type WebHarness } from './browser.js'

export interface LogGame {
  w: WebHarness
  alice: User
  bob: User
  stranger: User
  gameId: string
  people: Record<'alice' | 'bob' | 'stranger', { context: BrowserContext; page: Page }>
  inject: typeof inject
}

let w: WebHarness
let alice: User
let bob: User

export async function signIn(page: Page, user: User) {
  await page.goto('/login')
  await page.getByLabel('Email').fill(user.email)
  await page.getByLabel('Password').fill('correct horse battery')
  await Promise.all([
    page.waitForURL((url) => !url.pathname.startsWith('/login')),
    page.getByRole('button', { name: 'Sign in' }).click(),
  ])
}

async function inject(
  method: 'GET' | 'POST' | 'PATCH',
  url: string,
  user: User | null,
  payload?: Record<string, unknown>,
) {
  const res = await w.h.app.inject({ method, url, headers: as(user), ...(payload === undefined ? {} : { payload }) })
  if (res.statusCode >= 300) throw new Error(`${method} ${url}: ${res.statusCode} ${res.body}`)
  return res.json()
}

/** Orders that close in when they can (so dice are rolled), else random legal ones. */
function pushyOrders(state: State, seat: string, r: () => number): Order[] {
  const orders = randomOrders(state, seat, r)
  if (state.step !== 'attack-lead' && state.step !== 'attack-follow') return orders
  const attacks = abaoaqu.options(state, seat).units.flatMap((u) => u.attacks.slice(0, 1).map((a) => a.order))
  const used = new Set(attacks.flatMap((o) => o.units))
  const rest = orders.filter((o) => o.kind !== 'attack' || !o.units.some((u) => used.has(u)))
  const merged = [...attacks, ...rest]
  return abaoaqu.validate(state, seat, merged).length === 0 ? merged : orders
}

/** A private A-S4 game played through the API until some dice were rolled, then resigned by Bob. */
async function playedGame(): Promise<string> {
  const created = await inject('POST', '/games', alice, {
    ruleset: 'abaoaqu',
    scenario: 'A-S4',
    seat: 'FED',
    private: true,
    title: 'Replay test',
    options: { deployment: 'auto' },
  })
  const id = created.id as string
  await inject('POST', `/games/${id}/join`, bob, { invite: created.invite })
  // The local engine follows the game to choose orders (a test may read the seed; players may not).
  const { seed } = await w.h.t.db.game.findUniqueOrThrow({ where: { id } })
  let state = abaoaqu.setup(
    loadAbaoaquScenario('A-S4'),
    { players: 2, options: { deployment: 'auto' } },
    createDice(seed, 1),
  ).state
  let seq = 1
  let rolls = 0
  const players: Record<string, User> = { FED: alice, ZEON: bob }
  const r = rng(13)
  while (state.step !== 'over' && (rolls < 3 || state.turn < 2) && state.turn <= 6) {
    const [pending] = abaoaqu.pending(state)
    const submissions: Record<string, Order[]> = {}
    for (const seat of pending!.seats) {
      const orders = pushyOrders(state, seat, r)
      const pass = orders.length > 0 && orders.every((o) => o.kind === 'standing') ? { pass: true } : {}
      const body = await inject('POST', `/games/${id}/orders`, players[seat]!, { orders, ...pass })
      submissions[seat] = orders
      seq++
      if (body.resolved) {
        seq++
        const local = abaoaqu.resolve(state, submissions, createDice(seed, seq))
        rolls += local.rolls.length
        state = local.state
      }
    }
  }
  expect(rolls).toBeGreaterThan(0)
  return id
}

/** The harness, the people and the game, ready for the pages. */
export async function startLogGame(): Promise<LogGame> {
  w = await startWeb()
  alice = await register(w.h.app, 'Alice')
  bob = await register(w.h.app, 'Bob')
  const stranger = await register(w.h.app, 'Stranger')
  const gameId = await playedGame()
  const people = {} as LogGame['people']
  for (const [name, user, viewport] of [
    ['alice', alice, undefined],
    ['bob', bob, PHONE],
    ['stranger', stranger, undefined],
  ] as const) {
    people[name] = await newPerson(w, viewport)
    await signIn(people[name].page, user)
  }
  return { w, alice, bob, stranger, gameId, people, inject }
}
