// The clubs' and seasons' pages (docs/leagues.md, docs/web.md): the clubs list at /c, a club at /c/:id, a
// season's rules and standings at /s/:id and its fixtures at /s/:id/fixtures. The JSON API owns /clubs and
// /seasons, so the pages live at short paths, like the game page /g/:id. They read through the same use
// cases as the API (listClubs, getClub, seasonStandings, seasonFixtures); every change is made by the
// browser through the API (forms with data-api).
import type { FastifyInstance } from 'fastify'
import { Type } from '@sinclair/typebox'
import { getClub, listClubs } from '../../leagues/clubs.js'
import { invitationByToken } from '../../leagues/club-invite-read.js'
import { seasonView } from '../../leagues/seasons.js'
import { clubRole } from '../../leagues/roles.js'
import { seasonFixtures, seasonStandings, type FixtureListing } from '../../leagues/standings-read.js'
import type { DivisionStandings, StandingRow } from '../../leagues/standings.js'
import { translate, type Locale } from '../../i18n/index.js'
import { ruleSystem } from '../../rulesets/index.js'
import { notFound } from '../../http/problems.js'
import { browserLocale, pageViewer, renderPage, type PageViewer } from '../context.js'
import { campaignSeasonView } from './campaign.js'

const Id = Type.Object({ id: Type.String({ format: 'uuid' }) })
const ClubQuery = Type.Object({
  cursor: Type.Optional(Type.String({ maxLength: 500 })),
})
const InviteQuery = Type.Object({
  invite: Type.Optional(Type.String({ maxLength: 200 })),
})
const FixturesQuery = Type.Object({
  // A string: the round picker's "all rounds" sends an empty value.
  round: Type.Optional(Type.String({ pattern: '^[0-9]{0,5}$' })),
  mine: Type.Optional(Type.Union([Type.Literal('1'), Type.Literal('')])),
})

const words = (locale: Locale, key: string, values: Record<string, unknown> = {}) =>
  translate(locale, 'web-leagues', key, values)

const rulesetTitle = (id: string) => ruleSystem(id)?.title ?? id

/** A number of points as people write it: 3, 1.5, 0.5 (the table's sums are already rounded to a millionth). */
const pointsText = (n: number) => String(Math.round(n * 1000) / 1000)

/** The season's format in words: a round robin, a double one, or Swiss with its rounds. */
function formatText(locale: Locale, format: string, swissRounds: number | null): string {
  if (format === 'swiss' && swissRounds) return words(locale, 'format.swissRounds', { count: swissRounds })
  return words(locale, `format.${format}`)
}

/** "=2" for a position shared with another row of the division, "2" otherwise. */
function positionText(row: StandingRow, rows: StandingRow[]): string {
  const shared = rows.some((r) => r !== row && r.position === row.position)
  return shared ? `=${row.position}` : String(row.position)
}

function divisionView(d: DivisionStandings, tieBreaks: string[], viewer: PageViewer | null, locale: Locale) {
  return {
    name: d.division,
    promote: d.promote,
    relegate: d.relegate,
    rows: d.rows.map((r) => ({
      ...r,
      positionText: positionText(r, d.rows),
      pointsText: pointsText(r.points),
      tieBreakValues: tieBreaks.map((t) => pointsText(r.tieBreaks[t] ?? 0)),
      zoneText: r.zone ? words(locale, `zone.${r.zone}`) : '',
      mine: viewer !== null && r.userId === viewer.id,
    })),
  }
}

/** A fixture's result in words, from the home player's side of the board. */
function resultText(f: FixtureListing, locale: Locale): string {
  if (f.result === 'bye') return words(locale, 'result.bye', { name: f.home.name })
  if (f.result === null) return words(locale, f.gameId ? 'result.playing' : 'result.notStarted')
  if (f.result === 'draw') return words(locale, 'result.draw')
  if (f.result === 'both-lost') return words(locale, 'result.bothLost')
  const winner = f.result === 'home' ? f.home.name : (f.away?.name ?? '')
  return words(locale, f.forfeit ? 'result.wonByForfeit' : 'result.won', { name: winner })
}

/** Why a fixture ended as it did: a withdrawal in the reader's words, else the game's own reason. */
function reasonText(f: FixtureListing, locale: Locale): string {
  if (!f.reason || f.result === 'bye') return ''
  if (f.reason === 'withdrew') return words(locale, 'result.withdrew')
  return f.reason
}

export async function clubPages(app: FastifyInstance) {
  app.get('/c', { schema: { hide: true, querystring: ClubQuery } }, async (request, reply) => {
    const viewer = await pageViewer(app, request)
    const locale = viewer?.locale ?? browserLocale(request)
    const { cursor } = request.query as { cursor?: string }
    const page = await listClubs(app.db, viewer?.id ?? null, { cursor })
    return renderPage(app, request, reply, 'clubs', viewer, words(locale, 'clubs.title'), {
      clubs: page.clubs.map((c) => ({ ...c, roleText: c.myRole ? words(locale, `role.${c.myRole}`) : '' })),
      next: page.next ? `/c?cursor=${encodeURIComponent(page.next)}` : null,
    })
  })

  app.get('/c/:id', { schema: { hide: true, params: Id, querystring: InviteQuery } }, async (request, reply) => {
    const { id } = request.params as { id: string }
    const { invite: token } = request.query as { invite?: string }
    const viewer = await pageViewer(app, request)
    const locale = viewer?.locale ?? browserLocale(request)
    const club = await getClub(app.db, id, viewer?.id ?? null)
    const invitation = token ? await invitationByToken(app.db, id, token) : null
    // The reader's own request, still waiting: they see it instead of the form (one open request a person).
    const myRequest =
      viewer && !club.myRole
        ? await app.db.clubJoinRequest.findFirst({
            where: { clubId: id, userId: viewer.id, status: 'open' },
            select: { id: true, createdAt: true },
          })
        : null
    const owner = viewer?.role === 'ADMIN' || club.myRole === 'owner'
    return renderPage(app, request, reply, 'club', viewer, club.name, {
      titleText: club.name,
      club: {
        ...club,
        members: club.members.map((m) => ({ ...m, roleText: words(locale, `role.${m.role}`) })),
        seasons: club.seasons.map((s) => ({
          ...s,
          statusText: words(locale, `status.${s.status}`),
          formatText: formatText(locale, s.format, null),
          rulesetTitle: rulesetTitle(s.ruleset),
        })),
        invites: club.invites?.map((i) => ({ ...i, roleText: words(locale, `role.${i.role}`) })),
      },
      roleText: club.myRole ? words(locale, `role.${club.myRole}`) : '',
      canInviteModerator: owner,
      myRequest,
      byInvitation: club.joinPolicy === 'invite',
      invitation: invitation
        ? {
            ...invitation,
            token,
            roleText: words(locale, `role.${invitation.role}`),
            stateText: words(locale, `invitation.state.${invitation.state}`),
            pending: invitation.state === 'pending',
            otherAddress: viewer !== null && viewer.email.toLowerCase() !== invitation.email,
          }
        : null,
      unknownInvite: token !== undefined && invitation === null,
      clubPath: `/c/${id}`,
    })
  })

  app.get('/s/:id', { schema: { hide: true, params: Id } }, async (request, reply) => {
    const { id } = request.params as { id: string }
    const viewer = await pageViewer(app, request)
    const locale = viewer?.locale ?? browserLocale(request)
    // The season's rules and entrants (as GET /seasons/:id), and its table (as GET /seasons/:id/standings).
    const rules = await seasonView(app.db, id)
    const standings = await seasonStandings(app.db, id)
    const s = standings.season
    const system = ruleSystem(rules.ruleset)
    const scenarioTitle = (sid: string) => system?.scenarios().find((x) => x.summary.id === sid)?.summary.title ?? sid
    const entry = viewer ? rules.entrants.find((e) => e.userId === viewer.id) : undefined
    const owner =
      viewer !== null && (viewer.role === 'ADMIN' || (await clubRole(app.db, s.clubId, viewer.id)) === 'owner')
    const open = rules.status === 'open'
    // A campaign (docs/campaigns.md): its stage and the table by net worth, each team linking to its page.
    const campaign =
      rules.format === 'campaign'
        ? await campaignSeasonView(app, rules, standings.divisions, entry?.entryId ?? null, viewer, locale)
        : null
    return renderPage(app, request, reply, 'season', viewer, s.name, {
      campaign,
      titleText: s.name,
      season: s,
      statusText: words(locale, `status.${s.status}`),
      formatText: formatText(locale, rules.format, rules.swissRounds),
      rulesetTitle: rulesetTitle(rules.ruleset),
      scenarios: rules.scenarios.map((sid) => ({ id: sid, title: scenarioTitle(sid) })),
      scenarioChoiceText: words(locale, `scenarioChoice.${rules.scenarioChoice}`),
      pointsText: words(locale, 'rules.pointsValues', {
        win: pointsText(s.points.win),
        draw: pointsText(s.points.draw),
        loss: pointsText(s.points.loss),
      }),
      tieBreaks: s.tieBreaks.map((t) => ({ id: t, name: words(locale, `tieBreak.${t}`) })),
      tieBreaksText: s.tieBreaks.map((t) => words(locale, `tieBreak.${t}`)).join(', '),
      phaseText: words(locale, 'rules.hours', { count: rules.phaseHours }),
      missedText: words(locale, `missed.${rules.missedPolicy}`),
      vacationText: words(locale, 'rules.days', { count: rules.vacationDays }),
      membersOnly: rules.membersOnly,
      signupDeadline: rules.signupDeadline,
      startAt: rules.startAt,
      divisions: standings.divisions.map((d) => divisionView(d, s.tieBreaks, viewer, locale)),
      manyDivisions: standings.divisions.length > 1,
      // Position, name, P W D L, points, each tie-break, zone.
      columnCount: 8 + s.tieBreaks.length,
      entry: entry ?? null,
      // Enter while the season takes entries; withdraw while it has not finished (docs/leagues.md).
      canEnter: viewer !== null && open && entry === undefined,
      canWithdraw: entry !== undefined && entry.status !== 'withdrawn' && rules.status !== 'finished',
      withdrawConfirm: words(locale, open ? 'season.withdrawConfirmOpen' : 'season.withdrawConfirmRunning'),
      divisionChoice: open && rules.divisions.length > 1 ? rules.divisions.map((d) => d.name) : null,
      canStart: owner && open,
      entrantCount: rules.entrants.length,
      csvHref: `/seasons/${id}/standings?format=csv`,
    })
  })

  app.get(
    '/s/:id/fixtures',
    { schema: { hide: true, params: Id, querystring: FixturesQuery } },
    async (request, reply) => {
      const { id } = request.params as { id: string }
      const q = request.query as { round?: string; mine?: string }
      const round = q.round ? Number(q.round) : undefined
      const mine = q.mine
      const viewer = await pageViewer(app, request)
      const locale = viewer?.locale ?? browserLocale(request)
      const season = await app.db.season.findUnique({
        where: { id },
        select: { id: true, name: true, clubId: true, club: { select: { name: true } } },
      })
      if (!season) throw notFound(`no season ${id}`)
      const myEntry = viewer
        ? await app.db.seasonEntry.findUnique({
            where: { seasonId_userId: { seasonId: id, userId: viewer.id } },
            select: { id: true },
          })
        : null
      const onlyMine = mine === '1' && myEntry !== null
      const [fixtures, rounds] = await Promise.all([
        seasonFixtures(app.db, id, { round, entryId: onlyMine ? myEntry.id : undefined }),
        app.db.fixture.findMany({
          where: { seasonId: id },
          distinct: ['round'],
          select: { round: true },
          orderBy: { round: 'asc' },
        }),
      ])
      // Round by round, then division by division, in the order seasonFixtures gives them.
      const byRound: Array<{ round: number; divisions: Array<{ name: string; fixtures: unknown[] }> }> = []
      for (const f of fixtures) {
        let r = byRound.at(-1)
        if (r?.round !== f.round) byRound.push((r = { round: f.round, divisions: [] }))
        let d = r.divisions.at(-1)
        if (d?.name !== f.division) r.divisions.push((d = { name: f.division, fixtures: [] }))
        d.fixtures.push({
          ...f,
          resultText: resultText(f, locale),
          reasonText: reasonText(f, locale),
          decided: f.result !== null,
          mine: myEntry !== null && (f.home.entryId === myEntry.id || f.away?.entryId === myEntry.id),
        })
      }
      const divisionCount = new Set(fixtures.map((f) => f.division)).size
      const query = (q: { round?: number; mine?: boolean }) => {
        const params = new URLSearchParams()
        if (q.round !== undefined) params.set('round', String(q.round))
        if (q.mine) params.set('mine', '1')
        const text = params.toString()
        return `/s/${id}/fixtures${text ? `?${text}` : ''}`
      }
      return renderPage(app, request, reply, 'season-fixtures', viewer, season.name, {
        titleText: words(locale, 'fixtures.title', { season: season.name }),
        season: { id, name: season.name, clubId: season.clubId, clubName: season.club.name },
        rounds: rounds.map((r) => ({ value: r.round, selected: r.round === round })),
        round: round ?? null,
        byRound,
        showDivisions: divisionCount > 1,
        entered: myEntry !== null,
        onlyMine,
        allHref: query({ round }),
        mineHref: query({ round, mine: true }),
        allRoundsHref: query({ mine: onlyMine }),
      })
    },
  )
}
