// The deadlines calendar feed: a private token (POST/DELETE /me/calendar-token, signed in) opens
// GET /me/deadlines.ics to calendar apps, which cannot send headers. The data is src/games/calendar.ts.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { Type } from '@sinclair/typebox'
import { problems } from '../schemas/problem.js'
import { text } from '../schemas/media.js'
import { NotFound } from '../../games/errors.js'
import {
  calendarOwner,
  deadlinesCalendar,
  deadlinesOf,
  revokeCalendarToken,
  rotateCalendarToken,
} from '../../games/calendar.js'

const CalendarToken = Type.Object({
  token: Type.String({ description: 'The private token; shown this once (only its hash is kept)' }),
  url: Type.String({ description: 'The feed address to give a calendar app' }),
})

export const calendarRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.post(
    '/me/calendar-token',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['account'],
        summary: 'Make a private address for your deadlines calendar (any earlier address stops working)',
        security: [{ bearer: [] }],
        response: { 200: CalendarToken, ...problems(401) },
      },
    },
    async (request) => {
      const token = await rotateCalendarToken(app.db, request.viewer!.sub)
      return { token, url: `${app.config.publicUrl}/me/deadlines.ics?token=${token}` }
    },
  )

  app.delete(
    '/me/calendar-token',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['account'],
        summary: 'Stop your deadlines calendar address from working',
        security: [{ bearer: [] }],
        response: { 204: Type.Null({ description: 'Revoked (or there was none)' }), ...problems(401) },
      },
    },
    async (request, reply) => {
      await revokeCalendarToken(app.db, request.viewer!.sub)
      return reply.code(204).send(null)
    },
  )

  app.get(
    '/me/deadlines.ics',
    {
      schema: {
        tags: ['account'],
        summary: 'Your deadlines as an iCalendar feed, opened by its private token (no other sign-in)',
        querystring: Type.Object({
          token: Type.Optional(Type.String({ maxLength: 200, description: 'From POST /me/calendar-token' })),
        }),
        response: {
          200: text('text/calendar', 'One event a step you must play, at its deadline, with a reminder'),
          ...problems(400, 404),
        },
      },
    },
    async (request, reply) => {
      const owner = await calendarOwner(app.db, request.query.token)
      // One answer for no token, a wrong one and a revoked one: nothing tells if an account is behind it.
      if (!owner) throw new NotFound('no such calendar')
      const body = deadlinesCalendar(await deadlinesOf(app.db, owner.id), owner, app.config.publicUrl)
      return reply
        .type('text/calendar; charset=utf-8')
        .header('cache-control', 'private, max-age=300')
        .header('content-disposition', 'inline; filename="hexmail-deadlines.ics"')
        .send(body)
    },
  )
}
