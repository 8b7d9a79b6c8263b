// Clubs and seasons in a real Chromium (docs/leagues.md, docs/web.md): a club created on its page with a
// Japanese name, a second person asks to join and the owner accepts; an invitation link accepted; a season
// entered on its page and started, its games ended through the API (resignations and agreed draws), then
// the standings with a shared position, the CSV download, the fixtures by round with their games, on a
// desktop and a phone, with no serious accessibility findings on any page.
import { readFileSync } from 'node:fs'
import type { Locator, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { as, register, type User } from '../http/helpers.js'
import {
  PHONE,
  WAIT,
  newPerson,
  ready,
  registerInBrowser,
  screenshot,
  seriousViolations,
  startWeb,
  type WebHarness,
} from './browser.js'

let w: WebHarness
beforeAll(async () => {
  w = await startWeb()
})
afterAll(async () => w?.close())

const email = (name: string) => `${name}.${process.pid}.${Date.now()}@example.org`
const h1 = (page: Page) => page.getByRole('heading', { level: 1 }).textContent()
const CLUB = '東京ヘックス同好会'

/** Each row's cells' texts, spaces folded. */
async function tableCells(rows: Locator): Promise<string[][]> {
  const out: string[][] = []
  for (const row of await rows.all())
    out.push((await row.locator(':scope > *').allTextContents()).map((t) => t.replace(/\s+/g, ' ').trim()))
  return out
}

/** Signs a person registered through the API into the browser with their password. */
async function signIn(page: Page, address: string) {
  await page.goto('/login')
  await page.getByLabel(/^Email$/).fill(address)
  await page.getByLabel(/^Password$/).fill('correct horse battery')
  await Promise.all([
    page.waitForURL((url) => !url.pathname.startsWith('/login')),
    page.locator('form[action="/login"] button[type=submit]').click(),
  ])
}

async function call(method: 'GET' | 'POST' | 'DELETE', url: string, user: User | null, payload?: object) {
  const res = await w.h.app.inject({ method, url, headers: as(user), ...(payload ? { payload } : {}) })
  expect(res.statusCode, `${method} ${url}: ${res.body}`).toBeLessThan(300)
  return res.json() as Record<string, unknown>
}

describe('clubs', () => {
  let clubId = ''
  let aliceEmail = ''
  const alice = {
    context: null as unknown as Awaited<ReturnType<typeof newPerson>>['context'],
    page: null as unknown as Page,
  }

  it('a club is created on the clubs page; a second person asks to join and the owner accepts', async () => {
    Object.assign(alice, await newPerson(w))
    aliceEmail = email('alice')
    await registerInBrowser(alice.page, 'Alice', aliceEmail)
    await alice.page.getByRole('link', { name: 'Clubs' }).click()
    await alice.page.waitForURL('**/c')
    await expect.poll(() => h1(alice.page), WAIT).toBe('Clubs')
    await ready(alice.page)
    expect(await seriousViolations(alice.page), '/c signed in').toEqual([])

    // A blank name: the API's words above the form, and no club.
    await alice.page.getByLabel('Club name').fill('   ')
    await alice.page.getByRole('button', { name: 'Create the club' }).click()
    await expect
      .poll(() => alice.page.locator('#create-club-form [data-problem]').textContent(), WAIT)
      .toMatch(/name must show something/)
    expect(await w.h.t.db.club.count()).toBe(0)

    await alice.page.getByLabel('Club name').fill(CLUB)
    await alice.page.getByLabel('Description (optional)').fill('毎週末にア・バオア・クーを遊びます。')
    await alice.page.getByRole('button', { name: 'Create the club' }).click()
    await alice.page.waitForURL(/\/c\/[0-9a-f-]{36}$/)
    clubId = /\/c\/([0-9a-f-]{36})/.exec(alice.page.url())![1]!
    await expect.poll(() => h1(alice.page), WAIT).toBe(CLUB)
    await expect.poll(() => alice.page.title(), WAIT).toBe(`${CLUB} · hexmail`)
    await expect.poll(() => alice.page.locator('.my-role').textContent(), WAIT).toContain('Owner')
    await expect.poll(() => alice.page.getByText('毎週末にア・バオア・クーを遊びます。').count(), WAIT).toBe(1)
    expect(await seriousViolations(alice.page), 'club page, its owner').toEqual([])

    // A visitor reads the club and is offered to sign in, coming back here.
    const visitor = await newPerson(w)
    await visitor.page.goto('/c')
    await expect.poll(() => visitor.page.locator(`li[data-club="${clubId}"]`).textContent(), WAIT).toContain(CLUB)
    expect(await seriousViolations(visitor.page), '/c signed out').toEqual([])
    await visitor.page.goto(`/c/${clubId}`)
    const signIn = visitor.page.locator('#join').locator('..').getByRole('link', { name: 'Sign in' })
    expect(new URL((await signIn.getAttribute('href'))!, w.base).searchParams.get('next')).toBe(`/c/${clubId}`)
    await visitor.context.close()

    // Bob, on his phone, finds the club in the list and asks to join with a message.
    const bob = await newPerson(w, PHONE)
    await registerInBrowser(bob.page, 'Bob', email('bob'))
    await bob.page.goto('/c')
    const row = bob.page.locator(`li[data-club="${clubId}"]`)
    await expect.poll(() => row.textContent(), WAIT).toContain('1 member')
    await row.getByRole('link', { name: CLUB }).click()
    await bob.page.waitForURL(`**/c/${clubId}`)
    await ready(bob.page)
    await bob.page.getByLabel('A message to the club (optional)').fill('Hello from Bob')
    await bob.page.getByRole('button', { name: 'Ask to join' }).click()
    await expect.poll(() => bob.page.getByRole('status').textContent(), WAIT).toContain('your request is waiting')
    expect(await seriousViolations(bob.page), 'club page, request waiting, 390 px').toEqual([])
    await screenshot(bob.page, 'club-request-phone')

    // Alice sees the request with its message and accepts it.
    await alice.page.reload()
    const request = alice.page.locator('li.request')
    await expect.poll(() => request.textContent(), WAIT).toContain('Hello from Bob')
    expect(await seriousViolations(alice.page), 'club page with a request').toEqual([])
    await request.getByRole('button', { name: 'Accept Bob' }).click()
    await expect.poll(() => alice.page.getByText('No requests waiting.').count(), WAIT).toBe(1)
    const members = alice.page.locator('table.members tbody tr')
    const memberCells = () => tableCells(members)
    await expect.poll(memberCells, WAIT).toEqual([
      ['Alice', 'Owner', aliceEmail, expect.stringMatching(/2\d{3}/)],
      ['Bob', 'Member', expect.stringMatching(/^bob\./), expect.stringMatching(/2\d{3}/)],
    ])
    await screenshot(alice.page, 'club-owner-desktop')

    await bob.page.reload()
    await expect.poll(() => bob.page.locator('.my-role').textContent(), WAIT).toContain('Member')
    // His home page lists the club.
    await bob.page.goto('/')
    await expect.poll(() => bob.page.locator('ul.my-clubs').textContent(), WAIT).toContain(CLUB)
    await bob.page.goto(`/c/${clubId}`)
    expect(await bob.page.locator('#join-form').count()).toBe(0)
    // Plain members see no email addresses.
    expect(await bob.page.locator('table.members').textContent()).not.toContain('@')
    await bob.context.close()
  }, 120_000)

  it('an invitation link shows the invitation, and its button makes the invitee a member', async () => {
    expect(clubId).not.toBe('')
    // Invitations reach people who never asked for mail: only a confirmed account sends them.
    await w.h.t.db.user.update({ where: { email: aliceEmail }, data: { emailVerifiedAt: new Date() } })
    const carolEmail = email('carol')
    await alice.page.goto(`/c/${clubId}`)
    await ready(alice.page)
    await alice.page.getByLabel('Their email address').fill(carolEmail)
    await alice.page.getByLabel('Role').selectOption('member')
    await alice.page.getByRole('button', { name: 'Send the invitation' }).click()
    await expect.poll(() => alice.page.locator('ul.invites').textContent(), WAIT).toContain(carolEmail)
    const outbox = await w.h.t.db.outbox.findFirstOrThrow({ where: { kind: 'club-invite' } })
    const token = (outbox.payload as { token: string }).token

    const carol = await newPerson(w, PHONE)
    // Signed out, the link shows the invitation and a sign-in link that comes back to it.
    await carol.page.goto(`/c/${clubId}?invite=${token}`)
    await expect
      .poll(() => carol.page.locator('#invitation').locator('..').textContent(), WAIT)
      .toContain(`Alice invited ${carolEmail} to join this club as: Member.`)
    await registerInBrowser(carol.page, '佐藤', carolEmail)
    await carol.page.goto(`/c/${clubId}?invite=${token}`)
    await ready(carol.page)
    expect(await seriousViolations(carol.page), 'club page with an invitation, 390 px').toEqual([])
    await carol.page.getByRole('button', { name: 'Accept the invitation' }).click()
    await carol.page.waitForURL(`**/c/${clubId}`)
    await expect.poll(() => carol.page.locator('.my-role').textContent(), WAIT).toContain('Member')
    await expect.poll(() => carol.page.locator('table.members').textContent(), WAIT).toContain('佐藤')
    // The link once used says so.
    await carol.page.goto(`/c/${clubId}?invite=${token}`)
    await expect.poll(() => carol.page.getByText('This invitation has been used already.').count(), WAIT).toBe(1)
    await carol.page.goto(`/c/${clubId}?invite=nonsense`)
    await expect.poll(() => carol.page.getByText(/not one of this club's/).count(), WAIT).toBe(1)
    await carol.context.close()
    await alice.context.close()
  }, 90_000)

  it('a club by invitation says so to a stranger; unknown clubs and seasons are the 404 page', async () => {
    const owner = await register(w.h.app, 'Owner')
    const club = await call('POST', '/clubs', owner, { name: 'Invitation Only', joinPolicy: 'invite' })
    const { context, page } = await newPerson(w)
    await registerInBrowser(page, 'Stranger', email('stranger'))
    await page.goto(`/c/${String(club.id)}`)
    await expect.poll(() => page.getByText('This club takes members by invitation only.').count(), WAIT).toBe(1)
    expect(await page.locator('#join-form').count()).toBe(0)
    for (const path of [
      '/c/00000000-0000-4000-8000-000000000000',
      '/c/nope',
      '/s/nope',
      '/s/00000000-0000-4000-8000-000000000000/fixtures',
    ])
      expect((await page.goto(path))?.status(), path).toBe(404)
    await context.close()
  }, 60_000)
})

describe('a season', () => {
  it('entered on its page, played through the API: standings with a shared position, CSV, fixtures', async () => {
    const owner = await register(w.h.app, 'Owner')
    const [ann, ben, cho] = [
      await register(w.h.app, 'Ann'),
      await register(w.h.app, 'Ben'),
      await register(w.h.app, 'Cho'),
    ]
    await w.h.t.db.user.update({ where: { id: cho.id }, data: { name: '山田花子' } })
    const dan = await register(w.h.app, 'Dan')
    const club = await call('POST', '/clubs', owner, { name: '大阪リーグ' })
    const season = await call('POST', `/clubs/${String(club.id)}/seasons`, owner, {
      name: '秋季リーグ 2026',
      ruleset: 'abaoaqu',
      scenarios: ['A-S4'],
      format: 'single',
      membersOnly: false,
      points: { win: 3, draw: 1, loss: 0 },
      tieBreaks: ['head-to-head', 'wins', 'sonneborn-berger'],
      divisions: [{ name: 'Main', promote: 1, relegate: 1 }],
    })
    const seasonId = String(season.id)
    for (const u of [ann, ben, cho]) await call('POST', `/seasons/${seasonId}/entries`, u, {})

    // Dan enters on the season's page.
    const { context, page } = await newPerson(w)
    page.on('dialog', (d) => void d.accept())
    await signIn(page, dan.email)
    await page.goto(`/s/${seasonId}`)
    await ready(page)
    await expect.poll(() => h1(page), WAIT).toBe('秋季リーグ 2026')
    await expect.poll(() => page.getByText('3 entrants.').count(), WAIT).toBe(1)
    expect(await seriousViolations(page), 'season page, open').toEqual([])
    await page.getByRole('button', { name: 'Enter this season' }).click()
    await expect.poll(() => page.getByRole('status').textContent(), WAIT).toContain('You have entered this season')
    // Withdrawn before the start, the entry goes (after a confirmation); he enters again.
    await page.getByRole('button', { name: 'Withdraw' }).click()
    await expect.poll(() => page.getByRole('button', { name: 'Enter this season' }).count(), WAIT).toBe(1)
    expect(await w.h.t.db.seasonEntry.count({ where: { seasonId, userId: dan.id } })).toBe(0)
    await page.getByRole('button', { name: 'Enter this season' }).click()
    await expect.poll(() => page.getByRole('button', { name: 'Withdraw' }).count(), WAIT).toBe(1)
    expect(await page.getByText('4 entrants.').count()).toBe(1)
    await call('POST', `/seasons/${seasonId}/start`, owner)

    // Results: Dan beats everyone; Ann, Ben and 山田花子 draw with each other, so they are level on every
    // tie-break (2 points each in their mini-league, no wins, Sonneborn–Berger 2 each): all "=2".
    const users = new Map([ann, ben, cho, dan].map((u) => [u.id, u]))
    const entries = await w.h.t.db.seasonEntry.findMany({ where: { seasonId } })
    const userOf = new Map(entries.map((e) => [e.id, users.get(e.userId)!]))
    const fixtures = await w.h.t.db.fixture.findMany({
      where: { seasonId },
      orderBy: [{ round: 'asc' }, { board: 'asc' }],
    })
    expect(fixtures).toHaveLength(6)
    let resignedGame = ''
    for (const f of fixtures) {
      const home = userOf.get(f.homeEntryId)!
      const away = userOf.get(f.awayEntryId!)!
      expect(f.gameId).not.toBeNull()
      if (home === dan || away === dan) {
        const loser = home === dan ? away : home
        await call('POST', `/games/${f.gameId}/resign`, loser)
        resignedGame ||= f.gameId!
      } else {
        const offer = await call('POST', `/games/${f.gameId}/draw-offers`, home, {})
        await call('POST', `/games/${f.gameId}/draw-offers/${String(offer.id)}/accept`, away)
      }
    }

    await page.reload()
    const table = page.locator('table.standings')
    const rows = table.locator('tbody tr')
    const cells = () => tableCells(rows)
    await expect.poll(cells, WAIT).toEqual([
      ['1', 'Dan you', '3', '3', '0', '0', '9', '0', '3', '6', '▲ Promotion'],
      ['=2', 'Ann', '3', '0', '2', '1', '2', '2', '0', '2', ''],
      ['=2', 'Ben', '3', '0', '2', '1', '2', '2', '0', '2', ''],
      ['=2', '山田花子', '3', '0', '2', '1', '2', '2', '0', '2', '▼ Relegation'],
    ])
    expect(await table.locator('thead th').allTextContents()).toEqual([
      'Pos',
      'Player',
      'P',
      'W',
      'D',
      'L',
      'Points',
      'Head-to-head',
      'Wins',
      'Sonneborn–Berger',
      'Zone',
    ])
    await expect.poll(() => page.locator('dl.rules').textContent(), WAIT).toContain('win 3, draw 1, loss 0')
    expect(await page.locator('dl.rules').textContent()).toContain('Head-to-head, Wins, Sonneborn–Berger')
    expect(await page.locator('dl.rules').textContent()).toContain('A-S4 · Battle of S Field')
    expect(await seriousViolations(page), 'season page with standings').toEqual([])
    await screenshot(page, 'season-desktop')

    // The CSV link downloads the same table.
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('link', { name: 'Download the standings (CSV)' }).click(),
    ])
    expect(download.suggestedFilename()).toBe(`standings-${seasonId}.csv`)
    const csv = readFileSync((await download.path())!, 'utf8')
    expect(csv.startsWith('\uFEFF')).toBe(true)
    expect(csv).toContain('Main,1,Dan,3,3,0,0,9,0,3,6,promote')
    expect(csv).toContain('Main,2,山田花子,3,0,2,1,2,2,0,2,relegate')

    // The fixtures: rounds, results, game links; Dan's own fixtures marked and filtered.
    await page.getByRole('link', { name: 'Fixtures and results' }).click()
    await page.waitForURL(`**/s/${seasonId}/fixtures`)
    await expect.poll(() => page.locator('section.round').count(), WAIT).toBe(3)
    expect(await page.locator('section.round h2').allTextContents()).toEqual(['Round 1', 'Round 2', 'Round 3'])
    expect(await page.locator('li.fixture').count()).toBe(6)
    expect(await page.locator('li.fixture.mine').count()).toBe(3)
    expect(await page.locator('li.fixture.mine .result').allTextContents()).toEqual(
      expect.arrayContaining([expect.stringMatching(/^Dan won/)]),
    )
    expect(await page.locator('li.fixture:not(.mine) .result').allTextContents()).toEqual(
      Array(3).fill(expect.stringMatching(/^Draw/)),
    )
    const link = page.locator(`a[href="/g/${resignedGame}"]`)
    expect(await link.count()).toBe(1)
    expect(await seriousViolations(page), 'fixtures page').toEqual([])
    await screenshot(page, 'season-fixtures-desktop')
    await page.getByRole('link', { name: 'Show only my fixtures' }).click()
    await expect.poll(() => page.locator('li.fixture').count(), WAIT).toBe(3)
    await page.getByLabel('Round', { exact: true }).selectOption('2')
    await page.getByRole('button', { name: 'Show', exact: true }).click()
    await expect.poll(() => new URL(page.url()).search, WAIT).toBe('?round=2&mine=1')
    await expect.poll(() => page.locator('li.fixture').count(), WAIT).toBe(1)
    await page.getByRole('link', { name: "Show everyone's fixtures" }).click()
    await expect.poll(() => page.locator('li.fixture').count(), WAIT).toBe(2)
    await page.goto(`/s/${seasonId}/fixtures`)
    await page.locator(`a[href="/g/${resignedGame}"]`).click()
    await page.waitForURL(`**/g/${resignedGame}`)
    await context.close()

    // A visitor on a phone, reading in Japanese.
    const phone = await newPerson(w, PHONE, { locale: 'ja-JP' })
    await phone.page.goto(`/s/${seasonId}`)
    await expect.poll(() => phone.page.locator('table.standings caption').textContent(), WAIT).toBe('順位表')
    await expect.poll(() => phone.page.locator('table.standings tbody tr').nth(3).textContent(), WAIT).toContain('降格')
    expect(await seriousViolations(phone.page), 'season page at 390 px in Japanese').toEqual([])
    await screenshot(phone.page, 'season-phone')
    // Nothing wider than the phone but the table, which scrolls in its own box.
    const overflow = await phone.page.locator('html').evaluate((e) => (e as { scrollWidth: number }).scrollWidth)
    expect(overflow).toBeLessThanOrEqual(PHONE.width)
    await phone.page.goto(`/s/${seasonId}/fixtures?round=1`)
    await expect.poll(() => phone.page.locator('li.fixture').count(), WAIT).toBe(2)
    expect(await seriousViolations(phone.page), 'fixtures at 390 px in Japanese').toEqual([])
    await phone.context.close()
  }, 180_000)
})
