// A campaign season's log (docs/campaigns.md): an append-only, hash-chained list of what happened to the
// teams. START creates them; ACTIONS is one batch of a team's maintenance; PERIOD opens a maintenance period;
// SHOW draws a show's line-up (or says there is none); SETTLED settles it; CLOSED ends the campaign. Every
// entry that changes a team carries the team as it is after it, so a team is the last one written, and
// /verify-style checks replay the rules from START with the season's dice to show each was derived fairly.
import { createHash } from 'node:crypto'
import type { DieRoll } from '../engine/dice.js'
import type { GameEvent } from '../engine/ruleset.js'
import type { CampaignRefusal, CampaignShowGame, ScenarioSummary } from '../rulesets/index.js'
import { canonicalJson, receiptOf } from '../store/log.js'
import type { Prisma } from '../store/generated/client.js'
import type { Db } from '../store/db.js'

type Tx = Prisma.TransactionClient | Db

export const SEASON_LOG_KINDS = ['START', 'PERIOD', 'ACTIONS', 'SHOW', 'SETTLED', 'CLOSED'] as const
export type SeasonLogKind = (typeof SEASON_LOG_KINDS)[number]

export interface StartPayload {
  /** The campaign rules and the number of shows agreed. */
  shows: number
  rules: unknown
  /** Each entrant's new team, by season entry id. */
  teams: Record<string, unknown>
}
export interface PeriodPayload {
  /** When the maintenance period closes (ISO). */
  endsAt: string
}
export interface ActionsPayload {
  /** The actions taken (a batch stopped by a refusal keeps those before it, whose dice were rolled). */
  actions: unknown[]
  /** The action that stopped the batch, or null. */
  refused?: CampaignRefusal | null
  /** The same actions in the text notation. */
  lines: string[]
  events: GameEvent[]
  /** How many of the period's actions the batch used, and the period's total so far. */
  counted: number
  used: number
  /** The team said it has finished this period's maintenance. */
  done: boolean
  team: unknown
}
export interface ShowPayload {
  /** The catalogue scenario whose map the show is played on. */
  scenario: string
  gameId: string | null
  seats: CampaignShowGame['seats']
  lineUp: unknown
  /** Fewer than two teams could field: no show this round. */
  noShow: CampaignRefusal | null
  /** The show's scenario as the catalogue would list it (its title, the sides' names), for emails and pages. */
  summary?: ScenarioSummary
}
export interface SettledPayload {
  gameId: string | null
  winner: string | null
  reason: string
  events: GameEvent[]
  /** Every team after the settlement, by entry id. */
  teams: Record<string, unknown>
}
export interface ClosedPayload {
  /** Net worth by entry id, highest first. */
  standings: Array<{ entryId: string; netWorth: number }>
}

export interface SeasonLogEntryRow {
  seq: number
  kind: SeasonLogKind
  round: number
  entryId: string | null
  userId: string | null
  payload: unknown
  rolls: DieRoll[]
  idempotencyKey: string | null
  prevHash: string
  hash: string
  createdAt: Date
}

export interface NewSeasonEntry {
  kind: SeasonLogKind
  round: number
  entryId?: string | null
  userId?: string | null
  payload: unknown
  rolls?: readonly DieRoll[]
  idempotencyKey?: string | null
}

/**
 * An entry's hash: SHA-256 of the previous hash and the canonical JSON of everything the entry says (season,
 * seq, kind, round, entrant, author, payload, rolls, time). Changing any entry breaks every later hash.
 */
export function seasonEntryHash(
  seasonId: string,
  prevHash: string,
  e: Omit<SeasonLogEntryRow, 'hash' | 'prevHash' | 'idempotencyKey'>,
): string {
  const body = canonicalJson({
    seasonId,
    seq: e.seq,
    kind: e.kind,
    round: e.round,
    entryId: e.entryId,
    userId: e.userId,
    payload: e.payload,
    rolls: e.rolls,
    createdAt: e.createdAt.toISOString(),
  })
  return createHash('sha256').update(prevHash).update('\n').update(body).digest('hex')
}

/**
 * Appends one entry after the season's last; the caller holds the season's row lock (lockSeason), so seq
 * and the chain cannot fork. Returns the entry written.
 */
export async function appendSeasonLog(tx: Tx, seasonId: string, e: NewSeasonEntry): Promise<SeasonLogEntryRow> {
  const s = await tx.season.findUniqueOrThrow({ where: { id: seasonId }, select: { logSeq: true, lastHash: true } })
  const row = {
    seq: s.logSeq + 1,
    kind: e.kind,
    round: e.round,
    entryId: e.entryId ?? null,
    userId: e.userId ?? null,
    // JSON round trip: what is hashed is exactly what PostgreSQL gives back.
    payload: JSON.parse(JSON.stringify(e.payload)) as unknown,
    rolls: (e.rolls ?? []).map((r) => ({ ...r })),
    createdAt: new Date(),
  }
  const hash = seasonEntryHash(seasonId, s.lastHash, row)
  await tx.seasonLogEntry.create({
    data: {
      seasonId,
      ...row,
      payload: row.payload as Prisma.InputJsonValue,
      rolls: row.rolls,
      idempotencyKey: e.idempotencyKey ?? null,
      prevHash: s.lastHash,
      hash,
    },
  })
  await tx.season.update({ where: { id: seasonId }, data: { logSeq: row.seq, lastHash: hash } })
  return { ...row, idempotencyKey: e.idempotencyKey ?? null, prevHash: s.lastHash, hash }
}

export async function readSeasonLog(
  db: Tx,
  seasonId: string,
  where: { entryId?: string; afterSeq?: number; kinds?: SeasonLogKind[] } = {},
): Promise<SeasonLogEntryRow[]> {
  const rows = await db.seasonLogEntry.findMany({
    where: {
      seasonId,
      ...(where.afterSeq !== undefined ? { seq: { gt: where.afterSeq } } : {}),
      ...(where.kinds ? { kind: { in: where.kinds } } : {}),
    },
    orderBy: { seq: 'asc' },
  })
  return rows.map((r) => ({
    seq: r.seq,
    kind: r.kind as SeasonLogKind,
    round: r.round,
    entryId: r.entryId,
    userId: r.userId,
    payload: r.payload,
    rolls: r.rolls as unknown as DieRoll[],
    idempotencyKey: r.idempotencyKey,
    prevHash: r.prevHash,
    hash: r.hash,
    createdAt: r.createdAt,
  }))
}

/** Each team as the log last wrote it, by entry id (START, then every ACTIONS and SETTLED after it). */
export function teamsOf(log: readonly SeasonLogEntryRow[]): Map<string, unknown> {
  const teams = new Map<string, unknown>()
  for (const e of log) {
    if (e.kind === 'START') for (const [id, t] of Object.entries((e.payload as StartPayload).teams)) teams.set(id, t)
    else if (e.kind === 'ACTIONS' && e.entryId) teams.set(e.entryId, (e.payload as ActionsPayload).team)
    else if (e.kind === 'SETTLED')
      for (const [id, t] of Object.entries((e.payload as SettledPayload).teams)) teams.set(id, t)
  }
  return teams
}

/** Where the chain breaks (null: every entry links to the one before and hashes to what it says). */
export function chainProblem(seasonId: string, log: readonly SeasonLogEntryRow[]): string | null {
  let prev = ''
  for (const [i, e] of log.entries()) {
    if (e.seq !== i + 1) return `entry ${i + 1} is numbered ${e.seq}`
    if (e.prevHash !== prev) return `entry ${e.seq} does not follow entry ${e.seq - 1}`
    if (seasonEntryHash(seasonId, prev, e) !== e.hash) return `entry ${e.seq} does not hash to what it says`
    prev = e.hash
  }
  return null
}

export const seasonReceipt = (e: Pick<SeasonLogEntryRow, 'seq' | 'hash'>) => receiptOf(e.seq, e.hash)

export interface CampaignRow {
  entryId: string
  userId: string
  name: string
  position: number
  netWorth: number
  withdrawn: boolean
}

/** The teams by net worth, highest first; equal net worth shares a position (then by entry order). */
export function campaignTable(
  people: Array<{ entryId: string; userId: string; name: string; status: string }>,
  teams: Map<string, unknown>,
  worth: (team: unknown) => number,
): CampaignRow[] {
  // Withdrawn teams after every team still in (docs/leagues.md), each group by net worth, then entry order.
  const rows = people
    .filter((p) => teams.has(p.entryId))
    .map((p, i) => ({ p, i, w: worth(teams.get(p.entryId)), out: p.status === 'withdrawn' ? 1 : 0 }))
    .sort((a, b) => a.out - b.out || b.w - a.w || a.i - b.i)
  return rows.map((r, i) => ({
    entryId: r.p.entryId,
    userId: r.p.userId,
    name: r.p.name,
    position: rows.findIndex((x) => x.w === r.w && x.out === r.out) + 1 || i + 1,
    netWorth: r.w,
    withdrawn: r.out === 1,
  }))
}

/**
 * Each team's shows: played, and won, drawn or lost by its side (the show's game outcome, as the settlement
 * recorded it), by entry id.
 */
export function showResults(
  log: readonly SeasonLogEntryRow[],
): Map<string, { played: number; won: number; drawn: number; lost: number }> {
  const out = new Map<string, { played: number; won: number; drawn: number; lost: number }>()
  for (const e of log) {
    if (e.kind !== 'SETTLED') continue
    const settled = e.payload as SettledPayload
    const show = log.findLast((x) => x.kind === 'SHOW' && x.round === e.round)?.payload as ShowPayload | undefined
    if (!show?.gameId || settled.gameId !== show.gameId) continue
    for (const seat of show.seats) {
      const r = out.get(seat.entrant) ?? { played: 0, won: 0, drawn: 0, lost: 0 }
      r.played++
      if (settled.winner === null) r.drawn++
      else if (settled.winner === seat.side) r.won++
      else r.lost++
      out.set(seat.entrant, r)
    }
  }
  return out
}
