// The deadlines calendar feed: a private token opens GET /me/deadlines.ics to a calendar app. The feed is
// read back with ical.js, as a calendar would read it.
import ICAL from 'ical.js'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { as, register, startApp, type TestApp, type User } from './helpers.js'

let h: TestApp
let alice: User
let bob: User
let carol: User
beforeAll(async () => {
  h = await startApp()
  alice = await register(h.app, 'Alice')
  bob = await register(h.app, 'Bob')
  carol = await register(h.app, 'Carol')
})
afterAll(async () => h?.close())

const JA_TITLE = '秋季リーグ戦：第一節、連邦軍とジオン軍の決戦「ア・バオア・クー攻防戦」、締め切りに注意'

/** An A-S4 game between two players; who must act first and who waits. */
async function newGame(first: User, second: User, title: string) {
  const created = await h.app.inject({
    method: 'POST',
    url: '/games',
    headers: as(first),
    payload: { ruleset: 'abaoaqu', scenario: 'A-S4', seat: 'FED', title, phaseHours: 24 },
  })
  expect(created.statusCode, created.body).toBe(201)
  const id = created.json().id as string
  const joined = await h.app.inject({ method: 'POST', url: `/games/${id}/join`, headers: as(second), payload: {} })
  expect(joined.statusCode, joined.body).toBeLessThan(300)
  const game = (await h.app.inject({ method: 'GET', url: `/games/${id}`, headers: as(first) })).json()
  const fedActs = game.pending[0].side === 'FED'
  return {
    id,
    deadline: game.deadline as string,
    logSeq: game.logSeq as number,
    seats: game.pending[0].seats as string[],
    acting: fedActs ? first : second,
    waiting: fedActs ? second : first,
  }
}

async function newToken(user: User) {
  const res = await h.app.inject({ method: 'POST', url: '/me/calendar-token', headers: as(user) })
  expect(res.statusCode, res.body).toBe(200)
  return res.json() as { token: string; url: string }
}

/** The feed as a calendar app fetches it: the URL alone, no headers. */
function fetchFeed(url: string) {
  const { pathname, search } = new URL(url)
  return h.app.inject({ method: 'GET', url: `${pathname}${search}` })
}

function eventsOf(body: string) {
  const cal = new ICAL.Component(ICAL.parse(body))
  return cal.getAllSubcomponents('vevent').map((v) => ({ vevent: v, event: new ICAL.Event(v) }))
}

describe('GET /me/deadlines.ics', () => {
  it("has one event per step the user must play, at its deadline, with the game's link and a reminder", async () => {
    const g = await newGame(alice, bob, JA_TITLE)
    const { token, url } = await newToken(g.acting)
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/)
    expect(url).toBe(`${h.app.config.publicUrl}/me/deadlines.ics?token=${token}`)
    // Only the hash is kept.
    const row = await h.t.db.user.findUnique({ where: { id: g.acting.id }, select: { calendarTokenHash: true } })
    expect(row!.calendarTokenHash).toMatch(/^[0-9a-f]{64}$/)
    expect(row!.calendarTokenHash).not.toContain(token)

    const res = await fetchFeed(url)
    expect(res.statusCode, res.body).toBe(200)
    expect(res.headers['content-type']).toBe('text/calendar; charset=utf-8')
    expect(res.headers['cache-control']).toBe('private, max-age=300')
    // CRLF line ends, and no line longer than 75 octets: the Japanese title is folded, never mid-character.
    expect(res.body.endsWith('\r\n')).toBe(true)
    const lines = res.body.split('\r\n').slice(0, -1)
    expect(lines.every((l) => Buffer.byteLength(l, 'utf8') <= 75)).toBe(true)
    expect(lines.some((l) => l.startsWith(' '))).toBe(true)
    expect(res.body).not.toContain('\uFFFD')
    expect(res.body).toMatch(/^BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-\/\/hexmail\/\/deadlines\/\/EN\r\n/)

    const cal = new ICAL.Component(ICAL.parse(res.body))
    expect(cal.getFirstPropertyValue('x-wr-calname')).toBe('hexmail deadlines')
    expect(cal.getFirstPropertyValue('method')).toBe('PUBLISH')
    const events = eventsOf(res.body).filter((e) => e.event.uid.startsWith(g.id))
    expect(events).toHaveLength(1)
    const { event, vevent } = events[0]!
    expect(event.uid).toBe(`${g.id}-${g.logSeq}@hexmail`)
    // iCalendar counts whole seconds: the deadline, to the second (never later than it).
    expect(event.startDate.toJSDate().getTime()).toBe(Math.floor(new Date(g.deadline).getTime() / 1000) * 1000)
    expect(event.startDate.zone.tzid).toBe('UTC')
    expect(event.summary).toBe(`Deadline: ${JA_TITLE}`)
    const description = String(vevent.getFirstPropertyValue('description'))
    expect(description).toContain(`/g/${g.id}`)
    expect(description).toContain(g.seats.join(', '))
    expect(description).toMatch(/^Step: \S/)
    expect(vevent.getFirstPropertyValue('url')).toBe(`${h.app.config.publicUrl}/g/${g.id}`)
    const alarm = vevent.getFirstSubcomponent('valarm')!
    expect(alarm.getFirstPropertyValue('action')).toBe('DISPLAY')
    const trigger = alarm.getFirstPropertyValue('trigger') as ICAL.Duration
    expect(trigger.toSeconds()).toBe(-6 * 3600) // the default reminderHours
  })

  it("shows only the user's own games where they must act: not the opponent's turn, not others' games", async () => {
    const g = await newGame(bob, carol, 'Bob and Carol, 1, 2; 3\\4')
    const mine = await newToken(g.acting)
    const theirs = await newToken(g.waiting)
    const stranger = await newToken(alice)
    const uidsOf = async (url: string) => eventsOf((await fetchFeed(url)).body).map((e) => e.event.uid)
    expect(await uidsOf(mine.url)).toContain(`${g.id}-${g.logSeq}@hexmail`)
    expect((await uidsOf(theirs.url)).some((u) => u.startsWith(g.id))).toBe(false)
    expect((await uidsOf(stranger.url)).some((u) => u.startsWith(g.id))).toBe(false)
    // Commas, semicolons and backslashes in a title come back as written.
    const summary = eventsOf((await fetchFeed(mine.url)).body).find((e) => e.event.uid.startsWith(g.id))!.event.summary
    expect(summary).toBe('Deadline: Bob and Carol, 1, 2; 3\\4')
    // A paused game has no running deadline.
    await h.t.db.game.update({ where: { id: g.id }, data: { pausedAt: new Date() } })
    expect((await uidsOf(mine.url)).some((u) => u.startsWith(g.id))).toBe(false)
  })

  it('a new token ends the old address; a revoked one, a wrong one or none at all answer 404 alike', async () => {
    const dave = await register(h.app, 'Dave')
    const first = await newToken(dave)
    expect((await fetchFeed(first.url)).statusCode).toBe(200)
    const second = await newToken(dave)
    expect(second.token).not.toBe(first.token)
    const old = await fetchFeed(first.url)
    expect(old.statusCode).toBe(404)
    expect(old.headers['content-type']).toMatch(/^application\/problem\+json/)
    expect((await fetchFeed(second.url)).statusCode).toBe(200)

    const revoked = await h.app.inject({ method: 'DELETE', url: '/me/calendar-token', headers: as(dave) })
    expect(revoked.statusCode).toBe(204)
    const gone = await fetchFeed(second.url)
    const none = await h.app.inject({ method: 'GET', url: '/me/deadlines.ics' })
    const wrong = await h.app.inject({ method: 'GET', url: '/me/deadlines.ics?token=not-a-token' })
    for (const res of [gone, none, wrong]) {
      expect(res.statusCode).toBe(404)
      expect(res.json()).toMatchObject({ status: 404, detail: 'no such calendar' })
    }
    // Signing in is needed to make or revoke one.
    expect((await h.app.inject({ method: 'POST', url: '/me/calendar-token' })).statusCode).toBe(401)
    expect((await h.app.inject({ method: 'DELETE', url: '/me/calendar-token' })).statusCode).toBe(401)
  })
})
