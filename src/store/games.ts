// Raw SQL for the hot paths (reading a game, appending an order, locking for lifecycle changes):
// Prisma's model queries and interactive transactions cost several times more here.
import type pg from 'pg'
import { appendBatchSize } from '../metrics/index.js'
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
  /**
   * What else the decision rested on, checked in the append's statement with the position (migration
   * append_checks): the head hash the entries chain from, the rules version read, that the game is ACTIVE and
   * unpaused, the seat's holder.
   */
  checks?: { prevHash: string; rulesVersion: string; playable: true; holder?: { seat: string; userId: string } }
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
const GAME_META_COLUMNS = `g.id, g.ruleset, g."rulesVersion", g.seed, g."logSeq", g."lastHash", g.status,
      g."phaseHours", g."deadlineAt" AT TIME ZONE 'UTC' AS "deadlineAt", g."missedPolicy", g."vacationDays",
      g.title, g.private, g."createdById", g.pending, g."gameMasterId", g."clubId", g."seasonId",
      g."pausedAt" AT TIME ZONE 'UTC' AS "pausedAt",
      COALESCE((SELECT json_agg(json_build_object('seat', s.seat, 'side', s.side, 'userId', s."userId")
                                ORDER BY s.seat)
                  FROM "Seat" s WHERE s."gameId" = g.id), '[]') AS seats`
const GAME_META_SQL = `SELECT ${GAME_META_COLUMNS} FROM "Game" g WHERE g.id = $1::uuid`
/** The same, and the user's stored answer for an Idempotency-Key in that game: a submission's one read. */
const GAME_META_IDEMPOTENCY_SQL = `SELECT ${GAME_META_COLUMNS},
      (SELECT json_build_object('requestHash', i."requestHash", 'response', i.response) FROM "IdempotencyRecord" i
        WHERE i."gameId" = g.id AND i."userId" = $2::uuid AND i.key = $3) AS idempotency
    FROM "Game" g WHERE g.id = $1::uuid`

export async function gameMetaRow(tx: Tx, gameId: string): Promise<GameMeta | undefined> {
  const pool = poolOf(tx)
  if (pool) return (await pool.query<GameMeta>(GAME_META_SQL, [gameId])).rows[0]
  return (await tx.$queryRawUnsafe<GameMeta[]>(GAME_META_SQL, gameId))[0]
}

/**
 * The game, and what an earlier request with this Idempotency-Key of the user's was answered (null when
 * none): one round trip where there were two.
 */
export async function gameMetaWithIdempotency(
  tx: Tx,
  gameId: string,
  userId: string,
  key: string,
): Promise<(GameMeta & { idempotency: { requestHash: string; response: unknown } | null }) | undefined> {
  type Row = GameMeta & { idempotency: { requestHash: string; response: unknown } | null }
  const pool = poolOf(tx)
  if (pool) return (await pool.query<Row>(GAME_META_IDEMPOTENCY_SQL, [gameId, userId, key])).rows[0]
  return (await tx.$queryRawUnsafe<Row[]>(GAME_META_IDEMPOTENCY_SQL, gameId, userId, key))[0]
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

/** The arguments of hexmail_append for one request, as JSON texts. */
function appendArguments(r: AppendRequest) {
  const p = r.position
  return {
    entries: r.entries.map((e) => ({ ...e, createdAt: e.createdAt.toISOString() })),
    position: {
      logSeq: p.logSeq,
      lastHash: p.lastHash,
      pending: p.pending,
      status: p.status,
      outcome: p.outcome ?? undefined,
      finishedAt: p.finishedAt?.toISOString(),
      ...(p.deadlineAt !== undefined ? { deadlineAt: p.deadlineAt?.toISOString() ?? null } : {}),
      ...p.checks,
    },
  }
}

/**
 * The whole write of an order in one statement (migration append_function); false if the race was lost.
 * Through the pool, appends that arrive together share one statement and one commit (appendBatcher);
 * inside a caller's transaction, it is that transaction's statement.
 */
export async function appendIfAt(db: Tx, r: AppendRequest): Promise<boolean> {
  const pool = poolOf(db)
  if (pool) return (await batcherOf(pool).append(r)) >= 0
  const { entries, position } = appendArguments(r)
  const sql = 'SELECT hexmail_append($1::uuid, $2::int, $3::jsonb, $4::jsonb, $5::jsonb, $6::jsonb, $7::jsonb) AS seq'
  const rows = await db.$queryRawUnsafe<Array<{ seq: number }>>(
    sql,
    r.gameId,
    r.expectedSeq,
    JSON.stringify(entries),
    JSON.stringify(position),
    r.outbox ? JSON.stringify(r.outbox) : null,
    r.snapshot ? JSON.stringify(r.snapshot) : null,
    r.idempotency ? JSON.stringify(r.idempotency) : null,
  )
  return (rows[0]?.seq ?? -1) >= 0
}

/** How many batches of appends may be in flight at once from this process, and how many appends a batch holds. */
export const appendBatching = { inFlight: 2, maxBatch: 64 }

const batchers = new WeakMap<pg.Pool, AppendBatcher>()
function batcherOf(pool: pg.Pool): AppendBatcher {
  let b = batchers.get(pool)
  if (!b) batchers.set(pool, (b = new AppendBatcher(pool)))
  return b
}

interface Waiting {
  request: AppendRequest
  resolve: (seq: number) => void
  reject: (e: unknown) => void
}

/**
 * Group commit. An append is sent at once when fewer than `inFlight` batches are being written;
 * otherwise it waits, and the appends that waited together go as one statement (hexmail_append_many),
 * one transaction, one WAL flush. Each is still its own optimistic write: one that lost its race
 * (-1) loses alone. The batch is ordered by game, so two batches (two processes) take their row
 * locks in the same order and cannot deadlock. When the statement fails (a constraint, a deadlock
 * with another writer), nothing of it was written, and each append is tried again alone, so the
 * error reaches only the request it belongs to. Nobody is answered before the commit.
 */
class AppendBatcher {
  private queue: Waiting[] = []
  private running = 0

  constructor(private readonly pool: pg.Pool) {}

  append(request: AppendRequest): Promise<number> {
    return new Promise((resolve, reject) => {
      this.queue.push({ request, resolve, reject })
      this.pump()
    })
  }

  private pump(): void {
    while (this.running < appendBatching.inFlight && this.queue.length > 0) {
      const batch = this.queue.splice(0, appendBatching.maxBatch)
      this.running++
      void this.write(batch).finally(() => {
        this.running--
        this.pump()
      })
    }
  }

  private async write(batch: Waiting[]): Promise<void> {
    appendBatchSize.observe(batch.length)
    if (batch.length === 1) return this.writeOne(batch[0]!)
    const ordered = [...batch].sort((a, b) => (a.request.gameId < b.request.gameId ? -1 : 1))
    const items = ordered.map(({ request: r }) => ({
      game: r.gameId,
      expected: r.expectedSeq,
      ...appendArguments(r),
      ...(r.outbox ? { outbox: r.outbox } : {}),
      ...(r.snapshot ? { snapshot: r.snapshot } : {}),
      ...(r.idempotency ? { idempotency: r.idempotency } : {}),
    }))
    let seqs: number[]
    try {
      const res = await this.pool.query<{ seqs: number[] }>('SELECT hexmail_append_many($1::jsonb) AS seqs', [
        JSON.stringify(items),
      ])
      seqs = res.rows[0]!.seqs
    } catch {
      // Nothing of the batch was written: each append alone, so each gets its own answer or error.
      await Promise.all(ordered.map((w) => this.writeOne(w)))
      return
    }
    ordered.forEach((w, i) => w.resolve(seqs[i] ?? -1))
  }

  private async writeOne(w: Waiting): Promise<void> {
    const r = w.request
    const { entries, position } = appendArguments(r)
    try {
      const res = await this.pool.query<{ seq: number }>(
        'SELECT hexmail_append($1::uuid, $2::int, $3::jsonb, $4::jsonb, $5::jsonb, $6::jsonb, $7::jsonb) AS seq',
        [
          r.gameId,
          r.expectedSeq,
          JSON.stringify(entries),
          JSON.stringify(position),
          r.outbox ? JSON.stringify(r.outbox) : null,
          r.snapshot ? JSON.stringify(r.snapshot) : null,
          r.idempotency ? JSON.stringify(r.idempotency) : null,
        ],
      )
      w.resolve(res.rows[0]?.seq ?? -1)
    } catch (e) {
      w.reject(e)
    }
  }
}
