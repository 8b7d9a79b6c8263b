import { describe, expect, it } from 'vitest'
import { stripQuoted } from '../../../src/notify/inbound/strip.js'

const ADDRESS = 'play+k3xq7mfa2bzc4dn5ep6fq7gr2hs3it4ju5kv@hexmail.example'

// The notification as mail clients quote it; it contains order lines of its own that must never leak.
const QUOTED_NOTIFICATION = [
  '> Your phase: Federation, turn 3, movement.',
  '> Reply with your orders, for example:',
  '>   GM1 -> 0710',
  '>',
  '> -- ',
  '> hexmail',
].join('\n')

const lines = (...parts: string[]): string => parts.join('\n')

describe('top-posted replies', () => {
  it('Gmail: drops the attribution and the quote', () => {
    const reply = lines(
      'GM1 -> 0710',
      'GM2 GM3 -> 0805',
      '# hold SA1 back this turn',
      '',
      `On Mon, 30 Nov 2026 at 09:00, Hexmail <${ADDRESS}> wrote:`,
      '',
      QUOTED_NOTIFICATION,
    )
    expect(stripQuoted(reply)).toBe('GM1 -> 0710\nGM2 GM3 -> 0805\n# hold SA1 back this turn')
  })

  it('Gmail: an attribution wrapped over two lines', () => {
    const reply = lines(
      'GM1 -> 0710',
      '',
      'On Mon, 30 Nov 2026 at 09:00, Hexmail <',
      `${ADDRESS}> wrote:`,
      '',
      QUOTED_NOTIFICATION,
    )
    expect(stripQuoted(reply)).toBe('GM1 -> 0710')
  })

  it('an attribution wrapped over three lines', () => {
    const reply = lines(
      'pass',
      'On Monday, November 30, 2026 at 09:00:00 AM GMT+9,',
      'Hexmail',
      `<${ADDRESS}> wrote:`,
      QUOTED_NOTIFICATION,
    )
    expect(stripQuoted(reply)).toBe('pass')
  })

  it('Outlook: everything from -----Original Message----- goes, though the original is not quoted', () => {
    const reply = lines(
      'shoot GM1 @ ZK3',
      'shoot SA1 @ 0710 ship',
      '',
      '-----Original Message-----',
      `From: Hexmail <${ADDRESS}>`,
      'Sent: Monday, November 30, 2026 9:00 AM',
      'To: Amuro <amuro@example.org>',
      'Subject: Your phase',
      '',
      'Your phase: Federation, turn 3, combat.',
      'GM1 -> 0710',
    )
    expect(stripQuoted(reply)).toBe('shoot GM1 @ ZK3\nshoot SA1 @ 0710 ship')
  })

  it('Outlook: a From/Sent header block after a rule line', () => {
    const reply = lines(
      'close GM1 GM2 @ RD4',
      '',
      '________________________________',
      `From: Hexmail <${ADDRESS}>`,
      'Sent: Monday, November 30, 2026 09:00',
      'To: Amuro',
      'Subject: Your phase',
      '',
      'Your phase: Federation, turn 3, close combat.',
    )
    expect(stripQuoted(reply)).toBe('close GM1 GM2 @ RD4')
  })

  it('Outlook: a From/Sent header block on its own', () => {
    const reply = lines(
      'defend A7 none',
      '',
      `From: Hexmail <${ADDRESS}>`,
      'Sent: 30 November 2026 09:00',
      'To: Char',
      'Subject: Your phase',
      '',
      'Attack A7 was declared against SA2.',
    )
    expect(stripQuoted(reply)).toBe('defend A7 none')
  })

  it('Apple Mail on an iPhone: drops the footer and the quoted attribution', () => {
    const reply = lines(
      'GM1 -> 0710',
      '',
      'Sent from my iPhone',
      '',
      `> On 30 Nov 2026, at 09:00, Hexmail <${ADDRESS}> wrote:`,
      '>',
      QUOTED_NOTIFICATION,
    )
    expect(stripQuoted(reply)).toBe('GM1 -> 0710')
  })

  it('a signature ends what the player wrote', () => {
    const reply = lines(
      'GM1 -> 0710',
      '',
      '-- ',
      'Amuro Ray',
      'White Base, 3rd deck',
      '',
      `On Mon, 30 Nov 2026 at 09:00, Hexmail <${ADDRESS}> wrote:`,
      QUOTED_NOTIFICATION,
    )
    expect(stripQuoted(reply)).toBe('GM1 -> 0710')
  })

  it('a client that does not quote: everything after a dated attribution goes', () => {
    const reply = lines(
      'pass',
      '',
      `On Mon, 30 Nov 2026 at 09:00, Hexmail <${ADDRESS}> wrote:`,
      'Your phase: Federation, turn 3, movement.',
      'GM1 -> 0710',
    )
    expect(stripQuoted(reply)).toBe('pass')
  })

  it('a plain "… wrote:" line with a quote under it', () => {
    expect(stripQuoted(lines('pass', '', 'Hexmail wrote:', QUOTED_NOTIFICATION))).toBe('pass')
  })

  it('German: "Am … schrieb …:"', () => {
    const reply = lines('GM1 -> 0710', '', `Am 30.11.2026 um 09:00 schrieb Hexmail <${ADDRESS}>:`, QUOTED_NOTIFICATION)
    expect(stripQuoted(reply)).toBe('GM1 -> 0710')
  })
})

describe('Japanese clients', () => {
  it('Apple Mail: "…のメッセージ:" and "iPhoneから送信"', () => {
    const reply = lines(
      'GM1 -> 0710',
      'GM2 -> 0805 # 補給線を守る',
      '',
      'iPhoneから送信',
      '',
      `2026/11/30 9:00、Hexmail <${ADDRESS}>のメッセージ:`,
      '',
      '> あなたの番です（連邦軍、第3ターン、移動）',
    )
    expect(stripQuoted(reply)).toBe('GM1 -> 0710\nGM2 -> 0805 # 補給線を守る')
  })

  it('Thunderbird: "… さんは書きました:"', () => {
    const reply = lines('pass', '', 'Hexmail さんは書きました:', '> あなたの番です')
    expect(stripQuoted(reply)).toBe('pass')
  })

  it('Gmail: a dated attribution ending in the address, with a full-width colon, wrapped', () => {
    const reply = lines(
      'shoot GM1 @ ZK3',
      '',
      '2026年11月30日(月) 9:00 Hexmail <',
      `${ADDRESS}>：`,
      '',
      '> あなたの番です',
    )
    expect(stripQuoted(reply)).toBe('shoot GM1 @ ZK3')
  })

  it('Outlook: 差出人 / 送信日時 header block', () => {
    const reply = lines(
      'pass',
      '',
      `差出人: Hexmail <${ADDRESS}>`,
      '送信日時: 2026年11月30日 9:00',
      '宛先: Amuro',
      '件名: あなたの番です',
      '',
      'あなたの番です',
    )
    expect(stripQuoted(reply)).toBe('pass')
  })
})

describe('bottom-posted and interleaved replies', () => {
  it("keeps the orders below the quote, with the player's blank line, and drops the signature", () => {
    const reply = lines(
      `On Mon, 30 Nov 2026 at 09:00, Hexmail <${ADDRESS}> wrote:`,
      QUOTED_NOTIFICATION,
      '',
      'GM1 -> 0710',
      '',
      'GM2 -> 0805',
      '-- ',
      'Amuro Ray',
    )
    expect(stripQuoted(reply)).toBe('GM1 -> 0710\n\nGM2 -> 0805')
  })

  it('keeps answers written between quoted parts, one blank line where a quote was', () => {
    const reply = lines(
      '> Your units: GM1 (0609), GM2 (0704)',
      'GM1 -> 0710',
      '',
      '> Attack A7 was declared against SA2.',
      '',
      'defend A7 none',
      '',
      '> Standing order: defence full',
      'standing defence 1',
    )
    expect(stripQuoted(reply)).toBe('GM1 -> 0710\n\ndefend A7 none\n\nstanding defence 1')
  })

  it('keeps orders on both sides of the quote', () => {
    const reply = lines(
      'GM1 -> 0710',
      '',
      `On Mon, 30 Nov 2026 at 09:00, Hexmail <${ADDRESS}> wrote:`,
      QUOTED_NOTIFICATION,
      '',
      'GM2 -> 0805',
    )
    expect(stripQuoted(reply)).toBe('GM1 -> 0710\n\nGM2 -> 0805')
  })
})

describe('line handling', () => {
  it('normalises CRLF and keeps blank and comment lines', () => {
    const reply = [
      'GM1 -> 0710',
      '',
      '# the Zaku at 0805 can wait',
      'GM2 -> 0805',
      '',
      `On Mon, 30 Nov 2026 at 09:00, Hexmail <${ADDRESS}> wrote:`,
      '> Your phase',
      '',
    ].join('\r\n')
    expect(stripQuoted(reply)).toBe('GM1 -> 0710\n\n# the Zaku at 0805 can wait\nGM2 -> 0805')
  })

  it("trims leading and trailing blank lines but keeps the player's own blank lines", () => {
    expect(stripQuoted('\n\n  \nGM1 -> 0710\n\n\nGM2 -> 0805\n\n')).toBe('GM1 -> 0710\n\n\nGM2 -> 0805')
  })

  it('leaves nothing of a reply that is only a quote', () => {
    expect(stripQuoted(lines(`On Mon, 30 Nov 2026 at 09:00, Hexmail <${ADDRESS}> wrote:`, QUOTED_NOTIFICATION))).toBe(
      '',
    )
  })

  it('does not take an order line for a marker', () => {
    const orders = lines(
      'GM1 GM2 BL4 -> 0710',
      'move GM3 to 0711',
      'shoot GD1 @ ZI1 ranks 2',
      '# On to the fortress',
      'pass',
    )
    expect(stripQuoted(orders)).toBe(orders)
  })
})
