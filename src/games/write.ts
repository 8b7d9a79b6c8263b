// The one way a game's log grows: entries are decided in memory from the game as read, then written
// with the new position, the outbox row and any snapshot in one statement that succeeds only if the
// game is still where it was read (store/games.ts appendIfAt). Orders, game start and resignation
// all come through here.
import { createDice } from '../engine/dice.js'
import type { GameEvent, Outcome, Pending } from '../engine/ruleset.js'
import { appendIfAt, type AppendRequest, type GameRow, type OutboxRow } from '../store/games.js'
import type { Db } from '../store/db.js'
import type { Prisma } from '../store/generated/client.js'
import { chainEntries, type Entry, type NewEntry } from '../store/log.js'
import { applyEntry, outcomeOf, pendingOf, splitOrders, type Folded } from './fold.js'
import { cacheFolded, rulesetOf, sealedSnapshot } from './load.js'
import { forgetGameMeta } from './meta-cache.js'

export const SNAPSHOT_EVERY = 50

export interface SeatOrders {
  seat: string
  orders: unknown[]
  userId: string | null
  /** More fields for the ORDERS payload (e.g. that the deadline passed them). */
  note?: Record<string, unknown>
}

/**
 * ORDERS entries for some seats (after any `lead` entries), and the RESOLUTION when they complete
 * the step: the resolution's dice are drawn at its own log position.
 */
export function ordersAndResolution(game: GameRow, folded: Folded, lead: NewEntry[], given: SeatOrders[]) {
  const ruleset = rulesetOf(game)
  const pendingNow = ruleset.pending(folded.state)
  const pendingSeats = pendingNow.flatMap((p) => p.seats)
  const meta = { step: pendingNow[0]?.step ?? '', turn: ruleset.turnOf?.(folded.state).turn ?? 0 }
  // Private orders (standing orders) are kept apart in the log, under their own commitment; a seat's
  // orders are resolved as stored: its readable orders, then its private ones.
  const split = given.map((g) => ({ ...g, ...splitOrders(ruleset, g.orders) }))
  const entries: NewEntry[] = [
    ...lead,
    ...split.map((g): NewEntry => ({
      kind: 'ORDERS',
      seat: g.seat,
      userId: g.userId,
      payload: { orders: g.open, private: { [g.seat]: g.secret }, ...meta, ...g.note },
    })),
  ]
  const submissions = {
    ...folded.submitted,
    ...Object.fromEntries(split.map((g) => [g.seat, [...g.open, ...g.secret]])),
  }
  const complete = pendingSeats.every((s) => submissions[s] !== undefined)
  let events: GameEvent[] = []
  let after: Folded = { ...folded, seq: game.logSeq + entries.length, submitted: submissions }
  if (complete) {
    const resolution = ruleset.resolve(
      folded.state,
      submissions,
      createDice(game.seed, game.logSeq + entries.length + 1),
    )
    events = resolution.events
    const parts = Object.entries(submissions).map(([seat, orders]) => [seat, splitOrders(ruleset, orders)] as const)
    entries.push({
      kind: 'RESOLUTION',
      seat: null,
      userId: null,
      payload: {
        submissions: Object.fromEntries(parts.map(([seat, p]) => [seat, p.open])),
        private: Object.fromEntries(parts.map(([seat, p]) => [seat, p.secret])),
        events: resolution.events,
        rolls: resolution.rolls,
      },
    })
    after = { seq: game.logSeq + entries.length, state: resolution.state, submitted: {}, verdict: folded.verdict }
  }
  return { entries, after, events, complete }
}

export interface PlanOptions {
  now?: Date
  /** The fold after the entries, when the caller already has it (it resolved the step itself). */
  after?: Folded
  snapshotEvery?: number
  idempotency?: AppendRequest['idempotency']
  /**
   * Sets the step's deadline (an extension, a vacation; null: none); by default a new step gets now + the
   * phase length.
   */
  deadlineAt?: Date | null
  /** More outbox rows written with the entries (e.g. the answer to an emailed order). */
  extraOutbox?: OutboxRow[]
  /** Whether a new step begins (its players are told); by default, when a SETUP or RESOLUTION is written. */
  newStep?: boolean
}

export interface Plan {
  written: Entry[]
  after: Folded
  outcome: Outcome | null
  pending: Pending[]
  /** A new step began (the game started or a step resolved): its players are told. */
  newStep: boolean
  deadlineAt: Date | null
  /** The rules version the game's row named when the plan was made (the folded-state cache keeps it). */
  rulesVersion: string
  write: AppendRequest
}

export function planAppend(game: GameRow, folded: Folded | null, entries: NewEntry[], opts: PlanOptions = {}): Plan {
  const now = opts.now ?? new Date()
  const ruleset = rulesetOf(game)
  const written = chainEntries(game.id, game.logSeq, game.lastHash, entries, now)
  let after = opts.after ?? null
  if (!after) {
    after = folded
    for (const e of written) after = applyEntry(ruleset, game, after, e)
  }
  if (!after) throw new Error('planAppend: nothing to fold (no SETUP entry)')
  const last = written[written.length - 1]!
  const outcome = outcomeOf(ruleset, after)
  const pending: Pending[] = pendingOf(ruleset, after)
  const every = opts.snapshotEvery ?? SNAPSHOT_EVERY
  const snapshot =
    Math.floor(last.seq / every) > Math.floor(game.logSeq / every) ? sealedSnapshot(game.id, after, last.hash) : null
  const newStep = opts.newStep ?? written.some((e) => e.kind === 'SETUP' || e.kind === 'RESOLUTION')
  const deadlineAt =
    outcome || pending.length === 0
      ? null
      : opts.deadlineAt !== undefined
        ? opts.deadlineAt
        : newStep || !game.deadlineAt
          ? new Date(now.getTime() + game.phaseHours * 3_600_000)
          : game.deadlineAt
  const outbox: OutboxRow[] = [
    {
      kind: outcome ? 'game-over' : 'step',
      payload: { seq: last.seq, newStep, pending, outcome, deadline: deadlineAt?.toISOString() ?? null },
    },
  ]
  return {
    written,
    after,
    outcome,
    pending,
    newStep,
    deadlineAt,
    rulesVersion: game.rulesVersion,
    write: {
      gameId: game.id,
      expectedSeq: game.logSeq,
      entries: written,
      snapshot,
      position: {
        logSeq: last.seq,
        lastHash: last.hash,
        pending,
        status: outcome ? 'FINISHED' : 'ACTIVE',
        outcome,
        finishedAt: outcome ? now : null,
        deadlineAt,
      },
      outbox: [...outbox, ...(opts.extraOutbox ?? [])],
      idempotency: opts.idempotency ?? null,
    },
  }
}

/** Writes the plan; false when another writer moved the game first (nothing was written). */
export async function commitPlan(
  db: Db | Prisma.TransactionClient,
  plan: Plan,
  inTransaction = false,
): Promise<boolean> {
  const ok = await appendIfAt(db, plan.write)
  // Inside a caller's transaction the caches are updated by the caller after its commit.
  if (ok && !inTransaction)
    afterCommit({ id: plan.write.gameId, rulesVersion: plan.rulesVersion }, plan.after, plan.write.position.lastHash)
  return ok
}

/** The caches after a commit; `headHash` (the log's new head) lets the kept fold catch up later entries. */
export function afterCommit(game: { id: string; rulesVersion: string }, folded: Folded, headHash?: string): void {
  cacheFolded(game, folded, headHash)
  forgetGameMeta(game.id)
}
