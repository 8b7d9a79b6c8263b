// What the server writes in English and keeps (a resignation's reason, a deadline notice, a move to other
// rules) reaches a Japanese-reading player in Japanese; the English reader gets the same words as before,
// and the stored outcome is not changed.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { planMissed } from '../../src/games/deadlines.js'
import { createGame, joinGame, resign } from '../../src/games/lifecycle.js'
import { migrateRules } from '../../src/games/rules-migration.js'
import { buildMessage, type MessageContext, type NotificationRow } from '../../src/notify/messages.js'
import { gameMetaRow } from '../../src/store/games.js'
import { createTestDb, type TestDb } from '../support/db.js'

let t: TestDb
let ctx: MessageContext
const ALICE = '00000000-0000-4000-8000-0000000a11ce'
const BOB = '00000000-0000-4000-8000-000000000b0b'
const users: Record<string, string> = { FED: ALICE, ZEON: BOB }

beforeAll(async () => {
  t = await createTestDb()
  ctx = {
    db: t.db,
    publicUrl: 'http://hexmail.test',
    from: 'hexmail <noreply@hexmail.test>',
    replyBase: 'play@hexmail.test',
    secret: 'server-words-secret',
    pageSecret: 'page-link-test-secret',
    pageLinkTtlSeconds: 72 * 3600,
  }
  await t.db.user.create({
    data: { id: ALICE, email: 'alice@example.org', name: 'Alice', passwordHash: 'x', locale: 'ja' },
  })
  await t.db.user.create({ data: { id: BOB, email: 'bob@example.org', name: 'Bob', passwordHash: 'x' } })
}, 60_000)
afterAll(async () => t?.drop())

async function newGame(title: string, missedPolicy?: string): Promise<string> {
  const id = await createGame(t.db, ALICE, { ruleset: 'abaoaqu', scenario: 'A-S4', seat: 'FED', title })
  await joinGame(t.db, BOB, id, {})
  if (missedPolicy) await t.db.game.update({ where: { id }, data: { missedPolicy } })
  return id
}

let nextId = 1
async function mail(kind: string, gameId: string, seat: string, seq: number, payload: Record<string, unknown>) {
  const n: NotificationRow = {
    id: String(nextId++),
    outboxId: '1',
    userId: users[seat]!,
    gameId,
    seat,
    seq,
    kind,
    toAddress: seat === 'FED' ? 'alice@example.org' : 'bob@example.org',
    payload,
  }
  const built = await buildMessage(ctx, n, { map: false })
  return { subject: String(built.message.subject), text: String(built.message.text), html: String(built.message.html) }
}

describe('server words in the reader language', () => {
  it('a resigned game: the Japanese reader reads why in Japanese, the English one as before', async () => {
    const gameId = await newGame('Resigned')
    await resign(t.db, BOB, gameId)
    const game = (await gameMetaRow(t.db, gameId))!
    const ja = await mail('game-over', gameId, 'FED', game.logSeq, {})
    expect(ja.subject).toBe('Resigned：ゲーム終了、Federationの勝利')
    expect(ja.html).toContain('<strong>Federationの勝利</strong>：Zeonが投了した。')
    expect(ja.text).toContain('Zeonが投了した')
    expect(ja.text).not.toContain('resigned')
    const en = await mail('game-over', gameId, 'ZEON', game.logSeq, {})
    expect(en.text.replace(/\s+/g, ' ')).toContain('Federation won: Zeon resigned.')
    const stored = await t.db.game.findUniqueOrThrow({ where: { id: gameId }, select: { outcome: true } })
    expect((stored.outcome as { reason: string }).reason).toBe('ZEON resigned')
  }, 60_000)

  it('a deadline notice, as the clock writes it, reads in Japanese', async () => {
    const gameId = await newGame('Late', 'extend-then-pass')
    const game = (await gameMetaRow(t.db, gameId))!
    const after = new Date(game.deadlineAt!.getTime() + 60_000)
    const planned = await planMissed(t.db, game, after, { holdForMail: false })
    expect(planned?.action).toBe('extended')
    const row = [planned!.plan!.write.outbox ?? []].flat().find((o) => o.kind === 'deadline')!
    const payload = row.payload as Record<string, unknown>
    const ja = await mail('deadline', gameId, 'FED', game.logSeq, payload)
    expect(ja.subject).toBe('Late：締め切りが一度だけ延長されました')
    expect(ja.text).toContain('が命令を出さないまま、締め切りが過ぎました。')
    expect(ja.text).toContain('締め切りは一度だけ')
    expect(ja.text).not.toMatch(/extended|still to act/)
    const en = await mail('deadline', gameId, 'ZEON', game.logSeq, payload)
    expect(en.subject).toBe('Late: the deadline is extended once')
    expect(en.text.replace(/\s+/g, ' ')).toContain('still to act. It is extended once, to ')
  }, 60_000)

  it("a move to other rules: who, what and what changed in Japanese; the moderator's reason as written", async () => {
    const gameId = await newGame('Moved')
    const done = await migrateRules(t.db, gameId, {
      to: 'abaoaqu-1',
      reason: 'the club plays the first edition',
      userId: null,
      allowDowngrade: true,
    })
    const row = await t.db.outbox.findFirstOrThrow({ where: { gameId, kind: 'moderation' } })
    const payload = row.payload as Record<string, unknown>
    const ja = await mail('moderation', gameId, 'FED', done.seq, payload)
    expect(ja.subject).toBe('Moved：モデレーターがゲームのルールをバージョンabaoaqu-1に切り替えました')
    const text = ja.text.replace(/\n\s*/g, '')
    expect(text).toContain('誰が：サーバーの運営者')
    expect(text).toContain('理由：the club plays the first edition')
    expect(ja.html).toContain(`ログ記録 ${done.seq} 以降はabaoaqu-1で行われます。`)
    expect(text).not.toMatch(/operator|Every step/)
    const en = await mail('moderation', gameId, 'ZEON', done.seq, payload)
    expect(en.subject).toBe('Moved: a moderator moved the game to rules version abaoaqu-1')
  }, 60_000)
})
