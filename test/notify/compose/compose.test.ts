// composeEmail for each kind, read as a player would: the subject, the deadline in their own
// time zone, what to do and how to answer, the links; and the failures that must be loud.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import {
  composeEmail,
  EMAIL_KINDS,
  EmailDataError,
  type EmailDataByKind,
  type EmailKind,
} from '../../../src/notify/compose/index.js'
import { EMAIL_NS, message } from '../../../src/notify/compose/helpers.js'
import { translate } from '../../../src/i18n/index.js'
import * as fixtures from './fixtures.js'
import { amuro, char, DEADLINE } from './fixtures.js'

const samples: { [K in EmailKind]: () => EmailDataByKind[K] } = {
  'your-phase': () => fixtures.yourPhase(),
  reminder: fixtures.reminder,
  'phase-resolved': fixtures.phaseResolved,
  'game-over': fixtures.gameOver,
  invite: fixtures.invite,
  'verify-email': fixtures.verifyEmail,
  'magic-link': fixtures.magicLink,
  moderation: fixtures.moderation,
  'deadline-notice': fixtures.deadlineNotice,
  dispute: fixtures.dispute,
  proposal: fixtures.proposal,
  'game-message': fixtures.gameMessage,
  'draw-offer': fixtures.drawOffer,
  'season-fixture': fixtures.seasonFixture,
  'season-standings': fixtures.seasonStandings,
  'season-closed': fixtures.seasonClosed,
  'campaign-period': fixtures.campaignPeriod,
  'campaign-settled': fixtures.campaignSettled,
  'club-invite': fixtures.clubInvite,
}

/** The HTML as a reader sees its text: tags dropped, entities decoded, spaces collapsed. */
function visible(html: string): string {
  return html
    .replace(/<[^>]+>/g, ' ')
    .replace(/&#x3D;/g, '=')
    .replace(/&#x27;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ')
}

/** Text with line breaks and runs of spaces made one space: a wrapped sentence reads whole. */
function flat(text: string): string {
  return text.replace(/\s+/g, ' ')
}

/** Every href, entities decoded. */
function hrefs(html: string): string[] {
  return [...html.matchAll(/href="([^"]*)"/g)].map((m) => m[1]!.replace(/&#x3D;/g, '=').replace(/&amp;/g, '&'))
}

describe('every kind', () => {
  it.each(EMAIL_KINDS)('%s: a one-line subject, a text part and a self-contained HTML part', (kind) => {
    const email = composeEmail(kind, samples[kind]() as never)
    expect(email.subject).toMatch(/\S/)
    expect(email.subject).not.toMatch(/[\r\n]/)
    expect(email.text.trim().length).toBeGreaterThan(100)
    expect(email.html).toMatch(/^<!DOCTYPE html>/)
    expect(email.html).toContain('max-width:600px')
    // Email-safe: no stylesheet or script, no external images.
    expect(email.html).not.toMatch(/<(style|script|link)\b/i)
    for (const src of email.html.matchAll(/<img[^>]+src="([^"]*)"/g)) expect(src[1]).toMatch(/^cid:/)
    expect(email.text).not.toMatch(/undefined|\[object Object\]/)
    expect(visible(email.html)).not.toMatch(/undefined|\[object Object\]/)
  })

  const accountMail = (k: EmailKind) => k === 'verify-email' || k === 'magic-link'

  it.each(EMAIL_KINDS.filter((k) => !accountMail(k)))(
    '%s: the unsubscribe and preferences links in both parts',
    (kind) => {
      const email = composeEmail(kind, samples[kind]() as never)
      expect(email.text).toContain(fixtures.links.unsubscribeUrl)
      expect(email.text).toContain(fixtures.links.preferencesUrl)
      expect(hrefs(email.html)).toEqual(
        expect.arrayContaining([fixtures.links.unsubscribeUrl, fixtures.links.preferencesUrl]),
      )
    },
  )

  // League news, campaign news and club invitations are about no one game: they have no receipt.
  const gameless = (k: EmailKind) =>
    k === 'season-standings' ||
    k === 'season-closed' ||
    k === 'campaign-period' ||
    k === 'campaign-settled' ||
    k === 'club-invite'

  it.each(EMAIL_KINDS.filter((k) => !accountMail(k) && !gameless(k)))(
    '%s: the receipt of the log and its verify link in both parts',
    (kind) => {
      const email = composeEmail(kind, samples[kind]() as never)
      expect(email.text).toContain(`Receipt: ${fixtures.game.receipt}`)
      expect(email.text).toContain(fixtures.game.receiptUrl)
      expect(hrefs(email.html)).toContain(fixtures.game.receiptUrl)
    },
  )

  it('plain text lines stay within 72 characters, except unbreakable links and order lines', () => {
    for (const kind of EMAIL_KINDS) {
      for (const line of composeEmail(kind, samples[kind]() as never).text.split('\n')) {
        if (line.length > 72) expect(line, `${kind}: ${line}`).toMatch(/^\s*(\S+|https?:\/\/\S+|.* # .*)$/)
      }
    }
  })
})

describe('your-phase', () => {
  const data = fixtures.yourPhase()
  const email = composeEmail('your-phase', data)

  it('names the game, the step, the turn and the side in the subject', () => {
    expect(email.subject).toBe('Solomon Cup, round 3: your movement phase, turn 1, second half (Zeon)')
  })

  it("shows the deadline in the recipient's time zone, and in UTC", () => {
    expect(email.text).toContain('DEADLINE: Saturday 5 December 2026 at 21:00 (Asia/Tokyo, UTC+9)')
    expect(email.text).toContain('12:00 UTC on Saturday 5 December')
    expect(flat(email.text)).toContain('If you miss it, your phase is passed (no moves).')
    expect(visible(email.html)).toContain('Saturday 5 December 2026 at 21:00 (Asia/Tokyo, UTC+9)')

    const london = composeEmail('your-phase', { ...data, recipient: amuro })
    expect(london.text).toContain('DEADLINE: Saturday 5 December 2026 at 12:00 (Europe/London, UTC)')
    expect(london.text).not.toContain('21:00')
  })

  it('crosses the date line when the zone does', () => {
    const la = composeEmail('your-phase', {
      ...data,
      recipient: { ...char, timeZone: 'America/Los_Angeles' },
      deadline: { ...data.deadline, at: '2026-12-05T03:30:00Z' },
    })
    expect(la.text).toContain('Friday 4 December 2026 at 19:30 (America/Los_Angeles, UTC-8)')
  })

  it("says what happened, in the narration's words", () => {
    expect(data.happened.length).toBeGreaterThan(2)
    for (const line of data.happened) {
      expect(flat(email.text)).toContain(line)
      expect(visible(email.html)).toContain(line)
    }
  })

  it('lists the options and says how to reply, with examples', () => {
    expect(data.options.lines[0]).toMatch(/^Gelgoog GE1 at 3009: move to/)
    expect(email.text).toContain('- Gelgoog GE1 at 3009: move to')
    expect(flat(email.text)).toContain('Reply to this email with your orders, one per line')
    expect(email.text).toContain(data.replyAddress)
    for (const example of data.orderExamples) expect(email.text).toContain(`    ${example}\n`)
    expect(email.text).toContain(`${data.game.url}/options`)
    const reply = hrefs(email.html).find((h) => h.startsWith('mailto:'))!
    expect(reply).toBe(`mailto:${data.replyAddress}?subject=${encodeURIComponent(`Re: ${email.subject}`)}`)
  })

  it('shows the map inline by content id, and says so in the text', () => {
    expect(email.html).toContain(`src="cid:${data.mapCid}"`)
    expect(email.text).toContain('The map is attached to this email as a picture.')
    const noMap = composeEmail('your-phase', { ...data, mapCid: undefined })
    expect(noMap.html).not.toContain('cid:')
    expect(noMap.html).not.toContain('<img')
    expect(noMap.text).not.toContain('The map is attached')
  })

  it('links the whole board, and says what part of it the picture shows', () => {
    expect(hrefs(email.html)).toContain(data.mapUrl)
    expect(flat(email.text)).toContain(`The whole board as you see it: ${data.mapUrl}`)
    expect(flat(email.text)).toContain(data.mapNote)
    expect(visible(email.html)).toContain(data.mapNote)
    const noLink = composeEmail('your-phase', { ...data, mapUrl: undefined })
    expect(noLink.text).not.toContain('The whole board')
    expect(() => composeEmail('your-phase', { ...data, mapUrl: 'javascript:alert(1)' })).toThrow(
      /mapUrl is not an http\(s\) URL/,
    )
  })

  it("lists where the enemy units near the reader's are, nearest first, in the text and the HTML", () => {
    // contact() in game.ts: GM1 and GM2 a hex from ZK1, the Gundam within reach; GM3 far off.
    expect(data.enemiesNear.lines).toEqual([
      '1008: GM1, GM2 (confused) — 1 hex from your ZK1 at 1009',
      '0405: Gundam GD1 — 7 hexes from your ZK1 at 1009',
    ])
    const text = flat(email.text)
    const heading = text.indexOf('Enemy units near yours')
    expect(heading).toBeGreaterThan(0)
    for (const line of data.enemiesNear.lines) {
      expect(text.indexOf(`- ${line}`)).toBeGreaterThan(heading)
      expect(visible(email.html)).toContain(line)
    }
    const crowd = composeEmail('your-phase', { ...data, enemiesNear: { lines: data.enemiesNear.lines, omitted: 7 } })
    expect(flat(crowd.text)).toContain('7 more enemy units are within reach, further away.')
    const none = composeEmail('your-phase', { ...data, enemiesNear: { lines: [], omitted: 0 } })
    expect(none.text).toContain('No enemy unit is within reach of yours.')
  })

  it('says how many option lines were left out, with the link to all of them', () => {
    const many = composeEmail('your-phase', { ...data, options: { ...data.options, omitted: 112 } })
    expect(flat(many.text)).toContain('112 more lines are left out to keep this email short.')
    expect(flat(many.text)).toContain(`Every option: ${data.options.url}`)
    expect(hrefs(many.html)).toContain(data.options.url)
  })

  it('says when nothing happened and when no unit has a choice', () => {
    const quiet = composeEmail('your-phase', { ...data, happened: [], options: { ...data.options, lines: [] } })
    expect(quiet.text).toContain('Nothing has happened since your last phase.')
    expect(flat(quiet.text)).toContain('None of your units has a choice in this step')
  })
})

describe('the other kinds', () => {
  it("reminder: hours left, the deadline in the recipient's zone, how to reply", () => {
    const email = composeEmail('reminder', fixtures.reminder())
    expect(email.subject).toBe('Reminder: Solomon Cup, round 3: your movement phase is due in 4 hours')
    expect(email.text).toContain('Saturday 5 December 2026 at 21:00 (Asia/Tokyo, UTC+9)')
    expect(flat(email.text)).toContain('Reply to this email with your orders')
  })

  it('phase-resolved: who played, what happened, who is next and by when', () => {
    const data = fixtures.phaseResolved()
    const email = composeEmail('phase-resolved', data)
    expect(email.subject).toBe('Solomon Cup, round 3: Federation played the combat phase, turn 1, first half')
    expect(email.text).toContain(data.happened[0])
    expect(flat(email.text)).toContain(
      'Zeon plays the movement phase, turn 1, second half, by Saturday 5 December 2026 at 12:00 (Europe/London, UTC).',
    )
    const over = composeEmail('phase-resolved', { ...data, next: null })
    expect(flat(over.text)).toContain('the game ended with this step')
    const start = composeEmail('phase-resolved', { ...data, played: null, happened: [] })
    expect(start.subject).toBe('Solomon Cup, round 3: the game has started')
    expect(flat(start.text)).toContain('Solomon Cup, round 3 (')
    expect(flat(start.text)).toContain(') has started.')
    expect(start.text).not.toContain(' played the ')
  })

  it('game-over: the result, the revealed seed, its commitment and the verify link', () => {
    const data = fixtures.gameOver()
    const email = composeEmail('game-over', data)
    expect(email.subject).toBe('Solomon Cup, round 3: game over, Zeon wins')
    expect(flat(email.text)).toContain('Zeon won: the turn limit (12) was reached.')
    expect(email.text).toContain('You played Federation.')
    expect(email.text).toContain(`    ${data.seed}\n`)
    expect(email.text).toContain(data.seedCommitment)
    expect(email.text).toContain('https://hexmail.example.org/games/g_7f3a/verify')
    expect(visible(email.html)).toContain(data.seed)
    expect(hrefs(email.html)).toContain(data.verifyUrl)
    const won = composeEmail('game-over', { ...data, yourSide: 'Zeon' })
    expect(flat(won.text)).toContain('Congratulations: you played Zeon, and you won.')
    const draw = composeEmail('game-over', { ...data, winner: null, reason: 'both sides were destroyed' })
    expect(draw.subject).toBe('Solomon Cup, round 3: game over, a draw')
    expect(flat(draw.text)).toContain('It is a draw: both sides were destroyed.')
  })

  it('invite: who invites, the game, the side, the note, the accept link', () => {
    const data = fixtures.invite()
    const email = composeEmail('invite', data)
    expect(email.subject).toBe('Amuro invites you to play Solomon Cup, round 3')
    expect(email.text).toContain('as Zeon')
    expect(email.text).toContain('"One phase a day, like last season?"')
    expect(flat(email.text)).toContain('a player of hexmail invited this address')
    expect(email.text).not.toContain('because you play')
    expect(email.text).toContain('Each phase lasts 24 hours.')
    expect(flat(email.text)).toContain(`Accept the invitation: ${data.acceptUrl}`)
    expect(flat(email.text)).toContain('Saturday 12 December 2026 at 01:00 (Europe/Paris, UTC+1)')
    const bare = composeEmail('invite', { ...data, side: undefined, message: undefined, expiresAt: undefined })
    expect(bare.text).not.toContain(' as Zeon')
    expect(bare.text).not.toContain('open until')
  })

  it('verify-email: the link, the code, no unsubscribe link', () => {
    const data = fixtures.verifyEmail()
    const email = composeEmail('verify-email', data)
    expect(email.subject).toBe('Confirm your email address for hexmail')
    expect(hrefs(email.html)).toContain(data.verifyUrl)
    expect(email.text).toContain(`    ${data.token}\n`)
    expect(flat(email.text)).toContain('Sunday 6 December 2026 at 12:00 (Europe/London, UTC)')
    expect(email.text).not.toMatch(/unsubscribe/i)
  })

  it('magic-link: the sign-in link, how long it works, no unsubscribe link; in Japanese too', () => {
    const data = fixtures.magicLink()
    const email = composeEmail('magic-link', data)
    expect(email.subject).toBe('Your sign-in link for hexmail')
    expect(hrefs(email.html)).toContain(data.signInUrl)
    expect(email.text).toContain(data.signInUrl)
    expect(flat(email.text)).toContain('works once, until Sunday 6 December 2026 at 12:15 (Europe/London, UTC)')
    expect(flat(email.text)).toContain('(15 minutes after it was asked for)')
    expect(email.text).not.toMatch(/unsubscribe/i)
    const ja = composeEmail('magic-link', { ...data, recipient: { ...data.recipient, locale: 'ja' }, validFor: '15分' })
    expect(ja.subject).toBe('hexmail のサインイン用リンク')
    expect(ja.text.replace(/\n/g, '')).toContain('一度だけ使えます（リクエストから15分）')
    expect(ja.text).toContain(data.signInUrl)
  })

  it('moderation: who, what, why, when, each change and the log entry', () => {
    const data = fixtures.moderation()
    const email = composeEmail('moderation', data)
    expect(email.subject).toBe('Solomon Cup, round 3: a moderator rolled the game back to entry 40')
    expect(email.text).toContain('Who:  Kycilia')
    expect(email.text).toContain('Why:  a disputed BD launch: the Public was confused')
    expect(email.text).toContain('When: Friday 4 December 2026 at 18:30 (Asia/Tokyo, UTC+9)')
    for (const change of data.changes) expect(email.text).toContain(`- ${change}`)
    expect(email.text).toContain('entry 43')
    expect(hrefs(email.html)).toContain(data.logUrl)
  })
})

describe('deadline notices', () => {
  it('say what happened to the deadline, each line as given, with a way to the game', () => {
    const data = fixtures.deadlineNotice()
    const email = composeEmail('deadline-notice', data)
    expect(email.subject).toBe('Solomon Cup, round 3: the deadline is extended once')
    for (const line of data.lines) {
      expect(flat(email.text)).toContain(flat(line))
      expect(flat(email.html)).toContain(flat(line))
    }
    expect(hrefs(email.html)).toContain(data.game.url)
    expect(hrefs(email.html)).toContain(data.unsubscribeUrl)
  })
})

describe('escaping', () => {
  const hostile = '<script>alert("x")</script> & <b>Co</b>'
  const data = {
    ...fixtures.yourPhase(),
    game: { ...fixtures.game, title: hostile },
    happened: ['Zaku <ZK1> moved & hid.'],
  }
  const email = composeEmail('your-phase', data)

  it('escapes a game title and narration in HTML', () => {
    expect(email.html).not.toContain('<script>')
    expect(email.html).not.toContain('<b>Co</b>')
    expect(email.html).toContain('&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &lt;b&gt;Co&lt;/b&gt;')
    expect(email.html).toContain('Zaku &lt;ZK1&gt; moved &amp; hid.')
  })

  it('leaves plain text and the subject as written', () => {
    expect(email.subject).toBe(`${hostile}: your movement phase, turn 1, second half (Zeon)`)
    expect(email.text).toContain(hostile)
    expect(email.text).not.toContain('&lt;')
  })

  it('keeps a subject on one line whatever the title holds', () => {
    const injected = composeEmail('your-phase', {
      ...data,
      game: { ...fixtures.game, title: 'Cup\r\nBcc: everyone@example.org' },
    })
    expect(injected.subject).toBe('Cup Bcc: everyone@example.org: your movement phase, turn 1, second half (Zeon)')
  })
})

describe('bad data fails loudly', () => {
  const data = fixtures.yourPhase()

  function problems(kind: EmailKind, bad: unknown): string[] {
    try {
      composeEmail(kind, bad as never)
    } catch (e) {
      expect(e).toBeInstanceOf(EmailDataError)
      return (e as EmailDataError).problems
    }
    throw new Error('composeEmail accepted bad data')
  }

  it('names each missing field with its path', () => {
    const { deadline: _d, ...noDeadline } = data
    expect(problems('your-phase', noDeadline)).toEqual(['deadline is missing'])
    const { timeZone: _t, ...noZone } = data.recipient
    expect(problems('your-phase', { ...data, recipient: noZone, replyAddress: undefined })).toEqual([
      'replyAddress is missing',
      'recipient.timeZone is missing',
    ])
    expect(problems('game-over', { ...fixtures.gameOver(), seed: undefined })).toEqual(['seed is missing'])
  })

  it('refuses malformed values: zone, instant without offset, link, seed', () => {
    expect(problems('your-phase', { ...data, recipient: { ...data.recipient, timeZone: 'Mars/Olympus' } })).toEqual([
      'recipient.timeZone is not an IANA time zone',
    ])
    expect(problems('your-phase', { ...data, deadline: { ...data.deadline, at: '2026-12-05 12:00' } })).toEqual([
      'deadline.at is not an ISO instant with an offset',
    ])
    expect(problems('your-phase', { ...data, deadline: { ...data.deadline, at: '2026-12-05T12:00:00' } })).toEqual([
      'deadline.at is not an ISO instant with an offset',
    ])
    expect(problems('your-phase', { ...data, unsubscribeUrl: 'javascript:alert(1)' })).toEqual([
      'unsubscribeUrl is not an http(s) URL',
    ])
    expect(problems('your-phase', { ...data, game: { ...data.game, title: '  ' } })).toEqual([
      'game.title is not a non-empty string',
    ])
    expect(problems('game-over', { ...fixtures.gameOver(), seed: 'abc' })).toEqual(['seed is not 64 hex digits'])
    expect(problems('your-phase', { ...data, happened: 'GM1 moved' })).toEqual(['happened is not a list of strings'])
  })

  it('names a field inside a group that may be null, a list by its own name, and the kind in the message', () => {
    const resolved = fixtures.phaseResolved()
    expect(problems('phase-resolved', { ...resolved, next: { ...resolved.next!, side: ' ' } })).toEqual([
      'next.side is not a non-empty string',
    ])
    expect(problems('phase-resolved', { ...resolved, happened: ['GM1 moved.', 3] })).toEqual([
      'happened is not a list of strings',
    ])
    expect(problems('phase-resolved', 'GM1 moved.')).toEqual(['the data is not an object'])
    expect(() => composeEmail('invite', { ...fixtures.invite(), expiresAt: 'next Friday' })).toThrow(
      'invite email: expiresAt is not an ISO instant with an offset',
    )
  })

  it('accepts null only where the type allows it', () => {
    expect(() => composeEmail('game-over', { ...fixtures.gameOver(), winner: null })).not.toThrow()
    expect(problems('game-over', { ...fixtures.gameOver(), reason: null })).toEqual(['reason is null'])
  })

  it('refuses an unknown kind', () => {
    expect(() => composeEmail('postcard' as EmailKind, data as never)).toThrow(/unknown email kind/)
  })
})

describe("a club's templates", () => {
  const dir = mkdtempSync(join(tmpdir(), 'hexmail-templates-'))
  afterAll(() => rmSync(dir, { recursive: true, force: true }))

  it('replace the files they hold and keep the rest', () => {
    writeFileSync(
      join(dir, 'your-phase.subject.hbs'),
      '[Solomon League] {{game.title}}: {{side}} to play by {{formatShortDate deadline.at recipient.timeZone}}\n',
    )
    const email = composeEmail('your-phase', fixtures.yourPhase(), { overrideDir: dir })
    expect(email.subject).toBe('[Solomon League] Solomon Cup, round 3: Zeon to play by 5 Dec, 21:00')
    expect(email.text).toContain('How to give your orders')
    expect(composeEmail('your-phase', fixtures.yourPhase()).subject).toMatch(/^Solomon Cup/)
  })

  it('fail when they name a field the data does not have (strict mode)', () => {
    const strict = mkdtempSync(join(tmpdir(), 'hexmail-templates-'))
    try {
      writeFileSync(join(strict, 'reminder.subject.hbs'), '{{game.name}} is waiting\n')
      expect(() => composeEmail('reminder', fixtures.reminder(), { overrideDir: strict })).toThrow(/"name" not defined/)
    } finally {
      rmSync(strict, { recursive: true, force: true })
    }
  })

  it('fail at load with the file name when a template does not parse', () => {
    const broken = mkdtempSync(join(tmpdir(), 'hexmail-templates-'))
    try {
      writeFileSync(join(broken, 'invite.html.hbs'), '{{#if from}}unclosed\n')
      expect(() => composeEmail('invite', fixtures.invite(), { overrideDir: broken })).toThrow(/invite\.html\.hbs/)
    } finally {
      rmSync(broken, { recursive: true, force: true })
    }
  })
})

it('the deadline fixture is the instant the tests assume', () => {
  expect(new Date(DEADLINE).toISOString()).toBe('2026-12-05T12:00:00.000Z')
})

describe('messages remembered between emails (helpers.ts message)', () => {
  it('gives each set of values its own message, the same as translate, in each language', () => {
    for (const locale of ['en', 'ja'] as const)
      for (let round = 0; round < 2; round++)
        for (const [key, values] of [
          ['turn.first', { turn: 3 }],
          ['turn.first', { turn: 4 }],
          ['turn.part', { turn: 4, part: 3 }],
          ['turn.part', { turn: 4, part: '3' }],
        ] as const)
          expect(message(locale, key, values)).toBe(translate(locale, EMAIL_NS, key, values))
    expect(message('en', 'turn.first', { turn: 3 })).toBe('turn 3, first half')
    expect(message('en', 'turn.first', { turn: 4 })).toBe('turn 4, first half')
  })

  it('two readers of one position get their own names and time zones, whatever came first', () => {
    const first = composeEmail('your-phase', fixtures.yourPhase(amuro))
    const second = composeEmail('your-phase', fixtures.yourPhase(char))
    const again = composeEmail('your-phase', fixtures.yourPhase(amuro))
    expect(again).toEqual(first)
    expect(second.text).toContain(char.name)
    expect(second.text).not.toContain(amuro.name)
    expect(first.text).toContain(amuro.name)
    expect(first.text).not.toContain(char.name)
  })
})
