// The commands of `npm run admin` (src/cli/admin.ts): each is a function of a Db that returns plain data
// (what --json prints), and a function that turns that data into lines for a terminal. runAdmin parses
// the arguments, opens the database only for a command that needs it, and returns the exit code.
import { normaliseEmail } from '../../auth/accounts.js'
import { DomainError, NotFound } from '../../games/errors.js'
import { gameSummary, verifyGame, type VerifyReport } from '../../games/reads.js'
import { recomputeRatings, type RecomputeResult } from '../../leagues/ratings.js'
import { ruleSystem, ruleSystems } from '../../rulesets/index.js'
import type { Db } from '../../store/db.js'
import type { ClosedSeason } from '../../leagues/close.js'
import { closeSeasonCommand, createClub, listSeasons, type CreatedClub, type SeasonRow } from './leagues.js'

/** Staff that may read every game, private ones too: the caller of the read use cases. */
const OPERATOR = { userId: null, role: 'ADMIN' } as const

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

/** A refusal meant for the operator: printed on stderr, exit code 1. */
export class AdminError extends Error {
  override name = 'AdminError'
}

// ---- Accounts ----------------------------------------------------------------------------------

export interface Account {
  email: string
  name: string
  role: string
}

export type GrantResult =
  | { result: 'unknown-email'; email: string }
  | { result: 'already-admin'; account: Account }
  | { result: 'granted'; account: Account; previousRole: string }

export type RevokeResult =
  | { result: 'unknown-email'; email: string }
  | { result: 'not-admin'; account: Account }
  | { result: 'revoked'; account: Account; adminsLeft: number }

const ACCOUNT = { email: true, name: true, role: true } as const

/** Makes the account with this email (compared as registration stores it) an ADMIN. */
export async function grantAdmin(db: Db, rawEmail: string): Promise<GrantResult> {
  const email = normaliseEmail(rawEmail)
  return db.$transaction(async (tx) => {
    const user = await tx.user.findUnique({ where: { email }, select: ACCOUNT })
    if (!user) return { result: 'unknown-email', email }
    if (user.role === 'ADMIN') return { result: 'already-admin', account: user }
    const account = await tx.user.update({ where: { email }, data: { role: 'ADMIN' }, select: ACCOUNT })
    return { result: 'granted', account, previousRole: user.role }
  })
}

/** Makes the ADMIN with this email a PLAYER again; says how many admins are left (0 is allowed). */
export async function revokeAdmin(db: Db, rawEmail: string): Promise<RevokeResult> {
  const email = normaliseEmail(rawEmail)
  return db.$transaction(async (tx) => {
    const user = await tx.user.findUnique({ where: { email }, select: ACCOUNT })
    if (!user) return { result: 'unknown-email', email }
    if (user.role !== 'ADMIN') return { result: 'not-admin', account: user }
    const account = await tx.user.update({ where: { email }, data: { role: 'PLAYER' }, select: ACCOUNT })
    const adminsLeft = await tx.user.count({ where: { role: 'ADMIN' } })
    return { result: 'revoked', account, adminsLeft }
  })
}

export interface AdminRow {
  email: string
  name: string
  /** When the account was made admin: not recorded by the database, so always null for now. */
  adminSince: string | null
  accountCreatedAt: string
}

export async function listAdmins(db: Db): Promise<AdminRow[]> {
  const rows = await db.user.findMany({
    where: { role: 'ADMIN' },
    select: { email: true, name: true, createdAt: true },
    orderBy: { email: 'asc' },
  })
  return rows.map((r) => ({
    email: r.email,
    name: r.name,
    adminSince: null,
    accountCreatedAt: r.createdAt.toISOString(),
  }))
}

// ---- Games -------------------------------------------------------------------------------------

function checkedGameId(id: string | undefined): string {
  if (!id) throw new AdminError('a game id is missing: a game id is a UUID, as in /games/<id>')
  if (!UUID.test(id)) throw new AdminError(`"${id}" is not a game id: a game id is a UUID, as in /games/<id>`)
  return id.toLowerCase()
}

const noGame = (id: string) => new AdminError(`there is no game ${id}`)

interface Person {
  email: string
  name: string
}

export interface GameReport {
  id: string
  title: string
  ruleset: string
  scenario: string
  /** The rules version the game plays now (after any rules migration)… */
  rulesVersion: string
  /** …and the one it was created with. */
  createdWithRulesVersion: string
  status: string
  private: boolean
  createdAt: string
  startedAt: string | null
  finishedAt: string | null
  seats: Array<{ seat: string; side: string; holder: Person | null }>
  gameMaster: Person | null
  /** Position: the number of the last log entry (0 before the game starts). */
  logSeq: number
  mustAct: Array<{ side: string; step: string; seats: string[]; players: Array<string | null>; submitted: string[] }>
  deadline: string | null
  deadlineHeld: string | null
  pausedAt: string | null
  outcome: { winner: string | null; reason: string } | null
  openDisputes: number
}

export async function showGame(db: Db, rawId: string | undefined): Promise<GameReport> {
  const id = checkedGameId(rawId)
  let summary: Awaited<ReturnType<typeof gameSummary>>
  try {
    summary = await gameSummary(db, id, OPERATOR)
  } catch (e) {
    if (e instanceof NotFound) throw noGame(id)
    throw e
  }
  const row = await db.game.findUnique({
    where: { id },
    select: {
      pausedAt: true,
      gameMaster: { select: { email: true, name: true } },
      seats: { select: { seat: true, user: { select: { email: true, name: true } } } },
    },
  })
  if (!row) throw noGame(id)
  const openDisputes = await db.dispute.count({ where: { gameId: id, status: 'open' } })
  const holder = (seat: string) => row.seats.find((s) => s.seat === seat)?.user ?? null
  return {
    id: summary.id,
    title: summary.title,
    ruleset: summary.ruleset,
    scenario: summary.scenario,
    rulesVersion: summary.playsRulesVersion,
    createdWithRulesVersion: summary.rulesVersion,
    status: summary.status,
    private: summary.private,
    createdAt: summary.createdAt,
    startedAt: summary.startedAt,
    finishedAt: summary.finishedAt,
    seats: summary.seats.map((s) => ({ seat: s.seat, side: s.side, holder: holder(s.seat) })),
    gameMaster: row.gameMaster,
    logSeq: summary.logSeq,
    mustAct: summary.pending.map((p) => ({
      side: p.side,
      step: p.step,
      seats: p.seats,
      players: p.players,
      submitted: p.submitted,
    })),
    deadline: summary.deadline,
    deadlineHeld: 'deadlineHeld' in summary && summary.deadlineHeld ? summary.deadlineHeld.why : null,
    pausedAt: row.pausedAt?.toISOString() ?? null,
    outcome: summary.outcome ? { winner: summary.outcome.winner, reason: summary.outcome.reason } : null,
    openDisputes,
  }
}

export interface Check {
  check: string
  ok: boolean
  problems: string[]
}

export interface VerifyResult {
  title: string
  ok: boolean
  checks: Check[]
  report: VerifyReport
}

/** The verification of GET /games/:id/verify, as a list of named checks. */
export async function verifyGameReport(db: Db, rawId: string | undefined): Promise<VerifyResult> {
  const id = checkedGameId(rawId)
  let report: VerifyReport
  try {
    report = await verifyGame(db, id, OPERATOR)
  } catch (e) {
    if (e instanceof NotFound) throw noGame(id)
    throw e
  }
  const game = await db.game.findUnique({ where: { id }, select: { title: true } })
  const at = (p: { seq: number; problem: string }) => `entry ${p.seq}: ${p.problem}`
  const checks: Check[] = [
    {
      check: 'seed commitment',
      ok: report.commitmentOk,
      problems: report.commitmentOk ? [] : ['the dice seed does not match the commitment published at the start'],
    },
    { check: 'hash chain', ok: report.hashChainOk, problems: report.brokenLinks.map(at) },
    { check: 'game record', ok: report.recordOk, problems: report.recordProblems },
    { check: 'rules', ok: report.rulesOk, problems: report.ruleProblems.map(at) },
    {
      check: 'dice',
      ok: report.rollsOk,
      problems: report.rollMismatches.map(
        (m) =>
          `entry ${m.seq}, roll ${m.index + 1}: not the seed's roll` +
          (m.recorded !== undefined ? ` (recorded ${m.recorded}, the seed gives ${m.derived})` : ''),
      ),
    },
    { check: 'replay', ok: report.replayOk, problems: report.replayMismatches.map(at) },
    { check: 'snapshots', ok: report.snapshotsOk, problems: report.snapshotProblems.map(at) },
  ]
  return { title: game?.title ?? '', ok: report.ok, checks, report }
}

// ---- Disputes ----------------------------------------------------------------------------------

export interface DisputeRow {
  id: string
  gameId: string
  gameTitle: string
  seq: number
  status: string
  raisedBy: Person
  text: string
  createdAt: string
  ruling: string | null
  ruledBy: Person | null
  ruledAt: string | null
}

/** Open disputes of every game, oldest first; with `all`, the ruled ones too. */
export async function listDisputes(db: Db, opts: { all?: boolean } = {}): Promise<DisputeRow[]> {
  const rows = await db.dispute.findMany({
    where: opts.all ? {} : { status: 'open' },
    orderBy: [{ createdAt: 'asc' }, { id: 'asc' }],
    include: {
      game: { select: { title: true } },
      raisedBy: { select: { email: true, name: true } },
      ruledBy: { select: { email: true, name: true } },
    },
  })
  return rows.map((d) => ({
    id: d.id,
    gameId: d.gameId,
    gameTitle: d.game.title,
    seq: d.seq,
    status: d.status,
    raisedBy: d.raisedBy,
    text: d.text,
    createdAt: d.createdAt.toISOString(),
    ruling: d.ruling,
    ruledBy: d.ruledBy,
    ruledAt: d.ruledAt?.toISOString() ?? null,
  }))
}

// ---- Text for a terminal -----------------------------------------------------------------------

/** Control characters (a stray escape sequence in a title) would drive the terminal: shown as "?". */
export function printable(text: string): string {
  // eslint-disable-next-line no-control-regex
  return text.replace(/[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/g, '?')
}

function oneLine(text: string): string {
  return printable(text.replace(/\r?\n|\t/g, ' '))
}

/** Columns a string takes in a terminal: East Asian wide and fullwidth characters take two. */
export function displayWidth(text: string): number {
  let width = 0
  for (const ch of text) {
    const c = ch.codePointAt(0)!
    if (/\p{Mn}|\p{Me}|\u200b|\u200d/u.test(ch)) continue
    const wide =
      (c >= 0x1100 && c <= 0x115f) ||
      (c >= 0x2e80 && c <= 0x303e) ||
      (c >= 0x3041 && c <= 0x33ff) ||
      (c >= 0x3400 && c <= 0x4dbf) ||
      (c >= 0x4e00 && c <= 0x9fff) ||
      (c >= 0xa000 && c <= 0xa4cf) ||
      (c >= 0xac00 && c <= 0xd7a3) ||
      (c >= 0xf900 && c <= 0xfaff) ||
      (c >= 0xfe30 && c <= 0xfe4f) ||
      (c >= 0xff00 && c <= 0xff60) ||
      (c >= 0xffe0 && c <= 0xffe6) ||
      (c >= 0x1f300 && c <= 0x1faff) ||
      (c >= 0x20000 && c <= 0x3fffd)
    width += wide ? 2 : 1
  }
  return width
}

function pad(text: string, width: number): string {
  return text + ' '.repeat(Math.max(0, width - displayWidth(text)))
}

/** Rows under a header, each column as wide as its widest cell (by terminal columns). */
export function table(header: string[], rows: string[][]): string[] {
  const cells = [header, ...rows].map((r) => r.map(oneLine))
  const widths = header.map((_, i) => Math.max(...cells.map((r) => displayWidth(r[i] ?? ''))))
  return cells.map((r) =>
    r
      .map((c, i) => (i === r.length - 1 ? c : pad(c, widths[i]!)))
      .join('  ')
      .trimEnd(),
  )
}

/** "2026-12-01 11:55 UTC" */
export function when(iso: string | null): string {
  if (!iso) return '-'
  return `${iso.slice(0, 10)} ${iso.slice(11, 16)} UTC`
}

const person = (p: Person | null) => (p ? `${oneLine(p.name)} <${p.email}>` : '-')

export function grantLines(r: GrantResult): { out: string[]; err: string[]; code: number } {
  switch (r.result) {
    case 'unknown-email':
      return { out: [], err: [`no account has the email ${r.email}: nothing changed`], code: 1 }
    case 'already-admin':
      return { out: [`${person(r.account)} is already an admin: nothing changed`], err: [], code: 0 }
    case 'granted':
      return { out: [`${person(r.account)} is now an admin (was ${r.previousRole})`], err: [], code: 0 }
  }
}

export function revokeLines(r: RevokeResult): { out: string[]; err: string[]; code: number } {
  switch (r.result) {
    case 'unknown-email':
      return { out: [], err: [`no account has the email ${r.email}: nothing changed`], code: 1 }
    case 'not-admin':
      return {
        out: [`${person(r.account)} is not an admin (role ${r.account.role}): nothing changed`],
        err: [],
        code: 0,
      }
    case 'revoked':
      return {
        out: [`${person(r.account)} is no longer an admin (now PLAYER)`],
        err:
          r.adminsLeft === 0
            ? ['warning: that was the last admin: no account is an admin now (grant-admin EMAIL makes one)']
            : [],
        code: 0,
      }
  }
}

export function adminLines(rows: AdminRow[]): string[] {
  if (rows.length === 0) return ['no admins']
  return [
    ...table(
      ['EMAIL', 'NAME', 'ACCOUNT CREATED'],
      rows.map((r) => [r.email, r.name, when(r.accountCreatedAt)]),
    ),
    `${rows.length} admin${rows.length === 1 ? '' : 's'} (when each became admin is not recorded)`,
  ]
}

export function gameLines(g: GameReport): string[] {
  const lines = [
    `${oneLine(g.title)}`,
    `  id            ${g.id}`,
    `  rule system   ${g.ruleset}`,
    `  scenario      ${g.scenario}`,
    `  rules version ${g.rulesVersion}` +
      (g.rulesVersion !== g.createdWithRulesVersion ? ` (created with ${g.createdWithRulesVersion})` : ''),
    `  status        ${g.status}${g.private ? ' (private)' : ''}`,
    `  created       ${when(g.createdAt)}` +
      (g.startedAt ? `, started ${when(g.startedAt)}` : '') +
      (g.finishedAt ? `, finished ${when(g.finishedAt)}` : ''),
    `  game master   ${g.gameMaster ? person(g.gameMaster) : "none (the site's admins moderate)"}`,
    `  position      log entry ${g.logSeq}`,
  ]
  if (g.mustAct.length === 0) lines.push(`  must act      no one`)
  for (const [i, p] of g.mustAct.entries()) {
    const who = p.seats.map((s, j) => `${s} (${oneLine(p.players[j] ?? 'empty seat')})`).join(', ')
    const done = p.submitted.length ? `; already submitted: ${p.submitted.join(', ')}` : ''
    lines.push(`  ${i === 0 ? 'must act     ' : '             '} ${p.side}, ${oneLine(p.step)}: ${who}${done}`)
  }
  lines.push(`  deadline      ${when(g.deadline)}${g.deadlineHeld ? ` (${g.deadlineHeld})` : ''}`)
  lines.push(`  paused        ${g.pausedAt ? `since ${when(g.pausedAt)}` : 'no'}`)
  const outcome = g.outcome && `${g.outcome.winner ? `${g.outcome.winner} won` : 'draw'}: ${oneLine(g.outcome.reason)}`
  lines.push(`  outcome       ${outcome ?? '-'}`)
  lines.push(`  open disputes ${g.openDisputes}`)
  lines.push('  seats')
  lines.push(
    ...table(
      ['SEAT', 'SIDE', 'HOLDER'],
      g.seats.map((s) => [s.seat, s.side, s.holder ? person(s.holder) : '(free)']),
    ).map((l) => `    ${l}`),
  )
  return lines
}

export function verifyLines(v: VerifyResult): string[] {
  const r = v.report
  const lines = [
    `${oneLine(v.title)} (${r.gameId}), ${r.status}`,
    `  ${r.entries} log entries, ${r.rolls} dice rolls, ${r.snapshots} snapshots` +
      (r.head ? `; head receipt ${r.head.receipt}` : ''),
  ]
  for (const c of v.checks) {
    lines.push(`  ${c.ok ? 'ok    ' : 'FAILED'} ${c.check}`)
    for (const p of c.problems) lines.push(`           - ${oneLine(p)}`)
  }
  const failed = v.checks.filter((c) => !c.ok).length
  lines.push(v.ok ? 'OK: the record verifies' : `FAILED: ${failed} check${failed === 1 ? '' : 's'} failed`)
  return lines
}

export function disputeLines(rows: DisputeRow[], all: boolean): string[] {
  if (rows.length === 0) return [all ? 'no disputes' : 'no open disputes']
  const lines: string[] = []
  for (const d of rows) {
    lines.push(
      `${when(d.createdAt)}  ${d.status.toUpperCase()}  "${oneLine(d.gameTitle)}" (${d.gameId}), log entry ${d.seq}`,
    )
    lines.push(`  dispute   ${d.id}`)
    lines.push(`  raised by ${person(d.raisedBy)}`)
    for (const t of d.text.split(/\r?\n/)) lines.push(`  | ${printable(t)}`)
    if (d.status !== 'open') lines.push(`  ruled     ${d.ruling ?? '-'} by ${person(d.ruledBy)} on ${when(d.ruledAt)}`)
  }
  const open = rows.filter((d) => d.status === 'open').length
  lines.push(all ? `${rows.length} disputes, ${open} open` : `${open} open dispute${open === 1 ? '' : 's'}`)
  return lines
}

// ---- Leagues -------------------------------------------------------------------------------------

export function createdClubLines(c: CreatedClub): string[] {
  return [`club "${c.name}" created: ${c.clubId}`, `owner: ${c.owner.name} <${c.owner.email}>`]
}

export function seasonLines(rows: SeasonRow[]): string[] {
  if (rows.length === 0) return ['no seasons']
  return table(
    ['SEASON', 'CLUB', 'NAME', 'RULES', 'FORMAT', 'STATUS', 'ENTRANTS', 'RESULTS', 'STARTS', 'CLOSED'],
    rows.map((r) => [
      r.seasonId,
      r.club,
      r.name,
      r.ruleset,
      r.format,
      r.status,
      String(r.entrants),
      r.status === 'open' ? '-' : `${r.decided}/${r.fixtures}`,
      when(r.startAt),
      when(r.finishedAt),
    ]),
  )
}

export function closedLines(c: ClosedSeason): string[] {
  return [
    `season "${c.name}" closed at ${when(c.finishedAt.toISOString())}`,
    ...(c.undecided > 0 ? [`${c.undecided} fixture(s) without a result are counted as lost by both players`] : []),
    'the closing email to its entrants is queued',
  ]
}

// ---- Ratings ----------------------------------------------------------------------------------

/** The rule systems to recompute: the one named, else every one this server plays. */
export function ratingRulesets(only: string | undefined): string[] {
  const known = ruleSystems().map((s) => s.id)
  if (only === undefined) return known
  if (!ruleSystem(only)) throw new AdminError(`no rule system ${only}; known: ${known.join(', ')}`)
  return [only]
}

/** Rebuilds the ratings of each rule system from its rated games (src/leagues/ratings.ts). */
export async function recomputeAllRatings(db: Db, rulesets: string[]): Promise<RecomputeResult[]> {
  const done: RecomputeResult[] = []
  for (const ruleset of rulesets) done.push(await recomputeRatings(db, ruleset))
  return done
}

export function ratingLines(rows: RecomputeResult[]): string[] {
  const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`
  return rows.map(
    (r) =>
      `${r.ruleset}: ${plural(r.players, 'player')}, ${plural(r.games, 'rated game')}: ` +
      (r.identical ? 'identical to the stored ratings' : 'changed'),
  )
}

// ---- Arguments ---------------------------------------------------------------------------------

export const USAGE = [
  'usage: npm run admin -- <command> [arguments]',
  '',
  'commands:',
  '  grant-admin EMAIL          make the account with this email an admin',
  '  revoke-admin EMAIL         make an admin a player again (warns when it was the last admin)',
  '  list-admins [--json]       the admins: email, name, when the account was created',
  "  show-game ID [--json]      a game's summary: seats, game master, position, who must act, deadline, disputes",
  '  verify-game ID [--json]    the checks of GET /games/ID/verify; exit code 0 when the record verifies, 1 when not',
  '  disputes [--all] [--json]  the open disputes of every game, oldest first (--all: the ruled ones too)',
  '  create-club NAME EMAIL     a club whose owner is the account with this email (quote a NAME with spaces)',
  '  list-seasons [--json]      every season of every club: format, status, entrants, results so far',
  '  close-season ID [--force]  close a running season (--force: fixtures still undecided are lost by both)',
  '  recompute-ratings [--ruleset ID] [--json]',
  '                             rebuild the Glicko-2 ratings from the rated games (every rule system, or ID):',
  '                             players, games, and whether the stored ratings were already identical',
  '  help                       this text',
  '',
  'The database: DATABASE_URL (environment or .env), else the embedded PostgreSQL under DATA_DIR (default .data).',
  'See docs/admin.md.',
]

export interface Io {
  out: (line: string) => void
  err: (line: string) => void
}

export interface Opened {
  db: Db
  close: () => Promise<void>
}

/** `values`: options followed by a value (--ruleset ID). */
const COMMANDS: Record<string, { args: number; options: string[]; values?: string[] }> = {
  'grant-admin': { args: 1, options: [] },
  'revoke-admin': { args: 1, options: [] },
  'list-admins': { args: 0, options: ['--json'] },
  'show-game': { args: 1, options: ['--json'] },
  'verify-game': { args: 1, options: ['--json'] },
  disputes: { args: 0, options: ['--json', '--all'] },
  'create-club': { args: 2, options: ['--json'] },
  'list-seasons': { args: 0, options: ['--json'] },
  'close-season': { args: 1, options: ['--json', '--force'] },
  'recompute-ratings': { args: 0, options: ['--json'], values: ['--ruleset'] },
}

/** Runs one command line; returns the exit code (0 done, 1 refused or failed, 2 usage). */
export async function runAdmin(argv: string[], io: Io, open: () => Promise<Opened>): Promise<number> {
  const [command, ...rest] = argv
  if (command === undefined || command === 'help' || command === '--help' || command === '-h') {
    USAGE.forEach(io.out)
    return command === undefined ? 2 : 0
  }
  const spec = COMMANDS[command]
  if (!spec) {
    io.err(`unknown command "${command}"`)
    USAGE.forEach(io.err)
    return 2
  }
  const values: Record<string, string> = {}
  const words: string[] = []
  for (let i = 0; i < rest.length; i++) {
    const word = rest[i]!
    if (!spec.values?.includes(word)) words.push(word)
    else if (rest[i + 1] === undefined || rest[i + 1]!.startsWith('--')) {
      io.err(`${command}: ${word} takes a value`)
      USAGE.forEach(io.err)
      return 2
    } else values[word] = rest[++i]!
  }
  const options = words.filter((a) => a.startsWith('--'))
  const args = words.filter((a) => !a.startsWith('--'))
  const bad = options.find((o) => !spec.options.includes(o))
  if (bad || args.length !== spec.args) {
    const wanted = spec.args === 0 ? 'no arguments' : `${spec.args} argument${spec.args === 1 ? '' : 's'}`
    io.err(bad ? `${command} takes no option ${bad}` : `${command} takes ${wanted}, got ${args.length}`)
    USAGE.forEach(io.err)
    return 2
  }
  const json = options.includes('--json')
  const print = (data: unknown, lines: string[]) => {
    if (json) io.out(JSON.stringify(data, null, 2))
    else lines.forEach(io.out)
  }
  // A malformed id or an unknown rule system is refused before any database is opened (or started).
  let rulesets: string[] = []
  try {
    if (command === 'show-game' || command === 'verify-game') checkedGameId(args[0])
    if (command === 'recompute-ratings') rulesets = ratingRulesets(values['--ruleset'])
  } catch (e) {
    io.err((e as Error).message)
    return 1
  }
  let opened: Opened
  try {
    opened = await open()
  } catch (e) {
    io.err(`cannot open the database: ${(e as Error).message}`)
    return 1
  }
  const { db } = opened
  try {
    switch (command) {
      case 'grant-admin': {
        const r = grantLines(await grantAdmin(db, args[0]!))
        r.out.forEach(io.out)
        r.err.forEach(io.err)
        return r.code
      }
      case 'revoke-admin': {
        const r = revokeLines(await revokeAdmin(db, args[0]!))
        r.out.forEach(io.out)
        r.err.forEach(io.err)
        return r.code
      }
      case 'list-admins': {
        const rows = await listAdmins(db)
        print(rows, adminLines(rows))
        return 0
      }
      case 'show-game': {
        const g = await showGame(db, args[0])
        print(g, gameLines(g))
        return 0
      }
      case 'verify-game': {
        const v = await verifyGameReport(db, args[0])
        print({ title: v.title, ok: v.ok, checks: v.checks, report: v.report }, verifyLines(v))
        return v.ok ? 0 : 1
      }
      case 'create-club': {
        const c = await createClub(db, args[0]!, args[1]!)
        print(c, createdClubLines(c))
        return 0
      }
      case 'list-seasons': {
        const rows = await listSeasons(db)
        print(rows, seasonLines(rows))
        return 0
      }
      case 'close-season': {
        const c = await closeSeasonCommand(db, args[0], options.includes('--force'))
        print(c, closedLines(c))
        return 0
      }
      case 'recompute-ratings': {
        const rows = await recomputeAllRatings(db, rulesets)
        print(rows, ratingLines(rows))
        return 0
      }
      default: {
        const all = options.includes('--all')
        const rows = await listDisputes(db, { all })
        print(rows, disputeLines(rows, all))
        return 0
      }
    }
  } catch (e) {
    // A use case's refusal (games/errors.ts) is the operator's to read, as an AdminError is.
    if (e instanceof AdminError || e instanceof DomainError) {
      io.err(e.message)
      return 1
    }
    io.err(`${command} failed: ${(e as Error).message}`)
    return 1
  } finally {
    await opened.close()
  }
}
