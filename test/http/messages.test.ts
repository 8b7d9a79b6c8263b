// Messages between the players of a game (docs/messages.md), on a private three-player A-Bao-A-Qu game
// (Alice and Dave FED, Bob ZEON, Gina its game master) with the whole mail path: who reads what, who is
// emailed, a retried post, refused input, preferences, and a reply to a message email becoming a message.
import MailComposer from 'nodemailer/lib/mail-composer'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { MESSAGE_MAX } from '../../src/games/messages.js'
import { waitFor, type Received } from '../support/smtp.js'
import { queueIdle, startMailStack, type MailStack } from '../notify/stack.js'
import { as, register, type Answer, type User } from './helpers.js'

type Message = Answer<'/games/{id}/messages', 'post', 201>
type Page = Answer<'/games/{id}/messages', 'get'>

let s: MailStack
let alice: User
let dave: User
let bob: User
let gina: User
let carol: User
let gameId: string

beforeAll(async () => {
  s = await startMailStack()
  alice = await register(s.app, 'Alice')
  dave = await register(s.app, 'Dave')
  bob = await register(s.app, 'Bob')
  gina = await register(s.app, 'Gina')
  carol = await register(s.app, 'Carol')
  const created = await s.app.inject({
    method: 'POST',
    url: '/games',
    headers: as(alice),
    payload: {
      ruleset: 'abaoaqu',
      scenario: 'A-S1',
      players: 3,
      seat: 'FED-1',
      title: 'Talk',
      private: true,
      gameMaster: gina.email,
    },
  })
  expect(created.statusCode, created.body).toBe(201)
  gameId = created.json().id
  const invite = created.json().invite as string
  for (const [user, seat] of [
    [dave, 'FED-2'],
    [bob, 'ZEON'],
  ] as const) {
    const joined = await s.app.inject({
      method: 'POST',
      url: `/games/${gameId}/join`,
      headers: as(user),
      payload: { seat, invite },
    })
    expect(joined.statusCode, joined.body).toBe(200)
  }
}, 60_000)
afterAll(async () => s?.close())

async function post(user: User | null, body: Record<string, unknown>, headers: Record<string, string> = {}) {
  const res = await s.app.inject({
    method: 'POST',
    url: `/games/${gameId}/messages`,
    headers: as(user, headers),
    payload: body,
  })
  return { status: res.statusCode, body: res.json() as Message & { detail?: string; field?: string } }
}

async function read(user: User | null, query = '') {
  const res = await s.app.inject({ method: 'GET', url: `/games/${gameId}/messages${query}`, headers: as(user) })
  return { status: res.statusCode, body: res.json() as Page & { detail?: string } }
}

const texts = (page: Page) => page.messages.map((m) => m.text)
const stored = () => s.t.db.gameMessage.count({ where: { gameId } })
/** The message emails a player received whose text holds `needle`. */
const mailsWith = (user: User, needle: string) =>
  s.mails(user.email, 'game-message').filter((m) => (m.parsed.text ?? '').includes(needle))

/** Every email queued so far has gone out. */
async function settled() {
  await waitFor(
    'the mail queue to settle',
    async () => (await queueIdle(s)) && (await s.t.db.outbox.count({ where: { relayedAt: null } })) === 0,
  )
  await new Promise((r) => setTimeout(r, 200))
}

describe('messages to everyone and to a side', () => {
  it('a message to everyone is read by every player and emailed to the others, Japanese intact', async () => {
    const text = 'Good luck, all.\nア・バオア・クーで会おう。'
    const sent = await post(alice, { text, to: 'all' })
    expect(sent.status, JSON.stringify(sent.body)).toBe(201)
    expect(sent.body).toMatchObject({
      game: gameId,
      author: { id: alice.id, name: 'Alice', seat: 'FED-1', side: 'FED', moderator: false },
      to: 'all',
      side: null,
      text,
    })
    for (const u of [alice, dave, bob, gina]) {
      const page = await read(u)
      expect(page.status).toBe(200)
      expect(texts(page.body)).toContain(text)
    }
    await waitFor(
      'the message emails',
      () => mailsWith(bob, 'ア・バオア・クーで会おう').length > 0 && mailsWith(dave, 'Good luck').length > 0,
    )
    const mail = mailsWith(bob, 'ア・バオア・クーで会おう')[0]!
    expect(mail.parsed.subject).toBe('Talk: a message from Alice')
    expect(mail.parsed.replyTo?.value[0]?.address).toMatch(/^play\+[a-z2-7]{40}@/)
    await settled()
    expect(mailsWith(alice, 'Good luck')).toHaveLength(0)
    expect(mailsWith(gina, 'Good luck')).toHaveLength(0)
  })

  it("a message to one's side is read by that side and its moderator only, and emailed to the side only", async () => {
    const text = 'FED only: hold the fleet back until turn 3.'
    const sent = await post(alice, { text, to: 'side' })
    expect(sent.status).toBe(201)
    expect(sent.body).toMatchObject({ to: 'side', side: 'FED' })
    expect(texts((await read(dave)).body)).toContain(text)
    expect(texts((await read(gina)).body)).toContain(text)
    expect(texts((await read(bob)).body)).not.toContain(text)
    await waitFor('the side email', () => mailsWith(dave, 'hold the fleet back').length > 0)
    expect(mailsWith(dave, 'hold the fleet back')[0]!.parsed.subject).toBe('Talk: Alice to Federation')
    await settled()
    expect(mailsWith(bob, 'hold the fleet back')).toHaveLength(0)
    // Bob cannot page past it either: a side message he may not read is no cursor for him.
    const past = await read(bob, `?before=${sent.body.id}`)
    expect(past.status).toBe(404)
  })

  it('the other side writes to its own side, unseen by FED', async () => {
    const sent = await post(bob, { text: 'ZEON: all units to the gate', to: 'side' })
    expect(sent.status).toBe(201)
    expect(texts((await read(alice)).body)).not.toContain('ZEON: all units to the gate')
    expect(texts((await read(bob)).body)).toContain('ZEON: all units to the gate')
  })

  it('a moderator writes to everyone, never to a side; an outsider learns nothing', async () => {
    const side = await post(gina, { text: 'Moderator here', to: 'side' })
    expect(side.status).toBe(400)
    expect(side.body.field).toBe('to')
    const all = await post(gina, { text: 'Moderator here: play nice', to: 'all' })
    expect(all.status).toBe(201)
    expect(all.body.author).toMatchObject({ id: gina.id, seat: null, side: null, moderator: true })
    expect(texts((await read(bob)).body)).toContain('Moderator here: play nice')

    const before = await stored()
    for (const res of [await read(carol), await post(carol, { text: 'hi', to: 'all' })]) {
      expect(res.status).toBe(404)
      expect(res.body.detail).toBe(`no game ${gameId}`)
    }
    expect((await read(null)).status).toBe(401)
    expect((await post(null, { text: 'hi', to: 'all' })).status).toBe(401)
    expect(await stored()).toBe(before)
  })

  it("a dispute leads its moderator to the game's messages, side-only ones included", async () => {
    const raised = await s.app.inject({
      method: 'POST',
      url: `/games/${gameId}/disputes`,
      headers: as(bob),
      payload: { seq: 1, text: 'Alice promised in a message not to attack.' },
    })
    expect(raised.statusCode, raised.body).toBe(201)
    const dispute = await s.app.inject({ method: 'GET', url: `/disputes/${raised.json().id}`, headers: as(gina) })
    expect(dispute.statusCode).toBe(200)
    const link = dispute.json().gameMessages as string
    expect(link).toBe(`/games/${gameId}/messages`)
    const res = await s.app.inject({ method: 'GET', url: link, headers: as(gina) })
    const seen = (res.json() as Page).messages
    expect(seen.some((m) => m.side === 'FED')).toBe(true)
    expect(seen.some((m) => m.side === 'ZEON')).toBe(true)
  })

  it('pages newest first', async () => {
    const all = (await read(gina)).body.messages
    expect(all.length).toBeGreaterThanOrEqual(4)
    const first = await read(gina, '?limit=2')
    expect(first.body.messages.map((m) => m.id)).toEqual(all.slice(0, 2).map((m) => m.id))
    expect(first.body.next).toBe(all[1]!.id)
    const second = await read(gina, `?limit=2&before=${first.body.next}`)
    expect(second.body.messages.map((m) => m.id)).toEqual(all.slice(2, 4).map((m) => m.id))
    const times = all.map((m) => Date.parse(m.createdAt))
    expect([...times].sort((a, b) => b - a)).toEqual(times)
  })
})

describe('a retried post', () => {
  it('stores the message once under one Idempotency-Key, and refuses the key for another text', async () => {
    const before = await stored()
    const headers = { 'idempotency-key': 'msg-retry-1' }
    const first = await post(dave, { text: 'Once only', to: 'all' }, headers)
    const again = await post(dave, { text: 'Once only', to: 'all' }, headers)
    expect(first.status).toBe(201)
    expect(again.status).toBe(200)
    expect(again.body.id).toBe(first.body.id)
    expect(await stored()).toBe(before + 1)
    const other = await post(dave, { text: 'Something else', to: 'all' }, headers)
    expect(other.status).toBe(422)
    expect(other.body.field).toBe('Idempotency-Key')
    expect(await stored()).toBe(before + 1)
    await settled()
    expect(mailsWith(bob, 'Once only')).toHaveLength(1)
  })
})

describe('refused input', () => {
  const cases: Array<[string, Record<string, unknown>, string]> = [
    ['blank', { text: '   \n\t ', to: 'all' }, 'text'],
    ['only invisible characters', { text: '\u200b\u2060\ufeff', to: 'all' }, 'text'],
    ['too long', { text: 'x'.repeat(MESSAGE_MAX + 1), to: 'all' }, 'text'],
    ['a control character', { text: 'ring \u0007 the bell', to: 'all' }, 'text'],
    ['an unknown audience', { text: 'hello', to: 'everyone' }, 'to'],
    ['no text', { to: 'all' }, 'text'],
    ['no audience', { text: 'hello' }, 'to'],
  ]
  for (const [what, body, field] of cases)
    it(`${what}: 400 naming "${field}", nothing stored`, async () => {
      const before = await stored()
      const res = await post(alice, body)
      expect(res.status, JSON.stringify(res.body)).toBe(400)
      const named =
        (res.body as { field?: string; errors?: Array<{ field?: string }> }).field ??
        (res.body as { errors?: Array<{ field?: string }> }).errors?.[0]?.field
      expect(named).toMatch(new RegExp(`(^|/)${field}$`))
      expect(await stored()).toBe(before)
    })

  it('the longest message is kept whole, in characters (Japanese counts one a character)', async () => {
    const text = 'あ'.repeat(MESSAGE_MAX)
    const res = await post(alice, { text, to: 'side' })
    expect(res.status).toBe(201)
    expect(res.body.text).toBe(text)
  })
})

describe('preferences', () => {
  it('a player who turned messages off, or unsubscribed, is not emailed; the others are', async () => {
    const off = await s.app.inject({
      method: 'PATCH',
      url: '/me/preferences',
      headers: as(bob),
      payload: { notifyMessages: false },
    })
    expect(off.statusCode, off.body).toBe(200)
    expect(off.json().notifyMessages).toBe(false)
    const unsub = await s.app.inject({
      method: 'PATCH',
      url: '/me/preferences',
      headers: as(dave),
      payload: { subscribed: false },
    })
    expect(unsub.statusCode).toBe(200)
    expect((await post(alice, { text: 'Anyone listening?', to: 'all' })).status).toBe(201)
    await settled()
    expect(mailsWith(bob, 'Anyone listening?')).toHaveLength(0)
    expect(mailsWith(dave, 'Anyone listening?')).toHaveLength(0)
    // They still read it in the game.
    expect(texts((await read(bob)).body)).toContain('Anyone listening?')
    for (const [user, patch] of [
      [bob, { notifyMessages: true }],
      [dave, { subscribed: true }],
    ] as const)
      await s.app.inject({ method: 'PATCH', url: '/me/preferences', headers: as(user), payload: patch })
    expect((await post(alice, { text: 'Back again?', to: 'all' })).status).toBe(201)
    await waitFor(
      'emails again',
      () => mailsWith(bob, 'Back again?').length > 0 && mailsWith(dave, 'Back again?').length > 0,
    )
  })
})

describe('in Japanese', () => {
  it('a reader who reads Japanese gets the message email in Japanese, the message as written', async () => {
    const ja = await s.app.inject({
      method: 'PATCH',
      url: '/me/preferences',
      headers: as(bob),
      payload: { locale: 'ja' },
    })
    expect(ja.statusCode).toBe(200)
    expect((await post(alice, { text: 'こんにちは、ボブさん。', to: 'all' })).status).toBe(201)
    await waitFor('the Japanese email', () => mailsWith(bob, 'こんにちは、ボブさん。').length > 0)
    const mail = mailsWith(bob, 'こんにちは、ボブさん。')[0]!
    expect(mail.parsed.subject).toBe('Talk：Aliceさんからのメッセージ')
    expect(mail.parsed.text).toContain('このメールに返信すると、ゲームの全員への返事になります')
    await s.app.inject({ method: 'PATCH', url: '/me/preferences', headers: as(bob), payload: { locale: 'en' } })
  })
})

/** A reply to `quoted` from `from`, quoting it below the answer as mail clients do. */
function replyTo(quoted: Received, from: User, text: string, messageId: string): Promise<Buffer> {
  const quote = (quoted.parsed.text ?? '')
    .split('\n')
    .map((l) => `> ${l}`)
    .join('\n')
  return new MailComposer({
    from: from.email,
    to: String(quoted.parsed.replyTo?.value[0]?.address),
    subject: `Re: ${quoted.parsed.subject}`,
    text: `${text}\n\nOn Mon, 30 Nov 2026 at 09:00, hexmail wrote:\n${quote}\n`,
    messageId,
    inReplyTo: quoted.parsed.messageId,
  })
    .compile()
    .build()
}

async function inbound(raw: Buffer) {
  const res = await s.app.inject({
    method: 'POST',
    url: '/inbound/email',
    headers: { 'content-type': 'message/rfc822' },
    payload: raw,
  })
  expect(res.statusCode, res.body).toBe(200)
  return res.json() as { status: string; reason: string; answered: boolean }
}

describe('answering by email', () => {
  it('a reply to a side message is a message to the same side, its quote left out, posted once', async () => {
    const sideMail = mailsWith(dave, 'hold the fleet back')[0]!
    const raw = await replyTo(sideMail, dave, '了解。艦隊は待機させます。', '<dave-reply-1@example.org>')
    const before = await stored()
    const r = await inbound(raw)
    expect(r.status, r.reason).toBe('accepted')
    expect(await stored()).toBe(before + 1)
    const mine = (await read(alice)).body.messages[0]!
    expect(mine).toMatchObject({
      author: { id: dave.id, seat: 'FED-2', side: 'FED' },
      to: 'side',
      side: 'FED',
      text: '了解。艦隊は待機させます。',
    })
    expect(texts((await read(bob)).body)).not.toContain('了解。艦隊は待機させます。')
    // The same email delivered again posts nothing more.
    expect((await inbound(raw)).status).toBe('duplicate')
    expect(await stored()).toBe(before + 1)
    // Alice is emailed Dave's answer; Bob is not.
    await waitFor("Dave's answer", () => mailsWith(alice, '艦隊は待機させます').length > 0)
    await settled()
    expect(mailsWith(bob, '艦隊は待機させます')).toHaveLength(0)
  })

  it('a reply to a message to everyone is a message to everyone, not orders', async () => {
    const mail = mailsWith(bob, 'Good luck')[0]!
    const seq = (await s.t.db.game.findUniqueOrThrow({ where: { id: gameId } })).logSeq
    const r = await inbound(await replyTo(mail, bob, 'And to you. May the best side win.', '<bob-reply-1@example.org>'))
    expect(r.status, r.reason).toBe('accepted')
    const latest = (await read(dave)).body.messages[0]!
    expect(latest).toMatchObject({ author: { id: bob.id }, to: 'all', text: 'And to you. May the best side win.' })
    // Messages never touch the game's log.
    expect((await s.t.db.game.findUniqueOrThrow({ where: { id: gameId } })).logSeq).toBe(seq)
  })

  it("a blank reply is refused and answered; a stranger's reply is refused unanswered", async () => {
    const mail = mailsWith(bob, 'Good luck')[0]!
    const before = await stored()
    const blank = await inbound(await replyTo(mail, bob, '', '<bob-blank@example.org>'))
    expect(blank.status).toBe('refused')
    expect(blank.reason).toMatch(/needs some text/)
    expect(blank.answered).toBe(true)
    const stranger = await inbound(await replyTo(mail, carol, 'let me in', '<carol-reply@example.org>'))
    expect(stranger.status).toBe('refused')
    expect(stranger.answered).toBe(false)
    expect(await stored()).toBe(before)
  })
})
