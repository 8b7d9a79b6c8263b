// The game page in a real Chromium: two players play a turn of A-Bao-A-Qu through the page alone (select a
// unit, click where it goes, select a unit, click its target with the odds shown, send), the other player
// sees the new position, a lost race keeps the typed orders, and a stranger gets the 404 page.
import { copyFileSync, mkdirSync } from 'node:fs'
import { join } from 'node:path'
import type { BrowserContext, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createDice } from '../../src/engine/dice.js'
import { loadFolded } from '../../src/games/load.js'
import { abaoaqu, type State } from '../../src/rulesets/abaoaqu/engine/index.js'
import {
  DESKTOP,
  PHONE,
  WAIT,
  newPerson,
  registerInBrowser,
  screenshot,
  seriousViolations,
  startWeb,
  type WebHarness,
} from './browser.js'

let w: WebHarness
beforeAll(async () => {
  w = await startWeb()
}, 60_000)
afterAll(async () => w?.close())

const email = (name: string) => `${name}.${process.pid}.${Date.now()}@example.org`

interface Person {
  context: BrowserContext
  page: Page
}

async function person(name: string, viewport = DESKTOP): Promise<Person> {
  const p = await newPerson(w, viewport)
  await registerInBrowser(p.page, name, email(name))
  return p
}

/** A call to the API as the browser makes it: the session cookie and the page's CSRF token. */
async function post(p: Person, path: string, data?: unknown, headers: Record<string, string> = {}) {
  const csrf = await p.page.locator('meta[name="csrf-token"]').getAttribute('content')
  return p.context.request.post(path, { data, headers: { 'x-csrf-token': csrf!, ...headers } })
}

async function stateOf(id: string): Promise<{ state: State; seq: number; seed: string }> {
  const game = await w.h.t.db.game.findUniqueOrThrow({ where: { id } })
  const folded = await loadFolded(w.h.t.db, game)
  return { state: folded!.state as State, seq: folded!.seq, seed: game.seed }
}

/** An A-S4 game, FED for `fed`, ZEON for `zeon`, played on (passing) until FED must move. */
async function newGame(fed: Person, zeon: Person, opts: { private?: boolean } = {}): Promise<string> {
  const created = await post(fed, '/games', {
    ruleset: 'abaoaqu',
    scenario: 'A-S4',
    seat: 'FED',
    title: 'Solomon, turn by turn',
    private: opts.private ?? true,
    options: { deployment: 'auto' },
  })
  expect(created.status(), await created.text()).toBe(201)
  const { id, invite } = (await created.json()) as { id: string; invite: string }
  const joined = await post(zeon, `/games/${id}/join`, { invite })
  expect(joined.status(), await joined.text()).toBe(200)
  // The lead-off side is rolled: whoever moves first, pass until the Federation must move.
  for (let guard = 0; guard < 10; guard++) {
    const { state } = await stateOf(id)
    const seats = abaoaqu.pending(state).flatMap((p) => p.seats)
    if (state.step === 'move' && seats.includes('FED')) return id
    for (const seat of seats) {
      const res = await post(seat === 'FED' ? fed : zeon, `/games/${id}/orders`, 'pass', {
        'content-type': 'text/plain',
      })
      expect(res.status(), await res.text()).toBe(200)
    }
  }
  throw new Error('the Federation never came to move')
}

interface Plan {
  unit: string
  to: string
  attacker: string
  target: string
}

/** A move of FED's after which FED can attack a unit: found with the engine, as only a test may. */
async function planTurn(id: string): Promise<Plan> {
  const { state, seq, seed } = await stateOf(id)
  for (const u of abaoaqu.options(state, 'FED').units) {
    for (const to of u.moves) {
      const next = abaoaqu.resolve(state, { FED: [{ kind: 'move', units: [u.id], to }] }, createDice(seed, seq + 2))
      if (next.state.step !== 'attack-lead' || !abaoaqu.pending(next.state).some((p) => p.seats.includes('FED')))
        continue
      for (const a of abaoaqu.options(next.state, 'FED').units) {
        const attack = a.attacks.find((x) => x.order.mode === 'shoot' && x.order.target && 'unit' in x.order.target)
        const target = attack?.order.target as { unit?: string } | undefined
        if (attack && target?.unit) return { unit: u.id, to: `${to[0]},${to[1]}`, attacker: a.id, target: target.unit }
      }
    }
  }
  throw new Error('no move of FED leads to an attack')
}

const seqOf = async (page: Page) => Number(await page.locator('#map').getAttribute('data-seq'))

/** Selects a unit of mine: from the list of units still off the map, or by its counter on the map. */
async function selectUnit(page: Page, unit: string) {
  const reserve = page.locator(`#reserve button[data-unit="${unit}"]`)
  const counter = page.locator(`#map [data-mine~="${unit}"]`)
  // isVisible does not wait: let the page's script draw the reserve or the counter first.
  await expect.poll(async () => (await reserve.isVisible()) || (await counter.count()) > 0, WAIT).toBe(true)
  if (await reserve.isVisible()) await reserve.click()
  else {
    await page.locator(`#map [data-mine~="${unit}"]`).click({ force: true })
    const chip = page.locator('#unit-options .chips button', { hasText: new RegExp(`^${unit}$`) })
    await expect.poll(() => page.locator('#selected-unit').textContent(), WAIT).toBeTruthy()
    if (await chip.count()) await chip.click()
  }
  await expect.poll(() => page.locator('#selected-unit').textContent(), WAIT).toContain(unit)
}

async function moveByClicks(page: Page, plan: Plan): Promise<string> {
  await selectUnit(page, plan.unit)
  await expect.poll(() => page.locator('#map .hm-move').count(), WAIT).toBeGreaterThan(0)
  const dest = page.locator(`#map .hm-hexes [data-at="${plan.to}"]`)
  const label = (await dest.getAttribute('data-hex'))!
  await dest.click({ force: true })
  const line = `${plan.unit} -> ${label}`
  await expect.poll(() => page.getByLabel('Orders, one per line').inputValue(), WAIT).toContain(line)
  await expect.poll(() => page.locator('#preview-body').textContent(), WAIT).toContain('The orders are valid.')
  return line
}

async function attackByClicks(page: Page, plan: Plan): Promise<void> {
  await selectUnit(page, plan.attacker)
  await expect.poll(() => page.locator('#map .hm-target').count(), WAIT).toBeGreaterThan(0)
  // The target is outlined and labelled with its odds' column on the map, and listed with the odds beside it.
  const listed = page.locator('#unit-options button[data-kind="attack"]', { hasText: `@ ${plan.target}` }).first()
  await expect.poll(() => listed.textContent(), WAIT).toMatch(/ — .*\d:\d|no effect/)
  await page.locator(`#map [data-units~="${plan.target}"]`).first().click({ force: true })
  await expect
    .poll(() => page.getByLabel('Orders, one per line').inputValue(), WAIT)
    .toMatch(new RegExp(`shoot ${plan.attacker}.* @ (${plan.target}|\\d{4})`))
  // The preview's odds of the attack.
  await expect.poll(() => page.locator('#preview-body .odds li').first().textContent(), WAIT).toMatch(/vs/)
}

async function send(page: Page) {
  const before = await seqOf(page)
  await page.getByRole('button', { name: 'Send the orders' }).click()
  await expect.poll(() => page.locator('#order-status').textContent(), WAIT).toContain('Your orders were accepted')
  await expect.poll(() => seqOf(page), WAIT).toBeGreaterThan(before)
}

/** The README's pictures are refreshed from a run with SCREENSHOTS_TO_DOCS=1; other runs leave docs/ alone. */
function saveShot(path: string, name: string) {
  if (process.env.SCREENSHOTS_TO_DOCS !== '1') return
  const docs = join(import.meta.dirname, '..', '..', 'docs', 'screenshots')
  mkdirSync(docs, { recursive: true })
  copyFileSync(path, join(docs, `${name}.png`))
}

describe('the game page', () => {
  it('two players play a turn through the page; a stranger gets the 404 page', async () => {
    const alice = await person('Alice')
    const bob = await person('Bob')
    const id = await newGame(alice, bob)
    const plan = await planTurn(id)

    await alice.page.goto(`/g/${id}`)
    await expect
      .poll(() => alice.page.getByRole('heading', { level: 1 }).textContent(), WAIT)
      .toBe('Solomon, turn by turn')
    await expect.poll(() => alice.page.locator('#your-move').textContent(), WAIT).toBe('It is your move.')
    await expect.poll(() => alice.page.locator('#map svg .hm-hexes path').count(), WAIT).toBeGreaterThan(100)
    expect(await seriousViolations(alice.page)).toEqual([])

    await moveByClicks(alice.page, plan)
    await send(alice.page)
    await expect.poll(() => alice.page.locator('#pending').textContent(), WAIT).toContain('FED')
    await attackByClicks(alice.page, plan)
    saveShot(await screenshot(alice.page, 'game-desktop'), 'game-desktop')
    expect(await seriousViolations(alice.page)).toEqual([])
    await send(alice.page)

    // The other player's page shows the new position and whose move it is.
    const summary = (await (await alice.context.request.get(`/games/${id}`)).json()) as {
      logSeq: number
      pending: Array<{ side: string }>
    }
    await bob.page.goto(`/g/${id}`)
    expect(await seqOf(bob.page)).toBe(summary.logSeq)
    await expect
      .poll(() => bob.page.locator('#pending li').first().getAttribute('data-side'), WAIT)
      .toBe(summary.pending[0]!.side)
    await expect
      .poll(() => bob.page.locator('#your-move').textContent(), WAIT)
      .toBe(summary.pending[0]!.side === 'ZEON' ? 'It is your move.' : 'Waiting for the other side.')
    expect(await seriousViolations(bob.page)).toEqual([])

    // A stranger, and anyone not signed in, get the 404 page for a private game.
    const carol = await person('Carol')
    const res = await carol.page.goto(`/g/${id}`)
    expect(res?.status()).toBe(404)
    await expect.poll(() => carol.page.getByRole('heading', { level: 1 }).textContent(), WAIT).toBe('Page not found')
    const anonymous = await newPerson(w)
    expect((await anonymous.page.goto(`/g/${id}`))?.status()).toBe(404)

    // A public game: a visitor sees it read-only, with a way to sign in, and no order box.
    const open = await newGame(alice, bob, { private: false })
    expect((await anonymous.page.goto(`/g/${open}`))?.status()).toBe(200)
    await expect
      .poll(() => anonymous.page.locator('#read-only a').getAttribute('href'), WAIT)
      .toBe(`/login?next=${encodeURIComponent(`/g/${open}`)}`)
    expect(await anonymous.page.locator('#map svg').count()).toBe(1)
    expect(await anonymous.page.locator('#order-text').count()).toBe(0)
    expect(await anonymous.page.locator('#map [data-mine]').count()).toBe(0)
    for (const p of [alice, bob, carol, anonymous]) await p.context.close()
  })

  it('on a phone: a lost race keeps the typed orders, then the turn is played', async () => {
    const alice = await person('Ayumi', PHONE)
    const bob = await person('Bunta', PHONE)
    const id = await newGame(alice, bob)
    const plan = await planTurn(id)
    await alice.page.goto(`/g/${id}`)
    const line = await moveByClicks(alice.page, plan)

    // Meanwhile the same player sends the move from another tab: the page's position is now stale.
    const elsewhere = await post(alice, `/games/${id}/orders`, line, { 'content-type': 'text/plain' })
    expect(elsewhere.status(), await elsewhere.text()).toBe(200)
    const stale = await seqOf(alice.page)
    await alice.page.getByRole('button', { name: 'Send the orders' }).click()
    await expect.poll(() => alice.page.locator('#order-problem').textContent(), WAIT).toContain('The game moved on')
    expect(await alice.page.getByLabel('Orders, one per line').inputValue()).toContain(line)
    expect(await seqOf(alice.page)).toBeGreaterThan(stale)

    // The new position is the attack step: clear the box and attack.
    await alice.page.getByLabel('Orders, one per line').fill('')
    await attackByClicks(alice.page, plan)
    saveShot(await screenshot(alice.page, 'game-phone'), 'game-phone')
    expect(await seriousViolations(alice.page)).toEqual([])
    await send(alice.page)
    for (const p of [alice, bob]) await p.context.close()
  })
})
