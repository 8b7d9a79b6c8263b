// Raw SQL for the per-order path (lock, seats, position, outbox, snapshots, idempotency): each
// statement here runs once per accepted order, where Prisma's model queries cost several times more.
import type { Db } from './db.js'
import type { Prisma } from './generated/client.js'

type Tx = Prisma.TransactionClient | Db

export interface LockedGame {
  id: string
  ruleset: string
  seed: string
  logSeq: number
  lastHash: string
  status: 'OPEN' | 'ACTIVE' | 'FINISHED'
  players: number
  private: boolean
  inviteCode: string
  scenarioId: string
  options: unknown
  createdById: string
}

export async function lockGameRow(tx: Tx, gameId: string): Promise<LockedGame | undefined> {
  const rows = await tx.$queryRaw<LockedGame[]>`
    SELECT id, ruleset, seed, "logSeq", "lastHash", status, players, private, "inviteCode", "scenarioId", options, "createdById"
    FROM "Game" WHERE id = ${gameId}::uuid FOR UPDATE`
  return rows[0]
}

export async function seatRows(tx: Tx, gameId: string): Promise<Array<{ seat: string; side: string; userId: string | null }>> {
  return tx.$queryRaw`SELECT seat, side, "userId" FROM "Seat" WHERE "gameId" = ${gameId}::uuid ORDER BY seat`
}

export interface Position {
  logSeq: number
  lastHash: string
  pending: unknown
  status: 'ACTIVE' | 'FINISHED'
  outcome: unknown
  finishedAt: Date | null
}

export async function recordPosition(tx: Tx, gameId: string, p: Position): Promise<void> {
  await tx.$executeRaw`UPDATE "Game" SET "logSeq" = ${p.logSeq}, "lastHash" = ${p.lastHash}, pending = ${JSON.stringify(p.pending)}::jsonb,
    status = ${p.status}::"GameStatus", outcome = COALESCE(${p.outcome === null ? null : JSON.stringify(p.outcome)}::jsonb, outcome),
    "finishedAt" = COALESCE(${p.finishedAt?.toISOString() ?? null}::timestamp, "finishedAt")
    WHERE id = ${gameId}::uuid`
}

export async function addOutbox(tx: Tx, gameId: string | null, kind: string, payload: unknown): Promise<void> {
  await tx.$executeRaw`INSERT INTO "Outbox"("gameId", kind, payload) VALUES (${gameId}::uuid, ${kind}, ${JSON.stringify(payload)}::jsonb)`
}

export async function addSnapshot(tx: Tx, gameId: string, seq: number, state: unknown): Promise<void> {
  await tx.$executeRaw`INSERT INTO "Snapshot"("gameId", seq, state) VALUES (${gameId}::uuid, ${seq}, ${JSON.stringify(state)}::jsonb) ON CONFLICT DO NOTHING`
}

export async function findIdempotency(tx: Tx, userId: string, key: string): Promise<{ requestHash: string; response: unknown } | undefined> {
  const rows = await tx.$queryRaw<Array<{ requestHash: string; response: unknown }>>`
    SELECT "requestHash", response FROM "IdempotencyRecord" WHERE "userId" = ${userId}::uuid AND key = ${key}`
  return rows[0]
}

export async function addIdempotency(tx: Tx, userId: string, key: string, requestHash: string, status: number, response: unknown): Promise<void> {
  await tx.$executeRaw`INSERT INTO "IdempotencyRecord"("userId", key, "requestHash", status, response)
    VALUES (${userId}::uuid, ${key}, ${requestHash}, ${status}, ${JSON.stringify(response)}::jsonb)`
}

export interface GameMeta {
  id: string
  ruleset: string
  seed: string
  logSeq: number
  lastHash: string
  status: 'OPEN' | 'ACTIVE' | 'FINISHED'
  private: boolean
  createdById: string
  pending: unknown
  seats: Array<{ seat: string; side: string; userId: string | null }>
}

/** A game and its seats in one round trip (for reads on the hot path). */
export async function gameMetaRow(tx: Tx, gameId: string): Promise<GameMeta | undefined> {
  const rows = await tx.$queryRaw<GameMeta[]>`
    SELECT g.id, g.ruleset, g.seed, g."logSeq", g."lastHash", g.status, g.private, g."createdById", g.pending,
      COALESCE((SELECT json_agg(json_build_object('seat', s.seat, 'side', s.side, 'userId', s."userId") ORDER BY s.seat) FROM "Seat" s WHERE s."gameId" = g.id), '[]') AS seats
    FROM "Game" g WHERE g.id = ${gameId}::uuid`
  return rows[0]
}
