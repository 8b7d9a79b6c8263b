// On the game page in a real Chromium: an invite link brings a second player in (signed out first), the
// players write to each other (in Japanese too), and a draw offered on the page, accepted on the other's
// page, ends the game as a draw.
import type { BrowserContext, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { newPerson, registerInBrowser, seriousViolations, startWeb, WAIT, type WebHarness } from './browser.js'

let w: WebHarness
beforeAll(async () => {
  w = await startWeb()
})
afterAll(async () => w?.close())

const email = (name: string) => `${name}.${process.pid}.${Date.now()}@example.org`

interface Person {
  context: BrowserContext
  page: Page
}

async function post(p: Person, path: string, data?: unknown) {
  const csrf = await p.page.locator('meta[name="csrf-token"]').getAttribute('content')
  return p.context.request.post(path, { data, headers: { 'x-csrf-token': csrf! } })
}

describe('joining, talking and agreeing a draw on the game page', () => {
  it('an invite link, messages to all and to a side, and a draw', async () => {
    const fed = await newPerson(w)
    await registerInBrowser(fed.page, 'Bright', email('bright'))
    const created = await post(fed, '/games', {
      ruleset: 'abaoaqu',
      scenario: 'A-S4',
      seat: 'FED',
      title: 'ソロモン',
      private: true,
      options: { deployment: 'auto' },
    })
    expect(created.status()).toBe(201)
    const { id, invite } = (await created.json()) as { id: string; invite: string }

    // The invitee opens the emailed link signed out: the game shows, with the way in.
    const zeon = await newPerson(w)
    await zeon.page.goto(`/g/${id}?invite=${invite}`)
    await expect.poll(() => zeon.page.getByRole('heading', { name: 'Join this game' }).count(), WAIT).toBe(1)
    // Without the code, the private game is not there.
    expect((await zeon.page.goto(`/g/${id}`))?.status()).toBe(404)
    await zeon.page.goto(`/g/${id}?invite=${invite}`)
    await zeon.page.locator('#join').getByRole('link', { name: 'Create an account' }).click()
    await zeon.page.waitForURL('**/register?next=*')
    await zeon.page.getByLabel('Name shown to other players').fill('Garma')
    await zeon.page.getByLabel('Email').fill(email('garma'))
    await zeon.page.getByLabel('Password').fill('correct horse battery')
    await zeon.page.getByRole('button', { name: 'Create the account' }).click()
    // Registering came back to the invite: join from here.
    await zeon.page.waitForURL(`**/g/${id}?invite=${invite}`)
    expect(await seriousViolations(zeon.page)).toEqual([])
    await zeon.page.getByRole('button', { name: 'Join the game' }).click()
    await expect.poll(() => zeon.page.locator('#join').count(), WAIT).toBe(0)
    const seats = await w.h.t.db.seat.findMany({ where: { gameId: id }, include: { user: true } })
    expect(seats.map((s) => s.user?.name).sort()).toEqual(['Bright', 'Garma'])

    // Messages: to everyone, then to one's own side only.
    await fed.page.goto(`/g/${id}`)
    await fed.page.getByLabel('Your message').fill('よろしくお願いします')
    await fed.page.getByRole('button', { name: 'Send the message' }).click()
    await expect.poll(() => fed.page.locator('ol.messages').textContent(), WAIT).toContain('よろしくお願いします')
    await fed.page.getByLabel('Your message').fill('plan: hold the line')
    await fed.page.getByLabel('my side only').check()
    await fed.page.getByRole('button', { name: 'Send the message' }).click()
    await expect.poll(() => fed.page.locator('ol.messages li').count(), WAIT).toBe(2)
    await zeon.page.goto(`/g/${id}`)
    await expect.poll(() => zeon.page.locator('ol.messages').textContent(), WAIT).toContain('よろしくお願いします')
    expect(await zeon.page.locator('ol.messages').textContent()).not.toContain('hold the line')
    expect(await seriousViolations(zeon.page)).toEqual([])

    // A draw: offered by the Federation, accepted by Zeon on its page, the game ends as a draw.
    await fed.page.getByText('Offer a draw').click()
    await fed.page.getByLabel('A note with the offer (optional)').fill('引き分けでどうでしょう')
    await fed.page.getByRole('button', { name: 'Offer the draw' }).click()
    await expect.poll(() => fed.page.locator('[data-draw-status]').textContent(), WAIT).toContain('offers a draw')
    await zeon.page.reload()
    await expect.poll(() => zeon.page.getByRole('button', { name: 'Accept the draw' }).isVisible(), WAIT).toBe(true)
    zeon.page.once('dialog', (d) => void d.accept())
    await zeon.page.getByRole('button', { name: 'Accept the draw' }).click()
    await expect.poll(() => zeon.page.locator('#outcome').count(), WAIT).toBe(1)
    expect(await zeon.page.locator('#outcome').textContent()).toMatch(/draw/i)
    const game = await w.h.t.db.game.findUniqueOrThrow({ where: { id } })
    expect(game.status).toBe('FINISHED')
    expect((game.outcome as { winner: unknown }).winner).toBeNull()
    await fed.context.close()
    await zeon.context.close()
  })
})
