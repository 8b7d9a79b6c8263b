// The catalogue: rule systems, their scenarios and options.
import { Type } from '@sinclair/typebox'
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { ruleSystem, ruleSystems } from '../../rulesets/index.js'
import { notFound } from '../problems.js'
import { problems } from '../schemas/problem.js'

const OptionSpec = Type.Object({
  id: Type.String(),
  ref: Type.String(),
  description: Type.String(),
  values: Type.Array(Type.Union([Type.String(), Type.Number(), Type.Boolean()])),
  default: Type.Union([Type.String(), Type.Number(), Type.Boolean()]),
})
const Seat = Type.Object({ id: Type.String(), side: Type.String(), groups: Type.Array(Type.String()) })
const ScenarioSummary = Type.Object({
  id: Type.String(),
  title: Type.String(),
  description: Type.String(),
  players: Type.Object({ min: Type.Integer(), max: Type.Integer() }),
  sides: Type.Array(Type.Object({ id: Type.String(), name: Type.String() })),
  seatLayouts: Type.Array(Type.Object({ players: Type.Integer(), seats: Type.Array(Seat) })),
  houseData: Type.Boolean({ description: 'true when the scenario uses house data a club may replace' }),
  notes: Type.Array(Type.String()),
})
const RuleSystem = Type.Object({
  id: Type.String(),
  title: Type.String(),
  version: Type.String(),
  options: Type.Array(OptionSpec),
  scenarios: Type.Array(ScenarioSummary),
})

export const catalogRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/rulesets',
    {
      schema: {
        tags: ['catalogue'],
        summary: 'Rule systems and their scenarios',
        response: { 200: Type.Object({ rulesets: Type.Array(RuleSystem) }) },
      },
    },
    async () => ({
      rulesets: ruleSystems().map((s) => ({
        id: s.id,
        title: s.title,
        version: s.ruleset.version,
        options: s.ruleset.optionSpecs.map((o) => ({ ...o, values: [...o.values] })),
        scenarios: s.scenarios().map((x) => x.summary),
      })),
    }),
  )
  app.get(
    '/rulesets/:ruleset/scenarios/:scenario',
    {
      schema: {
        tags: ['catalogue'],
        summary: 'One scenario',
        params: Type.Object({ ruleset: Type.String(), scenario: Type.String() }),
        response: { 200: ScenarioSummary, ...problems(404) },
      },
    },
    async (request) => {
      const system = ruleSystem(request.params.ruleset)
      if (!system) throw notFound(`no rule system ${request.params.ruleset}`)
      const found = system.scenarios().find((s) => s.summary.id === request.params.scenario)
      if (!found) throw notFound(`${system.id} has no scenario ${request.params.scenario}`)
      return found.summary
    },
  )
}
