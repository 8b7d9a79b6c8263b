// The headers every email carries: one thread per game (a stable id in References, In-Reply-To on
// each new phase and on answers), Auto-Submitted so vacation responders stay quiet, and Message-IDs
// that a fresh database or a restored backup can never hand out again.
import MailComposer from 'nodemailer/lib/mail-composer'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { sendNotification } from '../../src/notify/send.js'
import { createMailer } from '../../src/notify/mailer.js'
import { messageContext } from '../../src/notify/index.js'
import { as, register, type User } from '../http/helpers.js'
import { waitFor, type Received } from '../support/smtp.js'
import { startGame, startMailStack, type MailStack } from './stack.js'

let s: MailStack
let fresh: MailStack
let alice: User
let bob: User
beforeAll(async () => {
  ;[s, fresh] = await Promise.all([startMailStack(), startMailStack()])
  alice = await register(s.app, 'Alice')
  bob = await register(s.app, 'Bob')
}, 60_000)
afterAll(async () => Promise.all([s?.close(), fresh?.close()]))

const header = (m: Received, name: string) => {
  const v = m.parsed.headers.get(name)
  return Array.isArray(v) ? v.join(' ') : String(v ?? '')
}

describe('email headers', () => {
  it('threads a game, answers in the thread, and marks every email as automatic', async () => {
    const { gameId, seq, pending } = await startGame(s, alice, bob, 'Thread test')
    const thread = `<game.${gameId}@hexmail.test>`
    const players: Record<string, User> = { FED: alice, ZEON: bob }
    const first = players[pending[0]!]!
    const at = (u: User, position: number) =>
      s.mails(u.email, 'your-phase').find((m) => header(m, 'x-hexmail-position') === String(position))
    await waitFor('the first your-phase email', () => at(first, seq) !== undefined)
    const phase1 = at(first, seq)!
    expect(phase1.parsed.references).toBe(thread)
    expect(phase1.parsed.inReplyTo).toBe(thread)
    expect(header(phase1, 'auto-submitted')).toBe('auto-generated')

    // The player answers by email: our answer follows their message, in the game's thread.
    const replyTo = String(phase1.parsed.replyTo?.value[0]?.address)
    const raw = await new MailComposer({
      from: first.email,
      to: replyTo,
      subject: `Re: ${phase1.parsed.subject}`,
      text: 'pass',
      messageId: '<answer-me@client.example>',
      inReplyTo: phase1.parsed.messageId,
      references: [thread, phase1.parsed.messageId!],
    })
      .compile()
      .build()
    const res = await s.app.inject({
      method: 'POST',
      url: '/inbound/email',
      headers: { 'content-type': 'message/rfc822' },
      payload: raw,
    })
    expect(res.json()).toMatchObject({ status: 'accepted', answered: true })
    await waitFor('the answer', () => s.mails(first.email, 'reply').length === 1)
    const answer = s.mails(first.email, 'reply')[0]!
    expect(answer.parsed.inReplyTo).toBe('<answer-me@client.example>')
    expect([answer.parsed.references].flat()).toEqual([thread, phase1.parsed.messageId, '<answer-me@client.example>'])
    expect(header(answer, 'auto-submitted')).toBe('auto-replied')

    // The next phase's email, to the other player, is in the same thread.
    const next = (await s.app.inject({ method: 'GET', url: `/games/${gameId}`, headers: as(alice) })).json()
    const second = players[next.pending[0].seats[0]]!
    await waitFor('the next your-phase email', () => at(second, next.logSeq) !== undefined)
    expect(at(second, next.logSeq)!.parsed.references).toBe(thread)
    expect(at(second, next.logSeq)!.parsed.inReplyTo).toBe(thread)

    // Everything we sent says a program sent it; only answers to a player's email say "auto-replied".
    for (const m of s.smtp.received) {
      const kind = header(m, 'x-hexmail-kind')
      expect(header(m, 'auto-submitted'), kind).toBe(kind === 'reply' ? 'auto-replied' : 'auto-generated')
      expect(header(m, 'x-auto-response-suppress'), kind).toBe('OOF, AutoReply')
    }
    const kinds = new Set(s.smtp.received.map((m) => header(m, 'x-hexmail-kind')))
    expect([...kinds].sort()).toEqual(['reply', 'verify-email', 'your-phase'])
  })

  it('Message-IDs are random and kept: a fresh database never repeats one, a resend repeats its own', async () => {
    // Each stack has its own database, so both hand out the same row ids: take the notification of
    // the first stack that has the row id of Carol's in the second (Alice's or Bob's, whichever the
    // workers made first).
    const carol = await register(fresh.app, 'Carol')
    await waitFor(
      'the verification emails',
      () =>
        s.mails(alice.email, 'verify-email').length === 1 &&
        s.mails(bob.email, 'verify-email').length === 1 &&
        fresh.mails(carol.email, 'verify-email').length === 1,
    )
    const theirs = await fresh.t.db.notification.findFirstOrThrow({
      where: { toAddress: carol.email, kind: 'verify-email' },
    })
    const mine = await s.t.db.notification.findFirstOrThrow({ where: { id: theirs.id } })
    expect(mine.kind).toBe('verify-email')
    const ids = [s.mails(mine.toAddress, 'verify-email')[0]!, fresh.mails(carol.email, 'verify-email')[0]!].map(
      (m) => m.parsed.messageId,
    )
    expect(ids[0]).not.toBe(ids[1])
    for (const id of ids) expect(id).toMatch(/^<[0-9a-f]{32}@hexmail\.test>$/)
    expect(mine.messageId).toBe(ids[0])

    // Sent again (a worker that died before recording the send): the same Message-ID, so it is dropped as a copy.
    await s.t.sql(`UPDATE "Notification" SET status = 'queued' WHERE id = $1`, [String(mine.id)])
    const mailer = createMailer(s.t.db, { smtpUrl: s.smtp.url })
    try {
      expect(await sendNotification(messageContext(s.config, s.t.db), mailer, String(mine.id))).toBe('sent')
    } finally {
      mailer.close()
    }
    const copies = s.mails(mine.toAddress, 'verify-email')
    expect(copies).toHaveLength(2)
    expect(copies[1]!.parsed.messageId).toBe(ids[0])
  })
})
