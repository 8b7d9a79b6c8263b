// A game as emails name it, and the events of its log between two positions.
import type { GameEvent } from '../../engine/ruleset.js'
import { ruleSystem, type ScenarioSummary } from '../../rulesets/index.js'
import { poolOf, type Db } from '../../store/db.js'
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
function receiptRef(
  ctx: MessageContext,
  gameId: string,
  seq: number | null | undefined,
  hash: string | null,
): Pick<GameRef, 'receipt' | 'receiptUrl'> {
  if (!seq || hash === null) return {}
  const receipt = receiptOf(seq, hash)
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

type GameRowRead = GameData['game'] & {
  seasonId: string | null
  seasonRound: number | null
  seats: Array<{ seat: string; side: string }>
  /** The hash of log entry `seq` (null: no such entry, or none asked for). */
  entryHash: string | null
}

// Every email about a game reads this, so it is one statement in plain SQL: through Prisma the row,
// its seats and the receipt's entry were three queries, each compiled anew (bench/notify.ts).
const GAME_SQL = `
  SELECT g.id::text, g.title, g.ruleset, g."rulesVersion", g."scenarioId", g.seed, g."seedCommitment",
         g.status::text, g."missedPolicy", g."phaseHours", g."logSeq", g."lastHash",
         g."deadlineAt" AT TIME ZONE 'UTC' AS "deadlineAt", g.outcome, g."seasonId"::text, g."seasonRound",
         coalesce((SELECT json_agg(json_build_object('seat', s.seat, 'side', s.side))
                     FROM "Seat" s WHERE s."gameId" = g.id), '[]'::json) AS seats,
         (SELECT e.hash FROM "LogEntry" e WHERE e."gameId" = g.id AND e.seq = $2::int) AS "entryHash"
    FROM "Game" g WHERE g.id = $1::uuid`

/** The game as emails name it, with the receipt of log position `seq` when given. */
export async function gameData(ctx: MessageContext, gameId: string, seq?: number | null): Promise<GameData> {
  const rows = await poolOf(ctx.db)!.query<GameRowRead>(GAME_SQL, [gameId, seq ?? null])
  const found = rows.rows[0]
  if (!found) throw new Error(`game ${gameId} not found`)
  const { seats, entryHash, ...game } = found
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
      ...receiptRef(ctx, game.id, seq, entryHash),
    },
    sideNames: new Map((scenario?.sides ?? []).map((s: { id: string; name: string }) => [s.id, s.name])),
    seatSide: new Map(seats.map((s) => [s.seat, s.side])),
  }
}

/** Events of the steps resolved after `afterSeq` up to `uptoSeq`, oldest first. */
export async function eventsBetween(db: Db, gameId: string, afterSeq: number, uptoSeq: number): Promise<GameEvent[]> {
  const rows = await poolOf(db)!.query<{ payload: { events?: GameEvent[] } }>(
    `SELECT payload FROM "LogEntry"
      WHERE "gameId" = $1::uuid AND kind = 'RESOLUTION' AND seq > $2::int AND seq <= $3::int ORDER BY seq`,
    [gameId, afterSeq, uptoSeq],
  )
  return rows.rows.flatMap((r) => r.payload.events ?? [])
}

/** What happened since the seat last gave orders (or since the start). One statement: every "your phase" reads it. */
export async function sinceLastPhase(db: Db, gameId: string, seat: string, seq: number): Promise<GameEvent[]> {
  const rows = await poolOf(db)!.query<{ payload: { events?: GameEvent[] } }>(
    `SELECT payload FROM "LogEntry"
      WHERE "gameId" = $1::uuid AND kind = 'RESOLUTION' AND seq <= $3::int
        AND seq > coalesce((SELECT max(o.seq) FROM "LogEntry" o
                             WHERE o."gameId" = $1::uuid AND o.seat = $2 AND o.kind = 'ORDERS' AND o.seq <= $3::int), 0)
      ORDER BY seq`,
    [gameId, seat, seq],
  )
  return rows.rows.flatMap((r) => r.payload.events ?? [])
}
