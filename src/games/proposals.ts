// Players agree a rollback among themselves (docs/proposals.md): a player proposes one, every other
// player of the game accepts it, and the last acceptance writes it, in its transaction, as the same
// CORRECTION a moderator's rollback is (src/games/corrections.ts applyAgreedRollback), with no moderator.
// A proposal holds only at the position it was made: when the game moves first, it lapses. One open
// proposal per game; its proposer may withdraw it; one rejection closes it and changes nothing.
// Draw offers (src/games/draws.ts) are kept in the same table, lapse the same way, and use its helpers.
import type { Db } from '../store/db.js'
import type { Prisma } from '../store/generated/client.js'
import { gameMetaRow, type GameMeta } from '../store/games.js'
import type { OutboxPayload } from '../store/outbox.js'
import { hiddenFrom, noSuchGame, type Caller } from './access.js'
import { hiddenFromCaller } from './moderation-access.js'
import { applyAgreedRollback, checkRollback } from './corrections.js'
import { Conflict, Forbidden, NotFound } from './errors.js'
import { TX_OPTIONS } from './lifecycle.js'
import { canModerate, moderatorAccount } from './moderation-access.js'

type Tx = Prisma.TransactionClient

export type ProposalStatus = 'open' | 'accepted' | 'rejected' | 'lapsed' | 'withdrawn'
export type ProposalAnswer = 'accept' | 'reject'

/** A proposal as the routes answer it. */
export interface ProposalView {
  id: string
  game: string
  kind: 'rollback'
  /** Play would continue from the state at this log entry. */
  toSeq: number
  reason: string
  proposer: { id: string; name: string; seat: string }
  /** The position it was proposed at: it holds only while the game is there. */
  atSeq: number
  status: ProposalStatus
  /** Each other seat's answer so far. */
  answers: Record<string, ProposalAnswer>
  /** The other seats that have still to answer (empty once it is closed). */
  waitingFor: Array<{ seat: string; player: { id: string; name: string } }>
  createdAt: string
  decidedAt: string | null
  /** The CORRECTION entry that carried it out, once accepted. */
  correctionSeq: number | null
}

export interface Row {
  id: string
  gameId: string
  proposedById: string
  seat: string
  atSeq: number
  kind: string
  params: Prisma.JsonValue
  reason: string
  status: string
  answers: Prisma.JsonValue
  createdAt: Date
  decidedAt: Date | null
  correctionSeq: number | null
}

export interface RollbackProposalInput {
  kind: string
  toSeq?: number
  reason: string
  dispute?: string | null
}

const answersOf = (row: Row) => (row.answers ?? {}) as Record<string, ProposalAnswer>
const toSeqOf = (row: Row) => (row.params as { toSeq: number }).toSeq

/** The seats of the game held by someone other than the proposer: the ones that answer. */
function answeringSeats(game: GameMeta, proposerId: string) {
  return game.seats.filter((s): s is typeof s & { userId: string } => s.userId !== null && s.userId !== proposerId)
}

export async function names(db: Db | Tx, ids: string[]): Promise<Map<string, string>> {
  const users = await db.user.findMany({ where: { id: { in: [...new Set(ids)] } }, select: { id: true, name: true } })
  return new Map(users.map((u) => [u.id, u.name]))
}

async function viewOf(db: Db | Tx, game: GameMeta, row: Row): Promise<ProposalView> {
  const others = answeringSeats(game, row.proposedById)
  const who = await names(db, [row.proposedById, ...others.map((s) => s.userId)])
  const answers = answersOf(row)
  return {
    id: row.id,
    game: row.gameId,
    kind: 'rollback',
    toSeq: toSeqOf(row),
    reason: row.reason,
    proposer: { id: row.proposedById, name: who.get(row.proposedById) ?? '', seat: row.seat },
    atSeq: row.atSeq,
    status: row.status as ProposalStatus,
    answers,
    waitingFor:
      row.status === 'open'
        ? others
            .filter((s) => answers[s.seat] === undefined)
            .map((s) => ({ seat: s.seat, player: { id: s.userId, name: who.get(s.userId) ?? '' } }))
        : [],
    createdAt: row.createdAt.toISOString(),
    decidedAt: row.decidedAt ? row.decidedAt.toISOString() : null,
    correctionSeq: row.correctionSeq,
  }
}

/** The 'proposal' email: who is told is `to` (accounts), the rest is what they read. */
function notice(
  game: GameMeta,
  row: Row,
  proposer: string,
  event: OutboxPayload<'proposal'>['event'],
  to: string[],
): Prisma.OutboxCreateManyInput {
  const payload: OutboxPayload<'proposal'> = {
    seq: row.atSeq,
    proposal: row.id,
    event,
    proposer,
    seat: row.seat,
    toSeq: toSeqOf(row),
    reason: row.reason,
    to: [...new Set(to)],
  }
  return { gameId: game.id, kind: 'proposal', payload, dedupeKey: `proposal:${row.id}:${event}` }
}

/** The 'draw-offer' email (src/games/draws.ts): the same rows, told the same way. */
export function drawNotice(
  game: GameMeta,
  row: Row,
  offerer: string,
  event: OutboxPayload<'draw-offer'>['event'],
  to: string[],
): Prisma.OutboxCreateManyInput {
  const payload: OutboxPayload<'draw-offer'> = {
    seq: row.atSeq,
    offer: row.id,
    event,
    offerer,
    side: (row.params as { side?: string } | null)?.side ?? '',
    note: row.reason,
    to: [...new Set(to)],
  }
  return { gameId: game.id, kind: 'draw-offer', payload, dedupeKey: `draw-offer:${row.id}:${event}` }
}

/** The game locked for the proposal's change, or the 404 of a game the caller may not see. */
export async function lockedGame(tx: Tx, gameId: string, caller: Caller): Promise<GameMeta> {
  await tx.$queryRaw`SELECT 1 FROM "Game" WHERE id = ${gameId}::uuid FOR UPDATE`
  const game = await gameMetaRow(tx, gameId)
  if (!game || (await hiddenFromCaller(tx, game, caller))) throw noSuchGame(gameId)
  return game
}

/** Open proposals made at a position the game has left lapse now; their proposers are told. */
export async function lapseStale(tx: Tx, game: GameMeta, now: Date): Promise<string[]> {
  const stale = (await tx.correctionProposal.findMany({
    where: { gameId: game.id, status: 'open', atSeq: { not: game.logSeq } },
  })) as Row[]
  if (stale.length === 0) return []
  await tx.correctionProposal.updateMany({
    where: { id: { in: stale.map((r) => r.id) } },
    data: { status: 'lapsed', decidedAt: now },
  })
  const who = await names(
    tx,
    stale.map((r) => r.proposedById),
  )
  await tx.outbox.createMany({
    data: stale.map((r) =>
      r.kind === 'draw'
        ? drawNotice(game, r, who.get(r.proposedById) ?? '', 'lapsed', [r.proposedById])
        : notice(game, r, who.get(r.proposedById) ?? '', 'lapsed', [r.proposedById]),
    ),
    skipDuplicates: true,
  })
  return stale.map((r) => r.id)
}

/** Whether the caller holds a seat in the game (false for an unknown or hidden game: its route answers that). */
export async function playsIn(db: Db, gameId: string, caller: Caller): Promise<boolean> {
  if (!caller.userId) return false
  const game = await gameMetaRow(db, gameId)
  if (!game || hiddenFrom(game, caller)) return false
  return game.seats.some((s) => s.userId === caller.userId)
}

/**
 * A player proposes a correction: only a rollback, checked as a moderator's would be, at the game's
 * current position (If-Match, when given, must name it). The other players are asked by email.
 */
export async function proposeRollback(
  db: Db,
  gameId: string,
  caller: Caller,
  input: RollbackProposalInput,
  expectedSeq?: number,
  now = new Date(),
): Promise<ProposalView> {
  return db.$transaction(async (tx) => {
    const game = await lockedGame(tx, gameId, caller)
    const mine = game.seats.filter((s) => s.userId === caller.userId)
    if (!caller.userId || mine.length === 0)
      throw new Forbidden('only the players of this game may propose a correction to it')
    if (input.kind !== 'rollback')
      throw new Forbidden(
        `players may propose only a rollback (the other players accept it); ` +
          `a ${input.kind} is for the game's moderators`,
        { field: 'kind' },
      )
    if (expectedSeq !== undefined && expectedSeq !== game.logSeq)
      throw new Conflict(`the game has moved on: you expected position ${expectedSeq}, it is at ${game.logSeq}`, {
        currentSeq: game.logSeq,
      })
    if (game.pausedAt)
      throw new Conflict('a moderator has paused this game: proposals wait until it resumes', {
        pausedAt: new Date(game.pausedAt).toISOString(),
      })
    await lapseStale(tx, game, now)
    const reason = await checkRollback(tx, game, input.toSeq, input.reason)
    const open = await tx.correctionProposal.findFirst({
      where: { gameId, status: 'open', kind: 'rollback' },
      select: { id: true },
    })
    if (open)
      throw new Conflict(
        `proposal ${open.id} is open in this game: it must be answered or withdrawn before another is made`,
        { proposal: open.id },
      )
    if (answeringSeats(game, caller.userId).length === 0)
      throw new Conflict('nobody else plays in this game to accept a proposal')
    const row = (await tx.correctionProposal.create({
      data: {
        gameId,
        proposedById: caller.userId,
        seat: mine[0]!.seat,
        atSeq: game.logSeq,
        kind: 'rollback',
        params: { toSeq: input.toSeq! },
        reason,
        disputeId: input.dispute ?? null,
        createdAt: now,
      },
    })) as Row
    const me = await names(tx, [caller.userId])
    const others = answeringSeats(game, caller.userId).map((s) => s.userId)
    await tx.outbox.createMany({ data: [notice(game, row, me.get(caller.userId) ?? '', 'proposed', others)] })
    return viewOf(tx, game, row)
  }, TX_OPTIONS)
}

/** The game's proposals, newest first: for its players and its moderators. */
export async function listProposals(
  db: Db,
  gameId: string,
  caller: Caller,
  now = new Date(),
): Promise<{ proposals: ProposalView[] }> {
  return db.$transaction(async (tx) => {
    const game = await lockedGame(tx, gameId, caller)
    const plays = game.seats.some((s) => s.userId === caller.userId)
    if (!plays && !canModerate(await moderatorAccount(tx, caller.userId), game))
      throw new Forbidden("a game's proposals are for its players and its moderators")
    await lapseStale(tx, game, now)
    const rows = (await tx.correctionProposal.findMany({
      where: { gameId, kind: 'rollback' },
      orderBy: [{ createdAt: 'desc' }, { id: 'asc' }],
    })) as Row[]
    const out: ProposalView[] = []
    for (const r of rows) out.push(await viewOf(tx, game, r))
    return { proposals: out }
  }, TX_OPTIONS)
}

type Decision = ProposalAnswer | 'withdraw'

/**
 * Another player's answer (accept or reject, once per account, for every seat it holds), or the
 * proposer withdrawing it. The last acceptance writes the rollback in the same transaction.
 */
export async function answerProposal(
  db: Db,
  gameId: string,
  proposalId: string,
  caller: Caller,
  decision: Decision,
  now = new Date(),
): Promise<ProposalView> {
  let committed: (() => void) | undefined
  const result = await db.$transaction(async (tx) => {
    const game = await lockedGame(tx, gameId, caller)
    const row = (await tx.correctionProposal.findFirst({
      where: { id: proposalId, gameId, kind: 'rollback' },
    })) as Row | null
    if (!row) throw new NotFound(`no proposal ${proposalId} in game ${gameId}`)
    const mine = game.seats.filter((s) => s.userId === caller.userId)
    if (!caller.userId || mine.length === 0) throw new Forbidden('only the players of this game answer its proposals')
    if (decision === 'withdraw' && row.proposedById !== caller.userId)
      throw new Forbidden('only the player who made a proposal may withdraw it')
    if (decision !== 'withdraw' && row.proposedById === caller.userId)
      throw new Forbidden('you made this proposal: the other players of the game accept or reject it')
    const lapsed = await lapseStale(tx, game, now)
    if (lapsed.includes(row.id)) return { lapsed: true as const }
    if (row.status !== 'open') throw new Conflict(`the proposal is ${row.status}: it takes no more answers`)
    const answers = answersOf(row)
    const who = await names(tx, [row.proposedById])
    const proposer = who.get(row.proposedById) ?? ''
    const others = answeringSeats(game, row.proposedById)
    if (decision === 'withdraw') {
      await tx.correctionProposal.update({ where: { id: row.id }, data: { status: 'withdrawn', decidedAt: now } })
      await tx.outbox.createMany({
        data: [
          notice(
            game,
            row,
            proposer,
            'withdrawn',
            others.map((s) => s.userId),
          ),
        ],
        skipDuplicates: true,
      })
      return { lapsed: false as const }
    }
    if (mine.some((s) => answers[s.seat] !== undefined))
      throw new Conflict(`you answered this proposal already (${answers[mine[0]!.seat] ?? ''})`)
    for (const s of mine) answers[s.seat] = decision
    if (decision === 'reject') {
      await tx.correctionProposal.update({
        where: { id: row.id },
        data: { status: 'rejected', answers, decidedAt: now },
      })
      await tx.outbox.createMany({
        data: [notice(game, row, proposer, 'rejected', [row.proposedById])],
        skipDuplicates: true,
      })
      return { lapsed: false as const }
    }
    if (others.some((s) => answers[s.seat] !== 'accept')) {
      await tx.correctionProposal.update({ where: { id: row.id }, data: { answers } })
      return { lapsed: false as const }
    }
    // Everyone else accepted: the rollback is written now, in this transaction.
    const applied = await applyAgreedRollback(
      tx,
      game,
      {
        proposal: row.id,
        proposedById: row.proposedById,
        proposerName: proposer,
        toSeq: toSeqOf(row),
        reason: row.reason,
        atSeq: row.atSeq,
      },
      now,
    )
    committed = applied.committed
    await tx.correctionProposal.update({
      where: { id: row.id },
      data: { status: 'accepted', answers, decidedAt: now, correctionSeq: applied.seq },
    })
    return { lapsed: false as const }
  }, TX_OPTIONS)
  committed?.()
  if (result.lapsed)
    throw new Conflict('the game has moved since this proposal was made: it has lapsed, and changes nothing')
  const game = (await gameMetaRow(db, gameId))!
  const row = (await db.correctionProposal.findUniqueOrThrow({ where: { id: proposalId } })) as Row
  return viewOf(db, game, row)
}
