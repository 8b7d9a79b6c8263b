// Corrections (docs/moderation.md), through the API on real A-Bao-A-Qu games: a game master and a site
// admin roll back, adjust, re-resolve, replace a player, pause, extend, apply the missed-phase policy and
// adjudicate; every correction is one CORRECTION entry, the log keeps what it set aside, and the game
// still verifies end to end.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { abaoaqu, type Order, type State } from '../../src/rulesets/abaoaqu/engine/index.js'
import { randomOrders, rng } from '../../src/rulesets/abaoaqu/engine/random-orders.js'
import { canonicalJson } from '../../src/store/log.js'
import { as, register, startApp, type TestApp, type User } from './helpers.js'

let h: TestApp
let alice: User // FED
let bob: User // ZEON
let gm: User // the game master of the games below
let admin: User // a site admin who plays in none of them
let stranger: User

beforeAll(async () => {
  h = await startApp()
  ;[alice, bob, gm, admin, stranger] = (await Promise.all(
    ['Alice', 'Bob', 'Gamemaster', 'Admin', 'Stranger'].map((n) => register(h.app, n)),
  )) as [User, User, User, User, User]
  await h.t.sql(`UPDATE "User" SET role = 'ADMIN' WHERE id = $1`, [admin.id])
})
afterAll(async () => h?.close())

async function newGame(opts: { gameMaster?: string; private?: boolean } = {}): Promise<string> {
  const created = await h.app.inject({
    method: 'POST',
    url: '/games',
    headers: as(alice),
    payload: {
      ruleset: 'abaoaqu',
      scenario: 'A-S4',
      seat: 'FED',
      options: { deployment: 'auto' },
      ...(opts.gameMaster ? { gameMaster: opts.gameMaster } : {}),
      ...(opts.private ? { private: true } : {}),
    },
  })
  expect(created.statusCode, created.body).toBe(201)
  const { id, invite } = created.json() as { id: string; invite: string }
  const joined = await h.app.inject({
    method: 'POST',
    url: `/games/${id}/join`,
    headers: as(bob),
    payload: opts.private ? { invite } : {},
  })
  expect(joined.statusCode, joined.body).toBe(200)
  return id
}

interface FullState {
  seq: number
  head: number
  supersededBy: number | null
  state: State
  submitted: Record<string, Order[]>
  pending: Array<{ side: string; seats: string[] }>
  outcome: unknown
}

async function fullState(id: string, who: User = gm, at?: number): Promise<FullState> {
  const res = await h.app.inject({
    method: 'GET',
    url: `/games/${id}/state${at === undefined ? '' : `?at=${at}`}`,
    headers: as(who),
  })
  expect(res.statusCode, res.body).toBe(200)
  return res.json()
}

const playerOf = (seat: string) => (seat === 'FED' ? alice : bob)

/** Random legal orders for whoever must act, `steps` times (a step whose orders are refused is passed). */
async function play(id: string, steps: number, seed = 7): Promise<void> {
  const r = rng(seed)
  for (let i = 0; i < steps; i++) {
    const s = await fullState(id)
    if (s.outcome || s.pending.length === 0) return
    for (const seat of s.pending.flatMap((p) => p.seats)) {
      const orders = randomOrders(s.state, seat, r)
      const onlyStanding = orders.length > 0 && orders.every((o) => o.kind === 'standing')
      const res = await h.app.inject({
        method: 'POST',
        url: `/games/${id}/orders`,
        headers: as(playerOf(seat)),
        payload: { orders, ...(onlyStanding ? { pass: true } : {}) },
      })
      expect(res.statusCode, res.body).toBe(200)
    }
  }
}

async function log(id: string, who: User = gm) {
  const res = await h.app.inject({ method: 'GET', url: `/games/${id}/log?limit=500`, headers: as(who) })
  expect(res.statusCode, res.body).toBe(200)
  return res.json() as {
    entries: Array<{ seq: number; kind: string; payload: Record<string, unknown> | null; supersededBy?: number }>
  }
}

async function verified(id: string) {
  const res = await h.app.inject({ method: 'GET', url: `/games/${id}/verify`, headers: as(alice) })
  expect(res.statusCode, res.body).toBe(200)
  const report = res.json()
  expect(report, JSON.stringify(report, null, 1)).toMatchObject({ ok: true })
  return report
}

function preview(id: string, body: object, who: User | null = gm) {
  return h.app.inject({ method: 'POST', url: `/games/${id}/corrections/preview`, headers: as(who), payload: body })
}

function apply(id: string, body: object, at: number | null, who: User | null = gm) {
  return h.app.inject({
    method: 'POST',
    url: `/games/${id}/corrections`,
    headers: as(who, at === null ? {} : { 'if-match': `"${at}"` }),
    payload: body,
  })
}

/** Previews, then applies at the previewed position; returns the answer. */
async function correct(id: string, body: object, who: User = gm) {
  const p = await preview(id, body, who)
  expect(p.statusCode, p.body).toBe(200)
  const res = await apply(id, body, p.json().seq, who)
  expect(res.statusCode, res.body).toBe(201)
  return { preview: p.json(), applied: res.json() }
}

describe('rollback', () => {
  it('play continues from the state at K; the entries after it stay in the log, marked; it verifies', async () => {
    const id = await newGame({ gameMaster: gm.email })
    await play(id, 6)
    const before = await fullState(id)
    // The last entry before a resolution's own orders: a position play can go on from.
    const entries0 = (await log(id)).entries
    const k = entries0.findLast((e) => e.seq < before.head - 1 && entries0[e.seq]?.kind === 'ORDERS')!.seq
    const atK = await fullState(id, gm, k)
    const { preview: p, applied } = await correct(id, { kind: 'rollback', toSeq: k, reason: 'a misclick' })
    expect(p.after.state).toEqual(atK.state)
    expect(applied.at).toBe(before.head + 1)
    const now = await fullState(id)
    expect(now.head).toBe(before.head + 1)
    expect(canonicalJson(now.state)).toBe(canonicalJson(atK.state))
    expect(now.submitted).toEqual(atK.submitted)
    const entries = (await log(id)).entries
    for (let s = k + 1; s <= before.head; s++) expect(entries[s - 1]!.supersededBy).toBe(before.head + 1)
    expect(entries[k - 1]!.supersededBy).toBeUndefined()
    expect(entries.at(-1)).toMatchObject({ kind: 'CORRECTION', payload: { kind: 'rollback', toSeq: k } })
    // Play goes on from there, and the whole log still verifies.
    await play(id, 3, 11)
    expect((await fullState(id)).head).toBeGreaterThan(before.head + 1)
    await verified(id)
    // The audit lists it, with its reason and moderator.
    const audit = (await h.app.inject({ method: 'GET', url: `/games/${id}/moderation`, headers: as(alice) })).json()
    expect(audit.actions).toEqual([
      expect.objectContaining({ kind: 'rollback', reason: 'a misclick', moderator: { id: gm.id, name: gm.name } }),
    ])
  })

  it('refuses an entry that does not exist, the start of the log, and the entry the game is at', async () => {
    const id = await newGame({ gameMaster: gm.email })
    await play(id, 2)
    const head = (await fullState(id)).head
    for (const toSeq of [0, -1, head + 1, 2_000_000_000])
      expect((await preview(id, { kind: 'rollback', toSeq, reason: 'x' })).json()).toMatchObject({
        status: 400,
        field: 'toSeq',
      })
    const same = await preview(id, { kind: 'rollback', toSeq: head, reason: 'x' })
    expect(same.statusCode).toBe(400)
    expect((await log(id)).entries.length).toBe(head)
  })
})

describe('adjust', () => {
  it('changes exactly what it says and nothing else', async () => {
    const id = await newGame({ gameMaster: gm.email })
    await play(id, 2)
    const before = await fullState(id)
    const unit = abaoaqu.unitsOf(before.state)
    const [target] = Object.entries(unit).find(([, u]) => u.status !== 'removed' && u.morale === 'N')!
    const { applied } = await correct(id, { kind: 'adjust', text: `${target} morale C`, reason: 'die misread' })
    expect(applied.units).toEqual([
      { unit: target, change: 'changed', fields: { morale: { before: 'N', after: 'C' } } },
    ])
    const after = await fullState(id)
    const a = abaoaqu.unitsOf(before.state)
    const b = abaoaqu.unitsOf(after.state)
    for (const u of Object.keys(a)) {
      if (u === target) expect(b[u]).toEqual({ ...a[u], morale: 'C' })
      else expect(b[u]).toEqual(a[u])
    }
    // Nothing else in the state moved either: put the morale back and the states are the same.
    const restored = abaoaqu.adjust(after.state, [{ kind: 'morale', unit: target, morale: 'N' }])
    expect(restored.ok && canonicalJson(restored.state)).toBe(canonicalJson(before.state))
    await verified(id)
  })

  it('refuses a change that breaks an invariant or names nothing real, with the rule, and writes nothing', async () => {
    const id = await newGame({ gameMaster: gm.email })
    const before = await fullState(id)
    const units = Object.entries(abaoaqu.unitsOf(before.state))
    const onMap = units.find(([, u]) => u.status === 'map')!
    const side = onMap[1].side
    const far = onMap[1].hex as string
    const fed = units.filter(([, u]) => u.side === side && u.status !== 'removed' && u.hex !== far).map(([i]) => i)
    const cases: Array<[string, string]> = [
      ['XX99 morale C', 'ADJ-unit'],
      [`${fed[0]} move 9999`, 'ADJ-hex'],
      [`${fed[0]} morale Q`, 'NOTATION'],
      [fed.map((u) => `${u} move ${far}`).join('\n'), 'A-5-2'],
    ]
    for (const [text, rule] of cases) {
      const res = await preview(id, { kind: 'adjust', text, reason: 'test' })
      expect(res.statusCode, `${text}: ${res.body}`).toBe(422)
      expect(res.json().errors.map((e: { rule: string }) => e.rule)).toContain(rule)
      const applied = await apply(id, { kind: 'adjust', text, reason: 'test' }, before.head)
      expect(applied.statusCode).toBe(422)
    }
    const json = await preview(id, {
      kind: 'adjust',
      changes: [{ kind: 'morale', unit: fed[0], morale: 'C', x: 1 }],
      reason: 't',
    })
    expect(json.statusCode).toBe(422)
    expect((await fullState(id)).head).toBe(before.head)
  })
})

describe('reresolve', () => {
  it('resolves the step again at a new position with new dice, which /verify re-derives', async () => {
    const id = await newGame({ gameMaster: gm.email })
    await play(id, 8)
    const entries = (await log(id)).entries
    const resolution = [...entries]
      .reverse()
      .find((e) => e.kind === 'RESOLUTION' && (e.payload?.rolls as unknown[])?.length)
    expect(resolution, 'a resolution with dice').toBeDefined()
    const head = entries.length
    const { applied } = await correct(id, { kind: 'reresolve', seq: resolution!.seq, reason: 'disputed roll' })
    const entry = applied.entries[0]
    expect(entry).toMatchObject({
      seq: head + 1,
      kind: 'CORRECTION',
      payload: { kind: 'reresolve', seq: resolution!.seq },
    })
    const rolls = entry.payload.rolls as Array<{ seq: number }>
    expect(rolls.length).toBeGreaterThan(0)
    expect(rolls.every((r) => r.seq === head + 1)).toBe(true)
    expect(entry.payload.submissions).toEqual(resolution!.payload!.submissions)
    const after = await log(id)
    for (let s = resolution!.seq; s <= head; s++) expect(after.entries[s - 1]!.supersededBy).toBe(head + 1)
    const report = await verified(id)
    expect(report.rolls).toBeGreaterThanOrEqual(rolls.length)
    expect(report.rollsOk).toBe(true)
  })

  it('refuses an entry that is not a RESOLUTION', async () => {
    const id = await newGame({ gameMaster: gm.email })
    const res = await preview(id, { kind: 'reresolve', seq: 1, reason: 'x' })
    expect(res.statusCode).toBe(400)
    expect(res.json().field).toBe('seq')
  })
})

describe('the other kinds', () => {
  it('pause stops orders and the clock; resume moves the deadline by the pause', async () => {
    const id = await newGame({ gameMaster: gm.email })
    const deadline = (await h.app.inject({ method: 'GET', url: `/games/${id}`, headers: as(alice) })).json().deadline
    await correct(id, { kind: 'pause', reason: 'investigating' })
    const s = await fullState(id)
    const seat = s.pending[0]!.seats[0]!
    const refused = await h.app.inject({
      method: 'POST',
      url: `/games/${id}/orders`,
      headers: as(playerOf(seat)),
      payload: { orders: [] },
    })
    expect(refused.statusCode).toBe(409)
    expect(refused.json().detail).toMatch(/paused/)
    expect((await preview(id, { kind: 'pause', reason: 'again' })).statusCode).toBe(409)
    await new Promise((r) => setTimeout(r, 50))
    const { applied } = await correct(id, { kind: 'resume', reason: 'done' })
    expect(applied.after.paused).toBe(false)
    expect(new Date(applied.after.deadline).getTime()).toBeGreaterThan(new Date(deadline).getTime())
    expect((await preview(id, { kind: 'resume', reason: 'again' })).statusCode).toBe(409)
    // Nothing plays a step while paused, not even the missed-phase policy.
    await correct(id, { kind: 'pause', reason: 'once more' })
    expect((await preview(id, { kind: 'apply-missed-policy', reason: 'x' })).statusCode).toBe(409)
  })

  it('extend-deadline moves the deadline by the hours given', async () => {
    const id = await newGame({ gameMaster: gm.email })
    const deadline = (await h.app.inject({ method: 'GET', url: `/games/${id}`, headers: as(alice) })).json().deadline
    const { applied } = await correct(id, { kind: 'extend-deadline', hours: 48, reason: 'travel' })
    expect(new Date(applied.after.deadline).getTime() - new Date(deadline).getTime()).toBe(48 * 3_600_000)
    for (const hours of [0, -1, 721, 1.5])
      expect((await preview(id, { kind: 'extend-deadline', hours, reason: 'x' })).statusCode).toBe(400)
  })

  it('apply-missed-policy passes the seats still to act', async () => {
    const id = await newGame({ gameMaster: gm.email })
    const before = await fullState(id)
    const { applied } = await correct(id, { kind: 'apply-missed-policy', reason: 'no answer in a week' })
    expect(applied.entries.map((e: { kind: string }) => e.kind)).toEqual(
      expect.arrayContaining(['CORRECTION', 'ORDERS', 'RESOLUTION']),
    )
    expect((await fullState(id)).head).toBe(before.head + applied.entries.length)
    await verified(id)
  })

  it('replace-player gives the seat to another account; the log and /verify follow it', async () => {
    const carol = await register(h.app, 'Carol')
    const id = await newGame({ gameMaster: gm.email })
    for (const email of ['nobody@example.org', alice.email, gm.email])
      expect((await preview(id, { kind: 'replace-player', seat: 'ZEON', email, reason: 'x' })).statusCode).toBe(400)
    await correct(id, { kind: 'replace-player', seat: 'ZEON', email: carol.email, reason: 'Bob left the club' })
    const summary = (await h.app.inject({ method: 'GET', url: `/games/${id}`, headers: as(carol) })).json()
    expect(summary.yourSeats).toEqual(['ZEON'])
    const s = await fullState(id)
    if (s.pending[0]!.seats.includes('ZEON')) {
      const old = await h.app.inject({
        method: 'POST',
        url: `/games/${id}/orders`,
        headers: as(bob),
        payload: { orders: [] },
      })
      expect(old.statusCode).toBe(403)
    }
    await verified(id)
  })

  it('adjudicate ends the game; a finished game takes no other correction', async () => {
    const id = await newGame({ gameMaster: gm.email })
    for (const winner of ['MARS', 'fed'])
      expect((await preview(id, { kind: 'adjudicate', winner, reason: 'x' })).statusCode).toBe(400)
    await correct(id, { kind: 'adjudicate', winner: 'ZEON', reason: 'FED abandoned the game' })
    const summary = (await h.app.inject({ method: 'GET', url: `/games/${id}`, headers: as(alice) })).json()
    expect(summary).toMatchObject({ status: 'FINISHED', outcome: { winner: 'ZEON' } })
    expect((await preview(id, { kind: 'pause', reason: 'x' })).statusCode).toBe(409)
    expect((await preview(id, { kind: 'rollback', toSeq: 1, reason: 'x' })).statusCode).toBe(409)
    await correct(id, { kind: 'adjudicate', winner: null, reason: 'on appeal: a draw' })
    expect(
      (await h.app.inject({ method: 'GET', url: `/games/${id}`, headers: as(alice) })).json().outcome,
    ).toMatchObject({ winner: null })
    await verified(id)
  })

  it('a game with corrections of every kind still verifies end to end', async () => {
    const carol = await register(h.app, 'Carol2')
    const id = await newGame({ gameMaster: gm.email })
    await play(id, 4)
    const k = (await fullState(id)).head - 2
    await correct(id, { kind: 'rollback', toSeq: k, reason: 'r1' })
    await play(id, 4, 3)
    const res = (await log(id)).entries.filter((e) => e.kind === 'RESOLUTION' && !e.supersededBy).at(-1)!
    await correct(id, { kind: 'reresolve', seq: res.seq, reason: 'r2' }, admin)
    const s = await fullState(id)
    const [unit] = Object.entries(abaoaqu.unitsOf(s.state)).find(([, u]) => u.status !== 'removed' && u.morale === 'N')!
    await correct(id, { kind: 'adjust', changes: [{ kind: 'morale', unit, morale: 'D' }], reason: 'r3' })
    await correct(id, { kind: 'pause', reason: 'r4' })
    await correct(id, { kind: 'resume', reason: 'r5' })
    await correct(id, { kind: 'extend-deadline', hours: 2, reason: 'r6' })
    await correct(id, { kind: 'replace-player', seat: 'FED', email: carol.email, reason: 'r7' })
    const pending = (await fullState(id)).pending
    if (pending.length) await correct(id, { kind: 'apply-missed-policy', reason: 'r8' })
    await correct(id, { kind: 'adjudicate', winner: 'FED', reason: 'r9' })
    const report = await verified(id)
    expect(report.replayOk && report.rulesOk && report.hashChainOk && report.recordOk).toBe(true)
    const audit = (await h.app.inject({ method: 'GET', url: `/games/${id}/moderation`, headers: as(carol) })).json()
    expect(audit.actions.map((a: { reason: string }) => a.reason)).toEqual([
      'r1',
      'r2',
      'r3',
      'r4',
      'r5',
      'r6',
      'r7',
      ...(pending.length ? ['r8'] : []),
      'r9',
    ])
  })
})

describe('concurrency and bad input', () => {
  it('two moderators correcting at once: one wins, the other gets 409', async () => {
    const id = await newGame({ gameMaster: gm.email })
    const body = { kind: 'extend-deadline', hours: 1, reason: 'both at once' }
    const at = (await preview(id, body)).json().seq
    const answers = await Promise.all([apply(id, body, at, gm), apply(id, body, at, admin)])
    expect(answers.map((a) => a.statusCode).sort()).toEqual([201, 409])
    expect((await fullState(id)).head).toBe(at + 1)
  })

  it('refuses without If-Match (428), at a stale position (409), and bad reasons (400), writing nothing', async () => {
    const id = await newGame({ gameMaster: gm.email })
    const head = (await fullState(id)).head
    const body = { kind: 'extend-deadline', hours: 1, reason: 'ok' }
    expect((await apply(id, body, null)).statusCode).toBe(428)
    expect((await apply(id, body, head - 1)).statusCode).toBe(409)
    for (const reason of ['', '   ', 'x'.repeat(2001)])
      expect((await apply(id, { ...body, reason }, head)).json()).toMatchObject({ status: 400 })
    expect((await apply(id, { ...body, extra: 1 }, head)).statusCode).toBe(400)
    for (const reason of ['\u200b', '\u200b \ufeff', 'bell \u0007 here'])
      expect((await apply(id, { ...body, reason }, head)).json()).toMatchObject({ status: 400, field: 'reason' })
    // A field the kind does not take is refused, every one named.
    const stray = await apply(id, { kind: 'pause', reason: 'x', hours: 3, toSeq: 1 }, head)
    expect(stray.json()).toMatchObject({ status: 400, field: 'hours', fields: ['hours', 'toSeq'] })
    expect(stray.json().detail).toContain('a pause correction takes no "hours", "toSeq"')
    expect((await apply(id, { kind: 'explode', reason: 'x' }, head)).statusCode).toBe(400)
    expect((await fullState(id)).head).toBe(head)
  })
})

describe('who may moderate', () => {
  it('every moderator route × every kind of caller', async () => {
    const playingAdmin = await register(h.app, 'PlayingAdmin')
    await h.t.sql(`UPDATE "User" SET role = 'ADMIN' WHERE id = $1`, [playingAdmin.id])
    const id = await newGame({ gameMaster: gm.email, private: true })
    // A game the admin plays in: they moderate it no more than any player does.
    const created = await h.app.inject({
      method: 'POST',
      url: '/games',
      headers: as(playingAdmin),
      payload: { ruleset: 'abaoaqu', scenario: 'A-S4', seat: 'FED', options: { deployment: 'auto' } },
    })
    const own = created.json().id as string
    await h.app.inject({ method: 'POST', url: `/games/${own}/join`, headers: as(stranger), payload: {} })
    const head = (await fullState(id)).head
    const body = { kind: 'extend-deadline', hours: 1, reason: 'matrix' }
    const routes: Record<string, (game: string, who: User | null) => Promise<{ statusCode: number }>> = {
      'POST preview': (g, who) =>
        h.app.inject({ method: 'POST', url: `/games/${g}/corrections/preview`, headers: as(who), payload: body }),
      'GET state?at=1': (g, who) => h.app.inject({ method: 'GET', url: `/games/${g}/state?at=1`, headers: as(who) }),
      'GET view?as=ZEON': (g, who) =>
        h.app.inject({ method: 'GET', url: `/games/${g}/view?as=ZEON&at=1`, headers: as(who) }),
    }
    const expected: Record<string, Record<string, number>> = {
      'POST preview': { anonymous: 401, stranger: 404, opponent: 403, seat: 403, gm: 200, admin: 200 },
      'GET state?at=1': { anonymous: 401, stranger: 404, opponent: 200, seat: 200, gm: 200, admin: 200 },
      'GET view?as=ZEON': { anonymous: 404, stranger: 404, opponent: 200, seat: 403, gm: 200, admin: 200 },
    }
    const who: Record<string, User | null> = { anonymous: null, stranger, opponent: bob, seat: alice, gm, admin }
    for (const [route, call] of Object.entries(routes))
      for (const [role, user] of Object.entries(who))
        expect(`${route} ${role} ${(await call(id, user)).statusCode}`).toBe(
          `${route} ${role} ${expected[route]![role]}`,
        )
    // What /state gives: a player their own view, a moderator the whole state.
    expect(
      (await h.app.inject({ method: 'GET', url: `/games/${id}/state`, headers: as(alice) })).json(),
    ).toHaveProperty('view')
    expect((await h.app.inject({ method: 'GET', url: `/games/${id}/state`, headers: as(gm) })).json()).toHaveProperty(
      'state',
    )
    // The admin who plays: no moderation of their own game.
    expect((await preview(own, body, playingAdmin)).statusCode).toBe(403)
    expect((await apply(own, body, 1, playingAdmin)).statusCode).toBe(403)
    // Applying: only the game master and the admin, and nothing written by the others.
    for (const user of [null, stranger, alice, bob])
      expect((await apply(id, body, head, user)).statusCode).not.toBe(201)
    expect((await fullState(id)).head).toBe(head)
    // An unknown game is 404 for everyone.
    const nobody = '00000000-0000-4000-8000-000000000000'
    expect((await preview(nobody, body, admin)).statusCode).toBe(404)
  })

  it('a game master is named by email at creation, holds no seat, and may not join', async () => {
    const bad = await h.app.inject({
      method: 'POST',
      url: '/games',
      headers: as(alice),
      payload: { ruleset: 'abaoaqu', scenario: 'A-S4', seat: 'FED', gameMaster: alice.email },
    })
    expect(bad.statusCode).toBe(400)
    const unknown = await h.app.inject({
      method: 'POST',
      url: '/games',
      headers: as(alice),
      payload: { ruleset: 'abaoaqu', scenario: 'A-S4', seat: 'FED', gameMaster: 'nobody@example.org' },
    })
    expect(unknown.json()).toMatchObject({ status: 400, field: 'gameMaster' })
    const created = await h.app.inject({
      method: 'POST',
      url: '/games',
      headers: as(alice),
      payload: { ruleset: 'abaoaqu', scenario: 'A-S4', seat: 'FED', gameMaster: gm.email.toUpperCase() },
    })
    expect(created.json().gameMaster).toEqual({ id: gm.id, name: gm.name })
    const join = await h.app.inject({
      method: 'POST',
      url: `/games/${created.json().id}/join`,
      headers: as(gm),
      payload: {},
    })
    expect(join.statusCode).toBe(409)
  })
})

describe('orders an adjustment sets aside', () => {
  it('stay sealed from the other side, even after the step resolves, and are marked set aside', async () => {
    const [carol, dave] = (await Promise.all(['Carol3', 'Dave3'].map((n) => register(h.app, n)))) as [User, User]
    const created = await h.app.inject({
      method: 'POST',
      url: '/games',
      headers: as(alice),
      payload: { ruleset: 'abaoaqu', scenario: 'A-S1', players: 4, seat: 'FED-1', gameMaster: gm.email },
    })
    expect(created.statusCode, created.body).toBe(201)
    const id = created.json().id as string
    const holders: Record<string, User> = { 'FED-1': alice }
    for (const [user, seat] of [
      [bob, 'FED-2'],
      [carol, 'ZEON-1'],
      [dave, 'ZEON-2'],
    ] as const) {
      const joined = await h.app.inject({
        method: 'POST',
        url: `/games/${id}/join`,
        headers: as(user),
        payload: { seat },
      })
      expect(joined.statusCode, joined.body).toBe(200)
      holders[seat] = user
    }
    const r = rng(3)
    // Play until a step two seats of one side must both submit.
    let s = await fullState(id)
    for (let i = 0; i < 10 && (s.pending[0]?.seats.length ?? 0) < 2; i++) {
      for (const seat of s.pending.flatMap((p) => p.seats)) {
        const orders = randomOrders(s.state, seat, r)
        const only = orders.length > 0 && orders.every((o) => o.kind === 'standing')
        const res = await h.app.inject({
          method: 'POST',
          url: `/games/${id}/orders`,
          headers: as(holders[seat]!),
          payload: { orders, ...(only ? { pass: true } : {}) },
        })
        expect(res.statusCode, res.body).toBe(200)
      }
      s = await fullState(id)
    }
    const [first, second] = s.pending[0]!.seats as [string, string]
    const side = first.split('-')[0]!
    const enemy = Object.keys(holders).find((k) => !k.startsWith(side))!
    const sent = await h.app.inject({
      method: 'POST',
      url: `/games/${id}/orders`,
      headers: as(holders[first]!),
      payload: { orders: randomOrders(s.state, first, r) },
    })
    expect(sent.statusCode, sent.body).toBe(200)
    const ordersSeq = sent.json().seq as number
    const units = abaoaqu.unitsOf(s.state)
    const [unit] = Object.entries(units).find(([, u]) => u.status !== 'removed' && u.morale === 'N')!
    const { applied } = await correct(id, { kind: 'adjust', text: `${unit} morale C`, reason: 'a fix mid-step' })
    expect(applied.entries[0].payload.setAside).toEqual([ordersSeq])
    expect(applied.notes.join(' ')).toContain(first)
    // Both seats submit again; the step resolves.
    s = await fullState(id)
    for (const seat of [first, second]) {
      const res = await h.app.inject({
        method: 'POST',
        url: `/games/${id}/orders`,
        headers: as(holders[seat]!),
        payload: { orders: [] },
      })
      expect(res.statusCode, res.body).toBe(200)
    }
    const entryFor = async (who: User | null) =>
      (await h.app.inject({ method: 'GET', url: `/games/${id}/log?limit=500`, headers: as(who) }))
        .json()
        .entries.find((e: { seq: number }) => e.seq === ordersSeq)
    for (const reader of [holders[enemy]!, null]) {
      const e = await entryFor(reader)
      expect(e.supersededBy).toBe(applied.at)
      expect(e.sealed).toContain('body')
      expect(e.payload).toBeNull()
    }
    // Its own side still reads it.
    expect((await entryFor(holders[second]!)).payload).not.toBeNull()
    await verified(id)
  })
})

describe('the permission matrix', () => {
  it('each route × {anonymous, stranger, opponent, own seat, game master, admin, admin who plays}', async () => {
    const playing = await register(h.app, 'PlayingAdmin2')
    await h.t.sql(`UPDATE "User" SET role = 'ADMIN' WHERE id = $1`, [playing.id])
    const created = await h.app.inject({
      method: 'POST',
      url: '/games',
      headers: as(alice),
      payload: { ruleset: 'abaoaqu', scenario: 'A-S1', players: 3, seat: 'FED-1', private: true, gameMaster: gm.email },
    })
    expect(created.statusCode, created.body).toBe(201)
    const { id, invite } = created.json() as { id: string; invite: string }
    for (const [user, seat] of [
      [playing, 'FED-2'],
      [bob, 'ZEON'],
    ] as const)
      expect(
        (await h.app.inject({ method: 'POST', url: `/games/${id}/join`, headers: as(user), payload: { seat, invite } }))
          .statusCode,
      ).toBe(200)
    const callers: Record<string, User | null> = {
      anonymous: null,
      stranger,
      opponent: bob,
      seat: alice,
      'game master': gm,
      admin,
      'admin who plays': playing,
    }
    const body = { kind: 'extend-deadline', hours: 1, reason: 'matrix' }
    const head = async () => (await fullState(id)).head
    const routes: Record<string, [(who: User | null) => Promise<{ statusCode: number }>, number[]]> = {
      'POST /corrections/preview': [(who) => preview(id, body, who), [401, 404, 403, 403, 200, 200, 403]],
      'POST /corrections': [async (who) => apply(id, body, await head(), who), [401, 404, 403, 403, 201, 201, 403]],
      'GET /state?at=1': [
        (who) => h.app.inject({ method: 'GET', url: `/games/${id}/state?at=1`, headers: as(who) }),
        [401, 404, 200, 200, 200, 200, 200],
      ],
      'GET /view?at=1&as=ZEON': [
        (who) => h.app.inject({ method: 'GET', url: `/games/${id}/view?at=1&as=ZEON`, headers: as(who) }),
        [404, 404, 200, 403, 200, 200, 403],
      ],
      'GET /moderation': [
        (who) => h.app.inject({ method: 'GET', url: `/games/${id}/moderation`, headers: as(who) }),
        [404, 404, 200, 200, 200, 200, 200],
      ],
      'GET /corrections': [
        (who) => h.app.inject({ method: 'GET', url: `/games/${id}/corrections`, headers: as(who) }),
        [401, 404, 200, 200, 200, 200, 200],
      ],
    }
    const seen: string[] = []
    const wanted: string[] = []
    for (const [route, [call, statuses]] of Object.entries(routes))
      for (const [i, [role, who]] of Object.entries(callers).entries()) {
        seen.push(`${route} as ${role}: ${(await call(who)).statusCode}`)
        wanted.push(`${route} as ${role}: ${statuses[i]}`)
      }
    expect(seen).toEqual(wanted)
    // What /state gives: the players (the admin who plays too) their own view, the moderators the whole state.
    for (const who of [alice, bob, playing])
      expect(
        (await h.app.inject({ method: 'GET', url: `/games/${id}/state`, headers: as(who) })).json(),
      ).toHaveProperty('view')
    for (const who of [gm, admin])
      expect(
        (await h.app.inject({ method: 'GET', url: `/games/${id}/state`, headers: as(who) })).json(),
      ).toHaveProperty('state')
  })
})
