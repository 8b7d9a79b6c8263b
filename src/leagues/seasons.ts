// Seasons (docs/leagues.md): a club's owners create and change them; players enter and withdraw (the
// start and the rounds: rounds.ts). Rules are checked here, once, for creation and change alike; a
// refusal changes nothing.
import { randomBytes } from 'node:crypto'
import { seedCommitment } from '../engine/dice.js'
import { Conflict, Forbidden, InvalidInput, NotFound } from '../games/errors.js'
import { MISSED_POLICIES, resign, twoSidedLayout, type Tx } from '../games/lifecycle.js'
import { ruleSystem } from '../rulesets/index.js'
import type { Db } from '../store/db.js'
import { Prisma } from '../store/generated/client.js'
import { oneLineName, sameName } from './names.js'
import { seasonResults } from './results.js'
import { seasonStandings } from './standings-read.js'
import { clubRole } from './roles.js'

export const SEASON_FORMATS = ['single', 'double', 'swiss', 'campaign'] as const
/** The longest campaign, in shows. */
export const CAMPAIGN_SHOWS = { min: 1, max: 20 } as const
export const SCENARIO_CHOICES = ['fixed', 'rotating', 'random'] as const
export const TIE_BREAKS = ['head-to-head', 'wins', 'sonneborn-berger', 'buchholz'] as const
export const WITHDRAWAL_RULES = ['forfeit-rest'] as const
/**
 * 'forfeit' is listed here as well as in MISSED_POLICIES: the missed-phase policy that ends a game on
 * time is added to src/games/lifecycle.ts by its own change, and a season defaults to it.
 */
export const SEASON_MISSED_POLICIES: readonly string[] = [...new Set<string>([...MISSED_POLICIES, 'forfeit'])]

export const PHASE_HOURS = { min: 1, max: 720 } as const
/** The longest season name and division name, in characters (the schemas say the same). */
export const SEASON_NAME_MAX = 120
export const DIVISION_NAME_MAX = 80
export const VACATION_DAYS = { min: 0, max: 60 } as const

export interface Division {
  name: string
  promote: number
  relegate: number
}
export interface Points {
  win: number
  draw: number
  loss: number
}

/** A season's rules: everything POST /clubs/:id/seasons takes but its name. */
export interface SeasonRules {
  ruleset: string
  scenarios: string[]
  scenarioChoice: string
  format: string
  swissRounds: number | null
  divisions: Division[]
  points: Points
  tieBreaks: string[]
  phaseHours: number
  missedPolicy: string
  vacationDays: number
  signupDeadline: Date | null
  startAt: Date | null
  forfeitsRated: boolean
  membersOnly: boolean
  withdrawal: string
  /** Format campaign: the shows it lasts and the rule system's campaign rules (complete once checked). */
  campaign: CampaignSettings | null
}

export interface CampaignSettings {
  shows: number
  /** The rule system's campaign rules: overrides as given, complete once checked. */
  rules?: Record<string, unknown>
}

/** As it arrives: dates as ISO text, anything but the ruleset, scenarios and format optional. */
export type SeasonRulesInput = Partial<
  Omit<SeasonRules, 'signupDeadline' | 'startAt' | 'divisions' | 'points' | 'tieBreaks'>
> & {
  signupDeadline?: string | null
  startAt?: string | null
  divisions?: Division[]
  points?: Partial<Points>
  tieBreaks?: string[]
}

export const SEASON_DEFAULTS: Omit<SeasonRules, 'ruleset' | 'scenarios' | 'format'> = {
  scenarioChoice: 'fixed',
  swissRounds: null,
  divisions: [{ name: 'Main', promote: 0, relegate: 0 }],
  points: { win: 1, draw: 0.5, loss: 0 },
  tieBreaks: ['head-to-head', 'wins', 'sonneborn-berger'],
  phaseHours: 24,
  missedPolicy: 'forfeit',
  vacationDays: 14,
  signupDeadline: null,
  startAt: null,
  forfeitsRated: false,
  membersOnly: true,
  withdrawal: 'forfeit-rest',
  campaign: null,
}

/** Who asks: a signed-in user, with their site role (ADMIN may do what a club owner may). */
export interface Actor {
  userId: string
  role: string
}

const RULE_FIELDS = [
  'ruleset',
  'scenarios',
  'scenarioChoice',
  'format',
  'swissRounds',
  'divisions',
  'points',
  'tieBreaks',
  'phaseHours',
  'missedPolicy',
  'vacationDays',
  'signupDeadline',
  'startAt',
  'forfeitsRated',
  'membersOnly',
  'withdrawal',
  'campaign',
] as const satisfies ReadonlyArray<keyof SeasonRules>

const oneOf = (field: string, value: string, allowed: readonly string[]) => {
  if (!allowed.includes(value))
    throw new InvalidInput(`${field} must be one of ${allowed.join(', ')}, not "${value}"`, { field, allowed })
}

function date(field: string, text: string | null | undefined): Date | null {
  if (text === null || text === undefined) return null
  const d = new Date(text)
  if (Number.isNaN(d.getTime())) throw new InvalidInput(`${field} is not a date and time`, { field })
  return d
}

/** The rules as given over `base` (the defaults, or the season's rules when changing it), checked. */
export function checkRules(
  input: SeasonRulesInput,
  base: Partial<SeasonRules> = SEASON_DEFAULTS,
  now = new Date(),
): SeasonRules {
  const given = <K extends keyof SeasonRulesInput>(k: K) => input[k] !== undefined
  const r = {
    ...base,
    ...Object.fromEntries(Object.entries(input).filter(([k, v]) => v !== undefined && k !== 'name')),
    points: { ...(base.points ?? SEASON_DEFAULTS.points), ...(input.points ?? {}) },
    signupDeadline: given('signupDeadline')
      ? date('signupDeadline', input.signupDeadline)
      : (base.signupDeadline ?? null),
    startAt: given('startAt') ? date('startAt', input.startAt) : (base.startAt ?? null),
  } as SeasonRules
  const system = ruleSystem(r.ruleset)
  if (!system) throw new InvalidInput(`unknown rule system "${r.ruleset}"`, { field: 'ruleset' })
  if (!Array.isArray(r.scenarios) || r.scenarios.length === 0)
    throw new InvalidInput('a season needs at least one scenario', { field: 'scenarios' })
  oneOf('format', r.format, SEASON_FORMATS)
  r.scenarios.forEach((id, i) => {
    const scenario = system.scenarios().find((s) => s.summary.id === id)
    if (!scenario)
      throw new InvalidInput(`rule system ${system.id} has no scenario "${id}"`, { field: `scenarios[${i}]` })
    if (r.format === 'campaign') {
      const refusal = system.campaign?.baseScenario(id)
      if (refusal) throw new InvalidInput(`${refusal.rule}: ${refusal.message}`, { field: `scenarios[${i}]` })
    } else if (!twoSidedLayout(scenario.summary))
      throw new InvalidInput(
        `${id} is not a game of one player against one (a fixture needs a two-player layout with a seat per side)`,
        { field: `scenarios[${i}]` },
      )
  })
  if (new Set(r.scenarios).size !== r.scenarios.length)
    throw new InvalidInput('a scenario is listed twice', { field: 'scenarios' })
  oneOf('scenarioChoice', r.scenarioChoice, SCENARIO_CHOICES)
  r.campaign = checkCampaign(system, r, given('campaign'))
  if (r.format === 'swiss') {
    if (r.swissRounds === null || r.swissRounds === undefined)
      throw new InvalidInput('a Swiss season needs swissRounds, the number of rounds', { field: 'swissRounds' })
    if (!Number.isInteger(r.swissRounds) || r.swissRounds < 1)
      throw new InvalidInput('swissRounds must be a whole number, at least 1', { field: 'swissRounds' })
  } else r.swissRounds = null
  if (!Array.isArray(r.divisions) || r.divisions.length === 0)
    throw new InvalidInput('a season needs at least one division', { field: 'divisions' })
  const names: string[] = []
  r.divisions = r.divisions.map((d, i) => {
    const name = oneLineName(d.name ?? '', `divisions[${i}].name`, DIVISION_NAME_MAX)
    const twin = names.find((n) => sameName(n, name))
    if (twin !== undefined)
      throw new InvalidInput(`two divisions are named alike: "${twin}" and "${name}"`, {
        field: `divisions[${i}].name`,
      })
    names.push(name)
    return { ...d, name }
  })
  r.divisions.forEach((d, i) => {
    for (const k of ['promote', 'relegate'] as const)
      if (!Number.isInteger(d[k]) || d[k] < 0)
        throw new InvalidInput(`${k} must be a whole number, 0 or more`, { field: `divisions[${i}].${k}` })
  })
  for (const k of ['win', 'draw', 'loss'] as const)
    if (typeof r.points[k] !== 'number' || !Number.isFinite(r.points[k]) || r.points[k] < 0 || r.points[k] > 100)
      throw new InvalidInput(`points.${k} must be a number from 0 to 100`, { field: `points.${k}` })
  // A win may not score less than a draw, nor a draw less than a loss: the table would reward losing.
  if (r.points.draw > r.points.win)
    throw new InvalidInput('a draw may not score more than a win', { field: 'points.draw' })
  if (r.points.loss > r.points.draw)
    throw new InvalidInput('a loss may not score more than a draw', { field: 'points.loss' })
  r.tieBreaks.forEach((t, i) => {
    if (!(TIE_BREAKS as readonly string[]).includes(t))
      throw new InvalidInput(`unknown tie-break "${t}"; the tie-breaks are ${TIE_BREAKS.join(', ')}`, {
        field: `tieBreaks[${i}]`,
        allowed: [...TIE_BREAKS],
      })
    if (t === 'buchholz' && r.format !== 'swiss')
      throw new InvalidInput('buchholz is a tie-break of Swiss seasons only', { field: `tieBreaks[${i}]` })
  })
  if (new Set(r.tieBreaks).size !== r.tieBreaks.length)
    throw new InvalidInput('a tie-break is listed twice', { field: 'tieBreaks' })
  if (!Number.isInteger(r.phaseHours) || r.phaseHours < PHASE_HOURS.min || r.phaseHours > PHASE_HOURS.max)
    throw new InvalidInput(`phaseHours must be a whole number from ${PHASE_HOURS.min} to ${PHASE_HOURS.max}`, {
      field: 'phaseHours',
    })
  oneOf('missedPolicy', r.missedPolicy, SEASON_MISSED_POLICIES)
  if (!Number.isInteger(r.vacationDays) || r.vacationDays < VACATION_DAYS.min || r.vacationDays > VACATION_DAYS.max)
    throw new InvalidInput(`vacationDays must be a whole number from ${VACATION_DAYS.min} to ${VACATION_DAYS.max}`, {
      field: 'vacationDays',
    })
  // A date given now must still be ahead: a start in the past would start the season at the next tick,
  // and a signup deadline in the past would shut it to everyone.
  for (const k of ['signupDeadline', 'startAt'] as const)
    if (given(k) && r[k] && r[k].getTime() < now.getTime())
      throw new InvalidInput(`${k} is in the past: give a date and time to come`, { field: k })
  if (r.signupDeadline && r.startAt && r.signupDeadline > r.startAt)
    throw new InvalidInput('the signup deadline must not be after the start', { field: 'signupDeadline' })
  oneOf('withdrawal', r.withdrawal, WITHDRAWAL_RULES)
  return Object.fromEntries(RULE_FIELDS.map((k) => [k, r[k]])) as unknown as SeasonRules
}

/**
 * A campaign season's settings: the rule system must have a campaign; one division (the teams play in one
 * pool of shows, whose camps are drawn at random); the number of shows; the system's campaign rules. Null for
 * the other formats, which take no campaign settings.
 */
function checkCampaign(
  system: NonNullable<ReturnType<typeof ruleSystem>>,
  r: SeasonRules,
  asked: boolean,
): CampaignSettings | null {
  const given = r.campaign as Partial<CampaignSettings> | null | undefined
  if (r.format !== 'campaign') {
    // Kept from a campaign season changed to another format: dropped. Given with another format: refused.
    if (given && asked)
      throw new InvalidInput('campaign settings are for a season of format campaign', { field: 'campaign' })
    return null
  }
  if (!system.campaign)
    throw new InvalidInput(`${system.title} has no campaign: format campaign is for a rule system that has one`, {
      field: 'format',
    })
  if (r.divisions.length !== 1)
    throw new InvalidInput('a campaign is played in one division: its shows draw their camps from every team', {
      field: 'divisions',
    })
  const shows = given?.shows
  if (typeof shows !== 'number' || !Number.isInteger(shows) || shows < CAMPAIGN_SHOWS.min || shows > CAMPAIGN_SHOWS.max)
    throw new InvalidInput(
      'a campaign needs campaign.shows, the number of shows it lasts, a whole number from ' +
        `${CAMPAIGN_SHOWS.min} to ${CAMPAIGN_SHOWS.max}`,
      { field: 'campaign.shows' },
    )
  const checked = system.campaign.checkRules(given?.rules)
  if ('refusal' in checked)
    throw new InvalidInput(`${checked.refusal.rule}: ${checked.refusal.message}`, {
      field: `campaign.${checked.refusal.field ?? 'rules'}`,
    })
  return { shows, rules: checked.rules as Record<string, unknown> }
}

// ---- reading ----

export type SeasonRow = Prisma.SeasonGetPayload<object>

export interface Entrant {
  entryId: string
  userId: string
  name: string
  division: string
  status: string
}

export function rulesOf(s: SeasonRow): SeasonRules {
  return {
    ruleset: s.ruleset,
    scenarios: s.scenarios as string[],
    scenarioChoice: s.scenarioChoice,
    format: s.format,
    swissRounds: s.swissRounds,
    divisions: s.divisions as unknown as Division[],
    points: s.points as unknown as Points,
    tieBreaks: s.tieBreaks as string[],
    phaseHours: s.phaseHours,
    missedPolicy: s.missedPolicy,
    vacationDays: s.vacationDays,
    signupDeadline: s.signupDeadline,
    startAt: s.startAt,
    forfeitsRated: s.forfeitsRated,
    membersOnly: s.membersOnly,
    withdrawal: s.withdrawal,
    campaign: (s.campaign as CampaignSettings | null) ?? null,
  }
}

export async function entrantsOf(db: Tx | Db, seasonId: string): Promise<Entrant[]> {
  const entries = await db.seasonEntry.findMany({ where: { seasonId }, orderBy: [{ enteredAt: 'asc' }, { id: 'asc' }] })
  const users = await db.user.findMany({
    where: { id: { in: entries.map((e) => e.userId) } },
    select: { id: true, name: true },
  })
  const name = new Map(users.map((u) => [u.id, u.name]))
  return entries.map((e) => ({
    entryId: e.id,
    userId: e.userId,
    name: name.get(e.userId) ?? '',
    division: e.division,
    status: e.status,
  }))
}

/** A season as anyone may read it: the seed only once it has finished. */
export async function seasonView(db: Tx | Db, seasonId: string) {
  const s = await db.season.findUnique({ where: { id: seasonId } })
  if (!s) throw new NotFound(`no season ${seasonId}`)
  return viewOf(s, await entrantsOf(db, seasonId))
}

function viewOf(s: SeasonRow, entrants: Entrant[]) {
  return { ...summaryOf(s), entrants }
}

function summaryOf(s: SeasonRow) {
  const rules = rulesOf(s)
  return {
    id: s.id,
    clubId: s.clubId,
    name: s.name,
    ...rules,
    signupDeadline: rules.signupDeadline?.toISOString() ?? null,
    startAt: rules.startAt?.toISOString() ?? null,
    status: s.status,
    round: s.round,
    seedCommitment: s.seedCommitment,
    seed: s.status === 'finished' ? s.seed : null,
    previousSeasonId: s.previousSeasonId,
    createdAt: s.createdAt.toISOString(),
    startedAt: s.startedAt?.toISOString() ?? null,
    finishedAt: s.finishedAt?.toISOString() ?? null,
    stage: s.stage,
    stageEndsAt: s.stageEndsAt?.toISOString() ?? null,
  }
}
export type SeasonView = ReturnType<typeof viewOf>

export async function listSeasons(db: Db, clubId: string) {
  if (!(await db.club.findUnique({ where: { id: clubId }, select: { id: true } })))
    throw new NotFound(`no club ${clubId}`)
  const rows = await db.season.findMany({ where: { clubId }, orderBy: [{ createdAt: 'desc' }, { id: 'asc' }] })
  return rows.map(summaryOf)
}

// ---- running a season ----

/** An owner of the club, or a site admin: who may create, change and start its seasons. */
export async function mustRun(db: Tx | Db, clubId: string, actor: Actor, what: string): Promise<void> {
  if (actor.role === 'ADMIN') return
  if ((await clubRole(db, clubId, actor.userId)) !== 'owner')
    throw new Forbidden(`only an owner of the club may ${what}`)
}

export async function createSeason(
  db: Db,
  actor: Actor,
  clubId: string,
  input: SeasonRulesInput & { name: string; previousSeason?: string },
) {
  const club = await db.club.findUnique({ where: { id: clubId }, select: { id: true } })
  if (!club) throw new NotFound(`no club ${clubId}`)
  await mustRun(db, clubId, actor, 'create its seasons')
  const name = checkName(input.name)
  const { previousSeason, ...ruleInput } = input
  const rules = checkRules(ruleInput)
  if (previousSeason !== undefined) {
    const before = await db.season.findUnique({ where: { id: previousSeason }, select: { clubId: true, status: true } })
    if (!before || before.clubId !== clubId)
      throw new InvalidInput(`no season ${previousSeason} in this club to follow`, { field: 'previousSeason' })
    if (before.status !== 'finished')
      throw new InvalidInput('the season to follow has not finished: its final table is not known yet', {
        field: 'previousSeason',
      })
  }
  const seed = randomBytes(32).toString('hex')
  const row = await db.season.create({
    data: {
      clubId,
      name,
      previousSeasonId: previousSeason ?? null,
      ...rulesData(rules),
      seed,
      seedCommitment: seedCommitment(seed),
      createdById: actor.userId,
    },
  })
  return viewOf(row, [])
}

function checkName(name: string): string {
  return oneLineName(name, 'name', SEASON_NAME_MAX)
}

function rulesData(r: SeasonRules) {
  return {
    ...r,
    scenarios: r.scenarios,
    divisions: r.divisions as unknown as Prisma.InputJsonValue,
    points: r.points as unknown as Prisma.InputJsonValue,
    tieBreaks: r.tieBreaks,
    campaign: (r.campaign ?? Prisma.DbNull) as Prisma.InputJsonValue | typeof Prisma.DbNull,
  }
}

/** The season row locked for this transaction: its changes, entries and start queue here. */
export async function lockSeason(tx: Tx, seasonId: string): Promise<SeasonRow> {
  const rows = await tx.$queryRaw<
    Array<{ id: string }>
  >`SELECT id FROM "Season" WHERE id = ${seasonId}::uuid FOR UPDATE`
  if (rows.length === 0) throw new NotFound(`no season ${seasonId}`)
  return tx.season.findUniqueOrThrow({ where: { id: seasonId } })
}

export const SEASON_TX = { maxWait: 15_000, timeout: 120_000 } as const

export async function changeSeason(
  db: Db,
  actor: Actor,
  seasonId: string,
  input: SeasonRulesInput & { name?: string },
) {
  return db.$transaction(async (tx) => {
    const s = await lockSeason(tx, seasonId)
    await mustRun(tx, s.clubId, actor, 'change its seasons')
    const changesRules = RULE_FIELDS.some((k) => input[k] !== undefined)
    if (changesRules && s.status !== 'open')
      throw new Conflict(`the season has ${s.status === 'running' ? 'started' : 'finished'}: only its name may change`)
    const data: Prisma.SeasonUpdateInput = {}
    if (input.name !== undefined) data.name = checkName(input.name)
    if (changesRules) {
      const rules = checkRules(input, rulesOf(s))
      const divisions = new Set(rules.divisions.map((d) => d.name))
      const stranded = await tx.seasonEntry.findFirst({
        where: { seasonId, division: { notIn: [...divisions] } },
        select: { division: true },
      })
      if (stranded)
        throw new InvalidInput(`entrants are in division "${stranded.division}": move them before removing it`, {
          field: 'divisions',
        })
      Object.assign(data, rulesData(rules))
    }
    const row = await tx.season.update({ where: { id: seasonId }, data })
    return viewOf(row, await entrantsOf(tx, seasonId))
  }, SEASON_TX)
}

export async function enterSeason(
  db: Db,
  actor: Actor,
  seasonId: string,
  input: { division?: string; weeklyEmail?: boolean },
  now = new Date(),
): Promise<Entrant> {
  return db.$transaction(async (tx) => {
    const s = await lockSeason(tx, seasonId)
    if (s.status !== 'open')
      throw new Conflict(`the season has ${s.status === 'running' ? 'started' : 'finished'}: entries are closed`)
    if (s.signupDeadline && now > s.signupDeadline)
      throw new Conflict(`entries closed at the signup deadline, ${s.signupDeadline.toISOString()}`)
    if (s.membersOnly && !(await clubRole(tx, s.clubId, actor.userId)))
      throw new Forbidden("this season is for the club's members only: join the club first")
    const existing = await tx.seasonEntry.findUnique({
      where: { seasonId_userId: { seasonId, userId: actor.userId } },
      select: { id: true },
    })
    if (existing) throw new Conflict('you have already entered this season')
    const carried = await carriedDivision(tx, s, actor.userId)
    if (carried && input.division !== undefined && input.division !== carried.division)
      throw new InvalidInput(
        `your place this season is the division ${carried.division} (${carried.why}); ` +
          'an owner of the club may move you before the start',
        { field: 'division' },
      )
    const division = input.division ?? carried?.division ?? (s.divisions as unknown as Division[])[0]!.name
    checkDivision(s, division)
    const e = await tx.seasonEntry.create({
      data: { seasonId, userId: actor.userId, division, weeklyEmail: input.weeklyEmail ?? true },
    })
    const user = await tx.user.findUniqueOrThrow({ where: { id: actor.userId }, select: { name: true } })
    return { entryId: e.id, userId: e.userId, name: user.name, division: e.division, status: e.status }
  }, SEASON_TX)
}

/**
 * The division a player of the season this one follows starts in: the one they finished in, one up when
 * its final table promoted them, one down when it relegated them (by the order of this season's
 * divisions, the first the highest). Null for a newcomer, or when their old division is not in this season.
 */
async function carriedDivision(
  tx: Tx,
  s: SeasonRow,
  userId: string,
): Promise<{ division: string; why: string } | null> {
  if (!s.previousSeasonId) return null
  const before = await seasonStandings(tx, s.previousSeasonId)
  for (const d of before.divisions) {
    const row = d.rows.find((r) => r.userId === userId)
    if (!row) continue
    const names = (s.divisions as unknown as Division[]).map((x) => x.name)
    const at = names.indexOf(d.division)
    if (at < 0) return null
    const to = row.zone === 'promote' ? Math.max(0, at - 1) : row.zone === 'relegate' ? at + 1 : at
    const division = names[Math.min(names.length - 1, to)]!
    const how = row.zone === 'promote' ? 'promoted from' : row.zone === 'relegate' ? 'relegated from' : 'you stay in'
    return { division, why: `${how} ${d.division} in ${before.season.name}` }
  }
  return null
}

function checkDivision(s: SeasonRow, division: string): void {
  const names = (s.divisions as unknown as Division[]).map((d) => d.name)
  if (!names.includes(division))
    throw new InvalidInput(`no division "${division}"; the divisions are ${names.join(', ')}`, { field: 'division' })
}

/** An owner moves an entrant to another division before the start. */
export async function moveEntry(db: Db, actor: Actor, seasonId: string, entryId: string, division: string) {
  return db.$transaction(async (tx) => {
    const s = await lockSeason(tx, seasonId)
    await mustRun(tx, s.clubId, actor, "change its seasons' divisions")
    const entry = await tx.seasonEntry.findFirst({ where: { id: entryId, seasonId } })
    if (!entry) throw new NotFound(`no entry ${entryId} in this season`)
    if (s.status !== 'open') throw new Conflict('the season has started: divisions are fixed')
    checkDivision(s, division)
    await tx.seasonEntry.update({ where: { id: entryId }, data: { division } })
    return (await entrantsOf(tx, seasonId)).find((e) => e.entryId === entryId)!
  }, SEASON_TX)
}

/**
 * Before the start the entry is removed. After it, the entry is withdrawn and the withdrawal rule
 * applies (docs/leagues.md): every fixture of theirs without a result is forfeited, and a running game
 * ends with the withdrawn player's resignation.
 */
export async function withdraw(db: Db, actor: Actor, seasonId: string) {
  const done = await db.$transaction(async (tx) => {
    const s = await lockSeason(tx, seasonId)
    const entry = await tx.seasonEntry.findUnique({ where: { seasonId_userId: { seasonId, userId: actor.userId } } })
    if (!entry) throw new NotFound('you have not entered this season')
    if (s.status === 'open') {
      await tx.seasonEntry.delete({ where: { id: entry.id } })
      return { status: 'removed' as const, forfeited: [] as Array<{ gameId: string | null }> }
    }
    if (s.status === 'finished') throw new Conflict('the season has finished')
    if (entry.status === 'withdrawn') throw new Conflict('you have already withdrawn from this season')
    await tx.seasonEntry.update({ where: { id: entry.id }, data: { status: 'withdrawn', withdrawnAt: new Date() } })
    const open = (await seasonResults(tx, seasonId)).filter(
      (f) => f.result === null && (f.home === entry.id || f.away === entry.id),
    )
    for (const f of open)
      await tx.fixture.update({
        where: { id: f.fixtureId },
        data: { forfeitBy: f.home === entry.id ? 'home' : 'away', forfeitWhy: 'withdrew' },
      })
    return { status: 'withdrawn' as const, forfeited: open.map((f) => ({ gameId: f.gameId })) }
  }, SEASON_TX)
  // The games end after the commit: resign() writes each game's log under that game's own lock.
  for (const { gameId } of done.forfeited) {
    if (!gameId) continue
    const game = await db.game.findUnique({ where: { id: gameId }, select: { status: true } })
    if (game?.status !== 'ACTIVE') continue
    try {
      await resign(db, actor.userId, gameId)
    } catch (e) {
      // Finished meanwhile (the other player resigned, a deadline passed): the forfeit stands anyway.
      if (!(e instanceof Conflict)) throw e
    }
  }
  return { status: done.status, forfeited: done.forfeited.length }
}
