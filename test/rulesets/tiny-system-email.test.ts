// The contract's proof, by email: Hex Race (test/support/tiny-system/), registered in this process, is
// played by replying to its emails. Each "your phase" email arrives through the real SMTP server with
// the system's own step title, turn, narration, options and examples, and without a map (the system
// draws none); orders sent by reply, to the inbound route and to the built-in SMTP listener, play the
// steps, and the game-over email names the winner.
import MailComposer from 'nodemailer/lib/mail-composer'
import nodemailer from 'nodemailer'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startReplyListener } from '../../src/notify/reply.js'
import { registerHexRace } from '../support/tiny-system/index.js'
import { as, register, type User } from '../http/helpers.js'
import { waitFor, type Received } from '../support/smtp.js'
import { startMailStack, type MailStack } from '../notify/stack.js'

let s: MailStack
let alice: User
let bob: User
beforeAll(async () => {
  registerHexRace()
  s = await startMailStack()
  alice = await register(s.app, 'Alice')
  bob = await register(s.app, 'Bob')
}, 60_000)
afterAll(async () => s?.close())

const flat = (text: string) => text.replace(/\s+/g, ' ')

async function mailAt(user: User, kind: string, seq: number): Promise<Received> {
  const at = () => s.mails(user.email, kind).find((m) => m.parsed.headers.get('x-hexmail-position') === String(seq))
  await waitFor(`${kind} email to ${user.name} at position ${seq}`, () => at() !== undefined)
  return at()!
}

function reply(from: string, to: Received, text: string, messageId: string): Promise<Buffer> {
  return new MailComposer({
    from,
    to: String(to.parsed.replyTo?.value[0]?.address),
    subject: `Re: ${to.parsed.subject}`,
    text: `Hi,\n\n${text}\n\nThanks`,
    messageId,
    inReplyTo: to.parsed.messageId,
  })
    .compile()
    .build()
}

async function logSeq(gameId: string): Promise<number> {
  return (await s.app.inject({ method: 'GET', url: `/games/${gameId}` })).json().logSeq as number
}

/** What every email of a system without a map must not carry. */
function expectNoMap(mail: Received): void {
  expect(mail.parsed.attachments).toEqual([])
  expect(mail.parsed.html).not.toContain('cid:')
  expect(mail.parsed.text).not.toContain('The map is attached')
  expect(mail.parsed.text).not.toContain('The whole board as you see it')
}

describe('a rule system without a map is played by email', () => {
  it('Hex Race: your-phase emails without a map, orders by reply, the game-over email', async () => {
    const created = await s.app.inject({
      method: 'POST',
      url: '/games',
      headers: as(alice),
      payload: { ruleset: 'hexrace', scenario: 'R-S1', seat: 'RED', title: 'Race by mail' },
    })
    expect(created.statusCode, created.body).toBe(201)
    const gameId = created.json().id as string
    const joined = await s.app.inject({ method: 'POST', url: `/games/${gameId}/join`, headers: as(bob), payload: {} })
    expect(joined.statusCode, joined.body).toBe(200)

    // 1. Red's first step: the email speaks the system's words, and carries no map.
    const first = await mailAt(alice, 'your-phase', 1)
    expect(first.parsed.subject).toBe('Race by mail: your running step, turn 1 (Red runner)')
    const text = flat(first.parsed.text!)
    expect(text).toContain('(R-S1 Sprint to the well, Hex Race)')
    expect(text).toContain('This step: run your runner 1 to 2 hexes toward the goal, or pass.')
    expect(text).toContain('Nothing has happened since your last phase.')
    expect(text).toContain('run 1 # to hex 1')
    expect(text).toContain('run 2 # to hex 2')
    expect(text).toContain('For example: run 2 pass')
    expect(text).toContain('No enemy unit is within reach of yours.')
    // Another system's words on reading the options do not leak into this one's emails.
    expect(text).not.toMatch(/pilot shifts|shoot, close, defend/)
    expectNoMap(first)
    expect(s.mails(bob.email, 'your-phase')).toEqual([])

    // 2. Red answers by replying (delivered to the inbound route, as a mail provider's webhook would).
    const posted = await s.app.inject({
      method: 'POST',
      url: '/inbound/email',
      headers: { 'content-type': 'message/rfc822' },
      payload: await reply(alice.email, first, 'run 2', '<race-1@client.example>'),
    })
    expect(posted.statusCode, posted.body).toBe(200)
    expect(posted.json()).toMatchObject({ status: 'accepted', answered: true })
    expect(await logSeq(gameId)).toBe(3)
    await waitFor('the answer to the accepted orders', () => s.mails(alice.email, 'reply').length === 1)
    const answer = s.mails(alice.email, 'reply')[0]!.parsed
    expect(answer.text).toContain('were accepted')
    expect(answer.text).toContain('run 2')

    // 3. Blue's step: told what Red did, in Hex Race's words; Blue answers through the SMTP listener.
    const second = await mailAt(bob, 'your-phase', 3)
    expect(second.parsed.subject).toBe('Race by mail: your running step, turn 1 (Blue runner)')
    expect(flat(second.parsed.text!)).toContain('- Red runner ran from hex 0 to hex 2.')
    expectNoMap(second)
    const listener = await startReplyListener(s.config, s.t.db, s.app.log)
    try {
      const transport = nodemailer.createTransport({ host: '127.0.0.1', port: listener.port, ignoreTLS: true })
      await transport.sendMail({
        envelope: { from: bob.email, to: [String(second.parsed.replyTo?.value[0]?.address)] },
        raw: await reply(bob.email, second, 'run 1', '<race-2@client.example>'),
      })
      transport.close()
    } finally {
      await listener.close()
    }
    expect(await logSeq(gameId)).toBe(5)

    // 4. Red's second step is turn 2; a wrong reply is answered with the system's own rule.
    const third = await mailAt(alice, 'your-phase', 5)
    expect(third.parsed.subject).toBe('Race by mail: your running step, turn 2 (Red runner)')
    expect(flat(third.parsed.text!)).toContain('- Blue runner ran from hex 0 to hex 1. - Turn 2 began.')
    const refused = await s.app.inject({
      method: 'POST',
      url: '/inbound/email',
      headers: { 'content-type': 'message/rfc822' },
      payload: await reply(alice.email, third, 'run 3', '<race-3@client.example>'),
    })
    expect(refused.json()).toMatchObject({ status: 'refused', answered: true })
    await waitFor('the answer listing the error', () => s.mails(alice.email, 'reply').length === 2)
    expect(s.mails(alice.email, 'reply')[1]!.parsed.text).toContain('[R-1]')
    expect(await logSeq(gameId)).toBe(5)
    const won = await s.app.inject({
      method: 'POST',
      url: '/inbound/email',
      headers: { 'content-type': 'message/rfc822' },
      payload: await reply(alice.email, third, 'run 2', '<race-4@client.example>'),
    })
    expect(won.json()).toMatchObject({ status: 'accepted', answered: true })

    // 5. The race is won: both players hear it, without a map.
    for (const user of [alice, bob]) {
      const over = await mailAt(user, 'game-over', 7)
      expect(over.parsed.subject).toBe('Race by mail: game over, Red runner wins')
      expect(flat(over.parsed.text!)).toContain('Red runner reached the goal and won the race.')
      expectNoMap(over)
    }
    const game = (await s.app.inject({ method: 'GET', url: `/games/${gameId}` })).json()
    expect(game).toMatchObject({ status: 'FINISHED', outcome: { winner: 'RED' } })
  }, 120_000)
})
