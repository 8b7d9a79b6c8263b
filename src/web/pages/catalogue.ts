// The catalogue: the rule systems and their scenarios (read as GET /rulesets answers them), the open public
// games one may join (listGames, as GET /games?status=OPEN), and a scenario's page with the form that creates
// a game through POST /games. Creating and joining happen in the browser through the JSON API.
import type { FastifyInstance } from 'fastify'
import { listGames, myGames } from '../../games/list.js'
import { MISSED_POLICIES } from '../../games/lifecycle.js'
import { translate, type Locale } from '../../i18n/index.js'
import { ruleSystem, ruleSystems, type RuleSystem, type ScenarioSummary } from '../../rulesets/index.js'
import { notFound } from '../../http/problems.js'
import { browserLocale, pageViewer, renderPage } from '../context.js'
import { invitePages } from './invite.js'

/** The phase lengths the form offers (hours); POST /games takes any whole number from 1 to 336. */
const PHASE_HOURS = [12, 24, 48, 72, 168]

export const catalogueWords = (locale: Locale, key: string, values: Record<string, unknown> = {}) =>
  translate(locale, 'web-catalogue', key, values)

/** A scenario as the catalogue shows it, with the names of its sides at hand for its seats. */
function scenarioView(system: RuleSystem, s: ScenarioSummary) {
  const sideName = (id: string) => s.sides.find((x) => x.id === id)?.name ?? id
  return {
    ...s,
    ruleset: system.id,
    href: `/catalogue/${encodeURIComponent(system.id)}/${encodeURIComponent(s.id)}`,
    playerRange: s.players.min === s.players.max ? String(s.players.min) : `${s.players.min}–${s.players.max}`,
    layouts: s.seatLayouts.map((l) => ({
      players: l.players,
      seats: l.seats.map((seat) => ({ ...seat, sideName: sideName(seat.side) })),
    })),
  }
}

function optionView(o: RuleSystem['ruleset']['optionSpecs'][number]) {
  const type = typeof o.default
  return {
    id: o.id,
    ref: o.ref,
    description: o.description,
    type: type === 'boolean' ? 'boolean' : type === 'number' ? 'number' : 'string',
    values: o.values.map((v) => ({ value: String(v), isDefault: v === o.default })),
  }
}

export async function cataloguePages(app: FastifyInstance) {
  app.get('/catalogue', { schema: { hide: true } }, async (request, reply) => {
    const viewer = await pageViewer(app, request)
    const locale = viewer?.locale ?? browserLocale(request)
    const systems = ruleSystems().map((system) => ({
      id: system.id,
      title: system.title,
      version: system.ruleset.version,
      scenarios: system.scenarios().map((x) => scenarioView(system, x.summary)),
    }))
    const mine = viewer ? new Set((await myGames(app.db, viewer.id, viewer.locale)).map((g) => g.id)) : new Set()
    const open = (await listGames(app.db, viewer?.id, { status: 'OPEN' }, viewer?.locale))
      .filter((g) => !g.private)
      .map((g) => ({
        ...g,
        system: ruleSystem(g.ruleset)?.title ?? g.ruleset,
        scenarioTitle:
          ruleSystem(g.ruleset)
            ?.scenarios()
            .find((s) => s.summary.id === g.scenario)?.summary.title ?? g.scenario,
        freeSeatsText: g.freeSeats.join(', '),
        mine: mine.has(g.id),
      }))
    return renderPage(app, request, reply, 'catalogue', viewer, catalogueWords(locale, 'title.catalogue'), {
      page: 'catalogue',
      systems,
      open,
      next: '/catalogue',
    })
  })

  app.get(
    '/catalogue/:ruleset/:scenario',
    {
      schema: {
        hide: true,
        params: {
          type: 'object',
          properties: { ruleset: { type: 'string', maxLength: 64 }, scenario: { type: 'string', maxLength: 64 } },
          required: ['ruleset', 'scenario'],
        },
      },
    },
    async (request, reply) => {
      const { ruleset, scenario } = request.params as { ruleset: string; scenario: string }
      const system = ruleSystem(ruleset)
      if (!system) throw notFound(`no rule system ${ruleset}`)
      const found = system.scenarios().find((s) => s.summary.id === scenario)
      if (!found) throw notFound(`${system.id} has no scenario ${scenario}`)
      const viewer = await pageViewer(app, request)
      const view = scenarioView(system, found.summary)
      const defaultLayout = view.layouts.find((l) => l.players === view.players.min) ?? view.layouts[0]!
      return renderPage(app, request, reply, 'catalogue-scenario', viewer, view.title, {
        page: 'catalogue',
        system: { id: system.id, title: system.title, version: system.ruleset.version },
        scenario: view,
        defaultPlayers: defaultLayout.players,
        manyLayouts: view.layouts.length > 1,
        options: system.ruleset.optionSpecs.map(optionView),
        phaseHours: PHASE_HOURS.map((h) => ({ value: h, isDefault: h === 24 })),
        missedPolicies: MISSED_POLICIES.map((p) => ({
          value: p,
          isDefault: p === 'pass',
          labelKey: `web-catalogue:create.missed.${p}`,
        })),
        next: request.url.split('?')[0],
      })
    },
  )

  await app.register(invitePages)
}
