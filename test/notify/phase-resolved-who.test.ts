// The "phase resolved" email names the step that was played, the side that played it and the turn
// it was played in (not the reader's side and the next step), says only that the game started at a
// position that just set it up, and the game-over email names the sides in its reason.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Order, State } from '../../src/rulesets/abaoaqu/engine/index.js'
import { randomOrders, rng } from '../../src/rulesets/abaoaqu/engine/random-orders.js'
import { createGame, joinGame, resign } from '../../src/games/lifecycle.js'
import { loadFolded } from '../../src/games/load.js'
import { submitOrders } from '../../src/games/orders.js'
import { buildMessage, type MessageContext, type NotificationRow } from '../../src/notify/messages.js'
import { gameMetaRow } from '../../src/store/games.js'
import { createTestDb, type TestDb } from '../support/db.js'

let t: TestDb
let ctx: MessageContext
const ALICE = '00000000-0000-4000-8000-00000000a11c'
const BOB = '00000000-0000-4000-8000-000000000b0b'
const users: Record<string, string> = { FED: ALICE, ZEON: BOB }
const email: Record<string, string> = { FED: 'alice@example.org', ZEON: 'bob@example.org' }

beforeAll(async () => {
  t = await createTestDb()
  ctx = {
    db: t.db,
    publicUrl: 'http://hexmail.test',
    from: 'hexmail <noreply@hexmail.test>',
    replyBase: 'play@hexmail.test',
    secret: 'phase-resolved-secret',
    pageSecret: 'page-link-test-secret',
    pageLinkTtlSeconds: 72 * 3600,
  }
  for (const [id, name] of [
    [ALICE, 'Alice'],
    [BOB, 'Bob'],
  ] as const)
    await t.db.user.create({ data: { id, email: `${name.toLowerCase()}@example.org`, name, passwordHash: 'x' } })
}, 60_000)
afterAll(async () => t?.drop())

async function newGame(scenario: string): Promise<string> {
  const id = await createGame(t.db, ALICE, {
    ruleset: 'abaoaqu',
    scenario,
    seat: 'FED',
    title: 'Who played',
    options: { deployment: 'auto' },
  })
  await joinGame(t.db, BOB, id, {})
  return id
}

let nextId = 1
/** The email a seat would get at a position. */
async function mail(kind: string, gameId: string, seat: string, seq: number) {
  const n: NotificationRow = {
    id: String(nextId++),
    outboxId: '1',
    userId: users[seat]!,
    gameId,
    seat,
    seq,
    kind,
    toAddress: email[seat]!,
    payload: { deadline: '2026-12-05T12:00:00.000Z' },
  }
  const built = await buildMessage(ctx, n, { map: false })
  return { subject: String(built.message.subject), text: String(built.message.text).replace(/\s+/g, ' ') }
}

const passIfOnlyStanding = (orders: Order[]) =>
  orders.length > 0 && orders.every((o) => o.kind === 'standing') ? { pass: true } : {}

/** Plays `steps` steps with random orders; each position reached, with the seat that played into it. */
async function play(gameId: string, steps: number): Promise<Array<{ seq: number; by: string; next: string }>> {
  const r = rng(7)
  const reached: Array<{ seq: number; by: string; next: string }> = []
  for (let i = 0; i < steps; i++) {
    const game = (await gameMetaRow(t.db, gameId))!
    const state = (await loadFolded(t.db, game))!.state as State
    const seat = (game.pending as Array<{ seats: string[] }>)[0]!.seats[0]!
    const orders = randomOrders(state, seat, r)
    await submitOrders(t.db, { gameId, userId: users[seat]!, orders, ...passIfOnlyStanding(orders) })
    const after = (await gameMetaRow(t.db, gameId))!
    const next = (after.pending as Array<{ seats: string[] }>)[0]!.seats[0]!
    reached.push({ seq: after.logSeq, by: seat, next })
  }
  return reached
}

describe('phase-resolved names who played what, and when', () => {
  it('A-S4: each position names the side that played, its step and its turn, and who is next', async () => {
    const gameId = await newGame('A-S4')
    const reached = await play(gameId, 6)
    const name = (seat: string) => (seat === 'FED' ? 'Federation' : 'Zeon')
    const subjects: string[] = []
    for (const { seq, by, next } of reached) {
      const other = next === 'FED' ? 'ZEON' : 'FED'
      const m = await mail('phase-resolved', gameId, other, seq)
      subjects.push(m.subject)
      // The side that played is the one whose orders were just resolved, not the reader's.
      expect(m.subject).toContain(`: ${name(by)} played the `)
      expect(m.text).toContain(`${name(next)} plays the `)
    }
    // A-S4 opens with the Federation's half of turn 1: its movement, its combat and Zeon's return of
    // fire; then Zeon's half. Each subject names the turn and half the step was played in.
    expect(subjects).toMatchInlineSnapshot(`
      [
        "Who played: Federation played the movement phase, turn 1, first half",
        "Who played: Federation played the combat phase, turn 1, first half",
        "Who played: Zeon played the combat phase (return fire), turn 1, first half",
        "Who played: Zeon played the movement phase, turn 1, second half",
        "Who played: Zeon played the combat phase, turn 1, second half",
        "Who played: Federation played the combat phase (return fire), turn 1, second half",
      ]
    `)
  }, 120_000)

  it('a position that only set the game up says the game started, not that someone played', async () => {
    const gameId = await newGame('A-S1')
    const game = (await gameMetaRow(t.db, gameId))!
    const acting = (game.pending as Array<{ seats: string[] }>)[0]!.seats[0]!
    const other = acting === 'FED' ? 'ZEON' : 'FED'
    const m = await mail('phase-resolved', gameId, other, game.logSeq)
    expect(m.subject).toBe('Who played: the game has started')
    expect(m.text).not.toContain(' played the ')
    expect(m.text).toContain('Who played (A-S1')
    expect(m.text).toContain(') has started.')
  }, 60_000)
})

describe('game-over names the sides in its reason', () => {
  it('"Zeon resigned", never the side id', async () => {
    const gameId = await newGame('A-S4')
    await resign(t.db, BOB, gameId)
    const game = (await gameMetaRow(t.db, gameId))!
    const m = await mail('game-over', gameId, 'FED', game.logSeq)
    expect(m.text).toContain('Federation won: Zeon resigned.')
    expect(m.text).not.toContain('ZEON')
    // The stored outcome keeps the server's words.
    const stored = await t.db.game.findUniqueOrThrow({ where: { id: gameId }, select: { outcome: true } })
    expect((stored.outcome as { reason: string }).reason).toBe('ZEON resigned')
  }, 60_000)
})
