// Vacations over HTTP: the rules live in src/games/vacations.ts.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { Type } from '@sinclair/typebox'
import { problems } from '../schemas/problem.js'
import { cancelVacation, takeVacation, vacationBank } from '../../games/vacations.js'

const Vacation = Type.Object({
  id: Type.String(),
  startsAt: Type.String({ format: 'date-time' }),
  endsAt: Type.String({ format: 'date-time' }),
  days: Type.Integer(),
})
const Bank = Type.Object({
  daysPerYear: Type.Integer(),
  used: Type.Record(Type.String(), Type.Integer(), { description: 'Days used per calendar year' }),
  vacations: Type.Array(Vacation),
})

export const vacationRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const perYear = app.config.mail.vacationDaysPerYear
  const bank = (userId: string) => vacationBank(app.db, userId, perYear)

  app.get(
    '/me/vacations',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['account'],
        summary: "Your vacations and what is left of this year's bank",
        security: [{ bearer: [] }],
        response: { 200: Bank, ...problems(401) },
      },
    },
    async (request) => bank(request.viewer!.sub),
  )

  app.post(
    '/me/vacations',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['account'],
        summary: 'Take a vacation: deadlines of your phases move past it, and your opponents are told',
        security: [{ bearer: [] }],
        body: Type.Object(
          { startsAt: Type.String({ format: 'date-time' }), endsAt: Type.String({ format: 'date-time' }) },
          { additionalProperties: false },
        ),
        response: { 201: Bank, ...problems(400, 401, 409, 413, 415) },
      },
    },
    async (request, reply) => {
      const userId = request.viewer!.sub
      const { startsAt, endsAt } = request.body
      await takeVacation(app.db, userId, perYear, { startsAt: new Date(startsAt), endsAt: new Date(endsAt) })
      return reply.code(201).send(await bank(userId))
    },
  )

  app.delete(
    '/me/vacations/:id',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['account'],
        summary: 'Cancel a vacation that has not begun',
        security: [{ bearer: [] }],
        params: Type.Object({ id: Type.String({ format: 'uuid' }) }),
        response: { 200: Bank, ...problems(400, 401, 404, 409) },
      },
    },
    async (request) => {
      await cancelVacation(app.db, request.viewer!.sub, request.params.id)
      return bank(request.viewer!.sub)
    },
  )
}
