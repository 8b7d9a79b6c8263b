// Group commit (src/store/games.ts): appends that arrive while another batch is being written share one
// statement, yet each is its own optimistic write with its own answer, and a failing one fails alone.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { appendBatchSize } from '../../src/metrics/index.js'
import { appendBatching, appendIfAt, type AppendRequest } from '../../src/store/games.js'
import { createTestDb, type TestDb } from '../support/db.js'

const USER = '00000000-0000-0000-0000-000000000001'
const GAMES = Array.from({ length: 12 }, (_, i) => `00000000-0000-0000-0000-${String(i + 1).padStart(12, '0')}`)

let t: TestDb
beforeAll(async () => {
  t = await createTestDb()
  await t.sql(`INSERT INTO "User"(id, email, name, "passwordHash") VALUES ('${USER}', 'a@example.org', 'A', 'x')`)
  for (const game of GAMES)
    await t.sql(`INSERT INTO "Game"(id, ruleset, "rulesVersion", "scenarioId", title, players, options, "inviteCode",
                                    "seedCommitment", seed, "createdById", status)
      VALUES ('${game}', 'abaoaqu', 'abaoaqu-1', 'A-S4', 't', 2, '{}', 'inv-${game}', 'c', 's', '${USER}', 'ACTIVE')`)
})
afterAll(async () => t?.drop())
const saved = { ...appendBatching }
afterEach(() => Object.assign(appendBatching, saved))

/** One ORDERS entry after `expected`, with an outbox row and, when given, an idempotency record. */
function request(game: string, expected: number, key?: string): AppendRequest {
  const seq = expected + 1
  return {
    gameId: game,
    expectedSeq: expected,
    entries: [
      {
        seq,
        kind: 'ORDERS',
        seat: 'FED',
        userId: USER,
        payload: { orders: [], n: seq },
        createdAt: new Date('2026-12-01T00:00:00Z'),
        prevHash: `h${expected}`,
        hash: `h${seq}`,
        salt: null,
      },
    ],
    position: { logSeq: seq, lastHash: `h${seq}`, pending: [], status: 'ACTIVE', outcome: null, finishedAt: null },
    outbox: { kind: 'step', payload: { seq, newStep: false, pending: [], outcome: null, deadline: null } },
    snapshot: null,
    idempotency: key ? { userId: USER, key, requestHash: `r-${key}`, status: 200, response: { seq } } : null,
  }
}

const positions = async () =>
  Object.fromEntries(
    (await t.sql(`SELECT id, "logSeq" FROM "Game" ORDER BY id`)).rows.map((r) => [r.id as string, r.logSeq as number]),
  )

describe('appends written together', () => {
  it('writes every game of a batch, each with its entry and outbox row, in one statement per batch', async () => {
    appendBatching.inFlight = 1
    const was = (await appendBatchSize.get()).values
    const before = {
      statements: was.find((v) => v.labels.le === '+Inf' && v.metricName?.endsWith('_bucket'))?.value ?? 0,
      single: was.find((v) => v.labels.le === 1 && v.metricName?.endsWith('_bucket'))?.value ?? 0,
    }
    // The first goes alone at once; the eleven that arrive while it is written go as one batch.
    const answers = await Promise.all(GAMES.slice(0, 12).map((g) => appendIfAt(t.db, request(g, 0))))
    expect(answers).toEqual(GAMES.map(() => true))
    expect(Object.values(await positions())).toEqual(GAMES.map(() => 1))
    const entries = await t.sql(`SELECT "gameId", seq, hash FROM "LogEntry" ORDER BY "gameId", seq`)
    expect(entries.rows.map((r) => [r.gameId, r.seq, r.hash])).toEqual(GAMES.map((g) => [g, 1, 'h1']))
    const outbox = await t.sql(`SELECT count(*)::int AS n FROM "Outbox"`)
    expect(outbox.rows[0].n).toBe(12)
    // Two statements: the first append alone, then the eleven that waited for it.
    const now = (await appendBatchSize.get()).values
    const bucket = (le: number | string) =>
      now.find((v) => v.labels.le === le && v.metricName?.endsWith('_bucket'))?.value ?? 0
    expect(bucket('+Inf') - before.statements).toBe(2)
    expect(bucket(1) - before.single).toBe(1)
  })

  it('a write that lost its race fails alone: the others of its batch are written', async () => {
    appendBatching.inFlight = 1
    const [a, b, c] = GAMES
    const answers = await Promise.all([
      appendIfAt(t.db, request(a!, 1)),
      appendIfAt(t.db, request(b!, 1)),
      // Game c is at 1: a write expecting 0 lost its race, and one expecting 1 wins in the same batch.
      appendIfAt(t.db, request(c!, 0)),
      appendIfAt(t.db, request(c!, 1)),
    ])
    expect(answers).toEqual([true, true, false, true])
    const now = await positions()
    expect([now[a!], now[b!], now[c!]]).toEqual([2, 2, 2])
    const hashes = await t.sql(`SELECT hash FROM "LogEntry" WHERE "gameId" = $1 ORDER BY seq`, [c])
    expect(hashes.rows.map((r) => r.hash)).toEqual(['h1', 'h2'])
  })

  it('an append that breaks a constraint gets the error; the rest of its batch is written', async () => {
    appendBatching.inFlight = 1
    const [, , , d, e, f] = GAMES
    await appendIfAt(t.db, request(d!, 1, 'used-key'))
    const settled = await Promise.allSettled([
      appendIfAt(t.db, request(e!, 1)),
      // The same user, game and key again: the idempotency record's unique key refuses it.
      appendIfAt(t.db, { ...request(d!, 2, 'used-key') }),
      appendIfAt(t.db, request(f!, 1)),
    ])
    expect(settled.map((s) => s.status)).toEqual(['fulfilled', 'rejected', 'fulfilled'])
    expect((settled[1] as PromiseRejectedResult).reason.message).toMatch(/duplicate key|unique/i)
    const now = await positions()
    expect([now[d!], now[e!], now[f!]]).toEqual([2, 2, 2])
  })

  it('one batch in flight: 24 appends to 12 games leave each game where its winning write took it', async () => {
    appendBatching.inFlight = 1
    appendBatching.maxBatch = 5
    const before = await positions()
    // Every game gets its next write (all win) and a stale one (all lose), interleaved.
    const work = GAMES.flatMap((g) => [
      appendIfAt(t.db, request(g, before[g]!)),
      appendIfAt(t.db, request(g, before[g]! - 1)),
    ])
    const answers = await Promise.all(work)
    expect(answers.filter(Boolean)).toHaveLength(GAMES.length)
    const after = await positions()
    for (const g of GAMES) expect(after[g]).toBe(before[g]! + 1)
  })
})
