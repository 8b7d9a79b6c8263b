// The built-in inbound SMTP listener: the MX for reply addresses. It only receives; what a message means is
// decided by onMessage, and its outcome becomes the SMTP answer, so the sending server keeps the message and
// retries when we could not take it (451) instead of it being lost, or bounces it when it never can be (5xx).
import { SMTPServer, type SMTPServerAddress, type SMTPServerDataStream, type SMTPServerSession } from 'smtp-server'
import { TOKEN_LENGTH } from './token.js'

export interface InboundSmtpLogger {
  info(details: object, message: string): void
  warn(details: object, message: string): void
}

export interface InboundSmtpOptions {
  host: string
  /** 0 picks a free port; the one chosen is in the result. */
  port: number
  /** When set, only `local+token@domain` recipients are accepted (550 for the rest), so this is no open relay. */
  domain?: string
  /** Largest message accepted, in bytes (default 1 MB); larger ones get 552. */
  maxBytes?: number
  /** How long close() lets transactions in flight finish before cutting them off (default 10 s). */
  closeTimeoutMs?: number
  onMessage(raw: Buffer, envelope: { from: string; to: string[] }): Promise<void>
  logger?: InboundSmtpLogger
}

export interface InboundSmtp {
  port: number
  close(): Promise<void>
}

const DEFAULT_MAX_BYTES = 1024 * 1024
const DEFAULT_CLOSE_TIMEOUT_MS = 10_000
const SUBADDRESS_TOKEN = new RegExp(`\\+[a-z2-7]{${TOKEN_LENGTH}}$`, 'i')

function smtpError(responseCode: number, message: string): Error & { responseCode: number } {
  return Object.assign(new Error(message), { responseCode })
}

/** For onMessage: this message can never be taken (a 5xx: the sender bounces it instead of retrying). */
export function permanentFailure(message: string): Error & { responseCode: number } {
  return smtpError(554, message)
}

const isPermanent = (err: unknown): err is Error & { responseCode: number } => {
  const code = (err as { responseCode?: unknown } | null)?.responseCode
  return typeof code === 'number' && code >= 500 && code < 600
}

/** Only the form is checked here; the token's MAC needs the database, which the message handler has. */
/** A reply address for the log: the token is a credential for one step, so only its first characters show. */
export function redactToken(address: string): string {
  return address.replace(/\+([a-z2-7]{6})[a-z2-7]+@/i, '+$1…@')
}

export function isReplyRecipient(address: string, domain: string): boolean {
  const at = address.lastIndexOf('@')
  if (at <= 0) return false
  return address.slice(at + 1).toLowerCase() === domain.toLowerCase() && SUBADDRESS_TOKEN.test(address.slice(0, at))
}

function readLimited(stream: SMTPServerDataStream, maxBytes: number): Promise<Buffer | null> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = []
    let size = 0
    // Keep reading past the limit (the client is still sending) but stop keeping it in memory.
    stream.on('data', (chunk: Buffer) => {
      size += chunk.length
      if (size <= maxBytes) chunks.push(chunk)
    })
    stream.on('end', () => resolve(stream.sizeExceeded || size > maxBytes ? null : Buffer.concat(chunks, size)))
    stream.on('error', reject)
  })
}

function envelopeOf(session: SMTPServerSession): { from: string; to: string[] } {
  const { mailFrom, rcptTo } = session.envelope
  return { from: mailFrom ? mailFrom.address : '', to: rcptTo.map((rcpt) => rcpt.address) }
}

export function startInboundSmtp(opts: InboundSmtpOptions): Promise<InboundSmtp> {
  const maxBytes = opts.maxBytes ?? DEFAULT_MAX_BYTES
  const { domain, logger } = opts
  const server = new SMTPServer({
    name: domain,
    // An MX takes mail from anyone: AUTH is for submission servers. STARTTLS would need a real certificate
    // (smtp-server's built-in one has a published key); senders fall back to plain SMTP without it.
    disabledCommands: ['AUTH', 'STARTTLS'],
    size: maxBytes,
    rejectOversized: true,
    disableReverseLookup: true,
    logger: false,
    closeTimeout: opts.closeTimeoutMs ?? DEFAULT_CLOSE_TIMEOUT_MS,
    onRcptTo(address: SMTPServerAddress, _session, callback) {
      if (domain === undefined || isReplyRecipient(address.address, domain)) return callback()
      logger?.info({ to: redactToken(address.address) }, 'inbound smtp: recipient refused')
      callback(smtpError(550, 'No such user here'))
    },
    onData(stream, session, callback) {
      let answered = false
      readLimited(stream, maxBytes)
        .then(async (raw) => {
          if (raw === null) return callback(smtpError(552, `Message exceeds fixed maximum message size ${maxBytes}`))
          const envelope = envelopeOf(session)
          await opts.onMessage(raw, envelope)
          answered = true
          callback(null, 'OK: message accepted')
          logger?.info(
            { from: envelope.from, to: envelope.to.map(redactToken), bytes: raw.length },
            'inbound smtp: message accepted',
          )
        })
        .catch((err: unknown) => {
          // The details stay in our log; the sender learns only whether trying again can help.
          logger?.warn({ err }, 'inbound smtp: message handler failed')
          if (!answered) callback(isPermanent(err) ? err : smtpError(451, 'Temporary failure, please try again later'))
        })
    },
  })
  return new Promise((resolve, reject) => {
    server.once('error', reject)
    server.listen(opts.port, opts.host, () => {
      server.off('error', reject)
      server.on('error', (err) => logger?.warn({ err }, 'inbound smtp: server error'))
      const address = server.server.address()
      const port = typeof address === 'object' && address !== null ? address.port : opts.port
      // Idempotent, so a shutdown path and a test teardown may both call it.
      let closing: Promise<void> | undefined
      const close = (): Promise<void> => (closing ??= new Promise<void>((done) => server.close(() => done())))
      resolve({ port, close })
    })
  })
}
