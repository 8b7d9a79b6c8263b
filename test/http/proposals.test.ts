// Players agree a rollback among themselves (docs/proposals.md), on a real A-Bao-A-Qu game with the
// whole mail path: a misclick undone when the opponent accepts, a rejection and a lapse that change
// nothing, a withdrawal, who may do what, and each email sent once.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createDice } from '../../src/engine/dice.js'
import { abaoaqu } from '../../src/rulesets/abaoaqu/engine/index.js'
import { randomOrders, rng } from '../../src/rulesets/abaoaqu/engine/random-orders.js'
import { loadAbaoaquScenario } from '../../src/rulesets/abaoaqu/scenarios/index.js'
import { doubled, startGame, startMailStack, type MailStack } from '../notify/stack.js'
import { waitFor } from '../support/smtp.js'
import { api, as, register, type Answer, type User } from './helpers.js'

type Proposal = Answer<'/games/{id}/corrections/{cid}/accept', 'post'>
type ProposalList = Answer<'/games/{id}/corrections', 'get'>

let s: MailStack
let alice: User
let bob: User
let carol: User
let gameId: string

beforeAll(async () => {
  s = await startMailStack()
  alice = await register(s.app, 'Alice')
  bob = await register(s.app, 'Bob')
  carol = await register(s.app, 'Carol')
  gameId = (await startGame(s, alice, bob, 'Misclick')).gameId
}, 60_000)
afterAll(async () => s?.close())

const flat = (text: string) => text.replace(/\s+/g, ' ')
/** The subjects of the proposal emails a player received, sorted. */
const subjects = (user: User) =>
  s
    .mails(user.email, 'proposal')
    .map((m) => String(m.parsed.subject))
    .sort()

async function propose(user: User | null, body: Record<string, unknown>, id = gameId) {
  const res = await s.app.inject({ method: 'POST', url: `/games/${id}/corrections`, headers: as(user), payload: body })
  return {
    status: res.statusCode,
    body: res.json() as Proposal & { detail?: string; errors?: Array<{ field?: string }> },
  }
}

async function answer(user: User | null, cid: string, decision: 'accept' | 'reject' | 'withdraw', id = gameId) {
  const res = await s.app.inject({
    method: 'POST',
    url: `/games/${id}/corrections/${cid}/${decision}`,
    headers: as(user),
  })
  return { status: res.statusCode, body: res.json() as Proposal & { detail?: string } }
}

async function list(user: User | null, id = gameId) {
  const res = await s.app.inject({ method: 'GET', url: `/games/${id}/corrections`, headers: as(user) })
  return { status: res.statusCode, body: res.json() as ProposalList }
}

async function logSeq(): Promise<number> {
  return (await api.game(s.app, gameId, alice)).body.logSeq
}

/** The seat whose turn it is, and its player. */
async function acting(): Promise<{ seat: string; user: User }> {
  const seat = (await api.game(s.app, gameId, alice)).body.pending[0]!.seats[0]!
  return { seat, user: seat === 'FED' ? alice : bob }
}

/** A rejection's field, wherever the problem names it. */
const fieldOf = (p: { field?: string; errors?: Array<{ field?: string }> }) => p.field ?? p.errors?.[0]?.field

describe('players agree a rollback', () => {
  let first: Proposal
  let rejectedTo = 0
  let lapsedTo = 0

  it('a misclick is proposed away, the opponent accepts, and play goes on from before it', async () => {
    // Bob (ZEON) deploys first, and sends the wrong placement.
    const { seed } = await s.t.db.game.findUniqueOrThrow({ where: { id: gameId } })
    const state = abaoaqu.setup(loadAbaoaquScenario('A-S4'), { players: 2, options: {} }, createDice(seed, 1)).state
    expect(abaoaqu.pending(state)[0]!.seats).toEqual(['ZEON'])
    const before = await api.state(s.app, gameId, bob, 1)
    expect(before.status).toBe(200)
    const mistake = randomOrders(state, 'ZEON', rng(7))
    expect(mistake.length).toBeGreaterThan(0)
    const sent = await api.orders(s.app, gameId, bob, { orders: mistake }, { 'if-match': '"1"' })
    expect(sent.status, sent.raw).toBe(200)
    const atMistake = await logSeq()
    expect(atMistake).toBe(3)
    const misplaced = await api.view(s.app, gameId, bob)
    expect(misplaced.body.view).not.toEqual(before.body.view)

    const made = await propose(bob, { kind: 'rollback', toSeq: 1, reason: 'I sent the placement for the other zone' })
    expect(made.status, JSON.stringify(made.body)).toBe(202)
    first = made.body
    expect(first).toMatchObject({
      kind: 'rollback',
      toSeq: 1,
      reason: 'I sent the placement for the other zone',
      proposer: { id: bob.id, name: 'Bob', seat: 'ZEON' },
      atSeq: atMistake,
      status: 'open',
      answers: {},
      waitingFor: [{ seat: 'FED', player: { id: alice.id, name: 'Alice' } }],
      decidedAt: null,
      correctionSeq: null,
    })
    // A proposal changes nothing by itself.
    expect(await logSeq()).toBe(atMistake)

    // A second proposal waits for the first; the proposer does not answer their own.
    const second = await propose(alice, { kind: 'rollback', toSeq: 1, reason: 'me too' })
    expect(second.status).toBe(409)
    expect(second.body.detail).toContain(first.id)
    const own = await answer(bob, first.id, 'accept')
    expect(own.status).toBe(403)
    expect(own.body.detail).toMatch(/other players/)

    const accepted = await answer(alice, first.id, 'accept')
    expect(accepted.status, JSON.stringify(accepted.body)).toBe(200)
    expect(accepted.body).toMatchObject({
      status: 'accepted',
      answers: { FED: 'accept' },
      waitingFor: [],
      correctionSeq: atMistake + 1,
    })

    // The game is back at the state of entry 1, one entry later; nothing was erased.
    const now = await api.view(s.app, gameId, bob)
    expect(now.body.seq).toBe(atMistake + 1)
    expect(now.body.view).toEqual(before.body.view)
    const log = await api.log(s.app, gameId, alice)
    expect(log.body.entries.map((e) => e.seq)).toEqual([1, 2, 3, 4])
    expect(log.body.entries.filter((e) => e.supersededBy === atMistake + 1).map((e) => e.seq)).toEqual([2, 3])
    const correction = log.body.entries[3]!
    expect(correction).toMatchObject({ kind: 'CORRECTION', userId: bob.id })
    expect(correction.payload).toMatchObject({ kind: 'rollback', toSeq: 1, moderator: null, proposal: first.id })

    // Bob deploys again, at the new position; the game checks out.
    const again = await api.orders(s.app, gameId, bob, { orders: [], pass: true }, { 'if-match': `"${atMistake + 1}"` })
    expect(again.status, again.raw).toBe(200)
    const verify = await api.verify(s.app, gameId, alice)
    expect(verify.body.ok, JSON.stringify(verify.body)).toBe(true)

    // Alice was asked once; both were told once of the correction.
    await waitFor('the proposal and the correction mailed', () => {
      return (
        s.mails(alice.email, 'proposal').length === 1 &&
        s.mails(alice.email, 'moderation').length === 1 &&
        s.mails(bob.email, 'moderation').length === 1
      )
    })
    const ask = s.mails(alice.email, 'proposal')[0]!.parsed
    expect(ask.subject).toBe('Misclick: Bob proposes to roll back to log entry 1')
    const text = flat(ask.text!)
    expect(text).toContain('Why: I sent the placement for the other zone')
    expect(text).toContain(`/games/${gameId}/corrections/${first.id}/accept`)
    expect(s.mails(bob.email, 'proposal')).toHaveLength(0)
    expect(flat(s.mails(bob.email, 'moderation')[0]!.parsed.text!)).toContain('proposed by Bob')
  }, 60_000)

  it('a rejected proposal changes nothing', async () => {
    const seq = await logSeq()
    const view = (await api.view(s.app, gameId, alice)).body
    const made = await propose(bob, { kind: 'rollback', toSeq: seq - 2, reason: 'second thoughts' })
    expect(made.status).toBe(202)
    const rejected = await answer(alice, made.body.id, 'reject')
    expect(rejected.status).toBe(200)
    expect(rejected.body).toMatchObject({ status: 'rejected', answers: { FED: 'reject' }, correctionSeq: null })
    expect(await logSeq()).toBe(seq)
    expect((await api.view(s.app, gameId, alice)).body).toEqual(view)
    // Closed: no more answers.
    expect((await answer(alice, made.body.id, 'accept')).status).toBe(409)
    await waitFor('the rejection mailed', () => s.mails(bob.email, 'proposal').length === 1)
    expect(subjects(bob)).toEqual([`Misclick: your rollback to log entry ${seq - 2} was rejected`])
    rejectedTo = seq - 2
  }, 30_000)

  it('a proposal lapses when the game moves first, and is then refused', async () => {
    const seq = await logSeq()
    lapsedTo = seq - 2
    const made = await propose(bob, { kind: 'rollback', toSeq: seq - 2, reason: 'a lapse' })
    expect(made.status).toBe(202)
    const next = await acting()
    const moved = await api.orders(s.app, gameId, next.user, { orders: [], pass: true }, { 'if-match': `"${seq}"` })
    expect(moved.status, moved.raw).toBe(200)
    const after = await logSeq()
    const late = await answer(alice, made.body.id, 'accept')
    expect(late.status).toBe(409)
    expect(late.body.detail).toMatch(/lapsed/)
    expect(await logSeq()).toBe(after)
    const mine = (await list(bob)).body.proposals.find((p) => p.id === made.body.id)
    expect(mine).toMatchObject({ status: 'lapsed', waitingFor: [] })
    await waitFor('the lapse mailed', () =>
      subjects(bob).includes(`Misclick: your rollback to log entry ${seq - 2} lapsed`),
    )
  }, 30_000)

  it('the proposer may withdraw an open proposal; then another may be made', async () => {
    const seq = await logSeq()
    const made = await propose(bob, { kind: 'rollback', toSeq: 1, reason: 'withdrawn soon' })
    expect(made.status).toBe(202)
    expect((await answer(alice, made.body.id, 'withdraw')).status).toBe(403)
    const withdrawn = await answer(bob, made.body.id, 'withdraw')
    expect(withdrawn.status).toBe(200)
    expect(withdrawn.body).toMatchObject({ status: 'withdrawn', waitingFor: [] })
    expect((await answer(alice, made.body.id, 'accept')).status).toBe(409)
    expect(await logSeq()).toBe(seq)
    await waitFor('the withdrawal mailed', () =>
      subjects(alice).includes('Misclick: Bob withdrew the rollback to log entry 1'),
    )
    const list1 = (await list(alice)).body.proposals
    expect(list1.map((p) => p.status)).toEqual(['withdrawn', 'lapsed', 'rejected', 'accepted'])
  }, 30_000)

  it('bad proposals are refused with the field, and only rollbacks come from players', async () => {
    const seq = await logSeq()
    for (const toSeq of [0, -1, seq, seq + 5]) {
      const r = await propose(alice, { kind: 'rollback', toSeq, reason: 'bad' })
      expect(r.status, `toSeq ${toSeq}`).toBe(400)
      expect(fieldOf(r.body as never)).toBe('toSeq')
    }
    const none = await propose(alice, { kind: 'rollback', reason: 'no position' })
    expect(none.status).toBe(400)
    expect(fieldOf(none.body as never)).toBe('toSeq')
    const blank = await propose(alice, { kind: 'rollback', toSeq: 1, reason: '   ' })
    expect(blank.status).toBe(400)
    expect(fieldOf(blank.body as never)).toBe('reason')
    const pause = await propose(alice, { kind: 'pause', reason: 'tea' })
    expect(pause.status).toBe(403)
    expect(pause.body.detail).toMatch(/only a rollback/)
    const stale = await s.app.inject({
      method: 'POST',
      url: `/games/${gameId}/corrections`,
      headers: as(alice, { 'if-match': `"${seq - 1}"` }),
      payload: { kind: 'rollback', toSeq: 1, reason: 'old position' },
    })
    expect(stale.statusCode).toBe(409)
    expect(await logSeq()).toBe(seq)
    expect((await list(alice)).body.proposals.filter((p) => p.status === 'open')).toEqual([])
  }, 30_000)

  it('strangers, anonymous callers, unknown games and proposals are refused', async () => {
    const made = await propose(alice, { kind: 'rollback', toSeq: 1, reason: 'permissions' })
    expect(made.status).toBe(202)
    const cid = made.body.id
    expect((await answer(carol, cid, 'accept')).status).toBe(403)
    expect((await answer(carol, cid, 'reject')).status).toBe(403)
    expect((await list(carol)).status).toBe(403)
    const stranger = await s.app.inject({
      method: 'POST',
      url: `/games/${gameId}/corrections`,
      headers: as(carol, { 'if-match': `"${await logSeq()}"` }),
      payload: { kind: 'rollback', toSeq: 1, reason: 'not mine' },
    })
    expect(stranger.statusCode).toBe(403)
    expect((await answer(null, cid, 'accept')).status).toBe(401)
    expect((await list(null)).status).toBe(401)
    expect((await propose(null, { kind: 'rollback', toSeq: 1, reason: 'who' })).status).toBe(401)
    const unknown = '00000000-0000-4000-8000-000000000000'
    expect((await answer(bob, unknown, 'accept')).status).toBe(404)
    expect((await answer(bob, cid, 'accept', unknown)).status).toBe(404)
    expect((await list(bob, unknown)).status).toBe(404)
    // A private game the caller may not see is missing, as on every route.
    const created = await s.app.inject({
      method: 'POST',
      url: '/games',
      headers: as(alice),
      payload: { ruleset: 'abaoaqu', scenario: 'A-S4', seat: 'FED', title: 'Hidden', private: true },
    })
    expect(created.statusCode, created.body).toBe(201)
    const hidden = created.json().id as string
    expect((await list(carol, hidden)).status).toBe(404)
    expect((await answer(carol, cid, 'accept', hidden)).status).toBe(404)
    // Still open: Bob rejects it.
    expect((await answer(bob, cid, 'reject')).status).toBe(200)
  }, 30_000)

  it('a finished game takes no proposal', async () => {
    const resigned = await s.app.inject({ method: 'POST', url: `/games/${gameId}/resign`, headers: as(bob) })
    expect(resigned.statusCode, resigned.body).toBe(200)
    const late = await propose(alice, { kind: 'rollback', toSeq: 1, reason: 'too late' })
    expect(late.status).toBe(409)
    expect(late.body.detail).toMatch(/over/)
  }, 30_000)

  it('each email went out once', async () => {
    const asked = (to: number) => `Misclick: Bob proposes to roll back to log entry ${to}`
    const expected = {
      // Asked of each of Bob's four proposals, told of the withdrawal and of her own proposal rejected.
      alice: [
        asked(1),
        asked(1),
        asked(rejectedTo),
        asked(lapsedTo),
        'Misclick: Bob withdrew the rollback to log entry 1',
        'Misclick: your rollback to log entry 1 was rejected',
      ].sort(),
      // Told of his proposals rejected and lapsed, and asked of Alice's.
      bob: [
        `Misclick: your rollback to log entry ${rejectedTo} was rejected`,
        `Misclick: your rollback to log entry ${lapsedTo} lapsed`,
        'Misclick: Alice proposes to roll back to log entry 1',
      ].sort(),
    }
    await waitFor(
      'every proposal email',
      () => subjects(alice).length >= expected.alice.length && subjects(bob).length >= expected.bob.length,
    )
    await new Promise((r) => setTimeout(r, 500))
    // Other kinds once per position (proposal emails, several at one position, are counted above).
    expect(doubled(s.smtp.received.filter((r) => r.parsed.headers.get('x-hexmail-kind') !== 'proposal'))).toEqual([])
    expect(subjects(alice)).toEqual(expected.alice)
    expect(subjects(bob)).toEqual(expected.bob)
    expect(s.mails(carol.email, 'proposal')).toHaveLength(0)
    expect(s.mails(carol.email, 'moderation')).toHaveLength(0)
    expect(s.mails(alice.email, 'moderation')).toHaveLength(1)
    expect(s.mails(bob.email, 'moderation')).toHaveLength(1)
  }, 30_000)

  it("a game master's rollback is applied at once, with the moderator named", async () => {
    const dave = await register(s.app, 'Dave')
    const created = await s.app.inject({
      method: 'POST',
      url: '/games',
      headers: as(alice),
      payload: { ruleset: 'abaoaqu', scenario: 'A-S4', seat: 'FED', title: 'Refereed', gameMaster: dave.email },
    })
    expect(created.statusCode, created.body).toBe(201)
    const id = created.json().id as string
    expect(
      (await s.app.inject({ method: 'POST', url: `/games/${id}/join`, headers: as(bob), payload: {} })).statusCode,
    ).toBe(200)
    expect((await api.orders(s.app, id, bob, { orders: [], pass: true }, { 'if-match': '"1"' })).status).toBe(200)
    const applied = await s.app.inject({
      method: 'POST',
      url: `/games/${id}/corrections`,
      headers: as(dave, { 'if-match': '"3"' }),
      payload: { kind: 'rollback', toSeq: 1, reason: 'referee' },
    })
    expect(applied.statusCode, applied.body).toBe(201)
    const log = await api.log(s.app, id, alice)
    expect(log.body.entries[3]).toMatchObject({ kind: 'CORRECTION', userId: dave.id })
    expect(log.body.entries[3]!.payload).toMatchObject({ kind: 'rollback', toSeq: 1, moderator: dave.id })
    expect(log.body.entries[3]!.payload).not.toHaveProperty('proposal')
    expect((await list(dave, id)).body.proposals).toEqual([])
  }, 30_000)
})
