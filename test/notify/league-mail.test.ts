// League emails (docs/leagues.md): the leagues layer writes the outbox rows; here they are written
// directly, and the relay, the fan-out and the worker make them into emails, as for any other kind.
// Each reader gets it in their own language; an unsubscribed entrant gets nothing.
import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { outboxProblem } from '../../src/store/outbox.js'
import { as, register, type User } from '../http/helpers.js'
import { waitFor } from '../support/smtp.js'
import { queueIdle, startGame, startMailStack, type MailStack } from './stack.js'

let s: MailStack
let alice: User
let bob: User
let carol: User
const seasonId = randomUUID()
const clubId = randomUUID()
const SEASON = '2026年 秋季リーグ'
const CLUB = 'Side 3 Wargamers'

beforeAll(async () => {
  s = await startMailStack()
  alice = await register(s.app, 'Alice')
  bob = await register(s.app, 'Bob')
  carol = await register(s.app, 'Carol')
  const ja = await s.app.inject({
    method: 'PATCH',
    url: '/me/preferences',
    headers: as(bob),
    payload: { locale: 'ja' },
  })
  expect(ja.statusCode, ja.body).toBe(200)
  const off = await s.app.inject({
    method: 'PATCH',
    url: '/me/preferences',
    headers: as(carol),
    payload: { subscribed: false },
  })
  expect(off.statusCode, off.body).toBe(200)
}, 60_000)
afterAll(async () => s?.close())

async function outbox(kind: string, payload: unknown, dedupeKey: string | null = null) {
  // As the server writes them: a row with a key already written is dropped.
  await s.t.sql(`INSERT INTO "Outbox"(kind, payload, "dedupeKey") VALUES ($1, $2::jsonb, $3) ON CONFLICT DO NOTHING`, [
    kind,
    JSON.stringify(payload),
    dedupeKey,
  ])
}

const mail = (user: User | string, kind: string) => s.mails(typeof user === 'string' ? user : user.email, kind)
const only = (user: User | string, kind: string) => {
  const got = mail(user, kind)
  expect(got).toHaveLength(1)
  return got[0]!.parsed
}

const standings = [
  { division: 'Premier', position: 1, name: 'Alice', played: 2, won: 1, drawn: 1, lost: 0, points: 1.5 },
  { division: 'Premier', position: 2, name: 'ボブ', played: 2, won: 0, drawn: 1, lost: 1, points: 0.5 },
]
/** A season of two divisions: each division's rows come under its name. */
const twoDivisions = [
  ...standings,
  { division: 'One', position: 1, name: 'Dan', played: 1, won: 1, drawn: 0, lost: 0, points: 1 },
  { division: 'One', position: 2, name: 'Eve', played: 1, won: 0, drawn: 0, lost: 1, points: 0 },
]

describe('league emails', () => {
  it('season-fixture: each player of the fixture game hears who they play, with which side, and when', async () => {
    const { gameId } = await startGame(s, alice, bob, '秋季リーグ 第2節')
    const game = (await s.app.inject({ method: 'GET', url: `/games/${gameId}` })).json()
    await outbox('season-fixture', {
      to: [alice.id, bob.id],
      seasonId,
      seasonName: SEASON,
      clubId,
      clubName: CLUB,
      round: 2,
      gameId,
      scenario: 'A-S4',
      players: [
        { userId: alice.id, name: 'Alice', side: 'FED' },
        { userId: bob.id, name: 'Bob', side: 'ZEON' },
      ],
      deadline: game.deadline,
    })
    await waitFor(
      'both fixture emails',
      () => mail(alice, 'season-fixture').length + mail(bob, 'season-fixture').length === 2,
    )

    const en = only(alice, 'season-fixture')
    expect(en.subject).toBe(`${SEASON}, round 2: your game against Bob`)
    const enText = en.text!.replace(/\s+/g, ' ')
    expect(enText).toContain(`Your game in ${SEASON} (${CLUB}), round 2, is ready.`)
    expect(enText).toMatch(/You play Federation against Bob, in the scenario A-S4/)
    expect(enText).toContain('The first deadline is')
    // The game's and the season's pages, signed in for Alice.
    expect(en.text).toMatch(new RegExp(`http://hexmail\\.test/g/${gameId}\\?login=\\S+`))
    expect(en.text).toMatch(new RegExp(`http://hexmail\\.test/s/${seasonId}\\?login=\\S+`))

    const ja = only(bob, 'season-fixture')
    expect(ja.subject).toBe(`${SEASON} 第2節：Aliceさんとの対局`)
    const jaText = ja.text!.replace(/\s+/g, '')
    expect(jaText).toContain(`${CLUB}の${SEASON}、第2節の対局の準備ができました。`.replace(/\s+/g, ''))
    expect(jaText).toMatch(/Aliceさんとの対戦で、あなたは\S+を担当します。/)
    expect(jaText).toContain('最初の締め切りは')
    expect(mail(carol, 'season-fixture')).toHaveLength(0)
  })

  it('season-standings: the table in text and HTML, in each reader language; the unsubscribed get none', async () => {
    const payload = { to: [alice.id, bob.id, carol.id], seasonId, seasonName: SEASON, clubId, clubName: CLUB, week: 1 }
    await outbox('season-standings', { ...payload, standings }, `season-standings:${seasonId}:1`)
    // Written twice (a retried job): the key keeps it to one email each.
    await outbox('season-standings', { ...payload, standings }, `season-standings:${seasonId}:1`)
    await waitFor(
      'the standings emails',
      () => mail(alice, 'season-standings').length + mail(bob, 'season-standings').length === 2,
    )
    await waitFor('the queue to drain', () => queueIdle(s))

    const en = only(alice, 'season-standings')
    expect(en.subject).toBe(`${SEASON}: the standings after week 1`)
    expect(en.text).toMatch(/Pos\s+Name\s+P\s+W\s+D\s+L\s+Pts/)
    expect(en.text).toMatch(/ 1 {2}Alice\s+2 {2}1 {2}1 {2}0 {2}1\.5/)
    expect(en.text).toMatch(/ 2 {2}ボブ\s+2 {2}0 {2}1 {2}1 {2}0\.5/)
    expect(en.html).toMatch(/<td[^>]*>ボブ<\/td>/)
    expect(en.html).toMatch(/<td[^>]*>1\.5<\/td>/)
    expect(en.text).toMatch(new RegExp(`/s/${seasonId}\\?login=`))

    const ja = only(bob, 'season-standings')
    expect(ja.subject).toBe(`${SEASON}：第1週の順位表`)
    expect(ja.text).toMatch(/順位\s+名前\s+試合\s+勝\s+分\s+負\s+勝点/)
    expect(ja.html).toContain('勝点')
    expect(mail(carol, 'season-standings')).toHaveLength(0)
  })

  it('season-closed: the final table, and who is promoted and relegated', async () => {
    await outbox(
      'season-closed',
      {
        to: [alice.id, bob.id],
        seasonId,
        seasonName: SEASON,
        clubId,
        clubName: CLUB,
        standings: twoDivisions,
        divisions: [
          { name: 'Premier', promoted: [], relegated: ['ボブ'] },
          { name: 'One', promoted: ['Dan', 'Eve'], relegated: [] },
        ],
      },
      `season-closed:${seasonId}`,
    )
    await waitFor(
      'the closing emails',
      () => mail(alice, 'season-closed').length + mail(bob, 'season-closed').length === 2,
    )
    const en = only(alice, 'season-closed')
    expect(en.subject).toBe(`${SEASON} is over: the final standings`)
    expect(en.text).toMatch(/Relegated from Premier:\s+ボブ/)
    expect(en.text).toMatch(/Promoted from One:\s+Dan\s+Eve/)
    expect(en.text).toMatch(/ 1 {2}Alice/)
    expect(en.text).toMatch(/\[Premier\]\s+1 {2}Alice[^[]*\[One\]\s+1 {2}Dan/)
    expect(en.html).toMatch(/<th colspan="7"[^>]*>One<\/th>/)
    expect(en.html).toMatch(/<li>Dan<\/li><li>Eve<\/li>/)
    const ja = only(bob, 'season-closed')
    expect(ja.subject).toBe(`${SEASON}が終了しました：最終順位`)
    expect(ja.text).toMatch(/Premierから降格：\s+ボブ/)
    expect(ja.text).toMatch(/Oneから昇格：\s+Dan\s+Eve/)
  })

  it('club-invite: to the address, with the club link and token; in Japanese for a Japanese account', async () => {
    const newcomer = `newcomer.${process.pid}@example.org`
    const base = { clubId, clubName: 'ソロモン研究会', inviterName: 'Alice', token: 'tok-123_abc' }
    await outbox('club-invite', { ...base, to: newcomer, userId: null, role: 'member' })
    await outbox('club-invite', { ...base, to: bob.email, userId: bob.id, role: 'moderator' })
    await waitFor(
      'the club invitations',
      () => mail(newcomer, 'club-invite').length + mail(bob, 'club-invite').length === 2,
    )

    const en = only(newcomer, 'club-invite')
    expect(en.subject).toBe('Alice invites you to join ソロモン研究会')
    expect(en.text!.replace(/\s+/g, ' ')).toContain(
      'Alice invites you to join the club ソロモン研究会 on hexmail as a member.',
    )
    expect(en.text).toContain(`Hello newcomer.${process.pid},`)
    // Never signed: the address may have no account.
    expect(en.text).toContain(`http://hexmail.test/c/${clubId}?invite=tok-123_abc`)
    expect(en.text).not.toMatch(/\?invite=\S*login=/)

    const ja = only(bob, 'club-invite')
    expect(ja.subject).toBe('Aliceさんからソロモン研究会への招待が届いています')
    expect(ja.text!.replace(/\s+/g, '')).toContain(
      'hexmailのクラブ「ソロモン研究会」にモデレーターとして参加するよう、あなたを招待しています。',
    )
    expect(ja.text).toContain(`http://hexmail.test/c/${clubId}?invite=tok-123_abc`)
  })

  it('a payload that does not fit its kind is named, field by field', () => {
    expect(
      outboxProblem('season-standings', { to: [], seasonId: 's', seasonName: 'n', clubId: 'c', clubName: 'c' }),
    ).toMatch(/^the payload of a "season-standings" outbox row does not fit: \/week /)
    expect(
      outboxProblem('club-invite', {
        to: 'x@example.org',
        userId: null,
        clubId: 'c',
        clubName: 'n',
        inviterName: 'A',
        role: 'member',
      }),
    ).toMatch(/\/token /)
  })
})
