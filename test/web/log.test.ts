// The log, the replay and the verification pages in a real Chromium: an A-Bao-A-Qu game played through the API
// until dice have been rolled, then finished by a resignation; the replay steps through it with the map,
// the verify page re-derives every roll in the browser (and catches a die changed in the database), a
// player disputes an entry from the log, a stranger gets the 404 page, and a Japanese reader reads Japanese.
import type { BrowserContext, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createDice } from '../../src/engine/dice.js'
import { abaoaqu, type Order, type State } from '../../src/rulesets/abaoaqu/engine/index.js'
import { randomOrders, rng } from '../../src/rulesets/abaoaqu/engine/random-orders.js'
import { loadAbaoaquScenario } from '../../src/rulesets/abaoaqu/scenarios/index.js'
import { forgetCachedGames } from '../../src/games/load.js'
import { as, register, type User } from '../http/helpers.js'
import { WAIT, PHONE, newPerson, screenshot, seriousViolations, startWeb, type WebHarness } from './browser.js'

let w: WebHarness
let alice: User
let bob: User
let stranger: User
let gameId: string
/** The entries of the finished game that rolled dice, and how many rolls each. */
let rolled: Array<{ seq: number; rolls: number }>
let last: number
/** Each person signed in once, in a browser context of their own (Bob on a phone). */
const people: Record<'alice' | 'bob' | 'stranger', { context: BrowserContext; page: Page }> = {} as never

async function signIn(page: Page, user: User) {
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

beforeAll(async () => {
  w = await startWeb()
  alice = await register(w.h.app, 'Alice')
  bob = await register(w.h.app, 'Bob')
  stranger = await register(w.h.app, 'Stranger')
  gameId = await playedGame()
  for (const [name, user, viewport] of [
    ['alice', alice, undefined],
    ['bob', bob, PHONE],
    ['stranger', stranger, undefined],
  ] as const) {
    people[name] = await newPerson(w, viewport)
    await signIn(people[name].page, user)
  }
}, 80_000)
afterAll(async () => w?.close())

describe('the verification page while the game runs', () => {
  it('keeps the seed secret, shows the commitment and checks a receipt from an email', async () => {
    const { page } = people.alice
    const log = await inject('GET', `/games/${gameId}/log?after=0&limit=1`, alice)
    const summary = await inject('GET', `/games/${gameId}`, alice)
    await page.goto(`/g/${gameId}/verify?receipt=${encodeURIComponent(log.head.receipt)}`)
    await expect.poll(() => page.locator('[data-commitment]').textContent(), WAIT).toBe(summary.seedCommitment)
    await expect.poll(() => page.getByText('the seed stays secret').count(), WAIT).toBe(1)
    expect(await page.locator('[data-seed]').count()).toBe(0)
    await expect
      .poll(() => page.locator('[data-receipt-result]').textContent(), WAIT)
      .toBe(`Receipt ${log.head.receipt} is part of the log ✓`)
    // A receipt of a rewritten log does not match.
    await page.getByLabel(/Receipt/).fill('2:0000000000000000')
    await page.getByRole('button', { name: 'Check the receipt' }).click()
    await expect.poll(() => page.locator('[data-receipt-result]').textContent(), WAIT).toMatch(/does not match ✗/)
    expect(await seriousViolations(page)).toEqual([])
  })
})

describe('a finished game', () => {
  beforeAll(async () => {
    await inject('POST', `/games/${gameId}/resign`, bob)
    const entries = (await inject('GET', `/games/${gameId}/log?limit=500`, alice)).entries as Array<{
      seq: number
      payload: { rolls?: unknown[] } | null
    }>
    last = entries.length
    rolled = entries
      .filter((e) => e.payload?.rolls?.length)
      .map((e) => ({ seq: e.seq, rolls: e.payload!.rolls!.length }))
    expect(rolled.length).toBeGreaterThan(0)
  })

  it('the replay steps entry by entry with the map changing, and ?at= opens that entry', async () => {
    const { context, page } = people.alice
    await page.goto(`/g/${gameId}/replay`)
    const map = page.locator('[data-replay-map]')
    const output = page.locator('[data-replay-position]')
    await expect.poll(() => page.locator('[data-replay-for]').getAttribute('data-ready'), WAIT).toBe('true')
    await expect.poll(() => output.textContent(), WAIT).toBe(`Entry ${last} of ${last}`)
    expect(await map.getAttribute('src')).toBe(`/games/${gameId}/map.svg?at=${last}`)
    await expect.poll(() => page.getByText('the whole board').count(), WAIT).toBe(1)
    expect(await page.locator('[data-replay-entry]').textContent()).toContain('ZEON (Bob) resigns')

    await page.getByRole('button', { name: /First/ }).click()
    await expect.poll(() => output.textContent(), WAIT).toBe(`Entry 1 of ${last}`)
    expect(await map.getAttribute('src')).toBe(`/games/${gameId}/map.svg?at=1`)
    expect(new URL(page.url()).searchParams.get('at')).toBe('1')
    expect(await page.locator('[data-replay-entry]').textContent()).toContain('The game is set up')
    expect(await page.getByRole('button', { name: /Previous/ }).isDisabled()).toBe(true)
    // The map drawn after the first entry is not the one after the last.
    const svgAt = async (at: number) => (await context.request.get(`/games/${gameId}/map.svg?at=${at}`)).text()
    expect(await svgAt(1)).not.toBe(await svgAt(last))

    await page.getByRole('button', { name: /Next/ }).click()
    await expect.poll(() => output.textContent(), WAIT).toBe(`Entry 2 of ${last}`)
    // The arrow keys step too (outside the fields).
    await page.locator('h1').click()
    await page.keyboard.press('ArrowRight')
    await expect.poll(() => output.textContent(), WAIT).toBe(`Entry 3 of ${last}`)
    await page.keyboard.press('ArrowLeft')
    await expect.poll(() => output.textContent(), WAIT).toBe(`Entry 2 of ${last}`)
    // The slider is a labelled field that moves the replay.
    await page.getByLabel('Entry', { exact: true }).fill(String(rolled[0]!.seq))
    await expect.poll(() => output.textContent(), WAIT).toBe(`Entry ${rolled[0]!.seq} of ${last}`)
    await expect.poll(() => map.getAttribute('src'), WAIT).toBe(`/games/${gameId}/map.svg?at=${rolled[0]!.seq}`)
    // The entry's dice beside the map: face, purpose and rule in words.
    await expect
      .poll(() => page.locator('[data-replay-entry] .log-die').first().textContent(), WAIT)
      .toMatch(/Roll 1: a d\d+ for “.+” \(rule [A-Z]+-[\d-]+\): \d+/)
    expect(await page.locator('[data-replay-entry] .log-die').count()).toBe(rolled[0]!.rolls)
    // The map image loads (the reader may see past positions).
    await expect
      .poll(
        () =>
          map.evaluate((img) => {
            const i = img as unknown as { complete: boolean; naturalWidth: number }
            return i.complete && i.naturalWidth > 0
          }),
        WAIT,
      )
      .toBe(true)

    // A link with ?at= opens that entry.
    await page.goto(`/g/${gameId}/replay?at=3`)
    await expect.poll(() => output.textContent(), WAIT).toBe(`Entry 3 of ${last}`)
    expect(await map.getAttribute('src')).toBe(`/games/${gameId}/map.svg?at=3`)
    expect(await page.getByLabel('Entry', { exact: true }).inputValue()).toBe('3')
    await screenshot(page, 'replay-desktop')
    expect(await seriousViolations(page)).toEqual([])
  })

  it('the log tells each entry with its dice, newest first; a player disputes one and it shows on it', async () => {
    const { page } = people.bob
    await page.goto(`/g/${gameId}/replay`)
    const log = page.locator('#log')
    await expect.poll(() => log.getAttribute('data-log-ready'), WAIT).toBe('true')
    const articles = log.locator('.log-entries > li > article')
    expect(await articles.first().getAttribute('data-seq')).toBe(String(last))
    const entry = log.locator(`#entry-${rolled[0]!.seq}`)
    expect(await entry.locator('.log-narration li').count()).toBeGreaterThan(0)
    expect(await entry.locator('.log-die').count()).toBe(rolled[0]!.rolls)

    await entry.getByRole('button', { name: 'Dispute this entry' }).click()
    await entry.getByLabel(`Why is entry ${rolled[0]!.seq} wrong?`).fill('That die was for another unit.')
    await entry.getByRole('button', { name: 'Send the dispute' }).click()
    await expect
      .poll(() => entry.getByRole('status').textContent(), WAIT)
      .toBe("Your dispute is sent: the game's moderators are told by email.")
    await expect
      .poll(() => entry.locator('.log-disputes').textContent(), WAIT)
      .toContain('Bob disputed this entry: “That die was for another unit.”')
    // It is stored, and shows after a reload.
    await page.reload()
    await expect
      .poll(() => page.locator(`#entry-${rolled[0]!.seq} .log-disputes`).textContent(), WAIT)
      .toContain('Open: waiting for a moderator.')
    // A blank reason is refused with the API's words next to the field.
    const other = page.locator(`#entry-${last}`)
    await other.getByRole('button', { name: 'Dispute this entry' }).click()
    await other.getByLabel(`Why is entry ${last} wrong?`).fill('   ')
    await other.getByRole('button', { name: 'Send the dispute' }).click()
    await expect.poll(() => other.locator('[data-problem]').textContent(), WAIT).not.toBe('')
    await screenshot(page, 'replay-phone')
    expect(await seriousViolations(page)).toEqual([])
  })

  it('a reader without a seat sees the log but no dispute button', async () => {
    // A moderator of the site holds no seat: they may see the private game, and do not raise disputes.
    await w.h.t.db.user.update({ where: { id: stranger.id }, data: { role: 'MODERATOR' } })
    const { page } = people.stranger
    await page.goto(`/g/${gameId}/replay`)
    await expect.poll(() => page.locator('#log').getAttribute('data-log-ready'), WAIT).toBe('true')
    expect(await page.getByRole('button', { name: 'Dispute this entry' }).count()).toBe(0)
    await w.h.t.db.user.update({ where: { id: stranger.id }, data: { role: 'PLAYER' } })
  })

  it('the verify page re-derives every roll in the browser and says all match', async () => {
    const { page } = people.alice
    await page.goto(`/g/${gameId}/verify`)
    const total = rolled.reduce((n, e) => n + e.rolls, 0)
    await expect
      .poll(() => page.locator('[data-rolls-summary]').textContent(), WAIT)
      .toBe(`All ${total} rolls match the seed ✓`)
    expect(await page.locator('[data-seed-check]').textContent()).toBe('The revealed seed matches the commitment ✓')
    const { seed } = await w.h.t.db.game.findUniqueOrThrow({ where: { id: gameId } })
    expect(await page.locator('[data-seed]').textContent()).toBe(seed)
    expect(await page.locator('[data-rolls] li').count()).toBe(total)
    expect(await page.locator('[data-rolls] li').first().textContent()).toMatch(
      new RegExp(
        `^Roll 1 of entry ${rolled[0]!.seq}: a d\\d+ for “.+”, rule [A-Z]+-[\\d-]+: ` +
          'recorded (\\d), recomputed \\1 ✓ matches$',
      ),
    )
    expect(await seriousViolations(page)).toEqual([])
  })

  it('speaks Japanese to a Japanese reader', async () => {
    await inject('PATCH', '/me/preferences', alice, { locale: 'ja' })
    const { page } = people.alice
    await page.goto(`/g/${gameId}/replay?at=${rolled[0]!.seq}`)
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent(), WAIT).toBe('リプレイ: Replay test')
    await expect
      .poll(() => page.locator('[data-replay-position]').textContent(), WAIT)
      .toBe(`記録 ${rolled[0]!.seq} / ${last}`)
    await expect.poll(() => page.getByRole('button', { name: /次へ/ }).count(), WAIT).toBe(1)
    await expect.poll(() => page.locator('#log').getAttribute('data-log-ready'), WAIT).toBe('true')
    expect(await page.locator(`#entry-${rolled[0]!.seq} .log-die`).first().textContent()).toMatch(
      /1 回目: d\d+（目的「/,
    )
    expect(await page.getByRole('button', { name: 'この記録に異議を申し立てる' }).count()).toBeGreaterThan(0)
    // The narration comes from the API in the reader's language.
    const narration = await page.locator(`#entry-${rolled[0]!.seq} .log-narration`).textContent()
    expect(narration).toMatch(/[\u3040-\u30ff\u4e00-\u9fff]/)
    await page.goto(`/g/${gameId}/verify`)
    await expect
      .poll(() => page.locator('[data-rolls-summary]').textContent(), WAIT)
      .toMatch(/すべてがシードと一致します ✓/)
    await inject('PATCH', '/me/preferences', alice, { locale: 'en' })
  })

  it('a stranger gets the 404 page for the private game', async () => {
    const { page } = people.stranger
    for (const path of [`/g/${gameId}/replay`, `/g/${gameId}/verify`]) {
      const res = await page.goto(path)
      expect(res?.status(), path).toBe(404)
      await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent(), WAIT).toBe('Page not found')
    }
    const anonymous = await newPerson(w)
    expect((await anonymous.page.goto(`/g/${gameId}/replay`))?.status()).toBe(404)
    await anonymous.context.close()
  })

  it('a die changed in the database shows as a mismatch', async () => {
    const { seq } = rolled[0]!
    await w.h.t.sql(
      `DO $$ BEGIN
         SET LOCAL session_replication_role = replica;
         UPDATE "LogEntry"
            SET payload = jsonb_set(payload, '{rolls,0,face}', to_jsonb(((payload->'rolls'->0->>'face')::int % 6) + 1))
          WHERE "gameId" = '${gameId}' AND seq = ${seq};
       END $$`,
    )
    forgetCachedGames()
    const { page } = people.alice
    await page.goto(`/g/${gameId}/verify`)
    const total = rolled.reduce((n, e) => n + e.rolls, 0)
    await expect
      .poll(() => page.locator('[data-rolls-summary]').textContent(), WAIT)
      .toBe(`1 of ${total} rolls do NOT match the seed ✗`)
    const bad = page.locator(`[data-rolls] li[data-match="false"]`)
    expect(await bad.count()).toBe(1)
    expect(await bad.getAttribute('data-seq')).toBe(String(seq))
    expect(await bad.textContent()).toMatch(/recorded (\d), recomputed (?!\1)\d ✗ does not match$/)
    await expect.poll(() => page.locator('[data-server-check]').textContent(), WAIT).toMatch(/found problems ✗/)
  })
})
