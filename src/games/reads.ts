// What players and observers read: the summary, their view, their options, the log, the game at
// any past entry, and the proof of fair dice once the game is over.
import { createDice, seedCommitment, verifyRolls, type DieRoll } from '../engine/dice.js'
import type { Db } from '../store/db.js'
import { performance } from 'node:perf_hooks'
import { gameMetaRow, type GameMeta } from '../store/games.js'
import { canonicalJson, entriesBetween, entryHash, type Entry } from '../store/log.js'
import { conflict, forbidden, notFound } from '../http/problems.js'
import { hiddenFrom, isStaff, noSuchGame, type Caller } from './access.js'
import { applyEntry, type Folded, type ResolutionPayload } from './fold.js'
import { loadFolded, rulesetOf, type GameRow } from './load.js'

export type { Caller } from './access.js'

async function gameFor(db: Db, gameId: string, caller: Caller, invite?: string) {
  const game = await db.game.findUnique({ where: { id: gameId }, include: { seats: { include: { user: { select: { id: true, name: true } } }, orderBy: { seat: 'asc' } } } })
  if (!game || hiddenFrom(game, caller, invite)) throw noSuchGame(gameId)
  const mySeats = game.seats.filter((s) => caller.userId && s.userId === caller.userId)
  return { game, mySeats, staff: isStaff(caller) }
}

/** The seat whose eyes the caller sees through: their seat that must act, else their first. */
function viewerSeat(mySeats: Array<{ seat: string }>, pending: unknown): string | null {
  const acting = new Set((Array.isArray(pending) ? pending : []).flatMap((p: { seats?: string[] }) => p.seats ?? []))
  return mySeats.find((s) => acting.has(s.seat))?.seat ?? mySeats[0]?.seat ?? null
}

export interface SummaryOptions {
  /** The server's public address, for links. */
  publicUrl?: string
  /** An invite code from an invite link: shows a private game to the one invited. */
  invite?: string
}

export async function gameSummary(db: Db, gameId: string, caller: Caller, opts: SummaryOptions = {}) {
  const { game, mySeats } = await gameFor(db, gameId, caller, opts.invite)
  const base = opts.publicUrl ?? ''
  const canInvite = mySeats.length > 0 && game.status === 'OPEN'
  const pending = (game.pending ?? []) as Array<{ side: string; step: string; seats: string[]; description: string }>
  const seatInfo = (id: string) => game.seats.find((s) => s.seat === id)
  const deadline = game.status === 'ACTIVE' ? (game.deadlineAt?.toISOString() ?? null) : null
  return {
    id: game.id, title: game.title, ruleset: game.ruleset, rulesVersion: game.rulesVersion, scenario: game.scenarioId,
    status: game.status, private: game.private, players: game.players, phaseHours: game.phaseHours, missedPolicy: game.missedPolicy, options: game.options,
    createdAt: game.createdAt.toISOString(), startedAt: game.startedAt?.toISOString() ?? null, finishedAt: game.finishedAt?.toISOString() ?? null,
    seats: game.seats.map((s) => ({ seat: s.seat, side: s.side, player: s.user ? { id: s.user.id, name: s.user.name } : null })),
    logSeq: game.logSeq,
    pending: pending.map((p) => ({ ...p, players: p.seats.map((id) => seatInfo(id)?.user?.name ?? null) })),
    deadline,
    seedCommitment: game.status === 'OPEN' ? null : game.seedCommitment,
    outcome: game.outcome,
    yourSeats: mySeats.map((s) => s.seat),
    invite: canInvite ? game.inviteCode : null,
    /** Share this link: it shows the game (even a private one) and how to take a seat. */
    inviteUrl: canInvite ? `${base}/games/${game.id}?invite=${encodeURIComponent(game.inviteCode)}` : null,
    freeSeats: game.status === 'OPEN' ? game.seats.filter((s) => !s.userId).map((s) => ({ seat: s.seat, side: s.side })) : [],
    join: game.status === 'OPEN' && mySeats.length === 0 ? { method: 'POST', url: `${base}/games/${game.id}/join`, body: { invite: opts.invite ?? null, seat: '(optional) one of freeSeats' } } : null,
  }
}

async function foldedFor(db: Db, game: GameRow, at?: number): Promise<Folded> {
  if (at !== undefined && (at < 1 || at > game.logSeq)) throw notFound(`the log has entries 1 to ${game.logSeq}`)
  const f = await loadFolded(db, game, at)
  if (!f) throw conflict('the game has not started: every seat must be taken first')
  return f
}

// Views are read far more often than games move: keep the game's row briefly (refreshed by this
// node's own writes at once, by other nodes' within META_TTL_MS) and each rendered view per position.
const META_TTL_MS = 1000
const metaCache = new Map<string, { at: number; meta: GameMeta }>()
const viewCache = new Map<string, string>()

export function forgetGameMeta(gameId: string): void {
  metaCache.delete(gameId)
}

async function cachedMeta(db: Db, gameId: string): Promise<GameMeta> {
  const hit = metaCache.get(gameId)
  const now = performance.now()
  if (hit && now - hit.at < META_TTL_MS) return hit.meta
  const meta = await gameMetaRow(db, gameId)
  if (!meta) throw noSuchGame(gameId)
  metaCache.set(gameId, { at: now, meta })
  if (metaCache.size > 5000) metaCache.delete(metaCache.keys().next().value!)
  return meta
}

/** Whose eyes the caller may look through, at which position: the checks every view and map share. */
export async function viewAccess(db: Db, gameId: string, caller: Caller, at?: number): Promise<{ meta: GameMeta; seat: string | null; seq: number }> {
  const meta = await cachedMeta(db, gameId)
  if (hiddenFrom(meta, caller)) throw noSuchGame(gameId)
  const mySeats = meta.seats.filter((s) => caller.userId && s.userId === caller.userId)
  const staff = isStaff(caller)
  if (at !== undefined && mySeats.length === 0 && !staff) throw forbidden('past positions are for the players of this game')
  if (meta.logSeq === 0) throw conflict('the game has not started: every seat must be taken first')
  if (at !== undefined && (at < 1 || at > meta.logSeq)) throw notFound(`the log has entries 1 to ${meta.logSeq}`)
  return { meta, seat: viewerSeat(mySeats, meta.pending), seq: at ?? meta.logSeq }
}

/** The caller's view as a JSON string (rendered once per game position and seat). */
export async function gameView(db: Db, gameId: string, caller: Caller, at?: number): Promise<string> {
  const { meta, seat, seq } = await viewAccess(db, gameId, caller, at)
  const key = `${gameId}:${seq}:${seat ?? ''}`
  const cached = viewCache.get(key)
  if (cached) return cached
  const f = await foldedFor(db, meta, at)
  const ruleset = rulesetOf(meta)
  const side = ruleset.seats(f.state).find((s) => s.id === seat)?.side
  // Only your side's submissions for the step still being played.
  const teammates = new Set(ruleset.seats(f.state).filter((s) => s.side === side).map((s) => s.id))
  const submitted = Object.fromEntries(Object.entries(f.submitted).filter(([s]) => teammates.has(s)))
  const body = JSON.stringify({ seq: f.seq, seat, view: ruleset.view(f.state, seat), submitted })
  viewCache.set(`${gameId}:${f.seq}:${seat ?? ''}`, body)
  if (viewCache.size > 2000) viewCache.delete(viewCache.keys().next().value!)
  return body
}

export async function gameOptions(db: Db, gameId: string, caller: Caller, wanted?: string) {
  const { game, mySeats } = await gameFor(db, gameId, caller)
  if (mySeats.length === 0) throw forbidden('options are for the players of this game')
  const seat = wanted ?? viewerSeat(mySeats, game.pending)!
  if (!mySeats.some((s) => s.seat === seat)) throw forbidden(`seat ${seat} is not yours`)
  const f = await foldedFor(db, game)
  return { seq: f.seq, seat, alreadySubmitted: f.submitted[seat] !== undefined, options: rulesetOf(game).options(f.state, seat) }
}

export async function gameLog(db: Db, gameId: string, caller: Caller, after: number, limit: number) {
  const { game, mySeats, staff } = await gameFor(db, gameId, caller)
  const entries = await db.logEntry.findMany({ where: { gameId, seq: { gt: after } }, orderBy: { seq: 'asc' }, take: limit })
  const lastResolution = await db.logEntry.findFirst({ where: { gameId, kind: 'RESOLUTION' }, orderBy: { seq: 'desc' }, select: { seq: true } })
  const mySides = new Set(mySeats.map((s) => s.side))
  const sideOf = new Map(game.seats.map((s) => [s.seat, s.side]))
  const open = game.status === 'FINISHED'
  return {
    entries: entries.map((e) => {
      // Orders of a step not yet resolved stay sealed from the other side.
      const sealed = e.kind === 'ORDERS' && !open && !staff && e.seq > (lastResolution?.seq ?? 0) && !mySides.has(sideOf.get(e.seat ?? '') ?? '')
      return { seq: e.seq, kind: e.kind, seat: e.seat, createdAt: e.createdAt.toISOString(), payload: sealed ? { sealed: true } : e.payload, prevHash: e.prevHash, hash: e.hash }
    }),
    next: entries.length === limit ? entries[entries.length - 1]!.seq : null,
  }
}

export interface VerifyReport {
  gameId: string
  seed: string
  seedCommitment: string
  commitmentOk: boolean
  entries: number
  hashChainOk: boolean
  brokenLinks: Array<{ seq: number; problem: string }>
  rolls: number
  rollsOk: boolean
  rollMismatches: unknown[]
  replayOk: boolean
  replayMismatches: Array<{ seq: number; problem: string }>
  ok: boolean
}

/** After the game: the seed, the hash chain, every roll re-derived and the whole log replayed. */
export async function verifyGame(db: Db, gameId: string, caller: Caller): Promise<VerifyReport> {
  const { game } = await gameFor(db, gameId, caller)
  if (game.status !== 'FINISHED') throw conflict('the dice seed is revealed when the game is over; until then only its hash is published')
  const rows = await entriesBetween(db, gameId, 0)
  const brokenLinks = chainProblems(rows)
  const rolls = rows.flatMap((e) => (e.kind === 'RESOLUTION' ? ((e.payload as ResolutionPayload).rolls as DieRoll[]) : []))
  const dice = verifyRolls(game.seed, game.seedCommitment, rolls)
  const replayMismatches = replayProblems(game, rows)
  const commitmentOk = seedCommitment(game.seed) === game.seedCommitment
  return {
    gameId, seed: game.seed, seedCommitment: game.seedCommitment, commitmentOk,
    entries: rows.length, hashChainOk: brokenLinks.length === 0, brokenLinks,
    rolls: rolls.length, rollsOk: dice.ok, rollMismatches: dice.mismatches,
    replayOk: replayMismatches.length === 0, replayMismatches,
    ok: commitmentOk && brokenLinks.length === 0 && dice.ok && replayMismatches.length === 0,
  }
}

export function chainProblems(rows: Entry[]): Array<{ seq: number; problem: string }> {
  const problems: Array<{ seq: number; problem: string }> = []
  let prev = ''
  rows.forEach((e, i) => {
    if (e.seq !== i + 1) problems.push({ seq: e.seq, problem: `expected entry ${i + 1}` })
    if (e.prevHash !== prev) problems.push({ seq: e.seq, problem: 'does not link to the entry before it' })
    if (entryHash(e.prevHash, e) !== e.hash) problems.push({ seq: e.seq, problem: 'its content does not match its hash: it was altered' })
    prev = e.hash
  })
  return problems
}

function replayProblems(game: GameRow, rows: Entry[]): Array<{ seq: number; problem: string }> {
  const problems: Array<{ seq: number; problem: string }> = []
  const ruleset = rulesetOf(game)
  let f: Folded | null = null
  for (const e of rows) {
    try {
      if (e.kind === 'RESOLUTION' && f) {
        const p = e.payload as ResolutionPayload
        const replay = ruleset.resolve(f.state, p.submissions, createDice(game.seed, e.seq))
        if (canonicalJson(replay.events) !== canonicalJson(p.events)) problems.push({ seq: e.seq, problem: 'replaying the orders gives other events than recorded' })
      }
      f = applyEntry(ruleset, game.seed, f, e)
    } catch (err) {
      problems.push({ seq: e.seq, problem: `replay failed: ${(err as Error).message}` })
      break
    }
  }
  return problems
}
