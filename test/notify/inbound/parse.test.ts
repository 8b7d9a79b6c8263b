import { createHash } from 'node:crypto'
import MailComposer from 'nodemailer/lib/mail-composer'
import { describe, expect, it } from 'vitest'
import { parseInbound } from '../../../src/notify/inbound/parse.js'

const REPLY_TO = 'play+k3xq7mfa2bzc4dn5ep6fq7gr2hs3it4ju5kv@hexmail.example'
const NOTIFICATION_ID = '<notify-42.FED@hexmail.example>'

type ComposerOptions = ConstructorParameters<typeof MailComposer>[0]

function compose(options: ComposerOptions): Promise<Buffer> {
  return new MailComposer({
    from: 'Amuro Ray <Amuro@Example.ORG>',
    to: `Hexmail <${REPLY_TO}>`,
    subject: 'Re: Your phase',
    inReplyTo: NOTIFICATION_ID,
    references: [NOTIFICATION_ID],
    ...options,
  })
    .compile()
    .build()
}

const GMAIL_TEXT = [
  'GM1 -> 0710',
  '# the Zaku can wait',
  'GM2 -> 0805',
  '',
  `On Mon, 30 Nov 2026 at 09:00, Hexmail <${REPLY_TO}> wrote:`,
  '',
  '> Your phase: Federation, turn 3, movement.',
  '>   GM1 -> 0606',
].join('\n')

const GMAIL_HTML =
  '<div dir="ltr">GM1 -&gt; 0710<br># the Zaku can wait<br>GM2 -&gt; 0805</div><br>' +
  '<div class="gmail_quote"><div dir="ltr" class="gmail_attr">On Mon, 30 Nov 2026 at 09:00, Hexmail &lt;' +
  `<a href="mailto:${REPLY_TO}">${REPLY_TO}</a>&gt; wrote:<br></div>` +
  '<blockquote class="gmail_quote">Your phase: Federation, turn 3, movement.<br>GM1 -&gt; 0606</blockquote></div>'

describe('parseInbound', () => {
  it('multipart/alternative: takes the text part, strips the quote, reads the headers', async () => {
    const raw = await compose({
      text: GMAIL_TEXT,
      html: GMAIL_HTML,
      cc: 'Char <char@example.org>',
      headers: { 'Delivered-To': REPLY_TO, 'X-Original-To': `<${REPLY_TO.toUpperCase()}>` },
      messageId: '<reply-1@mail.example.org>',
    })
    expect(raw.toString()).toContain('multipart/alternative')
    const mail = await parseInbound(raw)
    expect(mail.messageId).toBe('<reply-1@mail.example.org>')
    expect(mail.from).toBe('amuro@example.org')
    expect(mail.recipients).toEqual([REPLY_TO, 'char@example.org'])
    expect(mail.inReplyTo).toBe(NOTIFICATION_ID)
    expect(mail.references).toEqual([NOTIFICATION_ID])
    expect(mail.subject).toBe('Re: Your phase')
    expect(mail.body).toBe(GMAIL_TEXT)
    expect(mail.ordersText).toBe('GM1 -> 0710\n# the Zaku can wait\nGM2 -> 0805')
    expect(mail.autoReply).toBe(false)
  })

  it('HTML only: converts the HTML to text, the blockquote becoming a quote', async () => {
    const raw = await compose({ html: GMAIL_HTML })
    expect(raw.toString()).not.toContain('text/plain')
    const mail = await parseInbound(raw)
    expect(mail.body).toContain('> Your phase: Federation, turn 3, movement.')
    expect(mail.ordersText).toBe('GM1 -> 0710\n# the Zaku can wait\nGM2 -> 0805')
  })

  it('quoted-printable: long lines, "=" and non-ASCII text decode exactly', async () => {
    const comment =
      '# 補給線を守る = keep the supply line, and a long comment that goes well past seventy-six characters'
    const text = `GM1 -> 0710\n${comment}\n\n> Your phase`
    const raw = await compose({ text, textEncoding: 'quoted-printable' })
    expect(raw.toString()).toContain('Content-Transfer-Encoding: quoted-printable')
    expect(raw.toString()).toMatch(/=\r\n/)
    const mail = await parseInbound(raw)
    expect(mail.body).toBe(text)
    expect(mail.ordersText).toBe(`GM1 -> 0710\n${comment}`)
  })

  it('UTF-8 subject: decodes the encoded words', async () => {
    const subject = 'Re: あなたの番です — 第3ターン (A-S4)'
    const raw = await compose({ subject, text: 'pass' })
    expect(raw.toString()).toMatch(/^Subject: =\?UTF-8\?/m)
    expect((await parseInbound(raw)).subject).toBe(subject)
  })

  it('takes a string as well as a Buffer', async () => {
    const raw = await compose({ text: 'pass', messageId: '<reply-2@mail.example.org>' })
    const mail = await parseInbound(raw.toString('utf8'))
    expect(mail.messageId).toBe('<reply-2@mail.example.org>')
    expect(mail.ordersText).toBe('pass')
  })
})

describe('derived Message-ID', () => {
  async function withoutMessageId(text: string): Promise<Buffer> {
    const raw = (await compose({ text, date: new Date('2026-11-30T00:00:00Z') })).toString()
    const stripped = raw.replace(/^Message-ID:.*\r\n/im, '')
    expect(stripped).not.toMatch(/^Message-ID:/im)
    return Buffer.from(stripped)
  }

  it('is the sha256 of the raw bytes, the same for the same bytes', async () => {
    const raw = await withoutMessageId('pass')
    const first = await parseInbound(raw)
    const again = await parseInbound(Buffer.from(raw))
    const sha = createHash('sha256').update(raw).digest('hex')
    expect(first.messageId).toBe(`<${sha}@derived.hexmail.invalid>`)
    expect(again.messageId).toBe(first.messageId)
  })

  it('differs for different messages', async () => {
    const a = await parseInbound(await withoutMessageId('pass'))
    const b = await parseInbound(await withoutMessageId('GM1 -> 0710'))
    expect(a.messageId).not.toBe(b.messageId)
  })
})

describe('auto-reply detection', () => {
  it.each([
    ['Auto-Submitted: auto-replied', { headers: { 'Auto-Submitted': 'auto-replied' } }],
    ['Auto-Submitted: auto-generated with a comment', { headers: { 'Auto-Submitted': 'Auto-Generated (vacation)' } }],
    ['Precedence: bulk', { headers: { Precedence: 'bulk' } }],
    ['Precedence: junk', { headers: { Precedence: 'junk' } }],
    ['Precedence: auto_reply', { headers: { Precedence: 'auto_reply' } }],
    ['X-Autoreply', { headers: { 'X-Autoreply': 'yes' } }],
    ['X-Autorespond', { headers: { 'X-Autorespond': 'Out of office' } }],
    ['a MAILER-DAEMON sender', { from: 'Mail Delivery System <MAILER-DAEMON@mx.example.org>' }],
    ['a null Return-Path', { headers: { 'Return-Path': '<>' } }],
    [
      'a delivery report',
      { headers: { 'Content-Type': 'multipart/report; report-type=delivery-status; boundary="x"' } },
    ],
  ])('%s is an auto-reply', async (_what, options) => {
    const mail = await parseInbound(await compose({ text: 'I am away until Monday.', ...options }))
    expect(mail.autoReply).toBe(true)
  })

  it('a message without From is an auto-reply', async () => {
    const raw = (await compose({ text: 'pass' })).toString().replace(/^From:.*\r\n/im, '')
    const mail = await parseInbound(raw)
    expect(mail.from).toBe('')
    expect(mail.autoReply).toBe(true)
  })

  it('the null envelope sender makes an auto-reply', async () => {
    const raw = await compose({ text: 'pass' })
    expect((await parseInbound(raw, { from: '' })).autoReply).toBe(true)
    expect((await parseInbound(raw, { from: 'amuro@example.org' })).autoReply).toBe(false)
  })

  it.each([
    ['Auto-Submitted: no', { headers: { 'Auto-Submitted': 'no' } }],
    ['Precedence: first-class', { headers: { Precedence: 'first-class' } }],
    ['a real Return-Path', { headers: { 'Return-Path': '<amuro@example.org>' } }],
    ['an ordinary reply', {}],
  ])('%s is not an auto-reply', async (_what, options) => {
    const mail = await parseInbound(await compose({ text: 'pass', ...options }))
    expect(mail.autoReply).toBe(false)
  })
})
