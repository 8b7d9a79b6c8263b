// npm run admin (src/cli/admin.ts): the commands against a real database with games played through the
// HTTP app, and the real command run as a child process.
import { execFile } from 'node:child_process'
import { randomUUID } from 'node:crypto'
import { chmodSync, existsSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { runAdmin, type Opened } from '../../src/cli/admin/commands.js'
import { forgetCachedGames } from '../../src/games/load.js'
import { ratedGames } from '../../src/leagues/ratings.js'
import { startEmbeddedPostgres, type EmbeddedPostgres } from '../../src/runtime/embedded-postgres.js'
import { persistedSecret } from '../../src/runtime/secret.js'
import { migrate } from '../../src/store/migrate.js'
import { APP_ROLE, ensureAppRole } from '../../src/store/roles.js'
import { as, register, startApp, type TestApp, type User } from '../http/helpers.js'

let h: TestApp
let alice: User // FED, 山田 in a Japanese-titled game
let bob: User // ZEON
beforeAll(async () => {
  h = await startApp()
  ;[alice, bob] = await Promise.all([register(h.app, 'Alice'), register(h.app, 'Bob')])
  // A Japanese name (registration's test helper makes the email from the name, so it is set afterwards).
  await h.t.sql(`UPDATE "User" SET name = '山田花子' WHERE id = $1`, [alice.id])
})
afterAll(async () => h?.close())

/** Runs one command line in this process on the test database; the database stays open. */
async function admin(...argv: string[]) {
  const out: string[] = []
  const err: string[] = []
  let opened = 0
  const open = async (): Promise<Opened> => {
    opened++
    return { db: h.t.db, close: async () => {} }
  }
  const code = await runAdmin(argv, { out: (l) => out.push(l), err: (l) => err.push(l) }, open)
  return { code, out: out.join('\n'), err: err.join('\n'), opened }
}

/** The real command, as an operator runs it. */
function child(...argv: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  return childWith({ DATABASE_URL: h.t.url }, ...argv)
}

function childWith(
  env: Record<string, string>,
  ...argv: string[]
): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((done) => {
    execFile(
      'node_modules/.bin/tsx',
      ['src/cli/admin.ts', ...argv],
      { env: { ...process.env, NODE_ENV: 'test', ...env }, encoding: 'utf8' },
      (error, stdout, stderr) => done({ code: error ? Number(error.code) : 0, stdout, stderr }),
    )
  })
}

const roleOf = async (email: string) =>
  (await h.t.sql('SELECT role FROM "User" WHERE email = $1', [email])).rows[0]?.role as string

async function newGame(title: string, priv = true): Promise<string> {
  const created = await h.app.inject({
    method: 'POST',
    url: '/games',
    headers: as(alice),
    payload: {
      ruleset: 'abaoaqu',
      scenario: 'A-S4',
      seat: 'FED',
      private: priv,
      title,
      options: { deployment: 'auto' },
    },
  })
  expect(created.statusCode, created.body).toBe(201)
  const { id, invite } = created.json() as { id: string; invite: string }
  const joined = await h.app.inject({ method: 'POST', url: `/games/${id}/join`, headers: as(bob), payload: { invite } })
  expect(joined.statusCode, joined.body).toBeLessThan(300)
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
    payload: { text: 'pass' },
  })
  expect(res.statusCode, res.body).toBe(200)
}

/** Changes a log entry's payload behind the server's back, as someone with the database in hand would. */
async function tamper(id: string, seq: number): Promise<void> {
  await h.t.sql(
    `DO $$ BEGIN
       SET LOCAL session_replication_role = replica;
       UPDATE "LogEntry" SET payload = payload || '{"tampered": true}'::jsonb WHERE "gameId" = '${id}' AND seq = ${seq};
     END $$`,
  )
  forgetCachedGames()
}

describe('admins', () => {
  it('grant, list and revoke: the role really changes, emails match whatever their case', async () => {
    expect((await admin('list-admins')).out).toBe('no admins')
    expect(await admin('list-admins', '--json')).toMatchObject({ code: 0, out: '[]' })

    const granted = await admin('grant-admin', `  ${alice.email.toUpperCase()} `)
    expect(granted).toMatchObject({ code: 0, err: '' })
    expect(granted.out).toContain(`山田花子 <${alice.email}> is now an admin (was PLAYER)`)
    expect(await roleOf(alice.email)).toBe('ADMIN')

    const again = await admin('grant-admin', alice.email)
    expect(again.code).toBe(0)
    expect(again.out).toMatch(/is already an admin: nothing changed/)
    expect(await roleOf(alice.email)).toBe('ADMIN')

    const listed = await admin('list-admins')
    expect(listed.code).toBe(0)
    expect(listed.out).toContain(alice.email)
    expect(listed.out).toContain('山田花子')
    expect(listed.out).toMatch(/1 admin \(when each became admin is not recorded\)/)
    const rows = JSON.parse((await admin('list-admins', '--json')).out)
    expect(rows).toEqual([
      { email: alice.email, name: '山田花子', adminSince: null, accountCreatedAt: expect.any(String) },
    ])

    // Two admins: revoking one is quiet; revoking the last one warns, and is done all the same.
    expect((await admin('grant-admin', bob.email)).code).toBe(0)
    const first = await admin('revoke-admin', bob.email.toUpperCase())
    expect(first).toMatchObject({ code: 0, err: '' })
    expect(first.out).toContain(`Bob <${bob.email}> is no longer an admin`)
    expect(await roleOf(bob.email)).toBe('PLAYER')
    const last = await admin('revoke-admin', alice.email)
    expect(last.code).toBe(0)
    expect(last.err).toMatch(/warning: that was the last admin/)
    expect(await roleOf(alice.email)).toBe('PLAYER')
    expect((await admin('list-admins')).out).toBe('no admins')

    const notAdmin = await admin('revoke-admin', alice.email)
    expect(notAdmin.code).toBe(0)
    expect(notAdmin.out).toMatch(/is not an admin \(role PLAYER\): nothing changed/)
    expect(await roleOf(alice.email)).toBe('PLAYER')
  })

  it('an unknown email: exit 1, says so, changes nothing', async () => {
    const before = (await h.t.sql('SELECT email, role FROM "User" ORDER BY email')).rows
    for (const command of ['grant-admin', 'revoke-admin']) {
      const r = await admin(command, 'Nobody@Example.org')
      expect(r.code).toBe(1)
      expect(r.err).toBe('no account has the email nobody@example.org: nothing changed')
      expect(r.out).toBe('')
    }
    expect((await h.t.sql('SELECT email, role FROM "User" ORDER BY email')).rows).toEqual(before)
  })
})

describe('games', () => {
  let id: string
  beforeAll(async () => {
    id = await newGame('東方戦線 第一局')
    for (let i = 0; i < 3; i++) await pass(id)
  })

  it('show-game: a private game for the operator, with holders, game master, pause and disputes', async () => {
    const shown = await admin('show-game', id)
    expect(shown).toMatchObject({ code: 0, err: '' })
    const seq = (await h.t.sql('SELECT "logSeq" FROM "Game" WHERE id = $1', [id])).rows[0].logSeq as number
    expect(seq).toBeGreaterThan(1)
    expect(shown.out).toContain('東方戦線 第一局')
    expect(shown.out).toMatch(/rule system +abaoaqu/)
    expect(shown.out).toMatch(/scenario +A-S4/)
    expect(shown.out).toMatch(/status +ACTIVE \(private\)/)
    expect(shown.out).toContain(`position      log entry ${seq}`)
    expect(shown.out).toContain(`FED   山田花子 <${alice.email}>`)
    expect(shown.out).toContain(`Bob <${bob.email}>`)
    expect(shown.out).toMatch(/game master +none/)
    expect(shown.out).toMatch(/paused +no/)
    expect(shown.out).toMatch(/open disputes 0/)
    expect(shown.out).toMatch(/must act +(FED|ZEON), /)

    await h.t.sql(`UPDATE "Game" SET "gameMasterId" = $2, "pausedAt" = '2026-11-30T08:15:00Z' WHERE id = $1`, [
      id,
      bob.id,
    ])
    await h.t.sql(
      `INSERT INTO "Dispute"(id, "gameId", seq, "raisedById", text) VALUES (gen_random_uuid(), $1, 2, $2, 'x')`,
      [id, alice.id],
    )
    forgetCachedGames()
    const json = await admin('show-game', id.toUpperCase(), '--json')
    expect(json.code).toBe(0)
    const g = JSON.parse(json.out)
    expect(g).toMatchObject({
      id,
      title: '東方戦線 第一局',
      ruleset: 'abaoaqu',
      scenario: 'A-S4',
      status: 'ACTIVE',
      logSeq: seq,
      gameMaster: { email: bob.email, name: 'Bob' },
      pausedAt: '2026-11-30T08:15:00.000Z',
      openDisputes: 1,
      outcome: null,
    })
    expect(g.seats).toEqual(
      expect.arrayContaining([
        { seat: 'FED', side: 'FED', holder: { email: alice.email, name: '山田花子' } },
        { seat: 'ZEON', side: 'ZEON', holder: { email: bob.email, name: 'Bob' } },
      ]),
    )
    expect(g.mustAct).toHaveLength(1)
    const text = (await admin('show-game', id)).out
    expect(text).toContain(`game master   Bob <${bob.email}>`)
    expect(text).toContain('paused        since 2026-11-30 08:15 UTC')
    expect(text).toContain('open disputes 1')
    // The game master and the pause were set in the row alone, which /verify reports: put them back.
    await h.t.sql(`UPDATE "Game" SET "gameMasterId" = NULL, "pausedAt" = NULL WHERE id = $1`, [id])
    forgetCachedGames()
  })

  it('verify-game: all ok on an honest game (exit 0); a tampered entry fails the hash chain (exit 1)', async () => {
    const ok = await admin('verify-game', id)
    expect(ok.code).toBe(0)
    expect(ok.out).toContain('東方戦線 第一局')
    for (const check of ['seed commitment', 'hash chain', 'game record', 'rules', 'dice', 'replay', 'snapshots'])
      expect(ok.out).toMatch(new RegExp(`^  ok +${check}$`, 'm'))
    expect(ok.out.split('\n').at(-1)).toBe('OK: the record verifies')
    expect(JSON.parse((await admin('verify-game', id, '--json')).out)).toMatchObject({
      ok: true,
      report: { gameId: id },
    })

    const other = await newGame('tampered', false)
    await pass(other)
    await tamper(other, 2)
    const bad = await admin('verify-game', other)
    expect(bad.code).toBe(1)
    expect(bad.out).toMatch(/^ {2}FAILED hash chain$/m)
    expect(bad.out).toMatch(/^ +- entry 2: /m)
    expect(bad.out.split('\n').at(-1)).toMatch(/^FAILED: \d+ checks? failed$/)
    const json = JSON.parse((await admin('verify-game', other, '--json')).out)
    expect(json.ok).toBe(false)
    expect(json.checks.find((c: { check: string }) => c.check === 'hash chain')).toMatchObject({ ok: false })
  })

  it('bad game ids: not a UUID, or no such game: exit 1; a malformed one opens no database', async () => {
    for (const command of ['show-game', 'verify-game']) {
      const malformed = await admin(command, '12345')
      expect(malformed).toMatchObject({ code: 1, out: '', opened: 0 })
      expect(malformed.err).toBe('"12345" is not a game id: a game id is a UUID, as in /games/<id>')
      const missing = randomUUID()
      const unknown = await admin(command, missing)
      expect(unknown).toMatchObject({ code: 1, out: '' })
      expect(unknown.err).toBe(`there is no game ${missing}`)
    }
  })
})

describe('disputes', () => {
  it('open ones oldest first with game and who raised them; --all adds the ruled ones', async () => {
    await h.t.sql('DELETE FROM "Dispute"')
    expect(await admin('disputes')).toMatchObject({ code: 0, out: 'no open disputes' })
    expect(JSON.parse((await admin('disputes', '--json')).out)).toEqual([])

    const game = await newGame('争点のある対局', false)
    const [newer, older, ruled] = [randomUUID(), randomUUID(), randomUUID()]
    const insert = (id: string, by: User, seq: number, text: string, createdAt: string, status = 'open') =>
      h.t.sql(
        `INSERT INTO "Dispute"(id, "gameId", seq, "raisedById", text, "createdAt",
                                status, ruling, "ruledById", "ruledAt")
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)`,
        [
          id,
          game,
          seq,
          by.id,
          text,
          createdAt,
          status,
          status === 'ruled' ? 'no-change' : null,
          status === 'ruled' ? bob.id : null,
          status === 'ruled' ? '2026-11-03T00:00:00Z' : null,
        ],
      )
    await insert(newer, bob, 3, 'the roll was wrong', '2026-11-20T10:00:00Z')
    await insert(older, alice, 1, 'ユニットが消えた\nsecond line', '2026-11-10T09:30:00Z')
    await insert(ruled, alice, 1, 'long ago', '2026-11-01T00:00:00Z', 'ruled')

    const open = await admin('disputes')
    expect(open.code).toBe(0)
    expect(open.out).not.toContain(ruled)
    expect(open.out.indexOf(older)).toBeGreaterThan(-1)
    expect(open.out.indexOf(older)).toBeLessThan(open.out.indexOf(newer))
    expect(open.out).toContain(`2026-11-10 09:30 UTC  OPEN  "争点のある対局" (${game}), log entry 1`)
    expect(open.out).toContain(`raised by 山田花子 <${alice.email}>`)
    expect(open.out).toContain('  | ユニットが消えた\n  | second line')
    expect(open.out).toContain(`raised by Bob <${bob.email}>`)
    expect(open.out.split('\n').at(-1)).toBe('2 open disputes')

    const all = await admin('disputes', '--all')
    expect(all.out.indexOf(ruled)).toBeLessThan(all.out.indexOf(older))
    expect(all.out).toContain(`ruled     no-change by Bob <${bob.email}> on 2026-11-03 00:00 UTC`)
    expect(all.out.split('\n').at(-1)).toBe('3 disputes, 2 open')

    const rows = JSON.parse((await admin('disputes', '--json')).out)
    expect(rows.map((r: { id: string }) => r.id)).toEqual([older, newer])
    expect(rows[0]).toMatchObject({
      gameId: game,
      gameTitle: '争点のある対局',
      seq: 1,
      status: 'open',
      raisedBy: { email: alice.email, name: '山田花子' },
      text: 'ユニットが消えた\nsecond line',
      createdAt: '2026-11-10T09:30:00.000Z',
    })
  })
})

describe('recompute-ratings', () => {
  it('per rule system: players, rated games, changed; run again: identical; as a child process too', async () => {
    const id = await newGame('レーティング', false)
    await pass(id)
    const resigned = await h.app.inject({ method: 'POST', url: `/games/${id}/resign`, headers: as(bob) })
    expect(resigned.statusCode, resigned.body).toBe(200)
    const games = (await ratedGames(h.t.db, 'abaoaqu')).length
    const rated = `${games} rated game${games === 1 ? '' : 's'}`

    const first = await admin('recompute-ratings')
    expect(first).toMatchObject({ code: 0, err: '', opened: 1 })
    expect(first.out).toBe(
      [
        `abaoaqu: 2 players, ${rated}: changed`,
        'greennoa: 0 players, 0 rated games: identical to the stored ratings',
        'realbattle: 0 players, 0 rated games: identical to the stored ratings',
        'msaw: 0 players, 0 rated games: identical to the stored ratings',
      ].join('\n'),
    )
    expect((await h.t.sql('SELECT count(*)::int AS n FROM "Rating"')).rows[0].n).toBe(2)
    const again = await admin('recompute-ratings', '--ruleset', 'abaoaqu')
    expect(again).toMatchObject({ code: 0, out: `abaoaqu: 2 players, ${rated}: identical to the stored ratings` })
    expect(JSON.parse((await admin('recompute-ratings', '--ruleset', 'abaoaqu', '--json')).out)).toEqual([
      { ruleset: 'abaoaqu', players: 2, games, identical: true },
    ])

    // As an operator runs it: a new result changes the ratings, and the second run finds them identical.
    const next = await newGame('三局目', false)
    await pass(next)
    expect((await h.app.inject({ method: 'POST', url: `/games/${next}/resign`, headers: as(alice) })).statusCode).toBe(
      200,
    )
    const changed = await child('recompute-ratings', '--ruleset', 'abaoaqu')
    expect(changed).toMatchObject({
      code: 0,
      stderr: '',
      stdout: `abaoaqu: 2 players, ${games + 1} rated games: changed\n`,
    })
    const same = await child('recompute-ratings', '--ruleset', 'abaoaqu')
    expect(same.stdout).toBe(`abaoaqu: 2 players, ${games + 1} rated games: identical to the stored ratings\n`)
  })

  it('an unknown rule system: exit 1 naming the known ones, no database opened; --ruleset alone: exit 2', async () => {
    const unknown = await admin('recompute-ratings', '--ruleset', 'chess')
    expect(unknown).toMatchObject({
      code: 1,
      out: '',
      opened: 0,
      err: 'no rule system chess; known: abaoaqu, greennoa, realbattle, msaw',
    })
    const bare = await admin('recompute-ratings', '--ruleset')
    expect(bare).toMatchObject({ code: 2, opened: 0 })
    expect(bare.err).toMatch(/^recompute-ratings: --ruleset takes a value\nusage: /)
    expect((await admin('recompute-ratings', 'abaoaqu')).code).toBe(2)
  })
})

describe('leagues', () => {
  it('create-club makes a club for its owner; list-seasons shows how far each season has got', async () => {
    const made = await admin('create-club', 'サイド3 通信倶楽部', alice.email.toUpperCase())
    expect(made).toMatchObject({ code: 0, err: '' })
    const clubId = /created: ([0-9a-f-]{36})/.exec(made.out)?.[1]
    expect(made.out).toContain('owner: 山田花子')
    const club = await h.t.db.club.findUniqueOrThrow({ where: { id: clubId! }, include: { members: true } })
    expect(club.name).toBe('サイド3 通信倶楽部')
    expect(club.members.map((m) => [m.userId, m.role])).toEqual([[alice.id, 'owner']])
    expect(await admin('create-club', 'Nobody', 'nobody@example.org')).toMatchObject({
      code: 1,
      err: 'no account has the email nobody@example.org: the owner registers first',
    })
    expect((await admin('create-club', '   ', alice.email)).code).toBe(1)
    expect((await admin('create-club', 'Only a name')).code).toBe(2)

    // The owner opens a season through the API; two enter and it starts: one fixture, no result yet.
    await h.t.db.clubMember.create({ data: { clubId: clubId!, userId: bob.id, role: 'member' } })
    const opened = await h.app.inject({
      method: 'POST',
      url: `/clubs/${clubId}/seasons`,
      headers: as(alice),
      payload: { name: '冬季リーグ', ruleset: 'abaoaqu', scenarios: ['A-S4'], format: 'single' },
    })
    expect(opened.statusCode, opened.body).toBe(201)
    const seasonId = opened.json().id as string
    for (const u of [alice, bob]) {
      const entered = await h.app.inject({
        method: 'POST',
        url: `/seasons/${seasonId}/entries`,
        headers: as(u),
        payload: {},
      })
      expect(entered.statusCode, entered.body).toBe(201)
    }
    const listedOpen = JSON.parse((await admin('list-seasons', '--json')).out)
    expect(listedOpen).toEqual([expect.objectContaining({ seasonId, status: 'open', entrants: 2, fixtures: 0 })])
    const started = await h.app.inject({ method: 'POST', url: `/seasons/${seasonId}/start`, headers: as(alice) })
    expect(started.statusCode, started.body).toBeLessThan(300)
    const list = await admin('list-seasons')
    expect(list.code).toBe(0)
    expect(list.out.split('\n')[0]).toMatch(/^SEASON\s+CLUB\s+NAME\s+RULES\s+FORMAT\s+STATUS\s+ENTRANTS\s+RESULTS/)
    expect(list.out).toMatch(
      new RegExp(
        `${seasonId}\\s+サイド3 通信倶楽部\\s+冬季リーグ\\s+abaoaqu\\s+single round robin\\s+running\\s+2\\s+0/1`,
      ),
    )

    // close-season refuses while a fixture is undecided; --force closes it, that fixture lost by both.
    const refused = await admin('close-season', seasonId)
    expect(refused).toMatchObject({ code: 1, out: '' })
    expect(refused.err).toBe('1 fixture has no result yet: close it with --force to count it as lost by both players')
    expect((await h.t.db.season.findUniqueOrThrow({ where: { id: seasonId } })).status).toBe('running')
    const closed = await admin('close-season', seasonId, '--force')
    expect(closed).toMatchObject({ code: 0, err: '' })
    expect(closed.out).toContain('1 fixture(s) without a result are counted as lost by both players')
    expect((await h.t.db.season.findUniqueOrThrow({ where: { id: seasonId } })).status).toBe('finished')
    const table = await h.app.inject({ method: 'GET', url: `/seasons/${seasonId}/standings` })
    expect(
      table.json().divisions[0].rows.map((r: { name: string; lost: number; points: number }) => [r.lost, r.points]),
    ).toEqual([
      [1, 0],
      [1, 0],
    ])
    expect(
      await h.t.db.outbox.count({ where: { kind: 'season-closed', dedupeKey: `season-closed:${seasonId}` } }),
    ).toBe(1)
    expect((await admin('close-season', seasonId, '--force')).err).toMatch(/^the season closed on /)
    expect((await admin('close-season', 'not-an-id')).err).toBe('"not-an-id" is not a season id (a UUID)')
    expect((await admin('close-season', randomUUID())).err).toMatch(/^no season /)
  })
})

describe('usage', () => {
  it('help lists every command (exit 0); no command exits 2; an unknown command or option exits 2', async () => {
    const help = await admin('help')
    expect(help.code).toBe(0)
    for (const c of [
      'grant-admin',
      'revoke-admin',
      'list-admins',
      'show-game',
      'verify-game',
      'disputes',
      'recompute-ratings',
      'create-club',
      'list-seasons',
      'close-season',
      'help',
    ])
      expect(help.out).toContain(`  ${c}`)
    expect((await admin()).code).toBe(2)
    const unknown = await admin('make-coffee')
    expect(unknown).toMatchObject({ code: 2, out: '', opened: 0 })
    expect(unknown.err).toMatch(/^unknown command "make-coffee"\nusage: /)
    expect((await admin('grant-admin')).code).toBe(2)
    expect((await admin('grant-admin', alice.email, '--json')).code).toBe(2)
  })
})

describe('the real command', () => {
  it('runs as a child process on DATABASE_URL: output and exit codes', async () => {
    const granted = await child('grant-admin', bob.email.toUpperCase())
    expect(granted.stderr).toBe('')
    expect(granted).toMatchObject({ code: 0, stdout: `Bob <${bob.email}> is now an admin (was PLAYER)\n` })
    expect(await roleOf(bob.email)).toBe('ADMIN')
    const listed = await child('list-admins', '--json')
    expect(listed.code).toBe(0)
    expect(JSON.parse(listed.stdout)).toEqual([expect.objectContaining({ email: bob.email, name: 'Bob' })])

    const honest = await newGame('本物', true)
    await pass(honest)
    const ok = await child('verify-game', honest)
    expect(ok.code).toBe(0)
    expect(ok.stdout).toContain('本物')
    expect(ok.stdout).toMatch(/OK: the record verifies\n$/)
    await tamper(honest, 1)
    const bad = await child('verify-game', honest)
    expect(bad.code).toBe(1)
    expect(bad.stdout).toMatch(/^ {2}FAILED hash chain$/m)

    expect(await child('show-game', 'not-an-id')).toMatchObject({ code: 1, stdout: '' })
    expect(await child('unknown-thing')).toMatchObject({ code: 2, stdout: '' })
    expect(await child('grant-admin', 'nobody@example.org')).toMatchObject({
      code: 1,
      stderr: 'no account has the email nobody@example.org: nothing changed\n',
    })
  })
})

describe('the embedded database under DATA_DIR (no DATABASE_URL)', () => {
  let dataDir: string
  let running: EmbeddedPostgres | null = null
  beforeAll(() => {
    dataDir = mkdtempSync(join(tmpdir(), 'hexmail-admin-'))
    chmodSync(dataDir, 0o755) // as root, PostgreSQL runs as "postgres" and must be able to enter it
  })
  afterAll(async () => {
    await running?.stop()
    rmSync(dataDir, { recursive: true, force: true })
  })

  const owner = async (url: string, text: string, values: unknown[] = []) => {
    const c = new pg.Client({ connectionString: url })
    await c.connect()
    try {
      return await c.query(text, values)
    } finally {
      await c.end()
    }
  }

  it("uses the running server's PostgreSQL, else starts it for the command and stops it afterwards", async () => {
    const embedded = { DATABASE_URL: '', DATA_DIR: dataDir }
    const none = await childWith(embedded, 'list-admins')
    expect(none.code).toBe(1)
    expect(none.stderr).toMatch(/there is no database in .*run npm start once/)

    // Set up as `npm start` does (src/main.ts): the cluster, the migrations, the server's role.
    running = await startEmbeddedPostgres({ dataDir, preferredPort: 0, log: () => {}, logError: () => {} })
    const ownerUrl = running.url
    await migrate(ownerUrl)
    await ensureAppRole(ownerUrl, APP_ROLE, persistedSecret(dataDir, 'postgres.app-password'))
    await owner(ownerUrl, `INSERT INTO "User"(id, email, name, "passwordHash") VALUES ($1, $2, $3, 'x')`, [
      randomUUID(),
      'op@example.org',
      '管理者',
    ])

    // Up (as while the server runs): the command connects to it and leaves it running.
    const granted = await childWith(embedded, 'grant-admin', 'OP@example.org')
    expect(granted).toMatchObject({ code: 0, stdout: '管理者 <op@example.org> is now an admin (was PLAYER)\n' })
    expect((await owner(ownerUrl, `SELECT role FROM "User" WHERE email = 'op@example.org'`)).rows[0].role).toBe('ADMIN')
    expect(existsSync(join(dataDir, 'postgres', 'postmaster.pid'))).toBe(true)

    // Down: started for the command, stopped after it.
    await running.stop()
    running = null
    const listed = await childWith(embedded, 'list-admins', '--json')
    expect(listed.code).toBe(0)
    expect(JSON.parse(listed.stdout)).toEqual([expect.objectContaining({ email: 'op@example.org', name: '管理者' })])
    expect(listed.stderr).toMatch(/starting the embedded PostgreSQL in .* for this command/)
    expect(listed.stderr).toMatch(/stopped the embedded PostgreSQL/)
    expect(existsSync(join(dataDir, 'postgres', 'postmaster.pid'))).toBe(false)
  })
})
