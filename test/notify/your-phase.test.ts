// After a step resolves, each player of the next side gets exactly one email: their map as an inline
// PNG, the deadline in their time zone, and a summary that matches the log.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createDice } from '../../src/engine/dice.js'
import type { GameEvent } from '../../src/engine/ruleset.js'
import { abaoaqu, type Order, type State } from '../../src/rulesets/abaoaqu/engine/index.js'
import { randomOrders, rng } from '../../src/rulesets/abaoaqu/engine/random-orders.js'
import { formatDate } from '../../src/notify/compose/helpers.js'
import { enemiesNear, narrate } from '../../src/notify/compose/index.js'
import { loadAbaoaquScenario } from '../../src/rulesets/abaoaqu/scenarios/index.js'
import { as, register, type User } from '../http/helpers.js'
import { waitFor } from '../support/smtp.js'
import { EMAIL_DISPLAY_WIDTH, EMAIL_PIXEL_RATIO } from '../../src/notify/map/index.js'
import { decodePng, type Decoded } from './map/png-decode.js'
import { startMailStack, type MailStack } from './stack.js'

/** Standing orders alone pass a step only when the submission says so (docs/abaoaqu.md decision 18). */
const passIfOnlyStanding = (orders: Order[]) =>
  orders.length > 0 && orders.every((o) => o.kind === 'standing') ? { pass: true } : {}

let s: MailStack
let alice: User
let bob: User
beforeAll(async () => {
  s = await startMailStack()
  alice = await register(s.app, 'Alice')
  bob = await register(s.app, 'Bob')
  for (const [u, timeZone] of [
    [alice, 'Asia/Tokyo'],
    [bob, 'Europe/London'],
  ] as const) {
    const res = await s.app.inject({ method: 'PATCH', url: '/me/preferences', headers: as(u), payload: { timeZone } })
    expect(res.statusCode, res.body).toBe(200)
  }
}, 60_000)
afterAll(async () => s?.close())

const flat = (text: string) => text.replace(/\s+/g, ' ')

/** Pixels within a few levels of a #rrggbb colour: a side's counters in a decoded PNG. */
function pixelsOf(image: Decoded, colour: string): number {
  const [r, g, b] = [1, 3, 5].map((i) => parseInt(colour.slice(i, i + 2), 16))
  let n = 0
  for (let i = 0; i < image.data.length; i += image.channels) {
    if (
      Math.abs(image.data[i]! - r!) <= 6 &&
      Math.abs(image.data[i + 1]! - g!) <= 6 &&
      Math.abs(image.data[i + 2]! - b!) <= 6
    )
      n++
  }
  return n
}
// The side colours of A-S4 (map/model.ts): the Federation first, then Zeon.
const SIDE_COLOUR: Record<string, string> = { FED: '#2a62c9', ZEON: '#c8322f' }
const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])

describe('your phase, by email', () => {
  it('each player of the next side gets exactly one email with the map, their deadline and what happened', async () => {
    // Account mail first: each registration sent one verification email.
    await waitFor(
      'verification emails',
      () => s.mails(alice.email, 'verify-email').length === 1 && s.mails(bob.email, 'verify-email').length === 1,
    )
    expect(s.mails(alice.email, 'verify-email')[0]!.parsed.text).toMatch(/\/auth\/verify\?token=/)

    const created = await s.app.inject({
      method: 'POST',
      url: '/games',
      headers: as(alice),
      payload: { ruleset: 'abaoaqu', scenario: 'A-S4', seat: 'FED', title: 'Mail test' },
    })
    const gameId = created.json().id as string
    await s.app.inject({ method: 'POST', url: `/games/${gameId}/join`, headers: as(bob), payload: {} })
    const { seed } = await s.t.db.game.findUniqueOrThrow({ where: { id: gameId } })
    let state: State = abaoaqu.setup(
      loadAbaoaquScenario('A-S4'),
      { players: 2, options: {} },
      createDice(seed, 1),
    ).state
    let seq = 1
    const players: Record<string, User> = { FED: alice, ZEON: bob }
    const zones: Record<string, string> = { FED: 'Asia/Tokyo', ZEON: 'Europe/London' }
    const r = rng(7)
    const sinceLast: Record<string, GameEvent[]> = { FED: [], ZEON: [] }
    let checked = 0

    for (let step = 0; step < 6 && state.step !== 'over'; step++) {
      const [pending] = abaoaqu.pending(state)
      const seat = pending!.seats[0]!
      const player = players[seat]!
      // The email for this step, sent when the step began.
      await waitFor(`the your-phase email for ${seat} at entry ${seq}`, () =>
        s.mails(player.email, 'your-phase').some((m) => m.parsed.headers.get('x-hexmail-position') === String(seq)),
      )
      const mine = s
        .mails(player.email, 'your-phase')
        .filter((m) => m.parsed.headers.get('x-hexmail-position') === String(seq))
      expect(mine).toHaveLength(1)
      const mail = mine[0]!.parsed
      const raw = mine[0]!.raw.toString('latin1')
      const summary = (await s.app.inject({ method: 'GET', url: `/games/${gameId}`, headers: as(player) })).json()
      expect(mail.subject).toContain('Mail test')
      // The deadline in the reader's own time zone.
      expect(flat(mail.text!)).toContain(flat(formatDate(summary.deadline, zones[seat])))
      expect(mail.html).toContain('Asia/Tokyo' === zones[seat] ? 'Asia/Tokyo' : 'Europe/London')
      // The map: an inline PNG the HTML points at.
      const map = mail.attachments.find((a) => a.contentType === 'image/png')!
      expect(map.content.subarray(0, 8).equals(PNG)).toBe(true)
      expect(mail.html).toContain(`cid:${map.cid}`)
      // Cropped to the reader's part of the board, at twice the width the email shows it.
      const picture = decodePng(map.content)
      expect(picture.width).toBe(EMAIL_DISPLAY_WIDTH * EMAIL_PIXEL_RATIO)
      expect(picture.height).toBeLessThan(2000 * EMAIL_PIXEL_RATIO)
      // It shows the reader's units: their side's colour covers at least a third of a counter (36 px at
      // 558 px) per unit shown.
      const shown = Number(
        /around your units \((?:all (\d+)|(\d+) of your \d+)\)/
          .exec(flat(mail.text!))
          ?.slice(1)
          .find((n) => n !== undefined),
      )
      expect(shown).toBeGreaterThan(0)
      const counterArea = (36 * EMAIL_PIXEL_RATIO) ** 2
      const readerSide = seat === 'FED' ? 'FED' : 'ZEON'
      const readerUnits = state.units.filter((u) => u.side === readerSide && u.at === 'map')
      const hexes = new Set(readerUnits.map((u) => u.hex!.join(','))).size
      expect(pixelsOf(picture, SIDE_COLOUR[readerSide]!)).toBeGreaterThan((Math.min(shown, hexes) * counterArea) / 3)
      // The whole board, by a link that needs no login; the key fits only that game, position and seat.
      const fullUrl = /The whole board as you see it: (\S+)/.exec(flat(mail.text!))![1]!
      const href = /href="([^"]*\/map\.png[^"]*)"/
        .exec(mail.html as string)![1]!
        .replace(/&#x3D;/g, '=')
        .replace(/&amp;/g, '&')
      expect(href).toBe(fullUrl)
      const path = fullUrl.replace('http://hexmail.test', '')
      expect(path).toBe(
        `/games/${gameId}/map.png?at=${seq}&seat=${seat}&key=${new URL(fullUrl).searchParams.get('key')}`,
      )
      const full = await s.app.inject({ method: 'GET', url: path })
      expect(full.statusCode, full.body).toBe(200)
      expect(full.headers['content-type']).toBe('image/png')
      const own = (
        await s.app.inject({ method: 'GET', url: `/games/${gameId}/map.png?at=${seq}`, headers: as(player) })
      ).rawPayload
      expect(full.rawPayload.equals(own)).toBe(true)
      const otherSeat = seat === 'FED' ? 'ZEON' : 'FED'
      expect(
        (await s.app.inject({ method: 'GET', url: path.replace(`seat=${seat}`, `seat=${otherSeat}`) })).statusCode,
      ).toBe(403)
      expect(
        (await s.app.inject({ method: 'GET', url: path.replace(`at=${seq}`, `at=${seq === 1 ? 2 : seq - 1}`) }))
          .statusCode,
      ).toBe(403)
      expect(
        (await s.app.inject({ method: 'GET', url: `/games/${gameId}/map.png?at=${seq}&seat=${seat}` })).statusCode,
      ).toBe(400)
      // The text names where the enemies near the reader's units are.
      expect(flat(mail.text!)).toContain('Enemy units near yours')
      for (const line of enemiesNear('abaoaqu', abaoaqu.view(state, seat), 'en').lines)
        expect(flat(mail.text!)).toContain(flat(line))
      // Reply-To carries a token; List-Unsubscribe is one click.
      expect(String(mail.replyTo?.text)).toMatch(/^play\+[a-z2-7]{40}@hexmail\.test$/)
      expect(raw).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click\r$/m)
      expect(raw.replace(/\r\n\s+/g, ' ')).toMatch(/^List-Unsubscribe: <http:\/\/hexmail\.test\/unsubscribe\?u=/m)
      // What happened since this seat's last orders, in the same words the log gives.
      const view = abaoaqu.view(state, seat)
      for (const line of narrate('abaoaqu', sinceLast[seat]!, view, 'en'))
        expect(flat(mail.text!)).toContain(flat(line))
      checked++

      const orders = randomOrders(state, seat, r)
      const res = await s.app.inject({
        method: 'POST',
        url: `/games/${gameId}/orders`,
        headers: as(player),
        payload: { orders, ...passIfOnlyStanding(orders) },
      })
      expect(res.statusCode, res.body).toBe(200)
      const resolution = abaoaqu.resolve(state, { [seat]: orders }, createDice(seed, seq + 2))
      state = resolution.state
      seq += 2
      sinceLast[seat] = []
      for (const k of Object.keys(sinceLast)) sinceLast[k]!.push(...resolution.events)
      expect(res.json().seq).toBe(seq)
    }
    expect(checked).toBeGreaterThanOrEqual(4)
    // Nothing doubled: one your-phase email per player per position.
    for (const u of [alice, bob]) {
      const positions = s.mails(u.email, 'your-phase').map((m) => m.parsed.headers.get('x-hexmail-position'))
      expect(new Set(positions).size).toBe(positions.length)
    }
    const rows = await s.t.db.notification.findMany({ where: { gameId } })
    expect(rows.every((n) => n.status === 'sent' || n.seq === seq)).toBe(true)
  }, 120_000)
})
