// A real SMTP server for tests (smtp-server on 127.0.0.1, a free port) that keeps every message and
// can be told to refuse: for a while (4xx, the sender retries) or for an address for good (5xx).
import { SMTPServer } from 'smtp-server'
import { simpleParser, type ParsedMail } from 'mailparser'

export interface Received {
  raw: Buffer
  parsed: ParsedMail
  to: string[]
}

export interface TestSmtp {
  port: number
  url: string
  received: Received[]
  /** Refuse the next `n` messages with 451 (try again later). */
  refuseNext(n: number): void
  /** Refuse this recipient with 550 (no such user), for good. */
  rejectAddress(address: string): void
  /** How many DATA commands were refused so far. */
  refusals(): number
  /** Each refused message: when, and its Message-ID (to see the sender's backoff between tries). */
  refusedLog: Array<{ at: number; messageId: string }>
  close(): Promise<void>
}

export async function startTestSmtp(): Promise<TestSmtp> {
  const received: Received[] = []
  let refuse = 0
  let refused = 0
  const refusedLog: Array<{ at: number; messageId: string }> = []
  const rejected = new Set<string>()
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onRcptTo(address, _session, cb) {
      if (rejected.has(address.address.toLowerCase()))
        return cb(Object.assign(new Error('no such user here'), { responseCode: 550 }))
      cb()
    },
    onData(stream, session, cb) {
      const chunks: Buffer[] = []
      stream.on('data', (c: Buffer) => chunks.push(c))
      stream.on('end', () => {
        if (refuse > 0) {
          refuse--
          refused++
          const head =
            Buffer.concat(chunks)
              .toString('latin1')
              .split(/\r?\n\r?\n/)[0] ?? ''
          refusedLog.push({ at: Date.now(), messageId: /^Message-ID:\s*(\S+)/im.exec(head)?.[1] ?? '' })
          return cb(Object.assign(new Error('try again later'), { responseCode: 451 }))
        }
        const raw = Buffer.concat(chunks)
        simpleParser(raw, { keepCidLinks: true }).then((parsed) => {
          received.push({ raw, parsed, to: session.envelope.rcptTo.map((r) => r.address.toLowerCase()) })
          cb()
        }, cb)
      })
    },
  })
  server.on('error', () => undefined)
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const port = (server.server.address() as { port: number }).port
  return {
    port,
    url: `smtp://127.0.0.1:${port}`,
    received,
    refuseNext(n) {
      refuse = n
    },
    rejectAddress(a) {
      rejected.add(a.toLowerCase())
    },
    refusals: () => refused,
    refusedLog,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}

/** Polls `check` until it returns true (bounded; no fixed sleeps in the happy path). */
export async function waitFor(
  what: string,
  check: () => boolean | Promise<boolean>,
  timeoutMs = 20_000,
  everyMs = 50,
): Promise<void> {
  const end = Date.now() + timeoutMs
  while (Date.now() < end) {
    if (await check()) return
    await new Promise((r) => setTimeout(r, everyMs))
  }
  throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`)
}
