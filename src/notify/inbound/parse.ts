// An inbound email reduced to what order submission needs: who sent it, to which reply address, the
// orders text, and whether it must never be answered.
import { createHash } from 'node:crypto'
import { simpleParser, type AddressObject, type EmailAddress, type HeaderValue, type ParsedMail } from 'mailparser'
import { isAutoSubmitted } from './auto-reply.js'
import { stripQuoted } from './strip.js'

export interface InboundMail {
  /** The Message-ID with its angle brackets, or one derived from the raw bytes when the message has none. */
  messageId: string
  /** Bare lowercase address of From, '' when there is none. */
  from: string
  /** Bare lowercase addresses from To, Cc, Delivered-To and X-Original-To, without duplicates. */
  recipients: string[]
  inReplyTo: string | null
  references: string[]
  subject: string
  /** The text part, or the HTML part as text when there is no text part; LF line ends, no final line break. */
  body: string
  /** The body without quotes, attribution, signature and footers. */
  ordersText: string
  /** Mail a program sent (auto-replies, bounces, lists): answering it could start a mail loop. */
  autoReply: boolean
}

export interface InboundEnvelope {
  /** The SMTP MAIL FROM; '' is the null sender that bounces and auto-replies use. */
  from: string
}

function flattenAddresses(entries: readonly EmailAddress[]): string[] {
  return entries.flatMap((entry) =>
    entry.group ? flattenAddresses(entry.group) : entry.address ? [entry.address] : [],
  )
}

function isAddressObject(value: unknown): value is AddressObject {
  return typeof value === 'object' && value !== null && Array.isArray((value as AddressObject).value)
}

/** The addresses of a header, whether mailparser parsed it as addresses or left it as text. */
export function headerAddresses(value: HeaderValue | undefined): string[] {
  if (value === undefined) return []
  if (Array.isArray(value)) return (value as unknown[]).flatMap((item) => headerAddresses(item as HeaderValue))
  if (isAddressObject(value)) return flattenAddresses(value.value)
  if (typeof value === 'string') {
    return value
      .split(',')
      .map((part) => part.replace(/^.*</, '').replace(/>.*$/, '').trim())
      .filter((part) => part.includes('@'))
  }
  return []
}

function unique(items: readonly string[]): string[] {
  return [...new Set(items)]
}

function recipientsOf(mail: ParsedMail): string[] {
  const headers = ['to', 'cc', 'delivered-to', 'x-original-to'].flatMap((key) => headerAddresses(mail.headers.get(key)))
  return unique(headers.map((address) => address.toLowerCase()))
}

// A retried delivery carries the same bytes, so the hash still tells a duplicate apart from a new message.
function derivedMessageId(raw: Buffer | string): string {
  return `<${createHash('sha256').update(raw).digest('hex')}@derived.hexmail.invalid>`
}

// The Message-ID keys the duplicate check (a primary key, a unique index): PostgreSQL stores no NUL and
// indexes no entry over about 2.7 KB. Real ids are far shorter; one that is not plain is kept as its
// hash, which a retried delivery repeats, so a retry is still known.
const MESSAGE_ID_MAX = 190
const PLAIN_ID = /^[^\p{Cc}\p{Cs}]+$/u

function messageIdOf(header: string | undefined, raw: Buffer | string): string {
  const id = header?.trim()
  if (!id) return derivedMessageId(raw)
  if (id.length <= MESSAGE_ID_MAX && PLAIN_ID.test(id)) return id
  return `<${createHash('sha256').update(id).digest('hex')}@hashed.hexmail.invalid>`
}

function referencesOf(mail: ParsedMail): string[] {
  if (mail.references === undefined) return []
  return Array.isArray(mail.references) ? mail.references : [mail.references]
}

export async function parseInbound(raw: Buffer | string, envelope?: InboundEnvelope): Promise<InboundMail> {
  const mail = await simpleParser(raw, { skipImageLinks: true, skipTextToHtml: true, skipTextLinks: true })
  const from = (headerAddresses(mail.from)[0] ?? '').toLowerCase()
  // Transfer encodings differ in whether the part ends with a line break; the text does not.
  const body = (mail.text ?? '').replace(/\r\n?/g, '\n').replace(/\n+$/, '')
  return {
    messageId: messageIdOf(mail.messageId, raw),
    from,
    recipients: recipientsOf(mail),
    inReplyTo: mail.inReplyTo?.trim() || null,
    references: referencesOf(mail),
    subject: mail.subject ?? '',
    body,
    ordersText: stripQuoted(body),
    autoReply: isAutoSubmitted(mail.headers, from, envelope?.from),
  }
}
