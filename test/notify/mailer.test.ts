// The SMTP mailer hands each message to the connection in one piece (mailer.ts Gathered): what the
// server receives must be the very bytes nodemailer writes for the message, a big inline map included.
import { randomBytes } from 'node:crypto'
import nodemailer from 'nodemailer'
import type Mail from 'nodemailer/lib/mailer/index.js'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { MAP_CID } from '../../src/notify/messages.js'
import { mapAttachment } from '../../src/notify/kinds/core.js'
import { createMailer } from '../../src/notify/mailer.js'
import type { Db } from '../../src/store/db.js'
import { startTestSmtp, type TestSmtp } from '../support/smtp.js'

let smtp: TestSmtp
beforeAll(async () => {
  smtp = await startTestSmtp()
})
afterAll(async () => smtp.close())

/** The boundaries are drawn at random for each message: the same name for both. */
const sameBoundaries = (raw: Buffer) => raw.toString('latin1').replace(/--_NmP-[0-9a-f]+-Part_/g, '--_NmP-x-Part_')

describe('the SMTP mailer', () => {
  it('delivers the bytes nodemailer writes, for a message with text, HTML and a 300 kB inline picture', async () => {
    // Random bytes: a picture that does not compress, with every byte value (so lines may start with a dot).
    const png = randomBytes(300_000)
    const message: Mail.Options = {
      from: 'hexmail <noreply@hexmail.test>',
      to: { name: 'Amuro', address: 'amuro@example.org' },
      subject: 'Your phase: turn 3',
      text: `${'.a line that starts with a dot\n'.repeat(50)}end\n`,
      html: `<p>Your phase</p><img src="cid:${MAP_CID}">\n.\n`,
      attachments: [mapAttachment(png)],
      headers: { 'X-Hexmail-Kind': 'your-phase' },
      messageId: '<mailer-test@hexmail.test>',
      date: new Date('2026-12-02T12:00:00Z'),
    }
    const mailer = createMailer({} as Db, { smtpUrl: smtp.url })
    try {
      await mailer.send(message)
    } finally {
      mailer.close()
    }
    const written = await nodemailer
      .createTransport({ streamTransport: true, buffer: true, newline: 'windows' })
      .sendMail(message)
    const received = smtp.received.at(-1)!
    expect(received.raw.length).toBeGreaterThan(400_000)
    expect(sameBoundaries(received.raw)).toBe(sameBoundaries(written.message as Buffer))
    const picture = received.parsed.attachments.find((a) => a.cid === MAP_CID)
    expect(picture?.content.equals(png)).toBe(true)
  })
})
