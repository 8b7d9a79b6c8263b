// Deadlines with an injected clock: a missed phase applies the game's policy and writes it in the
// log; reminders are queued once; vacations move deadlines. No test sleeps: time is an argument.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { deadlineTick, FAILED_GAME_RETRY_MS, vacationShiftMs } from '../../src/games/deadlines.js'
import { forgetCachedGames } from '../../src/games/load.js'
import { outcomeReason } from '../../src/games/words.js'
import { registerRuleSystem, ruleSystem, type RuleSystem } from '../../src/rulesets/index.js'
import type { Pending } from '../../src/engine/ruleset.js'
import { hexRace } from '../support/tiny-system/index.js'
import { as, register, startApp, type TestApp, type User } from '../http/helpers.js'

/**
 * Hex Race where every side has to act at every step (no built-in system has a step both sides play): the
 * only way to see both sides miss one deadline.
 */
const BOTH_ID = 'hexrace-both'
function registerBothRace() {
  if (ruleSystem(BOTH_ID)) return
  const race = hexRace.ruleset
  const system: RuleSystem = {
    ...hexRace,
    id: BOTH_ID,
    title: 'Hex Race, both at once',
    ruleset: {
      ...race,
      id: BOTH_ID,
      pending: (state: { acting: string | null; seats: Array<{ id: string; side: string }> }): Pending[] =>
        state.acting === null
          ? []
          : state.seats.map((s) => ({ side: s.side, step: 'run', seats: [s.id], sealed: false, description: 'run' })),
    } as RuleSystem['ruleset'],
  }
  registerRuleSystem(system)
}

let h: TestApp
let alice: User
let bob: User
beforeAll(async () => {
  registerBothRace()
  h = await startApp()
  alice = await register(h.app, 'Alice')
  bob = await register(h.app, 'Bob')
})
afterAll(async () => h?.close())

const HOUR = 3_600_000
// These games have no mail worker (no Redis): deadlines cannot wait for phase emails that never go out,
// as main.ts runs the clock without Redis. Waiting for them is in test/notify/deadline-hold.test.ts.
const NO_MAIL = { holdForMail: false }
const at = (d: string | Date, ms: number) => new Date(new Date(d).getTime() + ms)

async function newGame(missedPolicy: string, players: [User, User] = [alice, bob], ruleset = 'abaoaqu') {
  const created = await h.app.inject({
    method: 'POST',
    url: '/games',
    headers: as(players[0]),
    payload:
      ruleset === 'abaoaqu'
        ? { ruleset, scenario: 'A-S4', seat: 'FED', missedPolicy, phaseHours: 24 }
        : { ruleset, scenario: 'R-S1', seat: 'RED', missedPolicy, phaseHours: 24 },
  })
  expect(created.statusCode, created.body).toBe(201)
  const id = created.json().id as string
  const joined = await h.app.inject({ method: 'POST', url: `/games/${id}/join`, headers: as(players[1]), payload: {} })
  expect(joined.statusCode, joined.body).toBeLessThan(300)
  return { id, summary: await summary(id) }
}

async function verify(id: string, user = alice) {
  return (await h.app.inject({ method: 'GET', url: `/games/${id}/verify`, headers: as(user) })).json()
}

async function summary(id: string) {
  return (await h.app.inject({ method: 'GET', url: `/games/${id}`, headers: as(alice) })).json()
}

async function log(id: string) {
  return (await h.app.inject({ method: 'GET', url: `/games/${id}/log?limit=100`, headers: as(alice) })).json()
    .entries as Array<{ seq: number; kind: string; seat: string | null; payload: Record<string, unknown> }>
}

async function outbox(id: string, kind: string) {
  return h.t.db.outbox.findMany({ where: { gameId: id, kind }, orderBy: { id: 'asc' } })
}

describe('a missed deadline', () => {
  it('"pass": the seats still to act pass, the step resolves, and the log says why', async () => {
    const { id, summary: s0 } = await newGame('pass')
    const deadline = s0.deadline as string
    expect(new Date(deadline).getTime() - new Date(s0.startedAt).getTime()).toBe(24 * HOUR)
    const acting = s0.pending[0].seats as string[]

    expect((await deadlineTick(h.t.db, at(deadline, -60_000), NO_MAIL)).actions.filter((a) => a.gameId === id)).toEqual(
      [],
    )
    const tick = await deadlineTick(h.t.db, at(deadline, 1000), NO_MAIL)
    expect(tick.actions).toContainEqual({ gameId: id, action: 'passed' })
    const entries = await log(id)
    const missed = entries.find((e) => e.kind === 'TIMEOUT')!
    expect(missed.payload).toMatchObject({
      event: 'missed',
      action: 'pass',
      seats: acting,
      deadline: deadline.replace('.000Z', 'Z'),
    })
    const after = entries.filter((e) => e.seq > missed.seq)
    expect(after.map((e) => e.kind)).toEqual([...acting.map(() => 'ORDERS'), 'RESOLUTION'])
    expect(after[0]!.payload).toMatchObject({ orders: [], missedDeadline: true })
    const s1 = await summary(id)
    expect(s1.logSeq).toBe(after.at(-1)!.seq)
    expect(s1.deadline).toBe(at(deadline, 1000 + 24 * HOUR).toISOString())
    // Everyone is told; the next side's phase email is queued like any new step.
    expect((await outbox(id, 'deadline')).length).toBe(1)
    expect((await outbox(id, 'step')).at(-1)!.payload).toMatchObject({ newStep: true, seq: s1.logSeq })
    // Handled once: the same instant again does nothing.
    expect((await deadlineTick(h.t.db, at(deadline, 1000), NO_MAIL)).actions.filter((a) => a.gameId === id)).toEqual([])
  })

  it('"extend-then-pass": one extension by a phase length, then the seats pass', async () => {
    const { id, summary: s0 } = await newGame('extend-then-pass')
    const deadline = s0.deadline as string
    expect((await deadlineTick(h.t.db, at(deadline, 5), NO_MAIL)).actions).toContainEqual({
      gameId: id,
      action: 'extended',
    })
    const s1 = await summary(id)
    expect(s1.deadline).toBe(at(deadline, 24 * HOUR).toISOString())
    expect((await log(id)).at(-1)).toMatchObject({
      kind: 'TIMEOUT',
      payload: { event: 'extended', to: s1.deadline.replace('.000Z', 'Z') },
    })
    expect((await deadlineTick(h.t.db, at(s1.deadline, -5), NO_MAIL)).actions.filter((a) => a.gameId === id)).toEqual(
      [],
    )
    expect((await deadlineTick(h.t.db, at(s1.deadline, 5), NO_MAIL)).actions).toContainEqual({
      gameId: id,
      action: 'passed',
    })
  })

  it('"moderator": the moderator is called, the step stays open, and the clock stops', async () => {
    const { id, summary: s0 } = await newGame('moderator')
    expect((await deadlineTick(h.t.db, at(s0.deadline, 5), NO_MAIL)).actions).toContainEqual({
      gameId: id,
      action: 'moderator',
    })
    const s1 = await summary(id)
    expect(s1.deadline).toBeNull()
    expect(s1.pending).toEqual(s0.pending)
    expect((await log(id)).at(-1)).toMatchObject({ kind: 'TIMEOUT', payload: { event: 'missed', action: 'moderator' } })
    // The notice goes to the players and calls the server's moderators.
    expect((await outbox(id, 'deadline')).at(-1)!.payload).toMatchObject({ callModerator: true })
    expect(
      (await deadlineTick(h.t.db, at(s0.deadline, 48 * HOUR), NO_MAIL)).actions.filter((a) => a.gameId === id),
    ).toEqual([])
  })

  it('orders that arrive first win: a deadline already met is not applied', async () => {
    const { id, summary: s0 } = await newGame('pass')
    const player = s0.pending[0].seats[0] === 'FED' ? alice : bob
    const res = await h.app.inject({
      method: 'POST',
      url: `/games/${id}/orders`,
      headers: as(player),
      payload: { text: 'pass' },
    })
    expect(res.statusCode, res.body).toBe(200)
    const s1 = await summary(id)
    expect(new Date(s1.deadline).getTime()).toBeGreaterThan(new Date(s0.deadline).getTime())
    expect((await deadlineTick(h.t.db, at(s0.deadline, 5), NO_MAIL)).actions.filter((a) => a.gameId === id)).toEqual([])
    expect((await log(id)).some((e) => e.kind === 'TIMEOUT')).toBe(false)
  })
})

describe('a game the clock cannot handle', () => {
  it('is skipped and reported with its id; the others keep their deadlines; no retry at each tick', async () => {
    // X: a rules version this server does not play. Y: a RESOLUTION entry that is not one (written past the
    // log's guards).
    const x = await newGame('pass')
    const y = await newGame('pass')
    const player = y.summary.pending[0].seats[0] === 'FED' ? alice : bob
    const passed = await h.app.inject({
      method: 'POST',
      url: `/games/${y.id}/orders`,
      headers: as(player),
      payload: { text: 'pass' },
    })
    expect(passed.statusCode, passed.body).toBe(200)
    const f = await newGame('pass')
    await h.t.sql(`UPDATE "Game" SET "rulesVersion" = 'abaoaqu-9' WHERE id = $1`, [x.id])
    await h.t.sql(
      `BEGIN; SET LOCAL session_replication_role = replica;
       UPDATE "LogEntry" SET payload = '"garbage"'::jsonb WHERE "gameId" = '${y.id}' AND kind = 'RESOLUTION'; COMMIT`,
    )
    forgetCachedGames()
    const deadlines = [x.summary.deadline, (await summary(y.id)).deadline, f.summary.deadline] as string[]
    const latest = Math.max(...deadlines.map((d) => new Date(d).getTime()))
    const reports: Array<{ gameId: string; message: string }> = []
    const opts = { ...NO_MAIL, onGameError: (gameId: string, message: string) => reports.push({ gameId, message }) }
    const mine = (t: Awaited<ReturnType<typeof deadlineTick>>) =>
      t.actions.filter((a) => [x.id, y.id, f.id].includes(a.gameId))

    const now = at(new Date(latest), 1000)
    expect(mine(await deadlineTick(h.t.db, now, opts))).toEqual([
      { gameId: x.id, action: 'failed' },
      { gameId: y.id, action: 'failed' },
      { gameId: f.id, action: 'passed' },
    ])
    expect((await log(f.id)).at(-1)).toMatchObject({ kind: 'RESOLUTION' })
    expect(reports.map((r) => r.gameId)).toEqual([x.id, y.id])
    expect(reports[0]!.message).toContain(`game ${x.id}`)
    expect(reports[0]!.message).toMatch(/RulesUnplayable: .*"abaoaqu-9" is not one this server plays/)
    expect(reports[1]!.message).toContain(`game ${y.id}`)

    // The next ticks leave them alone (no report, no retry) until FAILED_GAME_RETRY_MS has passed.
    expect(mine(await deadlineTick(h.t.db, at(now, 60_000), opts))).toEqual([])
    expect(reports).toHaveLength(2)
    const later = await deadlineTick(h.t.db, at(now, FAILED_GAME_RETRY_MS + 1000), opts)
    expect(mine(later)).toEqual([
      { gameId: x.id, action: 'failed' },
      { gameId: y.id, action: 'failed' },
    ])
    expect(reports).toHaveLength(4)
    // Out of the way of the other tests' ticks.
    await h.t.sql(`UPDATE "Game" SET "deadlineAt" = NULL WHERE id = ANY($1::uuid[])`, [[x.id, y.id]])
  })
})

describe('reminders', () => {
  it('go out reminderHours before the deadline, once per seat and deadline, only to seats still to act', async () => {
    const { id, summary: s0 } = await newGame('pass')
    const acting = s0.pending[0].seats as string[]
    const early = await deadlineTick(h.t.db, at(s0.deadline, -7 * HOUR), NO_MAIL)
    expect(early.actions.filter((a) => a.gameId === id)).toEqual([])
    expect(await outbox(id, 'reminder')).toHaveLength(0)
    await deadlineTick(h.t.db, at(s0.deadline, -5 * HOUR), NO_MAIL)
    await deadlineTick(h.t.db, at(s0.deadline, -4 * HOUR), NO_MAIL)
    const reminders = await outbox(id, 'reminder')
    expect(reminders.map((r) => (r.payload as { seats: string[] }).seats[0])).toEqual(acting)
    expect(reminders[0]!.payload).toMatchObject({ seq: s0.logSeq, deadline: s0.deadline })
  })
})

describe('vacation', () => {
  it('moves the deadline of a player to act past their time away; the log and the other players are told', async () => {
    const { id, summary: s0 } = await newGame('pass')
    const player = s0.pending[0].seats[0] === 'FED' ? alice : bob
    const start = new Date(s0.startedAt)
    const taken = await h.app.inject({
      method: 'POST',
      url: '/me/vacations',
      headers: as(player),
      payload: { startsAt: at(start, 2 * HOUR).toISOString(), endsAt: at(start, 50 * HOUR).toISOString() },
    })
    expect(taken.statusCode, taken.body).toBe(201)
    expect(taken.json().used[String(start.getUTCFullYear())] ?? 0).toBeGreaterThan(0)
    const tick = await deadlineTick(h.t.db, at(s0.deadline, 5), NO_MAIL)
    expect(tick.actions).toContainEqual({ gameId: id, action: 'vacation' })
    const s1 = await summary(id)
    // 24 h of phase outside a vacation of 48 h starting 2 h in: 2 h before, 22 h after it ends.
    expect(s1.deadline).toBe(at(start, 72 * HOUR).toISOString())
    expect((await log(id)).at(-1)).toMatchObject({
      kind: 'TIMEOUT',
      payload: { event: 'vacation', shiftMs: 48 * HOUR },
    })
    expect((await outbox(id, 'deadline')).at(-1)!.payload).toMatchObject({ text: expect.stringContaining('vacation') })
    // The moved deadline passes like any other.
    expect((await deadlineTick(h.t.db, at(s1.deadline, 5), NO_MAIL)).actions).toContainEqual({
      gameId: id,
      action: 'passed',
    })
  })

  it('the bank is limited per year, and bad requests change nothing', async () => {
    const year = new Date().getUTCFullYear() + 1
    const long = await h.app.inject({
      method: 'POST',
      url: '/me/vacations',
      headers: as(alice),
      payload: { startsAt: `${year}-03-01T00:00:00Z`, endsAt: `${year}-05-01T00:00:00Z` },
    })
    expect(long.statusCode).toBe(409)
    expect(long.json().detail).toMatch(/vacation days? left of 21/)
    const backwards = await h.app.inject({
      method: 'POST',
      url: '/me/vacations',
      headers: as(alice),
      payload: { startsAt: `${year}-03-05T00:00:00Z`, endsAt: `${year}-03-01T00:00:00Z` },
    })
    expect(backwards.statusCode).toBe(400)
    const past = await h.app.inject({
      method: 'POST',
      url: '/me/vacations',
      headers: as(alice),
      payload: { startsAt: '2020-01-01T00:00:00Z', endsAt: `${year}-01-02T00:00:00Z` },
    })
    expect(past.statusCode).toBe(400)
    const list = (await h.app.inject({ method: 'GET', url: '/me/vacations', headers: as(alice) })).json()
    expect(list.vacations).toEqual([])
    // Ten requests at once for 5 days each, in distinct weeks: the 21-day bank takes four of them.
    const weeks = Array.from({ length: 10 }, (_, i) =>
      h.app.inject({
        method: 'POST',
        url: '/me/vacations',
        headers: as(alice),
        payload: {
          startsAt: new Date(Date.UTC(year, 5, 1 + 7 * i)).toISOString(),
          endsAt: new Date(Date.UTC(year, 5, 6 + 7 * i)).toISOString(),
        },
      }),
    )
    const codes = (await Promise.all(weeks)).map((r) => r.statusCode).sort()
    expect(codes.filter((c) => c === 201)).toHaveLength(4)
    expect(codes.filter((c) => c === 409)).toHaveLength(6)
    expect(
      (await h.app.inject({ method: 'GET', url: '/me/vacations', headers: as(alice) })).json().used[String(year)],
    ).toBe(20)
  })

  it('vacationShiftMs finds the fixed point', () => {
    const d = (h: number) => new Date(h * HOUR)
    expect(vacationShiftMs(0, 24 * HOUR, [])).toBe(0)
    expect(vacationShiftMs(0, 24 * HOUR, [{ startsAt: d(2), endsAt: d(50) }])).toBe(48 * HOUR)
    expect(vacationShiftMs(0, 24 * HOUR, [{ startsAt: d(30), endsAt: d(40) }])).toBe(0)
    expect(
      vacationShiftMs(0, 24 * HOUR, [
        { startsAt: d(10), endsAt: d(20) },
        { startsAt: d(30), endsAt: d(40) },
      ]),
    ).toBe(20 * HOUR)
    // A week away starting an hour before the deadline: all of it moves the deadline.
    expect(vacationShiftMs(0, 24 * HOUR, [{ startsAt: d(23), endsAt: d(23 + 168) }])).toBe(168 * HOUR)
    // Overlapping vacations count once; one before the step counts only from the step's start.
    expect(
      vacationShiftMs(0, 24 * HOUR, [
        { startsAt: d(10), endsAt: d(20) },
        { startsAt: d(15), endsAt: d(25) },
      ]),
    ).toBe(15 * HOUR)
    expect(vacationShiftMs(0, 24 * HOUR, [{ startsAt: d(-48), endsAt: d(5) }])).toBe(5 * HOUR)
  })
})

describe('"forfeit": a missed deadline loses the game on time', () => {
  // Players of their own: vacations are a player's, in every game, and would move these deadlines.
  let carol: User
  let dave: User
  beforeAll(async () => {
    carol = await register(h.app, 'Carol')
    dave = await register(h.app, 'Dave')
  })

  it('the side still to act loses, the other wins; the log, the notice and /verify say so', async () => {
    const { id, summary: s0 } = await newGame('forfeit', [carol, dave])
    expect(s0.missedPolicy).toBe('forfeit')
    const late = s0.pending[0].side as string
    const acting = s0.pending[0].seats as string[]
    const winner = late === 'FED' ? 'ZEON' : 'FED'
    expect(
      (await deadlineTick(h.t.db, at(s0.deadline, -1000), NO_MAIL)).actions.filter((a) => a.gameId === id),
    ).toEqual([])
    const tick = await deadlineTick(h.t.db, at(s0.deadline, 1000), NO_MAIL)
    expect(tick.actions).toContainEqual({ gameId: id, action: 'forfeit' })

    const s1 = await summary(id)
    expect(s1.status).toBe('FINISHED')
    expect(s1.outcome).toEqual({ winner, reason: `${late} lost on time`, ref: 'timeout' })
    expect(s1.deadline ?? null).toBeNull()
    expect((await log(id)).at(-1)).toMatchObject({
      kind: 'TIMEOUT',
      payload: {
        event: 'forfeit',
        seats: acting,
        sides: [late],
        deadline: (s0.deadline as string).replace('.000Z', 'Z'),
        winner,
      },
    })
    const notice = (await outbox(id, 'deadline')).at(-1)!.payload as { headline: string; text: string }
    expect(notice.headline).toBe('the game is lost on time')
    expect(notice.text).toContain(`${late} loses on time; ${winner} wins the game.`)
    expect((await outbox(id, 'game-over')).length).toBe(1)
    // The reason in Japanese, as the game-over email and the game's page give it.
    expect(outcomeReason('abaoaqu', s1.outcome, 'ja')).toBe(`${late}が時間切れで負けた`)
    expect(await verify(id, carol)).toMatchObject({ ok: true, rulesOk: true, replayOk: true, ruleProblems: [] })
    // Over is over: the clock has nothing more to do.
    expect(
      (await deadlineTick(h.t.db, at(s0.deadline, 48 * HOUR), NO_MAIL)).actions.filter((a) => a.gameId === id),
    ).toEqual([])
  })

  it('when every side is late, the game is a draw', async () => {
    const { id, summary: s0 } = await newGame('forfeit', [carol, dave], BOTH_ID)
    expect((s0.pending as Array<{ side: string }>).map((p) => p.side).sort()).toEqual(['BLUE', 'RED'])
    expect((await deadlineTick(h.t.db, at(s0.deadline, 1000), NO_MAIL)).actions).toContainEqual({
      gameId: id,
      action: 'forfeit',
    })
    const s1 = await summary(id)
    expect(s1.status).toBe('FINISHED')
    expect(s1.outcome).toEqual({ winner: null, reason: 'both sides missed the deadline', ref: 'timeout' })
    expect((await log(id)).at(-1)!.payload).toMatchObject({ event: 'forfeit', sides: ['BLUE', 'RED'], winner: null })
    const notice = (await outbox(id, 'deadline')).at(-1)!.payload as { headline: string; text: string }
    expect(notice.headline).toBe('the game is drawn on time')
    expect(notice.text).toContain('No side played in time: the game is a draw.')
    expect(outcomeReason(BOTH_ID, s1.outcome, 'ja')).toBe('両陣営とも締め切りに間に合わなかった')
    expect(await verify(id, carol)).toMatchObject({ ok: true, rulesOk: true, replayOk: true })
  })

  it('/verify refuses a loss on time that names the wrong winner', async () => {
    const { id, summary: s0 } = await newGame('forfeit', [carol, dave])
    await deadlineTick(h.t.db, at(s0.deadline, 1000), NO_MAIL)
    const entry = (await log(id)).at(-1)!
    const wrong = entry.payload.winner === 'FED' ? 'ZEON' : 'FED'
    // As the database's owner, past the log's append-only guard (its trigger): the rewrite /verify must catch.
    // The values are a uuid, a number and a side id: safe to write into the statement.
    await h.t.sql(
      `BEGIN; SET LOCAL session_replication_role = replica;
       UPDATE "LogEntry" SET payload = jsonb_set(payload, '{winner}', '"${wrong}"')
        WHERE "gameId" = '${id}' AND seq = ${entry.seq}; COMMIT`,
    )
    expect((await log(id)).at(-1)!.payload.winner).toBe(wrong)
    forgetCachedGames()
    const report = await verify(id, carol)
    expect(report.ok).toBe(false)
    expect(report.ruleProblems).toContainEqual({
      seq: entry.seq,
      problem: expect.stringContaining(`a loss on time naming ${wrong} the winner`),
    })
  })
})

describe('a game with a vacation cap (Game.vacationDays)', () => {
  it('vacations move its deadlines by at most the cap in all; then the deadline passes as usual', async () => {
    const erin = await register(h.app, 'Erin')
    const frank = await register(h.app, 'Frank')
    const { id, summary: s0 } = await newGame('pass', [erin, frank])
    await h.t.db.game.update({ where: { id }, data: { vacationDays: 1 } })
    forgetCachedGames()
    const player = s0.pending[0].seats[0] === 'FED' ? erin : frank
    const start = new Date(s0.startedAt)
    const taken = await h.app.inject({
      method: 'POST',
      url: '/me/vacations',
      headers: as(player),
      payload: { startsAt: at(start, 2 * HOUR).toISOString(), endsAt: at(start, 98 * HOUR).toISOString() },
    })
    expect(taken.statusCode, taken.body).toBe(201)

    // Uncapped, the vacation would move the deadline by 96 h; the game allows one day.
    expect((await deadlineTick(h.t.db, at(s0.deadline, 5), NO_MAIL)).actions).toContainEqual({
      gameId: id,
      action: 'vacation',
    })
    const s1 = await summary(id)
    expect(s1.deadline).toBe(at(s0.deadline, 24 * HOUR).toISOString())
    expect((await log(id)).at(-1)).toMatchObject({
      kind: 'TIMEOUT',
      payload: { event: 'vacation', shiftMs: 24 * HOUR },
    })
    // The cap is spent: the player is still away, and the moved deadline passes.
    expect((await deadlineTick(h.t.db, at(s1.deadline, 5), NO_MAIL)).actions).toContainEqual({
      gameId: id,
      action: 'passed',
    })
    const shifts = (await log(id)).filter((e) => e.kind === 'TIMEOUT' && e.payload.event === 'vacation')
    expect(shifts.map((e) => e.payload.shiftMs)).toEqual([24 * HOUR])
  })
})
