// Raw SQL for the hot paths (reading a game, appending an order, locking for lifecycle changes):
// Prisma's model queries and interactive transactions cost several times more here.
import { poolOf, type Db } from './db.js'
import type { Prisma } from './generated/client.js'
import type { OutboxRow } from './outbox.js'

type Tx = Prisma.TransactionClient | Db

/** What every reader of a game's log needs: its rule system, secret seed and position. */
export interface GameRow {
  id: string
  ruleset: string
  /** The rules version the game started with: its log replays under it. */
  rulesVersion: string
  seed: string
  logSeq: number
  lastHash: string
  status: 'OPEN' | 'ACTIVE' | 'FINISHED'
  /** Phase length: a new step's deadline is this many hours after it begins. */
  phaseHours: number
  deadlineAt: Date | null
}

export interface LockedGame extends GameRow {
  seedCommitment: string
  players: number
  private: boolean
  inviteCode: string
  scenarioId: string
  options: unknown
  createdById: string
  gameMasterId: string | null
}

export async function lockGameRow(tx: Tx, gameId: string): Promise<LockedGame | undefined> {
  const rows = await tx.$queryRaw<LockedGame[]>`
    SELECT id, ruleset, "rulesVersion", seed, "seedCommitment", "logSeq", "lastHash", status, "phaseHours",
           "deadlineAt" AT TIME ZONE 'UTC' AS "deadlineAt", players, private, "inviteCode", "scenarioId", options,
           "createdById", "gameMasterId"
    FROM "Game" WHERE id = ${gameId}::uuid FOR UPDATE`
  return rows[0]
}

export interface Position {
  logSeq: number
  lastHash: string
  pending: unknown
  status: 'ACTIVE' | 'FINISHED'
  outcome: unknown
  finishedAt: Date | null
  /** The step's deadline: a Date sets it, null clears it, undefined leaves it. */
  deadlineAt?: Date | null
}

/** An outbox row to write: its payload typed by its kind (store/outbox.ts). */
export type { OutboxRow } from './outbox.js'

/** An Idempotency-Key is the user's for one game: the same key in another game is another request. */
export async function findIdempotency(
  tx: Tx,
  gameId: string,
  userId: string,
  key: string,
): Promise<{ requestHash: string; response: unknown } | undefined> {
  const rows = await tx.$queryRaw<Array<{ requestHash: string; response: unknown }>>`
    SELECT "requestHash", response FROM "IdempotencyRecord"
     WHERE "gameId" = ${gameId}::uuid AND "userId" = ${userId}::uuid AND key = ${key}`
  return rows[0]
}

export interface GameMeta extends GameRow {
  missedPolicy: string
  /** The most days vacations may move this game's deadlines in all; null for no cap. */
  vacationDays: number | null
  title: string
  private: boolean
  createdById: string
  pending: unknown
  /** The game's moderator named at creation (docs/moderation.md), or null. */
  gameMasterId: string | null
  /** The club the game belongs to (a season's fixture), or null: its owners and moderators moderate it. */
  clubId: string | null
  /** The season the game is a fixture of, or null: club staff who entered it do not moderate it. */
  seasonId: string | null
  /** When a moderator paused it (no orders, no deadlines), or null. */
  pausedAt: Date | null
  seats: Array<{ seat: string; side: string; userId: string | null }>
}

/** A game and its seats in one round trip (for reads on the hot path). */
const GAME_META_SQL = `SELECT g.id, g.ruleset, g."rulesVersion", g.seed, g."logSeq", g."lastHash", g.status,
      g."phaseHours", g."deadlineAt" AT TIME ZONE 'UTC' AS "deadlineAt", g."missedPolicy", g."vacationDays",
      g.title, g.private, g."createdById", g.pending, g."gameMasterId", g."clubId", g."seasonId",
      g."pausedAt" AT TIME ZONE 'UTC' AS "pausedAt",
      COALESCE((SELECT json_agg(json_build_object('seat', s.seat, 'side', s.side, 'userId', s."userId")
                                ORDER BY s.seat)
                  FROM "Seat" s WHERE s."gameId" = g.id), '[]') AS seats
    FROM "Game" g WHERE g.id = $1::uuid`

export async function gameMetaRow(tx: Tx, gameId: string): Promise<GameMeta | undefined> {
  const pool = poolOf(tx)
  if (pool) return (await pool.query<GameMeta>(GAME_META_SQL, [gameId])).rows[0]
  return (await tx.$queryRawUnsafe<GameMeta[]>(GAME_META_SQL, gameId))[0]
}

export interface AppendRequest {
  gameId: string
  expectedSeq: number
  entries: Array<{
    seq: number
    kind: string
    seat: string | null
    userId: string | null
    payload: unknown
    createdAt: Date
    prevHash: string
    hash: string
    salt: string | null
  }>
  position: Position
  outbox: OutboxRow | OutboxRow[] | null
  snapshot: { seq: number; state: unknown; hash: string; seal: string } | null
  idempotency: { userId: string; key: string; requestHash: string; status: number; response: unknown } | null
}

/** The whole write of an order in one statement (migration append_function); false if the race was lost. */
export async function appendIfAt(db: Tx, r: AppendRequest): Promise<boolean> {
  const entries = JSON.stringify(r.entries.map((e) => ({ ...e, createdAt: e.createdAt.toISOString() })))
  const p = r.position
  const position = JSON.stringify({
    logSeq: p.logSeq,
    lastHash: p.lastHash,
    pending: p.pending,
    status: p.status,
    outcome: p.outcome ?? undefined,
    finishedAt: p.finishedAt?.toISOString(),
    ...(p.deadlineAt !== undefined ? { deadlineAt: p.deadlineAt?.toISOString() ?? null } : {}),
  })
  const sql = 'SELECT hexmail_append($1::uuid, $2::int, $3::jsonb, $4::jsonb, $5::jsonb, $6::jsonb, $7::jsonb) AS seq'
  const params = [
    r.gameId,
    r.expectedSeq,
    entries,
    position,
    r.outbox ? JSON.stringify(r.outbox) : null,
    r.snapshot ? JSON.stringify(r.snapshot) : null,
    r.idempotency ? JSON.stringify(r.idempotency) : null,
  ]
  const pool = poolOf(db)
  const rows = pool
    ? (await pool.query<{ seq: number }>(sql, params)).rows
    : await db.$queryRawUnsafe<Array<{ seq: number }>>(sql, ...params)
  return (rows[0]?.seq ?? -1) >= 0
}
