// A game keeps the rules version it started with (docs/engine-versions.md): its SETUP entry names
// it, every rebuild of its state from the log plays it, and a version the server does not play is an
// error, never a quiet fall back to today's rules.
import { execFile } from 'node:child_process'
import { promisify } from 'node:util'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { abaoaqu } from '../../src/rulesets/abaoaqu/engine/index.js'
import { forgetCachedGames, loadFolded } from '../../src/games/load.js'
import { migrateRules } from '../../src/games/rules-migration.js'
import { gameMetaRow } from '../../src/store/games.js'
import { entryHash, type LogKind } from '../../src/store/log.js'
import { as, register, startApp, type TestApp, type User } from './helpers.js'

let h: TestApp
let alice: User // FED
let bob: User // ZEON
beforeAll(async () => {
  h = await startApp()
  ;[alice, bob] = await Promise.all([register(h.app, 'Alice'), register(h.app, 'Bob')])
})
afterAll(async () => h?.close())

/**
 * A game of A-S4 between Alice and Bob; `rulesVersion` set on the game before it starts (created before an
 * upgrade).
 */
async function newGame(rulesVersion?: string): Promise<string> {
  const created = await h.app.inject({
    method: 'POST',
    url: '/games',
    headers: as(alice),
    payload: { ruleset: 'abaoaqu', scenario: 'A-S4', seat: 'FED', options: { deployment: 'auto' } },
  })
  const id = created.json().id as string
  if (rulesVersion) await h.t.sql(`UPDATE "Game" SET "rulesVersion" = $1 WHERE id = $2`, [rulesVersion, id])
  const joined = await h.app.inject({ method: 'POST', url: `/games/${id}/join`, headers: as(bob), payload: {} })
  expect(joined.statusCode, joined.body).toBe(200)
  return id
}

/** The side to act passes. */
async function pass(id: string): Promise<void> {
  const s = (await h.app.inject({ method: 'GET', url: `/games/${id}`, headers: as(alice) })).json()
  const who = s.pending[0].side === 'FED' ? alice : bob
  const res = await h.app.inject({
    method: 'POST',
    url: `/games/${id}/orders`,
    headers: as(who),
    payload: { orders: [] },
  })
  expect(res.statusCode, res.body).toBe(200)
}

/** The state rebuilt from the log alone (no cached fold; these games are too short for a snapshot). */
async function rebuilt(id: string) {
  forgetCachedGames()
  return loadFolded(h.t.db, (await gameMetaRow(h.t.db, id))!)
}

const verify = async (id: string) =>
  (await h.app.inject({ method: 'GET', url: `/games/${id}/verify`, headers: as(alice) })).json()

interface Row {
  seq: number
  kind: LogKind
  seat: string | null
  userId: string | null
  payload: { config?: { rulesVersion?: string } }
  createdAt: string
  salt: string | null
}

/** Edits the SETUP entry's payload as someone holding the database would, and re-hashes the chain behind it. */
async function rewriteSetup(id: string, edit: (payload: Row['payload']) => void): Promise<void> {
  const read = await h.t.sql(
    `SELECT seq, kind, seat, "userId", payload, to_json("createdAt") #>> '{}' AS "createdAt", salt
       FROM "LogEntry" WHERE "gameId" = $1 ORDER BY seq`,
    [id],
  )
  const rows = read.rows as Row[]
  edit(rows[0]!.payload)
  const c = new pg.Client({ connectionString: h.t.url })
  await c.connect()
  try {
    await c.query('BEGIN')
    await c.query('SET LOCAL session_replication_role = replica')
    let prev = ''
    for (const r of rows) {
      const hash = entryHash(prev, { ...r, gameId: id, createdAt: new Date(`${r.createdAt}Z`) })
      await c.query(`UPDATE "LogEntry" SET payload = $3, "prevHash" = $4, hash = $5 WHERE "gameId" = $1 AND seq = $2`, [
        id,
        r.seq,
        JSON.stringify(r.payload),
        prev,
        hash,
      ])
      prev = hash
    }
    await c.query('UPDATE "Game" SET "lastHash" = $2 WHERE id = $1', [id, prev])
    await c.query('COMMIT')
  } finally {
    await c.end()
  }
  forgetCachedGames()
}

/** Every route that plays the game answers 503 problem+json naming the version and where the operator reads
 * what to do. */
async function expectUnplayable(id: string, version: string, why: string): Promise<void> {
  const s = (await h.app.inject({ method: 'GET', url: `/games/${id}`, headers: as(alice) })).json()
  const seat = s.pending[0]?.seats[0] as string
  const who = seat === 'FED' ? alice : bob
  const requests = [
    { method: 'GET', url: `/games/${id}/view` },
    { method: 'GET', url: `/games/${id}/state?at=1` },
    { method: 'GET', url: `/games/${id}/options?seat=${seat}` },
    { method: 'GET', url: `/games/${id}/map.png` },
    { method: 'POST', url: `/games/${id}/orders/preview`, payload: { orders: [] } },
    { method: 'POST', url: `/games/${id}/orders`, payload: { orders: [] } },
  ] as const
  for (const r of requests) {
    const res = await h.app.inject({ ...r, headers: as(who) })
    expect(res.statusCode, `${r.method} ${r.url}: ${res.body}`).toBe(503)
    expect(res.headers['content-type']).toContain('application/problem+json')
    const body = res.json()
    expect(body).toMatchObject({ status: 503, rulesVersion: version, gameId: id, docs: 'docs/engine-versions.md' })
    expect(body.detail).toContain(`rules version "${version}"`)
    expect(body.detail).toContain(why)
    expect(body.detail).toContain('docs/engine-versions.md')
  }
}

describe('rules versions', () => {
  it('a new game starts at the current version, and its SETUP entry names it', async () => {
    const id = await newGame()
    const summary = (await h.app.inject({ method: 'GET', url: `/games/${id}`, headers: as(alice) })).json()
    expect(summary.rulesVersion).toBe(abaoaqu.version)
    expect(abaoaqu.versions.at(-1)).toBe(abaoaqu.version)
    const log = (await h.app.inject({ method: 'GET', url: `/games/${id}/log`, headers: as(alice) })).json()
    expect(log.entries[0]).toMatchObject({ kind: 'SETUP', payload: { config: { rulesVersion: abaoaqu.version } } })
    expect((await rebuilt(id))!.state.rulesVersion).toBe(abaoaqu.version)
  })

  it('a game created under abaoaqu-1 plays abaoaqu-1, also when its state is rebuilt from the log', async () => {
    const id = await newGame('abaoaqu-1')
    for (let i = 0; i < 4; i++) await pass(id)
    const summary = (await h.app.inject({ method: 'GET', url: `/games/${id}`, headers: as(alice) })).json()
    expect(summary.rulesVersion).toBe('abaoaqu-1')
    const f = (await rebuilt(id))!
    expect(f.seq).toBeGreaterThan(4)
    expect(f.state.rulesVersion).toBe('abaoaqu-1')
    expect(await verify(id)).toMatchObject({ ok: true, replayOk: true, recordOk: true })
  })

  it("a game started before SETUP entries named the version replays under its row's version, not today's", async () => {
    const id = await newGame('abaoaqu-1')
    await pass(id)
    await rewriteSetup(id, (p) => delete p.config!.rulesVersion)
    expect((await rebuilt(id))!.state.rulesVersion).toBe('abaoaqu-1')
    await pass(id)
    expect(await verify(id)).toMatchObject({ ok: true, replayOk: true, recordOk: true })
  })

  it('a game under a version the server no longer plays fails loudly, and /verify says why', async () => {
    const id = await newGame()
    await pass(id)
    await rewriteSetup(id, (p) => (p.config!.rulesVersion = 'abaoaqu-0'))
    await h.t.sql(`UPDATE "Game" SET "rulesVersion" = 'abaoaqu-0' WHERE id = $1`, [id])
    await expect(rebuilt(id)).rejects.toThrow(
      'this game cannot be replayed: ' +
        'rules version "abaoaqu-0" is not one this server plays: abaoaqu plays "abaoaqu-1", "abaoaqu-2"',
    )
    await expectUnplayable(id, 'abaoaqu-0', 'is not one this server plays')
    const report = await verify(id)
    expect(report).toMatchObject({ ok: false, replayOk: false, recordOk: false })
    expect(report.recordProblems).toContain(
      'the game cannot be replayed: ' +
        'rules version "abaoaqu-0" is not one this server plays: abaoaqu plays "abaoaqu-1", "abaoaqu-2"',
    )
  })

  it('a game row naming other rules than its SETUP entry is replayed under neither, and /verify says so', async () => {
    const id = await newGame()
    await pass(id)
    await h.t.sql(`UPDATE "Game" SET "rulesVersion" = 'abaoaqu-1' WHERE id = $1`, [id])
    forgetCachedGames()
    await expect(rebuilt(id)).rejects.toThrow(
      `the game's SETUP entry plays rules version "abaoaqu-2", but the game says it plays "abaoaqu-1"`,
    )
    const report = await verify(id)
    expect(report.ok).toBe(false)
    expect(report.recordProblems).toContain(
      'the game says it plays rules version "abaoaqu-1", but its SETUP entry set it up under "abaoaqu-2"',
    )
  })

  it('a row changed under a warm cache is not played on: the cached state is dropped, the log replayed', async () => {
    const disagree = await newGame()
    await pass(disagree)
    const gone = await newGame()
    await pass(gone)
    // Both games were just played: their state is in the cache. No forgetCachedGames() here.
    await h.t.sql(`UPDATE "Game" SET "rulesVersion" = 'abaoaqu-1' WHERE id = $1`, [disagree])
    await h.t.sql(`UPDATE "Game" SET "rulesVersion" = 'abaoaqu-9' WHERE id = $1`, [gone])
    await new Promise((r) => setTimeout(r, 1100)) // the game-row cache's TTL
    await expectUnplayable(disagree, 'abaoaqu-1', `SETUP entry plays rules version "abaoaqu-2"`)
    await expectUnplayable(gone, 'abaoaqu-9', 'is not one this server plays')
  })
})

describe('moving a running game to other rules, explicitly', () => {
  it('a MODERATION entry moves it from the next step on; the log replays both, and /verify accepts it', async () => {
    const id = await newGame('abaoaqu-1')
    await pass(id)
    const before = (await h.app.inject({ method: 'GET', url: `/games/${id}`, headers: as(alice) })).json()
    expect(before).toMatchObject({ rulesVersion: 'abaoaqu-1', playsRulesVersion: 'abaoaqu-1' })
    const done = await migrateRules(h.t.db, id, {
      to: 'abaoaqu-2',
      reason: 'issue 9: mixed target groups',
      userId: null,
    })
    expect(done).toMatchObject({ from: 'abaoaqu-1', to: 'abaoaqu-2', receipt: expect.stringMatching(/^\d+:/) })
    await pass(id)
    const f = (await rebuilt(id))!
    expect(f.state.rulesVersion).toBe('abaoaqu-2')
    expect(f.seq).toBeGreaterThan(done.seq)
    // The game started under abaoaqu-1, and says so, and that it plays abaoaqu-2 now; its log says when and why
    // it moved.
    const summary = (await h.app.inject({ method: 'GET', url: `/games/${id}`, headers: as(alice) })).json()
    expect(summary).toMatchObject({ rulesVersion: 'abaoaqu-1', playsRulesVersion: 'abaoaqu-2' })
    // Every player is told (the email itself: test/notify/rules-migration-mail.test.ts).
    const notices = await h.t.db.outbox.findMany({ where: { gameId: id, kind: 'moderation' } })
    expect(notices.map((n) => n.payload)).toEqual([
      expect.objectContaining({
        seq: done.seq,
        moderator: "the server's operator",
        action: 'moved the game to rules version abaoaqu-2',
        reason: 'issue 9: mixed target groups',
      }),
    ])
    const log = (await h.app.inject({ method: 'GET', url: `/games/${id}/log`, headers: as(alice) })).json()
    expect(log.entries.find((e: { seq: number }) => e.seq === done.seq)).toMatchObject({
      kind: 'MODERATION',
      payload: { action: 'rules-version', from: 'abaoaqu-1', to: 'abaoaqu-2', reason: 'issue 9: mixed target groups' },
    })
    expect(await verify(id)).toMatchObject({ ok: true, replayOk: true, recordOk: true, rulesOk: true })
  })

  it('refuses a version the game already plays, one the server does not play, a migration with no reason', async () => {
    const id = await newGame()
    await expect(migrateRules(h.t.db, id, { to: 'abaoaqu-2', reason: 'again', userId: null })).rejects.toThrow(
      `game ${id} already plays rules version "abaoaqu-2"`,
    )
    await expect(migrateRules(h.t.db, id, { to: 'abaoaqu-9', reason: 'future', userId: null })).rejects.toThrow(
      'rules version "abaoaqu-9" is not one this server plays',
    )
    await expect(migrateRules(h.t.db, id, { to: 'abaoaqu-1', reason: ' ', userId: null })).rejects.toThrow(
      'say why the game moves to other rules',
    )
    expect((await rebuilt(id))!.seq).toBe(1)
  })

  it('refuses a downgrade unless asked for explicitly', async () => {
    const id = await newGame()
    await expect(migrateRules(h.t.db, id, { to: 'abaoaqu-1', reason: 'back', userId: null })).rejects.toThrow(
      `"abaoaqu-1" is older than "abaoaqu-2", the version game ${id} plays: ` +
        'a downgrade is refused unless asked for explicitly (--allow-downgrade)',
    )
    expect((await rebuilt(id))!.seq).toBe(1)
    const done = await migrateRules(h.t.db, id, { to: 'abaoaqu-1', reason: 'back', userId: null, allowDowngrade: true })
    expect(done).toMatchObject({ from: 'abaoaqu-2', to: 'abaoaqu-1' })
    expect((await rebuilt(id))!.state.rulesVersion).toBe('abaoaqu-1')
    const summary = (await h.app.inject({ method: 'GET', url: `/games/${id}`, headers: as(alice) })).json()
    expect(summary).toMatchObject({ rulesVersion: 'abaoaqu-2', playsRulesVersion: 'abaoaqu-1' })
  })

  it('npm run game:migrate-rules does it from the command line', async () => {
    const id = await newGame('abaoaqu-1')
    await pass(id)
    const run = promisify(execFile)
    const env = { ...process.env, DATABASE_URL: h.t.url }
    const ok = await run('npx', ['tsx', 'src/cli/migrate-rules.ts', id, 'abaoaqu-2', 'the', 'club', 'agreed'], { env })
    expect(ok.stdout).toMatch(new RegExp(`^game ${id} moved from rules abaoaqu-1 to abaoaqu-2 at log entry \\d+`))
    expect((await rebuilt(id))!.state.rulesVersion).toBe('abaoaqu-2')
    const refused = await run('npx', ['tsx', 'src/cli/migrate-rules.ts', id, 'abaoaqu-2', 'again'], { env }).catch(
      (e: { code: number; stderr: string }) => e,
    )
    expect(refused).toMatchObject({ code: 1, stderr: expect.stringMatching(/already plays rules version "abaoaqu-2"/) })
    const downgrade = await run('npx', ['tsx', 'src/cli/migrate-rules.ts', id, 'abaoaqu-1', 'back'], { env }).catch(
      (e: { code: number; stderr: string }) => e,
    )
    expect(downgrade).toMatchObject({ code: 1, stderr: expect.stringContaining('--allow-downgrade') })
    const back = await run(
      'npx',
      ['tsx', 'src/cli/migrate-rules.ts', '--allow-downgrade', id, 'abaoaqu-1', 'back', 'again'],
      { env },
    )
    expect(back.stdout).toContain(`game ${id} moved from rules abaoaqu-2 to abaoaqu-1`)
    const notUuid = await run('npx', ['tsx', 'src/cli/migrate-rules.ts', 'g_123', 'abaoaqu-2', 'why'], { env }).catch(
      (e: { code: number; stderr: string }) => e,
    )
    expect(notUuid).toMatchObject({
      code: 1,
      stderr: '"g_123" is not a game id: a game id is a UUID, as in /games/<id> (GET /games lists them)\n',
    })
  })
})
