// The append-only log: canonical entries, the hash chain, appends and reads, snapshots.
import { createHash } from 'node:crypto'
import type { Db } from './db.js'
import type { Prisma } from './generated/client.js'

export type LogKind = 'SETUP' | 'ORDERS' | 'RESOLUTION' | 'RESIGN' | 'TIMEOUT' | 'MODERATION'

export interface NewEntry {
  kind: LogKind
  seat: string | null
  userId: string | null
  payload: unknown
}

export interface Entry extends NewEntry {
  gameId: string
  seq: number
  createdAt: Date
  prevHash: string
  hash: string
}

type Tx = Prisma.TransactionClient | Db

/** JSON with object keys sorted at every level: the same entry always hashes the same. */
export function canonicalJson(value: unknown): string {
  if (value === null || typeof value !== 'object') return JSON.stringify(value)
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`
  const keys = Object.keys(value as object).filter((k) => (value as Record<string, unknown>)[k] !== undefined).sort()
  return `{${keys.map((k) => `${JSON.stringify(k)}:${canonicalJson((value as Record<string, unknown>)[k])}`).join(',')}}`
}

/** hash = sha256(previous hash + canonical entry). */
export function entryHash(prevHash: string, e: Omit<Entry, 'hash' | 'prevHash'>): string {
  const canonical = canonicalJson({ gameId: e.gameId, seq: e.seq, kind: e.kind, seat: e.seat, userId: e.userId, payload: e.payload, createdAt: e.createdAt.toISOString() })
  return createHash('sha256').update(prevHash).update(canonical).digest('hex')
}

/** Entries after `afterSeq` (whose hash is `prevHash`), numbered and hash-chained, not yet written. */
export function chainEntries(gameId: string, afterSeq: number, prevHash: string, entries: NewEntry[], now: Date): Entry[] {
  const out: Entry[] = []
  let prev = prevHash
  let seq = afterSeq
  for (const e of entries) {
    seq++
    const base = { gameId, seq, kind: e.kind, seat: e.seat, userId: e.userId, payload: e.payload, createdAt: now }
    const hash = entryHash(prev, base)
    out.push({ ...base, prevHash: prev, hash })
    prev = hash
  }
  return out
}

/** Appends entries after `afterSeq` (whose hash is `prevHash`); returns them with their hashes. */
export async function appendEntries(tx: Tx, gameId: string, afterSeq: number, prevHash: string, entries: NewEntry[], now: Date): Promise<Entry[]> {
  const out = chainEntries(gameId, afterSeq, prevHash, entries, now)
  // Raw SQL on the hot path: Prisma's model queries cost several times more here.
  for (const e of out) {
    await tx.$executeRaw`INSERT INTO "LogEntry"("gameId", seq, kind, seat, "userId", payload, "createdAt", "prevHash", hash)
      VALUES (${gameId}::uuid, ${e.seq}, ${e.kind}::"LogKind", ${e.seat}, ${e.userId}::uuid, ${JSON.stringify(e.payload)}::jsonb, ${e.createdAt.toISOString()}::timestamp, ${e.prevHash}, ${e.hash})`
  }
  return out
}

function toEntry(row: { gameId: string; seq: number; kind: string; seat: string | null; userId: string | null; payload: unknown; createdAt: Date; prevHash: string; hash: string }): Entry {
  return { ...row, kind: row.kind as LogKind }
}

export async function entriesBetween(tx: Tx, gameId: string, afterSeq: number, uptoSeq?: number): Promise<Entry[]> {
  const rows = await tx.logEntry.findMany({
    where: { gameId, seq: { gt: afterSeq, ...(uptoSeq === undefined ? {} : { lte: uptoSeq }) } },
    orderBy: { seq: 'asc' },
  })
  return rows.map(toEntry)
}

export async function latestSnapshot(tx: Tx, gameId: string, atOrBefore?: number): Promise<{ seq: number; state: unknown } | null> {
  const row = await tx.snapshot.findFirst({
    where: { gameId, ...(atOrBefore === undefined ? {} : { seq: { lte: atOrBefore } }) },
    orderBy: { seq: 'desc' },
  })
  return row ? { seq: row.seq, state: row.state } : null
}

export async function writeSnapshot(tx: Tx, gameId: string, seq: number, state: unknown): Promise<void> {
  await tx.snapshot.upsert({
    where: { gameId_seq: { gameId, seq } },
    create: { gameId, seq, state: state as Prisma.InputJsonValue },
    update: {},
  })
}
