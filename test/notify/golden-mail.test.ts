// Each notification kind, built into the message the worker sends (buildMessage: the data gathered
// from a real game, the composed email, its headers, Reply-To and threading), must match the files in
// golden/ byte for byte: <case>.json (the envelope), <case>.txt (the text part), <case>.html.
// The game is played through the use cases with a fixed seed and fixed ids, so only the log hashes
// (salted at random) differ from run to run: receipts are written as {receipt N}, and the signature of a
// receipt's signed link as {signature}.
// Regenerate after an intended change: UPDATE_GOLDEN=1 npx vitest run test/notify/golden-mail.test.ts
import { fileURLToPath } from 'node:url'
import type Mail from 'nodemailer/lib/mailer/index.js'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { seedCommitment } from '../../src/engine/dice.js'
import type { Order, State } from '../../src/rulesets/abaoaqu/engine/index.js'
import { randomOrders, rng } from '../../src/rulesets/abaoaqu/engine/random-orders.js'
import { createGame, joinGame, resign } from '../../src/games/lifecycle.js'
import { loadFolded } from '../../src/games/load.js'
import { submitOrders } from '../../src/games/orders.js'
import { buildMessage, type MessageContext, type NotificationRow } from '../../src/notify/messages.js'
import { gameMetaRow } from '../../src/store/games.js'
import { receiptOf } from '../../src/store/log.js'
import { createTestDb, type TestDb } from '../support/db.js'
import { expectGolden } from '../support/golden.js'

const GAME = '0d5e1a2b-3c4d-4e5f-8a6b-7c8d9e0f1a2b'
const ALICE = '00000000-0000-4000-8000-00000000a11c'
const BOB = '00000000-0000-4000-8000-000000000b0b'
const SEED = 'c0ffee'.repeat(10) + 'abcd'
const DEADLINE = '2026-12-05T12:00:00.000Z'

let t: TestDb
let ctx: MessageContext
/** The last position, the seat to act there, and the one before it with its seat. */
let last: { seq: number; seat: string }
let before: { seq: number; seat: string }

const passIfOnlyStanding = (orders: Order[]) =>
  orders.length > 0 && orders.every((o) => o.kind === 'standing') ? { pass: true } : {}

beforeAll(async () => {
  t = await createTestDb()
  ctx = {
    db: t.db,
    publicUrl: 'http://hexmail.test',
    from: 'hexmail <noreply@hexmail.test>',
    replyBase: 'play@hexmail.test',
    secret: 'golden-mail-secret',
    pageSecret: 'page-link-test-secret',
    pageLinkTtlSeconds: 72 * 3600,
    // Signed page links carry an expiry: a fixed clock keeps them the same from run to run.
    now: () => new Date('2026-12-04T12:00:00Z'),
  }
  await t.db.user.create({
    data: { id: ALICE, email: 'alice@example.org', name: 'Alice', passwordHash: 'x', timeZone: 'Asia/Tokyo' },
  })
  await t.db.user.create({
    data: { id: BOB, email: 'bob@example.org', name: 'Bob <Z>', passwordHash: 'x', timeZone: 'Europe/London' },
  })
  const made = await createGame(t.db, ALICE, {
    ruleset: 'abaoaqu',
    scenario: 'A-S4',
    seat: 'FED',
    title: 'Golden <Cup> & "friends"',
    missedPolicy: 'extend-then-pass',
  })
  await t.sql(
    `UPDATE "Game" SET id = $2, seed = $3, "seedCommitment" = $4, "inviteCode" = 'golden-code' WHERE id = $1`,
    [made, GAME, SEED, seedCommitment(SEED)],
  )
  await joinGame(t.db, BOB, GAME, {})
  const users: Record<string, string> = { FED: ALICE, ZEON: BOB }
  const r = rng(11)
  for (let step = 0; step < 5; step++) {
    const game = (await gameMetaRow(t.db, GAME))!
    const state = (await loadFolded(t.db, game))!.state as State
    const seat = (game.pending as Array<{ seats: string[] }>)[0]!.seats[0]!
    before = last
    last = { seq: game.logSeq, seat }
    if (step === 4) break
    const orders = randomOrders(state, seat, r)
    await submitOrders(t.db, { gameId: GAME, userId: users[seat]!, orders, ...passIfOnlyStanding(orders) })
  }
}, 120_000)
afterAll(async () => t?.drop())

function row(kind: string, fields: Partial<NotificationRow> & { id: string }): NotificationRow {
  return {
    outboxId: '1',
    userId: ALICE,
    gameId: GAME,
    seat: null,
    seq: null,
    kind,
    toAddress: 'alice@example.org',
    payload: {},
    ...fields,
  }
}

/** The message as text files: the envelope (no text or HTML, attachments by name), the text, the HTML. */
async function written(m: Mail.Options): Promise<{ json: string; text: string; html: string }> {
  const { text, html, attachments, ...envelope } = m
  const files = {
    json: JSON.stringify(
      {
        ...envelope,
        attachments: (attachments ?? []).map((a) => ({ filename: a.filename, cid: a.cid, contentType: a.contentType })),
        html: html !== undefined,
      },
      null,
      2,
    ),
    text: String(text),
    html: String(html ?? ''),
  }
  const entries = await t.db.logEntry.findMany({ where: { gameId: GAME }, select: { seq: true, hash: true } })
  // A receipt's link is signed for its reader over the salted receipt: its signature goes with it.
  const receiptSignature =
    /(receipt(?:=|&#x3D;)%7Breceipt%20\d+%7D(?:&|&amp;)login(?:=|&#x3D;)[\w-]+\.[0-9a-z]+\.)[\w-]{43}/g
  const unsalted = (s: string) =>
    entries
      .reduce((out, e) => {
        const receipt = receiptOf(e.seq, e.hash)
        return out
          .replaceAll(receipt, `{receipt ${e.seq}}`)
          .replaceAll(encodeURIComponent(receipt), encodeURIComponent(`{receipt ${e.seq}}`))
      }, s)
      .replace(receiptSignature, '$1{signature}')
  return { json: unsalted(files.json) + '\n', text: unsalted(files.text), html: unsalted(files.html) }
}

const golden = (file: string) => fileURLToPath(new URL(`./golden/${file}`, import.meta.url))

async function expectMail(name: string, n: NotificationRow, opts: Parameters<typeof buildMessage>[2] = {}) {
  const built = await buildMessage(ctx, n, { messageId: `<${name}@hexmail.test>`, ...opts })
  const files = await written(built.message)
  expectGolden(golden(`${name}.json`), files.json)
  expectGolden(golden(`${name}.txt`), files.text)
  expectGolden(golden(`${name}.html`), files.html)
  return built
}

const seatUser = (seat: string) =>
  seat === 'FED' ? { userId: ALICE, toAddress: 'alice@example.org' } : { userId: BOB, toAddress: 'bob@example.org' }

describe('every notification kind builds exactly its golden message', () => {
  it('your-phase, with its map, options and reply address', async () => {
    const built = await expectMail(
      'your-phase',
      row('your-phase', {
        id: '101',
        ...seatUser(last.seat),
        seat: last.seat,
        seq: last.seq,
        payload: { deadline: DEADLINE },
      }),
    )
    expect(built.message.attachments).toHaveLength(1)
  })

  it('your-phase at an earlier position, from the game row deadline', async () => {
    await t.sql(`UPDATE "Game" SET "deadlineAt" = $2 WHERE id = $1`, [GAME, DEADLINE])
    await expectMail(
      'your-phase-before',
      row('your-phase', { id: '102', ...seatUser(before.seat), seat: before.seat, seq: before.seq }),
    )
  })

  it('your-phase sent late, its deadline moved', async () => {
    await expectMail(
      'your-phase-late',
      row('your-phase', {
        id: '103',
        ...seatUser(last.seat),
        seat: last.seat,
        seq: last.seq,
        payload: { deadline: DEADLINE },
      }),
      {
        late: {
          delayMs: 30 * 3_600_000 + 5 * 60_000,
          deadline: new Date('2026-12-06T18:05:00Z'),
          originalDeadline: new Date(DEADLINE),
        },
      },
    )
  })

  it('your-phase for a digest (no map)', async () => {
    await expectMail(
      'your-phase-no-map',
      row('your-phase', {
        id: '104',
        ...seatUser(last.seat),
        seat: last.seat,
        seq: last.seq,
        payload: { deadline: DEADLINE },
      }),
      { map: false },
    )
  })

  it('reminder', async () => {
    await expectMail(
      'reminder',
      row('reminder', {
        id: '105',
        ...seatUser(last.seat),
        seat: last.seat,
        seq: last.seq,
        payload: { deadline: DEADLINE, at: '2026-12-05T05:40:00Z' },
      }),
    )
  })

  it('phase-resolved, for the other side', async () => {
    const other = last.seat === 'FED' ? 'ZEON' : 'FED'
    await expectMail(
      'phase-resolved',
      row('phase-resolved', {
        id: '106',
        ...seatUser(other),
        seat: other,
        seq: last.seq,
        payload: { deadline: DEADLINE },
      }),
    )
  })

  it('invite, to a player and to an address with no account', async () => {
    await expectMail(
      'invite',
      row('invite', {
        id: '108',
        userId: BOB,
        toAddress: 'bob@example.org',
        payload: { from: 'Alice', seat: 'ZEON', message: 'Fancy a game, <b>Bob</b>?' },
      }),
    )
    await expectMail(
      'invite-no-account',
      row('invite', { id: '109', userId: null, toAddress: 'sayla@example.org', payload: {} }),
    )
  })

  it('verify-email', async () => {
    await expectMail(
      'verify-email',
      row('verify-email', {
        id: '110',
        gameId: null,
        payload: { token: 'vt_golden', expiresAt: '2026-12-06T12:00:00.000Z' },
      }),
    )
  })

  it('magic-link: account mail, no unsubscribe header', async () => {
    const built = await expectMail(
      'magic-link',
      row('magic-link', {
        id: '119',
        gameId: null,
        payload: {
          userId: ALICE,
          email: 'alice@example.org',
          token: 'ml_golden',
          expiresAt: '2026-12-04T12:15:00.000Z',
          ttlMinutes: 15,
        },
      }),
    )
    expect(built.message.headers).not.toHaveProperty('List-Unsubscribe')
  })

  it('deadline notices, with a headline and as written before headlines were stored', async () => {
    const text =
      `The deadline ${DEADLINE} passed with Zeon (ZEON) still to act.\n\n` +
      'It is extended once, to 2026-12-06T12:00:00Z; after that, those seats pass.\n'
    await expectMail(
      'deadline',
      row('deadline', {
        id: '111',
        seq: last.seq,
        payload: { subject: 'Golden <Cup> & "friends": a deadline passed', headline: 'a deadline passed', text },
      }),
    )
    await expectMail(
      'deadline-old',
      row('deadline', {
        id: '112',
        userId: BOB,
        toAddress: 'bob@example.org',
        payload: { subject: 'Golden <Cup> & "friends": the deadline is extended once', text },
      }),
    )
  })

  it('reply, in the thread of the player email it answers', async () => {
    await expectMail(
      'reply',
      row('reply', {
        id: '113',
        seat: 'FED',
        seq: last.seq,
        payload: {
          subject: 'Re: your orders',
          text: 'Your orders were accepted.\n',
          inReplyTo: '<answer-me@client.example>',
          references: ['<game.x@hexmail.test>', 'not an id', '<answer-me@client.example>'],
        },
      }),
    )
  })

  it('digest of held news', async () => {
    const held = async (kind: string, seq: number | null, payload: object, seat: string | null = null) => {
      const outbox = await t.db.outbox.create({ data: { gameId: GAME, kind, payload } })
      const n = await t.db.notification.create({
        data: {
          outboxId: outbox.id,
          userId: BOB,
          gameId: GAME,
          seat,
          seq,
          kind,
          toAddress: 'bob@example.org',
          status: 'digested',
        },
      })
      return n.id.toString()
    }
    const ids = [
      await held('phase-resolved', last.seq, { deadline: DEADLINE }, 'ZEON'),
      await held('deadline', last.seq, {
        subject: 'Golden <Cup> & "friends": a deadline passed',
        headline: 'a deadline passed',
        text: `The deadline ${DEADLINE} passed.`,
      }),
    ]
    await expectMail(
      'digest',
      row('digest', {
        id: '114',
        userId: BOB,
        toAddress: 'bob@example.org',
        gameId: null,
        payload: { ids, date: '2026-12-02' },
      }),
    )
  })

  it('game-over, once a side resigned', async () => {
    await resign(t.db, BOB, GAME)
    const game = (await gameMetaRow(t.db, GAME))!
    await expectMail('game-over', row('game-over', { id: '115', seq: game.logSeq, seat: 'FED' }))
    await expectMail(
      'game-over-observer',
      row('game-over', { id: '116', userId: null, toAddress: 'watcher@example.org', seq: game.logSeq }),
    )
  })
})
