// The language of an email is its reader's: a player whose account says `ja` gets the your-phase
// email in Japanese (subject and body, dates in their zone written for Japan), while the other player
// of the same game, who kept `en`, gets it in English. Through the real worker and SMTP server.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { translate } from '../../src/i18n/index.js'
import { formatDate } from '../../src/notify/compose/helpers.js'
import { as, register, type User } from '../http/helpers.js'
import { waitFor } from '../support/smtp.js'
import type { Received } from '../support/smtp.js'
import { pendingSeats, startGame, startMailStack, type MailStack } from './stack.js'

let s: MailStack
let alice: User
let bob: User
beforeAll(async () => {
  s = await startMailStack()
  alice = await register(s.app, 'Alice')
  bob = await register(s.app, 'Bob')
  for (const [u, payload] of [
    [alice, { timeZone: 'Asia/Tokyo', locale: 'ja' }],
    [bob, { timeZone: 'Europe/London' }],
  ] as const) {
    const res = await s.app.inject({ method: 'PATCH', url: '/me/preferences', headers: as(u), payload })
    expect(res.statusCode, res.body).toBe(200)
  }
}, 60_000)
afterAll(async () => s?.close())

const flat = (text: string) => text.replace(/\s+/g, ' ')
const JAPANESE = /[\u3040-\u30ff\u4e00-\u9fff\uff01-\uff60]/
/** Plain text as one line: a line break between Japanese characters was not a space. */
const unwrap = (text: string) =>
  flat(text.replace(/(?<=(\S))\n\s*(?=(\S))/g, (_m, a: string, b: string) => (JAPANESE.test(a + b) ? '' : ' ')))

describe('the language of the your-phase email', () => {
  it('a ja player reads it in Japanese, an en player of the same game in English', async () => {
    const { gameId, seq: first, pending: firstPending } = await startGame(s, alice, bob, 'Solomon')
    const players: Record<string, User> = { FED: alice, ZEON: bob }
    const got: Record<string, { mail: Received; deadline: string }> = {}
    let seq = first
    let pending = firstPending
    // Pass until each side has had its phase (A-S4 alternates sides).
    for (let i = 0; i < 4 && Object.keys(got).length < 2; i++) {
      const seat = pending[0]!
      const player = players[seat]!
      const at = seq
      await waitFor(`the your-phase email for ${seat} at entry ${at}`, () =>
        s.mails(player.email, 'your-phase').some((m) => m.parsed.headers.get('x-hexmail-position') === String(at)),
      )
      const summary = (await s.app.inject({ method: 'GET', url: `/games/${gameId}`, headers: as(player) })).json()
      got[seat] ??= {
        mail: s
          .mails(player.email, 'your-phase')
          .find((m) => m.parsed.headers.get('x-hexmail-position') === String(at))!,
        deadline: summary.deadline as string,
      }
      const res = await s.app.inject({
        method: 'POST',
        url: `/games/${gameId}/orders`,
        headers: as(player, { 'content-type': 'text/plain' }),
        payload: 'pass',
      })
      expect(res.statusCode, res.body).toBe(200)
      seq = res.json().seq
      pending = pendingSeats(res.json().pending)
    }
    expect(Object.keys(got).sort()).toEqual(['FED', 'ZEON'])

    // Alice (FED, ja): Japanese subject and body.
    const ja = got.FED!.mail.parsed
    expect(ja.subject).toMatch(/^Solomon：あなたの.+、第\d+ターン/)
    const jaText = unwrap(ja.text!)
    expect(jaText).toContain('Alice さん')
    expect(jaText).toContain('であなたの番です')
    expect(jaText).toContain(`締め切り：${flat(formatDate(got.FED!.deadline, 'Asia/Tokyo', 'ja'))}`)
    expect(formatDate(got.FED!.deadline, 'Asia/Tokyo', 'ja')).toMatch(
      /^\d{4}年\d{1,2}月\d{1,2}日（[日月火水木金土]） \d\d:\d\d（Asia\/Tokyo、UTC\+9）$/,
    )
    for (const heading of [
      '前回のフェイズ以降の出来事',
      'あなたのユニットの近くにいる敵ユニット',
      'あなたの選択肢',
      '命令の出し方',
    ])
      expect(jaText).toContain(heading)
    expect(jaText).toContain('マップはこのメールに画像として添付されています。')
    expect(jaText).toContain('配信停止：http://hexmail.test/unsubscribe?u=')
    // None of the English template sentences is left.
    for (const english of [
      'Hello',
      'It is your turn',
      'How to give your orders',
      'Your options',
      'DEADLINE',
      'Unsubscribe',
    ])
      expect(jaText).not.toContain(english)
    // What A-Bao-A-Qu says is in Japanese too: the step, what it takes, the narration, the options.
    expect(ja.subject).toContain('あなたの移動フェイズ')
    expect(jaText).toContain(
      'このステップ：ユニットを移動またはマップに進入させ、スタック制限を超えるヘックスがあれば取り除くユニットを指定する。',
    )
    expect(jaText).toContain('第1ターン開始。Federationが先攻です。')
    expect(jaText).toContain(unwrap(translate('ja', 'abaoaqu', 'options.legend')))
    expect(jaText).toMatch(/GM3（マップ外、学徒兵パイロット）：進入先は\d+ヘックスのいずれか/)
    for (const english of [
      'Turn 1 began',
      'movement phase',
      'move or enter units',
      'Each line names',
      'off the map',
      'hexes',
    ])
      expect(jaText).not.toContain(english)
    const jaHtml = String(ja.html)
    expect(jaHtml).toContain('<html lang="ja">')
    expect(jaHtml).toContain('<strong>Solomon</strong>')
    expect(jaHtml).toContain('命令の出し方')
    // The reply address works the same whatever the language.
    expect(String(ja.replyTo?.text)).toMatch(/^play\+[a-z2-7]{40}@hexmail\.test$/)
    expect(jaText).toContain(String(ja.replyTo?.text))

    // Bob (ZEON, en): the English email, with the date in London written in English.
    const en = got.ZEON!.mail.parsed
    expect(en.subject).toMatch(/^Solomon: your .+, turn \d+/)
    const enText = flat(en.text!)
    expect(enText).toContain('Hello Bob,')
    expect(enText).toContain(`DEADLINE: ${flat(formatDate(got.ZEON!.deadline, 'Europe/London'))}`)
    expect(enText).toContain('How to give your orders')
    expect(en.subject).toContain('your set-up')
    expect(enText).toContain('set up your units in their zones')
    expect(enText).toContain('Each line names one unit, or several that can act together')
    expect(String(en.html)).toContain('<html lang="en">')
    expect(en.subject).not.toMatch(JAPANESE)
    expect(enText).not.toMatch(JAPANESE)
  }, 120_000)
})
