// Loading a game's state: an in-process cache of the latest fold (valid while the log has not
// moved), else the nearest snapshot and the entries after it. Nothing lives only in memory.
import type { Db } from '../store/db.js'
import type { Prisma } from '../store/generated/client.js'
import type { GameRow } from '../store/games.js'
import { createHmac, randomBytes } from 'node:crypto'
import { LRUCache } from 'lru-cache'
import {
  entriesAfter,
  entriesBetween,
  entryHash,
  latestSnapshot,
  snapshotSeal,
  type StoredSnapshot,
} from '../store/log.js'
import { ruleSystem, type AnyRuleset } from '../rulesets/index.js'
import { RulesVersionError, rulesVersionProblem } from '../engine/ruleset.js'
import { correctionBase, fold, type Folded, type PastFolds } from './fold.js'
import type { Entry } from '../store/log.js'
import { LogUnverified, RulesUnplayable } from './errors.js'
import { foldLoads } from '../metrics/index.js'

type Tx = Prisma.TransactionClient | Db

export type { GameRow }

/**
 * The latest fold of the games most recently used, with the rules version the game's row named when it
 * was folded: a row that names another one since (an operator's edit, a restore) is folded again, so
 * the cache never keeps a game playing under rules its row no longer names.
 */
const cache = new LRUCache<string, Kept>({ max: 1000 })
const foldKept = foldLoads.labels('kept')
const foldCaughtUp = foldLoads.labels('caught_up')
const foldLoaded = foldLoads.labels('loaded')

/** A kept fold; `headHash` (the hash of log entry `folded.seq`), when known, lets it catch up entry by entry. */
interface Kept {
  rowVersion: string
  folded: Folded
  headHash?: string
}

function remember(game: { id: string; rulesVersion: string }, f: Folded, headHash?: string): void {
  cache.set(game.id, { rowVersion: game.rulesVersion, folded: f, ...(headHash ? { headHash } : {}) })
}

export function forgetCachedGames(): void {
  cache.clear()
}

export function rulesetOf(game: { ruleset: string }): AnyRuleset {
  const system = ruleSystem(game.ruleset)
  if (!system) throw new Error(`game uses unknown rule system ${game.ruleset}`)
  return system.ruleset
}

// Snapshots are sealed with a key that lives with the server, not in the database (the token
// secret, see main.ts). Until one is set, a random key for this process: its own snapshots verify.
let snapshotKey = randomBytes(32).toString('hex')
let reportProblem = (message: string) => console.error(message)

/** The key snapshots are sealed under (derived from the server secret), and where problems are reported. */
export function configureSnapshots(serverSecret: string, report?: (message: string) => void): void {
  snapshotKey = createHmac('sha256', serverSecret).update('hexmail snapshot seal v1').digest('hex')
  if (report) reportProblem = report
}

export function sealedSnapshot(gameId: string, f: Folded, headHash: string) {
  return { seq: f.seq, state: f, hash: headHash, seal: snapshotSeal(snapshotKey, gameId, f.seq, headHash, f) }
}

/** Why a stored snapshot cannot be trusted, or null when it can. */
export function snapshotProblem(
  gameId: string,
  snapshot: StoredSnapshot,
  entryHash: string | undefined,
): string | null {
  if (!snapshot.hash || !snapshot.seal) return 'it carries no head hash or seal'
  if (entryHash === undefined) return `the log has no entry ${snapshot.seq}`
  if (snapshot.hash !== entryHash) return `its head hash is not the hash of log entry ${snapshot.seq}`
  if (snapshot.seal !== snapshotSeal(snapshotKey, gameId, snapshot.seq, snapshot.hash, snapshot.state))
    return 'its seal does not match its content: it was altered, or sealed under another server key'
  return null
}

const reported = new Set<string>()

/** The fold at `uptoSeq` (default: the end of the log). Null before the game has started. */
export async function loadFolded(tx: Tx, game: GameRow, uptoSeq?: number): Promise<Folded | null> {
  const target = uptoSeq ?? game.logSeq
  if (target === 0) return null
  const ruleset = rulesetOf(game)
  // A row naming a version this server does not play fails at once, cached fold or snapshot or not.
  const problem = rulesVersionProblem(ruleset, game.rulesVersion)
  if (problem)
    throw new RulesUnplayable(
      game.id,
      game.rulesVersion,
      new RulesVersionError(`this game cannot be replayed: ${problem}`),
    )
  const hit = cache.get(game.id)
  if (hit && hit.rowVersion !== game.rulesVersion) cache.delete(game.id)
  else if (hit && hit.folded.seq === target) {
    foldKept.inc()
    return hit.folded
  } else if (hit?.headHash && hit.folded.seq < target && target === game.logSeq) {
    const caught = await catchUp(tx, game, ruleset, hit, target)
    if (caught) {
      foldCaughtUp.inc()
      return caught
    }
  }
  foldLoaded.inc()
  let snapshot = await latestSnapshot(tx, game.id, target)
  let entries = await entriesBetween(tx, game.id, (snapshot?.seq ?? 1) - 1, target)
  if (snapshot) {
    // The first entry read is the snapshot's own: its hash must be the one the snapshot was sealed at.
    const problem = snapshotProblem(game.id, snapshot, entries[0]?.seq === snapshot.seq ? entries[0].hash : undefined)
    if (problem) {
      const key = `${game.id}:${snapshot.seq}`
      if (!reported.has(key)) {
        reported.add(key)
        reportProblem(
          `ignoring the snapshot of game ${game.id} at entry ${snapshot.seq}: ${problem}; ` +
            'the state is rebuilt from the log',
        )
      }
      snapshot = null
      entries = await entriesBetween(tx, game.id, 0, target)
    } else {
      entries = entries.slice(1)
    }
  }
  // What is folded must be the log as written: each entry chained from the one before (from the sealed
  // snapshot's head, or from the start) and matching its own hash, and the last one the row's head.
  const broken = chainBreak(entries, snapshot?.hash ?? '', snapshot?.seq ?? 0)
  if (broken) {
    const key = `${game.id}:log:${broken.seq}`
    if (!reported.has(key)) {
      reported.add(key)
      reportProblem(`game ${game.id}: log entry ${broken.seq} ${broken.reason}; the game is held (GET /verify)`)
    }
    throw new LogUnverified(game.id, broken.seq, broken.reason)
  }
  const head = entries.at(-1)?.hash ?? snapshot?.hash
  if (target === game.logSeq && game.lastHash && head !== undefined && head !== game.lastHash)
    throw new LogUnverified(game.id, target, "is not the head the game's row names")
  let folded: Folded | null
  try {
    const past = await pastFoldsFor(tx, game, entries)
    folded = fold(ruleset, game, snapshot ? (snapshot.state as Folded) : null, entries, past)
  } catch (e) {
    if (e instanceof RulesVersionError) throw new RulesUnplayable(game.id, game.rulesVersion, e)
    throw e
  }
  if (folded && target === game.logSeq) remember(game, folded, entries.at(-1)?.hash ?? snapshot?.hash ?? undefined)
  return folded
}

/** The first entry missing, not chained from `prevHash` and the entries before it, or not matching its hash. */
function chainBreak(
  entries: readonly Entry[],
  prevHash: string,
  afterSeq: number,
): { seq: number; reason: string } | null {
  let prev = prevHash
  let seq = afterSeq
  for (const e of entries) {
    seq++
    if (e.seq !== seq) return { seq, reason: 'is missing' }
    if (e.prevHash !== prev) return { seq, reason: 'does not chain from the entry before it' }
    if (entryHash(e.prevHash, e) !== e.hash) return { seq, reason: 'does not match its hash' }
    prev = e.hash
  }
  return null
}

/**
 * The kept fold brought up to `target` with the entries written since (by another process, the worker's
 * deadline clock, a moderator): only those are read and applied. Null, and the caller loads the game as
 * usual, unless they are all there and chain from the kept head's hash, and none is a correction (which
 * continues from an earlier fold).
 */
async function catchUp(tx: Tx, game: GameRow, ruleset: AnyRuleset, hit: Kept, target: number): Promise<Folded | null> {
  const entries = await entriesAfter(tx, game.id, hit.folded.seq, target)
  if (entries.length !== target - hit.folded.seq || entries.some((e) => e.kind === 'CORRECTION')) return null
  if (chainBreak(entries, hit.headHash!, hit.folded.seq)) return null // loaded in full, which says what is wrong
  const prev = entries.at(-1)?.hash ?? hit.headHash
  let folded: Folded | null
  try {
    folded = fold(ruleset, game, hit.folded, entries)
  } catch (e) {
    if (e instanceof RulesVersionError) throw new RulesUnplayable(game.id, game.rulesVersion, e)
    throw e
  }
  if (folded) remember(game, folded, prev)
  return folded
}

/**
 * The earlier folds that the corrections among `entries` continue from (rollbacks, re-resolves), each
 * loaded like any position (nearest snapshot, then the log): undefined when none is needed.
 */
async function pastFoldsFor(tx: Tx, game: GameRow, entries: readonly Entry[]): Promise<PastFolds | undefined> {
  const bases = new Set<number>()
  for (const e of entries) {
    const base = e.kind === 'CORRECTION' ? correctionBase(e.payload) : null
    if (base !== null) bases.add(base)
  }
  if (bases.size === 0) return undefined
  const folds = new Map<number, Folded>()
  for (const seq of [...bases].sort((a, b) => a - b)) {
    const f = seq >= 1 && seq <= game.logSeq ? await loadFolded(tx, game, seq) : null
    if (f) folds.set(seq, f)
  }
  return (seq) => {
    const f = folds.get(seq)
    if (!f) throw new Error(`game ${game.id}: no fold at entry ${seq} to continue from`)
    return f
  }
}

export function cacheFolded(game: { id: string; rulesVersion: string }, f: Folded, headHash?: string): void {
  remember(game, f, headHash)
}
