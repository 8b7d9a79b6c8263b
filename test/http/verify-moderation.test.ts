// /verify checks what moderation keeps outside the hash chain against the log (docs/verification.md,
// "Moderation"): the disputes' rows against the entries that rule on them, the game master against the
// SETUP entry, and whether the game is paused against its pause and resume corrections. Each tampering
// is done as the database's owner would, straight in the tables; /verify must say what was changed.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { forgetCachedGames } from '../../src/games/load.js'
import { as, register, startApp, type TestApp, type User } from './helpers.js'

let h: TestApp
let alice: User // FED
let bob: User // ZEON
let gm: User // the game master of every game below
let other: User // another account, to swap in

beforeAll(async () => {
  h = await startApp()
  ;[alice, bob, gm, other] = (await Promise.all(
    ['Alice', 'Bob', 'Gamemaster', 'Other'].map((n) => register(h.app, n)),
  )) as [User, User, User, User]
})
afterAll(async () => h?.close())

async function newGame(): Promise<string> {
  const created = await h.app.inject({
    method: 'POST',
    url: '/games',
    headers: as(alice),
    payload: {
      ruleset: 'abaoaqu',
      scenario: 'A-S4',
      seat: 'FED',
      options: { deployment: 'auto' },
      gameMaster: gm.email,
    },
  })
  expect(created.statusCode, created.body).toBe(201)
  const id = created.json().id as string
  const joined = await h.app.inject({ method: 'POST', url: `/games/${id}/join`, headers: as(bob), payload: {} })
  expect(joined.statusCode, joined.body).toBe(200)
  return id
}

const post = (url: string, user: User, payload: object, headers: Record<string, string> = {}) =>
  h.app.inject({ method: 'POST', url, headers: as(user, headers), payload })

async function raise(id: string, seq = 1, text = 'the setup is wrong'): Promise<string> {
  const res = await post(`/games/${id}/disputes`, alice, { seq, text })
  expect(res.statusCode, res.body).toBe(201)
  return res.json().id as string
}

async function noChange(disputeId: string, reason: string) {
  const res = await post(`/disputes/${disputeId}/ruling`, gm, { ruling: 'no-change', reason })
  expect(res.statusCode, res.body).toBe(200)
  return res.json()
}

async function logSeq(id: string): Promise<number> {
  return (await h.t.sql('SELECT "logSeq" FROM "Game" WHERE id = $1', [id])).rows[0].logSeq as number
}

/** Applies a correction at the game's position; returns its entry's seq. */
async function correct(id: string, body: object): Promise<number> {
  const res = await post(`/games/${id}/corrections`, gm, body, { 'if-match': `"${await logSeq(id)}"` })
  expect(res.statusCode, res.body).toBe(201)
  return logSeq(id)
}

async function verify(id: string) {
  const res = await h.app.inject({ method: 'GET', url: `/games/${id}/verify`, headers: as(alice) })
  expect(res.statusCode, res.body).toBe(200)
  return res.json() as { ok: boolean; recordOk: boolean; recordProblems: string[] }
}

async function expectOk(id: string): Promise<void> {
  const report = await verify(id)
  expect(report, JSON.stringify(report, null, 1)).toMatchObject({ ok: true, recordProblems: [] })
}

/** /verify fails on the game's record, with one problem matching `pattern`. */
async function expectCaught(id: string, pattern: RegExp): Promise<string[]> {
  const report = await verify(id)
  expect(report.ok).toBe(false)
  expect(report.recordOk).toBe(false)
  expect(report.recordProblems, JSON.stringify(report.recordProblems)).toEqual(
    expect.arrayContaining([expect.stringMatching(pattern)]),
  )
  return report.recordProblems
}

/** As the database's owner: a statement straight on the tables, nothing of the server in the way. */
async function tamper(text: string, values: unknown[]): Promise<void> {
  const res = await h.t.sql(text, values)
  expect(res.rowCount).toBe(1)
  forgetCachedGames()
}

async function logEntries(id: string) {
  const res = await h.app.inject({ method: 'GET', url: `/games/${id}/log?limit=500`, headers: as(gm) })
  expect(res.statusCode, res.body).toBe(200)
  return res.json().entries as Array<{ seq: number; kind: string; userId: string | null; payload: unknown }>
}

describe('an untampered game', () => {
  it('with a ruling, a settling correction, a pause and a resume: verifies; the audit reads the log', async () => {
    const id = await newGame()
    const d1 = await raise(id, 1, 'the deployment is wrong')
    const before = await logSeq(id)
    const position = `SELECT pending, "deadlineAt", status FROM "Game" WHERE id = $1`
    const then = (await h.t.sql(position, [id])).rows[0]
    await noChange(d1, 'The deployment follows the scenario.')
    // The ruling changed nothing in the game: the same seats act, with the deadline as it was.
    expect((await h.t.sql(position, [id])).rows[0]).toEqual(then)
    // The ruling is one MODERATION entry, by the moderator, naming the dispute and the entry disputed.
    expect(await logSeq(id)).toBe(before + 1)
    const entries = await logEntries(id)
    expect(entries.at(-1)).toMatchObject({
      seq: before + 1,
      kind: 'MODERATION',
      userId: gm.id,
      payload: {
        action: 'ruling',
        dispute: d1,
        seq: 1,
        ruling: 'no-change',
        reason: 'The deployment follows the scenario.',
      },
    })
    const d2 = await raise(id, 1, 'the seats are wrong')
    const settledAt = await correct(id, { kind: 'pause', reason: 'looking into the seats', dispute: d2 })
    await correct(id, { kind: 'resume', reason: 'the seats are right' })
    await expectOk(id)

    const audit = await h.app.inject({ method: 'GET', url: `/games/${id}/moderation`, headers: as(bob) })
    expect(audit.statusCode, audit.body).toBe(200)
    expect(audit.json().actions).toEqual([
      expect.objectContaining({
        seq: before + 1,
        kind: 'no-change',
        reason: 'The deployment follows the scenario.',
        moderator: { id: gm.id, name: gm.name },
        dispute: d1,
        summary: 'ruled on the dispute of log entry 1: no change',
      }),
      expect.objectContaining({ seq: settledAt, kind: 'pause', dispute: d2 }),
      expect.objectContaining({ seq: settledAt + 1, kind: 'resume', dispute: null }),
    ])
  })

  it('a finished game takes a ruling and stays finished, with its result and end time', async () => {
    const id = await newGame()
    const d = await raise(id, 1)
    const resigned = await h.app.inject({ method: 'POST', url: `/games/${id}/resign`, headers: as(bob) })
    expect(resigned.statusCode, resigned.body).toBe(200)
    const ended = (await h.t.sql('SELECT status, outcome, "finishedAt", "deadlineAt" FROM "Game" WHERE id = $1', [id]))
      .rows[0]
    expect(ended.status).toBe('FINISHED')
    const at = await logSeq(id)
    await noChange(d, 'Bob resigned anyway.')
    const after = (
      await h.t.sql('SELECT status, outcome, "finishedAt", "deadlineAt", "logSeq" FROM "Game" WHERE id = $1', [id])
    ).rows[0]
    expect(after).toEqual({ ...ended, logSeq: at + 1 })
    // No second "game over" notice: the ruling's own row is the only other one.
    const kinds = await h.t.sql(`SELECT kind, payload FROM "Outbox" WHERE "gameId" = $1 ORDER BY id`, [id])
    expect(kinds.rows.filter((r) => r.kind === 'game-over')).toHaveLength(1)
    expect(kinds.rows.filter((r) => r.payload.seq === at + 1).map((r) => [r.kind, r.payload.newStep])).toEqual([
      ['step', false],
    ])
    await expectOk(id)
  })
})

describe('a dispute row changed outside the log', () => {
  it('a no-change ruling rewritten with another reason', async () => {
    const id = await newGame()
    const d = await raise(id)
    await noChange(d, 'The deployment follows the scenario.')
    await expectOk(id)
    await tamper(`UPDATE "Dispute" SET "rulingReason" = 'Alice was right all along.' WHERE id = $1`, [d])
    await expectCaught(id, new RegExp(`ruling at entry \\d+ .*dispute ${d}.*another reason than the log's`))
  })

  it('a dispute settled by a correction rewritten to no change, with a forged reason', async () => {
    const id = await newGame()
    const d = await raise(id)
    const seq = await correct(id, { kind: 'pause', reason: 'checking', dispute: d })
    await expectOk(id)
    await tamper(
      `UPDATE "Dispute" SET ruling = 'no-change', "rulingReason" = 'nothing wrong', "correctionSeq" = NULL
        WHERE id = $1`,
      [d],
    )
    await expectCaught(
      id,
      new RegExp(`correction at entry ${seq} settles dispute ${d}.*"no-change": its ruling was changed`),
    )
  })

  it('a ruled dispute set back to open', async () => {
    const id = await newGame()
    const d = await raise(id)
    const seq = await correct(id, { kind: 'pause', reason: 'checking', dispute: d })
    await tamper(`UPDATE "Dispute" SET status = 'open' WHERE id = $1`, [d])
    await expectCaught(
      id,
      new RegExp(`correction at entry ${seq} settles dispute ${d}, but the dispute is open: it was reopened`),
    )

    const id2 = await newGame()
    const d2 = await raise(id2)
    await noChange(d2, 'fine')
    await tamper(`UPDATE "Dispute" SET status = 'open', ruling = NULL WHERE id = $1`, [d2])
    await expectCaught(id2, new RegExp(`dispute ${d2}, but the dispute is open: it was reopened`))
  })

  it('a no-change ruling moved to another entry', async () => {
    const id = await newGame()
    const d = await raise(id)
    await noChange(d, 'fine')
    await tamper(`UPDATE "Dispute" SET seq = 2 WHERE id = $1`, [d])
    await expectCaught(id, new RegExp(`dispute ${d}, a dispute of entry 1, but the dispute says it is about entry 2`))
  })

  it('a correction that settled a dispute pointed at another entry', async () => {
    const id = await newGame()
    const d = await raise(id)
    const seq = await correct(id, { kind: 'pause', reason: 'checking', dispute: d })
    await tamper(`UPDATE "Dispute" SET "correctionSeq" = 1 WHERE id = $1`, [d])
    await expectCaught(id, new RegExp(`correction at entry ${seq} settles dispute ${d}, but the dispute names entry 1`))
  })

  it('a dispute settled by a correction moved to another entry', async () => {
    const id = await newGame()
    const d = await raise(id)
    const seq = await correct(id, { kind: 'pause', reason: 'checking', dispute: d })
    await tamper(`UPDATE "Dispute" SET seq = 2 WHERE id = $1`, [d])
    await expectCaught(
      id,
      new RegExp(
        `correction at entry ${seq} settles dispute ${d}, a dispute of entry 1, ` +
          'but the dispute says it is about entry 2',
      ),
    )
  })

  it('a ruling handed to another moderator, and an open dispute given a ruling', async () => {
    const id = await newGame()
    const d = await raise(id)
    await noChange(d, 'fine')
    await tamper(`UPDATE "Dispute" SET "ruledById" = $2 WHERE id = $1`, [d, alice.id])
    await expectCaught(id, new RegExp(`dispute ${d} by account .*, but the dispute names another moderator`))

    const id2 = await newGame()
    const d2 = await raise(id2)
    await tamper(`UPDATE "Dispute" SET ruling = 'no-change', "rulingReason" = 'forged' WHERE id = $1`, [d2])
    await expectCaught(id2, new RegExp(`dispute ${d2} is open but records a ruling`))
  })

  it('a dispute marked ruled that no entry of the log rules on', async () => {
    const id = await newGame()
    const d = await raise(id)
    await tamper(
      `UPDATE "Dispute" SET status = 'ruled', ruling = 'no-change', "rulingReason" = 'forged', "ruledAt" = now()
        WHERE id = $1`,
      [d],
    )
    await expectCaught(
      id,
      new RegExp(`dispute ${d} says it was ruled \\(no-change\\), but no entry of the log rules on it`),
    )
  })

  it('a dispute the log rules on, deleted', async () => {
    const id = await newGame()
    const d = await raise(id)
    await noChange(d, 'fine')
    await tamper(`DELETE FROM "Dispute" WHERE id = $1`, [d])
    await expectCaught(id, new RegExp(`dispute ${d}, which does not exist`))
  })
})

describe("the game's row changed outside the log", () => {
  it('the game master swapped for another account', async () => {
    const id = await newGame()
    const setup = (await logEntries(id))[0]!
    expect(setup.payload).toMatchObject({ gameMaster: gm.id })
    await expectOk(id)
    await tamper(`UPDATE "Game" SET "gameMasterId" = $2 WHERE id = $1`, [id, other.id])
    await expectCaught(id, new RegExp(`game master is ${other.id}, but its SETUP entry named ${gm.id}`))
  })

  it('a game without a game master names none in its SETUP, and one added later is caught', async () => {
    const created = await post('/games', alice, { ruleset: 'abaoaqu', scenario: 'A-S4', seat: 'FED' })
    const id = created.json().id as string
    await post(`/games/${id}/join`, bob, {})
    expect((await logEntries(id))[0]!.payload).toMatchObject({ gameMaster: null })
    await expectOk(id)
    await tamper(`UPDATE "Game" SET "gameMasterId" = $2 WHERE id = $1`, [id, other.id])
    await expectCaught(id, /game master is .*, but its SETUP entry named no one/)
  })

  it('paused with no correction behind it, and still paused after a resume', async () => {
    const id = await newGame()
    await tamper(`UPDATE "Game" SET "pausedAt" = now() WHERE id = $1`, [id])
    // Players are turned away: the game says it is paused.
    const refused = await post(`/games/${id}/orders`, alice, { text: 'pass' })
    expect(refused.statusCode, refused.body).toBe(409)
    expect(refused.json().detail).toMatch(/paused/)
    await expectCaught(id, /the game says it is paused since .*, but no correction in its log paused it/)

    const id2 = await newGame()
    await correct(id2, { kind: 'pause', reason: 'r' })
    const resumed = await correct(id2, { kind: 'resume', reason: 'r' })
    await expectOk(id2)
    await tamper(`UPDATE "Game" SET "pausedAt" = now() WHERE id = $1`, [id2])
    await expectCaught(id2, new RegExp(`paused since .*, but the log resumed it \\(entry ${resumed}\\)`))
  })

  it('a rollback while paused leaves the game paused, as the log says, until a resume', async () => {
    const id = await newGame()
    for (let i = 0; i < 2; i++) {
      const s = (await h.app.inject({ method: 'GET', url: `/games/${id}`, headers: as(alice) })).json()
      const who = s.pending[0].side === 'FED' ? alice : bob
      const res = await post(`/games/${id}/orders`, who, { text: 'pass' })
      expect(res.statusCode, res.body).toBe(200)
    }
    const paused = await correct(id, { kind: 'pause', reason: 'investigating' })
    await correct(id, { kind: 'rollback', toSeq: 3, reason: 'the second pass was a misclick' })
    expect((await h.t.sql('SELECT "pausedAt" FROM "Game" WHERE id = $1', [id])).rows[0].pausedAt).not.toBeNull()
    await expectOk(id)
    await tamper(`UPDATE "Game" SET "pausedAt" = NULL WHERE id = $1`, [id])
    await expectCaught(id, new RegExp(`the log leaves the game paused \\(entry ${paused}\\)`))
    await tamper(`UPDATE "Game" SET "pausedAt" = now() WHERE id = $1`, [id])
    await correct(id, { kind: 'resume', reason: 'done' })
    await expectOk(id)
  })

  it('a pause undone in the row alone', async () => {
    const id = await newGame()
    const paused = await correct(id, { kind: 'pause', reason: 'r' })
    await expectOk(id)
    await tamper(`UPDATE "Game" SET "pausedAt" = NULL WHERE id = $1`, [id])
    await expectCaught(
      id,
      new RegExp(`the log leaves the game paused \\(entry ${paused}\\), but the game says it is not`),
    )
  })
})
