// GREEN NOA through the server, as its players meet it: GN-S1 played for two innings over the HTTP API
// and by email. Amuro reads English, Kenji Japanese. Every "your phase" email arrives through the real
// SMTP server with the map attached (facing drawn, the Japanese names drawn as glyphs), in its reader's
// language; orders go as JSON, as text with ids, as text with Japanese names and by reply; refused
// orders name their GN- rule and change nothing; a missed deadline passes a step; the game verifies.
import MailComposer from 'nodemailer/lib/mail-composer'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { deadlineTick } from '../../../src/games/deadlines.js'
import { gameMetaRow } from '../../../src/store/games.js'
import { emailMap, mapModelAt } from '../../../src/notify/map-cache.js'
import { emailMapPng } from '../../../src/notify/map/email.js'
import type { HexMapModel } from '../../../src/present/map-model.js'
import type { GnSeatOptions } from '../../../src/rulesets/greennoa/engine/seat-options.js'
import { as, register, type User } from '../../http/helpers.js'
import { waitFor, type Received } from '../../support/smtp.js'
import { startMailStack, type MailStack } from '../../notify/stack.js'

let s: MailStack
let amuro: User
let kenji: User
beforeAll(async () => {
  s = await startMailStack()
  amuro = await register(s.app, 'Amuro')
  kenji = await register(s.app, 'Kenji')
  const res = await s.app.inject({
    method: 'PATCH',
    url: '/me/preferences',
    headers: as(kenji),
    payload: { locale: 'ja', timeZone: 'Asia/Tokyo' },
  })
  expect(res.statusCode, res.body).toBe(200)
}, 60_000)
afterAll(async () => s?.close())

const JAPANESE = /[\u3040-\u30ff\u4e00-\u9fff]/
const flat = (text: string) => text.replace(/\s+/g, ' ')

interface Summary {
  logSeq: number
  status: string
  deadline: string
  pending: Array<{ seats: string[]; step: string }>
}

async function summary(id: string): Promise<Summary> {
  return (await s.app.inject({ method: 'GET', url: `/games/${id}`, headers: as(amuro) })).json()
}

async function phaseMail(user: User, seq: number): Promise<Received> {
  const at = () =>
    s.mails(user.email, 'your-phase').find((m) => m.parsed.headers.get('x-hexmail-position') === String(seq))
  await waitFor(`the your-phase email to ${user.name} at ${seq}`, () => at() !== undefined)
  return at()!
}

function reply(from: string, to: Received, text: string, messageId: string): Promise<Buffer> {
  return new MailComposer({
    from,
    to: String(to.parsed.replyTo?.value[0]?.address),
    subject: `Re: ${to.parsed.subject}`,
    text: `${text}\n\n-- \nKenji`,
    messageId,
    inReplyTo: to.parsed.messageId,
  })
    .compile()
    .build()
}

/** One legal submission from the seat's options: the farthest move of each unit whose end no other takes. */
function ordersFrom(options: GnSeatOptions): Array<Record<string, unknown>> {
  if (options.step === 'movement') {
    const taken = new Set<string>()
    const orders: Array<Record<string, unknown>> = []
    for (const u of options.units) {
      const best = [...u.moves]
        .filter((m) => !taken.has(`${m.col},${m.row}`))
        .sort((a, b) => b.steps.length - a.steps.length)[0]
      const here = `${u.hex.col},${u.hex.row}`
      if (!best || best.steps === '') {
        taken.add(here)
        continue
      }
      taken.add(`${best.col},${best.row}`)
      orders.push({ kind: 'move', unit: u.unit, steps: [...best.steps.replace(/\s/g, '')] })
    }
    return orders
  }
  const attacks = options.attacks
  const used = new Set<string>()
  const orders: Array<Record<string, unknown>> = []
  for (const a of attacks ?? []) {
    if (used.has(a.unit)) continue
    used.add(a.unit)
    orders.push({ kind: a.kind, unit: a.unit, target: a.target })
  }
  return orders
}

/** The same orders in the text notation, naming units by their Japanese names where the name is unique. */
function asJapaneseText(orders: Array<Record<string, unknown>>, options: GnSeatOptions): string {
  const names = new Map(options.units.map((u) => [u.unit, u.nameJa]))
  const count = (name: string | undefined) => options.units.filter((u) => u.nameJa === name).length
  const name = (id: string) => (count(names.get(id)) === 1 ? names.get(id)! : id)
  const lines = orders.map((o) =>
    o.kind === 'move'
      ? `${name(String(o.unit))} 移動 ${(o.steps as string[]).join('')}`
      : `${name(String(o.unit))} ${o.kind === 'fire' ? '射撃' : '格闘'} ${String(o.target)}`,
  )
  return lines.length ? lines.join('\n') : 'pass'
}

/** The map as the email drew it: facing and the Japanese names really drawn. */
async function checkMapPicture(gameId: string, seq: number, seat: string, attached: Buffer): Promise<void> {
  const game = (await gameMetaRow(s.t.db, gameId))!
  const model = (await mapModelAt(s.t.db, game, seq, seat)) as HexMapModel
  expect((await emailMap(s.t.db, game, seq, seat))!.png.equals(attached)).toBe(true)
  expect(emailMapPng(model).png.equals(attached)).toBe(true)
  // Every counter faces a hexside, and the picture changes when the facing is taken away.
  expect(model.counters.length).toBeGreaterThan(0)
  for (const c of model.counters) expect([0, 1, 2, 3, 4, 5]).toContain(c.facing)
  const facingless = { ...model, counters: model.counters.map((c) => ({ ...c, facing: undefined })) }
  expect(emailMapPng(facingless).png.equals(attached)).toBe(false)
  // Japanese names are on the counters; other Japanese characters in their place draw another picture,
  // which missing glyphs (one box for every character) would not.
  expect(model.counters.some((c) => JAPANESE.test(c.sublabel))).toBe(true)
  const others = {
    ...model,
    counters: model.counters.map((c) => ({
      ...c,
      sublabel: c.sublabel.replace(/[\u3040-\u30ff\u4e00-\u9fff]/g, 'ぬ'),
    })),
  }
  expect(emailMapPng(others).png.equals(attached)).toBe(false)
}

describe('GREEN NOA played through the API and by email', () => {
  it('GN-S1 for two innings: emails in each reader’s language with the map, orders every way, refusals', async () => {
    const created = await s.app.inject({
      method: 'POST',
      url: '/games',
      headers: as(amuro),
      payload: { ruleset: 'greennoa', scenario: 'GN-S1', seat: 'AEUG', title: 'Green Noa' },
    })
    expect(created.statusCode, created.body).toBe(201)
    const gameId = created.json().id as string
    const joined = await s.app.inject({ method: 'POST', url: `/games/${gameId}/join`, headers: as(kenji), payload: {} })
    expect(joined.statusCode, joined.body).toBe(200)
    const players: Record<string, User> = { AEUG: amuro, TITANS: kenji }

    let refusalsChecked = false
    let replied = false
    let deadlinePassed = false
    let steps = 0
    const mailsChecked = { en: 0, ja: 0 }
    for (;;) {
      const g = await summary(gameId)
      if (g.status !== 'ACTIVE') break
      expect(++steps).toBeLessThan(40)
      const seat = g.pending[0]!.seats[0]!
      const player = players[seat]!
      const options = (
        await s.app.inject({ method: 'GET', url: `/games/${gameId}/options?seat=${seat}`, headers: as(player) })
      ).json().options as GnSeatOptions
      if (options.inning > 2) break
      const mail = await phaseMail(player, g.logSeq)
      const text = flat(mail.parsed.text!)
      // The map is attached and referenced, in both languages.
      const png = mail.parsed.attachments.find((a) => a.contentType === 'image/png')
      expect(png, 'the map attachment').toBeDefined()
      if (player === kenji) {
        expect(mail.parsed.subject).toMatch(
          /^Green Noa：あなたの(移動フェイズ|戦闘フェイズ（攻撃宣言）|戦闘フェイズ（即時解決）)/,
        )
        expect(text).toContain('Kenji さん')
        expect(text).toMatch(/エゥーゴ|ティターンズ/)
        expect(text).not.toMatch(/movement phase|combat phase|It is your turn|Hello/)
        mailsChecked.ja++
      } else {
        expect(mail.parsed.subject).toMatch(/^Green Noa: your (movement phase|combat phase)/)
        expect(text).toContain('Hello Amuro,')
        expect(text).not.toMatch(/移動フェイズ|あなたの番/)
        mailsChecked.en++
      }
      if (mailsChecked.en + mailsChecked.ja <= 2) await checkMapPicture(gameId, g.logSeq, seat, png!.content)

      const orders = ordersFrom(options)

      // Bad orders at the first movement step: each names its rule, in the reader's language, and changes nothing.
      if (!refusalsChecked && options.step === 'movement' && options.units.length >= 2) {
        refusalsChecked = true
        const [a, b] = options.units
        const commonEnd = a!.moves.find((m) => b!.moves.some((n) => n.col === m.col && n.row === m.row))
        const bad: Array<[string, string]> = [
          [`${a!.unit} move ${'L'.repeat(a!.turnsLeft + 1)}`, 'GN-4-5'],
          [`${a!.unit} move F\n${a!.unit} jump`, 'NOTATION'],
        ]
        if (commonEnd) {
          const other = b!.moves.find((n) => n.col === commonEnd.col && n.row === commonEnd.row)!
          bad.push([`${a!.unit} move ${commonEnd.steps}\n${b!.unit} move ${other.steps}`, 'GN-5-1'])
        }
        for (const [body, rule] of bad) {
          const res = await s.app.inject({
            method: 'POST',
            url: `/games/${gameId}/orders`,
            headers: as(player, { 'content-type': 'text/plain' }),
            payload: body,
          })
          expect(res.statusCode, body).toBe(422)
          const errors = res.json().errors as Array<{ rule: string; message: string; line?: number }>
          expect(errors.map((e) => e.rule)).toContain(rule)
          if (rule === 'NOTATION') expect(errors.find((e) => e.rule === rule)!.line).toBe(2)
          if (player === kenji) expect(errors.every((e) => JAPANESE.test(e.message))).toBe(true)
          expect((await summary(gameId)).logSeq).toBe(g.logSeq)
        }
      }

      // The preview shows what the orders would do, writing nothing.
      const preview = await s.app.inject({
        method: 'POST',
        url: `/games/${gameId}/orders/preview`,
        headers: as(player),
        payload: { seat, orders },
      })
      expect(preview.statusCode, preview.body).toBe(200)
      expect(preview.json().valid, preview.body).toBe(true)

      let res
      if (player === kenji && !replied && orders.length > 0) {
        // Kenji answers the email itself, naming his units in Japanese.
        replied = true
        res = await s.app.inject({
          method: 'POST',
          url: '/inbound/email',
          headers: { 'content-type': 'message/rfc822' },
          payload: await reply(kenji.email, mail, asJapaneseText(orders, options), `<gn-${g.logSeq}@kenji.example>`),
        })
        expect(res.statusCode, res.body).toBe(200)
        expect(res.json()).toMatchObject({ status: 'accepted' })
      } else if (!deadlinePassed && player === amuro && steps > 3) {
        // Amuro misses a deadline once: the step is passed under the game's policy.
        deadlinePassed = true
        await waitFor(
          'the phase email recorded as sent',
          async () =>
            (await s.t.db.notification.count({
              where: { gameId, kind: 'your-phase', seq: g.logSeq, status: 'sent' },
            })) >= 1,
        )
        const tick = await deadlineTick(s.t.db, new Date(new Date(g.deadline).getTime() + 1000))
        expect(tick.actions).toContainEqual({ gameId, action: 'passed' })
      } else if (player === kenji) {
        res = await s.app.inject({
          method: 'POST',
          url: `/games/${gameId}/orders`,
          headers: as(kenji, { 'content-type': 'text/plain' }),
          payload: asJapaneseText(orders, options),
        })
        expect(res.statusCode, res.body).toBe(200)
      } else {
        res = await s.app.inject({
          method: 'POST',
          url: `/games/${gameId}/orders`,
          headers: as(amuro),
          payload: { seat, orders },
        })
        expect(res.statusCode, res.body).toBe(200)
      }
      expect((await summary(gameId)).logSeq).toBeGreaterThan(g.logSeq)
    }

    expect(refusalsChecked).toBe(true)
    expect(replied).toBe(true)
    expect(deadlinePassed).toBe(true)
    // Each side moves once an inning and is always asked to; a combat phase asks only when the side has a
    // fire to choose, else it passes by itself (GN-3-2).
    expect(mailsChecked.en).toBeGreaterThanOrEqual(2)
    expect(mailsChecked.ja).toBeGreaterThanOrEqual(2)

    // Two innings played: the log tells them (an entry at least for each step asked), and the game verifies.
    const log = (await s.app.inject({ method: 'GET', url: `/games/${gameId}/log`, headers: as(amuro) })).json()
    expect(log.entries.length).toBeGreaterThan(mailsChecked.en + mailsChecked.ja)
    const verify = (await s.app.inject({ method: 'GET', url: `/games/${gameId}/verify`, headers: as(amuro) })).json()
    expect(verify.ok, JSON.stringify(verify)).toBe(true)
    // The web's SVG draws each unit's fire arc, shown on hover, and the names in both scripts.
    const svg = await s.app.inject({
      method: 'GET',
      url: `/games/${gameId}/map.svg?at=${(await summary(gameId)).logSeq}`,
      headers: as(amuro),
    })
    expect(svg.statusCode, svg.body).toBe(200)
    expect(svg.body.includes('class="hm-arc"')).toBe(true)
    expect(svg.body).toMatch(/:hover/)
    expect(svg.body).toMatch(JAPANESE)
  }, 240_000)
})
