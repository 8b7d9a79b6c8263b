// A process's kept fold catches up on entries another process wrote (src/games/load.ts): only the new
// entries are read and applied, the state is the one a full load gives, and anything that does not chain
// from the kept head (a log rewritten behind it) is loaded in full instead.
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createGame, joinGame } from '../../src/games/lifecycle.js'
import { LogUnverified } from '../../src/games/errors.js'
import { forgetCachedGames, loadFolded } from '../../src/games/load.js'
import { submitOrders } from '../../src/games/orders.js'
import { commitPlan, ordersAndResolution, planAppend } from '../../src/games/write.js'
import { foldLoads } from '../../src/metrics/index.js'
import type { Pending } from '../../src/engine/ruleset.js'
import { gameMetaRow } from '../../src/store/games.js'
import { createTestDb, type TestDb } from '../support/db.js'

const FED = '00000000-0000-0000-0000-0000000000f1'
const ZEON = '00000000-0000-0000-0000-0000000000f2'
const userOf: Record<string, string> = { FED, ZEON }

let t: TestDb
beforeAll(async () => {
  t = await createTestDb()
  await t.sql(`INSERT INTO "User"(id, email, name, "passwordHash")
               VALUES ('${FED}', 'fed@example.org', 'Fed', 'x'), ('${ZEON}', 'zeon@example.org', 'ジオン', 'x')`)
})
afterAll(async () => t?.drop())

const row = async (id: string) => (await gameMetaRow(t.db, id))!
const nextSeat = async (id: string) => ((await row(id)).pending as Pending[])[0]!.seats[0]!

async function started(): Promise<string> {
  const id = await createGame(t.db, FED, {
    ruleset: 'abaoaqu',
    scenario: 'A-S4',
    seat: 'FED',
    options: { deployment: 'auto' },
  })
  await joinGame(t.db, ZEON, id, {})
  // An order through the server's own path: this process keeps the fold and the log's head hash.
  const seat = await nextSeat(id)
  await submitOrders(t.db, { gameId: id, userId: userOf[seat]!, orders: [] })
  return id
}

/** One step passed as another process would write it: committed without this process's caches hearing of it. */
async function passBehind(id: string): Promise<void> {
  const game = await row(id)
  const folded = (await loadFolded(t.db, game))!
  const seat = (game.pending as Pending[])[0]!.seats[0]!
  const { entries, after } = ordersAndResolution(game, folded, [], [{ seat, orders: [], userId: userOf[seat]! }])
  expect(await commitPlan(t.db, planAppend(game, folded, entries, { after }), true)).toBe(true)
}

const counted = async () =>
  Object.fromEntries((await foldLoads.get()).values.map((v) => [String(v.labels.how), v.value])) as Record<
    string,
    number | undefined
  >

describe('a kept fold behind the log', () => {
  it('applies only the entries written since, and gives the state a full load gives', async () => {
    const id = await started()
    await passBehind(id)
    await passBehind(id)
    const game = await row(id)
    const before = await counted()
    const caught = (await loadFolded(t.db, game))!
    const after = await counted()
    expect((after.caught_up ?? 0) - (before.caught_up ?? 0)).toBe(1)
    expect(after.loaded ?? 0).toBe(before.loaded ?? 0)
    expect(caught.seq).toBe(game.logSeq)

    forgetCachedGames()
    const full = (await loadFolded(t.db, game))!
    expect((await counted()).loaded).toBe((after.loaded ?? 0) + 1)
    expect(caught).toEqual(full)

    // And the game plays on from it: the next order is accepted at the head the other process wrote.
    const seat = await nextSeat(id)
    const answer = await submitOrders(t.db, { gameId: id, userId: userOf[seat]!, orders: [] })
    expect(answer.accepted).toBe(true)
    expect(answer.seq).toBeGreaterThan(game.logSeq)
  })

  it('does not catch up over entries that do not chain from the kept head, and holds the game', async () => {
    const id = await started()
    const kept = await row(id)
    await passBehind(id)
    // Someone holding the database rewrites the entry the kept fold ends at (and re-links the next one to
    // it): the entries after it chain among themselves, but not from the head this process kept.
    await asOwner(async (c) => {
      await c.query(`UPDATE "LogEntry" SET hash = 'rewritten' WHERE "gameId" = $1 AND seq = $2`, [id, kept.logSeq])
      await c.query(`UPDATE "LogEntry" SET "prevHash" = 'rewritten' WHERE "gameId" = $1 AND seq = $2`, [
        id,
        kept.logSeq + 1,
      ])
    })
    const game = await row(id)
    const before = await counted()
    await expect(loadFolded(t.db, game)).rejects.toBeInstanceOf(LogUnverified)
    const after = await counted()
    expect(after.caught_up ?? 0).toBe(before.caught_up ?? 0)
    expect((after.loaded ?? 0) - (before.loaded ?? 0)).toBe(1)
  })
})

describe('a log altered in the database', () => {
  it('is not played on: an entry whose payload was rewritten is found on load, and orders are refused', async () => {
    const id = await started()
    await passBehind(id)
    const game = await row(id)
    // The last ORDERS entry's payload edited behind the server, its hash left as it was.
    await asOwner((c) =>
      c.query(
        `UPDATE "LogEntry" SET payload = jsonb_set(payload, '{turn}', '99')
          WHERE "gameId" = $1 AND seq = (SELECT max(seq) FROM "LogEntry" WHERE "gameId" = $1 AND kind = 'ORDERS')`,
        [id],
      ),
    )
    forgetCachedGames()
    await expect(loadFolded(t.db, game)).rejects.toThrow(/does not match its hash/)
    const seat = await nextSeat(id)
    await expect(submitOrders(t.db, { gameId: id, userId: userOf[seat]!, orders: [] })).rejects.toBeInstanceOf(
      LogUnverified,
    )
    expect((await row(id)).logSeq).toBe(game.logSeq) // nothing written
  })
})

/** Runs `edit` as someone holding the database would: the append-only trigger off for the transaction. */
async function asOwner(edit: (c: pg.Client) => Promise<unknown>): Promise<void> {
  const c = new pg.Client({ connectionString: t.url })
  await c.connect()
  try {
    await c.query('BEGIN')
    await c.query('SET LOCAL session_replication_role = replica')
    await edit(c)
    await c.query('COMMIT')
  } finally {
    await c.end()
  }
}
