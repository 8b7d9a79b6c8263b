// The order path may decide from the game's row as its process last wrote it (src/games/orders.ts,
// keptRows). Whatever changed behind it must still be seen at once: the append checks it in the same
// statement, and the order is decided again on the row read fresh. Here the row is changed in SQL, as an
// operator, another process or a restore would, right after an order this process wrote.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { as, register, startApp, type TestApp, type User } from './helpers.js'

let h: TestApp
let alice: User // FED
let bob: User // ZEON
let carol: User
beforeAll(async () => {
  h = await startApp()
  ;[alice, bob, carol] = await Promise.all([register(h.app, 'Alice'), register(h.app, 'Bob'), register(h.app, 'Carol')])
})
afterAll(async () => h?.close())

async function newGame(): Promise<string> {
  const created = await h.app.inject({
    method: 'POST',
    url: '/games',
    headers: as(alice),
    payload: { ruleset: 'abaoaqu', scenario: 'A-S4', seat: 'FED', options: { deployment: 'auto' } },
  })
  const id = created.json().id as string
  const joined = await h.app.inject({ method: 'POST', url: `/games/${id}/join`, headers: as(bob), payload: {} })
  expect(joined.statusCode, joined.body).toBe(200)
  return id
}

const pass = (id: string, who: User) =>
  h.app.inject({ method: 'POST', url: `/games/${id}/orders`, headers: as(who), payload: { orders: [] } })

/** The side to act, and the game's log position. */
async function where(id: string): Promise<{ side: string; seq: number }> {
  const row = (await h.t.sql(`SELECT "logSeq", pending FROM "Game" WHERE id = $1`, [id])).rows[0]
  return { side: row.pending[0].side as string, seq: row.logSeq as number }
}
const who = (side: string) => (side === 'FED' ? alice : bob)

/** Plays passes until this process has written an order to the game, then returns who acts next. */
async function warm(id: string): Promise<{ side: string; seq: number }> {
  const now = await where(id)
  const res = await pass(id, who(now.side))
  expect(res.statusCode, res.body).toBe(200)
  return where(id)
}

describe('a row changed behind the order path', () => {
  it('a game paused in SQL takes no orders, and its log does not move', async () => {
    const id = await newGame()
    const before = await warm(id)
    await h.t.sql(`UPDATE "Game" SET "pausedAt" = now() WHERE id = $1`, [id])
    const res = await pass(id, who(before.side))
    expect(res.statusCode, res.body).toBe(409)
    expect(res.json().detail).toMatch(/paused/)
    expect((await where(id)).seq).toBe(before.seq)
  })

  it('a game ended in SQL takes no orders', async () => {
    const id = await newGame()
    const before = await warm(id)
    await h.t.sql(`UPDATE "Game" SET status = 'FINISHED' WHERE id = $1`, [id])
    const res = await pass(id, who(before.side))
    expect(res.statusCode, res.body).toBe(409)
    expect(res.json().detail).toMatch(/over/)
    expect((await where(id)).seq).toBe(before.seq)
  })

  it('a seat given to another player in SQL: the old holder is refused, the new one plays', async () => {
    const id = await newGame()
    const before = await warm(id)
    await h.t.sql(`UPDATE "Seat" SET "userId" = $3 WHERE "gameId" = $1 AND side = $2`, [id, before.side, carol.id])
    const old = await pass(id, who(before.side))
    expect(old.statusCode, old.body).toBe(403)
    expect((await where(id)).seq).toBe(before.seq)
    const now = await pass(id, carol)
    expect(now.statusCode, now.body).toBe(200)
    const log = await h.t.sql(`SELECT "userId" FROM "LogEntry" WHERE "gameId" = $1 AND seq = $2`, [id, before.seq + 1])
    expect(log.rows[0].userId).toBe(carol.id)
  })

  it('a game whose log head was rewritten is not chained to the old head', async () => {
    const id = await newGame()
    const before = await warm(id)
    // As a restore from another copy would leave it: the same position, another head.
    const head = (await h.t.sql(`SELECT hash FROM "LogEntry" WHERE "gameId" = $1 AND seq = $2`, [id, before.seq]))
      .rows[0].hash as string
    await h.t.sql(`UPDATE "Game" SET "lastHash" = $2 WHERE id = $1`, [id, `x${head.slice(1)}`])
    const res = await pass(id, who(before.side))
    expect(res.statusCode, res.body).toBe(200)
    const written = await h.t.sql(`SELECT "prevHash" FROM "LogEntry" WHERE "gameId" = $1 AND seq = $2`, [
      id,
      before.seq + 1,
    ])
    // Decided again on the row as it is: the new entry follows the head the row names now.
    expect(written.rows[0].prevHash).toBe(`x${head.slice(1)}`)
  })
})
