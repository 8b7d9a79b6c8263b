import { createConnection } from 'node:net'
import { createTransport } from 'nodemailer'
import { afterEach, describe, expect, it } from 'vitest'
import { parseInbound } from '../../../src/notify/inbound/parse.js'
import {
  isReplyRecipient,
  permanentFailure,
  startInboundSmtp,
  type InboundSmtp,
} from '../../../src/notify/inbound/smtp.js'
import { makeReplyToken, replyAddress, tokenFromAddresses } from '../../../src/notify/inbound/token.js'

const BASE = 'play@hexmail.example'
const TOKEN = makeReplyToken({ id: 42n, exp: 1_796_000_000, binding: 'g|FED|7|u' }, 'smtp-test-secret')
const REPLY_TO = replyAddress(BASE, TOKEN)
const TIMEOUT_MS = 5_000

interface Received {
  raw: Buffer
  envelope: { from: string; to: string[] }
}

let listener: InboundSmtp | undefined

afterEach(async () => {
  await listener?.close()
  listener = undefined
})

function transport(port: number) {
  return createTransport({
    host: '127.0.0.1',
    port,
    secure: false,
    ignoreTLS: true,
    connectionTimeout: TIMEOUT_MS,
    greetingTimeout: TIMEOUT_MS,
    socketTimeout: TIMEOUT_MS,
  })
}

async function start(onMessage: (raw: Buffer, envelope: Received['envelope']) => Promise<void>, maxBytes?: number) {
  listener = await startInboundSmtp({ host: '127.0.0.1', port: 0, domain: 'hexmail.example', maxBytes, onMessage })
  return listener
}

async function sendError(port: number, to: string, text = 'pass'): Promise<{ responseCode?: number }> {
  try {
    await transport(port).sendMail({ from: 'amuro@example.org', to, subject: 'Re: Your phase', text })
  } catch (err) {
    return err as { responseCode?: number }
  }
  throw new Error('the message was accepted')
}

describe('startInboundSmtp', () => {
  it('receives a reply sent by nodemailer and hands over the raw message and envelope', async () => {
    const received: Received[] = []
    const { port } = await start(async (raw, envelope) => {
      received.push({ raw, envelope })
    })
    expect(port).toBeGreaterThan(0)
    const text = `GM1 -> 0710\n\nOn Mon, 30 Nov 2026 at 09:00, Hexmail <${REPLY_TO}> wrote:\n> Your phase`
    const info = await transport(port).sendMail({
      from: 'Amuro <amuro@example.org>',
      to: `Hexmail <${REPLY_TO}>`,
      subject: 'Re: Your phase',
      text,
    })
    expect(info.response).toMatch(/^250 /)
    expect(received).toHaveLength(1)
    const [{ raw, envelope }] = received as [Received]
    expect(envelope).toEqual({ from: 'amuro@example.org', to: [REPLY_TO] })
    const mail = await parseInbound(raw, envelope)
    expect(mail.ordersText).toBe('GM1 -> 0710')
    expect(mail.autoReply).toBe(false)
    expect(tokenFromAddresses(mail.recipients, BASE)).toBe(TOKEN)
  })

  it('refuses a recipient without a reply token with 550, before the message is sent', async () => {
    let calls = 0
    const { port } = await start(async () => {
      calls++
    })
    for (const to of ['someone@hexmail.example', `play+${TOKEN}@other.example`, 'play+short@hexmail.example']) {
      expect((await sendError(port, to)).responseCode).toBe(550)
    }
    expect(calls).toBe(0)
  })

  it('answers 451 when the handler fails, so the sender retries, and 250 on the retry', async () => {
    let attempts = 0
    const { port } = await start(async () => {
      attempts++
      if (attempts === 1) throw new Error('database unavailable')
    })
    expect((await sendError(port, REPLY_TO)).responseCode).toBe(451)
    const info = await transport(port).sendMail({
      from: 'amuro@example.org',
      to: REPLY_TO,
      subject: 'Re',
      text: 'pass',
    })
    expect(info.response).toMatch(/^250 /)
    expect(attempts).toBe(2)
  })

  it("answers a handler's permanent refusal with its 5xx, so the sender bounces instead of retrying", async () => {
    let attempts = 0
    const { port } = await start(async () => {
      attempts++
      throw permanentFailure('5.6.0 cannot be stored')
    })
    const refused = (await sendError(port, REPLY_TO)) as { responseCode?: number; response?: string }
    expect(refused.responseCode).toBe(554)
    expect(refused.response).toMatch(/cannot be stored/)
    expect(attempts).toBe(1)
  })

  it('refuses a message over the size limit with 552 and never hands it over', async () => {
    let calls = 0
    const { port } = await start(async () => {
      calls++
    }, 10_000)
    expect((await sendError(port, REPLY_TO, 'GM1 -> 0710\n'.repeat(2_000))).responseCode).toBe(552)
    expect(calls).toBe(0)
  })

  it('refuses an oversize message that did not declare its size', async () => {
    const { port } = await start(async () => {}, 1_000)
    const reply = await rawSmtpSession(port, [
      'EHLO client.test',
      'MAIL FROM:<amuro@example.org>',
      `RCPT TO:<${REPLY_TO}>`,
      'DATA',
      `Subject: big\r\n\r\n${'x'.repeat(2_000)}\r\n.`,
      'QUIT',
    ])
    expect(reply).toMatch(/^552 /m)
  })

  it('accepts any recipient when no domain is configured', async () => {
    let calls = 0
    listener = await startInboundSmtp({ host: '127.0.0.1', port: 0, onMessage: async () => void calls++ })
    const info = await transport(listener.port).sendMail({ from: 'a@example.org', to: 'anyone@example.net', text: 'x' })
    expect(info.response).toMatch(/^250 /)
    expect(calls).toBe(1)
  })

  it('tells a reply recipient by its domain and token, ignoring case', () => {
    expect(isReplyRecipient(REPLY_TO, 'hexmail.example')).toBe(true)
    expect(isReplyRecipient(REPLY_TO.toUpperCase(), 'HexMail.Example')).toBe(true)
    expect(isReplyRecipient('play@hexmail.example', 'hexmail.example')).toBe(false)
  })

  it('close lets a message in flight finish with 250', async () => {
    let release = (): void => {}
    let started = (): void => {}
    const handlerStarted = new Promise<void>((resolve) => (started = resolve))
    const { port, close } = await start(
      () =>
        new Promise<void>((resolve) => {
          release = resolve
          started()
        }),
    )
    const sending = transport(port).sendMail({ from: 'amuro@example.org', to: REPLY_TO, subject: 'Re', text: 'pass' })
    await handlerStarted
    const closing = close()
    release()
    expect((await sending).response).toMatch(/^250 /)
    await closing
  })

  it('closes: the port stops taking connections', async () => {
    const { port, close } = await start(async () => {})
    await close()
    await close()
    await expect(rawSmtpSession(port, ['QUIT'])).rejects.toThrow()
  })
})

// A bare SMTP client, for what nodemailer will not do (send DATA past a SIZE it was told about).
function rawSmtpSession(port: number, commands: string[]): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = createConnection({ host: '127.0.0.1', port })
    let transcript = ''
    let sent = 0
    const timer = setTimeout(() => socket.destroy(new Error('SMTP session timed out')), TIMEOUT_MS)
    socket.setEncoding('utf8')
    socket.on('data', (chunk: string) => {
      transcript += chunk
      // The next command goes once the previous one (or the greeting) has its final reply line.
      const finished = transcript.split('\r\n').filter((line) => /^\d{3} /.test(line)).length
      while (sent < finished && sent < commands.length) socket.write(`${commands[sent++]}\r\n`)
    })
    socket.on('error', (err) => {
      clearTimeout(timer)
      reject(err)
    })
    socket.on('close', () => {
      clearTimeout(timer)
      resolve(transcript)
    })
  })
}
