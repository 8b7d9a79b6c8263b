// The append-only log: canonical entries, the hash chain, appends and reads, snapshots.
import { createHmac, hash, randomBytes } from 'node:crypto'
import { poolOf, type Db } from './db.js'
import type { Prisma } from './generated/client.js'

export type LogKind = 'SETUP' | 'ORDERS' | 'RESOLUTION' | 'RESIGN' | 'TIMEOUT' | 'MODERATION' | 'CORRECTION'

export interface NewEntry {
  kind: LogKind
  seat: string | null
  userId: string | null
  payload: unknown
}

export interface Entry extends NewEntry {
  gameId: string
  /** The entry's secret salt (hex), revealed leaf by leaf; null for entries written before salting. */
  salt: string | null
  seq: number
  createdAt: Date
  prevHash: string
  hash: string
}

type Tx = Prisma.TransactionClient | Db

/**
 * JSON with object keys sorted at every level: the same entry always hashes the same. Written as loops
 * (it runs on every entry and every snapshot): the output is exactly that of the first version, which
 * mapped and joined — an `undefined` member of an object is left out, one in an array leaves its place empty.
 */
export function canonicalJson(value: unknown): string {
  if (value === null || typeof value !== 'object') return JSON.stringify(value)
  if (Array.isArray(value)) {
    let out = '['
    for (let i = 0; i < value.length; i++) {
      if (i > 0) out += ','
      const member = canonicalJson(value[i]) as string | undefined
      if (member !== undefined) out += member
    }
    return out + ']'
  }
  const record = value as Record<string, unknown>
  let out = '{'
  let first = true
  for (const key of Object.keys(record).sort()) {
    const member = record[key]
    if (member === undefined) continue
    if (first) first = false
    else out += ','
    out += `${JSON.stringify(key)}:${canonicalJson(member)}`
  }
  return out + '}'
}

// Each entry is committed to, not hashed in the clear: a sealed entry's hash must not let anyone
// guess its payload. The payload is cut into leaves (its public body, and each seat's private
// orders); each leaf is hashed with its own salt, derived from the entry's secret salt, and the
// entry's hash covers the leaves' commitments. A reader is given a leaf's value and salt when it
// may read it, and only its commitment before. docs/verification.md spells the scheme out.

/** Name of the leaf holding one seat's private orders (standing orders: theirs alone until the game ends). */
export const privateLeaf = (seat: string) => `private:${seat}`

/** The payload's leaves: `body` (everything but `private`), and one leaf per seat in `private`. */
export function payloadLeaves(payload: unknown): Record<string, unknown> {
  if (payload === null || typeof payload !== 'object' || Array.isArray(payload) || !('private' in payload))
    return { body: payload }
  const { private: secret, ...body } = payload as { private: Record<string, unknown> }
  const leaves: Record<string, unknown> = { body }
  for (const [seat, value] of Object.entries(secret ?? {})) leaves[privateLeaf(seat)] = value
  return leaves
}

/** A leaf's own salt: HMAC of the entry's salt and the leaf's name, so revealing one reveals no other. */
export function leafSalt(entrySalt: string, name: string): string {
  return createHmac('sha256', entrySalt).update(name).digest('hex')
}

export function leafCommitment(salt: string, value: unknown): string {
  return sha256Hex(salt + canonicalJson(value))
}

/** One-shot SHA-256 (hex) of a string: the same digest as createHash().update()…digest(), cheaper per call. */
const sha256Hex = (text: string): string => hash('sha256', text, 'hex')

/** Each leaf's commitment, by name. */
export function leafCommitments(entrySalt: string, payload: unknown): Record<string, string> {
  const leaves = payloadLeaves(payload)
  return Object.fromEntries(
    Object.entries(leaves).map(([name, value]) => [name, leafCommitment(leafSalt(entrySalt, name), value)]),
  )
}

/** The entry's commitment: one hash over its leaves' commitments. */
export function entryCommitment(leaves: Record<string, string>): string {
  return sha256Hex(canonicalJson(leaves))
}

/** What an entry's hash covers, all of it public: a client can recompute the chain from /log alone. */
export function hashedFields(e: Omit<Entry, 'hash' | 'prevHash' | 'payload' | 'salt'>, commitment: string) {
  return {
    gameId: e.gameId,
    seq: e.seq,
    kind: e.kind,
    seat: e.seat,
    userId: e.userId,
    createdAt: e.createdAt.toISOString(),
    commitment,
  }
}

/**
 * hash = sha256(previous hash + canonical JSON of the entry's public fields and its commitment).
 * Entries written before salting (salt null) hashed the payload in the clear.
 */
export function entryHash(prevHash: string, e: Omit<Entry, 'hash' | 'prevHash'>): string {
  const canonical =
    e.salt === null
      ? canonicalJson({
          gameId: e.gameId,
          seq: e.seq,
          kind: e.kind,
          seat: e.seat,
          userId: e.userId,
          payload: e.payload,
          createdAt: e.createdAt.toISOString(),
        })
      : canonicalJson(hashedFields(e, entryCommitment(leafCommitments(e.salt, e.payload))))
  return sha256Hex(prevHash + canonical)
}

// Salts come from a pool filled by the CSPRNG 4 KiB at a time: one randomBytes call per entry cost more
// than the 16 bytes it gave. Each salt is handed out once, and the pool is never reused.
const SALT_BYTES = 16
let saltPool = Buffer.alloc(0)
let saltAt = 0
function freshSalt(): string {
  if (saltAt + SALT_BYTES > saltPool.length) {
    saltPool = randomBytes(SALT_BYTES * 256)
    saltAt = 0
  }
  saltAt += SALT_BYTES
  return saltPool.toString('hex', saltAt - SALT_BYTES, saltAt)
}

/** Entries after `afterSeq` (whose hash is `prevHash`), salted, numbered and hash-chained, not yet written. */
export function chainEntries(
  gameId: string,
  afterSeq: number,
  prevHash: string,
  entries: NewEntry[],
  now: Date,
): Entry[] {
  const out: Entry[] = []
  let prev = prevHash
  let seq = afterSeq
  for (const e of entries) {
    seq++
    const base = {
      gameId,
      seq,
      kind: e.kind,
      seat: e.seat,
      userId: e.userId,
      payload: e.payload,
      createdAt: now,
      salt: freshSalt(),
    }
    const hash = entryHash(prev, base)
    out.push({ ...base, prevHash: prev, hash })
    prev = hash
  }
  return out
}

/** A short proof of the log as it stood: `position:first 16 hex digits of the head hash`. */
export function receiptOf(seq: number, hash: string): string {
  return `${seq}:${hash.slice(0, RECEIPT_HEX)}`
}
export const RECEIPT_HEX = 16

/** Appends entries after `afterSeq` (whose hash is `prevHash`); returns them with their hashes. */
export async function appendEntries(
  tx: Tx,
  gameId: string,
  afterSeq: number,
  prevHash: string,
  entries: NewEntry[],
  now: Date,
): Promise<Entry[]> {
  const out = chainEntries(gameId, afterSeq, prevHash, entries, now)
  // Raw SQL on the hot path: Prisma's model queries cost several times more here.
  for (const e of out) {
    await tx.$executeRaw`INSERT INTO "LogEntry"
        ("gameId", seq, kind, seat, "userId", payload, "createdAt", "prevHash", hash, salt)
      VALUES (${gameId}::uuid, ${e.seq}, ${e.kind}::"LogKind", ${e.seat}, ${e.userId}::uuid,
              ${JSON.stringify(e.payload)}::jsonb, ${e.createdAt.toISOString()}::timestamp,
              ${e.prevHash}, ${e.hash}, ${e.salt})`
  }
  return out
}

function toEntry(row: {
  gameId: string
  seq: number
  kind: string
  seat: string | null
  userId: string | null
  payload: unknown
  createdAt: Date
  prevHash: string
  hash: string
  salt: string | null
}): Entry {
  return { ...row, kind: row.kind as LogKind }
}

export async function entriesBetween(tx: Tx, gameId: string, afterSeq: number, uptoSeq?: number): Promise<Entry[]> {
  const rows = await tx.logEntry.findMany({
    where: { gameId, seq: { gt: afterSeq, ...(uptoSeq === undefined ? {} : { lte: uptoSeq }) } },
    orderBy: { seq: 'asc' },
  })
  return rows.map(toEntry)
}

/**
 * Entries after `afterSeq` up to `uptoSeq`, read with plain SQL where the client is the server's own
 * (not a transaction): a process catching up on what another process appended reads a few entries
 * per order, and Prisma's query machinery costs more than the statement there.
 */
export async function entriesAfter(tx: Tx, gameId: string, afterSeq: number, uptoSeq: number): Promise<Entry[]> {
  const pool = poolOf(tx)
  if (!pool) return entriesBetween(tx, gameId, afterSeq, uptoSeq)
  const { rows } = await pool.query<Omit<Entry, 'kind'> & { kind: string }>(
    `SELECT "gameId", seq, kind, seat, "userId", payload, ("createdAt" AT TIME ZONE 'UTC') AS "createdAt",
            "prevHash", hash, salt
       FROM "LogEntry" WHERE "gameId" = $1 AND seq > $2 AND seq <= $3 ORDER BY seq`,
    [gameId, afterSeq, uptoSeq],
  )
  return rows.map(toEntry)
}

export interface StoredSnapshot {
  seq: number
  state: unknown
  /** The hash of log entry `seq`: the head the snapshot folds up to. */
  hash: string | null
  /** The server's seal over game, position, head hash and state (snapshotSeal). */
  seal: string | null
}

export async function latestSnapshot(tx: Tx, gameId: string, atOrBefore?: number): Promise<StoredSnapshot | null> {
  const row = await tx.snapshot.findFirst({
    where: { gameId, ...(atOrBefore === undefined ? {} : { seq: { lte: atOrBefore } }) },
    orderBy: { seq: 'desc' },
  })
  return row ? { seq: row.seq, state: row.state, hash: row.hash, seal: row.seal } : null
}

export async function allSnapshots(tx: Tx, gameId: string): Promise<StoredSnapshot[]> {
  const rows = await tx.snapshot.findMany({ where: { gameId }, orderBy: { seq: 'asc' } })
  return rows.map((row) => ({ seq: row.seq, state: row.state, hash: row.hash, seal: row.seal }))
}

/**
 * A snapshot is a cache the server trusts on load, so it carries a MAC under a server key (not in
 * the database): someone who can write the database but not read the server's secret cannot forge one.
 */
export function snapshotSeal(key: string, gameId: string, seq: number, headHash: string, state: unknown): string {
  return createHmac('sha256', key).update(canonicalJson({ gameId, seq, headHash, state })).digest('hex')
}
