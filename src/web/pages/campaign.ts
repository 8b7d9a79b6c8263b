// A campaign season's pages (docs/campaigns.md, docs/web.md): what the season page adds for a campaign (the
// stage, the table by net worth) and a team's page at /s/:id/teams/:entrant, read through the same use cases
// as GET /seasons/:id/teams/:entrant and GET /seasons/:id/log. The team's own player sends its maintenance
// actions from that page through the API (web/client/team.ts).
import type { FastifyInstance } from 'fastify'
import { Type } from '@sinclair/typebox'
import { seasonLogRead, teamRead } from '../../leagues/campaign.js'
import { seasonView } from '../../leagues/seasons.js'
import type { DivisionStandings, StandingRow } from '../../leagues/standings.js'
import { translate, type Locale } from '../../i18n/index.js'
import { notFound } from '../../http/problems.js'
import { browserLocale, pageViewer, renderPage, type PageViewer } from '../context.js'

const TeamParams = Type.Object({
  id: Type.String({ format: 'uuid' }),
  entrant: Type.String({ format: 'uuid' }),
})

const words = (locale: Locale, key: string, values: Record<string, unknown> = {}) =>
  translate(locale, 'web-leagues', key, values)

/** G amounts as the rules write them: G1,234; a negative net worth −G500. */
export function moneyText(n: number | null | undefined): string {
  if (n === null || n === undefined) return ''
  const abs = Math.abs(n).toLocaleString('en-US')
  return n < 0 ? `−G${abs}` : `G${abs}`
}

interface SeasonLike {
  id: string
  status: string
  round: number
  stage: string | null
  stageEndsAt: string | null
  campaign: { shows: number } | null
}

/** "=2" for a position shared with another row, "2" otherwise. */
function positionText(row: StandingRow, rows: StandingRow[]): string {
  return rows.some((r) => r !== row && r.position === row.position) ? `=${row.position}` : String(row.position)
}

/**
 * What the season page shows of a campaign: its shows, where it stands (a period closing at a time, a show
 * being played with its game, finished), the reader's own team, and the table by net worth.
 */
export async function campaignSeasonView(
  app: FastifyInstance,
  season: SeasonLike,
  divisions: DivisionStandings[],
  myEntryId: string | null,
  viewer: PageViewer | null,
  locale: Locale,
) {
  const shows = season.campaign?.shows ?? 0
  let gameId: string | null = null
  if (season.stage === 'show') {
    // The show's game, from the log's SHOW entry of this round.
    const log = await seasonLogRead(app.db, season.id, locale)
    const show = log.entries.findLast((e) => e.kind === 'SHOW' && e.round === season.round)
    gameId = typeof show?.gameId === 'string' ? show.gameId : null
  }
  const stage =
    season.status === 'open'
      ? 'notStarted'
      : season.status === 'finished'
        ? 'finished'
        : season.stage === 'maintenance'
          ? 'maintenance'
          : 'show'
  const rows = (divisions[0]?.rows ?? []).map((r, _i, all) => ({
    entryId: r.entryId,
    name: r.name,
    positionText: positionText(r, all),
    played: r.played,
    won: r.won,
    drawn: r.drawn,
    lost: r.lost,
    netWorthText: moneyText(r.netWorth ?? r.points),
    withdrawn: r.withdrawn,
    mine: viewer !== null && r.userId === viewer.id,
    href: `/s/${season.id}/teams/${r.entryId}`,
  }))
  return {
    shows,
    showsText: words(locale, 'campaign.shows', { count: shows }),
    stage,
    maintenance: stage === 'maintenance',
    showing: stage === 'show',
    finished: stage === 'finished',
    notStarted: stage === 'notStarted',
    stageEndsAt: season.stageEndsAt,
    round: season.round,
    gameHref: gameId ? `/g/${gameId}` : null,
    myTeamHref: myEntryId && season.status !== 'open' ? `/s/${season.id}/teams/${myEntryId}` : null,
    rows,
  }
}

interface WeaponView {
  id: string
  card: string
  name: string
  ammo: number | null
  capacity: number | null
  magazines: number
  mount: string | null
  builtIn: boolean
}

interface TeamView {
  money: number
  debt: number
  netWorth: number
  ats: Array<{
    id: string
    card: string
    name: string
    damage: number
    durability: number
    durabilityLeft: number
    loadout: WeaponView[]
  }>
  weapons: WeaponView[]
  pilots: Array<{ id: string; name: string; nameJa?: string; basePp: number; exp: number; alive: boolean }>
  field: Array<{ at: string; pilot: string }>
}

function weaponText(w: WeaponView, locale: Locale): string {
  const parts = [w.name]
  if (w.capacity !== null && w.capacity !== undefined)
    parts.push(words(locale, 'campaign.ammo', { ammo: w.ammo ?? 0, cap: w.capacity }))
  if (w.magazines > 0) parts.push(words(locale, 'campaign.magazines', { count: w.magazines }))
  if (w.builtIn) parts.push(words(locale, 'campaign.builtIn'))
  return `${w.id} ${parts.join(', ')}`
}

function teamSection(team: TeamView, locale: Locale) {
  return {
    moneyText: moneyText(team.money),
    debtText: moneyText(team.debt),
    netWorthText: moneyText(team.netWorth),
    ats: team.ats.map((at) => ({
      ...at,
      durabilityText: words(locale, 'campaign.atDurability', {
        damage: at.damage,
        left: at.durabilityLeft,
        max: at.durability,
      }),
      loadout: at.loadout.map((w) => ({ ...w, text: weaponText(w, locale) })),
    })),
    weapons: team.weapons.map((w) => ({ ...w, text: weaponText(w, locale) })),
    pilots: team.pilots.map((p) => ({
      ...p,
      shownName: locale === 'ja' && p.nameJa && p.nameJa !== p.name ? `${p.nameJa} (${p.name})` : p.name,
      stateText: words(locale, p.alive ? 'campaign.alive' : 'campaign.dead'),
    })),
    fieldText: team.field.map((f) => `${f.at} ${f.pilot}`).join(locale === 'ja' ? '、' : ', '),
  }
}

export async function campaignPages(app: FastifyInstance) {
  app.get('/s/:id/teams/:entrant', { schema: { hide: true, params: TeamParams } }, async (request, reply) => {
    const { id, entrant } = request.params as { id: string; entrant: string }
    const viewer = await pageViewer(app, request)
    const locale = viewer?.locale ?? browserLocale(request)
    const season = await app.db.season.findUnique({
      where: { id },
      select: { id: true, name: true, clubId: true, format: true, club: { select: { name: true } } },
    })
    if (!season || season.format !== 'campaign') throw notFound(`no campaign season ${id}`)
    const t = await teamRead(app.db, id, entrant, locale)
    const own = viewer !== null && viewer.id === t.userId
    const canAct =
      own && t.status === 'running' && t.stage === 'maintenance' && !t.withdrawn && t.period !== null && !t.period.done
    const stageKey =
      t.status === 'open'
        ? 'notStarted'
        : t.status === 'finished'
          ? 'finished'
          : t.stage === 'maintenance'
            ? 'maintenance'
            : 'show'
    // The narration names a team by its entry id ("team 4023…"): the page names it by its player.
    const entrants = (await seasonView(app.db, id)).entrants
    const named = (line: string) =>
      entrants.reduce((text, e) => text.split(`team ${e.entryId}`).join(e.name).split(e.entryId).join(e.name), line)
    const history = [...t.history].reverse().map((h) => ({
      ...h,
      narration: h.narration.map(named),
      kindText: words(locale, `campaign.kind.${h.kind}`),
      roundText:
        h.round > 0 ? words(locale, 'campaign.roundN', { round: h.round }) : words(locale, 'campaign.startRound'),
      gameHref: typeof h.gameId === 'string' ? `/g/${h.gameId}` : null,
      noShowText: h.noShow ? words(locale, 'campaign.noShow', { message: h.noShow }) : null,
    }))
    return renderPage(app, request, reply, 'season-team', viewer, t.name, {
      titleText: words(locale, 'campaign.teamTitle', { name: t.name }),
      season: { id, name: season.name, clubId: season.clubId, clubName: season.club.name },
      info: t,
      own,
      canAct,
      stage: stageKey,
      maintenance: stageKey === 'maintenance',
      shows: t.shows,
      team: t.team ? teamSection(t.team as unknown as TeamView, locale) : null,
      history,
      actionsPath: `/seasons/${id}/teams/${entrant}/actions`,
      entryNames: Object.fromEntries(entrants.map((e) => [e.entryId, e.name])),
    })
  })
}
