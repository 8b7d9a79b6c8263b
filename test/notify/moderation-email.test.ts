// A moderator's correction tells every player by email, through the real routes, worker and SMTP server:
// who, why, what changed in the reader's words, and the map after it as the reader's seat sees it, the
// changed units framed. The player a replace-player correction unseats is told too.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { MAP_CID } from '../../src/notify/kinds/core.js'
import { correctedMapModel } from '../../src/notify/kinds/moderation.js'
import { mapModelToPng, renderSvg, svgToPng } from '../../src/notify/map/index.js'
import { HIGHLIGHT_CLASS } from '../../src/notify/map/svg-marks.js'
import { gameMetaRow } from '../../src/store/games.js'
import { as, register, type User } from '../http/helpers.js'
import { waitFor, type Received } from '../support/smtp.js'
import { decodePng } from './map/png-decode.js'
import { startGame, startMailStack, type MailStack } from './stack.js'

let s: MailStack
let alice: User
let bob: User
let admin: User

beforeAll(async () => {
  s = await startMailStack()
  alice = await register(s.app, 'Alice')
  bob = await register(s.app, 'Bob')
  admin = await register(s.app, 'Admin')
  await s.t.db.user.update({ where: { id: admin.id }, data: { role: 'ADMIN' } })
  const res = await s.app.inject({
    method: 'PATCH',
    url: '/me/preferences',
    headers: as(alice),
    payload: { timeZone: 'Asia/Tokyo', locale: 'ja' },
  })
  expect(res.statusCode, res.body).toBe(200)
}, 60_000)
afterAll(async () => s?.close())

const flat = (text: string) => text.replace(/\s+/g, ' ')

/** Previews the correction, then applies it at the position previewed; answers the CORRECTION entry's position. */
async function correct(gameId: string, body: Record<string, unknown>): Promise<number> {
  const preview = await s.app.inject({
    method: 'POST',
    url: `/games/${gameId}/corrections/preview`,
    headers: as(admin),
    payload: body,
  })
  expect(preview.statusCode, preview.body).toBe(200)
  const seq = preview.json().seq as number
  const applied = await s.app.inject({
    method: 'POST',
    url: `/games/${gameId}/corrections`,
    headers: as(admin, { 'if-match': `"${seq}"` }),
    payload: body,
  })
  expect(applied.statusCode, applied.body).toBe(201)
  return seq + 1
}

/** A unit on the map with normal morale, of the player's side. */
async function unitOf(gameId: string, player: User): Promise<{ id: string; hex: unknown }> {
  const body = (await s.app.inject({ method: 'GET', url: `/games/${gameId}/view`, headers: as(player) })).json()
  const units = body.view.units as Array<{ id: string; side: string; hex: unknown; morale: string }>
  const mine = (body.view.seats as Array<{ id: string; side: string }>).find((x) => x.id === body.seat)!.side
  return units.find((u) => u.side === mine && u.hex && u.morale === 'N')!
}

/** The pixels of the picture in the highlight's magenta (#e0107f), give or take anti-aliasing: how many, and where. */
function magenta(png: Buffer): { n: number; x0: number; y0: number; x1: number; y1: number } {
  const image = decodePng(png)
  const out = { n: 0, x0: Infinity, y0: Infinity, x1: -Infinity, y1: -Infinity }
  for (let p = 0; p * image.channels < image.data.length; p++) {
    const i = p * image.channels
    const [r, g, b] = [image.data[i]!, image.data[i + 1]!, image.data[i + 2]!]
    if (Math.abs(r - 0xe0) >= 12 || Math.abs(g - 0x10) >= 12 || Math.abs(b - 0x7f) >= 12) continue
    const [x, y] = [p % image.width, Math.floor(p / image.width)]
    out.n++
    out.x0 = Math.min(out.x0, x)
    out.y0 = Math.min(out.y0, y)
    out.x1 = Math.max(out.x1, x)
    out.y1 = Math.max(out.y1, y)
  }
  return out
}

const magentaPixels = (png: Buffer) => magenta(png).n

function mapOf(mail: Received): Buffer {
  const maps = mail.parsed.attachments.filter((a) => a.cid === MAP_CID)
  expect(maps).toHaveLength(1)
  expect(maps[0]!.contentType).toBe('image/png')
  expect(mail.parsed.html as string).toContain(`cid:${MAP_CID}`)
  return maps[0]!.content
}

describe('the moderation email of a correction', () => {
  it('tells each player once, in their language, with the changed unit framed on their map', async () => {
    const { gameId } = await startGame(s, alice, bob, 'Corrected')
    const unit = await unitOf(gameId, bob)
    const reason = 'the morale check of the last phase was skipped by mistake'
    const seq = await correct(gameId, { kind: 'adjust', text: `${unit.id} morale C`, reason })
    await waitFor(
      'the moderation emails',
      () => s.mails(alice.email, 'moderation').length >= 1 && s.mails(bob.email, 'moderation').length >= 1,
    )
    // Nothing more is on its way: one email each.
    await new Promise((r) => setTimeout(r, 500))
    expect(s.mails(alice.email, 'moderation')).toHaveLength(1)
    expect(s.mails(bob.email, 'moderation')).toHaveLength(1)
    expect(s.mails(admin.email, 'moderation')).toHaveLength(0)

    const en = s.mails(bob.email, 'moderation')[0]!
    expect(en.parsed.subject).toBe('[Corrected] A moderator corrected the game: adjusted the game (1 change)')
    const enText = flat(en.parsed.text!)
    expect(enText).toContain('Who: Admin')
    expect(enText).toContain(`Why: ${reason}`)
    expect(enText).toContain(`${unit.id}: morale N → C`)
    expect(enText).toContain('The unit the moderator changed is framed in magenta.')
    expect(magentaPixels(mapOf(en))).toBeGreaterThan(50)

    const ja = s.mails(alice.email, 'moderation')[0]!
    expect(ja.parsed.subject).toBe(
      '[Corrected] モデレーターがゲームを訂正しました：ゲームの状態を調整しました（変更1件）',
    )
    const jaText = flat(ja.parsed.text!)
    expect(jaText).toContain(`理由：${reason}`)
    expect(jaText).toMatch(new RegExp(`${unit.id}[:：] ?morale N → C`))
    expect(jaText).toContain('マゼンタの枠')
    expect(magentaPixels(mapOf(ja))).toBeGreaterThan(50)

    // The same model, as SVG: one frame, around the changed unit's counter only.
    const game = (await gameMetaRow(s.t.db, gameId))!
    for (const seat of ['FED', 'ZEON', null]) {
      const model = (await correctedMapModel(s.t.db, game, seq, seat, [unit.id], 'en'))!
      expect(model.highlight).toEqual({ units: [unit.id], text: 'changed by the moderator' })
      const svg = renderSvg(model)
      const frames = [...svg.matchAll(new RegExp(`class="${HIGHLIGHT_CLASS}" data-units="([^"]*)"`, 'g'))]
      expect(frames.map((m) => m[1])).toEqual([unit.id])
      expect(svg).toContain('changed by the moderator')
      // Without the highlight nothing is framed.
      expect(renderSvg({ ...model, highlight: undefined })).not.toContain(HIGHLIGHT_CLASS)
    }
    // The PNG drawn piece by piece frames it as the whole SVG drawn at once does.
    const model = (await correctedMapModel(s.t.db, game, seq, 'ZEON', [unit.id], 'en'))!
    const fast = magenta(mapModelToPng(model))
    const whole = magenta(svgToPng(renderSvg(model)))
    expect(fast.n).toBeGreaterThan(50)
    // Thin lines snapped to a quarter pixel anti-alias a little differently: the same frame, in the same place.
    expect(Math.abs(fast.n - whole.n)).toBeLessThan(whole.n * 0.25)
    for (const edge of ['x0', 'y0', 'x1', 'y1'] as const)
      expect(Math.abs(fast[edge] - whole[edge])).toBeLessThanOrEqual(2)
    expect(magentaPixels(mapModelToPng({ ...model, highlight: undefined }))).toBe(0)
  }, 90_000)

  it('words a structured payload per reader and links the dispute it settles', async () => {
    const { gameId } = await startGame(s, alice, bob, 'Worded')
    const unit = await unitOf(gameId, bob)
    const seq = await correct(gameId, { kind: 'adjust', text: `${unit.id} morale D`, reason: 'first' })
    await waitFor('the first notices', () =>
      s.mails(bob.email, 'moderation').some((m) => m.parsed.subject?.includes('Worded')),
    )
    // The same notice again, as a payload with the values the email words per reader.
    const dispute = '5f0c3c1e-8d7e-4c61-9a43-0b8f4b0f2a11'
    const payload = {
      seq,
      moderator: 'Admin',
      action: 'extended the deadline by 24 h',
      reason: 'the server was down',
      changes: ['The deadline moves by 24 h.', `${unit.id}: morale N → D`],
      at: new Date().toISOString(),
      correction: 'extend-deadline',
      units: [unit.id, 'NOSUCH'],
      dispute,
      unitChanges: [
        { unit: unit.id, change: 'changed', fields: { morale: { before: 'N', after: 'D' } } },
        { unit: 'NOSUCH', change: 'changed', fields: { hex: { before: '0101', after: '0102' } } },
      ],
      kindParams: { hours: 24, deadline: { from: '2026-12-05T12:00:00Z', to: '2026-12-06T12:00:00Z' } },
    }
    await s.t.db.outbox.create({ data: { gameId, kind: 'moderation', payload } })
    const worded = (u: User) => s.mails(u.email, 'moderation').find((m) => m.parsed.text?.includes('server was down'))
    await waitFor('the worded notices', () => worded(alice) !== undefined && worded(bob) !== undefined)

    const en = worded(bob)!
    expect(en.parsed.subject).toBe('[Worded] A moderator corrected the game: extended the deadline by 24 h')
    const enText = flat(en.parsed.text!)
    expect(enText).toContain('The deadline moves by 24 h, from Saturday 5 December 2026')
    expect(enText).toContain(`${unit.id}: morale N → D`)
    // A unit the reader's view does not show is neither named nor framed.
    expect(enText).not.toContain('NOSUCH')
    // The players' link to the dispute: on the game's page, signed in for the reader.
    expect(en.parsed.html as string).toMatch(
      new RegExp(`href="http://hexmail\\.test/g/[\\w-]+\\?login&#x3D;[\\w.-]+#dispute-${dispute}"`),
    )
    expect(enText).toMatch(new RegExp(`Dispute: http://hexmail\\.test/g/[\\w-]+\\?login=[\\w.-]+#dispute-${dispute}`))

    const ja = worded(alice)!
    expect(ja.parsed.subject).toBe('[Worded] モデレーターがゲームを訂正しました：締め切りを24時間延長しました')
    const jaText = flat(ja.parsed.text!)
    expect(jaText).toContain('締め切りが24時間延び、2026年12月5日')
    expect(jaText).toContain(`${unit.id}：morale N → D`)
    expect(jaText).not.toContain('NOSUCH')
    expect(ja.parsed.html as string).toContain(`#dispute-${dispute}`)
  }, 90_000)

  it('tells the player a replace-player correction unseats, with the observer map', async () => {
    const { gameId } = await startGame(s, alice, bob, 'Replaced')
    const carol = await register(s.app, 'Carol')
    await correct(gameId, { kind: 'replace-player', seat: 'ZEON', email: carol.email, reason: 'Bob left the club' })
    const of = (u: User) => s.mails(u.email, 'moderation').filter((m) => m.parsed.subject?.includes('Replaced'))
    await waitFor('the three notices', () => [alice, bob, carol].every((u) => of(u).length >= 1))
    await new Promise((r) => setTimeout(r, 500))
    for (const u of [alice, bob, carol]) expect(of(u)).toHaveLength(1)
    const toBob = of(bob)[0]!
    expect(toBob.parsed.subject).toBe('[Replaced] A moderator corrected the game: gave seat ZEON to another player')
    expect(flat(toBob.parsed.text!)).toContain('Why: Bob left the club')
    expect(flat(toBob.parsed.text!)).toContain('Seat ZEON changes hands: Carol plays it from now on.')
    mapOf(toBob)
    // Bob holds no seat now: no link to a seat's whole map.
    expect(toBob.parsed.html as string).not.toContain('map.png?')
    expect(of(carol)[0]!.parsed.html as string).toContain('map.png?')
    expect(of(alice)[0]!.parsed.subject).toBe(
      '[Replaced] モデレーターがゲームを訂正しました：席 ZEON を別のプレイヤーに交代させました',
    )
  }, 90_000)
})
