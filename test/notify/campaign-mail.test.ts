// Campaign emails (a season of format `campaign`): the leagues layer writes the outbox rows; here they are
// written directly, with Real Battle teams and events made by its own campaign hooks (newTeam, maintain,
// show, settle), and the relay, the fan-out and the worker make them into emails, as for any other kind.
// A maintenance period goes to the team's player; a settlement to every entrant, their own team marked.
import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createDice } from '../../src/engine/dice.js'
import { displayWidth } from '../../src/notify/compose/text-wrap.js'
import { ruleSystem, type CampaignTeam, type RuleCampaign } from '../../src/rulesets/index.js'
import { outboxProblem } from '../../src/store/outbox.js'
import { as, register, type User } from '../http/helpers.js'
import { playShow, seedHex } from '../rulesets/realbattle/campaign-play.js'
import { waitFor } from '../support/smtp.js'
import { startMailStack, type MailStack } from './stack.js'

let s: MailStack
let alice: User
let bob: User
let carol: User
const seasonId = randomUUID()
const clubId = randomUUID()
const SEASON = 'バトリング 2026'
const CLUB = 'Side 3 Wargamers'
/** Saturday 5 December 2026, 12:00 UTC: 12:00 in London, 21:00 in Tokyo. */
const ENDS_AT = '2026-12-05T12:00:00Z'

const rc: RuleCampaign = ruleSystem('realbattle')!.campaign!
const checked = rc.checkRules(undefined)
if (!('rules' in checked)) throw new Error('Real Battle refuses its own default campaign rules')
const rules = checked.rules

/** The entries of the season: Alice's team, Bob's (a Japanese name), and Carol's (withdrawn, unsubscribed). */
const entry = { alice: randomUUID(), bob: randomUUID(), carol: randomUUID() }
const NAMES: Record<string, string> = { [entry.alice]: 'Alice', [entry.bob]: 'ボブ', [entry.carol]: 'Carol' }

/** Period 1's maintenance as a player sends it: an AT, a gun on it, a pilot, and the choice for the show. */
const FIRST_ORDERS =
  'buy-at scopedog\nbuy-weapon hmg\nmount w2 on at1\nscout max 900 name "Chirico" name-ja "キリコ"\nfield at1 p3'

/** A new team after period 1, maintained with the season's dice (the first seed whose rolls equip it). */
function equipped(entrant: string): { team: unknown; events: unknown[] } {
  const parsed = rc.parseActions(FIRST_ORDERS, 'en')
  if (!('actions' in parsed)) throw new Error(JSON.stringify(parsed.errors))
  for (let seed = 1; seed < 40; seed++) {
    const r = rc.maintain(rc.newTeam(entrant, rules), parsed.actions, {
      rules,
      used: 0,
      dice: createDice(seedHex(seed), 1),
      locale: 'en',
    })
    if ('team' in r) return { team: r.team, events: r.events }
  }
  throw new Error('no seed equips a team')
}

const teams: CampaignTeam[] = [entry.alice, entry.bob, entry.carol].map((e) => ({ entrant: e, team: equipped(e).team }))

/** Show 1 on RB-23-S1, played to its end by the engine's random player, then settled. */
function showOne(): { teams: CampaignTeam[]; events: unknown[] } {
  const r = rc.show(teams, { rules, scenario: 'RB-23-S1', dice: createDice(seedHex(5), 2), title: 'Show 1' })
  if (!('game' in r)) throw new Error(`no show: ${r.noShow.message}`)
  const played = playShow(r.game, 11, 6)
  const end = played.state.ended!
  return rc.settle(
    teams,
    r.game.lineUp,
    { state: played.state, events: played.events, winner: end.winner, reason: end.reason },
    { rules, dice: createDice(seedHex(5), 3) },
  )
}

/** Every team by net worth, highest first, as the leagues layer writes them. */
function standingsOf(after: CampaignTeam[], withdrawn: string[] = []) {
  const users: Record<string, string> = { [entry.alice]: alice.id, [entry.bob]: bob.id, [entry.carol]: carol.id }
  return after
    .map((t) => ({
      entryId: t.entrant,
      userId: users[t.entrant]!,
      name: NAMES[t.entrant]!,
      netWorth: rc.netWorth(t.team, rules),
      withdrawn: withdrawn.includes(t.entrant),
    }))
    .sort((a, b) => b.netWorth - a.netWorth)
    .map((t, i) => ({ position: i + 1, ...t }))
}

const G = (n: number) => `${n < 0 ? '-' : ''}G${Math.abs(n).toLocaleString('en-US')}`

beforeAll(async () => {
  s = await startMailStack()
  alice = await register(s.app, 'Alice')
  bob = await register(s.app, 'Bob')
  carol = await register(s.app, 'Carol')
  const prefs = async (user: User, payload: Record<string, unknown>) => {
    const res = await s.app.inject({ method: 'PATCH', url: '/me/preferences', headers: as(user), payload })
    expect(res.statusCode, res.body).toBe(200)
  }
  await prefs(alice, { timeZone: 'Europe/London' })
  await prefs(bob, { locale: 'ja', timeZone: 'Asia/Tokyo' })
  await prefs(carol, { subscribed: false })
}, 60_000)
afterAll(async () => s?.close())

async function outbox(kind: string, payload: unknown) {
  // A payload the fan-out would refuse is a mistake of this test, said at once.
  expect(outboxProblem(kind, payload)).toBeNull()
  await s.t.sql(`INSERT INTO "Outbox"(kind, payload) VALUES ($1, $2::jsonb)`, [kind, JSON.stringify(payload)])
}

const mail = (user: User, kind: string) => s.mails(user.email, kind)
const only = (user: User, kind: string) => {
  const got = mail(user, kind)
  expect(got).toHaveLength(1)
  return got[0]!.parsed
}
/** Text with line breaks and runs of spaces made one space: a wrapped sentence reads whole. */
const flat = (text: string | false | undefined) => String(text).replace(/\s+/g, ' ')
/** Japanese text with every space gone (the wrapper breaks lines between wide characters). */
const tight = (text: string | false | undefined) => String(text).replace(/\s+/g, '')
/** Every href of the HTML part, entities decoded. */
const hrefs = (html: string | false | undefined) =>
  [...String(html).matchAll(/href="([^"]*)"/g)].map((m) => m[1]!.replace(/&#x3D;/g, '=').replace(/&amp;/g, '&'))

const base = { seasonId, seasonName: SEASON, clubId, clubName: CLUB, ruleset: 'realbattle' }

describe('campaign emails', () => {
  it('campaign-period: the player hears of their team, its choices and prices, the close, how to send', async () => {
    const aliceTeam = teams[0]!.team
    const bobTeam = teams[1]!.team
    const period = { ...base, round: 2, shows: 3, endsAt: ENDS_AT, rules }
    await outbox('campaign-period', { ...period, to: [alice.id], entryId: entry.alice, team: aliceTeam })
    await outbox('campaign-period', { ...period, to: [bob.id], entryId: entry.bob, team: bobTeam })
    await outbox('campaign-period', { ...period, to: [carol.id], entryId: entry.carol, team: teams[2]!.team })
    await waitFor(
      'both period emails',
      () => mail(alice, 'campaign-period').length + mail(bob, 'campaign-period').length === 2,
    )

    const en = only(alice, 'campaign-period')
    expect(en.subject).toBe(`[${CLUB}] ${SEASON} — maintenance period 2 of 3 is open`)
    const text = String(en.text)
    expect(flat(text)).toContain(`Maintenance period 2 of 3 of ${SEASON} (${CLUB}) is open`)
    // The close in Alice's time zone, and what happens to actions not sent.
    expect(flat(text)).toContain('DEADLINE: Saturday 5 December 2026 at 12:00 (Europe/London, UTC)')
    expect(flat(text)).toContain('If you miss it, the actions you have not sent are simply not taken.')
    // The team as its rule system tells it, every line.
    expect(text).toMatch(/Your team\n-+\n/)
    const lines = rc.teamLines(aliceTeam, rules, 'en')
    expect(lines[0]).toMatch(/^Money G[\d,]+, debt G0, net worth G[\d,]+\.$/)
    for (const line of lines) expect(flat(text)).toContain(flat(line))
    expect(text).toMatch(/at1 Scopedog: durability 16\/16 — w2 Heavy Machine Gun/)
    expect(text).toMatch(/p3 Chirico: PP \d+, EXP 0/)
    // What it may do, each line as it would be sent, with its price; left whole.
    const help = rc.actionHelp(aliceTeam, rules, 'en')
    expect(help.lines.length).toBeGreaterThan(3)
    for (const line of help.lines) expect(text).toContain(`    ${line}\n`)
    expect(text).toMatch(/^ {4}buy-weapon hmg +# Heavy Machine Gun: G300, found on 2d6 ≤ 11$/m)
    expect(text).toMatch(/^ {4}buy-magazine w2 +# w2: one magazine more, G50$/m)
    expect(flat(text)).toContain('You have 5 actions this period.')
    if (help.omitted > 0) expect(flat(text)).toContain(`${help.omitted} more line`)
    // How to send: the season's page signed for Alice, the API with the example, `done`, the team's read.
    expect(text).toMatch(new RegExp(`http://hexmail\\.test/s/${seasonId}\\?login=\\S+`))
    expect(flat(text)).toContain(`POST http://hexmail.test/seasons/${seasonId}/teams/${entry.alice}/actions`)
    expect(text).toContain('    {"text":"buy-weapon hmg\\nrepair at1","done":true}\n')
    expect(flat(text)).toContain('"done": true says you have finished: your maintenance ends there')
    expect(flat(text)).toContain('Actions not sent by the close are simply not taken.')
    expect(flat(text)).toContain(`GET http://hexmail.test/seasons/${seasonId}/teams/${entry.alice}`)
    expect(hrefs(en.html)).toContain(`http://hexmail.test/seasons/${seasonId}/teams/${entry.alice}`)
    expect(hrefs(en.html).some((h) => h.startsWith(`http://hexmail.test/s/${seasonId}?login=`))).toBe(true)
    expect(String(en.html)).toContain(
      '{&quot;text&quot;:&quot;buy-weapon hmg\\nrepair at1&quot;,&quot;done&quot;:true}',
    )
    expect(String(en.html)).toContain('Scopedog')

    // Bob reads it in Japanese, his own team in his words, the close in Tokyo time.
    const ja = only(bob, 'campaign-period')
    expect(ja.subject).toBe(`[${CLUB}] ${SEASON}：第2整備期間が始まりました（全3回）`)
    const jaText = String(ja.text)
    expect(tight(jaText)).toContain(tight(`${CLUB}の${SEASON}、第2整備期間（全3回）が始まりました。`))
    expect(tight(jaText)).toContain('締め切り：2026年12月5日（土）21:00（Asia/Tokyo、UTC+9）')
    expect(tight(jaText)).toContain('締め切りを過ぎると、送っていない行動は行われません。')
    expect(jaText).toMatch(/あなたのチーム\n-+\n/)
    for (const line of rc.teamLines(bobTeam, rules, 'ja')) expect(tight(jaText)).toContain(tight(line))
    expect(tight(jaText)).toContain('スコープドッグ(Scopedog)：耐久力16/16')
    for (const line of rc.actionHelp(bobTeam, rules, 'ja').lines) expect(jaText).toContain(`    ${line}\n`)
    expect(tight(jaText)).toContain('この整備期間に行えるのは5行動です。')
    expect(tight(jaText)).toContain(`POSThttp://hexmail.test/seasons/${seasonId}/teams/${entry.bob}/actionsに`)
    expect(tight(jaText)).toContain('"done":trueを付けると、そこで整備を終えたことになります')
    expect(tight(jaText)).toContain('終了までに送られなかった行動は、行われないだけです。')
    expect(jaText).toMatch(new RegExp(`http://hexmail\\.test/s/${seasonId}\\?login=\\S+`))
    // No English sentence of the email's own is left in it.
    expect(jaText).not.toMatch(/maintenance period|Your team|What you may do|simply not taken/)

    // Carol unsubscribed: nothing.
    expect(mail(carol, 'campaign-period')).toHaveLength(0)
  })

  it('campaign-settled: what happened, the table by net worth with the reader marked, the game', async () => {
    const settled = showOne()
    const standings = standingsOf(settled.teams, [entry.carol])
    const gameId = randomUUID()
    await outbox('campaign-settled', {
      ...base,
      to: [alice.id, bob.id, carol.id],
      round: 1,
      shows: 3,
      gameId,
      noShow: null,
      events: settled.events,
      standings,
      finished: false,
    })
    await waitFor(
      'the settlement emails',
      () => mail(alice, 'campaign-settled').length + mail(bob, 'campaign-settled').length === 2,
    )

    const en = only(alice, 'campaign-settled')
    expect(en.subject).toBe(`[${CLUB}] ${SEASON} — show 1 settled`)
    const text = String(en.text)
    expect(flat(text)).toContain(`Show 1 of 3 of ${SEASON} (${CLUB}) has been played and settled.`)
    // The events narrated, teams by name rather than by entry id.
    expect(text).toMatch(/What happened\n-+\n- /)
    expect(text).not.toContain(entry.alice)
    expect(text).not.toContain(entry.bob)
    // The events as the row keeps them (jsonb orders an object's keys its own way: the narrator sorts them).
    const stored = await s.t.sql(
      `SELECT payload->'events' AS events FROM "Outbox" WHERE kind = 'campaign-settled' ORDER BY id DESC LIMIT 1`,
    )
    const narrated = rc.narrate(stored.rows[0]!.events as never[], 'en', {
      [entry.alice]: 'Alice',
      [entry.bob]: 'ボブ',
      [entry.carol]: 'Carol',
    })
    expect(narrated.length).toBeGreaterThan(2)
    for (const line of narrated) expect(flat(text)).toContain(flat(line))
    expect(flat(text)).toMatch(/The show is over: (\S+ won|a draw)/)
    // The table: position, name (marked), net worth as G1,234.
    expect(text).toMatch(/Pos\s+Team\s+Net worth/)
    for (const r of standings) {
      const mark = r.entryId === entry.alice ? ' \\(you\\)' : r.withdrawn ? ' \\(withdrawn\\)' : ''
      expect(text).toMatch(new RegExp(`^ +${r.position} {2}${r.name}${mark} +${G(r.netWorth)}$`, 'm'))
    }
    expect(text.match(/\(you\)/g)).toHaveLength(1)
    // The show's game and the season, both signed for Alice.
    expect(flat(text)).toMatch(new RegExp(`Open the show's game: http://hexmail\\.test/g/${gameId}\\?login=\\S+`))
    expect(text).toMatch(new RegExp(`http://hexmail\\.test/s/${seasonId}\\?login=\\S+`))
    // In HTML, Alice's own row is the highlighted one.
    const html = String(en.html)
    const rows = [...html.matchAll(/<tr( style="[^"]*")?>\s*<td[^>]*>(\d+)<\/td>\s*<td[^>]*>([^<]*)/g)]
    expect(rows).toHaveLength(3)
    const mine = rows.find((m) => m[3]!.startsWith('Alice'))!
    expect(mine[1]).toContain('background-color:#fff6e0')
    expect(mine[3]).toBe('Alice (you)')
    for (const other of rows.filter((m) => m !== mine)) expect(other[1]).toBeUndefined()
    expect(html).toMatch(/Carol <span[^>]*>\(withdrawn\)<\/span>/)
    expect(hrefs(html).some((h) => h.startsWith(`http://hexmail.test/g/${gameId}?login=`))).toBe(true)

    // Bob in Japanese: his row marked, the columns aligned though his name is wide.
    const ja = only(bob, 'campaign-settled')
    expect(ja.subject).toBe(`[${CLUB}] ${SEASON}：第1興行の精算が済みました`)
    const jaText = String(ja.text)
    expect(tight(jaText)).toContain(tight(`${CLUB}の${SEASON}、第1興行（全3回）が行われ、精算が済みました。`))
    expect(jaText).toMatch(/出来事\n-+\n- /)
    expect(tight(jaText)).toMatch(/興行終了：\S+の勝ち|興行終了：引き分け/)
    expect(jaText).toMatch(/純資産による順位\n-+\n/)
    expect(jaText).toMatch(/順位\s+チーム\s+純資産/)
    expect(jaText).toMatch(/ボブ（あなた）\s+G[\d,]+$/m)
    expect(jaText).toMatch(/Carol（棄権）\s+-?G[\d,]+$/m)
    const table = jaText.split('\n').filter((l) => /^ +(順位|\d+ {2})/.test(l))
    expect(table).toHaveLength(4)
    // Right-aligned net worth: every row ends at the same column, wide characters counted two.
    expect(new Set(table.map(displayWidth)).size).toBe(1)
    expect(tight(jaText)).toContain(`興行の対局を開く:http://hexmail.test/g/${gameId}?login=`)
    expect(jaText).not.toMatch(/What happened|Standings|\(you\)|withdrawn/)

    expect(mail(carol, 'campaign-settled')).toHaveLength(0)
  })

  it('campaign-settled with no show, and the last one: the subject says so; no game link', async () => {
    // No show: nothing falls due (settle with no game; RB-24.20 charges interest after a match).
    const quiet = rc.settle(teams, null, null, { rules, dice: createDice(seedHex(9), 4) })
    await outbox('campaign-settled', {
      ...base,
      to: [alice.id, bob.id],
      round: 2,
      shows: 3,
      gameId: null,
      noShow: 'Only 1 team can field a living pilot and an AT: there is no show',
      noShowReason: {
        rule: 'RB-24.10',
        message: 'only 1 team(s) can field an AT with a living pilot: no show',
        key: 'realbattle.campaign.noShow',
        params: { n: 1 },
      },
      events: quiet.events,
      standings: standingsOf(quiet.teams),
      finished: false,
    })
    await waitFor(
      'the no-show emails',
      () => mail(alice, 'campaign-settled').length + mail(bob, 'campaign-settled').length === 4,
    )
    const en = mail(alice, 'campaign-settled')[1]!.parsed
    expect(en.subject).toBe(`[${CLUB}] ${SEASON} — no show this round`)
    expect(flat(en.text)).toContain(`There was no show in round 2 of 3 of ${SEASON} (${CLUB}).`)
    expect(flat(en.text)).toContain('Why: only 1 team(s) can field an AT with a living pilot: no show (RB-24.10)')
    expect(String(en.text)).not.toContain('/g/')
    expect(String(en.text)).toMatch(/ 1 {2}\S+.* +G[\d,]+$/m)
    const ja = mail(bob, 'campaign-settled')[1]!.parsed
    expect(ja.subject).toBe(`[${CLUB}] ${SEASON}：今回は興行がありませんでした`)
    expect(tight(ja.text)).toContain(tight(`${CLUB}の${SEASON}、第2回（全3回）は興行がありませんでした。`))
    // The reason in Japanese, from the rule system's refusal key; never the English half-translated.
    expect(tight(ja.text)).toContain(tight('出場させられるチームが1つしかありません'))
    expect(String(ja.text)).toContain('RB-24.10')
    expect(String(ja.text)).not.toMatch(/Only 1 team|only 1 team/)

    // The last show: the campaign is over.
    const last = showOne()
    await outbox('campaign-settled', {
      ...base,
      to: [alice.id, bob.id],
      round: 3,
      shows: 3,
      gameId: randomUUID(),
      noShow: null,
      events: last.events,
      standings: standingsOf(last.teams),
      finished: true,
    })
    await waitFor(
      'the closing emails',
      () => mail(alice, 'campaign-settled').length + mail(bob, 'campaign-settled').length === 6,
    )
    const end = mail(alice, 'campaign-settled')[2]!.parsed
    expect(end.subject).toBe(`[${CLUB}] ${SEASON} — the campaign is over`)
    expect(flat(end.text)).toContain('It was the last round: the campaign is over.')
    expect(end.text).toMatch(/Final standings by net worth\n-+\n/)
    const endJa = mail(bob, 'campaign-settled')[2]!.parsed
    expect(endJa.subject).toBe(`[${CLUB}] ${SEASON}：キャンペーンが終了しました`)
    expect(tight(endJa.text)).toContain('これが最後の回でした。キャンペーンは終了です。')
    expect(endJa.text).toMatch(/純資産による最終順位\n-+\n/)
  })

  it('a system without a campaign: the emails go out without its lines rather than fail', async () => {
    expect(ruleSystem('abaoaqu')!.campaign).toBeUndefined()
    await outbox('campaign-period', {
      ...base,
      ruleset: 'abaoaqu',
      to: [alice.id],
      entryId: entry.alice,
      round: 1,
      shows: 2,
      endsAt: ENDS_AT,
      team: {},
      rules: {},
    })
    await waitFor('the bare period email', () => mail(alice, 'campaign-period').length === 2)
    const bare = mail(alice, 'campaign-period')[1]!.parsed
    expect(bare.subject).toBe(`[${CLUB}] ${SEASON} — maintenance period 1 of 2 is open`)
    expect(bare.text).not.toMatch(/Your team\n/)
    expect(flat(bare.text)).toContain('Your team has nothing it can do this period.')
    expect(flat(bare.text)).toContain(`POST http://hexmail.test/seasons/${seasonId}/teams/${entry.alice}/actions`)
  })

  it('a payload that does not fit its kind is named, field by field', () => {
    const period = { ...base, to: [], entryId: 'e', round: 0, shows: 3, endsAt: ENDS_AT, team: {}, rules: {} }
    expect(outboxProblem('campaign-period', period)).toMatch(
      /^the payload of a "campaign-period" outbox row does not fit: \/round /,
    )
    expect(
      outboxProblem('campaign-settled', {
        ...base,
        to: [],
        round: 1,
        shows: 1,
        gameId: null,
        noShow: null,
        events: [],
        standings: [{ position: 1, entryId: 'e', userId: 'u', name: 'A', netWorth: '1,000', withdrawn: false }],
        finished: false,
      }),
    ).toMatch(/\/standings\/0\/netWorth /)
  })
})
