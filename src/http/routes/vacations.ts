// Vacation: a player declares time away; deadlines of steps they must play move past it (the
// deadline clock writes that in the log and tells the other players). Each calendar year has a bank
// of VACATION_DAYS days.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { Type } from '@sinclair/typebox'
import { badRequest, conflict, notFound } from '../problems.js'
import { problems } from '../schemas/problem.js'

const DAY = 86_400_000

/** Days of [start, end) falling in each calendar year (UTC), rounded up to whole days per span. */
export function daysByYear(start: Date, end: Date): Map<number, number> {
  const out = new Map<number, number>()
  for (let y = start.getUTCFullYear(); y <= end.getUTCFullYear(); y++) {
    const a = Math.max(start.getTime(), Date.UTC(y, 0, 1))
    const b = Math.min(end.getTime(), Date.UTC(y + 1, 0, 1))
    if (b > a) out.set(y, Math.ceil((b - a) / DAY))
  }
  return out
}

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
  const bank = async (userId: string) => {
    const rows = await app.db.vacation.findMany({ where: { userId }, orderBy: { startsAt: 'asc' } })
    const used: Record<string, number> = {}
    for (const v of rows) for (const [y, d] of daysByYear(v.startsAt, v.endsAt)) used[y] = (used[y] ?? 0) + d
    return {
      daysPerYear: perYear,
      used,
      vacations: rows.map((v) => ({
        id: v.id,
        startsAt: v.startsAt.toISOString(),
        endsAt: v.endsAt.toISOString(),
        days: Math.ceil((v.endsAt.getTime() - v.startsAt.getTime()) / DAY),
      })),
    }
  }

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
      const startsAt = new Date(request.body.startsAt)
      const endsAt = new Date(request.body.endsAt)
      if (!(endsAt > startsAt)) throw badRequest('endsAt must be after startsAt', { field: 'endsAt' })
      // A vacation is declared ahead: one that began in the past would move deadlines after the fact.
      if (startsAt.getTime() < Date.now() - 5 * 60_000)
        throw badRequest('a vacation starts now or later', { field: 'startsAt' })
      const userId = request.viewer!.sub
      // One user's vacations are checked and written under a lock, so parallel requests cannot overdraw the bank.
      await app.db.$transaction(async (tx) => {
        await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtext(${`vacation:${userId}`}))`
        const taken = await tx.vacation.findMany({ where: { userId } })
        const used = new Map<number, number>()
        for (const v of taken)
          for (const [y, d] of daysByYear(v.startsAt, v.endsAt)) used.set(y, (used.get(y) ?? 0) + d)
        for (const [y, d] of daysByYear(startsAt, endsAt)) {
          const left = perYear - (used.get(y) ?? 0)
          if (d > left)
            throw conflict(
              `${y} has ${left} vacation day${left === 1 ? '' : 's'} left of ${perYear}; this vacation needs ${d}`,
              { field: 'endsAt' },
            )
        }
        if (taken.some((v) => v.startsAt < endsAt && v.endsAt > startsAt))
          throw conflict('this vacation overlaps one you already have', { field: 'startsAt' })
        await tx.vacation.create({ data: { userId, startsAt, endsAt } })
      })
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
      const v = await app.db.vacation.findFirst({ where: { id: request.params.id, userId: request.viewer!.sub } })
      if (!v) throw notFound(`no vacation ${request.params.id}`)
      if (v.startsAt.getTime() <= Date.now())
        throw conflict('this vacation has begun: deadlines may already have moved for it')
      await app.db.vacation.delete({ where: { id: v.id } })
      return bank(request.viewer!.sub)
    },
  )
}
