// What players and observers read: the summary, their view, their options, the log, the game at
// any past entry, and the proof of fair dice once the game is over.
import { createDice, seedCommitment, verifyRolls, type DieRoll } from '../engine/dice.js'
import { rulesVersionProblem, type GameEvent, type Outcome, type Pending } from '../engine/ruleset.js'
import { ruleSystem } from '../rulesets/index.js'
import type { Db } from '../store/db.js'
import { LRUCache } from 'lru-cache'
import { cachedMeta, freshMeta } from './meta-cache.js'
import type { GameMeta } from '../store/games.js'
import {
  allSnapshots,
  canonicalJson,
  entriesBetween,
  entryCommitment,
  entryHash,
  leafCommitment,
  leafSalt,
  payloadLeaves,
  receiptOf,
  RECEIPT_HEX,
  type Entry,
  type StoredSnapshot,
} from '../store/log.js'
import { Conflict, Forbidden, InvalidInput, NotFound } from './errors.js'
import { describeOutcomeIn, describePending, localiseOptions } from './words.js'
import { DEFAULT_LOCALE, type Locale } from '../i18n/index.js'
import { hiddenFrom, noSuchGame, type Caller } from './access.js'
import { canModerate, hiddenFromCaller, moderatorAccount } from './moderation-access.js'
import { lineageOf } from './corrections.js'
import type { AnyRuleset } from '../rulesets/contract.js'
import {
  applyEntry,
  CORRECTION_KINDS,
  ordersOf,
  pastFromEntries,
  outcomeOf,
  pendingOf,
  forfeitWinner,
  resignationWinner,
  splitOrders,
  submissionsOf,
  type CorrectionPayload,
  type ForfeitPayload,
  type Folded,
  type OrdersPayload,
  type ResignPayload,
  type ResolutionPayload,
  type SetupPayload,
} from './fold.js'
import { heldDeadline } from './deadlines.js'
import type { MissedPolicy } from './lifecycle.js'
import { loadFolded, rulesetOf, snapshotProblem, type GameRow } from './load.js'
import { disputesOnLog, withDisputes, type RulingPayload } from './disputes.js'

export type { Caller } from './access.js'

async function gameFor(db: Db, gameId: string, caller: Caller, invite?: string) {
  const game = await db.game.findUnique({
    where: { id: gameId },
    include: {
      seats: { include: { user: { select: { id: true, name: true } } }, orderBy: { seat: 'asc' } },
      gameMaster: { select: { id: true, name: true } },
    },
  })
  if (!game || (hiddenFrom(game, caller, invite) && (await hiddenFromCaller(db, game, caller))))
    throw noSuchGame(gameId)
  const mySeats = game.seats.filter((s) => caller.userId && s.userId === caller.userId)
  // Its moderators read what players may not, so never in a game where they hold a seat (canModerate).
  const staff = mySeats.length === 0 && canModerate(await moderatorAccount(db, caller.userId), game)
  return { game, mySeats, staff }
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
  /** The reader's language, for the words of who must act (default English). */
  locale?: Locale
}

/**
 * The rules version the game plays now: the one the last rules migration in its log moved it to
 * (rules-migration.ts), else the one it started with (its row).
 */
async function playsRulesVersion(db: Db, game: { id: string; rulesVersion: string }): Promise<string> {
  const rows = await db.$queryRaw<Array<{ to: string }>>`
    SELECT payload->>'to' AS "to" FROM "LogEntry"
     WHERE "gameId" = ${game.id}::uuid AND kind = 'MODERATION' AND payload->>'action' = 'rules-version'
     ORDER BY seq DESC LIMIT 1`
  return rows[0]?.to ?? game.rulesVersion
}

export async function gameSummary(db: Db, gameId: string, caller: Caller, opts: SummaryOptions = {}) {
  const { game, mySeats } = await gameFor(db, gameId, caller, opts.invite)
  const base = opts.publicUrl ?? ''
  const canInvite = mySeats.length > 0 && game.status === 'OPEN'
  const pending = (game.pending ?? []) as unknown as Pending[]
  const seatInfo = (id: string) => game.seats.find((s) => s.seat === id)
  const deadline = game.status === 'ACTIVE' ? (game.deadlineAt?.toISOString() ?? null) : null
  // A deadline in the past is explained: it waits while a seat's phase email has not gone out.
  const held =
    game.status === 'ACTIVE'
      ? await heldDeadline(
          db,
          game,
          pending.flatMap((p) => p.seats),
        )
      : null
  return {
    id: game.id,
    title: game.title,
    ruleset: game.ruleset,
    rulesVersion: game.rulesVersion,
    playsRulesVersion: await playsRulesVersion(db, game),
    scenario: game.scenarioId,
    status: game.status,
    private: game.private,
    players: game.players,
    phaseHours: game.phaseHours,
    missedPolicy: game.missedPolicy as MissedPolicy,
    options: game.options as Record<string, string | number | boolean>,
    createdAt: game.createdAt.toISOString(),
    startedAt: game.startedAt?.toISOString() ?? null,
    finishedAt: game.finishedAt?.toISOString() ?? null,
    seats: game.seats.map((s) => ({
      seat: s.seat,
      side: s.side,
      player: s.user ? { id: s.user.id, name: s.user.name } : null,
    })),
    gameMaster: game.gameMaster ? { id: game.gameMaster.id, name: game.gameMaster.name } : null,
    pausedAt: game.pausedAt?.toISOString() ?? null,
    logSeq: game.logSeq,
    // Who must still act, and who of the same side already has.
    pending: describePending(game.ruleset, pending, opts.locale ?? DEFAULT_LOCALE).map((p) => ({
      ...p,
      players: p.seats.map((id) => seatInfo(id)?.user?.name ?? null),
      submitted: p.submitted ?? [],
      submittedPlayers: (p.submitted ?? []).map((id) => seatInfo(id)?.user?.name ?? null),
    })),
    deadline,
    ...(held
      ? {
          deadlineHeld: {
            ...held,
            why:
              `the deadline waits while the phase email to ${held.seats.join(', ')} has not gone out, ` +
              `until ${held.until} at most`,
          },
        }
      : {}),
    seedCommitment: game.status === 'OPEN' ? null : game.seedCommitment,
    outcome: describeOutcomeIn(game.ruleset, game.outcome as Outcome | null, opts.locale ?? DEFAULT_LOCALE),
    yourSeats: mySeats.map((s) => s.seat),
    invite: canInvite ? game.inviteCode : null,
    /** Share this link: it shows the game (even a private one) and how to take a seat. */
    inviteUrl: canInvite ? `${base}/games/${game.id}?invite=${encodeURIComponent(game.inviteCode)}` : null,
    freeSeats:
      game.status === 'OPEN' ? game.seats.filter((s) => !s.userId).map((s) => ({ seat: s.seat, side: s.side })) : [],
    join:
      game.status === 'OPEN' && mySeats.length === 0
        ? {
            method: 'POST' as const,
            url: `${base}/games/${game.id}/join`,
            body: { invite: opts.invite ?? null, seat: '(optional) one of freeSeats' },
          }
        : null,
  }
}

async function foldedFor(db: Db, game: GameRow, at?: number): Promise<Folded> {
  if (at !== undefined && (at < 1 || at > game.logSeq)) throw new NotFound(`the log has entries 1 to ${game.logSeq}`)
  const f = await loadFolded(db, game, at)
  if (!f) throw new Conflict('the game has not started: every seat must be taken first')
  return f
}

// Views are read far more often than games move: each rendered view is kept per position (the game's
// row is kept briefly too, in meta-cache.ts), as the UTF-8 bytes the API sends: a string body would be
// measured and encoded again for every answer (a view is some 12 kB).
const viewCache = new LRUCache<string, Buffer>({ max: 2000 })

/** Whose eyes the caller may look through, at which position: the checks every view and map share. */
export async function viewAccess(
  db: Db,
  gameId: string,
  caller: Caller,
  at?: number,
  as?: string,
): Promise<{ meta: GameMeta; seat: string | null; seq: number }> {
  let meta = await cachedMeta(db, gameId)
  // Written meanwhile by another process (the kept row lives META_TTL_MS): the row itself says.
  if (at !== undefined && at > meta.logSeq) meta = await freshMeta(db, gameId)
  // (hiddenFromCaller asks hiddenFrom first: asked here, a public game costs no promise.)
  if (hiddenFrom(meta, caller) && (await hiddenFromCaller(db, meta, caller))) throw noSuchGame(gameId)
  const { mySeats, ownSeat } = seatingIn(meta, caller.userId)
  // A moderator of the game (who holds no seat in it) may look at any position, through any seat's eyes.
  const staff =
    mySeats.length === 0 &&
    (at !== undefined || as !== undefined) &&
    canModerate(await moderatorAccount(db, caller.userId), meta)
  // Once the game is over its whole log is open to whoever may see the game (gameLog), and so are its positions.
  if (at !== undefined && mySeats.length === 0 && !staff && meta.status !== 'FINISHED')
    throw new Forbidden('past positions are for the players and moderators of this game until it is over')
  if (as !== undefined && !staff && !mySeats.some((s) => s.seat === as))
    throw new Forbidden(
      mySeats.length
        ? `seat ${as} is not yours: players see the game only through their own seats`
        : "other seats' views are for the moderators of this game",
      { field: 'as' },
    )
  if (meta.logSeq === 0) throw new Conflict('the game has not started: every seat must be taken first')
  if (at !== undefined && (at < 1 || at > meta.logSeq)) throw new NotFound(`the log has entries 1 to ${meta.logSeq}`)
  if (as !== undefined && !meta.seats.some((s) => s.seat === as))
    throw new NotFound(`this game has no seat ${as}: ${meta.seats.map((s) => s.seat).join(', ')}`, { field: 'as' })
  return { meta, seat: as ?? ownSeat, seq: at ?? meta.logSeq }
}

interface Seating {
  mySeats: GameMeta['seats']
  /** The seat whose eyes its holder sees through by default (viewerSeat). */
  ownSeat: string | null
}
/**
 * Each account's seats in a kept game row, worked out once per row and account: a polling client asks
 * again and again of the same row (rows are read, never changed, and a new row is a new object).
 */
const seatings = new WeakMap<GameMeta, Map<string | null, Seating>>()

function seatingIn(meta: GameMeta, userId: string | null): Seating {
  let byUser = seatings.get(meta)
  if (!byUser) seatings.set(meta, (byUser = new Map()))
  let seating = byUser.get(userId)
  if (!seating) {
    const mySeats = meta.seats.filter((s) => userId && s.userId === userId)
    seating = { mySeats, ownSeat: viewerSeat(mySeats, meta.pending) }
    byUser.set(userId, seating)
  }
  return seating
}

/** The view with who must act and how the game ended in the reader's language. */
function wordedView(ruleset: string, view: unknown, locale: Locale): unknown {
  if (!view || typeof view !== 'object') return view
  const v = view as { pending?: unknown; outcome?: unknown }
  const outcome = v.outcome as Outcome | null | undefined
  return {
    ...view,
    ...(Array.isArray(v.pending) ? { pending: describePending(ruleset, v.pending as Pending[], locale) } : {}),
    ...(outcome && typeof outcome.reason === 'string' ? { outcome: describeOutcomeIn(ruleset, outcome, locale) } : {}),
  }
}

/** The caller's view as a JSON string (rendered once per game position, seat and language). */
export async function gameView(
  db: Db,
  gameId: string,
  caller: Caller,
  at?: number,
  locale: Locale = DEFAULT_LOCALE,
  as?: string,
): Promise<string> {
  return (await gameViewBytes(db, gameId, caller, at, locale, as)).toString('utf8')
}

/** The same JSON as UTF-8 bytes, as kept: the API's GET /view sends them as they are. */
export async function gameViewBytes(
  db: Db,
  gameId: string,
  caller: Caller,
  at?: number,
  locale: Locale = DEFAULT_LOCALE,
  as?: string,
): Promise<Buffer> {
  const { meta, seat, seq } = await viewAccess(db, gameId, caller, at, as)
  const key = `${gameId}:${seq}:${seat ?? ''}:${locale}`
  const cached = viewCache.get(key)
  if (cached) return cached
  const f = await foldedFor(db, meta, at)
  const ruleset = rulesetOf(meta)
  const side = ruleset.seats(f.state).find((s) => s.id === seat)?.side
  // Only your side's submissions for the step still being played, and of those, a teammate's
  // private orders (standing orders) stay theirs.
  const teammates = new Set(
    ruleset
      .seats(f.state)
      .filter((s) => s.side === side)
      .map((s) => s.id),
  )
  const submitted = Object.fromEntries(
    Object.entries(f.submitted)
      .filter(([s]) => teammates.has(s))
      .map(([s, orders]) => [s, s === seat ? orders : splitOrders(ruleset, orders).open]),
  )
  const view: unknown = ruleset.view(f.state, seat)
  // A view that lists who must act and how the game ended (both systems' do) says it in the reader's language.
  const worded = wordedView(meta.ruleset, view, locale)
  const body = Buffer.from(JSON.stringify({ seq: f.seq, seat, view: worded, submitted }), 'utf8')
  viewCache.set(`${gameId}:${f.seq}:${seat ?? ''}:${locale}`, body)
  return body
}

export async function gameOptions(
  db: Db,
  gameId: string,
  caller: Caller,
  wanted?: string,
  locale: Locale = DEFAULT_LOCALE,
) {
  const { game, mySeats } = await gameFor(db, gameId, caller)
  if (mySeats.length === 0) throw new Forbidden('options are for the players of this game')
  const seat = wanted ?? viewerSeat(mySeats, game.pending)!
  if (!mySeats.some((s) => s.seat === seat)) throw new Forbidden(`seat ${seat} is not yours`)
  const f = await foldedFor(db, game)
  return {
    seq: f.seq,
    seat,
    alreadySubmitted: f.submitted[seat] !== undefined,
    options: localiseOptions(game.ruleset, rulesetOf(game).options(f.state, seat), locale),
  }
}

/** Who reads the log: which leaves of an entry they may open (docs/verification.md). */
interface Reader {
  seats: Set<string>
  sides: Set<string>
  /** A moderator or admin without a seat in this game; over: the game has ended. Both read everything. */
  all: boolean
  /** Entries up to this position belong to steps already resolved. */
  resolvedUpTo: number
  /**
   * With corrections in the log: whether the step of these orders was resolved (orders a correction set
   * aside before any resolution stay sealed from the other side). Without: resolvedUpTo says it.
   */
  resolved?: (seq: number) => boolean
  sideOf: Map<string, string>
}

function mayRead(e: Entry, leaf: string, r: Reader): boolean {
  if (r.all) return true
  if (leaf.startsWith('private:')) return r.seats.has(leaf.slice('private:'.length))
  // Orders of a step not yet resolved stay sealed from the other side.
  if (e.kind !== 'ORDERS' || r.sides.has(r.sideOf.get(e.seat ?? '') ?? '')) return true
  return r.resolved ? r.resolved(e.seq) : e.seq <= r.resolvedUpTo
}

/**
 * An entry as one reader may see it: every field its hash covers, each leaf's commitment, and the salt
 * of each leaf they may open. An opened leaf's value is in `payload` (the body: the payload less its
 * `private` field; a private leaf: `payload.private[seat]`), so no value is sent twice.
 */
function readableEntry(e: Entry, r: Reader) {
  const head = {
    seq: e.seq,
    kind: e.kind,
    seat: e.seat,
    userId: e.userId,
    createdAt: e.createdAt.toISOString(),
    prevHash: e.prevHash,
    hash: e.hash,
  }
  if (e.salt === null) {
    // Written before salting: the hash covers the payload in the clear.
    return { ...head, payload: mayRead(e, 'body', r) ? e.payload : { sealed: true } }
  }
  const values = payloadLeaves(e.payload)
  const leaves: Record<string, { commitment: string; salt?: string }> = {}
  const sealed: string[] = []
  const privates: Record<string, unknown> = {}
  for (const [name, value] of Object.entries(values)) {
    const salt = leafSalt(e.salt, name)
    const commitment = leafCommitment(salt, value)
    if (!mayRead(e, name, r)) {
      leaves[name] = { commitment }
      sealed.push(name)
      continue
    }
    leaves[name] = { commitment, salt }
    if (name !== 'body') privates[name.slice('private:'.length)] = value
  }
  const commitment = entryCommitment(Object.fromEntries(Object.entries(leaves).map(([n, l]) => [n, l.commitment])))
  const split = Object.keys(values).length > 1
  const payload = sealed.includes('body')
    ? null
    : split
      ? { ...(values.body as object), private: privates }
      : values.body
  return { ...head, commitment, leaves, sealed, payload }
}

/**
 * What each readable entry with events tells, one sentence a line, in the reader's language: the rule system's
 * narrator, naming units and sides from one view of the game (the reader's, at the page's last entry).
 */
function narrations(game: GameRow, f: Folded | null, seat: string | null, locale: Locale) {
  const system = ruleSystem(game.ruleset)
  let view: unknown = null
  try {
    view = f ? rulesetOf(game).view(f.state, seat) : null
  } catch {
    view = null // a state of no shape the rules make: no narration
  }
  return (payload: unknown): { narration: string[] } | Record<string, never> => {
    const events = (payload as { events?: unknown } | null)?.events
    if (!Array.isArray(events) || !system || !view) return {}
    try {
      return { narration: system.narrate(events as GameEvent[], view, locale) }
    } catch {
      // Events of no shape the rules write (a tampered or damaged entry): the entry shows as stored, untold;
      // /verify names it.
      return {}
    }
  }
}

export async function gameLog(
  db: Db,
  gameId: string,
  caller: Caller,
  after: number,
  limit: number,
  locale: Locale = DEFAULT_LOCALE,
) {
  const { game, mySeats, staff } = await gameFor(db, gameId, caller)
  const rows = await entriesBetween(db, gameId, after, after + limit)
  const lastResolution = await db.logEntry.findFirst({
    where: { gameId, kind: 'RESOLUTION' },
    orderBy: { seq: 'desc' },
    select: { seq: true },
  })
  // A log with corrections is a tree: what is set aside, and which orders were resolved, come from it.
  const lines = await lineageOf(db, gameId)
  const aside = lines?.supersededBy ?? new Map<number, number>()
  const reader: Reader = {
    seats: new Set(mySeats.map((s) => s.seat)),
    sides: new Set(mySeats.map((s) => s.side)),
    all: staff || game.status === 'FINISHED',
    resolvedUpTo: lastResolution?.seq ?? 0,
    ...(lines ? { resolved: (seq: number) => lines.resolved(seq) } : {}),
    sideOf: new Map(game.seats.map((s) => [s.seat, s.side])),
  }
  const disputes = await disputesOnLog(db, game, caller, rows)
  const last = rows[rows.length - 1]
  // A log that does not fold (damaged or tampered: /verify names where) is shown as stored, untold.
  let folded: Folded | null = null
  if (last && rows.some((e) => e.kind === 'RESOLUTION' || e.kind === 'CORRECTION'))
    try {
      folded = await loadFolded(db, game, last.seq)
    } catch {
      folded = null
    }
  const told = narrations(game, folded, viewerSeat(mySeats, game.pending), locale)
  return {
    entries: rows.map((e) => {
      const by = aside.get(e.seq)
      const entry = readableEntry(e, reader)
      return withDisputes(
        { ...entry, ...told(entry.payload), ...(by !== undefined ? { supersededBy: by } : {}) },
        disputes.get(e.seq),
      )
    }),
    next: rows.length === limit && rows[rows.length - 1]!.seq < game.logSeq ? rows[rows.length - 1]!.seq : null,
    head: game.logSeq
      ? { seq: game.logSeq, hash: game.lastHash, receipt: receiptOf(game.logSeq, game.lastHash) }
      : null,
  }
}

type Problems = Array<{ seq: number; problem: string }>

export interface VerifyReport {
  gameId: string
  status: GameRow['status']
  /** The dice seed, revealed once the game is over (null before). */
  seed: string | null
  seedCommitment: string
  commitmentOk: boolean
  entries: number
  head: { seq: number; hash: string; receipt: string } | null
  hashChainOk: boolean
  brokenLinks: Problems
  /** The game's row (position, head hash, who must act, outcome) and its emails agree with the log. */
  recordOk: boolean
  recordProblems: string[]
  /**
   * Every entry is one the rules allow where it stands (orders by a seat that had to act, resolutions of
   * exactly the orders logged).
   */
  rulesOk: boolean
  ruleProblems: Problems
  rolls: number
  rollsOk: boolean
  /** Rolls the seed does not give: where, and once the game is over, the faces recorded and derived. */
  rollMismatches: Array<{ seq: number; index: number; recorded?: number; derived?: number }>
  replayOk: boolean
  replayMismatches: Problems
  snapshots: number
  snapshotsOk: boolean
  snapshotProblems: Problems
  /** With ?receipt=: whether that receipt is a prefix of today's log. */
  receipt?: { receipt: string; ok: boolean; problem: string | null }
  ok: boolean
}

const RECEIPT = new RegExp(`^(\\d{1,9}):([0-9a-f]{${RECEIPT_HEX},64})$`)

/**
 * Everything the server can check about a game's record: the hash chain, the game's row against the
 * log, every entry against the rules, every roll, the replay, every snapshot, and a receipt a player
 * kept. While the game runs the seed stays secret: the report says whether the rolls match it, and
 * shows it once the game is over.
 */
export async function verifyGame(db: Db, gameId: string, caller: Caller, receipt?: string): Promise<VerifyReport> {
  const { game } = await gameFor(db, gameId, caller)
  const match = receipt === undefined ? null : RECEIPT.exec(receipt.trim().toLowerCase())
  if (receipt !== undefined && (!match || Number(match[1]) < 1))
    throw new InvalidInput(
      `a receipt is "position:hash", e.g. "12:${'0'.repeat(RECEIPT_HEX)}": ` +
        `the position, a colon and at least ${RECEIPT_HEX} hex digits of the hash`,
      { field: 'receipt' },
    )
  const rows = await entriesBetween(db, gameId, 0)
  const snapshots = await allSnapshots(db, gameId)
  const brokenLinks = chainProblems(rows)
  // Every roll the log records: resolutions', and re-resolves' (drawn at the correction's own position).
  const rolls = rows.flatMap((e) =>
    e.kind === 'RESOLUTION' || (e.kind === 'CORRECTION' && (e.payload as CorrectionPayload).kind === 'reresolve')
      ? (((e.payload as ResolutionPayload).rolls ?? []) as DieRoll[])
      : [],
  )
  const dice = verifyRolls(game.seed, game.seedCommitment, rolls)
  const replay = replayLog(game, rows, snapshots)
  const recordProblems = [
    ...replay.recordProblems,
    ...(await disputeProblems(db, gameId, rows)),
    ...(await emailProblems(db, gameId, rows.length)),
  ]
  const commitmentOk = seedCommitment(game.seed) === game.seedCommitment
  const last = rows[rows.length - 1]
  const receiptCheck = match ? checkReceipt(rows, Number(match[1]), match[2]!, receipt!.trim()) : undefined
  const report: VerifyReport = {
    gameId,
    status: game.status,
    seed: game.status === 'FINISHED' ? game.seed : null,
    seedCommitment: game.seedCommitment,
    commitmentOk,
    entries: rows.length,
    head: last ? { seq: last.seq, hash: last.hash, receipt: receiptOf(last.seq, last.hash) } : null,
    hashChainOk: brokenLinks.length === 0,
    brokenLinks,
    recordOk: recordProblems.length === 0,
    recordProblems,
    rulesOk: replay.ruleProblems.length === 0,
    ruleProblems: replay.ruleProblems,
    rolls: rolls.length,
    rollsOk: dice.ok,
    rollMismatches:
      game.status === 'FINISHED' ? dice.mismatches : dice.mismatches.map((m) => ({ seq: m.seq, index: m.index })),
    replayOk: replay.mismatches.length === 0,
    replayMismatches: replay.mismatches,
    snapshots: snapshots.length,
    snapshotsOk: replay.snapshotProblems.length === 0,
    snapshotProblems: replay.snapshotProblems,
    ...(receiptCheck ? { receipt: receiptCheck } : {}),
    ok: false,
  }
  report.ok =
    commitmentOk &&
    report.hashChainOk &&
    report.recordOk &&
    report.rulesOk &&
    dice.ok &&
    report.replayOk &&
    report.snapshotsOk &&
    (receiptCheck?.ok ?? true)
  return report
}

/** A receipt that does not match is either mistyped, from another game, or proof of a rewrite: say so. */
function checkReceipt(
  rows: Entry[],
  seq: number,
  prefix: string,
  receipt: string,
): { receipt: string; ok: boolean; problem: string | null } {
  const entry = rows[seq - 1]
  if (!entry || entry.seq !== seq) {
    return {
      receipt,
      ok: false,
      problem:
        `the log has no entry ${seq} (it has ${rows.length}): ` +
        'if this receipt was given by this game (in an email or an answer), entries were removed since; ' +
        'check that it is copied right and is for this game',
    }
  }
  if (!entry.hash.startsWith(prefix)) {
    return {
      receipt,
      ok: false,
      problem:
        `entry ${seq} has another hash: ` +
        'if this receipt was given by this game (in an email or an answer), the log up to it was rewritten since; ' +
        'check that it is copied right and is for this game',
    }
  }
  return { receipt, ok: true, problem: null }
}

/** Emails were sent about positions the log must still hold. */
async function emailProblems(db: Db, gameId: string, entries: number): Promise<string[]> {
  const rows = await db.$queryRaw<Array<{ seq: number | null }>>`
    SELECT GREATEST((SELECT max((payload->>'seq')::int) FROM "Outbox"
                      WHERE "gameId" = ${gameId}::uuid AND payload ? 'seq' AND jsonb_typeof(payload->'seq') = 'number'),
                    (SELECT max(seq) FROM "Notification" WHERE "gameId" = ${gameId}::uuid)) AS seq`
  const seq = rows[0]?.seq ?? null
  return seq !== null && seq > entries
    ? [`emails were sent about log entry ${seq}, but the log ends at ${entries}: entries were removed`]
    : []
}

export function chainProblems(rows: Entry[]): Problems {
  const problems: Problems = []
  let prev = ''
  const salted = rows[0]?.salt !== null
  rows.forEach((e, i) => {
    if (e.seq !== i + 1) problems.push({ seq: e.seq, problem: `expected entry ${i + 1}` })
    if (e.prevHash !== prev) problems.push({ seq: e.seq, problem: 'does not link to the entry before it' })
    // A game begun with salted entries keeps them: an unsalted one was written by someone else.
    if (salted && e.salt === null)
      problems.push({ seq: e.seq, problem: 'it has no salt, unlike the entries before it: it was rewritten' })
    if (entryHash(e.prevHash, e) !== e.hash)
      problems.push({ seq: e.seq, problem: 'its content does not match its hash: it was altered' })
    prev = e.hash
  })
  return problems
}

/**
 * Replays the log with the rules: each entry must be one the rules allow where it stands, each
 * resolution must give the recorded events and rolls, each snapshot must be the fold it claims, and
 * the game's row must be where the log ends.
 */
function replayLog(
  game: GameRow & {
    pending: unknown
    outcome: unknown
    seedCommitment: string
    gameMasterId: string | null
    pausedAt: Date | null
    seats: Array<{ seat: string; side: string; userId: string | null }>
  },
  rows: Entry[],
  snapshots: StoredSnapshot[],
) {
  const ruleProblems: Problems = []
  const mismatches: Problems = []
  const snapshotProblems: Problems = []
  const recordProblems: string[] = []
  const ruleset = rulesetOf(game)
  // A game is only ever replayed under the rules it was played with: one this server no longer plays stops here.
  const versionProblem = rulesVersionProblem(ruleset, game.rulesVersion)
  if (versionProblem) recordProblems.push(`the game cannot be replayed: ${versionProblem}`)
  const bySeq = new Map(snapshots.map((s) => [s.seq, s]))
  for (const s of snapshots)
    if (s.seq > rows.length)
      snapshotProblems.push({ seq: s.seq, problem: `a snapshot of entry ${s.seq}, beyond the end of the log` })
  const sides = [...new Set(game.seats.map((s) => s.side))]
  let f: Folded | null = null
  let holders: Record<string, string | null> | null = null
  // Rollbacks and re-resolves continue from earlier folds of the same log.
  const past = pastFromEntries(ruleset, game, rows)
  for (const e of rows) {
    try {
      if (e.kind === 'SETUP' && !f) {
        // The log names the seed's commitment and the seat holders; the game's row must agree.
        const p = e.payload as SetupPayload
        if (p.seedCommitment === undefined) {
          if (e.salt !== null) recordProblems.push('the SETUP entry names no seed commitment')
        } else if (p.seedCommitment !== game.seedCommitment)
          recordProblems.push(
            "the game's dice seed commitment is not the one its SETUP entry published: the seed was replaced",
          )
        holders = p.seats ?? null
        // Games started before the SETUP entry named the game master do not say.
        if (p.gameMaster !== undefined && p.gameMaster !== game.gameMasterId)
          recordProblems.push(
            `the game says its game master is ${game.gameMasterId ?? 'no one'}, ` +
              `but its SETUP entry named ${p.gameMaster ?? 'no one'}: the game master was replaced`,
          )
        if (p.config.rulesVersion !== undefined && p.config.rulesVersion !== game.rulesVersion)
          recordProblems.push(
            `the game says it plays rules version "${game.rulesVersion}", ` +
              `but its SETUP entry set it up under "${p.config.rulesVersion}"`,
          )
      }
      const correction = e.kind === 'CORRECTION' ? (e.payload as CorrectionPayload) : null
      // After the end, only a new result (adjudicate) or a ruling on a dispute (it changes nothing).
      const afterEnd =
        correction?.kind !== 'adjudicate' &&
        !(e.kind === 'MODERATION' && (e.payload as Partial<RulingPayload> | null)?.action === 'ruling')
      const problem =
        f && outcomeOf(ruleset, f) && afterEnd
          ? 'an entry after the game ended'
          : (entryProblem(ruleset, sides, game.seats, f, e) ??
            authorProblem(holders, e) ??
            (correction ? correctionProblem(ruleset, rows, e, correction) : null))
      if (problem) ruleProblems.push({ seq: e.seq, problem })
      if (correction?.kind === 'replace-player' && holders && correction.seat && correction.to)
        holders = { ...holders, [correction.seat]: correction.to }
      if (correction?.kind === 'reresolve' && correction.seq !== undefined) {
        const replay = ruleset.resolve(
          past(correction.seq - 1).state,
          submissionsOf(correction as ResolutionPayload),
          createDice(game.seed, e.seq),
        )
        if (canonicalJson(replay.events) !== canonicalJson(correction.events))
          mismatches.push({ seq: e.seq, problem: 'resolving the orders again gives other events than recorded' })
        if (canonicalJson(replay.rolls) !== canonicalJson(correction.rolls))
          mismatches.push({ seq: e.seq, problem: 'resolving the orders again gives other rolls than recorded' })
      }
      if (e.kind === 'RESOLUTION' && f) {
        const p = e.payload as ResolutionPayload
        const replay = ruleset.resolve(f.state, submissionsOf(p), createDice(game.seed, e.seq))
        if (canonicalJson(replay.events) !== canonicalJson(p.events))
          mismatches.push({ seq: e.seq, problem: 'replaying the orders gives other events than recorded' })
        if (canonicalJson(replay.rolls) !== canonicalJson(p.rolls))
          mismatches.push({ seq: e.seq, problem: 'replaying the orders gives other rolls than recorded' })
      }
      f = applyEntry(ruleset, game, f, e, past)
    } catch (err) {
      mismatches.push({ seq: e.seq, problem: `replay failed: ${(err as Error).message}` })
      return { ruleProblems, mismatches, snapshotProblems, recordProblems }
    }
    const snapshot = bySeq.get(e.seq)
    if (snapshot) {
      const problem =
        snapshotProblem(game.id, snapshot, e.hash) ??
        (canonicalJson(snapshot.state) !== canonicalJson(f) ? 'its state is not the fold of the log up to it' : null)
      if (problem) snapshotProblems.push({ seq: e.seq, problem })
    }
  }
  if (holders) {
    for (const s of game.seats)
      if ((holders[s.seat] ?? null) !== s.userId)
        recordProblems.push(`seat ${s.seat} is held by another account than the log's SETUP names`)
  }
  const last = rows[rows.length - 1]
  const paused = pausedByLog(rows)
  if (paused !== (game.pausedAt !== null))
    recordProblems.push(
      paused
        ? `the log leaves the game paused (entry ${lastPauseOrResume(rows)}), but the game says it is not`
        : `the game says it is paused since ${game.pausedAt!.toISOString()}, but ` +
            (lastPauseOrResume(rows) === null
              ? 'no correction in its log paused it'
              : `the log resumed it (entry ${lastPauseOrResume(rows)})`),
    )
  if ((last?.seq ?? 0) !== game.logSeq)
    recordProblems.push(`the game says its log ends at entry ${game.logSeq}, but the log ends at ${last?.seq ?? 0}`)
  if ((last?.hash ?? '') !== game.lastHash)
    recordProblems.push("the game's head hash is not the hash of the last log entry")
  if (f) {
    const outcome = outcomeOf(ruleset, f)
    if (canonicalJson(outcome) !== canonicalJson(game.outcome ?? null))
      recordProblems.push(
        `the game's outcome is ${JSON.stringify(game.outcome ?? null)}, the log's is ${JSON.stringify(outcome)}`,
      )
    if ((outcome !== null) !== (game.status === 'FINISHED'))
      recordProblems.push(`the game is ${game.status}, but the log ${outcome ? 'has ended it' : 'has not ended it'}`)
    // Who must act, and in which step: the description is words, which a later server may say otherwise.
    const acting = (list: readonly Pending[]) =>
      canonicalJson(list.map(({ side, step, seats, sealed }) => ({ side, step, seats, sealed })))
    if (!outcome && acting((game.pending ?? []) as Pending[]) !== acting(pendingOf(ruleset, f)))
      recordProblems.push("the game's list of who must act is not the log's")
  } else if (game.status !== 'OPEN') recordProblems.push(`the game is ${game.status}, but its log is empty`)
  return { ruleProblems, mismatches, snapshotProblems, recordProblems }
}

/**
 * The last pause or resume correction of the log, or null when there is none. In log order, not on the
 * line of play: a pause holds until a resume, and a rollback made while paused (which sets the pause
 * entry aside) leaves the game paused, as the server does.
 */
function lastPauseOrResume(rows: Entry[]): number | null {
  const kindOf = (e: Entry) => (e.kind === 'CORRECTION' ? (e.payload as CorrectionPayload | null)?.kind : undefined)
  return rows.findLast((e) => kindOf(e) === 'pause' || kindOf(e) === 'resume')?.seq ?? null
}

/** Whether the log leaves the game paused: its last pause or resume is a pause. */
function pausedByLog(rows: Entry[]): boolean {
  const seq = lastPauseOrResume(rows)
  return seq !== null && (rows[seq - 1]?.payload as CorrectionPayload).kind === 'pause'
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

/** What the log says of a dispute: the CORRECTION that settled it, or the MODERATION entry of a no-change ruling. */
interface RulingEntry {
  seq: number
  dispute: string
  ruling: 'correction' | 'no-change'
  /** Who ruled, as the log records it: the moderator (null for a correction the players agreed). */
  by: string | null
  /** The entry disputed, as the log records it (in a ruling entry, and a correction's disputeSeq). */
  disputed?: number
  reason?: string
}

function rulingEntries(rows: Entry[]): RulingEntry[] {
  const found: RulingEntry[] = []
  for (const e of rows) {
    if (e.kind === 'CORRECTION') {
      const p = e.payload as Partial<CorrectionPayload> | null
      if (typeof p?.dispute === 'string')
        found.push({
          seq: e.seq,
          dispute: p.dispute,
          ruling: 'correction',
          by: p.moderator ?? null,
          ...(typeof p.disputeSeq === 'number' ? { disputed: p.disputeSeq } : {}),
        })
    } else if (e.kind === 'MODERATION') {
      const p = e.payload as Partial<RulingPayload> | null
      if (p?.action === 'ruling' && typeof p.dispute === 'string')
        found.push({
          seq: e.seq,
          dispute: p.dispute,
          ruling: 'no-change',
          by: e.userId,
          disputed: p.seq,
          reason: p.reason,
        })
    }
  }
  return found
}

/**
 * The disputes' rows against the log (they are outside the hash chain): every entry that rules on a
 * dispute must find it ruled that way, about that entry, and every ruled dispute must have its entry.
 */
async function disputeProblems(db: Db, gameId: string, rows: Entry[]): Promise<string[]> {
  const entries = rulingEntries(rows)
  const named = [...new Set(entries.map((r) => r.dispute))].filter((id) => UUID.test(id))
  const disputes = await db.dispute.findMany({
    where: { OR: [{ gameId }, { id: { in: named } }] },
    select: {
      id: true,
      gameId: true,
      seq: true,
      status: true,
      ruling: true,
      rulingReason: true,
      correctionSeq: true,
      ruledById: true,
    },
    orderBy: [{ createdAt: 'asc' }, { id: 'asc' }],
  })
  const byId = new Map(disputes.map((d) => [d.id, d]))
  const problems: string[] = []
  for (const r of entries) {
    const what =
      r.ruling === 'correction'
        ? `the correction at entry ${r.seq} settles dispute ${r.dispute}`
        : `the ruling at entry ${r.seq} (no change) is on dispute ${r.dispute}`
    const d = byId.get(r.dispute)
    if (!d) problems.push(`${what}, which does not exist: it was removed`)
    else if (d.gameId !== gameId) problems.push(`${what}, which is about another game`)
    else if (d.status !== 'ruled') problems.push(`${what}, but the dispute is ${d.status}: it was reopened`)
    else if (d.ruling !== r.ruling)
      problems.push(`${what}, but the dispute records a ruling of ${JSON.stringify(d.ruling)}: its ruling was changed`)
    else if (r.ruling === 'correction' && d.correctionSeq !== r.seq)
      problems.push(`${what}, but the dispute names entry ${d.correctionSeq ?? 'none'} as its correction`)
    else if (r.ruling === 'no-change' && d.rulingReason !== r.reason)
      problems.push(`${what}, but the dispute records another reason than the log's: its reason was changed`)
    if (d && d.gameId === gameId && r.disputed !== undefined && d.seq !== r.disputed)
      problems.push(`${what}, a dispute of entry ${r.disputed}, but the dispute says it is about entry ${d.seq}`)
    if (d && d.gameId === gameId && r.by !== null && d.ruledById !== r.by)
      problems.push(`${what} by account ${r.by}, but the dispute names another moderator: it was changed`)
  }
  for (const d of disputes) {
    if (d.gameId === gameId && d.status !== 'ruled' && (d.ruling !== null || d.ruledById !== null))
      problems.push(`dispute ${d.id} is ${d.status} but records a ruling: it was changed`)
    if (d.gameId !== gameId || d.status !== 'ruled') continue
    const ruled = entries.some(
      (r) => r.dispute === d.id && r.ruling === d.ruling && (r.ruling === 'no-change' || r.seq === d.correctionSeq),
    )
    if (ruled) continue
    const settled = entries.some((r) => r.dispute === d.id)
    if (!settled)
      problems.push(
        `dispute ${d.id} says it was ruled (${d.ruling ?? 'no ruling'}), but no entry of the log rules on it`,
      )
  }
  return problems
}

/** Why an entry could not have been written where it stands, or null. */
function entryProblem(
  ruleset: AnyRuleset,
  sides: string[],
  seats: Array<{ seat: string; side: string }>,
  f: Folded | null,
  e: Entry,
): string | null {
  if (e.kind === 'SETUP') return f ? 'a second SETUP' : null
  if (!f) return `a ${e.kind} entry before the game's SETUP`
  const pendingSeats = ruleset.pending(f.state).flatMap((p) => p.seats)
  switch (e.kind) {
    case 'ORDERS': {
      const seat = e.seat ?? ''
      if (!pendingSeats.includes(seat)) return `orders from seat ${seat}, which had nothing to decide`
      if (f.submitted[seat] !== undefined) return `a second set of orders from seat ${seat} for the same step`
      const errors = ruleset.validate(f.state, seat, ordersOf(e.payload as OrdersPayload, seat), f.submitted)
      return errors.length ? `orders the rules refuse: ${errors[0]!.rule} ${errors[0]!.message}` : null
    }
    case 'RESOLUTION': {
      const missing = pendingSeats.filter((s) => f.submitted[s] === undefined)
      if (missing.length) return `a resolution before ${missing.join(', ')} submitted`
      return canonicalJson(submissionsOf(e.payload as ResolutionPayload)) === canonicalJson(sortedKeys(f.submitted))
        ? null
        : 'its submissions are not the orders logged before it'
    }
    case 'RESIGN': {
      const p = e.payload as ResignPayload
      const side = seats.find((s) => s.seat === e.seat)?.side
      if (!side || p.side !== side) return `a resignation for side ${p.side} by seat ${e.seat}, which is not on it`
      const winner = resignationWinner(sides, side)
      return p.winner === winner
        ? null
        : `a resignation of ${side} naming ${p.winner ?? 'no one'} the winner; the winner is ${winner ?? 'no one'}`
    }
    case 'TIMEOUT':
      return (e.payload as { event?: string } | null)?.event === 'forfeit'
        ? forfeitProblem(
            sides,
            seats,
            pendingSeats.filter((s) => f.submitted[s] === undefined),
            e.payload as ForfeitPayload,
          )
        : null
    default:
      return null
  }
}

/** Why a game lost on time could not have been: the late seats, the sides they name, the winner must agree. */
function forfeitProblem(
  sides: string[],
  seats: Array<{ seat: string; side: string }>,
  missing: string[],
  p: ForfeitPayload,
): string | null {
  if (!Array.isArray(p.seats) || !Array.isArray(p.sides)) return 'a loss on time that names no seats or sides'
  if (canonicalJson([...p.seats].sort()) !== canonicalJson([...missing].sort()))
    return (
      `a loss on time of ${p.seats.join(', ') || 'no seat'}; ` +
      `the seats still to act were ${missing.join(', ') || 'none'}`
    )
  const late = sides.filter((side) => seats.some((s) => s.side === side && missing.includes(s.seat)))
  if (canonicalJson([...p.sides].sort()) !== canonicalJson([...late].sort()))
    return `a loss on time of side ${p.sides.join(', ')}; the late sides were ${late.join(', ')}`
  const winner = forfeitWinner(sides, late)
  return p.winner === winner
    ? null
    : `a loss on time naming ${p.winner ?? 'no one'} the winner; the winner is ${winner ?? 'no one'}`
}

/** Why a CORRECTION entry could not stand where it does, or null. */
function correctionProblem(ruleset: AnyRuleset, rows: Entry[], e: Entry, p: CorrectionPayload): string | null {
  if (typeof p.reason !== 'string' || !p.reason.trim()) return 'a correction without a reason'
  switch (p.kind) {
    case 'rollback':
      return Number.isInteger(p.toSeq) && p.toSeq! >= 1 && p.toSeq! < e.seq
        ? null
        : `a rollback to entry ${String(p.toSeq)}, which is not an earlier entry`
    case 'reresolve': {
      const target = Number.isInteger(p.seq) ? rows[p.seq! - 1] : undefined
      if (!target || target.seq !== p.seq || target.kind !== 'RESOLUTION' || target.seq >= e.seq)
        return `a re-resolve of entry ${String(p.seq)}, which is not an earlier RESOLUTION`
      return canonicalJson(submissionsOf(p as ResolutionPayload)) ===
        canonicalJson(submissionsOf(target.payload as ResolutionPayload))
        ? null
        : `a re-resolve of entry ${p.seq} with other orders than it resolved`
    }
    case 'adjust':
      return Array.isArray(p.changes) && p.changes.length > 0 ? null : 'an adjustment that changes nothing'
    case 'replace-player':
      return p.seat && p.to ? null : 'a change of player that names no seat or no new player'
    case 'adjudicate':
      return p.winner === undefined ? 'an adjudication that names no result' : null
    default:
      return (CORRECTION_KINDS as readonly string[]).includes(p.kind)
        ? null
        : `an unknown correction "${String(p.kind)}"`
  }
}

/** Orders and resignations are written by the account holding the seat (the SETUP entry names them). */
function authorProblem(holders: Record<string, string | null> | null, e: Entry): string | null {
  if (!holders || (e.kind !== 'ORDERS' && e.kind !== 'RESIGN') || e.userId === null) return null
  return holders[e.seat ?? ''] === e.userId
    ? null
    : `${e.kind === 'ORDERS' ? 'orders' : 'a resignation'} for seat ${e.seat} by an account that does not hold it`
}

function sortedKeys<T>(o: Record<string, T>): Record<string, T> {
  return Object.fromEntries(
    Object.keys(o)
      .sort()
      .map((k) => [k, o[k]!]),
  )
}
