// Replies whose Message-ID the database cannot take as it is (too long to index, or holding NUL) are
// handled like any other, never a 500 or a temporary SMTP failure the sender would retry forever.
import { randomBytes } from 'node:crypto'
import { createTransport } from 'nodemailer'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { makeReplyToken, replyAddress } from '../../../src/notify/inbound/token.js'
import { handleInbound, replyContext, startReplyListener } from '../../../src/notify/reply.js'
import { startApp, type TestApp } from '../../http/helpers.js'

let h: TestApp
let smtpPort = 0
let closeSmtp: () => Promise<void> = async () => undefined
// A reply address of the right form whose token no notification matches: refused, after the message is recorded.
const REPLY = replyAddress(
  'play@hexmail.test',
  makeReplyToken({ id: 42n, exp: 1_796_000_000, binding: 'g|FED|7|u' }, 'another-secret'),
)

beforeAll(async () => {
  h = await startApp({ INBOUND_SMTP_PORT: '0', REPLY_ADDRESS: 'play@hexmail.test', PUBLIC_URL: 'http://hexmail.test' })
  const listener = await startReplyListener(h.app.config, h.t.db, h.app.log)
  smtpPort = listener.port
  closeSmtp = listener.close
})
afterAll(async () => {
  await closeSmtp()
  await h?.close()
})

function raw(headers: Record<string, string>, body = 'pass'): Buffer {
  const head = {
    From: 'amuro@example.org',
    To: REPLY,
    Subject: 'Re: your phase',
    'Message-ID': '<ok@client.example>',
    ...headers,
  }
  return Buffer.from(
    `${Object.entries(head)
      .map(([k, v]) => `${k}: ${v}`)
      .join('\r\n')}\r\n\r\n${body}\r\n`,
    'utf8',
  )
}

async function viaHttp(message: Buffer) {
  return h.app.inject({
    method: 'POST',
    url: '/inbound/email',
    headers: { 'content-type': 'message/rfc822' },
    payload: message,
  })
}

/** The SMTP answer to a DATA of these bytes: the code, or 250 when accepted. */
async function viaSmtp(message: Buffer): Promise<number> {
  const t = createTransport({ host: '127.0.0.1', port: smtpPort, secure: false, ignoreTLS: true })
  try {
    await t.sendMail({ envelope: { from: 'amuro@example.org', to: [REPLY] }, raw: message })
    return 250
  } catch (err) {
    return (err as { responseCode?: number }).responseCode ?? 0
  }
}

const CASES: Record<string, Buffer> = {
  // Random, so PostgreSQL cannot compress it under its index entry limit (about 2.7 KB).
  'a Message-ID of 3,000 characters': raw({ 'Message-ID': `<${randomBytes(1500).toString('hex')}@client.example>` }),
  'a Message-ID with NUL': raw({ 'Message-ID': '<nul\u0000id@client.example>' }),
}

describe('replies the database cannot store as they are', () => {
  for (const [name, message] of Object.entries(CASES)) {
    it(`${name}: handled over HTTP (200) and over SMTP (250), once`, async () => {
      const res = await viaHttp(message)
      expect(res.statusCode, res.body).toBe(200)
      expect(res.json().status).toBe('refused')
      expect(await viaSmtp(message)).toBe(250)
      const again = await viaHttp(message)
      expect(again.json().status, 'the same message again is a duplicate').toBe('duplicate')
    })
  }

  it('an over-long Message-ID is kept as its hash, so a retry is still known', async () => {
    const long = `<${randomBytes(1500).toString('hex')}@client.example>`
    const r = await handleInbound(replyContext(h.app.config, h.t.db), raw({ 'Message-ID': long }))
    expect(r.messageId).toMatch(/^<[0-9a-f]{64}@hashed\.hexmail\.invalid>$/)
    expect((await handleInbound(replyContext(h.app.config, h.t.db), raw({ 'Message-ID': long }))).messageId).toBe(
      r.messageId,
    )
    const other = await handleInbound(
      replyContext(h.app.config, h.t.db),
      raw({ 'Message-ID': long.replace('@', 'z@') }),
    )
    expect(other.messageId).not.toBe(r.messageId)
    // An ordinary Message-ID is kept as it is, Japanese included.
    expect(
      (await handleInbound(replyContext(h.app.config, h.t.db), raw({ 'Message-ID': '<返信-1@client.example>' })))
        .messageId,
    ).toBe('<返信-1@client.example>')
  })
})
