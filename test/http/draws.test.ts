// Draw offers (docs/messages.md) on a real A-Bao-A-Qu game with the whole mail path: declined and
// withdrawn offers leave the game going, an offer lapses when the game moves, the offerer cannot accept
// their own, and one accepted by every other side ends the game as a draw — in the log, through /verify,
// and in the game-over email.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startGame, startMailStack, type MailStack } from '../notify/stack.js'
import { waitFor } from '../support/smtp.js'
import { api, as, register, type Answer, type User } from './helpers.js'

type Offer = Answer<'/games/{id}/draw-offers/{offerId}/accept', 'post'>
type OfferList = Answer<'/games/{id}/draw-offers', 'get'>

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
  gameId = (await startGame(s, alice, bob, 'Stalemate')).gameId
}, 60_000)
afterAll(async () => s?.close())

async function offer(user: User | null, body: Record<string, unknown> = {}) {
  const res = await s.app.inject({
    method: 'POST',
    url: `/games/${gameId}/draw-offers`,
    headers: as(user),
    payload: body,
  })
  return { status: res.statusCode, body: res.json() as Offer & { detail?: string; field?: string } }
}

async function answer(user: User | null, id: string, decision: 'accept' | 'decline' | 'withdraw') {
  const res = await s.app.inject({
    method: 'POST',
    url: `/games/${gameId}/draw-offers/${id}/${decision}`,
    headers: as(user),
  })
  return { status: res.statusCode, body: res.json() as Offer & { detail?: string } }
}

async function list(user: User | null) {
  const res = await s.app.inject({ method: 'GET', url: `/games/${gameId}/draw-offers`, headers: as(user) })
  return { status: res.statusCode, body: res.json() as OfferList }
}

const game = async () => (await api.game(s.app, gameId, alice)).body
const subjects = (user: User) => s.mails(user.email, 'draw-offer').map((m) => String(m.parsed.subject))

describe('draw offers', () => {
  it('a declined offer leaves the game going; the offerer cannot answer their own', async () => {
    const before = await game()
    const made = await offer(alice, { note: '引き分けでどうでしょう。' })
    expect(made.status, JSON.stringify(made.body)).toBe(201)
    expect(made.body).toMatchObject({
      offeredBy: { id: alice.id, name: 'Alice', seat: 'FED', side: 'FED' },
      note: '引き分けでどうでしょう。',
      atSeq: before.logSeq,
      status: 'open',
      answers: {},
      waitingFor: [{ side: 'ZEON', players: [{ id: bob.id, name: 'Bob' }] }],
      endedAtSeq: null,
    })
    const own = await answer(alice, made.body.id, 'accept')
    expect(own.status).toBe(403)
    expect(own.body.detail).toMatch(/you offered this draw/)
    expect((await answer(carol, made.body.id, 'accept')).status).toBe(403)
    expect((await offer(bob)).status).toBe(409)
    expect((await answer(bob, made.body.id, 'withdraw')).status).toBe(403)

    const declined = await answer(bob, made.body.id, 'decline')
    expect(declined.status).toBe(200)
    expect(declined.body).toMatchObject({ status: 'declined', answers: { ZEON: 'decline' }, waitingFor: [] })
    expect((await answer(bob, made.body.id, 'accept')).status).toBe(409)
    const after = await game()
    expect(after.status).toBe('ACTIVE')
    expect(after.logSeq).toBe(before.logSeq)

    await waitFor(
      'the offer and the refusal mailed',
      () =>
        subjects(bob).includes('Stalemate: Alice (Federation) offers a draw') &&
        subjects(alice).includes('Stalemate: your draw offer was declined'),
    )
    const ask = s.mails(bob.email, 'draw-offer')[0]!.parsed.text!
    expect(ask).toContain('引き分けでどうでしょう。')
    expect(ask).toContain(`/games/${gameId}/draw-offers/${made.body.id}/accept`)
  }, 30_000)

  it('a withdrawn offer closes; one the game moved past lapses', async () => {
    const w = await offer(bob)
    expect(w.status).toBe(201)
    const withdrawn = await answer(bob, w.body.id, 'withdraw')
    expect(withdrawn.body.status).toBe('withdrawn')
    expect((await answer(alice, w.body.id, 'accept')).status).toBe(409)
    expect((await game()).status).toBe('ACTIVE')

    const l = await offer(alice)
    expect(l.status).toBe(201)
    // Bob plays on instead of answering.
    const g = await game()
    const seat = g.pending[0]!.seats[0]!
    const mover = seat === 'FED' ? alice : bob
    const moved = await api.orders(s.app, gameId, mover, { orders: [], pass: true }, { 'if-match': `"${g.logSeq}"` })
    expect(moved.status, moved.raw).toBe(200)
    const late = await answer(bob, l.body.id, 'accept')
    expect(late.status).toBe(409)
    expect(late.body.detail).toMatch(/lapsed/)
    expect((await game()).status).toBe('ACTIVE')
    const listed = (await list(alice)).body.offers
    expect(listed.map((o) => o.status)).toEqual(['lapsed', 'withdrawn', 'declined'])
    await waitFor(
      'the withdrawal and the lapse mailed',
      () =>
        subjects(alice).includes('Stalemate: Bob withdrew the draw offer') &&
        subjects(alice).includes('Stalemate: your draw offer lapsed'),
    )
  }, 30_000)

  it('accepted by every other side, the game ends as a draw, in the log and through /verify', async () => {
    const before = await game()
    const made = await offer(bob, { note: 'Call it even?' })
    expect(made.status).toBe(201)
    const accepted = await answer(alice, made.body.id, 'accept')
    expect(accepted.status, JSON.stringify(accepted.body)).toBe(200)
    expect(accepted.body).toMatchObject({
      status: 'accepted',
      answers: { FED: 'accept' },
      waitingFor: [],
      endedAtSeq: before.logSeq + 1,
    })
    const after = await game()
    expect(after.status).toBe('FINISHED')
    expect(after.outcome).toMatchObject({ winner: null })
    const log = await api.log(s.app, gameId, alice, before.logSeq)
    const entry = log.body.entries.at(-1)!
    expect(entry).toMatchObject({ seq: before.logSeq + 1, kind: 'CORRECTION', userId: bob.id })
    expect(entry.payload).toMatchObject({ kind: 'adjudicate', winner: null, moderator: null, proposal: made.body.id })
    const verify = await api.verify(s.app, gameId, carol)
    expect(verify.body.ok, JSON.stringify(verify.body)).toBe(true)

    // Everyone is told the game is over, a draw; no second (moderation) email says it again.
    await waitFor(
      'the game-over emails',
      () => s.mails(alice.email, 'game-over').length === 1 && s.mails(bob.email, 'game-over').length === 1,
    )
    const over = s.mails(alice.email, 'game-over')[0]!.parsed
    expect(over.subject).toBe('Stalemate: game over, a draw')
    expect(over.text!.replace(/\s+/g, ' ')).toContain('It is a draw: every side agreed a draw.')
    expect(s.mails(alice.email, 'moderation')).toHaveLength(0)
  }, 30_000)

  it('a finished game takes no offer and no answer', async () => {
    const again = await offer(alice)
    expect(again.status).toBe(409)
    expect(again.body.detail).toBe('the game is over')
    const last = (await list(bob)).body.offers[0]!
    expect((await answer(alice, last.id, 'accept')).status).toBe(409)
    expect((await list(carol)).status).toBe(403)
    expect((await list(null)).status).toBe(401)
  })

  it('a note with a control character is refused, naming it; an offer needs no body', async () => {
    const fresh = (await startGame(s, alice, bob, 'Fresh')).gameId
    const url = `/games/${fresh}/draw-offers`
    const res = await s.app.inject({ method: 'POST', url, headers: as(alice), payload: { note: 'bell \u0007' } })
    expect(res.statusCode).toBe(400)
    expect(res.json().field).toBe('note')
    const bare = await s.app.inject({ method: 'POST', url, headers: as(alice) })
    expect(bare.statusCode, bare.body).toBe(201)
    expect(bare.json()).toMatchObject({ note: '', status: 'open' })
  }, 30_000)
})
