// A reply by email is held to the same size limit as orders sent to the API: a larger one is refused
// with the limit, the answer says so, quotes only the start of the text, and nothing changes.
import MailComposer from 'nodemailer/lib/mail-composer'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { as, register, type User } from '../http/helpers.js'
import { waitFor } from '../support/smtp.js'
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

describe('the size of a reply', () => {
  it('orders over 64 KB by email are refused with the limit, answered briefly, and change nothing', async () => {
    const created = await s.app.inject({
      method: 'POST',
      url: '/games',
      headers: as(alice),
      payload: { ruleset: 'abaoaqu', scenario: 'A-S4', seat: 'FED', options: { deployment: 'auto' } },
    })
    const gameId = created.json().id as string
    await s.app.inject({
      method: 'POST',
      url: `/games/${gameId}/join`,
      headers: as(bob),
      payload: { invite: created.json().invite },
    })
    const seq = (await s.app.inject({ method: 'GET', url: `/games/${gameId}` })).json().logSeq as number
    await waitFor('the your-phase email', () => s.mails(alice.email, 'your-phase').length > 0)
    const mail = s.mails(alice.email, 'your-phase')[0]!
    const replyTo = String(mail.parsed.replyTo?.value[0]?.address)
    const text = `pass\n${'# 今日は様子を見ます。 waiting for the Zeon fleet to move\n'.repeat(1500)}`
    expect(Buffer.byteLength(text)).toBeGreaterThan(64 * 1024)
    const raw = await new MailComposer({
      from: alice.email,
      to: replyTo,
      subject: 'Re: your phase',
      text,
      messageId: '<big-1@client.example>',
    })
      .compile()
      .build()
    const res = await s.app.inject({
      method: 'POST',
      url: '/inbound/email',
      headers: { 'content-type': 'message/rfc822' },
      payload: raw,
    })
    expect(res.statusCode, res.body).toBe(200)
    expect(res.json()).toMatchObject({ status: 'refused', answered: true })
    expect(res.json().reason).toMatch(/a submission may be at most 65536 bytes/)
    expect((await s.app.inject({ method: 'GET', url: `/games/${gameId}` })).json().logSeq).toBe(seq)
    await waitFor('the answer', () => s.mails(alice.email, 'reply').length === 1)
    const answer = s.mails(alice.email, 'reply')[0]!.parsed.text!
    expect(answer).toMatch(/at most 65536 bytes/)
    expect(answer).toMatch(/more characters not shown/)
    expect(answer.length).toBeLessThan(8000)
  }, 60_000)
})
