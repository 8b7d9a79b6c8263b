// A Real Battle campaign of two shows through the API, with the whole mail path (issue 15, "One campaign of
// two shows through the API"): an organiser opens a campaign season; three teams (one player reads Japanese)
// buy ATs and scout pilots in the first maintenance period by text and JSON, are refused what they cannot
// pay for or may not do, finish early; the show's game is created with every seat filled and emailed; it
// ends by a resignation, the league clock settles it (rewards into each team's money), period 2 opens, show
// 2 is played and settled, and the season finishes with the standings by net worth. Then everything is
// checked as an outsider would: the log's hash chain, every die against the revealed seed, and every team
// re-derived from START by replaying each batch of actions with the season's dice.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createDice, seedCommitment, verifyRolls, type DieRoll } from '../../src/engine/dice.js'
import { leagueTick } from '../../src/leagues/clock.js'
import { chainProblem, type SeasonLogEntryRow } from '../../src/leagues/campaign-log.js'
import { ruleSystem } from '../../src/rulesets/index.js'
import MailComposer from 'nodemailer/lib/mail-composer'
import { handleInbound, replyContext } from '../../src/notify/reply.js'
import { startMailStack, type MailStack } from '../notify/stack.js'
import { waitFor } from '../support/smtp.js'
import { as, register, type User } from '../http/helpers.js'

let s: MailStack
let organiser: User
const NAMES = ['Chirico', '山田太郎', 'Fyana'] as const
const people: Record<string, User> = {}
/** A fixed seed for the season's dice, set before the start: the run is the same every time. */
const SEED = '5eed'.repeat(16)

beforeAll(async () => {
  s = await startMailStack()
  organiser = await register(s.app, 'Organiser')
  for (const name of NAMES) people[name] = await register(s.app, name === '山田太郎' ? 'Yamada' : name)
  // The Japanese reader: a Japanese name and Japanese emails.
  const renamed = await s.app.inject({
    method: 'PATCH',
    url: '/me/preferences',
    headers: as(people['山田太郎']!),
    payload: { locale: 'ja' },
  })
  expect(renamed.statusCode, renamed.body).toBe(200)
  await s.t.db.user.update({ where: { id: people['山田太郎']!.id }, data: { name: '山田太郎' } })
}, 120_000)
afterAll(async () => s?.close())

function compose(from: string, to: string, text: string, messageId: string): Promise<Buffer> {
  return new MailComposer({ from, to, subject: 'Re: maintenance', text, messageId }).compile().build()
}

type Method = 'GET' | 'POST' | 'PATCH'
const call = (method: Method, url: string, user: User | null, payload?: object | string, headers = {}) =>
  s.app.inject({
    method,
    url,
    headers: {
      ...as(user),
      ...(typeof payload === 'string' ? { 'content-type': 'text/plain' } : {}),
      ...headers,
    },
    ...(payload !== undefined ? { payload } : {}),
  })

async function ok(method: Method, url: string, user: User | null, payload?: object | string, headers = {}) {
  const res = await call(method, url, user, payload, headers)
  expect(res.statusCode, `${method} ${url}: ${res.body}`).toBeLessThan(300)
  return res.json()
}

interface TeamRead {
  entryId: string
  name: string
  period: { used: number; left: number; done: boolean } | null
  netWorth: number
  team: {
    money: number
    debt: number
    ats: Array<{ id: string; card: string }>
    pilots: Array<{ id: string; name: string; alive: boolean }>
  }
  history: Array<{ kind: string; narration: string[] }>
}

const CAMPAIGN_SEASON = {
  ruleset: 'realbattle',
  scenarios: ['RB-23-S2'],
  format: 'campaign',
  campaign: { shows: 2 },
  membersOnly: false,
  phaseHours: 48,
}

describe('a Real Battle campaign season', () => {
  it('is refused where it cannot be run, naming the field', async () => {
    const club = await ok('POST', '/clubs', organiser, { name: 'Kummen refusals' })
    const refused = async (body: object, field: string) => {
      const res = await call('POST', `/clubs/${club.id}/seasons`, organiser, { name: 'x', ...body })
      expect(res.statusCode, res.body).toBe(400)
      expect(res.json().field ?? res.json().details?.field, res.body).toBe(field)
    }
    await refused({ ...CAMPAIGN_SEASON, ruleset: 'abaoaqu', scenarios: ['A-S4'] }, 'format')
    await refused({ ...CAMPAIGN_SEASON, campaign: { shows: 0 } }, 'campaign.shows')
    await refused({ ...CAMPAIGN_SEASON, campaign: undefined }, 'campaign.shows')
    await refused(
      { ...CAMPAIGN_SEASON, campaign: { shows: 2, rules: { startMoney: -5 } } },
      'campaign.rules.startMoney',
    )
    await refused({ ...CAMPAIGN_SEASON, campaign: { shows: 2, rules: { bribes: 1 } } }, 'campaign.rules.bribes')
    await refused(
      {
        ...CAMPAIGN_SEASON,
        divisions: [
          { name: 'A', promote: 0, relegate: 0 },
          { name: 'B', promote: 0, relegate: 0 },
        ],
      },
      'divisions',
    )
    await refused({ ...CAMPAIGN_SEASON, format: 'single' }, 'campaign')
    // Nothing was created by any of them.
    expect((await ok('GET', `/clubs/${club.id}/seasons`, null)).seasons).toEqual([])
  })

  it('two shows from sign-up to the final table, every die and every team verifiable', async () => {
    const club = await ok('POST', '/clubs', organiser, { name: 'クメン傭兵団', description: 'バトリング' })
    const season = await ok('POST', `/clubs/${club.id}/seasons`, organiser, {
      name: 'ウド・バトリング 2026',
      ...CAMPAIGN_SEASON,
    })
    expect(season.format).toBe('campaign')
    expect(season.campaign.shows).toBe(2)
    expect(season.campaign.rules.startMoney).toBe(3000)
    for (const name of NAMES) await ok('POST', `/seasons/${season.id}/entries`, people[name]!, {})
    await s.t.db.season.update({ where: { id: season.id }, data: { seed: SEED, seedCommitment: seedCommitment(SEED) } })

    // Nothing to act on before the start.
    const entrants = (await ok('GET', `/seasons/${season.id}`, null)).entrants as Array<{
      entryId: string
      userId: string
    }>
    const entryOf = (name: string) => entrants.find((e) => e.userId === people[name]!.id)!.entryId
    const early = await call('POST', `/seasons/${season.id}/teams/${entryOf('Fyana')}/actions`, people.Fyana!, {
      text: 'buy-at scopedog',
    })
    expect(early.statusCode, early.body).toBe(409)

    const started = await ok('POST', `/seasons/${season.id}/start`, organiser)
    expect(started.status).toBe('running')
    expect(started.stage).toBe('maintenance')
    expect(started.round).toBe(1)
    expect(Date.parse(started.stageEndsAt) - Date.now()).toBeGreaterThan(47 * 3_600_000)

    // Every team is told its period is open: the team, the prices, how to send actions.
    for (const name of NAMES)
      await waitFor(`${name}'s period email`, () => s.mails(people[name]!.email, 'campaign-period').length === 1)
    const jaMail = String(s.mails(people['山田太郎']!.email, 'campaign-period')[0]!.parsed.text)
    expect(jaMail).toContain('buy-at')
    expect(jaMail).toMatch(/整備/)
    expect(jaMail).toContain(`/seasons/${season.id}/teams/${entryOf('山田太郎')}/actions`)

    const team = async (name: string): Promise<TeamRead> =>
      ok('GET', `/seasons/${season.id}/teams/${entryOf(name)}`, people[name]!)
    const act = (name: string, body: object | string, headers = {}) =>
      call('POST', `/seasons/${season.id}/teams/${entryOf(name)}/actions`, people[name]!, body, headers)

    const fresh = await team('Chirico')
    expect(fresh.team.money).toBe(3000)
    expect(fresh.team.ats).toEqual([])
    expect(fresh.period).toEqual({ used: 0, left: 5, done: false })

    // Refusals, each changing nothing: another's team, a line that is not an action (with its line), a
    // card the team cannot pay for (RB-24.5), an unknown kind in JSON, a borrowing over the limit.
    const before = await team('Chirico')
    const theirs = await call('POST', `/seasons/${season.id}/teams/${entryOf('Chirico')}/actions`, people.Fyana!, {
      text: 'borrow 500',
    })
    expect(theirs.statusCode, theirs.body).toBe(403)
    const bad = await act('Chirico', '# my plan\nbuy-at scopedog\nbuy-the-lot now')
    expect(bad.statusCode, bad.body).toBe(422)
    expect(bad.json().errors[0].line).toBe(3)
    const kind = await act('Chirico', { actions: [{ kind: 'steal', card: 'scopedog' }] })
    expect(kind.statusCode, kind.body).toBe(422)
    expect(kind.json().errors[0].rule).toMatch(/^RB-24/)
    const tooMuch = await act('Chirico', { actions: [{ kind: 'borrow', amount: 99_999_990 }] })
    expect(tooMuch.statusCode, tooMuch.body).toBe(422)
    expect(await team('Chirico')).toEqual(before)

    // Each team buys a Scopedog and scouts a pilot, one action at a time, until it has both (the dice may
    // refuse a purchase or find nobody: RB-24.5, RB-24.9), by text and by JSON.
    const PILOTS: Record<string, [string, string]> = {
      Chirico: ['Chirico', 'キリコ'],
      山田太郎: ['Gotho', 'ゴウト'],
      Fyana: ['Fyana', 'フィアナ'],
    }
    for (const name of NAMES) {
      for (let i = 0; i < 5; i++) {
        const t = await team(name)
        if (t.team.ats.length > 0 && t.team.pilots.length > 0) break
        const body =
          t.team.ats.length === 0
            ? name === 'Fyana'
              ? { actions: [{ kind: 'buy-at', card: 'scopedog' }] }
              : 'buy-at scopedog'
            : `scout name "${PILOTS[name]![0]}" name-ja 「${PILOTS[name]![1]}」`
        const res = await act(name, body, { 'idempotency-key': `p1-${i}` })
        expect(res.statusCode, res.body).toBe(200)
        expect(res.json().narration.length, res.body).toBeGreaterThan(0)
      }
      const t = await team(name)
      expect(t.team.ats.length, `${name}: ${JSON.stringify(t.team)}`).toBeGreaterThan(0)
      expect(t.team.pilots.length, `${name}: ${JSON.stringify(t.team)}`).toBeGreaterThan(0)
    }

    // What the team cannot pay for is refused before any die is rolled (RB-24.5), the whole batch with it.
    const poorer = await team('Chirico')
    expect(poorer.team.money).toBeLessThan(2500)
    const dear = await act('Chirico', { text: 'borrow 100\nbuy-at brutish' })
    expect(dear.statusCode, dear.body).toBe(422)
    expect(dear.json().errors[0].rule).toBe('RB-24.5')
    expect(dear.json().errors[0].order).toBe(1)
    expect(await team('Chirico')).toEqual(poorer)

    // A refusal names the line in the text (blank lines and comments make no action), and changes nothing.
    const lined = await act('Chirico', '# loans first\nborrow 100\n\nrepay 100\nbuy-at brutish')
    expect(lined.statusCode, lined.body).toBe(422)
    expect(lined.json().errors[0]).toMatchObject({ rule: 'RB-24.5', order: 2, line: 5 })
    expect(await team('Chirico')).toEqual(poorer)
    // Dice rolled are never taken back: the scout (2d6, RB-24.9) stands; the purchase after it is refused.
    const partial = await act('Chirico', 'scout refuse\nbuy-at brutish')
    expect(partial.statusCode, partial.body).toBe(200)
    expect(partial.json().lines).toEqual(['scout refuse'])
    expect(partial.json().rolls.length).toBeGreaterThan(0)
    expect(partial.json().refused).toMatchObject({ rule: 'RB-24.5', order: 1, line: 2 })
    expect(partial.json().done).toBe(false)
    // JSON nested absurdly deep is refused before anything reads it.
    const deep = await act('Chirico', JSON.parse(`{"actions":[${'['.repeat(3000)}${']'.repeat(3000)}]}`) as object)
    expect(deep.statusCode, deep.body).toBe(400)

    // A retry of the same request with the same key answers the first result and adds nothing.
    const logBefore = (await ok('GET', `/seasons/${season.id}/log`, null)).entries.length
    const again = await act('Chirico', 'buy-at scopedog', { 'idempotency-key': 'p1-0' })
    expect(again.statusCode, again.body).toBe(200)
    expect(again.json().replayed).toBe(true)
    expect((await ok('GET', `/seasons/${season.id}/log`, null)).entries.length).toBe(logBefore)
    // The same key with another request is refused.
    const reused = await act('Chirico', 'borrow 100', { 'idempotency-key': 'p1-0' })
    expect(reused.statusCode, reused.body).toBe(422)

    // Everyone says done (by a `done` line, or JSON); the last one closes the period and the show starts.
    // Nothing after a `done` line is read.
    const debtBefore = (await team('Chirico')).team.debt
    const chiricoDone = await act('Chirico', 'borrow 10\ndone\nborrow 20')
    expect(chiricoDone.statusCode, chiricoDone.body).toBe(200)
    expect(chiricoDone.json().lines).toEqual(['borrow 10'])
    expect((await team('Chirico')).team.debt).toBe(debtBefore + 10)
    const twice = await act('Chirico', 'borrow 100')
    expect(twice.statusCode, twice.body).toBe(409)
    await ok('POST', `/seasons/${season.id}/teams/${entryOf('山田太郎')}/actions`, people['山田太郎']!, '完了')
    expect((await ok('GET', `/seasons/${season.id}`, null)).stage).toBe('maintenance')
    await ok('POST', `/seasons/${season.id}/teams/${entryOf('Fyana')}/actions`, people.Fyana!, { done: true })

    const show1 = await ok('GET', `/seasons/${season.id}`, null)
    expect(show1.stage).toBe('show')
    const log1 = (await ok('GET', `/seasons/${season.id}/log`, null)).entries as Array<{
      kind: string
      round: number
      payload: { gameId: string; seats: Array<{ seat: string; side: string; entrant: string }> }
    }>
    const showEntry = log1.find((e) => e.kind === 'SHOW' && e.round === 1)!
    expect(showEntry.payload.gameId).toBeTruthy()
    expect(showEntry.payload.seats).toHaveLength(3)
    // Camps of 2 and 1 (RB-24.11), drawn with the season's dice.
    const sides = showEntry.payload.seats.map((x) => x.side).sort()
    expect([sides.filter((x) => x === 'A').length, sides.filter((x) => x === 'B').length].sort()).toEqual([1, 2])
    const game1 = await ok('GET', `/games/${showEntry.payload.gameId}`, people.Chirico!)
    expect(game1.status).toBe('ACTIVE')
    for (const name of NAMES)
      await waitFor(`${name}'s show email`, () => s.mails(people[name]!.email, 'season-fixture').length === 1)

    // Show 1 ends: the player alone in a camp resigns; the other camp wins.
    const alone = showEntry.payload.seats.find((x) => sides.filter((y) => y === x.side).length === 1)!
    const loserName = NAMES.find((n) => entryOf(n) === alone.entrant)!
    const money1 = Object.fromEntries(await Promise.all(NAMES.map(async (n) => [n, (await team(n)).team.money])))
    await ok('POST', `/games/${showEntry.payload.gameId}/resign`, people[loserName]!)
    // Not settled until the league clock ticks.
    expect((await ok('GET', `/seasons/${season.id}`, null)).stage).toBe('show')
    await leagueTick(s.t.db, new Date())
    const period2 = await ok('GET', `/seasons/${season.id}`, null)
    expect(period2.stage).toBe('maintenance')
    expect(period2.round).toBe(2)
    // RB-24.16: winners earn G1,000 and the loser G500 at least (the smaller camp and the weaker PP add more);
    // RB-24.20: interest on a debt, paid in cash when the team can. The money moved by exactly that.
    const settled = (
      (await ok('GET', `/seasons/${season.id}/log`, null)).entries as Array<{
        kind: string
        round: number
        payload: { events: Array<{ type: string; entrant?: string; amount?: number; paidBy?: string }> }
      }>
    ).find((e) => e.kind === 'SETTLED' && e.round === 1)!
    for (const name of NAMES) {
      const mine = settled.payload.events.filter((e) => e.entrant === entryOf(name))
      const rewards = mine.filter((e) => e.type === 'reward').reduce((a, e) => a + e.amount!, 0)
      const interest = mine
        .filter((e) => e.type === 'interest' && e.paidBy === 'cash')
        .reduce((a, e) => a + e.amount!, 0)
      expect(rewards).toBeGreaterThanOrEqual(name === loserName ? 500 : 1000)
      expect(rewards % 100).toBe(0)
      expect((await team(name)).team.money - (money1[name] as number)).toBe(rewards - interest)
    }
    for (const name of NAMES) {
      await waitFor(`${name}'s settlement email`, () => s.mails(people[name]!.email, 'campaign-settled').length === 1)
      await waitFor(`${name}'s 2nd period email`, () => s.mails(people[name]!.email, 'campaign-period').length === 2)
    }

    // Period 2 by email: 山田太郎 replies to the period's email. A line the rules refuse is answered with its
    // line and rule, in Japanese, and changes nothing; then actions and 完了 are taken, once however often
    // the same email is delivered.
    const yamada = people['山田太郎']!
    const periodMail = s.mails(yamada.email, 'campaign-period')[1]!
    const address = String(periodMail.parsed.replyTo?.value[0]?.address)
    expect(address).toMatch(/^play\+/)
    const ctx = replyContext(s.config, s.t.db)
    const yamadaBefore = await team('山田太郎')
    const bounced = await handleInbound(
      ctx,
      await compose(yamada.email, address, 'borrow 100\nbuy-at nothing-such', '<camp-bad@client.example>'),
    )
    expect(bounced.status, bounced.reason).toBe('refused')
    expect(await team('山田太郎')).toEqual(yamadaBefore)
    await waitFor('the refusal', () => s.mails(yamada.email, 'reply').length === 1)
    const refusal = String(s.mails(yamada.email, 'reply')[0]!.parsed.text)
    expect(refusal).toMatch(/RB-24/)
    expect(refusal).toContain('nothing-such')
    const good = await compose(yamada.email, address, 'borrow 100\n完了\n\n> quoted text', '<camp-ok@client.example>')
    const taken = await handleInbound(ctx, good)
    expect(taken.status, taken.reason).toBe('accepted')
    expect((await handleInbound(ctx, good)).status).toBe('duplicate')
    await waitFor('the answer', () => s.mails(yamada.email, 'reply').length === 2)
    const answer = String(s.mails(yamada.email, 'reply')[1]!.parsed.text)
    expect(answer).toContain('第2整備期間の行動を受け付けました')
    expect(answer).toContain('borrow 100')
    expect((await team('山田太郎')).team.debt).toBe(100)
    expect((await team('山田太郎')).period?.done).toBe(true)

    // The deadline passes with the others not done; the clock closes the period and show 2 starts.
    await ok('POST', `/seasons/${season.id}/teams/${entryOf('Chirico')}/actions`, people.Chirico!, 'borrow 200')
    await leagueTick(s.t.db, new Date(Date.now() + 49 * 3_600_000))
    const log2 = (await ok('GET', `/seasons/${season.id}/log`, null)).entries as typeof log1
    const show2 = log2.find((e) => e.kind === 'SHOW' && e.round === 2)!
    expect(show2.payload.gameId).toBeTruthy()
    await ok('POST', `/games/${show2.payload.gameId}/resign`, people.Chirico!)
    await leagueTick(s.t.db, new Date(Date.now() + 50 * 3_600_000))

    // The end: finished, the seed revealed, the table by net worth.
    const finished = await ok('GET', `/seasons/${season.id}`, null)
    expect(finished.status).toBe('finished')
    expect(finished.seed).toBe(SEED)
    const table = (await ok('GET', `/seasons/${season.id}/standings`, null)).divisions[0].rows as Array<{
      name: string
      netWorth: number
      points: number
      played: number
      position: number
    }>
    expect(table).toHaveLength(3)
    for (const r of table) expect(r.played).toBe(2)
    const worths = await Promise.all(NAMES.map(async (n) => [(await team(n)).name, (await team(n)).netWorth] as const))
    expect(table.map((r) => r.netWorth)).toEqual([...worths].map((w) => w[1]).sort((a, b) => b - a))
    expect(table.map((r) => r.points)).toEqual(table.map((r) => r.netWorth))
    const chirico = await team('Chirico')
    expect(chirico.team.debt).toBeGreaterThan(0)
    // AMB-RB-17: money less what repaying the debt would cost (105 %).
    expect(chirico.netWorth).toBe(chirico.team.money - Math.ceil((chirico.team.debt * 105) / 100))
    for (const name of NAMES)
      await waitFor(`${name}'s final email`, () => s.mails(people[name]!.email, 'campaign-settled').length === 2)
    // The history of a team is its part of the log, narrated.
    expect(chirico.history.map((h) => h.kind)).toEqual(expect.arrayContaining(['START', 'ACTIONS', 'SHOW', 'SETTLED']))
    expect(chirico.history.flatMap((h) => h.narration).join('\n')).toMatch(/G\d/)
    // Nothing can be sent after the end.
    const late = await act('Fyana', 'borrow 100')
    expect(late.statusCode, late.body).toBe(409)

    // The server's own check, from the log alone: the chain, the seed, every roll.
    const verified0 = await ok('GET', `/seasons/${season.id}/verify`, null)
    expect(verified0).toMatchObject({ hashChainOk: true, seedRevealed: true, seedCommitmentOk: true, rollsOk: true })
    expect(verified0.rolls).toBeGreaterThan(5)
    // A database in hostile hands: an entry's payload changed by hand is found.
    const first = await s.t.db.seasonLogEntry.findFirstOrThrow({
      where: { seasonId: season.id, kind: 'ACTIONS' },
      orderBy: { seq: 'asc' },
    })
    await s.t.db.seasonLogEntry.update({
      where: { seasonId_seq: { seasonId: season.id, seq: first.seq } },
      data: { payload: { ...(first.payload as object), used: 999 } },
    })
    const tampered = await ok('GET', `/seasons/${season.id}/verify`, null)
    expect(tampered.hashChainOk).toBe(false)
    expect(tampered.problem).toContain(`entry ${first.seq}`)
    await s.t.db.seasonLogEntry.update({
      where: { seasonId_seq: { seasonId: season.id, seq: first.seq } },
      data: { payload: first.payload as object },
    })
    expect((await ok('GET', `/seasons/${season.id}/verify`, null)).hashChainOk).toBe(true)

    // As an outsider: the chain, the dice, and every team re-derived from START.
    const log = await ok('GET', `/seasons/${season.id}/log`, null)
    const entries: SeasonLogEntryRow[] = log.entries.map((e: Record<string, unknown>) => ({
      ...e,
      createdAt: new Date(e.at as string),
    }))
    expect(chainProblem(season.id, entries)).toBeNull()
    const rolls = entries.flatMap((e) => e.rolls as DieRoll[])
    expect(rolls.length).toBeGreaterThan(5)
    const verified = verifyRolls(log.seed, log.seedCommitment, rolls)
    expect(verified.ok, JSON.stringify(verified.mismatches)).toBe(true)
    const c = ruleSystem('realbattle')!.campaign!
    const rules = (entries[0]!.payload as { rules: unknown }).rules
    const teams = new Map(Object.entries((entries[0]!.payload as { teams: Record<string, unknown> }).teams))
    const used = new Map<string, number>()
    for (const e of entries) {
      if (e.kind === 'PERIOD') used.clear()
      if (e.kind === 'SETTLED')
        for (const [id, t] of Object.entries((e.payload as { teams: object }).teams)) teams.set(id, t)
      if (e.kind !== 'ACTIONS') continue
      const p = e.payload as { actions: unknown[]; team: unknown; counted: number }
      if (p.actions.length === 0) continue
      const replay = c.maintain(teams.get(e.entryId!), p.actions, {
        rules,
        used: used.get(e.entryId!) ?? 0,
        dice: createDice(log.seed, e.seq),
        locale: 'en',
      })
      expect('team' in replay && replay.team).toEqual(p.team)
      teams.set(e.entryId!, p.team)
      used.set(e.entryId!, (used.get(e.entryId!) ?? 0) + p.counted)
    }
  }, 180_000)
})
