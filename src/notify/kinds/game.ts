// A game as emails name it, and the events of its log between two positions.
import type { GameEvent } from '../../engine/ruleset.js'
import { ruleSystem, type ScenarioSummary } from '../../rulesets/index.js'
import type { Db } from '../../store/db.js'
import { receiptOf } from '../../store/log.js'
import type { GameRef } from '../compose/index.js'
import type { MessageContext } from './core.js'

export interface GameData {
  game: {
    id: string
    title: string
    ruleset: string
    rulesVersion: string
    scenarioId: string
    seed: string
    seedCommitment: string
    status: string
    missedPolicy: string
    phaseHours: number
    logSeq: number
    lastHash: string
    deadlineAt: Date | null
    outcome: unknown
  }
  ref: GameRef
  sideNames: Map<string, string>
  seatSide: Map<string, string>
}

/**
 * The receipt of the log position an email was made at: anyone holding the email can later prove
 * the log up to there was not rewritten (docs/verification.md). None without a position.
 */
async function receiptRef(
  ctx: MessageContext,
  gameId: string,
  seq?: number | null,
): Promise<Pick<GameRef, 'receipt' | 'receiptUrl'>> {
  if (!seq) return {}
  const entry = await ctx.db.logEntry.findUnique({ where: { gameId_seq: { gameId, seq } }, select: { hash: true } })
  if (!entry) return {}
  const receipt = receiptOf(seq, entry.hash)
  return { receipt, receiptUrl: `${ctx.publicUrl}/g/${gameId}/verify?receipt=${encodeURIComponent(receipt)}` }
}

function scenarioOf(ruleset: string, scenarioId: string) {
  return ruleSystem(ruleset)
    ?.scenarios()
    .find((s) => s.summary.id === scenarioId)?.summary
}

/**
 * A campaign show's scenario is built for it, not one of the catalogue: its season's log keeps its summary
 * (the SHOW entry of the game's round), so emails name the show and its sides as the catalogue would.
 */
async function showSummary(
  ctx: MessageContext,
  game: { id: string; seasonId: string | null; seasonRound: number | null },
): Promise<ScenarioSummary | undefined> {
  if (!game.seasonId || game.seasonRound === null) return undefined
  const shows = await ctx.db.seasonLogEntry.findMany({
    where: { seasonId: game.seasonId, kind: 'SHOW', round: game.seasonRound },
    select: { payload: true },
  })
  const show = shows
    .map((e) => e.payload as { gameId?: unknown; summary?: ScenarioSummary })
    .find((p) => p.gameId === game.id)
  return show?.summary
}

/** The game as emails name it, with the receipt of log position `seq` when given. */
export async function gameData(ctx: MessageContext, gameId: string, seq?: number | null): Promise<GameData> {
  const game = await ctx.db.game.findUniqueOrThrow({ where: { id: gameId }, include: { seats: true } })
  const scenario = scenarioOf(game.ruleset, game.scenarioId) ?? (await showSummary(ctx, game))
  return {
    game,
    ref: {
      id: game.id,
      title: game.title,
      // The bare pages; addressed() (core.ts) signs them for the reader.
      url: `${ctx.publicUrl}/g/${game.id}`,
      ruleset: ruleSystem(game.ruleset)?.title ?? game.ruleset,
      scenario: scenario ? `${scenario.id} ${scenario.title}` : game.scenarioId,
      ...(await receiptRef(ctx, game.id, seq)),
    },
    sideNames: new Map((scenario?.sides ?? []).map((s: { id: string; name: string }) => [s.id, s.name])),
    seatSide: new Map(game.seats.map((s) => [s.seat, s.side])),
  }
}

/** Events of the steps resolved after `afterSeq` up to `uptoSeq`, oldest first. */
export async function eventsBetween(db: Db, gameId: string, afterSeq: number, uptoSeq: number): Promise<GameEvent[]> {
  const rows = await db.logEntry.findMany({
    where: { gameId, kind: 'RESOLUTION', seq: { gt: afterSeq, lte: uptoSeq } },
    orderBy: { seq: 'asc' },
    select: { payload: true },
  })
  return rows.flatMap((r) => (r.payload as { events?: GameEvent[] }).events ?? [])
}

/** What happened since the seat last gave orders (or since the start). */
export async function sinceLastPhase(db: Db, gameId: string, seat: string, seq: number): Promise<GameEvent[]> {
  const last = await db.logEntry.findFirst({
    where: { gameId, seat, kind: 'ORDERS', seq: { lte: seq } },
    orderBy: { seq: 'desc' },
    select: { seq: true },
  })
  return eventsBetween(db, gameId, last?.seq ?? 0, seq)
}
