// A reply is "the same delivery again" only for the same Message-ID *and* the same reply address: one
// email answering two games plays both, and a Message-ID another sender used before does not make a
// new reply a duplicate. The answer to emailed orders carries a receipt.
import MailComposer from 'nodemailer/lib/mail-composer'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { as, register, type User } from '../http/helpers.js'
import { waitFor, type Received } from '../support/smtp.js'
import { startMailStack, type MailStack } from './stack.js'

let s: MailStack
let alice: User
let bob: User
beforeAll(async () => {
  s = await startMailStack()
  ;[alice, bob] = await Promise.all([register(s.app, 'Alice'), register(s.app, 'Bob')])
}, 60_000)
afterAll(async () => s?.close())

const replyTo = (mail: Received) => String(mail.parsed.replyTo?.value[0]?.address)
const game = async (id: string) =>
  (await s.app.inject({ method: 'GET', url: `/games/${id}`, headers: as(alice) })).json()

async function newGame(title: string): Promise<string> {
  const id = (
    await s.app.inject({
      method: 'POST',
      url: '/games',
      headers: as(alice),
      payload: { ruleset: 'abaoaqu', scenario: 'A-S4', seat: 'FED', title },
    })
  ).json().id as string
  await s.app.inject({ method: 'POST', url: `/games/${id}/join`, headers: as(bob), payload: {} })
  return id
}

async function phaseMail(user: User, gameId: string, seq: number): Promise<Received> {
  const find = () =>
    s
      .mails(user.email, 'your-phase')
      .find(
        (m) =>
          m.parsed.headers.get('x-hexmail-game') === gameId &&
          m.parsed.headers.get('x-hexmail-position') === String(seq),
      )
  await waitFor(`${user.name}'s your-phase email for ${gameId} at ${seq}`, () => find() !== undefined)
  return find()!
}

async function deliver(from: string, to: string[], text: string, messageId: string) {
  const raw = await new MailComposer({ from, to, subject: 'Re: your phase', text, messageId }).compile().build()
  const res = await s.app.inject({
    method: 'POST',
    url: '/inbound/email',
    headers: { 'content-type': 'message/rfc822' },
    payload: raw,
  })
  expect(res.statusCode, res.body).toBe(200)
  return res.json() as { status: string; others?: Array<{ status: string }> }
}

describe('replies told apart by Message-ID and reply address', () => {
  it('one email answering two games plays both; a Message-ID reused by another player is not a duplicate', async () => {
    const [one, two] = [await newGame('One 一'), await newGame('Two 二')]
    const [g1, g2] = [await game(one), await game(two)]
    expect(g1.pending[0].side).toBe(g2.pending[0].side)
    const first = g1.pending[0].side === 'FED' ? alice : bob
    const other = first === alice ? bob : alice
    const [m1, m2] = [await phaseMail(first, one, g1.logSeq), await phaseMail(first, two, g2.logSeq)]
    const answer = await deliver(first.email, [replyTo(m1), replyTo(m2)], 'pass', '<same-id@example.org>')
    expect(answer.status).toBe('accepted')
    expect(answer.others?.map((o) => o.status)).toEqual(['accepted'])
    const [a1, a2] = [await game(one), await game(two)]
    expect(a1.logSeq).toBeGreaterThan(g1.logSeq)
    expect(a2.logSeq).toBeGreaterThan(g2.logSeq)
    // The same email delivered again changes nothing in either game.
    const again = await deliver(first.email, [replyTo(m1), replyTo(m2)], 'pass', '<same-id@example.org>')
    expect([again.status, ...(again.others ?? []).map((o) => o.status)]).toEqual(['duplicate', 'duplicate'])
    expect((await game(one)).logSeq).toBe(a1.logSeq)
    // The other player's reply happens to carry the same Message-ID: it is their own reply, and it plays.
    expect(a1.pending[0].side).toBe(first === alice ? 'ZEON' : 'FED')
    const theirs = await phaseMail(other, one, a1.logSeq)
    const played = await deliver(other.email, [replyTo(theirs)], 'pass', '<same-id@example.org>')
    expect(played.status).toBe('accepted')
    expect((await game(one)).logSeq).toBeGreaterThan(a1.logSeq)
    // The answer to emailed orders carries a receipt that verifies.
    await waitFor("the answer to the other player's reply", () => s.mails(other.email, 'reply').length >= 1)
    const echo = s.mails(other.email, 'reply').at(-1)!.parsed.text ?? ''
    const receipt = /Receipt: (\d+:[0-9a-f]{16})/.exec(echo)?.[1]
    expect(receipt, echo).toBeDefined()
    expect(
      (await s.app.inject({ method: 'GET', url: `/games/${one}/verify?receipt=${receipt}` })).json().receipt.ok,
    ).toBe(true)
  })
})
