// /verify catches rewrites, not only edits (issue 9): someone with the database in hand removes
// entries, edits one and re-hashes the chain behind it, flips a resignation, or edits a snapshot.
// Each is done as a superuser would, with the triggers off for the session.
import { createHash } from 'node:crypto'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { forgetCachedGames } from '../../src/games/load.js'
import { entryHash, type LogKind } from '../../src/store/log.js'
import { as, register, startApp, type TestApp, type User } from './helpers.js'

let h: TestApp
let alice: User // FED
let bob: User // ZEON
beforeAll(async () => {
  h = await startApp({ SNAPSHOT_EVERY: '4' })
  ;[alice, bob] = await Promise.all([register(h.app, 'Alice'), register(h.app, 'Bob')])
})
afterAll(async () => h?.close())

const pass = { text: 'pass' }

async function newGame(): Promise<string> {
  const created = await h.app.inject({
    method: 'POST',
    url: '/games',
    headers: as(alice),
    payload: { ruleset: 'abaoaqu', scenario: 'A-S4', seat: 'FED', options: { deployment: 'auto' } },
  })
  const id = created.json().id as string
  await h.app.inject({ method: 'POST', url: `/games/${id}/join`, headers: as(bob), payload: {} })
  return id
}

/** The side to act submits `pass` (or `orders` for FED's first move); returns the answer. */
async function step(id: string, orders?: unknown[]) {
  const s = (await h.app.inject({ method: 'GET', url: `/games/${id}`, headers: as(alice) })).json()
  const who = s.pending[0].side === 'FED' ? alice : bob
  const res = await h.app.inject({
    method: 'POST',
    url: `/games/${id}/orders`,
    headers: as(who),
    payload: orders && who === alice ? { orders } : pass,
  })
  expect(res.statusCode, res.body).toBe(200)
  return res.json() as { seq: number; receipt: string }
}

const verify = async (id: string, receipt?: string) => {
  const res = await h.app.inject({
    method: 'GET',
    url: `/games/${id}/verify${receipt ? `?receipt=${encodeURIComponent(receipt)}` : ''}`,
    headers: as(alice),
  })
  return { status: res.statusCode, body: res.json() }
}

interface Row {
  seq: number
  kind: LogKind
  seat: string | null
  userId: string | null
  payload: unknown
  createdAt: string
  salt: string | null
  prevHash: string
  hash: string
}

/** Runs statements as a superuser with triggers off, in one transaction. */
async function asSuperuser(fn: (c: pg.Client) => Promise<void>): Promise<void> {
  const c = new pg.Client({ connectionString: h.t.url })
  await c.connect()
  try {
    await c.query('BEGIN')
    await c.query('SET LOCAL session_replication_role = replica')
    await fn(c)
    await c.query('COMMIT')
  } finally {
    await c.end()
  }
}

/**
 * Rewrites a game's log: `edit` changes the rows, then the whole chain is re-hashed and the game's head moved
 * to match.
 */
async function rewrite(id: string, edit: (rows: Row[]) => Row[]): Promise<void> {
  const read = await h.t.sql(
    `SELECT seq, kind, seat, "userId", payload, to_json("createdAt") #>> '{}' AS "createdAt", salt, "prevHash", hash
       FROM "LogEntry" WHERE "gameId" = $1 ORDER BY seq`,
    [id],
  )
  const rows = edit(read.rows as Row[])
  let prev = ''
  for (const r of rows) {
    r.prevHash = prev
    r.hash = entryHash(prev, {
      gameId: id,
      seq: r.seq,
      kind: r.kind,
      seat: r.seat,
      userId: r.userId,
      payload: r.payload,
      createdAt: new Date(`${r.createdAt}Z`),
      salt: r.salt,
    })
    prev = r.hash
  }
  await asSuperuser(async (c) => {
    await c.query('DELETE FROM "LogEntry" WHERE "gameId" = $1', [id])
    for (const r of rows) {
      await c.query(
        `INSERT INTO "LogEntry"("gameId", seq, kind, seat, "userId", payload, "createdAt", salt, "prevHash", hash)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)`,
        [id, r.seq, r.kind, r.seat, r.userId, JSON.stringify(r.payload), r.createdAt, r.salt, r.prevHash, r.hash],
      )
    }
    await c.query('UPDATE "Game" SET "logSeq" = $2, "lastHash" = $3 WHERE id = $1', [id, rows.length, prev])
  })
  forgetCachedGames()
}

describe('/verify catches rewrites', () => {
  it('an honest game verifies while running (seed secret) and after; so does a receipt from an answer', async () => {
    const id = await newGame()
    let last = await step(id)
    for (let i = 0; i < 5; i++) last = await step(id)
    const running = await verify(id, last.receipt)
    expect(running.status).toBe(200)
    expect(running.body).toMatchObject({
      ok: true,
      seed: null,
      recordOk: true,
      rulesOk: true,
      replayOk: true,
      rollsOk: true,
      snapshotsOk: true,
      receipt: { ok: true },
    })
    expect(running.body.snapshots).toBeGreaterThan(0)
    const bad = await verify(id, 'twelve:abc')
    expect(bad.status).toBe(400)
    expect(bad.body.field).toBe('receipt')
    expect((await verify(id, `0:${'0'.repeat(16)}`)).status).toBe(400)
    // A receipt from the future or mistyped is not called proof of a rewrite without saying it may be a typo.
    const typo = (await verify(id, `${last.seq + 50}:${'0'.repeat(16)}`)).body.receipt
    expect(typo).toMatchObject({ ok: false, problem: expect.stringMatching(/check that it is copied right/) })
  })

  it("the game row's list of who must act: other words for a step verify, another step does not", async () => {
    const id = await newGame()
    await step(id)
    const reworded = async (change: string) => {
      await asSuperuser(async (c) => {
        await c.query(`UPDATE "Game" SET pending = ${change} WHERE id = $1`, [id])
      })
      forgetCachedGames()
      return (await verify(id)).body
    }
    // A later server describes a step in other words (or another language): not a rewrite.
    expect(await reworded(`jsonb_set(pending, '{0,description}', '"other words"')`)).toMatchObject({
      ok: true,
      recordOk: true,
    })
    // Another step named as the one pending is.
    const moved = await reworded(`jsonb_set(pending, '{0,step}', '"deploy"')`)
    expect(moved).toMatchObject({ ok: false, recordOk: false })
    expect(JSON.stringify(moved)).toContain("the game's list of who must act is not the log's")
  })

  it('deleting the final RESIGN entry, even with the game row moved back to match', async () => {
    const id = await newGame()
    await step(id)
    const resigned = await h.app.inject({ method: 'POST', url: `/games/${id}/resign`, headers: as(bob) })
    expect(resigned.statusCode).toBe(200)
    expect(resigned.json()).toMatchObject({
      outcome: { winner: 'FED' },
      receipt: expect.stringMatching(/^\d+:[0-9a-f]{16}$/),
    })
    expect((await verify(id, resigned.json().receipt)).body).toMatchObject({ ok: true, receipt: { ok: true } })
    await rewrite(id, (rows) => rows.slice(0, -1))
    const report = (await verify(id)).body
    expect(report.ok).toBe(false)
    expect(report.hashChainOk).toBe(true)
    expect(report.recordProblems.join('\n')).toMatch(/FINISHED, but the log has not ended it/)
    expect(report.recordProblems.join('\n')).toMatch(/outcome/)
  })

  it('deleting the last 5 entries and fixing the game row: the emails and a kept receipt give it away', async () => {
    const id = await newGame()
    const answers: Array<{ seq: number; receipt: string; pending: unknown }> = []
    for (let i = 0; i < 8; i++) {
      const a = await step(id)
      answers.push({ ...a, pending: (await h.t.sql(`SELECT pending FROM "Game" WHERE id = $1`, [id])).rows[0].pending })
    }
    const kept = answers.at(-1)!.receipt
    const end = answers.at(-1)!.seq
    const back = answers.find((a) => a.seq <= end - 5 && !answers.some((b) => b.seq > a.seq && b.seq <= end - 5))!
    await rewrite(id, (rows) => rows.slice(0, back.seq))
    await asSuperuser(async (c) => {
      await c.query('UPDATE "Game" SET pending = $2 WHERE id = $1', [id, JSON.stringify(back.pending)])
    })
    const report = (await verify(id)).body
    expect(report.hashChainOk).toBe(true)
    expect(report.recordProblems.join('\n')).toMatch(/emails were sent about log entry \d+, but the log ends at/)
    expect(report.ok).toBe(false)
    // A thorough forger removes the email records too: then the receipt Alice kept is the proof.
    await asSuperuser(async (c) => {
      await c.query('DELETE FROM "Outbox" WHERE "gameId" = $1 AND (payload->>\'seq\')::int > $2', [id, back.seq])
      await c.query('DELETE FROM "Notification" WHERE "gameId" = $1 AND seq > $2', [id, back.seq])
    })
    const withReceipt = (await verify(id, kept)).body
    expect(withReceipt.receipt).toMatchObject({
      ok: false,
      problem: expect.stringMatching(/no entry \d+ \(it has \d+\): .*entries were removed/),
    })
    expect(withReceipt.ok).toBe(false)
  })

  it('editing an ORDERS entry and re-hashing the chain', async () => {
    const id = await newGame()
    const s = (await h.app.inject({ method: 'GET', url: `/games/${id}/options`, headers: as(alice) })).json()
    const mover = s.options.units.find((u: { moves: unknown[] }) => u.moves.length > 1)
    const answer = await step(id, [{ kind: 'move', units: [mover.id], to: mover.moves[0] }])
    await step(id)
    expect((await verify(id)).body.ok).toBe(true)
    await rewrite(id, (rows) =>
      rows.map((r) =>
        r.kind === 'ORDERS' && r.seat === 'FED' && r.seq <= answer.seq
          ? {
              ...r,
              payload: { ...(r.payload as object), orders: [{ kind: 'move', units: [mover.id], to: mover.moves[1] }] },
            }
          : r,
      ),
    )
    const report = (await verify(id, answer.receipt)).body
    expect(report.hashChainOk).toBe(true)
    expect(report.ok).toBe(false)
    expect(report.ruleProblems).toContainEqual({
      seq: answer.seq,
      problem: 'its submissions are not the orders logged before it',
    })
    expect(report.receipt).toMatchObject({ ok: false, problem: expect.stringMatching(/rewritten/) })
  })

  it('a payload of no shape the server writes still shows in /log, and /verify names the entry', async () => {
    const id = await newGame()
    await step(id)
    await step(id)
    const forged = { 1: { forged: ['偽', 1] }, 2: 'garbage', 3: [1, 2] } as Record<number, unknown>
    await rewrite(id, (rows) => rows.map((r) => (r.seq in forged ? { ...r, payload: forged[r.seq] } : r)))
    const log = await h.app.inject({ method: 'GET', url: `/games/${id}/log`, headers: as(alice) })
    expect(log.statusCode, log.body).toBe(200)
    const shown = Object.fromEntries(
      log.json().entries.map((e: { seq: number; payload: unknown }) => [e.seq, e.payload] as const),
    )
    for (const [seq, payload] of Object.entries(forged)) expect(shown[seq]).toEqual(payload)
    const report = (await verify(id)).body
    expect(report.ok).toBe(false)
  })

  it("flipping a resignation's winner and re-hashing", async () => {
    const id = await newGame()
    await step(id)
    await h.app.inject({ method: 'POST', url: `/games/${id}/resign`, headers: as(bob) })
    await rewrite(id, (rows) =>
      rows.map((r) => (r.kind === 'RESIGN' ? { ...r, payload: { side: 'ZEON', winner: 'ZEON' } } : r)),
    )
    await asSuperuser(async (c) => {
      await c.query(`UPDATE "Game" SET outcome = jsonb_set(outcome, '{winner}', '"ZEON"') WHERE id = $1`, [id])
    })
    const report = (await verify(id)).body
    expect(report.hashChainOk).toBe(true)
    expect(report.recordOk).toBe(true)
    expect(report.ok).toBe(false)
    expect(report.ruleProblems[0].problem).toMatch(/naming ZEON the winner; the winner is FED/)
  })

  it('swapping the dice seed and its commitment in the game row, for a seed someone knows', async () => {
    const id = await newGame()
    const known = '0'.repeat(64)
    const commitment = createHash('sha256').update(Buffer.from(known, 'hex')).digest('hex')
    await asSuperuser(async (c) => {
      await c.query('UPDATE "Game" SET seed = $2, "seedCommitment" = $3 WHERE id = $1', [id, known, commitment])
    })
    forgetCachedGames()
    await step(id)
    await h.app.inject({ method: 'POST', url: `/games/${id}/resign`, headers: as(bob) })
    const report = (await verify(id)).body
    expect(report.commitmentOk).toBe(true)
    expect(report.ok).toBe(false)
    expect(report.recordProblems.join('\n')).toMatch(/seed commitment is not the one its SETUP entry published/)
  })

  it('moving a seat to another account, playing it, and moving it back', async () => {
    const id = await newGame()
    const puppet = await register(h.app, 'Puppet')
    await step(id)
    const zeonMoves = (await h.app.inject({ method: 'GET', url: `/games/${id}` })).json().pending[0].side === 'ZEON'
    const seat = zeonMoves ? 'ZEON' : 'FED'
    const owner = zeonMoves ? bob : alice
    await asSuperuser(async (c) => {
      await c.query('UPDATE "Seat" SET "userId" = $3 WHERE "gameId" = $1 AND seat = $2', [id, seat, puppet.id])
    })
    forgetCachedGames()
    const res = await h.app.inject({ method: 'POST', url: `/games/${id}/orders`, headers: as(puppet), payload: pass })
    expect(res.statusCode, res.body).toBe(200)
    const report = (await verify(id)).body
    expect(report.recordProblems).toContain(`seat ${seat} is held by another account than the log's SETUP names`)
    await asSuperuser(async (c) => {
      await c.query('UPDATE "Seat" SET "userId" = $3 WHERE "gameId" = $1 AND seat = $2', [id, seat, owner.id])
    })
    const back = (await verify(id)).body
    expect(back.ok).toBe(false)
    expect(back.ruleProblems).toContainEqual({
      seq: res.json().seq - (res.json().resolved ? 1 : 0),
      problem: `orders for seat ${seat} by an account that does not hold it`,
    })
  })

  it('a snapshot cannot be changed in place; one changed with triggers off is ignored on load, reported', async () => {
    const id = await newGame()
    const s = (await h.app.inject({ method: 'GET', url: `/games/${id}/options`, headers: as(alice) })).json()
    const mover = s.options.units.find((u: { moves: unknown[] }) => u.moves.length > 0)
    await step(id, [{ kind: 'move', units: [mover.id], to: mover.moves[0] }])
    for (let i = 0; i < 4; i++) await step(id)
    const snap = (await h.t.sql(`SELECT seq FROM "Snapshot" WHERE "gameId" = $1 ORDER BY seq DESC LIMIT 1`, [id]))
      .rows[0]
    expect(snap).toBeDefined()
    await expect(h.t.sql(`UPDATE "Snapshot" SET state = '{}' WHERE "gameId" = $1`, [id])).rejects.toThrow(
      /insert-only: UPDATE/,
    )
    await expect(h.t.sql(`DELETE FROM "Snapshot" WHERE "gameId" = $1`, [id])).rejects.toThrow(/insert-only: DELETE/)
    const unitAt = async () =>
      (await h.app.inject({ method: 'GET', url: `/games/${id}/view`, headers: as(alice) }))
        .json()
        .view.units.find((u: { id: string }) => u.id === mover.id).hex
    const before = await unitAt()
    // Move the unit in the snapshot, as the trial did with a plain UPDATE.
    await asSuperuser(async (c) => {
      const row = (await c.query(`SELECT state FROM "Snapshot" WHERE "gameId" = $1 AND seq = $2`, [id, snap.seq]))
        .rows[0]
      const unit = row.state.state.units.find((u: { id: string }) => u.id === mover.id)
      unit.hex = [unit.hex[0] + 1, unit.hex[1]]
      await c.query(`UPDATE "Snapshot" SET state = $3 WHERE "gameId" = $1 AND seq = $2`, [
        id,
        snap.seq,
        JSON.stringify(row.state),
      ])
    })
    forgetCachedGames()
    expect(await unitAt()).toEqual(before)
    const report = (await verify(id)).body
    expect(report.ok).toBe(false)
    expect(report.snapshotProblems).toContainEqual({
      seq: snap.seq,
      problem: expect.stringMatching(/seal does not match/),
    })
    // The game plays on from the log, not from the forged snapshot.
    await step(id)
    expect((await verify(id)).body.replayOk).toBe(true)
  })
})
