// The one way a game's log grows: entries are decided in memory from the game as read, then written
// with the new position, the outbox row and any snapshot in one statement that succeeds only if the
// game is still where it was read (store/games.ts appendIfAt). Orders, game start and resignation
// all come through here.
import type { Outcome, Pending } from '../engine/ruleset.js'
import { appendIfAt, type AppendRequest, type GameRow } from '../store/games.js'
import type { Db } from '../store/db.js'
import type { Prisma } from '../store/generated/client.js'
import { chainEntries, type Entry, type NewEntry } from '../store/log.js'
import { applyEntry, outcomeOf, type Folded } from './fold.js'
import { cacheFolded, rulesetOf } from './load.js'
import { forgetGameMeta } from './reads.js'

export const SNAPSHOT_EVERY = 50

export interface PlanOptions {
  now?: Date
  /** The fold after the entries, when the caller already has it (it resolved the step itself). */
  after?: Folded
  snapshotEvery?: number
  idempotency?: AppendRequest['idempotency']
}

export interface Plan {
  written: Entry[]
  after: Folded
  outcome: Outcome | null
  pending: Pending[]
  write: AppendRequest
}

export function planAppend(game: GameRow, folded: Folded | null, entries: NewEntry[], opts: PlanOptions = {}): Plan {
  const now = opts.now ?? new Date()
  const ruleset = rulesetOf(game)
  const written = chainEntries(game.id, game.logSeq, game.lastHash, entries, now)
  let after = opts.after ?? null
  if (!after) {
    after = folded
    for (const e of written) after = applyEntry(ruleset, game.seed, after, e)
  }
  if (!after) throw new Error('planAppend: nothing to fold (no SETUP entry)')
  const last = written[written.length - 1]!
  const outcome = outcomeOf(ruleset, after)
  const pending: Pending[] = outcome ? [] : ruleset.pending(after.state)
  const every = opts.snapshotEvery ?? SNAPSHOT_EVERY
  const snapshot = Math.floor(last.seq / every) > Math.floor(game.logSeq / every) ? { seq: after.seq, state: after } : null
  return {
    written, after, outcome, pending,
    write: {
      gameId: game.id, expectedSeq: game.logSeq, entries: written, snapshot,
      position: { logSeq: last.seq, lastHash: last.hash, pending, status: outcome ? 'FINISHED' : 'ACTIVE', outcome, finishedAt: outcome ? now : null },
      outbox: { kind: outcome ? 'game-over' : 'step', payload: { seq: last.seq, pending, outcome } },
      idempotency: opts.idempotency ?? null,
    },
  }
}

/** Writes the plan; false when another writer moved the game first (nothing was written). */
export async function commitPlan(db: Db | Prisma.TransactionClient, plan: Plan, inTransaction = false): Promise<boolean> {
  const ok = await appendIfAt(db, plan.write)
  // Inside a caller's transaction the caches are updated by the caller after its commit.
  if (ok && !inTransaction) afterCommit(plan.write.gameId, plan.after)
  return ok
}

export function afterCommit(gameId: string, folded: Folded): void {
  cacheFolded(gameId, folded)
  forgetGameMeta(gameId)
}
