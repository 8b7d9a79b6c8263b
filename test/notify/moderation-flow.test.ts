// The whole story, through the real routes, worker and SMTP server: in a running A-Bao-A-Qu game
// a player disputes a combat result; the game master reads it, previews a re-resolve and applies it with a
// reason, settling the dispute; both players get the moderation email with the map (one in Japanese), the
// next player to act gets their phase email, the log shows the dispute and its ruling on the entry, and
// /verify still passes. Then a GREEN NOA game is adjusted the same way.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { State } from '../../src/rulesets/abaoaqu/engine/index.js'
import { randomOrders, rng } from '../../src/rulesets/abaoaqu/engine/random-orders.js'
import { greennoa } from '../../src/rulesets/greennoa/engine/index.js'
import { MAP_CID } from '../../src/notify/kinds/core.js'
import { deadlineTick } from '../../src/games/deadlines.js'
import { as, register, type User } from '../http/helpers.js'
import { waitFor } from '../support/smtp.js'
import { queueIdle, startMailStack, type MailStack } from './stack.js'

let s: MailStack
let alice: User // FED, reads Japanese
let bob: User // ZEON
let gm: User

beforeAll(async () => {
  s = await startMailStack()
  ;[alice, bob, gm] = (await Promise.all(['Alice', 'Bob', 'Garma'].map((n) => register(s.app, n)))) as [
    User,
    User,
    User,
  ]
  const res = await s.app.inject({
    method: 'PATCH',
    url: '/me/preferences',
    headers: as(alice),
    payload: { locale: 'ja', timeZone: 'Asia/Tokyo' },
  })
  expect(res.statusCode, res.body).toBe(200)
}, 60_000)
afterAll(async () => s?.close())

async function create(payload: Record<string, unknown>): Promise<string> {
  const created = await s.app.inject({ method: 'POST', url: '/games', headers: as(alice), payload })
  expect(created.statusCode, created.body).toBe(201)
  const id = created.json().id as string
  const joined = await s.app.inject({ method: 'POST', url: `/games/${id}/join`, headers: as(bob), payload: {} })
  expect(joined.statusCode, joined.body).toBe(200)
  return id
}

async function fullState(id: string) {
  const res = await s.app.inject({ method: 'GET', url: `/games/${id}/state`, headers: as(gm) })
  expect(res.statusCode, res.body).toBe(200)
  return res.json() as { head: number; state: State; pending: Array<{ seats: string[] }>; outcome: unknown }
}

const flat = (text: string) => text.replace(/\s+/g, ' ')
const player = (seat: string) => (seat === 'FED' ? alice : bob)

/** Plays random orders until a resolution with dice is in the log; answers that entry. */
async function playUntilCombat(id: string): Promise<{ seq: number; rolls: unknown[] }> {
  const r = rng(5)
  for (let step = 0; step < 40; step++) {
    const s0 = await fullState(id)
    for (const seat of s0.pending.flatMap((p) => p.seats)) {
      const orders = randomOrders(s0.state, seat, r)
      const onlyStanding = orders.length > 0 && orders.every((o) => o.kind === 'standing')
      const res = await s.app.inject({
        method: 'POST',
        url: `/games/${id}/orders`,
        headers: as(player(seat)),
        payload: { orders, ...(onlyStanding ? { pass: true } : {}) },
      })
      expect(res.statusCode, res.body).toBe(200)
    }
    const log = (await s.app.inject({ method: 'GET', url: `/games/${id}/log?limit=500`, headers: as(alice) })).json()
    const combat = (log.entries as Array<{ seq: number; kind: string; payload: { rolls?: unknown[] } | null }>)
      .filter((e) => e.kind === 'RESOLUTION' && (e.payload?.rolls?.length ?? 0) > 0)
      .at(-1)
    if (combat) return { seq: combat.seq, rolls: combat.payload!.rolls! }
  }
  throw new Error('no combat in 40 steps')
}

async function correct(id: string, body: Record<string, unknown>) {
  const preview = await s.app.inject({
    method: 'POST',
    url: `/games/${id}/corrections/preview`,
    headers: as(gm),
    payload: body,
  })
  expect(preview.statusCode, preview.body).toBe(200)
  const applied = await s.app.inject({
    method: 'POST',
    url: `/games/${id}/corrections`,
    headers: as(gm, { 'if-match': `"${preview.json().seq}"` }),
    payload: body,
  })
  expect(applied.statusCode, applied.body).toBe(201)
  // What was applied is what was previewed (a new step's deadline runs from the moment it is applied).
  if (!preview.json().sampleDice)
    expect({ ...applied.json().after, deadline: null }).toEqual({ ...preview.json().after, deadline: null })
  return applied.json()
}

async function settled(): Promise<void> {
  await waitFor('the mail queue to be idle', () => queueIdle(s))
  await new Promise((r) => setTimeout(r, 300))
  await waitFor('the mail queue to be idle', () => queueIdle(s))
}

describe('a disputed combat, ruled by the game master', () => {
  it('dispute → preview → re-resolve with a reason → emails with the map → the log and /verify agree', async () => {
    const id = await create({
      ruleset: 'abaoaqu',
      scenario: 'A-S4',
      seat: 'FED',
      title: '係争テスト',
      options: { deployment: 'auto' },
      gameMaster: gm.email,
    })
    const combat = await playUntilCombat(id)
    await settled()
    const before = { alice: s.mails(alice.email).length, bob: s.mails(bob.email).length }

    // Alice disputes the combat result, in Japanese.
    const raised = await s.app.inject({
      method: 'POST',
      url: `/games/${id}/disputes`,
      headers: as(alice),
      payload: { seq: combat.seq, text: 'この戦闘の出目はおかしいと思います。再判定をお願いします。' },
    })
    expect(raised.statusCode, raised.body).toBe(201)
    const dispute = raised.json().id as string
    await waitFor('the game master is told', () => s.mails(gm.email, 'dispute-raised').length === 1)
    const inbox = (
      await s.app.inject({ method: 'GET', url: '/moderation/disputes?status=open', headers: as(gm) })
    ).json()
    expect(JSON.stringify(inbox)).toContain(dispute)

    // The game master looks at the state before the combat, then re-resolves it, settling the dispute.
    const past = await s.app.inject({ method: 'GET', url: `/games/${id}/state?at=${combat.seq - 1}`, headers: as(gm) })
    expect(past.statusCode).toBe(200)
    const reason = 'The dice server hiccupped at this entry: the combat is resolved again.'
    const applied = await correct(id, { kind: 'reresolve', seq: combat.seq, reason, dispute })
    const at = applied.at as number
    expect(applied.entries[0].payload).toMatchObject({ kind: 'reresolve', seq: combat.seq, dispute, reason })

    // Each player: exactly one moderation email, with the reason and the map; Alice's in Japanese.
    await settled()
    const bobMail = s.mails(bob.email, 'moderation')
    const aliceMail = s.mails(alice.email, 'moderation')
    expect(bobMail).toHaveLength(1)
    expect(aliceMail).toHaveLength(1)
    expect(s.mails(gm.email, 'moderation')).toHaveLength(0)
    expect(flat(bobMail[0]!.parsed.text!)).toContain(reason)
    expect(flat(bobMail[0]!.parsed.text!)).toContain(`#dispute-${dispute}`)
    expect(aliceMail[0]!.parsed.subject).toContain('モデレーター')
    expect(flat(aliceMail[0]!.parsed.text!)).toContain(reason)
    for (const m of [bobMail[0]!, aliceMail[0]!])
      expect(m.parsed.attachments.filter((a) => a.cid === MAP_CID && a.contentType === 'image/png')).toHaveLength(1)
    // The next player to act is told it is their phase, as after any step.
    const next = (await fullState(id)).pending.flatMap((p) => p.seats)
    for (const seat of next) {
      const who = player(seat)
      const phase = s
        .mails(who.email, 'your-phase')
        .filter((m) => s.mails(who.email).indexOf(m) >= before[seat === 'FED' ? 'alice' : 'bob'])
      expect(phase.length, `your-phase to ${seat}`).toBeGreaterThanOrEqual(1)
    }

    // The dispute is ruled by the correction, and the log shows both on the disputed entry.
    const d = (await s.app.inject({ method: 'GET', url: `/disputes/${dispute}`, headers: as(bob) })).json()
    expect(d).toMatchObject({
      status: 'ruled',
      ruling: expect.objectContaining({ ruling: 'correction', correctionSeq: at, reason }),
    })
    const log = (await s.app.inject({ method: 'GET', url: `/games/${id}/log?limit=500`, headers: as(bob) })).json()
    const entry = log.entries.find((e: { seq: number }) => e.seq === combat.seq)
    expect(entry.supersededBy).toBe(at)
    expect(JSON.stringify(entry.disputes)).toContain(dispute)
    const audit = (await s.app.inject({ method: 'GET', url: `/games/${id}/moderation`, headers: as(bob) })).json()
    expect(audit.actions).toEqual([expect.objectContaining({ seq: at, kind: 'reresolve', reason, dispute })])

    // And the game still verifies, the new dice included.
    const report = (await s.app.inject({ method: 'GET', url: `/games/${id}/verify`, headers: as(bob) })).json()
    expect(report).toMatchObject({ ok: true, rollsOk: true, replayOk: true, rulesOk: true })
  }, 120_000)

  it('a GREEN NOA game is adjusted in its own words, and still verifies', async () => {
    const id = await create({ ruleset: 'greennoa', scenario: 'GN-D1', gameMaster: gm.email })
    const s0 = (await s.app.inject({ method: 'GET', url: `/games/${id}/state`, headers: as(gm) })).json()
    const units = greennoa.unitsOf(s0.state)
    const [unit, fields] = Object.entries(units).find(([, u]) => u.status !== 'removed')!
    const facing = ((Number(fields.facing) || 0) % 6) + 1
    const applied = await correct(id, { kind: 'adjust', text: `${unit} face ${facing}`, reason: '向きの入力ミス' })
    expect(applied.units).toEqual([
      expect.objectContaining({
        unit,
        change: 'changed',
        fields: { facing: { before: fields.facing, after: facing } },
      }),
    ])
    const bad = await s.app.inject({
      method: 'POST',
      url: `/games/${id}/corrections/preview`,
      headers: as(gm),
      payload: { kind: 'adjust', text: `${unit} face 9`, reason: 'x' },
    })
    expect(bad.statusCode).toBe(422)
    expect(bad.json().errors[0]).toMatchObject({ line: 1 })
    const report = (await s.app.inject({ method: 'GET', url: `/games/${id}/verify`, headers: as(bob) })).json()
    expect(report).toMatchObject({ ok: true })
  }, 60_000)

  it('a missed deadline that calls the moderator tells the game master, not every admin', async () => {
    const admin = await register(s.app, 'Admin')
    await s.t.sql(`UPDATE "User" SET role = 'ADMIN' WHERE id = $1`, [admin.id])
    const id = await create({
      ruleset: 'abaoaqu',
      scenario: 'A-S4',
      seat: 'FED',
      options: { deployment: 'auto' },
      missedPolicy: 'moderator',
      gameMaster: gm.email,
    })
    await settled()
    const tick = await deadlineTick(s.t.db, new Date(Date.now() + 25 * 3_600_000), { holdForMail: false })
    expect(tick.actions).toContainEqual({ gameId: id, action: 'moderator' })
    await settled()
    const called = (who: User) =>
      s.mails(who.email, 'deadline').filter((m) => String(m.parsed.subject).includes('moderator'))
    expect(called(gm)).toHaveLength(1)
    expect(called(admin)).toHaveLength(0)
  }, 60_000)
})
