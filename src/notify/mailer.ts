// Where email goes: SMTP_URL's server, or the built-in mail catcher (messages stored in the database
// and shown at /dev/mail), so a newcomer sees real notifications without any mail server.
import { Transform, type TransformCallback } from 'node:stream'
import nodemailer from 'nodemailer'
import type SMTPTransport from 'nodemailer/lib/smtp-transport/index.js'
import type Mail from 'nodemailer/lib/mailer/index.js'
import type { Db } from '../store/db.js'

export interface Mailer {
  /** 'smtp' (SMTP_URL) or 'catcher' (the built-in one). */
  kind: 'smtp' | 'catcher'
  send(message: Mail.Options): Promise<{ messageId: string; response: string }>
  close(): void
}

export interface MailerOptions {
  smtpUrl: string | null
  /** SMTP connections kept open and reused; messages wait for a free one. */
  maxConnections?: number
  /** Messages sent over one connection before it is closed and another opened. */
  maxMessages?: number
  /** Bounds on an SMTP conversation, so a server that hangs does not hold a worker forever. */
  timeoutMs?: number
}

export function createMailer(db: Db, opts: MailerOptions): Mailer {
  if (opts.smtpUrl) {
    const timeout = opts.timeoutMs ?? 30_000
    const transport = nodemailer.createTransport({
      url: opts.smtpUrl,
      connectionTimeout: timeout,
      greetingTimeout: timeout,
      socketTimeout: timeout,
      // A pool: one SMTP conversation per message would cost a connection and a greeting each.
      pool: true,
      maxConnections: opts.maxConnections ?? 4,
      maxMessages: opts.maxMessages ?? 1000,
    } as SMTPTransport.Options)
    // The message reaches the SMTP connection in one piece instead of a dozen (its headers, each part's
    // headers and body, the boundaries): each piece was a socket write of its own, and a good part of a
    // short email's cost. The bytes are the same.
    transport.use('stream', (mail, done) => {
      mail.message.transform(() => new Gathered())
      done()
    })
    return {
      kind: 'smtp',
      async send(message) {
        const info = await transport.sendMail(message)
        return { messageId: info.messageId, response: info.response }
      },
      close: () => transport.close(),
    }
  }
  // The catcher builds the same RFC 822 message an SMTP server would receive, and keeps it.
  const stream = nodemailer.createTransport({ streamTransport: true, buffer: true })
  return {
    kind: 'catcher',
    async send(message) {
      const info = await stream.sendMail(message)
      const raw = info.message as Buffer
      const to = info.envelope.to.join(', ')
      await db.caughtMail.create({
        data: { toAddress: to, subject: String(message.subject ?? ''), raw: new Uint8Array(raw), ...listed(message) },
      })
      return { messageId: info.messageId, response: 'caught' }
    },
    close: () => stream.close(),
  }
}

/** Up to this many bytes of a message are passed on at once. */
const GATHERED_BYTES = 1024 * 1024

/** Passes its input on in pieces of GATHERED_BYTES (and what is left at the end), unchanged. */
class Gathered extends Transform {
  private chunks: Buffer[] = []
  private size = 0

  override _transform(chunk: Buffer | string, _encoding: BufferEncoding, done: TransformCallback): void {
    const bytes = typeof chunk === 'string' ? Buffer.from(chunk) : chunk
    this.chunks.push(bytes)
    this.size += bytes.length
    if (this.size >= GATHERED_BYTES) this.passOn()
    done()
  }

  override _flush(done: TransformCallback): void {
    this.passOn()
    done()
  }

  private passOn(): void {
    if (this.size === 0) return
    this.push(this.chunks.length === 1 ? this.chunks[0] : Buffer.concat(this.chunks, this.size))
    this.chunks = []
    this.size = 0
  }
}

/** What /dev/mail.json lists and filters on, kept beside the caught message so a page never reads it. */
function listed(message: Mail.Options): { kind: string | null; position: number | null; replyTo: string | null } {
  const headers = (message.headers ?? {}) as Record<string, unknown>
  const position = Number(headers['X-Hexmail-Position'])
  const reply = message.replyTo
  const replyTo = typeof reply === 'string' ? reply : reply && !Array.isArray(reply) ? reply.address : null
  return {
    kind: typeof headers['X-Hexmail-Kind'] === 'string' ? headers['X-Hexmail-Kind'] : null,
    position: Number.isInteger(position) ? position : null,
    replyTo: replyTo ?? null,
  }
}

/** An SMTP answer that will not change on retry (5xx): the address or the message is refused for good. */
export function isPermanentSmtpError(e: unknown): boolean {
  const code = (e as { responseCode?: number }).responseCode
  return typeof code === 'number' && code >= 500 && code < 600
}
