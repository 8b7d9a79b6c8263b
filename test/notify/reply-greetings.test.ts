// Replies as people write them: a greeting above the orders and a sign-off below ("Hi,", "Thanks,",
// "お世話になっております。"), in English and in Japanese sent as ISO-2022-JP. Those lines are left
// out and listed in the answer; a line that cannot be read between two orders is still an error, and
// the answer names its line.
import MailComposer from 'nodemailer/lib/mail-composer'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createDice } from '../../src/engine/dice.js'
import { abaoaqu, type State } from '../../src/rulesets/abaoaqu/engine/index.js'
import { randomOrders, rng } from '../../src/rulesets/abaoaqu/engine/random-orders.js'
import { loadAbaoaquScenario } from '../../src/rulesets/abaoaqu/scenarios/index.js'
import { as, register, type User } from '../http/helpers.js'
import { encodedWordIso2022jp, encodeIso2022jp } from '../support/iso-2022-jp.js'
import { waitFor, type Received } from '../support/smtp.js'
import { startMailStack, type MailStack } from './stack.js'

let s: MailStack
let alice: User
let bob: User
beforeAll(async () => {
  s = await startMailStack()
  alice = await register(s.app, 'Alice')
  bob = await register(s.app, 'Bob')
}, 60_000)
afterAll(async () => s?.close())

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

/** A reply the way a Japanese mail client sends it: ISO-2022-JP, 7 bit, subject as an encoded word. */
function japaneseReply(from: string, to: string, subject: string, text: string, messageId: string): Buffer {
  const head = [
    `From: ${from}`,
    `To: ${to}`,
    `Subject: ${encodedWordIso2022jp(subject)}`,
    `Message-ID: ${messageId}`,
    'MIME-Version: 1.0',
    'Content-Type: text/plain; charset=ISO-2022-JP',
    'Content-Transfer-Encoding: 7bit',
  ].join('\r\n')
  return Buffer.concat([
    Buffer.from(`${head}\r\n\r\n`),
    encodeIso2022jp(text.replace(/\n/g, '\r\n')),
    Buffer.from('\r\n'),
  ])
}

describe('replies with greetings', () => {
  it('greetings and sign-offs around the orders are left out and listed; between orders they are errors', async () => {
    const created = await s.app.inject({
      method: 'POST',
      url: '/games',
      headers: as(alice),
      payload: { ruleset: 'abaoaqu', scenario: 'A-S4', seat: 'FED', title: '挨拶テスト' },
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
    const r = rng(5)
    const phaseMail = async (user: User) => {
      const at = String(seq)
      await waitFor(`your-phase email at ${at}`, () =>
        s.mails(user.email, 'your-phase').some((m) => m.parsed.headers.get('x-hexmail-position') === at),
      )
      return s.mails(user.email, 'your-phase').find((m) => m.parsed.headers.get('x-hexmail-position') === at)!
    }
    const replyTo = (mail: Received) => String(mail.parsed.replyTo?.value[0]?.address)
    const answered = new Map<string, number>()
    /** The next answer to `user` (each player's answers counted as they come). */
    const nextAnswer = async (user: User) => {
      const count = (answered.get(user.email) ?? 0) + 1
      answered.set(user.email, count)
      await waitFor(`answer ${count} to ${user.name}`, () => s.mails(user.email, 'reply').length === count)
      return s.mails(user.email, 'reply')[count - 1]!.parsed.text!
    }
    const play = (seat: string) => {
      const orders = randomOrders(state, seat, r)
      return { orders, text: abaoaqu.formatOrders(orders, state) || 'pass' }
    }
    const played = (seat: string, orders: ReturnType<typeof randomOrders>) => {
      state = abaoaqu.resolve(state, { [seat]: orders }, createDice(seed, seq + 2)).state
      seq += 2
    }

    // 1. English: "Hi," above, "Thanks," and a name below. Accepted; the answer lists what it left out.
    let seat = abaoaqu.pending(state)[0]!.seats[0]!
    let player = players[seat]!
    let mail = await phaseMail(player)
    let move = play(seat)
    const english = `Hi Char,\n\n${move.text}\n\nThanks,\nAmuro`
    const ok = await post(
      await new MailComposer({
        from: player.email,
        to: replyTo(mail),
        subject: 'Re: your phase',
        text: english,
        messageId: '<hi-1@client.example>',
      })
        .compile()
        .build(),
    )
    expect(ok, ok.reason).toMatchObject({ status: 'accepted', answered: true })
    played(seat, move.orders)
    let answer = await nextAnswer(player)
    expect(answer).toContain('were accepted')
    const signOff = move.text.split('\n').length + 4
    expect(answer).toContain(
      'These lines were not read as orders and were ignored:\n' +
        `  line 1: Hi Char,\n  line ${signOff}: Thanks,\n  line ${signOff + 1}: Amuro`,
    )

    // 2. Japanese, sent as ISO-2022-JP: the greeting and the sign-off are left out, shown as written.
    seat = abaoaqu.pending(state)[0]!.seats[0]!
    player = players[seat]!
    mail = await phaseMail(player)
    move = play(seat)
    const japanese = `お世話になっております。\nシャアです。\n\n${move.text}\n\nよろしくお願いいたします。`
    const jp = await post(
      japaneseReply(player.email, replyTo(mail), 'Re: あなたの番です', japanese, '<jp-1@client.example>'),
    )
    expect(jp, jp.reason).toMatchObject({ status: 'accepted', answered: true })
    played(seat, move.orders)
    answer = await nextAnswer(player)
    expect(answer).toContain('  line 1: お世話になっております。\n  line 2: シャアです。')
    expect(answer).toContain(`  line ${move.text.split('\n').length + 5}: よろしくお願いいたします。`)
    for (const line of move.text.split('\n')) expect(answer).toContain(line)

    // 3. A line that cannot be read between two orders is an error, named by its line; nothing changes.
    seat = abaoaqu.pending(state)[0]!.seats[0]!
    player = players[seat]!
    mail = await phaseMail(player)
    const before = (await s.app.inject({ method: 'GET', url: `/games/${gameId}` })).json().logSeq
    const between = 'お世話になっております。\n\npass\nところで、次の手は\npass\n\nよろしくお願いします。'
    const refused = await post(
      japaneseReply(player.email, replyTo(mail), 'Re: あなたの番です', between, '<jp-2@client.example>'),
    )
    expect(refused).toMatchObject({ status: 'refused', answered: true })
    expect((await s.app.inject({ method: 'GET', url: `/games/${gameId}` })).json().logSeq).toBe(before)
    answer = await nextAnswer(player)
    expect(answer).toContain('not applied')
    expect(answer).toMatch(/line 4 "ところで、次の手は": .*\[NOTATION\]/)
    expect(answer).toContain('  line 1: お世話になっております。')
    expect(answer).toContain('  line 7: よろしくお願いします。')
    expect(answer).toContain('   4  ところで、次の手は')

    // 4. Nothing but greetings: refused as "no orders found", and the answer says which lines it skipped.
    const empty = await post(
      await new MailComposer({
        from: player.email,
        to: replyTo(mail),
        subject: 'Re: your phase',
        text: 'Hi,\n\nThanks,',
        messageId: '<hi-2@client.example>',
      })
        .compile()
        .build(),
    )
    expect(empty).toMatchObject({ status: 'refused', answered: true })
    expect(empty.reason).toMatch(/no orders found \(2 lines were not orders: line 1, line 3\)/)
  }, 120_000)
})
