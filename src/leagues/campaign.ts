// A campaign season (docs/campaigns.md): each entrant is a team of the rule system's campaign. Round k is a
// maintenance period (each team sends its actions until the period's deadline, or until every team has
// said it is done), then show k: a game of the teams that can field, on a scenario built from them, whose
// end is settled into the teams. After the last show the season is finished. Every step locks the season's
// row, appends to its hash-chained log (campaign-log.ts), and rolls the season's own verifiable dice at the
// entry's position, so the teams and every roll can be re-derived once the seed is revealed at the end.
import { createHash } from 'node:crypto'
import { createDice, verifyRolls } from '../engine/dice.js'
import type { GameEvent } from '../engine/ruleset.js'
import { Conflict, Forbidden, IdempotencyKeyReused, InvalidInput, NotFound, OrdersRefused } from '../games/errors.js'
import { createFilledGame, gameStarted, type SeatedGame, type Tx } from '../games/lifecycle.js'
import { loadFolded } from '../games/load.js'
import type { Locale } from '../i18n/index.js'
import { ruleSystem, type CampaignRefusal, type CampaignTeam, type RuleCampaign } from '../rulesets/index.js'
import type { Db } from '../store/db.js'
import type { Prisma } from '../store/generated/client.js'
import { canonicalJson } from '../store/log.js'
import { gameMetaRow } from '../store/games.js'
import type { OutboxPayload } from '../store/outbox.js'
import {
  appendSeasonLog,
  readSeasonLog,
  teamsOf,
  type ActionsPayload,
  type SeasonLogEntryRow,
  type SettledPayload,
  type ShowPayload,
  campaignTable,
  chainProblem,
} from './campaign-log.js'
import { scenarioFor } from './fixtures.js'
import { entrantsOf, lockSeason, SEASON_TX, type Actor, type CampaignSettings, type SeasonRow } from './seasons.js'

/** The most actions one batch may carry (a period has 5 counted; free ones come on top). */
export const MAX_ACTIONS_PER_BATCH = 50
/** The longest text of actions, in characters. */
export const MAX_ACTIONS_TEXT = 10_000

type Started = SeatedGame['started']

export function campaignOf(ruleset: string): RuleCampaign {
  const c = ruleSystem(ruleset)?.campaign
  if (!c) throw new Conflict(`rule system ${ruleset} has no campaign`)
  return c
}

function settingsOf(s: SeasonRow): CampaignSettings {
  if (s.format !== 'campaign' || !s.campaign) throw new Conflict('this season is not a campaign')
  return s.campaign as unknown as CampaignSettings
}

async function mailFields(tx: Tx, s: SeasonRow) {
  const club = await tx.club.findUniqueOrThrow({ where: { id: s.clubId }, select: { name: true } })
  return { seasonId: s.id, seasonName: s.name, clubId: s.clubId, clubName: club.name }
}

/** Where each team stands in a maintenance period: actions used, and whether it said it was done. */
export function periodState(
  log: readonly SeasonLogEntryRow[],
  round: number,
): Map<string, { used: number; done: boolean }> {
  const out = new Map<string, { used: number; done: boolean }>()
  for (const e of log) {
    if (e.kind !== 'ACTIONS' || e.round !== round || !e.entryId) continue
    const p = e.payload as ActionsPayload
    const was = out.get(e.entryId) ?? { used: 0, done: false }
    out.set(e.entryId, { used: was.used + p.counted, done: was.done || p.done })
  }
  return out
}

// ---------------------------------------------------------------------------------------------------
// The start, the periods, the shows and the settlement (all in the caller's transaction, season locked)
// ---------------------------------------------------------------------------------------------------

/** The start (rounds.ts startSeason, the season locked): every entrant's new team, and period 1. */
export async function startCampaign(tx: Tx, s: SeasonRow, entryIds: string[], now: Date): Promise<Started[]> {
  const settings = settingsOf(s)
  const c = campaignOf(s.ruleset)
  const teams = Object.fromEntries(entryIds.map((id) => [id, c.newTeam(id, settings.rules)]))
  await appendSeasonLog(tx, s.id, {
    kind: 'START',
    round: 0,
    payload: { shows: settings.shows, rules: settings.rules, teams },
  })
  await tx.season.update({ where: { id: s.id }, data: { status: 'running', startedAt: now } })
  return openPeriod(tx, s.id, 1, now)
}

/** Maintenance period `round` opens: its deadline, the log's PERIOD entry, and each team's email. */
async function openPeriod(tx: Tx, seasonId: string, round: number, now: Date): Promise<Started[]> {
  const s = await tx.season.findUniqueOrThrow({ where: { id: seasonId } })
  const settings = settingsOf(s)
  const endsAt = new Date(now.getTime() + s.phaseHours * 3_600_000)
  await tx.season.update({ where: { id: seasonId }, data: { round, stage: 'maintenance', stageEndsAt: endsAt } })
  await appendSeasonLog(tx, seasonId, { kind: 'PERIOD', round, payload: { endsAt: endsAt.toISOString() } })
  const teams = teamsOf(await readSeasonLog(tx, seasonId))
  const fields = await mailFields(tx, s)
  const entered = (await entrantsOf(tx, seasonId)).filter((e) => e.status === 'entered')
  if (entered.length > 0)
    await tx.outbox.createMany({
      data: entered.map((e) => {
        const payload: OutboxPayload<'campaign-period'> = {
          ...fields,
          to: [e.userId],
          ruleset: s.ruleset,
          entryId: e.entryId,
          round,
          shows: settings.shows,
          endsAt: endsAt.toISOString(),
          team: teams.get(e.entryId) ?? null,
          rules: settings.rules ?? null,
        }
        return {
          kind: 'campaign-period',
          payload: payload as Prisma.InputJsonObject,
          dedupeKey: `campaign-period:${seasonId}:${round}:${e.entryId}`,
        }
      }),
      skipDuplicates: true,
    })
  // A campaign with fewer than two teams still in it cannot show: the period closes at once.
  if (entered.length < 2) return closePeriod(tx, seasonId, now)
  return []
}

/**
 * The period closes (its deadline passed, or every team is done): the show's line-up is drawn with the
 * season's dice and its game created and started, every seat filled; no show (fewer than two teams can
 * field) is settled at once.
 */
export async function closePeriod(tx: Tx, seasonId: string, now: Date): Promise<Started[]> {
  const s = await tx.season.findUniqueOrThrow({ where: { id: seasonId } })
  const settings = settingsOf(s)
  const c = campaignOf(s.ruleset)
  const teams = teamsOf(await readSeasonLog(tx, seasonId))
  const people = await entrantsOf(tx, seasonId)
  const entered = people.filter((e) => e.status === 'entered')
  const scenario = scenarioFor(
    { scenarios: s.scenarios as string[], scenarioChoice: s.scenarioChoice, seed: s.seed },
    { round: s.round, divisionIndex: 0, board: 1 },
  )
  const dice = createDice(s.seed, s.logSeq + 1)
  const title = `${s.name} · show ${s.round}`
  const out = c.show(
    entered.map((e) => ({ entrant: e.entryId, team: teams.get(e.entryId) })),
    { rules: settings.rules, scenario, dice, title },
  )
  if ('noShow' in out) {
    const payload: ShowPayload = { scenario, gameId: null, seats: [], lineUp: null, noShow: out.noShow }
    await appendSeasonLog(tx, seasonId, { kind: 'SHOW', round: s.round, payload, rolls: dice.rolls })
    return settleRound(tx, seasonId, null, now)
  }
  const userOf = new Map(people.map((e) => [e.entryId, e]))
  const game = await createFilledGame(tx, {
    ruleset: s.ruleset,
    scenario: out.game.scenario,
    scenarioId: out.game.scenario.summary.id,
    seats: out.game.seats.map((x) => ({ seat: x.seat, side: x.side, userId: userOf.get(x.entrant)!.userId })),
    title,
    createdById: s.createdById,
    phaseHours: s.phaseHours,
    missedPolicy: s.missedPolicy,
    clubId: s.clubId,
    seasonId,
    vacationDays: s.vacationDays,
    seasonRound: s.round,
  })
  const payload: ShowPayload = {
    scenario,
    gameId: game.gameId,
    seats: out.game.seats,
    lineUp: out.game.lineUp,
    noShow: null,
    summary: out.game.scenario.summary,
  }
  await appendSeasonLog(tx, seasonId, { kind: 'SHOW', round: s.round, payload, rolls: dice.rolls })
  await tx.season.update({ where: { id: seasonId }, data: { stage: 'show', stageEndsAt: null } })
  const sideName = new Map(out.game.scenario.summary.sides.map((x) => [x.id, x.name]))
  const fixture: OutboxPayload<'season-fixture'> = {
    ...(await mailFields(tx, s)),
    to: out.game.seats.map((x) => userOf.get(x.entrant)!.userId),
    round: s.round,
    gameId: game.gameId,
    scenario: out.game.scenario.summary.id,
    players: out.game.seats.map((x) => ({
      userId: userOf.get(x.entrant)!.userId,
      name: userOf.get(x.entrant)!.name,
      side: sideName.get(x.side) ?? x.side,
    })),
    deadline: game.deadlineAt?.toISOString() ?? null,
  }
  await tx.outbox.create({ data: { gameId: game.gameId, kind: 'season-fixture', payload: fixture } })
  return [game.started]
}

/** What the show's game left: its final state, the events of its last resolution, and its outcome. */
async function showFinal(tx: Tx, gameId: string) {
  const game = await gameMetaRow(tx, gameId)
  if (!game) throw new Error(`campaign: the show's game ${gameId} is gone`)
  const folded = await loadFolded(tx, game)
  const row = await tx.game.findUniqueOrThrow({ where: { id: gameId }, select: { outcome: true } })
  const last = await tx.logEntry.findFirst({
    where: { gameId, kind: { in: ['RESOLUTION', 'CORRECTION'] } },
    orderBy: { seq: 'desc' },
    select: { payload: true },
  })
  const events = ((last?.payload as { events?: unknown } | null)?.events ?? []) as GameEvent[]
  const outcome = (row.outcome ?? folded?.verdict ?? null) as { winner?: string | null; reason?: string } | null
  return {
    state: folded?.state ?? null,
    events: Array.isArray(events) ? events : [],
    winner: outcome?.winner ?? null,
    reason: outcome?.reason ?? 'the game ended',
  }
}

/**
 * The show of the current round is settled (`final` null: there was none): every team, withdrawn or not
 * (interest falls due all the same), then the next period opens, or after the last show the season ends.
 */
async function settleRound(
  tx: Tx,
  seasonId: string,
  final: (Awaited<ReturnType<typeof showFinal>> & { gameId: string }) | null,
  now: Date,
): Promise<Started[]> {
  const s = await tx.season.findUniqueOrThrow({ where: { id: seasonId } })
  const settings = settingsOf(s)
  const c = campaignOf(s.ruleset)
  const log = await readSeasonLog(tx, seasonId)
  const teams = teamsOf(log)
  const show = log.findLast((e) => e.kind === 'SHOW' && e.round === s.round)?.payload as ShowPayload | undefined
  const dice = createDice(s.seed, s.logSeq + 1)
  const given: CampaignTeam[] = [...teams].map(([entrant, team]) => ({ entrant, team }))
  const r = c.settle(given, show?.lineUp ?? null, final, { rules: settings.rules, dice })
  const payload: SettledPayload = {
    gameId: final?.gameId ?? null,
    winner: final?.winner ?? null,
    reason: final?.reason ?? show?.noShow?.message ?? 'no show',
    events: r.events,
    teams: Object.fromEntries(r.teams.map((t) => [t.entrant, t.team])),
  }
  await appendSeasonLog(tx, seasonId, { kind: 'SETTLED', round: s.round, payload, rolls: dice.rolls })
  const finished = s.round >= settings.shows
  const people = await entrantsOf(tx, seasonId)
  const table = campaignTable(people, new Map(r.teams.map((t) => [t.entrant, t.team])), (team) =>
    c.netWorth(team, settings.rules),
  )
  const mail: OutboxPayload<'campaign-settled'> = {
    ...(await mailFields(tx, s)),
    to: people.map((p) => p.userId),
    ruleset: s.ruleset,
    round: s.round,
    shows: settings.shows,
    gameId: final?.gameId ?? null,
    noShow: show?.noShow?.message ?? null,
    noShowReason: show?.noShow
      ? {
          rule: show.noShow.rule,
          message: show.noShow.message,
          ...(show.noShow.key ? { key: show.noShow.key } : {}),
          ...(show.noShow.params ? { params: show.noShow.params } : {}),
        }
      : null,
    events: r.events,
    standings: table.map((t) => ({
      position: t.position,
      entryId: t.entryId,
      userId: t.userId,
      name: t.name,
      netWorth: t.netWorth,
      withdrawn: t.withdrawn,
    })),
    finished,
  }
  await tx.outbox.createMany({
    data: [
      {
        kind: 'campaign-settled',
        payload: mail as Prisma.InputJsonObject,
        dedupeKey: `campaign-settled:${seasonId}:${s.round}`,
      },
    ],
    skipDuplicates: true,
  })
  if (!finished) return openPeriod(tx, seasonId, s.round + 1, now)
  await appendSeasonLog(tx, seasonId, {
    kind: 'CLOSED',
    round: s.round,
    payload: { standings: table.map((t) => ({ entryId: t.entryId, netWorth: t.netWorth })), seed: s.seed },
  })
  await tx.season.update({
    where: { id: seasonId },
    data: { status: 'finished', finishedAt: now, stage: null, stageEndsAt: null },
  })
  return []
}

/**
 * The league clock's step for a running campaign: a maintenance period past its deadline closes; a show
 * whose game has finished is settled. Locks the season (SKIP LOCKED: another process has it).
 */
export async function advanceCampaign(db: Db, seasonId: string, now: Date): Promise<'paired' | 'finished' | 'waiting'> {
  const result = await db.$transaction(async (tx) => {
    const rows = await tx.$queryRaw<
      Array<{ id: string }>
    >`SELECT id FROM "Season" WHERE id = ${seasonId}::uuid AND status = 'running' FOR UPDATE SKIP LOCKED`
    if (rows.length === 0) return { outcome: 'waiting' as const, started: [] as Started[] }
    const s = await tx.season.findUniqueOrThrow({ where: { id: seasonId } })
    // The period closes at its deadline, or when every team still in has said done (a withdrawal may make
    // that so: the last team not done has left).
    if (s.stage === 'maintenance' && ((s.stageEndsAt && s.stageEndsAt <= now) || (await allDone(tx, s)))) {
      const started = await closePeriod(tx, seasonId, now)
      return { outcome: await outcomeOf(tx, seasonId), started }
    }
    if (s.stage === 'show') {
      const game = await tx.game.findFirst({
        where: { seasonId, seasonRound: s.round },
        select: { id: true, status: true },
        orderBy: { createdAt: 'desc' },
      })
      if (!game || game.status !== 'FINISHED') return { outcome: 'waiting' as const, started: [] }
      const final = { ...(await showFinal(tx, game.id)), gameId: game.id }
      const started = await settleRound(tx, seasonId, final, now)
      return { outcome: await outcomeOf(tx, seasonId), started }
    }
    return { outcome: 'waiting' as const, started: [] }
  }, SEASON_TX)
  for (const g of result.started) gameStarted(g)
  return result.outcome
}

async function outcomeOf(tx: Tx, seasonId: string): Promise<'paired' | 'finished'> {
  const s = await tx.season.findUniqueOrThrow({ where: { id: seasonId }, select: { status: true } })
  return s.status === 'finished' ? 'finished' : 'paired'
}

// ---------------------------------------------------------------------------------------------------
// A team's maintenance actions (POST /seasons/:id/teams/:entrant/actions)
// ---------------------------------------------------------------------------------------------------

export interface ActionsInput {
  /** Actions as JSON (the rule system's shape), or `text` in its notation; not both. */
  actions?: unknown[]
  text?: string
  /** The team has finished this period's maintenance. */
  done?: boolean
}

/** A line `done` (or 完了, 終了) in a text of actions: the team has finished. */
const DONE_LINE = /^\s*(done|完了|終了)\s*$/iu

/**
 * Takes a batch of a team's actions for the open maintenance period: checked and resolved at once with the
 * season's dice (all or nothing: the first refused action refuses the batch, naming its rule), written to the
 * season's log. A retry with the same Idempotency-Key answers the first result; the same key with another
 * body is refused. When every team still in the season is done, the period closes and its show starts.
 */
export async function submitActions(
  db: Db,
  actor: Actor,
  seasonId: string,
  entryId: string,
  input: ActionsInput,
  opts: { idempotencyKey?: string; locale: Locale; now?: Date },
) {
  const now = opts.now ?? new Date()
  const request = createHash('sha256').update(canonicalJson(input)).digest('hex')
  const done = await db.$transaction(async (tx) => {
    const s = await lockSeason(tx, seasonId)
    settingsOf(s)
    const entry = await tx.seasonEntry.findFirst({ where: { id: entryId, seasonId } })
    if (!entry) throw new NotFound(`no entrant ${entryId} in this season`, { field: 'entrant' })
    if (entry.userId !== actor.userId)
      throw new Forbidden("only the team's own player may send its maintenance actions", { field: 'entrant' })
    if (opts.idempotencyKey) {
      const prior = await tx.seasonLogEntry.findUnique({
        where: {
          seasonId_entryId_idempotencyKey: { seasonId, entryId, idempotencyKey: opts.idempotencyKey },
        },
      })
      if (prior) {
        if ((prior.payload as { request?: string }).request !== request)
          throw new IdempotencyKeyReused(opts.idempotencyKey)
        return { seq: prior.seq, replayed: true, started: [] as Started[] }
      }
    }
    if (s.status !== 'running')
      throw new Conflict(s.status === 'open' ? 'the campaign has not started yet' : 'the campaign is over')
    if (entry.status === 'withdrawn') throw new Conflict('you have withdrawn from this season')
    if (s.stage !== 'maintenance')
      throw new Conflict(
        `show ${s.round} is being played: the next maintenance period opens when it has been settled`,
        { round: s.round },
      )
    const settings = settingsOf(s)
    const c = campaignOf(s.ruleset)
    const log = await readSeasonLog(tx, seasonId)
    const mine = periodState(log, s.round).get(entryId) ?? { used: 0, done: false }
    if (mine.done)
      throw new Conflict(`you have already finished the maintenance of period ${s.round}`, { round: s.round })
    const { actions, saidDone, lineOf } = readActions(c, input, opts.locale)
    const withLine = (r: CampaignRefusal): CampaignRefusal =>
      r.line === undefined && r.order !== undefined && lineOf[r.order] !== undefined
        ? { ...r, line: lineOf[r.order] }
        : r
    const team = teamsOf(log).get(entryId)
    let dice = createDice(s.seed, s.logSeq + 1)
    let after = { team, events: [] as GameEvent[], counted: 0 }
    let taken = actions
    let refused: CampaignRefusal | null = null
    if (actions.length > 0) {
      const ctx = { rules: settings.rules, used: mine.used, locale: opts.locale }
      const r = c.maintain(team, actions, { ...ctx, dice })
      if ('refusal' in r) {
        // Dice rolled for the actions before the refused one are never taken back: were the batch dropped,
        // its sender would have seen them (a purchase failed, so the mount after it was refused) and could
        // send again for new ones. So when dice were rolled, those actions stand, with the same dice (the
        // same positions give the same faces), and the answer names the refused action. When none were,
        // nothing changes.
        const order = r.refusal.order ?? 0
        if (dice.rolls.length === 0 || order === 0) throw new OrdersRefused([withLine(r.refusal)])
        refused = withLine(r.refusal)
        taken = actions.slice(0, order)
        dice = createDice(s.seed, s.logSeq + 1)
        const prefix = c.maintain(team, taken, { ...ctx, dice })
        if ('refusal' in prefix) throw new OrdersRefused([withLine(prefix.refusal)])
        after = prefix
      } else after = r
    }
    const payload: ActionsPayload & { request: string } = {
      actions: taken,
      lines: c.formatActions(taken),
      refused,
      events: after.events,
      counted: after.counted,
      used: mine.used + after.counted,
      // A batch stopped by a refusal does not finish the period: its sender has more to say.
      done: saidDone && refused === null,
      team: after.team,
      request,
    }
    const written = await appendSeasonLog(tx, seasonId, {
      kind: 'ACTIONS',
      round: s.round,
      entryId,
      userId: actor.userId,
      payload,
      rolls: dice.rolls,
      idempotencyKey: opts.idempotencyKey ?? null,
    })
    let started: Started[] = []
    if (payload.done) {
      const state = periodState([...log, written], s.round)
      const entered = (await entrantsOf(tx, seasonId)).filter((e) => e.status === 'entered')
      if (entered.every((e) => state.get(e.entryId)?.done)) started = await closePeriod(tx, seasonId, now)
    }
    return { seq: written.seq, replayed: false, started }
  }, SEASON_TX)
  for (const g of done.started) gameStarted(g)
  return { ...(await actionsAnswer(db, seasonId, entryId, done.seq, opts.locale)), replayed: done.replayed }
}

function readActions(
  c: RuleCampaign,
  input: ActionsInput,
  locale: Locale,
): { actions: unknown[]; saidDone: boolean; lineOf: number[] } {
  if (input.text !== undefined && input.actions !== undefined)
    throw new InvalidInput('send actions as JSON or as text, not both', { field: 'text' })
  let actions: unknown[] = input.actions ?? []
  let saidDone = input.done === true
  let lineOf: number[] = []
  if (input.text !== undefined) {
    if (input.text.length > MAX_ACTIONS_TEXT)
      throw new InvalidInput(`the text of actions is longer than ${MAX_ACTIONS_TEXT} characters`, { field: 'text' })
    // A `done` line is ours, not the rule system's: it ends the text (nothing after it is read).
    let lines = input.text.split(/\r?\n/)
    const end = lines.findIndex((l) => DONE_LINE.test(l))
    if (end >= 0) {
      saidDone = true
      lines = lines.slice(0, end)
    }
    const parsed = c.parseActions(lines.join('\n'), locale)
    if ('errors' in parsed) throw new OrdersRefused(parsed.errors)
    actions = parsed.actions
    // The line of each action (blank lines and # comments make none), for refusals that name only the action.
    lineOf = lines.flatMap((l, i) => (/^\s*(#|$)/.test(l.normalize('NFKC')) ? [] : [i + 1]))
  }
  if (!Array.isArray(actions)) throw new InvalidInput('actions must be a list', { field: 'actions' })
  if (actions.length > MAX_ACTIONS_PER_BATCH)
    throw new InvalidInput(`at most ${MAX_ACTIONS_PER_BATCH} actions at once`, { field: 'actions' })
  if (actions.length === 0 && !saidDone)
    throw new InvalidInput('send at least one action, or "done": true to finish the maintenance', {
      field: 'actions',
    })
  return { actions, saidDone, lineOf }
}

/** The answer to a batch: the entry written, what it did, and where the team's period stands. */
async function actionsAnswer(db: Db, seasonId: string, entryId: string, seq: number, locale: Locale) {
  const s = await db.season.findUniqueOrThrow({ where: { id: seasonId } })
  const c = campaignOf(s.ruleset)
  const log = await readSeasonLog(db, seasonId)
  const e = log.find((x) => x.seq === seq)!
  const p = e.payload as ActionsPayload
  const left = Math.max(0, c.actionsPerPeriod(settingsOf(s).rules) - p.used)
  return {
    seq: e.seq,
    hash: e.hash,
    round: e.round,
    lines: p.lines,
    narration: c.narrate(p.events, locale, await namesOf(db, seasonId)),
    events: p.events,
    rolls: e.rolls,
    used: p.used,
    left,
    done: p.done,
    /** The action that stopped the batch (those before it, whose dice were rolled, stand); null: all taken. */
    refused: p.refused ?? null,
    stage: s.stage,
    team: c.teamView(teamsOf(log).get(entryId), settingsOf(s).rules, locale),
  }
}

// ---------------------------------------------------------------------------------------------------
// Reads: a team, the season's log
// ---------------------------------------------------------------------------------------------------

/** Everyone who may read the season may read its teams: net worth is the standings, and nothing is sealed. */
export async function teamRead(db: Db, seasonId: string, entryId: string, locale: Locale) {
  const s = await db.season.findUnique({ where: { id: seasonId } })
  if (!s) throw new NotFound(`no season ${seasonId}`)
  const settings = settingsOf(s)
  const c = campaignOf(s.ruleset)
  const people = await entrantsOf(db, seasonId)
  const who = people.find((p) => p.entryId === entryId)
  if (!who) throw new NotFound(`no entrant ${entryId} in this season`, { field: 'entrant' })
  const log = await readSeasonLog(db, seasonId)
  const team = teamsOf(log).get(entryId)
  const period = s.stage === 'maintenance' ? (periodState(log, s.round).get(entryId) ?? { used: 0, done: false }) : null
  return {
    seasonId,
    entryId,
    userId: who.userId,
    name: who.name,
    withdrawn: who.status === 'withdrawn',
    status: s.status,
    round: s.round,
    shows: settings.shows,
    stage: s.stage,
    stageEndsAt: s.stageEndsAt?.toISOString() ?? null,
    period: period && {
      used: period.used,
      left: Math.max(0, c.actionsPerPeriod(settings.rules) - period.used),
      done: period.done,
    },
    netWorth: team === undefined ? null : c.netWorth(team, settings.rules),
    team: team === undefined ? null : c.teamView(team, settings.rules, locale),
    history: log
      .filter((e) => concerns(e, entryId))
      .map((e) => logLine(c, e, locale, Object.fromEntries(people.map((p) => [p.entryId, p.name])), entryId)),
  }
}

function concerns(e: SeasonLogEntryRow, entryId: string): boolean {
  if (e.entryId === entryId) return true
  if (e.kind === 'START') return true
  if (e.kind === 'SHOW') return (e.payload as ShowPayload).seats.some((x) => x.entrant === entryId)
  if (e.kind === 'SETTLED')
    return (e.payload as SettledPayload).events.some((ev) => (ev as { entrant?: unknown }).entrant === entryId)
  return false
}

/** Events of the entry, narrowed to one team's where given (a settlement tells every team's). */
function eventsOf(e: SeasonLogEntryRow, entryId?: string): GameEvent[] {
  const all =
    e.kind === 'ACTIONS'
      ? (e.payload as ActionsPayload).events
      : e.kind === 'SETTLED'
        ? (e.payload as SettledPayload).events
        : []
  if (!entryId) return all
  return all.filter((ev) => ev.entrant === undefined || ev.entrant === entryId)
}

function logLine(
  c: RuleCampaign,
  e: SeasonLogEntryRow,
  locale: Locale,
  names: Record<string, string>,
  entryId?: string,
) {
  const p = e.payload as Record<string, unknown>
  return {
    seq: e.seq,
    kind: e.kind,
    round: e.round,
    entryId: e.entryId,
    at: e.createdAt.toISOString(),
    hash: e.hash,
    lines: e.kind === 'ACTIONS' ? (p.lines as string[]) : [],
    ...(e.kind === 'SHOW'
      ? { gameId: p.gameId as string | null, noShow: (p.noShow as { message?: string } | null)?.message ?? null }
      : {}),
    narration: c.narrate(eventsOf(e, entryId), locale, names),
    rolls: e.rolls,
  }
}

/** The season's whole log, every entry with its hashes and rolls; the seed once the season has finished. */
export async function seasonLogRead(db: Db, seasonId: string, locale: Locale) {
  const s = await db.season.findUnique({ where: { id: seasonId } })
  if (!s) throw new NotFound(`no season ${seasonId}`)
  settingsOf(s)
  const c = campaignOf(s.ruleset)
  const log = await readSeasonLog(db, seasonId)
  const names = await namesOf(db, seasonId)
  return {
    seasonId,
    seedCommitment: s.seedCommitment,
    seed: s.status === 'finished' ? s.seed : null,
    entries: log.map((e) => ({
      ...logLine(c, e, locale, names),
      prevHash: e.prevHash,
      userId: e.userId,
      // Whole, as hashed: anyone can check the chain (chainProblem) from this answer alone.
      payload: e.payload,
    })),
  }
}

/** Each team's name (its player's), by entry id: how the narration names teams. */
async function namesOf(db: Tx | Db, seasonId: string): Promise<Record<string, string>> {
  return Object.fromEntries((await entrantsOf(db, seasonId)).map((p) => [p.entryId, p.name]))
}

/** Whether every team still in the season has said it is done with the current maintenance period. */
async function allDone(tx: Tx, s: SeasonRow): Promise<boolean> {
  const state = periodState(await readSeasonLog(tx, s.id, { kinds: ['ACTIONS'] }), s.round)
  const entered = (await entrantsOf(tx, s.id)).filter((e) => e.status === 'entered')
  return entered.every((e) => state.get(e.entryId)?.done)
}

/** After a withdrawal: a running campaign whose period waited only on that player closes it now. */
export async function campaignAfterWithdrawal(db: Db, seasonId: string): Promise<void> {
  const s = await db.season.findUnique({ where: { id: seasonId }, select: { format: true, status: true } })
  if (s?.format === 'campaign' && s.status === 'running') await advanceCampaign(db, seasonId, new Date())
}

/**
 * What anyone can check of a campaign from its log alone (GET /seasons/:id/verify): the hash chain, and once
 * the season has finished, the seed against its commitment and every recorded roll against the seed.
 */
export async function verifySeason(db: Db, seasonId: string) {
  const s = await db.season.findUnique({ where: { id: seasonId } })
  if (!s) throw new NotFound(`no season ${seasonId}`)
  settingsOf(s)
  const log = await readSeasonLog(db, seasonId)
  const problem = chainProblem(seasonId, log)
  const rolls = log.flatMap((e) => e.rolls)
  const revealed = s.status === 'finished'
  const checked = revealed ? verifyRolls(s.seed, s.seedCommitment, rolls) : null
  return {
    seasonId,
    entries: log.length,
    hashChainOk: problem === null,
    problem,
    seedRevealed: revealed,
    seedCommitmentOk: checked?.commitmentOk ?? null,
    rolls: rolls.length,
    rollsOk: checked ? checked.ok : null,
    mismatches: checked?.mismatches ?? [],
  }
}
