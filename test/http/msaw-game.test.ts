// MS@W through the server (issue 16): a whole game of M-S1 played by text orders over the API between a player
// reading English and one reading Japanese, with its emails (each with the table drawn as an inline PNG) and
// its map; and every kind of bad input the issue lists, each refused with 422, naming its rule, changing nothing.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { waitFor } from '../support/smtp.js'
import { doubled, startMailStack, type MailStack } from '../notify/stack.js'
import { decodePng } from '../notify/map/png-decode.js'
import { as, register, type User } from './helpers.js'

let s: MailStack
let alice: User // A1, the Federation, reads English
let bob: User // B1, Zeon, reads Japanese
beforeAll(async () => {
  s = await startMailStack()
  alice = await register(s.app, 'Alice')
  bob = await register(s.app, 'Bob')
  const ja = await s.app.inject({
    method: 'PATCH',
    url: '/me/preferences',
    headers: as(bob),
    payload: { locale: 'ja' },
  })
  expect(ja.statusCode, ja.body).toBe(200)
}, 60_000)
afterAll(async () => s?.close())

type Pt = { x: number; y: number }
interface SuitRead {
  id: string
  side: string
  seat: string
  at: Pt | null
  hp: number
  destroyed: boolean
}
interface TargetRead {
  target: string
  distance: number
  inSight: boolean
  weapons: Array<{ weapon: string; need: number; chance: number }>
}
interface SuitOptions {
  ms: string
  at: Pt
  parts: string[]
  move: number
  impassable: string[]
  targets: TargetRead[]
}

const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])
const inches = (n: number) => (n / 100).toFixed(2)
const point = (p: Pt) => `${inches(p.x)},${inches(p.y)}`

const get = (url: string, who: User | null) => s.app.inject({ method: 'GET', url, headers: as(who) })
const send = (id: string, who: User, text: string) =>
  s.app.inject({ method: 'POST', url: `/games/${id}/orders`, headers: as(who), payload: { text } })
const summary = async (id: string) => (await get(`/games/${id}`, alice)).json()

describe('MS@W by email and over the API (issue 16)', () => {
  let id: string
  const userOf = (seat: string) => (seat === 'A1' ? alice : bob)

  it('starts M-S1 for two players, with options that list each suit’s move, terrain and targets', async () => {
    const created = await s.app.inject({
      method: 'POST',
      url: '/games',
      headers: as(alice),
      payload: { ruleset: 'msaw', scenario: 'M-S1', seat: 'A1', title: 'Table test', options: { roundLimit: 12 } },
    })
    expect(created.statusCode, created.body).toBe(201)
    id = created.json().id
    const joined = await s.app.inject({ method: 'POST', url: `/games/${id}/join`, headers: as(bob), payload: {} })
    expect(joined.statusCode, joined.body).toBe(200)
    const game = await summary(id)
    expect(game.status).toBe('ACTIVE')
    expect(game.pending).toEqual([expect.objectContaining({ step: 'action', sealed: false })])

    // The game page shows the player whose phase it is the same options in short, open (a table's map is not
    // clicked for them).
    const first = game.pending[0].seats[0] as string
    const page = await get(`/g/${id}`, userOf(first))
    expect(page.statusCode).toBe(200)
    expect(page.body).toMatch(/<details id="short-options" open>/)
    expect(page.body).toContain(first === 'A1' ? 'GM1' : 'ZAKU1')
    const opts = (await get(`/games/${id}/options`, alice)).json().options
    const gm1 = (opts.suits as SuitOptions[]).find((x) => x.ms === 'GM1')
    if (game.pending[0].seats[0] === 'A1') {
      expect(gm1).toMatchObject({ ms: 'GM1', at: { x: 2000, y: 300 }, move: 1000 })
      expect(gm1!.impassable).toEqual(expect.arrayContaining(['ruin1', 'ruin2', 'ruin3']))
      expect(gm1!.targets, 'nothing in range at 42 inches').toEqual([])
    }
  })

  it('refuses each kind of bad input with 422, naming the rule and the line, and changes nothing', async () => {
    const game = await summary(id)
    const seat = game.pending[0].seats[0] as string
    const who = userOf(seat)
    const [a, b] = seat === 'A1' ? ['GM1', 'GM2'] : ['ZAKU1', 'ZAKU2']
    const foe = seat === 'A1' ? 'ZAKU1' : 'GM1'
    const near = seat === 'A1' ? '20,5' : '20,43'
    const cases: Array<[string, string, RegExp?, number?]> = [
      // A path longer than Move.
      [`${a} move 20,24`, 'MS-2.1', /Move|移動力/],
      // Coordinates off the table (the disc must lie on it).
      [`${a} move 0.2,3`, 'GAP-M-4'],
      // A second move in one activation.
      [`${a} move ${near}\n${a} move 21,${seat === 'A1' ? '6' : '42'}`, 'MS-2.0', undefined, 2],
      // An attack out of range.
      [`${b} attack ${foe} ${seat === 'A1' ? 'machine-pistol' : 'zaku-mg'}`, 'MS-3.2', /10/],
      // A malformed number, with its line.
      [`${a} move ${near}\n${b} move 28.5.1,4`, 'MS-2.1', /28\.5\.1/, 2],
      // Another player's suit (a seat orders its own suits, GAP-M-11).
      [`${foe} move 20,24`, 'GAP-M-11'],
    ]
    for (const [text, rule, words, line] of cases) {
      const res = await send(id, who, text)
      expect(res.statusCode, `${text}: ${res.body}`).toBe(422)
      const errors = res.json().errors as Array<{ rule: string; message: string; line?: number }>
      expect(
        errors.map((e) => e.rule),
        text,
      ).toContain(rule)
      const e = errors.find((x) => x.rule === rule)!
      if (words) expect(e.message, text).toMatch(words)
      if (line) expect(e.line, text).toBe(line)
      expect((await summary(id)).logSeq, `${text} changed nothing`).toBe(game.logSeq)
    }
    // The preview checks a path without dice and gives the same refusal.
    const preview = await s.app.inject({
      method: 'POST',
      url: `/games/${id}/orders/preview`,
      headers: as(who),
      payload: { text: `${a} move 20,24` },
    })
    expect(preview.statusCode, preview.body).toBeLessThan(500)
    expect(preview.body).toContain('MS-2.1')
  })

  it('plays to the end: moves toward the enemy, attacks in range, every phase an email with the table', async () => {
    let plays = 0
    let attacks = 0
    let impassableTried = false
    for (; plays < 80; plays++) {
      const game = await summary(id)
      if (game.status !== 'ACTIVE') break
      const seat = game.pending[0].seats[0] as string
      const who = userOf(seat)
      const view = (await get(`/games/${id}/view`, who)).json().view
      const opts = (await get(`/games/${id}/options`, who)).json().options
      if (opts.reaction) {
        const res = await send(id, who, opts.reaction.kind === 'shield' ? 'shield yes' : 'counter no')
        expect(res.statusCode, res.body).toBe(200)
        continue
      }
      const suits = view.suits as SuitRead[]
      const lines: string[] = []
      for (const o of opts.suits as SuitOptions[]) {
        const target = o.targets.find((t) => t.inSight && t.weapons.length > 0)
        if (target) {
          const best = [...target.weapons].sort((x, y) => y.chance - x.chance)[0]!
          lines.push(`${o.ms} attack ${target.target} ${best.weapon}`)
          attacks++
          continue
        }
        const enemies = suits.filter((e) => e.side !== suits.find((x) => x.id === o.ms)!.side && !e.destroyed && e.at)
        if (enemies.length === 0 || !o.parts.includes('move')) continue
        const dist = (p: Pt) => Math.hypot(p.x - o.at.x, p.y - o.at.y)
        const foe = enemies.sort((x, y) => dist(x.at!) - dist(y.at!))[0]!
        const d = dist(foe.at!)
        const step = Math.max(0, Math.min(o.move - 5, d - 160))
        const to = {
          x: o.at.x + Math.trunc(((foe.at!.x - o.at.x) * step) / d),
          y: o.at.y + Math.trunc(((foe.at!.y - o.at.y) * step) / d),
        }
        if (step > 0) lines.push(`${o.ms} move ${point(to)}`)
      }
      // Once, a path into a ruin (the centres of M-S1's three buildings): refused (impassable terrain, MS-2.1),
      // nothing changed.
      const ruins = [
        { x: 1300, y: 2300 },
        { x: 3500, y: 2500 },
        { x: 2450, y: 1650 },
      ]
      const reach = (opts.suits as SuitOptions[]).flatMap((o) =>
        ruins.filter((c) => Math.hypot(o.at.x - c.x, o.at.y - c.y) <= o.move).map((c) => ({ ms: o.ms, into: c })),
      )
      if (!impassableTried && reach.length > 0) {
        impassableTried = true
        const res = await send(id, who, `${reach[0]!.ms} move ${point(reach[0]!.into)}`)
        expect(res.statusCode, res.body).toBe(422)
        expect(res.json().errors[0]).toMatchObject({ rule: 'MS-2.1', key: 'msaw.move.impassable' })
        expect((await summary(id)).logSeq).toBe(game.logSeq)
      }
      let res = await send(id, who, lines.length > 0 ? lines.join('\n') : 'pass')
      if (res.statusCode === 422) {
        // A move our simple geometry thought clear may touch terrain or a suit: keep the rest.
        const kept = lines.filter((l) => !res.json().errors.some((e: { order?: number }) => lines[e.order ?? -1] === l))
        res = await send(id, who, kept.length > 0 ? kept.join('\n') : 'pass')
      }
      expect(res.statusCode, res.body).toBe(200)
    }
    const end = await summary(id)
    expect(end.status, `not over after ${plays} submissions`).toBe('FINISHED')
    expect(attacks).toBeGreaterThan(0)
    expect(impassableTried, 'a suit came within reach of a ruin').toBe(true)

    // Every phase's email reached its player once, with the table as an inline PNG the HTML shows.
    await waitFor(
      'the game-over emails',
      () => s.mails(alice.email, 'game-over').length + s.mails(bob.email, 'game-over').length >= 2,
    )
    for (const u of [alice, bob]) {
      const mails = s.mails(u.email, 'your-phase')
      expect(mails.length).toBeGreaterThan(0)
      for (const m of mails.slice(0, 3)) {
        const png = m.parsed.attachments.find((x) => x.contentType === 'image/png')!
        expect(png.content.subarray(0, 8).equals(PNG)).toBe(true)
        expect(m.parsed.html).toContain(`cid:${png.cid}`)
        expect(decodePng(png.content).width).toBe(558)
      }
    }
    expect(doubled(s.smtp.received)).toEqual([])
    // Bob reads Japanese: his emails tell the game in Japanese; Alice's in English.
    const bobText = s
      .mails(bob.email, 'your-phase')
      .map((m) => m.parsed.text)
      .join('\n')
    const aliceText = s
      .mails(alice.email, 'your-phase')
      .map((m) => m.parsed.text)
      .join('\n')
    expect(bobText).toMatch(/[ぁ-んァ-ン]/)
    expect(aliceText).toMatch(/attack|moves/)
  }, 300_000)

  it('draws the table to scale: the SVG with each suit and its move range on request, and the PNG', async () => {
    const svg = await get(`/games/${id}/map.svg?ranges=1`, alice)
    expect(svg.statusCode, svg.body).toBe(200)
    expect(svg.body).toContain('<svg')
    // The suits still on the table after the game (one side at least) are drawn with their names.
    expect(svg.body).toMatch(/GM[12]|ZAKU[12]/)
    const png = await get(`/games/${id}/map.png`, alice)
    expect(png.statusCode).toBe(200)
    expect(png.rawPayload.subarray(0, 8).equals(PNG)).toBe(true)
  })

  it('a moderator’s correction tells each player what changed, suit by suit, in their language', async () => {
    const carol = await register(s.app, 'Carol')
    const created = await s.app.inject({
      method: 'POST',
      url: '/games',
      headers: as(alice),
      payload: { ruleset: 'msaw', scenario: 'M-S1', seat: 'A1', title: 'Corrected', gameMaster: carol.email },
    })
    expect(created.statusCode, created.body).toBe(201)
    const game = created.json().id as string
    const joined = await s.app.inject({ method: 'POST', url: `/games/${game}/join`, headers: as(bob), payload: {} })
    expect(joined.statusCode, joined.body).toBe(200)
    const at = (await summary(game)).logSeq as number
    const fixed = await s.app.inject({
      method: 'POST',
      url: `/games/${game}/corrections`,
      headers: as(carol, { 'if-match': `"${at}"` }),
      payload: { kind: 'adjust', reason: 'the shot at GM1 was out of sight', text: 'GM1 hp 15\nZAKU2 move 30,44' },
    })
    expect(fixed.statusCode, fixed.body).toBe(201)
    const seq = at + 1
    const of = (u: User) =>
      s.mails(u.email, 'moderation').filter((m) => m.parsed.headers.get('x-hexmail-position') === String(seq))
    await waitFor('the correction emails', () => of(alice).length === 1 && of(bob).length === 1)
    const aliceText = of(alice)[0]!.parsed.text!
    expect(aliceText).toMatch(/GM1/)
    expect(aliceText).toMatch(/ZAKU2/)
    expect(aliceText).not.toContain('Nothing on the map changed')
    expect(of(bob)[0]!.parsed.text!).not.toContain('マップ上の変更はありません')
  })
})
