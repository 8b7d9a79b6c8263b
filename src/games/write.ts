// The one way a game's log grows: entries are decided in memory from the game as read, then written
// with the new position, the outbox row and any snapshot in one statement that succeeds only if the
// game is still where it was read (store/games.ts appendIfAt). Orders, game start and resignation
// all come through here.
import type { Outcome, Pending } from '../engine/ruleset.js'
import { appendIfAt, type AppendRequest, type GameRow, type OutboxRow } from '../store/games.js'
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
  /** Sets the step's deadline (an extension, a vacation); by default a new step gets now + the phase length. */
  deadlineAt?: Date
  /** More outbox rows written with the entries (e.g. the answer to an emailed order). */
  extraOutbox?: OutboxRow[]
}

export interface Plan {
  written: Entry[]
  after: Folded
  outcome: Outcome | null
  pending: Pending[]
  /** A new step began (the game started or a step resolved): its players are told. */
  newStep: boolean
  deadlineAt: Date | null
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
  const newStep = written.some((e) => e.kind === 'SETUP' || e.kind === 'RESOLUTION')
  const deadlineAt = outcome || pending.length === 0 ? null
    : opts.deadlineAt ?? (newStep || !game.deadlineAt ? new Date(now.getTime() + game.phaseHours * 3_600_000) : game.deadlineAt)
  const outbox: OutboxRow[] = [{ kind: outcome ? 'game-over' : 'step', payload: { seq: last.seq, newStep, pending, outcome, deadline: deadlineAt?.toISOString() ?? null } }]
  return {
    written, after, outcome, pending, newStep, deadlineAt,
    write: {
      gameId: game.id, expectedSeq: game.logSeq, entries: written, snapshot,
      position: { logSeq: last.seq, lastHash: last.hash, pending, status: outcome ? 'FINISHED' : 'ACTIVE', outcome, finishedAt: outcome ? now : null, deadlineAt },
      outbox: [...outbox, ...(opts.extraOutbox ?? [])],
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
