// Creating, joining, starting and resigning games.
import { randomBytes } from 'node:crypto'
import { seedCommitment } from '../engine/dice.js'
import type { Db } from '../store/db.js'
import type { Prisma } from '../store/generated/client.js'
import { gameMetaRow, lockGameRow, type LockedGame } from '../store/games.js'
import { receiptOf, type NewEntry } from '../store/log.js'
import { Conflict, Forbidden, InvalidInput } from './errors.js'
import { hiddenFrom, noSuchGame } from './access.js'
import { ruleSystem, type ScenarioEntry, type ScenarioSummary } from '../rulesets/index.js'
import { normaliseEmail } from './moderation-access.js'
import { resignationWinner, type Folded } from './fold.js'
import { loadFolded } from './load.js'
import { forgetGameMeta } from './meta-cache.js'
import { afterCommit, commitPlan, planAppend } from './write.js'

export type Tx = Prisma.TransactionClient

/** What happens when a step's deadline passes with seats still to act (docs/notifications.md). */
export const MISSED_POLICIES = ['pass', 'extend-then-pass', 'moderator', 'forfeit'] as const
export type MissedPolicy = (typeof MISSED_POLICIES)[number]

export interface CreateGameInput {
  ruleset: string
  scenario: string
  title?: string
  players?: number
  options?: Record<string, string | number | boolean>
  phaseHours?: number
  missedPolicy?: MissedPolicy
  /** At most this many days in all that vacations may move the game's deadlines (a season's cap); none by default. */
  vacationDays?: number | null
  webhookUrl?: string
  private?: boolean
  seat?: string
  /** The email of an account to moderate the game (docs/moderation.md); it holds no seat in it. */
  gameMaster?: string
}

export const TX_OPTIONS = { maxWait: 15_000, timeout: 30_000 } as const

/** "2 players", "2, 3 or 4 players": the counts a scenario has seats for (never a range like "2–2"). */
export function playerCounts(counts: number[]): string {
  const sorted = [...new Set(counts)].sort((a, b) => a - b)
  const listed = sorted.length > 1 ? `${sorted.slice(0, -1).join(', ')} or ${sorted.at(-1)}` : String(sorted[0] ?? 'no')
  return `${listed} players`
}

/** The account a new game names its game master: not its creator, who takes a seat. */
async function gameMasterFor(db: Db, creatorId: string, email: string): Promise<string> {
  const found = await db.user.findUnique({ where: { email: normaliseEmail(email) }, select: { id: true } })
  if (!found)
    throw new InvalidInput(`no account has the email ${normaliseEmail(email)}: a game master needs an account`, {
      field: 'gameMaster',
    })
  if (found.id === creatorId)
    throw new InvalidInput('you take a seat in the game you create: name someone else its game master', {
      field: 'gameMaster',
    })
  return found.id
}

export async function createGame(db: Db, userId: string, input: CreateGameInput) {
  const system = ruleSystem(input.ruleset)
  if (!system) throw new InvalidInput(`unknown rule system "${input.ruleset}"`, { field: 'ruleset' })
  const scenario = system.scenarios().find((s) => s.summary.id === input.scenario)
  if (!scenario)
    throw new InvalidInput(`rule system ${system.id} has no scenario "${input.scenario}"`, { field: 'scenario' })
  const players = input.players ?? scenario.summary.players.min
  const layout = scenario.summary.seatLayouts.find((l) => l.players === players)
  if (!layout)
    throw new InvalidInput(
      `${scenario.summary.id} is for ${playerCounts(scenario.summary.seatLayouts.map((l) => l.players))}, ` +
        `not ${players}`,
      { field: 'players' },
    )
  for (const [id, value] of Object.entries(input.options ?? {})) {
    const spec = system.ruleset.optionSpecs.find((o) => o.id === id)
    if (!spec)
      throw new InvalidInput(
        `unknown option "${id}"; the options are ${system.ruleset.optionSpecs.map((o) => o.id).join(', ')}`,
        { field: `options.${id}` },
      )
    if (!spec.values.includes(value))
      throw new InvalidInput(`option ${id} must be one of ${spec.values.join(', ')}`, { field: `options.${id}` })
  }
  const mySeat = input.seat ?? layout.seats[0]!.id
  if (!layout.seats.some((s) => s.id === mySeat))
    throw new InvalidInput(`no seat "${mySeat}"; the seats are ${layout.seats.map((s) => s.id).join(', ')}`, {
      field: 'seat',
    })
  const gameMasterId = input.gameMaster === undefined ? null : await gameMasterFor(db, userId, input.gameMaster)
  const seed = randomBytes(32).toString('hex')
  const now = new Date()
  const game = await db.game.create({
    data: {
      ruleset: system.id,
      rulesVersion: system.ruleset.version,
      scenarioId: scenario.summary.id,
      title: input.title ?? `${scenario.summary.title}`,
      players,
      private: input.private ?? false,
      phaseHours: input.phaseHours ?? 24,
      missedPolicy: input.missedPolicy ?? 'pass',
      vacationDays: input.vacationDays ?? null,
      webhookUrl: input.webhookUrl ?? null,
      options: input.options ?? {},
      inviteCode: randomBytes(12).toString('base64url'),
      seed,
      seedCommitment: seedCommitment(seed),
      createdById: userId,
      gameMasterId,
      seats: {
        create: layout.seats.map((s) => ({
          seat: s.id,
          side: s.side,
          ...(s.id === mySeat ? { userId, joinedAt: now } : {}),
        })),
      },
    },
  })
  return game.id
}

/** The game row locked for this transaction: writers to one game queue here. */
export async function lockGame(tx: Tx, gameId: string): Promise<LockedGame> {
  const game = await lockGameRow(tx, gameId)
  if (!game) throw noSuchGame(gameId)
  return game
}

export interface JoinInput {
  seat?: string
  invite?: string
}

export async function joinGame(db: Db, userId: string, gameId: string, input: JoinInput, role: string | null = null) {
  const result = await db.$transaction(async (tx) => {
    const game = await lockGame(tx, gameId)
    const seats = await tx.seat.findMany({ where: { gameId }, orderBy: { seat: 'asc' } })
    if (hiddenFrom({ ...game, seats }, { userId, role }, input.invite)) throw noSuchGame(gameId)
    if (game.status !== 'OPEN')
      throw new Conflict(
        game.status === 'ACTIVE' ? 'this game is full: every seat is taken and it has started' : 'this game is over',
      )
    if (game.private && game.createdById !== userId && input.invite !== game.inviteCode)
      throw new Forbidden('this game is private: join it with its invite link')
    if (seats.some((s) => s.userId === userId)) throw new Conflict('you already hold a seat in this game')
    if (game.gameMasterId === userId)
      throw new Conflict("you are this game's game master: a game master moderates the game and holds no seat in it")
    const free = seats.filter((s) => !s.userId)
    const chosen = input.seat ? free.find((s) => s.seat === input.seat) : free[0]
    if (!chosen)
      throw new Conflict(
        input.seat
          ? `seat ${input.seat} is taken or does not exist; free seats: ${free.map((s) => s.seat).join(', ') || 'none'}`
          : 'every seat is taken',
      )
    await tx.seat.update({
      where: { gameId_seat: { gameId, seat: chosen.seat } },
      data: { userId, joinedAt: new Date() },
    })
    const started = free.length === 1 ? await startGame(tx, game) : null
    return { seat: chosen.seat, started, rulesVersion: game.rulesVersion }
  }, TX_OPTIONS)
  if (result.started) afterCommit({ id: gameId, rulesVersion: result.rulesVersion }, result.started)
  else forgetGameMeta(gameId)
  return result.seat
}

export interface SeatedGameInput {
  ruleset: string
  scenario: string
  title: string
  /** Plays the scenario's first side; `awayUserId` the other. */
  homeUserId: string
  awayUserId: string
  createdById: string
  phaseHours: number
  /** A missed-phase policy (MISSED_POLICIES; a season's default is 'forfeit'). */
  missedPolicy: string
  clubId: string | null
  seasonId: string | null
  /** The cap on vacation days in this game (a season's rule); null: the player's own bank only. */
  vacationDays: number | null
}

export interface SeatedGame {
  gameId: string
  /** The side each player holds. */
  homeSide: string
  awaySide: string
  deadlineAt: Date | null
  /** For gameStarted() once the transaction has committed. */
  started: { id: string; rulesVersion: string; folded: Folded }
}

/**
 * A two-player game with both seats already filled (a league fixture), started in the caller's
 * transaction. The scenario must have a two-player layout with one seat per side. After the commit,
 * call gameStarted(result.started) so the caches see the new game.
 */
export async function createSeatedGame(tx: Tx, input: SeatedGameInput): Promise<SeatedGame> {
  const system = ruleSystem(input.ruleset)
  if (!system) throw new InvalidInput(`unknown rule system "${input.ruleset}"`, { field: 'ruleset' })
  const scenario = system.scenarios().find((s) => s.summary.id === input.scenario)
  if (!scenario)
    throw new InvalidInput(`rule system ${system.id} has no scenario "${input.scenario}"`, { field: 'scenario' })
  const layout = twoSidedLayout(scenario.summary)
  if (!layout)
    throw new InvalidInput(`${scenario.summary.id} is not a game of one player against one`, { field: 'scenario' })
  const [homeSeat, awaySeat] = layout
  const made = await createFilledGame(tx, {
    ...input,
    scenario: null,
    scenarioId: scenario.summary.id,
    seats: [
      { seat: homeSeat.id, side: homeSeat.side, userId: input.homeUserId },
      { seat: awaySeat.id, side: awaySeat.side, userId: input.awayUserId },
    ],
    seasonRound: null,
  })
  return { ...made, homeSide: homeSeat.side, awaySide: awaySeat.side }
}

export interface FilledGameInput extends Omit<SeatedGameInput, 'scenario' | 'homeUserId' | 'awayUserId'> {
  /** The scenario's data when it is not one of the catalogue's (a campaign's show); null: the catalogue's. */
  scenario: ScenarioEntry | null
  scenarioId: string
  seats: Array<{ seat: string; side: string; userId: string }>
  /** A campaign season's round (the show's game). */
  seasonRound: number | null
}

/**
 * A game with every seat already filled, started in the caller's transaction: a league fixture, or a
 * campaign's show played on scenario data built for it (`input.scenario`, kept in the SETUP entry like any
 * scenario's data, so the game replays without the catalogue). After the commit, call gameStarted().
 */
export async function createFilledGame(
  tx: Tx,
  input: FilledGameInput,
): Promise<Omit<SeatedGame, 'homeSide' | 'awaySide'>> {
  const system = ruleSystem(input.ruleset)
  if (!system) throw new InvalidInput(`unknown rule system "${input.ruleset}"`, { field: 'ruleset' })
  const seed = randomBytes(32).toString('hex')
  const now = new Date()
  const game = await tx.game.create({
    data: {
      ruleset: system.id,
      rulesVersion: system.ruleset.version,
      scenarioId: input.scenarioId,
      title: input.title,
      players: input.seats.length,
      private: false,
      phaseHours: input.phaseHours,
      missedPolicy: input.missedPolicy,
      options: {},
      inviteCode: randomBytes(12).toString('base64url'),
      seed,
      seedCommitment: seedCommitment(seed),
      createdById: input.createdById,
      clubId: input.clubId,
      seasonId: input.seasonId,
      seasonRound: input.seasonRound,
      vacationDays: input.vacationDays,
      seats: { create: input.seats.map((s) => ({ seat: s.seat, side: s.side, userId: s.userId, joinedAt: now })) },
    },
    select: { id: true },
  })
  const locked = await lockGame(tx, game.id)
  const folded = await startGame(tx, locked, input.scenario?.data)
  const row = await tx.game.findUniqueOrThrow({ where: { id: game.id }, select: { deadlineAt: true } })
  return {
    gameId: game.id,
    deadlineAt: row.deadlineAt,
    started: { id: game.id, rulesVersion: locked.rulesVersion, folded },
  }
}

/** After the transaction that started a game (createSeatedGame) has committed: the caches learn of it. */
export function gameStarted(started: SeatedGame['started']): void {
  afterCommit({ id: started.id, rulesVersion: started.rulesVersion }, started.folded)
}

type Layout = ScenarioSummary['seatLayouts'][number]

/**
 * The seats of a one-against-one game: the two-player layout with one seat per side, the first side's
 * seat first. Null when the scenario has none.
 */
export function twoSidedLayout(summary: ScenarioSummary): [Layout['seats'][number], Layout['seats'][number]] | null {
  const layout = summary.seatLayouts.find((l) => l.players === 2)
  if (!layout || layout.seats.length !== 2) return null
  const first = summary.sides[0]?.id
  const home = layout.seats.find((s) => s.side === first)
  const away = layout.seats.find((s) => s !== home)
  if (!home || !away || home.side === away.side) return null
  return [home, away]
}

/** Every seat is taken: the SETUP entry begins the log, and the seed's hash is published. */
async function startGame(tx: Tx, game: LockedGame, data?: unknown): Promise<Folded> {
  const system = ruleSystem(game.ruleset)!
  const scenario = data !== undefined ? { data } : system.scenarios().find((s) => s.summary.id === game.scenarioId)
  if (!scenario) throw new Conflict(`scenario ${game.scenarioId} is no longer available on this server`)
  // The log itself names the dice seed's commitment, who holds each seat and the game master, so none
  // can be changed in the game's row later without /verify and every receipt noticing.
  const seats = await tx.seat.findMany({ where: { gameId: game.id }, orderBy: { seat: 'asc' } })
  const entry: NewEntry = {
    kind: 'SETUP',
    seat: null,
    userId: null,
    payload: {
      scenario: scenario.data,
      config: { players: game.players, options: game.options, rulesVersion: game.rulesVersion },
      seedCommitment: game.seedCommitment,
      seats: Object.fromEntries(seats.map((s) => [s.seat, s.userId])),
      gameMaster: game.gameMasterId,
    },
  }
  const plan = planAppend(game, null, [entry])
  // The row is locked by this transaction, so the conditional write cannot lose a race.
  if (!(await commitPlan(tx, plan, true))) throw new Conflict('the game changed while it was starting: try again')
  await tx.game.update({ where: { id: game.id }, data: { startedAt: plan.written[0]!.createdAt } })
  return plan.after
}

const RESIGN_ATTEMPTS = 3

/**
 * Resigning is valid at any step, so a lost race is simply retried on the newer position. Any seat
 * of a side resigns for the whole side (a team concedes together).
 */
export async function resign(db: Db, userId: string, gameId: string, role: string | null = null) {
  for (let attempt = 0; attempt < RESIGN_ATTEMPTS; attempt++) {
    const game = await gameMetaRow(db, gameId)
    if (!game || hiddenFrom(game, { userId, role })) throw noSuchGame(gameId)
    if (game.status !== 'ACTIVE')
      throw new Conflict(game.status === 'OPEN' ? 'the game has not started' : 'the game is over')
    const seat = game.seats.find((s) => s.userId === userId)
    if (!seat) throw new Forbidden('you hold no seat in this game')
    const winner = resignationWinner([...new Set(game.seats.map((s) => s.side))], seat.side)
    const folded = await loadFolded(db, game)
    const plan = planAppend(game, folded, [
      { kind: 'RESIGN', seat: seat.seat, userId, payload: { side: seat.side, winner } },
    ])
    if (await commitPlan(db, plan)) {
      const entry = plan.written[plan.written.length - 1]!
      return { outcome: plan.outcome, receipt: receiptOf(entry.seq, entry.hash) }
    }
  }
  throw new Conflict('the game is busy with other submissions: try again')
}
