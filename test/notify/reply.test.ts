// Orders by reply: answering a "your phase" email plays the step and is answered with the orders
// echoed; a wrong reply is answered with the errors and changes nothing; the same message twice is
// applied once; a forged token or a stranger's message is refused without an answer.
import MailComposer from 'nodemailer/lib/mail-composer'
import nodemailer from 'nodemailer'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createDice } from '../../src/engine/dice.js'
import { abaoaqu, type State } from '../../src/rulesets/abaoaqu/engine/index.js'
import { randomOrders, rng } from '../../src/rulesets/abaoaqu/engine/random-orders.js'
import { handleInbound, replyContext, startReplyListener } from '../../src/notify/reply.js'
import { loadAbaoaquScenario } from '../../src/rulesets/abaoaqu/scenarios/index.js'
import { as, register, type User } from '../http/helpers.js'
import { waitFor, type Received } from '../support/smtp.js'
import { startMailStack, type MailStack } from './stack.js'

let s: MailStack
let alice: User
let bob: User
let carol: User
beforeAll(async () => {
  s = await startMailStack()
  alice = await register(s.app, 'Alice')
  bob = await register(s.app, 'Bob')
  carol = await register(s.app, 'Carol')
}, 60_000)
afterAll(async () => s?.close())

function replyTo(mail: Received): string {
  return String(mail.parsed.replyTo?.value[0]?.address)
}

async function compose(from: string, to: string, text: string, messageId: string, quoted?: Received): Promise<Buffer> {
  const quote = quoted
    ? `\n\nOn Mon, 30 Nov 2026 at 09:00, hexmail wrote:\n${(quoted.parsed.text ?? '')
        .split('\n')
        .map((l) => `> ${l}`)
        .join('\n')}\n`
    : ''
  return new MailComposer({
    from,
    to,
    subject: `Re: ${quoted?.parsed.subject ?? 'orders'}`,
    text: `${text}${quote}`,
    messageId,
    inReplyTo: quoted?.parsed.messageId,
  })
    .compile()
    .build()
}

async function post(raw: Buffer) {
  const res = await s.app.inject({
    method: 'POST',
    url: '/inbound/email',
    headers: { 'content-type': 'message/rfc822' },
    payload: raw,
  })
  expect(res.statusCode, res.body).toBe(200)
  return res.json() as { status: string; reason: string; answered: boolean; seq?: number }
}

async function logSeq(id: string, user: User) {
  return (await s.app.inject({ method: 'GET', url: `/games/${id}`, headers: as(user) })).json().logSeq as number
}

describe('orders by reply', () => {
  it('plays steps from the inbox, answers every reply, and refuses what it must', async () => {
    const created = await s.app.inject({
      method: 'POST',
      url: '/games',
      headers: as(alice),
      payload: { ruleset: 'abaoaqu', scenario: 'A-S4', seat: 'FED', title: 'Reply test' },
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
    const r = rng(11)
    const phaseMail = async (user: User, at: number) => {
      await waitFor(`your-phase email at ${at}`, () =>
        s.mails(user.email, 'your-phase').some((m) => m.parsed.headers.get('x-hexmail-position') === String(at)),
      )
      return s.mails(user.email, 'your-phase').find((m) => m.parsed.headers.get('x-hexmail-position') === String(at))!
    }
    const answers = (user: User) => s.mails(user.email, 'reply')

    // 1. A valid reply, quoted email below it, plays the step; the answer echoes the orders.
    let seat = abaoaqu.pending(state)[0]!.seats[0]!
    let player = players[seat]!
    let mail = await phaseMail(player, seq)
    let orders = randomOrders(state, seat, r)
    const text = abaoaqu.formatOrders(orders, state) || 'pass'
    const good = await compose(player.email, replyTo(mail), text, '<good-1@client.example>', mail)
    const result = await post(good)
    expect(result).toMatchObject({ status: 'accepted', answered: true })
    let resolution = abaoaqu.resolve(state, { [seat]: orders }, createDice(seed, seq + 2))
    state = resolution.state
    seq += 2
    expect(await logSeq(gameId, alice)).toBe(seq)
    await waitFor('the answer to the accepted orders', () => answers(player).length === 1)
    const echo = answers(player)[0]!.parsed
    expect(echo.subject).toMatch(/^Re: /)
    expect(echo.inReplyTo).toBe('<good-1@client.example>')
    expect(echo.text).toContain('were accepted')
    for (const line of text.split('\n')) expect(echo.text).toContain(line)

    // 2. The same message delivered again: applied once, answered once.
    expect(await post(good)).toMatchObject({ status: 'duplicate', answered: false })
    expect(await logSeq(gameId, alice)).toBe(seq)

    // 3. The next player's reply with a bad order: answered with the error and its rule, nothing changes.
    seat = abaoaqu.pending(state)[0]!.seats[0]!
    player = players[seat]!
    mail = await phaseMail(player, seq)
    const before = answers(player).length
    const bad = await post(await compose(player.email, replyTo(mail), 'ZZ9 -> 9999\n', '<bad-1@client.example>', mail))
    expect(bad).toMatchObject({ status: 'refused', answered: true })
    expect(await logSeq(gameId, alice)).toBe(seq)
    await waitFor('the answer listing the errors', () => answers(player).length === before + 1)
    const refusal = answers(player).at(-1)!.parsed.text!
    expect(refusal).toContain('not applied')
    expect(refusal).toMatch(/\[[A-Z]+[-A-Z0-9]*\]/)
    expect(refusal).toContain('ZZ9 -> 9999')
    expect(refusal).toContain('unknown unit ZZ9 [A-2-2]')

    // 3b. The same mistake from a player who reads Japanese: the answer is in Japanese, rule ids as they are.
    const setLocale = (locale: string) =>
      s.app.inject({ method: 'PATCH', url: '/me/preferences', headers: as(player), payload: { locale } })
    expect((await setLocale('ja')).statusCode).toBe(200)
    const badJa = await post(
      await compose(player.email, replyTo(mail), 'GM1 -> 0710\nZZ9 -> 9999\n', '<bad-ja@client.example>', mail),
    )
    expect(badJa).toMatchObject({ status: 'refused', answered: true })
    await waitFor('the answer in Japanese', () => answers(player).length === before + 2)
    const refusalJa = answers(player).at(-1)!.parsed.text!
    expect(refusalJa).toContain('あなたのメールは適用されませんでした')
    expect(refusalJa).toContain('2行目: ユニット ZZ9 は存在しません [A-2-2]')
    expect(refusalJa).toContain('読み取ったあなたの文面')
    expect(refusalJa).not.toContain('unknown unit')
    expect((await setLocale('en')).statusCode).toBe(200)

    // 3c. A reply of very many bad lines: the first 50 errors are listed, then how many more there were.
    const lots = 'ZZ9 -> 9999\n'.repeat(200)
    const many = await post(await compose(player.email, replyTo(mail), lots, '<bad-many@client.example>', mail))
    expect(many).toMatchObject({ status: 'refused', answered: true })
    expect(many.reason).toMatch(/^200 orders were refused/)
    await waitFor('the answer with the first 50 errors', () => answers(player).length === before + 3)
    const refusalMany = answers(player).at(-1)!.parsed.text!
    expect(refusalMany).toContain('200 orders were refused')
    expect(refusalMany.match(/unknown unit ZZ9 \[A-2-2\]/g)).toHaveLength(50)
    expect(refusalMany).toContain('and 150 more errors, not listed')
    expect(await logSeq(gameId, alice)).toBe(seq)

    // 4. A forged token, and a stranger writing to the right address: refused, unanswered, nothing changes.
    const address = replyTo(mail)
    const token = address.slice(address.indexOf('+') + 1, address.indexOf('@'))
    const forgedToken = token.slice(0, -1) + (token.endsWith('a') ? 'b' : 'a')
    const forged = await post(
      await compose(player.email, address.replace(token, forgedToken), 'pass', '<forged@client.example>'),
    )
    expect(forged).toMatchObject({ status: 'refused', answered: false })
    const stranger = await post(await compose(carol.email, address, 'pass', '<stranger@client.example>'))
    expect(stranger).toMatchObject({ status: 'refused', answered: false })
    expect(stranger.reason).toContain(carol.email)
    expect(await logSeq(gameId, alice)).toBe(seq)
    // An old email (its token expired): refused, and the player is told to answer the latest one.
    const later = { ...replyContext(s.config, s.t.db), now: () => new Date(Date.now() + 400 * 86_400_000) }
    const expired = await handleInbound(later, await compose(player.email, address, 'pass', '<expired@client.example>'))
    expect(expired).toMatchObject({ status: 'refused', answered: true })
    expect(expired.reason).toMatch(/too old/)
    expect(await logSeq(gameId, alice)).toBe(seq)

    // 5. The same player answers through the built-in SMTP listener: the step is played.
    const listener = await startReplyListener(s.config, s.t.db, s.app.log)
    try {
      orders = randomOrders(state, seat, r)
      const transport = nodemailer.createTransport({
        host: '127.0.0.1',
        port: listener.port,
        secure: false,
        ignoreTLS: true,
      })
      await transport.sendMail({
        envelope: { from: player.email, to: [address] },
        raw: await compose(
          player.email,
          address,
          abaoaqu.formatOrders(orders, state) || 'pass',
          '<smtp-1@client.example>',
          mail,
        ),
      })
      transport.close()
      resolution = abaoaqu.resolve(state, { [seat]: orders }, createDice(seed, seq + 2))
      state = resolution.state
      seq += 2
      expect(await logSeq(gameId, alice)).toBe(seq)
    } finally {
      await listener.close()
    }
    // An auto-reply ("out of office") is never answered: no mail loops.
    const auto = new MailComposer({
      from: player.email,
      to: address,
      subject: 'Out of office',
      text: 'I am away',
      messageId: '<ooo@client.example>',
      headers: { 'Auto-Submitted': 'auto-replied' },
    })
      .compile()
      .build()
    expect(await post(await auto)).toMatchObject({ status: 'ignored', answered: false })
  }, 120_000)
})
