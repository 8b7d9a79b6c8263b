// Disputes (docs/disputes.md): a player of a game questions one entry of its log, players and the
// game's moderators talk it over, and a moderator rules: "no change" here, or a correction (appended by
// the corrections code, which settles the dispute with settleByCorrection in its own transaction).
// Who moderates a game is canModerate's answer, with the caller's role read from the database; the
// inbox of GET /moderation/disputes applies the same rule in SQL (inboxFilter below).
import type { Db } from '../store/db.js'
import type { Prisma } from '../store/generated/client.js'
import { lockGameRow, type GameRow } from '../store/games.js'
import type { NewEntry } from '../store/log.js'
import type { OutboxRow } from '../store/outbox.js'
import { hiddenFrom, noSuchGame, type Caller } from './access.js'
import { hasControl, isBlank } from './text.js'
import { Conflict, Forbidden, InvalidInput, NotFound } from './errors.js'
import type { Folded } from './fold.js'
import { loadFolded } from './load.js'
import {
  canModerate,
  CLUB_MODERATING_ROLES,
  moderatorAccount,
  moderatorsToTell,
  type Moderator,
} from './moderation-access.js'
import { afterCommit, commitPlan, planAppend, type Plan } from './write.js'

type Tx = Prisma.TransactionClient | Db

/** The most characters (Unicode code points, so a kanji is one) of a dispute, a message or a reason. */
export const DISPUTE_TEXT_MAX = 4000
/** Disputes an inbox page holds at most, and by default. */
export const INBOX_LIMIT_MAX = 100
export const INBOX_LIMIT_DEFAULT = 50

export type DisputeStatus = 'open' | 'ruled'
export type Ruling = 'no-change' | 'correction'

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

interface Person {
  id: string
  name: string
}

/** A dispute as every route shows it (without its messages). */
export interface DisputeSummary {
  id: string
  gameId: string
  seq: number
  raisedBy: Person
  text: string
  status: DisputeStatus
  createdAt: string
  messageCount: number
  ruling: {
    ruling: Ruling
    reason: string
    moderator: Person | null
    at: string
    correctionSeq: number | null
  } | null
}

export interface DisputeMessageView {
  id: string
  author: Person
  /** 'player' when the author holds a seat in the game, else 'moderator'. */
  as: 'player' | 'moderator'
  text: string
  createdAt: string
}

export interface DisputeDetail extends DisputeSummary {
  messages: DisputeMessageView[]
  /**
   * Where the game's messages between its players are read (src/games/messages.ts): a moderator of the
   * game reads all of them there, side-only ones too, since a dispute may turn on what was said.
   */
  gameMessages: string
}

// ---- who may do what ----------------------------------------------------------------------------

interface GameForDispute {
  id: string
  title: string
  private: boolean
  createdById: string
  inviteCode: string
  status: string
  logSeq: number
  gameMasterId: string | null
  clubId: string | null
  seasonId: string | null
  seats: Array<{ seat: string; userId: string | null }>
}

const GAME_SELECT = {
  id: true,
  title: true,
  private: true,
  createdById: true,
  inviteCode: true,
  status: true,
  logSeq: true,
  gameMasterId: true,
  clubId: true,
  seasonId: true,
  seats: { select: { seat: true, userId: true }, orderBy: { seat: 'asc' } },
} as const

interface Standing {
  game: GameForDispute
  player: boolean
  moderator: boolean
  account: Moderator | null
}

/**
 * The caller's part in a game: a player (holds a seat), a moderator (canModerate, role from the
 * database), or neither. A private game the caller may not see, and may not moderate, is not found.
 */
async function standingIn(db: Tx, gameId: string, caller: Caller): Promise<Standing> {
  const game = UUID.test(gameId) ? await db.game.findUnique({ where: { id: gameId }, select: GAME_SELECT }) : null
  if (!game) throw noSuchGame(gameId)
  const account = await moderatorAccount(db, caller.userId)
  const moderator = canModerate(account, game)
  if (!moderator && hiddenFrom(game, caller)) throw noSuchGame(gameId)
  const player = caller.userId !== null && game.seats.some((s) => s.userId === caller.userId)
  return { game, player, moderator, account }
}

const noSuchDispute = (id: string) => new NotFound(`no dispute ${id}`)

/** The dispute's game and the caller's part in it; a dispute of a game hidden from the caller is not found. */
async function disputeStanding(db: Tx, disputeId: string, caller: Caller) {
  const row = UUID.test(disputeId)
    ? await db.dispute.findUnique({ where: { id: disputeId }, select: { gameId: true } })
    : null
  if (!row) throw noSuchDispute(disputeId)
  try {
    return await standingIn(db, row.gameId, caller)
  } catch (e) {
    if (e instanceof NotFound) throw noSuchDispute(disputeId)
    throw e
  }
}

function mustTakePart(s: Standing): void {
  if (!s.player && !s.moderator)
    throw new Forbidden("only the game's players and its moderators read and write its disputes")
}

// ---- input --------------------------------------------------------------------------------------

/** Text trimmed, required, at most DISPUTE_TEXT_MAX characters: else InvalidInput naming `field`. */
export function checkedText(value: string, field: string): string {
  const text = value.trim()
  if (isBlank(text)) throw new InvalidInput(`${field} is empty: say what the problem is`, { field })
  if (hasControl(text))
    throw new InvalidInput(`${field} may not hold control characters (only text, tabs and line breaks)`, { field })
  const length = [...text].length
  if (length > DISPUTE_TEXT_MAX)
    throw new InvalidInput(`${field} has ${length} characters; at most ${DISPUTE_TEXT_MAX} are taken`, {
      field,
      limit: DISPUTE_TEXT_MAX,
    })
  return text
}

// ---- reading ------------------------------------------------------------------------------------

const SUMMARY_INCLUDE = {
  raisedBy: { select: { id: true, name: true } },
  ruledBy: { select: { id: true, name: true } },
  _count: { select: { messages: true } },
} as const

type SummaryRow = Prisma.DisputeGetPayload<{ include: typeof SUMMARY_INCLUDE }>

function summaryOf(d: SummaryRow): DisputeSummary {
  return {
    id: d.id,
    gameId: d.gameId,
    seq: d.seq,
    raisedBy: d.raisedBy,
    text: d.text,
    status: d.status as DisputeStatus,
    createdAt: d.createdAt.toISOString(),
    messageCount: d._count.messages,
    ruling:
      d.status === 'ruled' && d.ruling
        ? {
            ruling: d.ruling as Ruling,
            reason: d.rulingReason ?? '',
            moderator: d.ruledBy,
            at: (d.ruledAt ?? d.createdAt).toISOString(),
            correctionSeq: d.correctionSeq,
          }
        : null,
  }
}

/** One dispute with its messages, oldest first. */
async function detailOf(db: Tx, disputeId: string, seats: GameForDispute['seats']): Promise<DisputeDetail> {
  const d = await db.dispute.findUniqueOrThrow({
    where: { id: disputeId },
    include: {
      ...SUMMARY_INCLUDE,
      messages: { orderBy: { id: 'asc' }, include: { user: { select: { id: true, name: true } } } },
    },
  })
  const players = new Set(seats.map((s) => s.userId))
  return {
    ...summaryOf(d),
    gameMessages: `/games/${d.gameId}/messages`,
    messages: d.messages.map((m) => ({
      id: m.id.toString(),
      author: m.user,
      as: players.has(m.userId) ? 'player' : 'moderator',
      text: m.text,
      createdAt: m.createdAt.toISOString(),
    })),
  }
}

/**
 * GET /disputes/:id: players of its game and its moderators, and whoever raised it (a player since
 * replaced still reads the ruling on their dispute).
 */
export async function getDispute(db: Db, disputeId: string, caller: Caller): Promise<DisputeDetail> {
  const own = UUID.test(disputeId)
    ? await db.dispute.findUnique({ where: { id: disputeId }, select: { raisedById: true, gameId: true } })
    : null
  if (own && caller.userId !== null && own.raisedById === caller.userId) {
    const game = await db.game.findUniqueOrThrow({ where: { id: own.gameId }, select: GAME_SELECT })
    return detailOf(db, disputeId, game.seats)
  }
  const s = await disputeStanding(db, disputeId, caller)
  mustTakePart(s)
  return detailOf(db, disputeId, s.game.seats)
}

/** GET /games/:id/disputes: by the entry disputed, then oldest first. */
export async function gameDisputes(db: Db, gameId: string, caller: Caller): Promise<{ disputes: DisputeSummary[] }> {
  const s = await standingIn(db, gameId, caller)
  mustTakePart(s)
  const rows = await db.dispute.findMany({
    where: { gameId },
    include: SUMMARY_INCLUDE,
    orderBy: [{ seq: 'asc' }, { createdAt: 'asc' }, { id: 'asc' }],
  })
  return { disputes: rows.map(summaryOf) }
}

/**
 * The disputes of the log entries from..to, by entry, for GET /games/:id/log: only for a reader who
 * plays in the game or moderates it (anyone else gets an empty map).
 */
export async function disputesOnLog(
  db: Tx,
  game: {
    id: string
    gameMasterId: string | null
    clubId: string | null
    seasonId: string | null
    seats: ReadonlyArray<{ userId: string | null }>
  },
  caller: Caller,
  entries: ReadonlyArray<{ seq: number }>,
): Promise<Map<number, DisputeSummary[]>> {
  const byEntry = new Map<number, DisputeSummary[]>()
  const seqs = entries.map((e) => e.seq)
  if (seqs.length === 0 || !caller.userId) return byEntry
  const player = game.seats.some((s) => s.userId === caller.userId)
  if (!player && !canModerate(await moderatorAccount(db, caller.userId), game)) return byEntry
  const rows = await db.dispute.findMany({
    where: { gameId: game.id, seq: { gte: Math.min(...seqs), lte: Math.max(...seqs) } },
    include: SUMMARY_INCLUDE,
    orderBy: [{ seq: 'asc' }, { createdAt: 'asc' }, { id: 'asc' }],
  })
  for (const r of rows) byEntry.set(r.seq, [...(byEntry.get(r.seq) ?? []), summaryOf(r)])
  return byEntry
}

/** A log entry with the disputes of it, when it has any (the entry as it was, otherwise). */
export function withDisputes<E extends object>(entry: E, disputes: DisputeSummary[] | undefined): E {
  return disputes?.length ? { ...entry, disputes } : entry
}

// ---- writing ------------------------------------------------------------------------------------

const TX_OPTIONS = { maxWait: 15_000, timeout: 30_000 } as const

/** The user ids of the players of a game (a player with two seats once), less `except`. */
function playerIds(game: GameForDispute, except: string | null): string[] {
  return [...new Set(game.seats.map((s) => s.userId).filter((id): id is string => id !== null && id !== except))]
}

async function entryOf(tx: Tx, gameId: string, seq: number): Promise<{ kind: string; seat: string | null }> {
  return tx.logEntry.findUniqueOrThrow({ where: { gameId_seq: { gameId, seq } }, select: { kind: true, seat: true } })
}

async function nameOf(tx: Tx, userId: string): Promise<string> {
  return (await tx.user.findUniqueOrThrow({ where: { id: userId }, select: { name: true } })).name
}

async function writeOutbox(tx: Tx, gameId: string, row: OutboxRow): Promise<void> {
  await tx.outbox.create({ data: { gameId, kind: row.kind, payload: row.payload as Prisma.InputJsonObject } })
}

export interface RaiseInput {
  seq: number
  text: string
}

/** POST /games/:id/disputes: a player of the game disputes entry `seq`; its moderators are told. */
export async function raiseDispute(
  db: Db,
  gameId: string,
  caller: Caller & { userId: string },
  input: RaiseInput,
): Promise<DisputeDetail> {
  const s = await standingIn(db, gameId, caller)
  if (!s.player)
    throw new Forbidden(
      s.moderator
        ? 'a moderator rules on disputes; only the players of a game raise them'
        : 'only the players of a game dispute its log',
    )
  const { game } = s
  if (!Number.isInteger(input.seq) || input.seq < 1 || input.seq > game.logSeq)
    throw new InvalidInput(
      game.logSeq === 0
        ? `the game has no log entry yet: there is nothing to dispute`
        : `seq must name an entry of the log: 1 to ${game.logSeq}`,
      { field: 'seq' },
    )
  const text = checkedText(input.text, 'text')
  const id = await db.$transaction(async (tx) => {
    const dispute = await tx.dispute.create({
      data: { gameId, seq: input.seq, raisedById: caller.userId, text },
      select: { id: true, createdAt: true },
    })
    const entry = await entryOf(tx, gameId, input.seq)
    await writeOutbox(tx, gameId, {
      kind: 'dispute-raised',
      payload: {
        disputeId: dispute.id,
        seq: input.seq,
        entryKind: entry.kind,
        entrySeat: entry.seat,
        to: (await moderatorsToTell(tx, game)).map((m) => m.id),
        by: await nameOf(tx, caller.userId),
        byModerator: false,
        text,
        disputeText: text,
        at: dispute.createdAt.toISOString(),
      },
    })
    return dispute.id
  }, TX_OPTIONS)
  return detailOf(db, id, game.seats)
}

/**
 * POST /disputes/:id/messages: a player or a moderator writes; the other side is told (a player's
 * message: the moderators; a moderator's: every player), never the author. A ruled dispute still
 * takes messages (a ruling can be discussed; it is not reopened by it).
 */
export async function addMessage(
  db: Db,
  disputeId: string,
  caller: Caller & { userId: string },
  input: { text: string },
): Promise<DisputeDetail> {
  const s = await disputeStanding(db, disputeId, caller)
  mustTakePart(s)
  const text = checkedText(input.text, 'text')
  const { game } = s
  await db.$transaction(async (tx) => {
    const d = await tx.dispute.findUniqueOrThrow({ where: { id: disputeId }, select: { seq: true, text: true } })
    const message = await tx.disputeMessage.create({
      data: { disputeId, userId: caller.userId, text },
      select: { createdAt: true },
    })
    const to = s.player
      ? (await moderatorsToTell(tx, game)).map((m) => m.id).filter((id) => id !== caller.userId)
      : playerIds(game, caller.userId)
    const entry = await entryOf(tx, game.id, d.seq)
    await writeOutbox(tx, game.id, {
      kind: 'dispute-message',
      payload: {
        disputeId,
        seq: d.seq,
        entryKind: entry.kind,
        entrySeat: entry.seat,
        to,
        by: await nameOf(tx, caller.userId),
        byModerator: !s.player,
        text,
        disputeText: d.text,
        at: message.createdAt.toISOString(),
      },
    })
  }, TX_OPTIONS)
  return detailOf(db, disputeId, game.seats)
}

/**
 * A no-change ruling in the log: a MODERATION entry naming the dispute, the entry it was about and the
 * moderator's reason, so that the ruling cannot be rewritten in the dispute's row unnoticed (/verify
 * compares the two). The fold passes over it: it changes nothing in the game.
 */
export interface RulingPayload {
  action: 'ruling'
  dispute: string
  /** The log entry disputed. */
  seq: number
  ruling: 'no-change'
  reason: string
}

/**
 * POST /disputes/:id/ruling with "no-change": a moderator ends the dispute, saying why, and the log
 * records it (a MODERATION entry, RulingPayload) in the same transaction. Every player is told, and the
 * game master too when someone else (a site admin) ruled. A finished game still takes a ruling: it stays
 * finished, with its result and end time as they were.
 */
export async function ruleNoChange(
  db: Db,
  disputeId: string,
  caller: Caller & { userId: string },
  input: { reason: string },
): Promise<DisputeDetail> {
  const s = await disputeStanding(db, disputeId, caller)
  if (!s.moderator)
    throw new Forbidden(
      s.player
        ? "a player does not rule on a dispute of their own game: the game's moderator does"
        : "only the game's moderators rule on its disputes",
    )
  const reason = checkedText(input.reason, 'reason')
  const { game } = s
  const plan = await db.$transaction(async (tx) => {
    // The game's row first, as a correction does (it locks the game, then settles its dispute).
    const locked = await lockGameRow(tx, game.id)
    if (!locked) throw noSuchDispute(disputeId)
    const now = new Date()
    const done = await tx.dispute.updateMany({
      where: { id: disputeId, status: 'open' },
      data: { status: 'ruled', ruling: 'no-change', rulingReason: reason, ruledById: caller.userId, ruledAt: now },
    })
    if (done.count !== 1) throw alreadyRuled(disputeId)
    const d = await tx.dispute.findUniqueOrThrow({ where: { id: disputeId }, select: { seq: true, text: true } })
    const payload: RulingPayload = { action: 'ruling', dispute: disputeId, seq: d.seq, ruling: 'no-change', reason }
    const plan = rulingPlan(locked, await loadFolded(tx, locked), {
      kind: 'MODERATION',
      seat: null,
      userId: caller.userId,
      payload,
    })
    if (!(await commitPlan(tx, plan, true))) throw new Conflict('the game moved meanwhile: try again')
    const to = playerIds(game, caller.userId)
    if (game.gameMasterId && game.gameMasterId !== caller.userId && !to.includes(game.gameMasterId))
      to.push(game.gameMasterId)
    const entry = await entryOf(tx, game.id, d.seq)
    await writeOutbox(tx, game.id, {
      kind: 'dispute-ruled',
      payload: {
        disputeId,
        seq: d.seq,
        entryKind: entry.kind,
        entrySeat: entry.seat,
        to,
        by: await nameOf(tx, caller.userId),
        byModerator: true,
        text: reason,
        disputeText: d.text,
        ruling: 'no-change',
        at: now.toISOString(),
      },
    })
    return plan
  }, TX_OPTIONS)
  afterCommit({ id: game.id, rulesVersion: plan.rulesVersion }, plan.after)
  return detailOf(db, disputeId, game.seats)
}

/**
 * The ruling's entry as the one write path appends it, changing nothing else: no new step (no one is
 * told to act), the deadline as it was (none stays none, as in a paused game), no snapshot; and in a
 * finished game no second 'game-over' notice and the time it ended kept (a null end time keeps the row's).
 */
function rulingPlan(game: GameRow, folded: Folded | null, entry: NewEntry): Plan {
  const plan = planAppend(game, folded, [entry], {
    newStep: false,
    deadlineAt: game.deadlineAt,
    snapshotEvery: Number.MAX_SAFE_INTEGER,
  })
  if (!plan.outcome) return plan
  const outbox = (Array.isArray(plan.write.outbox) ? plan.write.outbox : []).map((row) =>
    row.kind === 'game-over' ? { ...row, kind: 'step' as const } : row,
  )
  return { ...plan, write: { ...plan.write, position: { ...plan.write.position, finishedAt: null }, outbox } }
}

const alreadyRuled = (id: string) =>
  new Conflict(`dispute ${id} is already ruled: add a message to discuss the ruling`, { field: 'id' })

// ---- for the corrections code -------------------------------------------------------------------

/**
 * The open dispute of game `gameId` a correction settles: NotFound when there is none, Conflict when
 * it is already ruled, InvalidInput when it belongs to another game. Locks its row until the caller's
 * transaction ends, so two rulings cannot both settle it.
 */
export async function disputeForCorrection(tx: Tx, disputeId: string, gameId: string) {
  if (!UUID.test(disputeId)) throw noSuchDispute(disputeId)
  const locked = await tx.$queryRaw<Array<{ id: string }>>`
    SELECT id::text FROM "Dispute" WHERE id = ${disputeId}::uuid FOR UPDATE`
  if (locked.length === 0) throw noSuchDispute(disputeId)
  const d = await tx.dispute.findUniqueOrThrow({ where: { id: disputeId } })
  if (d.gameId !== gameId) throw new InvalidInput(`dispute ${disputeId} is about another game`, { field: 'dispute' })
  if (d.status !== 'open') throw alreadyRuled(disputeId)
  return d
}

/**
 * Marks the dispute ruled by the correction at `correctionSeq`, in the caller's transaction (call
 * disputeForCorrection first). The players hear of the correction from the correction's own notice.
 */
export async function settleByCorrection(
  tx: Tx,
  disputeId: string,
  ruling: { correctionSeq: number; moderatorId: string; reason: string },
): Promise<void> {
  const done = await tx.dispute.updateMany({
    where: { id: disputeId, status: 'open' },
    data: {
      status: 'ruled',
      ruling: 'correction',
      rulingReason: ruling.reason,
      ruledById: ruling.moderatorId,
      ruledAt: new Date(),
      correctionSeq: ruling.correctionSeq,
    },
  })
  if (done.count !== 1) throw alreadyRuled(disputeId)
}

// ---- the moderators' inbox ----------------------------------------------------------------------

export interface InboxItem extends DisputeSummary {
  game: { id: string; title: string }
}

export interface InboxQuery {
  status: DisputeStatus | 'all'
  limit: number
  cursor?: string
}

/** A page position: the createdAt and id of the last dispute shown, opaque to clients. */
function encodeCursor(createdAt: Date, id: string): string {
  return Buffer.from(`${createdAt.toISOString()}|${id}`).toString('base64url')
}

function decodeCursor(cursor: string): { createdAt: Date; id: string } {
  const [at, id] = Buffer.from(cursor, 'base64url').toString('utf8').split('|')
  const createdAt = new Date(at ?? '')
  if (!id || !UUID.test(id) || Number.isNaN(createdAt.getTime()))
    throw new InvalidInput('cursor is not one this server gave: pass the `next` of the previous page', {
      field: 'cursor',
    })
  return { createdAt, id }
}

/**
 * Whether the account moderates a game, in SQL, for the inbox: the same rule as canModerate
 * (src/games/moderation-access.ts), keep the two in step (test/http/disputes.test.ts compares them).
 * A site admin or moderator: every game without a seat of theirs; anyone else: the games whose game
 * master they are, and the games of the clubs where they are an owner or a moderator (read from the
 * ClubMember table, as moderatorAccount reads `clubs`) but not of a season they have entered (read from
 * the SeasonEntry table, as moderatorAccount reads `seasons`), without a seat of theirs.
 */
export function inboxFilter(account: Moderator): { sql: string; staff: boolean } {
  const staff = account.role === 'ADMIN' || account.role === 'MODERATOR'
  const roles = CLUB_MODERATING_ROLES.map((r) => `'${r}'`).join(', ')
  const theirs =
    `(g."gameMasterId" = $1::uuid OR (g."clubId" IN (SELECT cm."clubId" FROM "ClubMember" cm ` +
    `WHERE cm."userId" = $1::uuid AND cm.role IN (${roles})) AND NOT EXISTS (SELECT 1 FROM "SeasonEntry" se ` +
    `WHERE se."seasonId" = g."seasonId" AND se."userId" = $1::uuid)))`
  return {
    staff,
    sql:
      `${staff ? 'TRUE' : theirs}` +
      ` AND NOT EXISTS (SELECT 1 FROM "Seat" s WHERE s."gameId" = g.id AND s."userId" = $1::uuid)`,
  }
}

interface InboxRow {
  id: string
  gameId: string
  gameTitle: string
  seq: number
  raisedById: string
  raisedByName: string
  text: string
  status: string
  createdAt: Date
  ruling: string | null
  rulingReason: string | null
  ruledById: string | null
  ruledByName: string | null
  ruledAt: Date | null
  correctionSeq: number | null
  messageCount: number
}

/** The ids of the games `userId` moderates among `gameIds`, by the SQL rule of the inbox. */
export async function moderatedBySql(db: Db, userId: string, gameIds: string[]): Promise<string[]> {
  const account = await moderatorAccount(db, userId)
  if (!account) return []
  const rows = await db.$queryRawUnsafe<Array<{ id: string }>>(
    `SELECT g.id::text FROM "Game" g WHERE g.id = ANY($2::uuid[]) AND ${inboxFilter(account).sql} ORDER BY g.id`,
    userId,
    gameIds,
  )
  return rows.map((r) => r.id)
}

/**
 * Whether the account moderates at least one game, by the inbox's rule (a site admin or moderator, or the
 * game master of a game they do not play in): who may open the moderation pages.
 */
export async function moderatesAnyGame(db: Db, userId: string): Promise<boolean> {
  const account = await moderatorAccount(db, userId)
  if (!account) return false
  const { sql, staff } = inboxFilter(account)
  if (staff) return true
  const rows = await db.$queryRawUnsafe<unknown[]>(`SELECT 1 FROM "Game" g WHERE ${sql} LIMIT 1`, userId)
  return rows.length > 0
}

/** The inbox's one query: a page of `limit` (and one more, to know whether another page follows). */
export function inboxSql(
  account: Moderator,
  status: InboxQuery['status'],
  limit: number,
  after: { createdAt: Date; id: string } | null,
): { sql: string; params: unknown[] } {
  const params: unknown[] = [account.id, limit + 1]
  const where = [inboxFilter(account).sql]
  if (status !== 'all') {
    params.push(status)
    where.push(`d.status = $${params.length}`)
  }
  if (after) {
    params.push(after.createdAt.toISOString(), after.id)
    where.push(`(d."createdAt", d.id) < ($${params.length - 1}::timestamp(3), $${params.length}::uuid)`)
  }
  const sql = `SELECT d.id::text, d."gameId"::text, g.title AS "gameTitle", d.seq, d."raisedById"::text,
            ru.name AS "raisedByName", d.text, d.status, d."createdAt", d.ruling, d."rulingReason",
            d."ruledById"::text, mu.name AS "ruledByName", d."ruledAt", d."correctionSeq",
            (SELECT count(*)::int FROM "DisputeMessage" m WHERE m."disputeId" = d.id) AS "messageCount"
       FROM "Dispute" d
       JOIN "Game" g ON g.id = d."gameId"
       JOIN "User" ru ON ru.id = d."raisedById"
       LEFT JOIN "User" mu ON mu.id = d."ruledById"
      WHERE ${where.join(' AND ')}
      ORDER BY d."createdAt" DESC, d.id DESC
      LIMIT $2`
  return { sql, params }
}

/**
 * GET /moderation/disputes: the disputes of every game the caller moderates, newest first, one query.
 * Anyone may ask: who moderates nothing has an empty inbox.
 */
export async function moderationInbox(
  db: Db,
  userId: string,
  q: InboxQuery,
): Promise<{ disputes: InboxItem[]; next: string | null }> {
  const after = q.cursor === undefined ? null : decodeCursor(q.cursor)
  const account = await moderatorAccount(db, userId)
  if (!account) return { disputes: [], next: null }
  const limit = Math.min(Math.max(1, q.limit), INBOX_LIMIT_MAX)
  const { sql, params } = inboxSql(account, q.status, limit, after)
  const rows = await db.$queryRawUnsafe<InboxRow[]>(sql, ...params)
  const page = rows.slice(0, limit)
  const last = page.at(-1)
  return {
    disputes: page.map((r) => ({
      id: r.id,
      gameId: r.gameId,
      game: { id: r.gameId, title: r.gameTitle },
      seq: r.seq,
      raisedBy: { id: r.raisedById, name: r.raisedByName },
      text: r.text,
      status: r.status as DisputeStatus,
      createdAt: r.createdAt.toISOString(),
      messageCount: r.messageCount,
      ruling:
        r.status === 'ruled' && r.ruling
          ? {
              ruling: r.ruling as Ruling,
              reason: r.rulingReason ?? '',
              moderator: r.ruledById ? { id: r.ruledById, name: r.ruledByName ?? '' } : null,
              at: (r.ruledAt ?? r.createdAt).toISOString(),
              correctionSeq: r.correctionSeq,
            }
          : null,
    })),
    next: rows.length > limit && last ? encodeCursor(last.createdAt, last.id) : null,
  }
}
